"""Time from start-up to a painted main window showing a game at its end.

The window is shown first and the game opened in it, as the program does (``desktop/app.py``); what the map's
first paint does not need (the play controller and its action bar, the history's idle-time build) comes after it.

    python bench/open_window.py FILE [--runs 3] [--program dist/tracklayer/tracklayer]

Runs the program in a fresh interpreter per run (imports included), on the current Qt platform
(use QT_QPA_PLATFORM=offscreen, or a real display such as Xvfb), and prints the phases and the total, with the CPU
time of each phase: the interpreter's start with PySide6 and the QApplication, our imports, the main window, the
timeline's replay of the game to its end (``GameTimeline``: the engine's work), showing the game (the map scene,
panels) and the rest up to the map's first paint.
The machine's load average is printed first: on a busy machine every phase is slower.  With
PYTHONDONTWRITEBYTECODE set, every run compiles the sources again (an installed program has its .pyc files),
which adds about 0.1 s to the imports; the benchmark says so when it is set.

With ``--program``, the packaged program is started instead (``PROGRAM FILE``, a fresh settings folder so that
no recovery is offered) and asked to quit at its map's first paint (``TRACKLAYER_TIME_TO_PAINT``, see
``desktop/app.py``): prints the wall time from start to that paint and the program's CPU time (target: under
1 s on an idle machine).
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
app = QApplication([])
c_qt = time.process_time()  # (the interpreter's start included)
from desktop.main_window import MainWindow
t1 = time.perf_counter()
c_imports = time.process_time()
import desktop.timeline as timeline_module
replay = [0.0]
_init = timeline_module.GameTimeline.__init__
def _timed_init(self, *args, **kwargs):
    start = time.process_time()
    try:
        _init(self, *args, **kwargs)
    finally:
        replay[0] += time.process_time() - start
timeline_module.GameTimeline.__init__ = _timed_init
window = MainWindow()
c_window = time.process_time()
painted = []
opened = []
class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and opened and not painted:
            painted.append(time.perf_counter())
        return False
watch = Watch()
window.map_view.viewport().installEventFilter(watch)
window.show()  # (as the program does: the window shows, then the game opens in it)
window.open_file({file!r}, ask=False)
opened.append(True)
t2 = time.perf_counter()
c_open = time.process_time()
while not painted and time.perf_counter() - t2 < 10:
    app.processEvents()
t3 = painted[0] if painted else time.perf_counter()
import resource
usage = resource.getrusage(resource.RUSAGE_SELF)
cpu = usage.ru_utime + usage.ru_stime  # the process's CPU time up to the first paint: steadier on a busy machine
c_paint = time.process_time()
app.processEvents()
print("cpu-phases:", f"{{c_qt:.3f}} {{c_imports - c_qt:.3f}} {{c_window - c_imports:.3f}} {{replay[0]:.3f}} "
      f"{{c_open - c_window - replay[0]:.3f}} {{c_paint - c_open:.3f}}")
print(f"{{t1 - t0:.3f}} {{t2 - t1:.3f}} {{t3 - t2:.3f}} {{cpu:.3f}} {{t3 - t0:.3f}}")
"""


def program_start(program: Path, file: Path, runs: int) -> int:
    """The packaged program, started ``runs`` times: start to the map's first paint (wall and CPU)."""
    import tempfile
    import time

    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as config:
            env = dict(os.environ, TRACKLAYER_TIME_TO_PAINT="1", XDG_CONFIG_HOME=config, HOME=config)
            start = time.perf_counter()
            proc = subprocess.Popen(
                [*shlex.split(str(program)), str(file.resolve())], stdout=subprocess.PIPE, text=True, env=env
            )
            assert proc.stdout is not None
            line = ""
            for line in proc.stdout:
                if line.startswith("first paint:"):
                    break
            wall = time.perf_counter() - start
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if not line.startswith("first paint:"):
            print(f"the program never painted (exit code {proc.returncode})")
            return 1
        cpu = float(line.split()[3])
        walls.append(wall)
        cpus.append(cpu)
        print(f"program start to painted window: {wall:.2f} s (CPU {cpu:.2f} s)")
    print(
        f"packaged program start to painted window: median {statistics.median(walls):.2f} s, best "
        f"{min(walls):.2f} s over {len(walls)} runs; CPU time median {statistics.median(cpus):.2f} s"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--program", type=Path, help="time the packaged program instead (dist/tracklayer/tracklayer, or a command)"
    )
    args = parser.parse_args()
    if args.program is not None:
        if hasattr(os, "getloadavg"):
            print("load average: " + " ".join(f"{v:.2f}" for v in os.getloadavg()))
        return program_start(args.program, args.file, args.runs)
    totals: list[float] = []
    cpus: list[float] = []
    if hasattr(os, "getloadavg"):
        print("load average: " + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("note: PYTHONDONTWRITEBYTECODE is set: the imports include compiling the sources")
    for _ in range(args.runs):
        code = CHILD.format(root=str(ROOT), file=str(args.file.resolve()))
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        imports, load, paint, cpu, total = (float(x) for x in out.stdout.split()[-5:])
        phases = next(line for line in out.stdout.splitlines() if line.startswith("cpu-phases:")).split()[1:]
        qt, ours, window, replay, show, first = (float(x) for x in phases)
        totals.append(total)
        cpus.append(cpu)
        print(
            f"imports {imports:.2f} s, open+replay {load:.2f} s, first paint {paint:.2f} s, total {total:.2f} s "
            f"(CPU {cpu:.2f} s: start and Qt {qt:.3f}, our imports {ours:.3f}, window {window:.3f}, "
            f"replay {replay:.3f}, showing the game {show:.3f}, to the paint {first:.3f})"
        )
    print(
        f"open to painted window: median {statistics.median(totals):.2f} s, best {min(totals):.2f} s "
        f"over {len(totals)} runs; CPU time median {statistics.median(cpus):.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
