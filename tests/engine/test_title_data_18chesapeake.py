"""18Chesapeake title data: plain facts, and a component-by-component comparison with the reference dump.

The reference dump (``../shared/reference/titles/18Chesapeake.json``) is read at test time only,
through ``reference_titles``; the comparison tests skip when it is absent.  Descriptions are our
own wording and are not compared; every rule fact is (changing any number, hex, tile, ability key
or order makes a test fail).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from engine.map.catalogue import TILE_CATALOGUE, TITLE_TILES
from engine.map.tile import Tile
from engine.titles.g18chesapeake.data import TITLE
from engine.titles.registry import load_title
from engine.titles.spec import STANDARD_SHARES, CustomTileSpec, PreprintedHex, RuleSet
from tests.engine import reference_titles as rt

#: The reference's constants for 18Chesapeake: its own (``ref``), and every one as its engine sees it
#: (``ref_all``: own over inherited).
ref = rt.own_constants_fixture("18Chesapeake")
ref_all = rt.all_constants_fixture("18Chesapeake")


# =============================================================================================
# Plain facts (no reference needed)
# =============================================================================================


def test_players_bank_and_certificates() -> None:
    assert TITLE.title == "18Chesapeake"
    assert TITLE.layout == "flat"
    assert TITLE.player_range == (2, 6)
    assert TITLE.bank_cash_for(2) == TITLE.bank_cash_for(6) == 8_000
    assert [TITLE.starting_cash_for(n) for n in range(2, 7)] == [1200, 800, 600, 480, 400]
    assert [TITLE.cert_limit_for(n) for n in range(2, 7)] == [20, 20, 16, 13, 11]
    assert TITLE.resolved_axes == {"x": "letter", "y": "number"}
    assert load_title("18Chesapeake").TITLE is TITLE


def test_private_companies() -> None:
    facts = [(c.sym, c.name, c.value, c.revenue, c.ability_types()) for c in TITLE.companies]
    assert facts == [
        ("D&R", "Delaware and Raritan Canal", 20, 5, ("blocks_hexes",)),
        ("C-P", "Columbia - Philadelphia Railroad", 40, 10, ("blocks_hexes", "tile_lay")),
        ("B&S", "Baltimore and Susquehanna Railroad", 50, 10, ("blocks_hexes", "tile_lay")),
        ("C&OC", "Chesapeake and Ohio Canal", 80, 15, ("blocks_hexes", "teleport")),
        ("B&OR", "Baltimore & Ohio Railroad", 100, 0, ("shares",)),
        ("CV", "Cornelius Vanderbilt", 200, 30, ("shares", "no_buy")),
    ]
    blocked = {c.sym: c.abilities[0]["hexes"] for c in TITLE.companies if c.abilities[0]["type"] == "blocks_hexes"}
    assert blocked == {"D&R": ["K3"], "C-P": ["H2", "I3"], "B&S": ["F4", "G5"], "C&OC": ["D2"]}
    for sym in ("C-P", "B&S"):
        lay = TITLE.company(sym).abilities[1]
        assert lay == {
            "type": "tile_lay",
            "owner_type": "corporation",
            "must_lay_together": True,
            "must_lay_all": True,
            "hexes": blocked[sym],
            "tiles": ["8", "9"],
            "when": "track",
            "count": 2,
        }
    assert TITLE.company("C&OC").abilities[1] == {
        "type": "teleport",
        "owner_type": "corporation",
        "tiles": ["57"],
        "hexes": ["D2"],
    }
    assert TITLE.company("B&OR").abilities == ({"type": "shares", "shares": "B&O_1"},)
    assert TITLE.company("CV").abilities == ({"type": "shares", "shares": "random_president"}, {"type": "no_buy"})
    assert all(c.color is None and c.min_players is None and c.discount == 0 for c in TITLE.companies)


def test_corporations() -> None:
    facts = [(c.sym, c.coordinates, c.city, c.tokens, c.float_percent) for c in TITLE.corporations]
    assert facts == [
        ("PRR", "F2", None, (0, 40, 60, 80), 60),
        ("PLE", "A3", None, (0, 40, 60), 60),
        ("SRR", "H4", None, (0, 40), 60),
        ("B&O", "H6", 0, (0, 40, 60), 60),
        ("C&O", "G13", None, (0, 40, 60, 80), 60),
        ("LV", "J2", None, (0, 40), 60),
        ("C&A", "J6", None, (0, 40), 60),
        ("N&W", "C13", None, (0, 40, 60), 60),
    ]
    for corporation in TITLE.corporations:
        assert corporation.shares == STANDARD_SHARES
        assert corporation.max_ownership_percent == 60
        assert corporation.abilities == ()


def test_market() -> None:
    assert len(TITLE.market) == 8
    assert [len(row) for row in TITLE.market] == [17, 17, 12, 10, 8, 6, 4, 3]
    assert TITLE.par_cells() == ((95, 2, 4), (80, 3, 3), (70, 4, 2))
    assert TITLE.market[0][-1] == "375"
    assert TITLE.market[7] == ("40y", "45y", "50y")


def test_trains_and_phases() -> None:
    rows = [(t.name, t.distance, t.price, t.count(), t.rusts_on, t.available_on) for t in TITLE.trains]
    assert rows == [
        ("2", 2, 80, 7, "4", None),
        ("3", 3, 180, 6, "6", None),
        ("4", 4, 300, 5, "D", None),
        ("5", 5, 500, 3, None, None),
        ("6", 6, 630, 2, None, None),
        ("D", 999, 900, "unlimited", None, "6"),
    ]
    assert TITLE.train("D").discount == {"4": 200, "5": 200, "6": 200}
    assert TITLE.train("5").events == ({"type": "close_companies"},)
    phases = [(p.name, p.on, p.train_limit, p.tiles, p.operating_rounds, p.status) for p in TITLE.phases]
    assert phases == [
        ("2", None, 4, ("yellow",), 1, ()),
        ("3", "3", 4, ("yellow", "green"), 2, ("can_buy_companies",)),
        ("4", "4", 3, ("yellow", "green"), 2, ("can_buy_companies",)),
        ("5", "5", 2, ("yellow", "green", "brown"), 3, ()),
        ("6", "6", 2, ("yellow", "green", "brown"), 3, ()),
        ("D", "D", 2, ("yellow", "green", "brown", "gray"), 3, ()),
    ]


def test_tile_supply_and_custom_tiles() -> None:
    assert len(TITLE.tiles) == 45
    assert [name for name, count in TITLE.tiles.items() if count == "unlimited"] == ["7", "8", "9"]
    assert sum(count for count in TITLE.tiles.values() if isinstance(count, int)) == 72
    assert TITLE.tile_count("57") == 7
    assert TITLE.tile_count("X7") == 2
    assert list(TITLE.custom_tiles) == [f"X{i}" for i in range(1, 10)]
    # Every tile is either in the engine catalogue or one of the title's own.
    for name in TITLE.tiles:
        assert (name in TILE_CATALOGUE) != (name in TITLE.custom_tiles), name
    # The title's tiles are the ones the map layer catalogued for it.
    catalogued = TITLE_TILES["18Chesapeake"]
    assert {name: (t.color, t.code) for name, t in TITLE.custom_tiles.items()} == catalogued
    colors = Counter(t.color for t in TITLE.custom_tiles.values())
    assert colors == {"yellow": 1, "green": 4, "brown": 2, "gray": 2}
    # X7: the OO cities become one city of two stations.
    x7 = Tile.from_code("X7", TITLE.custom_tiles["X7"].code, "brown")
    assert len(x7.cities) == 1 and x7.cities[0].slots == 2 and x7.label == "OO"
    assert TITLE.custom_tiles["X1"] == CustomTileSpec(
        "yellow", "city=revenue:30;path=a:0,b:_0;path=a:4,b:_0;label=DC"
    )


def test_map() -> None:
    assert list(TITLE.hexes) == ["white", "red", "gray", "yellow"]
    ids = TITLE.hex_ids()
    assert len(ids) == 63
    assert len(set(ids)) == len(ids), "a hex is defined twice"
    by_color = Counter(item.color for item in TITLE.preprinted_hexes())
    assert by_color == {"white": 48, "red": 7, "gray": 6, "yellow": 2}
    first = next(TITLE.preprinted_hexes())
    assert first == PreprintedHex("white", "B6", "", 0)
    items = {item.hex_id: item for item in TITLE.preprinted_hexes()}
    catalogue = set(TILE_CATALOGUE)
    # Blank land is written as an empty code, so its tiles are named after their hexes.
    assert items["I3"].tile_id(catalogue) == "I3-20"
    assert items["F2"].tile_id(catalogue) == "F2-3"
    assert items["J4"].tile_id(catalogue) == "J4-0"
    assert items["A3"].tile == (
        "city=revenue:yellow_40|green_50|brown_60|gray_80,hide:1,groups:Pittsburgh;path=a:5,b:_0;border=edge:4"
    )
    assert items["H6"].tile == (
        "city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1;label=OO;upgrade=cost:40,terrain:water"
    )
    assert items["D2"].tile == "city=revenue:0;upgrade=cost:80,terrain:mountain"
    assert items["F8"].tile == "city=revenue:0;label=DC"
    assert TITLE.location_name("F8") == "Washington DC"
    assert TITLE.location_name("B6") is None


def test_internal_consistency() -> None:
    rt.assert_internally_consistent(TITLE)


def test_rule_switches() -> None:
    rules = TITLE.rules
    assert rules == RuleSet(sell_buy_order="sell_buy", must_bid_increment_multiple=True,
                            only_highest_bid_committed=True)
    assert rules.min_bid_increment == 5
    assert rules.format_currency(900) == "$900"
    assert TITLE.optional_rules == () and TITLE.mutex_rules == ()


# =============================================================================================
# Comparison with the reference dump
# =============================================================================================


def test_matches_reference_basics(ref: dict[str, Any], ref_all: dict[str, Any]) -> None:
    rt.assert_basics_match(TITLE, ref)
    assert TITLE.bank_cash == ref["BANK_CASH"]
    assert TITLE.axes == ref_all["AXES"]
    assert TITLE.subtitle == ref["GAME_SUBTITLE"]
    publisher = TITLE.publisher.lower().replace("-", "_").replace(" ", "_")
    assert publisher == str(ref["GAME_PUBLISHER"]).lower()


def test_matches_reference_companies(ref: dict[str, Any]) -> None:
    # Abilities: the same dictionaries, key for key, in the same order.
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


def test_matches_reference_tiles(ref: dict[str, Any]) -> None:
    rt.assert_tiles_match(TITLE, ref)


def test_matches_reference_names_and_options(ref: dict[str, Any], ref_all: dict[str, Any]) -> None:
    rt.assert_location_names_match(TITLE, ref)
    assert ref_all["OPTIONAL_RULES"] == [] and ref_all["MUTEX_RULES"] == []
    rt.assert_optional_rules_match(TITLE, ref_all["OPTIONAL_RULES"], ref_all["MUTEX_RULES"])


def test_rule_switches_match_reference(ref_all: dict[str, Any]) -> None:
    rt.assert_rule_switches_match(TITLE, ref_all)


def test_own_switches_are_exactly_the_reference_overrides(ref: dict[str, Any]) -> None:
    """The switches we set differ from the engine defaults exactly where the reference's ``own`` does."""
    ours = {
        field.name.upper()
        for field in dataclasses.fields(RuleSet)
        if getattr(TITLE.rules, field.name) != getattr(RuleSet(), field.name)
    }
    theirs = {name for name in ref if any(name == f.name.upper() for f in dataclasses.fields(RuleSet))}
    assert ours == theirs == {"SELL_BUY_ORDER", "MUST_BID_INCREMENT_MULTIPLE", "ONLY_HIGHEST_BID_COMMITTED"}
