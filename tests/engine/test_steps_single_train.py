"""BuySingleTrainOfType: at most one depot train of each type per operating turn (the general step,
on 1830's B&M with the step swapped in, and as 1836Jr-30 uses it)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.moves.registry import legal_moves
from engine.steps.single_train import BuySingleTrainOfType
from engine.titles.g1830.rules import Game1830
from tests.engine.test_steps_trains import (
    PLAYERS,
    act,
    bm_of,
    export_until,
    give_train,
    goto_step,
    par,
    set_cash,
    start_or,
)


class SingleTrainGame(Game1830):
    """1830 with the single-train-of-a-type purchase."""

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.trains import BuyTrain

        return [BuySingleTrainOfType if step is BuyTrain else step for step in super().operating_round_steps()]


@pytest.fixture
def game() -> SingleTrainGame:
    """B&M floated (60% by player a), in its train step of OR 1.1, with $670 and no train."""
    g = SingleTrainGame(PLAYERS, strict=True)
    par(g, "B&M", 67, [(0, 6)])
    start_or(g)
    goto_step(g, "BuySingleTrainOfType")
    return g


def test_one_depot_train_of_a_type_then_the_step_ends(game: SingleTrainGame) -> None:
    bm = bm_of(game)
    step = game.round.active_step()
    assert isinstance(step, BuySingleTrainOfType)
    assert [t.id for t in step.buyable_trains(bm)] == ["2-0"]
    act(game, "buy_train", bm, train="2-0", price=80)
    # only 2s are on sale: nothing is left to buy, the step passed
    assert step.buyable_trains(bm) == []
    assert step.passed
    assert game.round.active_step() is not step


def test_another_type_stays_on_sale(game: SingleTrainGame) -> None:
    bm = bm_of(game)
    set_cash(game, bm, 2000)
    export_until(game, "3")  # the 2s are gone; 3s on sale
    step = game.round.active_step()
    act(game, "buy_train", bm, train="3-0", price=180)
    # 3s done this turn; no 4 yet on sale -> the step ends
    assert step.passed
    assert [t.name for t in bm.trains] == ["3"]


def test_the_plain_step_would_sell_a_second_train_of_the_type() -> None:
    """Control: the ordinary BuyTrain sells 2-1 after 2-0 (the difference is the new step's)."""
    g = Game1830(PLAYERS, strict=True)
    par(g, "B&M", 67, [(0, 6)])
    start_or(g)
    goto_step(g, "BuyTrain")
    bm = bm_of(g)
    act(g, "buy_train", bm, train="2-0", price=80)
    assert [t.id for t in g.round.active_step().buyable_trains(bm)] == ["2-1"]


def test_other_corporations_trains_are_not_limited_and_no_second_depot_train_is_offered() -> None:
    g = SingleTrainGame(PLAYERS, strict=True)
    set_cash(g, g.players[0], 2000)
    bm = par(g, "B&M", 67, [(0, 6)])
    prr = par(g, "PRR", 67, [(0, 6)])  # same president: trains change hands at any price
    prr_trains = [give_train(g, prr, "2"), give_train(g, prr, "2")]
    start_or(g)
    step = goto_step(g, "BuySingleTrainOfType")
    assert g.round.current_entity() is bm
    act(g, "buy_train", bm, train="2-2", price=80)
    assert not step.passed  # PRR's trains are still on sale
    offered = step.buyable_trains(bm)
    assert [t.id for t in offered] == [t.id for t in prr_trains]
    moves = legal_moves(g)
    bought = {m.train for m in moves.moves if m.type == "buy_train"}
    assert bought == {t.id for t in prr_trains}
    act(g, "buy_train", bm, train=prr_trains[0].id, price=1)
    act(g, "buy_train", bm, train=prr_trains[1].id, price=1)
    assert [t.id for t in bm.trains] == ["2-2", prr_trains[0].id, prr_trains[1].id]


def test_the_limit_is_per_turn(game: SingleTrainGame) -> None:
    step = game.round.active_step()
    step.depot_types_bought.append("2")
    step.setup()  # a new operator's turn
    assert step.depot_types_bought == []
    assert [t.id for t in step.buyable_trains(bm_of(game))] == ["2-0"]


def test_a_refused_purchase_records_nothing(game: SingleTrainGame) -> None:
    bm = bm_of(game)
    step = game.round.active_step()
    with pytest.raises(IllegalAction):
        act(game, "buy_train", bm, train="3-0", price=180)
    assert step.depot_types_bought == []


def test_named_after_its_class_for_ability_timing(game: SingleTrainGame) -> None:
    assert game.round.active_step().type_name() == "buy_single_train_of_type"
