"""The kernel alone: High Card (tests/engine/kernel_highcard.py), a bidding game with its own steps and action
type, runs on ``engine.core`` with no 18xx rule module: new game, actions, the undo/redo filter, replay from
its record, refusal that changes nothing, the result."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from engine.core.actions import Action
from engine.core.history import filter_actions
from engine.errors import GameError, InvalidAction
from tests.conftest import REPO
from tests.engine.kernel_highcard import CARDS, START_COINS, HighCard, state

PLAYERS = [(1, "Ann"), (2, "Bob")]


def bid(pid: int, price: int) -> dict[str, Any]:
    return {"type": "bid", "entity": pid, "entity_type": "player", "price": price}


def pass_(pid: int) -> dict[str, Any]:
    return {"type": "pass", "entity": pid, "entity_type": "player"}


def play_out(game: HighCard) -> None:
    """Whoever is to act bids 1 more than the high bid when they can afford it and the card is worth 3+."""
    while not game.finished:
        player = game.round.current_entity()
        step = game.round.steps[-1]
        if game.round.card >= 3 and step.high + 1 <= player.coins and step.leader is not player:
            game.apply(bid(player.id, step.high + 1))
        else:
            game.apply(pass_(player.id))


def test_a_new_game_deals_from_the_seeded_generator() -> None:
    one, two, other = HighCard(PLAYERS, seed=7), HighCard(PLAYERS, seed=7), HighCard(PLAYERS, seed=8)
    dealt = [one.round.card, *one.deck]
    assert sorted(dealt) == list(CARDS)
    assert dealt == [two.round.card, *two.deck]
    assert dealt != [other.round.card, *other.deck] or one.rng.state != other.rng.state
    assert one.round.current_entity() is one.players[0]
    assert one.round.actions_for(one.players[0]) == ["end_game", "message", "log", "bid", "pass"]


def test_an_auction_is_won_paid_and_scored() -> None:
    game = HighCard(PLAYERS, seed=3, strict=True)
    ann, bob = game.players
    card = game.round.card
    game.apply(bid(1, 2))
    game.apply(bid(2, 4))
    assert game.round.current_entity() is ann
    game.apply(pass_(1))
    assert (bob.coins, bob.points) == (START_COINS - 4, card)
    assert game.turn == 2 and game.round.current_entity() is bob  # the next card, its first bidder rotates
    assert not ann.passed
    assert game.live_checks == 3  # the live-legality hook ran for each action in strict mode


@pytest.mark.parametrize("strict", [True, False])
def test_a_refused_action_changes_nothing(strict: bool) -> None:
    game = HighCard(PLAYERS, seed=3, strict=strict)
    game.apply(bid(1, 3))
    before = state(game)
    # Out of turn: refused by the game's live-legality hook in strict mode, by the round's dispatch otherwise.
    wrong_turn = "Ann cannot (bid|pass) now" if strict else "it is Bob's turn"
    for action, message in ((bid(2, 3), "must bid more than 3"), (bid(2, 11), "has only 10 coins"),
                            (bid(1, 5), wrong_turn), (pass_(1), wrong_turn)):
        with pytest.raises(GameError, match=message):
            game.apply(action)
        assert state(game) == before
        with pytest.raises(GameError):
            game.validate(action)
        assert state(game) == before


@pytest.mark.parametrize("position", [None, 1])
def test_an_action_refused_half_way_while_loading_changes_nothing(
    position: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loading, a refusal after the action changed something takes the game back: a recorded action (a position)
    always rebuilds the game (it takes no change marker), a trial (none) when the marker moved."""
    game = HighCard(PLAYERS, seed=3, strict=False)
    game.process_action({**bid(1, 3), "id": 1}, 0)
    before = state(game)
    lines = list(game.log_lines)
    original = type(game).process_single_action

    def half_way(self: HighCard, action: Action) -> None:
        if action.id == 99:
            self.log("changed before the refusal")
            raise GameError("refused half-way")
        original(self, action)

    monkeypatch.setattr(type(game), "process_single_action", half_way)
    with pytest.raises(GameError, match="refused half-way"):
        game.process_action({**bid(2, 5), "id": 99}, position)
    assert state(game) == before and game.log_lines == lines
    game.process_action({**bid(2, 5), "id": 2}, position)  # and the game goes on
    assert game.round.steps[-1].high == 5


def test_the_game_has_only_its_own_action_types() -> None:
    game = HighCard(PLAYERS, seed=3, strict=True)
    before = state(game)
    for data in ({"type": "lay_tile", "entity": 1, "tile": "57-0", "hex": "G15", "rotation": 0},
                 {"type": "bid", "entity": 1, "company": "SV"}):  # an 18xx bid: no price
        with pytest.raises(InvalidAction):
            game.apply(data)
        assert state(game) == before
    with pytest.raises(InvalidAction, match="unknown player"):
        game.apply(bid(9, 1))
    assert state(game) == before


