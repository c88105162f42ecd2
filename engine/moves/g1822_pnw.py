"""Legal moves of 1822PNW's own steps: builder cubes as lays of the track step (and of the cube private), the
merger round's merge (a partner, then the choices), and the token answer of a merge."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from engine.moves.base import Move, PassMove, Unusable
from engine.moves.choose_ability import ability_choosing
from engine.moves.family1822 import answer_moves, foresee_returned_tokens
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
            yield LayTileMove(
                etype,
                eid,
                hex=hex_.id,
                tile=tile.name,
                tile_ids=(tile.id,),
                rotations=tuple(range(6)),
                costs=(0,) * 6,
                spender=operator.id,
            )


def not_on_forests(step: Any, moves: Iterable[Move | Unusable]) -> Iterator[Move | Unusable]:
    """A forest hex with track is not upgraded again (the step refuses it)."""
    game: Any = step.game
    for move in moves:
        if isinstance(move, LayTileMove) and game.hex_by_id(move.hex).assigned("forest"):
            yield Unusable("hex", move.hex, "a forest with track is not upgraded")
            continue
        yield move


@enumerates(TrackPNW)
def track_pnw(step: TrackPNW, entity: Any) -> Iterator[Move | Unusable]:
    if getattr(entity, "is_company", False):
        # a private's track-time choice (the card mover, P21), as the family's track step
        yield from ability_choosing(step, entity)
        return
    if getattr(step.round, "num_laid_portage", 0):
        # after the portage no tile or cube this turn: only the pass
        yield from (m for m in track_moves(step, entity) if not isinstance(m, LayTileMove))
        return
    yield from not_on_forests(step, foresee_returned_tokens(step, track_moves(step, entity)))
    if "lay_tile" in step.actions(entity) and not getattr(step.round, "num_laid_portage", 0):
        lay = step.get_tile_lay(entity)
        if lay is not None and lay["lay"]:
            yield from cube_moves(step, entity, entity)


def extra_track_cube_moves(step: SpecialTrackPNW, entity: Any) -> Iterator[Move]:
    """An extra-track private's builder cube: on every hex it may lay on that can hold one more cube."""
    game: Any = step.game
    tile = game.cube_tile()
    if tile is None or step.ability(entity) is None or "lay_tile" not in step.actions(entity):
        return
    etype, eid = entity_ref(entity)
    spender = step._spender(entity)
    for hex_ in game.hexes:
        if (
            game.can_hold_builder_cubes(hex_.tile)
            and not hex_.assigned("forest")
            and step.available_hex(entity, hex_) is not None
        ):
            yield LayTileMove(
                etype,
                eid,
                hex=hex_.id,
                tile=tile.name,
                tile_ids=(tile.id,),
                rotations=tuple(range(6)),
                costs=(0,) * 6,
                spender=str(getattr(spender, "id", "")),
            )


@enumerates(SpecialTrackPNW)
def special_track_pnw(step: SpecialTrackPNW, entity: Any) -> Iterator[Move | Unusable]:
    game: Any = step.game
    if (
        getattr(entity, "sym", None) == game.CUBE_COMPANY
        and step.ability(entity) is not None
        and getattr(entity.owner, "is_corporation", False)
    ):
        yield from cube_moves(step, entity, entity.owner)
        return
    if getattr(entity, "sym", None) in game.EXTRA_TRACK_COMPANIES:
        yield from extra_track_cube_moves(step, entity)
    rule = step.own_rotation_rule(entity)
    for move in not_on_forests(step, foresee_returned_tokens(step, special_track_moves(step, entity))):
        if rule is not None and isinstance(move, LayTileMove):
            hex_ = game.hex_by_id(move.hex)
            tile = game.tile_by_id(move.tile_ids[0])
            kept = []
            for rotation, cost in zip(move.rotations, move.costs, strict=False):
                old = tile.rotation
                tile.rotate(rotation)
                if step.own_rotation_ok(rule, entity, hex_, tile):
                    kept.append((rotation, cost))
                tile.rotate(old)
            if not kept:
                continue
            move = replace(move, rotations=tuple(r for r, _ in kept), costs=tuple(c for _, c in kept))
        yield move


@enumerates(AssociationMerge)
def association_merge(step: AssociationMerge, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    answers = answer_moves(step, entity, kinds)
    if answers is not None:
        yield from answers
        return
    etype, eid = entity_ref(entity)
    partners = tuple(m.id for m in step.mergeable(entity))
    if partners:
        yield MergeMove(etype, eid, corporations=partners, label="merge with")
    if "pass" in kinds:
        yield PassMove(etype, eid, label="Pass")
