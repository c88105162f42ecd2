"""Where the CP-SAT route model's bound is loose: root bounds of bench/routes_dense.py positions.

    python bench/routes_bounds.py [--only SUBSTRING ...] [--work 3.0] [--limit 15] [--cases] [--dw]

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

With ``--dw``: the Dantzig-Wolfe (column generation) bound, the best bound of any Lagrangian
relaxation of the track shared between trains: a master LP (GLOP) over the routes found so far
(each train at most one route, each track key at most once), its key prices ``pi`` handed to each
kind of train's pricing problem, the best route by revenue minus the price of its legs' keys
(the one-train CP-SAT model with that objective, costs scaled by 1000 and rounded down: solved
exactly, so ``sum of pi + sum of each train's best priced route`` is a valid bound at every
iteration), until no train has a route worth adding.  Measured in session 38 on the full 1830
maps' 5+6+D: seed 0, DW bound 920 against the optimum 910 and the CP-SAT root 1000 (42 rounds,
34 s cpu: each pricing is a whole CP-SAT solve); seed 1, 944.2 against 930 and 1010 (54
rounds, 99 s cpu).  The prices sit on a few hex sides two hexes
from J14 (I17, I13, J12): the bound the model lacks is the trains' competition there, which
a route-column (branch-and-price) search would have.

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


SCALE = 1000


def _leg_cost(leg: Any, prices: dict[int, float]) -> int:
    """The price of ``leg``'s track keys, scaled by SCALE and rounded down."""
    cost = 0.0
    mask = leg.mask
    while mask:
        low = mask & -mask
        cost += prices.get(low.bit_length() - 1, 0.0)
        mask ^= low
    return int(cost * SCALE)


def priced_best(search: SequenceSearch, scorer: Scorer, kind: Any, prices: dict[int, float]) -> tuple[int, Any]:
    """The best route of one train by SCALE * revenue minus its legs' scaled prices (exact), and its legs."""
    from ortools.sat.python import cp_model_helper as helper

    builder = cpsat._Builder(helper, search, [scorer], [kind])
    train = builder.trains[0]
    objective = builder.proto.model.objective
    objective.vars.clear()
    objective.coeffs.clear()
    for var, coeff in train.revenue:
        objective.vars.append(var)
        objective.coeffs.append(-SCALE * coeff)
    for variants in train.legs.values():
        for leg, literal in variants:
            cost = _leg_cost(leg, prices)
            if cost:
                objective.vars.append(literal)
                objective.coeffs.append(cost)
    wrapper = helper.SolveWrapper()
    wrapper.set_parameters(cpsat._parameters(helper, cpsat.WORKERS))
    response = wrapper.solve(builder.proto.model)
    assert response.status == helper.OPTIMAL, response.status
    return round(response.objective_value), builder.routes(list(response.solution))[0]


def dw_bound(search: SequenceSearch, scorers: Sequence[Scorer], kinds: Sequence[Any], rounds: int = 80) -> None:
    """Column generation to the Dantzig-Wolfe bound (see the module docstring); prints each round."""
    from ortools.linear_solver import pywraplp

    columns: list[tuple[int, int, int]] = []  # (train index, revenue, key mask)
    seen: set[tuple[int, int, int]] = set()
    prices: dict[int, float] = {}
    best = float("inf")
    start = time.process_time()
    for round_ in range(rounds):
        bound = sum(prices.values())
        added = 0
        by_kind: dict[Any, tuple[int, Any]] = {}
        for index, (scorer, kind) in enumerate(zip(scorers, kinds)):
            if kind not in by_kind:
                by_kind[kind] = priced_best(search, scorer, kind, prices)
            value, legs = by_kind[kind]
            bound += max(0, value) / SCALE
            if legs:
                mask = 0
                for leg in legs:
                    mask |= leg.mask
                stops = [legs[0].start] + [leg.end for leg in legs]
                column = (index, sum(scorer.value(stop) for stop in stops), mask)
                if column not in seen:
                    seen.add(column)
                    columns.append(column)
                    added += 1
        best = min(best, bound)
        solver = pywraplp.Solver.CreateSolver("GLOP")
        xs = [solver.NumVar(0, 1, "") for _ in columns]
        trains = [solver.Constraint(0, 1) for _ in scorers]
        keys: dict[int, Any] = {}
        for x, (index, _revenue, mask) in zip(xs, columns):
            trains[index].SetCoefficient(x, 1)
            while mask:
                low = mask & -mask
                bit = low.bit_length() - 1
                mask ^= low
                if bit not in keys:
                    keys[bit] = solver.Constraint(0, 1)
                keys[bit].SetCoefficient(x, 1)
        objective = solver.Objective()
        for x, (_index, revenue, _mask) in zip(xs, columns):
            objective.SetCoefficient(x, revenue)
        objective.SetMaximization()
        solver.Solve()
        prices = {bit: row.dual_value() for bit, row in keys.items() if row.dual_value() > 1e-9}
        print(
            f"    dw round {round_}: {len(columns)} routes, master {objective.Value():.1f}, bound {bound:.1f} "
            f"(best {best:.1f}), {time.process_time() - start:.1f} s cpu",
            flush=True,
        )
        if not added:
            break


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", nargs="*", default=[], help="positions whose label contains one of these")
    parser.add_argument("--trains", type=int, default=3, help="positions with at least this many trains")
    parser.add_argument("--work", type=float, default=3.0, help="deterministic seconds for a root bound")
    parser.add_argument("--limit", type=float, default=15.0, help="deterministic seconds for an optimum")
    parser.add_argument("--cases", action="store_true", help="root bounds of the station-end case split")
    parser.add_argument("--dw", action="store_true", help="the Dantzig-Wolfe bound by column generation (slow)")
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
        if args.dw:
            dw_bound(search, scorers, kinds)
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
