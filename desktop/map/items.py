"""Map items: one ``HexItem`` per hex, painting the hex's current tile as vector art.

Items only paint (and say which hex they are); clicks are reported by the scene.

The art of a tile is prepared once per change by :class:`TileDrawing` (positions of
cities and towns, track curves, where the small things go) and then painted from those
primitives, so repainting at any zoom is cheap and crisp.  ``TileDrawing.build`` works for a
tile that is not on the map too (a tile tray, a drag ghost).

Sizes below are in scene units for a hex of radius 100 (centre to corner) and scale with
the geometry's radius.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.map.geometry import HexGeometry, Point, edge_of_loc, polar
from desktop.map.glyphs import glyph_for, glyph_name

__all__ = [
    "PHASE_COLORS",
    "TILE_COLORS",
    "AssignmentBadge",
    "HexItem",
    "TileDrawing",
    "assignment_badges",
    "hex_render_key",
    "legible_scale",
    "map_font",
]

# ---------------------------------------------------------------------------------------------
# Colours
# ---------------------------------------------------------------------------------------------

#: Background of a tile by its colour name, as on the printed boards.
TILE_COLORS: dict[str, str] = {
    "white": "#EDE4CC",
    "yellow": "#F7DC3F",
    "green": "#6CB94A",
    "brown": "#C47A45",
    "gray": "#B9BABD",
    "red": "#D9443B",
    "blue": "#5FA8DC",
    "sepia": "#D4B68B",
    "greenbrown": "#9A9A48",
    "browngray": "#B09278",
    "brownsepia": "#C99A6A",
    "pink": "#F2A7C0",
    "purple": "#9A6BB8",
    "orange": "#F0953A",
    "gray60": "#9C9C9C",
    "gray50": "#808080",
    "gray40": "#666666",
    "salmon": "#F3A487",
    "navy": "#2E4A7D",
    "none": "#EDE4CC",
}

#: Fill of a phase revenue box by phase colour.
PHASE_COLORS: dict[str, str] = {
    "white": "#F4EFE2",
    "yellow": "#F7DC3F",
    "green": "#6CB94A",
    "brown": "#C47A45",
    "gray": "#B9BABD",
    "diesel": "#8E8E8E",
}

_TRACK_COLOR = QColor("#1E1E1E")
_CASING_COLOR = QColor("#FBF7EC")
_INK = QColor("#1E1E1E")
_HEX_OUTLINE = QColor(60, 52, 40, 150)
_IMPASSABLE = QColor("#B3201C")
_WATER = QColor("#2C74B3")
_MOUNTAIN = QColor("#7A5230")
#: named border colours of the title data, in the map's palette
_BORDER_COLORS = {"blue": _WATER, "red": _IMPASSABLE, "brown": _MOUNTAIN}
_FONT_FAMILIES = ["Segoe UI", "Helvetica Neue", "Arial", "Liberation Sans", "DejaVu Sans"]

# Sizes for radius 100.
_TRACK_WIDTH = 9.0
_CASING = 2.5
_CITY_R = 25.0
_TOKEN_R = 21.0
#: how much more than the usual (3) covering a revenue circle costs what is placed after it
_REVENUE_WEIGHT = 6.0
#: how much less covering (in weighted units) the shared revenue circle placed before the name must bring
_ORDER_GAIN = 10.0
#: a token beyond a city's printed slots is drawn this much smaller, on the city's rim
_EXTRA_TOKEN_SCALE = 0.62
_TOWN_DOT_R = 8.5
_TOWN_BAR = (34.0, 10.0)
_REVENUE_R = 13.5
_STOP_OFFSET = 50.0  # how far an off-centre city sits from the centre
_EDGE_POINT_DISTANCE = 0.45  # untracked extra stops, fraction of the radius


#: the least on-screen size of a location name (pixels) when the map is zoomed out
MIN_LABEL_PX = 8.5
#: how much larger than its slot a name may be drawn to reach that size
MAX_LABEL_GROWTH = 1.8


def legible_scale(font_px: float, zoom: float, max_growth: float = MAX_LABEL_GROWTH) -> float:
    """How much to enlarge a label of ``font_px`` scene units shown at ``zoom`` so that it is at least
    MIN_LABEL_PX on screen (at most ``max_growth``; 1.0 when it is large enough already)."""
    shown = font_px * abs(zoom)
    if shown <= 0 or shown >= MIN_LABEL_PX:
        return 1.0
    return min(max_growth, MIN_LABEL_PX / shown)


def map_font(pixel_size: float, bold: bool = False, condensed: bool = False) -> QFont:
    """The map's sans-serif font at ``pixel_size`` scene units."""
    font = QFont()
    font.setFamilies(_FONT_FAMILIES)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(max(1, round(pixel_size)))
    if bold:
        font.setWeight(QFont.Weight.Bold)
    if condensed:
        font.setStretch(QFont.Stretch.SemiCondensed)
    return font


def _qcolor(value: Any, fallback: str = "#808080") -> QColor:
    color = QColor(str(value)) if value else QColor()
    return color if color.isValid() else QColor(fallback)


def _name_of(entity: Any) -> str:
    for attr in ("sym", "name", "id"):
        value = getattr(entity, attr, None)
        if value:
            return str(value)
    return "?"


# ---------------------------------------------------------------------------------------------
# Small geometry helpers
# ---------------------------------------------------------------------------------------------


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _norm(v: Point) -> Point:
    length = math.hypot(v[0], v[1])
    return (v[0] / length, v[1] / length) if length > 1e-9 else (0.0, 0.0)


def _arc_path(start: Point, inward: Point, end: Point, path: QPainterPath | None = None) -> QPainterPath:
    """A circular arc from ``start`` leaving in direction ``inward`` and reaching ``end``.

    This is how track leaves a hex edge: perpendicular to the edge, then curving to its
    destination (a straight line when the destination lies straight ahead).
    """
    if path is None:
        path = QPainterPath(QPointF(*start))
    tangent = (-inward[1], inward[0])
    chord = _sub(start, end)
    denominator = 2.0 * (tangent[0] * chord[0] + tangent[1] * chord[1])
    if abs(denominator) < 1e-6 * max(1.0, chord[0] ** 2 + chord[1] ** 2):
        path.lineTo(QPointF(*end))
        return path
    s = -(chord[0] ** 2 + chord[1] ** 2) / denominator
    cx, cy = start[0] + s * tangent[0], start[1] + s * tangent[1]
    r = abs(s)
    a0 = math.degrees(math.atan2(-(start[1] - cy), start[0] - cx))
    a1 = math.degrees(math.atan2(-(end[1] - cy), end[0] - cx))
    sweep = (a1 - a0 + 540.0) % 360.0 - 180.0  # the minor arc
    path.arcTo(QRectF(cx - r, cy - r, 2 * r, 2 * r), a0, sweep)
    return path


def _path_samples(path: QPainterPath, count: int) -> list[Point]:
    return [(p.x(), p.y()) for p in (path.pointAtPercent(i / (count - 1)) for i in range(count))]


# ---------------------------------------------------------------------------------------------
# Placement of small things (revenues, labels, names...) where they cover the least
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Box:
    """An item to place: a disc (``h == 0``: ``w`` is the radius) or a ``w`` x ``h`` rectangle."""

    w: float
    h: float = 0.0

    @property
    def disc(self) -> bool:
        return self.h == 0.0


class _Placer:
    """Greedy placement of small items over a tile, avoiding track, stops and each other."""

    def __init__(self, geometry: HexGeometry, scale: float) -> None:
        self.geometry = geometry
        self.scale = scale
        self.discs: list[tuple[float, float, float, float]] = []  # x, y, r, weight
        self.rects: list[tuple[float, float, float, float, float]] = []  # x0, y0, x1, y1, weight

    def add_disc(self, center: Point, r: float, weight: float = 1.0) -> None:
        self.discs.append((center[0], center[1], r, weight))

    def add_rect(self, center: Point, w: float, h: float, weight: float = 1.0) -> None:
        self.rects.append((center[0] - w / 2, center[1] - h / 2, center[0] + w / 2, center[1] + h / 2, weight))

    def add_box(self, center: Point, box: _Box, weight: float = 3.0) -> None:
        if box.disc:
            self.add_disc(center, box.w, weight)
        else:
            self.add_rect(center, box.w, box.h, weight)

    def cost(self, center: Point, box: _Box, margin: float, bound: float = math.inf) -> float:
        """What placing ``box`` at ``center`` covers (weighted).  Once the sum reaches ``bound`` it is returned as
        it stands (a place costing that much is not wanted: the rest of the sum only grows it)."""
        x, y = center
        total = 0.0
        geometry = self.geometry
        if box.disc:
            r = box.w
            inside = geometry.inside_margin(center) - r - margin
            if inside < 0:
                total += -inside * 4.0
                if total >= bound:
                    return total
            for dx, dy, dr, weight in self.discs:
                pen = dr + r - math.hypot(dx - x, dy - y)
                if pen > 0:
                    total += pen * weight
                    if total >= bound:
                        return total
            for x0, y0, x1, y1, weight in self.rects:
                pen = r - _rect_distance(x, y, x0, y0, x1, y1)
                if pen > 0:
                    total += pen * weight
                    if total >= bound:
                        return total
            return total
        hw, hh = box.w / 2, box.h / 2
        left, top, right, bottom = x - hw, y - hh, x + hw, y + hh
        inside = geometry.box_inside_margin(x, y, hw, hh) - margin
        if inside < 0:
            total += -inside * 4.0
            if total >= bound:
                return total
        for dx, dy, dr, weight in self.discs:
            # distance from the disc's centre to the rectangle, inlined (this is the hot loop)
            ex = left - dx if dx < left else (dx - right if dx > right else 0.0)
            if ex >= dr:
                continue
            ey = top - dy if dy < top else (dy - bottom if dy > bottom else 0.0)
            if ey >= dr:
                continue
            pen = dr - math.hypot(ex, ey)
            if pen > 0:
                total += pen * weight
                if total >= bound:
                    return total
        for x0, y0, x1, y1, weight in self.rects:
            ox = min(right, x1) - max(left, x0)
            oy = min(bottom, y1) - max(top, y0)
            if ox > 0 and oy > 0:
                total += min(ox, oy) * weight
                if total >= bound:
                    return total
        return total

    def room(self, center: Point, w: float, h: float, skip_rect: int = -1, floor: float = -math.inf) -> float:
        """How much a ``w`` x ``h`` box centred on ``center`` may be enlarged round its centre staying inside the
        hex and clear of everything placed (discs taken as their squares; rect ``skip_rect``, the box's own, left
        out): 0 when the centre itself is taken.  Once the room is known to be below ``floor``, what is known of it
        is returned (more than the room, still below ``floor``): whoever asks needs at least ``floor``."""
        x, y = center
        a, b = w / 2, h / 2
        best = math.inf
        apothem = self.geometry.apothem
        for nx, ny in self.geometry.edge_normals():
            best = min(best, (apothem - (x * nx + y * ny)) / (abs(nx) * a + abs(ny) * b))
        if best < floor:
            return max(0.0, best)
        for dx, dy, dr, _weight in self.discs:
            best = min(best, max((abs(x - dx) - dr) / a, (abs(y - dy) - dr) / b))
            if best < floor:
                return max(0.0, best)
        for index, (x0, y0, x1, y1, _weight) in enumerate(self.rects):
            if index != skip_rect:
                best = min(
                    best,
                    max((abs(x - (x0 + x1) / 2) - (x1 - x0) / 2) / a, (abs(y - (y0 + y1) / 2) - (y1 - y0) / 2) / b),
                )
                if best < floor:
                    return max(0.0, best)
        return max(0.0, best)

    def place(
        self, candidates: Sequence[Point], box: _Box, margin: float = 2.0, preference: float = 0.02
    ) -> tuple[Point, float]:
        """The candidate of least cost (earlier candidates win ties), recorded as taken."""
        best: Point = candidates[0]
        best_cost = math.inf
        for index, candidate in enumerate(candidates):
            cost = preference * index * self.scale
            raw = self.cost(candidate, box, margin * self.scale, best_cost - cost)
            cost += raw
            if cost < best_cost - 1e-9:
                best, best_cost = candidate, cost
                if raw == 0.0:
                    break  # later candidates are less preferred: this one cannot be beaten
        self.add_box(best, box)
        return best, best_cost


