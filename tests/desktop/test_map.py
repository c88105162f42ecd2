"""The map: geometry, hex items, the scene's refresh, the view's zoom and pan, offscreen rendering."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QWheelEvent
from PySide6.QtWidgets import QApplication

from desktop.map import HexGeometry, MapScene, MapView, TileDrawing, render_map
from desktop.map.items import TILE_COLORS
from engine import load_game
from engine.map.catalogue import TILE_CATALOGUE
from engine.map.hexes import DIRECTIONS
from engine.map.tile import Tile
from tests.conftest import FIXTURES, fixture_files, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"


def _load(path: Path, upto: int | None = None):
    return load_game(shared_or_skip(path), upto=upto)


@pytest.fixture(scope="module")
def end_1830():
    return _load(GAME_1830)


@pytest.fixture(scope="module")
def mid_1830():
    return _load(GAME_1830, upto=250)


def _token_names(hex_) -> list[list[str | None]]:
    return [[t.corporation.name if t is not None else None for t in city.tokens] for city in hex_.tile.cities]


def _paint(drawing: TileDrawing, scale: float = 2.0) -> tuple[QImage, float]:
    """The drawing painted on a transparent image; returns it and the pixels per scene unit."""
    g = drawing.geometry
    size = int(2.2 * g.radius * scale)
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(size / 2, size / 2)
    painter.scale(scale, scale)
    drawing.paint(painter)
    painter.end()
    return image, scale


def _pixel(image: QImage, scale: float, point: tuple[float, float]) -> QColor:
    return image.pixelColor(int(image.width() / 2 + point[0] * scale), int(image.height() / 2 + point[1] * scale))


def _close(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) <= tolerance


# --- geometry ---------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["pointy", "flat"])
def test_edge_e_faces_the_neighbour_in_engine_direction_e(layout: str) -> None:
    g = HexGeometry(layout)
    origin = g.center(10, 10)
    for (dx, dy), edge in DIRECTIONS[layout].items():
        nx, ny = g.center(10 + dx, 10 + dy)
        to_neighbour = (nx - origin[0], ny - origin[1])
        # neighbouring centres are two apothems apart, through the middle of the shared edge
        assert math.hypot(*to_neighbour) == pytest.approx(2 * g.apothem)
        mx, my = g.edge_midpoint(edge)
        assert (mx * 2, my * 2) == pytest.approx(to_neighbour)


@pytest.mark.parametrize("layout", ["pointy", "flat"])
def test_corners_lie_on_the_edges(layout: str) -> None:
    g = HexGeometry(layout, 50.0)
    corners = g.corners()
    assert len(corners) == 6
    for x, y in corners:
        assert math.hypot(x, y) == pytest.approx(50.0)
        assert g.inside_margin((x, y)) == pytest.approx(0.0, abs=1e-9)
    for edge in range(6):
        a, b = g.edge_segment(edge)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert mid == pytest.approx(g.edge_midpoint(edge))
    # pointy hexes have a corner on top, flat ones an edge
    top = min(y for _x, y in corners)
    assert top == pytest.approx(-50.0 if layout == "pointy" else -g.apothem)


@pytest.mark.parametrize("layout", ["pointy", "flat"])
def test_a_box_is_inside_the_hex_by_its_worst_corner(layout: str) -> None:
    """``box_inside_margin`` (the labels' placement asks it per candidate) is the least ``inside_margin`` of the
    box's four corners, inside the hex and out."""
    import random

    g = HexGeometry(layout, 50.0)
    rng = random.Random(7)
    for _ in range(500):
        x, y = rng.uniform(-60, 60), rng.uniform(-60, 60)
        hw, hh = rng.uniform(0, 30), rng.uniform(0, 30)
        corners = [(x - hw, y - hh), (x + hw, y - hh), (x - hw, y + hh), (x + hw, y + hh)]
        assert g.box_inside_margin(x, y, hw, hh) == pytest.approx(min(g.inside_margin(c) for c in corners), abs=1e-9)


# --- tile art ---------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["pointy", "flat"])
def test_track_reaches_exactly_the_tile_exits(qapp, layout: str) -> None:
    g = HexGeometry(layout)
    background = QColor(TILE_COLORS["yellow"])
    for name in ("7", "8", "9", "57", "3"):
        for rotation in range(6):
            tile = Tile.for_catalogue(name)
            tile.rotate(rotation)
            image, scale = _paint(TileDrawing.build(tile, g))
            for edge in range(6):
                color = _pixel(image, scale, g.edge_midpoint(edge, inset=3.0))
                if edge in tile.exits:
                    assert color.lightness() < 80, (name, rotation, edge)
                else:
                    assert _close(color, background), (name, rotation, edge, color.name())


def test_every_catalogue_tile_draws_in_both_layouts(qapp) -> None:
    for layout in ("pointy", "flat"):
        g = HexGeometry(layout)
        for name in TILE_CATALOGUE:
            for rotation in range(6):
                tile = Tile.for_catalogue(name)
                tile.rotate(rotation)
                drawing = TileDrawing.build(tile, g, location_name="Somewhere & Elsewhere", phase_tiles=("yellow",))
                assert drawing.ops
                assert len(drawing.slot_positions) == len(tile.cities)
                for slots, city in zip(drawing.slot_positions, tile.cities):
                    assert len(slots) == len(city.tokens)
                    for point in slots:
                        assert g.inside_margin(point) > 0


# --- the scene --------------------------------------------------------------------------------


def test_one_item_per_hex_and_coordinate_labels(qapp) -> None:
    game = _load(GAME_1830, upto=1)
    scene = MapScene()
    scene.set_game(game)
    assert len(scene.hex_items()) == len(game.hexes) == 93
    g = scene.geometry
    for hex_ in game.hexes:
        item = scene.item_for_hex(hex_.id)
        assert item is not None and item.hex_id == hex_.id
        assert (item.pos().x(), item.pos().y()) == pytest.approx(g.center(hex_.x, hex_.y))
        assert item.tile_id == hex_.tile.id
    texts = [text for text, _pos in scene.coordinate_labels()]
    # 1830: numbers 1-24 along the top and bottom, letters A-K down both sides
    for label in ("1", "24", "A", "K"):
        assert texts.count(label) == 2
    # the home of an unfloated corporation is shown reserved
    assert scene.item_for_hex("E19").city_reservations == [["NYC"]]


def test_items_show_the_tiles_after_a_whole_replay(qapp, end_1830) -> None:
    scene = MapScene()
    scene.set_game(end_1830)
    laid = 0
    for hex_ in end_1830.hexes:
        item = scene.item_for_hex(hex_.id)
        assert item.tile_id == hex_.tile.id
        assert item.rotation == hex_.tile.rotation
        assert item.tile_color == hex_.tile.color
        assert item.city_tokens == _token_names(hex_)
        laid += not hex_.tile.preprinted
    assert laid > 20


def test_tokens_are_painted_in_the_corporation_colour(qapp, end_1830) -> None:
    scene = MapScene()
    scene.set_game(end_1830)
    checked = 0
    for hex_ in end_1830.hexes:
        item = scene.item_for_hex(hex_.id)
        for city, slots in zip(hex_.tile.cities, item.drawing.slot_positions):
            if not any(city.tokens):
                continue
            image, scale = _paint(item.drawing)
            for token, (x, y) in zip(city.tokens, slots):
                if token is None:
                    continue
                # below the symbol, inside the disc
                color = _pixel(image, scale, (x, y + 15.0))
                assert _close(color, QColor(token.corporation.color)), (hex_.id, token.corporation.name)
                checked += 1
    assert checked >= 15


def test_refresh_follows_history_and_repaints_only_what_changed(qapp, end_1830, mid_1830) -> None:
    scene = MapScene()
    scene.set_game(end_1830)
    changed = scene.refresh(mid_1830)
    assert changed
    for hex_ in mid_1830.hexes:
        item = scene.item_for_hex(hex_.id)
        assert (item.tile_id, item.rotation) == (hex_.tile.id, hex_.tile.rotation)
        assert item.city_tokens == _token_names(hex_)
    differs = {
        h.id
        for h, e in zip(mid_1830.hexes, end_1830.hexes)
        if (h.tile.id, h.tile.rotation, _token_names(h)) != (e.tile.id, e.tile.rotation, _token_names(e))
    }
    assert differs <= set(changed)
    # nothing changed: nothing is redrawn
    assert scene.refresh(mid_1830) == []
    # and forward again
    assert set(scene.refresh(end_1830)) == set(changed)


def test_a_token_placement_redraws_only_its_hex(qapp) -> None:
    path = shared_or_skip(GAME_1830)
    raw = json.loads(path.read_text())["actions"]
    for index in (i for i, a in enumerate(raw) if a["type"] == "place_token" and i > 100):
        before = load_game(path, upto=index)
        after = load_game(path, upto=index + 1)
        differs = [h.id for h, a in zip(before.hexes, after.hexes) if _token_names(h) != _token_names(a)]
        if differs:  # (an undone placement changes nothing)
            break
    assert len(differs) == 1
    scene = MapScene()
    scene.set_game(before)
    assert scene.refresh(after) == differs
    assert scene.item_for_hex(differs[0]).city_tokens == _token_names(after.hex_by_id(differs[0]))


def test_click_on_a_hex_reports_it_and_a_drag_pans(qtbot, end_1830) -> None:
    scene = MapScene()
    scene.set_game(end_1830)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.fit_to_window()
    view.set_zoom(0.6)
    view.center_on_hex("G19")
    target = view.mapFromScene(scene.item_for_hex("G19").sceneBoundingRect().center())
    with qtbot.waitSignal(scene.hex_clicked, timeout=1000) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=target)
    assert blocker.args == ["G19"]

    clicks: list[str] = []
    scene.hex_clicked.connect(clicks.append)
    before = view.mapToScene(QPoint(400, 300))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(400, 300))
    for step in range(1, 11):
        qtbot.mouseMove(view.viewport(), QPoint(400 + 10 * step, 300 + 5 * step))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(500, 350))
    after = view.mapToScene(QPoint(400, 300))
    assert clicks == []
    # the map moved with the mouse: 100 x 50 pixels
    assert (before.x() - after.x()) * view.zoom() == pytest.approx(100, abs=2)
    assert (before.y() - after.y()) * view.zoom() == pytest.approx(50, abs=2)


