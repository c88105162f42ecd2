"""The packaged program's start: its size, start to a painted game window, and what it imports on the way.

    python bench/packaged_start.py [FILE] [--program dist/tracklayer/tracklayer] [--runs 5]
    python bench/packaged_start.py [FILE] --imports [--program PROGRAM] [--top 25]

Without ``--imports``: the program's folder size, then ``--runs`` starts, each in a fresh settings folder (no
recovery offered), asked to quit at its map's first paint (``TRACKLAYER_TIME_TO_PAINT``, see ``desktop/app.py``):
the wall time from start to that paint and the program's CPU time then (target: under 1 s wall on an idle machine;
the load average is printed first, a busy machine's wall time counts the others' work).  Needs a display (Xvfb) or
``QT_QPA_PLATFORM=offscreen``.

With ``--imports``: the program must be built with ``TRACKLAYER_IMPORTTIME=1`` (``build.spec`` then gives it
Python's ``-X importtime``); one start, and the imports it made up to its quit just after the first paint: total, per group (Qt,
engine, desktop, the rest) and the slowest by their own time and with what they import.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_GAME = ROOT.parent / "shared" / "fixtures" / "1830" / "29133.json"
IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def folder_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20


def start_once(program: Path, game: Path, stderr: bool = False) -> tuple[float, float, str]:
    """One start to the first paint: (wall seconds, CPU seconds the program reported, its stderr)."""
    with tempfile.TemporaryDirectory() as config:
        env = dict(os.environ, TRACKLAYER_TIME_TO_PAINT="1", XDG_CONFIG_HOME=config, HOME=config)
        started = time.perf_counter()
        proc = subprocess.Popen(
            [str(program), str(game)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE if stderr else subprocess.DEVNULL,
            text=True,
            env=env,
        )
        assert proc.stdout is not None
        line = ""
        for line in proc.stdout:
            if line.startswith("first paint:"):
                break
        wall = time.perf_counter() - started
        try:
            _out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            _out, err = proc.communicate()
    if not line.startswith("first paint:"):
        raise SystemExit(f"the program never painted (exit code {proc.returncode})")
    return wall, float(line.split()[3]), err or ""


def group_of(module: str) -> str:
    top = module.split(".")[0]
    if top in ("PySide6", "shiboken6", "shibokensupport", "signature_bootstrap"):
        return "Qt (PySide6)"
    if top in ("engine", "desktop"):
        return top
    if top in ("numpy", "shapely", "ortools", "google"):
        return "numpy/shapely/ortools"
    return "Python's library and the rest"


def report_imports(stderr: str, top: int) -> None:
    rows = [(int(m[1]), int(m[2]), len(m[3]) // 2, m[4]) for m in map(IMPORT_LINE.match, stderr.splitlines()) if m]
    if not rows:
        print("no import times on stderr: build the program with TRACKLAYER_IMPORTTIME=1 (see build.spec)")
        return
    total = sum(own for own, _cum, _depth, _name in rows)
    print(f"{len(rows)} modules imported, {total / 1e6:.3f} s of import time (wall, by the program's own clock)")
    groups: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for own, _cum, _depth, name in rows:
        entry = groups[group_of(name)]
        entry[0] += own
        entry[1] += 1
    for name, (own, count) in sorted(groups.items(), key=lambda item: -item[1][0]):
        print(f"  {own / 1e3:8.1f} ms  {count:4d} modules  {name}")
    print(f"slowest by their own time (top {top}):")
    for own, cum, _depth, name in sorted(rows, reverse=True)[:top]:
        print(f"  {own / 1e3:8.1f} ms own, {cum / 1e3:8.1f} ms with what it imports  {name}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", type=Path, nargs="?", default=DEFAULT_GAME)
    parser.add_argument("--program", type=Path, default=ROOT / "dist" / "tracklayer" / "tracklayer")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--imports", action="store_true", help="what the start imports (a TRACKLAYER_IMPORTTIME build)")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    if not args.program.exists():
        print(f"{args.program}: no packaged program (pyinstaller --noconfirm build.spec)")
        return 1
    if not args.file.exists():
        print(f"{args.file}: no such game file")
        return 1
    if hasattr(os, "getloadavg"):
        print("load average: " + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    print(f"packaged program: {folder_mb(args.program.parent):.0f} MB (MiB, as du -sm; {args.program.parent})")
    if args.imports:
        wall, cpu, err = start_once(args.program, args.file.resolve(), stderr=True)
        print(f"start to painted window: {wall:.2f} s (CPU {cpu:.2f} s)")
        report_imports(err, args.top)
        return 0
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(args.runs):
        wall, cpu, _err = start_once(args.program, args.file.resolve())
        walls.append(wall)
        cpus.append(cpu)
        print(f"start to painted window: {wall:.2f} s (CPU {cpu:.2f} s)")
    print(
        f"packaged program start to painted window: median {statistics.median(walls):.2f} s, best {min(walls):.2f} s "
        f"over {len(walls)} runs; CPU time median {statistics.median(cpus):.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
