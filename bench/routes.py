"""Route optimiser timings: every ``run_routes`` of the shared fixtures, and a synthetic stress map.

    python bench/routes.py [--runs 3] [--top 8] [--stress] [--stress-only] [--limit 60] [TITLE ...]

For every position before a ``run_routes`` the best run is computed ``--runs`` times (the
fastest counts; the replay itself is not timed) and the median / p95 / max per computation
are printed per fixture and over all fixtures, with the slowest positions and their sizes.
``--stress`` adds late-game 1830 maps: every plain hex brown track, every single-city hex a
brown 6-exit city, one corporation with tokens in several cities and diesels / 8-trains.
Never asserts anything.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.routing import best_routes  # noqa: E402
from engine.routing.cli import percentile, positions  # noqa: E402

FIXTURES = (ROOT / ".." / "shared" / "fixtures").resolve()
TITLES = ("1830", "1846", "1889", "18Chesapeake")


#: processor seconds of the fastest run of each computation (``timed`` fills it): on a shared
#: machine wall time also counts the other processes
CPU_SECONDS: list[float] = []


def timed(game: Any, runs: int, entity: Any = None) -> tuple[float, Any]:
    best = float("inf")
    best_cpu = float("inf")
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        cpu = time.process_time()
        result = best_routes(game, entity)
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    CPU_SECONDS.append(best_cpu)
    return best, result


def summary(label: str, times_ms: list[float], empty: str = "no run_routes") -> str:
    if not times_ms:
        return f"{label}: {empty}"
    return (f"{label}: {len(times_ms)} computations, median {statistics.median(times_ms):.2f} ms, "
            f"p95 {percentile(times_ms, 0.95):.2f} ms, max {max(times_ms):.2f} ms")


def fixtures(titles: list[str], runs: int, top: int) -> None:
    every: list[float] = []
    slowest: list[tuple[float, str, int, str, dict[str, int]]] = []
    for title in titles:
        for path in sorted((FIXTURES / title).glob("*.json")):
            times: list[float] = []
            for position, _data, game in positions(path):
                seconds, result = timed(game, runs)
                times.append(seconds * 1000)
                slowest.append((seconds * 1000, path.name, position, str(result.entity.id), result.candidates))
            every.extend(times)
            print(summary(f"{title}/{path.name}", times))
    print(summary("ALL FIXTURES", every))
    print(summary("ALL FIXTURES (processor time)", [seconds * 1000 for seconds in CPU_SECONDS]))
    slowest.sort(key=lambda item: -item[0])
    for ms, name, position, entity, sizes in slowest[:top]:
        print(f"  {ms:7.2f} ms  {name} action {position} {entity}: candidates per train {sizes}")


# --------------------------------------------------------------------------------------------
# The stress map
# --------------------------------------------------------------------------------------------

BROWN_TRACK = ("39", "40", "41", "42", "43", "44", "45", "46", "47", "70")
BROWN_CITY = "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;" \
             "path=a:5,b:_0"


def stress_game(seed: int, trains: list[tuple[str, int]], tokens: int = 4, fill: float = 1.0,
                blocked: float = 0.3) -> tuple[Any, Any]:
    """A late-game 1830 map: brown track on a ``fill`` share of the plain hexes, brown 6-exit
    cities, ``tokens`` of PRR's stations, a ``blocked`` share of the other cities full."""
    from engine import new_game
    from engine.errors import IllegalAction
    from engine.map.catalogue import catalogue_entry
    from engine.map.tile import Tile
    from engine.model.token import Token
    from engine.model.trains import Train

    rng = random.Random(seed)
    game = new_game("1830", ["A", "B", "C", "D"], seed=1)
    plain = [h for h in game.hexes if h.tile.color not in ("red", "gray", "blue") and not h.tile.paths
             and not h.tile.city_towns and rng.random() < fill]
    for number, hex_ in enumerate(game.hexes):
        tile = hex_.tile
        if len(tile.cities) == 1 and not tile.towns and tile.label is None and tile.color not in ("red", "gray"):
            hex_.lay(Tile.from_code(f"63-s{number}", BROWN_CITY, "brown"))
    pending = set(plain)
    for number, hex_ in enumerate(plain):
        # the brown tile and rotation whose exits best meet the track around (greedy, in map order)
        best: tuple[int, Any] | None = None
        for name in rng.sample(BROWN_TRACK, len(BROWN_TRACK)):
            color, code = catalogue_entry(name) or ("brown", "")
            for rotation in range(6):
                candidate = Tile.from_code(f"{name}-s{number}", code, color, rotation=rotation)
                exits = {e for path in candidate.paths for e in path.exits}
                score = 0
                for edge in exits:
                    neighbor = hex_.neighbors.get(edge)
                    if neighbor is None:
                        score -= 2
                    elif neighbor in pending and neighbor is not hex_:
                        score += 1
                    elif (edge + 3) % 6 in {e for path in neighbor.tile.paths for e in path.exits}:
                        score += 2
                    else:
                        score -= 1
                if best is None or score > best[0]:
                    best = (score, candidate)
        assert best is not None
        hex_.lay(best[1])
        pending.discard(hex_)
    corporation = game.corporation_by_id("PRR")
    others = [c for c in game.corporations if c is not corporation]
    cities = [c for h in game.hexes for c in h.tile.cities if len(c.tokens) >= 1]
    rng.shuffle(cities)
    placed = 0
    for city in cities:
        if placed < tokens:
            try:
                city.exchange_token(next(t for t in corporation.tokens if not t.used))
                placed += 1
            except (IllegalAction, StopIteration):
                pass
        elif rng.random() < blocked:
            with contextlib.suppress(IllegalAction):
                while any(t is None for t in city.tokens):
                    city.exchange_token(Token(rng.choice(others)))
    for index, (name, distance) in enumerate(trains):
        train = Train(name, distance, 1100, index=90 + index)
        train.owner = corporation
        corporation.trains.append(train)
        game._trains_by_id[train.id] = train
    game.graph.clear_graph_for_all()
    return game, corporation


