"""Irish Gauge rules, each from the rule text (seed 004 and IRISH-GAUGE.md), on hand-built positions."""

from __future__ import annotations

import pytest

from engine.errors import GameError, InvalidAction
from engine.titles.irish_gauge import data
from engine.titles.irish_gauge.game import IrishGaugeGame
from engine.titles.irish_gauge.steps import InitialAuction, Turn
from tests.engine.irish_gauge_helpers import (
    act,
    bid,
    build,
    current,
    give_turn,
    initial_auctions,
    lay,
    new,
    pass_,
    set_supply,
    turn_step,
)

ALL_ANN = {"CBSC": 1, "WLW": 1, "BCD": 1, "GSW": 1, "MGW": 1}


# --- board and setup -------------------------------------------------------------------------------------
def test_the_board_has_139_hexes_with_the_published_terrain_mix() -> None:
    terrain = data.terrain()
    assert len(terrain) == 139
    counts = {k: list(terrain.values()).count(k) for k in "eDTCM"}
    assert counts == {"e": 88, "D": 33, "T": 10, "C": 5, "M": 3}
    assert {terrain[h] for h in data.MAJOR_CITIES} == {"M"}
    assert all(terrain[h] in "TCM" for h in data.NAMES)


def test_neighbours_are_symmetric_and_the_board_is_one_piece() -> None:
    game = new()
    for cell in game.board.values():
        for n in cell.neighbours:
            assert cell.id in game.board[n].neighbours
        assert 1 <= len(cell.neighbours) <= 6
    seen, todo = {"H11"}, ["H11"]
    while todo:
        for n in game.board[todo.pop()].neighbours:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 139
    assert set(game.board["O4"].neighbours) == {"N4", "N3", "N5", "O3"}  # Cork, on the south coast


def test_setup_cash_tracks_cubes_and_supply() -> None:
    game = new(n=5, seed=7)
    assert [p.cash for p in game.players] == [20] * 5
    assert {r.id: r.tracks for r in game.railways} == {
        "CBSC": ["O4"], "WLW": ["L4"], "BCD": ["C12"], "GSW": ["H11"], "MGW": ["H11"]}
    assert all(r.tracks_left == 18 for r in game.railways)
    cities = [game.board[h].cube for h in data.STARTING_CITY_ORDER]
    assert all(c in data.COLORS for c in cities)
    for color in data.COLORS:
        assert cities.count(color) <= 4
        assert game.supply[color] == 10 - cities.count(color)
    assert game.supply_count() == 22
    assert all(game.board[h].cube is None for h, n in data.NAMES.items() if data.terrain()[h] == "T")
    # the draw comes from the seed: the same seed deals the same cubes, another seed (usually) others
    again = new(n=5, seed=7)
    assert [again.board[h].cube for h in data.STARTING_CITY_ORDER] == cities
    deals = {tuple(new(n=3, seed=s).board[h].cube for h in data.STARTING_CITY_ORDER) for s in range(10)}
    assert len(deals) > 1


def test_seats_are_random_from_the_seed_unless_listed() -> None:
    orders = {tuple(p.id for p in new(n=5, seed=s, listed=False).players) for s in range(12)}
    assert len(orders) > 1 and all(sorted(o) == [1, 2, 3, 4, 5] for o in orders)
    assert [p.id for p in new(n=5, seed=3, listed=True).players] == [1, 2, 3, 4, 5]
    assert [p.id for p in new(n=4, seed=9, listed=False).players] == \
        [p.id for p in new(n=4, seed=9, listed=False).players]


@pytest.mark.parametrize("n", [2, 6])
def test_three_to_five_players(n: int) -> None:
    with pytest.raises(InvalidAction, match="3 to 5 players"):
        IrishGaugeGame([(i, f"P{i}") for i in range(1, n + 1)])


# --- initial auctions ------------------------------------------------------------------------------------
def test_initial_auction_everybody_passes_and_the_opener_gets_it_free() -> None:
    game = new()
    ann = game.players[0]
    assert current(game) is ann
    for pid in (1, 2, 3, 4):
        game.apply(pass_(pid))
    assert game.railway("CBSC").shares[0].owner is ann and ann.cash == 20
    # the winner opens the next auction (WLW)
    step = game.round.active_step()
    assert isinstance(step, InitialAuction) and step.auction.railway.id == "WLW" and current(game) is ann


