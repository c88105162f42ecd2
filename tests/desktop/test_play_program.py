"""Programmed actions at the table (Game > Programmed actions...) and share-drag hover feedback on the cards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MainWindow
from desktop.panels.dnd import share_mime
from desktop.session import Session
from engine import load_game
from engine.moves.registry import legal_moves
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


def _stock_round(window: MainWindow) -> Session:
    path = shared_or_skip(GAME_1830)
    actions = json.loads(path.read_text())["actions"]
    session = Session.open(path, upto=0)
    window.set_session(session)
    for action in actions:
        if legal_moves(session.live).step == "BuySellParShares":
            break
        assert session.submit(action)
    return session


def _open_programs(window: MainWindow) -> Any:
    window.programs_action.trigger()
    controller = window.play.by_name["ProgramController"]
    assert controller.dialog is not None
    return controller.dialog


def test_a_pass_program_set_in_the_dialog_passes_for_the_player_and_is_recorded(window: MainWindow) -> None:
    session = _stock_round(window)
    game = session.live
    first = game.round.current_entity()
    order = game.round.entities
    second = order[(order.index(first) + 1) % len(order)]
    assert "programs" not in window.action_bar.buttons  # the Game menu offers it: the bar keeps its room
    dialog = _open_programs(window)
    dialog.select_player(second.id)
    assert dialog.current_label.text() == "none"
    assert not dialog.cancel_button.isEnabled() and dialog.cancel_button.toolTip()
    dialog.pass_button.click()
    assert session.record.actions[-1]["type"] == "program_share_pass"
    assert session.record.actions[-1]["entity"] == second.id
    # the acting player passes: the program passes for the next one, recorded with the pass
    assert session.submit({"type": "pass", "entity": first.id, "entity_type": "player"})
    last = session.record.actions[-1]
    assert [(a["type"], a["entity"]) for a in last["auto_actions"]][:1] == [("pass", second.id)]
    assert session.live.round.current_entity() is not second
    # the saved record replays (without evaluating programs) to the same state
    fresh = load_game(GameRecord.from_dict(json.loads(json.dumps(session.to_file_dict()))))
    assert state_of(fresh) == state_of(session.live)
    # and the program can be cancelled from the dialog
    dialog = _open_programs(window)
    dialog.select_player(second.id)
    assert "Pass in stock rounds" in dialog.current_label.text()
    assert dialog.cancel_button.isEnabled()
    dialog.cancel_button.click()
    assert session.record.actions[-1]["type"] == "program_disable"
    assert not session.live.programmed_actions.get(second.id)


def test_a_buy_program_from_the_dialog_names_the_corporation_and_condition(window: MainWindow) -> None:
    session = _stock_round(window)
    game = session.live
    player = game.round.current_entity()
    par = legal_moves(game).of_type("par")[0]
    assert session.submit({**par.base(), "corporation": par.corporation, "share_price": par.share_prices[0][0]})
    dialog = _open_programs(window)
    dialog.select_player(player.id)
    assert dialog.select_data(dialog.corporation_box, par.corporation)
    assert dialog.until_box.itemData(0) == "float"
    assert dialog.select_data(dialog.until_box, 3)
    dialog.pass_after_box.setChecked(True)
    dialog.buy_button.click()
    last = session.record.actions[-1]
    assert {k: last[k] for k in ("type", "entity", "corporation", "until_condition", "from_market",
                                 "auto_pass_after")} == {
        "type": "program_buy_shares", "entity": player.id, "corporation": par.corporation, "until_condition": 3,
        "from_market": False, "auto_pass_after": True}


def _hover(canvas: Any, name: str, payload: dict[str, Any]) -> tuple[bool, Any]:
    i = next(i for i, c in enumerate(canvas.cards) if c.name == name)
    pos = canvas.card_rects()[i].center()
    mime = share_mime(payload)
    actions = Qt.DropAction.MoveAction | Qt.DropAction.CopyAction
    enter = QDragEnterEvent(pos.toPoint(), actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(canvas, enter)
    move = QDragMoveEvent(QPointF(pos).toPoint(), actions, mime, Qt.MouseButton.LeftButton,
                          Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(canvas, move)
    return move.isAccepted(), canvas.drop_hover


def test_a_hovered_card_says_before_the_drop_whether_it_takes_the_certificate(window: MainWindow) -> None:
    session = _stock_round(window)
    game = session.live
    buy = next((m for m in legal_moves(game).of_type("buy_shares") if m.source == "ipo"), None)
    if buy is None:  # parring first: the first stock turn of this game has nothing parred yet
        par = legal_moves(game).of_type("par")[0]
        acting = game.round.current_entity()
        assert session.submit({**par.base(), "corporation": par.corporation, "share_price": par.share_prices[0][0]})
        assert session.submit({"type": "pass", "entity": acting.id, "entity_type": "player"})
        buy = next(m for m in legal_moves(session.live).of_type("buy_shares") if m.source == "ipo")
    game = session.live
    acting = next(p for p in game.players if p.id == buy.entity)
    other = next(p for p in game.players if p.id != buy.entity)
    corporation = game.corporation_by_id(buy.corporation)
    canvas = window.players_panel.canvas
    payload = {"corporation": corporation.name, "source": "ipo"}
    before = len(session.record.actions)
    accepted, hover = _hover(canvas, acting.name, payload)
    assert accepted and hover == (acting.name, None)
    accepted, hover = _hover(canvas, other.name, payload)
    assert not accepted
    assert hover is not None and hover[0] == other.name and acting.name in (hover[1] or "")
    # the hover feedback is painted (a refusal band over the card) and cleared when the drag leaves
    canvas.repaint()
    from PySide6.QtGui import QDragLeaveEvent

    QApplication.sendEvent(canvas, QDragLeaveEvent())
    assert canvas.drop_hover is None
    assert len(session.record.actions) == before  # nothing was played by hovering


def test_the_game_menu_ends_the_game_for_the_chosen_player(window: MainWindow) -> None:
    window.new_game("1889", ["Ann", "Bob", "Cyd"], seed=5)
    session = window.session
    assert session is not None
    window.end_game_action.trigger()
    dialog = window.end_game_dialog
    assert dialog is not None
    bob = next(p for p in session.live.players if p.name == "Bob")
    assert dialog.select(bob.id, "player")
    dialog.ok_button.click()
    last = session.record.actions[-1]
    assert (last["type"], last["entity"], last["entity_type"]) == ("end_game", bob.id, "player")
    assert session.live.finished
    # a finished game cannot be ended again: the menu says so instead of opening the dialog
    window.end_game_action.trigger()
    assert window.end_game_dialog is None
