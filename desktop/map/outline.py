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
