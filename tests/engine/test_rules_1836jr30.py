"""1836Jr-30: the title's data and its port rule, on a real game (the fixture replays exactly in
tests/engine/test_fixtures.py; these pin the pieces that are the title's own)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from engine.errors import GameError
from engine.map.route import base_revenue_for, routes_from_action
from engine.steps.route import route_host
from engine.steps.single_train import BuySingleTrainOfType
from engine.titles.g1836jr30.data import TITLE
from engine.titles.registry import fixture_folder, load_title

FIXTURE = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "1836Jr30" / "1836Jr30_game_end_bankrupt.json"
#: raw position of I9-I3-Paris (J2) run by Nord's 3-train, revenue 120
PORT_RUN = 198


def test_registered_under_the_export_title() -> None:
    assert load_title("1836Jr30").TITLE is TITLE
    assert fixture_folder("1836Jr30") == "1836Jr30"
    assert TITLE.player_range == (2, 4)
    assert [c.sym for c in TITLE.corporations] == ["B", "GCL", "Nord", "NBDS", "HSM", "NFL"]
    assert [(t.name, t.copies()) for t in TITLE.trains] == [("2", 5), ("3", 4), ("4", 3), ("5", 2), ("6", 2),
                                                           ("D", 5)]


def test_trains_are_bought_one_of_a_type_per_turn() -> None:
    game = load_title("1836Jr30")([(1, "a"), (2, "b")])
    assert BuySingleTrainOfType in game.operating_round_steps()


@pytest.fixture(scope="module")
def before_port_run() -> tuple[Any, dict[str, Any]]:
    if not FIXTURE.exists():
        pytest.skip("../shared fixtures not present")
    import json

    record = json.loads(FIXTURE.read_text())
    action = record["actions"][PORT_RUN]
    assert action["type"] == "run_routes"
    return load_game(FIXTURE, upto=PORT_RUN), action


def _routes(game: Any, entries: list[dict[str, Any]]) -> list[Any]:
    stripped = [{k: v for k, v in e.items() if k not in ("revenue", "revenue_str")} for e in entries]
    return routes_from_action(route_host(game), stripped)


def test_a_port_pays_once_per_station_of_the_runner(before_port_run: tuple[Any, dict[str, Any]]) -> None:
    game, action = before_port_run
    route = _routes(game, action["routes"])[0]
    assert route.computed_revenue() == action["routes"][0]["revenue"] == 120
    port = next(stop for stop in route.stops if "port" in stop.groups)
    assert port.hex.id == "J2"
    runner = route.train.owner
    tokened = [s for s in route.stops if getattr(s, "is_city", False) and s.tokened_by(runner)]
    assert len(tokened) == 2  # Namur and Lille: Paris pays twice
    assert route.computed_revenue() == base_revenue_for(route, route.stops) + 20


def test_a_port_needs_two_other_stops(before_port_run: tuple[Any, dict[str, Any]]) -> None:
    game, action = before_port_run
    entry = dict(action["routes"][0])
    entry["connections"] = entry["connections"][-1:]  # only Lille - Paris
    route = _routes(game, [entry])[0]
    assert len(route.visited_stops) == 2
    with pytest.raises(GameError, match="must contain 2 other stops"):
        route.computed_revenue()
