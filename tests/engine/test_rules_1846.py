"""1846's operating rules: revenue bonuses, N/M trains, dividends, issuing and redeeming, emergency
issues, the $20 tile lays, receivership and minors absorbed by corporations.

The cases follow the published rules and the reference engine's behaviour
(``lib/engine/game/g_1846``).  Most build a position on a fresh game; a few replay a real game from
``../shared/fixtures`` and skip when it is absent.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import BuyCompany as BuyCompanyAction
from engine.actions import BuyShares as BuySharesAction
from engine.actions import SellShares as SellSharesAction
from engine.errors import IllegalAction
from engine.map.route import Route
from engine.titles.g1846.operating import icon_value
from engine.titles.g1846.rules import Game1846
from engine.titles.g1846.steps import (
    BuyCompany,
    BuySellParShares,
    BuyTrain,
    Dividend,
    IssueShares,
    OperatingRound1846,
    TrackAndToken,
)
from tests.conftest import fixture_files

PLAYERS = [(1, "Alice"), (2, "Bob"), (3, "Carol")]
#: with five players and the first edition's companies, nothing is removed at set-up
FIVE_PLAYERS = [*PLAYERS, (4, "Dave"), (5, "Erin")]


# ---------------------------------------------------------------------------------------------
# Building positions
# ---------------------------------------------------------------------------------------------
def new_game(seed: int = 5, players: list[tuple[int, str]] = PLAYERS, first_edition: bool = False) -> Game1846:
    options = ["first_ed"] if first_edition else []
    return Game1846(players, game_id=seed, seed=seed, optional_rules=options)


def float_corporation(game: Game1846, sym: str, price: int, president: Any, extra_shares: int = 0) -> Any:
    """Par ``sym`` at ``price`` for ``president`` (who buys ``extra_shares`` more from the treasury)."""
    corporation = game.corporation_by_id(sym)
    cell = next(p for p in game.stock_market.par_prices if p.price == price)
    game.stock_market.set_par(corporation, cell)
    game.share_pool.buy_shares(president, corporation.shares[0].to_bundle())
    for _ in range(extra_shares):
        share = corporation.available_share()
        assert share is not None
        game.share_pool.buy_shares(president, share.to_bundle())
    game.track_rules.place_home_token(corporation)
    return corporation


def start_operating_round(game: Game1846) -> OperatingRound1846:
    game.round = game.new_operating_round(1)
    game.round.setup()
    assert isinstance(game.round, OperatingRound1846)
    return game.round


def step_of(game: Game1846, cls: type) -> Any:
    return next(s for s in game.round.steps if type(s) is cls)


def give_train(game: Game1846, corporation: Any, name: str, variant: str | None = None) -> Any:
    train = next(t for t in game.depot.upcoming if t.name == name or name in t.variants)
    if variant is not None:
        train.set_variant(variant)
    game.train_rules.buy_train(corporation, train, "free")
    return train


def route_through(game: Game1846, train: Any, stops: list[Any], routes: list[Route] | None = None) -> Route:
    """A route of ``train`` visiting ``stops`` in order (the track itself is not needed for revenue)."""
    shared = routes if routes is not None else []
    route = Route(game, train, routes=shared)
    route._visited_stops = list(stops)
    route._connection_data = []
    shared.append(route)
    return route


def node(game: Game1846, hex_id: str, index: int = 0) -> Any:
    return game.hex_by_id(hex_id).tile.nodes[index]


@pytest.fixture
def game() -> Game1846:
    return new_game()


@pytest.fixture
def alice(game: Game1846) -> Any:
    return game.players[0]


# ---------------------------------------------------------------------------------------------
# Revenue: N/M trains, East/West, markers, Mail Contract
# ---------------------------------------------------------------------------------------------
def test_icon_values_are_the_leading_number_of_the_name() -> None:
    assert icon_value("30") == 30
    assert icon_value("port") == 0
    assert icon_value("50abc") == 50


def test_east_west_bonus_needs_both_ends_among_the_paying_stops(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 90, alice)
    train = give_train(game, nyc, "2")
    chicago_connections, binghamton = node(game, "C5"), node(game, "E23")
    # C5: W, $20, icon 50; E23: eastern, $20, icon 30
    route = route_through(game, train, [chicago_connections, binghamton])
    assert game.revenue_for(route, [chicago_connections, binghamton]) == 20 + 20 + 50 + 30
    assert game.revenue_for(route, [binghamton, node(game, "D20")]) == 20 + 10


def test_n_m_train_pays_its_best_stops_including_a_token_and_the_bonus(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 90, alice)
    train = give_train(game, nyc, "4", variant="3/5")
    home = node(game, "D20")
    assert home.tokened_by(nyc)
    stops = [home, node(game, "C5"), node(game, "B18"), node(game, "I1"), node(game, "J10")]
    route = route_through(game, train, stops)
    # Three stops pay and one must be NYC's.  D20+B18+C5 (10+30+20 + E/W 20+50) and D20+B18+I1
    # (10+30+50 + E/W 20+20) both earn 130, ahead of D20+I1+J10 (110): the first combination wins.
    assert route.compute_stops() == [home, stops[1], stops[2]]
    assert game.revenue_for(route, route.compute_stops()) == 130


def test_n_m_train_without_a_token_stop_earns_nothing(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 90, alice)
    train = give_train(game, nyc, "4", variant="3/5")
    route = route_through(game, train, [node(game, "I1"), node(game, "J10")])
    assert route.compute_stops() == []


def test_marker_bonuses_count_on_a_paying_stop_of_the_assigned_corporation() -> None:
    game = new_game(players=FIVE_PLAYERS, first_edition=True)
    alice = game.players[0]
    nyc = float_corporation(game, "NYC", 90, alice)
    train = give_train(game, nyc, "2")
    wheeling, st_louis = node(game, "G19"), node(game, "I1")
    route = route_through(game, train, [wheeling, st_louis])
    base = game.revenue_for(route, [wheeling, st_louis])
    # The Steamboat pays $20 per port icon of its hex: Wheeling has two.
    game.hex_by_id("G19").assign("SC")
    assert game.revenue_for(route, [wheeling, st_louis]) == base
    nyc.assignments = {"SC": True}
    assert game.revenue_for(route, [wheeling, st_louis]) == base + 40
    # Meat Packing: +$30 on St. Louis.
    game.hex_by_id("I1").assign("MPC")
    nyc.assignments["MPC"] = True
    assert game.revenue_for(route, [wheeling, st_louis]) == base + 40 + 30


def test_mail_contract_pays_the_route_visiting_most_stops(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 90, alice)
    short_train = give_train(game, nyc, "2")
    long_train = give_train(game, nyc, "4")
    routes: list[Route] = []
    short = route_through(game, short_train, [node(game, "D20"), node(game, "E23")], routes)
    long = route_through(game, long_train, [node(game, "D20", 0), node(game, "C5"), node(game, "I1")], routes)
    before = game.revenue_for(long, long.visited_stops)
    mail = game.company_by_id("MAIL")
    mail.owner = nyc
    nyc.companies.append(mail)
    assert game.revenue_for(long, long.visited_stops) == before + 30
    assert game.is_mail_contract_route(long)
    assert not game.is_mail_contract_route(short)


def test_mail_contract_tie_goes_to_the_larger_train_id(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 90, alice)
    first, second = give_train(game, nyc, "2"), give_train(game, nyc, "2")
    mail = game.company_by_id("MAIL")
    mail.owner = nyc
    nyc.companies.append(mail)
    routes: list[Route] = []
    a = route_through(game, first, [node(game, "D20"), node(game, "E23")], routes)
    b = route_through(game, second, [node(game, "D20"), node(game, "C5")], routes)
    assert first.id < second.id
    assert game.is_mail_contract_route(b) and not game.is_mail_contract_route(a)


# ---------------------------------------------------------------------------------------------
# Dividends
# ---------------------------------------------------------------------------------------------
def test_half_pay_withholds_the_rounded_down_half_in_whole_dollars_per_share(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 90, alice)
    start_operating_round(game)
    dividend = step_of(game, Dividend)
    option = dividend.half(nyc, 150)
    assert (option.corporation, option.per_share) == (70, 8.0)
    option = dividend.half(nyc, 130)
    assert (option.corporation, option.per_share) == (60, 7.0)
    assert dividend.dividend_types() == ("payout", "half", "withhold")


@pytest.mark.parametrize(
    ("price", "paid", "expected"),
    [
        (100, 0, ("left", 1)),
        (100, 40, ("left", 1)),
        (100, 50, (None, 0)),
        (100, 100, ("right", 1)),
        (100, 200, ("right", 2)),
        (100, 300, ("right", 2)),
        (165, 495, ("right", 3)),
    ],
)
def test_share_price_moves_by_the_1846_scale(game: Game1846, alice: Any, price: int, paid: int,
                                             expected: tuple[Any, int]) -> None:
    nyc = float_corporation(game, "NYC", 90, alice)
    cell = next(sp for row in game.stock_market.market for sp in row if sp is not None and sp.price == price)
    game.stock_market.move(nyc, cell.coordinates, force=True)
    start_operating_round(game)
    assert step_of(game, Dividend).share_price_change(nyc, paid) == expected


def test_minors_split_their_revenue_with_their_owner(game: Game1846, alice: Any) -> None:
    start_operating_round(game)
    dividend = step_of(game, Dividend)
    minor = game.minor_by_id("MS")
    option = dividend.payout(minor, 50)
    assert (option.corporation, option.per_share) == (25, 25)
    assert dividend.share_price_change(minor, 50) == (None, 0)
    assert dividend.actions(minor) == []


# ---------------------------------------------------------------------------------------------
# Issuing and redeeming
# ---------------------------------------------------------------------------------------------
def test_issue_one_step_left_at_most_player_minus_market_shares(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 80, alice, extra_shares=2)  # Alice: 40%
    start_operating_round(game)
    assert game.round.current_entity() is nyc
    bundles = game.issuable_shares(nyc)
    assert [b.num_shares for b in bundles] == [1, 2, 3, 4]
    assert all(b.price_per_share == 70 for b in bundles)
    # A share in the market lowers the limit by one.
    game.share_pool.sell_shares(bundles[0])
    assert [b.num_shares for b in game.issuable_shares(nyc)] == [1, 2, 3]
    issue = step_of(game, IssueShares)
    assert issue.actions(nyc) == ["buy_shares", "sell_shares"]


def test_redeem_one_step_right_if_the_treasury_can_pay(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 80, alice, extra_shares=2)
    start_operating_round(game)
    game.share_pool.sell_shares(game.issuable_shares(nyc)[1])  # two shares to the market
    redeemable = game.redeemable_shares(nyc)
    assert [(b.num_shares, b.price_per_share) for b in redeemable] == [(1, 90), (2, 90)]
    nyc.set_cash(100, game.bank)
    assert [b.num_shares for b in game.redeemable_shares(nyc)] == [1]


def test_issue_and_redeem_only_while_the_issue_step_is_open(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 80, alice, extra_shares=2)
    start_operating_round(game)
    issue = step_of(game, IssueShares)
    bundle = game.issuable_shares(nyc)[0]
    cash = nyc.cash
    action = SellSharesAction(entity="NYC", entity_type="corporation", shares=[s.id for s in bundle.shares],
                              percent=bundle.percent, share_price=bundle.price_per_share)
    issue.process_sell_shares(action)
    assert nyc.cash == cash + 70
    assert nyc.share_price.price == 80  # issuing in the operating turn does not move the price
    assert issue.passed and game.issuable_shares(nyc) == [] and game.redeemable_shares(nyc) == []
    # The buying power counted the largest issuable bundle while it could be issued.
    assert game.corporation_rules.buying_power(nyc) == nyc.cash


def test_issue_at_a_wrong_price_is_refused_in_live_play(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 80, alice, extra_shares=2)
    start_operating_round(game)
    game.finish_loading()
    bundle = game.issuable_shares(nyc)[0]
    action = SellSharesAction(entity="NYC", entity_type="corporation", shares=[s.id for s in bundle.shares],
                              percent=bundle.percent, share_price=80)
    with pytest.raises(IllegalAction):
        step_of(game, IssueShares).process_sell_shares(action)


def test_buying_power_counts_the_largest_issuable_bundle(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 80, alice, extra_shares=2)
    start_operating_round(game)
    assert game.corporation_rules.buying_power(nyc) == nyc.cash + 4 * 70


# ---------------------------------------------------------------------------------------------
# Emergency issue and train buying
# ---------------------------------------------------------------------------------------------
def test_emergency_issue_prices_and_limits(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 80, alice, extra_shares=2)  # NYC holds 6 shares
    nyc.set_cash(10, game.bank)
    # The cheapest depot train is a 2 ($80).  One share, priced 1 + 1 steps left, brings $60: not
    # enough; two shares at 1 + 2 steps left bring $100, enough, so nothing larger is offered.
    bundles = game.emergency_issuable_bundles(nyc)
    assert [(b.num_shares, b.price) for b in bundles] == [(2, 100)]
    nyc.set_cash(30, game.bank)
    assert [(b.num_shares, b.price) for b in game.emergency_issuable_bundles(nyc)] == [(1, 60)]
    nyc.set_cash(80, game.bank)
    assert game.emergency_issuable_bundles(nyc) == []
    # With trains, or once issued this turn, nothing.
    game.round.emergency_issued = True
    assert game.emergency_issuable_bundles(nyc) == []


def test_emergency_issue_everything_when_no_bundle_buys_the_train(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 40, alice, extra_shares=2)
    nyc.spend(nyc.cash, game.bank, check_positive=False)
    for train in list(game.depot.upcoming):
        if train.name == "2":
            game.depot.remove_train(train)
    game.depot.depot_trains(clear=True)
    # The cheapest train is now a 4 (or a 3/5 for $160), out of reach: the largest bundle that still
    # brings money is offered alone (one share at $20 or two at $10; three would be priced $0).
    bundles = game.emergency_issuable_bundles(nyc)
    assert [(b.num_shares, b.price) for b in bundles] == [(2, 20)]


def test_president_may_not_sell_while_the_corporation_can_issue(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 80, alice, extra_shares=2)
    nyc.set_cash(10, game.bank)
    round_ = start_operating_round(game)
    buy_train = step_of(game, BuyTrain)
    for step in round_.steps:
        if not isinstance(step, BuyTrain | BuyCompany):
            step.pass_()
    round_.clear_cache()
    assert round_.active_step() is buy_train
    assert buy_train.actions(nyc) == ["buy_train", "sell_shares"]
    assert buy_train.actions(alice) == []
    bundle = game.emergency_issuable_bundles(nyc)[0]
    buy_train.process_sell_shares(SellSharesAction(
        entity="NYC", entity_type="corporation", shares=[s.id for s in bundle.shares], percent=bundle.percent,
        share_price=bundle.price_per_share))
    # Two shares at $50 (three steps left of $80); the price moves one step left per share.
    assert nyc.cash == 110 and nyc.share_price.price == 60 and round_.emergency_issued
    assert buy_train.actions(alice) == ["sell_shares"]
    assert buy_train.last_share_issued_price == 100
    assert buy_train.actions(nyc) == ["buy_train"]


def test_only_the_cheaper_variant_when_only_it_is_affordable(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 80, alice)
    give_train(game, nyc, "2")
    for train in list(game.depot.upcoming):
        if train.name == "2":
            game.depot.remove_train(train)
    game.depot.depot_trains(clear=True)
    start_operating_round(game)
    buy_train = step_of(game, BuyTrain)
    four = game.depot.min_depot_train
    nyc.set_cash(170, game.bank)
    assert [v["name"] for v in buy_train.buyable_train_variants(four, nyc)] == ["3/5"]
    nyc.set_cash(190, game.bank)
    assert sorted(v["name"] for v in buy_train.buyable_train_variants(four, nyc)) == ["3/5", "4"]


# ---------------------------------------------------------------------------------------------
# Track
# ---------------------------------------------------------------------------------------------
def test_every_tile_lay_costs_at_least_20(game: Game1846) -> None:
    plain, mountain = game.hex_by_id("E9"), game.hex_by_id("H14")
    assert game.track_rules.upgrade_cost(plain.tile, plain, None, None) == 20
    assert game.track_rules.upgrade_cost(mountain.tile, mountain, None, None) == 60


def test_no_track_without_20_dollars(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 40, alice)
    start_operating_round(game)
    step = step_of(game, TrackAndToken)
    assert "lay_tile" in step.actions(nyc)
    nyc.set_cash(19, game.bank)
    # Shares it could still issue count as money ...
    assert "lay_tile" in step.actions(nyc)
    # ... until the issue step is over.
    step_of(game, IssueShares).pass_()
    assert "lay_tile" not in step.actions(nyc)
    nyc.set_cash(20, game.bank)
    assert "lay_tile" in step.actions(nyc)


def test_track_money_is_answered_from_the_cash_first(game: Game1846, alice: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``Step.affords``: 1846's track buying power is never below the cash, so enough cash answers without pricing
    the issuable shares; below it the whole buying power is asked (the default asks it always)."""
    nyc = float_corporation(game, "NYC", 40, alice)
    start_operating_round(game)
    step = step_of(game, TrackAndToken)
    nyc.set_cash(40, game.bank)
    asked: list[int] = []
    monkeypatch.setattr(type(game), "track_buying_power", lambda self, entity: asked.append(1) or int(entity.cash) + 50)
    assert step.affords(nyc, 40) and not asked
    assert step.affords(nyc, 90) and asked
    assert not step.affords(nyc, 91)
    issue = step_of(game, IssueShares)
    monkeypatch.setattr(type(issue), "buying_power", lambda self, entity: 7)
    assert issue.affords(nyc, 7) and not issue.affords(nyc, 8)  # the default: the buying power, cash or not


