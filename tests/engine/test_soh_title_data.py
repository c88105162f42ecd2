"""Steam Over Holland title data: plain facts, and a component-by-component comparison with the reference dump.

The reference dump (``../shared/reference/titles/SteamOverHolland.json``) is read at test time only, through
``reference_titles``; the comparison tests skip when it is absent.  Descriptions are compared too (the
companies' texts are the published card texts).
"""

from __future__ import annotations

from typing import Any

from engine.model.market import SharePrice
from engine.titles.spec import STANDARD_SHARES
from engine.titles.steam_over_holland import data
from engine.titles.steam_over_holland.data import TITLE
from tests.engine import reference_titles as rt

ref = rt.own_constants_fixture("SteamOverHolland")
ref_all = rt.all_constants_fixture("SteamOverHolland", with_engine_defaults=True)


# =============================================================================================
# Plain facts (no reference needed)
# =============================================================================================


def test_players_bank_and_certificates() -> None:
    assert TITLE.title == "Steam Over Holland"
    assert TITLE.layout == "pointy"
    assert TITLE.player_range == (2, 5)
    assert [TITLE.starting_cash_for(n) for n in range(2, 6)] == [600, 400, 300, 240]
    assert [TITLE.cert_limit_for(n) for n in range(2, 6)] == [18, 16, 14, 12]
    # The bank is unlimited: it starts empty and never breaks (no "bank" game end).
    assert TITLE.bank_cash_for(3) == 0
    assert "bank" not in [reason for reason, _ in TITLE.rules.game_end_check]
    assert TITLE.rules.format_currency(100) == "fl. 100"


def test_companies() -> None:
    facts = [(c.sym, c.value, c.revenue) for c in TITLE.companies]
    assert facts == [("SMAS", 20, 5), ("KKI", 40, 10), ("VES", 75, 15), ("VVL", 75, 15), ("RW", 80, 20),
                     ("W", 100, 20), ("KO", 100, 10)]
    # The auction sorts the drawn companies by name: the names start with the card number.
    assert [c.name[:3] for c in TITLE.companies] == [f"{n}. " for n in range(1, 8)]
    assert TITLE.company("KO").abilities == ({"type": "shares", "shares": "NRS_1"},)
    assert TITLE.company("W").abilities[0]["trains"] == ["3", "4", "5"]


def test_corporations() -> None:
    assert [c.sym for c in TITLE.corporations] == ["NBD", "HYSM", "NRS", "OSM", "AR", "NCS", "NSM"]
    for corporation in TITLE.corporations:
        assert corporation.tokens == (0, 40, 100, 100)
        assert corporation.float_percent == 20
        assert corporation.always_market_price
        assert corporation.shares == STANDARD_SHARES
    # Amsterdam holds two homes: HYSM in its second city, NRS in its first.
    assert (TITLE.corporation("HYSM").coordinates, TITLE.corporation("HYSM").city) == ("F9", 1)
    assert (TITLE.corporation("NRS").coordinates, TITLE.corporation("NRS").city) == ("F9", 0)


def test_market_is_one_row_with_ledges() -> None:
    assert len(TITLE.market) == 1
    cells = [SharePrice.from_code(code, 0, i) for i, code in enumerate(TITLE.market[0])]
    assert [c.price for c in cells if c is not None] == [50, 55, 60, 65, 70, 75, 80, 90, 100, 110, 125, 140, 160,
                                                         180, 210, 240, 270, 300, 330, 360]
    assert [c.price for c in cells if c is not None and "par" in c.types] == [65, 70, 75, 80, 90, 100]
    by_price = {c.price: c.types for c in cells if c is not None}
    assert by_price[110] == ["ignore_sale_unless_president"]
    assert by_price[125] == ["max_one_drop_unless_president"]
    assert by_price[140] == ["max_two_drops_unless_president", "max_price_1"]
    assert by_price[360] == ["endgame"]


def test_trains_phases_and_float_percent() -> None:
    assert [(t.name, t.price, t.num, t.rusts_on) for t in TITLE.trains] == [
        ("2", 100, 5, "4"), ("3", 200, 4, "5"), ("4", 300, 3, "6"), ("5", 400, 3, None), ("6", 500, 6, None)]
    # Towns are free stops for every train but the 3E, which skips them.
    for train in TITLE.trains:
        assert isinstance(train.distance, tuple)
        assert train.distance[1] == {"nodes": ["town"], "pay": 99, "visit": 99}
    variant = TITLE.train("6").variants[0]
    assert (variant["name"], variant["price"]) == ("3E", 600)
    assert [p.name for p in TITLE.phases] == ["2", "3", "4", "5", "6"]
    assert [p.train_limit for p in TITLE.phases] == [4, 4, 3, 2, 2]
    assert data.FLOAT_PERCENT_BY_PHASE == {"2": 20, "3": 30, "4": 40, "5": 50, "6": 60}
    assert data.LAST_OR == 10


