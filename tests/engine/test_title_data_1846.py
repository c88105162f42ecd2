"""1846 title data: plain facts, and a component-by-component comparison with the reference dump.

The reference dump (``../shared/reference/titles/1846.json``) is read at test time only, through
``reference_titles``; the comparison tests skip when it is absent.  Descriptions and other UI
wording are our own and are not compared; every rule fact is.  The dump also holds the separate
two-player variant's entries (bank, cash and certificate limit for 2 players), which this title
does not support.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from engine.titles.g1846 import data
from engine.titles.g1846.data import TITLE
from engine.titles.spec import STANDARD_SHARES
from tests.engine import reference_titles as rt

#: Keys of ability dictionaries that are UI wording (our own text), not rule facts.
WORDING_KEYS = ("description", "desc_detail")


#: The reference's constants for 1846: its own (``ref``), and every one as its engine sees it
#: (``ref_all``: own over inherited over the engine-wide defaults).
ref = rt.own_constants_fixture("1846")
ref_all = rt.all_constants_fixture("1846", with_engine_defaults=True)


def _players_only(table: dict[str, Any]) -> dict[str, Any]:
    """The reference's per-player table restricted to the player counts this title supports."""
    low, high = data.PLAYER_RANGE
    return {k: v for k, v in table.items() if low <= int(k) <= high}


# =============================================================================================
# Plain facts (no reference needed)
# =============================================================================================


def test_players_bank_and_certificates() -> None:
    assert TITLE.title == "1846"
    assert TITLE.layout == "pointy"
    assert TITLE.player_range == (3, 5)
    assert [TITLE.bank_cash_for(n) for n in (3, 4, 5)] == [6500, 7500, 9000]
    assert [TITLE.starting_cash_for(n) for n in (3, 4, 5)] == [400, 400, 400]
    # by players, then by the corporations left after the set-up removals
    assert [TITLE.cert_limit_for(3, n) for n in (5, 4)] == [14, 11]
    assert [TITLE.cert_limit_for(4, n) for n in (6, 5, 4)] == [12, 10, 8]
    assert [TITLE.cert_limit_for(5, n) for n in (7, 6, 5, 4)] == [11, 10, 8, 6]
    with pytest.raises(KeyError):
        TITLE.cert_limit_for(2, 5)


def test_companies_and_draft_prices() -> None:
    facts = [(c.sym, c.name, c.value, c.revenue, c.discount) for c in TITLE.companies]
    assert facts == [
        ("MS", "Michigan Southern (Minor)", 60, 0, -80),
        ("BIG4", "Big 4 (Minor)", 40, 0, -60),
        ("C&WI", "Chicago and Western Indiana", 60, 10, 0),
        ("MAIL", "Mail Contract", 80, 0, 0),
        ("TBC", "Tunnel Blasting Company", 60, 20, 0),
        ("MPC", "Meat Packing Company", 60, 15, 0),
        ("SC", "Steamboat Company", 40, 10, 0),
        ("LSL", "Lake Shore Line", 40, 15, 0),
        ("MC", "Michigan Central", 40, 15, 0),
        ("O&I", "Ohio & Indiana", 40, 15, 0),
        ("BT", "Boomtown", 40, 10, 0),
        ("LM", "Little Miami", 40, 15, 0),
    ]
    types = {c.sym: c.ability_types() for c in TITLE.companies}
    assert types == {
        "MS": (),
        "BIG4": (),
        "C&WI": ("token", "reservation"),
        "MAIL": ("close",),
        "TBC": ("tile_discount",),
        "MPC": ("assign_hexes", "assign_corporation"),
        "SC": ("assign_hexes", "assign_corporation", "assign_hexes", "assign_corporation"),
        "LSL": ("tile_lay",),
        "MC": ("blocks_hexes", "tile_lay"),
        "O&I": ("blocks_hexes", "tile_lay"),
        "BT": ("assign_hexes", "assign_corporation"),
        "LM": ("tile_lay",),
    }
    cwi = TITLE.company("C&WI")
    assert cwi.abilities[1] == {"type": "reservation", "remove": "sold", "hex": "D6", "city": 3}
    assert cwi.abilities[0]["city"] == 3 and cwi.abilities[0]["extra_action"] is True
    assert TITLE.company("MC").abilities[0] == {"type": "blocks_hexes", "owner_type": "player", "hexes": ["B10", "B12"]}
    assert TITLE.company("LM").abilities[0]["tiles"] == [
        "5", "6", "57", "14", "15", "619", "291", "292", "293", "294", "295", "296",
    ]  # fmt: skip
    assert data.SECOND_EDITION_COMPANIES == ("BT", "LM")
    card = data.pass_card(3)
    assert (card.sym, card.name, card.value, card.revenue, card.abilities) == ("Pass (3)", "Pass (3)", 0, 0, ())


