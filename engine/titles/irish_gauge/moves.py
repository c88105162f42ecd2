"""Legal moves of Irish Gauge's steps (the vocabulary of ``engine.moves.base``; registered with
``@enumerates``): what the acting player may do now, for the desktop, the strict checker and random playouts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import BidMove, Move, PassMove, SimpleMove, Unusable, one_of
from engine.moves.registry import enumerates
from engine.titles.irish_gauge.data import BUILD_POINTS_HALVES, COLORS
from engine.titles.irish_gauge.rules import bp_text, buildable
from engine.titles.irish_gauge.steps import Auction, InitialAuction, Turn


@dataclass(frozen=True)
class BuildTrackMove(Move):
    """Build one track of ``corporation`` in one of ``hexes`` ((hex, cost in half BP) pairs); ``budget`` is
    what is left of the action's 3 BP."""

    TYPE: ClassVar[str] = "build_track"
    corporation: str = ""
    hexes: tuple[tuple[str, int], ...] = ()
    budget: int = BUILD_POINTS_HALVES

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("corporation") != self.corporation:
            return f"not track for {self.corporation}"
        return one_of(action.get("hex"), [h for h, _ in self.hexes], f"hex for {self.corporation}")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        hex_id, _ = rng.choice(self.hexes)
        return {**self.base(), "corporation": self.corporation, "hex": hex_id}

    def cost(self, hex_id: str) -> int | None:
        return dict(self.hexes).get(hex_id)

    def describe(self) -> str:
        return f"build {self.corporation} track in {len(self.hexes)} hexes ({bp_text(self.budget)} BP left)"


@dataclass(frozen=True)
class SpecialInterestMove(Move):
    """Place a cube of one of ``colors`` (those still in the supply) in one of the towns ``hexes``."""

    TYPE: ClassVar[str] = "special_interest"
    hexes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        return (one_of(action.get("hex"), self.hexes, "town")
                or one_of(action.get("color"), self.colors, "cube colour"))

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "hex": rng.choice(self.hexes), "color": rng.choice(self.colors)}

    def describe(self) -> str:
        return f"place a special interest in {', '.join(self.hexes)}"


def _auction_moves(auction: Auction, entity: Any) -> Iterator[Move]:
    if auction.can_bid(entity):
        yield BidMove("player", entity.id, target=auction.railway.id, min_bid=auction.min_bid(),
                      max_bid=entity.cash, target_key="corporation")
    label = "Pass (out of this auction)" if auction.leader is not None or not auction.initial else "Pass"
    yield PassMove("player", entity.id, label=label)


@enumerates(InitialAuction)
def initial_auction_moves(step: InitialAuction, entity: Any) -> Iterator[Move | Unusable]:
    if entity in step.active_entities():
        yield from _auction_moves(step.auction, entity)


@enumerates(Turn)
def turn_moves(step: Turn, entity: Any) -> Iterator[Move | Unusable]:
    if entity not in step.active_entities():
        return
    game = step.game
    if step.phase == "auction":
        assert step.auction is not None
        yield from _auction_moves(step.auction, entity)
        return
    if step.phase == "build":
        assert step.building is not None
        hexes = buildable(game.board, step.building, step.budget)
        yield BuildTrackMove("player", entity.id, corporation=step.building.id, hexes=tuple(hexes.items()),
                             budget=step.budget)
        yield PassMove("player", entity.id, label=f"Done building ({bp_text(step.budget)} BP unused)")
        return
    # (no Unusable entries: the checker matches them by railway id whatever the action, and a railway whose
    # share is out of reach may still build; the desktop words its own reasons)
    for railway in game.railways:
        share = railway.lowest_unsold()
        if share is not None and share.face <= entity.cash:
            yield BidMove("player", entity.id, target=railway.id, min_bid=share.face, max_bid=entity.cash,
                          target_key="corporation")
    for railway in game.railways:
        if not entity.holds(railway):
            continue
        hexes = buildable(game.board, railway, BUILD_POINTS_HALVES)
        if hexes:
            yield BuildTrackMove("player", entity.id, corporation=railway.id, hexes=tuple(hexes.items()))
    towns = step.special_interest_towns(entity)
    if towns:
        yield SpecialInterestMove("player", entity.id, hexes=tuple(towns),
                                  colors=tuple(c for c in COLORS if game.supply[c] > 0))
    if game.supply_count():
        yield SimpleMove("player", entity.id, kind="call_dividends", label="Call for dividends")