def test_initial_auction_a_pass_is_final_and_the_last_bidder_in_wins() -> None:
    game = new()
    bob = game.players[1]
    game.apply(pass_(1))  # the opener may pass ...
    game.apply(bid(2, "CBSC", 8))
    game.apply(bid(3, "CBSC", 9))
    game.apply(pass_(4))
    assert current(game) is bob  # ... and is out: Ann is skipped
    with pytest.raises(GameError):
        game.apply(bid(1, "CBSC", 12))
    game.apply(bid(2, "CBSC", 10))
    game.apply(pass_(3))
    assert game.railway("CBSC").shares[0].owner is bob and bob.cash == 10
    assert current(game) is bob  # Bob opens WLW


def test_auction_log_lines_name_amounts_in_pounds() -> None:
    game = new()
    game.apply(pass_(1))
    game.apply(bid(2, "CBSC", 8))
    game.apply(pass_(3))
    game.apply(pass_(4))
    lines = game.log_lines
    assert any(line.startswith("Bob bids £8 for CBSC's £7 share") for line in lines), lines
    assert any(line.startswith("Bob buys CBSC's £7 share for £8") for line in lines), lines
    assert game.format_currency(12) == "£12"


def test_initial_bids_start_at_face_value_and_never_exceed_cash() -> None:
    game = new()
    with pytest.raises(GameError, match="at least 7"):
        game.apply(bid(1, "CBSC", 6))
    with pytest.raises(GameError, match="only 20"):
        game.apply(bid(1, "CBSC", 21))
    with pytest.raises(GameError, match="not WLW"):
        game.apply(bid(1, "WLW", 7))
    game.apply(bid(1, "CBSC", 7))
    with pytest.raises(GameError, match="at least 8"):
        game.apply(bid(2, "CBSC", 7))


def test_when_all_before_pass_the_last_player_still_chooses() -> None:
    game = new()
    for pid in (1, 2, 3):
        game.apply(pass_(pid))
    assert current(game).id == 4
    game.apply(bid(4, "CBSC", 7))
    assert game.railway("CBSC").shares[0].owner.id == 4 and game.player_by_id(4).cash == 13


def test_after_the_initial_auctions_the_cbsc_holder_acts_first() -> None:
    game = new()
    initial_auctions(game, {"CBSC": 3, "WLW": 1, "BCD": 2, "GSW": 4, "MGW": 1})
    assert isinstance(game.round.active_step(), Turn)
    assert current(game).id == 3
    assert [s.face for s in game.player_by_id(1).shares] == [5, 6]
    assert sum(p.cash for p in game.players) == 80 - 7 - 5 - 8 - 4 - 6
    game.apply(act(3, "call_dividends"))
    assert current(game).id == 4  # then round the table


def test_a_bidder_who_cannot_afford_the_minimum_can_only_pass() -> None:
    from engine.moves.registry import legal_moves

    game = new(n=3)
    game.apply(bid(1, "CBSC", 7))
    game.apply(bid(2, "CBSC", 18))
    game.apply(pass_(3))
    game.apply(pass_(1))  # Bob (2 left) wins CBSC and opens WLW (5)
    bob = game.player_by_id(2)
    assert bob.cash == 2 and current(game) is bob
    assert [m.type for m in legal_moves(game).moves] == ["pass"]
    with pytest.raises(GameError, match="only 2"):
        game.apply(bid(2, "WLW", 5))
    game.apply(pass_(2))
    assert current(game).id == 3 and game.round.active_step().auction.railway.id == "WLW"


# --- regular auctions ------------------------------------------------------------------------------------
def test_a_regular_auction_must_open_at_face_value_and_goes_round_the_table() -> None:
    game = new()
    initial_auctions(game, ALL_ANN)
    ann, bob, cy = game.players[:3]
    # Ann paid 7 + 5 + 8, had nothing left for GSW: she passed, then everybody passed: hers for free
    assert current(game) is ann and ann.cash == 0 and len(ann.shares) == 5
    give_turn(game, 2)
    with pytest.raises(GameError, match="must take an action"):
        game.apply(pass_(2))  # the initiator may not pass
    with pytest.raises(GameError, match="at least 12"):
        game.apply(bid(2, "CBSC", 11))
    game.apply(bid(2, "CBSC", 12))
    assert current(game) is cy
    game.apply(bid(3, "CBSC", 13))
    game.apply(pass_(4))
    assert current(game) is ann
    with pytest.raises(GameError, match="only 0"):
        game.apply(bid(1, "CBSC", 14))
    game.apply(pass_(1))  # Ann has no cash for 14: she can only pass
    assert current(game) is bob
    game.apply(pass_(2))
    share = game.railway("CBSC").shares[1]
    assert share.owner is cy and cy.cash == 7 and share.face == 12
    assert current(game) is cy  # the turn passes to the player after the initiator


