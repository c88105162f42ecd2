"""What one move costs the desktop: the game's next actions submitted to an offscreen window, timed by part.

    python bench/desktop_click_ms.py FILE.json [--start N] [--count K]

Opens ``FILE`` at its first ``N`` actions (default: half of them) in an offscreen ``MainWindow`` with an autosave
folder, as a player's window, then plays the next ``K`` actions (default 60) through ``Session.submit`` and the
event loop, and prints the milliseconds per action (wall and processor), split into the engine's part (the
timeline's ``append``: checks, programs, the move), the autosave, and the rest (the window following the new
state: panels, map, legal moves, routes).  No gestures: ``bench/play_through_gui.py`` adds those.  Numbers only,
never an assertion: the machine's load changes them (the processor figures are steadier).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from desktop.main_window import MainWindow  # noqa: E402
from desktop.session import Session  # noqa: E402
from desktop.timeline import GameTimeline  # noqa: E402
from engine.core.history import filter_actions  # noqa: E402
from engine.record import GameRecord  # noqa: E402


class Clock:
    """Wall and processor seconds spent inside a wrapped method."""

    def __init__(self) -> None:
        self.wall = 0.0
        self.cpu = 0.0

    def wrap(self, owner: Any, name: str) -> None:
        real: Callable[..., Any] = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                return real(*args, **kwargs)
            finally:
                self.wall += time.perf_counter() - wall
                self.cpu += time.process_time() - cpu

        setattr(owner, name, timed)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--start", type=int, default=None, help="open the game at this many actions")
    parser.add_argument("--count", type=int, default=60, help="how many actions to submit")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    record = GameRecord.load(args.file)
    actions = list(record.actions)
    kept, _ = filter_actions(actions)
    start = len(actions) // 2 if args.start is None else args.start
    # start at a kept action (an undone one would be refused when submitted alone) and play kept ones
    todo = [a for a in kept[start:] if a is not None and a.get("type") not in ("undo", "redo")][:args.count]
    tmp = tempfile.mkdtemp(prefix="tracklayer-click-")
    window = MainWindow(QSettings(os.path.join(tmp, "settings.ini"), QSettings.Format.IniFormat), autosave_dir=tmp)
    window.resize(1400, 900)
    window.show()
    head = GameRecord.from_dict({**record.raw, "actions": [a for a in kept[:start] if a is not None]})
    window.set_session(Session(head, window))
    app.processEvents()
    session = window.session
    assert session is not None
    engine, autosave = Clock(), Clock()
    engine.wrap(GameTimeline, "append")
    autosave.wrap(Session, "autosave")
    wall, cpu = time.perf_counter(), time.process_time()
    played = 0
    for action in todo:
        if not session.submit({k: v for k, v in action.items() if k not in ("id", "user")}):
            print(f"  stopped at a refused action: {action.get('type')}")
            break
        app.processEvents()
        played += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    n = max(1, played)
    print(f"{args.file}: {played} actions from action {start}")
    print(f"  per action: {1000 * wall / n:.0f} ms wall, {1000 * cpu / n:.0f} ms processor")
    print(f"    engine (timeline append): {1000 * engine.wall / n:.0f} ms wall, {1000 * engine.cpu / n:.0f} ms processor")
    print(f"    autosave: {1000 * autosave.wall / n:.0f} ms wall, {1000 * autosave.cpu / n:.0f} ms processor")
    rest_wall, rest_cpu = wall - engine.wall - autosave.wall, cpu - engine.cpu - autosave.cpu
    print(f"    window (the rest): {1000 * rest_wall / n:.0f} ms wall, {1000 * rest_cpu / n:.0f} ms processor")
    session.dirty = False  # closing must not ask whether to save
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