def _rect_distance(px: float, py: float, x0: float, y0: float, x1: float, y1: float) -> float:
    dx = max(x0 - px, 0.0, px - x1)
    dy = max(y0 - py, 0.0, py - y1)
    return math.hypot(dx, dy)


# ---------------------------------------------------------------------------------------------
# Tile drawing
# ---------------------------------------------------------------------------------------------

_Op = Callable[[QPainter], None]


@dataclass(slots=True)
class _Stop:
    """Where a city or town is drawn."""

    part: Any
    position: Point
    angle: float = 0.0  # rotation of a multi-slot city / a town bar (degrees, screen)
    radius: float = 0.0  # extent used for spacing and placement
    on_curve: tuple[int, int] | None = None  # a town/city placed on the track between two edges


@dataclass(frozen=True)
class AssignmentBadge:
    """One thing a hex is assigned to, as drawn: its short name and colours."""

    text: str
    fill: str = "#FFFFFF"
    ink: str = "#000000"
    #: the marker's picture (``desktop.map.glyphs``) drawn before the text, if it has one
    glyph: str = ""
    #: set when the badge draws the tile's icon of this name (an icon naming a corporation: 18ZOO's grey home
    #: tiles carry their family's), not an assignment
    icon: str = ""


def _entity_named(game: Any, key: Any) -> Any:
    """The corporation, minor or company of ``game`` whose id is ``key``, or None."""
    for kind in ("corporation", "minor", "company"):
        lookup = getattr(game, f"{kind}_by_id", None)
        try:
            entity = lookup(key) if lookup is not None else None
        except Exception:
            entity = None
        if entity is not None:
            return entity
    return None


def icon_badges(game: Any, hex_: Any) -> list[AssignmentBadge]:
    """The tile's icons that name a corporation or minor of ``game`` (``icon=image:18_zoo/TI``), as badges in its
    colours, in place of the icon's plain name badge."""
    badges: list[AssignmentBadge] = []
    tile = getattr(hex_, "tile", None)
    for icon in getattr(tile, "icons", None) or ():
        name = str(getattr(icon, "name", "") or "")
        entity = _entity_named(game, name) if name and glyph_name(name) is None else None
        if entity is None or not (getattr(entity, "is_corporation", False) or getattr(entity, "is_minor", False)):
            continue
        color = getattr(entity, "color", None)
        badges.append(
            AssignmentBadge(
                str(getattr(entity, "id", name)),
                str(color) if color else "#FFFFFF",
                str(getattr(entity, "text_color", None) or "#000000") if color else "#000000",
                icon=name,
            )
        )
    return badges


def assignment_badges(game: Any, hex_: Any) -> list[AssignmentBadge]:
    """The badges of ``hex_``'s assignments: each key names a corporation, company or minor of ``game`` (drawn in
    its colours) or is shown as written; then the tile's icons naming a corporation (:func:`icon_badges`)."""
    badges: list[AssignmentBadge] = []
    for key in getattr(hex_, "assignments", None) or ():
        entity = _entity_named(game, key)
        glyph = glyph_name(key) or ""
        if entity is None:
            badges.append(AssignmentBadge(str(key).replace("_", " ")[:10], glyph=glyph))
            continue
        color = getattr(entity, "color", None)
        ink = getattr(entity, "text_color", None) or "#000000"
        badges.append(
            AssignmentBadge(
                str(getattr(entity, "id", key)),
                str(color) if color else "#FFFFFF",
                str(ink) if color else "#000000",
                glyph=glyph,
            )
        )
    return badges + destination_badges(game, hex_) + icon_badges(game, hex_)


def destinations_at(game: Any, hex_: Any) -> list[Any]:
    """The corporations whose destination (the title's ``destination_of``: 1822's majors) is ``hex_`` and that
    have not placed their destination token yet."""
    where = getattr(game, "destination_of", None)
    if not callable(where):
        return []
    found = []
    for corporation in getattr(game, "corporations", ()):
        if getattr(corporation, "closed", False):
            continue
        try:
            if where(corporation) != hex_.id:
                continue
        except Exception:
            continue
        tokens = [t for t in getattr(corporation, "tokens", ()) if getattr(t, "type", None) == "destination"]
        if tokens and all(getattr(t, "used", False) for t in tokens):
            continue  # placed: the token on the map says it
        found.append(corporation)
    return found


def destination_badges(game: Any, hex_: Any) -> list[AssignmentBadge]:
    """A badge "→X" in X's colours on the hex that is corporation X's destination, until its token is there."""
    badges = []
    for corporation in destinations_at(game, hex_):
        color = getattr(corporation, "color", None)
        ink = getattr(corporation, "text_color", None) or "#000000"
        badges.append(
            AssignmentBadge(
                f"\u2192{corporation.id}", str(color) if color else "#FFFFFF", str(ink) if color else "#000000"
            )
        )
    return badges


@dataclass(slots=True)
class TileDrawing:
    """The prepared vector art of one tile; ``paint`` draws it centred on the origin."""

    geometry: HexGeometry
    tile_id: str = ""
    rotation: int = 0
    ops: list[_Op] = field(default_factory=list)
    #: positions of the cities (tile city order) relative to the hex centre, for hit tests
    city_positions: list[Point] = field(default_factory=list)
    #: slot centres per city, relative to the hex centre
    slot_positions: list[list[Point]] = field(default_factory=list)
    #: the id of the city ("57-0-0") of each entry of ``slot_positions``
    slot_city_ids: list[str] = field(default_factory=list)
    #: whether hex-side features (impassable borders...) are drawn on the edges
    has_borders: bool = False
    #: where each city and town is drawn (relative to the hex centre), by its part index in the tile
    stop_positions: dict[int, Point] = field(default_factory=dict)
    #: the location name's box (centre, width, height) and the revenue circles (centre, radius) as placed
    name_box: tuple[Point, float, float] | None = None
    revenue_discs: list[tuple[Point, float]] = field(default_factory=list)
    #: the badges (reservations, blockers, assignments) as placed: text, centre, width, height
    badge_boxes: list[tuple[str, Point, float, float]] = field(default_factory=list)
    #: the cost to lay track (terrain picture and amount) as placed: centre, width, height
    cost_boxes: list[tuple[Point, float, float]] = field(default_factory=list)

    def paint(self, painter: QPainter) -> None:
        for op in self.ops:
            op(painter)

    @classmethod
    def build(
        cls,
        tile: Any,
        geometry: HexGeometry,
        *,
        location_name: str | None = None,
        phase_tiles: Sequence[str] = (),
        currency_format: str = "%s",
        show_location_name: bool = True,
        assignments: Sequence[AssignmentBadge] = (),
    ) -> TileDrawing:
        """Prepare the art of ``tile`` (its current rotation, tokens, reservations, blockers) and the hex's
        ``assignments`` (what the game marked the hex with: a destination, a company's bonus)."""
        builder = _TileBuilder(tile, geometry, location_name, tuple(phase_tiles), currency_format, show_location_name)
        builder.assignments = tuple(assignments)
        return builder.build()


