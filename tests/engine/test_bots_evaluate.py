"""The bots' evaluation (engine/bots/evaluate.py): a share's expected climb on the market and the odds that a
parred corporation floats."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from engine.bots import evaluate
from engine.bots.arena import _new_game


def _parred_1830(price: int) -> tuple[Any, Any]:
    game = _new_game("1830", ["beginner"] * 4, 1, ())
    corp = game.corporation_by_id("PRR")
    cell = next(p for p in game.stock_market.par_prices if p.price == price)
    game.stock_market.set_par(corp, cell)
    return game, corp


def test_a_paying_corporation_is_expected_to_climb_one_step_a_round() -> None:
    game, corp = _parred_1830(67)
    corp.floated = True
    corp.trains = [object()]
    after_two = game.stock_market.find_share_price(corp, ["right", "right"]).price
    assert evaluate.expected_climb(game, corp, 2) == (after_two - 67) / 67 > 0
    # capped at APPRECIATION_STEPS rounds, and more rounds never climb less
    assert evaluate.expected_climb(game, corp, 50) == evaluate.expected_climb(game, corp, evaluate.APPRECIATION_STEPS)
    assert evaluate.expected_climb(game, corp, 4) >= evaluate.expected_climb(game, corp, 2)


def test_no_climb_without_trains_float_or_rounds() -> None:
    game, corp = _parred_1830(67)
    corp.floated = True
    assert evaluate.expected_climb(game, corp, 3) == 0.0  # no train: nothing to pay
    corp.trains = [object()]
    assert evaluate.expected_climb(game, corp, 0) == 0.0
    corp.floated = False
    assert evaluate.expected_climb(game, corp, 3) == 0.0


def test_a_corporation_left_at_its_presidents_certificate_counts_a_third_of_a_floated_one() -> None:
    def corp(missing: int) -> Any:
        return SimpleNamespace(
            float_percent=60,
            percent_to_float=lambda: missing,
            floated=False,
            trains=[],
            share_price=SimpleNamespace(price=100),
            closed=False,
        )

    assert abs(evaluate._float_odds(corp(40)) - 1 / 3) < 1e-9
    assert evaluate._float_odds(corp(0)) == 1.0
    game = SimpleNamespace(phase=SimpleNamespace(index=2))
    floated = SimpleNamespace(**{**vars(corp(40)), "floated": True})
    assert evaluate.expected_revenue(game, corp(40)) == evaluate.expected_revenue(game, floated) // 3
    assert evaluate.expected_revenue(game, corp(0)) == evaluate.expected_revenue(game, floated)


def test_a_shareholder_is_credited_the_whole_climb_of_a_long_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """An 1830 game lasts some 20 operating rounds: a paying corporation's climb over the next 10 of them is
    credited in full to each certificate held (half of it over 6 rounds won 3 of 16 games against Beginners,
    this 6 of 16)."""
    game, corp = _parred_1830(67)
    corp.floated = True
    corp.trains = [SimpleNamespace(distance=2, name="2")]
    ten = game.stock_market.find_share_price(corp, ["right"] * 10).price
    assert evaluate.expected_climb(game, corp, 10) == (ten - 67) / 67
    assert evaluate.expected_climb(game, corp, 10) > evaluate.expected_climb(game, corp, 6)
    holder = SimpleNamespace(
        percent_of=lambda c: 10 if c is corp else 0,
        shares_of=lambda c: [SimpleNamespace(price=67)] if c is corp else [],
    )
    game.bank.cash = 100_000  # ten operating rounds and more left
    with_climb = evaluate._future_18xx(game, holder)
    monkeypatch.setattr(evaluate, "expected_climb", lambda *_a: 0.0)
    assert with_climb - evaluate._future_18xx(game, holder) == pytest.approx(ten - 67)


def test_the_strong_bot_keeps_the_run_its_rusting_trains_need() -> None:
    """1830, four Beginners (seed 1, a prefix of their game in ``data/``), action 83: B&O runs four 2-trains that
    the coming trains rust, with 230 in its treasury.  The rules of thumb withhold for the next train; the Strong
    bot paid out (its evaluation charged the president only a quarter of the train money the treasury lacks: the
    rest came out of pocket later)."""
    from engine import build_game
    from engine.bots.policy import acting_moves, make_bot
    from engine.record import GameRecord

    record = GameRecord.load(Path(__file__).parent / "data" / "1830_beginners_1_rusting_trains.json")
    game = build_game(record)
    for _ in game.replay(record.actions[:83]):
        pass
    game.finish_loading()
    entity, moves = acting_moves(game)
    assert entity.id == "B&O" and evaluate.rust_soon(game, entity) is not None
    assert evaluate.train_shortfall(game, entity) > 0
    beginner = make_bot("beginner", 1)
    strong = make_bot("strong", 1).choose(game, entity, moves)
    assert beginner.choose(game, entity, moves).action["kind"] == "withhold"
    assert strong.action["type"] == "dividend" and strong.action["kind"] == "withhold"
