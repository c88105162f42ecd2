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


def _checked_active_step(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make every look for the active step that takes the settled step as it is (``Round._settled``) look afresh
    too (every step asked) and fail on a different answer; the returned counter counts the shortcuts taken."""
    taken = [0]
    original = kernel_round.Round.active_step

    def checked(self: Round, entity: Any = None) -> Step | None:
        settled = self._settled
        if entity is not None or self._active_step is not None or settled is None:
            return original(self, entity)
        found = original(self, entity)
        fresh = next((s for s in self.steps if s.active() and s.blocking()), None)
        assert found is fresh, f"{type(self).__name__}: settled on {settled!r}, a fresh look finds {fresh!r}"
        taken[0] += 1
        return found

    monkeypatch.setattr(kernel_round.Round, "active_step", checked)
    return taken


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("1817", None),
        ("1817WO", "19926.json"),
        ("18USA", "109372.json"),
        ("18Hiawatha", "164543.json"),
        ("1846", "19962.json"),
        ("1830", "26855.json"),
        ("1889", "314.json"),
    ],
)
def test_the_settled_step_is_what_a_fresh_look_finds(
    title: str, name: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round's ``after_process`` that looks first (``AFTER_PROCESS_LOOKS_FIRST``) takes the step the auto-skip
    settled on without asking it again, unless something it changed first told the round (``clear_cache``; in
    1817's operating round: the cash-crisis player, the interest paid).  Every such answer equals a fresh look."""
    from engine.titles.registry import fixture_folder
    from tests.conftest import fixture_files

    if name is None:
        files = fixture_files(fixture_folder(title))
        if not files:
            pytest.skip("no fixtures")
        path = files[0]
    else:
        path = fixture(title, name)
    record = GameRecord.load(path)
    kept, _ = filter_actions(record.actions)
    taken = _checked_active_step(monkeypatch)
    game = build_game(record)
    for position, data in enumerate(kept):
        if data is not None:
            game.process_action(data, position)
    assert game.finished
    assert taken[0] > 10, "the settled step was never taken"



@pytest.mark.parametrize("tells_the_round", [True, False])
def test_the_fresh_look_check_catches_a_change_the_round_was_not_told(
    tells_the_round: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above has teeth: an ``after_process`` that looks first but changes what the settled step offers
    without ``clear_cache`` is caught (its shortcut answer is stale); with ``clear_cache`` it looks afresh."""

    class Toggle(_Asked):
        def actions(self, entity: Any) -> list[str]:
            self.asked += 1
            return [] if self.round.done else ["pass"]  # type: ignore[attr-defined]

    class Toy(Round):
        DEFAULT_STEPS = ()

        def select_entities(self) -> list[Any]:
            return [_Entity()]

        def after_process(self, action: Any) -> None:
            self.done = True  # type: ignore[attr-defined]
            if tells_the_round:
                self.clear_cache()
            self.active_step()

        AFTER_PROCESS_LOOKS_FIRST = after_process

    class _Pass:
        type = "pass"
        entity = "someone"
        entity_type = ""

    round_ = Toy(_Game(), [Toggle, Toggle])  # type: ignore[arg-type]
    round_.done = False  # type: ignore[attr-defined]
    _checked_active_step(monkeypatch)
    if tells_the_round:
        round_.process_action(_Pass(), round_.entities[0])  # type: ignore[arg-type]
    else:
        with pytest.raises(AssertionError, match="a fresh look finds"):
            round_.process_action(_Pass(), round_.entities[0])  # type: ignore[arg-type]
