"""Station tokens: drag the operating corporation's token (the chip in the action bar) onto a city slot, or
click the slot.

While a token may be placed, every city slot that can take it is lit on the map with its price; a dragged token
shows a ghost over a legal slot; any other slot refuses the drop (or the click) and says why.  Home tokens
(a corporation whose home city must be chosen), private-company tokens (placed by the company for its
corporation: pick "Token with <company>" in the action bar) and 1846's token-with-track step all come from the
engine's ``PlaceTokenMove``s."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, QPointF, Signal

from desktop.controllers.base import Controller
from desktop.map.snapping import nearest_target
from desktop.map.token_items import SlotMarkerItem, TokenGhostItem
from desktop.panels.action_bar import BarButton, literal
from desktop.panels.token_chip import TOKEN_MIME, TokenChip, read_token
from engine.moves.token import PlaceTokenMove

if TYPE_CHECKING:
    from engine.moves import LegalMoves

__all__ = ["CONTROLLERS", "TokenController"]

#: the city-circle radius of the map drawing, in hex radii (desktop.map.items._CITY_R / 100)
SLOT_RADIUS = 0.25


class TokenController(Controller):
    changed = Signal()

    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        self.places: list[PlaceTokenMove] = []
        self.placers: list[tuple[str, Any]] = []
        self.placer: tuple[str, Any] | None = None
        #: the kind of token to place when the placer has several (1882: its own or the neutral station)
        self.token_type = "normal"
        self.markers: dict[tuple[str, int], SlotMarkerItem] = {}
        self.ghost: TokenGhostItem | None = None
        self.chip: TokenChip | None = None
        window.map_view.drop_handlers[TOKEN_MIME] = self

    # --- state ------------------------------------------------------------------------------------------
    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        self._remove_ghost()
        self.places = [m for m in moves.of_type("place_token") if isinstance(m, PlaceTokenMove)] if moves else []
        placers: list[tuple[str, Any]] = []
        acting = list(moves.acting) if moves else []
        for ref in acting + [(m.entity_type, m.entity) for m in self.places]:
            if ref not in placers and any((m.entity_type, m.entity) == ref for m in self.places):
                placers.append(ref)
        self.placers = placers
        if self.placer not in placers:
            self.placer = placers[0] if placers else None
        kinds = self.token_types()
        if self.token_type not in kinds:
            self.token_type = kinds[0] if kinds else "normal"
        self._refresh()

    def token_types(self) -> list[str]:
        """The kinds of token the placer may place now, in the engine's order ("normal" first)."""
        kinds: list[str] = []
        for move in self.places:
            if (move.entity_type, move.entity) == self.placer and move.token_type not in kinds:
                kinds.append(move.token_type)
        return kinds

    def set_token_type(self, kind: str) -> None:
        if kind in self.token_types():
            self.token_type = kind
            self._refresh()
            self.message.emit(f"Placing a {kind} token: click or drop on a lit slot")
            self.changed.emit()

    def my_places(self) -> list[PlaceTokenMove]:
        return [m for m in self.places if (m.entity_type, m.entity) == self.placer
                and (m.token_type == self.token_type or len(self.token_types()) < 2)]

    def set_placer(self, ref: tuple[str, Any]) -> None:
        if ref in self.placers:
            self.placer = ref
            self._refresh()
            moves = self.my_places()
            whose = self._name(("corporation", moves[0].tokener)) if moves else ""
            self.message.emit(f"Placing {whose}'s token with {self._name(ref)}: click or drop on a lit slot")
            self.changed.emit()

    def _refresh(self) -> None:
        self._show_markers()
        self._show_chip()

    # --- what a slot means ------------------------------------------------------------------------------
    def slot_under(self, hex_id: str | None, scene_pos: QPointF) -> tuple[str, int] | None:
        """(city id, slot index) of the drawn token slot under ``scene_pos``."""
        if hex_id is None:
            return None
        item = self.window.map_scene.item_for_hex(hex_id)
        if item is None or item.drawing is None:
            return None
        found = item.slot_at(scene_pos)
        if found is None or found[0] >= len(item.drawing.slot_city_ids):
            return None
        return item.drawing.slot_city_ids[found[0]], found[1]

    def _nearest_city(self, hex_id: str, scene_pos: QPointF, cities: set[str]) -> str | None:
        """Of ``cities`` on ``hex_id``, the one a drop beside the slots meant: the nearest by its slots (shapely),
        within half a hex radius and clearly nearer than the others."""
        item = self.window.map_scene.item_for_hex(hex_id)
        drawing = item.drawing if item is not None else None
        if drawing is None or scene_pos is None:
            return None
        origin = item.pos()
        groups = {city: [(origin.x() + x, origin.y() + y) for x, y in drawing.slot_positions[i]]
                  for i, city in enumerate(drawing.slot_city_ids) if city in cities}
        found = nearest_target((scene_pos.x(), scene_pos.y()), groups, drawing.geometry.radius * 0.5)
        return str(found[0]) if found is not None else None

    def target(self, hex_id: str | None, scene_pos: QPointF) -> tuple[PlaceTokenMove | None, Any, str | None]:
        """The move a click or drop at ``scene_pos`` makes, the slot it names (an index, or a cheater ability's
        mark: ``_clicked_slot``), or why there is none."""
        if self.moves is None:
            return None, None, "You cannot place a token now (viewing the past or the game is over)"
        mine = self.my_places()
        if not mine:
            return None, None, f"No token can be placed now: {self.moves.description}"
        if hex_id is None:
            return None, None, "Drop the token on a city"
        under = self.slot_under(hex_id, scene_pos)
        if under is None:
            cities = {m.city for m in mine if m.hex == hex_id}
            if len(cities) == 1:  # a hex with one legal city: anywhere on it will do
                move = next(m for m in mine if m.hex == hex_id)
                return move, move.slot, None
            if cities:
                snapped = self._nearest_city(hex_id, scene_pos, cities)
                if snapped is not None:
                    city = snapped
                    move = next(m for m in mine if m.city == city)
                    return move, move.slot, None
                return None, None, f"{hex_id} has {len(cities)} cities that can take the token: drop it on one"
            return None, None, self._refusal(hex_id, None)
        city, slot = under
        found = [m for m in mine if m.city == city]
        if not found:
            return None, None, self._refusal(hex_id, city)
        # The action names the slot clicked, as 18xx.games records it (an occupied one in its older games, a slot
        # reserved for another corporation, one beyond the printed slots for Dewey, Cheatham & Howe); the engine,
        # like the site's, puts the token in the city's slot for it whatever the action's slot says.
        return found[0], self._clicked_slot(found[0], slot), None

    def _clicked_slot(self, move: PlaceTokenMove, slot: int) -> Any:
        """The slot the action names for a click on ``slot``: a token that may go into a full city (18USA's Free
        Station, a "cheater" ability) placed by clicking a taken slot names the ability's own mark instead (the
        site's client writes ``true``, or 18India's slot number), so the game's file reads as the site's."""
        game = self.session.live
        try:
            city = game.city_by_id(move.city)
            taken = city is not None and 0 <= slot < len(city.tokens) and city.tokens[slot] is not None
        except Exception:  # a city the game does not know
            return slot
        if not taken:
            return slot
        entity = self._entity((move.entity_type, move.entity))
        for ability in game.ability_rules.abilities(entity, "token"):
            mark = getattr(ability, "cheater_mark", None)
            if mark is not None:
                return mark
        return slot

    def _refusal(self, hex_id: str, city: str | None) -> str:
        assert self.moves is not None
        for u in self.moves.unusable:
            if u.kind == "token" and u.hex == hex_id and (city is None or u.id == city):
                return u.reason[0].upper() + u.reason[1:]
        who = self._name(self.placer)
        mine = self.my_places()
        lit = sorted({m.hex for m in mine})
        where = f" (it can go on {', '.join(lit)})" if lit else ""
        if city is None:
            return f"{who} cannot place a token on {hex_id}{where}"
        why = self._city_reason(hex_id, city, mine[0].tokener if mine else None)
        return f"{who} cannot place a token in that city of {hex_id}: {why}{where}"

    def _city_reason(self, hex_id: str, city_id: str, tokener: str | None) -> str:
        """Why the corporation's token cannot go into that city (full, already there ...), read from the city."""
        game = self.session.live
        corporation = self._entity(("corporation", tokener)) if tokener else None
        try:
            city = next(c for c in game.hex_by_id(hex_id).tile.cities if str(c.id) == city_id)
        except Exception:  # a hex or city the game does not know
            return "no token can go there now"
        if corporation is None:
            return "no token can go there now"
        error = city.tokenable_error(corporation, free=True)
        if error == "existing_token":
            return f"{corporation.name} already has a token on {hex_id}"
        if error == "no_slots":
            return "every slot is taken"
        if error == "blocked_reservation":
            return "the open slots are reserved"
        if error == "no_tokens":
            return f"{corporation.name} has no token left"
        return f"it is not connected to {corporation.name}'s track"

    # --- clicks -----------------------------------------------------------------------------------------
    def handle_click(self, hex_id: str, scene_pos: Any) -> bool:
        if self.moves is None or not self.my_places():
            return False
        track = self._track()
        if track is not None and (track.pending is not None or track.selected_hex is not None
                                  or track.chosen_tile is not None):
            return False  # a tile lay is under way: its clicks rotate or place the tile
        under = self.slot_under(hex_id, scene_pos)
        lays_here = self._lays_on(hex_id)
        if under is None and lays_here:
            return False  # a click off the slots of a hex that takes a tile lays a tile
        move, slot, reason = self.target(hex_id, scene_pos)
        if move is not None and move.entity_type == "company" and self._editing_routes():
            return False  # a private's token (18 Los Angeles's LA Title) waits while the trains' routes are drawn
        if move is None:
            if lays_here or (under is None and not any(m.hex == hex_id for m in self.my_places())
                             and self._lays_anywhere()):
                return False
            if self._editing_routes():
                return False  # a private's token ability is open while the trains run: clicks edit the routes
            self.refuse(reason or "")
            return True
        self.place(move, slot)
        return True

    def _editing_routes(self) -> bool:
        play = getattr(self.window, "play", None)
        routes = play.by_name.get("RoutesController") if play is not None else None
        return bool(routes is not None and getattr(routes, "routing", False)
                    and getattr(routes, "selected", None) is not None)

    def _lays_on(self, hex_id: str) -> bool:
        track = self._track()
        return bool(track is not None and track.moves_for(hex_id))

    def _lays_anywhere(self) -> bool:
        track = self._track()
        return bool(track is not None and track.my_lays())

    def _track(self) -> Any:
        play = getattr(self.window, "play", None)
        return play.by_name.get("TrackController") if play is not None else None

    def place(self, move: PlaceTokenMove, slot: Any = None) -> bool:
        action: dict[str, Any] = {**move.base(), "city": move.city, "slot": move.slot if slot is None else slot}
        if move.tokener:
            action["tokener"] = move.tokener
        if move.token_type != "normal":
            action["token_type"] = move.token_type
        self._remove_ghost()
        ok = self.submit(action)
        if ok:
            self.message.emit("")  # the hover's "drop to place" is stale now
        self.changed.emit()
        return ok

    # --- drop target (desktop.map.view.DropHandler) -------------------------------------------------------
    def drag_over(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> str | None:
        payload = read_token(mime)
        if payload is not None:
            self._follow(payload)
        move, slot, reason = self.target(hex_id, scene_pos)
        for marker in self.markers.values():
            marker.set_hot(False)
        if move is None:
            self._remove_ghost()
            self.message.emit(reason or "")
            return reason or "No token can go there"
        key = (move.city, move.slot if slot is None or isinstance(slot, bool) else slot)
        marker = self.markers.get(key) or self.markers.get((move.city, move.slot))
        if marker is not None:
            marker.set_hot(True)
            self._show_ghost(move, marker.pos())
        self.message.emit(self._describe(move) + ": drop to place")
        return None

    def drag_left(self) -> None:
        self._remove_ghost()
        for marker in self.markers.values():
            marker.set_hot(False)

    def dropped(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> bool:
        payload = read_token(mime)
        if payload is not None:
            self._follow(payload)
        self.drag_left()
        move, slot, reason = self.target(hex_id, scene_pos)
        if move is not None and move.entity_type == "company" and self._editing_routes():
            return False  # a private's token (18 Los Angeles's LA Title) waits while the trains' routes are drawn
        if move is None:
            return self.refuse(reason or "No token can go there")
        return self.place(move, slot)

    def _follow(self, payload: dict[str, Any]) -> None:
        ref = (str(payload.get("entity_type")), payload.get("entity"))
        if ref != self.placer and ref in self.placers:
            self.placer = ref
            self._show_markers()

    # --- drawing --------------------------------------------------------------------------------------------
    def _show_markers(self) -> None:
        scene = self.window.map_scene
        for marker in self.markers.values():
            if marker.scene() is scene:
                scene.removeItem(marker)
        self.markers = {}
        if self.moves is None:
            return
        r = scene.geometry.radius * SLOT_RADIUS
        for move in self.my_places():
            item = scene.item_for_hex(move.hex)
            if item is None or item.drawing is None or move.city not in item.drawing.slot_city_ids:
                continue
            positions = item.drawing.slot_positions[item.drawing.slot_city_ids.index(move.city)]
            if not positions:
                continue
            x, y = positions[min(move.slot, len(positions) - 1)]
            price = self.session.live.format_currency(move.cost) if move.cost else ""
            marker = SlotMarkerItem(item.mapToScene(QPointF(x, y)), r, price, self._describe(move))
            scene.addItem(marker)
            self.markers[(move.city, move.slot)] = marker

    def _show_ghost(self, move: PlaceTokenMove, where: QPointF) -> None:
        self._remove_ghost()
        corporation = self._entity(("corporation", move.tokener))
        color = str(getattr(corporation, "color", "") or "#888888")
        text_color = str(getattr(corporation, "text_color", "") or "")
        r = self.window.map_scene.geometry.radius * SLOT_RADIUS
        self.ghost = TokenGhostItem(where, r, color, str(getattr(corporation, "name", move.tokener)), text_color)
        self.window.map_scene.addItem(self.ghost)

    def _remove_ghost(self) -> None:
        if self.ghost is not None and self.ghost.scene() is self.window.map_scene:
            self.window.map_scene.removeItem(self.ghost)
        self.ghost = None

    def _show_chip(self) -> None:
        bar = self.window.action_bar
        mine = self.my_places()
        if self.moves is None or not mine or self.placer is None:
            self.chip = None
            bar.set_tools([], "token")
            return
        tokener = mine[0].tokener
        corporation = self._entity(("corporation", tokener))
        left = sum(1 for t in getattr(corporation, "tokens", []) if not getattr(t, "used", False))
        prices = sorted({m.cost for m in mine})
        fmt = self.session.live.format_currency
        cost = fmt(prices[0]) if len(prices) == 1 else f"{fmt(prices[0])}-{fmt(prices[-1])}"
        who = self._name(self.placer)
        tip = (f"{who}: drag this {self._name(('corporation', tokener))} token onto a lit city slot (or click the "
               f"slot); {cost if prices != [0] else 'free'}; {left} token(s) left")
        payload = {"entity_type": self.placer[0], "entity": self.placer[1], "tokener": tokener}
        chip = TokenChip(payload, str(getattr(corporation, "color", "") or "#888888"),
                         str(getattr(corporation, "name", tokener)), str(getattr(corporation, "text_color", "") or ""),
                         f"{left} left", tip)
        chip.clicked.connect(self._chip_clicked)
        self.chip = chip
        bar.set_tools([chip], "token")

    def _chip_clicked(self) -> None:
        hexes = sorted({m.hex for m in self.my_places()})
        self.message.emit(f"{self._name(self.placer)}: a token can go on {', '.join(hexes)} "
                          "(lit on the map): click a lit slot or drag the token there")

    def buttons(self) -> list[BarButton]:
        found: list[BarButton] = []
        kinds = self.token_types()
        if len(kinds) > 1:
            for kind in kinds:
                if kind == self.token_type:
                    continue
                found.append(BarButton(f"token_type_{kind}", literal(f"Use {kind} token"),
                                       lambda k=kind: self.set_token_type(k),
                                       f"Place a {kind} token instead of a {self.token_type} one"))
        if len(self.placers) > 1:
            for ref in self.placers:
                if ref == self.placer:
                    continue
                name = self._name(ref)
                found.append(BarButton(f"token_with_{ref[1]}", literal(f"Token with {name}"),
                                       lambda r=ref: self.set_placer(r),
                                       f"Place a token with {name} (its own cities and price)"))
        return found

    # --- names ----------------------------------------------------------------------------------------------
    def _entity(self, ref: tuple[str, Any] | None) -> Any:
        if ref is None:
            return None
        try:
            return self.session.live.entity_by(*ref)
        except Exception:  # an id the game does not know
            return None

    def _name(self, ref: tuple[str, Any] | None) -> str:
        entity = self._entity(ref)
        return str(getattr(entity, "name", ref[1] if ref else "nobody"))

    def _describe(self, move: PlaceTokenMove) -> str:
        price = f" for {self.session.live.format_currency(move.cost)}" if move.cost else " (free)"
        whose = self._name(("corporation", move.tokener))
        by = "" if move.tokener == str(move.entity) else f" with {self._name((move.entity_type, move.entity))}"
        return f"{whose}: place a token on {move.hex}{price}{by}"

    def dispose(self) -> None:
        self._remove_ghost()
        scene = self.window.map_scene
        for marker in self.markers.values():
            if marker.scene() is scene:
                scene.removeItem(marker)
        self.markers = {}
        if self.window.map_view.drop_handlers.get(TOKEN_MIME) is self:
            del self.window.map_view.drop_handlers[TOKEN_MIME]
        self.window.action_bar.set_tools([], "token")
        super().dispose()


CONTROLLERS = [TokenController]
