"""Fit keeps the hexes readable (issue 29): a map too tall or too wide for the window (1822 at 1366x768: whole, its
hexes were 20 px) is fitted along its short side and scrolls along the long one, centred on the acting
corporation's network and following it while the player has not moved the map; "Whole map" still shows all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, QRectF, Qt

from desktop.map import MapScene, MapView
from desktop.map.view import READABLE_HEX_PX
from engine import load_game
from tests.conftest import FIXTURES, shared_or_skip

GAME_1822 = FIXTURES / "1822" / "33845.json"
GAME_1830 = FIXTURES / "1830" / "26855.json"
#: the map's viewport in a 1366x768 window (measured)
VIEWPORT_1366 = (727, 546)


def _view(qtbot: Any, path: Path, size: tuple[int, int], upto: int | None = 1) -> tuple[MapView, MapScene, Any]:
    game = load_game(shared_or_skip(path), upto=upto)
    scene = MapScene()
    scene.set_game(game)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    return view, scene, game


def _shown(view: MapView) -> QRectF:
    """The map's rectangle in viewport pixels."""
    return QRectF(view.mapFromScene(view.scene().map_rect()).boundingRect())


def test_a_tall_map_is_fitted_to_its_width_with_readable_hexes_and_scrolls_down(qtbot: Any) -> None:
    view, _scene, _game = _view(qtbot, GAME_1822, VIEWPORT_1366)
    view.fit_to_window()
    hex_px = view.hex_px()
    assert hex_px is not None and hex_px >= READABLE_HEX_PX * 0.97, hex_px  # was 20 px whole
    shown, room = _shown(view), QRectF(view.viewport().rect())
    # the whole width, nothing past the map's edges left or right; the height scrolls
    assert shown.width() >= room.width() * 0.95 and shown.left() >= -1 and shown.right() <= room.right() + 1
    assert shown.height() > room.height() * 1.3
    # the view never shows past the map's top or bottom edge
    assert shown.top() <= 1 and shown.bottom() >= room.bottom() - 1
    # Whole map: all of it, however small
    view.show_whole_map()
    assert room.adjusted(-1, -1, 1, 1).contains(_shown(view))
    assert view.hex_px() is not None and view.hex_px() < READABLE_HEX_PX * 0.7


def test_a_map_that_fits_readable_is_shown_whole(qtbot: Any) -> None:
    view, _scene, _game = _view(qtbot, GAME_1830, VIEWPORT_1366)
    view.fit_to_window()
    assert QRectF(view.viewport().rect()).adjusted(-1, -1, 1, 1).contains(_shown(view))
    assert view.zoom() == pytest.approx(view.fit_zoom() * 0.98)


def test_a_map_nearly_readable_whole_is_shown_whole_not_cut(qtbot: Any) -> None:
    """1830 at 1366x768 under the private auction (the map's viewport ~727x406): whole, its hexes are a pixel under
    readable, and fit zoomed it so that rows A and K and column 1 were cut off for the whole auction."""
    view, _scene, _game = _view(qtbot, GAME_1830, (727, 406))
    whole_px = view.fit_zoom() * (view.hex_pitch() or 0.0)
    assert READABLE_HEX_PX * 0.9 < whole_px < READABLE_HEX_PX  # the case: just under readable
    view.fit_to_window()
    assert QRectF(view.viewport().rect()).adjusted(-1, -1, 1, 1).contains(_shown(view))


def test_a_map_too_large_either_way_keeps_readable_hexes(qtbot: Any) -> None:
    view, _scene, _game = _view(qtbot, GAME_1830, (400, 300))
    view.fit_to_window()
    assert view.hex_px() == pytest.approx(READABLE_HEX_PX * 0.98, rel=0.01)


def test_the_fitted_map_follows_the_acting_corporation_until_the_player_moves_it(qtbot: Any) -> None:
    view, scene, game = _view(qtbot, GAME_1822, VIEWPORT_1366, upto=None)
    room = QRectF(view.viewport().rect())
    items = sorted(scene.hex_items(), key=lambda item: item.pos().y())
    top, bottom = items[0], items[-1]  # the map's topmost and bottommost hexes
    view.set_focus(top.sceneBoundingRect().center())
    view.fit_to_window()
    assert room.contains(view.mapFromScene(top.sceneBoundingRect().center()).toPointF())
    view.follow(bottom.sceneBoundingRect().center())
    assert room.contains(view.mapFromScene(bottom.sceneBoundingRect().center()).toPointF())
    assert not room.contains(view.mapFromScene(top.sceneBoundingRect().center()).toPointF())
    # a corporation's network: its placed tokens (LNWR's, in the finished game)
    lnwr = next(c for c in game.corporations if c.name == "LNWR")
    focus = scene.focus_point(lnwr)
    assert focus is not None
    placed = [scene.item_for_hex(t.hex.id) for t in lnwr.tokens if t.used]
    assert placed
    spread = placed[0].sceneBoundingRect()
    for item in placed[1:]:
        spread = spread.united(item.sceneBoundingRect())
    assert focus == spread.center()
    # panned by the player: the map stays where it was put
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(300, 300))
    for step in range(1, 6):
        qtbot.mouseMove(view.viewport(), QPoint(300, 300 - 20 * step))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(300, 200))
    assert not view.fitted
    before = view.mapToScene(QPoint(10, 10))
    view.follow(top.sceneBoundingRect().center())
    assert view.mapToScene(QPoint(10, 10)) == before
    # F brings the fit back, centred on the focus followed last
    view.fit_to_window()
    assert room.contains(view.mapFromScene(top.sceneBoundingRect().center()).toPointF())
    assert scene.focus_point(object()) is None  # no tokens, no home: no focus