class _TileBuilder:
    def __init__(
        self,
        tile: Any,
        geometry: HexGeometry,
        location_name: str | None,
        phase_tiles: tuple[str, ...],
        currency_format: str,
        show_location_name: bool,
    ) -> None:
        self.tile = tile
        self.g = geometry
        self.k = geometry.radius / 100.0
        self.location_name = location_name if show_location_name else None
        self.phase_tiles = phase_tiles
        self.currency_format = currency_format
        self.placer = _Placer(geometry, self.k)
        self.ops: list[_Op] = []
        self.stops: dict[int, _Stop] = {}
        self.track_paths: list[list[QPainterPath]] = []
        #: (stop, where it is drawn, its slot centres) whose revenue still has to be placed
        self.revenue_queue: list[tuple[Any, _Stop, list[Point]]] = []
        #: (city, where it is drawn, its slots' centres) with tokens beyond its printed slots, still to be placed
        self.extra_queue: list[tuple[Any, _Stop, list[Point]]] = []
        self.drawing = TileDrawing(geometry, str(getattr(tile, "id", "")), int(getattr(tile, "rotation", 0)))
        self.assignments: tuple[AssignmentBadge, ...] = ()
        #: where the location name was placed: centre, width, height
        self._last_name_box: tuple[Point, float, float] = ((0.0, 0.0), 0.0, 0.0)

    # --- entry ---------------------------------------------------------------------------

    def build(self) -> TileDrawing:
        tile = self.tile
        self._background()
        self._partitions()
        self._place_stops()
        self._tracks()
        self._offboard_arrows()
        self._stops_art()
        number = self._tile_number_box()
        self._small_items()
        self._outline()
        self._borders()
        self._tile_number(number)
        self.drawing.ops = self.ops
        self.drawing.has_borders = any(b.type is not None for b in getattr(tile, "borders", ()))
        return self.drawing

    # --- helpers -------------------------------------------------------------------------

    def s(self, value: float) -> float:
        return value * self.k

    def hex_polygon(self, inset: float = 0.0) -> QPolygonF:
        r = self.g.radius - inset * 2.0 / math.sqrt(3.0)
        return QPolygonF([QPointF(*polar(self.g.corner_angle(i), r)) for i in range(6)])

    def money(self, value: int) -> str:
        try:
            return self.currency_format % value
        except (TypeError, ValueError):
            return str(value)

    # --- background and frame ------------------------------------------------------------------

    def _background(self) -> None:
        color = QColor(TILE_COLORS.get(str(self.tile.color), TILE_COLORS["white"]))
        polygon = self.hex_polygon()
        stripes = getattr(self.tile, "stripes", None)
        stripe_color = (
            _qcolor(TILE_COLORS.get(str(stripes.color), stripes.color)) if stripes and stripes.color else None
        )

        def op(painter: QPainter) -> None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(color)
            painter.drawPolygon(polygon)
            if stripe_color is not None:
                painter.save()
                clip = QPainterPath()
                clip.addPolygon(polygon)
                painter.setClipPath(clip)
                pen = QPen(stripe_color, self.s(8))
                painter.setPen(pen)
                r = self.g.radius
                step = self.s(24)
                x = -2 * r
                while x < 2 * r:
                    painter.drawLine(QPointF(x, -r), QPointF(x + r, r))
                    x += step
                painter.restore()

        self.ops.append(op)

    def _outline(self) -> None:
        polygon = self.hex_polygon()
        pen = QPen(_HEX_OUTLINE, self.s(1.6))
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        frame = getattr(self.tile, "frame", None)
        frame_color = _qcolor(TILE_COLORS.get(str(frame.color), frame.color)) if frame and frame.color else None
        inner = self.hex_polygon(self.s(4))

        def op(painter: QPainter) -> None:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            if frame_color is not None:
                painter.setPen(QPen(frame_color, self.s(8)))
                painter.drawPolygon(inner)
            painter.setPen(pen)
            painter.drawPolygon(polygon)

        self.ops.append(op)

    def _tile_number_box(self) -> tuple[str, QRectF, QFont] | None:
        """Where a laid tile's number goes (its lower right corner), kept free of the badges placed after it."""
        tile = self.tile
        if getattr(tile, "preprinted", True):
            return None
        name = str(getattr(tile, "name", "") or "")
        if not name:
            return None
        corners = [polar(self.g.corner_angle(i), self.g.radius * 0.72) for i in range(6)]
        cx, cy = max(corners, key=lambda p: p[0] + p[1] * 1.5)
        font = map_font(self.s(11), bold=True, condensed=True)
        metrics = QFontMetricsF(font)
        width = metrics.horizontalAdvance(name)
        height = metrics.height()
        box = QRectF(cx - width - self.s(2), cy - height * 0.9, width + self.s(4), height)
        self.placer.add_rect((box.center().x(), box.center().y()), box.width(), box.height(), 3.0)
        return name, box, font

    def _tile_number(self, number: tuple[str, QRectF, QFont] | None) -> None:
        """A laid tile's number, small, in its lower right corner (as printed on the tiles): which tile is on a
        hex is part of reading the map (upgrades, the tile manifest)."""
        if number is None:
            return
        name, box, font = number
        color = QColor(_HEX_OUTLINE)
        color.setAlphaF(0.75)

        def op(painter: QPainter) -> None:
            painter.setFont(font)
            painter.setPen(color)
            painter.drawText(box, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), name)

        self.ops.append(op)

    def _partitions(self) -> None:
        """A water partition (18Rhl's Rhine through its metropolises) as a river line across the hex, under the
        track; other partitions as a thin dashed line."""
        for partition in getattr(self.tile, "partitions", ()):
            try:
                a, b = float(partition.a or 0), float(partition.b or 0)
            except ValueError:
                continue
            start, end = self.g.edge_midpoint(a), self.g.edge_midpoint(b)
            water = partition.type == "water"
            pen = QPen(_WATER if water else QColor("#555555"), self.s(10.0 if water else 2.0))
            if not water:
                pen.setStyle(Qt.PenStyle.DashLine)

            def op(painter: QPainter, start: Point = start, end: Point = end, pen: QPen = pen) -> None:
                painter.setPen(pen)
                painter.drawLine(QPointF(*start), QPointF(*end))

            self.ops.append(op)

    def _borders(self) -> None:
        tile = self.tile
        for border in getattr(tile, "borders", ()):
            edge = border.edge  # borders belong to the hex: their edges are not rotated
            kind = border.type
            if kind is None and not border.cost:
                continue
            color = _IMPASSABLE if kind == "impassable" else (_WATER if kind == "water" else _MOUNTAIN)
            if border.color:  # the title's own colour for it (18Rhl's Rhine: a blue impassable border)
                color = _BORDER_COLORS.get(str(border.color)) or _qcolor(str(border.color))
            # centred on the hex side, so that both hexes sharing it show one line
            a, b = self.g.edge_segment(int(edge))
            pen = QPen(color, self.s(8.0))
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            cost = border.cost
            # the cost sits on the side itself: both hexes draw it at the same place
            mid = self.g.edge_midpoint(int(edge))
            font = map_font(self.s(12), bold=True)
            text = str(cost) if cost else ""

            def op(
                painter: QPainter,
                a: Point = a,
                b: Point = b,
                pen: QPen = pen,
                mid: Point = mid,
                text: str = text,
                color: QColor = color,
                font: QFont = font,
            ) -> None:
                painter.setPen(pen)
                painter.drawLine(QPointF(*a), QPointF(*b))
                if text:
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(color)
                    painter.drawEllipse(QPointF(*mid), self.s(11), self.s(11))
                    painter.setPen(QColor("white"))
                    painter.setFont(font)
                    painter.drawText(_centered(mid, self.s(22), self.s(22)), Qt.AlignmentFlag.AlignCenter, text)

            self.ops.append(op)

    # --- stop placement ------------------------------------------------------------------------

    def _stop_parts(self) -> list[Any]:
        return [p for p in (*self.tile.cities, *self.tile.towns) if not getattr(p, "hide_node", False)]

    def _exits_of(self, part: Any) -> list[int]:
        """Rotated edges directly joined to ``part`` by a path (each once)."""
        exits: list[int] = []
        for path in self.tile.paths:
            if part is path.a or part is path.b:
                for edge in path.exits:
                    if edge not in exits:
                        exits.append(edge)
        return exits

    def _city_extent(self, part: Any) -> float:
        if getattr(part, "is_city", False):
            slots = printed_slots(part)
            return self.s(_CITY_R) * (1.0 if slots == 1 else 2.0 if slots <= 4 else 2.6)
        return self.s(_TOWN_BAR[0] / 2)

    def _curve_point(self, a: int, b: int, fraction: float = 0.5) -> tuple[Point, float]:
        """Point and tangent angle (screen degrees) ``fraction`` along the track from edge a to b."""
        path = self._edge_to_point(a, self.g.edge_midpoint(b))
        p = path.pointAtPercent(fraction)
        angle = -path.angleAtPercent(fraction)
        return (p.x(), p.y()), angle

    def _place_stops(self) -> None:
        g = self.g
        parts = self._stop_parts()
        exits = {id(p): self._exits_of(p) for p in parts}
        all_edges = [e for p in parts for e in exits[id(p)]]
        offset = self.s(_STOP_OFFSET)
        placed: list[_Stop] = []
        untracked: list[Any] = []

        def stop_for(part: Any, position: Point, **kw: Any) -> _Stop:
            stop = _Stop(part, position, radius=self._city_extent(part), **kw)
            self.stops[id(part)] = stop
            placed.append(stop)
            return stop

        single = len(parts) == 1
        on_curve: list[tuple[Any, tuple[int, int]]] = []
        for part in parts:
            part_exits = exits[id(part)]
            loc = self._rotated_loc(part)
            is_town = getattr(part, "is_town", False)
            if loc is not None:
                inset = self.s(8) if loc != int(loc) and len(getattr(part, "tokens", ())) > 1 else 0.0
                stop_for(part, g.point_towards(loc, offset - inset), angle=g.edge_angle(loc) + 90.0)
            elif single and not (is_town and len(part_exits) == 2):
                stop_for(part, (0.0, 0.0), angle=0.0)  # slots side by side
            elif len(part_exits) == 2:
                on_curve.append((part, (part_exits[0], part_exits[1])))
            elif len(part_exits) == 1:
                edge = part_exits[0]
                stop_for(part, g.point_towards(edge, offset), angle=g.edge_angle(edge) + 90.0)
            elif part_exits:
                own = [e for e in part_exits if all_edges.count(e) == 1] or part_exits
                stop_for(part, self._towards_edges(own, offset), angle=0.0)
            else:
                untracked.append(part)

        if on_curve:
            self._place_on_curves(on_curve, placed, stop_for)

        if untracked:
            count = len(untracked) + (1 if placed else 0)
            distance = g.radius * _EDGE_POINT_DISTANCE if count > 1 else 0.0
            start = 180.0
            for index, part in enumerate(untracked):
                angle = start + 360.0 * index / count
                stop_for(part, polar(angle, distance), angle=0.0)

        # Overlapping stops (crowded multi-city tiles): push each towards its own exits.
        if self._overlapping(placed):
            for stop in placed:
                part_exits = exits[id(stop.part)]
                if getattr(stop.part, "loc", None) is not None or not part_exits:
                    continue
                own = [e for e in part_exits if all_edges.count(e) == 1] or part_exits
                stop.position = self._towards_edges(own, offset)
                stop.on_curve = None
                stop.angle = g.edge_angle(own[0]) + 90.0 if len(own) == 1 else stop.angle

        self.drawing.city_positions = [self.stops[id(c)].position for c in self.tile.cities if id(c) in self.stops]
        self.drawing.stop_positions = {int(getattr(s.part, "index", -1)): s.position for s in self.stops.values()}

    def _place_on_curves(
        self,
        on_curve: list[tuple[Any, tuple[int, int]]],
        placed: list[_Stop],
        stop_for: Callable[..., _Stop],
    ) -> None:
        """Put each stop joining two edges on the track between them, in the middle unless
        that spot is taken by other track or stops (tile 69: the curve crosses the straight
        in its middle).  Curves go first; straights have more room to move."""
        track_r = self.s(_TRACK_WIDTH / 2 + _CASING)
        curves: dict[tuple[int, int], list[Point]] = {}
        for path in self.tile.paths:
            ends = [(e.num + self.tile.rotation) % 6 for e in (path.a, path.b) if getattr(e, "is_edge", False)]
            if len(ends) == 2:
                curves[(ends[0], ends[1])] = _path_samples(self._edge_to_point_full(ends[0], ends[1]), 13)
        for _part, pair in on_curve:
            curves.setdefault(pair, _path_samples(self._edge_to_point_full(*pair), 13))

        fractions = (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.2, 0.8)
        fixed = [circle for stop in placed for circle in self._stop_circles(stop)]
        # per stop, per fraction: (fraction, point, angle, its circles, clearance to track, stops and the hex side)
        options: list[list[tuple[float, Point, float, list[tuple[Point, float]], float]]] = []
        for part, pair in on_curve:
            obstacles = [(p, track_r) for key, samples in curves.items() if key != pair for p in samples]
            obstacles += fixed
            row = []
            for fraction in fractions:
                point, angle = self._curve_point(pair[0], pair[1], fraction)
                circles = self._stop_circles(_Stop(part, point, angle=angle, on_curve=pair))
                clearance = math.inf
                for center, r in circles:
                    clearance = min(clearance, self.g.inside_margin(center) - r - self.s(2))
                    for o, orad in obstacles:
                        clearance = min(clearance, _dist(center, o) - orad - r)
                row.append((fraction, point, angle, circles, clearance))
            options.append(row)

        enough = self.s(14)  # more room than this is not worth moving off the middle for

        def score(choice: Sequence[tuple[float, Point, float, list[tuple[Point, float]], float]]) -> float:
            worst = min(min(option[4] for option in choice), enough)
            for i, a in enumerate(choice):
                for b in choice[i + 1 :]:
                    for ca, ra in a[3]:
                        for cb, rb in b[3]:
                            worst = min(worst, _dist(ca, cb) - ra - rb)
            return worst - sum(abs(option[0] - 0.5) for option in choice) * self.s(6)

        if len(on_curve) == 2:
            # two stops (OO tiles, twin towns): the best pair of places
            chosen = max(((a, b) for a in options[0] for b in options[1]), key=score)
        else:
            chosen_list: list[tuple[float, Point, float, list[tuple[Point, float]], float]] = []
            for row in options:
                chosen_list.append(max(row, key=lambda option: score([*chosen_list, option])))
            chosen = tuple(chosen_list)
        for (part, pair), (_fraction, point, angle, _circles, _clearance) in zip(on_curve, chosen):
            stop_for(part, point, angle=angle, on_curve=pair)

    def _stop_circles(self, stop: _Stop) -> list[tuple[Point, float]]:
        """The discs a stop covers: its token slots, or its town mark."""
        part = stop.part
        if getattr(part, "is_city", False):
            return [(c, self.s(_CITY_R)) for c in self._slot_centers(printed_slots(part), stop)]
        return [(stop.position, self.s(_TOWN_BAR[0] / 2))]

    def _rotated_loc(self, part: Any) -> float | None:
        """A part's ``loc`` turned with the tile (locs are written for the unrotated tile)."""
        loc = edge_of_loc(getattr(part, "loc", None))
        return None if loc is None else (loc + self.tile.rotation) % 6.0

    def _overlapping(self, stops: list[_Stop]) -> bool:
        for i, a in enumerate(stops):
            for b in stops[i + 1 :]:
                ra = min(a.radius, self.s(_CITY_R))
                rb = min(b.radius, self.s(_CITY_R))
                if _dist(a.position, b.position) < ra + rb - self.s(2):
                    return True
        return False

    def _towards_edges(self, edges: list[int], distance: float) -> Point:
        if len(edges) == 1:
            return self.g.point_towards(edges[0], distance)
        x = sum(polar(self.g.edge_angle(e), 1.0)[0] for e in edges)
        y = sum(polar(self.g.edge_angle(e), 1.0)[1] for e in edges)
        length = math.hypot(x, y)
        if length < 1e-6:
            return (0.0, 0.0)
        return (x / length * distance, y / length * distance)

    # --- track ---------------------------------------------------------------------------------

    def _edge_to_point(self, edge: int, point: Point) -> QPainterPath:
        start = self.g.edge_midpoint(edge)
        inward = _norm((-start[0], -start[1]))
        # start a hair outside the edge so neighbouring tracks join without a seam
        outside = (start[0] - inward[0] * self.s(0.6), start[1] - inward[1] * self.s(0.6))
        path = QPainterPath(QPointF(*outside))
        path.lineTo(QPointF(*start))
        return _arc_path(start, inward, point, path)

    def _endpoint(self, part: Any) -> tuple[str, Any]:
        if getattr(part, "is_edge", False):
            return ("edge", (part.num + self.tile.rotation) % 6)
        if id(part) in self.stops:
            return ("stop", self.stops[id(part)])
        return ("center", (0.0, 0.0))

    def _tracks(self) -> None:
        tile = self.tile
        paths = [p for p in tile.paths if not getattr(p, "offboard", None)]
        if not paths:
            return
        # Paths that share an end are one piece of track; crossing pieces are drawn one over
        # the other, each with its light casing, so the crossing reads as a bridge.
        groups: list[list[Any]] = []
        keys: list[set[Any]] = []
        for path in paths:
            ends = self._end_keys(path)
            joined = [i for i, k in enumerate(keys) if k & ends]
            if not joined:
                groups.append([path])
                keys.append(set(ends))
                continue
            first = joined[0]
            groups[first].append(path)
            keys[first] |= ends
            for index in reversed(joined[1:]):
                groups[first].extend(groups.pop(index))
                keys[first] |= keys.pop(index)

        curves_done: set[tuple[int, int]] = set()
        for group in groups:
            shapes: list[QPainterPath] = []
            for path in group:
                shape = self._path_shape(path, curves_done)
                if shape is not None:
                    shapes.append(shape)
            if shapes:
                self.track_paths.append(shapes)
        for shapes in self.track_paths:
            for shape in shapes:
                for point in _path_samples(shape, 9):
                    self.placer.add_disc(point, self.s(_TRACK_WIDTH / 2 + _CASING), 1.0)

        width = self.s(_TRACK_WIDTH)
        casing = QPen(_CASING_COLOR, width + 2 * self.s(_CASING))
        casing.setCapStyle(Qt.PenCapStyle.FlatCap)
        casing.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        track = QPen(_TRACK_COLOR, width)
        track.setCapStyle(Qt.PenCapStyle.FlatCap)
        track.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        round_track = QPen(track)
        round_track.setCapStyle(Qt.PenCapStyle.RoundCap)
        groups_shapes = self.track_paths
        clip = QPainterPath()
        clip.addPolygon(self.hex_polygon())

        def op(painter: QPainter) -> None:
            painter.save()
            painter.setClipPath(clip)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for shapes in groups_shapes:
                painter.setPen(casing)
                for shape in shapes:
                    painter.drawPath(shape)
                painter.setPen(track)
                for shape in shapes:
                    painter.drawPath(shape)
            painter.restore()

        self.ops.append(op)

    def _end_keys(self, path: Any) -> set[Any]:
        keys: set[Any] = set()
        for part in (path.a, path.b):
            if getattr(part, "is_edge", False):
                keys.add(("edge", (part.num + self.tile.rotation) % 6))
            else:
                keys.add(("node", id(part)))
        return keys

    def _path_shape(self, path: Any, curves_done: set[tuple[int, int]]) -> QPainterPath | None:
        a_kind, a_value = self._endpoint(path.a)
        b_kind, b_value = self._endpoint(path.b)
        if a_kind != "edge" and b_kind == "edge":
            a_kind, a_value, b_kind, b_value = b_kind, b_value, a_kind, a_value
        if a_kind == "edge" and b_kind == "edge":
            return self._edge_to_point_full(a_value, b_value)
        if a_kind == "edge":
            edge = a_value
            if b_kind == "stop":
                stop: _Stop = b_value
                if stop.on_curve is not None and edge in stop.on_curve:
                    # the stop sits on the curve between its two edges: draw that curve once
                    key = stop.on_curve
                    if key in curves_done:
                        return None
                    curves_done.add(key)
                    return self._edge_to_point_full(*key)
                target = stop.position
            else:
                target = b_value
            return self._edge_to_point(edge, target)
        # node to node: a straight line
        p0 = a_value.position if a_kind == "stop" else a_value
        p1 = b_value.position if b_kind == "stop" else b_value
        shape = QPainterPath(QPointF(*p0))
        shape.lineTo(QPointF(*p1))
        return shape

    def _edge_to_point_full(self, a: int, b: int) -> QPainterPath:
        path = self._edge_to_point(a, self.g.edge_midpoint(b))
        end = self.g.edge_midpoint(b)
        outward = _norm(end)
        path.lineTo(QPointF(end[0] + outward[0] * self.s(0.6), end[1] + outward[1] * self.s(0.6)))
        return path

    def _offboard_arrows(self) -> None:
        tile = self.tile
        arrows: list[QPolygonF] = []
        for path in tile.paths:
            if not getattr(path, "offboard", None):
                continue
            for edge in path.exits:
                arrows.append(self._arrow(edge))
        for path in tile.paths:
            if getattr(path, "is_terminal", False) and not getattr(path, "offboard", None):
                for edge in path.exits:
                    arrows.append(self._arrow(edge))
        if not arrows:
            return
        for polygon in arrows:
            for i in range(polygon.size()):
                p = polygon.at(i)
                self.placer.add_disc((p.x(), p.y()), self.s(4), 1.0)
            c = polygon.boundingRect().center()
            self.placer.add_disc((c.x(), c.y()), self.s(10), 1.0)

        clip = QPainterPath()
        clip.addPolygon(self.hex_polygon())

        def op(painter: QPainter) -> None:
            painter.save()
            painter.setClipPath(clip)
            painter.setPen(
                QPen(
                    _CASING_COLOR,
                    self.s(2 * _CASING),
                    Qt.PenStyle.SolidLine,
                    Qt.PenCapStyle.FlatCap,
                    Qt.PenJoinStyle.MiterJoin,
                )
            )
            painter.setBrush(_TRACK_COLOR)
            for polygon in arrows:
                painter.drawPolygon(polygon)
            painter.setPen(Qt.PenStyle.NoPen)
            for polygon in arrows:
                painter.drawPolygon(polygon)
            painter.restore()

        self.ops.append(op)

    def _arrow(self, edge: int) -> QPolygonF:
        """A tapered track from edge ``edge`` pointing into the hex (off-board and terminal track)."""
        g = self.g
        angle = g.edge_angle(edge)
        half = self.s(_TRACK_WIDTH / 2)
        a = g.apothem
        side = polar(angle + 90.0, 1.0)
        points: list[Point] = []
        head = half * 2.3
        for distance, offset in (
            (a + self.s(0.6), half),
            (a * 0.62, half),
            (a * 0.62, head),
            (a * 0.3, 0.0),
            (a * 0.62, -head),
            (a * 0.62, -half),
            (a + self.s(0.6), -half),
        ):
            x, y = polar(angle, distance)
            points.append((x + side[0] * offset, y + side[1] * offset))
        return QPolygonF([QPointF(*p) for p in points])

    # --- cities and towns --------------------------------------------------------------------

    def _stops_art(self) -> None:
        extras: list[tuple[Any, _Stop, list[Point]]] = []
        for city in self.tile.cities:
            stop = self.stops.get(id(city))
            if stop is not None:
                slots = self._city_art(city, stop)
                if len(city.tokens) > len(slots):
                    extras.append((city, stop, slots))
        # tokens beyond the printed slots (1822: a minor's home in a full London city): placed with the small items,
        # once every city is drawn and a revenue shared by the hex's cities has its place
        self.extra_queue = extras
        for town in self.tile.towns:
            stop = self.stops.get(id(town))
            if stop is not None:
                self._town_art(town, stop)

    def _slot_centers(self, count: int, stop: _Stop) -> list[Point]:
        r = self.s(_CITY_R)
        if count <= 1:
            local = [(0.0, 0.0)]
        elif count == 2:
            local = [(-r, 0.0), (r, 0.0)]
        elif count == 3:
            local = [polar(-90.0 + 120.0 * i, r * 1.16) for i in range(3)]
        elif count == 4:
            local = [(-r, -r), (r, -r), (r, r), (-r, r)]
        else:
            ring = r / math.sin(math.pi / count) * 1.02
            local = [polar(-90.0 + 360.0 * i / count, ring) for i in range(count)]
        angle = self._box_angle(stop, count)
        cos_a, sin_a = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        x0, y0 = stop.position
        return [(x0 + x * cos_a - y * sin_a, y0 + x * sin_a + y * cos_a) for x, y in local]

    def _box_angle(self, stop: _Stop, count: int) -> float:
        if count < 2 or stop.position == (0.0, 0.0):
            return 0.0
        if stop.on_curve is not None:
            angle = stop.angle % 180.0
        else:
            angle = stop.angle
        # keep the slots in reading order (left to right)
        angle = (angle + 90.0) % 180.0 - 90.0
        return angle

    def _city_art(self, city: Any, stop: _Stop) -> list[Point]:
        """Draw ``city`` with its printed slots (a token beyond them is :meth:`_extra_tokens_art`'s); the centres
        of its slots, as the drawing keeps them (the extra tokens' are added to it)."""
        tokens = list(city.tokens)
        count = printed_slots(city)
        centers = self._slot_centers(count, stop)
        slots = list(centers)
        self.drawing.slot_positions.append(slots)
        self.drawing.slot_city_ids.append(str(getattr(city, "id", "")))
        r = self.s(_CITY_R)
        angle = self._box_angle(stop, count)
        outline = QPainterPath()
        outline.setFillRule(Qt.FillRule.WindingFill)
        for c in centers:
            outline.addEllipse(QPointF(*c), r, r)
        if count >= 2:
            box = QPainterPath()
            x0, y0 = stop.position
            if count == 2:
                box.addRect(QRectF(-r, -r, 2 * r, 2 * r))
            elif count == 3:
                box.addPolygon(QPolygonF([QPointF(*polar(60.0 * i, r * 1.45)) for i in range(6)]))
                box.closeSubpath()
            elif count == 4:
                box.addRoundedRect(QRectF(-2 * r, -2 * r, 4 * r, 4 * r), r, r)
            else:
                ring = _dist(centers[0], stop.position)
                box.addEllipse(QPointF(0, 0), ring, ring)
            from PySide6.QtGui import QTransform

            transform = QTransform()
            transform.translate(x0, y0)
            transform.rotate(angle)
            outline.addPath(transform.map(box))
        outline = outline.simplified()
        for c in centers:
            self.placer.add_disc(c, r + self.s(1), 4.0)

        reservations = list(getattr(city, "reservations", []))
        slot_art: list[tuple[Point, Any, Any]] = []
        for index, center in enumerate(centers):
            token = tokens[index] if index < len(tokens) else None
            reserved = reservations[index] if index < len(reservations) else None
            slot_art.append((center, token, reserved))

        ring_pen = QPen(_INK, self.s(2.0))
        slot_pen = QPen(QColor(30, 30, 30, 90), self.s(1.0))
        token_art = [self._token_op(center, token, reserved) for center, token, reserved in slot_art]

        def op(painter: QPainter) -> None:
            painter.setPen(ring_pen)
            painter.setBrush(QColor("white"))
            painter.drawPath(outline)
            if count > 1:
                painter.setPen(slot_pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                for c in centers:
                    painter.drawEllipse(QPointF(*c), r - self.s(1.5), r - self.s(1.5))
            for art in token_art:
                if art is not None:
                    art(painter)

        self.ops.append(op)
        self.revenue_queue.append((city, stop, centers))
        return slots

    def _extra_tokens_art(self, city: Any, stop: _Stop, slots: list[Point]) -> None:
        """The tokens of ``city`` beyond its printed slots (a "cheater" slot: 1822's minors at home in a full
        London city): each a smaller token on the city's rim, outside its slots, where it covers the least (the
        hex's other cities, track, each other; the way out of the hex's middle first), in a dashed ring -- not a
        wider city running over its neighbours (London's six cities)."""
        r_city = self.s(_CITY_R)
        r_token = self.s(_TOKEN_R * _EXTRA_TOKEN_SCALE)
        ring = r_token + self.s(2.0)
        x0, y0 = stop.position
        # the way out of the hex's middle first (a city in the middle: down and to the right)
        base = math.degrees(math.atan2(y0, x0)) if (x0, y0) != (0.0, 0.0) else 45.0
        angles = sorted((a * 15.0 for a in range(24)), key=lambda a: (abs((a - base + 180) % 360 - 180), a))
        centers = list(slots)
        for token_index in range(len(centers), len(city.tokens)):
            token = city.tokens[token_index]
            candidates = []
            for angle in angles:
                # touching the outermost printed slot on that side
                reach = max(
                    (c[0] - x0) * math.cos(math.radians(angle)) + (c[1] - y0) * math.sin(math.radians(angle))
                    for c in centers
                )
                dx, dy = polar(angle, reach + r_city)  # on the city's rim, half outside it
                candidates.append((x0 + dx, y0 + dy))
            # a token may sit on track (tokens do): only what is drawn over it counts, then the way out
            solid = _Placer(self.g, self.k)
            solid.discs = [d for d in self.placer.discs if d[3] > 1.0]
            solid.rects = self.placer.rects
            pos = min(
                candidates, key=lambda c: solid.cost(c, _Box(ring), self.s(0.5)) + self.s(0.6) * candidates.index(c)
            )
            self.placer.add_box(pos, _Box(ring))
            slots.append(pos)
            art = self._token_op(pos, token, None, radius=r_token) if token is not None else None
            pen = QPen(_INK, self.s(1.6), Qt.PenStyle.DashLine)

            def op(painter: QPainter, pos: Point = pos, art: _Op | None = art, pen: QPen = pen) -> None:
                painter.setPen(pen)
                painter.setBrush(QColor("white"))
                painter.drawEllipse(QPointF(*pos), ring, ring)
                if art is not None:
                    art(painter)

            self.ops.append(op)

    def _token_op(self, center: Point, token: Any, reserved: Any, radius: float | None = None) -> _Op | None:
        if token is None and reserved is None:
            return None
        entity = token.corporation if token is not None else reserved
        label = _name_of(entity)
        fill = _qcolor(getattr(entity, "color", None), "#808080")
        text_color = _qcolor(getattr(entity, "text_color", None), "white")
        if token is not None and getattr(token, "type", None) == "blocking" and token.corporation is None:
            return self._blocked_slot_op(center)
        if token is not None and getattr(token, "type", None) == "neutral":
            # a neutral station (1882): owned by a corporation for the rules (CN), drawn as the board's own
            # white "N" disc so that nobody takes it for that corporation's station
            label, fill, text_color = NEUTRAL_LABEL, QColor("#f9f9f9"), QColor("#231f20")
        radius = self.s(_TOKEN_R) if radius is None else radius
        faint = token is None
        font = _fit_font(label, radius * 1.62, self.s(15), bold=True)
        rect = _centered(center, radius * 2, radius * 2)
        edge_pen = QPen(QColor(0, 0, 0, 60 if faint else 150), self.s(1.2))
        if faint and reserved_away(reserved, self.tile):
            # a slot a power or a private reserved away from the corporation's home: grey, as the reference
            # draws it (its home reservation is black)
            fill = QColor("#FFFFFF")
            text_color = QColor("#808080")
            edge_pen = QPen(QColor("#808080"), self.s(1.2), Qt.PenStyle.DashLine)
        elif faint:
            # the corporation's home, reserved: a light disc of its colour, its name in black
            reservation_color = getattr(entity, "reservation_color", None)
            fill = _qcolor(reservation_color, "#FFFFFF") if reservation_color else fill
            if not reservation_color:
                fill.setAlpha(90)
            text_color = QColor("#000000")
            edge_pen = QPen(QColor(0, 0, 0, 150), self.s(1.2))

        def op(painter: QPainter) -> None:
            painter.setPen(edge_pen)
            painter.setBrush(fill)
            painter.drawEllipse(QPointF(*center), radius, radius)
            painter.setPen(text_color)
            painter.setFont(font)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)

        return op

    def _blocked_slot_op(self, center: Point) -> _Op:
        """A slot filled by a blocking token of nobody (18ZOO's "Work in progress"): the block glyph."""
        glyph = glyph_for("block")
        size = self.s(_TOKEN_R) * 2

        def op(painter: QPainter) -> None:
            if glyph is not None:
                painter.save()
                glyph(painter, QPointF(*center), size)
                painter.restore()

        return op

    def _town_art(self, town: Any, stop: _Stop) -> None:
        as_bar = bool(getattr(town, "rect", False)) and len(self._exits_of(town)) in (1, 2)
        position = stop.position
        if as_bar:
            # the bar lies across the track: find the track's direction at the town
            exits = self._exits_of(town)
            angle = stop.angle
            if stop.on_curve is None and len(exits) == 1:
                angle = self.g.edge_angle(exits[0])
                if position != (0.0, 0.0):
                    start = self.g.edge_midpoint(exits[0])
                    path = _arc_path(start, _norm((-start[0], -start[1])), position)
                    angle = -path.angleAtPercent(1.0)
            w, h = self.s(_TOWN_BAR[0]), self.s(_TOWN_BAR[1])
            self.placer.add_disc(position, w / 2, 4.0)

            def op(painter: QPainter) -> None:
                painter.save()
                painter.translate(QPointF(*position))
                painter.rotate(angle)
                painter.setPen(QPen(_CASING_COLOR, self.s(1.5)))
                painter.setBrush(_INK)
                # local x runs along the track: the bar is narrow along it and long across it
                painter.drawRoundedRect(QRectF(-h / 2, -w / 2, h, w), self.s(1.5), self.s(1.5))
                painter.restore()
        else:
            r = self.s(_TOWN_DOT_R)
            self.placer.add_disc(position, r + self.s(2), 4.0)

            def op(painter: QPainter) -> None:
                painter.setPen(QPen(_CASING_COLOR, self.s(2.0)))
                painter.setBrush(_INK)
                painter.drawEllipse(QPointF(*position), r, r)

        self.ops.append(op)
        self.revenue_queue.append((town, stop, [position]))

    # --- revenues, labels, names, terrain, blockers ----------------------------------------------

    def _ring_candidates(self, preferred: float, radii: Iterable[float]) -> list[Point]:
        points: list[Point] = []
        angles = sorted((a * 30.0 for a in range(12)), key=lambda a: (abs((a - preferred + 180) % 360 - 180), a))
        for radius in radii:
            for angle in angles:
                points.append(polar(angle, radius))
        return points

    def _small_items(self) -> None:
        tile = self.tile
        r_rev = self.s(_REVENUE_R)

        # Revenues of cities and towns.
        stops_with_revenue = []
        for part, stop, centers in self.revenue_queue:
            if getattr(part, "hide", False):
                continue
            rev = getattr(part, "revenue_to_render", 0)
            if isinstance(rev, dict):
                stops_with_revenue.append((part, stop, centers, rev))
            elif rev:
                stops_with_revenue.append((part, stop, centers, int(rev)))
        # Several stops worth the same (OO, NY, Chicago, twin towns): a single circle.
        values = [v for *_rest, v in stops_with_revenue]
        if len(values) > 1 and all(v == values[0] for v in values) and not isinstance(values[0], dict):
            self._place_shared_revenue_and_name(values[0], r_rev)
        else:
            # The place name first: it is the widest thing and has the fewest places to go.
            if self.location_name:
                self._place_location_name(self.location_name)
            for _part, stop, centers, value in stops_with_revenue:
                self._place_revenue(value, stop.position, centers, r_rev)

        # Tokens beyond a city's printed slots.
        for city, stop, slots in self.extra_queue:
            self._extra_tokens_art(city, stop, slots)

        # Off-board revenues.
        for offboard in tile.offboards:
            if getattr(offboard, "hide", False):
                continue
            rev = getattr(offboard, "revenue_to_render", 0)
            if isinstance(rev, dict):
                self._place_phase_boxes(rev)
            elif rev:
                self._place_revenue(int(rev), (0.0, 0.0), [(0.0, 0.0)], r_rev)

        # Labels (NY, OO, B ...).
        label = tile.label
        if label:
            font = map_font(self.s(22 if len(label) <= 2 else 17), bold=True)
            metrics = QFontMetricsF(font)
            w, h = metrics.horizontalAdvance(label) + self.s(4), metrics.height() * 0.8
            radius = self.g.radius
            candidates = self._ring_candidates(
                180.0 if self.g.layout == "pointy" else 170.0,
                (radius * 0.6, radius * 0.5, radius * 0.68, radius * 0.35),
            )
            pos, _ = self.placer.place(candidates, _Box(w, h))

            def op(painter: QPainter, pos: Point = pos, w: float = w, h: float = h) -> None:
                painter.setFont(font)
                painter.setPen(_INK)
                painter.drawText(_centered(pos, w + self.s(10), h + self.s(10)), Qt.AlignmentFlag.AlignCenter, label)

            self.ops.append(op)

        # Terrain costs.
        for upgrade in tile.upgrades:
            self._place_terrain(upgrade)

        # Icons: the printed marker's picture when there is one (river, mountain, hole...), else a small badge
        # with the icon's name.
        for icon in getattr(tile, "icons", ()):
            name = glyph_name(getattr(icon, "name", "")) or glyph_name(getattr(icon, "image", ""))
            named = next((b for b in self.assignments if b.icon and b.icon == getattr(icon, "name", None)), None)
            if name is not None:
                self._place_glyph(name, preferred=300.0)
            elif named is not None:  # an icon naming a corporation: in its colours
                self._place_badge(named.text, _qcolor(named.fill), _qcolor(named.ink, "#000000"), preferred=300.0)
            else:
                self._place_badge(_icon_text(icon), QColor("#FFFFFF"), QColor("#444444"), preferred=300.0)

        # Private companies blocking the hex.
        hidden = getattr(tile, "hidden_blockers", [])
        for blocker in getattr(tile, "blockers", ()):
            if any(blocker is h for h in hidden) or getattr(blocker, "closed", False):
                continue
            self._place_badge(_name_of(blocker), QColor("#FFF3C4"), QColor("#7A1F1F"), preferred=60.0, blocker=True)

        # The hex's assignments (18JP-T's destinations, 1846's steamboat and meat bonuses): solid, in the
        # entity's colours.
        for badge in self.assignments:
            if badge.icon:
                continue  # drawn as the tile's icon above
            self._place_badge(
                badge.text, _qcolor(badge.fill), _qcolor(badge.ink, "#000000"), preferred=120.0, glyph=badge.glyph
            )

        # Reservations not tied to a city slot.
        for entity in getattr(tile, "reservations", ()):
            self._place_badge(
                _name_of(entity),
                _faded(_qcolor(getattr(entity, "color", None))),
                QColor(60, 60, 60),
                preferred=240.0,
                dashed=True,
            )

    def _place_shared_revenue_and_name(self, value: Any, r: float) -> None:
        """A revenue the hex's stops share (OO, NY, Chicago, London), in a single circle, and the place name: the
        name first, as elsewhere, unless the circle placed first leaves them both better placed.  London's six
        cities leave the middle as the circle's only place: the name took it and the circle went on top of it."""
        radius = self.g.radius
        candidates = [
            (0.0, 0.0),
            *self._ring_candidates(
                300.0 if self.g.layout == "pointy" else 270.0, (radius * 0.3, radius * 0.45, radius * 0.58)
            ),
        ]
        name = self.location_name
        if not name:
            self._revenue_circle(value, candidates, r)
            return
        discs, rects, ops = list(self.placer.discs), list(self.placer.rects), len(self.ops)

        revenues = len(self.drawing.revenue_discs)

        def place(circle_first: bool) -> float:
            self.placer.discs, self.placer.rects = list(discs), list(rects)
            del self.ops[ops:]
            del self.drawing.revenue_discs[revenues:]
            if circle_first:
                return self._revenue_circle(value, candidates, r) + self._place_location_name(name)
            cost = self._place_location_name(name)
            # (the circle keeps off the name as the name keeps off a circle placed before it)
            self.placer.add_rect(*self._last_name_box, _REVENUE_WEIGHT)
            return cost + self._revenue_circle(value, candidates, r)

        name_first = place(False)
        # (only for a clear gain -- the name covering less, not just a place or a size it prefers less: 1830's New
        # York keeps its large name)
        if place(True) > name_first - self.s(_ORDER_GAIN):
            place(False)

    def _place_revenue(self, value: Any, origin: Point, centers: list[Point], r: float) -> None:
        if isinstance(value, dict):
            self._place_phase_boxes(value, near=origin)
            return
        candidates: list[Point] = []
        reach = max(_dist(c, origin) for c in centers) + self.s(_CITY_R) + r + self.s(2.5)
        if origin == (0.0, 0.0):
            base = 300.0 if self.g.layout == "pointy" else 270.0
        else:
            base = math.degrees(math.atan2(-origin[1], -origin[0]))
        for step in range(12):
            for sign in (1, -1):
                angle = base + sign * step * 30.0
                point = polar(angle, reach)
                point = (origin[0] + point[0], origin[1] + point[1])
                if point not in candidates:
                    candidates.append(point)
        for step in range(12):
            point = polar(base + step * 30.0, reach + self.s(10))
            candidates.append((origin[0] + point[0], origin[1] + point[1]))
        self._revenue_circle(value, candidates, r)

    def _room_round(self, point: Point) -> float:
        """How far ``point`` is from the edge of the hex item's bounds (its box and the border allowance)."""
        half_w = self.g.width / 2 + self.g.radius * 0.06
        half_h = self.g.height / 2 + self.g.radius * 0.06
        return max(0.0, min(half_w - abs(point[0]), half_h - abs(point[1])))

    def _revenue_circle(self, value: Any, candidates: list[Point], r: float) -> float:
        """Place a revenue circle at the best of ``candidates``; what covering things there costs."""
        text = str(value)
        pos, cost = self.placer.place(candidates, _Box(r), preference=0.05)
        # what is placed after it keeps off the number more than off a city's rim (London's name covered it)
        self.placer.add_disc(pos, r, _REVENUE_WEIGHT)
        self.drawing.revenue_discs.append((pos, r))
        font = _fit_font(text, r * 1.7, self.s(14), bold=True)
        pen = QPen(_INK, self.s(1.4))
        font_px = float(font.pixelSize())
        room = (self._room_round(pos) - self.s(1.4)) / r  # how much the circle may grow inside the bounds
        cx, cy = pos

        def op(painter: QPainter) -> None:
            # zoomed out, the revenue is drawn larger round its centre (within the hex) rather than unreadable
            grow = min(legible_scale(font_px, painter.worldTransform().m11()), max(1.0, room))
            if grow > 1.0:
                painter.save()
                painter.translate(cx, cy)
                painter.scale(grow, grow)
                painter.translate(-cx, -cy)
            painter.setPen(pen)
            painter.setBrush(QColor("white"))
            painter.drawEllipse(QPointF(*pos), r, r)
            painter.setFont(font)
            painter.setPen(_INK)
            painter.drawText(_centered(pos, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, text)
            if grow > 1.0:
                painter.restore()

        self.ops.append(op)
        return cost

    def _place_phase_boxes(self, revenue: dict[str, int], near: Point | None = None) -> None:
        colors = list(revenue)
        active = None
        for color in reversed(self.phase_tiles):
            if color in revenue:
                active = color
                break
        texts = [str(revenue[c]) for c in colors]
        font = map_font(self.s(14), bold=True)
        metrics = QFontMetricsF(font)
        box_w = max(self.s(24), max(metrics.horizontalAdvance(t) for t in texts) + self.s(7))
        box_h = self.s(20)
        total_w = box_w * len(colors)
        radius = self.g.radius
        if near is None:
            candidates = [
                (0.0, 0.0),
                (0.0, radius * 0.12),
                (0.0, -radius * 0.12),
                (0.0, radius * 0.28),
                (0.0, -radius * 0.28),
                *self._ring_candidates(90.0, (radius * 0.25, radius * 0.42)),
            ]
        else:
            candidates = [(near[0] + x, near[1] + y) for x, y in self._ring_candidates(300.0, (self.s(45), self.s(60)))]
        pos, _ = self.placer.place(candidates, _Box(total_w + self.s(4), box_h + self.s(4)))
        left = pos[0] - total_w / 2
        top = pos[1] - box_h / 2
        boxes = [QRectF(left + i * box_w, top, box_w, box_h) for i in range(len(colors))]
        fills = [QColor(PHASE_COLORS.get(c, TILE_COLORS.get(c, "#DDDDDD"))) for c in colors]
        text_colors = [QColor("white") if c in ("diesel", "gray40", "navy") else _INK for c in colors]
        active_index = colors.index(active) if active in colors else -1
        frame = QRectF(left, top, total_w, box_h)

        def op(painter: QPainter) -> None:
            painter.setFont(font)
            for index, rect in enumerate(boxes):
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(fills[index])
                painter.drawRect(rect)
                painter.setPen(text_colors[index])
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, texts[index])
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(_INK, self.s(1.4)))
            painter.drawRect(frame)
            for rect in boxes[1:]:
                painter.drawLine(rect.topLeft(), rect.bottomLeft())
            if active_index >= 0:
                painter.setPen(QPen(_INK, self.s(3.2)))
                painter.drawRect(boxes[active_index].adjusted(self.s(1.2), self.s(1.2), -self.s(1.2), -self.s(1.2)))

        self.ops.append(op)

    def _place_location_name(self, name: str) -> float:
        """Place the hex's location name where it covers the least; what covering things there costs, with the
        preference for its place and size.  Its box is kept in ``_last_name_box``."""
        radius = self.g.radius
        variants: list[tuple[list[str], QFont, float, float]] = []
        size = self.s(13.5)
        lines_options = [[name]]
        split = _split_name(name)
        if split is not None:
            lines_options.append(split)
        for lines in lines_options:
            for scale in (1.0, 0.88, 0.78):
                font = map_font(size * scale, bold=False, condensed=True)
                metrics = QFontMetricsF(font)
                w = max(metrics.horizontalAdvance(line) for line in lines) + self.s(6)
                h = metrics.height() * len(lines) + self.s(1)
                variants.append((lines, font, w, h))
        best: tuple[float, int, Point] | None = None
        for preference, variant_index, x, y in _name_spots(len(variants)):
            preference *= self.k
            if best is not None and preference >= best[0]:
                break  # sorted by preference: nothing later can win
            _lines, _font, w, h = variants[variant_index]
            point = (x * radius, y * radius)
            # (a place covering as much as the best's cost less this one's preference cannot win: not summed further)
            bound = math.inf if best is None else best[0] - preference
            cost = self.placer.cost(point, _Box(w, h), self.s(1.0), bound) + preference
            if best is None or cost < best[0] - 1e-9:
                best = (cost, variant_index, point)
        assert best is not None
        _cost, variant_index, pos = best
        lines, font, w, h = variants[variant_index]
        own_rect = len(self.placer.rects)
        self.placer.add_box(pos, _Box(w, h))
        self._last_name_box = self.drawing.name_box = (pos, w, h)
        legible = _LegibleName(name, lines, font, pos, self.placer, own_rect, self.g.radius, self.k)
        on_dark = str(self.tile.color) in ("red", "navy", "gray40", "purple")
        color = QColor("white") if on_dark else _INK
        # a halo in the tile's colour keeps the name readable where it crosses track
        text_path = _text_path(lines, font, pos)
        halo = QPen(QColor(TILE_COLORS.get(str(self.tile.color), TILE_COLORS["white"])), self.s(3.2))
        halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)

        font_px = float(font.pixelSize())
        cx, cy = pos

        def op(painter: QPainter) -> None:
            # zoomed out (a whole 1830 map in 700 pixels), the name is drawn larger than its slot rather than
            # at an unreadable 5 pixels; zoomed in, at its place and size.  Zoomed out further (1822, 18USA fitted)
            # it is drawn legible in the free part of the hex, on two lines or shortened if it must, else not at all
            zoom = painter.worldTransform().m11()
            path, (px, py), grow = text_path, (cx, cy), legible_scale(font_px, zoom)
            if font_px * abs(zoom) * MAX_LABEL_GROWTH < MIN_LABEL_PX:
                shown = legible.at(zoom)
                if shown is None:
                    return
                path, (px, py), grow = shown
            if grow > 1.0:
                painter.save()
                painter.translate(px, py)
                painter.scale(grow, grow)
                painter.translate(-px, -py)
            painter.strokePath(path, halo)
            painter.fillPath(path, color)
            if grow > 1.0:
                painter.restore()

        self.ops.append(op)
        return best[0]

    def _place_terrain(self, upgrade: Any) -> None:
        terrains = list(getattr(upgrade, "terrains", []))
        cost = int(getattr(upgrade, "cost", 0) or 0)
        text = self.money(cost) if cost else ""
        font = map_font(self.s(12.5), bold=True)
        metrics = QFontMetricsF(font)
        kind = next((name for name in map(glyph_name, terrains) if name is not None), "")
        icon_h = self.s(16) if kind else 0.0
        text_w = metrics.horizontalAdvance(text) if text else 0.0
        w = max(self.s(22) if kind else 0.0, text_w) + self.s(4)
        h = icon_h + (metrics.height() if text else 0.0)
        if h <= 0:
            return
        radius = self.g.radius
        loc = self._rotated_loc(upgrade)
        preferred = self.g.edge_angle(loc) if loc is not None else (130.0 if self.g.layout == "pointy" else 120.0)
        # (last, the hex's corners: London's six cities leave no other room -- the amount sat against them)
        candidates = self._ring_candidates(
            preferred, (radius * 0.5, radius * 0.4, radius * 0.58, radius * 0.28, radius * 0.76)
        )
        pos, _ = self.placer.place(candidates, _Box(w, h))
        self.drawing.cost_boxes.append((pos, w, h))
        icon_center = (pos[0], pos[1] - h / 2 + self.s(8))
        text_rect = QRectF(pos[0] - w, pos[1] - h / 2 + (icon_h - self.s(1) if kind else 0.0), 2 * w, metrics.height())
        icon = _terrain_icon(kind, icon_center, self.k)

        def op(painter: QPainter) -> None:
            icon(painter)
            if text:
                painter.setFont(font)
                painter.setPen(_INK)
                painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, text)

        self.ops.append(op)

    def _place_glyph(self, name: str, preferred: float) -> None:
        """A marker's picture on its own (a printed map's river or mountain icon)."""
        glyph = glyph_for(name)
        if glyph is None:
            return
        size = self.s(24)
        radius = self.g.radius
        candidates = self._ring_candidates(preferred, (radius * 0.55, radius * 0.42, radius * 0.3, radius * 0.62))
        pos, _ = self.placer.place(candidates, _Box(size, size * 0.8))

        def op(painter: QPainter) -> None:
            glyph(painter, QPointF(*pos), size)

        self.ops.append(op)

    def _place_badge(
        self,
        text: str,
        fill: QColor,
        ink: QColor,
        preferred: float,
        blocker: bool = False,
        dashed: bool = False,
        glyph: str = "",
    ) -> None:
        font = map_font(self.s(11.5), bold=True)
        metrics = QFontMetricsF(font)
        picture = glyph_for(glyph) if glyph else None
        h = metrics.height() + self.s(3)
        glyph_w = h * 1.1 if picture is not None else 0.0
        w = metrics.horizontalAdvance(text) + self.s(10) + glyph_w
        radius = self.g.radius
        # (last, the hex's corners: in a crowded hex -- London's six cities -- the only room left for a reservation)
        candidates = self._ring_candidates(
            preferred, (radius * 0.55, radius * 0.42, radius * 0.3, radius * 0.62, radius * 0.76)
        )
        pos, _ = self.placer.place(candidates, _Box(w, h))
        self.drawing.badge_boxes.append((text, pos, w, h))
        rect = _centered(pos, w, h)
        pen = QPen(ink, self.s(1.6 if blocker else 1.2))
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)

        def op(painter: QPainter) -> None:
            painter.setPen(pen)
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, h / 2, h / 2)
            if picture is not None:
                painter.save()
                picture(painter, QPointF(rect.left() + self.s(4) + glyph_w / 2, rect.center().y()), glyph_w * 0.9)
                painter.restore()
            painter.setFont(font)
            painter.setPen(ink)
            painter.drawText(rect.adjusted(glyph_w, -self.s(0.8), 0, -self.s(0.8)), Qt.AlignmentFlag.AlignCenter, text)

        self.ops.append(op)


