"""Drivers for the 1817 family's gestures: loans (the action bar's "Take a loan: ..." / "Pay off a loan: ..."
buttons)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bench.gui_drivers import DriverError, driver


@driver("take_loan", "payoff_loan")
def loan(window: Any, action: dict[str, Any]) -> None:
    kind = str(action["type"])
    button = window.action_bar.buttons.get(kind)
    if button is None or not button.isEnabled():
        raise DriverError(f"no {kind} button on the action bar")
    moves = window.play.moves
    acting = [eid for _etype, eid in (moves.acting if moves is not None else [])]
    if action.get("entity") not in acting:
        raise DriverError(f"{action.get('entity')} is not acting now ({acting})")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