# ---------------------------------------------------------------------------------------------
# Receivership
# ---------------------------------------------------------------------------------------------
def test_a_corporation_in_receivership_is_run_by_the_rules(game: Game1846, alice: Any) -> None:
    nyc = float_corporation(game, "NYC", 80, alice)
    start_operating_round(game)
    nyc.owner = game.share_pool
    assert nyc.receivership
    assert step_of(game, TrackAndToken).actions(nyc) == []
    assert step_of(game, IssueShares).actions(nyc) == []
    assert step_of(game, BuyTrain).actions(nyc) == []
    assert game.share_rules.sellable_bundles(alice, nyc) == []


def test_receivership_presidents_share_counts_as_one_share(game: Game1846, alice: Any) -> None:
    bob = game.players[1]
    nyc = float_corporation(game, "NYC", 80, alice)
    # Alice's president's certificate goes to the pool and the NYC has no president.
    game.share_pool.transfer_shares(nyc.presidents_share.to_bundle(), game.share_pool)
    nyc.owner = game.share_pool
    game.round = game.new_stock_round()
    step = step_of(game, BuySellParShares)
    presidents = nyc.presidents_share.to_bundle()
    assert not step.can_buy(bob, presidents)  # Bob holds no NYC share
    share = nyc.available_share()
    assert share is not None
    game.share_pool.buy_shares(bob, share.to_bundle())
    assert step.can_buy(bob, presidents)
    cash = bob.cash
    game.round.entity_index = game.round.entities.index(bob)
    step.process_buy_shares(BuySharesAction(entity=bob.id, shares=[nyc.presidents_share.id], percent=20))
    assert bob.cash == cash - 80
    assert nyc.owner is bob and not nyc.receivership
    assert bob.percent_of(nyc) == 20


