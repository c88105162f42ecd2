"""1889 title data: plain facts, and a component-by-component comparison with the reference dump.

The reference dump (``../shared/reference/titles/1889.json``) is read at test time only, through
``reference_titles``; the comparison tests skip when it is absent.  Descriptions and other UI
wording are our own and are not compared; every rule fact is.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from engine.titles.g1889 import data
from engine.titles.g1889.data import TITLE
from engine.titles.spec import STANDARD_SHARES, CustomTileSpec, PreprintedHex, RuleSet
from tests.engine import reference_titles as rt

#: The reference's constants for 1889: its own (``ref``), and every one as its engine sees it
#: (``ref_all``: own over inherited).
ref = rt.own_constants_fixture("1889")
ref_all = rt.all_constants_fixture("1889")


# =============================================================================================
# Plain facts (no reference needed)
# =============================================================================================


def test_players_bank_and_certificates() -> None:
    assert TITLE.title == "1889"
    assert TITLE.layout == "flat"
    assert TITLE.player_range == (2, 6)
    assert TITLE.bank_cash_for(3) == 7_000
    assert [TITLE.starting_cash_for(n) for n in range(2, 7)] == [420, 420, 420, 390, 390]
    assert [TITLE.cert_limit_for(n) for n in range(2, 7)] == [25, 19, 14, 12, 11]
    assert TITLE.currency_format == "¥%s"
    assert TITLE.rules.format_currency(1100) == "¥1100"


def test_private_companies() -> None:
    facts = [(c.sym, c.name, c.value, c.revenue, c.min_players) for c in TITLE.companies]
    assert facts == [
        ("TR", "Takamatsu E-Railroad", 20, 5, None),
        ("MF", "Mitsubishi Ferry", 30, 5, None),
        ("ER", "Ehime Railway", 40, 10, None),
        ("SMR", "Sumitomo Mines Railway", 50, 15, None),
        ("DR", "Dougo Railway", 60, 15, None),
        ("SIR", "South Iyo Railway", 80, 20, None),
        ("UTF", "Uno-Takamatsu Ferry", 150, 30, 4),
    ]
    assert TITLE.company("TR").abilities == ({"type": "blocks_hexes", "owner_type": "player", "hexes": ["K4"]},)
    assert TITLE.company("MF").abilities == (
        {
            "type": "tile_lay",
            "when": ["stock_round", "owning_player_track", "or_between_turns"],
            "hexes": ["B11", "G10", "I12", "J9"],
            "tiles": ["437"],
            "owner_type": "player",
            "count": 1,
        },
    )
    er = TITLE.company("ER")
    assert er.abilities[0] == {"type": "blocks_hexes", "owner_type": "player", "hexes": ["C4"]}
    assert er.abilities[1] == {
        "type": "tile_lay",
        "hexes": ["C4"],
        "tiles": ["12", "13", "14", "15", "205", "206"],
        "when": "sold",
        "owner_type": "corporation",
        "count": 1,
    }
    assert TITLE.company("SMR").abilities == (
        {"type": "tile_discount", "discount": 80, "terrain": "mountain", "owner_type": "corporation"},
    )
    assert TITLE.company("DR").abilities == (
        {"type": "exchange", "corporations": ["IR"], "owner_type": "player", "when": "any", "from": "ipo"},
    )
    assert TITLE.company("SIR").abilities == ()
    assert TITLE.company("UTF").abilities == (
        {"type": "close", "on_phase": "never", "owner_type": "player"},
        {"type": "revenue_change", "revenue": 50, "on_phase": "5", "owner_type": "player"},
    )


def test_corporations() -> None:
    facts = [(c.sym, c.coordinates, c.tokens, c.float_percent) for c in TITLE.corporations]
    assert facts == [
        ("AR", "K8", (0, 40), 50),
        ("IR", "E2", (0, 40), 50),
        ("SR", "I2", (0, 40), 50),
        ("KO", "K4", (0, 40), 50),
        ("TR", "F9", (0, 40, 40), 50),
        ("KU", "C10", (0,), 50),
        ("UR", "B7", (0, 40, 40), 50),
    ]
    for corporation in TITLE.corporations:
        assert corporation.shares == STANDARD_SHARES
        assert corporation.city is None
        assert corporation.max_ownership_percent == 60
        assert corporation.abilities == ()


def test_market() -> None:
    assert len(TITLE.market) == 11
    assert TITLE.par_cells() == ((100, 0, 3), (90, 1, 3), (80, 2, 3), (75, 3, 3), (70, 4, 3), (65, 5, 3))
    assert [len(row) for row in TITLE.market] == [15, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4]
    assert TITLE.market[0][-1] == "350"
    assert TITLE.market[5][0] == "50y"
    assert TITLE.market[10] == ("10o", "20o", "30o", "40y")


def test_trains_and_phases() -> None:
    rows = [(t.name, t.distance, t.price, t.count(), t.rusts_on, t.available_on) for t in TITLE.trains]
    assert rows == [
        ("2", 2, 80, 6, "4", None),
        ("3", 3, 180, 5, "6", None),
        ("4", 4, 300, 4, "D", None),
        ("5", 5, 450, 3, None, None),
        ("6", 6, 630, 2, None, None),
        ("D", 999, 1100, "unlimited", None, "6"),
    ]
    assert TITLE.train("5").events == ({"type": "close_companies"},)
    assert TITLE.train("D").discount == {"4": 300, "5": 300, "6": 300}
    phases = [(p.name, p.on, p.train_limit, p.tiles, p.operating_rounds, p.status) for p in TITLE.phases]
    assert phases == [
        ("2", None, 4, ("yellow",), 1, ()),
        ("3", "3", 4, ("yellow", "green"), 2, ("can_buy_companies",)),
        ("4", "4", 3, ("yellow", "green"), 2, ("can_buy_companies",)),
        ("5", "5", 2, ("yellow", "green", "brown"), 3, ()),
        ("6", "6", 2, ("yellow", "green", "brown"), 3, ()),
        ("D", "D", 2, ("yellow", "green", "brown"), 3, ()),
    ]


def test_tile_supply() -> None:
    assert len(TITLE.tiles) == 46
    beginner = [name for name in TITLE.tiles if name.startswith(data.BEGINNER_TILE_PREFIX)]
    assert beginner == ["Beg6", "Beg7", "Beg8", "Beg9", "Beg23", "Beg24"]
    assert list(TITLE.custom_tiles) == beginner
    assert sum(int(TITLE.tiles[name]) for name in TITLE.tiles if name not in beginner) == 63
    assert TITLE.tile_count("448") == 4
    assert TITLE.tile_count("437") == 1
    assert TITLE.tile_count("1") == 0
    assert TITLE.custom_tiles["Beg6"] == CustomTileSpec("yellow", "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0")
    assert TITLE.custom_tiles["Beg23"] == CustomTileSpec("green", "path=a:0,b:3;path=a:0,b:4")


def test_map() -> None:
    assert list(TITLE.hexes) == ["white", "yellow", "gray", "red", "green"]
    ids = TITLE.hex_ids()
    assert len(ids) == 52
    assert len(set(ids)) == len(ids), "a hex is defined twice"
    by_color = Counter(item.color for item in TITLE.preprinted_hexes())
    assert by_color == {"white": 42, "yellow": 2, "gray": 4, "red": 3, "green": 1}
    items = {item.hex_id: item for item in TITLE.preprinted_hexes()}
    assert items["D3"] == PreprintedHex("white", "D3", "", 0)
    assert items["I10"].tile_id({"blank", "city", "town"}) == "I10-8"
    assert items["F1"].tile == "offboard=revenue:yellow_30|brown_60|diesel_100;path=a:0,b:_0;path=a:1,b:_0"
    assert items["J1"].tile == "offboard=revenue:yellow_20|brown_40|diesel_80;path=a:0,b:_0;path=a:1,b:_0"
    assert items["L7"].tile == "offboard=revenue:yellow_20|brown_40|diesel_80;path=a:1,b:_0;path=a:2,b:_0"
    assert items["H5"].tile == "upgrade=cost:80,terrain:water|mountain"
    assert items["E4"].tile == "upgrade=cost:80,terrain:mountain"
    assert items["K6"].tile == "upgrade=cost:80,terrain:water"
    assert items["I4"].tile == "city=revenue:0;label=H;upgrade=cost:80"
    assert items["K4"].tile == "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=T"
    assert items["B7"].tile == "city=revenue:40,slots:2;path=a:1,b:_0;path=a:3,b:_0;path=a:5,b:_0"
    assert items["F9"].tile == (
        "city=revenue:30,slots:2;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=K;upgrade=cost:80"
    )
    for port in ("B11", "G10", "I12", "J9"):
        assert items[port].tile == "town=revenue:0;icon=image:port"
    assert TITLE.resolved_axes == {"x": "letter", "y": "number"}
    assert TITLE.location_name("F9") == "Kouchi"
    assert TITLE.location_name("D3") is None


def test_beginner_game_tables() -> None:
    assert data.BEGINNER_GAME_PRIVATES[2] == ("DR", "SIR")
    assert data.BEGINNER_GAME_PRIVATES[6] == ("DR", "SIR", "ER", "SMR", "TR", "MF")
    for n in range(2, 7):
        assert len(data.BEGINNER_GAME_PRIVATES[n]) == n
    assert data.BEGINNER_GAME_PRIVATE_VALUES == {"TR": 20, "MF": 40, "ER": 40, "SMR": 60, "DR": 60, "SIR": 90}
    assert data.BEGINNER_GAME_PRIVATE_REVENUES == {"TR": 5, "MF": 15, "ER": 15, "SMR": 20, "DR": 20, "SIR": 25}
    assert data.BEGINNER_GAME_CLEARED_HEXES == ("C4", "K4", "B11", "G10", "I12", "J9")


def test_internal_consistency() -> None:
    """Every hex, tile, corporation and train that the data names exists."""
    rt.assert_internally_consistent(TITLE)
    assert set(data.BEGINNER_GAME_CLEARED_HEXES) <= set(TITLE.hex_ids())


def test_rule_switches() -> None:
    rules = TITLE.rules
    assert rules.must_sell_in_blocks is True
    assert rules.ebuy_pres_swap is False
    assert rules.ebuy_from_others == "never"
    assert rules.home_token_timing == "operating_round"
    assert rules.capitalization == "full"
    # Everything else is the engine default.
    changed = {f.name for f in dataclasses.fields(RuleSet) if getattr(rules, f.name) != getattr(RuleSet(), f.name)}
    assert changed == {"must_sell_in_blocks", "ebuy_pres_swap", "ebuy_from_others", "home_token_timing",
                       "currency_format"}
    assert [o.sym for o in TITLE.optional_rules] == ["beginner_game"]
    assert TITLE.rules_for(["beginner_game"]) is rules


# =============================================================================================
# Comparison with the reference dump
# =============================================================================================


def test_matches_reference_basics(ref: dict[str, Any], ref_all: dict[str, Any]) -> None:
    rt.assert_basics_match(TITLE, ref)
    assert TITLE.bank_cash == ref["BANK_CASH"]
    assert TITLE.axes == ref_all["AXES"]
    assert TITLE.subtitle == (ref_all["GAME_SUBTITLE"] or "")
    assert TITLE.publisher.lower().replace(" ", "_") == ref["GAME_PUBLISHER"]


def test_matches_reference_companies(ref: dict[str, Any]) -> None:
    rt.assert_companies_match(TITLE, ref, same_key_order=True)


def test_matches_reference_corporations(ref: dict[str, Any]) -> None:
    rt.assert_corporations_match(TITLE, ref)


def test_matches_reference_trains(ref: dict[str, Any]) -> None:
    rt.assert_trains_match(TITLE, ref)


def test_matches_reference_phases(ref: dict[str, Any], ref_all: dict[str, Any]) -> None:
    rt.assert_phases_match(TITLE, ref, status_text=ref_all["STATUS_TEXT"], events_text=ref_all["EVENTS_TEXT"])


def test_matches_reference_market(ref: dict[str, Any]) -> None:
    rt.assert_market_matches(TITLE, ref)


def test_matches_reference_hexes(ref: dict[str, Any]) -> None:
    rt.assert_hexes_match(TITLE, ref)


def test_matches_reference_tiles_and_names(ref: dict[str, Any]) -> None:
    rt.assert_tiles_match(TITLE, ref)
    # The beginner tiles, as the title's own records.
    for name, theirs in ref["TILES"].items():
        if isinstance(theirs, dict):
            assert TITLE.custom_tiles[name] == CustomTileSpec(theirs["color"], theirs["code"]), name
    rt.assert_location_names_match(TITLE, ref)


def test_matches_reference_optional_rules(ref: dict[str, Any], ref_all: dict[str, Any]) -> None:
    rt.assert_optional_rules_match(TITLE, ref["OPTIONAL_RULES"], ref_all["MUTEX_RULES"])


def test_matches_reference_beginner_game(ref: dict[str, Any]) -> None:
    assert rt.plain(data.BEGINNER_GAME_PRIVATES) == ref["BEGINNER_GAME_PRIVATES"]
    values, revenues = data.BEGINNER_GAME_PRIVATE_VALUES, data.BEGINNER_GAME_PRIVATE_REVENUES
    assert values == ref["BEGINNER_GAME_PRIVATE_VALUES"]
    assert revenues == ref["BEGINNER_GAME_PRIVATE_REVENUES"]


def test_rule_switches_match_reference(ref_all: dict[str, Any]) -> None:
    rt.assert_rule_switches_match(TITLE, ref_all)
