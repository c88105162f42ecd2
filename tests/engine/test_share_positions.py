"""Short positions and re-sizing in the share model (engine/services/share_positions.py): every count of shares
stays a plain sum with negative certificates."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.services.share_positions import resize_corporation, short, shorts, unshort


def started(size: int = 2) -> tuple[Any, Any, Any]:
    """An 1817 game with UR started by P1 at $100 (a 2-share corporation), re-sized to ``size``."""
    game = new_game("1817", ["P1", "P2", "P3", "P4"], seed=3)
    corporation = game.corporation_by_id("UR")
    player = game.players[0]
    price = game.find_share_price(100)
    game.stock_market.set_par(corporation, price)
    game.share_pool.buy_shares(player, corporation.ipo_shares()[0].to_bundle(), exchange="free")
    if size != 2:
        resize_corporation(game, corporation, size, max_ownership_percent=60)
    return game, corporation, player


def total(corporation: Any) -> int:
    return sum(s.percent for s in corporation.all_shares)


def test_resize_2_to_5_to_10_keeps_holders_and_adds_treasury_certificates() -> None:
    game, corporation, player = started()
    assert corporation.total_shares == 2 and player.percent_of(corporation) == 100
    added = resize_corporation(game, corporation, 5, max_ownership_percent=60)
    assert [s.index for s in added] == [1, 2, 3] and all(s.percent == 20 and s.owner is corporation for s in added)
    assert corporation.total_shares == 5 and player.percent_of(corporation) == 40
    assert corporation.share_holders[corporation] == 60 and total(corporation) == 100
    added = resize_corporation(game, corporation, 10)
    assert [s.index for s in added] == [4, 5, 6, 7, 8]
    assert corporation.total_shares == 10 and player.percent_of(corporation) == 20
    assert corporation.share_holders[corporation] == 80 and total(corporation) == 100
    assert all(game.share_by_id(s.id) is s for s in corporation.all_shares)


def test_a_short_is_a_pair_that_conserves_every_count() -> None:
    game, corporation, _ = started(5)
    seller = game.players[1]
    cash = seller.cash
    short(game, seller, corporation)
    assert seller.cash == cash + corporation.share_price.price
    assert seller.percent_of(corporation) == -20 and seller.num_shares_of(corporation) == -1
    assert game.share_pool.percent_of(corporation) == 20
    assert total(corporation) == 100 and sum(corporation.share_holders.values()) == 100
    assert [s.index for s in shorts(corporation)] == [11]
    negative = shorts(corporation)[0]
    assert not negative.buyable and not negative.counts_for_limit
    assert game.corporation_rules.num_certs(seller) == 0
    assert game.share_by_id(negative.id) is negative


def test_buying_back_closes_the_short() -> None:
    game, corporation, _ = started(5)
    seller = game.players[1]
    short(game, seller, corporation)
    pool_share = next(s for s in game.share_pool.shares_of(corporation) if s.percent > 0)
    game.share_pool.buy_shares(seller, pool_share.to_bundle())
    unshort(game, seller, pool_share)
    assert seller.percent_of(corporation) == 0 and not shorts(corporation)
    assert total(corporation) == 100 and pool_share.id not in {s.id for s in corporation.all_shares}


def test_resizing_a_shorted_corporation_halves_the_short() -> None:
    game, corporation, _ = started(5)
    seller = game.players[1]
    short(game, seller, corporation)
    resize_corporation(game, corporation, 10)
    assert seller.percent_of(corporation) == -10 and game.share_pool.percent_of(corporation) == 10
    assert total(corporation) == 100
    # The short pair's positive certificate is not a normal one: five new certificates, not four.
    assert len([s for s in corporation.all_shares if s.percent > 0]) == 10


@pytest.mark.parametrize("size", [5, 10])
def test_presidency_counts_shorts(size: int) -> None:
    game, corporation, player = started(size)
    other = game.players[2]
    short(game, other, corporation)
    holders = corporation.player_share_holders()
    assert holders[other] < 0 and max(holders, key=lambda h: holders[h]) is player


def test_resizing_after_a_short_closed_on_a_normal_certificate() -> None:
    """A short closed against a normal certificate takes it away with the negative one (its twin stays): the
    corporation still grows by five certificates, numbered 4 to 8, and totals 100% (18 Hiawatha 164606 #332)."""
    game, corporation, _ = started(5)
    seller = game.players[1]
    short(game, seller, corporation)
    normal = next(s for s in corporation.shares_of(corporation) if s.percent > 0)
    game.share_pool.buy_shares(seller, normal.to_bundle())
    unshort(game, seller, normal)
    assert total(corporation) == 100 and normal.id not in {s.id for s in corporation.all_shares}
    added = resize_corporation(game, corporation, 10)
    assert [s.index for s in added] == [4, 5, 6, 7, 8]
    assert total(corporation) == 100 and corporation.total_shares == 10
