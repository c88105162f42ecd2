"""Driver for ``merge`` (a merger offered to one corporation at a time: 18MEX's NdM merger): click the action
bar's "Merge X into Y" button."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bench.gui_drivers import DriverError, driver


@driver("merge")
def merge(window: Any, action: dict[str, Any]) -> None:
    button = window.action_bar.buttons.get("merge")
    if button is None or not button.isEnabled():
        raise DriverError("no merge button on the action bar")
    named = action.get("corporation")
    if named is not None and f"Merge {named} " not in button.text().replace("&", ""):
        raise DriverError(f"the merger offered is not {named}'s")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
