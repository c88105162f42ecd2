"""The board's outline: the union of its hex polygons, drawn round the map like the edge of a printed board --
one ring per island of hexes, holes where the map has a gap inside (a lake of missing hexes).

:func:`board_rings` finds the rings without shapely (what the first paint draws): hexes of one grid share whole
edges, so the union's boundary is every hex edge not shared with another hex, chained corner to corner.
:func:`board_outline` is the same union as shapely polygons (a robust union of polygons that share edges only up
to floating-point noise: each hex is buffered by a hair before the union and the result by the same hair back),
imported only when asked for: shapely and numpy cost a tenth of a second to import.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QPolygonF

from desktop.map.geometry import HexGeometry, Point

if TYPE_CHECKING:
    from shapely.geometry import Polygon

__all__ = ["board_outline", "board_rings", "outline_path", "rings_path"]

#: how much each hex is grown before the union (scene units): closes the hairline gaps between neighbours
_WELD = 0.01


def board_outline(geometry: HexGeometry, centers: Iterable[Point]) -> list[Polygon]:
    """The union of the hexes centred at ``centers``: one polygon per connected group of hexes, biggest first."""
    from shapely.geometry import MultiPolygon, Polygon
    from shapely.ops import unary_union

    corners = geometry.corners()
    hexes = [Polygon([(cx + x, cy + y) for x, y in corners]).buffer(_WELD, join_style="mitre")
             for cx, cy in centers]
    if not hexes:
        return []
    union = unary_union(hexes).buffer(-_WELD, join_style="mitre").simplify(_WELD * 10, preserve_topology=True)
    parts = list(union.geoms) if isinstance(union, MultiPolygon) else [union]
    return sorted((p for p in parts if isinstance(p, Polygon) and not p.is_empty), key=lambda p: -p.area)


#: corners closer than this (scene units) are one corner (the neighbours' copies differ by floating-point noise)
_SAME_CORNER = 1e-3


def board_rings(geometry: HexGeometry, centers: Iterable[Point]) -> list[list[Point]]:
    """The boundary of the union of the hexes centred at ``centers`` (hexes of one grid): its rings, each a list of
    corners (not repeated at the end), outer rings and holes alike.  Each hex's edges go round it the same way, so an
    edge two hexes share is met once each way and dropped; the edges left are chained end to start.  (Two hexes of
    a grid that share a corner share an edge too: every corner of the boundary starts exactly one edge of it.)"""
    corners = geometry.corners()
    scale = 1.0 / _SAME_CORNER

    def key(x: float, y: float) -> tuple[int, int]:
        return round(x * scale), round(y * scale)

    where: dict[tuple[int, int], Point] = {}
    edges: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for cx, cy in centers:
        ring = []
        for x, y in corners:
            k = key(cx + x, cy + y)
            where.setdefault(k, (cx + x, cy + y))
            ring.append(k)
        for a, b in zip(ring, ring[1:] + ring[:1]):
            if (b, a) in edges:
                edges.discard((b, a))
            else:
                edges.add((a, b))
    after = dict(edges)
    rings: list[list[Point]] = []
    for start in sorted(after):  # (sorted: the same rings in the same order every time)
        if start not in after:
            continue
        ring = []
        corner = start
        while corner in after:
            ring.append(where[corner])
            corner = after.pop(corner)
        rings.append(ring)
    return rings


def rings_path(rings: Iterable[list[Point]]) -> QPainterPath:
    """The rings as one painter path (odd-even fill: holes stay open)."""
    path = QPainterPath()
    for ring in rings:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in [*ring, ring[0]]]))
        path.closeSubpath()
    return path


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