def _wheel(view: MapView, pos: QPoint, delta: int) -> None:
    event = QWheelEvent(
        QPointF(pos),
        QPointF(view.viewport().mapToGlobal(pos)),
        QPoint(0, 0),
        QPoint(0, delta),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)


def test_wheel_zoom_keeps_the_point_under_the_cursor(qtbot, end_1830) -> None:
    scene = MapScene()
    scene.set_game(end_1830)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    view.fit_to_window()
    fit = view.zoom()
    for pos in (QPoint(650, 200), QPoint(120, 560), QPoint(450, 350)):
        for delta in (240, 360, -120):
            under = view.mapToScene(pos)
            zoom = view.zoom()
            _wheel(view, pos, delta)
            assert view.zoom() != pytest.approx(zoom)
            after = view.mapToScene(pos)
            # within a pixel
            assert abs(after.x() - under.x()) * view.zoom() <= 1.5
            assert abs(after.y() - under.y()) * view.zoom() <= 1.5
    assert view.zoom() > fit
    # limits: far in, far out
    for _ in range(60):
        _wheel(view, QPoint(450, 350), 480)
    assert view.zoom() == pytest.approx(view.MAX_ZOOM)
    for _ in range(60):
        _wheel(view, QPoint(450, 350), -480)
    assert view.zoom() == pytest.approx(view.min_zoom())
    view.fit_to_window()
    assert view.zoom() == pytest.approx(fit)
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(scene.map_rect())