def test_map_and_tiles() -> None:
    hexes = TITLE.hex_ids()
    assert len(hexes) == len(set(hexes)) == 77
    assert set(TITLE.location_names) <= set(hexes)
    assert TITLE.tile_count("SOH1") == 1
    assert TITLE.tile_count("125") == 3
    assert sum(1 for _ in TITLE.preprinted_hexes() if "border=" in _.tile) == 24


def test_internal_consistency() -> None:
    rt.assert_internally_consistent(TITLE)


# =============================================================================================
# Comparison with the reference dump
# =============================================================================================


def test_matches_reference_basics(ref: dict[str, Any]) -> None:
    rt.assert_basics_match(TITLE, ref)
    assert ref["BANK_CASH"] == "unlimited"
    assert ref["LAST_OR"] == data.LAST_OR
    assert ref["OR_SETS"] == [data.OPERATING_ROUNDS_PER_SET] * 5


def test_matches_reference_companies(ref: dict[str, Any]) -> None:
    rt.assert_companies_match(TITLE, ref, same_key_order=True)
    assert [c.desc for c in TITLE.companies] == [c["desc"] for c in ref["COMPANIES"]]


def test_matches_reference_corporations(ref: dict[str, Any]) -> None:
    rt.assert_corporations_match(TITLE, ref)


def test_matches_reference_trains(ref: dict[str, Any]) -> None:
    rt.assert_trains_match(TITLE, ref)


def test_matches_reference_phases(ref: dict[str, Any]) -> None:
    # The reference's phases leave the operating rounds out: the title fixes them at two per set.
    assert [p.name for p in TITLE.phases] == [p["name"] for p in ref["PHASES"]]
    for ours, theirs in zip(TITLE.phases, ref["PHASES"], strict=True):
        assert ours.on == theirs.get("on")
        assert ours.train_limit == theirs["train_limit"]
        assert list(ours.tiles) == theirs["tiles"]
        assert list(ours.status) == theirs.get("status", [])
        assert "operating_rounds" not in theirs
        assert ours.operating_rounds == data.OPERATING_ROUNDS_PER_SET
    assert set(TITLE.events_text) == {k for k in ref["EVENTS_TEXT"] if k.startswith(("float_", "close_"))}


def test_matches_reference_market(ref: dict[str, Any]) -> None:
    ours = []
    for row_index, row in enumerate(TITLE.market):
        cells = []
        for col, code in enumerate(row):
            cell = SharePrice.from_code(code, row_index, col)
            assert cell is not None
            cells.append({"price": cell.price, "types": cell.types} if cell.types else {"price": cell.price})
        ours.append(cells)
    assert ours == ref["MARKET"]


def _border_parts_sorted(code: str) -> str:
    return ";".join(sorted(code.split(";")))


def test_matches_reference_hexes(ref: dict[str, Any]) -> None:
    # I4 has exactly H11's borders; its code lists them in the other order so that it can be its own group
    # (our hexes are keyed by code).  Compared part by part, every group is the reference's, in order.
    ours = [(color, [(list(ids), _border_parts_sorted(tile)) for tile, ids in groups.items()])
            for color, groups in TITLE.hexes.items()]
    theirs = [(color, [(rt.json.loads(ids), _border_parts_sorted(tile)) for ids, tile in groups.items()])
              for color, groups in ref["HEXES"].items()]
    assert ours == theirs
    exact = [(color, [(list(ids), tile) for tile, ids in groups.items() if ids != ("I4",)])
             for color, groups in TITLE.hexes.items()]
    theirs_exact = [(color, [(rt.json.loads(ids), tile) for ids, tile in groups.items() if ids != '["I4"]'])
                    for color, groups in ref["HEXES"].items()]
    assert exact == theirs_exact


def test_matches_reference_tiles_and_names(ref: dict[str, Any]) -> None:
    rt.assert_tiles_match(TITLE, ref)
    rt.assert_location_names_match(TITLE, ref)


def test_rule_switches_match_reference(ref_all: dict[str, Any]) -> None:
    # The next stock round's order is a method in the reference (most cash after the auction, then
    # clockwise): rules.py's ``next_sr_player_order``.
    rt.assert_rules_match(TITLE.rules, ref_all, except_fields=("next_sr_player_order",))
