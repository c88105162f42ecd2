"""Hosting a title on the kernel alone (Auction HOW) in the desktop: New Game, the title's views instead of the
18xx map and panels, the action bar from the legal moves, undo/redo, history, save/reopen, autosave, render."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage

from desktop.app import main as app_main
from desktop.dialogs.new_game import NewGameDialog
from desktop.main_window import MainWindow
from desktop.session import Session
from engine.moves import legal_moves
from engine.titles.registry import title_spec
from tests.engine.auction_how_helpers import TITLE, state_of


@pytest.fixture
def window(qtbot, tmp_path: Path):  # type: ignore[no-untyped-def]
    w = MainWindow(
        QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path / "autosave"
    )
    yield w
    if w.session is not None:  # closing must not ask about unsaved moves
        w.session.dirty = False
    w.close()
    w.deleteLater()


def first_bid(session: Session, raise_by: int = 0) -> dict:
    """A bid on the first empire of the board: its minimum plus ``raise_by``."""
    move = legal_moves(session.live).of_type("bid")[0]
    return move.action(move.min_bid + raise_by)  # type: ignore[attr-defined]


def test_new_game_dialog_offers_the_kernel_title_with_its_players_and_options(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dialog = NewGameDialog(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    index = dialog.title_box.findData(TITLE)
    assert index >= 0 and "3–6 players" in dialog.title_box.itemText(index)
    dialog.title_box.setCurrentIndex(index)
    assert (dialog.count_box.low, dialog.count_box.high) == (3, 6)
    spec = title_spec(TITLE)
    assert list(dialog.rule_checks) == [o.sym for o in spec.optional_rules]
    dialog.rule_checks["bid_time_30"].setChecked(True)
    dialog.rule_checks["bid_time_60"].setChecked(True)  # exclusive: the 30 s limit is unticked
    assert not dialog.rule_checks["bid_time_30"].isChecked()
    dialog.rule_checks["the_fates"].setChecked(True)
    dialog.count_box.setValue(5)
    record = dialog.game_record()
    assert record.title == TITLE and len(record.players) == 5
    assert sorted(record.optional_rules) == ["bid_time_60", "the_fates"]


def test_the_window_shows_the_titles_views_and_the_action_bar(window: MainWindow) -> None:
    window.new_game(TITLE, ["Ann", "Bob", "Cy"], seed=3)
    assert window.kernel_mode
    assert window.center_tabs.isHidden() and not window.title_area.isHidden()
    assert window.docks["market"].isHidden() and window.docks["players"].isHidden()
    titles = [d.windowTitle() for d in window.title_docks]
    assert "Rules" in titles
    rules = window.title_docks[titles.index("Rules")].widget()
    assert "The Pit" in rules.toPlainText() and "3.9" in rules.toPlainText()
    assert "Auction HOW · Epoch I" in window.status_label.text()
    assert window.action_bar.line.text().endswith("Bid for an empire or pass")
    # back to an 18xx title: the map and panels return, the title's docks go
    window.new_game("1830", ["A", "B", "C", "D"], seed=3)
    assert not window.kernel_mode and not window.center_tabs.isHidden()
    assert not window.docks["market"].isHidden() and window.title_docks == []


def test_play_undo_redo_history_save_reopen_and_autosave(window: MainWindow, tmp_path: Path) -> None:
    window.new_game(TITLE, ["Ann", "Bob", "Cy"], seed=3)
    session = window.session
    assert session is not None
    assert session.submit(first_bid(session, 2))
    assert session.submit(first_bid(session, 0))
    after_two = state_of(session.live)
    # a controller must pass: the bar offers Pass once someone controls something at their turn
    assert session.submit(first_bid(session, 4))
    state = state_of(session.live)
    window.undo_action.trigger()
    assert state_of(session.live) == after_two
    window.redo_action.trigger()
    assert state_of(session.live) == state
    # history: the past is shown read-only
    session.jump(1)
    assert session.viewing_past and "viewing the past" in window.status_label.text()
    session.end()
    # autosave after every change
    autosaves = list((tmp_path / "autosave").glob("*.json"))
    assert autosaves
    # save and reopen: the same game
    path = tmp_path / "how.json"
    session.save(path)
    data = json.loads(path.read_text())
    assert data["title"] == TITLE and len(data["actions"]) == 5  # 3 bids, the undo and the redo
    reopened = Session.open(path)
    assert state_of(reopened.live) == state
    assert reopened.markers and reopened.markers[0].label == "Epoch I"


def test_pass_button_when_the_player_controls_an_empire(window: MainWindow) -> None:
    window.new_game(TITLE, ["Ann", "Bob", "Cy"], seed=3)
    session = window.session
    assert session is not None
    for _ in range(3):  # everyone takes a different empire for 0: the first bidder then controls one
        moves = legal_moves(session.live)
        free = [m for m in moves.of_type("bid") if m.high_bid is None]  # type: ignore[attr-defined]
        assert session.submit(free[0].action(0))  # type: ignore[attr-defined]
    assert "pass" in window.action_bar.buttons
    window.action_bar.buttons["pass"].click()
    assert session.live.actions[-1].type == "pass"


def test_render_command_paints_a_kernel_title_game(tmp_path: Path, window: MainWindow) -> None:
    window.new_game(TITLE, ["Ann", "Bob", "Cy"], seed=3)
    session = window.session
    assert session is not None
    session.submit(first_bid(session, 1))
    path = tmp_path / "how.json"
    session.save(path)
    out = tmp_path / "how.png"
    assert app_main(["render", str(path), "--out", str(out), "--width", "900"]) == 0
    image = QImage(str(out))
    assert not image.isNull() and image.width() == 900 and image.height() > 200
