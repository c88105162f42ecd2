"""Legal-move speed: ``legal_moves`` on every state of the shared fixtures (the GUI recomputes it after every
action).

    python bench/moves.py [FILE ...] [--repeat 1] [--top N]

Times are processor (CPU) time of the first call on each state (files of titles not supported are skipped).  Prints per fixture and per title the median,
p95 and maximum, with ``--top N`` the N slowest states (file, state, step), then ``legal moves: p95 X ms, median
Y ms, max Z ms over N states`` (target: p95 under 5 ms, no state above 30 ms).

The enumerator modules a title needs are imported before its game's first state is timed (the one-time import,
printed apart, is no call's work; with PYTHONDONTWRITEBYTECODE set it compiles them too, 60-100 ms).

The collector: the program keeps an opened game out of the garbage collector's full collections (``gc.freeze()``,
desktop/timeline.py: at once on opening, again when the history is built), so a legal-moves call there never pays
for a full collection scanning the whole game; each fixture's game is frozen so after its setup here (the objects
its actions create later are not).  ``--no-freeze`` times without it (single states then include the full
collections that happen to fall in them: 30-60 ms on a late 1846 or 1822 map).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import build_game  # noqa: E402
from engine.core.history import filter_actions  # noqa: E402
from engine.errors import InvalidAction  # noqa: E402
from engine.moves import legal_moves  # noqa: E402
from engine.moves.registry import load_enumerators  # noqa: E402
from engine.record import GameRecord  # noqa: E402

FIXTURES = ROOT / ".." / "shared" / "fixtures"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def state_name(game: object) -> str:
    try:
        step = game.round.active_step()  # type: ignore[attr-defined]
    except Exception:  # (a label only)
        step = None
    return type(step).__name__ if step is not None else type(getattr(game, "round", None)).__name__


#: CPU seconds spent importing enumerator modules before the timed calls
IMPORTS = [0.0]


def measure(
    path: Path, repeat: int, slowest: list[tuple[float, str]] | None = None, freeze: bool = True
) -> list[float]:
    record = GameRecord.load(path)
    game = build_game(record)
    if freeze:  # (as the program does with an opened game; the previous fixture's game is collected first)
        gc.unfreeze()
        gc.collect()
        gc.freeze()
    start = time.process_time()
    load_enumerators()
    IMPORTS[0] += time.process_time() - start
    kept, _ = filter_actions(record.actions)
    times: list[float] = []

    def sample() -> None:
        if game.finished:
            return
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            legal_moves(game)
            best = min(best, time.process_time() - start)
        times.append(best * 1000)
        if slowest is not None:
            slowest.append((best * 1000, f"{path.parent.name}/{path.name} state {len(times) - 1} {state_name(game)}"))

    sample()
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        game.process_action(data, position)
        sample()
    return times


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", type=Path, nargs="*")
    parser.add_argument("--repeat", type=int, default=1, help="time each state this many times, keep the best")
    parser.add_argument("--top", type=int, default=0, help="print the N slowest states (file, state, step)")
    parser.add_argument(
        "--no-freeze",
        action="store_true",
        help="leave each game in the collector's full collections (the program freezes it)",
    )
    args = parser.parse_args()
    files = args.files or sorted(p for p in FIXTURES.glob("*/*.json"))
    if not files:
        print("no fixtures (../shared/fixtures is absent)")
        return 1
    everything: list[float] = []
    by_title: dict[str, list[float]] = {}
    slowest: list[tuple[float, str]] = []
    worst: dict[str, tuple[float, str]] = {}  # title -> its slowest state
    skipped: list[str] = []
    for path in files:
        record = GameRecord.load(path)
        mine: list[tuple[float, str]] = []
        try:
            times = measure(path, args.repeat, mine, freeze=not args.no_freeze)
        except InvalidAction as exc:  # (a title not supported: its game cannot be built)
            if "is not supported" not in str(exc):
                raise
            skipped.append(f"{path.parent.name}/{path.name}")
            continue
        slowest.extend(mine)
        everything.extend(times)
        by_title.setdefault(record.title, []).extend(times)
        if mine and max(mine)[0] > worst.get(record.title, (-1.0, ""))[0]:
            worst[record.title] = max(mine)
        print(
            f"{path.parent.name}/{path.name}: {len(times)} states, median {statistics.median(times):.2f} ms, "
            f"p95 {p95(times):.2f} ms, max {max(times):.1f} ms"
        )
    for title, times in by_title.items():
        ms, label = worst.get(title, (0.0, "-"))
        print(
            f"{title}: p95 {p95(times):.2f} ms, median {statistics.median(times):.2f} ms, max {ms:.1f} ms "
            f"over {len(times)} states; slowest: {label}"
        )
    for ms, label in sorted(slowest, reverse=True)[: args.top]:
        print(f"  {ms:7.1f} ms  {label}")
    if skipped:
        print(f"skipped {len(skipped)} files of titles not supported")
    print(f"enumerator modules imported before the timed calls: {IMPORTS[0] * 1000:.0f} ms CPU")
    print(
        "collector: "
        + (
            "each game left in full collections (--no-freeze)"
            if args.no_freeze
            else "each game frozen after its setup, as the program freezes an opened game"
        )
    )
    print(
        f"legal moves: p95 {p95(everything):.2f} ms, median {statistics.median(everything):.2f} ms, "
        f"max {max(everything):.1f} ms over {len(everything)} states"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
