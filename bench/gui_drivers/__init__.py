"""Drivers for ``bench/play_through_gui.py``: one per action type, each making the GUI produce an action by
gestures (simulated drags and drops, clicks, dialog choices), never by calling the engine or the session.

A driver is ``driver(window, action) -> None``: it performs the gestures for ``action`` (a dict from a game
file) in ``window`` (a ``MainWindow`` showing the live end of the game).  The bench checks afterwards that the
record grew by exactly that action.  Register with ``@driver("lay_tile", ...)``.  Modules: ``operating``
(helper P1), ``stock`` and ``auction`` (helper P2); a module not written yet is skipped.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Driver = Callable[[Any, dict[str, Any]], None]

DRIVERS: dict[str, Driver] = {}
MODULES = ("bench.gui_drivers.operating", "bench.gui_drivers.stock", "bench.gui_drivers.auction",
           "bench.gui_drivers.routes", "bench.gui_drivers.history", "bench.gui_drivers.choose",
           "bench.gui_drivers.merge", "bench.gui_drivers.selection_auction",  # merge and the last two wrap pass (and bid)
           "bench.gui_drivers.minor_auction", "bench.gui_drivers.g1817",
           "bench.gui_drivers.acquire",  # acquire wraps merge
           "bench.gui_drivers.powers",  # powers wraps buy_company and replaces choose_ability
           "bench.gui_drivers.ndem")  # ndem wraps bid, merge and remove_token (1822MX's NdeM token auction)


class DriverError(Exception):
    """The gestures could not make the GUI produce the action (the message says what was missing)."""


class NotPlayable(DriverError):
    """No gesture can make the file's action because live play (the engine's rules today) refuses every form of
    it, though the site's loading accepts the file as stored (e.g. an early file's route stored by its hexes
    only, whose every reading crosses a city blocked today).  The message says why."""


def driver(*types: str) -> Callable[[Driver], Driver]:
    def register(fn: Driver) -> Driver:
        for kind in types:
            DRIVERS[kind] = fn
        return fn

    return register


def load() -> dict[str, Driver]:
    for name in MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return DRIVERS
