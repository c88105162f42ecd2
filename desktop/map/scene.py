"""The map scene: one ``HexItem`` per hex, coordinate labels round the edges.

``set_game`` builds the items; ``refresh`` brings them up to date with another state of a
game (a later action, another point of history) and repaints only the hexes whose tile,
rotation, tokens or markers changed.  The scene never changes the game.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QPen, QTransform
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from desktop.map.geometry import DEFAULT_RADIUS, HexGeometry
from desktop.map.items import HexItem, assignment_badges, destinations_at, hex_render_key, map_font
from desktop.map.outline import board_outline, board_rings, rings_path
from desktop.map.route_items import RouteLine, RouteOverlay

__all__ = ["MapScene"]

#: Background behind the hexes, like the table under a board.
BACKGROUND = QColor("#F3EEE2")
_LABEL_COLOR = QColor("#5A5142")
_CLICK_SLOP = 6.0  # screen pixels a press may move and still count as a click

#: The outline of the hexes the viewed action changed.
CHANGED_COLOR = QColor("#1f6fb2")


class MapScene(QGraphicsScene):
    """All hexes of a game's map."""

    #: the user clicked a hex (its id, e.g. ``"G15"``)
    hex_clicked = Signal(str)
    #: the same click with where it was (scene coordinates): token slots, revenue centres
    hex_clicked_at = Signal(str, QPointF)

    def __init__(self, parent: Any = None, radius: float = DEFAULT_RADIUS) -> None:
        super().__init__(parent)
        self.radius = radius
        self.geometry = HexGeometry("pointy", radius)
        self._items: dict[str, HexItem] = {}
        self._labels: list[QGraphicsSimpleTextItem] = []
        self._press_screen_pos: QPointF | None = None
        self._map_rect = QRectF()
        #: the board's outline (the rings of the union of the hexes) and its drawn rim
        self.board_rings: list[list[tuple[float, float]]] = []
        self._outline_centers: list[tuple[float, float]] = []
        self.board_rim: QGraphicsPathItem | None = None
        self._currency_format = "%s"
        self._game: Any = None
        self._runs: list[tuple[str, str]] = []
        self._history_routes: RouteOverlay | None = None
        #: the hexes outlined as changed by the viewed action, and the routes drawn for it (train, hexes)
        self.changed_hexes: list[str] = []
        self.route_overlay: list[tuple[str, list[list[str]]]] = []
        self.setBackgroundBrush(BACKGROUND)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)

    # --- building and refreshing ----------------------------------------------------------------

    def set_game(self, game: Any) -> None:
        """Build the map of ``game`` (one item per hex), replacing whatever was shown."""
        self.clear()
        self._items = {}
        self._labels = []
        self._history_routes = None
        self.changed_hexes = []
        self.route_overlay = []
        self._game = game
        layout = str(getattr(game.spec, "layout", None) or (game.hexes[0].layout if game.hexes else "pointy"))
        self.geometry = HexGeometry(layout, self.radius)
        self._currency_format = _currency_format(game)
        phase_tiles = _phase_tiles(game)
        for hex_ in game.hexes:
            if getattr(hex_, "empty", False):
                continue
            item = HexItem(hex_.id, self.geometry, self.geometry.center(hex_.x, hex_.y))
            item.update_from(hex_, phase_tiles=phase_tiles, currency_format=self._currency_format,
                             assignments=assignment_badges(game, hex_))
            self.addItem(item)
            self._items[hex_.id] = item
        self._add_board_outline()
        self._add_coordinate_labels(game)
        self._map_rect = self.itemsBoundingRect()
        # Room round the map, so that any point of it can be brought under the cursor or to
        # the middle of the view when zooming and panning.
        w, h = self._map_rect.width(), self._map_rect.height()
        self.setSceneRect(self._map_rect.adjusted(-w, -h, w, h))

    @property
    def board_outline(self) -> list[Any]:
        """The board's outline as shapely polygons (one per island of hexes, biggest first; computed when asked:
        the drawn rim comes from :attr:`board_rings`)."""
        return board_outline(self.geometry, self._outline_centers)

    def _add_board_outline(self) -> None:
        """The board's edge round the hexes (their union): a soft shadow and a dark rim, under them."""
        centers = [(item.pos().x(), item.pos().y()) for item in self._items.values()]
        self._outline_centers = centers
        self.board_rings = board_rings(self.geometry, centers)
        path = rings_path(self.board_rings)
        r = self.geometry.radius
        shadow = QGraphicsPathItem(path)
        shadow.setPen(QPen(QColor(0, 0, 0, 40), r * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                           Qt.PenJoinStyle.RoundJoin))
        shadow.setBrush(Qt.BrushStyle.NoBrush)
        shadow.setPos(r * 0.04, r * 0.06)
        shadow.setZValue(-3.0)
        rim = QGraphicsPathItem(path)
        rim.setPen(QPen(QColor("#5b5142"), r * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.MiterJoin))
        rim.setBrush(Qt.BrushStyle.NoBrush)
        rim.setZValue(-2.0)
        for item in (shadow, rim):
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(item)
        self.board_rim = rim

    def refresh(self, game: Any) -> list[str]:
        """Show ``game``'s current state; returns the ids of the hexes that were redrawn.

        ``game`` may be another object than the one given to ``set_game`` (a snapshot at
        another point of history), as long as it is the same title and map.
        """
        self._game = game
        phase_tiles = _phase_tiles(game)
        changed: list[str] = []
        items = self._items
        for hex_ in game.hexes:
            item = items.get(hex_.id)
            if item is None:
                continue
            key = hex_render_key(hex_, phase_tiles)
            if key != item.render_key:
                item.update_from(hex_, phase_tiles=phase_tiles, currency_format=self._currency_format, key=key,
                                 assignments=assignment_badges(game, hex_))
                changed.append(hex_.id)
        return changed

    # --- lookups ------------------------------------------------------------------------------------

    def item_for_hex(self, hex_id: str) -> HexItem | None:
        return self._items.get(hex_id)

    def hex_items(self) -> list[HexItem]:
        return list(self._items.values())

    def hex_at(self, scene_pos: QPointF) -> str | None:
        """Id of the hex under ``scene_pos`` (None off the map)."""
        for item in self.items(scene_pos, Qt.ItemSelectionMode.ContainsItemShape,
                               Qt.SortOrder.DescendingOrder, QTransform()):
            if isinstance(item, HexItem):
                return item.hex_id
        return None

    def map_rect(self) -> QRectF:
        """The area of the hexes and their coordinate labels."""
        return QRectF(self._map_rect)

    # --- highlighting (for controllers) -----------------------------------------------------------

    def set_dimmed(self, hex_ids: Any) -> None:
        """Dim exactly these hexes (an empty collection undims all)."""
        wanted = set(hex_ids)
        for hex_id, item in self._items.items():
            item.set_dimmed(hex_id in wanted)

    def set_outlined(self, hex_ids: Any, color: QColor | str = "#E0302A") -> None:
        """Outline exactly these hexes in ``color``."""
        wanted = set(hex_ids)
        for hex_id, item in self._items.items():
            item.set_outline(color if hex_id in wanted else None)

    def focus_point(self, entity: Any) -> QPointF | None:
        """The middle of ``entity``'s network on the map: its placed station tokens, else its home hex(es);
        None for an entity with neither (a player, a company) -- a fitted map that scrolls is centred there."""
        hex_ids = [str(token.hex.id) for token in getattr(entity, "tokens", None) or []
                   if getattr(token, "used", False) and getattr(token, "hex", None) is not None]
        if not hex_ids:
            home = getattr(entity, "coordinates", None)
            hex_ids = [home] if isinstance(home, str) else [str(h) for h in home or []]
        items = [item for item in (self._items.get(h) for h in hex_ids) if item is not None]
        if not items:
            return None
        rect = items[0].sceneBoundingRect()
        for item in items[1:]:
            rect = rect.united(item.sceneBoundingRect())
        return rect.center()

    # --- the viewed action (history browsing) ---------------------------------------------------

    def show_action(self, game: Any, action: dict[str, Any] | None,
                    runs: list[tuple[str, str]] | None = None) -> None:
        """Outline the hexes ``action`` (a raw action dict, the last one applied in ``game``) changed, and
        draw the routes of a ``run_routes`` action, one colour and dash per train.  ``runs`` are the trains'
        names and revenues as the log wrote them, in route order (an export does not always carry the revenue,
        and a train's id does not always carry its printed name: 1846's "4/6" is "5-0")."""
        self._runs = list(runs or [])
        hexes = action_hexes(game, action) if action is not None else []
        hexes = [h for h in hexes if h in self._items]
        if hexes != self.changed_hexes:
            for hex_id in self.changed_hexes:
                item = self._items.get(hex_id)
                if item is not None:
                    item.set_outline(None)
            for hex_id in hexes:
                self._items[hex_id].set_outline(CHANGED_COLOR)
            self.changed_hexes = hexes
        routes = action_routes(action) if action is not None else []
        if routes != self.route_overlay:
            self._draw_routes(game, routes, action or {})

    def _draw_routes(self, game: Any, routes: list[tuple[str, list[list[str]]]], action: dict[str, Any]) -> None:
        self.route_overlay = routes
        entries = [r for r in action.get("routes", []) or [] if isinstance(r, dict)]
        raw = [r.get("revenue") for r in entries]
        runs = self._runs
        revenues = [runs[i][1] if i < len(runs) else (self._money(v) if v is not None else None)
                    for i, v in enumerate(raw)]
        names = [runs[i][0] if i < len(runs) else train.split("-")[0] for i, (train, _c) in enumerate(routes)]
        legs = _route_legs(game, entries) if routes else []
        lines = [RouteLine(names[i], i, segments=legs[i] if i < len(legs) else (), hex_chains=chains,
                           revenue=revenues[i] if i < len(revenues) else None)
                 for i, (_train, chains) in enumerate(routes)]
        if self._history_routes is None:
            self._history_routes = RouteOverlay(self)
        self._history_routes.show(lines)

    def route_items(self) -> list[Any]:
        """The overlay items drawn for the viewed ``run_routes`` (paths and labels)."""
        return list(self._history_routes.items) if self._history_routes is not None else []

    def _money(self, value: Any) -> str:
        try:
            return self._currency_format.replace("%s", str(int(value)))
        except (TypeError, ValueError):
            return str(value)

    # --- tooltips -----------------------------------------------------------------------------------

    def hex_tooltip(self, hex_id: str) -> str | None:
        """Name, tile, revenue and tokens of a hex in the shown state (HTML), for the view's tooltips."""
        game = self._game
        if game is None:
            return None
        try:
            hex_ = game.hex_by_id(hex_id)
        except Exception:
            return None
        return hex_tooltip_html(hex_, _phase_tiles(game), self._money, game)

    # --- coordinate labels --------------------------------------------------------------------------

    def _add_coordinate_labels(self, game: Any) -> None:
        hexes = [h for h in game.hexes if not getattr(h, "ignore_for_axes", False) and h.id in self._items]
        if not hexes:
            return
        g = self.geometry
        font = map_font(self.radius * 0.26, bold=True)
        metrics = QFontMetricsF(font)
        # placed beyond every hex drawn, the off-axis ones too (18 Los Angeles's gray off-board hexes above row A
        # and below row F are outside the axes but must not cover the column numbers)
        drawn = [h for h in game.hexes if h.id in self._items]
        left, top, right, bottom = g.bounds((h.x, h.y) for h in drawn)
        gap = self.radius * 0.3
        columns: dict[int, str] = {}
        rows: dict[int, str] = {}
        for h in hexes:
            columns.setdefault(h.x, str(h.column))
            rows.setdefault(h.y, str(h.row))
        for x, text in sorted(columns.items()):
            cx, _ = g.center(x, 0)
            for y in (top - gap - metrics.height() / 2, bottom + gap + metrics.height() / 2):
                self._add_label(text, font, metrics, cx, y)
        for y, text in sorted(rows.items()):
            _, cy = g.center(0, y)
            half = metrics.horizontalAdvance(text) / 2
            for x in (left - gap - half, right + gap + half):
                self._add_label(text, font, metrics, x, cy)

    def _add_label(self, text: str, font: Any, metrics: QFontMetricsF, x: float, y: float) -> None:
        label = QGraphicsSimpleTextItem(text)
        label.setFont(font)
        label.setBrush(_LABEL_COLOR)
        label.setPos(x - metrics.horizontalAdvance(text) / 2, y - metrics.height() / 2)
        label.setZValue(-1.0)
        self.addItem(label)
        self._labels.append(label)

    def coordinate_labels(self) -> list[tuple[str, QPointF]]:
        """The coordinate labels and their centres (for tests and overlays)."""
        return [(label.text(), label.sceneBoundingRect().center()) for label in self._labels]

    # --- clicks ---------------------------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mousePressEvent(event)
        # a press taken by an item of its own (a check mark, a dialog on the map) is not a hex click
        if event.button() == Qt.MouseButton.LeftButton and self.mouseGrabberItem() is None:
            self._press_screen_pos = QPointF(event.screenPos())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        press = self._press_screen_pos
        self._press_screen_pos = None
        if event.button() != Qt.MouseButton.LeftButton or press is None:
            return
        moved = QPointF(event.screenPos()) - press
        if abs(moved.x()) + abs(moved.y()) > _CLICK_SLOP:
            return
        hex_id = self.hex_at(event.scenePos())
        if hex_id is not None:
            self.hex_clicked.emit(hex_id)
            self.hex_clicked_at.emit(hex_id, QPointF(event.scenePos()))


