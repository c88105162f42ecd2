"""Time bot decisions at positions of real games (prints numbers; never a test).

    python bench/bot_decisions.py --titles 1830,1867,18DE,18USA,1861 --positions 12 --level strong \
        [--fixtures 2] [--dump decisions.json] [--compare decisions.json]

For each title, up to ``--fixtures`` real games of ``../shared/fixtures`` are replayed once; at ``--positions``
evenly spaced points of each, a copy of the game is taken and the bot decides for whoever acts there.  Printed per
title: the decisions' processor time (the machine is shared: processor time is what one core would take) and wall
time, median / p95 / max in ms.  ``--dump`` writes every decision's action; ``--compare`` checks that the same
positions give the same actions as a dump made before (a speed change must not change what the bot plays).  For the
Strong bot, the look-ahead's work per decision (route search cancel checks, ``engine.bots.policy.WorkBudget``) too.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def _fixtures(title: str, limit: int) -> list[Path]:
    from engine.titles.registry import fixture_folder

    for root in (Path("../shared/fixtures"), Path("/work/shared/fixtures")):
        folder = root / fixture_folder(title)
        if folder.is_dir():
            return sorted(folder.glob("*.json"))[:limit]
    return []


def positions(path: Path, count: int) -> Iterator[tuple[int, Any]]:
    """(raw position, a copy of the game there) at ``count`` evenly spaced points of the game in ``path``, one at
    a time (a bot decides in a process holding one game, not ten: the garbage collector's work depends on it)."""
    from engine import build_game
    from engine.record import GameRecord

    record = GameRecord.load(path)
    total = len(record.actions)
    wanted = {int(total * (i + 0.5) / count) for i in range(count)}
    game = build_game(record)
    for position in game.replay(record.actions):
        if position + 1 in wanted and not game.finished:
            copied = game.copy()
            copied.finish_loading()
            yield position + 1, copied


def main(argv: list[str] | None = None) -> int:
    from engine.bots.policy import make_bot

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--titles", default="1830,1867,18DE,18USA,1861")
    p.add_argument("--positions", type=int, default=12)
    p.add_argument("--fixtures", type=int, default=2)
    p.add_argument("--level", default="strong")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dump", type=Path, default=None)
    p.add_argument("--compare", type=Path, default=None)
    args = p.parse_args(argv)
    before = json.loads(args.compare.read_text()) if args.compare else {}
    dumped: dict[str, object] = {}
    differ = 0
    for title in [t for t in args.titles.split(",") if t]:
        cpu: list[float] = []
        wall: list[float] = []
        work: list[int] = []
        warm = False
        for path in _fixtures(title, args.fixtures):
            for position, game in positions(path, args.positions):
                if not warm:  # the first decision of a title imports its modules: not timed
                    make_bot(args.level, args.seed).decide(game.copy())
                    warm = True
                bot = make_bot(args.level, args.seed)
                t0, c0 = time.perf_counter(), time.process_time()
                decision = bot.decide(game)
                c1, t1 = time.process_time(), time.perf_counter()
                cpu.append((c1 - c0) * 1000)
                spent = getattr(bot, "last_work", None)  # the Strong bot's look-ahead work (route search checks)
                if spent is not None:
                    work.append(spent.used)
                wall.append((t1 - t0) * 1000)
                key = f"{path.parent.name}/{path.name}@{position}"
                action = decision.action if decision is not None else None
                dumped[key] = action
                if key in before and before[key] != action:
                    differ += 1
                    print(f"  DIFFERS {key}: before {before[key]} now {action}")
        if cpu:
            print(
                f"{title:<8} {len(cpu):>3} decisions  cpu ms median {statistics.median(cpu):8.1f}  "
                f"p95 {_percentile(cpu, 0.95):8.1f}  max {max(cpu):8.1f}   wall median "
                f"{statistics.median(wall):8.1f}  p95 {_percentile(wall, 0.95):8.1f}  max {max(wall):8.1f}"
                + (f"   look-ahead checks median {statistics.median(work):.0f} max {max(work)}" if work else ""),
                flush=True,
            )
    if args.dump:
        args.dump.write_text(json.dumps(dumped, indent=0, sort_keys=True))
    if args.compare:
        print(f"{differ} decisions differ from {args.compare}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
