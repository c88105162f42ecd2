"""The Strong bot's fixes from 1830 arena games against three Beginners (issue 28): positions of the old bot's
games (our own arena games, prefixes in ``data/``) where it chose worse than it does now."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.bots import evaluate, policy
from engine.bots.policy import acting_moves, make_bot
from engine.routing import best_routes
from tests.engine.bot_helpers import saved_game_at

DATA = Path(__file__).parent / "data"


def _at(name: str, count: int) -> Any:
    return saved_game_at(DATA / name, count)


def _routes_after(game: Any, action: dict[str, Any]) -> int:
    trial = game.copy()
    trial.process_action({**action, "id": len(trial.raw_actions) + 1})
    corp = trial.corporation_by_id(action["entity"])
    return int(best_routes(trial, corp).total)


def test_no_train_bought_that_adds_nothing_to_the_run() -> None:
    """Arena 1830 seed 101 (old Strong bot in seat 4): B&O, with two 2-trains, bought its third and fourth (80
    each) and CPR, with a 4-train, a second one for 300; the route optimiser finds no run for any of them."""
    for count, corp_id in ((42, "B&O"), (210, "CPR")):
        game = _at("1830_arena_101_idle_trains.json", count)
        entity, moves = acting_moves(game)
        assert entity.id == corp_id and entity.trains and evaluate.rust_soon(game, entity) is None
        old = make_bot("beginner", 1013).choose(game, entity, moves).action  # the rules of thumb the old bot kept
        assert old["type"] == "buy_train"
        before = int(best_routes(game, entity).total)
        assert _routes_after(game, old) == before  # the train adds nothing: its price is lost to the treasury
        new = make_bot("strong", 1013).choose(game, entity, moves).action
        assert new["type"] == "pass"


def test_a_train_that_adds_to_the_run_is_still_bought() -> None:
    game = _at("1830_arena_101_idle_trains.json", 41)  # B&O with one 2-train: a second runs for +50
    entity, moves = acting_moves(game)
    decision = make_bot("strong", 1013).choose(game, entity, moves)
    assert decision.action["type"] == "buy_train"
    assert _routes_after(game, decision.action) > int(best_routes(game, entity).total)


def test_no_rush_by_a_corporation_without_a_run() -> None:
    """Arena 1830 seed 106, action 140: ERIE (old Strong bot's) has a 3-train and no route from its home; the old
    bot bought a second 3-train and then a 4-train as rushes (480 of its 670), ran nothing for four rounds and
    fell to the bottom of the market.  Now it keeps its treasury."""
    from engine.bots import tactics

    game = _at("1830_arena_106_rush_without_a_run.json", 140)
    entity, moves = acting_moves(game)
    assert entity.id == "ERIE" and int(best_routes(game, entity).total) == 0
    player = evaluate.acting_player(game, entity)
    assert tactics.rush_train(game, player, entity) is not None  # the old bot's reason to buy
    decision = make_bot("strong", 1062).choose(game, entity, moves)
    assert decision.action["type"] == "pass"


def test_strong_keeps_the_presidency_a_rival_is_buying_into(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arena 1830 seed 100 (a Strong bot that started PRR at 100): with 30% of PRR against a Beginner's 20% and
    more coming, it bought B&O; the Beginner bought PRR up to 50% and took it, and the bot ended the game
    presiding over nothing.  Now it buys the PRR share; with a lead of more than ten percent it need not."""
    game = _at("1830_arena_100_presidency_bought_away.json", 32)
    entity, moves = acting_moves(game)
    prr = game.corporation_by_id("PRR")
    assert prr.owner is entity and max(p.percent_of(prr) for p in game.players if p is not entity) >= 20
    new = make_bot("strong", 1000).choose(game, entity, moves).action
    with monkeypatch.context() as old_bot:
        old_bot.setattr(policy, "DEFEND_PRIOR", 0.0)
        old_bot.setattr(evaluate, "PRESIDENT_EDGE", 0.0)
        old_bot.setattr(policy, "PRESIDENCY_TARGET", 0)  # nor did it par for presidencies
        old = make_bot("strong", 1000).choose(game, entity, moves).action
    assert old["type"] == "buy_shares" and old["shares"][0].startswith("B&O")
    assert new["type"] == "buy_shares" and new["shares"][0].startswith("PRR")
    assert policy.StrongBot._presidency_threat(game, entity, "PRR") > 0
    assert policy.StrongBot._presidency_threat(game, entity, "B&O") == 0  # not its corporation


def test_a_presidents_own_run_counts_more_in_the_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _at("1830_arena_100_presidency_bought_away.json", 32)
    president = game.corporation_by_id("PRR").owner
    edged = evaluate._future_18xx(game, president)
    monkeypatch.setattr(evaluate, "PRESIDENT_EDGE", 0.0)
    assert edged > evaluate._future_18xx(game, president)


def test_strong_pars_its_own_corporation_rather_than_buy_into_a_rivals() -> None:
    """Arena 1830 seed 100 (after the consent fix), action 25, the first stock round: the Strong bot (no presidency,
    $470) bought a share of the B&O a Beginner had just parred, as the rules of thumb do, and parred its only
    corporation in the fifth stock round; it lost.  Now it pars one of its own (up to PRESIDENCY_TARGET early)."""
    game = _at("1830_arena_100_one_presidency.json", 24)
    entity, moves = acting_moves(game)
    assert entity.name == "Strong 1" and not any(c.owner is entity for c in game.corporations)
    assert make_bot("beginner", 1001).choose(game, entity, moves).action["type"] == "buy_shares"
    decision = make_bot("strong", 1001).choose(game, entity, moves)
    assert decision.action["type"] == "par"
    assert 2 * game.share_price_by_id(decision.action["share_price"]).price <= entity.cash
    assert policy.PRESIDENCY_TARGET > 1


def test_no_par_beyond_the_presidency_target_or_once_trains_are_dear(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _at("1830_arena_100_one_presidency.json", 24)
    entity, moves = acting_moves(game)
    strong = make_bot("strong", 1001)
    monkeypatch.setattr(policy, "PRESIDENCY_TARGET", 0)
    assert strong.choose(game, entity, moves).action["type"] != "par"
    monkeypatch.setattr(policy, "PRESIDENCY_TARGET", 3)
    monkeypatch.setattr(policy, "PAR_PHASES", -1)
    assert strong.choose(game, entity, moves).action["type"] != "par"


def test_the_strong_bot_outbids_the_beginners_for_a_private_with_a_presidency() -> None:
    """Arena 1830 seed 300, action 20: the B&O private (it comes with the B&O president's certificate) stands at
    245.  Every seat valued it at its face and a round's revenue (250); the old bot passed, a Beginner took it at
    250, and the B&O holder won 4 of the seed's first 6 games.  Now the Strong bot bids past the Beginners' worth."""
    game = _at("1830_arena_300_bo_private_certificate.json", 20)
    entity, moves = acting_moves(game)
    assert entity.id == 1
    assert make_bot("beginner", 3000).choose(game, entity, moves).action["type"] == "pass"
    action = make_bot("strong", 3000).choose(game, entity, moves).action
    assert action["type"] == "bid" and action["company"] == "BO"


def test_over_the_certificate_limit_the_strong_bot_keeps_its_presidency() -> None:
    """Arena 1830 seed 300, action 787: the old Strong bot, over the certificate limit (prices had left the zones
    that do not count), must sell; every sale scored alike and the tie-break sold 20% of CPR at 180, its
    presidency, to a Beginner.  Now it sells the share it misses least: not a presidency, and not CPR."""
    game = _at("1830_arena_300_forced_sale_presidency.json", 787)
    entity, moves = acting_moves(game)
    assert entity.id == 1 and all(m.type == "sell_shares" for m in moves)
    action = make_bot("strong", 3000).choose(game, entity, moves).action
    assert action["type"] == "sell_shares"
    corp = game.corporation_by_id(action["shares"][0].rsplit("_", 1)[0])
    trial = game.copy()
    trial.process_action({**action, "id": len(trial.raw_actions) + 1})
    presided = {c.id for c in game.corporations if c.owner is entity}
    assert presided <= {c.id for c in trial.corporations if c.owner is not None and c.owner.id == entity.id}
    assert corp.id != "CPR"


def test_strong_buys_the_last_private_when_the_auction_goes_round() -> None:
    # 18Rhl arena seed 4400 (four Strong): after 14 actions only RhE's private ($140, RhE's president's certificate,
    # unparred) was left; every all-pass round paid the companies, the look-ahead saw a pass keep $140 and the payout
    # come in, and the four bots passed 5,986 times.  One round of passes is an ordinary auction; two in a row, and
    # Strong takes the rules' bid.
    name = "18rhl_arena_4400_auction_goes_round.json"
    once = _at(name, 18)  # one whole round of passes after the last bid
    assert not policy.auction_goes_round(once)
    looping = _at(name, 40)
    assert policy.auction_goes_round(looping)
    decision = make_bot("strong", seed=1).decide(looping)
    assert decision is not None and decision.action["type"] == "bid" and decision.action["company"] == "RhE"
    assert decision.action["price"] <= looping.company_by_id("RhE").value
