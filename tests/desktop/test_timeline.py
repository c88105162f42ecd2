"""The history timeline: snapshots give exactly the state of a fresh replay, failures keep the good part."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from desktop.timeline import RESTORE_IN_ACTIONS, SNAPSHOT_EVERY, GameTimeline
from engine import GameError, load_game
from engine.core.history import filter_actions
from engine.map.parts import Part
from engine.map.slotstate import slot_names
from engine.map.tile import Tile
from engine.model.token import Token
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
        p.name: v for p, v in ((timeline.live.player_by_id(pid), v) for pid, v in timeline.live.result().items())
    }
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


# --- lazy history: the live end first, snapshots and chart series afterwards --------------------------------------
def _eager_and_lazy(data: dict[str, object]) -> tuple[GameTimeline, GameTimeline]:
    eager = GameTimeline(GameRecord.from_dict(json.loads(json.dumps(data))))
    lazy = GameTimeline(GameRecord.from_dict(json.loads(json.dumps(data))), lazy=True)
    return eager, lazy


@needs_fixture
def test_lazy_timeline_shows_the_live_end_before_its_history() -> None:
    assert FIXTURE is not None
    eager, lazy = _eager_and_lazy(json.loads(FIXTURE.read_text()))
    assert not lazy.history_complete
    assert list(lazy.snapshots) == [0] and len(lazy.stats) == 1
    # what the window shows at once is all there
    assert state_of(lazy.live) == state_of(eager.live)
    assert lazy.size == eager.size and lazy.positions == eager.positions
    assert lazy.log == eager.log
    assert lazy.markers == eager.markers
    # built a few actions at a time, the history ends exactly as the eager one
    steps = 0
    while not lazy.build_history(budget=25):
        steps += 1
        assert len(lazy.stats) == 1 + 25 * steps
    assert steps >= lazy.size // 25 - 1
    assert lazy.history_complete
    assert sorted(lazy.snapshots) == sorted(eager.snapshots)
    assert lazy.stats == eager.stats
    assert state_of(lazy.live) == state_of(eager.live)


@needs_fixture
def test_lazy_timeline_jumps_before_its_history_is_built_equal_fresh_replays() -> None:
    assert FIXTURE is not None
    _, lazy = _eager_and_lazy(json.loads(FIXTURE.read_text()))
    rng = random.Random(11)
    for n, index in enumerate([lazy.size // 2, 3, lazy.size - 2] + [rng.randint(0, lazy.size) for _ in range(5)]):
        upto = lazy.raw_position(index) + 1 if index else 0
        fresh = load_game(GameRecord.load(FIXTURE), upto=upto)
        assert state_of(lazy.game_at(index)) == state_of(fresh), index
        if n == 0:  # the jump to the middle built the history that far, not further
            assert not lazy.history_complete
            assert max(lazy.snapshots) <= lazy.size // 2 < len(lazy.stats)


@needs_fixture
def test_lazy_timeline_plays_on_and_undoes_before_its_history_is_built() -> None:
    assert FIXTURE is not None
    data = json.loads(FIXTURE.read_text())
    actions = [a for a in filter_actions(data["actions"])[0] if a is not None]
    data["actions"] = actions[:60]
    for key in ("result", "game_end_reason"):
        data.pop(key, None)
    _, lazy = _eager_and_lazy(data)
    assert not lazy.history_complete
    for action in actions[60:70]:  # played at the live end while the history lags behind
        lazy.append(dict(action))
    assert not lazy.history_complete
    lazy.complete_history()
    expected = dict(data, actions=actions[:70])
    eager = GameTimeline(GameRecord.from_dict(json.loads(json.dumps(expected))))
    assert lazy.stats == eager.stats
    assert sorted(lazy.snapshots) == sorted(eager.snapshots)
    for index in (0, 35, 61, 69, 70):
        assert state_of(lazy.game_at(index)) == state_of(eager.game_at(index)), index
    # an undo with the history not yet built: it is built first, then rewound
    _, lazy = _eager_and_lazy(data)
    last = lazy.record.actions[-1]
    lazy.record.actions.append(
        {"type": "undo", "entity": last["entity"], "entity_type": last["entity_type"], "id": last["id"] + 1}
    )
    lazy.sync()
    eager = GameTimeline(GameRecord.from_dict(json.loads(json.dumps(dict(data, actions=actions[:59])))))
    assert lazy.size == 59 and lazy.history_complete
    assert state_of(lazy.live) == state_of(eager.live)
    assert lazy.stats == eager.stats


def _map_of(game: object) -> list[tuple[str, str, int, list[int], dict[int, int]]]:
    """Each hex's tile with its rotation and its exits (read through the shared per-rotation tables)."""
    return [(h.id, h.tile.id, h.tile.rotation, list(h.tile.exits), dict(h.tile.exit_count)) for h in game.hexes]  # type: ignore[attr-defined]


def _ref(value: Any) -> Any:
    """A slot's value with the game's objects named (comparable between two games)."""
    if isinstance(value, Tile):
        return ("tile", value.id)
    if isinstance(value, Part):
        return (type(value).__name__, value.tile.id if value.tile is not None else None, value.index)
    if isinstance(value, Token):
        return ("token", value.corporation.name, value.price, value.type, value.used)
    if isinstance(value, list | tuple):
        return [_ref(item) for item in value]
    if isinstance(value, dict):
        return [(_ref(key), _ref(item)) for key, item in value.items()]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return (type(value).__name__, getattr(value, "id", None), getattr(value, "name", None))


