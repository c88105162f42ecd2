"""Legal moves of 1822PNW's own steps: builder cubes as lays of the track step (and of the cube private), the
merger round's merge (a partner, then the choices), and the token answer of a merge."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.moves.base import Move, PassMove, Unusable
from engine.moves.choose import ChooseMove
from engine.moves.mergers import MergeMove
from engine.moves.registry import entity_ref, enumerates
from engine.moves.track import LayTileMove, special_track_moves, track_moves
from engine.titles.g1822_pnw.merger import AssociationMerge
from engine.titles.g1822_pnw.track import SpecialTrackPNW, TrackPNW


def cube_moves(step: Any, entity: Any, operator: Any) -> Iterator[Move]:
    """A builder cube on every hex the operator reaches that can hold one more."""
    game: Any = step.game
    tile = game.cube_tile()
    if tile is None:
        return
    etype, eid = entity_ref(entity)
    for hex_ in game.graph.connected_hexes(operator):
        if game.can_hold_builder_cubes(hex_.tile) and not hex_.assigned("forest"):
            yield LayTileMove(etype, eid, hex=hex_.id, tile=tile.name, tile_ids=(tile.id,), rotations=tuple(range(6)),
                              costs=(0,) * 6, spender=operator.id)


@enumerates(TrackPNW)
def track_pnw(step: TrackPNW, entity: Any) -> Iterator[Move | Unusable]:
    yield from track_moves(step, entity)
    if "lay_tile" in step.actions(entity) and not getattr(step.round, "num_laid_portage", 0):
        lay = step.get_tile_lay(entity)
        if lay is not None and lay["lay"]:
            yield from cube_moves(step, entity, entity)


@enumerates(SpecialTrackPNW)
def special_track_pnw(step: SpecialTrackPNW, entity: Any) -> Iterator[Move | Unusable]:
    game: Any = step.game
    if getattr(entity, "sym", None) == game.CUBE_COMPANY and step.ability(entity) is not None \
            and getattr(entity.owner, "is_corporation", False):
        yield from cube_moves(step, entity, entity.owner)
        return
    yield from special_track_moves(step, entity)


@enumerates(AssociationMerge)
def association_merge(step: AssociationMerge, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    if "choose" in kinds:
        options = tuple(step.choices(entity))
        if options:
            yield ChooseMove(etype, eid, choices=options, name=step.choice_name())
        return
    partners = tuple(m.id for m in step.mergeable(entity))
    if partners:
        yield MergeMove(etype, eid, corporations=partners, label="merge with")
    if "pass" in kinds:
        yield PassMove(etype, eid, label="Pass")
