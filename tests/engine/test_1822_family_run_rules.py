"""Route rules of the 1822 family checked at the table (live play), against real games: 1822MX's permanent 3/2
train earns half its stops (rounded to $10, a half $5 up), and two local trains never run to the same token."""

from __future__ import annotations

import json

import pytest

from engine import load_game
from engine.errors import GameError
from engine.steps.route import build_routes
from tests.conftest import FIXTURES

MX_GAME = FIXTURES / "1822MX" / "fcm_cannot_lay_thru_mexico_city.json"


def _mx_actions() -> list[dict]:
    if not MX_GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    return json.loads(MX_GAME.read_text())["actions"]


@pytest.mark.parametrize("index", [190, 269, 317])
def test_the_3_2_train_earns_half_its_stops_as_the_file_records(index: int) -> None:
    action = _mx_actions()[index]
    game = load_game(MX_GAME, upto=index)
    entries = [{"train": r["train"], "connections": r["connections"]} for r in action["routes"]]
    routes = build_routes(game, entries)
    earned = {r.train.id: r.computed_revenue() for r in routes}
    assert earned == {r["train"]: r["revenue"] for r in action["routes"]}
    assert earned["3/2P-0"] in (50, 30)  # 90 / 2 = 45 -> 50; 50 / 2 = 25 -> 30


def _ndem_run(*runs: tuple[str, str]) -> dict:
    return {
        "type": "run_routes",
        "entity": "NDEM",
        "entity_type": "corporation",
        "routes": [{"train": train, "connections": [["local", hex_id]]} for train, hex_id in runs],
    }


def test_two_local_trains_may_not_run_to_the_same_token() -> None:
    actions = _mx_actions()
    assert actions[217]["entity"] == "NDEM"
    game = load_game(MX_GAME, upto=217)
    with pytest.raises(GameError, match="Local train can only use each token on N23 once"):
        game.validate(_ndem_run(("L-5", "N23"), ("L-6", "N23")))
    game.validate(_ndem_run(("L-5", "N23"), ("L-6", "H11")))  # each token once: legal (the file's run)


CA_GAME = FIXTURES / "1822CA" / "1822CA_game_end_stock_market.json"


@pytest.mark.parametrize("index", [507, 588])
def test_the_sawmill_bonus_goes_to_the_last_of_equally_paid_routes(index: int) -> None:
    """1822CA: the sawmill pays once per run; between routes it pays alike, the site's ``sort_by.reverse.first``
    gives it to the last one (the 3 train here, not the L train listed first)."""
    if not CA_GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    action = json.loads(CA_GAME.read_text())["actions"][index]
    game = load_game(CA_GAME, upto=index)
    entries = [{"train": r["train"], "connections": r["connections"]} for r in action["routes"]]
    routes = build_routes(game, entries)
    assert [r.computed_revenue() for r in routes] == [r["revenue"] for r in action["routes"]]
    assert "Sawmill" in next(r["revenue_str"] for r in action["routes"] if r["train"] == "3-5")


def test_a_loop_back_to_its_start_is_no_route_and_is_paid_as_recorded() -> None:
    """1822CA/1822CA_game_end_bank action 1128: CPR's LP train is stored as AF12-AE11-AE13-AF14-AF12, a walk out of
    AF12's one city and back to it.  A chain joins two different nodes (the reference's ``find_matching_chains``
    skips a start node equal to the end node), so no leg is rebuilt; 1822CA pays such a recorded run as written
    ($80, AF12's city as the LP train's local run)."""
    path = FIXTURES / "1822CA" / "1822CA_game_end_bank.json"
    if not path.exists():
        pytest.skip("../shared/fixtures is absent")
    action = json.loads(path.read_text())["actions"][1128]
    game = load_game(path, upto=1128)
    assert [n.signature for n in game.hex_by_id("AF12").tile.nodes] == ["AF12-0"]
    loop = action["routes"][0]
    route = build_routes(game, [{"train": loop["train"], "connections": loop["connections"]}])[0]
    assert route.connection_data() == []
    local = build_routes(game, [{"train": loop["train"], "connections": [["local", "AF12"]]}])[0]
    assert [n.signature for n in local.visited_stops] == ["AF12-0"]
    assert local.computed_revenue() == loop["revenue"] == 80
    game.process_action(action, 1128)
    assert game.raw_actions[-1]["routes"][0]["connections"] == loop["connections"]