# ---------------------------------------------------------------------------------------------
# Minors
# ---------------------------------------------------------------------------------------------
def test_buying_a_minor_absorbs_its_cash_train_and_token(game: Game1846, alice: Any) -> None:
    minor = game.minor_by_id("MS")
    company = game.company_by_id("MS")
    company.owner = alice
    alice.companies.append(company)
    minor.owner = alice
    minor.floated = True
    game.bank.spend(60, minor)
    nyc = float_corporation(game, "NYC", 80, alice)
    round_ = start_operating_round(game)
    round_.goto_entity(nyc)
    train = minor.trains[0]
    step = step_of(game, BuyCompany)
    cash = nyc.cash
    step.process_buy_company(BuyCompanyAction(entity="NYC", entity_type="corporation", company="MS", price=1))
    assert nyc.cash == cash - 1 + 60
    assert train in nyc.trains and train.owner is nyc
    assert any(t.hex is not None and t.hex.id == "C15" for t in nyc.tokens)
    assert minor not in game.minors
    assert company.owner is nyc
    assert game.potential_minor_cash(nyc) == 0


def test_corporations_count_player_minors_cash_for_track_and_trains(game: Game1846, alice: Any) -> None:
    minor = game.minor_by_id("BIG4")
    minor.owner = alice
    game.bank.spend(40, minor)
    nyc = float_corporation(game, "NYC", 80, alice)
    start_operating_round(game)
    assert game.potential_minor_cash(nyc) == 39
    assert game.track_buying_power(nyc) == game.corporation_rules.buying_power(nyc) + 39
    assert game.train_buying_power(nyc) == game.corporation_rules.buying_power(nyc)  # only with one or two trains
    give_train(game, nyc, "2")
    assert game.train_buying_power(nyc) == game.corporation_rules.buying_power(nyc) + 39