def test_render_map_gives_an_image_of_the_requested_width(qapp, end_1830) -> None:
    image = render_map(end_1830, 640)
    assert not image.isNull()
    assert image.width() == 640
    assert 300 < image.height() < 640
    # the board is there: the red off-boards and the brown tiles of the end of the game
    colors = {image.pixelColor(x, y).name() for x in range(0, 640, 4) for y in range(0, image.height(), 4)}
    assert TILE_COLORS["red"].lower() in colors
    assert TILE_COLORS["brown"].lower() in colors


@pytest.mark.parametrize("title", ["1889", "18Chesapeake", "1846"])
def test_other_titles_build_and_render(qapp, title: str) -> None:
    files = fixture_files(title)
    if not files:
        pytest.skip(f"no {title} fixtures")
    try:
        game = load_game(files[0])
    except Exception as exc:  # the title may still be in the works
        pytest.skip(f"{title} does not load yet: {exc}")
    scene = MapScene()
    scene.set_game(game)
    assert scene.geometry.layout == game.spec.layout
    for hex_ in game.hexes:
        item = scene.item_for_hex(hex_.id)
        assert item is not None and item.tile_id == hex_.tile.id
    assert render_map(game, 300).width() == 300


def test_coordinate_labels_clear_the_off_axis_hexes(qapp) -> None:
    """18 Los Angeles 2's gray off-board hexes above row A and below row F are outside the axes: the column
    numbers go beyond them, not under them."""
    from engine import new_game

    game = new_game("18 Los Angeles 2", ["a", "b", "c", "d"], seed=1)
    assert any(getattr(h, "ignore_for_axes", False) for h in game.hexes)
    scene = MapScene()
    scene.set_game(game)
    for text, centre in scene.coordinate_labels():
        for item in scene.hex_items():
            assert not item.sceneBoundingRect().contains(centre), (text, item.hex_id)