def _phase_tiles(game: Any) -> tuple[str, ...]:
    phase = getattr(game, "phase", None)
    return tuple(str(t) for t in getattr(phase, "tiles", ()) or ())


def _currency_format(game: Any) -> str:
    spec = getattr(game, "spec", None)
    try:
        return str(spec.currency_format) if spec is not None else "%s"
    except AttributeError:
        return "%s"


def action_hexes(game: Any, action: dict[str, Any]) -> list[str]:
    """The hexes a raw action changed on the map (the tile laid, the token placed), in order.  Routes change
    no hex: they are drawn as an overlay instead (:func:`action_routes`)."""
    kind = action.get("type")
    hexes: list[str] = []
    if kind in ("lay_tile", "place_token", "remove_token", "assign") and isinstance(action.get("hex"), str):
        hexes.append(action["hex"])
    city = action.get("city")
    if kind in ("place_token", "remove_token") and city:
        try:
            hex_ = game.city_by_id(city).hex
        except Exception:
            hex_ = None
        if hex_ is not None and hex_.id not in hexes:
            hexes.append(str(hex_.id))
    return hexes


def _route_legs(game: Any, entries: list[dict[str, Any]]) -> list[list[Any]]:
    """The legs of each route of a ``run_routes`` action rebuilt on ``game`` (empty lists where they cannot
    be: a file storing hex ids only); the game is only read."""
    from engine.errors import GameError
    from engine.steps.route import build_routes

    try:
        built = build_routes(game, entries)
        return [list(route.connection_data()) for route in built]
    except (GameError, KeyError):
        return [[] for _ in entries]


