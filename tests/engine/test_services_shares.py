"""The share rules service (engine/services/shares.py): composed by every 18xx game, chosen per title, bound to
its own game (also in copies), and the price moves of a sale."""

from __future__ import annotations

import pytest

from engine.services.shares import ShareRules
from engine.titles.g18chesapeake.rules import Game18Chesapeake, ShareRules18Chesapeake
from engine.titles.g1830.rules import Game1830
from engine.titles.g1846.operating import ShareRules1846
from engine.titles.g1846.rules import Game1846

FOUR = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


@pytest.mark.parametrize(("cls", "rules"), [(Game1830, ShareRules), (Game1846, ShareRules1846),
                                            (Game18Chesapeake, ShareRules18Chesapeake)])
def test_each_title_composes_its_share_rules(cls: type, rules: type) -> None:
    game = cls(FOUR, seed=1)
    assert type(game.share_rules) is rules and game.share_rules.game is game
    twin = game.copy()
    assert twin.share_rules is not game.share_rules and twin.share_rules.game is twin


def test_a_sale_moves_the_price_down_a_row_per_share_in_1830() -> None:
    game = Game1830(FOUR, seed=1)
    ann = game.player_by_id(1)
    prr = game.corporation_by_id("PRR")
    game.stock_market.set_par(prr, game.share_price_by_id("100,0,6"))
    for _ in range(3):  # the president's certificate and two more, for free
        game.share_pool.buy_shares(ann, prr.ipo_shares()[0].to_bundle(), exchange="free")
    assert game.share_rules.sell_movement(prr) == "down_share"
    bundle = next(b for b in game.share_rules.bundles_for_corporation(ann, prr)
                  if b.percent == 20 and not b.presidents_share)
    cash = ann.cash
    game.share_rules.sell_shares_and_change_price(bundle)
    assert ann.cash == cash + 2 * 100
    assert prr.share_price.id == "82,2,6"  # two rows down: 100 -> 90 -> 82
    assert game.log_lines[-1] == "PRR's share price moves from $100 to $82"
    assert prr.owner is ann and prr.num_market_shares() == 2


def test_pool_shares_drop_the_price_as_many_steps_as_the_title_says() -> None:
    """18USA: each share in the market drops the price two steps at a stock round's end (1817: one)."""
    from engine import new_game
    from engine.services.share_positions import move_certificate, resize_corporation

    for title, steps in (("1817", 1), ("18USA", 2)):
        game = new_game(title, ["A", "B", "C"], seed=3)
        corporation = game.corporations[0]
        game.stock_market.set_par(corporation, game.find_share_price(100))
        resize_corporation(game, corporation, 5)
        corporation.floated = True
        move_certificate(next(s for s in corporation.shares_of(corporation) if not s.president), game.share_pool)
        row = game.stock_market.market[0]
        before = row.index(corporation.share_price)
        game.share_rules.finish_stock_round(game.round)
        assert row.index(corporation.share_price) == before - steps, title
