"""Operating-round drivers (helper P1): gestures for every OR action type."""

from __future__ import annotations

from typing import Any

from bench.gui_drivers import DriverError, driver


def play(window: Any) -> Any:
    if window.play is None:
        raise DriverError("no play controller")
    return window.play


@driver("pass")
def pass_(window: Any, action: dict[str, Any]) -> None:
    """Click the action bar's pass button of the acting entity."""
    bar = window.action_bar
    moves = play(window).moves
    if moves is None:
        raise DriverError("no legal moves")
    passes = [m for m in moves.of_type("pass") if (m.entity_type, m.entity) in set(moves.acting)]
    for i, move in enumerate(passes):
        if move.entity == action.get("entity"):
            button = bar.buttons.get(f"pass{'' if i == 0 else i}")
            if button is None or not button.isEnabled():
                raise DriverError("the pass button is missing or disabled")
            button.click()
            return
    raise DriverError(f"no pass button for {action.get('entity')}")
