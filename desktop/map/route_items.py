"""Routes drawn on the map: one colour and dash style per train, along the real track.

A route's line follows the track it runs on -- through the middle of each hex side it crosses, along each
tile's curves, into and out of the city or town circles where they are drawn -- by rebuilding, in scene
coordinates, the same arcs the tiles are painted with (``desktop/map/items.py``).  A route that cannot be
rebuilt (a file storing only hex ids) is drawn through the hex centres instead.

:class:`RouteOverlay` owns the items of one set of routes in a scene (the history overlay of a viewed
``run_routes`` and the live routes being chosen use one each).  Items only paint; clicks go through the scene.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsPathItem, QGraphicsRectItem, QGraphicsSimpleTextItem

from desktop.map.geometry import Point
from desktop.map.items import _arc_path, map_font
from desktop.map.outline import separate_overlaps

__all__ = ["ROUTE_STYLES", "RouteLine", "RouteOverlay", "ordered_paths", "route_path"]

#: One colour and dash per train (colour is never the only signal).
ROUTE_STYLES: tuple[tuple[str, Qt.PenStyle], ...] = (
    ("#d7263d", Qt.PenStyle.SolidLine),
    ("#1b64c4", Qt.PenStyle.DashLine),
    ("#1e9e4a", Qt.PenStyle.DotLine),
    ("#e08a00", Qt.PenStyle.DashDotLine),
    ("#8e3fc0", Qt.PenStyle.SolidLine),
    ("#0f9ca3", Qt.PenStyle.DashLine),
    ("#b0408a", Qt.PenStyle.DotLine),
    ("#6b5a1e", Qt.PenStyle.DashDotLine),
)


def route_style(index: int) -> tuple[str, Qt.PenStyle]:
    return ROUTE_STYLES[index % len(ROUTE_STYLES)]


@dataclass
class RouteLine:
    """One train's route to draw: its legs (engine ``Segment``s) or, when it cannot be rebuilt, chains of
    hex ids; ``name`` ("3", "4/6") and ``revenue`` (text) for its tag; ``style`` its index in ROUTE_STYLES."""

    name: str
    style: int
    segments: Sequence[Any] = ()
    hex_chains: Sequence[Sequence[str]] = ()
    revenue: str | None = None
    #: the route cannot run (its tag says so)
    error: str | None = None
    #: stops to ring (the route being edited), and a first stop clicked with no leg yet
    rings: Sequence[Any] = ()
    pending: Any = None
    emphasis: bool = False
    tooltip: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def ordered_paths(segments: Sequence[Any]) -> list[tuple[Any, Any]]:
    """``(path, leg start node)`` for every path of the legs, in running order (head to tail)."""
    found: list[tuple[Any, Any]] = []
    for segment in segments:
        chain = segment.chain
        paths = list(chain.paths)
        if chain.nodes is not None and chain.nodes[0] is not segment.left:
            paths.reverse()
        found.extend((p, segment.left) for p in paths)
    return found


def _edge_number(part: Any) -> int:
    return int((part.num + part_rotation(part)) % 6)


def part_rotation(part: Any) -> int:
    tile = getattr(part, "tile", None)
    return int(getattr(tile, "rotation", 0) or 0)


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _inward(mid: Point) -> Point:
    length = math.hypot(*mid)
    return (-mid[0] / length, -mid[1] / length) if length > 1e-9 else (0.0, 0.0)


def node_point(scene: Any, node: Any) -> QPointF | None:
    """Scene position where a city, town or off-board area is drawn (its hex centre when not drawn apart)."""
    hex_ = getattr(node, "hex", None)
    item = scene.item_for_hex(hex_.id) if hex_ is not None else None
    if item is None:
        return None
    local = _node_local(item, node)
    return item.pos() + QPointF(*local)


def _node_local(item: Any, node: Any) -> Point:
    drawing = item.drawing
    positions = getattr(drawing, "stop_positions", {}) if drawing is not None else {}
    return positions.get(int(getattr(node, "index", -1)), (0.0, 0.0))


def _part_local(item: Any, part: Any) -> Point:
    if getattr(part, "is_edge", False):
        return item.geometry.edge_midpoint(_edge_number(part))
    return _node_local(item, part)


def _path_local(item: Any, path: Any) -> QPainterPath:
    """The track of ``path`` from its ``a`` end to its ``b`` end, relative to the hex centre, along the arcs the
    tile is painted with (a stop on a curve lies on the curve between its two edges)."""
    a, b = path.a, path.b
    pa, pb = _part_local(item, a), _part_local(item, b)
    a_edge, b_edge = getattr(a, "is_edge", False), getattr(b, "is_edge", False)
    if a_edge:
        return _arc_path(pa, _inward(pa), pb)
    if b_edge:
        return _arc_path(pb, _inward(pb), pa).toReversed()
    shape = QPainterPath(QPointF(*pa))
    shape.lineTo(QPointF(*pb))
    return shape


def route_path(scene: Any, segments: Sequence[Any]) -> QPainterPath:
    """The line of a route along its track, in scene coordinates (empty when a hex is not on the map)."""
    line = QPainterPath()
    current: QPointF | None = None
    last_start: Any = None
    for path, start in ordered_paths(segments):
        hex_ = getattr(path, "hex", None)
        item = scene.item_for_hex(hex_.id) if hex_ is not None else None
        if item is None:
            return QPainterPath()
        if start is not last_start:
            last_start = start
            where = node_point(scene, start)
            if where is not None:
                current = where
        piece = _path_local(item, path).translated(item.pos())
        first, end = piece.pointAtPercent(0.0), piece.pointAtPercent(1.0)
        if current is not None and _dist((end.x(), end.y()), (current.x(), current.y())) < _dist(
                (first.x(), first.y()), (current.x(), current.y())):
            piece = piece.toReversed()
        if line.isEmpty():
            line.moveTo(piece.pointAtPercent(0.0))
        line.connectPath(piece)
        current = piece.pointAtPercent(1.0)
    return line


def hex_chain_path(scene: Any, chains: Sequence[Sequence[str]]) -> QPainterPath:
    """A route known only by hex ids: through the middle of each hex side crossed, round the hex centres."""
    path = QPainterPath()
    for chain in chains:
        points = []
        for hex_id in chain:
            item = scene.item_for_hex(hex_id)
            if item is not None:
                points.append(QPointF(item.pos()))
        if not points:
            continue
        path.moveTo(points[0])
        for j in range(1, len(points)):
            mid = (points[j - 1] + points[j]) / 2
            if j == 1:
                path.lineTo(mid)
            else:
                path.quadTo(points[j - 1], mid)
        path.lineTo(points[-1])
    return path


class RouteOverlay:
    """The items of one set of routes in ``scene`` (``z`` above the hexes)."""

    def __init__(self, scene: Any, z: float = 5.0) -> None:
        self.scene = scene
        self.z = z
        self.items: list[Any] = []
        self.lines: list[RouteLine] = []
        #: the scene path of each line drawn (same order as ``lines``; empty paths are not drawn)
        self.paths: list[QPainterPath] = []

    def clear(self) -> None:
        for item in self.items:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self.items = []
        self.lines = []
        self.paths = []

    def show(self, lines: Sequence[RouteLine]) -> None:
        self.clear()
        self.lines = list(lines)
        radius = float(self.scene.radius)
        width = radius * 0.12
        tag_spots: list[QPointF] = []
        drawn: list[QPainterPath] = []
        for line in self.lines:
            path = route_path(self.scene, line.segments) if line.segments else QPainterPath()
            if path.isEmpty() and line.hex_chains:
                path = hex_chain_path(self.scene, line.hex_chains)
            drawn.append(path)
        # routes along the same track drawn side by side, not one over the other
        shown = separate_overlaps(drawn, width * 1.6, radius * 0.5)
        for line, path in zip(self.lines, shown, strict=True):
            color, dash = route_style(line.style)
            self.paths.append(path)
            tip = line.tooltip or (f"{line.name} train" + (f": {line.revenue}" if line.revenue is not None else ""))
            if not path.isEmpty():
                wide = width * (1.35 if line.emphasis else 1.0)
                halo = QGraphicsPathItem(path)
                halo.setPen(QPen(QColor(255, 255, 255, 200), wide * 1.9, Qt.PenStyle.SolidLine,
                                 Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
                halo.setZValue(self.z)
                item = QGraphicsPathItem(path)
                ink = QColor(color)
                ink.setAlpha(215)
                item.setPen(QPen(ink, wide, dash, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
                item.setZValue(self.z + 0.1)
                for part in (halo, item):
                    part.setToolTip(tip)
                    self._add(part)
            for node in line.rings:
                self._ring(node, color, radius * 0.36, Qt.PenStyle.SolidLine)
            if line.pending is not None:
                self._ring(line.pending, color, radius * 0.42, Qt.PenStyle.DashLine)
            end = path.pointAtPercent(1.0) if not path.isEmpty() else None
            if end is None and line.pending is not None:
                end = node_point(self.scene, line.pending)
            if end is not None:
                self._tag(line, color, end, tag_spots, tip)

    # --- pieces ----------------------------------------------------------------------------------------------
    def _add(self, item: Any) -> None:
        self.scene.addItem(item)
        self.items.append(item)

    def _ring(self, node: Any, color: str, r: float, style: Qt.PenStyle) -> None:
        where = node_point(self.scene, node)
        if where is None:
            return
        ring = QGraphicsEllipseItem(QRectF(where.x() - r, where.y() - r, 2 * r, 2 * r))
        ring.setPen(QPen(QColor(color), self.scene.radius * 0.06, style))
        ring.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        ring.setZValue(self.z + 0.2)
        self._add(ring)

    def _tag_spot(self, end: QPointF, box: QRectF, spots: list[QPointF]) -> QPointF:
        """Where a tag of size ``box`` goes for a route ending at ``end``: to the right of the end, or to its
        left when it would run past the map's right edge; kept inside the map (a label half off the window
        cannot be read), and stacked below (or, at the bottom, above) the tags already placed."""
        radius = float(self.scene.radius)
        w, h = box.width(), box.height()
        x = end.x() + radius * 0.35
        area = self.scene.map_rect() if hasattr(self.scene, "map_rect") else QRectF()
        if not area.isEmpty() and x + box.right() > area.right():
            x = end.x() - radius * 0.35 - box.right()
        if not area.isEmpty():
            x = max(area.left() - box.left(), min(x, area.right() - box.right()))
        y = end.y() - h / 2
        if not area.isEmpty():
            y = max(area.top() - box.top(), min(y, area.bottom() - box.bottom()))
        step = h * 1.25

        def taken(spot: QPointF) -> bool:
            return any(abs(spot.x() - s.x()) < w and abs(spot.y() - s.y()) < h * 1.2 for s in spots)

        # tags ending near each other are stacked, not drawn over each other
        spot = QPointF(x, y)
        while taken(spot):
            spot = QPointF(x, spot.y() + step)
        if not area.isEmpty() and spot.y() + box.bottom() > area.bottom():
            spot = QPointF(x, y)
            while taken(spot):
                spot = QPointF(x, spot.y() - step)
        return spot

    def _tag(self, line: RouteLine, color: str, end: QPointF, spots: list[QPointF], tip: str) -> None:
        """A label at the route's end: the train and what it earns (or that it cannot run), in its colour."""
        radius = float(self.scene.radius)
        text = f"{line.name} train"
        if line.error is not None:
            text += " \u2717"
        elif line.revenue is not None:
            text += f" {line.revenue}"
        label = QGraphicsSimpleTextItem(text)
        label.setFont(map_font(radius * 0.34, bold=True))
        label.setBrush(QColor("#ffffff"))
        rect = label.boundingRect()
        pad = radius * 0.08
        tag = QGraphicsRectItem(QRectF(-pad, -pad * 0.5, rect.width() + 2 * pad, rect.height() + pad))
        tag.setBrush(QColor(color))
        tag.setPen(QPen(QColor("#ffffff"), radius * 0.03))
        label.setParentItem(tag)
        box = tag.rect()
        spot = self._tag_spot(end, box, spots)
        spots.append(spot)
        tag.setPos(spot)
        tag.setZValue(self.z + 0.3)
        tag.setToolTip(tip if line.error is None else f"{tip}\n{line.error}")
        self._add(tag)
