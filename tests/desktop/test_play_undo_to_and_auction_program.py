"""Undo back to a position of the history (the site's "Undo to here": one ``undo`` with ``action_id``), the auction
round's auto-bid program from the programs dialog, and recording a file's own auto actions through live play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MainWindow
from desktop.session import Session
from engine import load_game
from engine.actions import Action
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import FIXTURES, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("desktop.main_window.QMessageBox.question",
                        lambda *_a, **_k: QMessageBox.StandardButton.Discard)
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    w.resize(1400, 900)
    qtbot.addWidget(w)
    return w


def _opened(window: MainWindow, upto: int) -> Session:
    path = shared_or_skip(GAME_1830)
    session = Session.open(path, upto=upto)
    window.set_session(session)
    return session


def test_undo_back_to_here_takes_back_everything_after_the_position_shown(window: MainWindow) -> None:
    session = _opened(window, 60)
    size = session.size
    assert not window.undo_to_action.isEnabled()  # at the live end there is nothing after the position shown
    assert "go back in the history" in window.undo_to_action.toolTip()
    assert not window.history_bar.undo_here_button.isVisibleTo(window.history_bar)
    target = size - 7
    window.history_bar.slider.setValue(target)  # drag the history bar back
    assert session.index == target and session.viewing_past
    assert window.undo_to_action.isEnabled()
    assert window.history_bar.undo_here_button.isVisibleTo(window.history_bar)
    expected = state_of(session.game)
    last_kept_id = session.record.actions[session.timeline.positions[target - 1]]["id"]
    window.history_bar.undo_here_button.click()
    entry = session.record.actions[-1]
    assert entry["type"] == "undo" and entry["action_id"] == last_kept_id
    assert not session.viewing_past and session.size == target
    assert state_of(session.live) == expected
    # the saved record replays to the same state, and a plain redo brings the actions back
    fresh = load_game(GameRecord.from_dict(json.loads(json.dumps(session.to_file_dict()))))
    assert state_of(fresh) == expected
    window.redo_action.trigger()
    assert session.size == size


def test_undo_back_to_the_start_records_action_id_zero(window: MainWindow) -> None:
    session = _opened(window, 12)
    session.jump(0)
    assert session.undo_to()
    assert session.record.actions[-1]["action_id"] == 0
    assert session.size == 0


def test_undo_back_to_here_refuses_when_only_chat_follows(window: MainWindow) -> None:
    session = _opened(window, 12)
    player = session.live.players[0]
    assert session.submit({"type": "message", "entity": player.id, "entity_type": "player", "message": "hi"})
    session.jump(session.size - 1)
    messages: list[str] = []
    session.action_rejected.connect(messages.append)
    before = len(session.record.actions)
    assert not session.undo_to()
    assert messages and "only chat" in messages[-1]
    assert len(session.record.actions) == before


# --- the auction round's auto-bid program -------------------------------------------------------------------------
def _new_1830(window: MainWindow) -> Session:
    session = Session.new("1830", ["Ann", "Bob", "Cy", "Dee"], seed=1000)
    window.set_session(session)
    return session


def _programs_dialog(window: MainWindow) -> Any:
    window.programs_action.trigger()
    dialog = window.play.by_name["ProgramController"].dialog
    assert dialog is not None
    return dialog


def test_an_auction_bid_program_from_the_dialog_bids_for_its_player(window: MainWindow) -> None:
    session = _new_1830(window)
    game = session.live
    ann, bob = game.players[0], game.players[1]
    dialog = _programs_dialog(window)
    dialog.select_player(bob.id)
    assert dialog.auction_group.isEnabled()
    assert dialog.select_data(dialog.target_box, "MH")
    assert dialog.maximum_spin.value() == game.round.active_step().min_bid(game.company_by_id("MH"))
    dialog.bid_button.click()  # nothing ticked: the site sets nothing either
    assert session.record.actions == []
    dialog.maximum_box.setChecked(True)
    dialog.maximum_spin.setValue(120)
    dialog.bid_button.click()
    program = session.record.actions[-1]
    assert {k: program[k] for k in ("type", "entity", "bid_target", "enable_maximum_bid", "maximum_bid",
                                    "enable_buy_price", "auto_pass_after")} == {
        "type": "program_auction_bid", "entity": bob.id, "bid_target": "MH", "enable_maximum_bid": True,
        "maximum_bid": "120", "enable_buy_price": False, "auto_pass_after": False}
    # Ann bids; Bob's program bids the minimum on MH, recorded with Ann's bid
    assert session.submit({"type": "bid", "entity": ann.id, "entity_type": "player", "company": "BO",
                           "price": 225})
    autos = session.record.actions[-1]["auto_actions"]
    assert [(a["type"], a["entity"], a.get("company"), a.get("price")) for a in autos] == [
        ("bid", bob.id, "MH", 115)]
    dialog = _programs_dialog(window)
    dialog.select_player(bob.id)
    assert "Bid on Mohawk & Hudson up to $120" in dialog.current_label.text()
    dialog.reject()


def test_the_auction_part_of_the_dialog_is_off_outside_auction_rounds(window: MainWindow) -> None:
    session = _opened(window, 40)
    assert not getattr(session.live.round, "auction", False)
    dialog = _programs_dialog(window)
    assert not dialog.auction_group.isEnabled() and dialog.auction_group.toolTip()
    dialog.reject()


# --- a file's own auto actions, recorded as the file has them ------------------------------------------------------
def test_the_timeline_records_the_auto_actions_its_hook_gives(window: MainWindow) -> None:
    session = _new_1830(window)
    game = session.live
    ann, bob = game.players[0], game.players[1]
    assert session.submit({"type": "program_auction_bid", "entity": bob.id, "entity_type": "player",
                           "bid_target": "MH", "enable_maximum_bid": True, "maximum_bid": "120",
                           "enable_buy_price": False, "buy_price": "0", "auto_pass_after": False})
    seen: list[list[Action]] = []

    def recorded(_game: Any, _action: Action, autos: list[Action]) -> list[Action]:
        seen.append(autos)
        return []  # the file recorded none: an older site did not run this program

    session.timeline.auto_actions_for = recorded
    assert session.submit({"type": "bid", "entity": ann.id, "entity_type": "player", "company": "BO",
                           "price": 225})
    assert [a.type for a in seen[-1]] == ["bid"]  # our evaluation would have bid for Bob
    assert "auto_actions" not in session.record.actions[-1] or not session.record.actions[-1]["auto_actions"]
    assert session.live.round.current_entity().id == bob.id  # (a rebuilt game) Bob's turn: nothing was played for him


def test_the_bench_drivers_play_auction_programs_and_an_undo_to_by_gestures(window: MainWindow) -> None:
    """The play-through bench's drivers: each action of a scripted auction (with programs and an undo to an
    action) is made by the GUI's gestures and recorded exactly."""
    from bench.gui_drivers import load
    from bench.play_through_gui import same_action

    drivers = load()
    session = _new_1830(window)
    script: list[dict[str, Any]] = [
        {"type": "bid", "entity": 1, "entity_type": "player", "company": "BO", "price": 275},
        {"type": "program_auction_bid", "entity": 3, "entity_type": "player", "bid_target": "MH",
         "enable_maximum_bid": True, "maximum_bid": "130", "enable_buy_price": False, "buy_price": "0",
         "auto_pass_after": True},
        {"type": "bid", "entity": 2, "entity_type": "player", "company": "CA", "price": 170},
        {"type": "pass", "entity": 4, "entity_type": "player"},
        {"type": "undo", "entity": 1, "entity_type": "player", "action_id": 2},
    ]
    for data in script:
        before = len(session.record.actions)
        drivers[data["type"]](window, dict(data))
        assert len(session.record.actions) == before + 1, data
        assert same_action(data, session.record.actions[-1], session.live) is None
        if data["type"] == "bid" and data["entity"] == 2:
            # Cy's program bid the minimum on MH for him, recorded with Bob's bid
            assert [(a["type"], a["entity"], a.get("company")) for a in session.record.actions[-1]["auto_actions"]] \
                == [("bid", 3, "MH")]
    # the undo to action 2 leaves the first bid and the program: Bob to act again
    assert session.size == 2 and session.live.round.current_entity() is session.live.player_by_id(2)


