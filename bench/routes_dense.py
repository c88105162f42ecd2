"""Route optimiser on hard late-game positions: full maps, diesels, 8-trains, several tokens.

    python bench/routes_dense.py [--limit 60] [--runs 1] [--method auto|joint|cpsat|...] [--only SUBSTRING ...]

Every position is built deterministically:

- ``1830 synthetic``: the stress map of ``bench/routes.py`` (every plain hex brown track,
  every one-city hex a brown 6-exit city, PRR with 4 stations, 30% of the other cities full),
  seeds 0 and 1;
- ``<title> end``: the final map of a shared fixture (real brown and grey tiles, real
  stations), the corporation with the most stations on it topped up to 5 stations (free
  city slots, map order), its trains replaced by the bench's.

Per position: the processor time of one computation (the fastest of ``--runs``; wall time in
brackets, which a busy machine inflates), the total, the method that proved it (the default
``auto`` hands hard positions from the stop-sequence search to CP-SAT) and the number of
routes listed per train (``--method cpsat``: CP-SAT alone, engine.routing.cpsat; ``--method joint``: the joint search of several trains, engine.routing.joint, instead
of the default combination of listed routes).  A position still searching after ``--limit`` seconds of processor time is cancelled
and reported as such (the engine itself never gives up).  Never asserts anything.

``--profile`` adds, per position handed to CP-SAT, where its time went: the processor time
before the hand-off (the stop-sequence search within its budget), the model's size and build
time, and per CP-SAT attempt its subsolvers, status, processor time and deterministic time (a
count of work the machine's load does not change: compare models by it).  ``--seeds N``
solves each such position again with CP-SAT's random seeds 1..N (the answer's total must not
change; the work does, widely: a change to the model or the parameters is only measured
against that spread, never against one run).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from engine.routing import Cancelled, best_routes, optimise  # noqa: E402

FIXTURES = (ROOT / ".." / "shared" / "fixtures").resolve()

TrainList = list[tuple[str, Any]]


def _n_m(pay: int, visit: int) -> list[dict[str, object]]:
    return [{"nodes": ["city", "offboard"], "pay": pay, "visit": visit}]


D = ("D", 999)
EIGHT = ("8", 8)
SIX = ("6", 6)
FIVE = ("5", 5)
SEVEN_EIGHT = ("7/8", _n_m(7, 8))
FOUR_SIX = ("4/6", _n_m(4, 6))


def give_trains(game: Any, corporation: Any, trains: TrainList) -> None:
    """Replace ``corporation``'s trains with new ones (ids unique in the game)."""
    from engine.model.trains import Train

    corporation.trains.clear()
    for index, (name, distance) in enumerate(trains):
        train = Train(name, distance, 1000, index=90 + index)
        train.owner = corporation
        corporation.trains.append(train)
        game._trains_by_id[train.id] = train


def end_position(title: str, fixture: str, trains: TrainList, tokens: int = 5) -> tuple[Any, Any]:
    """The final map of a fixture; the corporation with the most stations gets ``tokens`` and ``trains``."""
    from engine import load_game
    from engine.errors import IllegalAction

    game = load_game(FIXTURES / title / fixture)
    cities = [city for hex_ in game.hexes for city in hex_.tile.cities]

    def placed(corporation: Any) -> int:
        return sum(1 for city in cities if city.tokened_by(corporation))

    corporations = [c for c in game.corporations if getattr(c, "tokens", None)]
    corporation = max(corporations, key=lambda c: (placed(c), -corporations.index(c)))
    for city in cities:
        if placed(corporation) >= tokens:
            break
        if city.tokened_by(corporation) or not any(t is None for t in city.tokens):
            continue
        token = next((t for t in corporation.tokens if not t.used), None)
        if token is None:
            from engine.model.token import Token

            token = Token(corporation)
            corporation.tokens.append(token)
        try:
            city.exchange_token(token)
        except IllegalAction:
            continue
    give_trains(game, corporation, trains)
    game.graph.clear_graph_for_all()
    return game, corporation


def synthetic_1830(seed: int, trains: TrainList, stations: int = 0) -> tuple[Any, Any]:
    """The stress map of bench/routes.py; with ``stations``, PRR instead gets that many stations
    in cities with a free slot chosen by a seeded draw (the stress map's own placement ends
    with 3 stations, one of them cut off)."""
    import random

    from routes import stress_game  # bench/routes.py

    from engine.model.token import Token

    if not stations:
        return stress_game(seed, trains, fill=1.0)
    game, corporation = stress_game(seed, trains, tokens=0, fill=1.0)
    rng = random.Random(1000 + seed)
    cities = [
        city
        for hex_ in game.hexes
        for city in hex_.tile.cities
        if any(t is None for t in city.tokens) and len(city.paths) >= 3
    ]
    for city in rng.sample(cities, min(stations, len(cities))):
        token = Token(corporation)
        corporation.tokens.append(token)
        city.exchange_token(token)
    game.graph.clear_graph_for_all()
    return game, corporation


