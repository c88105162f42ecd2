"""Hex geometry of the map, in scene units, for pointy- and flat-topped layouts.

Plain Python (no Qt), so it is cheap and testable on its own.  Conventions:

- Scene coordinates have ``y`` growing downwards (Qt's convention); angles are in degrees,
  measured from the positive ``x`` axis towards positive ``y`` (clockwise on screen).
- ``radius`` is the distance from a hex's centre to a corner; the centre-to-edge distance
  (apothem) is ``radius * sqrt(3) / 2``.
- The engine's doubled coordinates place neighbours 2 apart along the doubled axis
  (``engine/map/hexes.py``): pointy maps double ``x`` (columns), flat maps double ``y``.
- Edge ``e`` of a hex faces the neighbour in engine direction ``e``: edge numbers run
  clockwise on screen, from the lower left on pointy maps (edge 0 at 120 degrees) and from
  the bottom on flat maps (edge 0 at 90 degrees).  A fractional edge such as ``2.5`` (a
  city's ``loc``) is the direction half-way between two edges, i.e. towards a corner.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "DEFAULT_RADIUS",
    "SQRT3",
    "HexGeometry",
    "Point",
    "edge_angle",
    "polar",
]

SQRT3 = math.sqrt(3.0)

#: Hex radius (centre to corner) used for the map scene: 100 scene units.
DEFAULT_RADIUS = 100.0

Point = tuple[float, float]

#: Angle of edge 0 per layout (see the module docstring).
_EDGE0_ANGLE = {"pointy": 120.0, "flat": 90.0}


def _edge_normals(layout: str) -> tuple[Point, ...]:
    return tuple(polar(_EDGE0_ANGLE[layout] + 60.0 * edge, 1.0) for edge in range(6))


def edge_angle(edge: float, layout: str) -> float:
    """Direction (degrees) from a hex centre to the middle of edge ``edge`` (fractions allowed)."""
    return (_EDGE0_ANGLE[layout] + 60.0 * edge) % 360.0


def polar(angle: float, distance: float) -> Point:
    """The point at ``distance`` from the origin in direction ``angle`` (degrees)."""
    rad = math.radians(angle)
    return (math.cos(rad) * distance, math.sin(rad) * distance)


#: Unit vectors from a hex centre towards each edge, per layout.
_EDGE_NORMALS: dict[str, tuple[Point, ...]] = {layout: _edge_normals(layout) for layout in _EDGE0_ANGLE}
#: each edge's normal with its components' sizes: (nx, ny, |nx|, |ny|) (see :meth:`HexGeometry.box_inside_margin`)
_BOX_NORMALS: dict[str, tuple[tuple[float, float, float, float], ...]] = {
    layout: tuple((nx, ny, abs(nx), abs(ny)) for nx, ny in normals) for layout, normals in _EDGE_NORMALS.items()
}


@dataclass(frozen=True, slots=True)
class HexGeometry:
    """Geometry of one layout at one size: hex shape, centres, edges, corners."""

    layout: str = "pointy"
    radius: float = DEFAULT_RADIUS

    def __post_init__(self) -> None:
        if self.layout not in _EDGE0_ANGLE:
            raise ValueError(f"unknown layout {self.layout!r}")

    # --- sizes -------------------------------------------------------------------------------

    @property
    def apothem(self) -> float:
        """Centre to the middle of an edge."""
        return self.radius * SQRT3 / 2.0

    @property
    def width(self) -> float:
        """Width of one hex (flat: corner to corner; pointy: edge to edge)."""
        return 2.0 * self.radius if self.layout == "flat" else 2.0 * self.apothem

    @property
    def height(self) -> float:
        return 2.0 * self.apothem if self.layout == "flat" else 2.0 * self.radius

    # --- one hex, relative to its centre -----------------------------------------------------

    def edge_angle(self, edge: float) -> float:
        return edge_angle(edge, self.layout)

    def corner_angle(self, index: int) -> float:
        """Angle of corner ``index``, the corner between edge ``index`` and edge ``index + 1``."""
        return (self.edge_angle(index) + 30.0) % 360.0

    def corners(self) -> list[Point]:
        """The six corners, clockwise, starting with the corner between edges 0 and 1."""
        return [polar(self.corner_angle(i), self.radius) for i in range(6)]

    def edge_midpoint(self, edge: float, inset: float = 0.0) -> Point:
        """Middle of edge ``edge``, moved ``inset`` units towards the centre."""
        return polar(self.edge_angle(edge), self.apothem - inset)

    def edge_segment(self, edge: int, inset: float = 0.0) -> tuple[Point, Point]:
        """The two corners bounding edge ``edge`` (clockwise order), moved ``inset`` inwards."""
        mid_angle = self.edge_angle(edge)
        half = self.radius / 2.0
        mx, my = polar(mid_angle, self.apothem - inset)
        # the edge runs perpendicular to the centre->midpoint direction
        tx, ty = polar(mid_angle + 90.0, 1.0)
        scale = half - inset / SQRT3
        return (mx - tx * scale, my - ty * scale), (mx + tx * scale, my + ty * scale)

    def point_towards(self, edge: float, distance: float) -> Point:
        """The point ``distance`` from the centre towards edge (or half-edge) ``edge``."""
        return polar(self.edge_angle(edge), distance)

    def edge_normals(self) -> tuple[Point, ...]:
        """The outward unit normals of the six edges (each edge's line is ``n . p = apothem``)."""
        return _EDGE_NORMALS[self.layout]

    def inside_margin(self, point: Point) -> float:
        """How far ``point`` is inside the hex (negative when outside), by the edge lines."""
        x, y = point
        return self.radius * SQRT3 / 2.0 - max(x * nx + y * ny for nx, ny in _EDGE_NORMALS[self.layout])

    def box_inside_margin(self, x: float, y: float, half_w: float, half_h: float) -> float:
        """How far the box centred on ``(x, y)`` (half sizes ``half_w``, ``half_h``) is inside the hex: the least
        :meth:`inside_margin` of its corners, worked out per edge from the box's reach along the edge's normal (the
        map's labels ask this thousands of times while placing them)."""
        reach = -math.inf
        for nx, ny, ax, ay in _BOX_NORMALS[self.layout]:
            along = x * nx + y * ny + half_w * ax + half_h * ay
            if along > reach:
                reach = along
        return self.radius * SQRT3 / 2.0 - reach

    # --- the map -----------------------------------------------------------------------------

    def center(self, x: int, y: int) -> Point:
        """Scene position of the centre of the hex at doubled coordinates ``(x, y)``."""
        if self.layout == "pointy":
            return (x * self.apothem, y * 1.5 * self.radius)
        return (x * 1.5 * self.radius, y * self.apothem)

    def neighbor_offset(self, edge: int) -> Point:
        """Centre-to-centre vector to the neighbour through edge ``edge``."""
        return polar(self.edge_angle(edge), 2.0 * self.apothem)

    def bounds(self, coordinates: Iterable[tuple[int, int]]) -> tuple[float, float, float, float]:
        """``(left, top, right, bottom)`` of the hexes at these doubled coordinates."""
        left = top = math.inf
        right = bottom = -math.inf
        half_w, half_h = self.width / 2.0, self.height / 2.0
        for x, y in coordinates:
            cx, cy = self.center(x, y)
            left, right = min(left, cx - half_w), max(right, cx + half_w)
            top, bottom = min(top, cy - half_h), max(bottom, cy + half_h)
        if left == math.inf:
            return (0.0, 0.0, 0.0, 0.0)
        return (left, top, right, bottom)


def edge_of_loc(loc: str | None) -> float | None:
    """A part's ``loc`` (``"2.5"``, ``"0"``) as an edge number; None for none or ``"center"``."""
    if loc is None:
        return None
    try:
        return float(loc) % 6.0
    except ValueError:
        return None


__all__ += ["edge_of_loc"]
