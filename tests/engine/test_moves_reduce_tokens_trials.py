"""Token reduction moves (engine/moves/mergers.py): a removal is tried on a copy of the game only when the plain
step could refuse it (once within the limit it finishes, and may refuse there); while every removal leaves the
survivor above its limit the moves are the same without the copies."""

from __future__ import annotations

from typing import Any

import pytest

import engine.moves.mergers as mergers
from engine.moves import legal_moves
from engine.steps.reduce_tokens import ReduceTokens
from tests.engine.moves_b_helpers import fixture, replay


def test_removals_tried_only_where_the_step_could_refuse_them(monkeypatch: pytest.MonkeyPatch) -> None:
    original = mergers._every_removal_keeps_reducing
    answers: list[bool] = []
    compared = 0
    for game, _position, _data in replay(fixture("18USA", "110327.json")):
        step = game.round.active_step()
        if not isinstance(step, ReduceTokens):
            continue
        answers.append(original(step, step.surviving()))
        shortcut = legal_moves(game)
        monkeypatch.setattr(mergers, "_every_removal_keeps_reducing", lambda *_a: False)
        try:
            tried: Any = legal_moves(game)
        finally:
            monkeypatch.setattr(mergers, "_every_removal_keeps_reducing", original)
        assert shortcut.moves == tried.moves and shortcut.unusable == tried.unusable
        assert any(m.type == "remove_token" for m in shortcut.moves)
        compared += 1
    # (three removals there: the first two leave the survivor above its limit, the last one finishes)
    assert compared >= 3 and answers.count(True) >= 2 and answers.count(False) >= 1
