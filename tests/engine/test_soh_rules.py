"""Steam Over Holland's own rules, one by one (the replay of the shared game is in test_fixtures.py)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.actions import Bid, BuyShares, Par, Pass
from engine.errors import IllegalAction
from engine.map.tile import Tile
from engine.model.shares import ShareBundle
from engine.titles.steam_over_holland.rules import GameSteamOverHolland
from engine.titles.steam_over_holland.steps import BuySellParShares, Dividend, IssueShares, SelectionAuction

TITLE = "Steam Over Holland"


def game_at_stock_round(seed: int = 7, players: int = 3) -> Any:
    """A new game whose auction is over: each nominator bought the company on offer at face value."""
    game = new_game(TITLE, ["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed=seed)
    while game.round.NAME == "Auction":
        step = game.round.active_step()
        entity = game.round.current_entity()
        if step.high_bid() is None and entity is step.nominator:
            game.process_action(Bid(entity=entity.id, company=step.auctioning.sym,
                                    price=step.min_bid(step.auctioning)))
        else:
            game.process_action(Pass(entity=entity.id))
    return game


def player(game: Any, name: str) -> Any:
    return next(p for p in game.players if p.name == name)


def price_cell(game: Any, price: int) -> Any:
    return next(sp for sp in game.stock_market.market[0] if sp is not None and sp.price == price)


# --- set-up and the auction ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_as_many_companies_as_players_are_drawn_in_number_order(players: int) -> None:
    drawn = set()
    for seed in range(1, 9):
        game = new_game(TITLE, ["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed=seed)
        names = [c.name for c in game.companies]
        assert len(names) == players
        assert names == sorted(names)
        assert [c.sym for c in game.round.active_step().companies] == [c.sym for c in game.companies]
        drawn.add(tuple(names))
    assert len(drawn) > 1  # the draw depends on the seed


def test_the_draw_is_the_seeds() -> None:
    one = new_game(TITLE, ["Ann", "Bob", "Cy"], seed=1738309725)
    two = new_game(TITLE, ["Ann", "Bob", "Cy"], seed=1738309725)
    assert [c.sym for c in one.companies] == [c.sym for c in two.companies] == ["KKI", "VES", "W"]


def test_companies_may_be_sold_to_corporations_for_one_up_to_face_value() -> None:
    game = new_game(TITLE, ["Ann", "Bob", "Cy"], seed=3)
    assert all((c.min_price, c.max_price) == (1, c.value) for c in game.companies)


def test_everyone_passing_removes_the_company_and_names_it_without_its_number() -> None:
    game = new_game(TITLE, ["Ann", "Bob", "Cy", "Dee"], seed=2)
    step = game.round.active_step()
    assert isinstance(step, SelectionAuction)
    first = step.auctioning
    for _ in range(4):
        game.process_action(Pass(entity=game.round.current_entity().id))
    assert first not in step.companies
    assert f"All players pass on {first.name[3:]}. Company is removed from the game." in game.log_lines


def test_the_richest_player_starts_the_first_stock_round_seats_kept() -> None:
    game = game_at_stock_round(seed=7)
    # Ann bought the cheapest company, so Ann (most cash left) starts; the seat order is kept.
    cash = {p.name: p.cash for p in game.players}
    richest = max(cash, key=lambda name: cash[name])
    assert game.players[0].name == richest
    assert game.round.current_entity() is game.players[0]


def test_the_seats_move_one_on_after_each_stock_round() -> None:
    game = game_at_stock_round(seed=7)
    order = [p.name for p in game.players]
    game.reorder_players()  # (as when this stock round ends)
    assert [p.name for p in game.players] == order[1:] + order[:1]


# --- stock round ---------------------------------------------------------------------------------------------
def test_a_par_buys_the_float_percentage() -> None:
    game = game_at_stock_round()
    first = game.round.current_entity()
    cash = first.cash
    game.process_action(Par(entity=first.id, corporation="NBD", share_price="70,0,4"))
    nbd = game.corporation_by_id("NBD")
    assert first.percent_of(nbd) == 20
    assert first.cash == cash - 140
    assert nbd.cash == 140  # incremental capitalisation: the treasury pays the corporation
    assert nbd.floated


def test_the_float_percentage_rises_with_the_phases() -> None:
    game = game_at_stock_round()
    step = game.round.active_step()
    assert isinstance(step, BuySellParShares)
    assert (game.percent_to_float(), step.par_certificates()) == (20, 1)
    game.phase.next()
    game.train_rules.event_float_30()
    assert (game.percent_to_float(), step.par_certificates()) == (30, 2)
    assert all(c.float_percent == 30 for c in game.corporations)
    first = game.round.current_entity()
    game.process_action(Par(entity=first.id, corporation="OSM", share_price="65,0,3"))
    osm = game.corporation_by_id("OSM")
    assert first.percent_of(osm) == 30
    assert osm.cash == 195
    assert osm.floated


def test_par_prices_are_those_the_player_can_pay_for_the_float() -> None:
    game = game_at_stock_round()
    step = game.round.active_step()
    first = game.round.current_entity()
    first.cash = 150
    assert sorted(p.price for p in step.get_par_prices(first)) == [65, 70, 75]


# --- the market's ledges ---------------------------------------------------------------------------------------
def _two_holders(game: Any, corp: str = "NBD") -> tuple[Any, Any, Any]:
    """``corp`` parred by the first player at 100, who then holds 40% (president); 30% bought by the second."""
    first = game.round.current_entity()
    first.cash += 1000
    game.process_action(Par(entity=first.id, corporation=corp, share_price="100,0,8"))
    second = game.round.current_entity()
    second.cash += 1000
    corporation = game.corporation_by_id(corp)
    game.share_pool.buy_shares(first, ShareBundle(corporation.ipo_shares()[:2]))
    game.share_pool.buy_shares(second, ShareBundle(corporation.ipo_shares()[:3]))
    assert corporation.owner is first
    return corporation, first, second


@pytest.mark.parametrize(("price", "shares", "after"), [
    (110, 3, 110),  # "ignore": no drop for anybody but the president
    (125, 3, 110),  # "max one drop"
    (140, 3, 110),  # "max two drops" (three shares drop two)
    (140, 1, 125),  # one share drops one, as anywhere
    (90, 3, 70),    # no ledge: one step per share (90 -> 80 -> 75 -> 70)
])
def test_sales_by_others_than_the_president_stop_at_the_ledges(price: int, shares: int, after: int) -> None:
    game = game_at_stock_round()
    corporation, _, second = _two_holders(game)
    game.stock_market.move(corporation, price_cell(game, price).coordinates, force=True)
    bundle = ShareBundle(second.shares_of(corporation)[:shares])
    game.share_rules.sell_shares_and_change_price(bundle)
    assert corporation.share_price.price == after


def test_the_presidents_sales_ignore_the_ledges() -> None:
    game = game_at_stock_round()
    corporation, first, _second = _two_holders(game)
    game.stock_market.move(corporation, price_cell(game, 110).coordinates, force=True)
    game.share_rules.sell_shares_and_change_price(ShareBundle(first.shares_of(corporation)[-2:]))
    assert corporation.share_price.price == 90


def test_issuing_drops_one_step_less_than_the_shares_issued() -> None:
    game = game_at_stock_round()
    corporation, _, _ = _two_holders(game)
    treasury = [s for s in corporation.shares_of(corporation) if not s.president]
    game.share_rules.sell_shares_and_change_price(ShareBundle(treasury[:3]))
    assert corporation.share_price.price == 80  # 100 -> 2 steps left
    assert corporation.num_market_shares() == 3


# --- operating round rules ---------------------------------------------------------------------------------------
def test_issue_limit_and_once_per_round() -> None:
    game = game_at_stock_round()
    corporation, _, second = _two_holders(game)
    # players hold 40% + 30% = 7 shares, the treasury 3; the market is empty: all 3 may go at once
    assert max(b.num_shares for b in game.issuable_shares(corporation)) == 3
    game.share_pool.sell_shares(ShareBundle(second.shares_of(corporation)[:3]))
    # now 3 shares in the market: at most 5 - 3 = 2 more
    assert max(b.num_shares for b in game.issuable_shares(corporation)) == 2
    assert {b.price_per_share for b in game.issuable_shares(corporation)} == {100}
    game.round.issued_shares = {corporation: True}
    assert game.issuable_shares(corporation) == []
    assert game.redeemable_shares(corporation) == []


def test_redeeming_needs_the_cash_at_the_current_price() -> None:
    game = game_at_stock_round()
    corporation, _, second = _two_holders(game)
    game.share_pool.sell_shares(ShareBundle(second.shares_of(corporation)[:2]))
    corporation.cash = 150
    assert game.redeemable_shares(corporation)
    assert [b.num_shares for b in game.redeemable_shares(corporation)] == [1]
    corporation.cash = 200
    assert sorted(b.num_shares for b in game.redeemable_shares(corporation)) == [1, 2]


@pytest.mark.parametrize(("revenue", "expected"), [
    (0, ("left", 1)), (99, (None, 0)), (100, ("right", 1)), (199, ("right", 1)), (200, ("right", 2)),
])
def test_dividend_price_moves(revenue: int, expected: tuple[Any, int]) -> None:
    game = game_at_stock_round()
    corporation, _, _ = _two_holders(game)
    step = Dividend(game, game.round)
    assert step.share_price_change(corporation, revenue) == expected


def test_werkspoor_cuts_the_price_of_the_needed_train_for_its_owners_corporations() -> None:
    game = game_at_stock_round(seed=7)
    werkspoor = game.company_by_id("W")
    corporation, _first, second = _two_holders(game)
    werkspoor.owner = second
    assert game.min_train_price(corporation) == 100
    werkspoor.owner = corporation.owner  # its president's company counts too (the reference's owned_by?)
    assert game.min_train_price(corporation) == 90
    werkspoor.owner = second
    assert game.min_train_price(corporation) == 100


def test_a_single_town_may_become_two_towns() -> None:
    game = game_at_stock_round()
    one_town = [next(t for t in game.tiles if t.name == name) for name in ("3", "4", "58")]
    for two in ("981", "991", "SOH2", "SOH3", "SOH4", "SOH5"):
        tile = next(t for t in game.tiles if t.name == two)
        fits = []
        for rotation in range(6):
            tile.rotate(rotation)
            fits.extend(game.track_rules.upgrades_to(old, tile) for old in one_town)
        tile.rotate(0)
        assert any(fits), two
    # ... but a plain track tile does not become a town tile
    straight = next(t for t in game.tiles if t.name == "9")
    assert not any(game.track_rules.upgrades_to(straight, _rotated(t, r))
                   for t in game.tiles if t.name == "981" for r in range(6))


def _rotated(tile: Tile, rotation: int) -> Tile:
    tile.rotate(rotation)
    return tile


def test_the_game_ends_after_the_tenth_operating_round() -> None:
    game = game_at_stock_round()
    assert isinstance(game, GameSteamOverHolland)
    game.or_count = 9
    assert not game.end_rules.condition("fixed_round")
    game.or_count = 10
    assert game.end_rules.condition("fixed_round")


def test_issue_step_never_blocks_and_passes_with_the_dividend() -> None:
    game = game_at_stock_round()
    issue = IssueShares(game, game.round)
    assert not issue.blocks()
    issue.dividend_step_passes()
    assert issue.passed


def test_a_par_the_player_cannot_afford_is_refused() -> None:
    game = game_at_stock_round()
    first = game.round.current_entity()
    first.cash = 100
    with pytest.raises(IllegalAction):
        game.process_action(Par(entity=first.id, corporation="NBD", share_price="100,0,8"))
    assert game.corporation_by_id("NBD").share_price is None
    assert first.cash == 100


def test_buying_a_share_after_par_is_the_next_players_turn() -> None:
    game = game_at_stock_round()
    first = game.round.current_entity()
    game.process_action(Par(entity=first.id, corporation="NBD", share_price="70,0,4"))
    second = game.round.current_entity()
    assert second is not first
    game.process_action(BuyShares(entity=second.id, shares=["NBD_1"], percent=10))
    assert second.percent_of(game.corporation_by_id("NBD")) == 10


def test_smas_lays_one_free_tile_anywhere() -> None:
    """SMAS's ability names no hex (an empty list): its lay need not connect to the owner's track."""
    from engine.moves.registry import legal_moves

    game = game_at_stock_round(seed=2, players=4)
    smas = game.company_by_id("SMAS")
    first = game.round.current_entity()
    game.process_action(Par(entity=first.id, corporation="NBD", share_price="70,0,4"))
    nbd = game.corporation_by_id("NBD")
    smas.owner.companies.remove(smas)
    smas.owner = nbd
    nbd.companies.append(smas)
    while game.round.NAME == "Stock":
        game.process_action(Pass(entity=game.round.current_entity().id))
    assert game.round.current_entity() is nbd
    moves = legal_moves(game).moves
    smas_hexes = {m.hex for m in moves if m.base()["entity"] == "SMAS"}
    nbd_hexes = {m.hex for m in moves if m.base()["entity"] == "NBD" and m.type == "lay_tile"}
    assert "A14" in smas_hexes  # far from NBD's home at K12
    assert "A14" not in nbd_hexes
    assert nbd_hexes < smas_hexes


def test_reaching_fl_360_ends_the_game_after_the_operating_set() -> None:
    """The "current" timing is outside the reference's priority list: the trigger stands (no crash), and the
    game ends after the last operating round of the set, as the reference's ``end_now?`` decides."""
    game = game_at_stock_round()
    first = game.round.current_entity()
    game.process_action(Par(entity=first.id, corporation="NBD", share_price="70,0,4"))
    nbd = game.corporation_by_id("NBD")
    game.stock_market.move(nbd, price_cell(game, 360).coordinates)
    assert game.stock_market.max_reached
    assert game.game_end_check() == ("stock_market", "current")
    assert game.game_end_check() == ("stock_market", "current")  # asked again: unchanged
    assert not game.end_now("current")  # a stock round: not yet
    game.or_count = 10  # the fixed end too: the first trigger stands
    assert game.game_end_check() == ("stock_market", "current")


