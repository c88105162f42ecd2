"""CPU per ``run_routes`` action by quarter of a game: does route validation stay flat as the map fills?

    python bench/run_routes_quarters.py [--runs 5] [--strict] [--trusted] [FIXTURE.json ...]

Each game is replayed ``--runs`` times (``--strict``: with the live-play legality checks, which also ask the legal
moves after every action); every ``run_routes`` is timed with the process CPU clock (median over the runs) and
the mean per quarter of the game's applied actions is printed in microseconds, with the game's other actions for
comparison.  ``--legs``: per game, how often a route's leg (one entry of ``connections``) is not in the chain cache
(``cached_matching_chains``) and what rebuilding it costs in the replay (``matching_chains``, CPU) against the same
call repeated at once (its objects then in the processor's caches).  The ``routes checked us`` line is the part of each ``run_routes`` spent rebuilding, validating and pricing its routes
(``RouteStep.route_revenue``, a title's override of it not counted); the rest of a ``run_routes`` is what every
action pays (reading the action, the round's step queries, the log).  Default: the longest shared 1830 games.
Every recorded run is rebuilt and checked (``engine.steps.route.VERIFY_RECORDED_RUNS``) unless ``--trusted``:
a plain load takes a recorded revenue as written, as the reference engine does.
Never asserts anything.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.setrecursionlimit(20_000)

from engine import build_game  # noqa: E402
from engine.record import GameRecord  # noqa: E402

FIXTURES = (ROOT / ".." / "shared" / "fixtures").resolve()
DEFAULT = ("1830/1830_game_end_bank.json", "1830/26855.json", "1830/29133.json")


def timed_replay(record: GameRecord, strict: bool) -> list[tuple[str, float, float]]:
    """(type, CPU seconds, CPU seconds in ``RouteStep.route_revenue``) of every applied action."""
    from engine.steps.route import RouteStep

    game = build_game(record, strict=strict)
    actions = record.actions
    clock = time.process_time
    checked = [0.0, 0]  # seconds so far, depth
    original = RouteStep.route_revenue

    def route_revenue(step: RouteStep, route: Any, entry: Any) -> int:
        checked[1] += 1
        start = clock()
        try:
            return original(step, route, entry)
        finally:
            checked[1] -= 1
            if not checked[1]:
                checked[0] += clock() - start

    out: list[tuple[str, float, float]] = []
    RouteStep.route_revenue = route_revenue  # type: ignore[method-assign]
    try:
        before, checked_before = clock(), 0.0
        for position in game.replay(actions):
            now = clock()
            out.append((str(actions[position].get("type")), now - before, checked[0] - checked_before))
            before, checked_before = now, checked[0]
    finally:
        RouteStep.route_revenue = original  # type: ignore[method-assign]
    return out


def leg_run(record: GameRecord) -> tuple[float, float, float, float]:
    """One replay: legs per run_routes, misses per run_routes, median CPU of a miss, and of it repeated at once."""
    import engine.map.route as route_module

    original = route_module.matching_chains
    cached = route_module.cached_matching_chains
    clock = time.process_time
    first: list[float] = []
    again: list[float] = []
    legs = [0]

    def counted(hex_by_id: Any, hex_ids: Any) -> Any:
        legs[0] += 1
        return cached(hex_by_id, hex_ids)

    def timed(*args: Any) -> Any:
        start = clock()
        found = original(*args)
        middle = clock()
        original(*args)
        first.append(middle - start)
        again.append(clock() - middle)
        return found

    route_module.matching_chains = timed  # type: ignore[assignment]
    route_module.cached_matching_chains = counted  # type: ignore[assignment]
    try:
        game = build_game(record)
        count = max(1, sum(record.actions[p].get("type") == "run_routes" for p in game.replay(record.actions)))
    finally:
        route_module.matching_chains = original
        route_module.cached_matching_chains = cached
    return (
        legs[0] / count,
        len(first) / count,
        statistics.median(first) if first else 0.0,
        statistics.median(again) if again else 0.0,
    )


def leg_misses(record: GameRecord, runs: int) -> str:
    """The ``--legs`` line: :func:`leg_run`'s numbers, median over ``runs`` replays."""
    results = [leg_run(record) for _ in range(runs)]
    legs_per, misses_per, first_s, again_s = (statistics.median(column) for column in zip(*results))
    return (
        f"  legs {legs_per:.1f} per run_routes, {misses_per:.1f} not cached: a miss {1e6 * first_s:.1f} us, "
        f"repeated at once {1e6 * again_s:.1f} us"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--legs", action="store_true", help="also the chain-cache misses and their cost")
    parser.add_argument(
        "--trusted",
        action="store_true",
        help="take recorded revenues as a plain load does (default: rebuild and check every run)",
    )
    args = parser.parse_args()
    if not args.trusted:  # route validation is what this bench measures: a plain load trusts recorded runs
        import engine.steps.route

        engine.steps.route.VERIFY_RECORDED_RUNS = True
    files = [Path(f) for f in args.files] or [FIXTURES / name for name in DEFAULT]
    for path in files:
        record = GameRecord.from_dict(json.loads(path.read_text()))
        runs = [timed_replay(record, args.strict) for _ in range(args.runs)]
        timings = [
            (runs[0][i][0], statistics.median(run[i][1] for run in runs), statistics.median(run[i][2] for run in runs))
            for i in range(len(runs[0]))
        ]
        size = len(timings)
        routes: list[list[float]] = [[], [], [], []]
        checked: list[list[float]] = [[], [], [], []]
        others: list[list[float]] = [[], [], [], []]
        for index, (kind, seconds, in_routes) in enumerate(timings):
            quarter = min(3, index * 4 // max(size, 1))
            (routes if kind == "run_routes" else others)[quarter].append(seconds)
            if kind == "run_routes":
                checked[quarter].append(in_routes)

        def mean_us(values: list[float]) -> str:
            return f"{1e6 * statistics.mean(values):7.0f}" if values else "      -"

        print(
            f"{path.parent.name}/{path.name}: {size} actions, {sum(map(len, routes))} run_routes "
            f"({args.runs} runs, median)"
        )
        print("  quarter        " + "".join(f"{q:>9}" for q in ("1st", "2nd", "3rd", "4th")))
        print("  run_routes us  " + "".join(f"  {mean_us(r)}" for r in routes))
        print("  routes checked " + "".join(f"  {mean_us(c)}" for c in checked))
        print("  others us      " + "".join(f"  {mean_us(o)}" for o in others))
        if args.legs:
            print(leg_misses(record, args.runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
