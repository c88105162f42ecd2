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


def full_state(game: Any) -> dict[str, Any]:
    """More than the trace fields: the log, the action lists, the generator, the round and its steps, every
    train's owner, the tiles on the map and in the supply."""
    return {
        "trace": state_of(game),
        "log": list(game.log_lines),
        "raw": [dict(a) for a in game.raw_actions],
        "actions": len(game.actions),
        "rng": (game.rng.state, game.rng.calls),
        "round": (type(game.round).__name__, game.turn, game.round_counter, game.finished,
                  [(type(s).__name__, bool(getattr(s, "passed", False))) for s in game.round.steps]),
        "trains": [(t.id, getattr(t.owner, "name", None), t.rusted, t.obsolete) for t in game.depot.trains],
        "map": [(h.id, h.tile.id, h.tile.rotation) for h in game.hexes],
        "supply": sorted(t.id for t in game.tiles),
        "companies": [(c.sym, getattr(c.owner, "name", None), c.closed) for c in game.companies],
    }


@settings(max_examples=int(os.environ.get("TRACKLAYER_MUTATIONS", "60")) // 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(fixture=st.sampled_from(FIXTURES), where=st.floats(0, 0.999), choice=st.integers(0, 50),
       number=st.integers(0, 10_000), live=st.booleans())
def test_bent_actions_refused_through_process_action_change_nothing(
        fixture: Any, where: float, choice: int, number: int, live: bool) -> None:
    """``process_action`` (live play, or loading with the legality checks off) refuses a bent action and leaves
    the whole game as it was; the real next action then applies as if nothing had happened."""
    tl = timeline(str(fixture))
    index = int(where * tl.size)
    next_position = tl.positions[index] if index < tl.size else None
    if next_position is None:
        return
    game = tl.game_at(index).copy()
    if live:
        game.finish_loading()
    kept, _ = filter_actions(tl.record.actions)
    action = kept[next_position]
    assert action is not None
    bent = mutate(action, game, choice, number)
    before = full_state(game)
    try:
        game.process_action(bent)
    except GameError as exc:
        assert str(exc)
        assert full_state(game) == before
        assert game.share_rules.game is game and all(s.game is game for s in game.round.steps)
        game.loading = True  # the recorded action, as a saved game loads it
        game.process_action(action)
        assert state_of(game) == state_of(tl.game_at(index + 1))


def buy_train_positions(path: str) -> list[int]:
    tl = timeline(path)
    kept, _ = filter_actions(tl.record.actions)
    return [i for i, p in enumerate(tl.positions) if (kept[p] or {}).get("type") == "buy_train"]


@pytest.mark.parametrize("fixture", FIXTURES[:2], ids=lambda p: p.name)
def test_refused_train_purchases_change_nothing_even_half_way(fixture: Any) -> None:
    """Train purchases bent so that the step refuses them while processing (no live checks first): the game
    is exactly as before."""
    tl = timeline(str(fixture))
    kept, _ = filter_actions(tl.record.actions)
    refused = 0
    for index in buy_train_positions(str(fixture))[:6]:
        action = kept[tl.positions[index]]
        assert action is not None
        for bend in ({"price": 10_000}, {"price": -10}, {"price": 1}):
            game = tl.game_at(index).copy()
            bent = {k: v for k, v in action.items() if k not in ("auto_actions", "id")} | bend
            before = full_state(game)
            try:
                game.process_action(bent)
            except GameError:
                refused += 1
                assert full_state(game) == before, (index, bend)
    assert refused
