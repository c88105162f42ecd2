"""Replay CPU time per action type, ours against the reference engine: same games, interleaved.

    python bench/action_types.py [--runs 3] [--warmup 2] [--no-yjit] [--games] [--top 25] [--per-title N]
                                 [--title-types T] [FIXTURE.json | TITLE ...]

Each game file is replayed ``--runs`` times by both engines, turn about (ours, then the reference, game
by game), after ``--warmup`` replays of every game by each (YJIT needs a few to compile the hot code).  Both
sides time every applied action with the process CPU clock: ours around ``Game.process_action`` (as the
game's replay applies it), the reference's around its top-level ``process_action`` (auto actions included on
both sides), in a reference process that stays up (bench/ref_action_times.rb, run with YJIT unless
``--no-yjit``).  The undo filter runs first and untimed on both sides (the reference's game filters in its
constructor).  Each action counts with its median over the runs.  With ``--per-title N`` only the first N
games of each title (in file name order) that both engines replay in full take part (chosen in the first
round).

Printed: per action type the count, ours and the reference's microseconds per action and the ratio (ours /
reference); per title the ratio of the replay totals and the worst quarter of any of its games (a quarter
= a fourth of a game's applied actions); with ``--games`` one line per game.  The reference runs in
REFERENCE_ENGINE (default /work/reference-engine).  Never asserts anything.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.setrecursionlimit(20_000)

from engine import build_game  # noqa: E402
from engine.core.game import young_collections_for_replay  # noqa: E402
from engine.core.history import filter_actions  # noqa: E402
from engine.record import GameRecord  # noqa: E402
from engine.titles.registry import fixture_folder, supported_titles  # noqa: E402

FIXTURES = (ROOT / ".." / "shared" / "fixtures").resolve()
REFERENCE_ENGINE = Path(os.environ.get("REFERENCE_ENGINE", "/work/reference-engine"))
RUBY_SIDE = ROOT / "bench" / "ref_action_times.rb"

Timings = list[tuple[str, float]]


def ours(record: GameRecord) -> Timings:
    """(type, CPU seconds) of every applied action of one replay.  The undo filter runs first, untimed, as the
    reference's does (its game filters the actions in its constructor, outside the timed ``process_action``);
    then each kept action is applied as ``Game.replay`` applies it."""
    game = build_game(record)
    actions = record.actions
    kept, _ = filter_actions(actions)
    clock = time.process_time
    out: Timings = []
    with young_collections_for_replay():
        for position, data in enumerate(kept):
            if data is None:
                game.raw_actions.append(dict(actions[position]))
                continue
            before = clock()
            game.process_action(data, position)
            out.append((str(data.get("type")), clock() - before))
    return out


class Reference:
    """A reference engine process replaying the files it is sent."""

    def __init__(self, yjit: bool) -> None:
        command = ["ruby", *(["--yjit"] if yjit else []), "-Ishim", str(RUBY_SIDE)]
        self.process = subprocess.Popen(
            command, cwd=REFERENCE_ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def replay(self, path: Path) -> tuple[Timings, str | None]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{path}\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return [(str(t), float(s)) for t, s in answer["actions"]], answer.get("error")

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def medians(runs: list[Timings]) -> Timings:
    """Per action: its type and its median time over ``runs`` (all runs have the same actions)."""
    return [(runs[0][index][0], statistics.median(run[index][1] for run in runs)) for index in range(len(runs[0]))]


def quarters(timings: Timings) -> list[float]:
    sums = [0.0] * 4
    size = len(timings)
    for index, (_, seconds) in enumerate(timings):
        sums[min(3, index * 4 // max(size, 1))] += seconds
    return sums


def game_files(names: list[str]) -> list[tuple[str, Path]]:
    files: list[tuple[str, Path]] = []
    for name in names or supported_titles():
        path = Path(name)
        if path.suffix == ".json" and path.is_file():
            files.append((str(json.loads(path.read_text())["title"]), path.resolve()))
            continue
        folder = FIXTURES / fixture_folder(name)
        files.extend((name, found) for found in sorted(folder.glob("*.json")))
    return files


def geomean(values: list[float]) -> float:
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def print_types(heading: str, rows: dict[str, list[float]], top: int) -> None:
    print(
        f"\n{heading}\n{'action type':24s} {'n':>6s} {'ours us':>9s} {'ref us':>9s} {'ratio':>6s} {'ours s':>7s} "
        f"{'ref s':>7s}"
    )
    for kind, (count, a, b) in sorted(rows.items(), key=lambda item: -item[1][2])[:top]:
        ratio = a / b if b else float("nan")
        print(
            f"{kind:24s} {int(count):6d} {a / count * 1e6:9.0f} {b / count * 1e6:9.0f} {ratio:6.2f} {a:7.2f} {b:7.2f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="game files or titles (default: every supported title)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=2, help="untimed replays of every game first")
    parser.add_argument("--no-yjit", action="store_true")
    parser.add_argument("--games", action="store_true", help="one line per game")
    parser.add_argument("--top", type=int, default=25, help="action types shown (most reference time first)")
    parser.add_argument("--per-title", type=int, default=0, help="at most N games of each title (0: all)")
    parser.add_argument(
        "--title-types",
        action="append",
        default=[],
        help="also print the per-action-type table of this title (repeatable)",
    )
    args = parser.parse_args()
    if not REFERENCE_ENGINE.is_dir():
        print(f"no reference engine at {REFERENCE_ENGINE}")
        return 0
    files = game_files(args.names)
    records = {path: GameRecord.load(path) for _, path in files}
    reference = Reference(yjit=not args.no_yjit)
    ours_runs: dict[Path, list[Timings]] = defaultdict(list)
    ref_runs: dict[Path, list[Timings]] = defaultdict(list)
    broken: dict[Path, str] = {}
    taken: dict[str, int] = defaultdict(int)
    left_out: set[Path] = set()
    try:
        for run in range(args.warmup + args.runs):
            for title, path in files:
                if path in broken or path in left_out:
                    continue
                if run == 0 and args.per_title and taken[title] >= args.per_title:
                    left_out.add(path)
                    continue
                try:
                    mine = ours(records[path])
                except Exception as exc:
                    broken[path] = f"ours: {exc}"
                    continue
                theirs, error = reference.replay(path)
                if error or len(theirs) != len(mine):
                    broken[path] = f"reference: {error or f'{len(theirs)} actions, ours {len(mine)}'}"
                    continue
                if run == 0:
                    taken[title] += 1
                if run >= args.warmup:
                    ours_runs[path].append(mine)
                    ref_runs[path].append(theirs)
    finally:
        reference.close()

    per_type: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    title_types: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0, 0.0, 0.0]))
    per_title: dict[str, list[tuple[float, float, float]]] = defaultdict(list)
    for title, path in files:
        if path in left_out:
            continue
        if path in broken:
            print(f"{title}/{path.name}: skipped ({broken[path]})")
            continue
        mine, theirs = medians(ours_runs[path]), medians(ref_runs[path])
        for (kind, a), (_, b) in zip(mine, theirs):
            for row in (per_type[kind], title_types[title][kind]):
                row[0] += 1
                row[1] += a
                row[2] += b
        total_a, total_b = sum(s for _, s in mine), sum(s for _, s in theirs)
        quarter_ratios = [a / b if b > 0 else float("nan") for a, b in zip(quarters(mine), quarters(theirs))]
        worst = max((r for r in quarter_ratios if r == r), default=float("nan"))
        per_title[title].append((total_a, total_b, worst))
        if args.games:
            print(
                f"{title}/{path.name}: {len(mine)} actions, ours {total_a * 1000:.1f} ms, reference "
                f"{total_b * 1000:.1f} ms, ratio {total_a / total_b:.2f}, quarters "
                f"{' '.join(f'{r:.2f}' for r in quarter_ratios)}"
            )

    print_types("all titles", per_type, args.top)
    for title in args.title_types:
        print_types(title, title_types.get(title, {}), args.top)

    print(f"\n{'title':36s} {'games':>5s} {'ours s':>7s} {'ref s':>7s} {'ratio':>6s} {'geo':>6s} {'worst q':>7s}")
    ratios = []
    for title, rows in per_title.items():
        a = sum(r[0] for r in rows)
        b = sum(r[1] for r in rows)
        game_ratios = [r[0] / r[1] for r in rows]
        ratios.extend(game_ratios)
        print(
            f"{title:36s} {len(rows):5d} {a:7.2f} {b:7.2f} {a / b:6.2f} {geomean(game_ratios):6.2f} "
            f"{max(r[2] for r in rows):7.2f}"
        )
    print(
        f"\noverall: {len(ratios)} games, geometric mean ratio {geomean(ratios):.2f} "
        f"(ours / reference CPU, warm, {args.runs} runs, reference {'without' if args.no_yjit else 'with'} YJIT)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
