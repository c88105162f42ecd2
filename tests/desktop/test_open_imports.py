"""Opening a game and painting its window imports no module only a later view needs (issue 30): shapely and numpy
(the board's outline comes from the hex edges; token snapping imports them at the first drop), Qt Charts (the
charts are made when first shown) and the route optimiser (imported when routes are first asked for)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import FIXTURES, shared_or_skip

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import sys
sys.path.insert(0, {root!r})
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desktop.main_window import MainWindow
window = MainWindow()
window.open_file({file!r}, ask=False)
window.show()
for _ in range(20):
    app.processEvents()
assert window.map_scene.board_rings, "no board outline"
print(" ".join(name for name in ("shapely", "numpy", "PySide6.QtCharts", "engine.routing") if name in sys.modules) or "none")
"""


def test_opening_a_game_imports_neither_shapely_nor_numpy_nor_qt_charts_nor_the_route_optimiser(tmp_path: Path) -> None:
    game = shared_or_skip(FIXTURES / "1830" / "1830_game_end_bank.json")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    out = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), file=str(game))],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
    )
    assert out.stdout.split()[-1] == "none", out.stdout