def test_a_route_may_not_begin_or_end_in_a_town() -> None:
    game = game_at_stock_round()
    town = next(node for hex_ in game.hexes for node in hex_.tile.towns)
    city = next(node for hex_ in game.hexes for node in hex_.tile.cities)
    game.check_route_visits([city, town, city])  # a town in the middle is fine
    for visits in ([city, town], [town, city], [town]):
        with pytest.raises(IllegalAction, match="begin/end in a town"):
            game.check_route_visits(visits)


def test_the_route_optimiser_keeps_towns_off_the_ends() -> None:
    """In the shared game, OSM's first run (action 60) could only reach towns with its 2 train: the site ran
    nothing, and so does the optimiser (it found 30 for a route ending in a town before the rule was kept)."""
    from engine import load_game
    from engine.record import GameRecord
    from engine.routing.optimiser import best_routes
    from tests.conftest import FIXTURES, shared_or_skip

    path = shared_or_skip(FIXTURES / "SteamOverHolland" / "SteamOverHolland_game_end_fixed_round.json")
    record = GameRecord.load(path)
    position = next(i for i, a in enumerate(record.actions) if a.get("id") == 60)
    assert record.actions[position]["type"] == "run_routes"
    game = load_game(record, upto=position)
    result = best_routes(game)
    assert result.entity is game.corporation_by_id("OSM")
    assert result.total == 0
    assert result.routes == []