def test_corporations_and_minors() -> None:
    facts = [
        (c.sym, c.coordinates, c.tokens, c.float_percent, c.always_market_price, tuple(a["type"] for a in c.abilities))
        for c in TITLE.corporations
    ]
    assert facts == [
        ("PRR", "F20", (0, 80, 80, 80, 80), 20, True, ("token", "reservation")),
        ("NYC", "D20", (0, 80, 80, 80), 20, True, ()),
        ("B&O", "G19", (0, 80, 80, 80), 20, True, ("token", "reservation")),
        ("C&O", "I15", (0, 80, 80, 80), 20, True, ()),
        ("ERIE", "E21", (0, 80, 80, 80), 20, True, ("token", "reservation")),
        ("GT", "B16", (0, 80, 80), 20, True, ()),
        ("IC", "K3", (0, 80, 80, 80), 20, True, ("base", "tile_lay", "token", "reservation")),
    ]
    for corporation in TITLE.corporations:
        assert corporation.shares == STANDARD_SHARES
        assert corporation.max_ownership_percent == 60
    reserved = {
        c.sym: [(a["type"], a.get("hexes") or a.get("hex"), a.get("price"), a.get("teleport_price"), a.get("slot"))
                for a in c.abilities if a["type"] in ("token", "reservation")]
        for c in TITLE.corporations if c.abilities
    }
    assert reserved == {
        "PRR": [("token", ["E11"], 40, 60, None), ("reservation", "E11", None, None, None)],
        "B&O": [("token", ["H12"], 40, 100, None), ("reservation", "H12", None, None, None)],
        "ERIE": [("token", ["D20"], 40, None, None), ("reservation", "D20", None, None, 1)],
        "IC": [("token", ["I5"], 40, None, None), ("reservation", "I5", None, None, None)],
    }
    assert all(a.get("remove") == "IV" for c in TITLE.corporations for a in c.abilities if a["type"] == "reservation")
    assert TITLE.corporation("IC").abilities[1]["hexes"] == ["E5", "F6", "G5", "H6", "J4"]
    assert TITLE.corporation("IC").abilities[0]["remove"] == "par"
    minors = [(m.sym, m.name, m.coordinates, m.tokens, m.color, m.text_color) for m in TITLE.minors]
    assert minors == [
        ("MS", "Michigan Southern", "C15", (0,), "pink", "black"),
        ("BIG4", "Big 4", "G9", (0,), "cyan", "black"),
    ]


def test_market() -> None:
    assert len(TITLE.market) == 1
    row = TITLE.market[0]
    assert len(row) == 31
    assert row[0] == "0c" and row[-1] == "550"
    assert [price for price, _, _ in TITLE.par_cells()] == [40, 50, 60, 70, 80, 90, 100, 112, 124, 137, 150]
    assert [(r, c) for _, r, c in TITLE.par_cells()] == [(0, c) for c in range(4, 15)]


