"""The board's outline: the union of its hex polygons (shapely), drawn round the map like the edge of a printed
board -- one ring per island of hexes, holes where the map has a gap inside (a lake of missing hexes).

Shapely does the geometry that Qt does not: a robust union of many polygons that share edges only up to
floating-point noise (each hex is buffered by a hair before the union and the result by the same hair back).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QPolygonF
from shapely.geometry import MultiPolygon, Polygon
from shapely.ops import unary_union

from desktop.map.geometry import HexGeometry, Point

__all__ = ["board_outline", "outline_path"]

#: how much each hex is grown before the union (scene units): closes the hairline gaps between neighbours
_WELD = 0.01


def board_outline(geometry: HexGeometry, centers: Iterable[Point]) -> list[Polygon]:
    """The union of the hexes centred at ``centers``: one polygon per connected group of hexes, biggest first."""
    corners = geometry.corners()
    hexes = [Polygon([(cx + x, cy + y) for x, y in corners]).buffer(_WELD, join_style="mitre")
             for cx, cy in centers]
    if not hexes:
        return []
    union = unary_union(hexes).buffer(-_WELD, join_style="mitre").simplify(_WELD * 10, preserve_topology=True)
    parts = list(union.geoms) if isinstance(union, MultiPolygon) else [union]
    return sorted((p for p in parts if isinstance(p, Polygon) and not p.is_empty), key=lambda p: -p.area)


def outline_path(polygons: Iterable[Polygon]) -> QPainterPath:
    """The polygons as one painter path (odd-even fill: holes stay open)."""
    path = QPainterPath()
    for polygon in polygons:
        for ring in (polygon.exterior, *polygon.interiors):
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring.coords]))
            path.closeSubpath()
    return path


def _polyline(path: QPainterPath) -> list[tuple[float, float]]:
    """The path flattened into one polyline (its first subpath)."""
    polygons = path.toSubpathPolygons()
    if not polygons:
        return []
    return [(p.x(), p.y()) for p in polygons[0]]


def separate_overlaps(paths: list[QPainterPath], gap: float, min_shared: float) -> list[QPainterPath]:
    """``paths`` (routes, in order) with each one that runs along an earlier one for at least ``min_shared``
    scene units moved sideways by ``gap`` (one more ``gap`` for each earlier route it shares track with), so
    that several trains' routes on the same track stay distinguishable; the others are returned as they are.
    Shapely finds the shared stretches (a buffer of the earlier lines) and makes the parallel offset curve."""
    from shapely.geometry import LineString

    lines: list[LineString | None] = []
    for path in paths:
        points = _polyline(path)
        lines.append(LineString(points) if len(points) >= 2 else None)
    out: list[QPainterPath] = []
    for i, path in enumerate(paths):
        line = lines[i]
        shared = 0
        if line is not None:
            for j in range(i):
                other = lines[j]
                if other is not None and line.intersection(other.buffer(gap * 0.45)).length >= min_shared:
                    shared += 1
        if line is None or shared == 0:
            out.append(path)
            continue
        moved = line.offset_curve(gap * shared, join_style="round")
        coords = list(moved.coords) if moved.geom_type == "LineString" else \
            [c for part in getattr(moved, "geoms", []) for c in part.coords]
        if len(coords) < 2:
            out.append(path)
            continue
        shifted = QPainterPath(QPointF(*coords[0]))
        for x, y in coords[1:]:
            shifted.lineTo(QPointF(x, y))
        out.append(shifted)
    return out
