"""1888: the facts of each way to play, and the rules that are not data (special tiles, destinations, the mine's
subsidy, the Forbidden City's corporations, private prices)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine import load_game, new_game
from engine.moves.route import route_set_refusal
from engine.titles.export_trains import ExportsTrains
from engine.titles.g1888.data import EAST_TITLE, NORTH_VARIANT_TILES, PROTOTYPE_TITLE, SMALL_BANK_TITLE, TITLE
from engine.titles.g1888.rules import Game1888, title_for
from engine.titles.registry import load_title
from tests.engine.moves_b_helpers import fixture


def test_registered_and_ways_to_play() -> None:
    assert load_title("1888") is Game1888
    assert issubclass(Game1888, ExportsTrains) and Game1888.EXPORTED_TRAINS == ("2", "3", "4")
    assert title_for(["north"]) is TITLE and title_for([]) is PROTOTYPE_TITLE
    assert title_for(["small_bank"]) is SMALL_BANK_TITLE
    assert TITLE.layout == "pointy" and TITLE.player_range == (2, 6)
    assert [o.sym for o in TITLE.optional_rules] == ["north", "east", "small_bank"]
    assert TITLE.optional_rules[0].players == TITLE.optional_rules[1].players == (3, 4, 5, 6)
    assert [o.default for o in TITLE.optional_rules] == [True, False, False]  # the site ticks 1888-N


@pytest.mark.parametrize(("rules", "bank", "floats", "fc_from", "tiles_611"), [
    ([], 10_000, 50, "ipo", 5),
    (["north"], 9_000, 60, ["ipo", "market"], 6),
    (["small_bank"], 9_000, 60, "ipo", 5),
])
def test_facts_by_rules(rules: list[str], bank: int, floats: int, fc_from: Any, tiles_611: int) -> None:
    game = new_game("1888", ["a", "b", "c", "d"], seed=3, optional_rules=rules)
    assert game.bank.cash + sum(p.cash for p in game.players) == bank
    assert {c.float_percent for c in game.corporations} == {floats}
    sources = game.company_by_id("FC").abilities_of_type("exchange")[0].from_
    assert list(sources) == (fc_from if isinstance(fc_from, list) else [fc_from])
    assert sum(1 for t in game.tiles if t.name == "611") == tiles_611


def test_privates_change_hands_at_half_to_one_and_a_half_times_face_value() -> None:
    game = new_game("1888", ["a", "b", "c"], seed=1, optional_rules=["north"])
    kt = game.company_by_id("KT")  # face value 25: 12.5 .. 37.5
    assert (kt.min_price, kt.max_price) == (13, 37)
    fc = game.company_by_id("FC")
    assert (fc.min_price, fc.max_price) == (75, 225)


def test_special_tiles_only_by_their_privates() -> None:
    game = new_game("1888", ["a", "b", "c"], seed=1, optional_rules=["north"])
    rules = game.track_rules
    by_name = {t.name: t for t in game.tiles}
    e17, f16, h2, c5 = (game.hex_by_id(h).tile for h in ("E17", "F16", "H2", "C5"))
    assert rules.upgrades_to(e17, by_name["L40a"], True) and not rules.upgrades_to(e17, by_name["L40b"], True)
    assert rules.upgrades_to(f16, by_name["L40b"], True) and not rules.upgrades_to(f16, by_name["L40a"], True)
    assert rules.upgrades_to(h2, by_name["L39"], True) and not rules.upgrades_to(h2, by_name["L39"], False)
    assert rules.upgrades_to(c5, by_name["L41"], True) and not rules.upgrades_to(c5, by_name["L41"], False)
    assert rules.upgrades_to(c5, by_name["8"], False)


def test_destination_bonus_and_mine_subsidy() -> None:
    game = new_game("1888", ["a", "b", "c"], seed=1, optional_rules=["north"])
    jzr = game.corporation_by_id("JZR")  # home Beijing (C9), destination B6 (+40)

    def stop(hex_id: str, revenue: int) -> Any:
        return SimpleNamespace(hex=game.hex_by_id(hex_id), revenue=revenue)

    route = SimpleNamespace(train=SimpleNamespace(owner=jzr))
    stops = [stop("C9", 30), stop("B6", 10)]
    import engine.titles.g1888.rules as rules_module

    base = rules_module.base_revenue_for
    try:
        rules_module.base_revenue_for = lambda _route, found: sum(s.revenue for s in found)  # type: ignore[assignment]
        assert game.revenue_for(route, stops) == 40 + 40  # type: ignore[arg-type]
        assert game.revenue_for(route, [*stops[:1], stop("D10", 10)]) == 40  # type: ignore[arg-type]
    finally:
        rules_module.base_revenue_for = base  # type: ignore[assignment]
    assert game.subsidy_for(route, [stop("C5", 0)]) == 40  # type: ignore[arg-type]
    assert game.subsidy_for(route, stops) == 0  # type: ignore[arg-type]


def test_claimed_subsidy_must_be_earned() -> None:
    path = fixture("1888", "1888_game_end_bankrupt.json")
    game = load_game(path, upto=234)  # JZR runs C9-B6-C5 (the mine): subsidy 40
    from tests.engine.moves_b_helpers import action_at

    action = action_at(path, 234)
    trains = tuple(r["train"] for r in action["routes"])
    assert route_set_refusal(game, "JZR", trains, action) is None
    wrong = {**action, "subsidy": 80}
    assert "subsidy of 40, not 80" in str(route_set_refusal(game, "JZR", trains, wrong))
    routes = [{**action["routes"][0], "subsidy": 0}]
    # a route may record less than it earns (the site pays the recorded figure), but then the total claimed (40)
    # is more than the routes' recorded subsidies (0): refused
    assert "subsidy of 0, not 40" in str(route_set_refusal(game, "JZR", trains, {**action, "routes": routes}))


def test_forbidden_city_exchanges_into_corporations_in_beijing() -> None:
    game = load_game(fixture("1888", "128097.json"))
    in_beijing = [t.corporation for c in game.hex_by_id("C9").tile.cities for t in c.tokens if t is not None]
    assert game.exchange_corporations(None) == [c for c in in_beijing if not c.closed]


def test_no_other_lay_offered_between_paired_ferry_lays() -> None:
    from engine.moves import legal_moves

    game = load_game(fixture("1888", "128097.json"), upto=193)  # YRF laid Dalian's ferry; Yantai's must follow
    lays = [m for m in legal_moves(game) if m.type == "lay_tile"]
    assert lays and {m.entity for m in lays} == {"YRF"}
    assert [(m.hex, m.tile, m.rotations) for m in lays] == [("F16", "L40b", (0,))]  # type: ignore[attr-defined]


def test_add_subsidies_writes_what_the_routes_earn() -> None:
    from engine.moves.route import add_subsidies
    from tests.engine.moves_b_helpers import action_at

    path = fixture("1888", "1888_game_end_bankrupt.json")
    game = load_game(path, upto=234)
    action = action_at(path, 234)
    entries = [{k: v for k, v in r.items() if k != "subsidy"} for r in action["routes"]]
    assert add_subsidies(game, entries) == 40 == action["subsidy"]
    assert [e["subsidy"] for e in entries] == [r["subsidy"] for r in action["routes"]]
    assert add_subsidies(new_game("1830", ["a", "b", "c"], seed=1), [{"train": "2-0"}]) == 0


def test_east_map_is_its_own_game() -> None:
    """1888-E (the reference's draft East map): its hexes, eight corporations, one private, 1888-N's bank."""
    assert title_for(["east"]) is EAST_TITLE
    both = title_for(["north", "east"])
    assert both.hexes is EAST_TITLE.hexes and both.tiles["611"] == NORTH_VARIANT_TILES["611"]
    game = new_game("1888", ["a", "b", "c", "d"], seed=3, optional_rules=["east"])
    assert [c.id for c in game.companies] == ["KT"]
    assert [c.id for c in game.corporations] == ["LHR", "YTR", "XYR", "HUN", "WJR", "HHR", "HEN", "XGY"]
    assert all(c.float_percent == 60 for c in game.corporations) and game.bank.cash < 9_000  # cash dealt out
    assert len({h.id for h in game.hexes}) == 69  # G5 is written twice by the reference: the plain city stands
    assert game.hex_by_id("G5").tile.cities and game.hex_by_id("B12").location_name == "Xuzhou"
    # every home names city 1: a one-city home reserves its only city (F20 holds HHR and HEN)
    f20 = game.hex_by_id("F20").tile.cities[0]
    assert [getattr(r, "id", None) for r in f20.reservations] == ["HHR", "HEN"]
    e15 = game.hex_by_id("E15").tile.cities
    assert [getattr(r, "id", None) for r in e15[1].reservations] == ["HUN"]


def test_east_destinations(monkeypatch: pytest.MonkeyPatch) -> None:
    """LHR's two destinations each pay ¥20 on a route from its home (A9)."""
    from engine.titles.g1888 import rules

    monkeypatch.setattr(rules, "base_revenue_for", lambda _route, _stops: 0)
    game = Game1888.__new__(Game1888)
    route: Any = SimpleNamespace(train=SimpleNamespace(owner=SimpleNamespace(id="LHR", coordinates="A9")))

    def stops(*hexes: str) -> Any:
        return [SimpleNamespace(hex=SimpleNamespace(id=h)) for h in hexes]

    assert game.revenue_for(route, stops("A9", "B12")) == 20
    assert game.revenue_for(route, stops("A9", "B12", "C3")) == 40
    assert game.revenue_for(route, stops("B12", "C3")) == 0
