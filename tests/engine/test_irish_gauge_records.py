"""Irish Gauge records and tools: the exported JSON (title, players, seed, optional rules, actions) reopens and
replays identically through the public API; the rules page lists every ruling; playouts biased towards
building reach the track limit and sell railways out without breaking an invariant."""

from __future__ import annotations

import json
import random

import pytest

import engine.titles.registry as registry
from engine import GameRecord, load_game
from engine.errors import GameError
from engine.moves.registry import legal_moves
from engine.titles.irish_gauge.game import IrishGaugeGame
from engine.titles.irish_gauge.rulings import RULES, RULINGS, rules_html, rules_text
from tests.engine.irish_gauge_helpers import random_game, state

TITLE = "Irish Gauge"


def test_the_title_is_registered_as_a_kernel_title() -> None:
    assert registry.is_kernel_title(TITLE) and TITLE in registry.supported_titles()
    assert registry.load_title(TITLE) is IrishGaugeGame
    spec = registry.title_spec(TITLE)
    assert spec.player_range == (3, 5) and [o.sym for o in spec.optional_rules] == ["seats_as_listed"]


def export(game: IrishGaugeGame) -> dict:
    players, game_id, seed, options = game.setup_args
    return {"id": game_id, "title": game.title, "players": [{"id": pid, "name": name} for pid, name in players],
            "settings": {"seed": seed, "optional_rules": options}, "actions": list(game.raw_actions),
            "result": game.result() if game.finished else {}, "status": "finished" if game.finished else "active"}


@pytest.mark.parametrize("seed", [3, 8, 13])
def test_an_exported_game_reopens_and_replays_identically(seed: int) -> None:
    game = random_game(seed)
    data = json.loads(json.dumps(export(game)))
    assert data["title"] == "Irish Gauge" and data["settings"]["seed"] == seed
    loaded = load_game(data)
    assert isinstance(loaded, IrishGaugeGame)
    assert state(loaded)[:-3] == state(game)[:-3] and loaded.result() == game.result()
    assert loaded.game_end_reason == "supply_empty"
    # part-way: the same state as the live game had after that many actions
    half = len(game.raw_actions) // 2
    partial = load_game(data, upto=half)
    again = random_game(seed, stop=half)
    assert state(partial)[:-3] == state(again)[:-3]


def test_a_new_record_starts_a_game_with_its_seed_and_options() -> None:
    record = GameRecord.new(TITLE, ["Ann", "Bob", "Cy"], seed=77, optional_rules=["seats_as_listed"])
    game = load_game(record.to_dict())
    assert [p.name for p in game.players] == ["Ann", "Bob", "Cy"] and game.optional_rules == ["seats_as_listed"]
    assert game.round.current_entity().name == "Ann"


def test_a_damaged_record_is_refused_with_a_readable_error() -> None:
    game = random_game(4, stop=12)
    data = export(game)
    data["actions"].append({"type": "build_track", "entity": 1, "entity_type": "player", "corporation": "XYZ",
                            "hex": "H10", "id": 999})
    with pytest.raises(GameError, match="unknown railway 'XYZ'"):
        load_game(data)


def test_the_rules_page_lists_the_rules_and_every_ruling() -> None:
    page = rules_html()
    text = rules_text()
    for title, _ in (*RULES, *RULINGS):
        assert title in text
        assert title.replace("&", "&amp;") in page
    assert "£12" in text and "19 tracks" in text and "rounded up" in text


def test_building_heavy_playouts_reach_the_limits_without_breaking_an_invariant() -> None:
    weights = {"build_track": 30, "bid": 6, "special_interest": 2, "call_dividends": 1, "pass": 3}
    full = sold_out = 0
    for seed in range(8):
        rng = random.Random(seed)
        game = IrishGaugeGame([(i, f"P{i}") for i in range(1, rng.randint(3, 5) + 1)], seed=seed, strict=True)
        while not game.finished:
            moves = legal_moves(game).moves
            move = rng.choices(moves, [weights.get(m.type, 1) for m in moves])[0]
            action = move.sample(rng)
            action["id"] = len(game.raw_actions) + 1
            game.process_action(action)
            assert game.invariant_problem() is None
            assert all(len(r.tracks) <= 19 for r in game.railways)
        full += any(r.tracks_left == 0 for r in game.railways)
        sold_out += any(not r.unsold() for r in game.railways)
    assert full >= 4 and sold_out >= 4
