"""Moves of 1822MX's own steps (``engine/titles/g1822_mx``): builder cubes (a ``lay_tile`` of the hidden BC tile)
in the track step and by the privates, the port privates' tiles, and the NdeM's privatisation (cash-out pass;
the token auction's ``remove_token`` / ``bid`` / ``merge`` / ``pass``)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import CorporationMove, Move, PassMove, Unusable, in_range
from engine.moves.registry import entity_ref, enumerates, enumerator_after
from engine.moves.token import RemoveTokenMove
from engine.moves.track import LayTileMove
from engine.steps.tracker import graph_for_entity
from engine.titles.g1822_mx.operating import CUBE_TILE, SpecialTrackMX, TrackMX, can_hold_builder_cubes
from engine.titles.g1822_mx.privatization import MIN_INCREMENT, AuctionNdemTokens, CashOutNdem

#: a cube may be placed in any orientation (the site's client sends 0)
CUBE_ROTATIONS = tuple(range(6))


def cube_move(entity: Any, hex_: Any) -> LayTileMove:
    etype, eid = entity_ref(entity)
    return LayTileMove(etype, eid, hex=hex_.id, tile=CUBE_TILE, tile_ids=(f"{CUBE_TILE}-0",), rotations=CUBE_ROTATIONS,
                       costs=(0,) * len(CUBE_ROTATIONS))


def cube_hexes(step: Any, operator: Any) -> Iterator[Any]:
    """The hexes the operator reaches that have room for a cube."""
    connected = graph_for_entity(step.game, operator).connected_hexes(operator)
    for hex_ in connected:
        if can_hold_builder_cubes(hex_.tile):
            yield hex_


@enumerates(TrackMX)
def track(step: TrackMX, entity: Any) -> Iterator[Move | Unusable]:
    base = enumerator_after(step, TrackMX)
    if base is not None:
        yield from base(step, entity)
    if "lay_tile" not in step.actions(entity) or getattr(entity, "is_company", False):
        return
    tile_lay = step.get_tile_lay(entity)
    if not tile_lay or not tile_lay["lay"]:
        return
    # The reference checks only the turn's lay allowance when a cube is placed (its interface offers the hexes the
    # corporation reaches, but a placement elsewhere is accepted: fcm_cannot_lay_thru_mexico_city, O22): every
    # hex with room for a cube is legal.
    for hex_ in step.game.hexes:
        if can_hold_builder_cubes(hex_.tile):
            yield cube_move(entity, hex_)


@enumerates(SpecialTrackMX)
def special_track(step: SpecialTrackMX, entity: Any) -> Iterator[Move | Unusable]:
    game: Any = step.game
    sym = getattr(entity, "sym", None)
    kinds = step.actions(entity)
    ability = step.ability(entity) if getattr(entity, "is_company", False) else None
    operator = entity.owner if getattr(getattr(entity, "owner", None), "is_corporation", False) else None
    if sym in game.CUBE_COMPANIES:
        if "lay_tile" in kinds and ability is not None and operator is not None:
            for hex_ in cube_hexes(step, operator):
                yield cube_move(entity, hex_)
        return
    if sym in game.PORT_COMPANIES:
        if "lay_tile" in kinds and ability is not None:
            etype, eid = entity_ref(entity)
            for hex_ in game.hexes:
                if step.available_hex(entity, hex_) is None:
                    continue
                for tile in step.potential_tiles(entity, hex_):
                    rotations = tuple(r for r in range(6) if _rotated_fits(step, entity, hex_, tile, r))
                    if rotations:
                        yield LayTileMove(etype, eid, hex=hex_.id, tile=tile.name, tile_ids=(tile.id,),
                                          rotations=rotations, costs=(0,) * len(rotations),
                                          upgrade=True, spender=str(getattr(operator, "id", "")))
        base = enumerator_after(step, SpecialTrackMX)
        if base is not None:
            yield from (m for m in base(step, entity) if not isinstance(m, LayTileMove))
        return
    base = enumerator_after(step, SpecialTrackMX)
    if base is not None:
        for move in base(step, entity):
            # the town removers (P12, P13) lay only where there is one town to remove
            if game.removes_town(entity) and isinstance(move, LayTileMove) \
                    and step.available_hex(entity, game.hex_by_id(move.hex)) is None:
                continue
            yield move
    if "lay_tile" in kinds and ability is not None and operator is not None and sym in game.EXTRA_TRACK_COMPANIES:
        for hex_ in cube_hexes(step, operator):
            yield cube_move(entity, hex_)


def _rotated_fits(step: Any, entity: Any, hex_: Any, tile: Any, rotation: int) -> bool:
    saved = tile.rotation
    try:
        tile.rotate(rotation)
        return bool(step.legal_tile_rotation(entity, hex_, tile))
    finally:
        tile.rotate(saved)


@enumerates(CashOutNdem)
def cash_out(step: CashOutNdem, entity: Any) -> Iterator[Move | Unusable]:
    if "pass" in step.actions(entity) and entity is step.current_entity():
        etype, eid = entity_ref(entity)
        yield PassMove(etype, eid, label="Cash out the NdeM's shareholders")


@dataclass(frozen=True)
class TokenBidMove(Move):
    """Bid ``min_bid``..``max_bid`` (in steps of ``step``) for the NdeM token up for auction."""

    TYPE: ClassVar[str] = "bid"
    min_bid: int = 0
    max_bid: int = 0
    step: int = MIN_INCREMENT

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        price = action.get("price")
        reason = in_range(price, self.min_bid, self.max_bid, "bid")
        if reason is None and int(price or 0) % self.step:
            reason = f"bids must be multiples of {self.step}"
        return reason

    def sample(self, rng: random.Random) -> dict[str, Any]:
        low = -(-self.min_bid // self.step) * self.step
        price = low + self.step * rng.randint(0, max(0, (self.max_bid - low) // self.step))
        return {**self.base(), "price": price}

    def describe(self) -> str:
        return f"bid {self.min_bid} to {self.max_bid} for the NdeM token"


@dataclass(frozen=True)
class TokenBuyerMove(CorporationMove):
    TYPE: ClassVar[str] = "merge"


@enumerates(AuctionNdemTokens)
def token_auction(step: AuctionNdemTokens, entity: Any) -> Iterator[Move | Unusable]:
    if entity is not step.current_entity():
        return
    kinds = step.actions(entity)
    etype, eid = entity_ref(entity)
    chooser = step.remaining_choosers[0] if step.remaining_choosers else None
    if "remove_token" in kinds and chooser is not None:
        for token in step.available_tokens:
            city = token.city
            if city is None or city.hex is None or not step.player_can_buy(chooser, token):
                continue
            slot = next(i for i, t in enumerate(city.tokens) if t is token)
            yield RemoveTokenMove(etype, eid, city=city.id, hex=city.hex.id, slot=slot)
    if "bid" in kinds and step.remaining_bidders:
        low = step.min_bid()
        high = step.max_bid(step.remaining_bidders[0])
        if high >= low:
            yield TokenBidMove(etype, eid, min_bid=low, max_bid=high)
    if "merge" in kinds and step.winner is not None:
        buyers = tuple(c.id for c in step.mergeable())
        if buyers:
            yield TokenBuyerMove(etype, eid, corporations=buyers, label="buy the NdeM token with")
    if "pass" in kinds:
        yield PassMove(etype, eid, label="Pass")