def _tiles_of(game: Any) -> list[Any]:
    """Every slot of every tile on the map and in the supply, and of their parts, but the caches (the history's
    snapshots pickle tiles and parts by their slots: engine.map.slotstate)."""
    tiles = [h.tile for h in game.hexes] + sorted(game.tiles, key=lambda t: t.id)
    found = []
    for tile in tiles:
        for obj in (tile, *tile.parts, *(edge for path in tile.paths + tile.future_paths for edge in path.edges)):
            transient = obj.TRANSIENT if isinstance(obj, Part) else ("_edge_paths", "_spots_by_rotation")
            names = [n for n in slot_names(type(obj)) if n not in transient]
            found.append((type(obj).__name__, [(n, _ref(getattr(obj, n, "<unset>"))) for n in names]))
    return found


JUMP_TITLES = ("1846", "1822", "1822PNW", "18Chesapeake")


@pytest.mark.parametrize("title", JUMP_TITLES)
def test_random_jumps_and_an_undo_after_them_equal_fresh_replays(title: str) -> None:
    files = fixture_files(title)
    if not files:
        pytest.skip(f"../shared/fixtures/{title} is absent")
    path = files[0]
    timeline = GameTimeline(GameRecord.load(path))
    assert timeline.failure is None, timeline.failure
    rng = random.Random(title)
    # forward and backward jumps, near and far (a forward jump may continue from the last one)
    indexes = [rng.randint(0, timeline.size) for _ in range(6)]
    indexes += [indexes[-1] + 1, max(0, indexes[-1] - 1), 0, timeline.size]
    for index in indexes:
        index = min(index, timeline.size)
        upto = timeline.raw_position(index) + 1 if index else 0
        fresh = load_game(GameRecord.load(path), upto=upto)
        jumped = timeline.game_at(index)
        assert state_of(jumped) == state_of(fresh), (title, index)
        assert _map_of(jumped) == _map_of(fresh), (title, index)
        assert _tiles_of(jumped) == _tiles_of(fresh), (title, index)
    # an undo at the live end after jumping into the past (a game cut two thirds in, as if being played)
    data = json.loads(path.read_text())
    actions = [a for a in filter_actions(data["actions"])[0] if a is not None and a.get("type") != "message"]
    data["actions"] = actions[: len(actions) * 2 // 3]
    for key in ("result", "game_end_reason"):
        data.pop(key, None)
    timeline = GameTimeline(GameRecord.from_dict(json.loads(json.dumps(data))))
    assert timeline.failure is None, timeline.failure
    timeline.game_at(timeline.size // 3)
    last = timeline.record.actions[-1]
    timeline.record.actions.append(
        {"type": "undo", "entity": last["entity"], "entity_type": last["entity_type"], "id": last["id"] + 1}
    )
    timeline.sync()
    expected = json.loads(json.dumps(dict(data, actions=data["actions"][:-1])))
    fresh = load_game(GameRecord.from_dict(expected))
    assert timeline.size == len(data["actions"]) - 1
    assert state_of(timeline.live) == state_of(fresh)
    assert _map_of(timeline.live) == _map_of(fresh)
    middle = timeline.size // 2
    fresh = load_game(GameRecord.from_dict(json.loads(json.dumps(expected))), upto=middle)
    assert state_of(timeline.game_at(middle)) == state_of(fresh)
    assert _map_of(timeline.game_at(middle)) == _map_of(fresh)


@needs_fixture
def test_lazy_open_keeps_the_live_game_out_of_the_collector_until_the_history_is_built() -> None:
    """A lazy open freezes what it built (no full collection before the first paint); the finished history
    collects what became garbage meanwhile, a game opened before and dropped included."""
    import gc
    import weakref

    assert FIXTURE is not None
    gc.unfreeze()
    try:
        first = GameTimeline(GameRecord.load(FIXTURE), lazy=True)
        assert not first.history_complete
        assert gc.get_freeze_count() > 0  # the live game is out of the collector's way at once
        dropped = weakref.ref(first.live)
        first.complete_history()
        del first
        second = GameTimeline(GameRecord.load(FIXTURE), lazy=True)
        second.complete_history()  # collects what was frozen before (the first timeline is garbage now)
        assert dropped() is None
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


@needs_fixture
def test_a_step_forward_goes_on_from_the_last_jump_across_a_snapshot() -> None:
    """Stepping forward through the history replays one action from the game shown, also onto a snapshot's index
    (no snapshot loaded), and each step equals a fresh replay."""
    assert FIXTURE is not None
    timeline = GameTimeline(GameRecord.load(FIXTURE))
    snapshot = sorted(k for k in timeline.snapshots if 0 < k < timeline.size)[3]
    start = snapshot - 2
    shown = timeline.game_at(start)
    for index in range(start + 1, snapshot + 3):
        game = timeline.game_at(index)
        assert game is shown, index  # the same game, advanced
        fresh = load_game(GameRecord.load(FIXTURE), upto=timeline.raw_position(index) + 1)
        assert state_of(game) == state_of(fresh), index
    # far ahead: a snapshot is loaded
    far = timeline.game_at(snapshot + RESTORE_IN_ACTIONS + 3 * SNAPSHOT_EVERY)
    assert far is not shown
