"""Replay saved playouts in the reference engine (tobymao/18xx, Ruby) and compare its result with ours.

    python bench/ref_playouts.py DIR_OR_FILE ... [--strict] [--batch 25] [--show 10]

For every saved game (``python -m engine playout TITLE --games N --seed S --out DIR`` writes them) our engine
replays the file, and the reference engine's ``ref_check.rb`` (env REFERENCE_ENGINE, default
/work/reference-engine; ``--strict`` sets STRICT=1 there: every action checked as in live play) replays it too.
Each game is then

* ``equal``: both engines end in the same state: finished with the same result and end reason, or (a game the
  playout left unfinished: "the reference would stall") both unfinished with the same scores, and the
  reference refuses a ``pass`` by every player after the last action (it is stuck there too), or (a game the
  playout stopped because it loops, ``"loops"`` in its ``tracklayer`` metadata) takes one (it goes round);
* ``reference-refused``: the reference engine raised an error on some action (a legal move of ours that it
  refuses, or a file it cannot read): printed with the action;
* ``ours-refused``: our engine cannot replay the file (an action today's code refuses: a file saved by older code),
  while the reference takes it: printed with our error;
* ``both-refused``: neither engine takes the file (a move older code allowed and both engines now refuse);
* ``differ``: anything else (printed with both results).

Prints one line per problem (up to ``--show``) and ``ref playouts: N equal, N differ, N reference-refused (of
which unfinished: N)``.  Exit status 0 when every game is equal.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.setrecursionlimit(20_000)

from engine import load_game  # noqa: E402
from engine.errors import GameError  # noqa: E402

REFERENCE_ENGINE = Path(os.environ.get("REFERENCE_ENGINE", "/work/reference-engine"))


def reference_results(files: list[Path], strict: bool) -> dict[str, dict[str, Any]]:
    """``ref_check.rb``'s JSON line for each file, by the file's path."""
    env = dict(os.environ, STRICT="1" if strict else "0")
    cmd = ["ruby", "-Ishim", "ref_check.rb", *(str(f.resolve()) for f in files)]
    done = subprocess.run(cmd, cwd=REFERENCE_ENGINE, env=env, capture_output=True, text=True, check=False)
    found: dict[str, dict[str, Any]] = {}
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            found[data["file"]] = data
    return found


def our_result(path: Path) -> dict[str, Any]:
    raw = json.loads(path.read_text())
    try:
        game = load_game(path)
    except GameError as exc:
        return {"error": str(exc), "raw": raw, "players": [p["id"] for p in raw["players"]]}
    return {"finished": bool(game.finished), "result": {str(k): v for k, v in game.result().items()},
            "game_end_reason": game.game_end_reason, "recorded_result": raw.get("result") or {},
            "players": [p["id"] for p in raw["players"]], "raw": raw}


def with_pass(raw: dict[str, Any], player: Any, folder: Path, name: str) -> Path:
    """A copy of the game with a ``pass`` by ``player`` after its last action."""
    last = raw["actions"][-1]["id"] if raw["actions"] else 0
    data = dict(raw, actions=[*raw["actions"], {"type": "pass", "entity": player, "entity_type": "player",
                                                "id": last + 1}])
    path = folder / f"{name}-pass-{player}.json"
    path.write_text(json.dumps(data))
    return path


def compare(files: list[Path], strict: bool, batch: int, show: int) -> dict[str, int]:
    counts = {"equal": 0, "differ": 0, "reference-refused": 0, "ours-refused": 0, "both-refused": 0, "unfinished": 0}
    shown = 0

    def report(line: str) -> None:
        nonlocal shown
        if shown < show:
            print("  " + line, flush=True)
        shown += 1

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for start in range(0, len(files), batch):
            chunk = files[start:start + batch]
            ours = {f: our_result(f) for f in chunk}
            extra: dict[Path, list[Path]] = {}
            for f, mine in ours.items():
                if not mine.get("error") and not mine["finished"]:
                    extra[f] = [with_pass(mine["raw"], p, folder, f.stem) for p in mine["players"]]
            theirs = reference_results([*chunk, *(p for ps in extra.values() for p in ps)], strict)
            for f in chunk:
                mine = ours[f]
                ref = theirs.get(str(f.resolve()))
                if mine.get("error"):
                    kind = "both-refused" if ref is None or ref.get("error") else "ours-refused"
                    counts[kind] += 1
                    report(f"{f.name}: {kind}: ours: {mine['error']}"
                           + (f"; reference: {ref.get('error')}" if ref and ref.get("error") else ""))
                    continue
                if ref is None or ref.get("error"):
                    counts["reference-refused"] += 1
                    why = ref.get("error") if ref else "no answer from ref_check.rb"
                    report(f"{f.name}: reference refused: {why} (action {ref and ref.get('broken_action')})")
                    continue
                same = (bool(ref["finished"]) == mine["finished"] and ref["result"] == mine["result"]
                        and (not mine["finished"] or str(ref["game_end_reason"]) == str(mine["game_end_reason"])))
                stuck = True
                if same and not mine["finished"]:
                    counts["unfinished"] += 1
                    answers = [theirs.get(str(p.resolve())) or {} for p in extra[f]]
                    if (mine["raw"].get("tracklayer") or {}).get("loops"):
                        stuck = any(not a.get("error") for a in answers)  # it goes on passing, for ever
                    else:
                        stuck = all(a.get("error") for a in answers)
                if same and stuck:
                    counts["equal"] += 1
                    continue
                counts["differ"] += 1
                report(f"{f.name}: ours {'finished' if mine['finished'] else 'unfinished'} {mine['result']} "
                       f"({mine['game_end_reason']}); reference {'finished' if ref['finished'] else 'unfinished'} "
                       f"{ref['result']} ({ref['game_end_reason']})"
                       + ("" if stuck else "; the reference refuses the passes of a game that loops"
                          if (mine["raw"].get("tracklayer") or {}).get("loops")
                          else "; the reference takes a pass where we have no legal move"))
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", type=Path, help="saved playouts (files or directories of *.json)")
    parser.add_argument("--strict", action="store_true", help="STRICT=1 in the reference (live-play checks)")
    parser.add_argument("--batch", type=int, default=25, help="files per reference-engine process")
    parser.add_argument("--show", type=int, default=10, help="print at most this many problems")
    args = parser.parse_args()
    files: list[Path] = []
    for path in args.paths:
        files.extend(sorted(path.glob("*.json")) if path.is_dir() else [path])
    counts = compare(files, args.strict, args.batch, args.show)
    print(f"ref playouts{' (STRICT=1)' if args.strict else ''}: {counts['equal']} equal, {counts['differ']} differ, "
          f"{counts['reference-refused']} reference-refused, {counts['ours-refused']} ours-refused, "
          f"{counts['both-refused']} both-refused (of which unfinished: {counts['unfinished']}) "
          f"over {len(files)} games")
    return 0 if counts["equal"] == len(files) else 1


if __name__ == "__main__":
    raise SystemExit(main())