_NAME_SPOTS: dict[int, list[tuple[float, int, float, float]]] = {}


class _LegibleName:
    """A location name drawn at :data:`MIN_LABEL_PX` where its slot would leave it smaller: the first of its
    forms (one line, two lines, shortened) and places in the hex (top and bottom first) that stays inside the hex
    and clear of the tile's track, stops and labels at that size.  The room of each form and place is worked out
    once, when a paint first needs it, and only as far as the first that fits (the hex's own spot, most of the time);
    the choice is kept per zoom."""

    def __init__(
        self,
        name: str,
        lines: list[str],
        font: QFont,
        pos: Point,
        placer: _Placer,
        own_rect: int,
        radius: float,
        k: float,
    ) -> None:
        self.name, self.lines, self.font, self.pos = name, lines, font, pos
        self.placer, self.own_rect, self.radius, self.k = placer, own_rect, radius, k
        self._forms: list[tuple[list[str], float, float]] | None = None  # lines, w, h (scene units)
        self._candidates: list[tuple[int, Point]] | None = None  # form, centre; best first
        #: per candidate (as far as a paint needed): its room, or more than its room when that is all that was
        #: needed to know that it was too small (``exact`` False)
        self._rooms: list[tuple[float, bool]] = []
        self._paths: dict[tuple[int, Point], QPainterPath] = {}
        self._by_zoom: dict[float, tuple[QPainterPath, Point, float] | None] = {}

    def forms(self) -> list[tuple[list[str], float, float]]:
        if self._forms is None:
            metrics = QFontMetricsF(self.font)
            options = [self.lines, [self.name]]
            split = _split_name(self.name)
            if split is not None:
                options.append(split)
            short = _short_name(self.name)
            if short is not None:
                options.append([short])
            forms = []
            for lines in options:
                if any(lines == f[0] for f in forms):
                    continue
                w = max(metrics.horizontalAdvance(line) for line in lines) + self.k * 4
                forms.append((lines, w, metrics.height() * len(lines)))
            self._forms = forms
        return self._forms

    def fitting(self, needed: float) -> tuple[int, Point] | None:
        """The first form and place (best first) with a room of ``needed`` at least, or None."""
        if self._candidates is None:
            spots = [self.pos] + [
                (x * self.radius, y * self.radius)
                for y in (-0.62, 0.62, -0.5, 0.5, -0.38, 0.38, -0.2, 0.2, 0.0)
                for x in (0.0, 0.15, -0.15)
            ]
            self._candidates = [(i, spot) for i in range(len(self.forms())) for spot in spots]
        rooms = self._rooms
        for index, (form, spot) in enumerate(self._candidates):
            if index == len(rooms) or (not rooms[index][1] and rooms[index][0] >= needed):
                _lines, w, h = self.forms()[form]
                room = self.placer.room(spot, w, h, self.own_rect, floor=needed)
                known = (room, room >= needed)  # (below ``needed``, the room may have been left unfinished)
                if index == len(rooms):
                    rooms.append(known)
                else:
                    rooms[index] = known
            if rooms[index][0] >= needed:
                return form, spot
        return None

    def at(self, zoom: float) -> tuple[QPainterPath, Point, float] | None:
        """The path, centre and enlargement that draw the name legibly at ``zoom``; None when no form fits."""
        key = round(abs(zoom), 4)
        if key not in self._by_zoom:
            needed = MIN_LABEL_PX / max(1e-9, float(self.font.pixelSize()) * abs(zoom))
            chosen = self.fitting(needed)
            if chosen is None:
                self._by_zoom[key] = None
            else:
                if chosen not in self._paths:
                    self._paths[chosen] = _text_path(self.forms()[chosen[0]][0], self.font, chosen[1])
                self._by_zoom[key] = (self._paths[chosen], chosen[1], needed)
        return self._by_zoom[key]


