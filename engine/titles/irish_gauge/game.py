"""``IrishGaugeGame``: Irish Gauge on the engine kernel (not a subclass of the 18xx ``Game``).

Setup (from the game's seed): seats in random order (unless the option ``seats_as_listed``), one track of
each railway in its starting city, a cube drawn from a bag of 4 white, 4 pink and 4 black for each of the
eight starting cities (in the order Galway, Limerick, Cork, Derry, Kilkenny, Waterford, Belfast, Dublin), the
other 4 cubes and the 18 set aside form the supply of 22.  Then the five initial auctions, then turns of one
action each, the first by the holder of the CBSC share.  The game ends after the turn in which the supply
empties; each player scores cash + the face value of their shares; tied players share the win.

The bank is unlimited: ``paid_out`` and ``received`` keep its ledger so that the playouts can check that cash
only moves by the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core.actions import Action
from engine.core.round import Round
from engine.errors import GameError, InvalidAction
from engine.titles.irish_gauge import data
from engine.titles.irish_gauge.actions import ACTION_TYPES
from engine.titles.irish_gauge.data import COLORS, LINK_BONUS, RAILWAYS, cubes, money
from engine.titles.irish_gauge.model import Cell, Player, Railway, Share
from engine.titles.irish_gauge.rules import Income, build_cost, income, links_majors, split
from engine.titles.irish_gauge.rulings import rules_html
from engine.titles.kernel import KernelTitleGame, KernelTitleSpec, TitleOption

SPEC = KernelTitleSpec(
    title=data.TITLE_NAME,
    player_range=data.PLAYER_RANGE,
    optional_rules=(
        TitleOption("seats_as_listed", "Seats as listed",
                    "Seat the players in the order they are listed instead of at random (the first listed "
                    "opens the CBSC auction)."),
    ),
    rules_html=rules_html(),
    blurb="Tom Russell's Irish Gauge: five railways of Ireland, share auctions, track by build points, "
          "dividends drawn from a bag of cubes (3-5 players).",
)


@dataclass
class DividendReport:
    """One dividend call: who called, the cubes drawn, each railway's income and each player's pay."""

    caller: Any
    drawn: tuple[str, ...]
    incomes: list[Income]
    paid: list[tuple[str, Any, int]] = field(default_factory=list)  # (railway, player id, amount)

    def total_for(self, pid: Any) -> int:
        return sum(amount for _, p, amount in self.paid if p == pid)


@dataclass
class BonusReport:
    railway: str
    paid: list[tuple[Any, int]]  # (player id, amount)


class IrishGaugeGame(KernelTitleGame):
    ACTION_TYPES = ACTION_TYPES
    TURN_LIMIT: ClassVar[int] = 10_000
    TITLE: ClassVar[KernelTitleSpec] = SPEC

    def __init__(self, players: Sequence[tuple[Any, str]], **kwargs: Any) -> None:
        super().__init__(players, **kwargs)
        seated = [Player(pid, name, data.STARTING_CASH) for pid, name in players]
        if "seats_as_listed" not in self.optional_rules:
            seated = self.rng.shuffle(seated)
        self.players = seated
        self.build_caches()
        self.companies: list[Any] = []
        self.minors: list[Any] = []
        self.railways = [Railway(spec) for spec in RAILWAYS]
        self.corporations = self.railways
        self._railways_by_id = {r.id: r for r in self.railways}
        self.board: dict[str, Cell] = {h: Cell(h, t, data.NAMES.get(h)) for h, t in data.terrain().items()}
        for cell in self.board.values():
            cell.neighbours = tuple(n for n in data.neighbour_ids(cell.id) if n in self.board)
        self.paid_out = 0
        self.received = 0
        self.start_cash = data.STARTING_CASH * len(self.players)
        self.discard: list[str] = []  # cubes drawn by dividend calls (out of the game)
        self.dividends: list[DividendReport] = []
        self.bonuses: list[BonusReport] = []
        for railway in self.railways:
            self.place_track(railway, railway.home)
        bag = self.rng.shuffle([c for c in COLORS for _ in range(data.BAG_PER_COLOR)])
        for hex_id, color in zip(data.STARTING_CITY_ORDER, bag, strict=False):
            self.board[hex_id].cube = color
        rest = bag[len(data.STARTING_CITY_ORDER):]
        self.supply: dict[str, int] = {c: data.CUBES_PER_COLOR - data.BAG_PER_COLOR + rest.count(c) for c in COLORS}
        self.log("Seats: " + ", ".join(p.name for p in self.players))
        self.log("Starting cubes: " + ", ".join(f"{self.board[h].name} {self.board[h].cube}"
                                                 for h in data.STARTING_CITY_ORDER))
        self.turn = 0
        self.round = self.init_round()
        self.round.setup()

    # --- rounds ---------------------------------------------------------------------------------------
    def init_round(self) -> Round:
        from engine.titles.irish_gauge.steps import InitialAuction, InitialAuctionRound

        return InitialAuctionRound(self, [InitialAuction])

    def next_round(self) -> None:
        from engine.titles.irish_gauge.steps import InitialAuctionRound, Turn, TurnRound

        if isinstance(self.round, InitialAuctionRound):
            holder = self.railway("CBSC").shares[0].owner
            assert holder is not None
            index = self.players.index(holder)
        else:
            index = (self.round.entity_index + 1) % len(self.players)
        self.turn += 1
        self.round = TurnRound(self, [Turn], index)
        self.log(f"-- Turn {self.turn}: {self.players[index].name} --")

    def round_label(self) -> str:
        return "Initial auctions" if self.turn == 0 else f"Turn {self.turn}"

    def game_end_check(self) -> tuple[str, str] | None:
        return ("supply_empty", "current_round") if self.supply_count() == 0 else None

    # --- checks ---------------------------------------------------------------------------------------
    def check_live(self, action: Action) -> None:
        entity = self.resolve_entity(action)
        step = self.round.active_step()
        if step is not None and entity is step.current_entity() and action.type in step.ACTIONS:
            check = getattr(step, "check", None)
            if check is not None:
                check(action)  # the step's own checks give the precise reason ("Galway costs 1.5 BP and ...")
        if action.type not in self.round.actions_for(entity):
            step = self.round.active_step()
            if step is None:
                raise GameError(f"{self.entity_name(entity)} cannot {action.type.replace('_', ' ')} now")
            raise GameError(self.refusal(step, action.type, entity))

    def check_references(self, action: Action) -> None:
        corporation = getattr(action, "corporation", None)
        if corporation is not None and action.type in ("bid", "build_track") \
                and corporation not in self._railways_by_id:
            raise InvalidAction(f"unknown railway {corporation!r} (the railways are "
                                f"{', '.join(self._railways_by_id)})")
        hex_id = getattr(action, "hex", None)
        if hex_id is not None and hex_id not in self.board:
            raise InvalidAction(f"unknown hex {hex_id!r}")
        color = getattr(action, "color", None)
        if color is not None and color not in COLORS:
            raise InvalidAction(f"unknown cube colour {color!r} (the colours are {', '.join(COLORS)})")

    # --- lookups --------------------------------------------------------------------------------------
    def railway(self, rid: str) -> Railway:
        railway = self._railways_by_id.get(rid)
        if railway is None:
            raise InvalidAction(f"unknown railway {rid!r}")
        return railway

    def supply_count(self) -> int:
        return sum(self.supply.values())

    def cubes_on_board(self) -> dict[str, int]:
        counts = dict.fromkeys(COLORS, 0)
        for cell in self.board.values():
            if cell.cube is not None:
                counts[cell.cube] += 1
        return counts

    def winners(self) -> list[Player]:
        best = max(p.value() for p in self.players)
        return [p for p in self.players if p.value() == best]

    def player_value(self, player: Any) -> int:
        return int(player.value())

    def format_score(self, value: int) -> str:
        return money(value)

    def format_currency(self, value: int) -> str:
        """Amounts in pounds, for the desktop's shared dialogs and messages."""
        return money(value)

    # --- changes (called by the steps) ----------------------------------------------------------------
    def pay(self, player: Player, amount: int) -> None:
        player.cash += amount
        self.paid_out += amount

    def sell_share(self, share: Share, player: Player, price: int) -> None:
        player.cash -= price
        self.received += price
        share.owner = player
        player.shares.append(share)
        player.shares.sort(key=lambda s: (self.railways.index(s.railway), s.index))
        how = f"for {money(price)}" if price else "for free (everybody passed)"
        self.log(f"{player.name} buys {share.railway.id}'s {money(share.face)} share {how}")

    def place_track(self, railway: Railway, hex_id: str) -> int:
        """Put one of ``railway``'s tracks in ``hex_id``; return its cost in half BP (checked by the caller)."""
        cell = self.board[hex_id]
        cost = build_cost(cell, railway)
        assert cost is not None
        railway.tracks.append(hex_id)
        cell.railways.append(railway.id)
        return cost

    def check_link_bonus(self, railway: Railway) -> None:
        if railway.bonus_paid or not links_majors(railway):
            return
        railway.bonus_paid = True
        paid = split(LINK_BONUS, railway)
        for player, amount in paid:
            self.pay(player, amount)
        self.bonuses.append(BonusReport(railway.id, [(p.id, a) for p, a in paid]))
        self.log(f"{railway.id} links Belfast, Dublin and Galway: bonus of {money(LINK_BONUS)} paid "
                 + ", ".join(f"{p.name} {money(a)}" for p, a in paid))

    def place_special_interest(self, player: Player, cell: Cell, color: str) -> None:
        self.supply[color] -= 1
        cell.cube = color
        self.log(f"{player.name} places a {color} special interest in {cell.label}, which becomes a city "
                 f"({cubes(self.supply_count())} left in the supply)")

    def draw_cube(self) -> str:
        pool = [c for c in COLORS for _ in range(self.supply[c])]
        color = pool[self.rng.index(len(pool))]
        self.supply[color] -= 1
        self.discard.append(color)
        return color

    def pay_dividends(self, caller: Player) -> DividendReport:
        drawn = tuple(self.draw_cube() for _ in range(min(data.DIVIDEND_DRAW, self.supply_count())))
        report = DividendReport(caller.id, drawn, [income(self.board, r, drawn) for r in self.railways])
        self.log(f"{caller.name} calls for dividends: drawn {', '.join(drawn)} "
                 f"({cubes(self.supply_count())} left in the supply)")
        for inc in report.incomes:
            railway = self.railway(inc.railway)
            if not inc.pays:
                continue
            paid = split(inc.amount, railway)
            for player, amount in paid:
                self.pay(player, amount)
                report.paid.append((railway.id, player.id, amount))
            if paid:
                self.log(f"{railway.id} earns {money(inc.amount)}: " + ", ".join(f"{p.name} {money(a)}" for p, a in paid))
            else:
                self.log(f"{railway.id} earns {money(inc.amount)}, but no player holds a share")
        self.dividends.append(report)
        return report

    # --- invariants (random playouts) -----------------------------------------------------------------
    def cash_total(self) -> int:
        """Players' cash less what the bank paid out plus what it received: constant (the starting cash)."""
        total: int = sum(p.cash for p in self.players)
        return total - self.paid_out + self.received

    def invariant_problem(self) -> str | None:
        if self.cash_total() != self.start_cash:
            return f"cash total {self.cash_total()} != {self.start_cash}"
        for p in self.players:
            if p.cash < 0:
                return f"{p.name} has negative cash {p.cash}"
        board = self.cubes_on_board()
        for c in COLORS:
            total = self.supply[c] + board[c] + self.discard.count(c)
            if total != data.CUBES_PER_COLOR or self.supply[c] < 0:
                return f"{total} {c} cubes (supply {self.supply[c]}, board {board[c]})"
        for r in self.railways:
            if not 1 <= len(r.tracks) <= data.TRACKS_PER_RAILWAY or len(set(r.tracks)) != len(r.tracks):
                return f"{r.id} has {len(r.tracks)} tracks ({len(set(r.tracks))} hexes)"
            if r.tracks[0] != r.home or any(r.id not in self.board[h].railways for h in r.tracks):
                return f"{r.id}'s tracks and the board disagree"
            seen, todo = {r.home}, [r.home]
            while todo:
                for n in self.board[todo.pop()].neighbours:
                    if n not in seen and n in r.tracks:
                        seen.add(n)
                        todo.append(n)
            if len(seen) != len(r.tracks):
                return f"{r.id}'s network is not contiguous"
            for s in r.shares:
                if s.owner is not None and sum(1 for x in s.owner.shares if x is s) != 1:
                    return f"{s.id} is not held exactly once by its owner"
        for cell in self.board.values():
            if cell.terrain == data.DIFFICULT and len(cell.railways) > 1:
                return f"difficult hex {cell.id} holds {cell.railways}"
        held = sum(len(p.shares) for p in self.players)
        if held != sum(len(r.sold()) for r in self.railways):
            return "shares held and shares sold differ"
        return None


# Legal-move enumerators register themselves when the game class is loaded.
from engine.titles.irish_gauge import moves as _moves  # noqa: E402

del _moves
