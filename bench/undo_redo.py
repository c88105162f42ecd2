"""Undo/redo filtering speed: a real game's opening followed by N undo/redo pairs of its last action.

    python bench/undo_redo.py [--pairs 40000] [--file FIXTURE]

Prints the file size, the undo filter's time and the whole replay's time (``load_game``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import load_game  # noqa: E402
from engine.core.history import filter_actions  # noqa: E402

DEFAULT = ROOT / ".." / "shared" / "fixtures" / "1830" / "26855.json"


def undo_redo_record(source: dict[str, Any], pairs: int, opening: int = 20) -> dict[str, Any]:
    """``source``'s first ``opening`` actions, then ``pairs`` undo/redo pairs of the last one."""
    actions = [dict(a) for a in source["actions"][:opening]]
    last = actions[-1]
    for _ in range(pairs):
        for kind in ("undo", "redo"):
            actions.append({"type": kind, "entity": last["entity"], "entity_type": last["entity_type"],
                            "id": len(actions) + 1})
    return {k: v for k, v in source.items() if k not in ("result", "game_end_reason")} | {"actions": actions}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=40_000)
    parser.add_argument("--file", type=Path, default=DEFAULT)
    args = parser.parse_args()
    record = undo_redo_record(json.loads(args.file.read_text()), args.pairs)
    size = len(json.dumps(record))
    start = time.perf_counter()
    filter_actions(record["actions"])
    filtered = time.perf_counter() - start
    start = time.perf_counter()
    load_game(record)
    replayed = time.perf_counter() - start
    print(f"{args.pairs} undo/redo pairs ({size / 1e6:.1f} MB): undo filter {filtered:.3f} s, "
          f"whole replay {replayed:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
