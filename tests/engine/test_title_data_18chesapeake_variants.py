"""The 18Chesapeake family's variants: each differs from the base game only where the published variant does."""

from __future__ import annotations

from engine.titles.g18chesapeake.data import TITLE as BASE
from engine.titles.g18chesapeake.rules import Game18Chesapeake
from engine.titles.g18chesapeake_off_the_rails.data import TITLE as OTR
from engine.titles.g18chesapeake_off_the_rails.rules import Game18ChesapeakeOffTheRails
from engine.titles.registry import fixture_folder, load_title


def test_off_the_rails_registered_under_its_export_title() -> None:
    assert load_title("18Chesapeake: Off the Rails") is Game18ChesapeakeOffTheRails
    assert issubclass(Game18ChesapeakeOffTheRails, Game18Chesapeake)
    assert fixture_folder("18Chesapeake: Off the Rails") == "18ChesapeakeOfftheRails"


def test_off_the_rails_facts() -> None:
    assert OTR.player_range == (2, 6)
    assert OTR.bank_cash_for(4) == 12_000
    assert {c.float_percent for c in OTR.corporations} == {50}
    assert [c.sym for c in OTR.corporations] == [c.sym for c in BASE.corporations]
    assert [(t.name, t.price, t.num) for t in OTR.trains] == [
        ("2", 80, 5), ("3", 180, 4), ("4", 300, 3), ("5", 500, 2), ("6", 630, 2), ("D", 1100, "unlimited"),
    ]
    assert OTR.train("D").discount == {"4": 300, "5": 300, "6": 300}
    assert OTR.market[0][-1] == "300e" and len(OTR.market) == 11
    assert OTR.rules.sell_buy_order == "sell_buy_sell"
    assert OTR.rules.game_end_timing("stock_market") == "current_round"
    # the base game's map, tiles and privates are shared, not copied
    assert OTR.hexes is BASE.hexes and OTR.tiles is BASE.tiles and OTR.companies is BASE.companies
    # the base game is unchanged
    assert BASE.bank_cash_for(4) == 8_000 and {c.float_percent for c in BASE.corporations} == {60}


def test_off_the_rails_never_exports_trains() -> None:
    assert Game18Chesapeake.EXPORTED_TRAINS == ("2", "3", "4")
    assert Game18ChesapeakeOffTheRails.EXPORTED_TRAINS == ()
