"""Shared test helpers: where ``../shared`` is, and skipping cleanly when it is absent."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

# The title-data tests share their reference comparisons; rewrite their asserts as in a test module.
pytest.register_assert_rewrite("tests.engine.reference_titles")

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Graph walks on large maps recurse deeply; set it once so tools that restore the limit do not warn.
sys.setrecursionlimit(20_000)

REPO = Path(__file__).resolve().parents[1]
SHARED = (REPO / ".." / "shared").resolve()
FIXTURES = SHARED / "fixtures"
TRACES = SHARED / "reference" / "traces"
TITLES = SHARED / "reference" / "titles"


#: Traces made with ``../shared/tools/reference/dump_trace.rb`` for games whose trace ``../shared`` lacks (the
#: titles added after the shared traces were recorded): ``TRACKLAYER_EXTRA_TRACES=DIR`` with ``DIR/<folder>/<stem>
#: .trace.jsonl.gz``, the same layout as ``../shared/reference/traces``.
EXTRA_TRACES = Path(os.environ["TRACKLAYER_EXTRA_TRACES"]) if os.environ.get("TRACKLAYER_EXTRA_TRACES") else None


def trace_file(fixture: Path) -> Path | None:
    """The reference trace of fixture file ``fixture`` (shared first, then the extra traces), or None."""
    for root in (TRACES, EXTRA_TRACES):
        if root is not None:
            path = root / fixture.parent.name / f"{fixture.stem}.trace.jsonl.gz"
            if path.exists():
                return path
    return None


def shared_or_skip(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"{path} is not available (../shared is absent)")
    return path


def fixture_files(title: str) -> list[Path]:
    folder = FIXTURES / title
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def replay_prefix(path: Path, count: int) -> Any:
    """The game of the file at ``path`` after its first ``count`` kept actions (undone ones left out)."""
    from engine import build_game
    from engine.core.history import filter_actions
    from engine.record import GameRecord

    record = GameRecord.load(path)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    for position, data in enumerate(kept[:count]):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        game.process_action(data, position)
    return game
