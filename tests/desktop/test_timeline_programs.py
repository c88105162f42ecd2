"""Players' programs at the live end of the timeline: a click copies the game only when a program really acts.

``GameTimeline.append`` applies the action, then asks the programs about the state it leaves; only when one acts
is the action taken back and applied again with its ``auto_actions`` (evaluated on a copy).  A regression to "a
copy of the game on every click once anyone has a program" makes the first test fail (it counts evaluations, not
seconds); the recorded actions must replay to the same state either way.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import desktop.timeline as timeline_module
from desktop.timeline import GameTimeline
from engine import GameError, load_game
from engine.actions import Action
from engine.moves.registry import legal_moves
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import FIXTURES, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"


def _at_first_stock_round() -> GameTimeline:
    path = shared_or_skip(GAME_1830)
    record = GameRecord.load(path)
    actions = list(record.actions)
    record.actions = []
    timeline = GameTimeline(record)
    for action in actions:
        if legal_moves(timeline.live).step == "BuySellParShares":
            break
        timeline.append(dict(action))
    return timeline


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = timeline_module.programmed_after

    def counted(game: Any, action: Action) -> list[Action]:
        calls.append(1)
        return real(game, action)

    monkeypatch.setattr(timeline_module, "programmed_after", counted)
    return calls


def _player(game: Any, seat: int) -> Any:
    order = game.round.entities
    return order[(order.index(game.round.current_entity()) + seat) % len(order)]


def test_a_program_that_does_not_act_costs_no_evaluation_and_one_that_acts_is_recorded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    timeline = _at_first_stock_round()
    game = timeline.live
    first, second, third = (_player(game, k) for k in range(3))
    calls = _counting(monkeypatch)
    timeline.append({"type": "program_share_pass", "entity": third.id, "entity_type": "player"})
    timeline.append({"type": "pass", "entity": first.id, "entity_type": "player"})
    assert calls == []  # the programs did nothing after either action: no copy of the game was evaluated
    assert not timeline.record.actions[-1].get("auto_actions")
    assert timeline.live.round.current_entity().id == second.id
    timeline.append({"type": "pass", "entity": second.id, "entity_type": "player"})
    assert calls == [1]  # third's program passes for them: evaluated once, recorded with the pass
    autos = timeline.record.actions[-1]["auto_actions"]
    assert [(a["type"], a["entity"]) for a in autos][:1] == [("pass", third.id)]
    assert timeline.live.round.current_entity().id != third.id
    fresh = load_game(GameRecord.from_dict(json.loads(json.dumps(timeline.record.to_dict()))))
    assert state_of(fresh) == state_of(timeline.live)


def test_a_refused_action_with_programs_set_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    timeline = _at_first_stock_round()
    game = timeline.live
    first, second = _player(game, 0), _player(game, 1)
    timeline.append({"type": "program_share_pass", "entity": second.id, "entity_type": "player",
                     "indefinite": True})
    before = state_of(timeline.live)
    size = len(timeline.record.actions)
    with pytest.raises(GameError):  # not the second player's turn
        timeline.append({"type": "pass", "entity": second.id, "entity_type": "player"})
    assert len(timeline.record.actions) == size and state_of(timeline.live) == before
    timeline.append({"type": "pass", "entity": first.id, "entity_type": "player"})
    assert [a["entity"] for a in timeline.record.actions[-1]["auto_actions"]][:1] == [second.id]