def test_city_clicks_edit_routes_while_a_private_could_place_a_token(window: MainWindow) -> None:
    """1846 (a real game): GT runs its train while its private Chicago and Western Indiana could place a token;
    clicks on cities must edit the route, not be refused as token placements."""
    from bench.gui_drivers.auction import click
    from bench.gui_drivers.routes import _click_node, _wait_for_optimiser

    path = shared_or_skip(FIXTURES / "1846" / "1846_game_end_reason_dnf.json")
    record = GameRecord.load(path)
    record.actions = record.actions[:218]  # the file up to GT's run
    session = Session(record)
    window.set_session(session)
    assert window.play.moves is not None and window.play.moves.acting[0] == ("corporation", "GT")
    assert ("company", "C&WI") in window.play.moves.acting  # its token ability is usable now
    routes = window.play.by_name["RoutesController"]
    assert routes.routing
    tokens = window.play.by_name["TokenController"]
    assert tokens.my_places()  # the private's token ability is open now
    _wait_for_optimiser(routes)
    click(routes.panel.clears["2-2"])
    if not routes.panel.radios["2-2"].isChecked():
        click(routes.panel.radios["2-2"])
    game = session.live
    b16, c15 = game.hex_by_id("B16").tile.nodes[0], game.hex_by_id("C15").tile.nodes[0]
    _click_node(window, b16)
    _click_node(window, c15)
    entries = routes.editor.entries()
    assert [e["nodes"] for e in entries] == [["B16-0", "C15-0"]]
    assert "token" not in window.action_bar.hint.text()


def test_right_click_on_a_log_line_enables_undo_back_to_here_without_a_left_click(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPoint, Qt

    session = _opened(window, 60)
    window.show()
    qtbot.waitExposed(window)
    log = window.log_panel
    assert not window.undo_to_action.isEnabled()
    # a line some actions back, scrolled into view
    target = session.size - 5
    row = log.model.first_row_of(target)
    log.view.scrollTo(log.model.index(row))
    QApplication.processEvents()
    rect = log.row_rect(row)
    qtbot.mouseClick(log.view.viewport(), Qt.MouseButton.RightButton, pos=QPoint(rect.center()))
    assert session.index == target and session.viewing_past
    assert window.undo_to_action.isEnabled()
