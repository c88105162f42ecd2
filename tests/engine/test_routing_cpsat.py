"""The CP-SAT model of every train's route (engine.routing.cpsat) and the ``auto`` portfolio.

CP-SAT against the brute force and the other methods runs in test_routing_methods (``"cpsat"``
is one of its methods).  Here: the model admits the stop-sequence search's own runs (a run
fixed as the hint is feasible and pays what the search says), the answer is the same on every
run, ``auto`` hands a position over to CP-SAT after its search budget with the search's best run
as the hint, cancellation stops the solver, titles it cannot describe never use it, and the
module loads neither pandas nor numpy.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from engine.routing import Cancelled, cpsat, optimise
from engine.routing import optimiser as optimiser_module
from tests.engine.test_routing_dense import build_dense, dense_spec

ROOT = Path(__file__).resolve().parents[2]

#: a dense map where two diesels' search needs more than one budget check (1024 ticks)
HARD_SPEC = (21, 4, 3)


def _dense(seed: int, trains: int, tokens: int) -> tuple[Any, Any, list[Any]]:
    built = build_dense(dense_spec(seed, trains, tokens))
    assert built is not None
    host, corp, trains_, _stops = built
    return host, corp, trains_


def _signature(result: Any) -> list[tuple[str, list[list[str]]]]:
    return [(entry["train"], entry["connections"]) for entry in result.routes]


def test_importing_and_solving_loads_neither_pandas_nor_numpy() -> None:
    # ortools.sat.python.cp_model imports both (+130 MB in the packaged program); the model is
    # written with cp_model_helper instead.  A fresh interpreter, so nothing else loaded them.
    code = textwrap.dedent("""
        import sys
        from tests.engine.test_routing_cpsat import HARD_SPEC, _dense
        from engine.routing import optimise
        host, corp, trains = _dense(*HARD_SPEC)
        result = optimise(host, host.hexes, corp, trains, rules=object(), method="cpsat")
        assert result.method == "cpsat" and result.total > 0, result
        assert "ortools" in sys.modules
        print(sorted(name for name in ("pandas", "numpy") if name in sys.modules))
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_same_routes_on_every_solve() -> None:
    host, corp, trains = _dense(*HARD_SPEC)
    first = optimise(host, host.hexes, corp, trains, rules=object(), method="cpsat")
    assert first.method == "cpsat" and first.total > 0
    for _ in range(3):
        again = optimise(host, host.hexes, corp, trains, rules=object(), method="cpsat")
        assert _signature(again) == _signature(first)
        assert again.revenues == first.revenues


