"""1822PNW's assignments: the paper mill (P15) goes on a city hex next to a forest its track reaches, the ski haus
(P17) on a mountain hex; neither shares a hex with the other or with the coal mine."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.steps.assign import Assign


class AssignPNW(Assign):
    def excluded(self, entity: Any, hex_: Any) -> bool:
        game: Any = self.game
        if game.coal_hex(hex_):
            return True
        other = game.SKI_COMPANY if entity.sym == game.MILL_COMPANY else game.MILL_COMPANY
        return bool(hex_.assigned(other))

    def process_assign(self, action: Any) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        if getattr(action, "target_type", None) == "hex" and entity.sym in (game.MILL_COMPANY, game.SKI_COMPANY):
            hex_ = game.hex_by_id(action.target)
            if self.excluded(entity, hex_):
                raise IllegalAction(f"Cannot place {entity.name} in {hex_.id}")
        super().process_assign(action)

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        game: Any = self.game
        sym = getattr(entity, "sym", None)
        if sym not in (game.MILL_COMPANY, game.SKI_COMPANY):
            return super().available_hex(entity, hex_)
        ability = game.ability_rules.ability(entity, "assign_hexes")
        if ability is None or hex_.id not in ability.hexes or self.excluded(entity, hex_):
            return None
        if sym == game.SKI_COMPANY:
            return super().available_hex(entity, hex_)
        for edge in hex_.tile.exits:
            neighbor = hex_.neighbors.get(edge)
            if neighbor is not None and (edge + 3) % 6 in neighbor.tile.exits and neighbor.assigned("forest"):
                return list(hex_.neighbors.keys())
        return None