def test_hex_assignments_are_drawn_and_redrawn(qapp) -> None:
    """18JP-T marks each corporation's destination on the map (the site assigns the hex to the corporation):
    a badge in the corporation's colours, in the tooltip too, and gone when the assignment is removed."""
    from desktop.map.items import AssignmentBadge, assignment_badges
    from desktop.map.scene import hex_tooltip_html
    from engine import new_game

    game = new_game("18JP-T", ["a", "b", "c"], seed=1)
    marked = {h.id: list(h.assignments) for h in game.hexes if h.assignments}
    assert marked  # every destination
    hex_id, keys = next(iter(marked.items()))
    hex_ = game.hex_by_id(hex_id)
    corporation = game.corporation_by_id(keys[0])
    assert assignment_badges(game, hex_) == [
        AssignmentBadge(corporation.id, corporation.color, corporation.text_color or "#000000")
    ]
    assert f"Marked for {keys[0]}" in hex_tooltip_html(hex_, (), str)
    scene = MapScene()
    scene.set_game(game)
    item = scene.item_for_hex(hex_id)
    assert item is not None
    with_badge = len(item.drawing.ops)
    for key in keys:
        hex_.remove_assignment(key)
    assert hex_id in scene.refresh(game)
    assert len(item.drawing.ops) == with_badge - len(keys)


def test_a_water_partition_and_a_blue_border_draw_as_river(qapp) -> None:
    """18Rhl's Rhine: a blue impassable border and a water partition across a metropolis are drawn blue."""
    g = HexGeometry("pointy")
    tile = Tile.from_code(
        "R",
        "city=revenue:20;partition=a:0,b:3,type:water;border=edge:1,type:impassable,"
        "color:blue;border=edge:4,type:impassable",
        "white",
    )
    image, scale = _paint(TileDrawing.build(tile, g))
    water = QColor("#2C74B3")
    # the partition runs from side 0 to side 3 through the middle, below the centre city: sample near side 0
    a = g.edge_midpoint(0, inset=6.0)
    assert _close(_pixel(image, scale, a), water), _pixel(image, scale, a).name()
    assert _close(_pixel(image, scale, g.edge_midpoint(1, inset=1.0)), water)  # the blue border
    assert not _close(_pixel(image, scale, g.edge_midpoint(4, inset=1.0)), water)  # a plain impassable one
