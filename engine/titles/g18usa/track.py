"""18USA's track: resource tiles (engine/titles/g18usa/resources.py), the Denver metropolis tile turned once after
it is laid, the Track Engineers' three lays, plain track upgraded past a colour for $10 a colour skipped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.titles.g1817.operating import Track1817
from engine.titles.g1817.volatility import TrackRulesVolatility
from engine.titles.g18usa import data, resources

if TYPE_CHECKING:
    from engine.actions import LayTile

COLORS = ("white", "yellow", "green", "brown", "gray")

#: the Track Engineers (P7): three lays, one an upgrade; the second costs $20, the third nothing
TRACK_ENGINEER_TILE_LAYS = (
    {"lay": True, "upgrade": True},
    {"lay": True, "upgrade": "not_if_upgraded", "cost": 20, "cannot_reuse_same_hex": True},
    {"lay": True, "upgrade": "not_if_upgraded", "cost": 0, "cannot_reuse_same_hex": True},
)


def laying_corporation(game: Any) -> Any:
    entity = game.round.current_entity() if callable(getattr(game.round, "current_entity", None)) else None
    if entity is not None and not getattr(entity, "is_corporation", False):
        owner = getattr(entity, "owner", None)
        entity = owner if getattr(owner, "is_corporation", False) else entity
    return entity


class TrackRules18USA(TrackRulesVolatility):
    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        if any(c.id == "P7" for c in getattr(entity, "companies", ())):
            return TRACK_ENGINEER_TILE_LAYS
        return super().tile_lays(entity)

    def upgrade_context(self) -> Any:
        entity = laying_corporation(self.game)
        return (getattr(entity, "id", None), tuple(a.count for c in getattr(entity, "companies", ())
                                                   for a in c.all_abilities() if a.type == "tile_lay"),
                str(self.game.phase.name))

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        game = self.game
        if new.name in data.ORE20_TILES:
            return "green" in game.phase.tiles and old.name in data.ORE10_TILES
        if new.color == "yellow" and resources.is_resource_tile(new):
            entity = laying_corporation(game)
            companies = list(getattr(entity, "companies", ()))
            return old.color == "white" and resources.can_lay_resource_tile(old, new, companies)
        if old.name == "X04s":
            return new.name == "X04"
        return super().upgrades_to(old, new, special)

    def upgrade_cost(self, tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        """A resource marker saves the terrain fee its ability names (the Lehigh coal mine: $15)."""
        game = self.game
        corporation = entity
        owner = getattr(entity, "owner", None)
        if not getattr(entity, "is_corporation", False) and getattr(owner, "is_corporation", False):
            corporation = owner
        ability = None
        if hex_.tile.color == "yellow" and resources.is_resource_tile(hex_.tile):
            found = resources.abilities_to_lay(hex_, hex_.tile, list(getattr(corporation, "companies", ())))
            ability = next((a for a in found.values() if a is not None and a.discount > 0), None)
        if ability is None:
            return super().upgrade_cost(tile, hex_, entity, spender)
        total = sum(u.cost for u in tile.upgrades)
        if total == 0:
            return 0
        game.log(f"{spender.name} receives a discount of {game.format_currency(ability.discount)} from "
                 f"{ability.owner.name}")
        return int(total - ability.discount)


class Track18USA(Track1817):
    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        game = self.game
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        tile = game.tile_by_id(getattr(action, "tile", None))
        previous = hex_.tile
        acting = entity if entity is not None else game.resolve_entity(action)
        corporation = acting if getattr(acting, "is_corporation", False) else getattr(acting, "owner", acting)
        if not previous.cities and tile.color != previous.color:
            extra_cost += 10 * (COLORS.index(tile.color) - COLORS.index(previous.color) - 1)
        # the resource tile's hex is priced on the white hex: the markers' discount is found before the lay
        companies = list(getattr(corporation, "companies", ()))
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        if resources.is_resource_tile(tile) and tile.color == "yellow" and tile.name not in data.ORE20_TILES:
            resources.consume(game, hex_, tile, companies)


__all__ = ["Track18USA", "TrackRules18USA"]