def stress(limit: float) -> None:
    """Late-game maps; a case still running after ``limit`` seconds is reported as given up
    (the bench cancels it: the engine itself never gives up)."""
    from engine.routing import Cancelled

    cases = [
        ("8-train, full map", [("8", 8)], 1.0),
        ("2 x 8-train, full map", [("8", 8), ("8", 8)], 1.0),
        ("D, full map", [("D", 999)], 1.0),
        ("D + 8-train, 60% of the map", [("D", 999), ("8", 8)], 0.6),
        ("2 x D, 60% of the map", [("D", 999), ("D", 999)], 0.6),
        ("6 + D, 80% of the map", [("6", 6), ("D", 999)], 0.8),
        ("D + 8-train, full map", [("D", 999), ("8", 8)], 1.0),
    ]
    for label, trains, fill in cases:
        times = []
        for seed in range(2):
            game, corporation = stress_game(seed, trains, fill=fill)
            start = time.perf_counter()
            deadline = start + limit
            try:
                result = best_routes(game, corporation, cancel=lambda d=deadline: time.perf_counter() > d)
            except Cancelled:
                print(f"  {label}, seed {seed}: still searching after {limit:.0f} s (cancelled)")
                continue
            seconds = time.perf_counter() - start
            times.append(seconds * 1000)
            print(f"  {label}, seed {seed}: {seconds * 1000:.1f} ms, total {result.total}, "
                  f"listed routes {result.candidates}")
        print(summary(f"stress: {label}", times, "no computation finished"))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("titles", nargs="*", default=list(TITLES))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--stress", action="store_true")
    parser.add_argument("--stress-only", action="store_true")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds before a stress case is cancelled")
    args = parser.parse_args()
    sys.setrecursionlimit(20_000)
    if not args.stress_only:
        if not FIXTURES.is_dir():
            print(f"no fixtures at {FIXTURES}")
        else:
            fixtures(args.titles, args.runs, args.top)
    if args.stress or args.stress_only:
        stress(args.limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
