"""Player debt (engine/services/player_debt.py): loans from the bank with interest, growing interest, payoffs."""

from __future__ import annotations

from engine import new_game
from engine.services.player_debt import (
    add_interest_player_loans,
    interest_amount,
    payoff_player_loan,
    take_player_loan,
)


def test_interest_rounds_up() -> None:
    assert interest_amount(100, 50) == 50
    assert interest_amount(75, 50) == 38
    assert interest_amount(0, 50) == 0


def test_a_loan_brings_cash_from_the_bank_and_a_debt_with_interest() -> None:
    game = new_game("1822", ["A", "B", "C"], seed=1)
    player = game.players[0]
    total = game.cash_total()
    bank, cash = game.bank.cash, player.cash
    value = game.player_value(player)
    take_player_loan(game, player, 80)
    assert player.cash == cash + 80 and game.bank.cash == bank - 80
    assert player.debt == 120  # 80 and 50% interest
    assert game.bank.debt == -120
    assert game.cash_total() == total
    assert game.player_value(player) == value + 80 - 120


def test_interest_grows_every_debt_and_payoffs_reduce_it() -> None:
    game = new_game("1822", ["A", "B", "C"], seed=1)
    player, other = game.players[0], game.players[1]
    take_player_loan(game, player, 100)
    add_interest_player_loans(game)
    assert player.debt == 225 and other.debt == 0
    paid = payoff_player_loan(game, player, 25)
    assert paid == 25 and player.debt == 200
    cash = player.cash
    paid = payoff_player_loan(game, player)
    assert paid == min(cash, 200)
    assert player.debt == 200 - paid
    assert game.bank.debt == -player.debt


def test_a_player_in_debt_may_only_pay_back_sell_or_pass_in_the_bid_box_turn() -> None:
    game = new_game("1822", ["A", "B", "C"], seed=1)
    player = game.round.current_entity()
    take_player_loan(game, player, 10)
    step = game.round.active_step()
    assert step.actions(player) == ["payoff_player_debt", "payoff_player_debt_partial", "pass"]
    game.process_action({"type": "payoff_player_debt_partial", "entity": player.id, "entity_type": "player",
                         "amount": 5})
    assert player.debt == 10
    game.process_action({"type": "payoff_player_debt", "entity": player.id, "entity_type": "player"})
    assert player.debt == 0
    assert "bid" in step.actions(player)


def test_18zoo_loan_is_the_same_debt_with_its_facts_nothing_owed_and_a_double_penalty() -> None:
    game = new_game("18ZOO - Map D", ["A", "B", "C", "D"], seed=1)
    player = game.players[0]
    cash, bank = player.cash, game.bank.cash
    take_player_loan(game, player, 7)
    assert player.cash == cash + 7 and game.bank.cash == bank - 7
    assert player.debt == 0 and game.bank.debt == 0  # interest -100%: nothing to pay back
    assert player.penalty == 14  # 200% of the loan off the final score


def test_the_train_step_lends_through_the_service_when_the_title_has_no_loan_hook() -> None:
    from types import SimpleNamespace

    from engine.steps.trains import TrainBuying

    for title, players in (("1822", ["A", "B", "C"]), ("18ZOO - Map D", ["A", "B", "C", "D"])):
        game = new_game(title, players, seed=1)
        assert getattr(game, "take_player_loan", None) is None  # the rule is data, not a hook
        player = game.players[0]
        cash, penalty, debt = player.cash, player.penalty, player.debt
        step = SimpleNamespace(game=game, sellable_shares=lambda _p: [], corporations_sold=[])
        TrainBuying.try_take_player_loan(step, player, cash + 10)  # type: ignore[arg-type]
        assert player.cash == cash + 10
        expected_debt = 15 if title == "1822" else 0
        assert player.debt - debt == expected_debt
        assert player.penalty - penalty == (0 if title == "1822" else 20)
