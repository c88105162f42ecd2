"""Where the CP-SAT route model's bound is loose: root bounds of bench/routes_dense.py positions.

    python bench/routes_bounds.py [--only SUBSTRING ...] [--work 3.0] [--limit 15] [--cases]

For each position of ``bench/routes_dense.py`` with at least ``--trains`` trains (default 3),
the model of :mod:`engine.routing.cpsat` is built as the optimiser builds it (trains of one
kind adjacent, no hint) and this prints:

- ``solo``: each train's best route alone (the stop-sequence search), and their sum;
- ``root``: the bound one LP subsolver (``max_lp``) reaches within ``--work`` deterministic
  seconds (a count of work: the machine's load does not change it), and the optimum;
- ``no token``: the same model without the rule that a route visits one of the corporation's
  stations (every reachable stop counted a station): its bound within ``--work`` and its optimum
  (eight subsolvers, at most ``--limit`` deterministic seconds).  Where that optimum is near the
  root bound and the true optimum well below it, the LP misses the stations' scarcity: the
  trains all reach the network through the few exits of the one or two station cities;
- with ``--cases``: the root bound of the model with one train made to start or end at a
  station (and of the model where none does): the case split that tells which train must end
  there.

Measured in session 37 (three trains, 5+6+D): on the stress maps of seeds 0 and 1 (PRR's one
usable station is J14, five exits; the others have one exit or none) the optimum is 910 / 930,
the root bound 1000 / 1010 and the optimum without the station rule 990 / 990: the gap is the
three trains sharing J14's exits and the track next to it.  The case split tightens the seed-0
root (960 / 940 / 910 and 810 against 1000) but not seed 1's (train 0: 1000), and solving the
cases one after another cost more than the whole model (13.8 against 5.2 deterministic
seconds).  On the 5-station seed-1 map (optimum 880) the rule hardly moves the root (950
against 960 without it) and the best run found without it pays the same 880 (bound 930 after 20
deterministic seconds): there the gap is the trains' competition for stops and track itself.

The station cities and their exits (distinct first paths) are listed with each position.
Never asserts anything; the optimum of each model is proven by CP-SAT (status shown).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from routes_dense import FIXTURES, cases  # noqa: E402  (bench/routes_dense.py)

from engine.routing import cpsat  # noqa: E402
from engine.routing.network import build_network  # noqa: E402
from engine.routing.optimiser import _train_key, _trains  # noqa: E402
from engine.routing.scoring import Scorer  # noqa: E402
from engine.routing.sequences import SequenceSearch  # noqa: E402


def inputs(game: Any, corporation: Any) -> tuple[SequenceSearch, list[Scorer], list[Any]]:
    """The search, scorers and kinds ``cpsat.solve`` gets from the optimiser (trains of one kind adjacent)."""
    from engine.steps.route import route_host

    host = route_host(game)
    trains = _trains(game, corporation)
    network = build_network(game.hexes, corporation, None, host)
    kinds = [_train_key(train) for train in trains]
    order = sorted(range(len(trains)), key=lambda i: kinds.index(kinds[i]))
    scorers = [Scorer(game, host, corporation, trains[i]) for i in order]
    return SequenceSearch(network), scorers, [kinds[i] for i in order]


@contextlib.contextmanager
def every_stop_a_station(search: SequenceSearch) -> Iterator[None]:
    """While active, models built on ``search`` count every reachable stop as a station."""
    network = search.network
    saved = list(network.tokens)
    reachable = search.reachable_stops()
    network.tokens[:] = reachable
    try:
        yield
    finally:
        network.tokens[:] = saved


def solve(builder: Any, workers: int, subsolver: str | None, work: float) -> tuple[str, float, float, float]:
    """Status, objective, bound and deterministic work of one solve of ``builder``'s model."""
    from ortools.sat.python import cp_model_helper as helper

    parameters = cpsat._parameters(helper, workers)
    if subsolver:
        parameters.subsolvers.append(subsolver)
    parameters.max_deterministic_time = work
    wrapper = helper.SolveWrapper()
    wrapper.set_parameters(parameters)
    response = wrapper.solve(builder.proto.model)
    status = str(response.status).rsplit(".", 1)[-1]
    return status, response.objective_value, response.best_objective_bound, response.deterministic_time


