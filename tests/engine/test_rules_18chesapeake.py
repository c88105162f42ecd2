"""18Chesapeake's own rules: the behaviours of ``engine/titles/g18chesapeake`` and the rule switches.

Modelled on the reference's rules for the title (``g_18_chesapeake/game.rb``, ``share_pool.rb``,
``round/stock.rb``): Cornelius Vanderbilt's random president's certificate, the auction's bid rules,
the export of a train at the end of every set of operating rounds, C-P's and B&S's paired lays,
C&OC's teleport and free token, and the two-player share rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.rng import Rng
from engine.errors import GameError, IllegalAction
from engine.rounds.auction import AuctionRound
from engine.rounds.operating import OperatingRound
from engine.rounds.stock import StockRound
from engine.steps.auction import CompanyPendingPar, WaterfallAuction
from engine.steps.special_token import SpecialToken
from engine.steps.special_track import SpecialTrack
from engine.titles.g18chesapeake.rules import Game18Chesapeake
from engine.titles.g18chesapeake.share_pool import ChesapeakeSharePool

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


# --------------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------------


def make_game(n_players: int = 4, seed: int = 1, strict: bool = True) -> Game18Chesapeake:
    return Game18Chesapeake([(i + 1, NAMES[i]) for i in range(n_players)], seed=seed, game_id=seed,
                            strict=strict)


def act(game: Game18Chesapeake, **data: Any) -> None:
    game.process_action(data)


def bid(game: Game18Chesapeake, player: int, company: str, price: int) -> None:
    act(game, type="bid", entity=player, entity_type="player", company=company, price=price)


def pass_(game: Game18Chesapeake, entity: Any, entity_type: str = "player") -> None:
    act(game, type="pass", entity=entity, entity_type=entity_type)


def buy(game: Game18Chesapeake, player: int, share_id: str) -> None:
    act(game, type="buy_shares", entity=player, entity_type="player", shares=[share_id], percent=10)


def par(game: Game18Chesapeake, player: int, corporation: str, share_price: str) -> None:
    act(game, type="par", entity=player, entity_type="player", corporation=corporation, share_price=share_price)


def lay(game: Game18Chesapeake, entity: str, hex_id: str, tile: str, rotation: int,
        entity_type: str = "corporation") -> None:
    act(game, type="lay_tile", entity=entity, entity_type=entity_type, hex=hex_id, tile=tile, rotation=rotation)


def float_corporation(game: Game18Chesapeake, sym: str, player: Any, price: int = 95) -> Any:
    """Par ``sym`` by hand, make ``player`` its president and pay it 10 x par."""
    corporation = game.corporation_by_id(sym)
    share_price = next(sp for sp in game.stock_market.par_prices if sp.price == price)
    game.stock_market.set_par(corporation, share_price)
    corporation.owner = player
    corporation.ipoed = True
    corporation.floated = True
    game.bank.spend(price * 10, corporation)
    return corporation


def give_company(game: Game18Chesapeake, sym: str, owner: Any) -> Any:
    company = game.company_by_id(sym)
    company.owner = owner
    owner.companies.append(company)
    return company


def start_or(game: Game18Chesapeake) -> OperatingRound:
    """An operating round with the title's own steps, the first floated corporation to act."""
    round_ = game.new_operating_round(1)
    assert isinstance(round_, OperatingRound)
    game.round = round_
    round_.setup()
    return round_


def depot_count(game: Game18Chesapeake, name: str) -> int:
    return sum(1 for t in game.depot.upcoming if t.name == name)


def sell_privates_in_turn(game: Game18Chesapeake) -> None:
    """Each player in turn buys the cheapest private at face value (CV last, by the last player)."""
    players = [p.id for p in game.players]
    for i, (sym, value) in enumerate([("D&R", 20), ("C-P", 40), ("B&S", 50), ("C&OC", 80), ("B&OR", 100),
                                      ("CV", 200)]):
        bid(game, players[i % len(players)], sym, value)


# --------------------------------------------------------------------------------------------------
# Cornelius Vanderbilt: a random president's certificate
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 7, 1277, 14377, 1905, 987_654_321])
def test_cv_president_is_drawn_with_the_seeded_rng(seed: int) -> None:
    game = make_game(seed=seed)
    expected = game.corporations[Rng(seed).rand() % len(game.corporations)]
    cv = game.company_by_id("CV")
    (shares,) = game.ability_rules.abilities(cv, "shares")
    assert shares.shares == [expected.presidents_share]
    assert game.cornelius_corporation() is expected
    assert game.rng.calls == 1  # the only random draw of the title
    assert f"Cornelius Vanderbilt comes with the president's share of {expected.name}" in game.log_lines
    # setup gives CV the close ability for that corporation's first train.
    (close,) = cv.abilities_of_type("close")
    assert close.when == ["bought_train"] and close.corporation == expected.name


