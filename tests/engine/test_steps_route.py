"""The Route and Dividend steps on a real 1830 map.

Scenario: B&M (home Boston, E23) floats at $67.  Boston's gray neighbour F24 (Mansfield, a $10 town)
is connected by printed track, so a 2-train can run E23-F24 for $30 + $10 = $40 from the first OR.
Everything else is set up directly on the model (as the reference engine's own specs do), then the
operating round is played through ``game.process_action``.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import GameError, IllegalAction
from engine.model.shares import ShareBundle
from engine.titles.g1830.rules import Game1830

PLAYERS = [(1, "a"), (2, "b"), (3, "c"), (4, "d")]
BOSTON_MANSFIELD = [["E23", "F24"]]


# --------------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------------
def new_game() -> Game1830:
    return Game1830(PLAYERS, strict=True)


def par(game: Game1830, sym: str, price: int, holdings: list[tuple[int, int]]) -> Any:
    """Par ``sym`` at ``price``; ``holdings`` is (player index, number of certificates) in buying order,
    the first buyer taking the president's certificate."""
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
    data = {"type": action_type, "entity": entity.id, "entity_type": entity_type, **fields}
    game.process_action(data)


def goto_step(game: Game1830, name: str) -> None:
    """Pass (as the operating corporation) until the active step is ``name``."""
    for _ in range(10):
        step = game.round.active_step()
        if step is not None and name == step.NAME:
            return
        act(game, "pass", game.round.current_entity())
    raise AssertionError(f"never reached {name}; at {game.round.active_step()}")


@pytest.fixture
def game() -> Game1830:
    """B&M floated (a: 50%, b: 10%) with a 2-train, in the Route step of OR 1.1."""
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 4), (1, 1)])
    assert bm.floated
    give_train(g, bm, "2")
    start_or(g)
    goto_step(g, "Route")
    return g


def bm_of(game: Game1830) -> Any:
    return game.corporation_by_id("B&M")


# --------------------------------------------------------------------------------------------------
# Route
# --------------------------------------------------------------------------------------------------
def test_route_step_is_offered_to_the_operator_only(game: Game1830) -> None:
    bm = bm_of(game)
    step = game.round.active_step()
    assert step.type_name() == "route"
    assert step.actions(bm) == ["run_routes"]
    assert step.actions(game.players[0]) == []


def test_run_routes_rebuilds_the_route_and_computes_its_revenue(game: Game1830) -> None:
    bm = bm_of(game)
    act(game, "run_routes", bm, routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD}])
    routes = game.round.routes
    assert len(routes) == 1
    assert routes[0].revenue() == 40
    assert [h.id for h in routes[0].hexes] == ["E23", "F24"]
    assert "B&M runs a 2 train for $40: E23-F24" in game.log_lines
    step = game.round.active_step()
    assert step.NAME == "Dividend"
    assert step.total_revenue() == 40
    assert step.actions(bm) == ["dividend"]


def test_stored_revenue_that_agrees_is_accepted(game: Game1830) -> None:
    act(
        game,
        "run_routes",
        bm_of(game),
        routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD, "hexes": ["E23", "F24"], "revenue": 40}],
    )
    assert game.round.active_step().total_revenue() == 40


def test_stored_revenue_that_disagrees_with_the_track_is_refused(game: Game1830) -> None:
    with pytest.raises(IllegalAction, match=r"earns \$40, not the \$50 recorded"):
        act(game, "run_routes", bm_of(game), routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD, "revenue": 50}])
    assert game.round.active_step().NAME == "Route"
    assert game.round.routes == []


def test_stored_revenue_without_connections_is_trusted(game: Game1830) -> None:
    # As when loading a saved game (live play refuses a revenue its stops cannot earn: tests/engine/test_moves_route.py)
    game.loading = True
    act(game, "run_routes", bm_of(game), routes=[{"train": "2-0", "hexes": ["E23", "F24"], "revenue": 45}])
    assert game.round.active_step().total_revenue() == 45


def test_extra_revenue_counts_towards_the_total(game: Game1830) -> None:
    # As when loading a saved game (live play refuses extra revenue 1830 has no source for: test_moves_route.py)
    game.loading = True
    act(game, "run_routes", bm_of(game), routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD}], extra_revenue=20)
    assert game.round.active_step().total_revenue() == 60
    assert "B&M receives $20 additional revenue" in game.log_lines


def test_a_route_without_a_token_is_refused(game: Game1830) -> None:
    # D24-D22 is plain track away from Boston: the chain does not match, the route has no token.
    with pytest.raises(GameError):
        act(game, "run_routes", bm_of(game), routes=[{"train": "2-0", "connections": [["D24", "D22"]]}])
    assert game.round.active_step().NAME == "Route"


def test_a_train_cannot_run_twice(game: Game1830) -> None:
    with pytest.raises(IllegalAction, match="twice"):
        act(
            game,
            "run_routes",
            bm_of(game),
            routes=[
                {"train": "2-0", "hexes": ["E23", "F24"], "revenue": 40},
                {"train": "2-0", "hexes": ["E23", "F24"], "revenue": 40},
            ],
        )


def test_another_corporations_train_cannot_run() -> None:
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 6)])
    prr = par(g, "PRR", 67, [(1, 6)])
    give_train(g, bm, "2")
    give_train(g, prr, "2")
    start_or(g)
    goto_step(g, "Route")
    assert g.round.current_entity() is bm
    with pytest.raises(IllegalAction, match="another corporation's train"):
        act(g, "run_routes", bm, routes=[{"train": "2-1", "hexes": ["E23", "F24"], "revenue": 40}])


