"""The general train steps of Mark Derrick's games and others: ``SingleDepotTrainBuy`` (one depot train per
corporation and operating round while the phase says ``limited_train_buy``) and ``SpecialBuyTrain`` (a company's
``train_discount`` purchase for the corporation owning it), on 1850 Jr and 18MS states built by hand."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import GameError
from engine.steps.single_depot_train_buy import SingleDepotTrainBuy
from engine.steps.special_buy_train import SpecialBuyTrain
from engine.titles.g18ms.rules import Game18MS
from engine.titles.g1850jr.rules import Game1850Jr

PLAYERS = [(1, "a"), (2, "b"), (3, "c")]


def par(game: Any, sym: str, price: int, holdings: list[tuple[int, int]]) -> Any:
    corp = game.corporation_by_id(sym)
    share_price = next(p for p in game.stock_market.par_prices if p.price == price)
    game.stock_market.set_par(corp, share_price)
    for index, count in holdings:
        for _ in range(count):
            game.share_pool.buy_shares(game.players[index], corp.shares_of(corp)[0])
    return corp


def start_or(game: Any) -> None:
    game.round = game.new_operating_round(1)
    game.round.setup()


def act(game: Any, action_type: str, entity: Any, **fields: Any) -> None:
    kind = "company" if getattr(entity, "is_company", False) else (
        "player" if getattr(entity, "is_player", False) else "corporation")
    game.process_action({"type": action_type, "entity": entity.id, "entity_type": kind, **fields})


def goto_step(game: Any, cls: type) -> Any:
    for _ in range(12):
        step = game.round.active_step()
        if isinstance(step, cls):
            return step
        act(game, "pass", game.round.current_entity())
    raise AssertionError(f"never reached {cls.__name__}; at {game.round.active_step()}")


def depot_train(game: Any, name: str) -> Any:
    return next(t for t in game.depot.depot_trains() if t.name == name)


# --------------------------------------------------------------------------------------------------
# SingleDepotTrainBuy (1850 Jr: every phase limits depot purchases)
# --------------------------------------------------------------------------------------------------
def two_corporations_1850jr() -> tuple[Game1850Jr, Any, Any]:
    game = Game1850Jr(PLAYERS, strict=True)
    rcs = par(game, "RCS", 76, [(0, 5)])
    sfa = par(game, "SFA", 67, [(1, 5)])
    assert rcs.is_floated() and sfa.is_floated()
    start_or(game)
    return game, rcs, sfa


def test_one_depot_train_per_round_then_the_turn_ends() -> None:
    game, rcs, sfa = two_corporations_1850jr()
    step = goto_step(game, SingleDepotTrainBuy)
    assert game.round.current_entity() is rcs
    assert any(t.from_depot for t in step.buyable_trains(rcs))
    first = depot_train(game, "2")
    act(game, "buy_train", rcs, train=first.id, price=first.price)
    assert [t.id for t in rcs.trains] == [first.id]
    assert game.round.bought_trains == [rcs]
    # nothing else is on sale to RCS (no other corporation has trains): its buying is over
    assert game.round.current_entity() is sfa


def test_a_second_depot_train_is_refused_under_limited_train_buy() -> None:
    game, rcs, _sfa = two_corporations_1850jr()
    step = goto_step(game, SingleDepotTrainBuy)
    game.round.bought_trains.append(rcs)  # as if RCS had bought one already this round
    assert not [t for t in step.buyable_trains(rcs) if t.from_depot]
    train = depot_train(game, "2")
    with pytest.raises(GameError):
        act(game, "buy_train", rcs, train=train.id, price=train.price)
    assert rcs.trains == []


def test_without_the_phase_status_depot_purchases_are_not_limited() -> None:
    game, rcs, _sfa = two_corporations_1850jr()
    step = goto_step(game, SingleDepotTrainBuy)
    game.phase.status = [s for s in game.phase.status if s != "limited_train_buy"]
    first = depot_train(game, "2")
    act(game, "buy_train", rcs, train=first.id, price=first.price)
    assert game.round.current_entity() is rcs and game.round.active_step() is step
    second = depot_train(game, "2")
    act(game, "buy_train", rcs, train=second.id, price=second.price)
    assert len(rcs.trains) == 2


# --------------------------------------------------------------------------------------------------
# SpecialBuyTrain (18MS: the Mobile & Ohio's $100 off a 3+ or 4+, closing it)
# --------------------------------------------------------------------------------------------------
def gmo_with_mobile_and_ohio() -> tuple[Game18MS, Any, Any]:
    game = Game18MS(PLAYERS, strict=True)
    company = game.company_by_id("M&O")
    gmo = par(game, "GMO", 90, [(0, 5)])
    company.owner = gmo
    gmo.companies.append(company)
    while game.depot.upcoming[0].name == "2+":
        game.depot.export()
    start_or(game)
    return game, gmo, company


def test_company_buys_a_covered_train_at_the_discount_and_closes() -> None:
    game, gmo, company = gmo_with_mobile_and_ohio()
    goto_step(game, type(game.round.steps[-2]))  # the corporation's own train step is the one blocking
    special = next(s for s in game.round.steps if isinstance(s, SpecialBuyTrain))
    assert special.actions(company) == ["buy_train"]
    train = depot_train(game, "3+")
    cash = gmo.cash
    act(game, "buy_train", company, train=train.id, price=train.price - 100, variant=train.name)
    assert train in gmo.trains
    assert gmo.cash == cash - (train.price - 100)
    assert company.closed


def test_company_discount_refused_for_a_train_it_does_not_cover() -> None:
    game, _gmo, company = gmo_with_mobile_and_ohio()
    goto_step(game, type(game.round.steps[-2]))
    special = next(s for s in game.round.steps if isinstance(s, SpecialBuyTrain))
    assert special.ability(company, train=depot_train(game, "3+")) is not None
    fake = type("T", (), {"name": "5"})()
    assert special.ability(company, train=fake) is None
    assert not company.closed


def test_the_company_step_never_blocks() -> None:
    game, _gmo, _company = gmo_with_mobile_and_ohio()
    special = next(s for s in game.round.steps if isinstance(s, SpecialBuyTrain))
    assert not special.blocks() and not special.blocking()
