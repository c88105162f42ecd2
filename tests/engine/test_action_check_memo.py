"""The memo of scalar field checks in ``Action.from_dict`` (``engine.core.actions._CHECKED_SCALARS``) changes no
answer: every action of real games of several titles parses to the same action with the memo as without it, and a
value the checks refuse is refused however many accepted values the memo holds."""

from __future__ import annotations

import pytest

from engine import build_game
from engine.core import actions as core_actions
from engine.core.actions import Action
from engine.errors import InvalidAction
from engine.record import GameRecord
from engine.titles.registry import fixture_folder
from tests.conftest import fixture_files

TITLES = ("1830", "18Chesapeake: Off the Rails", "1847 AE", "18Rhl", "1817", "1822PNW Short Scenario")
GAMES = [path for title in TITLES for path in fixture_files(fixture_folder(title))[:1]]


def _parsed(data: dict, registry: object, *, memo: bool) -> object:
    """``from_dict``'s answer (the action's dict, or the refusal's message) with the memo on or emptied first."""
    if not memo:
        core_actions._CHECKED_SCALARS.clear()
    try:
        return Action.from_dict(data, 0, action_types=registry).to_dict()  # type: ignore[arg-type]
    except InvalidAction as exc:
        return f"refused: {exc}"


@pytest.mark.skipif(not GAMES, reason="../shared/fixtures is absent")
@pytest.mark.parametrize("path", GAMES, ids=[p.parent.name for p in GAMES])
def test_every_action_of_a_real_game_parses_alike_with_and_without_the_memo(path) -> None:
    record = GameRecord.load(path)
    registry = build_game(record).ACTION_TYPES
    for data in record.actions:
        cold = _parsed(data, registry, memo=False)
        Action.from_dict(data, 0, action_types=registry) if not isinstance(cold, str) else None  # fill the memo
        assert _parsed(data, registry, memo=True) == cold


def test_a_refused_value_stays_refused_after_accepted_ones() -> None:
    bid = {"type": "bid", "entity": 1, "entity_type": "player", "company": "SV", "price": 20}
    Action.from_dict(bid, 0)
    assert ("price", int, 20, (int,)) in core_actions._CHECKED_SCALARS
    # True == 1 and hashes alike: the memo keeps the value's type, so an accepted 1 never lets true through
    Action.from_dict({**bid, "price": 1}, 0)
    with pytest.raises(InvalidAction, match="price should be a whole number, not true"):
        Action.from_dict({**bid, "price": True}, 0)
    with pytest.raises(InvalidAction, match="price should be between"):
        Action.from_dict({**bid, "price": -5}, 0)
    with pytest.raises(InvalidAction, match="price should be between"):
        Action.from_dict({**bid, "price": -5}, 0)  # refused twice: a refusal is never remembered
    with pytest.raises(InvalidAction, match="company is too long"):
        Action.from_dict({**bid, "company": "X" * 201}, 0)


def test_the_memo_starts_again_when_a_rule_layer_adds_checks(monkeypatch) -> None:
    bid = {"type": "bid", "entity": 1, "entity_type": "player", "company": "SV", "price": 20}
    Action.from_dict(bid, 0)
    monkeypatch.setitem(core_actions.INT_RANGES, "price", (0, 10))
    with pytest.raises(InvalidAction, match="price should be between 0 and 10"):
        Action.from_dict(bid, 0)
