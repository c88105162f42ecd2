"""Legal moves of the selection auction (engine/moves/selection_auction.py).

The step is general: any title may sell its privates with it.  These tests give 1889 (no private with a
president's certificate) the selection auction instead of its waterfall auction and check that the legal moves
are exactly what the step takes: the player to act bids on the first company still unsold (at least its face
value to open, the high bid plus the increment to raise, at most their cash) or passes; every other action is
refused with a reason, and nothing changes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import new_game
from engine.errors import GameError, IllegalAction
from engine.moves import legal_moves
from engine.moves.base import PassMove
from engine.moves.registry import check_action, check_live
from engine.moves.selection_auction import SelectionBidMove, all_pass_outcome, bidders_in_turn, on_offer
from engine.steps.auction import CompanyPendingPar
from engine.steps.selection_auction import PassableSelectionAuction, SelectionAuction
from engine.trace import state_of

PLAYERS = ["Ann", "Bob", "Cyd", "Dee"]


def _game(monkeypatch: pytest.MonkeyPatch, step: type = SelectionAuction, seed: int = 3) -> Any:
    game_class = type(new_game("1889", PLAYERS, seed=seed))
    monkeypatch.setattr(game_class, "auction_round_steps", lambda self: [CompanyPendingPar, step])
    game = new_game("1889", PLAYERS, seed=seed)
    assert type(game.round.active_step()) is step
    return game


def _auction(game: Any) -> Any:
    step = game.round.active_step()
    return step if isinstance(step, SelectionAuction) else None


def test_the_first_player_opens_the_first_company_at_its_face_value_or_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game(monkeypatch)
    step = _auction(game)
    moves = legal_moves(game)
    first = step.companies[0]
    ann = game.players[0]
    assert moves.step == "SelectionAuction" and moves.acting == [("player", ann.id)]
    bids = moves.of_type("bid")
    assert len(bids) == 1
    bid = bids[0]
    assert isinstance(bid, SelectionBidMove)
    assert (bid.target, bid.min_bid, bid.max_bid) == (first.id, int(first.value), int(ann.cash))
    assert bid.opening and bid.high_bid is None and bid.face == int(first.value)
    assert [m.type for m in moves.of_type("pass")] == ["pass"]
    assert on_offer(step) is first
    assert bidders_in_turn(step)[0] is ann


def test_bids_outside_the_move_are_refused_and_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game(monkeypatch)
    step = _auction(game)
    ann, bob = game.players[0], game.players[1]
    first, second = step.companies[0], step.companies[1]
    low = int(first.value)
    before = state_of(game)
    wrong = [
        ({"type": "bid", "entity": ann.id, "entity_type": "player", "company": first.id, "price": low - 1},
         "below the minimum"),
        ({"type": "bid", "entity": ann.id, "entity_type": "player", "company": first.id, "price": ann.cash + 1},
         "above the maximum"),
        ({"type": "bid", "entity": ann.id, "entity_type": "player", "company": second.id, "price": 500},
         "choices|must|not a bid"),
        ({"type": "bid", "entity": bob.id, "entity_type": "player", "company": first.id, "price": low},
         "not Bob's turn"),
        ({"type": "pass", "entity": bob.id, "entity_type": "player"}, "not Bob's turn"),
    ]
    from engine.actions import Action

    for action, reason in wrong:
        with pytest.raises(IllegalAction, match=reason):
            check_action(game, action)
        with pytest.raises(GameError):
            check_live(game, Action.from_dict(action))
        assert state_of(game) == before
    ok = {"type": "bid", "entity": ann.id, "entity_type": "player", "company": first.id, "price": low + 7}
    assert check_action(game, ok)


def test_a_raise_starts_at_the_high_bid_plus_the_increment_and_the_turn_goes_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game(monkeypatch)
    step = _auction(game)
    ann, bob, cyd = game.players[:3]
    first = step.companies[0]
    game.process_action({"type": "bid", "entity": ann.id, "entity_type": "player", "company": first.id,
                         "price": int(first.value) + 10})
    moves = legal_moves(game)
    assert moves.acting == [("player", bob.id)]
    bid = moves.of_type("bid")[0]
    assert isinstance(bid, SelectionBidMove)
    assert not bid.opening and bid.high_bid == int(first.value) + 10 and bid.high_bidder == ann.id
    assert bid.min_bid == int(first.value) + 10 + step.min_increment()
    # the opener answers last
    assert [p.name for p in bidders_in_turn(step)] == ["Bob", "Cyd", "Dee", "Ann"]
    game.process_action(moves.of_type("pass")[0].base())
    assert legal_moves(game).acting == [("player", cyd.id)]
    assert all(p is not bob for p in bidders_in_turn(step))


def test_a_player_who_cannot_afford_the_minimum_sees_why(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game(monkeypatch)
    step = _auction(game)
    ann = game.players[0]
    first = step.companies[0]
    ann.cash, game.bank.cash = int(first.value) - 1, game.bank.cash + ann.cash - int(first.value) + 1
    moves = legal_moves(game)
    if moves.acting != [("player", ann.id)]:
        pytest.skip("the step skipped the player who cannot afford anything")
    assert not moves.of_type("bid") and moves.of_type("pass")
    assert any(u.id == first.id and "minimum bid" in u.reason for u in moves.unusable)


@pytest.mark.parametrize("step_class", [SelectionAuction, PassableSelectionAuction])
def test_random_legal_moves_sell_every_company_the_engine_agrees_with_each(
        monkeypatch: pytest.MonkeyPatch, step_class: type) -> None:
    for seed in range(1, 9):
        game = _game(monkeypatch, step_class, seed=seed)
        rng = random.Random(seed)
        total = game.cash_total()
        companies = list(_auction(game).companies)
        for _ in range(400):
            step = _auction(game)
            if step is None:
                break
            moves = legal_moves(game)
            assert moves.moves, moves.description
            current = step.current_entity()
            assert moves.acting == [("player", current.id)]
            for move in moves.of_type("bid"):
                assert isinstance(move, SelectionBidMove)
                assert move.target == step.companies[0].id and move.max_bid == current.cash
            move = rng.choice(moves.moves)
            action = move.sample(rng)
            assert check_action(game, action)
            game.process_action(action)
            assert game.cash_total() == total
        assert _auction(game) is None, "the auction did not end"
        owned = [c for c in companies if c.owner is not None and c.owner is not game.bank]
        if step_class is SelectionAuction:
            assert len(owned) == len(companies)  # nothing is removed: an unwanted company gets cheaper
        assert all(isinstance(m, SelectionBidMove | PassMove) for m in moves.moves)


def test_what_happens_when_everybody_passes_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    general = _auction(_game(monkeypatch, SelectionAuction))
    passable = _auction(_game(monkeypatch, PassableSelectionAuction))
    assert "price drops by 5" in all_pass_outcome(general)
    assert "removed from the game" in all_pass_outcome(passable)
