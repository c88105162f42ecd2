"""Share swaps (``engine.steps.share_swap``): 18MEX's NdM 5%/10% swap buy and swap sell, their legal moves and their
accounting, on a real 18MEX game (hotseat01) put into the positions that allow them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.model.shares import ShareBundle
from engine.moves import legal_moves
from engine.moves.base import BuySharesMove, SellSharesMove
from engine.moves.registry import check_action
from engine.steps.share_swap import ShareSwap, ShareSwapping, reduced_bundle
from tests.conftest import FIXTURES, shared_or_skip

HOTSEAT = FIXTURES / "18MEX" / "hotseat01.json"


def _mid_turn() -> tuple[Any, Any]:
    """hotseat01 before raw action 238: Player 1 (NdM's president, 20% + a 5% trade-in share) has just sold MC in
    phase 3½; NdM is at 90, every NdM 10% share is in the IPO."""
    from engine import load_game

    game = load_game(shared_or_skip(HOTSEAT), upto=238)
    player = game.round.current_entity()
    assert player.name == "Player 1"
    return game, player


def _to_pool(game: Any, share_id: str) -> Any:
    share = game.share_by_id(share_id)
    game.share_pool.transfer_shares(ShareBundle(share), game.share_pool, price=0)
    return share


def _cash_to(game: Any, player: Any, amount: int) -> None:
    player.spend(player.cash - amount, game.bank)


def test_reduced_bundle_leaves_the_certificates_alone() -> None:
    game, _player = _mid_turn()
    ndm = game.corporation_by_id("NdM")
    share = ndm.ipo_owner.shares_of(ndm)[1]
    bundle = reduced_bundle([share], 5)
    assert bundle.percent == 5 and share.percent == 10 and bundle.shares[0] is not share
    assert bundle.shares[0].id == share.id and bundle.owner is share.owner


def test_swap_buy_only_from_the_pool() -> None:
    game, player = _mid_turn()
    step = game.round.active_step()
    assert isinstance(step, ShareSwapping)
    ndm = game.corporation_by_id("NdM")
    ipo_share = game.share_by_id("NdM_1")
    # the site's page offered this IPO swap in 2021 (the file's skipped action 272); rule 3.2.c(5) forbids it
    assert step.swap_buy(player, ndm, ipo_share) is None
    assert not [m for m in legal_moves(game).moves if getattr(m, "swaps", ())]
    _to_pool(game, "NdM_1")
    assert step.swap_buy(player, ndm, ipo_share) is game.share_by_id("NdM_8")
    assert step.swap_buy(player, game.corporation_by_id("MC"), game.share_by_id("MC_1")) is None  # not swappable
    # a title that lets the swap take an IPO certificate says so in its data
    step.SHARE_SWAPS = (ShareSwap("NdM", small=5, large=10, from_ipo=True),)
    assert step.swap_buy(player, ndm, game.share_by_id("NdM_2")) is game.share_by_id("NdM_8")


def test_a_player_who_can_only_swap_keeps_the_turn_and_swaps() -> None:
    """Playout 18MEX seed 7028, action 2331: a player who can afford nothing but the swap keeps his turn (the
    reference's ``can_buy_any?`` answers through ``swap_buy``); without the swap, ``buy_shares`` was not offered."""
    game, player = _mid_turn()
    _to_pool(game, "NdM_1")
    _cash_to(game, player, 45)  # half of NdM's 90: no share, no par is affordable, the swap is
    step = game.round.active_step()
    assert "buy_shares" in step.actions(player)
    moves = legal_moves(game)
    buys = [m for m in moves.of_type("buy_shares") if isinstance(m, BuySharesMove)]
    assert len(buys) == 1 and buys[0].swaps == ("NdM_8",) and buys[0].source == "market"
    assert buys[0].price == 45 and buys[0].shares == ("NdM_1",)
    action = buys[0].sample(random.Random(0))
    assert action["swap"] == "NdM_8" and check_action(game, action)
    with pytest.raises(IllegalAction):
        check_action(game, {**action, "swap": "NdM_0"})  # not the 5% certificate
    with pytest.raises(IllegalAction):
        check_action(game, {k: v for k, v in action.items() if k != "swap"})  # an ordinary buy: unaffordable
    bank = game.bank.cash
    game.process_action(action)
    assert player.cash == 0 and game.bank.cash == bank + 45
    assert game.share_by_id("NdM_1").owner is player and game.share_by_id("NdM_8").owner is game.share_pool
    assert player.percent_of(game.corporation_by_id("NdM")) == 30
    assert game.share_pool.percent_of(game.corporation_by_id("NdM")) == 5
    assert any("for $45 + swap of a 5% share" in line for line in game.log_lines[-3:])


def test_no_swap_at_the_certificate_limit() -> None:
    game, player = _mid_turn()
    _to_pool(game, "NdM_1")
    step = game.round.active_step()
    game.cert_limit_adjust = game.corporation_rules.num_certs(player) - game.corporation_rules.cert_limit_for(player) \
        + game.cert_limit_adjust
    assert game.corporation_rules.num_certs(player) == game.corporation_rules.cert_limit_for(player)
    assert step.swap_buy(player, game.corporation_by_id("NdM"), game.share_by_id("NdM_1")) is None


def test_swap_sell_takes_a_5_percent_from_the_pool() -> None:
    game, player = _mid_turn()
    ndm = game.corporation_by_id("NdM")
    game.share_pool.transfer_shares(ShareBundle(game.share_by_id("NdM_2")), player, price=0)
    seven = game.share_by_id("NdM_7")
    if seven.owner is not game.share_pool:
        game.share_pool.transfer_shares(ShareBundle(seven), game.share_pool, price=0)
    step = game.round.active_step()
    # a lone 5% is not sold for a 5%; the 10% is
    assert step.swap_sell(player, ndm, ShareBundle(game.share_by_id("NdM_8")), seven) is None
    assert step.swap_sell(player, ndm, ShareBundle(game.share_by_id("NdM_2")), seven) is seven
    moves = legal_moves(game)
    swaps = [m for m in moves.of_type("sell_shares") if isinstance(m, SellSharesMove) and m.swaps]
    ten = [m for m in swaps if m.shares == ("NdM_2",)]
    assert len(ten) == 1 and ten[0].swaps == ("NdM_7",) and ten[0].price == 45
    assert ten[0].price_after == 90  # (10% - 5%) / 10: no step down
    action = ten[0].sample(random.Random(0))
    assert check_action(game, action)
    plain = [m for m in moves.of_type("sell_shares") if isinstance(m, SellSharesMove) and m.shares == ("NdM_2",)
             and not m.swaps]
    assert plain and plain[0].price == 90 and plain[0].refusal(action) is not None  # a swap is its own move
    cash = player.cash
    game.process_action(action)
    assert player.cash == cash + 45 and ndm.share_price.price == 90
    assert game.share_by_id("NdM_2").owner is game.share_pool and seven.owner is player


def test_an_ordinary_stock_step_offers_no_swap() -> None:
    from engine.steps.shares import BuySellParShares

    step = object.__new__(BuySellParShares)
    assert step.swap_buys(None) == [] and step.swap_sells(None) == []
    assert step.swap_buy(None, None, None) is None  # type: ignore[arg-type]
