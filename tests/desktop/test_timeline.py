"""The history timeline: snapshots give exactly the state of a fresh replay, failures keep the good part."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from desktop.timeline import GameTimeline
from engine import GameError, load_game
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import fixture_files

FIXTURE = next(iter(fixture_files("1830")), None)
needs_fixture = pytest.mark.skipif(FIXTURE is None, reason="../shared/fixtures/1830 is absent")


@needs_fixture
def test_jumps_equal_fresh_replays() -> None:
    assert FIXTURE is not None
    record = GameRecord.load(FIXTURE)
    timeline = GameTimeline(record)
    assert timeline.failure is None
    assert timeline.live.finished
    rng = random.Random(7)
    indexes = [0, 1, timeline.size - 1, timeline.size] + [rng.randint(0, timeline.size) for _ in range(12)]
    for index in indexes:
        upto = timeline.raw_position(index) + 1 if index else 0
        fresh = load_game(GameRecord.load(FIXTURE), upto=upto)
        assert state_of(timeline.game_at(index)) == state_of(fresh), index


@needs_fixture
def test_markers_log_and_stats_cover_the_game() -> None:
    assert FIXTURE is not None
    timeline = GameTimeline(GameRecord.load(FIXTURE))
    kinds = {m.kind for m in timeline.markers}
    assert {"round", "phase", "end"} <= kinds
    labels = [m.label for m in timeline.markers if m.kind == "round"]
    assert labels[0] == "ISR" and "SR 1" in labels and "OR 1.1" in labels
    assert len(timeline.stats) == timeline.size + 1
    assert timeline.stats[-1]["players"] == {
        p.name: v for p, v in ((timeline.live.player_by_id(pid), v) for pid, v in timeline.live.result().items())}
    indexes = [k for k, _ in timeline.log]
    assert indexes == sorted(indexes) and indexes[-1] == timeline.size


@needs_fixture
def test_damaged_file_keeps_everything_before_the_bad_action(tmp_path: Path) -> None:
    assert FIXTURE is not None
    data = json.loads(FIXTURE.read_text())
    data["actions"][40]["type"] = "teleport"
    record = GameRecord.from_dict(data, "damaged.json")
    timeline = GameTimeline(record)
    assert timeline.failure is not None
    assert timeline.failure.position == 40
    assert "teleport" in timeline.failure.message
    good = load_game(GameRecord.from_dict(json.loads(FIXTURE.read_text())), upto=40)
    assert state_of(timeline.live) == state_of(good)


def test_local_play_appends_checked_actions() -> None:
    record = GameRecord.new("1830", ["Ann", "Bob", "Cy", "Dee"])
    timeline = GameTimeline(record)
    assert timeline.size == 0
    timeline.append({"type": "bid", "entity": 1, "entity_type": "player", "company": "SV", "price": 20})
    assert timeline.size == 1
    assert record.actions[-1]["id"] == 1
    assert timeline.live.player_by_id(1).cash == 600 - 20
    before = state_of(timeline.live)
    with pytest.raises(GameError, match=r"turn|cannot"):
        timeline.append({"type": "bid", "entity": 3, "entity_type": "player", "company": "CS", "price": 45})
    assert state_of(timeline.live) == before
    assert timeline.size == 1 and len(record.actions) == 1