def action_routes(action: dict[str, Any]) -> list[tuple[str, list[list[str]]]]:
    """The routes of a raw ``run_routes`` action: (train id, chains of hex ids), one per train."""
    if action.get("type") != "run_routes":
        return []
    routes = []
    for route in action.get("routes", []) or []:
        if not isinstance(route, dict):
            continue
        connections = [[str(h) for h in chain] for chain in route.get("connections", []) or [] if chain]
        if not connections and route.get("hexes"):
            connections = [[str(h) for h in route["hexes"]]]
        routes.append((str(route.get("train", "")), connections))
    return routes


def hex_tooltip_html(hex_: Any, phase_tiles: tuple[str, ...], money: Any, game: Any = None) -> str:
    """A hex's tooltip: coordinate and name, tile, revenue by phase colour, tokens and reservations."""
    import html

    tile = hex_.tile
    name = getattr(hex_, "location_name", None)
    title = f"{hex_.id}" + (f" {name}" if name else "")
    lines: list[str] = []
    tile_name = str(getattr(tile, "name", "") or "")
    color = str(getattr(tile, "color", "") or "")
    if tile_name and not getattr(tile, "preprinted", False):
        rotation = int(getattr(tile, "rotation", 0) or 0)
        lines.append(f"Tile #{tile_name} ({color}), rotation {rotation}" if color else f"Tile #{tile_name}")
    elif color:
        lines.append(f"Printed {color} hex")
    stops = list(getattr(tile, "city_towns", []) or []) + list(getattr(tile, "offboards", []) or [])
    seen: set[int] = set()
    for stop in stops:
        if id(stop) in seen:
            continue
        seen.add(id(stop))
        kind = type(stop).__name__.lower()
        revenue = getattr(stop, "revenue", {}) or {}
        values = sorted(set(revenue.values())) if isinstance(revenue, dict) else []
        if len(values) > 1:
            active = [c for c in ("diesel", "gray", "brown", "green", "yellow") if c in revenue and c in phase_tiles]
            text = " / ".join(f"{c} {money(v)}" for c, v in revenue.items())
            now = f" (now {money(revenue[active[0]])})" if active else ""
            lines.append(f"{kind.capitalize()}: revenue {text}{now}")
        elif values:
            lines.append(f"{kind.capitalize()}: revenue {money(values[0])}")
        tokens = getattr(stop, "tokens", None)
        if tokens is not None:
            names = [_token_words(t) for t in tokens if t is not None]
            free = sum(1 for t in tokens if t is None)
            text = ", ".join(names) if names else "none"
            lines.append(f"  tokens: {text}; {free} free slot{'s' if free != 1 else ''}")
            reserved = [str(getattr(r, "name", r)) for r in getattr(stop, "reservations", []) or [] if r is not None]
            if reserved:
                lines.append(f"  reserved for {', '.join(reserved)}")
    upgrades = [u for u in getattr(tile, "upgrades", []) or [] if getattr(u, "cost", 0)]
    for u in upgrades:
        terrain = ", ".join(str(t) for t in getattr(u, "terrains", []) or []) or "terrain"
        lines.append(f"{terrain.capitalize()}: {money(u.cost)} to lay")
    label = str(getattr(tile, "label", "") or "")
    if label:
        lines.append(f"Label {label}")
    icons = [str(getattr(i, "name", "") or "") for i in getattr(tile, "icons", []) or []]
    icons = [name.rsplit("/", 1)[-1].replace("_", " ") for name in icons if name]
    if icons:
        lines.append(f"Marked: {', '.join(icons)}")
    blockers = [str(getattr(b, "name", b)) for b in getattr(tile, "blockers", []) or [] if not getattr(b, "closed", False)]
    if blockers:
        lines.append(f"Blocked by {', '.join(blockers)}")
    assigned = [str(key) for key in getattr(hex_, "assignments", None) or ()]
    if assigned:
        lines.append(f"Marked for {', '.join(assigned)}")
    for corporation in destinations_at(game, hex_) if game is not None else ():
        lines.append(f"Destination of {corporation.name}: its destination token goes here once its home connects")
    parts = [f"<b>{html.escape(title)}</b>", *(html.escape(line).replace("  ", "&nbsp;&nbsp;") for line in lines)]
    return "<br>".join(parts)


def _token_words(token: Any) -> str:
    """A placed token in a tooltip: its corporation, or "neutral station (of CN)" for 1882's neutral stations."""
    if getattr(token, "type", None) == "blocking" and getattr(token, "corporation", None) is None:
        return "blocked slot"
    name = str(getattr(getattr(token, "corporation", None), "name", "?"))
    if getattr(token, "type", None) != "neutral":
        return name
    # 18GA's stations belong to a stand-in "N"; 1882's to CN, whose rules count them
    return "neutral station" if name in ("N", "Neutral") else f"neutral station (of {name})"
