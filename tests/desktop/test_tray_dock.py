"""The "Tiles to lay" dock keeps one height for the whole game: the Players dock above it no longer grows in a
stock round and shrinks at the next track step (the tray's tiles jumped up the column as the player reached
for them).  It only shrinks to one line at a game's end, and a tray too low for a row of tiles gets its row
back when tiles come."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from desktop.main_window import MainWindow
from desktop.panels.tile_tray import TileTray, TrayTile
from desktop.session import STALE_KEYS, Session
from desktop.tray_dock import EXPANDED_KEY, SLACK
from engine.record import GameRecord
from tests.desktop.play_helpers import fixture_path, shown_window


def _window(qtbot: Any, tmp_path: Path, size: tuple[int, int] = (1366, 740)) -> MainWindow:
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.new_game("1830", ["Ann", "Bob", "Cy", "Dee"], seed=3)  # the private auction: no tile to lay
    qtbot.wait(250)
    settle()
    return window


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _fill(window: MainWindow) -> None:
    game = window.session.game  # type: ignore[union-attr]
    tile = game.tiles[0]
    window.tile_tray.set_tiles([TrayTile(tile.name, tile)])
    settle()


def _tray(window: MainWindow) -> int:
    return window.docks["tile_tray"].height()


def _column(window: MainWindow) -> tuple[int, int, int]:
    """The players' dock height, the tray dock's top and height."""
    tray = window.docks["tile_tray"]
    return window.docks["players"].height(), tray.geometry().top(), tray.height()


def test_the_left_column_stays_put_from_the_stock_round_into_the_first_track_step(qtbot: Any, tmp_path: Path) -> None:
    """A real 1830 game at 1366x768, played on in the window from the first stock round into B&O's first track
    step: the tray fills, and neither it nor the Players dock moves."""
    record = GameRecord.load(fixture_path("1830", "29133.json"))
    raw = {k: v for k, v in record.raw.items() if k not in STALE_KEYS}
    raw["actions"] = record.actions[:27]
    window = shown_window(qtbot, tmp_path, (1366, 768))
    window.set_session(Session(GameRecord.from_dict(raw), window))
    qtbot.wait(400)
    settle()
    session = window.session
    assert session is not None and window.tile_tray.count() == 0
    before = _column(window)
    assert before[2] >= window.tray_sizer.row_height() - SLACK  # the empty tray keeps a row's height
    for action in record.actions[27:43]:
        assert session.submit(action)
    qtbot.waitUntil(lambda: window.tile_tray.count() > 0, timeout=4000)
    qtbot.wait(300)
    settle()
    after = _column(window)
    assert after == pytest.approx(before, abs=SLACK)
    # and back out of the track step (the tile laid): still nothing moves
    assert session.submit(record.actions[43])
    qtbot.wait(300)
    settle()
    assert window.tile_tray.count() == 0
    assert _column(window) == pytest.approx(before, abs=SLACK)


def test_an_empty_tray_keeps_the_height_it_had_with_tiles(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _fill(window)
    tray, players = window.docks["tile_tray"], window.docks["players"]
    column = tray.height() + players.height()
    window.resizeDocks([players, tray], [column - 180, 180], Qt.Orientation.Vertical)
    settle()
    chosen = _tray(window)
    window.tile_tray.set_tiles([])
    settle()
    assert _tray(window) == pytest.approx(chosen, abs=SLACK)
    # the message still shows whole
    assert window.tile_tray.viewport().height() >= window.tile_tray.fontMetrics().lineSpacing() * 2
    _fill(window)
    assert _tray(window) == pytest.approx(chosen, abs=SLACK)


def test_a_tray_too_low_for_a_row_gets_its_row_when_tiles_come(qtbot: Any, tmp_path: Path) -> None:
    """A layout saved with the tray squeezed to its message (older versions shrank it in every stock round):
    the first track step gives it a row of tiles -- or the height it had, when that was kept."""
    window = _window(qtbot, tmp_path)
    sizer = window.tray_sizer
    tray, players = window.docks["tile_tray"], window.docks["players"]
    column = tray.height() + players.height()
    window.resizeDocks([players, tray], [column - 90, 90], Qt.Orientation.Vertical)
    settle()
    assert _tray(window) < sizer.row_height() - SLACK
    _fill(window)
    assert _tray(window) == pytest.approx(sizer.row_height(), abs=SLACK)
    window.resizeDocks([players, tray], [column - 90, 90], Qt.Orientation.Vertical)
    window.tile_tray.set_tiles([])
    settle()
    window.settings.setValue(EXPANDED_KEY, 240)
    _fill(window)
    assert _tray(window) == pytest.approx(240, abs=SLACK)


def test_a_finished_game_shrinks_the_tray_to_its_line_and_an_undo_gives_its_height_back(
    qtbot: Any, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    sizer = window.tray_sizer
    before = _tray(window)
    window.tile_tray.set_empty_text(TileTray.GAME_OVER_TEXT)
    sizer.message_changed()
    settle()
    assert _tray(window) <= sizer.shrunk_height() + SLACK < before
    window.tile_tray.set_empty_text(None)
    sizer.message_changed()
    settle()
    assert _tray(window) == pytest.approx(before, abs=SLACK)


def test_a_floating_tray_is_left_alone(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    tray = window.docks["tile_tray"]
    tray.setFloating(True)
    tray.resize(300, 400)
    settle()
    window.tile_tray.set_empty_text(TileTray.GAME_OVER_TEXT)
    window.tray_sizer.message_changed()
    settle()
    assert tray.height() == pytest.approx(400, abs=SLACK)
