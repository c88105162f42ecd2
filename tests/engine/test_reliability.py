"""Issue 23 (reliability) on the engine side: refusals change nothing through every entry point, a game's
recorded actions always replay to its state, the state digest."""

from __future__ import annotations

import json
from typing import Any

from engine import load_game
from engine.core.digest import state_digest, state_lines
from engine.core.undo import rebuild_in_place
from engine.record import GameRecord
from tests.conftest import FIXTURES, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"


def _source() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(shared_or_skip(GAME_1830).read_text())
    return data


def test_the_digest_sees_values_shape_and_order_but_not_caches() -> None:
    game = load_game(_source() | {"actions": _source()["actions"][:40]})
    same = load_game(_source() | {"actions": _source()["actions"][:40]})
    assert state_digest(game) == state_digest(same)
    same._players_by_id = {}  # a cache: not state
    assert state_digest(game) == state_digest(same)
    same.players[0].cash += 1
    assert state_digest(game) != state_digest(same)
    same.players[0].cash -= 1
    same.players.reverse()
    assert state_digest(game) != state_digest(same)
    assert len(state_lines(game)) > 1000


def test_load_upto_before_a_later_undo_keeps_a_raw_list_that_replays_to_its_state() -> None:
    source = _source()
    actions = source["actions"][:30]
    undo = {"type": "undo", "entity": actions[-1]["entity"], "entity_type": actions[-1]["entity_type"],
            "id": 31}
    record = GameRecord.from_dict(source | {"actions": [*actions, undo, *source["actions"][29:35]]})
    for upto in (30, 31, 33):
        game = load_game(record, upto=upto)
        before = state_digest(game)
        rebuild_in_place(game, game.raw_actions)  # what a refusal half-way or an undo does
        assert state_digest(game) == before, upto
    game = load_game(record, upto=30)
    assert len(game.actions) == 29  # the undone action stays undone
    game.apply({"type": "undo", "entity": actions[-2]["entity"], "entity_type": actions[-2]["entity_type"]})
    assert len(game.actions) == 28
