"""Replay-speed caches of the step machinery (issue 30) never change a result: as an operator's turn starts, the
round's fresh look for the active step is the auto-skip's first question too when nothing changed in between
(``Round.skip_steps(found)``, ``OperatingRound.start_operating``): the step is not asked again.  Checked on toy
rounds (which question is saved, when it is not) and on real games of several titles, replayed with the saved
question and without it: the same state every few actions and the same log."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

import engine.core.round as kernel_round
from engine import build_game
from engine.core.digest import state_digest
from engine.core.history import filter_actions
from engine.core.round import Round
from engine.core.step import Step
from engine.record import GameRecord
from tests.engine.moves_b_helpers import fixture


class _Entity:
    closed = False


class _Asked(Step):
    """Counts how often it is asked what it offers; blocks by rule unless ``RULE_BLOCKS`` is false."""

    RULE_BLOCKS: ClassVar[bool] = True
    OFFERS: ClassVar[list[str]] = ["pass"]

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.asked = 0

    def actions(self, entity: Any) -> list[str]:
        self.asked += 1
        return list(self.OFFERS)

    def blocks(self) -> bool:
        return self.RULE_BLOCKS


class _Idle(_Asked):
    """Blocks by rule, offers nothing now: the auto-skip skips it."""

    OFFERS: ClassVar[list[str]] = []


class _NeverBlocks(_Asked):
    RULE_BLOCKS: ClassVar[bool] = False


class _Game:
    finished = False

    def log(self, text: str) -> None:
        return None

    def entity_name(self, entity: Any) -> str:
        return "someone"


def _round(*steps: type[Step]) -> Round:
    class Toy(Round):
        DEFAULT_STEPS = ()

        def select_entities(self) -> list[Any]:
            return [_Entity(), _Entity()]

    return Toy(_Game(), list(steps))  # type: ignore[arg-type]


def test_a_step_just_found_first_in_line_is_not_asked_again() -> None:
    round_ = _round(_NeverBlocks, _Asked)
    quiet, found = round_.steps
    assert round_.active_step() is found
    asked = (quiet.asked, found.asked)
    round_.skip_steps(found)
    assert (quiet.asked, found.asked) == asked  # taken as found
    assert round_._settled is found and not found.passed
    round_.skip_steps()  # without it: asked again
    assert found.asked == asked[1] + 1 and round_._settled is found


def test_a_step_behind_one_the_auto_skip_would_skip_is_asked_again() -> None:
    round_ = _round(_Idle, _Asked)
    idle, found = round_.steps
    round_.skip_steps(found)  # idle blocks by rule: the auto-skip asks it, skips it, then asks found
    assert idle.passed and idle.asked == 1 and found.asked == 1
    assert round_._settled is found


def test_a_closed_current_entity_takes_no_shortcut() -> None:
    round_ = _round(_Asked)
    (found,) = round_.steps
    round_.entities[0].closed = True
    round_.skip_steps(found)
    assert round_._settled is None and not found.passed  # the auto-skip passes over a closed entity's steps


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("1846", "19962.json"),
        ("1830", "26855.json"),
        ("1889", "314.json"),
        ("1822", "33845.json"),
        ("18Chesapeake", "1277.json"),
    ],
)
def test_replay_with_the_saved_question_equals_replay_without(
    title: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = GameRecord.load(fixture(title, name))
    kept, _ = filter_actions(record.actions)
    applied = [(position, data) for position, data in enumerate(kept) if data is not None]
    taken = [0]
    original = kernel_round.Round._first_to_ask

    def counting(self: Round, found: Step) -> bool:
        answer = original(self, found)
        taken[0] += answer
        return answer

    def run() -> tuple[list[str], list[str]]:
        game = build_game(record)
        digests = []
        for n, (position, data) in enumerate(applied, 1):
            game.process_action(data, position)
            if n % 20 == 0 or n == len(applied):  # a state that once differs stays different
                digests.append(state_digest(game))
        return digests, list(game.log_lines)

    monkeypatch.setattr(kernel_round.Round, "_first_to_ask", counting)
    with_shortcut = run()
    if title != "1822":  # 1822 places home tokens its own way as a turn starts: no shortcut there
        assert taken[0] > 10, "the shortcut was never taken"
    monkeypatch.setattr(kernel_round.Round, "_first_to_ask", lambda self, found: False)
    assert run() == with_shortcut
