"""Removing a station token from the map (``remove_token``; 1882's North West Rebellion moves a token this way):
the action bar offers "Remove token from <hex>" for each token that may go, and a click on that token's slot
removes it too (unless a tile lay is under way or routes are being drawn: those clicks are theirs)."""

from __future__ import annotations

from typing import Any

from desktop.controllers.base import Controller
from desktop.controllers.dialog_base import OWN_DIALOG_STEPS
from desktop.panels.action_bar import BarButton, literal
from engine.moves import LegalMoves
from engine.moves.token import RemoveTokenMove

__all__ = ["CONTROLLERS", "RemoveTokenController"]


def city_number(city_id: str) -> str:
    """A city's number within its tile, counted from 1 ("X12-0-1" is the tile's second city)."""
    last = str(city_id).rsplit("-", 1)[-1]
    return str(int(last) + 1) if last.isdigit() else str(city_id)


class RemoveTokenController(Controller):
    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        self.removals: list[RemoveTokenMove] = []

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        self.removals = ([m for m in moves.of_type("remove_token") if isinstance(m, RemoveTokenMove)]
                         if moves and moves.step not in OWN_DIALOG_STEPS else [])
        if self.removals:
            rule = self._limit_rule()
            if rule:
                self.message.emit(rule)

    def _limit_rule(self) -> str:
        """What a corporation above its token limit must do (a merger game's new major), or ""."""
        step = self.session.live.round.active_step()
        limit = getattr(getattr(step, "merger", None), "limit", None)
        if not limit:
            return ""
        who = self._name(self.removals[0])
        return (f"{who} has more stations than its limit of {limit}: click a station token on the map (or a "
                "Remove button) to take it off; the stations kept must be in different hexes.")

    def remove(self, move: RemoveTokenMove) -> bool:
        ok = self.submit({**move.base(), "city": move.city, "slot": move.slot})
        if ok:
            self.message.emit("")
        return ok

    def handle_click(self, hex_id: str, scene_pos: Any) -> bool:
        found = [m for m in self.removals if m.hex == hex_id]
        if not found:
            return False
        play = getattr(self.window, "play", None)
        track = play.by_name.get("TrackController") if play is not None else None
        if track is not None and (track.pending is not None or track.selected_hex is not None
                                  or track.chosen_tile is not None):
            return False  # a tile lay is under way: its clicks rotate or place the tile
        routes = play.by_name.get("RoutesController") if play is not None else None
        if routes is not None and getattr(routes, "routing", False):
            return False  # the trains' routes are being drawn: clicks edit them (the bar's button still removes)
        item = self.window.map_scene.item_for_hex(hex_id)
        under = item.slot_at(scene_pos) if item is not None and item.drawing is not None else None
        if under is None:
            return False
        city_ids = item.drawing.slot_city_ids
        city = city_ids[under[0]] if under[0] < len(city_ids) else None
        move = next((m for m in found if m.city == city and m.slot == under[1]), None)
        if move is None:
            return False
        return self.remove(move)

    def buttons(self) -> list[BarButton]:
        found: list[BarButton] = []
        hexes = [m.hex for m in self.removals]
        for i, move in enumerate(self.removals):
            who = self._name(move)
            text = f"Remove token from {move.hex}"
            if hexes.count(move.hex) > 1:  # a hex of several cities (18USA's New York): say which one
                text += f" (city {city_number(move.city)})"
            found.append(BarButton(
                f"remove_token{'' if i == 0 else i}", literal(text),
                lambda m=move: self.remove(m),
                f"{who}: take this station token off {move.hex} (city {move.city}, slot {move.slot})"))
        return found

    def _name(self, move: RemoveTokenMove) -> str:
        try:
            entity = self.session.live.entity_by(move.entity_type, move.entity)
        except Exception:  # an id the game does not know
            return str(move.entity)
        return str(getattr(entity, "name", move.entity))


CONTROLLERS = [RemoveTokenController]
