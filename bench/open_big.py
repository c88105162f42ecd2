"""Opening a chat-heavy game: time and peak memory, in the desktop and on the command line.

    python bench/open_big.py [FIXTURE] [--messages 20000] [--keep FILE]

Builds a game file from a real fixture by inserting ``message`` actions (chat) evenly between its actions
(about 3 MB for 20,000 messages), then opens it in fresh interpreters:

- ``desktop``: ``MainWindow.open_file`` offscreen (the history timeline included),
- ``engine``:  ``engine.load_game``,

and prints wall time, CPU time (meaningful on a busy machine) and peak resident memory (``ru_maxrss``) of
each.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_FIXTURE = ROOT / ".." / "shared" / "fixtures" / "1830" / "26855.json"

CHILDREN = {
    "desktop": r"""
import resource, sys, time
sys.path.insert(0, {root!r})
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desktop.main_window import MainWindow
window = MainWindow()
t0, c0 = time.perf_counter(), time.process_time()
ok = window.open_file({file!r}, ask=False)
seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
size = window.session.size if window.session is not None else -1
print(ok, size, f"{{seconds:.2f}}", f"{{cpu:.2f}}", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
""",
    "engine": r"""
import resource, sys, time
sys.path.insert(0, {root!r})
from engine import load_game
t0, c0 = time.perf_counter(), time.process_time()
game = load_game({file!r})
seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
print(True, len(game.raw_actions), f"{{seconds:.2f}}", f"{{cpu:.2f}}",
      resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
""",
}


def chat_heavy(fixture: Path, messages: int) -> dict:
    """The fixture with ``messages`` chat lines spread evenly between its actions (fresh unique ids)."""
    data = json.loads(fixture.read_text(encoding="utf-8"))
    actions = data["actions"]
    players = [p["id"] for p in data["players"]]
    next_id = max((a.get("id") or 0 for a in actions), default=0) + 1
    out: list[dict] = []
    written = 0
    for n, action in enumerate(actions):
        due = (n + 1) * messages // max(1, len(actions))  # messages written once this action is reached
        while written < due:
            out.append({"type": "message", "entity": players[written % len(players)], "entity_type": "player",
                        "id": next_id, "created_at": 1612848015 + written,
                        "message": f"chat line {written}: " + "what a lovely route, I would never have seen it"})
            next_id += 1
            written += 1
        out.append(action)
    data["actions"] = out
    return data


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("fixture", nargs="?", type=Path, default=DEFAULT_FIXTURE)
    parser.add_argument("--messages", type=int, default=20_000)
    parser.add_argument("--keep", type=Path, help="also write the generated file here")
    parser.add_argument("--only", choices=sorted(CHILDREN), help="measure one path only")
    args = parser.parse_args()
    data = chat_heavy(args.fixture, args.messages)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "chat_heavy.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        if args.keep:
            args.keep.write_text(json.dumps(data), encoding="utf-8")
        size = path.stat().st_size
        print(f"{path.name}: {size / 1e6:.1f} MB, {len(data['actions'])} actions "
              f"({args.messages} of them chat messages)")
        env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
        for name, code in CHILDREN.items():
            if args.only and name != args.only:
                continue
            child = code.format(root=str(ROOT), file=str(path))
            result = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, env=env)
            if result.returncode != 0:
                print(f"{name}: failed\n{result.stderr[-2000:]}")
                continue
            ok, count, seconds, cpu, peak_mb = result.stdout.split()[-5:]
            print(f"{name:>8}: opened={ok} ({count} history steps/raw actions) in {seconds} s "
                  f"(CPU {cpu} s), peak RSS {peak_mb} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
