"""Property test: real auction and stock-round actions, bent, submitted in live play.

The engine must refuse a bent action with a ``GameError`` and change nothing, or accept it; when it accepts,
the action was one of the legal moves of the state (the strict check is the legal-move list), and every
dollar is still accounted for.
"""

from __future__ import annotations

import copy
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import load_game
from engine.core.history import filter_actions
from engine.errors import GameError
from engine.moves import check_action
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import fixture_files

FIXTURES = [p for title in ("1830", "1889", "18Chesapeake", "1846") for p in fixture_files(title)[:1]]
pytestmark = pytest.mark.skipif(not FIXTURES, reason="../shared/fixtures is absent")
FAMILIES = ("bid", "par", "buy_shares", "sell_shares", "buy_company", "pass", "assign", "bankrupt")


@cache
def positions(path: Path) -> list[int]:
    """Raw positions just before an action of one of A's families (at most 12, spread over the game)."""
    record = GameRecord.load(path)
    kept, _ = filter_actions(record.actions)
    found = [i for i, a in enumerate(kept) if a is not None and a.get("type") in FAMILIES]
    step = max(1, len(found) // 12)
    return found[::step][:12]


@cache
def game_before(path: Path, position: int) -> Any:
    return load_game(path, upto=position)


def bend(action: dict[str, Any], game: Any, choice: int, number: int) -> dict[str, Any]:
    bent = copy.deepcopy(action)
    for key in ("auto_actions", "id", "original_id", "created_at", "user"):
        bent.pop(key, None)
    corporations = game.corporations
    options: list[tuple[str, Any]] = [
        ("price", [0, 1, -5, 5, 10_000, (bent.get("price") or 0) + 5, (bent.get("price") or 0) - 5][number % 7]),
        ("company", [c.id for c in game.companies][number % len(game.companies)]),
        ("corporation", corporations[number % len(corporations)].id),
        ("shares", [s.id for s in corporations[number % len(corporations)].all_shares[: 1 + number % 3]]),
        ("percent", [10, 20, 30, 0, 5][number % 5]),
        ("share_price", [sp.id for row in game.stock_market.market for sp in row if sp is not None][
            number % len([sp for row in game.stock_market.market for sp in row if sp is not None])]),
        ("entity", game.players[number % len(game.players)].id),
    ]
    key, value = options[choice % len(options)]
    if key == "entity":
        bent["entity_type"] = "player"
    bent[key] = value
    return bent


@settings(max_examples=int(os.environ.get("TRACKLAYER_MUTATIONS", "60")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(fixture=st.sampled_from(FIXTURES), index=st.integers(0, 11), choice=st.integers(0, 60),
       number=st.integers(0, 10_000))
def test_bent_share_and_auction_actions_are_legal_moves_or_refused_cleanly(
        fixture: Path, index: int, choice: int, number: int) -> None:
    spots = positions(fixture)
    position = spots[index % len(spots)]
    game = game_before(fixture, position).copy()
    game.finish_loading()
    kept, _ = filter_actions(GameRecord.load(fixture).actions)
    action = bend(dict(kept[position]), game, choice, number)
    before = state_of(game)
    cash = game.cash_total()
    legal = True
    try:
        check_action(game, action)
    except GameError:
        legal = False
    try:
        game.process_action(action)
    except GameError:
        assert state_of(game) == before, f"refused {action} but the game changed"
        return
    assert legal, f"accepted {action}, which is not a legal move"
    assert game.cash_total() == cash
