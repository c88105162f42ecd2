"""Driver for "undo to an action" (an ``undo`` with ``action_id``): drag the history bar's slider back to the
position just after that action, then Edit > Undo back to here (the history bar's button runs the same action).

The bench gives the action's ``action_id`` in our record's ids (they part from the file's when live play left an
action out)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from bench.gui_drivers import DriverError, driver


def history_index_after(session: Any, action_id: int) -> int:
    """The history index just after the action with id ``action_id`` (0: the start of the game)."""
    if not action_id:
        return 0
    raw = next((p for p, a in enumerate(session.record.actions) if a.get("id") == action_id), None)
    if raw is None:
        raise DriverError(f"no action with id {action_id} in the game")
    return sum(1 for p in session.timeline.positions if p <= raw)


@driver("undo")
def undo_to(window: Any, action: dict[str, Any]) -> None:
    if action.get("action_id") is None:
        window.undo_action.trigger()
        return
    session = window.session
    index = history_index_after(session, int(action["action_id"]))
    slider = window.history_bar.slider
    slider.setSliderDown(True)  # as a mouse drag of the handle does
    slider.setValue(index)
    slider.setSliderDown(False)
    QApplication.processEvents()
    if session.index != index:
        raise DriverError(f"the history bar did not go to action {index}")
    if not window.undo_to_action.isEnabled():
        raise DriverError(f"Undo back to here is disabled: {window.undo_to_action.toolTip()}")
    window.history_bar.undo_here_button.click()