def test_the_edges_past_which_the_map_goes_on_are_shaded_and_take_no_mouse(qtbot: Any) -> None:
    view, _scene, _game = _view(qtbot, GAME_1822, VIEWPORT_1366)
    view.fit_to_window()
    qtbot.wait(10)
    cue = view.edge_cue
    assert cue.geometry() == view.viewport().geometry() and cue.isVisible()
    assert cue.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    assert "left" not in cue.edges and "right" not in cue.edges and cue.edges  # fitted across, scrolls down
    view.show_whole_map()
    assert cue.edges == frozenset()
    view.set_zoom(view.zoom() * 4)
    assert cue.edges == {"left", "top", "right", "bottom"}
    # the cue is drawn over the viewport: a shaded band at an edge the map goes past
    view.fit_to_window()
    image = cue.grab().toImage()
    edge = "top" if "top" in cue.edges else "bottom"
    y = 1 if edge == "top" else image.height() - 2
    assert image.pixelColor(image.width() // 4, y).alpha() > 0
    assert image.pixelColor(image.width() // 4, image.height() // 2).alpha() == 0


def _white_pixels(scale: float, grow: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[int, bool]:
    """Tile 3 (a town and its revenue circle, the only white on a yellow tile) painted at ``scale``: its white
    pixels, and whether anything was painted outside the hex item's bounds."""
    from PySide6.QtGui import QImage, QPainter

    from desktop.map import HexGeometry, TileDrawing
    from desktop.map import items as map_items
    from engine.map.tile import Tile

    if not grow:
        monkeypatch.setattr(map_items, "legible_scale", lambda *_a, **_k: 1.0)
    g = HexGeometry("pointy")
    drawing = TileDrawing.build(Tile.for_catalogue("3"), g)
    size = int(4 * g.radius * scale)
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.translate(size / 2, size / 2)
    painter.scale(scale, scale)
    drawing.paint(painter)
    painter.end()
    white = outside = 0
    half_w, half_h = (g.width / 2 + g.radius * 0.06) * scale, (g.height / 2 + g.radius * 0.06) * scale
    for y in range(size):
        for x in range(size):
            color = image.pixelColor(x, y)
            if color.alpha() == 0:
                continue
            if abs(x + 0.5 - size / 2) > half_w + 1 or abs(y + 0.5 - size / 2) > half_h + 1:
                outside += 1
            if color.red() > 240 and color.green() > 240 and color.blue() > 240:
                white += 1
    return white, outside > 0


def test_a_revenue_circle_grows_to_a_legible_size_when_zoomed_out_and_stays_in_its_hex(
        qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    plain, _ = _white_pixels(0.25, grow=False, monkeypatch=monkeypatch)
    monkeypatch.undo()
    grown, outside = _white_pixels(0.25, grow=True, monkeypatch=monkeypatch)
    assert grown > plain * 1.5, (plain, grown)
    assert not outside
    # zoomed in, drawn as it is
    monkeypatch.undo()
    near_plain, _ = _white_pixels(1.0, grow=False, monkeypatch=monkeypatch)
    monkeypatch.undo()
    near, _ = _white_pixels(1.0, grow=True, monkeypatch=monkeypatch)
    assert near == near_plain


class _Handler:
    def __init__(self) -> None:
        self.left = 0

    def drag_over(self, mime: Any, hex_id: str | None, scene_pos: Any) -> str | None:
        return None

    def drag_left(self) -> None:
        self.left += 1

    def dropped(self, mime: Any, hex_id: str | None, scene_pos: Any) -> bool:
        return True


def test_a_drag_held_near_an_edge_the_map_goes_past_scrolls_it(qtbot: Any) -> None:
    """A tile for a hex below the fold of a fitted 1822 map: held at the bottom edge, the map scrolls down, and
    stops at the map's own edge; at the left edge (the map fits across) nothing scrolls."""
    from PySide6.QtCore import QMimeData
    from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent
    from PySide6.QtWidgets import QApplication

    from desktop.map.view import DRAG_SCROLL_MARGIN

    view, scene, _game = _view(qtbot, GAME_1822, VIEWPORT_1366)
    items = sorted(scene.hex_items(), key=lambda item: item.pos().y())
    view.set_focus(items[0].pos())  # the top of the map
    view.fit_to_window()
    handler = _Handler()
    view.drop_handlers["application/x-test"] = handler
    mime = QMimeData()
    mime.setData("application/x-test", b"x")
    room = view.viewport().rect()

    def move(pos: QPoint) -> None:
        enter = QDragEnterEvent(pos, Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                                Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(view.viewport(), enter)
        event = QDragMoveEvent(pos, Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                               Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(view.viewport(), event)

    assert view.drag_scroll_direction(QPoint(5, room.center().y())) == (0, 0)  # fits across
    top = view.mapToScene(QPoint(0, 0)).y()
    move(QPoint(room.center().x(), room.bottom() - DRAG_SCROLL_MARGIN // 2))
    qtbot.wait(200)
    assert view.mapToScene(QPoint(0, 0)).y() > top + 20  # scrolled down
    assert not view.fitted
    qtbot.waitUntil(lambda: not view._drag_timer.isActive(), timeout=8000)  # the map's bottom edge reached
    shown = view.mapFromScene(scene.map_rect()).boundingRect()
    assert shown.bottom() <= room.bottom() + 30
    QApplication.sendEvent(view.viewport(), QDragLeaveEvent())
    assert handler.left == 1 and not view._drag_timer.isActive()
