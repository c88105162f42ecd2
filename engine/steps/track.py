"""The Track step: the operating corporation lays or upgrades tiles, as the title's ``tile_lays`` allow."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.steps.tracker import Tracker

if TYPE_CHECKING:
    from engine.actions import LayTile


class Track(Tracker):
    """Lay track (the reference's ``Step::Track``).  Offered while ``can_lay_tile`` holds; the step
    passes itself once the corporation cannot lay any more."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("lay_tile", "pass")
    NAME: ClassVar[str] = "Track"

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        if getattr(entity, "is_company", False) or not self.can_lay_tile(entity):
            return []
        return list(self.ACTIONS)

    def description(self) -> str:
        tile_lay = self.get_tile_lay(self.current_entity())
        if tile_lay is None:
            return "Lay Track"
        if tile_lay["lay"] and tile_lay["upgrade"]:
            return "Lay/Upgrade Track"
        if tile_lay["lay"]:
            return "Lay Track"
        return "Upgrade Track"

    def pass_description(self) -> str:
        return "Done (Track)" if self.acted else "Skip (Track)"

    def process_lay_tile(self, action: LayTile) -> None:
        self.lay_tile_action(action)
        if not self.can_lay_tile(self.game.resolve_entity(action)):
            self.pass_()

    def available_hex(self, entities: Any, hex_: Any) -> list[int] | None:
        """The reached edges of ``hex_`` if the entity may lay there now (for the GUI), else None."""
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        return self.tracker_available_hex(entity, hex_)
