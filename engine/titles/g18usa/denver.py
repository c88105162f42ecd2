"""18USA's Denver metropolis: its yellow tile (X04s) is laid at set-up without a settled orientation; the first
corporation started there, or the first track laid towards it, turns it (the tile is replaced by X04 at the
chosen rotation, free).  ``DenverTrack`` takes that lay whenever one is pending (``round.pending_tracks``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.tracker import Tracker

if TYPE_CHECKING:
    from engine.actions import LayTile

DENVER = "E11"


def denver_unsettled(game: Any) -> bool:
    return bool(getattr(game, "metro_denver", False) and game.hex_by_id(DENVER).tile.name == "X04s")


def queue_denver(game: Any, entity: Any) -> None:
    pending = getattr(game.round, "pending_tracks", None)
    if pending is not None:
        pending.append({"entity": entity, "hexes": [game.hex_by_id(DENVER)]})


class DenverTrack(Tracker):
    ACTIONS: ClassVar[tuple[str, ...]] = ("lay_tile",)
    NAME: ClassVar[str] = "DenverTrack"

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["pending_tracks"] = []
        return state

    def pending_track(self) -> dict[str, Any]:
        pending = getattr(self.round, "pending_tracks", None)
        return pending[0] if pending else {}

    def pending_entity(self) -> Any:
        return self.pending_track().get("entity")

    def description(self) -> str:
        return "Choose Denver track orientation"

    def actions(self, entity: Any) -> list[str]:
        pending = self.pending_entity()
        return list(self.ACTIONS) if pending is not None and entity is pending else []

    def active(self) -> bool:
        return self.pending_entity() is not None

    def current_entity(self) -> Any:
        return self.pending_entity()

    def active_entities(self) -> list[Any]:
        return [self.pending_entity()]

    def override_entities(self) -> list[Any]:
        return self.active_entities()

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        if any(h is hex_ for h in self.pending_track().get("hexes", [])):
            return list(hex_.neighbors.keys())
        return None

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        return True

    def check_track_restrictions(self, entity: Any, old_tile: Any, new_tile: Any) -> None:
        return None

    def process_lay_tile(self, action: LayTile) -> None:
        hex_ = self.game.hex_by_id(getattr(action, "hex", None))
        if self.available_hex(self.pending_entity(), hex_) is None:
            raise IllegalAction(f"{hex_.id} is not the Denver hex to turn")
        self.lay_tile(action)
        self.round.pending_tracks.pop(0)  # type: ignore[attr-defined]

__all__ = ["DENVER", "DenverTrack", "denver_unsettled", "queue_denver"]