def test_a_regular_auction_cannot_be_opened_above_cash_or_on_a_sold_out_railway() -> None:
    game = new()
    initial_auctions(game, {"CBSC": 2, "WLW": 2, "BCD": 2, "GSW": 3, "MGW": 3})
    ann = game.player_by_id(1)
    give_turn(game, 1)
    with pytest.raises(GameError, match="only 20"):
        game.apply(bid(1, "BCD", 21))
    game.apply(bid(1, "BCD", 13))  # BCD's second and last share
    # Bob (0 left) and Cy (10 left) cannot bid 14: they can only pass
    for pid in (2, 3, 4):
        game.apply(pass_(pid))
    assert ann.cash == 7 and not game.railway("BCD").unsold()
    give_turn(game, 4)
    with pytest.raises(GameError, match="no share left"):
        game.apply(bid(4, "BCD", 15))


# --- track -----------------------------------------------------------------------------------------------
def track_game() -> IrishGaugeGame:
    game = new()
    initial_auctions(game, {"CBSC": 1, "WLW": 2, "BCD": 3, "GSW": 1, "MGW": 2})
    give_turn(game, 1)
    return game


def test_track_costs_one_two_and_one_and_a_half() -> None:
    game = track_game()
    step = turn_step(game)
    game.apply(build(1, "GSW", "H10"))  # easy, empty: 1
    assert step.budget == 4
    game.apply(build(1, "GSW", "I11"))  # difficult, empty: 2
    assert step.budget == 0 or step.passed
    assert game.railway("GSW").tracks == ["H11", "H10", "I11"]
    # Bob's MGW: H10 holds GSW: 1.5; I11 is difficult and held by GSW: closed
    assert current(game).id == 2
    with pytest.raises(GameError, match="difficult terrain"):
        game.apply(build(2, "MGW", "I11"))
    game.apply(build(2, "MGW", "H10"))
    assert turn_step(game).budget == 3
    game.apply(build(2, "MGW", "H9"))  # touches H10, built earlier in this action: 1
    # 0.5 BP left buys nothing: the action is over
    assert current(game).id == 3 and game.railway("MGW").tracks == ["H11", "H10", "H9"]
    assert game.board["H10"].railways == ["GSW", "MGW"]


def test_a_third_railway_in_an_easy_hex_still_pays_one_and_a_half() -> None:
    game = track_game()
    lay(game, "GSW", "H10")
    lay(game, "MGW", "H10")
    lay(game, "WLW", "L5", "K6")  # hand-built WLW network near Tullamore? no: just another railway elsewhere
    lay(game, "CBSC", "N5", "M5", "L6", "K7", "J7", "I8")
    game.apply(build(1, "CBSC", "H9"))  # empty: 1
    game.apply(build(1, "CBSC", "H10"))  # GSW and MGW there: 1.5
    assert current(game).id == 2  # 0.5 BP left: over
    assert game.board["H10"].railways == ["GSW", "MGW", "CBSC"]


def test_track_must_touch_the_network_and_never_doubles_up() -> None:
    game = track_game()
    with pytest.raises(GameError, match="does not touch GSW"):
        game.apply(build(1, "GSW", "H9"))
    with pytest.raises(GameError, match="already has track"):
        game.apply(build(1, "GSW", "H11"))
    with pytest.raises(GameError, match="holds no share of WLW"):
        game.apply(build(1, "WLW", "L5"))
    with pytest.raises(InvalidAction, match="unknown hex"):
        game.apply(build(1, "GSW", "P12"))


def test_one_railway_per_track_action_and_unspent_points_are_lost() -> None:
    game = track_game()
    game.apply(build(1, "GSW", "H10"))
    with pytest.raises(GameError, match="builds for GSW, not CBSC"):
        game.apply(build(1, "CBSC", "O3"))
    with pytest.raises(GameError):
        game.apply(act(1, "call_dividends"))
    game.apply(build(1, "GSW", "H9"))
    game.apply(pass_(1))  # 1 BP left, lost
    assert current(game).id == 2
    give_turn(game, 1)
    assert turn_step(game).budget == 6


