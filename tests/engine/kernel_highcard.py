"""High Card: a tiny bidding game standing on the kernel alone (no shares, trains, tiles or 18xx rules).

Six cards worth 1..6 points are shuffled by the game's seeded generator.  Each round one card is auctioned:
in turn, players bid coins (more than the high bid, at most the coins they hold) or pass; a player who passed
is out of that auction.  When only the high bidder is left, they pay and score the card; if everyone passes,
the card is discarded.  The game ends when the last card is gone; the result is each player's points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.actions import Action, action_registry
from engine.core.game import KernelGame
from engine.core.round import Round
from engine.core.step import Step
from engine.errors import GameError

CARDS = (1, 2, 3, 4, 5, 6)
START_COINS = 10


@dataclass(slots=True, kw_only=True)
class BidCoins(Action):
    """High Card's own ``bid``: an amount of coins, nothing else."""

    TYPE: ClassVar[str] = "bid"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"price": (int,)}
    price: int = 0


class Bidder:
    is_player = True

    def __init__(self, pid: Any, name: str) -> None:
        self.id = pid
        self.name = name
        self.coins = START_COINS
        self.points = 0
        self.passed = False

    def pass_(self) -> None:
        self.passed = True

    def unpass(self) -> None:
        self.passed = False

    def value(self) -> int:
        return self.points


class CardAuction(Step):
    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "pass")
    NAME: ClassVar[str] = "Card auction"

    def setup(self) -> None:
        self.high = 0
        self.leader: Bidder | None = None

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or getattr(entity, "passed", True):
            return []
        return list(self.ACTIONS)

    def process_bid(self, action: Action) -> None:
        player = self.game.player_by_id(action.entity)
        price = int(getattr(action, "price", 0))
        if price <= self.high:
            raise GameError(f"{player.name} must bid more than {self.high}")
        if price > player.coins:
            raise GameError(f"{player.name} has only {player.coins} coins")
        self.high, self.leader = price, player
        self.game.log(f"{player.name} bids {price}")
        self._next()

    def process_pass(self, action: Action) -> None:
        player = self.game.player_by_id(action.entity)
        player.pass_()
        self.game.log(f"{player.name} passes")
        self._next()

    def _next(self) -> None:
        bidding = [p for p in self.round.entities if not p.passed]
        if not bidding or (self.leader is not None and bidding == [self.leader]):
            card = self.round.card  # type: ignore[attr-defined]
            if self.leader is None:
                self.game.log(f"Nobody takes the {card}")
            else:
                self.leader.coins -= self.high
                self.leader.points += card
                self.game.log(f"{self.leader.name} takes the {card} for {self.high}")
            self.pass_()
            return
        self.round.next_entity()


class CardRound(Round):
    NAME: ClassVar[str] = "Card"

    def select_entities(self) -> list[Any]:
        return list(self.game.players)

    def setup(self) -> None:
        self.card = self.game.deck.pop(0)  # type: ignore[attr-defined]
        self.game.log(f"-- Card {self.game.turn}: {self.card} --")
        # The first bidder rotates with the cards.
        self.entity_index = (self.game.turn - 1) % len(self.entities)

    def next_entity(self) -> None:
        for _ in self.entities:
            self.next_entity_index()
            if not self.entities[self.entity_index].passed:
                return


class HighCard(KernelGame):
    ACTION_TYPES = action_registry(BidCoins)

    def __init__(self, players: Sequence[tuple[Any, str]], **kwargs: Any) -> None:
        super().__init__(players, **kwargs)
        self.players = [Bidder(pid, name) for pid, name in players]
        self.build_caches()
        self.deck: list[int] = self.rng.shuffle(list(CARDS))
        self.live_checks = 0
        self.round = self.init_round()
        self.round.setup()

    def init_round(self) -> Round:
        return CardRound(self, [CardAuction])

    def next_round(self) -> None:
        self.turn += 1
        self.round = CardRound(self, [CardAuction])

    def check_live(self, action: Action) -> None:
        self.live_checks += 1
        entity = self.resolve_entity(action)
        if action.type not in self.round.actions_for(entity):
            raise GameError(f"{self.entity_name(entity)} cannot {action.type} now")

    def game_end_check(self) -> tuple[str, str] | None:
        return ("cards_out", "current_round") if not self.deck else None


def state(game: HighCard) -> tuple[Any, ...]:
    """Everything a High Card game is, for equality checks."""
    step = game.round.steps[-1]
    return (tuple((p.id, p.coins, p.points, p.passed) for p in game.players), tuple(game.deck),
            game.round.card, game.round.entity_index, step.high, getattr(step.leader, "id", None), step.passed,
            game.turn, game.finished, game.game_end_reason, tuple(game.log_lines), len(game.actions),
            len(game.raw_actions), game.rng.state)
