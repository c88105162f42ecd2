"""A pending home token that was placed meanwhile by other means deadlocks the round, as in the reference.

18NL playout seed 5091: NZO chose its home hex (H13), then bought P2 and used its free token elsewhere before
placing the home token; P2's token is NZO's first, the pending home token, so placing the home token is refused
("Token is already used") by both engines and nothing else may happen.  Live play refuses the action that leads
there (``refuse_stall``) and the legal moves offer no home token that cannot be placed."""

from __future__ import annotations

import random

import pytest

from engine import load_game
from engine.errors import GameError
from engine.moves import legal_moves
from tests.conftest import FIXTURES, shared_or_skip

GAME = FIXTURES / "1830" / "26855.json"


def _pending_home_token() -> object:
    game = load_game(shared_or_skip(GAME), upto=290)  # ERIE's home token waits for its city
    step = game.round.active_step()
    assert type(step).__name__ == "HomeToken" and step.token.corporation.name == "ERIE"
    return game


def test_a_pending_home_token_still_unplaced_is_offered() -> None:
    game = _pending_home_token()
    assert not game.round.stalled()
    assert [m.type for m in legal_moves(game).moves] and {m.type for m in legal_moves(game).moves} == {"place_token"}


def test_a_pending_home_token_already_used_deadlocks_the_round() -> None:
    game = _pending_home_token()
    step = game.round.active_step()
    move = legal_moves(game).moves[0]
    step.token.used = True  # what P2's free token did to NZO's home token
    assert game.round.active_step() is step
    assert step.deadlocked()
    assert game.round.stalled()
    assert legal_moves(game).moves == []
    with pytest.raises(GameError, match="already used"):
        game.process_action(move.sample(random.Random(1)))


def test_a_pending_home_token_with_no_hex_left_deadlocks_the_round() -> None:
    """1877: Venezuela playout seed 7001: a corporation without a printed home is started when every city is full;
    its home token has no hex to go to and the reference stops there."""
    game = _pending_home_token()
    step = game.round.active_step()
    move = legal_moves(game).moves[0]
    step.pending_token()["hexes"] = []
    assert step.deadlocked() and game.round.stalled()
    assert legal_moves(game).moves == []
    with pytest.raises(GameError, match="not available"):
        game.process_action(move.sample(random.Random(1)))