def cases() -> list[tuple[str, Callable[[], tuple[Any, Any]]]]:
    found: list[tuple[str, Callable[[], tuple[Any, Any]]]] = []
    sets_1830: list[tuple[str, TrainList]] = [
        ("D", [D]),
        ("8", [EIGHT]),
        ("D+8", [D, EIGHT]),
        ("6+D", [SIX, D]),
        ("5+6+D", [FIVE, SIX, D]),
        ("D+D", [D, D]),
    ]
    for seed in (0, 1):
        for label, trains in sets_1830:
            found.append((f"1830 synthetic seed {seed} {label}", lambda s=seed, t=trains: synthetic_1830(s, t)))
    for seed in (0, 1):
        for label, trains in sets_1830:
            found.append(
                (
                    f"1830 synthetic 5 stations seed {seed} {label}",
                    lambda s=seed, t=trains: synthetic_1830(s, t, stations=5),
                )
            )
    ends: list[tuple[str, str, list[tuple[str, TrainList]]]] = [
        ("1830", "26855.json", sets_1830),
        ("1830", "29133.json", sets_1830),
        ("1889", "314.json", [("D", [D]), ("6+D", [SIX, D]), ("D+D", [D, D])]),
        ("18Chesapeake", "1277.json", [("D", [D]), ("5+6+D", [FIVE, SIX, D]), ("D+D", [D, D])]),
        ("18Chesapeake", "14377.json", [("D", [D]), ("6+D", [SIX, D])]),
        (
            "1846",
            "10264.json",
            [("7/8", [SEVEN_EIGHT]), ("6+7/8", [SIX, SEVEN_EIGHT]), ("4/6+6+7/8", [FOUR_SIX, SIX, SEVEN_EIGHT])],
        ),
        ("1846", "19962.json", [("7/8", [SEVEN_EIGHT]), ("6+7/8", [SIX, SEVEN_EIGHT])]),
    ]
    for title, fixture, train_sets in ends:
        for label, trains in train_sets:
            found.append(
                (f"{title} end {fixture} {label}", lambda ti=title, f=fixture, t=trains: end_position(ti, f, t))
            )
    return found


