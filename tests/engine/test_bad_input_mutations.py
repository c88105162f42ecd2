"""Property test: any bent version of a real action, submitted live, is accepted or refused with a
``GameError``; a refusal changes nothing.

Unlike tests/engine/test_mutations.py (which bends values into other *valid* ids), this one also breaks
the shape of actions: fields of the wrong type (lists, objects, null, huge or odd numbers), fields dropped
or added, another action type, another id, bent routes and share lists, percents that do not match.
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
from engine.actions import ACTION_TYPES
from engine.core.history import filter_actions
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import fixture_files

FIXTURES = [p for title in ("1830", "1889", "18Chesapeake", "1846") for p in fixture_files(title)[:1]]
pytestmark = pytest.mark.skipif(not FIXTURES, reason="../shared/fixtures is absent")

KEYS = ("price", "shares", "percent", "routes", "train", "company", "corporation", "hex", "tile", "rotation",
        "city", "slot", "kind", "action_id", "entity", "entity_type", "id", "share_price", "exchange", "variant",
        "target", "target_type", "minor", "auto_actions", "amount", "extra_revenue", "message", "type")

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 200), st.integers(-(10**15), 10**15),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=4), st.sampled_from(["PRR", "B&O", "1", "A1"]))
values = st.one_of(
    scalars, st.lists(scalars, max_size=3), st.just([[]]), st.just([None]), st.just({}),
    st.dictionaries(st.text(max_size=3), scalars, max_size=2), st.lists(st.lists(st.text(max_size=3), max_size=2),
                                                                         max_size=2))


@cache
def timeline(path: str) -> Any:
    from desktop.timeline import GameTimeline

    return GameTimeline(GameRecord.load(path))


@cache
def kept_actions(path: str) -> list[Any]:
    return filter_actions(timeline(path).record.actions)[0]


def bend(action: dict[str, Any], game: Any, op: str, key: str, value: Any, number: int) -> dict[str, Any]:
    bent = copy.deepcopy(action)
    bent.pop("auto_actions", None)
    if op == "retype" and bent:
        bent[sorted(bent)[number % len(bent)]] = value
    elif op == "drop" and bent:
        bent.pop(sorted(bent)[number % len(bent)])
    elif op == "add":
        bent[key] = value
    elif op == "kind":
        bent["type"] = sorted(ACTION_TYPES)[number % len(ACTION_TYPES)]
    elif op == "id":
        bent["id"] = value if number % 2 else bent.get("id", 0) + number
    elif op == "route" and bent.get("routes"):
        route = bent["routes"][number % len(bent["routes"])]
        route[("train", "connections", "hexes", "nodes", "revenue", "revenue_str")[number % 6]] = value
    elif op == "shares":
        corporation = game.corporations[number % len(game.corporations)]
        bent["shares"] = [s.id for s in corporation.shares[:1 + number % 3]]
        bent["percent"] = (None, 5, 10, 20, 30, 40, 60, 100)[number % 8]
        if bent["percent"] is None:
            bent.pop("percent")
    elif op == "entity":
        ids = ([p.id for p in game.players] + [c.name for c in game.corporations]
               + [c.sym for c in game.companies] + [m.name for m in getattr(game, "minors", [])])
        bent["entity"] = ids[number % len(ids)]
        bent["entity_type"] = ("player", "corporation", "company", "minor")[number // 7 % 4]
    else:
        bent[key] = value
    return bent


def snapshot(game: Any) -> tuple[Any, ...]:
    return (state_of(game), list(game.log_lines), len(game.raw_actions), len(game.actions), game.finished)


def check(fixture: Any, where: float, op: str, key: str, value: Any, number: int) -> None:
    tl = timeline(str(fixture))
    index = int(where * tl.size)
    if index >= tl.size:
        return
    game = tl.game_at(index).copy()
    game.finish_loading()
    action = kept_actions(str(fixture))[tl.positions[index]]
    bent = bend(action, game, op, key, value, number)
    before = snapshot(game)
    try:
        game.apply(bent)  # anything but GameError fails the test here
    except GameError as exc:
        assert str(exc)
        assert snapshot(game) == before, f"refused {bent} but the game changed"


OPS = st.sampled_from(["retype", "drop", "add", "kind", "id", "route", "shares", "entity", "other"])


@settings(max_examples=int(os.environ.get("TRACKLAYER_BAD_MUTATIONS", "50")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(fixture=st.sampled_from(FIXTURES), where=st.floats(0, 0.999), op=OPS, key=st.sampled_from(KEYS),
       value=values, number=st.integers(0, 10_000))
def test_broken_actions_are_accepted_or_refused_cleanly(fixture: Any, where: float, op: str, key: str, value: Any,
                                                        number: int) -> None:
    check(fixture, where, op, key, value, number)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TRACKLAYER_SLOW"), reason="slow: set TRACKLAYER_SLOW=1")
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(fixture=st.sampled_from(FIXTURES), where=st.floats(0, 0.999), op=OPS, key=st.sampled_from(KEYS),
       value=values, number=st.integers(0, 10_000))
def test_many_broken_actions_are_accepted_or_refused_cleanly(fixture: Any, where: float, op: str, key: str,
                                                             value: Any, number: int) -> None:
    check(fixture, where, op, key, value, number)


def test_an_action_built_in_code_is_checked_like_one_read_from_a_file() -> None:
    from engine import new_game
    from engine.actions import Bid

    game = new_game("1830", ["A", "B", "C", "D"])
    before = snapshot(game)
    with pytest.raises(GameError, match="price"):
        game.apply(Bid(entity=1, company="SV", price=[20]))  # type: ignore[arg-type]
    assert snapshot(game) == before


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize(("index", "train", "price", "variant"), [(45, "4-3", 180, "4"), (54, "2-7", 80, "2")])
def test_1846_train_bought_by_a_corporation_without_president_is_refused(strict: bool, index: int, train: str,
                                                                          price: int, variant: str) -> None:
    """Was an AttributeError (the variant check and the president's loan read a president that is None)."""
    path = next((p for p in fixture_files("1846") if p.name == "10264.json"), None)
    if path is None:
        pytest.skip("../shared/fixtures/1846/10264.json is absent")
    game = timeline(str(path)).game_at(index).copy()
    if strict:
        game.finish_loading()
    assert game.corporation_by_id("C&O").owner is None
    bent = {"type": "buy_train", "entity": "C&O", "entity_type": "corporation", "train": train, "price": price,
            "variant": variant}
    before = snapshot(game)
    with pytest.raises(GameError):
        game.apply(bent) if strict else game.process_action(bent)
    if strict:
        assert snapshot(game) == before