def test_trains_and_phases() -> None:
    rows = [(t.name, t.distance, t.price, t.obsolete_on, t.rusts_on) for t in TITLE.trains]
    assert rows == [
        ("2", 2, 80, "5", "6"),
        ("4", 4, 180, "6", None),
        ("5", 5, 500, None, None),
        ("6", 6, 800, None, None),
    ]
    variants = {t.name: [(v["name"], rt.plain(v["distance"]), v["price"]) for v in t.variants] for t in TITLE.trains}
    nm = [{"nodes": ["city", "offboard"], "pay": 3, "visit": 5}]
    assert variants == {
        "2": [],
        "4": [("3/5", nm, 160)],
        "5": [("4/6", [{"nodes": ["city", "offboard"], "pay": 4, "visit": 6}], 450)],
        "6": [("7/8", [{"nodes": ["city", "offboard"], "pay": 7, "visit": 8}], 900)],
    }
    assert TITLE.train("5").events == ({"type": "close_companies"},)
    assert TITLE.train("6").events == ({"type": "remove_bonuses"}, {"type": "remove_reservations"})
    # Copies by player count: 2s players + 4, 4s players + 1, 5s one per player, 6s always 9.
    counts = {t.name: [t.copies((), n) for n in (3, 4, 5)] for t in TITLE.trains}
    assert counts == {"2": [7, 8, 9], "4": [4, 5, 6], "5": [3, 4, 5], "6": [9, 9, 9]}

    phases = [(p.name, p.on, p.train_limit, p.tiles, p.operating_rounds, p.status) for p in TITLE.phases]
    assert phases == [
        ("I", None, 4, ("yellow",), 2, ("can_buy_companies",)),
        ("II", "4", 4, ("yellow", "green"), 2, ("can_buy_companies",)),
        ("III", "5", 3, ("yellow", "green", "brown"), 2, ()),
        ("IV", "6", 2, ("yellow", "green", "brown", "gray"), 2, ()),
    ]


def test_tile_supply() -> None:
    assert len(TITLE.tiles) == 48
    assert [name for name, count in TITLE.tiles.items() if count == "unlimited"] == ["7", "8", "9"]
    assert sum(count for count in TITLE.tiles.values() if isinstance(count, int)) == 85
    assert set(TITLE.custom_tiles) == {str(n) for n in range(290, 301)}
    colors = {name: tile.color for name, tile in TITLE.custom_tiles.items()}
    assert colors == {
        "290": "gray", "291": "yellow", "292": "yellow", "293": "yellow", "294": "green", "295": "green",
        "296": "green", "297": "brown", "298": "green", "299": "brown", "300": "gray",
    }  # fmt: skip
    assert TITLE.custom_tiles["298"].code.count("city=revenue:40") == 4
    assert TITLE.custom_tiles["290"].code.startswith("city=revenue:70,slots:3;label=Z")


def test_map() -> None:
    assert list(TITLE.hexes) == ["white", "gray", "red", "yellow", "blue"]
    ids = TITLE.hex_ids()
    assert len(ids) == len(set(ids)) == 76
    by_color = Counter(item.color for item in TITLE.preprinted_hexes())
    assert by_color == {"white": 51, "gray": 7, "red": 13, "yellow": 4, "blue": 1}
    items = {item.hex_id: item for item in TITLE.preprinted_hexes()}
    catalogue = {"blank", "town", "city"}
    # City ids in actions depend on these positions (E11-1-0, H12-0-0, D6-0-3 ...).
    assert items["E11"].tile_id(catalogue) == "E11-1"
    assert items["H12"].tile_id(catalogue) == "H12-0"
    assert items["D6"].tile_id(catalogue) == "D6-0"
    assert items["I5"].tile_id(catalogue) == "I5-0"
    assert items["C7"].tile_id(catalogue) == "C7-1"
    assert items["B14"].tile == ""
    assert items["D6"].tile.count("groups:Chicago") == 4
    assert items["I1"].tile.endswith("label=W;icon=image:port;icon=image:1846/meat;icon=image:1846/20")
    east = [h.hex_id for h in TITLE.preprinted_hexes() if "groups:E" in h.tile]
    assert east == ["B18", "C17", "C21", "D22", "E23", "I17", "F22", "G21", "H20"]
    assert TITLE.location_name("D6") == "Chicago"
    assert TITLE.location_name("B14") is None