def _short_name(name: str) -> str | None:
    """A long place name shortened: its first word's first letters and a full stop ("Middlesbrough" -> "Middl."),
    a short first word with the next word's initial ("Deep South" -> "Deep S.", "Akron & Canton" -> "Akron C."),
    or None for a short name."""
    words = [w for w in name.replace(",", " ").split() if any(ch.isalpha() for ch in w)]
    if len(name) <= 6 or not words or len(words[0]) <= 3:
        return None
    if len(words[0]) > 6:
        return words[0][:5].rstrip(" .'-") + "."
    later = [w for w in words[1:] if w[0].isupper()]  # "Port of New Orleans": the N of New, not the o of of
    if later:
        return f"{words[0]} {later[0][0]}."
    return None


def _name_spots(variants: int) -> list[tuple[float, int, float, float]]:
    """Places for a location name, ``(preference, variant, x, y)`` in units of the radius, best first.

    Top and bottom of the hex first, the middle last; earlier (larger, one-line) variants first.
    """
    spots = _NAME_SPOTS.get(variants)
    if spots is None:
        ys = [-0.62, 0.62, -0.5, 0.5, -0.38, 0.38, -0.22, 0.22, 0.0]
        xs = [0.0, 0.12, -0.12, 0.24, -0.24]
        spots = sorted(
            (0.25 * (yi + xi) + 0.9 * variant, variant, x, y)
            for variant in range(variants)
            for yi, y in enumerate(ys)
            for xi, x in enumerate(xs)
        )
        _NAME_SPOTS[variants] = spots
    return spots