class Profile:
    """Wraps engine.routing.cpsat while active: what each CP-SAT solve of a position cost."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.lines: list[str] = []
        self.began = 0.0

    def __enter__(self) -> Profile:
        from engine.routing import cpsat

        self._saved = (cpsat.solve, cpsat._Builder.__init__, cpsat._attempt, cpsat._parameters)
        solve, build, attempt, parameters = self._saved
        profile = self
        self.began = time.process_time()

        def solve_(*args: Any, **kwargs: Any) -> Any:
            profile.lines.append(
                f"before CP-SAT {time.process_time() - profile.began:.2f} s cpu"
                f" (hint {'given' if kwargs.get('hint') else 'none'})"
            )
            return solve(*args, **kwargs)

        def build_(builder: Any, *args: Any, **kwargs: Any) -> None:
            start = time.process_time()
            build(builder, *args, **kwargs)
            variants = sum(len(legs) for legs in builder.pairs.values())
            profile.lines.append(
                f"model {len(builder.stops)} stops, {len(builder.pairs)} pairs, {variants} legs, "
                f"{len(builder.proto.model.variables)} variables, "
                f"{len(builder.proto.model.constraints)} constraints, "
                f"built in {time.process_time() - start:.3f} s cpu"
            )

        def parameters_(helper: Any, workers: int) -> Any:
            found = parameters(helper, workers)
            if profile.seed is not None:
                found.random_seed = profile.seed
            return found

        def attempt_(helper: Any, builder: Any, hint: Any, cancel: Any, parameters: Any) -> Any:
            responses: list[Any] = []
            solve_cancellable = cpsat._solve_cancellable

            def keep(wrapper: Any, model: Any, cancel_: Any) -> Any:
                response = solve_cancellable(wrapper, model, cancel_)
                responses.append(response)
                return response

            cpsat._solve_cancellable = keep
            start = time.process_time()
            try:
                found = attempt(helper, builder, hint, cancel, parameters)
            finally:
                cpsat._solve_cancellable = solve_cancellable
            which = ",".join(parameters.subsolvers) or "all subsolvers"
            for response in responses:
                status = str(response.status).rsplit(".", 1)[-1]
                profile.lines.append(
                    f"attempt ({which}, floor {builder.hinted if builder.hinted_given else '-'}): "
                    f"{status}, {time.process_time() - start:.2f} s cpu, "
                    f"{response.deterministic_time:.2f} deterministic"
                )
            return found

        cpsat.solve, cpsat._Builder.__init__, cpsat._attempt, cpsat._parameters = (
            solve_,
            build_,
            attempt_,
            parameters_,
        )
        return self

    def __exit__(self, *_exc: object) -> None:
        from engine.routing import cpsat

        cpsat.solve, cpsat._Builder.__init__, cpsat._attempt, cpsat._parameters = self._saved


def solve(game: Any, corporation: Any, method: str, cancel: Callable[[], bool]) -> Any:
    if method == "auto":
        return best_routes(game, corporation, cancel=cancel)
    from engine.routing.optimiser import _trains
    from engine.steps.route import route_host

    return optimise(
        route_host(game), game.hexes, corporation, _trains(game, corporation), rules=game, cancel=cancel, method=method
    )


def spread(game: Any, corporation: Any, args: Any, total: int) -> None:
    """The position solved again with CP-SAT's random seeds 1..``args.seeds``: cpu and work of each."""
    cpus: list[float] = []
    for seed in range(1, args.seeds + 1):
        with Profile(seed) as profile:
            start = time.process_time()
            deadline = start + args.limit
            try:
                result = solve(game, corporation, args.method, lambda d=deadline: time.process_time() > d)
            except Cancelled:
                print(f"    seed {seed}: still searching after {args.limit:.0f} s of cpu (cancelled)", flush=True)
                continue
            cpus.append(time.process_time() - start)
        work = [line.rsplit(", ", 1)[-1] for line in profile.lines if line.startswith("attempt")]
        same = "" if result.total == total else f" TOTAL {result.total} != {total}"
        print(f"    seed {seed}: {cpus[-1]:.2f} s cpu, {' + '.join(work)}{same}", flush=True)
    if cpus:
        print(
            f"    seeds: cpu min {min(cpus):.2f} median {statistics.median(cpus):.2f} max {max(cpus):.2f} s", flush=True
        )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=float, default=60.0, help="cpu seconds before a position is cancelled")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=[], help="run only positions whose label contains one of these")
    parser.add_argument(
        "--method",
        default="auto",
        choices=["auto", "joint", "sequences", "lagrange", "cpsat"],
        help="optimise(method=...)",
    )
    parser.add_argument("--profile", action="store_true", help="where the time of CP-SAT positions went")
    parser.add_argument("--seeds", type=int, default=0, help="solve CP-SAT positions again with random seeds 1..N")
    args = parser.parse_args()
    sys.setrecursionlimit(20_000)
    if not FIXTURES.is_dir():
        print(f"no fixtures at {FIXTURES}")
        return 0
    times: list[float] = []
    cancelled = 0
    for label, build in cases():
        if args.only and not any(part in label for part in args.only):
            continue
        game, corporation = build()
        best = float("inf")
        wall = float("inf")
        result = None
        for _ in range(args.runs):
            start = time.perf_counter()
            cpu = time.process_time()
            deadline = cpu + args.limit
            profile = Profile()
            try:
                with profile if args.profile else contextlib.nullcontext():
                    result = solve(game, corporation, args.method, lambda d=deadline: time.process_time() > d)
            except Cancelled:
                result = None
                break
            best = min(best, time.process_time() - cpu)
            wall = min(wall, time.perf_counter() - start)
        if result is None:
            cancelled += 1
            print(f"{label:45s} still searching after {args.limit:.0f} s of cpu (cancelled)", flush=True)
            continue
        times.append(best * 1000)
        stations = sum(1 for hex_ in game.hexes for city in hex_.tile.cities if city.tokened_by(corporation))
        print(
            f"{label:45s} {best * 1000:9.1f} ms cpu ({wall * 1000:8.1f} wall)  total {result.total:5d}  {corporation.id} {stations} stations  "
            f"by {result.method:9s} listed {sorted(result.candidates.values())}",
            flush=True,
        )
        for line in profile.lines if args.profile else []:
            print(f"    {line}", flush=True)
        if args.seeds and result.method == "cpsat":
            spread(game, corporation, args, result.total)
    if times:
        print(
            f"ALL: {len(times)} finished, {cancelled} cancelled; cpu median {statistics.median(times):.1f} ms, "
            f"max {max(times):.1f} ms, sum {sum(times) / 1000:.1f} s"
        )
    else:
        print(f"ALL: none finished, {cancelled} cancelled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
