"""The board's outline is the union of its hexes, computed with shapely (issue 29)."""

from __future__ import annotations

from typing import Any

from shapely.geometry import Point as ShapelyPoint

from desktop.map.geometry import HexGeometry
from desktop.map.outline import board_outline, outline_path
from desktop.map.scene import MapScene
from engine import new_game


def test_map_outline_of_two_neighbours_is_one_ring_of_ten_corners() -> None:
    g = HexGeometry("pointy", 50.0)
    outline = board_outline(g, [g.center(0, 0), g.center(2, 0)])
    assert len(outline) == 1 and not list(outline[0].interiors)
    assert len(outline[0].exterior.coords) - 1 == 10  # 6 + 6 less the shared edge's two corners
    assert abs(outline[0].area - 2 * 3 * 3 ** 0.5 / 2 * 50.0 ** 2) < 1.0


def test_map_outline_keeps_islands_apart_and_a_lake_open() -> None:
    g = HexGeometry("flat", 40.0)
    islands = board_outline(g, [g.center(0, 0), g.center(8, 0)])
    assert len(islands) == 2
    # six hexes round an empty one: one polygon with a hole
    ring = [g.center(0, 0)]
    ring_centers = [(ring[0][0] + dx, ring[0][1] + dy) for dx, dy in (g.neighbor_offset(e) for e in range(6))]
    lake = board_outline(g, ring_centers)
    assert len(lake) == 1 and len(list(lake[0].interiors)) == 1
    assert not lake[0].contains(ShapelyPoint(*ring[0]))
    path = outline_path(lake)
    from PySide6.QtCore import QPointF

    assert not path.contains(QPointF(*ring[0]))  # odd-even: the lake is not filled


def test_map_outline_drawn_round_every_hex_of_1830(qtbot: Any) -> None:
    game = new_game("1830", ["A", "B", "C", "D"], seed=1)
    scene = MapScene()
    scene.set_game(game)
    assert scene.board_rim is not None and scene.board_outline
    main = scene.board_outline[0]
    for item in scene.hex_items():
        assert any(p.contains(ShapelyPoint(item.pos().x(), item.pos().y())) for p in scene.board_outline), item.hex_id
    assert main.area > 0.9 * sum(p.area for p in scene.board_outline)


def test_routes_along_the_same_track_are_drawn_side_by_side() -> None:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainterPath

    from desktop.map.outline import separate_overlaps

    def line(*points: tuple[float, float]) -> QPainterPath:
        path = QPainterPath(QPointF(*points[0]))
        for p in points[1:]:
            path.lineTo(QPointF(*p))
        return path

    first = line((0, 0), (100, 0), (200, 0))
    second = line((50, 80), (50, 0), (200, 0))  # joins the first one's track for 150 units
    apart = line((0, 300), (200, 300))
    out = separate_overlaps([first, second, apart], gap=10.0, min_shared=40.0)
    assert out[0] is first and out[2] is apart  # the first and an unrelated route as they were
    moved = out[1]
    assert moved is not second
    # along the shared stretch the second route now runs 10 units beside the first
    ys = [moved.pointAtPercent(t).y() for t in (0.8, 0.9)]
    assert all(abs(abs(y) - 10.0) < 0.5 for y in ys), ys
    # a route that only crosses another (a shared city) is left where it is
    crossing = line((100, -50), (100, 50))
    assert separate_overlaps([first, crossing], gap=10.0, min_shared=40.0)[1] is crossing


def _ring_area(ring: list[tuple[float, float]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))) / 2


def test_board_rings_without_shapely_are_the_shapely_outline() -> None:
    """The rim drawn at the first paint (board_rings, no shapely) has the rings of the shapely union: as many, with
    the same corners and areas, holes included."""
    from desktop.map.outline import board_rings

    g = HexGeometry("flat", 40.0)
    centre = g.center(0, 0)
    lake = [(centre[0] + dx, centre[1] + dy) for dx, dy in (g.neighbor_offset(e) for e in range(6))]
    two = [g.center(0, 0), g.center(8, 0)]
    for centers in (lake, two, [g.center(0, 0), g.center(2, 0)]):
        rings = board_rings(g, centers)
        polygons = board_outline(g, centers)
        shapely_rings = [list(p.exterior.coords)[:-1] for p in polygons]
        shapely_rings += [list(r.coords)[:-1] for p in polygons for r in p.interiors]
        assert len(rings) == len(shapely_rings)
        assert sorted(round(_ring_area(r)) for r in rings) == sorted(round(_ring_area(r)) for r in shapely_rings)
        assert sorted(len(r) for r in rings) == sorted(len(r) for r in shapely_rings)


def test_board_rings_of_a_real_map_match_the_shapely_union(qtbot: Any) -> None:
    game = new_game("1830", ["A", "B", "C", "D"], seed=1)
    scene = MapScene()
    scene.set_game(game)
    polygons = scene.board_outline
    rings = scene.board_rings
    holes = sum(len(list(p.interiors)) for p in polygons)
    assert len(rings) == len(polygons) + holes
    outer = sum(_ring_area(list(p.exterior.coords)[:-1]) for p in polygons)
    inner = sum(_ring_area(list(r.coords)[:-1]) for p in polygons for r in p.interiors)
    assert abs(sum(_ring_area(r) for r in rings) - (outer + inner)) < 1.0
    path = scene.board_rim.path() if scene.board_rim is not None else None
    assert path is not None
    from PySide6.QtCore import QPointF

    for item in scene.hex_items():
        assert path.contains(QPointF(item.pos().x(), item.pos().y())), item.hex_id
