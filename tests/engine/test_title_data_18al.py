"""18AL: the title's data and the rules it adds, on states built by hand (the real games are replayed by
test_fixtures.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine.errors import GameError
from engine.map.tile import Tile
from engine.moves import legal_moves
from engine.steps.single_depot_train_buy import SingleDepotTrainBuy
from engine.titles.g18al.rules import Game18AL
from engine.titles.g18al.steps import Assign18AL
from engine.titles.registry import load_title, title_spec
from tests.engine.test_steps_single_depot_special_buy import act, goto_step, par, start_or

PLAYERS = [(1, "a"), (2, "b"), (3, "c")]


def test_registered_with_its_facts() -> None:
    assert load_title("18AL") is Game18AL
    spec = title_spec("18AL")
    assert spec.player_range == (3, 5) and spec.layout == "flat"
    game = Game18AL(PLAYERS)
    assert {c.id: (c.min_price, c.max_price) for c in game.companies}["M&C"] == (50, 150)
    assert sum(1 for t in game.depot.trains if t.name == "4D") == 5
    assert sum(1 for t in Game18AL(PLAYERS, optional_rules=["unlimited_4d"]).depot.trains if t.name == "4D") == 8


def test_montgomery_upgrades_only_to_its_m_tile_and_the_lumber_terminal_never() -> None:
    game = Game18AL(PLAYERS)
    yellow = Tile.for_catalogue("57", 0)
    game.hex_by_id("L5").lay(yellow)
    assert game.track_rules.upgrades_to(yellow, Tile.for_catalogue("443a", 0))
    assert not game.track_rules.upgrades_to(yellow, Tile.for_catalogue("15", 0))
    lumber = Tile.for_catalogue("445", 0)
    game.hex_by_id("G2").lay(lumber)
    assert not game.track_rules.upgrades_to(lumber, Tile.for_catalogue("9", 1))


def test_options_move_the_ln_home_and_make_the_4_trains_rust() -> None:
    game = Game18AL(PLAYERS, optional_rules=["LN_home_city_moved", "hard_rust_t4"])
    assert game.corporation_by_id("L&N").coordinates == "C4"
    nashville = game.hex_by_id("A4")
    assert nashville.tile.offboards and not nashville.tile.cities
    four = next(t for t in game.depot.trains if t.name == "4")
    assert (four.rusts_on, four.obsolete_on) == ("7", None)
    plain = next(t for t in Game18AL(PLAYERS).depot.trains if t.name == "4")
    assert (plain.rusts_on, plain.obsolete_on) == (None, "7")


def _route(corporation: Any, *hexes: str) -> Any:
    route = SimpleNamespace(corporation=corporation, hexes=[SimpleNamespace(id=h) for h in hexes], routes=[])
    return route


def test_route_markers_pay_once_per_run_to_the_last_route_earning_them() -> None:
    game = Game18AL(PLAYERS)
    corp = game.corporation_by_id("WRA")
    for kind, hexes, amount in (("atlanta_birmingham", ["G8", "G4"], 20), ("mobile_nashville", ["Q2", "A4"], 40)):
        corp.add_ability({"type": kind, "hexes": hexes, "amount": amount})
    first, second, third = _route(corp, "G8", "G4", "A4", "Q2"), _route(corp, "G4", "L5", "G8"), _route(corp, "L5")
    for route in (first, second, third):
        route.routes = [first, second, third]
    assert [game.marker_bonuses(r) for r in (first, second, third)] == [40, 20, 0]
    assert game.marker_bonuses(_route(game.corporation_by_id("M&O"), "G8", "G4")) == 0


def test_coal_token_bonus_counts_each_stop_in_its_city() -> None:
    game = Game18AL(PLAYERS)
    corp = game.corporation_by_id("ABC")
    stops = [SimpleNamespace(hex=SimpleNamespace(id="G4")), SimpleNamespace(hex=SimpleNamespace(id="G6"))]
    assert game.coal_bonus(SimpleNamespace(corporation=corp), stops) == 0
    corp.add_ability({"type": "hexes_bonus", "hexes": ["G4"], "amount": 10})
    assert game.coal_bonus(SimpleNamespace(corporation=corp), stops) == 10


def _abc_with(game: Game18AL, company: str) -> Any:
    abc = par(game, "ABC", 70, [(0, 6)])
    snar = game.company_by_id(company)
    snar.owner = abc
    abc.companies.append(snar)
    start_or(game)
    return abc


def test_coal_token_needs_a_train_and_is_offered_only_where_allowed() -> None:
    game = Game18AL(PLAYERS, strict=True)
    abc = _abc_with(game, "SNAR")
    step = next(s for s in game.round.steps if isinstance(s, Assign18AL))
    snar = game.company_by_id("SNAR")
    anniston = game.hex_by_id("G6")
    assert step.available_hex(snar, anniston) is None  # ABC owns no train
    assert not [m for m in legal_moves(game).moves if m.type == "assign"]
    with pytest.raises(GameError, match="owns no trains"):
        act(game, "assign", snar, target="G6", target_type="hex")
    train = next(t for t in game.depot.trains if t.name == "2")
    game.train_rules.buy_train(abc, train)
    assert step.available_hex(snar, anniston) is None  # no track at its home yet: nothing is reachable
    anniston.lay(Tile.for_catalogue("57", 0))
    game.graph.clear()
    assert step.available_hex(snar, anniston) is not None  # its home, now on track: reachable
    assert step.available_hex(snar, game.hex_by_id("H3")) is None
    act(game, "assign", snar, target="G6", target_type="hex")
    bonus = game.ability_rules.abilities(abc, "hexes_bonus")
    assert [a.extra.get("hexes") for a in bonus] == [["G6"]]
    game.train_rules.event_remove_tokens()
    assert not game.ability_rules.abilities(abc, "hexes_bonus")


def test_new_decatur_yards_buys_at_half_price_in_the_single_depot_step() -> None:
    game = Game18AL(PLAYERS, strict=True)
    abc = _abc_with(game, "NDY")
    step = goto_step(game, SingleDepotTrainBuy)
    assert step.type_name() == "single_depot_train_buy"
    ndy = game.company_by_id("NDY")
    assert "buy_train" in game.round.actions_for(ndy)
    two = next(t for t in game.depot.depot_trains() if t.name == "2")
    act(game, "buy_train", abc, train=two.id, price=two.price)
    assert two in abc.trains
