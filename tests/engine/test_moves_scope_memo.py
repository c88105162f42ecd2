"""Answers kept while the moves of one state are worked out (engine/moves/registry.py): ``scope_memo`` and the
game questions declared ``per_state`` (1822CA's ``reach_a_lay_sees``) are asked once per state and arguments,
never kept past the state (the next state asks again), and left out of the copies the enumeration tries moves on."""

from __future__ import annotations

from typing import Any

import pytest

from engine.moves import legal_moves
from engine.moves.registry import _memoized_actions, _scope_memos, game_snapshot, scope_memo
from engine.moves.track import plain_enumeration
from tests.engine.moves_b_helpers import fixture, replay


def test_a_per_state_question_is_asked_once_per_state_and_dropped_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[Any, ...]] = []
    for game, _position, _data in replay(fixture("1822CA", "loan_payments_preserve_bank.json")):
        if type(game.round.active_step()).__name__ != "TrackCA":
            continue
        original = type(game).reach_a_lay_sees

        def spy(self: Any, *args: Any, _original: Any = original) -> Any:
            asked.append(args)
            return _original(self, *args)

        monkeypatch.setattr(type(game), "reach_a_lay_sees", spy)
        legal_moves(game)
        if asked:
            break
        monkeypatch.setattr(type(game), "reach_a_lay_sees", original)
    else:
        pytest.fail("no state asks reach_a_lay_sees")
    questions = {tuple(map(id, a)) for a in asked}
    assert len(asked) == len(questions)  # (each asked once in the state)
    legal_moves(game)  # (a new scope: asked again, as after any action)
    assert len(asked) == 2 * len(questions)
    with plain_enumeration():
        legal_moves(game)  # (the plain computation keeps nothing: asked as often as the steps ask)
    assert len(asked) > 3 * len(questions)
    corporation, hex_ = asked[0]
    del asked[:]
    with _memoized_actions(game):
        first = game.reach_a_lay_sees(corporation, hex_)
        assert game.reach_a_lay_sees(corporation, hex_) == first and len(asked) == 1
        assert scope_memo(game) is not None
        snapshot = game_snapshot(game)  # (the memo is left out: it could not be pickled)
        assert "reach_a_lay_sees" not in vars(snapshot.restore())
        with plain_enumeration():
            game.reach_a_lay_sees(corporation, hex_)  # (not from the memo)
            assert scope_memo(game) is None
        assert len(asked) == 2
    assert "reach_a_lay_sees" not in vars(game) and id(game) not in _scope_memos and scope_memo(game) is None
    game.reach_a_lay_sees(corporation, hex_)  # (outside a scope: asked every time)
    assert len(asked) == 3
