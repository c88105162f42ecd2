"""The route optimiser on real games: never below the players, accepted and paid as predicted,
agreeing with the brute force on early positions; cancellation; the ``routes`` command."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from engine.routing import Cancelled, best_routes, run_routes_action
from engine.routing.cli import check_game, illegal_stored_route, positions, submitted_revenue
from engine.steps.route import route_host
from tests.conftest import FIXTURES, fixture_files
from tests.engine.test_routing_oracle import TooBig, oracle_best

#: one fixture per title, for the slower checks
SAMPLES = ["1830/26855.json", "1846/3099.json", "1889/962.json", "18Chesapeake/1905.json"]
ALL_FIXTURES = [path for title in ("1830", "1846", "1889", "18Chesapeake") for path in fixture_files(title)]

_RUNS = re.compile(r" runs an? .+? train for \D*(\d+)")


def _sample(name: str) -> Path:
    path = FIXTURES / name
    if not path.exists():
        pytest.skip(f"{path} is not available (../shared is absent)")
    return path


def _paid_after_apply(game: Any, action: dict[str, Any]) -> int:
    """Apply ``action`` to a copy of ``game`` in strict mode; the revenue its log reports."""
    trial = game.copy()
    trial.finish_loading()
    before = len(trial.log_lines)
    trial.apply(action)
    lines = [line for line in trial.log_lines[before:] if _RUNS.search(line)]
    assert len(lines) == len(action["routes"])
    return sum(int(_RUNS.search(line).group(1)) for line in lines)  # type: ignore[union-attr]


@pytest.mark.slow
@pytest.mark.parametrize("path", ALL_FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_never_below_the_players(path: Path) -> None:
    report = check_game(path)
    assert report.failure is None
    assert not report.errors, report.errors[:3]
    assert not report.lower, report.lower[:3]
    # a stored revenue above ours must come with a route the rules refuse
    for position in report.illegal_submitted:
        assert position.unverifiable


@pytest.mark.slow
@pytest.mark.parametrize("name", SAMPLES)
def test_answer_is_accepted_in_strict_mode_and_pays_as_predicted(name: str) -> None:
    checked = 0
    for index, (_position, _data, game) in enumerate(positions(_sample(name))):
        if index % 3:
            continue
        result = best_routes(game)
        action = run_routes_action(result)
        if not action["routes"]:
            continue
        assert sum(entry["revenue"] for entry in action["routes"]) == result.total
        assert _paid_after_apply(game, action) == result.total
        checked += 1
    assert checked > 5


@pytest.mark.slow
@pytest.mark.parametrize("name", SAMPLES)
def test_agrees_with_brute_force_on_early_positions(name: str) -> None:
    compared = 0
    for _position, _data, game in positions(_sample(name)):
        from engine.routing.optimiser import _trains, route_entity

        entity = route_entity(game)
        trains = _trains(game, entity)
        if not trains:
            continue
        stops = [node for node in game.graph.connected_nodes(entity) if node.is_stop]
        try:
            expected = oracle_best(route_host(game), stops, trains, max_routes=150, max_combinations=30_000)
        except TooBig:
            continue
        assert best_routes(game).total == expected
        compared += 1
        if compared >= 8:
            break
    assert compared >= 3


def test_cancel_stops_the_search() -> None:
    path = _sample("18Chesapeake/1905.json")
    calls: list[int] = []

    def cancel() -> bool:
        calls.append(1)
        return True

    for _position, _data, game in positions(path):
        if len(game.round.active_step().current_entity().trains) >= 2:
            with pytest.raises(Cancelled):
                best_routes(game, cancel=cancel)
            assert calls
            return
    pytest.fail("no position with two trains")


def test_illegal_stored_route_is_named() -> None:
    # 1889 game 314, action 366: IR's stored 3-train route runs through Kochi, full of SR and AR
    path = _sample("1889/314.json")
    for position, data, game in positions(path):
        if position == 366:
            assert best_routes(game).total < submitted_revenue(game, data)
            reason = illegal_stored_route(game, data)
            assert reason is not None and "I4-I2-J3-K4" in reason
            return
    pytest.fail("position 366 not reached")


def test_routes_command_prints_the_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    path = _sample("1830/29133.json")
    from engine.__main__ import main

    assert main(["routes", str(path), "--check"]) == 0
    out = capsys.readouterr().out
    assert "ours LOWER 0" in out
    assert re.search(r"equal \d+, ours higher \d+", out)
    assert "median" in out and "p95" in out


@pytest.mark.slow
@pytest.mark.parametrize("name", ["1830/26855.json", "1889/962.json", "18Chesapeake/1905.json",
                                  "18Chesapeake/14377.json"])
def test_stop_sequence_search_agrees_with_the_route_listing(name: str) -> None:
    from engine.routing import optimise
    from engine.routing.optimiser import _trains, route_entity

    compared = 0
    for index, (_position, _data, game) in enumerate(positions(_sample(name))):
        if index % 2:
            continue
        entity = route_entity(game)
        trains = _trains(game, entity)
        host = route_host(game)
        fast = optimise(host, game.hexes, entity, trains, rules=game, method="sequences")
        listed = optimise(host, game.hexes, entity, trains, rules=game, method="routes")
        assert fast.total == listed.total
        compared += 1
    assert compared > 10


def test_a_title_bonus_that_looks_at_the_runs_stops_scores_the_search_sentinel() -> None:
    # 1822CA ERS playout seed 7005, action 286: the sawmill bonus (best over the run's routes) looked through the
    # stops of the search's sentinel route, which visits "more stops than any" but had none to iterate: best_routes
    # raised TypeError.  The best run is found, accepted and pays what it says
    game = load_game(Path(__file__).parent / "data" / "1822ca_ers_playout_7005_sawmill_best_routes.json")
    result = best_routes(game)
    action = run_routes_action(result)
    assert action["routes"] and result.total > 0
    assert _paid_after_apply(game, action) == result.total


def test_a_bonus_paid_once_per_run_is_scored_once() -> None:
    # 1822 playout seed 10001, action 951: LYR's 6 and 7 trains could each run between its home and its destination;
    # the destination bonus (£50) goes to one route of a run, but the search summed routes scored alone (430 where
    # the engine pays 380) and best_routes raised RoutingMismatch.  The family's runs are scored whole
    game = load_game(Path(__file__).parent / "data" / "1822_playout_10001_destination_bonus_once.json")
    result = best_routes(game)
    action = run_routes_action(result)
    assert len(action["routes"]) == 2
    assert _paid_after_apply(game, action) == result.total
    assert result.total >= 380  # the two routes the search had paired earn 380 together
