"""The 1830 waterfall auction and the forced B&O par (modelled on the reference's round/auction_spec)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Bid, Par, Pass
from engine.errors import GameError, IllegalAction
from engine.steps.auction import CompanyPendingPar, WaterfallAuction
from engine.titles.g1830.rules import Game1830

# 4 players: $600 each; privates SV 20, CS 40, DH 70, MH 110, CA 160, BO 220.


@pytest.fixture
def game() -> Game1830:
    return Game1830([(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")])


def player(game: Game1830, pid: int) -> Any:
    return game.player_by_id(pid)


def company(game: Game1830, sym: str) -> Any:
    return game.company_by_id(sym)


def bid(game: Game1830, pid: int, sym: str, price: int) -> None:
    game.process_action(Bid(entity=pid, company=sym, price=price))


def pass_(game: Game1830, pid: int) -> None:
    game.process_action(Pass(entity=pid))


def step(game: Game1830) -> WaterfallAuction:
    found = game.round.step_of(WaterfallAuction)
    assert isinstance(found, WaterfallAuction)
    return found


def snapshot(game: Game1830) -> tuple[Any, ...]:
    s = step(game)
    return (
        game.round.entity_index,
        tuple((p.cash, tuple(c.sym for c in p.companies), p.passed) for p in game.players),
        game.bank.cash,
        tuple(c.sym for c in s.companies),
        tuple((c.sym, tuple((b.entity.id, b.price) for b in bids)) for c, bids in s.bids.items()),
        len(game.log_lines),
    )


def test_starts_with_the_first_player_offering_bid_and_pass(game: Game1830) -> None:
    assert game.round.active_step().NAME == "WaterfallAuction"
    assert game.round.current_entity() is player(game, 1)
    assert game.round.active_step().actions(player(game, 1)) == ["bid", "pass"]
    assert step(game).actions(player(game, 2)) == []
    assert [c.sym for c in step(game).available()] == ["SV", "CS", "DH", "MH", "CA", "BO"]
    assert step(game).type_name() == "waterfall_auction"


def test_bidding_moves_to_the_next_player(game: Game1830) -> None:
    bid(game, 1, "CS", 45)
    assert game.round.current_entity() is player(game, 2)
    assert player(game, 1).cash == 600  # a bid is not paid until it wins
    assert step(game).committed_cash(player(game, 1)) == 45


def test_may_purchase_only_the_cheapest(game: Game1830) -> None:
    s = step(game)
    assert s.may_purchase(company(game, "SV"))
    assert not any(s.may_purchase(c) for c in game.companies[1:])
    assert s.min_bid(company(game, "SV")) == 20
    assert s.min_bid(company(game, "CS")) == 45


def test_buying_the_cheapest_pays_the_bank(game: Game1830) -> None:
    bank = game.bank.cash
    bid(game, 1, "SV", 20)
    assert [c.sym for c in player(game, 1).companies] == ["SV"]
    assert company(game, "SV").owner is player(game, 1)
    assert player(game, 1).cash == 580
    assert game.bank.cash == bank + 20
    assert step(game).may_purchase(company(game, "CS"))
    assert game.round.last_to_act is player(game, 1)


def test_a_single_bid_wins_when_its_private_becomes_the_cheapest(game: Game1830) -> None:
    bid(game, 1, "CS", 45)
    bid(game, 2, "SV", 20)
    assert [c.sym for c in player(game, 2).companies] == ["SV"]
    assert [c.sym for c in player(game, 1).companies] == ["CS"]
    assert player(game, 1).cash == 555
    assert game.round.current_entity() is player(game, 3)
    assert "Ann wins the auction for Champlain & St.Lawrence with the only bid of $45" in game.log_lines


def test_several_bids_start_an_auction_led_by_the_lowest_bidder(game: Game1830) -> None:
    bid(game, 1, "CS", 45)
    bid(game, 2, "CS", 50)
    bid(game, 3, "SV", 20)
    s = step(game)
    assert s.auctioning is company(game, "CS")
    assert game.round.current_entity() is player(game, 1)
    assert game.round.active_step().actions(player(game, 1)) == ["bid", "pass"]
    assert s.actions(player(game, 4)) == []
    assert s.pass_description() == "Pass (on CS)"
    assert not s.may_purchase(company(game, "CS"))
    assert s.min_bid(company(game, "CS")) == 55
    # Ann raises: now Bob is the low bidder.
    bid(game, 1, "CS", 55)
    assert game.round.current_entity() is player(game, 2)
    pass_(game, 2)
    assert [c.sym for c in player(game, 1).companies] == ["CS"]
    assert player(game, 1).cash == 545
    assert player(game, 2).cash == 600
    # The turn order resumes where it was: after Cy, Dee.
    assert game.round.current_entity() is player(game, 4)


def test_passing_in_an_auction_preserves_the_turn_order(game: Game1830) -> None:
    bid(game, 1, "CS", 45)
    bid(game, 2, "CS", 50)
    bid(game, 3, "SV", 20)
    pass_(game, 1)
    assert [c.sym for c in player(game, 2).companies] == ["CS"]
    assert game.round.current_entity() is player(game, 4)
    assert not player(game, 1).passed  # passing in an auction is not passing the turn


def test_buying_keeps_the_turn_moving_round_the_table(game: Game1830) -> None:
    bid(game, 1, "SV", 20)
    bid(game, 2, "CS", 40)
    bid(game, 3, "DH", 70)
    bid(game, 4, "MH", 110)
    assert game.round.entity_index == 0


def test_passers_come_back_in(game: Game1830) -> None:
    bid(game, 1, "CS", 45)
    pass_(game, 2)
    pass_(game, 3)
    assert player(game, 2).passed
    bid(game, 4, "DH", 75)
    bid(game, 1, "MH", 115)
    bid(game, 2, "CA", 165)
    assert not player(game, 2).passed
    assert game.round.current_entity() is player(game, 3)


def test_everyone_passing_lowers_the_first_private(game: Game1830) -> None:
    for pid in (1, 2, 3, 4):
        pass_(game, pid)
    assert company(game, "SV").min_bid == 15
    assert game.round.current_entity() is player(game, 1)
    assert not any(p.passed for p in game.players)
    assert "Schuylkill Valley minimum bid decreases from $20 to $15" in game.log_lines


def test_a_free_first_private_goes_to_the_next_player(game: Game1830) -> None:
    for _ in range(4):
        for pid in (1, 2, 3, 4):
            pass_(game, pid)
    assert company(game, "SV").owner is player(game, 1)
    assert player(game, 1).cash == 600
    assert game.round.current_entity() is player(game, 2)


def test_everyone_passing_after_a_sale_pays_private_revenue(game: Game1830) -> None:
    bid(game, 1, "SV", 20)
    for pid in (2, 3, 4, 1):
        pass_(game, pid)
    assert player(game, 1).cash == 585
    assert company(game, "CS").min_bid == 40
    assert game.round.current_entity() is player(game, 2)


def test_bid_limits(game: Game1830) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="Minimum bid is \\$45"):
        bid(game, 1, "CS", 44)
    with pytest.raises(IllegalAction, match="Maximum possible bid is 600"):
        bid(game, 1, "CS", 605)
    assert snapshot(game) == before
    bid(game, 1, "BO", 500)
    bid(game, 2, "BO", 505)
    bid(game, 3, "CS", 45)
    bid(game, 4, "CS", 50)
    # Ann has $100 left uncommitted; raising BO to 600 is fine (her 500 bid is replaced).
    assert step(game).max_bid(player(game, 1), company(game, "CA")) == 100
    assert step(game).max_bid(player(game, 1), company(game, "BO")) == 600
    with pytest.raises(IllegalAction):
        bid(game, 1, "CA", 165)
    bid(game, 1, "BO", 600)
    assert [b.price for b in step(game).bids_on(company(game, "BO"))] == [505, 600]


def test_refused_actions_change_nothing(game: Game1830) -> None:
    bid(game, 1, "CS", 45)
    before = snapshot(game)
    with pytest.raises(GameError):
        bid(game, 1, "DH", 75)  # not Ann's turn
    with pytest.raises(GameError):
        bid(game, 2, "NOPE", 75)
    with pytest.raises(IllegalAction):
        bid(game, 2, "SV", 700)  # cannot afford
    assert snapshot(game) == before


def test_during_an_auction_only_the_auctioned_private_takes_bids(game: Game1830) -> None:
    bid(game, 1, "CS", 45)
    bid(game, 2, "CS", 50)
    bid(game, 3, "SV", 20)
    with pytest.raises(IllegalAction):
        bid(game, 1, "DH", 80)


def buy_privates_in_order(game: Game1830) -> None:
    """Each player in turn buys the cheapest private: Ann SV, Bob CS, Cy DH, Dee MH, Ann CA, Bob BO."""
    for pid, sym in ((1, "SV"), (2, "CS"), (3, "DH"), (4, "MH"), (1, "CA"), (2, "BO")):
        bid(game, pid, sym, company(game, sym).min_bid)


def test_camden_amboy_brings_a_prr_share(game: Game1830) -> None:
    for pid, sym in ((1, "SV"), (2, "CS"), (3, "DH"), (4, "MH"), (1, "CA")):
        bid(game, pid, sym, company(game, sym).min_bid)
    ann = player(game, 1)
    prr = game.corporation_by_id("PRR")
    assert [s.id for s in ann.shares_of(prr)] == ["PRR_1"]
    assert ann.cash == 600 - 20 - 160


def test_baltimore_ohio_forces_a_par(game: Game1830) -> None:
    buy_privates_in_order(game)
    bob = player(game, 2)
    pending = game.round.active_step()
    assert isinstance(pending, CompanyPendingPar)
    assert pending.NAME == "CompanyPendingPar"
    assert game.round.current_entity() is bob
    assert game.round.active_step().actions(bob) == ["par"]
    assert game.round.active_step().actions(player(game, 3)) == []
    before = (bob.cash, len(game.log_lines))
    with pytest.raises(IllegalAction):
        game.process_action(Par(entity=2, corporation="PRR", share_price="67,5,6"))
    with pytest.raises(IllegalAction):
        game.process_action(Par(entity=2, corporation="B&O", share_price="71,3,5"))  # not a par cell
    assert (bob.cash, len(game.log_lines)) == before
    game.process_action(Par(entity=2, corporation="B&O", share_price="100,0,6"))
    bo = game.corporation_by_id("B&O")
    assert bo.ipoed
    assert bo.share_price.price == 100
    assert bo.owner is bob
    assert [s.id for s in bob.shares_of(bo)] == ["B&O_0"]
    assert bob.cash == 600 - 40 - 220  # the certificate is free
    # All privates sold: the stock round starts, priority to the player after the last buyer.
    assert game.round.NAME == "Stock"
    assert game.round.current_entity() is player(game, 3)


def test_the_auction_ends_when_every_private_is_sold(game: Game1830) -> None:
    buy_privates_in_order(game)
    game.process_action(Par(entity=2, corporation="B&O", share_price="67,5,6"))
    assert game.round.NAME == "Stock"
    assert [c.sym for c in player(game, 1).companies] == ["SV", "CA"]
    assert game.cash_total() == 12_000
