"""The 18Chesapeake family's variants: each differs from the base game only where the published variant does."""

from __future__ import annotations

from typing import Any

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


# --- Uncle Lachlan's 18 Christmas Eve -----------------------------------------------------------------------


def test_christmas_eve_registered_and_facts() -> None:
    from engine.titles.g18christmas_eve.data import TITLE as XMAS
    from engine.titles.g18christmas_eve.rules import GameChristmasEve

    assert load_title("Uncle Lachlan's 18 Christmas Eve") is GameChristmasEve
    assert fixture_folder("Uncle Lachlan's 18 Christmas Eve") == "18ChristmasEve"
    assert issubclass(GameChristmasEve, Game18Chesapeake)
    assert [c.sym for c in XMAS.companies] == ["SCCC", "DW", "DI", "SC", "ENX", "CH"]
    assert GameChristmasEve.CORNELIUS == "SC" and GameChristmasEve.PAIRED_LAY_COMPANIES == ()
    assert XMAS.corporation("SRR").coordinates == "E12" and XMAS.corporation("SRR").city == 1
    assert XMAS.train("D").events == ({"type": "d_trigger"},)
    assert XMAS.rules.game_end_timing("final_phase") == "one_more_full_or_set"
    assert XMAS.tiles is BASE.tiles and XMAS.market is BASE.market


def test_christmas_eve_laid_tiles_keep_their_rooms() -> None:
    from engine import load_game, new_game
    from tests.engine.moves_b_helpers import fixture

    start = new_game("Uncle Lachlan's 18 Christmas Eve", ["a", "b", "c", "d"], seed=1)
    rooms = {h.id: h.tile.frame.color for h in start.hexes if h.tile.frame is not None}
    assert rooms["D3"] == rooms["C4"] == "#CE95C3" and rooms["E12"] == "#7D96CD"
    end = load_game(fixture("18ChristmasEve", "18ChristmasEve_game_end_bank.json"))
    laid = [h for h in end.hexes if h.id in rooms and h.tile is not start.hex_by_id(h.id).tile]
    assert len(laid) > 20
    for hex_ in laid:
        assert hex_.tile.frame is not None and hex_.tile.frame.color == rooms[hex_.id], hex_.id


def test_christmas_eve_route_bonuses() -> None:
    from types import SimpleNamespace

    from engine.map.parts import Frame
    from engine.titles.g18christmas_eve.rules import GameChristmasEve

    def stop(color: str | None, name: str | None = None, label: str | None = None) -> Any:
        tile = SimpleNamespace(frame=Frame(color) if color else None, location_name=name, label=label)
        return SimpleNamespace(tile=tile)

    bar, dc = stop(None, "Bar"), stop("#FFFFFF", label="DC")
    long_route = SimpleNamespace(visited_stops=[bar, dc, stop("#FFFFFF"), stop("#CE95C3")])
    short_route = SimpleNamespace(visited_stops=[stop("#AB9E7F"), stop(None)])
    long_route.routes = short_route.routes = [short_route, long_route]
    assert GameChristmasEve.rooms_in_route(long_route) == 2  # type: ignore[arg-type]
    assert GameChristmasEve.rooms_in_route(short_route) == 1  # type: ignore[arg-type]
    assert GameChristmasEve.is_egg_nog_route(long_route)  # type: ignore[arg-type]
    assert not GameChristmasEve.is_egg_nog_route(short_route)  # type: ignore[arg-type]
    game = object.__new__(GameChristmasEve)
    assert game.has_most_rooms(long_route) and not game.has_most_rooms(short_route)  # type: ignore[arg-type]


def test_christmas_eve_best_routes_count_the_hat_once() -> None:
    """The Conductor's Hat goes to the run's route stopping in most rooms: the route optimiser adds it once
    (``most_bonus``) and pays what the engine pays for the routes it returns."""
    from engine import load_game
    from engine.record import GameRecord
    from engine.routing.optimiser import best_routes
    from tests.engine.moves_b_helpers import fixture

    record = GameRecord.load(fixture("18ChristmasEve", "18ChristmasEve_game_end_final_phase.json"))
    for position in (174, 306):  # B&O owns the Conductor's Hat and runs two trains
        game = load_game(record, upto=position)
        bo = game.corporation_by_id("B&O")
        assert any(c.id == "CH" for c in bo.companies)
        played = sum(r["revenue"] for r in record.actions[position]["routes"])
        result = best_routes(game, bo)
        assert result.total >= played
        assert game.most_bonus(bo) is not None and game.most_bonus(game.corporation_by_id("PRR")) is None


def test_exports_trains_mixin() -> None:
    from types import SimpleNamespace

    from engine.titles.export_trains import ExportsTrains

    exported: list[str] = []

    class Host(ExportsTrains):
        def __init__(self, upcoming: list[str]) -> None:
            self.depot = SimpleNamespace(upcoming=[SimpleNamespace(name=n) for n in upcoming],
                                         export=lambda: exported.append(self.depot.upcoming[0].name))

    Host(["3", "4"]).or_set_finished()
    Host(["5"]).or_set_finished()
    Host([]).or_set_finished()
    assert exported == ["3"]

    class NoExports(Host):
        EXPORTED_TRAINS = ()

    NoExports(["2"]).or_set_finished()
    assert exported == ["3"]
