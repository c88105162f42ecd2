"""18Texas (simultaneous auction, drawn corporation, float fee, half pay, issue/redeem) and 1804 (exploratory
committee, train purchases moving prices)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.errors import GameError
from engine.titles.g18texas.data import TOKEN_FEE
from engine.titles.g18texas.steps import Dividend18Texas, SimultaneousAuction

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def texas(seed: int = 3) -> Any:
    return new_game("18Texas", PLAYERS, seed=seed)


def bid(game: Any, player: Any, company: str, price: int) -> None:
    game.process_action({"type": "bid", "entity": player.id, "entity_type": "player", "company": company,
                         "price": price})


# --- 18Texas ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_jay_gould_and_the_matching_shares_belong_to_one_drawn_corporation(seed: int) -> None:
    game = texas(seed)
    shares = {c.sym: next(a for a in c.all_abilities() if a.type == "shares").shares
              for c in game.companies if any(a.type == "shares" for a in c.all_abilities())}
    president = shares["JG"][0]
    assert president.president
    match = shares["IGN"][0]
    assert not match.president and match.corporation is president.corporation


def test_simultaneous_auction_each_player_holds_one_high_bid_then_all_are_sold() -> None:
    game = texas()
    step = game.round.active_step()
    assert isinstance(step, SimultaneousAuction)
    ann, bob, cy, di = game.players
    assert step.actions(ann) == ["bid"]
    bid(game, ann, "BBBCRC", 50)
    assert step.actions(ann) == []  # holds a high bid: sits out
    bid(game, bob, "BBBCRC", 55)  # outbids Ann: she bids again when her turn comes
    assert not ann.passed
    with pytest.raises(GameError):
        bid(game, cy, "JG", 150)  # below the value
    bid(game, cy, "JG", 200)
    bid(game, di, "IGN", 210)
    bid(game, ann, "GRRRC", 80)
    companies = {c.sym: c for c in game.companies}
    assert companies["BBBCRC"].owner is bob and companies["GRRRC"].owner is ann
    assert companies["JG"].owner is cy and companies["IGN"].owner is di
    assert bob.cash == 430 - 55


def test_float_moves_the_price_up_and_pays_the_token_fee() -> None:
    game = texas()
    corporation = game.corporation_by_id("MP")
    start = game.stock_market.par_prices[0]
    game.stock_market.set_par(corporation, start)
    game.bank.spend(500, corporation)
    before_price = corporation.share_price.price
    cash = corporation.cash
    game.corporation_rules.float_corporation(corporation)
    assert corporation.cash == cash - TOKEN_FEE["MP"]
    assert corporation.share_price.price > before_price


def test_half_pay_and_the_price_moves() -> None:
    game = texas()
    corporation = game.corporation_by_id("MP")
    game.stock_market.set_par(corporation, game.stock_market.par_prices[0])
    step = Dividend18Texas(game, game.round)
    half = step.half(corporation, 155)
    assert half.corporation == 70  # the rounded-down half, whole dollars per share
    price = corporation.share_price.price
    assert step.share_price_change(corporation, 0) == ("left", 1)
    assert step.share_price_change(corporation, price - 1) == (None, 0)
    assert step.share_price_change(corporation, price) == ("right", 1)


def test_no_issue_before_two_operating_rounds() -> None:
    game = texas()
    corporation = game.corporation_by_id("MP")
    game.stock_market.set_par(corporation, game.stock_market.par_prices[0])
    assert game.issuable_shares(corporation) == []


# --- 1804 -----------------------------------------------------------------------------------------------
def test_exploratory_committee_pays_parred_unfloated_corporations_once_per_round() -> None:
    from engine.titles.g1804.rules import ExploratoryCommittee

    game = new_game("1804", PLAYERS, seed=5)
    corporation = game.corporation_by_id("AC")
    par = next(p for p in game.stock_market.par_prices if p.price == 100)
    game.stock_market.set_par(corporation, par)
    step = ExploratoryCommittee(game, game.round)
    step.setup()
    assert corporation.cash == 100
    step.setup()  # the same round: nothing more
    assert corporation.cash == 100
    assert step.actions(corporation) == [] and not step.active()



def test_1804_buying_a_train_moves_the_buyer_up_a_row() -> None:
    import json

    from engine import load_game
    from tests.conftest import FIXTURES

    path = FIXTURES / "1804" / "1804_game_end_bank.json"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    actions = json.loads(path.read_text())["actions"]
    index = next(i for i, a in enumerate(actions) if a["type"] == "buy_train")
    game = load_game(path, upto=index)
    buyer = game.corporation_by_id(actions[index]["entity"])
    row = buyer.share_price.coordinates[0]
    game.process_action(actions[index])
    assert buyer.share_price.coordinates[0] == row - 1
    assert any("moves up for buying a train" in line for line in game.log_lines[-3:])
