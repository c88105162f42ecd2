"""Auction HOW on the kernel: seven epochs, an order roll and an open control auction in each.

Flow (the rules page, ``rules_page.py``, says the same to players, with the rulings):

- Each epoch starts with the order roll: every player rolls two dice (the game's seeded generator); players
  tied for the lowest total roll again until one is lowest.  The low roller bids first, then play passes to
  the left (the next seat).  In epoch I the low roller also takes Sumeria (not auctioned, free).
- The epoch's empires go on the bid board (all of them; "The Fates": as many as there are players, dealt at
  random; "Back to the Minors": the epoch's minor empire paired at random with one major) and the control
  auction runs (``engine.steps_kernel.control_auction``).  Each player pays their bid in victory points, which
  may go negative (4.2).
- "Blood, Sweat and 5000 Years": instead, one auction before the game for six stacks of one empire per epoch.
- The game ends after epoch VII's auction (or the single stack auction).  The result is each player's victory
  points: minus what they bid, plus (option "Keep score") what they scored on the board in each epoch.

Actions: ``{"type": "bid", "entity": <player id>, "empire": "Romans", "price": 15}`` (a stack auction names
``"stack": "Stack 2"`` instead), ``{"type": "pass", "entity": <player id>}``, and with "Keep score"
``{"type": "score", "entity": <player id>, "vp": 12}``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core.actions import Action, action_registry
from engine.core.round import Round
from engine.core.step import Step
from engine.errors import GameError
from engine.steps_kernel.control_auction import ControlAuction
from engine.titles.auction_how.data import EPOCHS, MINORS, SUMERIA, Empire, roman
from engine.titles.auction_how.rules_page import RULES_HTML
from engine.titles.kernel import KernelTitleGame, KernelTitleSpec, TitleOption

CURRENCY = "VP"
#: the most victory points one player may record for one epoch (a sanity bound on typing errors)
MAX_EPOCH_SCORE = 999
#: the time limits per bid offered as options (seconds)
TIME_LIMITS = (30, 60, 120)


@dataclass(slots=True, kw_only=True)
class BidItem(Action):
    """A bid on one item of the bid board: an empire (``empire``) or, in a stack auction, a stack (``stack``)."""

    TYPE: ClassVar[str] = "bid"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"price": (int,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"empire": (str,), "stack": (str,)}
    price: int = 0
    empire: str | None = None
    stack: str | None = None


@dataclass(slots=True, kw_only=True)
class RecordScore(Action):
    """The victory points a player scored on the board in the epoch just played ("Keep score")."""

    TYPE: ClassVar[str] = "score"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"vp": (int,)}
    vp: int = 0


class HowPlayer:
    is_player = True

    def __init__(self, pid: Any, name: str) -> None:
        self.id = pid
        self.name = name
        #: victory points: minus bids paid, plus scores recorded
        self.vp = 0
        self.paid = 0
        self.scored = 0
        self.passed = False

    def pass_(self) -> None:
        self.passed = True

    def unpass(self) -> None:
        self.passed = False

    def value(self) -> int:
        return self.vp


@dataclass(slots=True)
class Award:
    """One line of the epoch summary: who played which empire in which epoch, at what price."""

    epoch: int
    empire: str
    player: Any
    price: int
    #: the minor empire that came with it ("Back to the Minors"), or why it was free ("low roller")
    minor: str | None = None
    note: str = ""
    stack: str | None = None


@dataclass(slots=True)
class BoardItem:
    """An item of a bid board: an empire (with its paired minor) or a stack of empires."""

    id: str
    empires: tuple[Empire, ...]
    minor: Empire | None = None

    @property
    def label(self) -> str:
        if self.minor is not None:
            return f"{self.id} + {self.minor.name}"
        return self.id


@dataclass(slots=True)
class OrderRoll:
    """The order roll of an auction: each round of dice (player id -> total), and the low roller."""

    rounds: list[dict[Any, int]] = field(default_factory=list)
    low: Any = None


SPEC = KernelTitleSpec(
    title="Auction HOW",
    player_range=(3, 6),
    optional_rules=(
        TitleOption("the_fates", "The Fates",
                    "Before each epoch's auction the epoch's empires are shuffled and only as many as there are "
                    "players are dealt to the bid board; the others are out of play for the epoch."),
        TitleOption("back_to_the_minors", "Back to the Minors",
                    "The epoch's minor empire is placed at random with one major empire on the bid board; a bid "
                    "is for both."),
        TitleOption("blood_sweat", "Blood, Sweat and 5000 Years",
                    "One auction before the game, for stacks of one empire from each epoch: every player ends "
                    "with a whole set of empires (six stacks; the stack without an epoch I empire is out)."),
        *(TitleOption(f"bid_time_{s}", f"Time limit: {s} s per bid",
                      f"Each turn must be played within {s} seconds (rule 3.10); when time runs out the least "
                      "move is made for the player (see the rules page).") for s in TIME_LIMITS),
        TitleOption("keep_score", "Keep score",
                    "After each epoch's auction, each player records the victory points they scored on the "
                    "board in that epoch; the totals (bids paid included) carry across epochs."),
    ),
    mutex_rules=(tuple(f"bid_time_{s}" for s in TIME_LIMITS), ("blood_sweat", "the_fates"),
                 ("blood_sweat", "back_to_the_minors")),
    rules_html=RULES_HTML,
    blurb="An open auction for the empires of History of the World, epoch by epoch.",
)


class EpochAuction(ControlAuction):
    """The control auction of one epoch (or of the stacks), in victory points."""

    def description(self) -> str:
        return "Bid for an empire or pass" if self.item_key == "empire" else "Bid for a stack or pass"

    def _close(self) -> None:
        super()._close()
        self.round.entity_index = 0  # scores ("Keep score") are recorded in bidding order, low roller first


class EpochScore(Step):
    """"Keep score": after the auction each player, in bidding order, records the VP scored in the epoch."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("score",)
    NAME: ClassVar[str] = "EpochScore"

    def setup(self) -> None:
        self.recorded: dict[Any, int] = {}

    def description(self) -> str:
        return f"Record the victory points scored in epoch {roman(self.game.turn)}"

    def actions(self, entity: Any) -> list[str]:
        if self.passed or self.auction_running() or entity is not self.current_entity():
            return []
        return list(self.ACTIONS)

    def auction_running(self) -> bool:
        auction = self.round.step_of(ControlAuction)
        return auction is not None and not auction.passed

    def blocks(self) -> bool:
        return True

    def process_score(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        vp = getattr(action, "vp", 0)
        if isinstance(vp, bool) or not isinstance(vp, int) or not 0 <= vp <= MAX_EPOCH_SCORE:
            raise GameError(f"an epoch's score is a whole number from 0 to {MAX_EPOCH_SCORE}, not {vp!r}")
        player.vp += vp
        player.scored += vp
        self.recorded[player.id] = vp
        self.game.log(f"{player.name} scored {vp} VP in epoch {roman(self.game.turn)} (total {player.vp} VP)")
        if len(self.recorded) == len(self.round.entities):
            self.pass_()
        else:
            self.round.entity_index = (self.round.entity_index + 1) % len(self.round.entities)

    def skip(self) -> None:
        return None


class EpochRound(Round):
    """One epoch's auction (turn = epoch number), or the stack auction of "Blood, Sweat and 5000 Years"."""

    NAME: ClassVar[str] = "Epoch"
    SHORT_NAME: ClassVar[str] = "E"

    def __init__(self, game: AuctionHOW, epoch: int) -> None:
        self.epoch = epoch
        self.stacks = game.option("blood_sweat")
        self.roll = game.order_roll()
        n = len(game.players)
        start = next(i for i, p in enumerate(game.players) if p.id == self.roll.low)
        self.order: list[HowPlayer] = [game.players[(start + i) % n] for i in range(n)]
        self.board: list[BoardItem] = game.stack_board() if self.stacks else game.epoch_board(epoch)
        steps: list[Any] = [(EpochAuction, {
            "items": [item.id for item in self.board], "bidders": self.order, "currency": CURRENCY,
            "item_key": "stack" if self.stacks else "empire",
            "labels": {item.id: item.label for item in self.board}})]
        if game.option("keep_score") and not self.stacks:
            steps.append(EpochScore)
        super().__init__(game, steps, round_num=1)
        self.game: AuctionHOW = game

    def select_entities(self) -> list[Any]:
        return list(self.order)

    def setup(self) -> None:
        return None

    def name(self) -> str:
        return "Stacks" if self.stacks else f"Epoch {roman(self.epoch)}"

    def item(self, item_id: str) -> BoardItem:
        return next(i for i in self.board if i.id == item_id)

    def award(self, bidder: HowPlayer, item_id: str, price: int) -> None:
        self.game.award(bidder, self.item(item_id), price, self.epoch)

    @property
    def auction(self) -> EpochAuction:
        step = self.step_of(ControlAuction)
        assert isinstance(step, EpochAuction)
        return step


class AuctionHOW(KernelTitleGame):
    TITLE: ClassVar[KernelTitleSpec] = SPEC
    ACTION_TYPES = action_registry(BidItem, RecordScore)
    LAST_EPOCH: ClassVar[int] = len(EPOCHS)

    round: EpochRound

    def __init__(self, players: Sequence[tuple[Any, str]], **kwargs: Any) -> None:
        super().__init__(players, **kwargs)
        self.players: list[HowPlayer] = [HowPlayer(pid, name) for pid, name in players]
        self.build_caches()
        self.summary: list[Award] = []
        self.rolls: list[tuple[int, OrderRoll]] = []
        #: the victory points paid for empires, and the winning bids, totalled (for the invariant check)
        self.vp_paid = 0
        self.winning_bids = 0
        self.stacks: dict[str, tuple[Empire, ...]] = self.deal_stacks() if self.option("blood_sweat") else {}
        self.round = self.init_round()
        self.round.setup()

    # --- the kernel's hooks ----------------------------------------------------------------------------
    def init_round(self) -> EpochRound:
        return self.new_epoch(1)

    def next_round(self) -> None:
        self.turn += 1
        self.round = self.new_epoch(self.turn)

    def new_epoch(self, epoch: int) -> EpochRound:
        if self.option("blood_sweat"):
            self.log("-- Blood, Sweat and 5000 Years: the auction of the stacks --")
        else:
            self.log(f"-- Epoch {roman(epoch)} --")
        round_ = EpochRound(self, epoch)
        self.rolls.append((epoch, round_.roll))
        low = self.player_by_id(round_.roll.low)
        self.log(f"{low.name} rolled low and bids first; then {', '.join(p.name for p in round_.order[1:])}")
        if epoch == 1:
            self.summary.append(Award(1, SUMERIA.name, low.id, 0, note="low roller"))
            self.log(f"{low.name} also takes Sumeria (epoch I's low roller)")
        shown = "; ".join(self.item_text(item) for item in round_.board)
        self.log(f"On the bid board: {shown}")
        return round_

    def item_text(self, item: BoardItem) -> str:
        if len(item.empires) > 1:
            return f"{item.id}: " + ", ".join(e.name for e in item.empires)
        text = f"{item.id} ({item.empires[0].shown_strength})"
        if item.minor is not None:
            text += f" + {item.minor.name} ({item.minor.shown_strength})"
        return text

    def check_live(self, action: Action) -> None:
        from engine.moves.registry import check_live

        check_live(self, action)

    def game_end_check(self) -> tuple[str, str] | None:
        if self.option("blood_sweat") or self.turn >= self.LAST_EPOCH:
            return ("final_round", "current_round")
        return None

    def format_score(self, value: int) -> str:
        return f"{value} VP"

    def round_label(self) -> str:
        return "Stacks" if self.option("blood_sweat") else f"Epoch {roman(self.turn)}"

    @property
    def bid_time_limit(self) -> int | None:
        """Seconds allowed per bid (rule 3.10, an option), or None."""
        return next((s for s in TIME_LIMITS if self.option(f"bid_time_{s}")), None)

    # --- setting up an auction -------------------------------------------------------------------------
    def roll_dice(self) -> int:
        return self.rng.index(6) + 1 + self.rng.index(6) + 1

    def order_roll(self) -> OrderRoll:
        """Everyone rolls two dice; those tied for lowest roll again until one is lowest (3.1)."""
        roll = OrderRoll()
        rolling = [p for p in self.players]
        while True:
            totals = {p.id: self.roll_dice() for p in rolling}
            roll.rounds.append(totals)
            self.log("Order roll: " + ", ".join(f"{p.name} {totals[p.id]}" for p in rolling))
            low = min(totals.values())
            rolling = [p for p in rolling if totals[p.id] == low]
            if len(rolling) == 1:
                roll.low = rolling[0].id
                return roll
            self.log(f"{' and '.join(p.name for p in rolling)} tie for lowest and roll again")

    def epoch_board(self, epoch: int) -> list[BoardItem]:
        empires = list(EPOCHS[epoch - 1])
        if self.option("the_fates"):
            dealt = self.rng.shuffle(empires)[: len(self.players)]
            out = sorted(empires, key=lambda e: e.order)
            self.log("The Fates deal " + ", ".join(e.name for e in dealt) + "; out of play: "
                     + (", ".join(e.name for e in out if e not in dealt) or "none"))
            empires = dealt
        board = [BoardItem(e.name, (e,)) for e in empires]
        if self.option("back_to_the_minors"):
            paired = board[self.rng.index(len(board))]
            paired.minor = MINORS[epoch - 1]
            self.log(f"{paired.minor.name} goes with {paired.id}")
        return board

    def deal_stacks(self) -> dict[str, tuple[Empire, ...]]:
        """Blood, Sweat and 5000 Years: each epoch's cards shuffled and dealt one to each of seven stacks; the
        stack left without an epoch I card (epoch I has six) is out of play."""
        piles: list[list[Empire]] = [[] for _ in range(7)]
        for epoch in EPOCHS:
            for pile, empire in zip(piles, self.rng.shuffle(list(epoch))):
                pile.append(empire)
        kept = [pile for pile in piles if len(pile) == len(EPOCHS)]
        out = [pile for pile in piles if len(pile) != len(EPOCHS)]
        stacks = {f"Stack {i}": tuple(pile) for i, pile in enumerate(kept, 1)}
        for name, empires in stacks.items():
            self.log(f"{name}: " + ", ".join(e.name for e in empires))
        for pile in out:
            self.log("Out of play: " + ", ".join(e.name for e in pile))
        return stacks

    def stack_board(self) -> list[BoardItem]:
        return [BoardItem(name, empires) for name, empires in self.stacks.items()]

    # --- paying -------------------------------------------------------------------------------------------
    def award(self, player: HowPlayer, item: BoardItem, price: int, epoch: int) -> None:
        """``player`` won ``item`` for ``price`` victory points (4.1; negative totals allowed, 4.2)."""
        player.vp -= price
        player.paid += price
        self.vp_paid += price
        self.winning_bids += price
        if len(item.empires) > 1:  # a stack: one empire per epoch, the price on the first line
            for i, empire in enumerate(item.empires):
                self.summary.append(Award(empire.epoch, empire.name, player.id, price if i == 0 else 0,
                                          stack=item.id, note="" if i == 0 else f"in {item.id}"))
        else:
            self.summary.append(Award(epoch, item.id, player.id, price,
                                      minor=item.minor.name if item.minor is not None else None))
        self.log(f"{player.name} pays {price} VP (total {player.vp} VP)")

    # --- reading ----------------------------------------------------------------------------------------
    def awards_of(self, epoch: int) -> list[Award]:
        return [a for a in self.summary if a.epoch == epoch]

    def invariant_problem(self) -> str | None:
        """VP conservation and the auction's shape, after every action (playouts check it)."""
        paid = sum(p.paid for p in self.players)
        priced = sum(a.price for a in self.summary)
        if not paid == priced == self.vp_paid == self.winning_bids:
            return (f"VP paid {paid} / summary prices {priced} / total paid {self.vp_paid} / winning bids "
                    f"{self.winning_bids} differ")
        for p in self.players:
            if p.vp != p.scored - p.paid:
                return f"{p.name} has {p.vp} VP, not {p.scored} scored - {p.paid} paid"
        auction = self.round.auction
        with_bid = [i for i in auction.items.values() if i.high_bid is not None]
        controllers = [i.controller for i in with_bid]
        if any(c is None for c in controllers) or len({id(c) for c in controllers}) != len(controllers):
            return "a player controls two items, or an item with a bid has no controller"
        for item in auction.items.values():
            if item.bids and item.bids[-1][1] != item.high_bid:
                return f"{item.id}: the high bid is not the last bid"
            prices = [price for _, price in item.bids]
            if any(b <= a for a, b in itertools.pairwise(prices)) or any(p < 0 for p in prices):
                return f"{item.id}: bids {prices} do not rise from zero or more"
        if auction.passed:
            if self.option("blood_sweat"):
                epoch_awards = [a for a in self.summary if a.stack is not None and not a.note]
            else:
                epoch_awards = [a for a in self.summary if a.epoch == self.round.epoch and a.note != "low roller"]
            if len(epoch_awards) != len(self.players):
                return f"{len(epoch_awards)} items awarded to {len(self.players)} players"
        return None


__all__ = ["AuctionHOW", "Award", "BidItem", "RecordScore"]

# The legal moves of the title's own step register themselves with the moves layer.
from engine.titles.auction_how import moves as _moves  # noqa: E402,F401