def test_setup_groups_and_icons() -> None:
    assert data.ORANGE_GROUP == ("Lake Shore Line", "Michigan Central", "Ohio & Indiana", "Little Miami")
    assert data.BLUE_GROUP == ("Steamboat Company", "Meat Packing Company", "Tunnel Blasting Company", "Boomtown")
    assert data.GREEN_GROUP == ("C&O", "ERIE", "PRR")
    assert data.GUARANTEED_BY_SECOND_ED_CO == ("Boomtown", "Little Miami", "C&O")
    names = {c.name for c in TITLE.companies}
    assert set(data.ORANGE_GROUP) | set(data.BLUE_GROUP) <= names
    assert set(data.GREEN_GROUP) <= {c.sym for c in TITLE.corporations}
    assert data.ABILITY_ICONS == {"SC": "port", "MPC": "meat", "LSL": "lsl", "BT": "boom", "LM": "lm", "IC": "ic"}
    assert data.STEAMBOAT_HEXES == ("B8", "C5", "D14", "I1", "G19")
    assert data.MEAT_HEXES == ("D6", "I1")
    assert data.LITTLE_MIAMI_HEXES == ("H12", "G13")
    assert data.BOOMTOWN_HEXES == ("H12",)
    assert data.LAKE_SHORE_LINE_HEXES == ("D14", "E17")


def test_internal_consistency() -> None:
    rt.assert_internally_consistent(TITLE)
    hexes = set(TITLE.hex_ids())
    for entity in (*TITLE.corporations, *TITLE.minors):
        assert isinstance(entity.coordinates, str) and entity.coordinates in hexes
    for record in (*TITLE.companies, *TITLE.corporations):
        for ability in record.abilities:
            assert set(ability.get("hexes", [])) <= hexes
            assert ability.get("hex", "D6") in hexes
            assert set(ability.get("tiles", [])) <= set(TITLE.tiles)
    # Every removal group names entities that exist; every icon an ability removes is on the map.
    for hex_ids, icon in (
        (data.STEAMBOAT_HEXES, "port"),
        (data.MEAT_HEXES, "meat"),
        (data.LITTLE_MIAMI_HEXES, "lm"),
        (data.BOOMTOWN_HEXES, "boom"),
        (data.LAKE_SHORE_LINE_HEXES, "lsl"),
    ):
        for hex_id in hex_ids:
            assert f"1846/{icon}" in items_of(hex_id) or f"image:{icon}" in items_of(hex_id), (hex_id, icon)


def items_of(hex_id: str) -> str:
    return next(item.tile for item in TITLE.preprinted_hexes() if item.hex_id == hex_id)


def test_rule_switches() -> None:
    rules = TITLE.rules
    assert rules.capitalization == "incremental"
    assert rules.sell_buy_order == "sell_buy"
    assert rules.sell_after == "p_any_operate"
    assert rules.sell_movement == "left_block_pres"
    assert rules.must_sell_in_blocks is True
    assert rules.pool_share_drop == "down_block"
    assert rules.home_token_timing == "float"
    assert rules.must_buy_train == "always"
    assert rules.tile_cost == 20
    assert rules.tile_lays == ({"lay": True, "upgrade": True}, {"lay": True, "upgrade": "not_if_upgraded"})
    assert rules.ebuy_from_others == "never"
    assert rules.ebuy_depot_train_must_be_cheapest is False
    assert rules.must_emergency_issue_before_ebuy is True
    assert rules.bankruptcy_ends_game_after == "all_but_one"
    assert rules.game_end_timing("all_closed") == "immediate"
    assert rules.game_end_timing("final_train") == "one_more_full_or_set"
    assert [o.sym for o in TITLE.optional_rules] == ["first_ed", "second_ed_co"]
    assert TITLE.mutex_rules == (("first_ed", "second_ed_co"),)
    assert TITLE.rules_for(["first_ed"]) is rules


def test_records_are_shared_not_copied() -> None:
    assert copy.deepcopy(TITLE) is TITLE
    abilities = TITLE.company("SC").ability_dicts()
    abilities[0]["hexes"].append("A1")
    assert TITLE.company("SC").abilities[0]["hexes"] == ["B8", "C5", "D14", "I1", "G19"]
    variants = TITLE.train("4").variant_dicts()
    variants[0]["distance"][0]["pay"] = 99
    assert TITLE.train("4").variants[0]["distance"][0]["pay"] == 3


# =============================================================================================
# Comparison with the reference dump
# =============================================================================================


