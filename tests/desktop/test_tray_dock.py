"""The "Tiles to lay" dock gives its room to the players' cards while it has nothing to lay, takes it back
when tiles come, and leaves sizes the user chose alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from desktop.main_window import MainWindow
from desktop.panels.tile_tray import TrayTile
from desktop.tray_dock import SLACK


def _window(qtbot: Any, tmp_path: Path, size: tuple[int, int] = (1366, 740)) -> MainWindow:
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.new_game("1830", ["Ann", "Bob", "Cy", "Dee"], seed=3)  # the private auction: no tile to lay
    settle()
    # the sizer confirms its shrink once the window has laid out its docks (a timer); a user acts later than
    # that, and a test that resizes before it fires (a loaded machine) would see its size undone
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


def test_the_empty_tray_is_shrunk_and_grows_back_when_tiles_come(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    sizer = window.tray_sizer
    assert window.tile_tray.count() == 0
    assert _tray(window) <= sizer.shrunk_height() + SLACK
    shrunk_cards = window.players_panel.height()
    # the tray's message still shows whole: the dock keeps its title and a few lines
    assert window.tile_tray.viewport().height() >= window.tile_tray.fontMetrics().lineSpacing() * 2
    _fill(window)
    assert _tray(window) >= window.height() * 0.25  # the first-run third of the column, give or take
    assert window.players_panel.height() < shrunk_cards - 100
    window.tile_tray.set_tiles([])
    settle()
    assert _tray(window) <= sizer.shrunk_height() + SLACK
    assert window.players_panel.height() == pytest.approx(shrunk_cards, abs=SLACK)


def test_the_tray_comes_back_at_the_height_the_user_gave_it(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _fill(window)
    tray, players = window.docks["tile_tray"], window.docks["players"]
    column = tray.height() + players.height()
    window.resizeDocks([players, tray], [column - 180, 180], Qt.Orientation.Vertical)
    settle()
    chosen = _tray(window)
    window.tile_tray.set_tiles([])
    settle()
    assert _tray(window) < chosen - 40
    _fill(window)
    assert _tray(window) == pytest.approx(chosen, abs=SLACK)


def test_an_empty_tray_the_user_enlarged_keeps_its_size(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    tray, players = window.docks["tile_tray"], window.docks["players"]
    column = tray.height() + players.height()
    window.resizeDocks([players, tray], [column - 260, 260], Qt.Orientation.Vertical)
    settle()
    chosen = _tray(window)
    assert chosen > window.tray_sizer.shrunk_height() + 100
    window.tile_tray.set_tiles([])  # still empty: nothing changes
    settle()
    assert _tray(window) == pytest.approx(chosen, abs=SLACK)
    _fill(window)
    assert _tray(window) == pytest.approx(chosen, abs=SLACK)


def test_a_layout_saved_with_the_tray_shrunk_regrows_it_at_the_next_run(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _fill(window)
    expanded = _tray(window)
    window.tile_tray.set_tiles([])
    settle()
    window.session.dirty = False  # type: ignore[union-attr]
    window.close()
    again = _window(qtbot, tmp_path)
    assert _tray(again) <= again.tray_sizer.shrunk_height() + SLACK  # the saved layout, still empty
    _fill(again)
    assert _tray(again) == pytest.approx(expanded, abs=SLACK)


def test_a_floating_tray_is_left_alone(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _fill(window)
    tray = window.docks["tile_tray"]
    tray.setFloating(True)
    tray.resize(300, 400)
    settle()
    window.tile_tray.set_tiles([])
    settle()
    assert tray.height() == pytest.approx(400, abs=SLACK)


def test_a_layout_coming_after_the_shrink_does_not_undo_it(qtbot: Any, tmp_path: Path) -> None:
    """On a loaded machine the window's layout came after the sizer's ask (and after its 100-ms confirmation): a
    recovered game at 1366x768 showed the empty tray a third of the column tall and the players' cards scrolled.
    A shrink not yet carried out is asked for again when the dock is resized; once carried out, the user's size
    wins again."""
    window = _window(qtbot, tmp_path)
    sizer = window.tray_sizer
    _fill(window)
    tray, players = window.docks["tile_tray"], window.docks["players"]
    window.tile_tray.set_tiles([])  # the shrink is asked for ...
    assert sizer.pending
    column = tray.height() + players.height()
    window.resizeDocks([players, tray], [column - 300, 300], Qt.Orientation.Vertical)  # ... a late layout
    settle()  # (no wait: the 100-ms confirmation has not fired)
    assert _tray(window) <= sizer.shrunk_height() + SLACK
    assert not sizer.pending
    # carried out: a size the user gives the empty tray (later than the sizer's 100-ms confirmation) stays
    qtbot.wait(150)
    window.resizeDocks([players, tray], [column - 260, 260], Qt.Orientation.Vertical)
    qtbot.wait(50)
    settle()
    assert _tray(window) == pytest.approx(260, abs=SLACK)


def test_moves_made_before_the_first_layout_leave_the_empty_tray_shrunk(qtbot: Any, tmp_path: Path) -> None:
    """A game started and played on before the window laid out its first-run sizes (a script, a recovered game,
    a loaded machine): the sizer saw the tray still shrunk from before the game, did nothing, and the first-run
    sizes then gave the empty tray a third of the column (1280x720, six players: the cards scrolled)."""
    import random

    from engine.moves.registry import legal_moves

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    settle()
    window.new_game("1830", [f"P{i}" for i in range(6)], seed=3)
    session = window.session
    assert session is not None
    rng = random.Random(0)
    for _ in range(3):  # no event processed in between
        buy = next(m for m in legal_moves(session.live).of_type("bid") if m.purchase)  # type: ignore[attr-defined]
        assert session.submit(buy.sample(rng))
    sizer = window.tray_sizer
    qtbot.waitUntil(lambda: _tray(window) <= sizer.shrunk_height() + SLACK, timeout=1500)
    # the tiles of the first track step get the first-run height back
    _fill(window)
    assert _tray(window) >= window.height() * 0.2


def test_a_layout_after_a_shrink_that_seemed_done_is_caught(qtbot: Any, tmp_path: Path) -> None:
    """The same, step by step (any platform): the sizer looks while the dock still has its old, shrunk height,
    then the window lays out sizes asked for earlier (first-run sizes) and makes the empty tray tall."""
    window = _window(qtbot, tmp_path)
    sizer = window.tray_sizer
    tray, players = window.docks["tile_tray"], window.docks["players"]
    assert _tray(window) <= sizer.shrunk_height() + SLACK
    sizer.relayout()
    sizer.settle()  # looks now: the dock seems shrunk already
    column = tray.height() + players.height()
    window.resizeDocks([players, tray], [column - 250, 250], Qt.Orientation.Vertical)  # the late layout
    settle()
    assert _tray(window) <= sizer.shrunk_height() + SLACK
    _fill(window)  # the height the late layout gave comes back with tiles
    assert _tray(window) == pytest.approx(250, abs=SLACK)