def test_the_action_ends_by_itself_when_no_hex_can_be_paid() -> None:
    game = track_game()
    game.apply(build(1, "CBSC", "N4"))  # difficult: 2
    assert turn_step(game).budget == 2
    with pytest.raises(GameError, match="N3 costs 2 BP and only 1 BP are left"):
        game.apply(build(1, "CBSC", "N3"))
    game.apply(build(1, "CBSC", "O3"))  # easy: 1, nothing left
    assert current(game).id == 2 and game.railway("CBSC").tracks == ["O4", "N4", "O3"]


def test_nineteen_tracks_per_railway() -> None:
    game = track_game()
    row = ["H10", "H9", "H8", "H7", "H6", "H5", "H4", "H3", "H2", "H1"]
    column = ["G11", "F11", "E11", "D11", "C11", "B11", "A11"]
    lay(game, "GSW", *row, *column)  # 1 + 17 = 18 tracks
    game.apply(build(1, "GSW", "I10"))
    assert len(game.railway("GSW").tracks) == 19 and game.railway("GSW").tracks_left == 0
    assert current(game).id == 2  # the action ended: nothing more can be built
    give_turn(game, 1)
    with pytest.raises(GameError, match="built all its tracks"):
        game.apply(build(1, "GSW", "J10"))
    assert "GSW" not in [r.id for r in turn_step(game).track_railways(game.player_by_id(1))]


def test_the_link_bonus_is_paid_once_split_per_share_8_and_4() -> None:
    game = track_game()
    ann, bob = game.players[0], game.players[1]
    gsw = game.railway("GSW")
    game.sell_share(gsw.shares[1], ann, 0)
    game.sell_share(gsw.shares[2], bob, 0)
    lay(game, "GSW", "H10", "H9", "H8", "H7", "H6", "H5", "H4", "G11", "F11", "E11", "D11", "C11", "C12")
    cash = (ann.cash, bob.cash)
    game.apply(build(1, "GSW", "H3"))  # Galway: Belfast, Dublin and Galway linked
    assert (ann.cash - cash[0], bob.cash - cash[1]) == (8, 4)
    assert gsw.bonus_paid and game.bonuses[-1].paid == [(1, 8), (2, 4)]
    cash = (ann.cash, bob.cash)
    game.apply(build(1, "GSW", "H2"))
    assert (ann.cash, bob.cash) == cash  # once only
    assert game.invariant_problem() is None


# --- special interest ------------------------------------------------------------------------------------
def test_special_interest_turns_a_town_on_a_held_railway_into_a_city() -> None:
    game = track_game()
    lay(game, "WLW", "K3")  # Shannon, a town on WLW (Bob's)
    lay(game, "GSW", "H10", "H9", "H8", "H7")  # Tullamore on GSW (Ann's)
    set_supply(game, white=0, pink=2, black=1)
    with pytest.raises(GameError, match="holds no share"):
        game.apply(act(1, "special_interest", hex="K3", color="pink"))
    with pytest.raises(GameError, match="not a town"):
        game.apply(act(1, "special_interest", hex="H10", color="pink"))
    with pytest.raises(GameError, match="no white cube"):
        game.apply(act(1, "special_interest", hex="H7", color="white"))
    game.apply(act(1, "special_interest", hex="H7", color="pink"))
    town = game.board["H7"]
    assert town.cube == "pink" and town.is_city and not town.is_town
    assert game.supply == {"white": 0, "pink": 1, "black": 1}
    assert current(game).id == 2
    give_turn(game, 1)
    with pytest.raises(GameError, match="not a town"):
        game.apply(act(1, "special_interest", hex="H7", color="black"))


def test_the_last_cube_placed_as_special_interest_ends_the_game() -> None:
    game = track_game()
    lay(game, "GSW", "H10", "H9", "H8", "H7")
    set_supply(game, black=1)
    game.apply(act(1, "special_interest", hex="H7", color="black"))
    assert game.finished and game.game_end_reason == "supply_empty"


