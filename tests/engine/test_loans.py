"""Corporate loans (engine/services/loans.py): the pool, limits by corporation type, proceeds, repayment,
interest counted as the operating round starts and paid with forced loans, the end-game price."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from engine import new_game
from engine.errors import GameError
from engine.services.loans import LoanRules


class Loans(LoanRules):
    NUM_LOANS: ClassVar[int] = 3
    LOAN_VALUE: ClassVar[int] = 50
    PROCEEDS_DISCOUNT: ClassVar[int] = 5
    INTEREST_PER_LOAN: ClassVar[int] = 5
    MAX_LOANS: ClassVar[dict[str | None, int]] = {"major": 5, None: 2}


@pytest.fixture
def game() -> Any:
    g = new_game("1889", ["A", "B", "C"], seed=1)
    g.loan_rules = Loans(g)
    return g


def corp(game: Any, cash: int = 0, kind: str | None = None) -> Any:
    c = game.corporations[0]
    c.type = kind
    c.set_cash(cash, game.bank)
    return c


def test_no_loans_by_default() -> None:
    g = new_game("1889", ["A", "B", "C"], seed=1)
    assert not g.loan_rules.enabled
    assert not g.loan_rules.can_take(g.corporations[0])


def test_take_pays_the_proceeds_and_keeps_money_whole(game: Any) -> None:
    c = corp(game)
    total = game.cash_total()
    loan = game.loan_rules.take(c)
    assert c.cash == 45 and c.loans == [loan] and loan.owner is c
    assert len(game.loan_rules.pool) == 2
    assert game.cash_total() == total


def test_limits_by_type_and_by_pool(game: Any) -> None:
    c = corp(game)
    rules = game.loan_rules
    assert rules.max_loans(c) == 2
    rules.take(c)
    rules.take(c)
    assert not rules.can_take(c)
    with pytest.raises(GameError, match="more than 2 loans"):
        rules.take(c)
    c.type = "major"
    assert rules.max_loans(c) == 5
    rules.take(c)
    assert not rules.pool and not rules.can_take(c)  # the pool is empty
    assert rules.unused_loan_power(c) == 2 * 45


def test_repay_at_face_value(game: Any) -> None:
    c = corp(game)
    rules = game.loan_rules
    rules.take(c)
    with pytest.raises(GameError, match="cannot pay off"):
        rules.repay(c)
    c.set_cash(60, game.bank)
    loan = rules.repay(c)
    assert c.cash == 10 and not c.loans and rules.pool[-1] is loan and loan.owner is None
    with pytest.raises(GameError, match="no loan"):
        rules.repay(c)


def test_interest_is_due_on_the_loans_held_as_the_round_starts(game: Any) -> None:
    c = corp(game, cash=100)
    rules = game.loan_rules
    rules.take(c)
    rules.count_interest([c])
    rules.take(c)  # taken during the round: no interest yet
    assert rules.interest_owed(c) == 5
    assert rules.pay_interest(c) is None
    assert c.cash == 100 + 90 - 5 and rules.interest_paid[c] == 5


def test_short_interest_takes_loans_then_reports_what_is_owed(game: Any) -> None:
    c = corp(game, cash=0)
    rules = game.loan_rules
    rules.take(c)
    c.set_cash(0, game.bank)
    rules.count_interest([c])
    assert rules.pay_interest(c) is None  # a second loan pays the $5
    assert len(c.loans) == 2 and c.cash == 40
    c.set_cash(2, game.bank)
    assert rules.pay_interest(c) == 5  # no loan left to take: still owed
    assert not rules.can_pay_interest(c)


def test_loans_at_the_game_end_move_the_price_left(game: Any) -> None:
    c = corp(game)
    market = game.stock_market
    market.set_par(c, game.stock_market.par_prices[0])
    rules = game.loan_rules
    rules.take(c)
    rules.take(c)
    expected = market.find_share_price(c, ["left", "left"])
    assert expected.price < c.share_price.price
    assert rules.end_price(c) is expected
    rules.settle_at_game_end([c])
    assert c.share_price is expected and not c.loans and len(rules.pool) == 3


def test_trace_writes_loans_only_when_held(game: Any) -> None:
    from engine.trace import diff_states, state_of

    c = corp(game)
    assert "loans" not in state_of(game)["corporations"][c.name]
    game.loan_rules.take(c)
    state = state_of(game)
    assert state["corporations"][c.name]["loans"] == 1
    theirs = {"corporations": {c.name: dict(state["corporations"][c.name])}}
    ours = {"corporations": {c.name: dict(state["corporations"][c.name])}}
    assert diff_states(ours, theirs) == []
    del theirs["corporations"][c.name]["loans"]  # the reference writes no loans: it has none
    assert diff_states(ours, theirs) == [f"corporations.{c.name}.loans: ours=1 reference='<missing>'"]
