"""Play a real game through the GUI, save it, and replay the saved file in the reference engine.

    python bench/play_through_ref.py FILE.json [--out SAVED.json] [--strict] [--reference DIR]

Runs ``bench/play_through_gui.py`` on FILE (every action through the GUI's gestures, as that bench does), saves
the game the window holds with File > Save's code (``Session.save``: the 18xx.games format), then runs the
reference engine (tobymao/18xx, set up in ``--reference``, default /work/reference-engine or
$TRACKLAYER_REFERENCE) on the saved file with ``ruby -Ishim ref_check.rb``.  ``--strict`` replays there with
STRICT=1 (every action checked as in live play).

Prints our result, the reference engine's result for the saved file and the original file's result, and
``same result: yes`` when all three agree (exit code 0), else ``NO`` (exit code 1).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import play_through_gui  # noqa: E402
from desktop.main_window import MainWindow  # noqa: E402
from engine.record import GameRecord  # noqa: E402

DEFAULT_REFERENCE = Path(os.environ.get("TRACKLAYER_REFERENCE", "/work/reference-engine"))


def play_and_save(path: Path, out: Path) -> tuple[int, str, dict[str, int]]:
    """Run play_through_gui on ``path``; save the window's game to ``out``.  (exit code, its output, result)"""
    windows: list[MainWindow] = []

    class Recorded(MainWindow):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            windows.append(self)

    buffer = io.StringIO()
    saved_argv = sys.argv
    play_through_gui.MainWindow = Recorded  # type: ignore[misc]
    sys.argv = ["play_through_gui.py", str(path)]
    try:
        with contextlib.redirect_stdout(buffer):
            code = play_through_gui.main()
    finally:
        sys.argv = saved_argv
        play_through_gui.MainWindow = MainWindow  # type: ignore[misc]
    session = windows[-1].session
    assert session is not None
    session.save(out)
    result = {str(k): v for k, v in session.live.result().items()}
    return code, buffer.getvalue(), result


def reference_result(path: Path, reference: Path, strict: bool) -> dict[str, Any]:
    """The reference engine's replay of ``path``: its ref_check.rb JSON line."""
    env = dict(os.environ, STRICT="1" if strict else "0")
    done = subprocess.run(["ruby", "-Ishim", "ref_check.rb", str(path.resolve())], cwd=reference, env=env,
                          capture_output=True, text=True, timeout=1800, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        return {"error": f"ref_check.rb printed no result (exit {done.returncode}): {done.stderr.strip()[-400:]}"}
    data: dict[str, Any] = json.loads(lines[-1])
    return data


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", type=Path)
    parser.add_argument("--out", type=Path, default=None, help="where to keep the saved game (default: a temp file)")
    parser.add_argument("--strict", action="store_true", help="replay with STRICT=1 in the reference engine")
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    args = parser.parse_args()
    if shutil.which("ruby") is None or not (args.reference / "ref_check.rb").exists():
        print(f"the reference engine is not available (ruby, {args.reference}/ref_check.rb)")
        return 2
    out = args.out or Path(tempfile.mkdtemp(prefix="tracklayer-ref-")) / f"saved-{args.file.stem}.json"
    code, output, ours = play_and_save(args.file, out)
    print(output.rstrip())
    original = GameRecord.load(args.file)
    wanted = {str(k): v for k, v in (original.result or {}).items()}
    ref = reference_result(out, args.reference, args.strict)
    theirs = {str(k): v for k, v in (ref.get("result") or {}).items()}
    saved = json.loads(out.read_text(encoding="utf-8"))
    print(f"saved: {out} ({len(saved['actions'])} actions)")
    print(f"  reference engine{' (STRICT=1)' if args.strict else ''} on the saved file: result {theirs}, "
          f"finished {ref.get('finished')}, end reason {ref.get('game_end_reason')}, "
          f"last processed action {ref.get('last_processed')} of id {ref.get('last_action_id')}")
    if ref.get("error"):
        print(f"  reference engine error: {ref['error']}")
    print(f"  our result:           {ours}")
    print(f"  the original's result: {wanted}")
    same = code == 0 and not ref.get("error") and ours == theirs and (not wanted or ours == wanted)
    print(f"  same result: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
