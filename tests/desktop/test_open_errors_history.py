"""History memory follows the game, not the chat: snapshots of a chat-heavy game stay as small and as few
as those of the same game without chat, and every rebuilt state is still exact."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from desktop.timeline import SNAPSHOT_EVERY, SNAPSHOT_MAX_GAP, GameTimeline
from engine import load_game
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import REPO, fixture_files

FIXTURE = next(iter(fixture_files("1830")), None)
pytestmark = pytest.mark.skipif(FIXTURE is None, reason="../shared/fixtures/1830 is absent")

sys.path.insert(0, str(REPO / "bench"))
from open_big import chat_heavy  # noqa: E402


def test_chat_adds_no_snapshot_memory() -> None:
    assert FIXTURE is not None
    plain = GameTimeline(GameRecord.load(FIXTURE))
    chatty_data = chat_heavy(FIXTURE, 3000)
    chatty = GameTimeline(GameRecord.from_dict(chatty_data))
    assert chatty.size == plain.size + 3000
    plain_bytes = sum(len(s.data) for s in plain.snapshots.values())
    chatty_bytes = sum(len(s.data) for s in chatty.snapshots.values())
    extra = 3000 // SNAPSHOT_MAX_GAP + 1
    assert len(chatty.snapshots) <= len(plain.snapshots) + extra
    # Without the fix every snapshot carried the whole chat so far: hundreds of times more.
    assert chatty_bytes < plain_bytes * 1.5
    # Chat entries of the chart series share the previous entry's values.
    chat_index = next(k for k in range(1, chatty.size) if chatty._kept[chatty.positions[k - 1]]["type"] == "message")
    assert chatty.stats[chat_index]["players"] is chatty.stats[chat_index - 1]["players"]


def test_states_rebuilt_from_snapshots_are_exact_with_chat(tmp_path: Path) -> None:
    assert FIXTURE is not None
    data = chat_heavy(FIXTURE, 1500)
    timeline = GameTimeline(GameRecord.from_dict(data))
    for index in (0, 1, SNAPSHOT_EVERY + 3, timeline.size // 3, timeline.size // 2 + 7, timeline.size - 1):
        game = timeline.game_at(index)
        fresh = load_game(GameRecord.from_dict(json.loads(json.dumps(data))), upto=timeline.raw_position(index) + 1)
        assert state_of(game) == state_of(fresh), index
        assert game.log_lines == fresh.log_lines, index
        assert game.raw_actions == fresh.raw_actions, index
        assert [a.to_dict() for a in game.actions] == [a.to_dict() for a in fresh.actions], index
        assert game.messages == fresh.messages, index
