"""Legal moves of 1882's North West Rebellion step (``SpecialNWR``): remove one of the corporation's tokens
from a non-NWR hex, place it in an open city of an NWR hex, then lay or upgrade a tile there or pass."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.moves.base import Move, PassMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.moves.token import PlaceTokenMove, remove_token_moves
from engine.moves.track import lay_tile_moves
from engine.titles.g1882.steps import SpecialNWR


@enumerates(SpecialNWR)
def special_nwr_moves(step: Any, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, SpecialNWR)
    kinds = step.actions(entity)
    owner = getattr(entity, "owner", None)
    if owner is None:
        return
    game = step.game
    if "remove_token" in kinds:
        movable = [t for t in owner.tokens if t.used and t.city is not None and t.city.hex is not None
                   and step.removable_token_hex(entity, t.city.hex)]
        yield from remove_token_moves(entity, movable)
    if "place_token" in kinds:
        entity_type, entity_id = entity_ref(entity)
        token = owner.next_token()
        ability = step.ability(entity)
        if token is not None and ability is not None:
            for hex_id in ability.hexes:
                for city in game.hex_by_id(hex_id).tile.cities:
                    if not step.placeable_city(entity, city):
                        continue
                    slot = city.get_slot(owner)
                    yield PlaceTokenMove(entity_type, entity_id, city=city.id, hex=hex_id,
                                         slot=int(slot) if slot is not None else 0, cost=0, token_type=token.type,
                                         tokener=str(owner.id))
    if "lay_tile" in kinds and step.destination is not None:
        hex_ = step.destination
        edges = step.available_hex(entity, hex_)
        yield from lay_tile_moves(step, entity, [(hex_, list(edges) if edges else None)], spender=owner)
    if "pass" in kinds:
        yield PassMove(*entity_ref(entity), label=step.pass_description())
