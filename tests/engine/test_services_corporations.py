"""The corporation rules service (engine/services/corporations.py): floating, parring, certificate counts and
limits, buying power, closing a corporation; title variants (18Chesapeake's two-player float, 1846's issue)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.services.corporations import CorporationRules
from engine.titles.g18chesapeake.rules import CorporationRules18Chesapeake, Game18Chesapeake
from engine.titles.g1830.rules import Game1830
from engine.titles.g1846.operating import CorporationRules1846
from engine.titles.g1846.rules import Game1846

FOUR = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


def par(game: Any, sym: str, price: int, president: Any, extra: int = 0) -> Any:
    corporation = game.corporation_by_id(sym)
    cell = next(p for p in game.stock_market.par_prices if p.price == price)
    game.stock_market.set_par(corporation, cell)
    game.share_pool.buy_shares(president, corporation.shares[0].to_bundle())
    for _ in range(extra):
        game.share_pool.buy_shares(president, corporation.available_share().to_bundle())
    return corporation


@pytest.mark.parametrize(("cls", "rules"), [(Game1830, CorporationRules), (Game1846, CorporationRules1846),
                                            (Game18Chesapeake, CorporationRules18Chesapeake)])
def test_each_title_composes_its_corporation_rules(cls: type, rules: type) -> None:
    game = cls(FOUR, seed=1)
    assert type(game.corporation_rules) is rules and game.corporation_rules.game is game
    twin = game.copy()
    assert twin.corporation_rules is not game.corporation_rules and twin.corporation_rules.game is twin


def test_a_full_capitalisation_float_pays_ten_shares_at_par() -> None:
    game = Game1830(FOUR, seed=1)
    ann = game.player_by_id(1)
    prr = par(game, "PRR", 100, ann, extra=4)  # 60%: floated by the purchase
    assert prr.floated and prr.cash == 1000
    assert "PRR floats" in game.log_lines and game.log_lines[-1] == "PRR receives $1000"
    assert game.corporation_rules.num_certs(ann) == 5
    assert game.corporation_rules.cert_limit_for(ann) == game.cert_limit == 16
    assert not game.corporation_rules.can_par(prr, ann)  # already parred


def test_18chesapeake_two_player_float_sends_the_ipo_to_the_market() -> None:
    game = Game18Chesapeake([(1, "Ann"), (2, "Bob")], seed=1)
    ann = game.player_by_id(1)
    corporation = game.corporations[0]
    cell = next(p for p in game.stock_market.par_prices if p.price == 80)
    game.stock_market.set_par(corporation, cell)
    for _ in range(corporation.float_percent // 10):
        share = corporation.available_share()
        if share is None or corporation.floated:
            break
        game.share_pool.buy_shares(ann, share.to_bundle())
    assert corporation.floated
    assert not corporation.shares_of(corporation)
    assert corporation.num_market_shares() > 0
    assert f"{corporation.name}'s remaining shares are transferred to the Market" in game.log_lines


def test_closing_a_corporation_returns_its_cash_and_trains_and_frees_its_certificates() -> None:
    game = Game1830(FOUR, seed=1)
    ann = game.player_by_id(1)
    prr = par(game, "PRR", 100, ann, extra=4)
    game.train_rules.buy_train(prr, game.depot.upcoming[0])
    bank = game.bank.cash
    cash = prr.cash
    game.corporation_rules.close_corporation(prr)
    assert prr.closed and prr not in game.corporations
    assert game.bank.cash == bank + cash and prr.cash == 0
    assert game.corporation_rules.num_certs(ann) == 0
    assert game.log_lines[-1] == "PRR closes" or "PRR closes" in game.log_lines


def test_1846_buying_power_counts_the_largest_issuable_bundle_only_while_issuing() -> None:
    game = Game1846(FOUR, seed=5, game_id=5)
    ann = game.players[0]
    nyc = par(game, "NYC", 80, ann, extra=2)
    assert game.corporation_rules.buying_power(nyc) == nyc.cash  # no IssueShares step now
