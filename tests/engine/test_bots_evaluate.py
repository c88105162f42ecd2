"""The bots' evaluation (engine/bots/evaluate.py): a share's expected climb on the market and the odds that a
parred corporation floats."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

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
        return SimpleNamespace(float_percent=60, percent_to_float=lambda: missing, floated=False, trains=[],
                               share_price=SimpleNamespace(price=100), closed=False)

    assert abs(evaluate._float_odds(corp(40)) - 1 / 3) < 1e-9
    assert evaluate._float_odds(corp(0)) == 1.0
    game = SimpleNamespace(phase=SimpleNamespace(index=2))
    floated = SimpleNamespace(**{**vars(corp(40)), "floated": True})
    assert evaluate.expected_revenue(game, corp(40)) == evaluate.expected_revenue(game, floated) // 3
    assert evaluate.expected_revenue(game, corp(0)) == evaluate.expected_revenue(game, floated)
