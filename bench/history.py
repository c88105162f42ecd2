"""History browsing speed: 200 random jumps in one game.

    python bench/history.py FILE [--jumps 200] [--seed 1]

Last line: ``history jump: median X ms, max Y ms over N jumps; CPU median Z ms, max W ms`` (the target is on
the CPU median: under 5 ms; wall time on a busy machine counts the other processes too).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from desktop.timeline import GameTimeline  # noqa: E402
from engine.record import GameRecord  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", type=Path)
    parser.add_argument("--jumps", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    timeline = GameTimeline(GameRecord.load(args.file))
    print(f"load with snapshots: {(time.perf_counter() - start) * 1000:.0f} ms, {timeline.size} actions, "
          f"{len(timeline.snapshots)} snapshots")
    rng = random.Random(args.seed)
    times = []
    cpu: list[float] = []
    for _ in range(args.jumps):
        target = rng.randint(0, timeline.size)
        t0 = time.perf_counter()
        c0 = time.process_time()
        timeline.game_at(target)
        cpu.append((time.process_time() - c0) * 1000)
        times.append((time.perf_counter() - t0) * 1000)
    print(f"history jump: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms over {len(times)} jumps; "
          f"CPU median {statistics.median(cpu):.1f} ms, max {max(cpu):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
