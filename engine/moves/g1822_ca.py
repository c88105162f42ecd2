"""Moves of 1822CA's own steps (``engine/titles/g1822_ca``): the destination token in a big city whose exits
lead to several cities (``place_token`` naming the city; ``hex_token`` when one city is reached).  The sawmill's
assignment and choice, the acquisition's bonus lay and the Route step's Pullman/grain choices are listed by the
general enumerators of their base steps (assign, choose, track)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.moves.base import Move, PassMove, Unusable
from engine.moves.choose_ability import ability_choosing
from engine.moves.family1822 import HexTokenMove, NameCorporationMove, foresee_returned_tokens, minor_acquisition
from engine.moves.registry import entity_ref, enumerates, per_state
from engine.moves.token import PlaceTokenMove
from engine.moves.track import LayTileMove, special_track_moves
from engine.titles.g1822_ca.rules import DestinationTokenCA, MinorAcquisitionCA, SpecialTrackCA, TokenCA

# (a lay on a destination hex sees the map without the destination tokens it picks up: a fresh walk, asked for each
# such hex by the lays of the corporation and of each of its privates, and by the reasons given for the other hexes)
per_state("reach_a_lay_sees")
per_state("reach_after_a_lay")


@enumerates(DestinationTokenCA)
def destination_token(step: DestinationTokenCA, entity: Any) -> Iterator[Move | Unusable]:
    if not step.actions(entity):
        return
    etype, eid = entity_ref(entity)
    cities = step.connected_cities(entity)
    if not cities:
        yield PassMove(etype, eid, label=step.pass_description())
        return
    if len(step.destination_cities(entity)) == 1:
        yield HexTokenMove(etype, eid, hex=str(step.game.destination_of(entity)))
        return
    for city in cities:
        slot = city.get_slot(entity, cheater=True)
        yield PlaceTokenMove(
            etype,
            eid,
            city=city.id,
            hex=city.hex.id,
            slot=int(slot or 0),
            cost=0,
            token_type="destination",
            tokener=str(entity.id),
        )


@enumerates(TokenCA)
def token_step(step: TokenCA, entity: Any) -> Iterator[Move | Unusable]:
    """The family's token moves, where a major may go into another city of a hex it has a token in, never into
    a city it has one in."""
    major = getattr(entity, "type", None) == "major"
    for move in ability_choosing(step, entity):
        if major and isinstance(move, PlaceTokenMove) and step.game.city_by_id(move.city).tokened_by(entity):
            continue
        yield move


@enumerates(MinorAcquisitionCA)
def acquire_minor(step: MinorAcquisitionCA, entity: Any) -> Iterator[Move | Unusable]:
    """The family's acquisition moves, naming only the minors the major reaches."""
    game = step.game
    for move in minor_acquisition(step, entity):
        if isinstance(move, NameCorporationMove):
            reached = tuple(m for m in move.corporations if step.entity_connects(entity, game.corporation_by_id(m)))
            if not reached:
                continue
            move = NameCorporationMove(move.entity_type, move.entity, corporations=reached)
        yield move


@enumerates(SpecialTrackCA)
def special_track(step: SpecialTrackCA, entity: Any) -> Iterator[Move | Unusable]:
    """The general private lays, without a minor's private's brown or gray tiles (the family's step refuses
    them)."""
    minor = getattr(getattr(entity, "owner", None), "type", None) == "minor"
    for move in foresee_returned_tokens(step, special_track_moves(step, entity)):
        if (
            minor
            and isinstance(move, LayTileMove)
            and move.tile_ids
            and step.game.tile_by_id(move.tile_ids[0]).color in ("brown", "gray")
        ):
            continue
        yield move
