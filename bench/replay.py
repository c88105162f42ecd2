"""Replay timings: per fixture, the median of several replays and the cost per applied action.

    python bench/replay.py [--runs 5] [TITLE ...]

Prints one line per fixture and a summary; never asserts anything.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import build_game  # noqa: E402
from engine.errors import GameError  # noqa: E402
from engine.record import GameRecord  # noqa: E402
from engine.titles.registry import fixture_folder, supported_titles  # noqa: E402

FIXTURES = (ROOT / ".." / "shared" / "fixtures").resolve()


def time_replay(record: GameRecord) -> tuple[float, int]:
    start = time.perf_counter()
    game = build_game(record)
    applied = sum(1 for _ in game.replay(record.actions))
    return time.perf_counter() - start, applied


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("titles", nargs="*", default=supported_titles())
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not FIXTURES.is_dir():
        print(f"no fixtures at {FIXTURES}")
        return 0
    for title in args.titles:
        folder = FIXTURES / fixture_folder(title)
        for path in sorted(folder.glob("*.json")):
            record = GameRecord.load(path)
            times = []
            applied = 0
            try:
                for _ in range(args.runs):
                    seconds, applied = time_replay(record)
                    times.append(seconds)
            except GameError as exc:
                print(f"{title}/{path.name}: fails: {exc}")
                continue
            median = statistics.median(times)
            per_action = median / applied * 1e6 if applied else 0.0
            print(f"{title}/{path.name}: median {median * 1000:.1f} ms over {args.runs} runs, "
                  f"{applied} actions, {per_action:.0f} us/action")
    return 0


if __name__ == "__main__":
    sys.exit(main())
