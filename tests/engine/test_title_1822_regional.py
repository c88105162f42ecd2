"""The 1822 regional scenarios (1822MRS, 1822NRS) and what the family learned for them: companies by option and
player count, the lead minor, the scenarios' L-train upgrade price, the first game-end trigger standing, combined
private lays in the legal moves, the advanced-lay private's colours, London's unchecked tokens and the
destination check from the home token."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.moves.track import LayTileMove, lay_combinations
from engine.titles.family1822.operating import DestinationToken, SpecialTrack1822, Token1822


def companies(game: Any, prefix: str) -> set[str]:
    return {c.sym for c in game.companies if c.sym.startswith(prefix)}


def test_mrs_companies_by_option_and_player_count() -> None:
    plain = new_game("1822MRS", ["A", "B", "C"], seed=1)
    assert companies(plain, "P") == {f"P{i}" for i in (1, 2, *range(5, 17), 18)}
    assert len(companies(plain, "M")) == 16 and len(companies(plain, "C")) == 7
    assert {c.id for c in plain.corporations if c.type == "major"} == {"LNWR", "GWR", "LBSCR", "SECR", "MR", "LYR",
                                                                        "SWR"}
    assert plain.companies[0].sym == "M24"
    advanced = new_game("1822MRS", ["A", "B", "C"], seed=1, optional_rules=["advanced"])
    assert companies(advanced, "P") == {f"P{i}" for i in range(1, 13)}
    assert advanced.companies[0].sym == "M14"
    starter = new_game("1822MRS", ["A", "B", "C"], seed=1, optional_rules=["starter"])
    assert companies(starter, "P") == {f"P{i}" for i in (1, 2, *range(5, 15))}
    two = new_game("1822MRS", ["A", "B"], seed=1)
    assert companies(two, "P") == {f"P{i}" for i in range(1, 13)}
    assert two.bidding_tokens_per_player == 7


def test_nrs_homes_and_no_lead_minor() -> None:
    game = new_game("1822NRS", ["A", "B", "C", "D"], seed=2)
    homes = {c.id: c.coordinates for c in game.corporations}
    assert homes["15"] == "N29" and homes["16"] == "M30" and homes["29"] == "E26" and homes["LNWR"] == "N29"
    assert companies(game, "C") == {"C1", "C5", "C6", "C7", "C8", "C10"}
    assert "P5" not in companies(game, "P") and "P10" not in companies(game, "P")
    assert game.start_minor() is None


def test_scenario_l_upgrade_costs_seventy_from_phase_2_and_offers_no_depot_trade_in() -> None:
    game = new_game("1822MRS", ["A", "B", "C"], seed=1)
    assert game.l_upgrade_price() == 80
    assert any(p.name == "2" and "l_upgrade" in p.status for p in game.TITLE.phases)
    game.phase.next()
    assert game.phase.name == "2"
    assert game.l_upgrade_price() == 70
    base = new_game("1822", ["A", "B", "C"], seed=1)
    base.phase.next()
    assert base.l_upgrade_price() == 80


def test_a_locked_first_game_end_trigger_is_not_replaced() -> None:
    game = new_game("1822NRS", ["A", "B", "C"], seed=1)
    game.game_end_trigger = ("bank", "full_or")
    game.stock_market.max_reached = True
    assert game.game_end_check() == ("bank", "full_or")


def test_lay_combinations_follow_each_companys_combo_list() -> None:
    game = new_game("1822MRS", ["A", "B", "C"], seed=1)
    lnwr = game.corporation_by_id("LNWR")
    held = {sym: game.company_by_id(sym) for sym in ("P2", "P8", "P10", "P12")}
    for company in held.values():
        company.owner = lnwr
        lnwr.companies.append(company)
    combos = [[c.sym for c in combo] for combo in lay_combinations(game, held["P12"])]
    assert ["P2", "P8"] in combos and ["P2", "P10"] in combos
    # P8 names P2 and P12 only: never combined with P10
    assert ["P8", "P10"] not in combos
    move = LayTileMove("company", "P12", hex="J21", tile="9", tile_ids=("9-1",), rotations=(1,), costs=(0,),
                       combo=("P2", "P8"))
    action = {"type": "lay_tile", "entity": "P12", "hex": "J21", "tile": "9-1", "rotation": 1}
    assert move.refusal({**action, "combo_entities": ["P2", "P8"]}) is None
    assert move.refusal(action) is not None
    assert move.sample(__import__("random").Random(1))["combo_entities"] == ["P2", "P8"]


def test_advanced_lay_private_lays_the_next_colour() -> None:
    game = new_game("1822MRS", ["A", "B", "C"], seed=1)
    step = SpecialTrack1822(game, game.round)
    p11 = game.company_by_id("P11")
    assert step.potential_tile_colors(p11, game.hex_by_id("K26")) == ["green"]
    assert step.potential_tile_colors(game.company_by_id("P12"), game.hex_by_id("K26")) == ["yellow"]


def test_london_cities_take_the_turn_token_unchecked() -> None:
    game = new_game("1822MRS", ["A", "B", "C"], seed=1)
    step = Token1822(game, game.round)
    london = game.hex_by_id("M38").tile.cities[0]
    elsewhere = game.hex_by_id("K38").tile.cities[0]
    lnwr = game.corporation_by_id("LNWR")
    assert step.checks_tokenable(lnwr, london) is False
    assert step.checks_tokenable(lnwr, elsewhere) is True


def test_destination_check_walks_from_the_home_token_only() -> None:
    game = new_game("1822MRS", ["A", "B", "C"], seed=1)
    step = DestinationToken(game, game.round)
    lyr = game.corporation_by_id("LYR")
    # no home token yet: never connected
    assert step.connected(lyr) is False
    game.track_rules.place_home_token(lyr)
    # the LYR's home is its destination's neighbourhood only by track: none laid yet
    assert lyr.tokens[0].used
    assert step.connected(lyr) is (game.destination_of(lyr) == lyr.coordinates)


@pytest.mark.parametrize("title", ["1822MRS", "1822NRS"])
def test_titles_open_in_new_game(title: str) -> None:
    game = new_game(title, ["A", "B", "C", "D"], seed=3)
    assert game.round.NAME == "Stock"
    assert len(game.bid_box_items()) == 10
