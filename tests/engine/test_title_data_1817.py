"""1817: facts of the data and the rules the family base adds (auction, sizes, loans, dividends, acquisition)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.titles.g1817 import data
from engine.titles.g1817.acquisition import Acquire
from engine.titles.g1817.auction import SeedMoneyAuction
from engine.titles.g1817.operating import Dividend1817


def game_of(players: int = 4, rules: tuple[str, ...] = (), seed: int = 7) -> Any:
    return new_game("1817", [f"P{i}" for i in range(1, players + 1)], seed=seed, optional_rules=list(rules))


def test_market_has_liquidation_and_acquisition_cells() -> None:
    game = game_of()
    row = [sp for sp in game.stock_market.market[0] if sp is not None]
    assert row[0].type == "liquidation" and [sp.type for sp in row[1:4]] == ["acquisition"] * 3
    assert row[-1].price == 600 and len(row) == 32
    assert game.find_share_price(100).price == 100 and game.find_share_price(104).price == 100
    assert game.find_share_price(39).type == "acquisition"


def test_corporations_start_with_two_shares_and_the_phase_sizes() -> None:
    game = game_of()
    assert len(game.corporations) == 20
    assert all(c.total_shares == 2 and c.max_ownership_percent == 100 for c in game.corporations)
    assert data.CORPORATION_SIZES["3"] == (2, 5) and data.CORPORATION_SIZES["6"] == (10,)
    assert game.corporation_sizes() == (2,)
    corporation = game.corporations[0]
    assert game.tokens_needed(corporation) == 0
    game.size_corporation(corporation, 10)
    assert corporation.total_shares == 10 and game.tokens_needed(corporation) == 3


def test_loans_rate_follows_the_loans_out() -> None:
    game = game_of()
    loans = game.loan_rules
    assert loans.NUM_LOANS == 70 and loans.LOAN_VALUE == 100
    assert loans.future_rate() == 5
    taken = [loans.pool.pop() for _ in range(6)]
    assert loans.future_rate() == 10
    loans.pool.extend(taken)
    corporation = game.corporations[0]
    assert loans.max_loans(corporation) == 2
    assert game.corporation_rules.buying_power(corporation) == 200


def test_the_interest_log_counts_the_loans_held() -> None:
    """The interest line names the loans the corporation holds (the reference's "pays $25 interest for 5 loans";
    it said "for 0 loans": the count of the round's start is not kept in the 1817 family)."""
    game = game_of()
    loans = game.loan_rules
    corporation = game.corporations[0]
    corporation.loans.extend(loans.pool.pop() for _ in range(2))
    assert loans.interest_sources(corporation) == "2 loans"
    corporation.loans.pop()
    assert loans.interest_sources(corporation) == "1 loan"


def test_seed_money_auction_and_the_volatility_pyramid() -> None:
    game = game_of()
    step = game.round.active_step()
    assert isinstance(step, SeedMoneyAuction)
    assert step.seed_money == 200 and len(step.companies) == len(data.COMPANIES)
    mail = game.company_by_id("MAJM")
    assert step.min_bid(mail) == 0 and step.seed_money_provided(mail, 40) == 80
    volatile = game_of(players=5, rules=("volatility",), seed=11)
    step = volatile.round.active_step()
    assert step.seed_money is None
    assert [len(row) for row in step.tiers] == [1, 2, 3, 4, 5, 6]
    assert step.tiers[0][0] is volatile.pittsburgh_private
    assert len(volatile.companies) == len(data.COMPANIES) + len(data.VOLATILITY_COMPANIES) - 3
    assert all(step.may_bid(c) for c in step.tiers[-1]) and not step.may_bid(step.tiers[0][0])
    assert step.actions(step.current_entity()) == ["bid"]


def test_dividend_moves_right_once_or_twice_by_the_price() -> None:
    game = game_of()
    corporation = game.corporations[0]
    game.stock_market.set_par(corporation, game.find_share_price(100))
    step = Dividend1817(game, game.round)
    assert step.share_price_change(corporation, 0) == ("left", 1)
    assert step.share_price_change(corporation, 99) == (None, 0)
    assert step.share_price_change(corporation, 100) == ("right", 1)
    assert step.share_price_change(corporation, 200) == ("right", 2)
    half = step.half(corporation, 90)
    assert half.corporation == 45.0


@pytest.mark.parametrize(("price", "shares", "bid"), [(55, 5, 280), (100, 2, 200), (45, 10, 450)])
def test_acquisition_starting_bid_rounds_up_to_ten(price: int, shares: int, bid: int) -> None:
    game = game_of()
    corporation = game.corporations[0]
    game.stock_market.set_par(corporation, game.find_share_price(price))
    if shares != 2:
        game.size_corporation(corporation, shares)
    step = Acquire.__new__(Acquire)
    step.game = game
    assert step.starting_bid(corporation) == bid


def test_a_bankruptcy_changes_the_certificate_limit_where_the_title_says_so() -> None:
    game = game_of(players=4)
    assert game.cert_limit == 16
    game.bankruptcy.declare_bankrupt(game.players[0])
    assert game.cert_limit == 21  # three players left
    game.bankruptcy.declare_bankrupt(game.players[1])
    assert game.cert_limit == 21  # no entry for two players: the limit stays


def test_1817na_is_1817_with_its_own_facts() -> None:
    game = new_game("1817NA", ["P1", "P2", "P3", "P4"], seed=5)
    assert [c.id for c in game.companies] == ["DTC", "ME", "UBC", "TS", "MINC", "MAJC", "MINM", "MAJM"]
    assert len(game.corporations) == 15 and game.corporations[0].id == "DL&W"
    assert game.loan_rules.NUM_LOANS == 56 and game.loan_rules.LOANS_PER_INCREMENT == 4
    taken = [game.loan_rules.pool.pop() for _ in range(5)]
    assert game.loan_rules.future_rate() == 10  # four loans per step
    game.loan_rules.pool.extend(taken)
    assert game.pittsburgh_private.id == "DTC"
    assert game.round.active_step().seed_money == 150
    assert game.cert_limit == 13


def test_1817wo_nieuw_zeeland() -> None:
    game = new_game("1817WO", ["P1", "P2", "P3"], seed=5)
    city = game.new_zealand_city
    assert city.hex.id == "L9" and city.tokens[0] is game.green_token
    assert game.loan_rules.NUM_LOANS == 39 and game.loan_rules.MAX_RATE == 65
    assert not any(h.id == "L9" for h in game.home_token_locations(game.corporations[0]))
    game.train_rules.event_nieuw_zeeland_available()
    assert city.tokens[0] is None
    corporation = game.corporations[0]
    assert game.sizes_for(corporation, [2, 5]) == [2, 5]
    from engine.model.token import Token
    token = Token(corporation)
    corporation.tokens[:] = [token]
    city.place_token(corporation, token, free=True, check_tokenable=False)
    assert game.sizes_for(corporation, [2, 5]) == [5]
    assert game.loan_rules.interest_owed(corporation) == -20


def test_market_shorts_close_with_treasury_shares_as_a_stock_round_starts() -> None:
    from engine.model.shares import Share
    from engine.services.share_positions import add_certificate

    game = game_of()
    corporation = game.corporations[0]
    game.stock_market.set_par(corporation, game.find_share_price(100))
    game.share_pool.buy_shares(game.players[0], corporation.ipo_shares()[0].to_bundle(), exchange="free")
    game.size_corporation(corporation, 5)
    negative = Share(corporation, owner=game.share_pool, percent=-20, index=11)
    add_certificate(game, negative)
    add_certificate(game, Share(corporation, owner=corporation, percent=20, index=10))
    cash = corporation.cash
    game.close_bank_shorts()
    assert not [s for s in corporation.all_shares if s.percent < 0]
    assert corporation.cash == cash + 100 and sum(s.percent for s in corporation.all_shares) == 100
