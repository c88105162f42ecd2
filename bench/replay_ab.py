"""Our replay CPU time, one source tree against another (a change against its base), interleaved game by game.

    python bench/replay_ab.py --base /path/to/base/tree [--runs 5] [--warmup 1] [--per-title N] [FIXTURE.json | TITLE ...]

On a loaded machine two runs of ``bench/action_types.py`` minutes apart differ by 20-40% per title (the other
processes come and go), far more than most speed changes.  This bench compares two engines the only way that
survives such load: two worker processes that stay up, one importing the engine of ``--base`` and one that of
this tree (``--new``, default: the tree this script is in), each replaying the same game turn about (the order
swapped every run, so a drift in load favours neither), every game ``--runs`` times after ``--warmup`` untimed
replays.  Each worker times every applied action with the process CPU clock around ``Game.process_action``, the
undo filter untimed (as bench/action_types.py does).

Printed: per title the median total of each side and the ratio new / base, the worst quarter ratio of its games
(a quarter = a fourth of a game's applied actions), per action type the same totals and ratio; the geometric
mean of the per-game ratios.  Multiply a ratio of bench/action_types.py by this ratio for the change's effect
against the reference.  Never asserts anything.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
FIXTURES = (HERE / ".." / "shared" / "fixtures").resolve()


def worker(root: str) -> int:
    """Replay each game file named on standard input with the engine under ``root``; one JSON line per file:
    ``{"actions": [[type, seconds], ...]}`` or ``{"error": message}``."""
    import time

    sys.path.insert(0, root)
    sys.setrecursionlimit(20_000)
    from engine import build_game
    from engine.core.game import young_collections_for_replay
    from engine.core.history import filter_actions
    from engine.record import GameRecord

    records: dict[str, object] = {}
    for line in sys.stdin:
        path = line.strip()
        if not path:
            continue
        try:
            record = records.get(path)
            if record is None:
                record = records[path] = GameRecord.load(Path(path))
            game = build_game(record)  # type: ignore[arg-type]
            actions = record.actions  # type: ignore[attr-defined]
            kept, _ = filter_actions(actions)
            clock = time.process_time
            out = []
            with young_collections_for_replay():
                for position, data in enumerate(kept):
                    if data is None:
                        game.raw_actions.append(dict(actions[position]))
                        continue
                    before = clock()
                    game.process_action(data, position)
                    out.append((str(data.get("type")), clock() - before))
            answer: dict[str, object] = {"actions": out}
        except Exception as exc:
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(answer), flush=True)
    return 0


class Worker:
    def __init__(self, root: Path) -> None:
        self.root = root
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(root)]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=root)

    def replay(self, path: Path) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{path}\n")
        self.process.stdin.flush()
        answer: dict[str, object] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def game_files(names: list[str], per_title: int) -> list[tuple[str, Path]]:
    """(title, file) of the named files and titles' fixtures (default: every supported title), read with this
    tree's title registry."""
    sys.path.insert(0, str(HERE))
    from engine.titles.registry import fixture_folder, supported_titles

    files: list[tuple[str, Path]] = []
    for name in names or supported_titles():
        path = Path(name)
        if path.suffix == ".json" and path.is_file():
            files.append((str(json.loads(path.read_text())["title"]), path.resolve()))
            continue
        found = sorted((FIXTURES / fixture_folder(name)).glob("*.json"))
        files.extend((name, f) for f in (found[:per_title] if per_title else found))
    return files


def quarters(timings: list[float]) -> list[float]:
    sums = [0.0] * 4
    for index, seconds in enumerate(timings):
        sums[min(3, index * 4 // max(len(timings), 1))] += seconds
    return sums


def geomean(values: list[float]) -> float:
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="game files or titles (default: every supported title)")
    parser.add_argument("--base", help="the source tree to compare against (holding engine/)")
    parser.add_argument("--new", default=str(HERE), help="the changed source tree (default: this one)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--per-title", type=int, default=1, help="at most N games of each title (0: all)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker)
    if not args.base:
        parser.error("--base is required")
    files = game_files(args.names, args.per_title)
    sides = {"base": Worker(Path(args.base).resolve()), "new": Worker(Path(args.new).resolve())}
    timed: dict[Path, dict[str, list[list[tuple[str, float]]]]] = defaultdict(lambda: defaultdict(list))
    broken: dict[Path, str] = {}
    try:
        for run in range(args.warmup + args.runs):
            order = ["base", "new"] if run % 2 == 0 else ["new", "base"]
            for _, path in files:
                if path in broken:
                    continue
                answers = {side: sides[side].replay(path) for side in order}
                errors = [f"{side}: {a['error']}" for side, a in answers.items() if "error" in a]
                if errors:
                    broken[path] = "; ".join(errors)
                    continue
                if run >= args.warmup:
                    for side, answer in answers.items():
                        timed[path][side].append(answer["actions"])  # type: ignore[arg-type]
    finally:
        for side in sides.values():
            side.close()

    per_title: dict[str, list[tuple[float, float, float]]] = defaultdict(list)
    per_type: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    ratios: list[float] = []
    for title, path in files:
        if path in broken:
            print(f"{title}/{path.name}: skipped ({broken[path]})")
            continue
        runs = timed[path]
        if len(runs["base"][0]) != len(runs["new"][0]):
            print(
                f"{title}/{path.name}: skipped (base applies {len(runs['base'][0])} actions, new {len(runs['new'][0])})"
            )
            continue
        medians = {
            side: [statistics.median(run[i][1] for run in runs[side]) for i in range(len(runs[side][0]))]
            for side in ("base", "new")
        }
        for index, (kind, _) in enumerate(runs["base"][0]):
            row = per_type[kind]
            row[0] += 1
            row[1] += medians["base"][index]
            row[2] += medians["new"][index]
        base_total, new_total = sum(medians["base"]), sum(medians["new"])
        quarter = [
            n / b if b > 0 else float("nan") for b, n in zip(quarters(medians["base"]), quarters(medians["new"]))
        ]
        per_title[title].append((base_total, new_total, max(quarter)))
        ratios.append(new_total / base_total)

    print(f"\n{'title':36s} {'games':>5s} {'base s':>7s} {'new s':>7s} {'ratio':>6s} {'worst q':>7s}")
    for title, rows in per_title.items():
        b = sum(r[0] for r in rows)
        n = sum(r[1] for r in rows)
        print(f"{title:36s} {len(rows):5d} {b:7.3f} {n:7.3f} {n / b:6.3f} {max(r[2] for r in rows):7.3f}")
    print(f"\n{'action type':24s} {'n':>6s} {'base us':>9s} {'new us':>9s} {'ratio':>6s}")
    for kind, (count, b, n) in sorted(per_type.items(), key=lambda item: -item[1][1])[:25]:
        print(
            f"{kind:24s} {int(count):6d} {b / count * 1e6:9.0f} {n / count * 1e6:9.0f} {n / b if b else float('nan'):6.3f}"
        )
    print(
        f"\noverall: {len(ratios)} games, geometric mean ratio new / base {geomean(ratios):.3f} "
        f"(our CPU, warm, {args.runs} runs, interleaved)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