def reserved_away(entity: Any, tile: Any) -> bool:
    """Is ``entity``'s reservation on ``tile`` away from its home?  A corporation's reservation is at home when the
    tile's hex is one of its home coordinates; anything else reserved (a minor, a company) is not "away"."""
    if entity is None or not getattr(entity, "is_corporation", False) or getattr(entity, "is_minor", False):
        return False
    coordinates = getattr(entity, "coordinates", None)
    homes = [coordinates] if isinstance(coordinates, str) else [str(c) for c in coordinates or ()]
    hex_ = getattr(tile, "hex", None)
    return hex_ is not None and str(getattr(hex_, "id", "")) not in homes


def _faded(color: QColor) -> QColor:
    faded = QColor(color)
    faded.setAlpha(80)
    return faded


def _icon_text(icon: Any) -> str:
    name = str(getattr(icon, "name", "") or "")
    return name.replace("_", " ")[:10] or "•"


def _split_name(name: str) -> list[str] | None:
    """Two lines for a long place name, split at `` & `` or the space nearest the middle."""
    if " & " in name:
        left, right = name.split(" & ", 1)
        return [left + " &", right]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if not spaces:
        return None
    middle = len(name) / 2
    cut = min(spaces, key=lambda i: abs(i - middle))
    return [name[:cut], name[cut + 1 :]]