def model(search: SequenceSearch, scorers: Sequence[Scorer], kinds: Sequence[Any], extra: Callable[[Any], None]) -> Any:
    from ortools.sat.python import cp_model_helper as helper

    builder = cpsat._Builder(helper, search, scorers, kinds)
    extra(builder)
    return builder


def show(label: str, found: tuple[str, float, float, float]) -> None:
    status, objective, bound, work = found
    print(
        f"    {label:34s} bound {bound:7.0f}  best {objective:7.0f}  {status:10s} {work:6.2f} deterministic", flush=True
    )


def station_ends(stations: Sequence[Any], train_index: int | None) -> Callable[[Any], None]:
    """Train ``train_index`` starts or ends at a station (None: no train does)."""

    def extra(builder: Any) -> None:
        for index, train in enumerate(builder.trains):
            if train_index is not None and index != train_index:
                continue
            terms = [(train.start[s], 1) for s in stations] + [(train.end[s], 1) for s in stations]
            if train_index is None:
                builder.proto.linear(terms, 0, 0)
            else:
                builder.proto.linear(terms, 1, 2)

    return extra


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", nargs="*", default=[], help="positions whose label contains one of these")
    parser.add_argument("--trains", type=int, default=3, help="positions with at least this many trains")
    parser.add_argument("--work", type=float, default=3.0, help="deterministic seconds for a root bound")
    parser.add_argument("--limit", type=float, default=15.0, help="deterministic seconds for an optimum")
    parser.add_argument("--cases", action="store_true", help="root bounds of the station-end case split")
    args = parser.parse_args()
    sys.setrecursionlimit(20_000)
    if not FIXTURES.is_dir():
        print(f"no fixtures at {FIXTURES}")
        return 0
    for label, build in cases():
        if args.only and not any(part in label for part in args.only):
            continue
        game, corporation = build()
        if len(_trains(game, corporation)) < args.trains:
            continue
        search, scorers, kinds = inputs(game, corporation)
        if not cpsat.applies(scorers):
            continue
        reachable = search.reachable_stops()
        stations = [token for token in search.network.tokens if token in reachable]
        print(label, flush=True)
        print(
            "    stations (exits): " + ", ".join(f"{s} ({len(search.exits(s))})" for s in stations),
            flush=True,
        )
        start = time.process_time()
        solo = [found[0].revenue if (found := search.search(scorer)) else 0 for scorer in scorers]
        print(f"    solo {solo} sum {sum(solo)} ({time.process_time() - start:.2f} s cpu)", flush=True)
        show("root (max_lp)", solve(model(search, scorers, kinds, lambda _b: None), 1, "max_lp", args.work))
        show("optimum", solve(model(search, scorers, kinds, lambda _b: None), cpsat.WORKERS, None, args.limit))
        with every_stop_a_station(search):
            free = model(search, scorers, kinds, lambda _b: None)
        show("no token: root (max_lp)", solve(free, 1, "max_lp", args.work))
        with every_stop_a_station(search):
            free = model(search, scorers, kinds, lambda _b: None)
        show("no token: optimum", solve(free, cpsat.WORKERS, None, args.limit))
        if args.cases:
            for index in [*range(len(scorers)), None]:
                name = f"train {index} ends at a station" if index is not None else "no train ends at a station"
                built = model(search, scorers, kinds, station_ends(stations, index))
                show(f"{name}: root", solve(built, 1, "max_lp", args.work))
    return 0


if __name__ == "__main__":
    sys.exit(main())