@pytest.mark.parametrize(("seed", "sym"), [(1277, "SRR"), (14377, "C&A"), (1905, "C&A")])
def test_cv_draw_matches_the_reference_games(seed: int, sym: str) -> None:
    """The corporations the site drew for three real games (their replays match the reference)."""
    assert make_game(seed=seed).cornelius_corporation().name == sym


def test_cv_buyer_must_par_its_corporation_at_once() -> None:
    game = make_game(seed=1)
    cv_corporation = game.cornelius_corporation()
    sell_privates_in_turn(game)
    bob = game.player_by_id(2)
    assert game.company_by_id("CV").owner is bob
    step = game.round.active_step()
    assert isinstance(step, CompanyPendingPar)
    assert game.round.current_entity() is bob
    assert step.pending_corporations() == [cv_corporation]
    other = next(c for c in game.corporations if c is not cv_corporation)
    with pytest.raises(IllegalAction, match=f"must par {cv_corporation.name}"):
        game.validate({"type": "par", "entity": 2, "entity_type": "player", "corporation": other.name,
                       "share_price": "80,3,3"})
    par(game, 2, cv_corporation.name, "80,3,3")
    assert cv_corporation.owner is bob and bob.percent_of(cv_corporation) == 20
    assert isinstance(game.round, StockRound)


def test_cv_closes_when_its_corporation_buys_its_first_train() -> None:
    game = make_game(seed=1)
    cv = give_company(game, "CV", game.players[0])
    cv_corporation = game.cornelius_corporation()
    other = next(c for c in game.corporations if c is not cv_corporation)
    float_corporation(game, other.name, game.players[1])
    float_corporation(game, cv_corporation.name, game.players[0])
    game.train_rules.buy_train(other, game.depot.upcoming[0])
    assert not cv.closed
    game.train_rules.buy_train(cv_corporation, game.depot.upcoming[0])
    assert cv.closed


def test_cv_cannot_be_bought_by_a_corporation() -> None:
    game = make_game()
    give_company(game, "CV", game.players[0])
    give_company(game, "D&R", game.players[0])
    assert [c.sym for c in game.company_rules.purchasable()] == ["D&R"]


# --------------------------------------------------------------------------------------------------
# The private auction: bids in multiples of 5, only a player's winning bids tie up cash
# --------------------------------------------------------------------------------------------------


def test_bid_increment_must_be_a_multiple_of_five() -> None:
    game = make_game()
    with pytest.raises(IllegalAction, match="multiple of 5"):
        game.validate({"type": "bid", "entity": 1, "entity_type": "player", "company": "CV", "price": 207})
    bid(game, 1, "CV", 205)
    with pytest.raises(IllegalAction, match="multiple of 5"):
        game.validate({"type": "bid", "entity": 2, "entity_type": "player", "company": "CV", "price": 212})
    with pytest.raises(IllegalAction, match="Minimum bid is"):
        game.validate({"type": "bid", "entity": 2, "entity_type": "player", "company": "CV", "price": 205})
    bid(game, 2, "CV", 215)
    step = game.round.step_of(WaterfallAuction)
    assert isinstance(step, WaterfallAuction)
    assert [(b.entity.id, b.price) for b in step.bids_on(game.company_by_id("CV"))] == [(1, 205), (2, 215)]


def test_only_the_highest_bid_commits_cash() -> None:
    game = make_game()
    step = game.round.step_of(WaterfallAuction)
    assert isinstance(step, WaterfallAuction)
    ann, bob = game.player_by_id(1), game.player_by_id(2)
    bid(game, 1, "CV", 205)
    assert step.committed_cash(ann) == 205
    bid(game, 2, "CV", 210)
    # Outbid: Ann's bid stands but no longer ties up her cash.
    assert step.committed_cash(ann) == 0
    assert step.committed_cash(bob) == 210
    pass_(game, 3)
    pass_(game, 4)
    assert step.max_bid(ann, game.company_by_id("C&OC")) == 600
    bid(game, 1, "C&OC", 600)
    assert step.committed_cash(ann) == 600
    assert ann.cash == 600  # nothing is paid until a bid wins


