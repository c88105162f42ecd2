"""Replay-speed caches (issue 30) never change a result: the round's memory of the step its auto-skip stopped at,
the recorded form of an action read from a file, a tile's paths by edge, the graph walk's edge keys, and the
lay check of one hex without the shared traced walks."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import pytest

import engine.core.round as kernel_round
import engine.moves.track as track
from engine import build_game
from engine.core.actions import Action
from engine.core.digest import state_digest
from engine.core.game import _as_recorded
from engine.core.history import filter_actions
from engine.core.round import Round
from engine.core.step import Step
from engine.map.tile import Tile
from engine.moves.registry import LAY_FOCUS
from engine.record import GameRecord
from engine.steps.tracker import Tracker
from tests.engine.moves_b_helpers import fixture, replay


# --- the settled step --------------------------------------------------------------------------------------
class _Entity:
    closed = False


class _Counting(Step):
    """Blocks while ``open``; counts how often it is asked what it offers."""

    open: ClassVar[bool] = True

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.asked = 0

    def actions(self, entity: Any) -> list[str]:
        self.asked += 1
        return ["pass"] if self.open else []


class _Game:
    finished = False


class _Round(Round):
    DEFAULT_STEPS = ()

    def select_entities(self) -> list[Any]:
        return [_Entity(), _Entity()]


def _round() -> tuple[_Round, _Counting]:
    round_ = _Round(_Game(), [_Counting])  # type: ignore[arg-type]
    step = round_.steps[0]
    assert isinstance(step, _Counting)
    return round_, step


def test_the_auto_skip_answer_is_used_by_the_next_fresh_look_only() -> None:
    round_, step = _round()
    round_.skip_steps()
    asked = step.asked
    assert round_.active_step() is step
    assert step.asked == asked  # taken from the auto-skip, not asked again
    round_.clear_cache()
    assert round_.active_step() is step
    assert step.asked == asked + 1  # the memory is gone with the cache


def test_clear_cache_forgets_the_auto_skip_answer() -> None:
    round_, step = _round()
    round_.skip_steps()
    round_.clear_cache()
    step.passed = True  # a change after the auto-skip (announced by clearing the cache)
    assert round_.active_step() is None


def test_after_process_sees_the_answer_only_when_its_round_opts_in() -> None:
    seen: list[int] = []

    class Looking(_Round):
        def after_process(self, action: Any) -> None:
            before = self.steps[0].asked  # type: ignore[attr-defined]
            self.active_step()
            seen.append(self.steps[0].asked - before)  # type: ignore[attr-defined]

    class OptedIn(Looking):
        AFTER_PROCESS_LOOKS_FIRST = Looking.after_process

    for cls, expected in ((Looking, 1), (OptedIn, 0)):
        round_ = cls(_Game(), [_Counting])  # type: ignore[arg-type]
        entity = round_.entities[0]
        step = round_.steps[0]
        step.process_pass = lambda action: None  # type: ignore[method-assign]
        round_.process_action(Action.from_dict({"type": "pass", "entity": 1}), entity)
        assert seen[-1] == expected, cls.__name__
        assert round_._settled is None  # never kept beyond the action


@pytest.mark.parametrize(("title", "name"), [("1830", "26855.json"), ("1846", "3099.json")])
def test_replay_with_the_auto_skip_memory_equals_replay_without(
    title: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = fixture(title, name)
    record = GameRecord.load(path)
    kept, _ = filter_actions(record.actions)

    def digests() -> list[str]:
        game = build_game(record)
        found = []
        applied = [(position, data) for position, data in enumerate(kept) if data is not None]
        for n, (position, data) in enumerate(applied, 1):
            game.process_action(data, position)
            # a state that once differs stays different: a digest every few actions and at the end finds it
            if n % 20 == 0 or n == len(applied):
                found.append(state_digest(game))
        return found

    with_memory = digests()
    original = kernel_round.Round.skip_steps

    def forgetting(self: Round, found: Step | None = None) -> None:
        original(self)  # the step a fresh look has just found is not taken either: every step asked again
        self._settled = None

    monkeypatch.setattr(kernel_round.Round, "skip_steps", forgetting)
    assert digests() == with_memory


# --- recorded actions --------------------------------------------------------------------------------------
def test_recorded_form_of_a_read_action_is_to_dict() -> None:
    examples = [
        {"type": "pass", "entity": 1, "entity_type": "player", "id": 3, "created_at": 17},
        {"type": "pass", "entity": 1, "id": 3},  # no entity_type: to_dict adds it
        {
            "id": 9,
            "type": "buy_shares",
            "entity": 2,
            "entity_type": "player",
            "shares": ["PRR_1"],
            "percent": 10,
            "auto_actions": [{"type": "pass", "entity": "PRR", "entity_type": "corporation"}],
            "odd": [1, {"a": 2}],
        },
        {"type": "pass", "entity": 1, "entity_type": "player", "auto_actions": [{"type": "pass", "entity": 2}]},
    ]
    for data in examples:
        action = Action.from_dict(data)
        recorded = _as_recorded(data, action)
        assert recorded == action.to_dict() and list(recorded) == list(action.to_dict())
        if "auto_actions" in data:
            assert recorded["auto_actions"] is not data["auto_actions"]


def test_no_optional_action_field_has_a_default_value() -> None:
    """What makes a read action's own dictionary its ``to_dict``: an absent optional field stays absent."""

    def subclasses(cls: type) -> list[type]:
        return [c for s in cls.__subclasses__() for c in (s, *subclasses(s))]

    import engine.actions  # noqa: F401  (registers every action type)

    for cls in subclasses(Action):
        for item in dataclasses.fields(cls):
            if item.name in cls.OPTIONAL:  # type: ignore[attr-defined]
                assert item.default is None or item.default is dataclasses.MISSING, (cls, item.name)
                assert item.default_factory is dataclasses.MISSING, (cls, item.name)


# --- the map's caches ----------------------------------------------------------------------------------------
def test_tile_edge_paths_are_the_hex_paths_at_every_rotation() -> None:
    game = build_game(GameRecord.load(fixture("1830", "26855.json")))
    compared = 0
    for hex_ in game.hexes:
        tile: Tile = hex_.tile
        saved = tile.rotation
        try:
            for rotation in range(6):
                tile.rotate(rotation)
                assert tile.edge_paths(rotation) == hex_.paths
                compared += bool(hex_.paths)
        finally:
            tile.rotate(saved)
    assert compared > 100


def test_focused_entry_sides_equal_the_whole_enumeration() -> None:
    """A lay check of one hex (LAY_FOCUS) finds the entry sides by one walk emptied of the hex, without the
    traced shared walks: the same answers."""
    compared = 0
    for game, position, _data in replay(fixture("1846", "3099.json")):
        step = game.round.active_step()
        if not isinstance(step, Tracker) or position % 7:
            continue
        entity = step.current_entity()
        if not getattr(entity, "is_corporation", False):
            continue
        for hex_ in game.hexes:
            if not hex_.tile.paths:
                continue
            whole = track._entry_edges(game, entity, hex_, {})
            token = LAY_FOCUS.set(frozenset((hex_.id,)))
            try:
                focused = track._entry_edges(game, entity, hex_, {})
            finally:
                LAY_FOCUS.reset(token)
            assert focused == whole, (position, hex_.id)
            compared += 1
    assert compared > 100
