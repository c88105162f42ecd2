"""Drivers for ``merge`` and ``convert``.  A merger offered to one corporation at a time (18MEX's NdM merger):
click the action bar's "Merge X into Y" button.  The merger round of 1867/1861 (the ``Merge`` step): open the
merger dialog from the bar and click "Add <minor>", "Convert ...", "Form <major>" or "Done adding"."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bench.gui_drivers import DRIVERS, DriverError, driver
from bench.gui_drivers.auction import click, open_from_bar
from engine.steps.merge import MergeOffer

MERGER_STEP = "Merge"
#: the steps the merger dialog plays (1817's conversion round too)
MERGER_STEPS = frozenset({MERGER_STEP, "Conversion"})
_previous_pass = DRIVERS.get("pass")


def _in_merger(window: Any) -> bool:
    moves = window.play.moves
    if isinstance(window.session.live.round.active_step(), MergeOffer):
        return False  # 18MEX's NdM merger, offered to one corporation: the bar's button
    return moves is not None and moves.step in MERGER_STEPS


@driver("merge")
def merge(window: Any, action: dict[str, Any]) -> None:
    if _in_merger(window):
        dialog = open_from_bar(window, "merger")
        button = dialog.buttons.get(f"merge_{action.get('corporation')}")
        if button is None:
            dialog.reject()
            raise DriverError(f"the merger dialog offers no {action.get('corporation')}")
        click(button)
        return
    button = window.action_bar.buttons.get("merge")
    if button is None or not button.isEnabled():
        raise DriverError("no merge button on the action bar")
    named = action.get("corporation")
    if named is not None and f"Merge {named} " not in button.text().replace("&", ""):
        raise DriverError(f"the merger offered is not {named}'s")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


@driver("convert")
def convert(window: Any, action: dict[str, Any]) -> None:
    if not _in_merger(window):
        raise DriverError("no merger round now")
    dialog = open_from_bar(window, "merger")
    button = dialog.buttons.get("convert")
    if button is None:
        dialog.reject()
        raise DriverError("the merger dialog offers no conversion")
    click(button)


@driver("pass")
def pass_(window: Any, action: dict[str, Any]) -> None:
    """In the merger round, "Done adding" finishes a merger in the dialog; other passes are the bar's."""
    step = window.session.live.round.active_step()
    if _in_merger(window) and getattr(step, "merging", None):
        dialog = open_from_bar(window, "merger")
        click(dialog.pass_button)
        return
    if _previous_pass is None:
        raise DriverError("no driver for pass")
    _previous_pass(window, action)