def test_matches_reference_basics(ref: dict[str, Any]) -> None:
    rt.assert_basics_match(TITLE, ref, per_player=_players_only)
    assert rt.plain(TITLE.bank_cash) == _players_only(ref["BANK_CASH"])
    assert TITLE.subtitle == ref["GAME_SUBTITLE"]
    assert TITLE.publisher.lower().replace(" ", "_") == ref["GAME_PUBLISHER"][0]


def test_matches_reference_companies(ref: dict[str, Any]) -> None:
    rt.assert_companies_match(TITLE, ref)


def test_matches_reference_corporations(ref: dict[str, Any]) -> None:
    # The wording is ours, but an ability that has a description in the reference has one here.
    rt.assert_corporations_match(TITLE, ref, wording_keys=WORDING_KEYS)


def test_matches_reference_minors(ref: dict[str, Any]) -> None:
    assert [m.sym for m in TITLE.minors] == [m["sym"] for m in ref["MINORS"]]
    for ours, theirs in zip(TITLE.minors, ref["MINORS"], strict=True):
        assert ours.name == theirs["name"]
        assert list(ours.tokens) == theirs["tokens"]
        assert ours.coordinates == theirs["coordinates"]
        assert ours.color == theirs["color"]
        assert ours.text_color == theirs.get("text_color", "white")
        assert ours.city == theirs.get("city")
        assert rt.plain(ours.abilities) == theirs.get("abilities", [])
        known = {"sym", "name", "tokens", "coordinates", "city", "color", "text_color", "abilities", "logo",
                 "simple_logo"}
        assert set(theirs) <= known, f"unmodelled minor keys: {set(theirs) - known}"


def test_matches_reference_trains(ref: dict[str, Any]) -> None:
    # The reference computes every train's count in a method (see test_trains_and_phases).
    rt.assert_trains_match(TITLE, ref, computed_num={t.name for t in TITLE.trains})


def test_matches_reference_phases(ref: dict[str, Any]) -> None:
    rt.assert_phases_match(TITLE, ref, events_text=ref["EVENTS_TEXT"])


def test_matches_reference_market(ref: dict[str, Any]) -> None:
    rt.assert_market_matches(TITLE, ref)


def test_matches_reference_hexes(ref: dict[str, Any]) -> None:
    # (The reference's code for B18 ends with a stray space.)
    rt.assert_hexes_match(TITLE, ref, strip_reference_codes=True)


def test_matches_reference_tiles_and_names(ref: dict[str, Any]) -> None:
    rt.assert_tiles_match(TITLE, ref)
    rt.assert_location_names_match(TITLE, ref)


def test_matches_reference_setup_constants(ref: dict[str, Any]) -> None:
    assert list(data.ORANGE_GROUP) == ref["ORANGE_GROUP"]
    assert list(data.BLUE_GROUP) == ref["BLUE_GROUP"]
    assert list(data.GREEN_GROUP) == ref["GREEN_GROUP"]
    assert rt.plain(data.ABILITY_ICONS) == ref["ABILITY_ICONS"]
    assert list(data.BOOMTOWN_HEXES) == ref["BOOMTOWN_HEXES"]
    assert list(data.LITTLE_MIAMI_HEXES) == ref["LITTLE_MIAMI_HEXES"]
    assert list(data.LAKE_SHORE_LINE_HEXES) == ref["LSL_HEXES"]
    assert list(data.MEAT_HEXES) == ref["MEAT_HEXES"]
    assert list(data.STEAMBOAT_HEXES) == ref["STEAMBOAT_HEXES"]
    assert rt.plain(data.REMOVED_CORP_SECOND_TOKEN) == ref["REMOVED_CORP_SECOND_TOKEN"]


def test_matches_reference_optional_rules(ref: dict[str, Any]) -> None:
    # Every option names its player counts.
    assert all("players" in o for o in ref["OPTIONAL_RULES"])
    rt.assert_optional_rules_match(TITLE, ref["OPTIONAL_RULES"], ref["MUTEX_RULES"])


def test_rule_switches_match_reference(ref_all: dict[str, Any]) -> None:
    rt.assert_rule_switches_match(TITLE, ref_all)