def test_no_route_step_without_trains() -> None:
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 6)])
    start_or(g)
    goto_step(g, "BuyTrain")  # Route and Dividend were skipped
    assert bm.operating_history  # the forced withhold was recorded


# --------------------------------------------------------------------------------------------------
# Dividend
# --------------------------------------------------------------------------------------------------
def test_payout_pays_players_and_the_pool_pays_the_corporation() -> None:
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 4), (1, 2)])
    b = g.players[1]
    g.share_pool.sell_shares(ShareBundle(b.shares_of(bm)[:1]))  # 10% into the pool; 40% stays in the IPO
    give_train(g, bm, "2")
    start_or(g)
    goto_step(g, "Route")
    a = g.players[0]
    cash_a, cash_b, cash_bm, bank = a.cash, b.cash, bm.cash, g.bank.cash
    right = g.stock_market.find_share_price(bm, "right")
    act(g, "run_routes", bm, routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD}])
    act(g, "dividend", bm, kind="payout")
    assert a.cash == cash_a + 20  # 5 shares x $4
    assert b.cash == cash_b + 4
    assert bm.cash == cash_bm + 4  # the pool share pays the corporation; IPO shares pay nobody
    assert g.bank.cash == bank - 28
    assert bm.share_price is right
    assert all(t.operated for t in bm.trains)
    info = bm.operating_history[(1, 1)]
    assert info.revenue == 40 and info.dividend_kind == "payout"
    assert g.round.active_step().NAME == "BuyTrain"


def test_payout_rounds_each_holder_up() -> None:
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 4), (1, 1), (2, 1)])
    give_train(g, bm, "2")
    start_or(g)
    goto_step(g, "Route")
    a, b = g.players[0], g.players[1]
    cash_a, cash_b = a.cash, b.cash
    g.loading = True  # a stored revenue of 45 (odd on purpose) is taken as written only when loading a game
    act(g, "run_routes", bm, routes=[{"train": "2-0", "hexes": ["E23", "F24"], "revenue": 45}])
    g.loading = False
    act(g, "dividend", bm, kind="payout")
    assert a.cash == cash_a + 23  # 5 x 4.5 = 22.5, rounded up
    assert b.cash == cash_b + 5  # 4.5 rounded up


def test_withhold_keeps_the_revenue_and_moves_the_price_left(game: Game1830) -> None:
    bm = bm_of(game)
    cash = bm.cash
    left = game.stock_market.find_share_price(bm, "left")
    act(game, "run_routes", bm, routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD}])
    act(game, "dividend", bm, kind="withhold")
    assert bm.cash == cash + 40
    assert bm.share_price is left
    assert game.round.routes == []
    assert "B&M withholds $40" in game.log_lines


def test_unknown_dividend_kind_is_refused(game: Game1830) -> None:
    bm = bm_of(game)
    act(game, "run_routes", bm, routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD}])
    with pytest.raises(GameError):
        act(game, "dividend", bm, kind="half")
    assert game.round.active_step().NAME == "Dividend"


def test_zero_revenue_forces_a_withhold() -> None:
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 6)])
    left = g.stock_market.find_share_price(bm, "left")
    cash = bm.cash
    start_or(g)
    assert not bm.operating_history
    goto_step(g, "BuyTrain")  # passing Track: Token, Route and Dividend have nothing to do
    assert bm.share_price is left
    assert bm.cash == cash
    info = bm.operating_history[(1, 1)]
    assert info.revenue == 0 and info.dividend_kind == "withhold"
    assert "B&M does not run" in g.log_lines


def test_every_train_is_marked_operated_even_those_that_did_not_run() -> None:
    g = new_game()
    bm = par(g, "B&M", 67, [(0, 6)])
    give_train(g, bm, "2")
    give_train(g, bm, "2")
    start_or(g)
    goto_step(g, "Route")
    act(g, "run_routes", bm, routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD}])
    act(g, "dividend", bm, kind="payout")
    assert [t.operated for t in bm.trains] == [True, True]


def test_stored_revenue_below_what_the_route_earns_is_paid_as_written(game: Game1830) -> None:
    # 18xx.games pays a recorded revenue (18Texas/65394 records runs $10 below what their stops make)
    act(game, "run_routes", bm_of(game), routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD, "revenue": 30}])
    assert game.round.active_step().total_revenue() == 30


def test_a_loaded_game_takes_a_recorded_revenue_as_the_reference_does(game: Game1830, monkeypatch) -> None:
    # Loading a saved game the reference engine never rebuilds a recorded run (``Route#revenue`` returns the stored
    # revenue); live play refuses it (test above), and so does a load with VERIFY_RECORDED_RUNS (the fixture tests).
    import engine.steps.route

    trial = game.copy()
    trial.loading = True
    act(trial, "run_routes", bm_of(trial), routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD, "revenue": 50}])
    assert trial.round.active_step().total_revenue() == 50
    assert trial.round.routes[0].computed_revenue() == 40  # the route itself is still there to follow when asked

    monkeypatch.setattr(engine.steps.route, "VERIFY_RECORDED_RUNS", True)
    game.loading = True
    with pytest.raises(IllegalAction, match=r"earns \$40, not the \$50 recorded"):
        act(game, "run_routes", bm_of(game), routes=[{"train": "2-0", "connections": BOSTON_MANSFIELD, "revenue": 50}])
    assert game.round.active_step().NAME == "Route"
