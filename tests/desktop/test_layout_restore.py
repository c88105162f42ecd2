"""Issue 29: a layout restored from the settings.  Saved at another window size (or by a version that did not
record the size) it opened a 1366x768 window with its side columns at their least widths (corporations' names cut,
the players' cards cut at the right edge) and the market taller than the corporations' column; now the docks
get this size's first-run sizes, a layout saved at this size keeps its own but the market is held to its share,
and a card panel at a column's least width never cuts its cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MARKET_SHARE, MIN_SIDE_WIDTH, STATE_SIZE_KEY, MainWindow
from desktop.panels.players import PlayersPanel
from engine import new_game
from tests.desktop.play_helpers import new_game_window


@pytest.fixture(autouse=True)
def _discard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("desktop.main_window.QMessageBox.question",
                        lambda *_a, **_k: QMessageBox.StandardButton.Discard)


def _window(qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> MainWindow:
    window = new_game_window(qtbot, tmp_path, size)
    qtbot.wait(150)
    return window


def _close(window: MainWindow) -> None:
    assert window.session is not None
    window.session.dirty = False
    window.close()


def _squeeze(window: MainWindow, qtbot: Any) -> None:
    """What a user (or a small screen) left: both columns at their least width, the market most of its column."""
    window.resizeDocks([window.docks["players"], window.docks["corporations"]], [MIN_SIDE_WIDTH, MIN_SIDE_WIDTH],
                       Qt.Orientation.Horizontal)
    column = window.docks["corporations"].height() + window.docks["market"].height()
    window.resizeDocks([window.docks["corporations"], window.docks["market"]], [130, column - 130],
                       Qt.Orientation.Vertical)
    QApplication.processEvents()
    qtbot.wait(50)


def test_a_layout_saved_at_another_size_opens_with_this_sizes_first_run_docks(qtbot: Any, tmp_path: Path) -> None:
    small = _window(qtbot, tmp_path, (1024, 700))
    _squeeze(small, qtbot)
    _close(small)
    window = _window(qtbot, tmp_path, (1366, 768))
    left, right = window.side_widths(1366)
    qtbot.waitUntil(lambda: abs(window.docks["corporations"].width() - right) <= 12, timeout=3000)
    assert abs(window.docks["players"].width() - left) <= 12
    column = window.docks["corporations"].height() + window.docks["market"].height()
    assert window.docks["market"].height() <= column * MARKET_SHARE + 14


def test_a_layout_saved_without_its_size_is_treated_as_another_sizes(qtbot: Any, tmp_path: Path) -> None:
    first = _window(qtbot, tmp_path, (1366, 768))
    _squeeze(first, qtbot)
    _close(first)
    QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat).remove(STATE_SIZE_KEY)  # an older version's
    window = _window(qtbot, tmp_path, (1366, 768))
    right = window.side_widths(1366)[1]
    qtbot.waitUntil(lambda: abs(window.docks["corporations"].width() - right) <= 12, timeout=3000)


def test_a_layout_saved_at_this_size_keeps_its_widths_but_the_market_its_share(qtbot: Any, tmp_path: Path) -> None:
    first = _window(qtbot, tmp_path, (1366, 768))
    _squeeze(first, qtbot)
    _close(first)
    window = _window(qtbot, tmp_path, (1366, 768))
    assert window.docks["corporations"].width() <= MIN_SIDE_WIDTH + 12  # the user's width stays
    column = window.docks["corporations"].height() + window.docks["market"].height()
    qtbot.waitUntil(lambda: window.docks["market"].height() <= column * MARKET_SHARE + 14, timeout=3000)


def test_cards_are_never_wider_than_a_panel_at_the_columns_least_width(qtbot: Any) -> None:
    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.resize(MIN_SIDE_WIDTH, 300)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_game(new_game("1830", ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"], seed=3))
    QApplication.processEvents()
    for rect in panel.canvas.card_rects():
        assert rect.right() <= panel.viewport().width()