# --- dividends -------------------------------------------------------------------------------------------
def dividend_game() -> IrishGaugeGame:
    """GSW reaches Dublin, Kilkenny, Waterford (three black cities) and New Ross (a town); Ann holds two GSW
    shares, Bob one; every other city is white."""
    game = track_game()
    gsw = game.railway("GSW")
    game.sell_share(gsw.shares[1], game.players[0], 0)
    game.sell_share(gsw.shares[2], game.players[1], 0)
    lay(game, "GSW", "I10", "J10", "K10", "K9", "L8", "L9", "M9")
    for h in data.STARTING_CITY_ORDER:
        game.board[h].cube = "black" if h in ("H11", "L8", "M9") else "white"
    return game


def test_dividends_14_split_10_and_5() -> None:
    game = dividend_game()
    set_supply(game, black=3, white=0, pink=0)
    before = [p.cash for p in game.players]
    game.apply(act(1, "call_dividends"))
    report = game.dividends[-1]
    gsw = next(i for i in report.incomes if i.railway == "GSW")
    assert report.drawn == ("black",) * 3
    assert gsw.pays and gsw.amount == 14 and set(gsw.paying_cities) == {"H11", "L8", "M9"} and gsw.towns == ("L9",)
    # MGW has only Dublin (black) and no town: no pay; the others have no black city
    assert [i.railway for i in report.incomes if i.pays] == ["GSW"]
    assert [p.cash - b for p, b in zip(game.players, before)] == [10, 5, 0, 0]
    assert game.finished  # the draw emptied the supply: the game ends after this turn, dividends paid


def test_one_paying_city_and_a_town_pays_two_cities_pay_a_city_alone_does_not() -> None:
    game = dividend_game()
    game.board["L8"].cube = "white"
    game.board["M9"].cube = "pink"
    set_supply(game, black=5, white=5, pink=5)
    from engine.titles.irish_gauge.rules import income

    gsw = game.railway("GSW")
    assert income(game.board, gsw, ["black"]).amount == 4 + 2  # Dublin + New Ross
    assert income(game.board, gsw, ["white", "pink"]).amount == 8 + 2  # Kilkenny, Waterford + New Ross
    assert income(game.board, gsw, ["black", "black", "black"]).amount == 6  # a colour counts once
    game.board["L9"].cube = "pink"  # New Ross becomes a pink city
    assert income(game.board, gsw, ["black"]).pays is False  # one city, no town
    assert income(game.board, gsw, ["pink"]).amount == 8  # Waterford and New Ross
    mgw = game.railway("MGW")
    assert income(game.board, mgw, ["black", "white", "pink"]).pays is False


def test_a_dividend_call_draws_three_cubes_or_what_is_left_and_they_leave_the_game() -> None:
    game = dividend_game()
    set_supply(game, white=4, pink=3, black=2)
    discarded = len(game.discard)
    game.apply(act(1, "call_dividends"))
    assert len(game.dividends[-1].drawn) == 3 and game.supply_count() == 6
    assert len(game.discard) == discarded + 3 and not game.finished
    give_turn(game, 2)
    set_supply(game, white=0, pink=2, black=0)
    game.apply(act(2, "call_dividends"))
    assert game.dividends[-1].drawn == ("pink", "pink") and game.finished


def test_only_shares_held_by_players_count_in_the_split() -> None:
    game = dividend_game()
    gsw = game.railway("GSW")
    bob = game.players[1]
    bob.shares.remove(gsw.shares[2])
    gsw.shares[2].owner = None  # hand-built: only Ann's two shares are held
    set_supply(game, black=4)
    before = game.players[0].cash
    game.apply(act(1, "call_dividends"))
    assert game.players[0].cash - before == 14  # 7 per held share


# --- end -------------------------------------------------------------------------------------------------
def test_score_is_cash_plus_face_value_and_ties_share_the_win() -> None:
    game = dividend_game()
    ann, bob, cy, dee = game.players
    ann.cash, bob.cash, cy.cash, dee.cash = 5, 15, 20, 23
    # Ann: CBSC 7, GSW 4 + 9 = 20 + 5 = 25; Bob: WLW 5, MGW 6, GSW 14 = 25 + 15 = 40; Cy: BCD 8 + 20 = 28
    set_supply(game, white=1)
    game.apply(act(1, "call_dividends"))
    assert game.finished
    assert game.dividends[-1].paid == []  # white pays nowhere: no railway has two white cities or one and a town
    assert game.result() == {"2": 40, "3": 28, "1": 25, "4": 23}
    assert [p.id for p in game.winners()] == [2]
    bob.cash = 3  # Bob 28 = Cy 28: both win
    assert {p.id for p in game.winners()} == {2, 3}