# ---------------------------------------------------------------------------------------------
# Real games
# ---------------------------------------------------------------------------------------------
def _replay(name: str) -> tuple[Any, list[Any]] | None:
    """A fresh game for the fixture ``name`` and its actions after the undo filter (None: absent)."""
    from engine import build_game
    from engine.core.history import filter_actions
    from engine.record import GameRecord

    paths = [p for p in fixture_files("1846") if p.stem == name]
    if not paths:
        return None
    record = GameRecord.load(paths[0])
    kept, _ = filter_actions(record.actions)
    return build_game(record), kept


def test_bankruptcy_sends_corporations_into_receivership_and_they_buy_trains() -> None:
    """In this game Player 1 goes bankrupt operating GT (GT enters receivership with Player 1's cash,
    too little for a train), then Player 3 goes bankrupt operating NYC: NYC and IC enter receivership,
    NYC buys the cheapest variant it can afford (a 4/6) by itself, and the game ends with one
    player left."""
    found = _replay("1846_game_end_reason_bankrupt")
    if found is None:
        pytest.skip("../shared/fixtures is absent")
    game, kept = found
    bankruptcies = [i for i, a in enumerate(kept) if a is not None and a["type"] == "bankrupt"]
    assert len(bankruptcies) == 2
    position = 0
    for index, data in enumerate(kept):
        if data is None:
            game.raw_actions.append({})
            continue
        if index == bankruptcies[0]:
            gt = game.corporation_by_id("GT")
            player = gt.owner
            game.process_action(data, index)
            assert player.bankrupt and player.cash == 0 and not player.shares and not player.companies
            assert gt.receivership and gt.owner is game.share_pool and gt.cash > 0 and not gt.trains
            assert step_of(game, TrackAndToken).actions(gt) == []
            position = index
            break
        game.process_action(data, index)
    for index in range(position + 1, len(kept)):
        data = kept[index]
        if data is None:
            game.raw_actions.append({})
            continue
        game.process_action(data, index)
    nyc, ic = game.corporation_by_id("NYC"), game.corporation_by_id("IC")
    assert nyc.receivership and ic.receivership
    assert [t.name for t in nyc.trains] == ["4/6"]
    assert game.finished and game.game_end_reason == "bankrupt"
