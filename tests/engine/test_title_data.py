"""1830 title data: plain facts, and a component-by-component comparison with the reference dump.

The reference dump (``../shared/reference/titles/1830.json``) is read at test time only, through
``reference_titles``; the comparison tests skip when it is absent.  Descriptions and other UI
wording are our own and are not compared; every rule fact is.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from typing import Any

import pytest

from engine.titles.g1830.data import TITLE
from engine.titles.spec import (
    STANDARD_SHARES,
    CompanySpec,
    PreprintedHex,
    RuleSet,
    TitleSpec,
    TrainSpec,
    split_market_cell,
)
from tests.engine import reference_titles as rt

#: The reference's constants for 1830: its own (``ref``), and every one as its engine sees it
#: (``ref_all``: own over inherited).
ref = rt.own_constants_fixture("1830")
ref_all = rt.all_constants_fixture("1830")


@pytest.fixture(scope="module")
def engine_defaults() -> dict[str, Any]:
    """The engine-wide defaults, merged from the ``inherited`` blocks of every dump present."""
    return rt.engine_defaults()


# =============================================================================================
# Plain facts (no reference needed)
# =============================================================================================


def test_players_bank_and_certificates() -> None:
    assert TITLE.title == "1830"
    assert TITLE.layout == "pointy"
    assert TITLE.player_range == (2, 6)
    assert TITLE.bank_cash_for(4) == 12_000
    assert [TITLE.starting_cash_for(n) for n in range(2, 7)] == [1200, 800, 600, 480, 400]
    assert [TITLE.cert_limit_for(n) for n in range(2, 7)] == [28, 20, 16, 13, 11]
    assert TITLE.supports_players(2) and TITLE.supports_players(6)
    assert not TITLE.supports_players(1) and not TITLE.supports_players(7)
    with pytest.raises(KeyError):
        TITLE.starting_cash_for(7)


def test_private_companies() -> None:
    facts = [(c.sym, c.name, c.value, c.revenue) for c in TITLE.companies]
    assert facts == [
        ("SV", "Schuylkill Valley", 20, 5),
        ("CS", "Champlain & St.Lawrence", 40, 10),
        ("DH", "Delaware & Hudson", 70, 15),
        ("MH", "Mohawk & Hudson", 110, 20),
        ("CA", "Camden & Amboy", 160, 25),
        ("BO", "Baltimore & Ohio", 220, 30),
    ]
    blocked = {c.sym: c.abilities[0]["hexes"] for c in TITLE.companies}
    assert blocked == {
        "SV": ["G15"],
        "CS": ["B20"],
        "DH": ["F16"],
        "MH": ["D18"],
        "CA": ["H18"],
        "BO": ["I13", "I15"],
    }
    for company in TITLE.companies:
        assert company.abilities[0] == {"type": "blocks_hexes", "owner_type": "player", "hexes": blocked[company.sym]}

    cs = TITLE.company("CS")
    assert cs.abilities[1] == {
        "type": "tile_lay",
        "owner_type": "corporation",
        "hexes": ["B20"],
        "tiles": ["3", "4", "58"],
        "when": "owning_corp_or_turn",
        "count": 1,
    }
    assert TITLE.company("DH").abilities[1] == {
        "type": "teleport",
        "owner_type": "corporation",
        "tiles": ["57"],
        "hexes": ["F16"],
    }
    assert TITLE.company("MH").abilities[1] == {
        "type": "exchange",
        "corporations": ["NYC"],
        "owner_type": "player",
        "when": "any",
        "from": ["ipo", "market"],
    }
    assert TITLE.company("CA").abilities[1] == {"type": "shares", "shares": "PRR_1"}
    assert TITLE.company("BO").ability_types() == ("blocks_hexes", "close", "no_buy", "shares")
    assert TITLE.company("BO").abilities[1] == {"type": "close", "when": "bought_train", "corporation": "B&O"}
    assert TITLE.company("BO").abilities[3] == {"type": "shares", "shares": "B&O_0"}
    with pytest.raises(KeyError):
        TITLE.company("XX")


def test_corporations() -> None:
    facts = [(c.sym, c.coordinates, c.city, c.tokens, c.float_percent) for c in TITLE.corporations]
    assert facts == [
        ("PRR", "H12", None, (0, 40, 100, 100), 60),
        ("NYC", "E19", None, (0, 40, 100, 100), 60),
        ("CPR", "A19", None, (0, 40, 100, 100), 60),
        ("B&O", "I15", None, (0, 40, 100), 60),
        ("C&O", "F6", None, (0, 40, 100), 60),
        ("ERIE", "E11", None, (0, 40, 100), 60),
        ("NYNH", "G19", 0, (0, 40), 60),
        ("B&M", "E23", None, (0, 40), 60),
    ]
    for corporation in TITLE.corporations:
        assert corporation.shares == STANDARD_SHARES
        assert sum(corporation.shares) == 100
        assert corporation.max_ownership_percent == 60
        assert not corporation.always_market_price
        assert corporation.abilities == ()
    assert TITLE.corporation("NYNH").home_hexes == ("G19",)


def test_market() -> None:
    assert len(TITLE.market) == 11
    assert TITLE.par_cells() == ((100, 0, 6), (90, 1, 6), (82, 2, 6), (76, 3, 6), (71, 4, 6), (67, 5, 6))
    assert TITLE.market[0][0] == "60y"
    assert TITLE.market[0][-1] == "350"
    assert TITLE.market[10] == ("", "", "", "10b", "20b", "30b", "40o")
    assert split_market_cell("67p") == (67, "p")
    assert split_market_cell("") == (None, "")
    assert split_market_cell("350") == (350, "")


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
    six = TITLE.train("6")
    assert six.copies() == 2
    assert six.copies(["optional_6_train"]) == 3
    assert six.copies(("multiple_brown_from_ipo",)) == 2
    diesel = TITLE.train("D")
    assert diesel.unlimited and diesel.copies() == 1
    assert diesel.discount == {"4": 300, "5": 300, "6": 300}
    assert TITLE.train("5").events == ({"type": "close_companies"},)

    phases = [(p.name, p.on, p.train_limit, p.tiles, p.operating_rounds) for p in TITLE.phases]
    assert phases == [
        ("2", None, 4, ("yellow",), 1),
        ("3", "3", 4, ("yellow", "green"), 2),
        ("4", "4", 3, ("yellow", "green"), 2),
        ("5", "5", 2, ("yellow", "green", "brown"), 3),
        ("6", "6", 2, ("yellow", "green", "brown"), 3),
        ("D", "D", 2, ("yellow", "green", "brown"), 3),
    ]
    assert TITLE.phase("2").status == ("can_buy_companies_from_other_players",)
    assert TITLE.phase("3").status == ("can_buy_companies", "can_buy_companies_from_other_players")
    assert TITLE.phase("5").status == ()


def test_tile_supply() -> None:
    assert len(TITLE.tiles) == 46
    assert sum(count for count in TITLE.tiles.values() if isinstance(count, int)) == 85
    assert TITLE.tile_count("57") == 4
    assert TITLE.tile_count("8") == 8
    assert TITLE.tile_count("5") == 0
    assert TITLE.custom_tiles == {}


def test_map() -> None:
    assert list(TITLE.hexes) == ["red", "gray", "white", "yellow"]
    ids = TITLE.hex_ids()
    assert len(ids) == 93
    assert len(set(ids)) == len(ids), "a hex is defined twice"
    by_color = Counter(item.color for item in TITLE.preprinted_hexes())
    assert by_color == {"red": 7, "gray": 12, "white": 67, "yellow": 7}

    first = next(TITLE.preprinted_hexes())
    assert first == PreprintedHex("red", "F2", first.tile, 0)
    assert first.tile.startswith("offboard=revenue:yellow_40|brown_70")

    items = {item.hex_id: item for item in TITLE.preprinted_hexes()}
    catalogue = {"blank", "town", "city", "57"}
    assert items["E11"].tile_id(catalogue) == "E11-0"
    assert items["H18"].tile_id(catalogue) == "H18-1"
    assert items["I13"].tile_id(catalogue) == "blank-0"
    assert items["D18"].tile_id(catalogue) == "blank-1"
    assert items["H16"].tile_id(catalogue) == "city-4"
    assert items["G19"].tile == (
        "city=revenue:40;city=revenue:40;path=a:3,b:_0;path=a:0,b:_1;label=NY;upgrade=cost:80,terrain:water"
    )
    assert items["G15"].tile == "upgrade=cost:120,terrain:mountain"
    assert items["F16"].tile == "city=revenue:0;upgrade=cost:120,terrain:mountain"
    assert items["A11"].tile == (
        "offboard=revenue:yellow_30|brown_50,groups:Canada;path=a:5,b:_0;path=a:0,b:_0;border=edge:1"
    )
    assert TITLE.resolved_axes == {"x": "number", "y": "letter"}
    assert TITLE.location_name("G19") == "New York & Newark"
    assert TITLE.location_name("I13") is None


def test_internal_consistency() -> None:
    """Every hex, tile, corporation and train that the data names exists."""
    rt.assert_internally_consistent(TITLE)
    corporations = {c.sym for c in TITLE.corporations}
    for company in TITLE.companies:
        for ability in company.abilities:
            if "shares" in ability:
                assert ability["shares"].rsplit("_", 1)[0] in corporations


def test_rule_switches() -> None:
    rules = TITLE.rules
    assert rules.sell_buy_order == "sell_buy_sell"
    assert rules.track_restriction == "permissive"
    assert rules.tile_reservation_blocks_others == "always"
    assert rules.multiple_buy_only_from_market is True
    assert rules.home_token_timing == "operate"
    assert rules.must_buy_train == "route"
    assert rules.game_end_check == (("bankrupt", "immediate"), ("bank", "full_or"))
    assert rules.game_end_timing("bank") == "full_or"
    assert rules.game_end_timing("stock_market") is None
    assert rules.tile_lays == ({"lay": True, "upgrade": True, "cost": 0},)
    assert rules.format_currency(1100) == "$1100"
    assert TITLE.currency_format == "$%s"

    assert TITLE.rules_for([]) is rules
    ipo = TITLE.rules_for(["multiple_brown_from_ipo"])
    assert ipo.multiple_buy_only_from_market is False
    assert dataclasses.replace(ipo, multiple_buy_only_from_market=True) == rules
    assert TITLE.rules_for(["optional_6_train"]) == rules
    assert [o.sym for o in TITLE.optional_rules] == ["multiple_brown_from_ipo", "optional_6_train"]


def test_records_are_shared_not_copied() -> None:
    assert copy.deepcopy(TITLE) is TITLE
    assert copy.copy(TITLE.company("SV")) is TITLE.company("SV")
    with pytest.raises(dataclasses.FrozenInstanceError):
        TITLE.company("SV").value = 0  # type: ignore[misc]
    abilities = TITLE.company("BO").ability_dicts()
    abilities[0]["hexes"].append("A1")
    abilities.pop()
    assert TITLE.company("BO").abilities[0]["hexes"] == ["I13", "I15"]
    assert len(TITLE.company("BO").abilities) == 4
    lays = TITLE.rules.tile_lay_dicts()
    lays[0]["cost"] = 99
    assert TITLE.rules.tile_lays[0]["cost"] == 0


def test_spec_helpers_for_other_titles() -> None:
    """The per-player and per-corporation lookups that 1846-like titles need."""
    spec = dataclasses.replace(
        TITLE,
        bank_cash={3: 6500, 4: 7500, 5: 9000},
        cert_limit={3: {5: 14, 4: 11}, 4: {6: 12, 5: 10, 4: 8}, 5: 13},
        starting_cash=400,
    )
    assert isinstance(spec, TitleSpec)
    assert spec.bank_cash_for(4) == 7500
    assert spec.starting_cash_for(5) == 400
    assert spec.cert_limit_for(3, n_corporations=5) == 14
    assert spec.cert_limit_for(3, n_corporations=4) == 11
    assert spec.cert_limit_for(3, n_corporations=3) == 11
    assert spec.cert_limit_for(3, n_corporations=6) == 14  # none fits: the table's first entry
    assert spec.cert_limit_for(4, n_corporations=5) == 10
    assert spec.cert_limit_for(5) == 13
    unlimited = TrainSpec(name="D", distance=999, price=900, num="unlimited", events=({"type": "x", "when": 3},))
    assert unlimited.copies() == 3
    card = CompanySpec(sym="X", name="X", value=1, revenue=0)
    assert card.abilities == () and card.color is None


# =============================================================================================
# Comparison with the reference dump
# =============================================================================================


def test_matches_reference_basics(ref: dict[str, Any], ref_all: dict[str, Any]) -> None:
    rt.assert_basics_match(TITLE, ref)
    assert TITLE.bank_cash == ref_all["BANK_CASH"]
    assert TITLE.axes == ref_all["AXES"]
    assert TITLE.subtitle == ref["GAME_SUBTITLE"]
    assert TITLE.publisher.lower().startswith(str(ref["GAME_PUBLISHER"]).lower())


def test_matches_reference_companies(ref: dict[str, Any]) -> None:
    rt.assert_companies_match(TITLE, ref)


def test_matches_reference_corporations(ref: dict[str, Any]) -> None:
    rt.assert_corporations_match(TITLE, ref)


def test_matches_reference_trains(ref: dict[str, Any]) -> None:
    # The reference computes the 6-train's count in a method (2, or 3 with the optional rule); it is
    # asserted as a plain fact in test_trains_and_phases.
    rt.assert_trains_match(TITLE, ref, computed_num={"6"})


def test_matches_reference_phases(ref: dict[str, Any]) -> None:
    rt.assert_phases_match(TITLE, ref, status_text=ref["STATUS_TEXT"])


def test_matches_reference_market(ref: dict[str, Any]) -> None:
    rt.assert_market_matches(TITLE, ref)


def test_matches_reference_hexes(ref: dict[str, Any]) -> None:
    rt.assert_hexes_match(TITLE, ref)


def test_matches_reference_tiles_and_names(ref: dict[str, Any]) -> None:
    rt.assert_tiles_match(TITLE, ref)
    assert TITLE.custom_tiles == {}
    rt.assert_location_names_match(TITLE, ref)


def test_matches_reference_optional_rules(ref: dict[str, Any]) -> None:
    # The short names are our own wording.
    rt.assert_optional_rules_match(TITLE, ref["OPTIONAL_RULES"], ref.get("MUTEX_RULES", []), compare_short_names=False)


# Switches that 1830 changes through a method rather than a constant: the value the method gives in
# the base game, and the option under which it gives the constant's value.
# (``multiple_buy_only_from_market?`` is true unless ``multiple_brown_from_ipo`` is chosen.)
_METHOD_OVERRIDES: dict[str, tuple[Any, tuple[str, ...]]] = {
    "multiple_buy_only_from_market": (True, ("multiple_brown_from_ipo",)),
}


def test_rule_defaults_match_engine_defaults(engine_defaults: dict[str, Any]) -> None:
    rt.assert_rules_match(RuleSet(), engine_defaults)


def test_rule_switches_match_reference(ref_all: dict[str, Any]) -> None:
    rt.assert_rule_switches_match(TITLE, ref_all, method_overrides=_METHOD_OVERRIDES)
