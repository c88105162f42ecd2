"""Irish Gauge as a whole: legal moves agree with the engine, random games keep the invariants, a game is its
action list (replay, undo), a refused action changes nothing."""

from __future__ import annotations

import random

import pytest

from engine.errors import GameError
from engine.moves.registry import check_action, legal_moves
from engine.titles.irish_gauge.game import IrishGaugeGame
from tests.engine.irish_gauge_helpers import act, bid, build, new, random_game, state


def replayed(game: IrishGaugeGame) -> IrishGaugeGame:
    players, game_id, seed, options = game.setup_args
    fresh = IrishGaugeGame(players, game_id=game_id, seed=seed, optional_rules=options)
    for _ in fresh.replay(game.raw_actions):
        pass
    fresh.finish_loading()
    return fresh


@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_by_the_rules_keep_the_invariants_and_replay_exactly(seed: int) -> None:
    rng = random.Random(seed)
    game = IrishGaugeGame([(i, f"P{i}") for i in range(1, rng.randint(3, 5) + 1)], seed=seed, strict=True)
    while not game.finished:
        moves = legal_moves(game)
        assert moves.moves, moves.description
        action = rng.choice(moves.moves).sample(rng)
        action["id"] = len(game.raw_actions) + 1
        assert check_action(game, action)
        game.process_action(action)
        assert game.invariant_problem() is None
    assert game.game_end_reason == "supply_empty" and game.supply_count() == 0
    assert sum(len(r.tracks) for r in game.railways) <= 5 * 19
    assert game.result() == {str(p.id): p.cash + sum(s.face for s in p.shares)
                             for p in sorted(game.players, key=lambda p: -p.value())}
    assert state(replayed(game)) == state(game)


def test_legal_moves_match_what_the_engine_accepts_and_refuses() -> None:
    for seed in range(6):
        game = random_game(seed, stop=40 + seed * 7)
        if game.finished:
            continue
        moves = legal_moves(game)
        actor = moves.acting[0][1]
        for move in moves.moves:
            game.validate(move.sample(random.Random(seed)))  # every legal move is accepted
        # things outside the moves are refused, by both the checker and the engine, without any change
        before = state(game)
        for action in (bid(actor, "GSW", 10_000), build(actor, "GSW", "A5"), act(actor, "special_interest",
                                                                                hex="H11", color="white")):
            allowed = any(m.refusal(action) is None for m in moves.moves if m.type == action["type"])
            if allowed:
                continue
            with pytest.raises(GameError):
                check_action(game, action)
            with pytest.raises(GameError):
                game.apply(action)
            assert state(game) == before


def test_out_of_turn_actions_are_refused_and_change_nothing() -> None:
    game = new()
    before = state(game)
    for action in (act(2, "pass"), bid(3, "CBSC", 7), act(1, "call_dividends"), build(1, "CBSC", "O3")):
        with pytest.raises(GameError):
            game.apply(action)
        assert state(game) == before


def test_undo_and_redo_restore_the_game_exactly() -> None:
    game = random_game(5, players=4, stop=30)
    before = state(game)
    rng = random.Random(1)
    action = rng.choice(legal_moves(game).moves).sample(rng)
    game.apply(action)
    after = state(game)
    game.apply(act(game.players[0].id, "undo"))
    assert state(game)[:-2] == before[:-2]  # the raw list keeps the undo
    game.apply(act(game.players[0].id, "redo"))
    assert state(game)[:-3] == after[:-3]


def test_dividend_draws_come_from_the_seed_so_a_replay_draws_the_same_cubes() -> None:
    game = random_game(11, players=3)
    again = replayed(game)
    assert [d.drawn for d in again.dividends] == [d.drawn for d in game.dividends]
    assert [d.paid for d in again.dividends] == [d.paid for d in game.dividends]
    assert again.result() == game.result()


def test_the_checker_words_a_refused_build_as_a_build() -> None:
    from tests.engine.irish_gauge_helpers import give_turn, initial_auctions

    game = new()
    initial_auctions(game, {"CBSC": 1, "WLW": 1, "BCD": 1, "GSW": 1, "MGW": 2})  # Ann: no cash for any share
    give_turn(game, 1)
    with pytest.raises(GameError, match="hex for GSW 'A5' is not one of the choices"):
        check_action(game, build(1, "GSW", "A5"))
    with pytest.raises(GameError, match="does not touch GSW"):
        game.apply(build(1, "GSW", "A5"))
