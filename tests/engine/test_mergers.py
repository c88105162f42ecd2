"""Merging one operator into another (engine/services/mergers.py): assets, tokens and the token limit of the
survivor; resetting a corporation (CorporationRules.reset_corporation)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.services.mergers import TokenMerger, move_assets, move_tokens, transfer


@pytest.fixture
def game() -> Any:
    return new_game("1867", ["A", "B", "C", "D"], seed=3)


def corp(game: Any, sym: str) -> Any:
    return game.corporation_by_id(sym)


def place(game: Any, corporation: Any, hex_id: str, city: int = 0) -> Any:
    target = game.hex_by_id(hex_id).tile.cities[city]
    token = corporation.next_token()
    target.place_token(corporation, token, check_tokenable=False)
    return token


def test_transfer_moves_items_and_owner() -> None:
    class Item:
        owner: Any = None

    a, b = Item(), Item()
    source, target = [a, b], []
    moved = transfer(source, target, "T")
    assert moved == [a, b] and target == [a, b] and source == [] and a.owner == "T"


def test_move_assets_moves_cash_loans_trains_companies(game: Any) -> None:
    minor, major = corp(game, "BO"), corp(game, "CNR")
    minor.set_cash(120, game.bank)
    game.loan_rules.take(minor)
    company = game.company_by_id("MB")
    company.owner = minor
    minor.companies.append(company)
    total = game.cash_total()
    receiving = move_assets(game, minor, major)
    assert minor.cash == 0 and major.cash == 165
    assert major.loans and not minor.loans and major.loans[0].owner is major
    assert company in major.companies and company.owner is major
    assert receiving[0] == "$165" and "loans (1)" in receiving
    assert game.cash_total() == total


def test_move_tokens_replaces_each_placed_token(game: Any) -> None:
    minor, major = corp(game, "BO"), corp(game, "CNR")
    place(game, minor, "E17")
    move_tokens(minor, major)
    city = game.hex_by_id("E17").tile.cities[0]
    assert city.tokened_by(major) and not city.tokened_by(minor)
    assert not any(t.used for t in minor.tokens)


def test_token_limit_and_survivors(game: Any) -> None:
    major, a, b = corp(game, "CNR"), corp(game, "BO"), corp(game, "CS")
    merger = TokenMerger(game, 2)
    place(game, major, "E17")
    place(game, a, "C17")
    assert not merger.tokens_above_limits(major, [a])
    place(game, b, "I15")
    assert merger.tokens_above_limits(major, [a, b])  # three placed tokens over a limit of two
    b_token = b.tokens[0]
    b_token.remove()
    merger.move_tokens_to_surviving(major, [a, b])
    assert len(major.tokens) == 2
    assert game.hex_by_id("C17").tile.cities[0].tokened_by(major)


def test_remove_duplicate_tokens(game: Any) -> None:
    major, minor = corp(game, "CNR"), corp(game, "BO")
    major_token = place(game, major, "L12", 0)
    city = major_token.city
    minor_token = minor.next_token()
    city.place_token(minor, minor_token, check_tokenable=False, extra_slot=True)
    TokenMerger(game, 2).remove_duplicate_tokens(major, [minor])
    assert major_token.city is None and minor_token.city is city


def test_reset_corporation_gives_a_fresh_unstarted_one(game: Any) -> None:
    game.train_rules.event_green_minors_available()  # the majors join the corporations
    major = corp(game, "CNR")
    game.stock_market.set_par(major, game.stock_market.par_prices[0])
    player = game.players[0]
    game.share_pool.buy_shares(player, major.shares_of(major)[0].to_bundle(), exchange="free")
    fresh = game.corporation_rules.reset_corporation(major)
    assert fresh is not major and fresh.id == "CNR" and fresh.share_price is None and not fresh.ipoed
    assert game.corporation_by_id("CNR") is fresh and game.share_by_id("CNR_0").corporation is fresh
    assert not player.shares_of(major) and major not in game.corporations and fresh in game.corporations


class _AreaMarker:
    """A token placed outside any city that knows how to pass to a new owner (as 18USA's red-area marker)."""

    def __init__(self, owner: Any) -> None:
        self.owner, self.used, self.city, self.price = owner, True, None, 0
        self.hex = None

    def transfer_to(self, corporation: Any) -> Any:
        self.used = False
        return _AreaMarker(corporation)


def test_a_token_placed_off_city_stays_placed_through_a_merger(game: Any) -> None:
    major, minor = corp(game, "CNR"), corp(game, "BO")
    minor.tokens[:] = [_AreaMarker(minor)]
    TokenMerger(game, 8).move_tokens_to_surviving(major, [minor])
    moved = [t for t in major.tokens if isinstance(t, _AreaMarker)]
    assert len(moved) == 1 and moved[0].used and moved[0].owner is major
    other = corp(game, "CS")
    move_tokens(major, other)
    assert any(isinstance(t, _AreaMarker) and t.owner is other and t.used for t in other.tokens)
