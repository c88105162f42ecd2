"""Token reduction moves (engine/moves/mergers.py): with the plain ReduceTokens step a removal is tried on a copy
of the game only when the step could refuse it (once within the limit it finishes, and the finish refuses only
when more stations would be placed than the limit); the moves are the same as with every removal tried."""

from __future__ import annotations

from typing import Any

import pytest

import engine.moves.mergers as mergers
from engine.moves import legal_moves
from engine.steps.reduce_tokens import ReduceTokens
from tests.engine.moves_b_helpers import fixture, replay


def test_removals_tried_only_where_the_step_could_refuse_them(monkeypatch: pytest.MonkeyPatch) -> None:
    may_refuse, plain_reduction = mergers._plain_finish_may_refuse, mergers._plain_reduction
    finishing = 0  # removals after which the survivor is within its limit (the step finishes)
    compared = 0
    for game, _position, _data in replay(fixture("18USA", "110327.json")):
        step = game.round.active_step()
        if not isinstance(step, ReduceTokens):
            continue
        assert plain_reduction(step)
        surviving = step.surviving()
        for index, token in enumerate((*surviving.tokens, *step.merger.others_tokens(step.acquired()))):
            if not token.used or token.city is None:
                continue
            assert not may_refuse(step, surviving, token)  # (no removal there could be refused)
            copied = game.copy()  # (removed on a copy: is the survivor then within its limits?)
            trial = copied.round.active_step()
            mine = trial.surviving()
            (*mine.tokens, *trial.merger.others_tokens(trial.acquired()))[index].remove()
            finishing += not trial.merger.tokens_above_limits(mine, trial.acquired())
        shortcut = legal_moves(game)
        monkeypatch.setattr(mergers, "_plain_reduction", lambda *_a: False)
        try:
            tried: Any = legal_moves(game)
        finally:
            monkeypatch.setattr(mergers, "_plain_reduction", plain_reduction)
        assert shortcut.moves == tried.moves and shortcut.unusable == tried.unusable
        assert any(m.type == "remove_token" for m in shortcut.moves)
        compared += 1
    # (three removals there: the first two leave the survivor above its limit, the last one finishes)
    assert compared >= 3 and finishing >= 1