def test_the_game_ends_with_a_result() -> None:
    game = HighCard(PLAYERS, seed=11, strict=True)
    play_out(game)
    assert game.finished and game.game_end_reason == "cards_out"
    result = game.result()
    assert set(result) == {"1", "2"}
    assert list(result.values()) == sorted(result.values(), reverse=True)
    assert result == {str(p.id): p.points for p in sorted(game.players, key=lambda p: -p.points)}
    assert sum(result.values()) <= sum(CARDS)
    assert game.log_lines[-1].startswith("-- Game over: ")
    with pytest.raises(GameError, match="cannot pass now"):  # the live-legality hook: no moves are left
        game.process_action(pass_(1))
    game.loading = True
    with pytest.raises(GameError, match="the game is over"):  # the round refuses too
        game.process_action(pass_(1))


def test_undo_and_redo_live_and_in_the_record() -> None:
    game = HighCard(PLAYERS, seed=5, strict=True)
    game.apply(bid(1, 2))
    after_one = state(game)
    game.apply(bid(2, 3))
    after_two = state(game)
    game.apply({"type": "undo", "entity": 2, "entity_type": "player"})
    assert state(game)[:-4] == after_one[:-4]  # the same game; the log of raw actions holds the undo
    game.apply({"type": "redo", "entity": 2, "entity_type": "player"})
    assert state(game)[:-4] == after_two[:-4]
    with pytest.raises(GameError, match="nothing to redo"):
        game.apply({"type": "redo", "entity": 2, "entity_type": "player"})
    game.apply({"type": "undo", "entity": 2, "entity_type": "player"})
    game.apply(pass_(2))  # a new action after an undo drops the redo
    kept, _ = filter_actions(game.raw_actions)
    assert [a["type"] if a else None for a in kept] == ["bid", None, None, None, None, "pass"]
    assert game.round.steps[-1].leader is None or game.turn == 2


def test_replaying_the_record_rebuilds_the_same_game() -> None:
    game = HighCard(PLAYERS, seed=13, strict=True)
    game.apply(bid(1, 1))
    game.apply({"type": "message", "entity": 2, "entity_type": "player", "message": "hm"})
    game.apply(bid(2, 2))
    game.apply({"type": "undo", "entity": 2, "entity_type": "player"})
    play_out(game)
    record = [Action.from_dict(a, action_types=HighCard.ACTION_TYPES).to_dict() for a in game.raw_actions]
    assert record == game.raw_actions  # the codec round-trips the game's own actions
    fresh = HighCard(PLAYERS, seed=13)
    applied = list(fresh.replay(record))
    assert len(applied) == len(game.actions)
    assert state(fresh) == state(game)
    assert fresh.result() == game.result() and fresh.messages == game.messages == [(2, "hm")]
    assert fresh.live_checks == 0  # loading a record skips the live checks
    midway = HighCard(PLAYERS, seed=13)
    list(midway.replay(record, upto=3))
    assert len(midway.actions) == 2 and not midway.finished


def test_the_kernel_needs_no_18xx_module() -> None:
    """Importing the kernel and running High Card loads no 18xx rule module (checked statically too, by the
    import contract in pyproject.toml)."""
    code = (
        "import sys\n"
        "from tests.engine.kernel_highcard import HighCard\n"
        "g = HighCard([(1, 'A'), (2, 'B')], seed=1)\n"
        "g.apply({'type': 'pass', 'entity': 1})\n"
        "rules = ('engine.game', 'engine.model', 'engine.map', 'engine.steps', 'engine.rounds', 'engine.titles',"
        " 'engine.moves', 'engine.routing', 'engine.actions')\n"
        "print(sorted(m for m in sys.modules if m.startswith(rules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_live_undo_leaves_one_game_object_behind() -> None:
    """After an undo or redo in live play every part of the game (its round and steps) belongs to the game
    itself, not to a rebuilt copy: later changes through the steps are the game's changes."""
    game = HighCard(PLAYERS, seed=5, strict=True)
    game.apply(bid(1, 2))
    game.apply(bid(2, 3))
    game.apply({"type": "undo", "entity": 2, "entity_type": "player"})
    assert game.round.game is game and all(step.game is game for step in game.round.steps)
    game.apply({"type": "redo", "entity": 2, "entity_type": "player"})
    assert game.round.game is game and all(step.game is game for step in game.round.steps)
    play_out(game)
    fresh = HighCard(PLAYERS, seed=5)
    list(fresh.replay(game.raw_actions))
    assert state(fresh) == state(game) and fresh.result() == game.result()


def test_a_move_after_the_game_end_is_refused_as_game_over_not_by_the_message_step() -> None:
    """Irish Gauge after its end said "Message for Bob cannot take call dividends"."""
    import random

    from engine import new_game
    from engine.moves.registry import legal_moves

    game = new_game("Irish Gauge", ["Ann", "Bob", "Cy"], seed=3)
    rng = random.Random(1)
    while not game.finished:
        game.process_action(rng.choice(legal_moves(game).moves).sample(rng))
    for player in game.players:
        with pytest.raises(GameError) as refused:
            game.process_action({"type": "call_dividends", "entity": player.id, "entity_type": "player"})
        assert str(refused.value).startswith("the game is over: ") and "Message" not in str(refused.value)
