"""Irish Gauge's board at 1366x768 (issue 29): Ireland is taller than wide, so the action bar, the tray and the
auction stand in a column beside the board and the board has the window's height (hexes of about 34 px with a
tray strip above the board, about 41 px now); an 18xx game afterwards gets its bar and panel back above the map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MainWindow
from desktop.titles.irish_gauge.board import RADIUS
from desktop.titles.irish_gauge.controller import VIEWS_BY_WINDOW

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr("desktop.main_window.QMessageBox.question",
                        lambda *_a, **_k: QMessageBox.StandardButton.Discard)
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(win)
    win.setWindowState(Qt.WindowState.WindowNoState)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    return win


def _settle(window: MainWindow, size: tuple[int, int]) -> None:
    for _ in range(3):
        QApplication.processEvents()
        window.resize(*size)  # (the offscreen platform may shrink the window to its minimum meanwhile)
    QApplication.processEvents()


@pytest.mark.parametrize("size, least", [((1366, 768), 40.0), ((1280, 720), 37.0), ((1920, 1080), 58.0)])
def test_the_board_takes_the_windows_height_with_readable_hexes(window: MainWindow, size: tuple[int, int],
                                                                least: float) -> None:
    window.new_game("Irish Gauge", PLAYERS, seed=4)
    _settle(window, size)
    views = VIEWS_BY_WINDOW[window]
    view = views.view
    assert view.height() >= 0.72 * window.height()
    assert view.zoom() * 2 * RADIUS >= least  # a hex's width on screen, in pixels
    # the whole island is in sight
    shown = view.mapFromScene(view._content_rect()).boundingRect()
    assert view.viewport().rect().adjusted(-1, -1, 1, 1).contains(shown)
    # the bar, the tray and the auction in the column beside the board, not above it
    for widget in (window.action_bar, views.tray, window.auction_panel):
        assert views.central.isAncestorOf(widget) and not view.isAncestorOf(widget)
        assert widget.mapTo(window, widget.rect().topLeft()).x() < view.mapTo(window, view.rect().topLeft()).x()
    assert not window.auction_panel.isHidden()  # the initial auction stands there


def test_an_18xx_game_after_irish_gauge_has_its_bar_and_auction_above_the_map_again(window: MainWindow) -> None:
    window.new_game("Irish Gauge", PLAYERS, seed=4)
    _settle(window, (1366, 768))
    window.new_game("1830", PLAYERS, seed=2)
    _settle(window, (1366, 768))
    layout = window.centralWidget().layout()
    assert layout.indexOf(window.action_bar) == 0
    assert layout.indexOf(window.auction_panel) == layout.indexOf(window.center_tabs) - 1
    assert not window.auction_panel.isHidden() and window.auction_panel.content is not None
    map_top = window.map_view.mapTo(window, window.map_view.rect().topLeft()).y()
    assert window.action_bar.mapTo(window, window.action_bar.rect().topLeft()).y() < map_top
    assert window.auction_panel.mapTo(window, window.auction_panel.rect().topLeft()).y() < map_top