def _text_path(lines: list[str], font: QFont, center: Point) -> QPainterPath:
    """Lines of text as one vector path, each line centred, the block centred on ``center``."""
    metrics = QFontMetricsF(font)
    spacing = metrics.height()
    top = center[1] - spacing * len(lines) / 2
    path = QPainterPath()
    for index, line in enumerate(lines):
        x = center[0] - metrics.horizontalAdvance(line) / 2
        path.addText(QPointF(x, top + index * spacing + metrics.ascent()), font, line)
    return path


def _centered(point: Point, w: float, h: float) -> QRectF:
    return QRectF(point[0] - w / 2, point[1] - h / 2, w, h)


_FIT_CACHE: dict[tuple[str, float, float, bool], QFont] = {}


def _fit_font(text: str, max_width: float, size: float, bold: bool = False) -> QFont:
    """The font at ``size`` or smaller so that ``text`` is at most ``max_width`` wide."""
    key = (text, round(max_width, 2), round(size, 2), bold)
    font = _FIT_CACHE.get(key)
    if font is None:
        font = map_font(size, bold)
        width = QFontMetricsF(font).horizontalAdvance(text)
        if width > max_width > 0:
            font = map_font(max(1.0, size * max_width / width), bold)
        _FIT_CACHE[key] = font
    return font


