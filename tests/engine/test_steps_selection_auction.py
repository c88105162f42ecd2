"""The general selection auction (reference ``SelectionAuction`` + ``PassableAuction``), on 1830's privates.

1830 is only the test bed (its own game uses the waterfall auction): 4 players with 600 each; privates in
auction order SV 20, CS 40, DH 70, MH 110, CA 160, BO 220.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Bid, Pass
from engine.errors import GameError, IllegalAction
from engine.steps.auction import CompanyPendingPar
from engine.steps.selection_auction import PassableSelectionAuction, SelectionAuction
from engine.titles.g1830.rules import Game1830


class SelectionGame(Game1830):
    def auction_round_steps(self) -> list[Any]:
        return [CompanyPendingPar, SelectionAuction]


class PassableGame(Game1830):
    def auction_round_steps(self) -> list[Any]:
        return [CompanyPendingPar, PassableSelectionAuction]


PLAYERS = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


@pytest.fixture
def game() -> SelectionGame:
    return SelectionGame(PLAYERS)


@pytest.fixture
def passable() -> PassableGame:
    return PassableGame(PLAYERS)


def player(game: Game1830, pid: int) -> Any:
    return game.player_by_id(pid)


def bid(game: Game1830, pid: int, sym: str, price: int) -> None:
    game.process_action(Bid(entity=pid, company=sym, price=price))


def pass_(game: Game1830, pid: int) -> None:
    game.process_action(Pass(entity=pid))


def step(game: Game1830) -> SelectionAuction:
    found = game.round.step_of(SelectionAuction)
    assert isinstance(found, SelectionAuction)
    return found


def ids(entities: list[Any]) -> list[int]:
    return [e.id for e in entities]


def snapshot(game: Game1830) -> tuple[Any, ...]:
    s = step(game)
    return (
        game.round.entity_index,
        tuple((p.cash, tuple(c.sym for c in p.companies), p.passed) for p in game.players),
        game.bank.cash,
        tuple(c.sym for c in s.companies),
        s.auctioning.sym if s.auctioning is not None else None,
        tuple(ids(s.active_bidders)),
        tuple((c.sym, tuple((b.entity.id, b.price) for b in bids)) for c, bids in s.bids.items()),
        len(game.log_lines),
    )


def test_the_first_company_is_on_offer_and_the_first_player_nominates(game: SelectionGame) -> None:
    s = step(game)
    assert game.round.active_step() is s
    assert s.auctioning.sym == "SV"
    assert s.nominator is player(game, 1)
    assert ids(s.active_bidders) == [1, 2, 3, 4]
    assert s.out_of_auction() == []
    assert s.high_bid() is None
    assert s.min_bid(s.auctioning) == 20
    assert game.round.current_entity() is player(game, 1)
    assert s.actions(player(game, 1)) == ["bid", "pass"]
    assert s.actions(player(game, 2)) == []


def test_bids_go_round_and_raise_the_minimum(game: SelectionGame) -> None:
    bid(game, 1, "SV", 20)
    s = step(game)
    high = s.high_bid()
    assert high is not None and high.entity is player(game, 1) and high.price == 20
    assert s.min_bid(s.auctioning) == 25
    assert game.round.current_entity() is player(game, 2)
    bid(game, 2, "SV", 30)
    assert game.round.current_entity() is player(game, 3)
    assert s.min_bid(s.auctioning) == 35


def test_an_unraised_opening_bid_buys_at_face_value(game: SelectionGame) -> None:
    bank = game.bank.cash
    bid(game, 1, "SV", 20)
    for pid in (2, 3, 4):
        pass_(game, pid)
    ann = player(game, 1)
    assert [c.sym for c in ann.companies] == ["SV"]
    assert game.company_by_id("SV").owner is ann
    assert ann.cash == 580
    assert game.bank.cash == bank + 20
    s = step(game)
    assert s.auctioning.sym == "CS"
    # The player after the previous nominator nominates next.
    assert s.nominator is player(game, 2)
    assert game.round.current_entity() is player(game, 2)
    assert ids(s.active_bidders) == [2, 3, 4, 1]


def test_the_nominator_bids_last(game: SelectionGame) -> None:
    bid(game, 1, "SV", 20)
    bid(game, 2, "SV", 25)
    pass_(game, 3)
    bid(game, 4, "SV", 30)
    s = step(game)
    assert ids(s.active_bidders) == [1, 2, 4]
    assert ids(s.out_of_auction()) == [3]
    assert game.round.current_entity() is player(game, 1)
    bid(game, 1, "SV", 35)
    assert game.round.current_entity() is player(game, 2)
    pass_(game, 2)
    assert game.round.current_entity() is player(game, 4)
    pass_(game, 4)
    assert [c.sym for c in player(game, 1).companies] == ["SV"]
    assert player(game, 1).cash == 600 - 35
    assert step(game).nominator is player(game, 2)


def test_a_pass_is_final_for_the_company(game: SelectionGame) -> None:
    pass_(game, 1)
    s = step(game)
    assert ids(s.out_of_auction()) == [1]
    assert game.round.current_entity() is player(game, 2)
    bid(game, 2, "SV", 20)
    bid(game, 3, "SV", 25)
    bid(game, 4, "SV", 30)
    # Player 1 passed: the turn skips them.
    assert game.round.current_entity() is player(game, 2)


def test_winner_is_the_last_bidder_standing(game: SelectionGame) -> None:
    bid(game, 1, "SV", 20)
    bid(game, 2, "SV", 45)
    pass_(game, 3)
    pass_(game, 4)
    # Two bidders are left: nothing is sold yet and Ann (after the high bidder) may raise.
    assert game.company_by_id("SV").owner is None
    assert game.round.current_entity() is player(game, 1)
    pass_(game, 1)
    assert game.company_by_id("SV").owner is player(game, 2)
    assert player(game, 2).cash == 600 - 45


def test_bidders_who_cannot_afford_the_minimum_drop_out(game: SelectionGame) -> None:
    player(game, 3).cash = 30
    bid(game, 1, "SV", 20)
    bid(game, 2, "SV", 30)
    s = step(game)
    assert ids(s.active_bidders) == [1, 2, 4]
    assert any("Cy cannot bid" in line for line in game.log_lines)
    assert game.round.current_entity() is player(game, 4)


def test_a_bid_drops_players_who_cannot_afford_the_next_minimum(game: SelectionGame) -> None:
    bid(game, 1, "SV", 20)
    for pid in (2, 3, 4):
        pass_(game, pid)
    player(game, 3).cash = 10
    # CS (40) is already on offer to everyone; the first bid drops Cy, who cannot pay 45.
    s = step(game)
    assert s.auctioning.sym == "CS"
    assert ids(s.active_bidders) == [2, 3, 4, 1]
    bid(game, 2, "CS", 40)
    assert ids(s.active_bidders) == [2, 4, 1]


def test_everyone_passing_lowers_the_price_and_offers_it_again(game: SelectionGame) -> None:
    for pid in (1, 2, 3, 4):
        pass_(game, pid)
    s = step(game)
    sv = game.company_by_id("SV")
    assert sv.min_bid == 15
    assert s.auctioning is sv
    assert s.min_bid(sv) == 15
    assert len(s.active_bidders) == 4
    assert any("minimum bid decreases from $20 to $15" in line for line in game.log_lines)


def test_a_free_company_goes_to_the_next_player(game: SelectionGame) -> None:
    for _ in range(4):
        for _pid in range(4):
            pass_(game, game.round.current_entity().id)
    sv = game.company_by_id("SV")
    assert sv.min_bid == 0
    assert sv.owner is not None and getattr(sv.owner, "is_player", False)
    assert sv.owner.cash == 600
    assert step(game).auctioning.sym == "CS"


def test_refused_bids_change_nothing(game: SelectionGame) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="Minimum bid"):
        bid(game, 1, "SV", 15)
    with pytest.raises(IllegalAction, match="up for auction"):
        bid(game, 1, "CS", 40)
    with pytest.raises(IllegalAction, match="Cannot afford"):
        bid(game, 1, "SV", 605)
    with pytest.raises(GameError):
        bid(game, 2, "SV", 25)  # not their turn
    assert snapshot(game) == before
    bid(game, 1, "SV", 20)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="Minimum bid"):
        bid(game, 2, "SV", 20)
    assert snapshot(game) == before


def test_the_round_ends_when_every_company_is_sold(game: SelectionGame) -> None:
    for _ in range(6):
        nominator = game.round.current_entity()
        s = step(game)
        bid(game, nominator.id, s.auctioning.sym, int(s.min_bid(s.auctioning) or 0))
        while s.auctioning is not None and len(s.active_bidders) > 1 and game.round.active_step() is s:
            pass_(game, game.round.current_entity().id)
        if game.round.active_step() is not s:
            break
    owners = {c.sym: (c.owner.id if c.owner is not None else None) for c in game.companies}
    assert all(owner is not None for owner in owners.values())
    assert game.round.NAME != "Auction" or game.round.active_step() is not step(game)


# --- the passable variant (Steam Over Holland) -----------------------------------------------------------
def test_passable_everyone_passing_removes_the_company_and_the_next(passable: PassableGame) -> None:
    s = step(passable)
    for pid in (1, 2, 3, 4):
        pass_(passable, pid)
    assert [c.sym for c in s.companies] == ["DH", "MH", "CA", "BO"]
    # As in the reference engine, nobody is left to act: the auction round is over.
    assert s.current_entity() is None
    assert passable.round.NAME == "Stock"
    removed = [line for line in passable.log_lines if "Company is removed from the game" in line]
    assert len(removed) == 2
    assert all(c.owner is None for c in passable.companies)
    assert all(p.cash == 600 for p in passable.players)


def test_passable_the_last_company_cannot_be_passed_by_everyone(passable: PassableGame) -> None:
    s = step(passable)
    s.companies[:] = s.companies[:1]
    for pid in (1, 2, 3):
        pass_(passable, pid)
    before = snapshot(passable)
    with pytest.raises(IllegalAction, match="last company"):
        pass_(passable, 4)
    assert snapshot(passable) == before
    bid(passable, 4, "SV", 20)
    assert passable.company_by_id("SV").owner is player(passable, 4)


def test_passable_bidding_works_as_the_general_auction(passable: PassableGame) -> None:
    bid(passable, 1, "SV", 20)
    bid(passable, 2, "SV", 25)
    for pid in (3, 4, 1):
        pass_(passable, pid)
    assert passable.company_by_id("SV").owner is player(passable, 2)
    assert step(passable).nominator is player(passable, 2)