# --------------------------------------------------------------------------------------------------
# Exports: the next 2, 3 or 4 train leaves at the end of each set of operating rounds
# --------------------------------------------------------------------------------------------------


def test_all_passing_in_the_auction_before_a_sale_lowers_the_first_private() -> None:
    game = make_game()
    for player in (1, 2, 3, 4):
        pass_(game, player)
    assert game.company_by_id("D&R").min_bid == 15
    assert depot_count(game, "2") == 7


def test_all_passing_in_the_auction_after_a_sale_pays_revenue_and_exports() -> None:
    game = make_game()
    bid(game, 1, "D&R", 20)
    ann = game.player_by_id(1)
    assert ann.cash == 580
    for player in (2, 3, 4, 1):
        pass_(game, player)
    assert ann.cash == 585  # D&R's revenue: a "fake" operating round
    assert depot_count(game, "2") == 6
    assert "-- Event: A 2 train exports --" in game.log_lines
    assert isinstance(game.round, AuctionRound)
    # The next full pass exports another one.
    for player in (2, 3, 4, 1):
        pass_(game, player)
    assert depot_count(game, "2") == 5 and ann.cash == 590


def test_exports_walk_through_the_small_trains_and_change_phases() -> None:
    game = make_game()
    owner = float_corporation(game, "PRR", game.players[0])
    game.train_rules.buy_train(owner, game.depot.upcoming[0])
    two = owner.trains[0]
    for _ in range(6):
        game.or_set_finished()
    assert depot_count(game, "2") == 0 and game.phase.name == "2"
    game.or_set_finished()  # the first 3 starts phase 3
    assert game.phase.name == "3" and depot_count(game, "3") == 5
    for _ in range(5):
        game.or_set_finished()
    assert not two.rusted
    game.or_set_finished()  # the first 4 starts phase 4 and rusts the 2s
    assert game.phase.name == "4" and depot_count(game, "4") == 4
    assert two.rusted and owner.trains == []
    for _ in range(4):
        game.or_set_finished()
    assert game.depot.upcoming[0].name == "5"
    game.or_set_finished()  # 5s are never exported
    assert game.depot.upcoming[0].name == "5" and depot_count(game, "5") == 3
    assert game.phase.name == "4"


def test_the_last_operating_round_of_a_set_exports() -> None:
    game = make_game()
    float_corporation(game, "PRR", game.players[0])
    game.round = game.new_operating_round(1)
    assert game.operating_rounds == 1
    game.next_round()
    assert isinstance(game.round, StockRound) and game.turn == 2
    assert depot_count(game, "2") == 6


# --------------------------------------------------------------------------------------------------
# C-P and B&S: two #8/#9 tiles laid together, in addition to the normal lay; forfeited by others
# --------------------------------------------------------------------------------------------------


def test_paired_lays_must_be_completed() -> None:
    game = make_game()
    co = float_corporation(game, "C&O", game.players[0])  # Richmond: nowhere near H2/I3
    cp = give_company(game, "C-P", co)
    round_ = start_or(game)
    assert round_.current_entity() is co
    special = round_.step_of(SpecialTrack)
    assert isinstance(special, SpecialTrack)
    assert special.actions(cp) == ["lay_tile", "pass"]
    cash = co.cash
    lay(game, "C-P", "I3", "8-0", 2, entity_type="company")
    (ability,) = cp.abilities_of_type("tile_lay")
    assert ability.count == 1  # the company's own lay does not forfeit anything
    # Half way: the company must finish before anything else happens.
    assert special.company is cp and round_.active_step() is special
    assert round_.current_entity() is cp
    with pytest.raises(IllegalAction, match="must use all its tile lays"):
        game.validate({"type": "pass", "entity": "C-P", "entity_type": "company"})
    with pytest.raises(GameError):
        game.validate({"type": "lay_tile", "entity": "C&O", "entity_type": "corporation", "hex": "G11",
                       "tile": "9-0", "rotation": 0})
    lay(game, "C-P", "H2", "9-0", 2, entity_type="company")
    assert game.hex_by_id("I3").tile.name == "8" and game.hex_by_id("H2").tile.name == "9"
    assert special.company is None
    assert not cp.abilities_of_type("tile_lay")  # used up
    assert co.cash == cash  # no terrain there
    # The corporation still has its own tile lay.
    assert round_.current_entity() is co and "lay_tile" in round_.actions_for(co)


