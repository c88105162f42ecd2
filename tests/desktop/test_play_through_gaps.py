"""Gesture-layer gaps found by ``bench/play_through_gui.py`` on real games (1836Jr30, 18MS).

- 2851 action 355 (and four more runs): a stop both ends of the route can reach joins the head first; as on
  18xx.games, clicking it again offers the head's other tracks and then moves it to the tail.  The driver used
  to give up ("the leg to H4 was dropped before its track matched") and fall back to ``session.submit``.
- 2809 action 34: tile 57 at rotation 5 draws the same track as rotation 2, and R offers each distinct picture
  once: the action bar's Turn (Ctrl+R) steps through every legal rotation as the site's clicks do, and lays it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.gui_drivers import NotPlayable, load
from bench.gui_drivers.routes import routes_match
from desktop.controllers.routes import RoutesController
from tests.desktop.play_or_helpers import window_at


def _window_with_routes(qtbot: Any, tmp_path: Path, folder: str, name: str,
                        index: int) -> tuple[Any, dict[str, Any], RoutesController]:
    """The window before action ``index`` of the file, its routes controller done computing the best routes."""
    window, action = window_at(qtbot, tmp_path, folder, name, index)
    routes = window.play.controller(RoutesController)
    assert routes is not None
    qtbot.waitUntil(lambda: not routes.computing, timeout=120_000)
    return window, action, routes


def _played(window: Any, kind: str, action: dict[str, Any]) -> dict[str, Any]:
    """Play ``action`` through the GUI driver of ``kind``: exactly one action is made; it is returned."""
    before = len(window.session.record.actions)
    load()[kind](window, dict(action))
    assert len(window.session.record.actions) == before + 1
    return dict(window.session.record.actions[-1])


def test_a_stop_reached_from_both_ends_is_clicked_onto_the_tail(qtbot: Any, tmp_path: Path) -> None:
    window, action, _routes = _window_with_routes(qtbot, tmp_path, "1836Jr30", "2851.json", 355)
    assert action["routes"][0]["connections"][-1] == ["H2", "H4"]  # H4 is also one track from the head, H6
    assert routes_match(action["routes"], _played(window, "run_routes", action)["routes"]) is None


def test_a_rotation_the_table_draws_as_another_is_laid_by_turning(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "1836Jr30", "2809.json", 34)
    assert (action["hex"], action["tile"], action["rotation"]) == ("H4", "57-2", 5)
    made = _played(window, "lay_tile", action)
    assert (made["hex"], made["tile"], made["rotation"]) == ("H4", "57-2", 5)


def test_a_recorded_run_above_what_the_route_earns_is_named(qtbot: Any, tmp_path: Path) -> None:
    """18MS/67889 action 180: IC's 4+ run is recorded at $160 (an older site engine's New Orleans bonus); the
    table pays the $150 the route earns today, so the driver leaves the run to the file (the result then equals
    the file's; it used to end $26 short)."""
    window, action, _routes = _window_with_routes(qtbot, tmp_path, "18MS", "67889.json", 180)
    before = len(window.session.record.actions)
    with pytest.raises(NotPlayable, match="records 160 for the 4\\+-2 train's route, which earns 150"):
        load()["run_routes"](window, dict(action))
    assert len(window.session.record.actions) == before


def test_a_token_removed_while_routes_are_drawn_uses_the_bar_button(qtbot: Any, tmp_path: Path) -> None:
    """1882/5236 action 369: the North West Rebellion removes a token in the route step, where map clicks edit
    routes; the driver used to click the map ("no free track joins J8 ...") and fall back."""
    window, action, routes = _window_with_routes(qtbot, tmp_path, "1882", "5236.json", 369)
    assert action["type"] == "remove_token"
    assert routes.routing
    made = _played(window, "remove_token", action)
    assert (made["type"], made["city"], made["slot"]) == ("remove_token", action["city"], action["slot"])


def test_the_cities_of_one_hex_may_be_named_in_either_order() -> None:
    """18MEX's Mexico City (O10, two cities): a leg inside the hex joins them both ways, and the site's files name
    them in either order over the same connections (80226: 'O10-1', 'O10-0' at action 569, 'O10-0', 'O10-1' at
    601).  Other differences still count."""
    leg = [["O10"], ["L9", "N9", "O10"]]
    site = {"train": "4D-0", "connections": leg, "nodes": ["O10-0", "O10-1", "L9-0", "K8-0"]}
    clicked = {"train": "4D-0", "connections": leg, "nodes": ["O10-1", "O10-0", "L9-0", "K8-0"]}
    assert routes_match([site], [clicked]) is None
    elsewhere = {**clicked, "nodes": ["O10-1", "O10-0", "K8-0", "L9-0"]}
    assert routes_match([site], [elsewhere]) is not None
    other_city = {**clicked, "nodes": ["O10-1", "O10-1", "L9-0", "K8-0"]}
    assert routes_match([site], [other_city]) is not None


def test_a_draft_bid_at_an_old_power_value_is_left_to_the_file(qtbot: Any, tmp_path: Path) -> None:
    """18ZOO Map A or_power.moles.json action 1: Player 1 buys MOLES for 3 (a hand-made file's early value); the
    draft sells a power at its value (2) only, so no dialog can enter 3: the driver says so (the file's action is
    then applied as loaded) instead of making a different bid."""
    window, action = window_at(qtbot, tmp_path, "18ZOOMapA", "or_power.moles.json", 1)
    assert (action["company"], action["price"]) == ("MOLES", 3)
    before = len(window.session.record.actions)
    with pytest.raises(NotPlayable, match="MOLES sells at its fixed price 2; the file bids 3"):
        load()["bid"](window, dict(action))
    assert len(window.session.record.actions) == before


def test_a_local_run_written_without_connections_is_clicked_as_its_one_city(qtbot: Any, tmp_path: Path) -> None:
    """1822Africa game_end_stock_market action 42: minor 2's L train ran G3 alone, written with ``connections: []``
    (a later action writes the same run as ``[["local", "G3"]]``).  The driver read it as an early file's hexes
    and found no leg to click ("no legal route crossing ['G3']"), falling back to ``session.submit``."""
    window, action, _routes = _window_with_routes(qtbot, tmp_path, "1822Africa",
                                                  "1822Africa_game_end_stock_market.json", 42)
    assert action["routes"][0]["connections"] == [] and action["routes"][0]["hexes"] == ["G3"]
    made = _played(window, "run_routes", action)["routes"]
    assert routes_match(action["routes"], made, window.session.live) is None
    assert made[0]["connections"] == [["local", "G3"]]
