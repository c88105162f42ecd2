"""bench/prefix_compare.py: our state after every raw prefix, and its comparison with the reference engine."""

from __future__ import annotations

import importlib.util
import io
import shutil
import sys
from pathlib import Path

import pytest

from engine import load_game
from engine.record import GameRecord
from engine.trace import diff_states, state_of
from tests.conftest import FIXTURES, REPO, shared_or_skip


def _tool():
    spec = importlib.util.spec_from_file_location("prefix_compare", REPO / "bench" / "prefix_compare.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("prefix_compare", module)
    spec.loader.exec_module(module)
    return module


def test_every_prefix_state_is_the_state_of_loading_that_prefix() -> None:
    """Applying actions one by one (rebuilding at undo/redo) gives, at every k, exactly what loading the
    first k raw actions gives, including after actions that a later undo takes back."""
    path = shared_or_skip(FIXTURES / "1846" / "hs_wwhjwjvo_1716866882.json")
    record = GameRecord.load(path)
    undos = [i for i, a in enumerate(record.actions) if a.get("type") == "undo"]
    assert undos, "the fixture is chosen for its undos"
    data = record.to_dict()
    seen = 0
    for entry in _tool().our_prefix_states(record, actions=False):
        k = entry["k"]
        assert entry["error"] is None
        loaded = load_game({**data, "actions": data["actions"][:k]})
        assert diff_states(entry["state"], state_of(loaded)) == [], f"prefix {k}"
        seen += 1
    assert seen == len(record.actions) + 1


REFERENCE = Path("/work/reference-engine")


@pytest.mark.skipif(shutil.which("ruby") is None or not (REFERENCE / "18xx").is_dir(),
                    reason="the reference engine (ruby, /work/reference-engine) is not available")
def test_the_dnf_fixture_matches_the_reference_at_every_prefix() -> None:
    """The fixture whose undone sale into 1846's close cell once ended the stock round early."""
    path = shared_or_skip(FIXTURES / "1846" / "1846_game_end_reason_dnf.json")
    out = io.StringIO()
    summary = _tool().compare_fixture(path, out=out)
    assert summary["prefixes"] == len(GameRecord.load(path).actions) + 1
    assert summary["differing"] == 0, out.getvalue()
