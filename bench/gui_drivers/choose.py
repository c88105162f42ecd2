"""Driver for ``choose`` (a step's choices: 18 Christmas Eve's gifts): click the action bar's choice button
(named after the choices, "Gift..."), then the dialog's button of the file's choice."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bench.gui_drivers import DriverError, driver
from desktop.controllers.choose import ChooseController
from desktop.dialogs.choose import choice_key


@driver("choose")
def choose(window: Any, action: dict[str, Any]) -> None:
    button = window.action_bar.buttons.get("choose")
    if button is None or not button.isEnabled():
        raise DriverError("no choice button on the action bar")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.play.controller(ChooseController).dialog
    if dialog is None:
        raise DriverError("the choice dialog did not open")
    key = choice_key(action["choice"])
    if key not in dialog.buttons:
        dialog.reject()
        raise DriverError(f"the choice {action['choice']!r} is not offered")
    QTest.mouseClick(dialog.buttons[key], Qt.MouseButton.LeftButton)