def _terrain_icon(kind: str, center: Point, k: float) -> _Op:
    """The picture of terrain ``kind`` (a glyph name, ``desktop.map.glyphs``) at ``center``; nothing for a cost
    without a named terrain (the amount alone)."""
    glyph = glyph_for(kind) if kind else None

    def op(painter: QPainter) -> None:
        if glyph is not None:
            painter.save()
            glyph(painter, QPointF(*center), 22 * k)
            painter.restore()

    return op


# ---------------------------------------------------------------------------------------------
# What a hex shows: the key that says whether it must be redrawn
# ---------------------------------------------------------------------------------------------


def printed_slots(city: Any) -> int:
    """How many slots ``city`` is drawn with: its printed ones (tokens beyond them, in "cheater" slots, are drawn
    beside it), at least one."""
    tokens = len(getattr(city, "tokens", ()))
    normal = getattr(city, "normal_slots", None)
    return max(1, min(tokens, int(normal)) if isinstance(normal, int) else tokens)


def _city_key(city: Any) -> tuple[Any, ...]:
    tokens = tuple(token_label(t) if t is not None else None for t in city.tokens)
    reservations = tuple(_name_of(r) if r is not None else None for r in getattr(city, "reservations", ()))
    return (tokens, reservations)


#: what a neutral station shows (the letter of 18xx.games's neutral logo)
NEUTRAL_LABEL = "N"
#: what a blocking token of nobody stands for (it is drawn as the block glyph)
BLOCKED_LABEL = "blocked"


def token_label(token: Any) -> str:
    """The text a placed token shows: its corporation's name, "N" for a neutral station, "blocked" for a blocking
    token of nobody."""
    if getattr(token, "type", None) == "blocking" and getattr(token, "corporation", None) is None:
        return BLOCKED_LABEL
    return NEUTRAL_LABEL if getattr(token, "type", None) == "neutral" else _name_of(token.corporation)


def hex_render_key(hex_: Any, phase_tiles: Sequence[str] = ()) -> tuple[Any, ...]:
    """Everything about ``hex_`` its drawing depends on, as plain comparable values.

    Two states of a game give the same key for a hex exactly when the hex looks the same:
    same tile and rotation, same tokens and reservations, same blockers and icons (and,
    for off-board revenues, the same active phase colour).
    """
    tile = hex_.tile
    cities = tuple(_city_key(c) for c in tile.cities)
    blockers = tuple(_name_of(b) for b in tile.blockers if not getattr(b, "closed", False))
    reservations = tuple(_name_of(r) for r in tile.reservations)
    icons = tuple(getattr(i, "name", "") for i in getattr(tile, "icons", ()))
    icons += tuple(f"assigned:{key}" for key in getattr(hex_, "assignments", None) or ())
    phase_key: Any = None
    if tile.offboards or any(isinstance(getattr(c, "revenue_to_render", 0), dict) for c in tile.city_towns):
        phase_key = tuple(phase_tiles)
    return (tile.id, tile.rotation, cities, blockers, reservations, icons, len(tile.borders), phase_key)


# ---------------------------------------------------------------------------------------------
# The item
# ---------------------------------------------------------------------------------------------


class HexItem(QGraphicsItem):
    """One map hex: paints its current tile.  Knows its hex id; clicks go through the scene."""

    def __init__(self, hex_id: str, geometry: HexGeometry, center: Point, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.hex_id = hex_id
        self.geometry = geometry
        self.setPos(QPointF(*center))
        self.drawing: TileDrawing | None = None
        self.render_key: tuple[Any, ...] | None = None
        self.tile_id = ""
        self.tile_name = ""
        self.rotation = 0
        self.tile_color = ""
        #: per city of the tile: the corporation in each slot (None when empty), as drawn
        self.city_tokens: list[list[str | None]] = []
        #: per city: who each slot is reserved for (None when not reserved), as drawn
        self.city_reservations: list[list[str | None]] = []
        self._dimmed = False
        self._outline: QColor | None = None
        self._base_z = 0.0
        r = geometry.radius
        # room for hex-side borders drawn centred on the hex outline
        self._bounds = QRectF(-geometry.width / 2, -geometry.height / 2, geometry.width, geometry.height).adjusted(
            -r * 0.06, -r * 0.06, r * 0.06, r * 0.06
        )
        shape = QPainterPath()
        shape.addPolygon(QPolygonF([QPointF(*p) for p in geometry.corners()]))
        shape.closeSubpath()
        self._shape = shape
        self.setAcceptHoverEvents(False)

    # --- state ----------------------------------------------------------------------------------

    def update_from(
        self,
        hex_: Any,
        *,
        phase_tiles: Sequence[str] = (),
        currency_format: str = "%s",
        key: tuple[Any, ...] | None = None,
        assignments: Sequence[AssignmentBadge] = (),
    ) -> bool:
        """Show ``hex_`` as it is now; returns False (and does nothing) when nothing visible changed."""
        if key is None:
            key = hex_render_key(hex_, phase_tiles)
        if key == self.render_key:
            return False
        tile = hex_.tile
        show_name = not getattr(hex_, "hide_location_name", False)
        self.drawing = TileDrawing.build(
            tile,
            self.geometry,
            location_name=getattr(hex_, "location_name", None),
            phase_tiles=phase_tiles,
            currency_format=currency_format,
            show_location_name=show_name,
            assignments=assignments,
        )
        self.render_key = key
        self.tile_id = str(tile.id)
        self.tile_name = str(tile.name)
        self.rotation = int(tile.rotation)
        self.tile_color = str(tile.color)
        self.city_tokens = [list(tokens) for tokens, _reservations in key[2]]
        self.city_reservations = [list(reservations) for _tokens, reservations in key[2]]
        self._base_z = 0.5 if self.drawing.has_borders else 0.0
        self.setZValue(self._base_z + (1.0 if self._outline is not None else 0.0))
        self.update()
        return True

    def set_dimmed(self, dimmed: bool) -> None:
        """Draw at half strength (a hex that cannot be acted on now)."""
        if dimmed != self._dimmed:
            self._dimmed = dimmed
            self.setOpacity(0.5 if dimmed else 1.0)

    def set_outline(self, color: QColor | str | None) -> None:
        """Outline the hex (changed this turn, hovered company's hexes...); None removes it."""
        self._outline = QColor(color) if color is not None else None
        self.setZValue(self._base_z + (1.0 if color is not None else 0.0))
        self.update()

    @property
    def dimmed(self) -> bool:
        return self._dimmed

    def city_at(self, scene_pos: QPointF) -> str | None:
        """The id of the city whose token slot is under ``scene_pos`` (None when no slot is there)."""
        found = self.slot_at(scene_pos)
        if found is None or self.drawing is None or found[0] >= len(self.drawing.slot_city_ids):
            return None
        return self.drawing.slot_city_ids[found[0]]

    def slot_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        """``(city index, slot index)`` of the token slot under ``scene_pos``, or None."""
        if self.drawing is None:
            return None
        local = self.mapFromScene(scene_pos)
        r = _CITY_R * self.geometry.radius / 100.0
        for city_index, slots in enumerate(self.drawing.slot_positions):
            for slot_index, (x, y) in enumerate(slots):
                if math.hypot(local.x() - x, local.y() - y) <= r:
                    return (city_index, slot_index)
        return None

    # --- QGraphicsItem ------------------------------------------------------------------------------

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._shape

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        if self.drawing is not None:
            self.drawing.paint(painter)
        if self._outline is not None:
            pen = QPen(self._outline, self.geometry.radius * 0.08)
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(pen)
            painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
            inset = self.geometry.radius * 0.03
            r = self.geometry.radius - inset * 2 / math.sqrt(3)
            painter.drawPolygon(QPolygonF([QPointF(*polar(self.geometry.corner_angle(i), r)) for i in range(6)]))
