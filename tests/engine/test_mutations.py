"""Property test: a player's action that is not quite right is refused cleanly, never crashes the engine.

Hypothesis takes a real game at some point and a real next action, bends one field of it (another hex,
tile, price, company, share, train, acting entity...) and submits it as live play.  The engine must either
accept it (and keep every dollar accounted for) or refuse it with a ``GameError`` and leave the game exactly
as it was.  Any other exception is an engine bug.
"""

from __future__ import annotations

import copy
import os
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import GameError
from engine.core.history import filter_actions
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import fixture_files

FIXTURES = [p for title in ("1830", "1889", "18Chesapeake", "1846") for p in fixture_files(title)[:1]]
pytestmark = pytest.mark.skipif(not FIXTURES, reason="../shared/fixtures is absent")


@cache
def timeline(path: str) -> Any:
    from desktop.timeline import GameTimeline

    return GameTimeline(GameRecord.load(path))


def mutate(action: dict[str, Any], game: Any, choice: int, number: int) -> dict[str, Any]:
    bent = copy.deepcopy(action)
    bent.pop("auto_actions", None)
    bent.pop("id", None)
    pools: dict[str, list[Any]] = {
        "hex": [h.id for h in game.hexes],
        "tile": [t.id for t in game.tiles[:40]],
        "company": [c.sym for c in game.companies],
        "corporation": [c.name for c in game.corporations],
        "train": [t.id for t in game.depot.trains[:30]],
        "city": list(game._cities_by_id)[:60],
    }
    fields = [k for k in bent if k in pools or k in ("price", "rotation", "shares", "percent", "kind")]
    if not fields or choice % 5 == 0:
        players = [p.id for p in game.players]
        bent["entity"] = players[number % len(players)]
        bent["entity_type"] = "player"
        return bent
    key = fields[choice % len(fields)]
    if pools.get(key):
        bent[key] = pools[key][number % len(pools[key])]
    elif key == "price":
        bent[key] = [0, 1, 5, -10, 10_000, bent[key] + 5][number % 6]
    elif key == "rotation":
        bent[key] = number % 6
    elif key == "shares":
        bent[key] = [s.id for s in game.corporations[number % len(game.corporations)].all_shares[:1 + number % 3]]
    elif key == "percent":
        bent[key] = [10, 20, 30, 0][number % 4]
    elif key == "kind":
        bent[key] = ["payout", "withhold", "half"][number % 3]
    return bent


@settings(max_examples=int(os.environ.get("TRACKLAYER_MUTATIONS", "60")), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fixture=st.sampled_from(FIXTURES), where=st.floats(0, 0.999), choice=st.integers(0, 50),
       number=st.integers(0, 10_000))
def test_bent_actions_are_accepted_or_refused_cleanly(fixture: Any, where: float, choice: int, number: int) -> None:
    tl = timeline(str(fixture))
    index = int(where * tl.size)
    game = tl.game_at(index).copy()
    game.finish_loading()
    kept, _ = filter_actions(tl.record.actions)
    next_position = tl.positions[index] if index < tl.size else None
    if next_position is None:
        return
    action = kept[next_position]
    assert action is not None
    bent = mutate(action, game, choice, number)
    before = state_of(game)
    total = game.cash_total()
    try:
        game.apply(bent)
    except GameError as exc:
        assert str(exc)
        assert state_of(game) == before
        return
    assert game.cash_total() == total
