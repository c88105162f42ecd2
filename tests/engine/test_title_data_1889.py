"""1889 title data: plain facts, and a component-by-component comparison with the reference dump.

The reference dump (``../shared/reference/titles/1889.json``) is read at test time only; the
comparison tests skip when it is absent.  Descriptions and other UI wording are our own and are
not compared; every rule fact is.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.titles.g1889 import data
from engine.titles.g1889.data import TITLE
from engine.titles.spec import STANDARD_SHARES, CustomTileSpec, PreprintedHex, RuleSet

REFERENCE_DIR = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "titles"


def _load(title: str) -> dict[str, Any]:
    path = REFERENCE_DIR / f"{title}.json"
    if not path.is_file():
        pytest.skip(f"reference dump {path} is not available")
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


@pytest.fixture(scope="module")
def ref() -> dict[str, Any]:
    """The reference's own constants for 1889."""
    own: dict[str, Any] = _load("1889")["own"]
    return own


@pytest.fixture(scope="module")
def ref_all() -> dict[str, Any]:
    """Every constant of 1889 as the reference engine sees it (own over inherited)."""
    dump = _load("1889")
    return {**dump["inherited"], **dump["own"]}


def _plain(value: Any) -> Any:
    """Normalise containers for comparison: mappings -> dicts with str keys, sequences -> lists."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


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
    hexes = set(TITLE.hex_ids())
    assert set(TITLE.location_names) <= hexes
    for corporation in TITLE.corporations:
        assert set(corporation.home_hexes) <= hexes
    corporations = {c.sym for c in TITLE.corporations}
    for company in TITLE.companies:
        for ability in company.abilities:
            assert set(ability.get("hexes", [])) <= hexes
            assert set(ability.get("tiles", [])) <= set(TITLE.tiles)
            assert set(ability.get("corporations", [])) <= corporations
    assert set(data.BEGINNER_GAME_CLEARED_HEXES) <= hexes
    train_names = {t.name for t in TITLE.trains}
    for train in TITLE.trains:
        for name in (train.rusts_on, train.obsolete_on, train.available_on):
            assert name is None or name in train_names
    for phase in TITLE.phases[1:]:
        assert phase.on in train_names
    statuses = {status for phase in TITLE.phases for status in phase.status}
    assert statuses <= set(TITLE.status_text)
    events = {event["type"] for train in TITLE.trains for event in train.events}
    assert events <= set(TITLE.events_text)
    assert set(TITLE.custom_tiles) <= set(TITLE.tiles)


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
    assert TITLE.layout == ref["LAYOUT"]
    assert list(TITLE.player_range) == ref["PLAYER_RANGE"]
    assert _plain(TITLE.cert_limit) == ref["CERT_LIMIT"]
    assert _plain(TITLE.starting_cash) == ref["STARTING_CASH"]
    assert TITLE.bank_cash == ref["BANK_CASH"]
    assert TITLE.axes == ref_all["AXES"]
    assert TITLE.subtitle == (ref_all["GAME_SUBTITLE"] or "")
    assert TITLE.designer == ref["GAME_DESIGNER"]
    assert TITLE.location == ref["GAME_LOCATION"]
    assert TITLE.rules_url == ref["GAME_RULES_URL"]
    assert TITLE.info_url == ref["GAME_INFO_URL"]
    assert TITLE.publisher.lower().replace(" ", "_") == ref["GAME_PUBLISHER"]


def test_matches_reference_companies(ref: dict[str, Any]) -> None:
    assert [c.sym for c in TITLE.companies] == [c["sym"] for c in ref["COMPANIES"]]
    for ours, theirs in zip(TITLE.companies, ref["COMPANIES"], strict=True):
        assert ours.name == theirs["name"]
        assert ours.value == theirs["value"]
        assert ours.revenue == theirs["revenue"]
        assert ours.color == theirs.get("color")
        assert ours.min_players == theirs.get("min_players")
        assert ours.discount == theirs.get("discount", 0)
        assert _plain(ours.abilities) == theirs.get("abilities", []), ours.sym
        # The same keys, in the same order, inside every ability.
        for mine, other in zip(ours.abilities, theirs.get("abilities", []), strict=True):
            assert list(mine) == list(other), ours.sym
        known = {"name", "sym", "value", "revenue", "desc", "abilities", "color", "min_players", "discount"}
        assert set(theirs) <= known, f"unmodelled company keys: {set(theirs) - known}"


def test_matches_reference_corporations(ref: dict[str, Any]) -> None:
    assert [c.sym for c in TITLE.corporations] == [c["sym"] for c in ref["CORPORATIONS"]]
    for ours, theirs in zip(TITLE.corporations, ref["CORPORATIONS"], strict=True):
        assert ours.name == theirs["name"]
        assert list(ours.tokens) == theirs["tokens"]
        assert ours.coordinates == theirs["coordinates"]
        assert ours.city == theirs.get("city")
        assert ours.color == theirs["color"]
        assert ours.text_color == theirs.get("text_color", "white")
        assert ours.float_percent == theirs["float_percent"]
        assert ours.max_ownership_percent == theirs.get("max_ownership_percent", 60)
        assert list(ours.shares) == theirs.get("shares", list(STANDARD_SHARES))
        assert ours.always_market_price == theirs.get("always_market_price", False)
        assert _plain(ours.abilities) == theirs.get("abilities", [])
        known = {"sym", "name", "tokens", "coordinates", "city", "color", "text_color", "float_percent",
                 "max_ownership_percent", "shares", "always_market_price", "abilities", "logo", "simple_logo"}
        assert set(theirs) <= known, f"unmodelled corporation keys: {set(theirs) - known}"


def test_matches_reference_trains(ref: dict[str, Any]) -> None:
    assert [t.name for t in TITLE.trains] == [t["name"] for t in ref["TRAINS"]]
    for ours, theirs in zip(TITLE.trains, ref["TRAINS"], strict=True):
        assert _plain(ours.distance) == theirs["distance"]
        assert ours.price == theirs["price"]
        assert ours.num == theirs["num"]
        assert not ours.num_by_option
        assert ours.rusts_on == theirs.get("rusts_on")
        assert ours.obsolete_on == theirs.get("obsolete_on")
        assert ours.available_on == theirs.get("available_on")
        assert _plain(ours.discount) == theirs.get("discount")
        assert _plain(ours.variants) == theirs.get("variants", [])
        assert _plain(ours.events) == theirs.get("events", [])
        known = {"name", "distance", "price", "num", "rusts_on", "obsolete_on", "available_on", "discount",
                 "variants", "events"}
        assert set(theirs) <= known, f"unmodelled train keys: {set(theirs) - known}"


def test_matches_reference_phases(ref: dict[str, Any], ref_all: dict[str, Any]) -> None:
    assert [p.name for p in TITLE.phases] == [p["name"] for p in ref["PHASES"]]
    for ours, theirs in zip(TITLE.phases, ref["PHASES"], strict=True):
        assert ours.on == theirs.get("on")
        assert ours.train_limit == theirs["train_limit"]
        assert list(ours.tiles) == theirs["tiles"]
        assert ours.operating_rounds == theirs["operating_rounds"]
        assert list(ours.status) == theirs.get("status", [])
        assert _plain(ours.events) == theirs.get("events", [])
    assert set(TITLE.status_text) == set(ref_all["STATUS_TEXT"])
    assert set(TITLE.events_text) == set(ref_all["EVENTS_TEXT"])


def test_matches_reference_market(ref: dict[str, Any]) -> None:
    assert _plain(TITLE.market) == ref["MARKET"]


def test_matches_reference_hexes(ref: dict[str, Any]) -> None:
    ours = [
        (color, [(list(hex_ids), tile) for tile, hex_ids in groups.items()]) for color, groups in TITLE.hexes.items()
    ]
    theirs = [
        (color, [(json.loads(hex_ids), tile) for hex_ids, tile in groups.items()])
        for color, groups in ref["HEXES"].items()
    ]
    # Same colours, same groups, same codes, same hex order, in the same order.
    assert ours == theirs


def test_matches_reference_tiles_and_names(ref: dict[str, Any]) -> None:
    assert list(TITLE.tiles) == list(ref["TILES"])
    for name, theirs in ref["TILES"].items():
        if isinstance(theirs, dict):
            assert TITLE.tiles[name] == theirs["count"], name
            assert TITLE.custom_tiles[name] == CustomTileSpec(theirs["color"], theirs["code"]), name
        else:
            assert TITLE.tiles[name] == theirs, name
            assert name not in TITLE.custom_tiles, name
    assert list(TITLE.location_names.items()) == list(ref["LOCATION_NAMES"].items())


def test_matches_reference_optional_rules(ref: dict[str, Any], ref_all: dict[str, Any]) -> None:
    assert [(o.sym, o.short_name, o.players) for o in TITLE.optional_rules] == [
        (o["sym"], o["short_name"], tuple(o["players"]) if "players" in o else None) for o in ref["OPTIONAL_RULES"]
    ]
    assert [list(group) for group in TITLE.mutex_rules] == ref_all["MUTEX_RULES"]


def test_matches_reference_beginner_game(ref: dict[str, Any]) -> None:
    assert _plain(data.BEGINNER_GAME_PRIVATES) == ref["BEGINNER_GAME_PRIVATES"]
    values, revenues = data.BEGINNER_GAME_PRIVATE_VALUES, data.BEGINNER_GAME_PRIVATE_REVENUES
    assert values == ref["BEGINNER_GAME_PRIVATE_VALUES"]
    assert revenues == ref["BEGINNER_GAME_PRIVATE_REVENUES"]


# Our RuleSet field -> the reference constant it mirrors, where the name is not just upper-cased.
_CONSTANT_NAMES = {"currency_format": "CURRENCY_FORMAT_STR"}


def _reference_rule(field_name: str, constants: dict[str, Any]) -> Any:
    constant = _CONSTANT_NAMES.get(field_name, field_name.upper())
    assert constant in constants, f"RuleSet.{field_name} has no reference constant {constant}"
    value = constants[constant]
    if field_name == "game_end_check":
        return [[reason, timing] for reason, timing in value.items()]
    return value


def test_rule_switches_match_reference(ref_all: dict[str, Any]) -> None:
    for field in dataclasses.fields(RuleSet):
        ours = getattr(TITLE.rules, field.name)
        ours = [list(item) for item in ours] if field.name == "game_end_check" else _plain(ours)
        assert ours == _reference_rule(field.name, ref_all), field.name
