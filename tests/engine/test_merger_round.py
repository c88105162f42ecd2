"""The general merger round's turn structure (engine/rounds/interlude.py: MergerRound), shared by 1867/1861
(MergerRound1867) and 1817 (MergerRound1817)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, ClassVar

from engine.rounds.interlude import MergerRound


class _Player:
    def __init__(self, name: str) -> None:
        self.name = name
        self.passed = True

    def unpass(self) -> None:
        self.passed = False


class _Step:
    """A step active while ``busy``: set up for a corporation in ``WANTS`` (one with something to do)."""

    WANTS: ClassVar[set[str]] = {"B", "C"}

    def __init__(self, game: Any, round_: Any) -> None:
        self.game = game
        self.round = round_
        self.busy = False
        self.setups = 0

    def round_state(self) -> dict[str, Any]:
        return {}

    def setup(self) -> None:
        self.setups += 1
        entities = self.round._entities
        self.busy = bool(entities) and entities[self.round.entity_index] in self.WANTS

    def unpass(self) -> None:
        return None

    def active(self) -> bool:
        return self.busy

    def blocking(self) -> bool:
        return self.busy

    def blocks(self) -> bool:
        return True

    def active_entities(self) -> list[Any]:
        return [self.round.entities[self.round.entity_index % len(self.round.entities)]] if self.busy else []

    def actions(self, entity: Any) -> list[str]:
        return ["pass"] if self.busy else []


class _Round(MergerRound):
    DEFAULT_STEPS: ClassVar[tuple[Any, ...]] = ()
    turns_ended: list[Any]

    def select_entities(self) -> list[Any]:
        return ["B", "A", "C"]

    def after_turn(self) -> None:
        self.turns_ended.append((self.entity_index, self.converted))


def _round() -> tuple[_Round, _Step]:
    game = SimpleNamespace(players=[_Player("p1"), _Player("p2")])
    round_ = _Round.__new__(_Round)
    round_.turns_ended = []
    round_.__init__(game, [_Step])  # type: ignore[misc]
    step = round_.steps[0]
    assert isinstance(step, _Step)
    return round_, step


def _action(kind: str) -> Any:
    return SimpleNamespace(type=kind)


def test_a_turn_ends_when_no_step_is_active_after_a_turn_action() -> None:
    round_, step = _round()
    step.busy = True
    round_.clear_cache()
    round_.after_process(_action("convert"))  # a step still waits: the turn goes on
    assert round_.entity_index == 0 and round_.turns_ended == []
    step.busy = False
    round_.clear_cache()  # as the round's process_action does before after_process
    round_.converted = "B"
    assert round_.entities == round_.game.players  # the players act for a converted corporation
    round_.after_process(_action("buy_shares"))
    assert round_.turns_ended == [(0, "B")]  # the title's duty sees the converted corporation
    assert round_.converted is None and round_.entities == ["B", "A", "C"]
    assert all(not p.passed for p in round_.game.players)
    # A has nothing to do and is skipped; C's steps are set up and C takes its turn
    assert round_.entity_index == 2 and step.busy and step.setups == 3
    step.busy = False
    round_.clear_cache()
    round_.after_process(_action("pass"))
    assert round_.entity_index == 0 and round_.turns_ended == [(0, "B"), (2, None)]  # back to 0: the round ends


def test_free_actions_never_end_a_turn_and_a_title_may_narrow_them() -> None:
    round_, _step = _round()
    round_.after_process(_action("message"))
    round_.after_process(_action("program_share_pass"))
    assert round_.entity_index == 0 and round_.turns_ended == []

    class _Narrow(_Round):
        FREE_PREFIX: ClassVar[str | None] = None

    narrow = _Narrow.__new__(_Narrow)
    narrow.turns_ended = []
    narrow.__init__(round_.game, [_Step])  # type: ignore[misc]
    assert narrow.free_action(_action("message"))
    assert not narrow.free_action(_action("program_share_pass"))


def test_a_closing_corporation_does_not_move_the_turn() -> None:
    round_, _step = _round()
    round_.force_next_entity()
    assert round_.entity_index == 0
