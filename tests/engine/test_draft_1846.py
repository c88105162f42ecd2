"""1846 set-up and draft: the random removals in the reference's order, removed corporations'
stations, minors, the draft (reverse seat order, views of players + 2, reshuffles, passes that
lower the last company's price, payment at the end) and the first operating order.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engine import new_game
from engine.core.rng import Rng
from engine.errors import GameError, InvalidAction
from engine.rounds.stock import StockRound
from engine.steps.draft import DraftDistribution, DraftRound, is_pass_card
from engine.titles.g1846 import data
from engine.titles.g1846.rules import Game1846


def _game(n_players: int = 4, seed: int = 1846, rules: tuple[str, ...] = ()) -> Game1846:
    game = new_game("1846", [f"P{i}" for i in range(1, n_players + 1)], seed=seed, optional_rules=list(rules))
    assert isinstance(game, Game1846)
    return game


def _step(game: Game1846) -> DraftDistribution:
    step = game.round.active_step()
    assert isinstance(step, DraftDistribution)
    return step


def _bid(game: Game1846, company: str, player: Any = None) -> None:
    who = player if player is not None else game.round.current_entity()
    game.apply({"type": "bid", "entity": who.id, "entity_type": "player", "company": company, "price": 0})


def _pass(game: Game1846) -> None:
    who = game.round.current_entity()
    game.apply({"type": "pass", "entity": who.id, "entity_type": "player"})


def _initial_companies(n_players: int, first_edition: bool) -> list[str]:
    syms = [c.sym for c in data.COMPANIES if not (first_edition and c.sym in data.SECOND_EDITION_COMPANIES)]
    return syms + [f"Pass ({i})" for i in range(1, n_players + 1)]


def _expected_setup(n_players: int, seed: int, first_edition: bool) -> tuple[list[str], list[str], Rng]:
    """The deck order and the removed names, drawn as the reference draws them."""
    rng = Rng(seed)
    deck = rng.shuffle(_initial_companies(n_players, first_edition))
    removed: list[str] = []
    groups = (
        (data.ORANGE_GROUP[:3] if first_edition else data.ORANGE_GROUP, 0 if first_edition else 1),
        (data.BLUE_GROUP[:3] if first_edition else data.BLUE_GROUP, 0 if first_edition else 1),
        (data.GREEN_GROUP, 0),
    )
    for group, extra in groups:
        removed += rng.shuffle(list(group))[: 5 - n_players + extra]
    return deck, removed, rng


# =============================================================================================
# Set-up
# =============================================================================================


@pytest.mark.parametrize(("n_players", "first_edition"), [(3, True), (4, False), (5, True), (5, False)])
def test_setup_draws_deck_then_removals(n_players: int, first_edition: bool) -> None:
    seed = 20 + n_players
    rules = ("first_ed",) if first_edition else ()
    game = _game(n_players, seed, rules)
    deck, removed, rng = _expected_setup(n_players, seed, first_edition)
    # One draw per card for the deck, then one per member of each group - even if none is removed.
    assert game.rng.calls == rng.calls
    assert game.rng.state == rng.state
    names = {c.sym: c.name for c in data.COMPANIES}
    assert [c.sym for c in _step(game).companies] == [sym for sym in deck if names.get(sym) not in removed]
    in_play = {c.name for c in game.companies} | {c.name for c in game.corporations}
    assert not in_play & set(removed)
    assert len(game.corporations) == 7 - (5 - n_players)
    # The certificate limit follows the corporations left.
    assert game.cert_limit == data.TITLE.cert_limit_for(n_players, len(game.corporations))
    assert all(c.closed for c in game.removals if getattr(c, "is_company", False))


def test_first_edition_leaves_out_second_edition_companies_and_icons() -> None:
    game = _game(5, 7, ("first_ed",))
    syms = [c.sym for c in game.companies]
    assert "BT" not in syms and "LM" not in syms
    assert syms[-5:] == [f"Pass ({i})" for i in range(1, 6)]
    assert not game.removals  # five players, first edition: nothing is removed
    assert [i.name for i in game.hex_by_id("H12").tile.icons] == []
    assert [i.name for i in game.hex_by_id("G13").tile.icons] == []
    assert game.cert_limit == 11


def test_second_edition_guarantee_exempts_boomtown_little_miami_and_c_and_o() -> None:
    for seed in range(30):
        game = _game(3, seed, ("second_ed_co",))
        names = [e.name for e in game.removals]
        assert not {"Boomtown", "Little Miami", "C&O"} & set(names)
        assert "C&O" in [c.name for c in game.corporations]
        assert len(names) == 3 + 3 + 2


def test_exclusive_options_are_refused() -> None:
    with pytest.raises(InvalidAction):
        _game(4, 1, ("first_ed", "second_ed_co"))


def test_removed_corporations_keep_their_home_station_and_lose_reservations() -> None:
    for seed in range(40):
        game = _game(3, seed)
        removed = [e for e in game.removals if getattr(e, "is_corporation", False)]
        assert len(removed) == 2
        for corporation in removed:
            city = game.hex_by_id(corporation.coordinates).tile.cities[0]
            assert city.tokened_by(corporation)
            assert not corporation.abilities_of_type("reservation")
            for hex_id in {"E11": "PRR", "D20": "ERIE"}:
                for c in game.hex_by_id(hex_id).tile.cities:
                    assert not c.reserved_by(corporation)
        kept = {c.sym for c in game.corporations}
        if "PRR" in kept:
            assert game.hex_by_id("E11").tile.cities[0].reserved_by(game.corporation_by_id("PRR"))
        if "ERIE" in kept:
            d20 = game.hex_by_id("D20").tile.cities[0]
            assert d20.reservations[1] is game.corporation_by_id("ERIE")


def test_removed_companies_take_their_icons_with_them() -> None:
    for seed in range(40):
        game = _game(3, seed, ("first_ed",))
        removed = {e.sym for e in game.removals if getattr(e, "is_company", False)}
        d14_icons = [i.name for i in game.hex_by_id("D14").tile.icons]
        assert ("lsl" in d14_icons) == ("LSL" not in removed)
        assert ("port" in d14_icons) == ("SC" not in removed)
        assert ("meat" in [i.name for i in game.hex_by_id("D6").tile.icons]) == ("MPC" not in removed)
        if "MC" in removed:
            assert not game.hex_by_id("B10").tile.blockers


def test_minors_start_with_a_train_and_a_station_but_no_owner() -> None:
    game = _game(4)
    for minor, (hex_id, train_id) in zip(game.minors, (("C15", "2-0"), ("G9", "2-1")), strict=True):
        assert [t.id for t in minor.trains] == [train_id]
        assert not minor.trains[0].buyable
        assert game.hex_by_id(hex_id).tile.cities[0].tokened_by(minor)
        assert minor.owner is None and not minor.floated and minor.cash == 0
    assert sum(1 for t in game.depot.upcoming if t.name == "2") == 8 - 2
    assert game.bank.cash == 7500 - 4 * 400
    for company in game.companies:
        assert (company.min_price, company.max_price) == (1, company.value)


# =============================================================================================
# The draft
# =============================================================================================


def test_draft_order_view_and_reshuffle() -> None:
    game = _game(4, 99)
    assert isinstance(game.round, DraftRound)
    assert game.round.entities == list(reversed(game.players))
    step = _step(game)
    assert step.draw_size == 6
    assert game.priority_deal_player() is game.players[0]
    offered = step.available()
    deck = list(step.companies)
    state = Rng(0)
    state.state = game.rng.state
    chosen = offered[2]
    player = game.round.current_entity()
    assert player is game.players[-1]
    _bid(game, chosen.sym)
    # The rest of the view is reshuffled (one draw per card shown) and goes under the deck.
    expected_tail = [c for c in state.shuffle(offered) if c is not chosen]
    assert step.companies == deck[6:] + expected_tail
    assert chosen.owner is player and chosen not in player.companies
    assert game.round.current_entity() is game.players[-2]
    # Nothing is paid before the draft ends.
    assert player.cash == 400


def test_refused_choice_changes_nothing() -> None:
    game = _game(4, 5)
    step = _step(game)
    hidden = step.companies[-1]
    before = (list(step.companies), game.rng.state)
    with pytest.raises(GameError):
        _bid(game, hidden.sym)
    with pytest.raises(GameError):
        _pass(game)  # passing is only allowed when one real company is left
    with pytest.raises(GameError):
        _bid(game, step.companies[0].sym, player=game.players[0])  # not this player's turn
    assert (list(step.companies), game.rng.state) == before


def _draft_to_the_end(game: Game1846, prefer_pass: bool) -> None:
    """Drive a draft: take a Pass card when ``prefer_pass`` and one is offered, else the first real
    company; pass on the last company until someone must take it."""
    for _ in range(200):
        if not isinstance(game.round, DraftRound):
            return
        step = _step(game)
        if step.only_one_company():
            _pass(game)
            continue
        offered = step.available()
        passes = [c for c in offered if is_pass_card(c)]
        reals = [c for c in offered if not is_pass_card(c)]
        pick = passes[0] if (prefer_pass and passes) or not reals else reals[0]
        _bid(game, pick.sym)
    raise AssertionError("the draft did not end")


def test_passing_on_the_last_company_lowers_its_price_until_someone_must_take_it() -> None:
    game = _game(3, 11)
    prices: list[int] = []
    last = None
    for _ in range(200):
        step = _step(game)
        if step.only_one_company():
            last = step.companies[0]
            break
        offered = step.available()
        passes = [c for c in offered if is_pass_card(c)]
        _bid(game, (passes or offered)[0].sym)
    assert last is not None
    start = last.min_bid
    taker = None
    while isinstance(game.round, DraftRound):
        prices.append(last.min_bid)
        draft_order, index = game.round.entities, game.round.entity_index
        _pass(game)
        taker = draft_order[(index + 1) % 3]
    assert prices[0] == start
    assert all(b - a == -10 for a, b in itertools.pairwise(prices))
    assert last.min_bid == last.min_auction_price
    assert last.owner is taker
    assert last in taker.companies


def test_draft_end_pays_for_companies_and_floats_minors() -> None:
    game = _game(4, 3)
    total = game.cash_total()
    _draft_to_the_end(game, prefer_pass=False)
    assert isinstance(game.round, StockRound)
    assert game.cash_total() == total
    real = [c for c in game.companies if not is_pass_card(c)]
    assert all(c.owner is not None and c in c.owner.companies for c in real)
    assert all(c.owner is None for c in game.companies if is_pass_card(c))
    for player in game.players:
        assert player.cash == 400 - sum(c.min_bid for c in player.companies)
    for minor in game.minors:
        card = game.company_by_id(minor.id)
        assert minor.owner is card.owner and minor.floated
        assert minor.cash == card.value
    # The seating is unchanged: the first player has the priority deal.
    assert game.round.current_entity() is game.players[0]
    assert game.players == [game.player_by_id(i) for i in range(1, 5)]


def test_draft_end_reshuffles_a_throwaway_deck() -> None:
    game = _game(3, 8)
    _draft_to_the_end(game, prefer_pass=True)
    # Replaying the draft by hand: the last draws are one per company of a throw-away new deck.
    replay = _game(3, 8)
    calls_before = None
    for _ in range(200):
        if not isinstance(replay.round, DraftRound):
            break
        calls_before = replay.rng.calls
        step = _step(replay)
        if step.only_one_company():
            _pass(replay)
            continue
        offered = step.available()
        passes = [c for c in offered if is_pass_card(c)]
        reals = [c for c in offered if not is_pass_card(c)]
        _bid(replay, (passes[0] if passes else reals[0]).sym)
    assert calls_before is not None
    assert replay.rng.calls == game.rng.calls
    last_pick_draws = replay.rng.calls - calls_before
    assert last_pick_draws >= len(replay.companies)


# =============================================================================================
# The first operating round's order
# =============================================================================================


def test_first_operating_round_goes_cheapest_first_minors_first() -> None:
    game = _game(5, 4, ("first_ed",))
    _draft_to_the_end(game, prefer_pass=False)
    market = game.stock_market
    by_price = {sp.price: sp for row in market.market for sp in row if sp is not None}
    pars = [("GT", 70), ("PRR", 80), ("NYC", 80), ("IC", 90), ("B&O", 100)]
    for sym, price in pars:
        corporation = game.corporation_by_id(sym)
        market.set_par(corporation, by_price[price])
        corporation.ipoed = corporation.floated = True
    order = [e.id for e in game.operating_order()]
    assert order == ["MS", "BIG4", "GT", "PRR", "NYC", "IC", "B&O"]
    # From the second operating round on: the usual order (highest price first, arrival on ties).
    game.round_num = 2
    assert [e.id for e in game.operating_order()] == ["MS", "BIG4", "B&O", "IC", "PRR", "NYC", "GT"]


def test_ic_subsidy_on_par() -> None:
    game = _game(5, 4, ("first_ed",))
    _draft_to_the_end(game, prefer_pass=False)
    ic = game.corporation_by_id("IC")
    parrer = max(game.players, key=lambda p: p.cash)
    while game.round.current_entity() is not parrer:
        _pass(game)
    game.apply({"type": "par", "entity": parrer.id, "entity_type": "player", "corporation": "IC",
                "share_price": "60,0,6"})
    # Two shares bought into the treasury (incremental capitalisation) plus a subsidy of the par price.
    assert ic.cash == 2 * 60 + 60
    assert not ic.abilities_of_type("base")
    with pytest.raises(GameError):  # parred once only
        game.apply({"type": "par", "entity": parrer.id, "entity_type": "player", "corporation": "IC",
                    "share_price": "60,0,6"})
