"""1888's own steps: the Forbidden City exchange of 1888-N, and the special tiles of the privates."""

from __future__ import annotations

from typing import Any

from engine.actions import SellShares
from engine.map.tile import COLORS
from engine.steps.companies import Exchange
from engine.steps.special_track import SpecialTrack
from engine.titles.g1888.data import NORTH

YANDA_FERRY = "YRF"


class Exchange1888(Exchange):
    """1888-N: the Forbidden City's exchange is the turn's purchase, and not after a sale in the same turn."""

    def _north(self) -> bool:
        return NORTH in self.game.optional_rules

    def can_exchange(self, entity: Any, bundle: Any = None) -> bool:
        turn = getattr(self.round, "current_actions", None) or []
        if self._north() and any(isinstance(a, SellShares) for a in turn):
            return False
        return super().can_exchange(entity, bundle)

    def process_buy_shares(self, action: Any) -> None:
        super().process_buy_shares(action)
        if self._north():
            self.round.current_actions.append(action)  # type: ignore[attr-defined]


class SpecialTrack1888(SpecialTrack):
    """The privates' own tiles (Xi'an, the ferries, the mine) go down whatever the phase, and the ferries
    only unturned (whatever lies beyond their edges)."""

    def potential_tile_colors(self, entity: Any, hex_: Any) -> list[str]:
        """A ``special`` tile lay is not limited by the phase's colours."""
        ability = self.ability(entity)
        if ability is not None and ability.type == "tile_lay" and ability.special:
            return list(COLORS)
        return super().potential_tile_colors(entity, hex_)

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        if getattr(entity, "id", None) == YANDA_FERRY:
            return bool(tile.rotation == 0)
        return super().legal_tile_rotation(entities, hex_, tile)

    def tile_fits_hex(self, entity: Any, hex_: Any, tile: Any) -> bool:
        if getattr(entity, "id", None) == YANDA_FERRY:
            return bool(tile.rotation == 0)
        return super().tile_fits_hex(entity, hex_, tile)
