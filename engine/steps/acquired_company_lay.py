"""A tile laid by a company as soon as a corporation acquires it (the reference's "track lay when company sold").

A company whose ``tile_lay`` ability is timed ``sold`` and that a corporation acquired this operating round
(``round.acquired_companies``, kept by the AcquireCompany step) lays its tile at once: the step blocks, with the
company as the acting entity, until it lays (or passes, when its ability does not block).  The acquiring
corporation is the spender.  A ``special`` ability's tile is placed, not built: it needs no connection, and only
its exits must face hexes on the map.  ``after_acquired_lay`` is the title's hook for what follows the lay
(1822Africa's game reserve pays a bonus and closes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.special_track import SpecialTrack

if TYPE_CHECKING:
    from engine.actions import Action, LayTile


class AcquiredCompanyLay(SpecialTrack):
    """The tile lay of a company just acquired by a corporation."""

    NAME: ClassVar[str] = "AcquiredCompanyLay"
    TILES_BY_POTENTIAL_TILES: ClassVar[bool] = True

    def pending_company(self) -> Any:
        """The first company acquired this round that still has its ``sold`` lay to make, or None."""
        for company in getattr(self.round, "acquired_companies", ()):
            if not company.closed and self.sold_ability(company) is not None:
                return company
        return None

    @staticmethod
    def sold_ability(company: Any) -> Any:
        """The company's unused ``tile_lay`` ability timed ``sold`` (read without asking the round's timing, which
        asks this step whether it blocks)."""
        return next((a for a in company.all_abilities() if a.type == "tile_lay" and "sold" in a.when
                     and (a.count is None or a.count > 0)), None)

    # --- step protocol ---------------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        company = self.pending_company()
        if company is None or entity is not company:
            return []
        return list(self.ACTIONS if self.sold_ability(company).blocks else self.ACTIONS_WITH_PASS)

    def blocks(self) -> bool:
        return self.pending_company() is not None

    def active_entities(self) -> list[Any]:
        company = self.pending_company()
        return [company] if company is not None else []

    def description(self) -> str:
        company = self.pending_company()
        return f"Lay Track for {company.name}" if company is not None else "Lay Track"

    def abilities(self, entity: Any, time: Any = None, **kwargs: Any) -> list[Any]:
        if entity is None or entity is not self.pending_company():
            return []
        return list(self.game.ability_rules.abilities(entity, "tile_lay", time="sold", **kwargs))

    def ability(self, entity: Any, **kwargs: Any) -> Any:
        found = self.abilities(entity, **kwargs)
        return found[0] if found else None

    # --- legality --------------------------------------------------------------------------------------
    def hex_neighbors(self, entity: Any, hex_: Any) -> list[int] | None:
        ability = self.ability(entity)
        if ability is None or (ability.hexes and hex_.id not in ability.hexes):
            return None
        if ability.special and hex_.tile.color != "white":
            return None
        return list(hex_.neighbors.keys())

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        """A ``special`` ability's tiles whatever the phase (each one the supply still has); otherwise the
        general answer."""
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        ability = self.ability(entity)
        if ability is None or not ability.special or not ability.tiles:
            return super().potential_tiles(entities, hex_)
        game = self.game
        tiles = [next((t for t in game.tiles if t.name == name), None) for name in ability.tiles]
        return [t for t in tiles if t is not None and game.track_rules.upgrades_to(hex_.tile, t, True)]

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        ability = self.ability(entity)
        if ability is not None and ability.special:
            return all(edge in hex_.neighbors for edge in tile.exits)
        return super().legal_tile_rotation(entities, hex_, tile)

    # --- actions ---------------------------------------------------------------------------------------
    def process_lay_tile(self, action: LayTile) -> None:
        game = self.game
        company = game.resolve_entity(action)
        ability = self.ability(company)
        if ability is None:
            raise IllegalAction(f"{game.entity_name(company)} has no tile to lay now")
        hex_ = game.hex_by_id(action.hex)
        if ability.hexes and hex_.id not in ability.hexes:
            raise IllegalAction(f"{company.name} cannot lay a tile on {hex_.id}")
        self.lay_tile(action, spender=company.owner)
        ability.use()
        self.after_acquired_lay(company, hex_)
        if ability.count is not None and ability.count <= 0 and ability.closed_when_used_up and not company.closed:
            game.company_rules.closing_after_using_ability(company)
            company.close()

    def process_pass(self, action: Action) -> None:
        game = self.game
        company = game.resolve_entity(action)
        ability = self.ability(company)
        if ability is None or ability.blocks:
            raise IllegalAction(f"{game.entity_name(company)} cannot pass")
        company.remove_ability(ability)
        game.log(f"{company.name} passes laying track")

    def after_acquired_lay(self, company: Any, hex_: Any) -> None:
        """What follows the lay (a title's hook)."""
        return None


__all__ = ["AcquiredCompanyLay"]