def test_paired_lays_must_connect_to_each_other() -> None:
    game = make_game()
    co = float_corporation(game, "C&O", game.players[0])
    give_company(game, "B&S", co)
    start_or(game)
    lay(game, "B&S", "F4", "8-0", 3, entity_type="company")
    # A straight on G5 that does not meet the curve on F4.
    with pytest.raises(IllegalAction, match="connected"):
        game.validate({"type": "lay_tile", "entity": "B&S", "entity_type": "company", "hex": "G5",
                       "tile": "9-0", "rotation": 0})
    lay(game, "B&S", "G5", "9-0", 2, entity_type="company")
    assert game.hex_by_id("G5").tile.name == "9"


def test_a_tile_laid_on_the_hexes_by_others_forfeits_the_lays() -> None:
    game = make_game(strict=False)  # loading: the test lay need not be connected
    prr = float_corporation(game, "PRR", game.players[0], price=95)
    co = float_corporation(game, "C&O", game.players[1], price=80)
    bs = give_company(game, "B&S", co)
    cp = give_company(game, "C-P", co)
    round_ = start_or(game)
    assert round_.current_entity() is prr
    lay(game, "PRR", "F4", "9-0", 0)
    assert not bs.abilities_of_type("tile_lay")
    assert cp.abilities_of_type("tile_lay")  # the other private keeps its lays
    message = 'Baltimore and Susquehanna Railroad loses the ability to lay ["F4", "G5"]'
    assert message in game.log_lines
    lay_line = next(i for i, line in enumerate(game.log_lines) if "lays tile #9" in line)
    assert game.log_lines.index(message) > lay_line  # logged after the lay itself


def test_a_player_owned_private_keeps_its_lays_and_blocks_its_hexes() -> None:
    game = make_game()
    float_corporation(game, "PRR", game.players[0])
    bs = give_company(game, "B&S", game.players[0])
    start_or(game)
    with pytest.raises(GameError):
        game.validate({"type": "lay_tile", "entity": "PRR", "entity_type": "corporation", "hex": "F4",
                       "tile": "9-0", "rotation": 0})
    assert bs.abilities_of_type("tile_lay")


# --------------------------------------------------------------------------------------------------
# C&OC: tile 57 on D2 as the turn's lay (paying the mountain), then a free station there
# --------------------------------------------------------------------------------------------------


def test_cooc_teleport_then_free_token() -> None:
    game = make_game()
    ca = float_corporation(game, "C&A", game.players[0])  # Camden, far from Berlin (D2)
    cooc = give_company(game, "C&OC", ca)
    round_ = start_or(game)
    assert round_.current_entity() is ca
    special = round_.step_of(SpecialTrack)
    assert isinstance(special, SpecialTrack)
    assert special.actions(cooc) == ["lay_tile", "pass"]
    cash = ca.cash
    lay(game, "C&OC", "D2", "57-0", 1, entity_type="company")
    assert game.hex_by_id("D2").tile.name == "57"
    assert ca.cash == cash - 80  # the mountain
    assert isinstance(round_.active_step(), SpecialToken)
    assert round_.current_entity() is cooc
    act(game, type="place_token", entity="C&OC", entity_type="company", city="57-0-0", slot=0)
    assert game.city_by_id("57-0-0").tokened_by(ca)
    assert ca.cash == cash - 80  # the token was free
    assert not cooc.abilities_of_type("teleport")
    # The teleport was the turn's tile lay.
    assert "lay_tile" not in round_.actions_for(ca)


# --------------------------------------------------------------------------------------------------
# Two players: 30% president's certificates, a smaller game, the market takes the IPO
# --------------------------------------------------------------------------------------------------


@pytest.fixture
def two() -> Game18Chesapeake:
    return make_game(n_players=2, seed=1)


def test_two_player_setup(two: Game18Chesapeake) -> None:
    assert isinstance(two.share_pool, ChesapeakeSharePool)
    assert two.cert_limit == 20 and [p.cash for p in two.players] == [1200, 1200]
    cv_corporation = two.cornelius_corporation()
    for corporation in two.corporations:
        ipo = [s.percent for s in corporation.shares_of(corporation)]
        if corporation is cv_corporation:
            assert ipo == [20] + [10] * 8
            assert two.bank.percent_of(corporation) == 0
        else:
            assert ipo == [30] + [10] * 7
            assert corporation.presidents_percent == 30
            assert [s.id for s in two.bank.shares_of(corporation)] == [f"{corporation.name}_8"]
        total = sum(s.percent for s in corporation.all_shares)
        assert total == (100 if corporation is cv_corporation else 110)


