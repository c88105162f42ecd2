"""1867 and 1861: facts of the data and the rules the family base adds (national, minors, auctions, loans)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.errors import GameError
from engine.titles.g1861 import data as d1861
from engine.titles.g1867 import data as d1867


def game_of(title: str, players: int = 4, **kw: Any) -> Any:
    return new_game(title, [f"P{i}" for i in range(1, players + 1)], seed=7, **kw)


def test_corporation_types_and_capitalisation() -> None:
    for spec in (d1867.TITLE, d1861.TITLE):
        kinds = [c.type for c in spec.corporations]
        assert kinds.count("major") == 8 and kinds.count("minor") == 16 and kinds.count("national") == 1
        for c in spec.corporations:
            if c.type == "minor":
                assert c.shares == (100,) and c.float_percent == 100 and c.min_price == 50
        assert spec.rules.capitalization == "incremental"


def test_1867_set_up_national_tokens_and_future_corporations() -> None:
    game = game_of("1867")
    national = game.national
    assert national not in game.corporations and not national.all_shares
    assert game.hex_by_id("F16").tile.cities[0].tokened_by(national)
    assert [t.hex.id for t in game.green_tokens] == ["D2", "L12"]
    assert all(c.type == "minor" and c.id not in d1867.GREEN_CORPORATIONS for c in game.corporations)
    game.train_rules.event_green_minors_available()
    assert not any(t.used for t in game.green_tokens) and len(game.corporations) == 24
    assert game.hidden_company.closed


def test_1861_has_no_neutral_tokens_and_a_grid_market() -> None:
    game = game_of("1861")
    assert game.green_tokens == [] and not game.stock_market.one_d
    column = new_game("1861", ["A", "B", "C"], seed=1, optional_rules=["column_market"])
    assert column.stock_market.one_d
    grid = new_game("1867", ["A", "B", "C"], seed=1, optional_rules=["grid_market"])
    assert not grid.stock_market.one_d


def test_loan_limits_by_type() -> None:
    game, russia = game_of("1867"), game_of("1861")
    assert len(game.loan_rules.pool) == 72 and len(russia.loan_rules.pool) == 172
    minor = game.corporations[0]
    assert game.loan_rules.max_loans(minor) == 2
    assert russia.loan_rules.max_loans(russia.national) == 100
    assert game.loan_rules.proceeds(game.loan_rules.pool[0]) == 45


def test_private_auction_falls_by_five_when_nobody_bids() -> None:
    game = game_of("1867")
    step = game.round.active_step()
    company = step.auction_target
    assert company.id == "C&SL" and step.min_bid(company) == 20
    for player in list(game.players):
        game.process_action({"type": "pass", "entity": player.id, "entity_type": "player"})
    assert step.dutch_mode and step.min_bid(company) == 15
    buyer = step.current_entity()
    game.process_action({"type": "bid", "entity": buyer.id, "entity_type": "player", "company": "C&SL",
                         "price": 15})
    assert company.owner is buyer


def test_nikolaev_must_be_the_first_minor() -> None:
    game = game_of("1861")
    while game.round.NAME == "Auction":
        step = game.round.active_step()
        player = step.current_entity()
        price = step.min_bid(step.auction_target)
        game.process_action({"type": "bid", "entity": player.id, "entity_type": "player",
                             "company": step.auction_target.id, "price": price})
    step = game.round.active_step()
    assert step.ipo_type(game.corporation_by_id("RO")) == "Nikolaev must be the first corporation"
    assert step.ipo_type(game.corporation_by_id("N")) == "bid"
    player = step.current_entity()
    with pytest.raises(GameError, match="RO cannot be started"):
        game.process_action({"type": "bid", "entity": player.id, "entity_type": "player", "corporation": "RO",
                             "price": 100})
