"""Legal moves of 18USA's own steps: scrapping a Pullman (``scrap_train``) as a corporate action of the stock
round, in the operating round's loan step; the Pennsy Boneyard's decision (``ObsoleteTrain``); the rest is the 1817 family's (engine/moves/g1817.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, PassMove, Unusable
from engine.moves.choose import ChooseMove
from engine.moves.g1817 import acquire, loan_step, stock_turn_1817
from engine.moves.registry import entity_ref, enumerates, enumerator_after
from engine.moves.track import LayTileMove
from engine.titles.g18usa.boneyard import ObsoleteTrain
from engine.titles.g18usa.denver import DenverTrack
from engine.titles.g18usa.operating import Acquire18USA, Loan18USA
from engine.titles.g18usa.scrap import Scrapping, pullmans
from engine.titles.g18usa.stock import BuySellParShares18USA


@dataclass(frozen=True)
class ScrapTrainMove(Move):
    """Scrap one of ``trains`` (its id in the action's ``train``)."""

    TYPE: ClassVar[str] = "scrap_train"
    trains: tuple[str, ...] = ()

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        train = action.get("train")
        return None if train in self.trains else f"{train!r} cannot be scrapped (only {', '.join(self.trains)})"

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "train": rng.choice(self.trains)}

    def describe(self) -> str:
        return "scrap a Pullman"


def scrap_moves(step: Any, corporation: Any) -> Iterator[Move]:
    trains = tuple(str(t.id) for t in pullmans(step.game, corporation))
    if trains:
        etype, eid = entity_ref(corporation)
        yield ScrapTrainMove(etype, eid, trains=trains)


@enumerates(BuySellParShares18USA)
def stock_turn_18usa(step: BuySellParShares18USA, entity: Any) -> Iterator[Move | Unusable]:
    yield from stock_turn_1817(step, entity)
    if getattr(entity, "is_corporation", False) and "scrap_train" in step.actions(entity):
        yield from scrap_moves(step, entity)


@enumerates(Loan18USA)
def loan_step_18usa(step: Loan18USA, entity: Any) -> Iterator[Move | Unusable]:
    yield from loan_step(step, entity)
    if "scrap_train" in step.actions(entity):
        yield from scrap_moves(step, entity)


@enumerates(Scrapping)
def scrapping(step: Scrapping, entity: Any) -> Iterator[Move | Unusable]:
    """The step's own moves, and scrapping a Pullman (discarding trains, converting, taking loans after a
    conversion)."""
    rest = enumerator_after(step, Scrapping)
    if rest is not None:
        yield from rest(step, entity)  # type: ignore[arg-type]
    if "scrap_train" in step.actions(entity):  # type: ignore[attr-defined]
        yield from scrap_moves(step, entity)


@enumerates(Acquire18USA)
def acquire_18usa(step: Acquire18USA, entity: Any) -> Iterator[Move | Unusable]:
    """The buyer holding a Pullman may scrap it (or pass) before its loans are settled."""
    kinds = step.actions(entity)
    if "scrap_train" in kinds and entity is step.buyer and entity is step.current_entity():
        yield from scrap_moves(step, entity)
        if kinds == ["pass", "scrap_train"]:
            etype, eid = entity_ref(entity)
            yield PassMove(etype, eid, label="Pass (Scrap Pullman)")
            return
    yield from acquire(step, entity)


@enumerates(DenverTrack)
def denver_track(step: DenverTrack, entity: Any) -> Iterator[Move | Unusable]:
    """Denver's yellow tile turned (replaced by its oriented tile) at any rotation, as the reference accepts."""
    if "lay_tile" not in step.actions(entity):
        return
    game = step.game
    etype, eid = entity_ref(entity)
    for hex_ in step.pending_track().get("hexes", []):
        seen: set[str] = set()
        for tile in game.tiles:
            if tile.name in seen or not game.track_rules.upgrades_to(hex_.tile, tile):
                continue
            seen.add(tile.name)
            ids = tuple(str(t.id) for t in game.tiles if t.name == tile.name)
            yield LayTileMove(etype, eid, hex=hex_.id, tile=tile.name, tile_ids=ids, rotations=tuple(range(6)),
                              costs=(0,) * 6, upgrade=True, spender=str(eid))


@enumerates(ObsoleteTrain)
def obsolete_train(step: ObsoleteTrain, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    options = tuple(step.choices(entity))
    if options:
        yield ChooseMove(etype, eid, choices=options, name=step.choice_name())
    yield PassMove(etype, eid, label="Let it rust")


__all__ = ["ScrapTrainMove"]
