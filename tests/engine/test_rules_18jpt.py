"""18JP-T: the title's set-up and its own rules, on positions of the real games (which replay exactly in
tests/engine/test_fixtures.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from engine.map.route import base_revenue_for, routes_from_action, stop_revenue
from engine.steps.route import route_host
from engine.titles.g18jpt.rules import Game18JPT, has_double_tile_lay
from engine.titles.registry import fixture_folder, load_title

FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "18JPT"
BANK = "18JPT_game_end_bank.json"
BANKRUPT = "18JPT_game_end_bankrupt.json"


def fixture(name: str, upto: int) -> Any:
    path = FIXTURES / name
    if not path.exists():
        pytest.skip("../shared fixtures not present")
    return load_game(path, upto=upto)


def action_at(name: str, position: int) -> dict[str, Any]:
    return dict(json.loads((FIXTURES / name).read_text())["actions"][position])


def test_registered_under_the_export_title() -> None:
    assert load_title("18JP-T") is Game18JPT
    assert fixture_folder("18JP-T") == "18JPT"


def test_setup_puts_three_tobu_shares_in_the_pool_and_marks_destinations() -> None:
    game = Game18JPT([(1, "a"), (2, "b"), (3, "c")])
    tobu = game.corporation_by_id("TR")
    assert sorted(s.id for s in game.share_pool.shares_of(tobu)) == ["TR_6", "TR_7", "TR_8"]
    assert game.hex_by_id("H84").assigned("TR")
    assert game.hex_by_id("A93").assigned("TC")
    assert game.hex_by_id("D98").assigned("KEER") and game.hex_by_id("H92").assigned("KEER")


def test_a_destination_stop_pays_double() -> None:
    game = fixture(BANK, 130)
    action = action_at(BANK, 130)
    assert action["entity"] == "KC"
    recorded = next(r for r in action["routes"] if "A87" in r["hexes"])
    assert recorded["revenue_str"] == "B88-A87 + Bonus from A87"
    entry = {k: v for k, v in recorded.items() if k not in ("revenue", "revenue_str")}
    route = routes_from_action(route_host(game), [entry])[0]
    hachioji = next(s for s in route.stops if s.hex.id == "A87")
    value = stop_revenue(hachioji, game.phase.tiles, route.train)
    assert route.computed_revenue() == recorded["revenue"] == 80
    assert sum(stop_revenue(s, game.phase.tiles, route.train) for s in route.stops) + value == 80
    assert base_revenue_for(route, route.stops) == 80


def test_tobu_gets_its_second_home_token_on_koshigaya() -> None:
    game = fixture(BANK, 113)
    tobu = game.corporation_by_id("TR")
    homes = [t.city.hex.id for t in tobu.tokens if t.used]
    assert homes[:2] == ["A77", "H76"]


def test_tokening_the_destination_gives_tobu_two_lays() -> None:
    before, after = fixture(BANK, 263), fixture(BANK, 264)
    assert not has_double_tile_lay(before.corporation_by_id("TR"))
    tobu = after.corporation_by_id("TR")
    assert has_double_tile_lay(tobu)
    assert not after.hex_by_id("H84").assigned("TR")
    assert len(after.track_rules.tile_lays(tobu)) == 2
    assert "-- TR activates its ability: Lay or upgrade two tiles --" in after.log_lines


def test_tokyus_destination_gives_a_train_discount() -> None:
    game = fixture(BANKRUPT, 154)
    tokyu = game.corporation_by_id("TC")
    assert [a.type for a in tokyu.abilities if a.type in ("assign_hexes", "train_discount")] == ["train_discount"]


def test_seibu_is_paid_for_a_tile_on_a_town() -> None:
    before, after = fixture(BANK, 140), fixture(BANK, 141)
    seibu_before, seibu_after = before.corporation_by_id("SER").cash, after.corporation_by_id("SER").cash
    action = action_at(BANK, 140)
    assert action["entity"] == "SER" and action["type"] == "lay_tile"
    assert before.hex_by_id(action["hex"]).tile.towns
    assert "SER receives a ¥100 subsidy from the bank" in after.log_lines
    assert seibu_after > seibu_before - 200  # the subsidy came in (the lay's terrain cost aside)


def test_tokyu_lays_once_more_per_town_tile() -> None:
    game = Game18JPT([(1, "a"), (2, "b"), (3, "c")])
    tokyu = game.corporation_by_id("TC")
    assert len(game.track_rules.tile_lays(tokyu)) == 1
    game.round.num_additional_lays = 2  # two town tiles laid this round
    assert len(game.track_rules.tile_lays(tokyu)) == 3
    assert len(game.track_rules.tile_lays(game.corporation_by_id("SER"))) == 1


def test_kamata_green_upgrades_only_to_611() -> None:
    game = Game18JPT([(1, "a"), (2, "b"), (3, "c")])
    kamata = game.hex_by_id("F92").tile
    assert kamata.color == "green"
    others = [t for t in game.tiles if t.color == "brown" and t.name != "611"]
    assert not any(game.track_rules.upgrades_to(kamata, t) for t in others)
