"""Issue 29: at 1366x768 the players' cards still scrolled in an operating round with the "Tiles to lay" tray open,
and at a game's end the fourth card was cut under a scroll bar.  The Players dock now gets the height its
densest cards need from the Game dock (down to a floor) and then the tray (down to a row of tiles), and cards
that fit the panel's whole width never keep a scroll bar shown while the column settled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MainWindow
from desktop.panels.players import DENSE, PlayersPanel
from desktop.players_column import END_LOG_FLOOR, LOG_FLOOR, LOG_SHARE, log_floor
from desktop.session import STALE_KEYS, Session
from engine.record import GameRecord
from tests.desktop.play_helpers import fixture_path


@pytest.fixture(autouse=True)
def _discard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("desktop.main_window.QMessageBox.question",
                        lambda *_a, **_k: QMessageBox.StandardButton.Discard)


def _window_at(qtbot: Any, tmp_path: Path, name: str, index: int | None, size: tuple[int, int],
               title: str = "1830") -> MainWindow:
    record = GameRecord.load(fixture_path(title, name))
    raw = {k: v for k, v in record.raw.items() if k not in STALE_KEYS}
    if index is not None:
        raw["actions"] = record.actions[:index]
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.set_session(Session(GameRecord.from_dict(raw), window))
    return window


def _all_in_sight(panel: PlayersPanel) -> bool:
    rects = panel.canvas.card_rects()
    return (len(rects) == len(panel.cards) > 0 and panel.verticalScrollBar().maximum() == 0
            and not panel.verticalScrollBar().isVisible()
            and all(r.bottom() <= panel.viewport().height() + 1 for r in rects))


def _settled(qtbot: Any, window: MainWindow) -> None:
    qtbot.wait(400)  # a finished game's tray shrink (100 ms) and the fitter's look after it
    qtbot.wait(200)
    QApplication.processEvents()


def test_an_operating_round_with_the_tray_open_shows_every_players_card(qtbot: Any, tmp_path: Path) -> None:
    window = _window_at(qtbot, tmp_path, "29133.json", 43, (1366, 768))  # B&O's first track step, OR 1.1
    qtbot.waitUntil(lambda: window.tile_tray.count() > 0, timeout=4000)
    _settled(qtbot, window)
    panel = window.players_panel
    assert len(panel.cards) == 4
    assert _all_in_sight(panel)
    # the tray keeps at least a row of tiles, the log its floor
    assert window.tile_tray.viewport().height() >= window.tile_tray.gridSize().height()
    column = sum(window.docks[k].height() for k in ("players", "tile_tray", "info"))
    assert window.docks["info"].height() >= log_floor(column) - 8


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720)])
def test_the_end_of_a_game_shows_the_fourth_card_whole(qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    window = _window_at(qtbot, tmp_path, "26855.json", None, size)
    _settled(qtbot, window)
    panel = window.players_panel
    session = window.session
    assert session is not None and session.game.finished
    assert any(card.winner for card in panel.cards)
    assert _all_in_sight(panel)
    # the empty tray says the game is over in one line (at 1280x720 its three lines took the fourth card's room)
    tray = window.tile_tray
    assert tray.empty_text == tray.GAME_OVER_TEXT and tray.message_lines() == 1
    assert window.docks["tile_tray"].height() <= window.tray_sizer.shrunk_height() + 8
    # back in the game (a stock round: nothing to lay), the tray's whole message has its room again
    index = next(i for i in range(session.index - 1, 0, -1) if session.record.actions[i]["type"] == "buy_shares")
    session.jump(index)
    qtbot.waitUntil(lambda: tray.empty_text == tray.EMPTY_TEXT, timeout=2000)
    qtbot.wait(200)
    assert tray.message_lines() > 1
    assert window.docks["tile_tray"].height() >= window.tray_sizer.shrunk_height() - 8


def test_a_scroll_bar_shown_while_the_panel_was_small_goes_when_the_cards_fit_again(qtbot: Any,
                                                                                    tmp_path: Path) -> None:
    """The quirk behind the cut fourth card: a scroll bar shown at a passing small size narrowed the cards, which
    then wrapped their chips and no longer fitted the room that would have held them at the full width."""
    record = GameRecord.load(fixture_path("1830", "26855.json"))
    game = Session(GameRecord.from_dict({k: v for k, v in record.raw.items() if k not in STALE_KEYS}),
                   None).game
    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.resize(245, 200)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_game(game)
    QApplication.processEvents()
    assert panel.verticalScrollBar().maximum() > 0  # too small: the cards scroll
    need = int(panel.canvas.height_at(245, DENSE)) + 1
    panel.resize(245, need)
    for _ in range(3):
        QApplication.processEvents()
    assert panel.overflow() == 0
    assert _all_in_sight(panel)


@pytest.mark.parametrize("title, name", [("1846", "10264.json"), ("1882", "1882_game_end_bankrupt.json")])
def test_the_end_of_a_five_or_six_player_game_at_1280x720_shows_every_card_whole(
        qtbot: Any, tmp_path: Path, title: str, name: str) -> None:
    """1846 with five players at its end scrolled by 67 px at 1280x720: the Game dock kept a fifth of the column
    (and the log list's own ~100 px minimum).  At a game's end the log gives down to its tabs and a line or two."""
    window = _window_at(qtbot, tmp_path, name, None, (1280, 720), title=title)
    _settled(qtbot, window)
    panel = window.players_panel
    assert window.session is not None and window.session.game.finished
    assert len(panel.cards) >= 5
    assert _all_in_sight(panel)
    assert window.docks["info"].height() >= log_floor(400, finished=True) - 8  # the log keeps its end floor


def test_the_logs_floor_is_lower_only_at_a_games_end() -> None:
    assert log_floor(600) == max(LOG_FLOOR, int(600 * LOG_SHARE))
    assert log_floor(600, finished=True) == END_LOG_FLOOR < log_floor(600)
