"""Choices by gesture: the action bar's "Gift..." button (a step's choices) opens one button per choice, and the
clicked choice is what the engine does (18 Christmas Eve: a president gifts a certificate)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.controllers.choose import ChooseController
from desktop.dialogs.choose import choice_key
from tests.desktop.play_or_helpers import window_at

XMAS = "18ChristmasEve"
GAME = "18ChristmasEve_game_end_bank.json"


def test_gift_by_the_choice_dialog(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, XMAS, GAME, 95)
    assert action["type"] == "choose" and action["choice"] == "cert_1_N&W"
    controller = window.play.controller(ChooseController)
    button = window.action_bar.buttons.get("choose")
    assert button is not None and button.isEnabled() and "Gift" in button.text()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = controller.dialog
    assert dialog is not None
    key = choice_key("cert_1_N&W")
    assert key in dialog.buttons
    assert dialog.buttons[key].text().startswith("Cert to ")
    session = window.session
    before = len(session.record.actions)
    QTest.mouseClick(dialog.buttons[key], Qt.MouseButton.LeftButton)
    assert len(session.record.actions) == before + 1
    made = session.record.actions[-1]
    assert (made["type"], made["choice"], made["entity"]) == ("choose", "cert_1_N&W", action["entity"])
    receiver = session.live.players[1]
    assert receiver.percent_of(session.live.corporation_by_id("N&W")) == 10


def test_cancel_changes_nothing(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, XMAS, GAME, 95)
    controller = window.play.controller(ChooseController)
    dialog = controller.open_dialog()
    before = len(window.session.record.actions)
    dialog.reject()
    assert len(window.session.record.actions) == before


def test_no_choice_button_without_choices(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, XMAS, GAME, 5)
    assert "choose" not in window.action_bar.buttons
