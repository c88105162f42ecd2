"""What the first paint of an opened game does not need is imported after it (issue 30: open to a painted window):
the bots and the legal moves they stand on, the play controller and its controllers, the New Game and error-report
dialogs.  And PySide6's import hook learns whether a module uses PySide6 from the file's bytes, not by reading its
source through ``inspect`` (desktop.skip_pyside_source_scan), with the same answers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import FIXTURES, shared_or_skip

ROOT = Path(__file__).resolve().parents[2]

LATER = (
    "engine.bots",
    "engine.moves",
    "desktop.controllers.play",
    "desktop.dialogs.new_game",
    "desktop.dialogs.error_report",
    # the seed of a new game (secrets: hmac and hashlib) and uuid (platform): an opened game's autosave key is
    # random hex without them
    "secrets",
    "uuid",
)

CHILD = r"""
import sys
sys.path.insert(0, {root!r})
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desktop.main_window import MainWindow
window = MainWindow()
at_paint = []
class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and window.session is not None and not at_paint:
            at_paint.append(set(sys.modules))
        return False
watch = Watch()
window.map_view.viewport().installEventFilter(watch)
window.show()
window.open_file({file!r}, ask=False)
for _ in range(200):
    app.processEvents()
    if at_paint and window._play is not None:
        break
later = {later!r}
print("at-paint:", " ".join(m for m in later if m in at_paint[0]) or "none")
print("play-made:", window._play is not None)
print("after:", " ".join(m for m in later[:3] if m in sys.modules))
"""


def test_the_first_paint_imports_no_bots_moves_play_controller_or_dialogs(tmp_path: Path) -> None:
    game = shared_or_skip(FIXTURES / "1830" / "29133.json")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    out = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), file=str(game), later=LATER)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
    )
    lines = dict(line.split(": ", 1) for line in out.stdout.splitlines() if ": " in line)
    assert lines["at-paint"] == "none", out.stdout
    # right after the paint the play controller is made: the moves and its controllers come then
    assert lines["play-made"] == "True", out.stdout
    assert {"engine.moves", "desktop.controllers.play"} <= set(lines["after"].split()), out.stdout


def test_pyside_learns_which_modules_use_it_from_their_bytes_with_its_own_answers() -> None:
    import inspect

    import PySide6.QtCore  # noqa: F401  (the hook's module exists once Qt is loaded)

    import desktop
    import desktop.map.geometry
    import desktop.timeline
    import engine.record

    desktop.skip_pyside_source_scan()
    feature = sys.modules["shibokensupport.feature"]
    check = feature._mod_uses_pyside
    assert getattr(check, "from_bytes", False)
    for module in (desktop, desktop.map.geometry, desktop.timeline, engine.record, os, inspect):
        assert check(module) == ("PySide6" in inspect.getsource(module)), module.__name__
    assert check(sys) is False  # a built-in module: no source (PySide6's own answer)
    desktop.skip_pyside_source_scan()  # a second call changes nothing
    assert feature._mod_uses_pyside is check