def test_more_players_keep_the_standard_certificates() -> None:
    game = make_game(n_players=3)
    for corporation in game.corporations:
        assert [s.percent for s in corporation.shares_of(corporation)] == [20] + [10] * 8
        assert game.bank.percent_of(corporation) == 0
    assert not game.share_pool.two_player  # type: ignore[attr-defined]


def _float_prr_two_player(game: Game18Chesapeake) -> Any:
    """Auction; Ann pars PRR at 95 and buys two more shares, Bob buys C&A shares and then the PRR
    share that floats it.  Ann (president, 50%) is next to act."""
    sell_privates_in_turn(game)  # Bob buys CV and must par its corporation
    cv_corporation = game.cornelius_corporation()
    par(game, 2, cv_corporation.name, "70,4,2")
    prr = game.corporation_by_id("PRR")
    assert prr is not cv_corporation
    par(game, 1, "PRR", "95,2,4")
    assert game.player_by_id(1).percent_of(prr) == 30
    for _ in range(2):
        buy(game, 2, cv_corporation.shares_of(cv_corporation)[0].id)
        buy(game, 1, prr.shares_of(prr)[0].id)
    assert not prr.floated
    buy(game, 2, "PRR_3")
    assert game.round.current_entity() is game.player_by_id(1)
    return prr


def test_two_player_float_moves_the_ipo_to_the_market(two: Game18Chesapeake) -> None:
    prr = _float_prr_two_player(two)
    assert prr.floated and prr.cash == 950
    assert prr.shares_of(prr) == []
    assert [s.id for s in two.share_pool.shares_of(prr)] == ["PRR_4", "PRR_5", "PRR_6", "PRR_7"]
    assert "PRR's remaining shares are transferred to the Market" in two.log_lines
    # The purchase that floated PRR came from the IPO: nothing was removed.
    assert [s.id for s in two.bank.shares_of(prr)] == ["PRR_8"]


def test_two_player_buyer_removes_the_pools_last_share(two: Game18Chesapeake) -> None:
    prr = _float_prr_two_player(two)
    ann, bob = two.player_by_id(1), two.player_by_id(2)
    # The president buys from the market without removing anything.
    buy(two, 1, "PRR_4")
    assert ann.percent_of(prr) == 60
    assert [s.id for s in two.share_pool.shares_of(prr)] == ["PRR_5", "PRR_6", "PRR_7"]
    assert [s.id for s in two.bank.shares_of(prr)] == ["PRR_8"]
    # Anybody else first takes the market's last share out of the game.
    cash = bob.cash
    buy(two, 2, "PRR_5")
    assert [s.id for s in bob.shares_of(prr)] == ["PRR_3", "PRR_5"] and bob.cash == cash - 95
    assert [s.id for s in two.share_pool.shares_of(prr)] == ["PRR_6"]
    assert [s.id for s in two.bank.shares_of(prr)] == ["PRR_8", "PRR_7"]
    assert "Bob removes a 10% share of PRR from the game" in two.log_lines
    pass_(two, 1)
    # Buying the very share that gets removed: it leaves the game and nothing is bought.
    cash = bob.cash
    buy(two, 2, "PRR_6")
    assert two.share_pool.shares_of(prr) == []
    assert [s.id for s in bob.shares_of(prr)] == ["PRR_3", "PRR_5"] and bob.cash == cash
    assert [s.id for s in two.bank.shares_of(prr)] == ["PRR_8", "PRR_7", "PRR_6"]
    assert sum(prr.player_share_holders().values()) == 80


def test_two_player_sold_out_means_no_shares_in_the_market(two: Game18Chesapeake) -> None:
    prr = _float_prr_two_player(two)
    assert not two.share_rules.sold_out(prr)
    for share in list(two.share_pool.shares_of(prr)):
        two.share_pool.transfer_shares(share.to_bundle(), two.bank)
    assert sum(prr.player_share_holders().values()) == 60
    assert two.share_rules.sold_out(prr)
    price = prr.share_price.price
    two.share_rules.finish_stock_round(two.round)
    assert prr.share_price.price > price


def test_sold_out_with_more_players_needs_every_share_in_players_hands() -> None:
    game = make_game(n_players=3)
    prr = float_corporation(game, "PRR", game.players[0])
    assert not game.share_rules.sold_out(prr)
    for i, share in enumerate(list(prr.shares_of(prr))):
        game.share_pool.transfer_shares(share.to_bundle(), game.players[i % 3])
    assert game.share_rules.sold_out(prr)