@pytest.mark.parametrize("seed", [0, 2, 3, 4, 5, 6, 7, 12])  # positions where some train runs
def test_the_model_admits_the_searchs_runs(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    # Fixing every variable to the hint built from the search's run must leave a feasible
    # model paying what the search proved: the model drops no run the search considers.
    rng = random.Random(seed)
    host, corp, trains = _dense(rng.randrange(1_000_000), rng.choice([3, 4, 5]), rng.randint(1, 3))
    searched = optimise(host, host.hexes, corp, trains, rules=object(), method="sequences")
    by_train = {entry["train"]: entry for entry in searched.routes}
    from engine.routing.network import build_network
    from engine.routing.optimiser import _train_key
    from engine.routing.scoring import Scorer
    from engine.routing.sequences import SequenceSearch

    network = build_network(host.hexes, corp)
    search = SequenceSearch(network)
    scorers = [Scorer(host, host, corp, train) for train in trains]
    legs_of: list[Any] = []
    for train, scorer in zip(trains, scorers):
        entry = by_train.get(train.id)
        legs_of.append(None if entry is None else _legs(search, entry["connections"]))
        del scorer
    original = cpsat._parameters

    def fixed(helper: Any, workers: int) -> Any:
        parameters = original(helper, workers)
        parameters.fix_variables_to_their_hinted_value = True
        return parameters

    monkeypatch.setattr(cpsat, "_parameters", fixed)
    # the hinted run itself must be a solution (not only "nothing pays more")
    monkeypatch.setattr(cpsat._Builder, "beyond", lambda builder, total: None)
    given: list[bool] = []
    hint = cpsat._Builder.hint

    def spy(builder: Any, routes: Any) -> bool:
        given.append(hint(builder, routes))
        return given[-1]

    monkeypatch.setattr(cpsat._Builder, "hint", spy)
    kinds = [_train_key(train) for train in trains]
    solved = cpsat.solve(search, scorers, kinds, hint=_by_revenue(legs_of, scorers, kinds))
    assert given == [True]
    assert solved.total == searched.total > 0


def _legs(search: Any, connections: list[list[str]]) -> tuple[Any, ...]:
    """The network's legs whose track is ``connections`` (as in a run_routes entry)."""
    legs = []
    for stop in search.reachable_stops():
        for _end, variants in search.pairs(stop):
            legs.extend(variants)
    by_track = {tuple(leg.hex_ids()): leg for leg in legs}
    return tuple(by_track[tuple(connection)] for connection in connections)


def _by_revenue(routes: list[Any], scorers: list[Any], kinds: list[Any]) -> list[Any]:
    """Trains of one kind hinted richest first (the model orders them so)."""

    def pay(legs: Any, scorer: Any) -> int:
        return 0 if legs is None else sum(scorer.value(stop) for stop in [legs[0].start, *(leg.end for leg in legs)])

    result = list(routes)
    for i in range(1, len(result)):
        j = i
        while j > 0 and kinds[j] == kinds[j - 1] and pay(result[j], scorers[j]) > pay(result[j - 1], scorers[j - 1]):
            result[j], result[j - 1] = result[j - 1], result[j]
            j -= 1
    return result


def test_auto_hands_a_hard_position_to_cpsat_with_the_searchs_run(monkeypatch: pytest.MonkeyPatch) -> None:
    host, corp, trains = _dense(*HARD_SPEC)
    searched = optimise(host, host.hexes, corp, trains, rules=object(), method="sequences")
    assert searched.method == "sequences"
    hints: list[Any] = []
    solve = cpsat.solve

    def spy(*args: Any, **kwargs: Any) -> Any:
        hints.append(kwargs.get("hint"))
        return solve(*args, **kwargs)

    monkeypatch.setattr(cpsat, "solve", spy)
    monkeypatch.setattr(optimiser_module, "SEARCH_BUDGET", 1024)
    handed = optimise(host, host.hexes, corp, trains, rules=object())
    assert handed.method == "cpsat"
    assert handed.total == searched.total
    assert len(hints) == 1 and hints[0] is not None and any(legs for legs in hints[0])
    # within the budget the search answers alone
    monkeypatch.setattr(optimiser_module, "SEARCH_BUDGET", 1_000_000)
    assert optimise(host, host.hexes, corp, trains, rules=object()).method == "sequences"


def _stress(seed: int, trains: list[tuple[str, int]]) -> tuple[Any, Any, list[Any]]:
    """bench/routes.py's stress map (a full brown 1830 map): seconds of CP-SAT for two trains."""
    import importlib.util

    from engine.routing.optimiser import _trains

    spec = importlib.util.spec_from_file_location("routes_bench", ROOT / "bench" / "routes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    game, corporation = module.stress_game(seed, trains, fill=1.0)
    return game, corporation, _trains(game, corporation)


#: the best total of full brown 1830 maps (bench/routes_dense.py's ``1830 synthetic`` positions),
#: as the optimiser proved them before the model took the hinted run as a floor and pruned
#: each train's stops (bench/routes_dense.py, session 34)
FULL_MAP_OPTIMA = [
    (0, [("6", 6), ("D", 999)], 810),
    (0, [("D", 999), ("8", 8)], 850),
    (1, [("D", 999), ("8", 8)], 860),
    (1, [("D", 999), ("D", 999)], 890),
    # three trains (5+6+D): 4-9 s of CP-SAT each, so only with -m slow; every CP-SAT configuration
    # tried in session 36 (random seeds, subsolver sets, extra constraints) proved these totals
    pytest.param(0, [("5", 5), ("6", 6), ("D", 999)], 910, marks=pytest.mark.slow),
    pytest.param(1, [("5", 5), ("6", 6), ("D", 999)], 930, marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("seed", "trains", "total"), FULL_MAP_OPTIMA)
def test_full_map_optima(seed: int, trains: list[tuple[str, int]], total: int) -> None:
    # CP-SAT proves these (the search's budget runs out): with the search's run as the floor
    # (nothing better: the hinted run is the answer) the optimum must not change
    from engine.steps.route import route_host

    game, corporation, listed = _stress(seed, trains)
    result = optimise(route_host(game), game.hexes, corporation, listed, rules=game)
    assert result.method == "cpsat"
    assert result.total == total
    assert sum(result.revenues.values()) == total  # validated and paid by the engine


def test_a_hinted_run_nothing_beats_is_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # the model asks for more than the hinted run pays: "infeasible" proves the hint the best, and
    # the hinted run is the answer; a hint below the optimum still ends at the optimum
    from engine.routing.network import build_network
    from engine.routing.optimiser import _train_key
    from engine.routing.scoring import Scorer
    from engine.routing.sequences import SequenceSearch

    host, corp, trains = _dense(*HARD_SPEC)
    network = build_network(host.hexes, corp)
    scorers = [Scorer(host, host, corp, train) for train in trains]
    kinds = [_train_key(train) for train in trains]
    best = cpsat.solve(SequenceSearch(network), scorers, kinds)
    statuses: list[str] = []
    solve_cancellable = cpsat._solve_cancellable

    def spy(wrapper: Any, model: Any, cancel: Any) -> Any:
        response = solve_cancellable(wrapper, model, cancel)
        statuses.append(str(response.status).rsplit(".", 1)[-1])
        return response

    monkeypatch.setattr(cpsat, "_solve_cancellable", spy)
    again = cpsat.solve(SequenceSearch(network), scorers, kinds, hint=best.legs)
    assert statuses == ["INFEASIBLE"]
    assert again.total == best.total > 0 and again.legs == best.legs
    assert best.legs[0] and sum(1 for legs in best.legs if legs) >= 2
    poorer = [legs if j == 0 else None for j, legs in enumerate(best.legs)]  # one train's route only
    from_below = cpsat.solve(SequenceSearch(network), scorers, kinds, hint=poorer)
    assert statuses[1:] == ["OPTIMAL"] and from_below.total == best.total


def test_cancel_stops_the_solver_promptly() -> None:
    from engine.steps.route import route_host

    game, corporation, trains = _stress(0, [("D", 999), ("8", 8)])
    asked = threading.Event()
    threading.Timer(0.5, asked.set).start()
    began = time.perf_counter()
    with pytest.raises(Cancelled):
        optimise(route_host(game), game.hexes, corporation, trains, rules=game, method="cpsat", cancel=asked.is_set)
    # solving takes seconds; the watcher polls every CANCEL_POLL and stops the solver
    assert time.perf_counter() - began < 2.0


@pytest.mark.slow
@pytest.mark.parametrize("method", ["cpsat", "auto"])
@pytest.mark.parametrize("seed", [0, 1])
def test_the_same_routes_on_every_solve_of_a_full_map(seed: int, method: str) -> None:
    # two diesels on a full brown map: many runs pay the optimum; CP-SAT (alone, or after the
    # search's budget) must pick the same one every time
    from engine.steps.route import route_host

    game, corporation, trains = _stress(seed, [("D", 999), ("D", 999)])
    host = route_host(game)
    results = [optimise(host, game.hexes, corporation, trains, rules=game, method=method) for _ in range(3)]
    assert results[0].method == "cpsat"
    assert all(_signature(result) == _signature(results[0]) for result in results)


def test_cancelled_before_the_solve_starts() -> None:
    host, corp, trains = _dense(*HARD_SPEC)
    calls = {"n": 0}

    def cancel() -> bool:
        calls["n"] += 1
        return calls["n"] > 1

    with pytest.raises(Cancelled):
        optimise(host, host.hexes, corp, trains, rules=object(), method="cpsat", cancel=cancel)


def test_titles_with_a_visit_hook_never_use_it() -> None:
    host, corp, trains = _dense(*HARD_SPEC)
    refused: list[int] = []

    def check_route_visits(visits: Any) -> None:
        refused.append(len(visits))

    rules = SimpleNamespace(check_route_visits=check_route_visits)
    result = optimise(host, host.hexes, corp, trains, rules=rules, method="cpsat")
    assert result.method == "sequences"
    assert refused  # the search asked the hook
    plain = optimise(host, host.hexes, corp, trains, rules=object(), method="cpsat")
    assert result.total == plain.total


# --------------------------------------------------------------------------------------------
# Real games: CP-SAT and the stop-sequence search, two independent exact methods, must agree
# --------------------------------------------------------------------------------------------

ADDITIVE_GAMES = [
    "1830/26855.json",
    "1830/29133.json",
    "1889/314.json",
    "18Chesapeake/1277.json",
    "18Chesapeake/14377.json",
]


def _agree_on_run_routes(name: str, first: int | None) -> int:
    """CP-SAT against the search at the run_routes of a shared fixture; how many were compared."""
    from engine.routing import best_routes
    from engine.routing.cli import positions
    from tests.conftest import FIXTURES, shared_or_skip

    compared = 0
    for _position, _data, game in positions(shared_or_skip(FIXTURES / name)):
        if first is not None and compared >= first:
            break
        searched = best_routes(game, method="sequences")
        solved = best_routes(game, method="cpsat")
        assert solved.method == "cpsat"
        assert solved.total == searched.total, (name, _position)
        compared += 1
    return compared


@pytest.mark.parametrize("name", ADDITIVE_GAMES)
def test_agrees_with_the_search_on_real_games(name: str) -> None:
    assert _agree_on_run_routes(name, 4) == 4


@pytest.mark.slow
@pytest.mark.parametrize("name", ADDITIVE_GAMES)
def test_agrees_with_the_search_at_every_run_routes_of_real_games(name: str) -> None:
    assert _agree_on_run_routes(name, None) > 0


def test_the_routes_command_with_cpsat(capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.app import main
    from tests.conftest import FIXTURES, shared_or_skip

    path = shared_or_skip(FIXTURES / "1830" / "26855.json")
    assert main(["routes", str(path), "--method", "cpsat", "--positions", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 run_routes" in out
    assert "ours LOWER 0, errors 0" in out


def test_two_trains_get_one_subsolver_first_then_all_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # at most FIRST_TRAINS trains: one subsolver within a work limit first; what it leaves unproven
    # goes to all the subsolvers, hinted with the best run it found: the same optimum every way
    from engine.routing.network import build_network
    from engine.routing.optimiser import _train_key
    from engine.routing.scoring import Scorer
    from engine.routing.sequences import SequenceSearch

    host, corp, trains = _dense(*HARD_SPEC)
    assert len(trains) == 2 <= cpsat.FIRST_TRAINS
    network = build_network(host.hexes, corp)
    scorers = [Scorer(host, host, corp, train) for train in trains]
    kinds = [_train_key(train) for train in trains]
    outcomes: list[tuple[int, bool, bool]] = []
    attempt = cpsat._attempt

    def spy(helper: Any, builder: Any, hint: Any, cancel: Any, parameters: Any) -> Any:
        proven, better = attempt(helper, builder, hint, cancel, parameters)
        outcomes.append((parameters.num_workers, proven is not None, better is not None))
        return proven, better

    monkeypatch.setattr(cpsat, "_attempt", spy)
    first = cpsat.solve(SequenceSearch(network), scorers, kinds)
    assert outcomes == [(1, True, False)]  # the first attempt proves it
    assert first.total > 0 and sum(1 for legs in first.legs if legs) == 2

    handed_on = []
    for work in (1e-3, 1e-2):  # too little to prove anything: nothing found, or a run found
        outcomes.clear()
        monkeypatch.setattr(cpsat, "FIRST_WORK", work)
        limited = cpsat.solve(SequenceSearch(network), scorers, kinds)
        assert [(workers, proven) for workers, proven, _better in outcomes] == [(1, False), (cpsat.WORKERS, True)]
        assert limited.total == first.total
        handed_on.append(outcomes[0][2])
    assert handed_on == [False, True]  # the run found is the second attempt's hint and floor

    outcomes.clear()
    monkeypatch.setattr(cpsat, "FIRST_TRAINS", 1)
    at_once = cpsat.solve(SequenceSearch(network), scorers, kinds)
    assert outcomes == [(cpsat.WORKERS, True, False)]
    assert at_once.total == first.total


@pytest.mark.parametrize("seed", [3, 21])
def test_three_trains_get_the_complete_subsolvers_without_lns(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    # at least MANY_TRAINS trains: one attempt by MANY_SUBSOLVERS, no neighbourhood search; the
    # optimum it proves is the stop-sequence search's (an independent exact method)
    from engine.routing.network import build_network
    from engine.routing.optimiser import _train_key
    from engine.routing.scoring import Scorer
    from engine.routing.sequences import SequenceSearch

    host, corp, trains = _dense(seed, 5, 2)  # a 4-train and a diesel
    third = type(trains[0])("3", 3, corp, len(trains))
    host.trains[third.id] = third
    trains = [*trains, third]
    assert len(trains) >= cpsat.MANY_TRAINS > cpsat.FIRST_TRAINS
    network = build_network(host.hexes, corp)
    scorers = [Scorer(host, host, corp, train) for train in trains]
    kinds = [_train_key(train) for train in trains]
    seen: list[tuple[int, list[str], bool]] = []
    attempt = cpsat._attempt

    def spy(helper: Any, builder: Any, hint: Any, cancel: Any, parameters: Any) -> Any:
        seen.append((parameters.num_workers, list(parameters.subsolvers), parameters.use_lns))
        return attempt(helper, builder, hint, cancel, parameters)

    monkeypatch.setattr(cpsat, "_attempt", spy)
    solved = cpsat.solve(SequenceSearch(network), scorers, kinds)
    assert seen == [(len(cpsat.MANY_SUBSOLVERS), list(cpsat.MANY_SUBSOLVERS), False)]
    searched = optimise(host, host.hexes, corp, trains, method="sequences")
    assert solved.total == searched.total > 0
