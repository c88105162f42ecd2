"""Powers by gesture: the action bar's "Powers..." button lists every company's ``choose_ability`` options (18ZOO:
a president's ZOOTickets sold for the operating family); the clicked option is what the engine does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.controllers.choose import ChooseAbilityController
from tests.desktop.play_or_helpers import window_at

FOLDER = "18ZOOMapD"
GAME = "or_power.patch.when_forced.json"
POSITION = 51  # ZOOTicket 1 of Player 1 sold for CR: 5$ to CR, the rest to the player


def test_ticket_sold_by_the_powers_dialog(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, FOLDER, GAME, POSITION)
    assert action["type"] == "choose_ability"
    controller = window.play.controller(ChooseAbilityController)
    button = window.action_bar.buttons.get("choose_ability")
    assert button is not None and button.isEnabled() and "Powers" in button.text()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = controller.dialog
    assert dialog is not None
    wanted = next(i for i, (move, choice) in enumerate(dialog.options)
                  if move.entity == action["entity"] and choice.value == action["choice"])
    key = next(k for k in dialog.buttons if k == f"choose_{wanted}")
    assert "ZOOTicket 1" in dialog.buttons[key].text()
    session = window.session
    cr = session.live.corporation_by_id("CR")
    before = (len(session.record.actions), cr.cash)
    QTest.mouseClick(dialog.buttons[key], Qt.MouseButton.LeftButton)
    assert len(session.record.actions) == before[0] + 1
    made = session.record.actions[-1]
    assert (made["type"], made["entity"], made["choice"]) == ("choose_ability", action["entity"], action["choice"])
    assert session.live.corporation_by_id("CR").cash == before[1] + 5
    assert session.live.company_by_id(action["entity"]).closed


def test_cancel_changes_nothing(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, FOLDER, GAME, POSITION)
    controller = window.play.controller(ChooseAbilityController)
    dialog = controller.open_dialog()
    before = len(window.session.record.actions)
    dialog.reject()
    assert len(window.session.record.actions) == before
