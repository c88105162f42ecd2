"""A game played through the GUI and saved replays in the reference engine (tobymao/18xx) to the same result.

Slow (a whole game through the gestures, then Ruby); skipped without ../shared or the reference engine set up
(``ruby`` and ``$TRACKLAYER_REFERENCE`` or /work/reference-engine with ``ref_check.rb``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, REPO, shared_or_skip

REFERENCE = Path(os.environ.get("TRACKLAYER_REFERENCE", "/work/reference-engine"))
GAME = FIXTURES / "1846" / "hs_wwhjwjvo_1716866882.json"


@pytest.mark.slow
def test_a_game_played_through_the_gui_and_saved_replays_in_the_reference_engine(tmp_path: Path) -> None:
    game = shared_or_skip(GAME)
    if shutil.which("ruby") is None or not (REFERENCE / "ref_check.rb").exists():
        pytest.skip("the reference engine is not set up")
    saved = tmp_path / "saved.json"
    done = subprocess.run([sys.executable, str(REPO / "bench" / "play_through_ref.py"), str(game), "--out", str(saved),
                           "--reference", str(REFERENCE)], capture_output=True, text=True, timeout=1800,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), check=False)
    assert "same result: yes" in done.stdout, done.stdout[-3000:] + done.stderr[-2000:]
    assert done.returncode == 0
    data = json.loads(saved.read_text())
    original = json.loads(game.read_text())
    assert data["result"] == original["result"]
    assert len(data["actions"]) == len(original["actions"])
