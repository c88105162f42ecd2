"""Drivers for routes and dividends (helper ORB): ``run_routes`` by clicking revenue centres on the map (only
where the file's routes differ from the optimiser's) and the route panel's Submit; ``dividend`` by the action
bar's Dividend button and the dialog's choice."""

from __future__ import annotations

from typing import Any

from bench.gui_drivers import DriverError, driver
from bench.gui_drivers.auction import click, open_from_bar


@driver("dividend")
def dividend(window: Any, action: dict[str, Any]) -> None:
    dialog = open_from_bar(window, "dividend")
    button = dialog.buttons.get(action.get("kind"))
    if button is None:
        dialog.reject()
        raise DriverError(f"the dividend dialog offers no {action.get('kind')!r} ({sorted(dialog.buttons)})")
    click(button)
