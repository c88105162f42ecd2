"""BuyTrain, DiscardTrain and Bankrupt on a real 1830 game (cases modelled on the reference's
``spec/lib/engine/round/operating_spec.rb``).

B&M (home Boston, E23) has printed track to Mansfield (F24), so it always has a route and must own a
train.  Trains further down the manifest are reached with ``depot.export()`` (the depot's "bought by
nobody", which advances phases and rusts exactly like a purchase).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import GameError, IllegalAction
from engine.titles.g1830.rules import Game1830

PLAYERS = [(1, "a"), (2, "b"), (3, "c"), (4, "d")]


# --------------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------------
def new_game() -> Game1830:
    return Game1830(PLAYERS, strict=True)


def par(game: Game1830, sym: str, price: int, holdings: list[tuple[int, int]]) -> Any:
    """Par ``sym``; ``holdings``: (player index, certificates) in buying order, first buyer president."""
    corp = game.corporation_by_id(sym)
    share_price = next(p for p in game.stock_market.par_prices if p.price == price)
    game.stock_market.set_par(corp, share_price)
    for index, count in holdings:
        for _ in range(count):
            game.share_pool.buy_shares(game.players[index], corp.shares_of(corp)[0])
    return corp


def give_train(game: Game1830, corp: Any, name: str) -> Any:
    train = next(t for t in game.depot.depot_trains() if t.name == name)
    game.train_rules.buy_train(corp, train, train.price)
    return train


def start_or(game: Game1830) -> None:
    game.round = game.new_operating_round(1)
    game.round.setup()


def act(game: Game1830, action_type: str, entity: Any, **fields: Any) -> None:
    entity_type = "player" if getattr(entity, "is_player", False) else "corporation"
    game.process_action({"type": action_type, "entity": entity.id, "entity_type": entity_type, **fields})


def goto_step(game: Game1830, name: str) -> Any:
    for _ in range(10):
        step = game.round.active_step()
        if step is not None and name == step.NAME:
            return step
        act(game, "pass", game.round.current_entity())
    raise AssertionError(f"never reached {name}; at {game.round.active_step()}")


def run_boston_mansfield(game: Game1830) -> None:
    """B&M runs its first train E23-F24 ($40) and pays out."""
    bm = bm_of(game)
    goto_step(game, "Route")
    act(game, "run_routes", bm, routes=[{"train": bm.trains[0].id, "connections": [["E23", "F24"]]}])
    act(game, "dividend", bm, kind="payout")


def export_until(game: Game1830, name: str) -> None:
    while game.depot.upcoming[0].name != name:
        game.depot.export()


def set_cash(game: Game1830, entity: Any, amount: int) -> None:
    entity.set_cash(amount, game.bank)


@pytest.fixture
def game() -> Game1830:
    """B&M floated by a (60%), in its BuyTrain step of OR 1.1, with $670 and no train."""
    g = new_game()
    par(g, "B&M", 67, [(0, 6)])
    start_or(g)
    goto_step(g, "BuyTrain")
    return g


def bm_of(game: Game1830) -> Any:
    return game.corporation_by_id("B&M")


# --------------------------------------------------------------------------------------------------
# what is offered
# --------------------------------------------------------------------------------------------------
def test_only_the_next_depot_train_is_on_sale_and_the_purchase_is_forced(game: Game1830) -> None:
    bm = bm_of(game)
    a, b = game.players[0], game.players[1]
    step = game.round.active_step()
    assert step.type_name() == "buy_train"
    assert [t.id for t in step.buyable_trains(bm)] == ["2-0"]
    assert step.must_buy_train(bm)
    assert step.actions(bm) == ["sell_shares", "buy_train"]  # no pass while a train is due
    assert step.actions(a) == ["sell_shares"]  # the president may raise money
    assert step.actions(b) == []


def test_buying_a_depot_train_pays_the_bank_and_allows_more(game: Game1830) -> None:
    bm = bm_of(game)
    bank = game.bank.cash
    act(game, "buy_train", bm, train="2-0", price=80)
    assert bm.cash == 670 - 80
    assert game.bank.cash == bank + 80
    assert [t.id for t in bm.trains] == ["2-0"]
    assert game.depot.upcoming[0].id == "2-1"
    step = game.round.active_step()
    assert step.NAME == "BuyTrain"
    assert step.actions(bm) == ["buy_train", "pass"]
    assert "B&M buys a 2 train for $80 from The Depot" in game.log_lines


def test_a_train_not_on_sale_is_refused_and_nothing_changes(game: Game1830) -> None:
    bm = bm_of(game)
    with pytest.raises(IllegalAction, match="Not a buyable train: 3-0"):
        act(game, "buy_train", bm, train="3-0", price=180)
    assert bm.cash == 670 and bm.trains == []
    assert game.train_by_id("3-0").owner is game.depot


def test_the_train_limit_ends_the_step(game: Game1830) -> None:
    bm = bm_of(game)
    for i in range(4):
        act(game, "buy_train", bm, train=f"2-{i}", price=80)
    assert len(bm.trains) == 4
    assert game.round.active_step() is None or game.round.active_step().NAME != "BuyTrain"


def test_the_first_train_of_a_type_advances_the_phase_and_rusts_older_trains(game: Game1830) -> None:
    bm = bm_of(game)
    set_cash(game, bm, 2000)
    act(game, "buy_train", bm, train="2-0", price=80)
    export_until(game, "3")
    act(game, "buy_train", bm, train="3-0", price=180)
    assert game.phase.name == "3"
    export_until(game, "4")
    act(game, "buy_train", bm, train="4-0", price=300)
    assert game.phase.name == "4"
    assert [t.id for t in bm.trains] == ["3-0", "4-0"]  # the buyer's own 2 rusted too
    assert game.train_by_id("2-0").rusted


def test_trains_of_other_corporations_sell_at_any_positive_price() -> None:
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 6)])
    prr = par(g, "PRR", 67, [(1, 6)])
    give_train(g, bm, "2")  # B&M has a train: no forced purchase
    prr_train = give_train(g, prr, "2")
    start_or(g)
    run_boston_mansfield(g)
    step = goto_step(g, "BuyTrain")
    assert g.round.current_entity() is bm
    assert prr_train in step.buyable_trains(bm)
    with pytest.raises(GameError):
        act(g, "buy_train", bm, train=prr_train.id, price=0)
    prr_cash = prr.cash
    act(g, "buy_train", bm, train=prr_train.id, price=1)
    assert prr_train.owner is bm
    assert prr.cash == prr_cash + 1
    assert "B&M buys a 2 train for $1 from PRR" in g.log_lines


# --------------------------------------------------------------------------------------------------
# emergency purchase
# --------------------------------------------------------------------------------------------------
def test_president_contributes_the_shortfall_for_the_cheapest_train(game: Game1830) -> None:
    bm = bm_of(game)
    a = game.players[0]
    set_cash(game, bm, 30)
    cash_a = a.cash
    act(game, "buy_train", bm, train="2-0", price=80)
    assert bm.cash == 0
    assert a.cash == cash_a - 50
    assert "a contributes $50" in game.log_lines


def test_president_cannot_pay_more_than_the_list_price(game: Game1830) -> None:
    bm = bm_of(game)
    set_cash(game, bm, 30)
    with pytest.raises(IllegalAction, match="more than cost"):
        act(game, "buy_train", bm, train="2-0", price=90)
    assert bm.cash == 30 and bm.trains == []


def test_no_contribution_when_no_train_is_due(game: Game1830) -> None:
    bm = bm_of(game)
    act(game, "buy_train", bm, train="2-0", price=80)
    set_cash(game, bm, 10)
    assert not game.round.active_step().must_buy_train(bm)
    with pytest.raises(GameError):
        act(game, "buy_train", bm, train="2-1", price=80)


@pytest.fixture
def broke() -> Game1830:
    """B&M (a 40%, b 30%) must buy a train with $0; a has $0 and three PRR shares to sell."""
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 3), (1, 3)])
    par(g, "PRR", 67, [(2, 6), (0, 3)])
    start_or(g)
    while g.round.current_entity() is not bm:
        act(g, "pass", g.round.current_entity())
    goto_step(g, "BuyTrain")
    set_cash(g, bm, 0)
    set_cash(g, g.players[0], 0)
    return g


def test_emergency_sales_are_limited_to_what_is_needed(broke: Game1830) -> None:
    game = broke
    a = game.players[0]
    prr, bm = game.corporation_by_id("PRR"), bm_of(game)
    step = game.round.active_step()
    percents = [b.percent for b in game.share_rules.sellable_bundles(a, prr)]
    assert percents == [10, 20]  # 3 shares would raise more than the $80 needed
    # selling B&M shares may not hand the buying corporation to b (30%)
    assert [b.percent for b in game.share_rules.sellable_bundles(a, bm)] == [10]
    assert step.can_sell(a, game.share_rules.bundles_for_corporation(a, prr)[2]) is False


def test_emergency_sale_then_purchase(broke: Game1830) -> None:
    game = broke
    a = game.players[0]
    prr, bm = game.corporation_by_id("PRR"), bm_of(game)
    ids = [s.id for s in a.shares_of(prr)[:2]]
    act(game, "sell_shares", a, shares=ids, percent=20)
    step = game.round.active_step()
    assert step.last_share_sold_price == 67
    assert a.cash == 134
    assert prr.share_price.coordinates == (7, 6)  # two rows down (still $67 in this column)
    act(game, "buy_train", bm, train="2-0", price=80)
    assert a.cash == 134 - 80
    assert [t.id for t in bm.trains] == ["2-0"]


def test_an_emergency_sale_that_is_not_needed_is_refused(broke: Game1830) -> None:
    game = broke
    a = game.players[0]
    prr = game.corporation_by_id("PRR")
    ids = [s.id for s in a.shares_of(prr)]
    with pytest.raises(IllegalAction, match="Cannot sell shares of PRR"):
        act(game, "sell_shares", a, shares=ids, percent=30)
    assert len(a.shares_of(prr)) == 3


# --------------------------------------------------------------------------------------------------
# trade-in, discard
# --------------------------------------------------------------------------------------------------
def test_d_trade_in(game: Game1830) -> None:
    bm = bm_of(game)
    set_cash(game, bm, 2000)
    export_until(game, "5")
    act(game, "buy_train", bm, train="5-0", price=450)
    export_until(game, "D")
    step = game.round.active_step()
    assert step.NAME == "BuyTrain"
    d_train = game.depot.upcoming[0]
    act(game, "buy_train", bm, train=d_train.id, price=800, exchange="5-0")
    assert [t.name for t in bm.trains] == ["D"]
    assert bm.cash == 2000 - 450 - 800
    five = game.train_by_id("5-0")
    assert five.owner is game.depot and five in game.depot.discarded
    assert game.phase.name == "D"
    assert "B&M exchanges a 5 for a D train for $800 from The Depot" in game.log_lines


def test_trade_in_needs_a_train_to_trade(game: Game1830) -> None:
    bm = bm_of(game)
    set_cash(game, bm, 2000)
    export_until(game, "D")
    other = game.train_by_id("5-0")
    with pytest.raises(GameError):
        act(game, "buy_train", bm, train=game.depot.upcoming[0].id, price=800, exchange=other.id)


def test_crowded_corporation_discards_to_the_depot() -> None:
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 6)])
    prr = par(g, "PRR", 67, [(1, 6)])
    export_until(g, "3")
    set_cash(g, bm, 1000)
    for _ in range(4):
        give_train(g, bm, "3")  # the train limit is 4 until phase 4
    start_or(g)
    run_boston_mansfield(g)
    goto_step(g, "BuyTrain")
    assert g.round.current_entity() is prr  # B&M had no room and skipped buying
    export_until(g, "4")  # phase 3
    act(g, "buy_train", prr, train="4-0", price=300)  # phase 4: limit 3
    assert g.phase.name == "4"
    step = g.round.active_step()
    assert step.NAME == "DiscardTrain"
    assert step.type_name() == "discard_train"
    assert g.round.current_entity() is bm
    assert step.actions(bm) == ["discard_train"]
    assert step.actions(prr) == []
    with pytest.raises(GameError):
        act(g, "discard_train", bm, train="4-0")  # PRR's train
    act(g, "discard_train", bm, train="3-0")
    assert [t.id for t in bm.trains] == ["3-1", "3-2", "3-3"]
    three = g.train_by_id("3-0")
    assert three in g.depot.discarded
    assert three in g.depot.depot_trains()  # on sale again at face value
    assert "B&M discards 3" in g.log_lines
    assert g.round.active_step().NAME == "BuyTrain"
    assert g.round.current_entity() is prr


# --------------------------------------------------------------------------------------------------
# bankruptcy
# --------------------------------------------------------------------------------------------------
@pytest.fixture
def doomed() -> Game1830:
    """B&M (a 20% president, b 20%, c 20%) must buy a train; a's only share cannot be sold."""
    g = new_game()
    par(g, "B&M", 67, [(0, 1), (1, 2), (2, 2)])
    start_or(g)
    goto_step(g, "BuyTrain")
    set_cash(g, bm_of(g), 0)
    return g


def test_bankruptcy_is_refused_while_the_president_can_pay(doomed: Game1830) -> None:
    a = doomed.players[0]
    set_cash(doomed, a, 100)
    with pytest.raises(IllegalAction, match="Cannot go bankrupt"):
        act(doomed, "bankrupt", bm_of(doomed))
    assert not a.bankrupt


def test_bankruptcy_ends_the_1830_game(doomed: Game1830) -> None:
    a = doomed.players[0]
    set_cash(doomed, a, 10)
    bank = doomed.bank.cash
    act(doomed, "bankrupt", bm_of(doomed))
    assert a.bankrupt
    assert a.cash == 0
    assert doomed.bank.cash == bank + 10
    assert len(a.shares_of(bm_of(doomed))) == 1  # the president's certificate could not be sold
    assert doomed.finished and doomed.game_end_reason == "bankrupt"
