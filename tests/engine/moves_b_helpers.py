"""Helpers of the operating-round legal-move tests: positions in real games and the moves of a state."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import build_game, load_game
from engine.actions import Action
from engine.core.history import filter_actions
from engine.moves import legal_moves
from engine.moves.base import Move, Unusable
from engine.moves.registry import dispatch, enumerator_for
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import FIXTURES


def fixture(title: str, name: str) -> Path:
    path = FIXTURES / title / name
    if not path.exists():
        pytest.skip(f"{path} is not available (../shared is absent)")
    return path


def positions(path: Path, predicate: Callable[[dict[str, Any]], bool]) -> Iterator[int]:
    """Raw positions of the kept actions of ``path`` that satisfy ``predicate``."""
    kept, _ = filter_actions(GameRecord.load(path).actions)
    for position, data in enumerate(kept):
        if data is not None and predicate(data):
            yield position


def action_at(path: Path, position: int) -> dict[str, Any]:
    kept, _ = filter_actions(GameRecord.load(path).actions)
    data = kept[position]
    assert data is not None
    return dict(data)


def live_game(path: Path, position: int) -> Any:
    """The game just before raw position ``position``, in live (strict) mode."""
    return load_game(GameRecord.load(path), upto=position)


def replay(path: Path) -> Iterator[tuple[Any, int, dict[str, Any]]]:
    """(game before the action, position, action) for every kept action of ``path`` (loading mode)."""
    record = GameRecord.load(path)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        yield game, position, dict(data)
        game.process_action(data, position)


def step_moves(game: Any, data: dict[str, Any]) -> tuple[Any, list[Move], list[Unusable]]:
    """The step that takes ``data`` and the moves/unusable entries its enumerator gives for its entity."""
    entity = game.resolve_entity(Action.from_dict(data))
    for step, kinds in dispatch(game, entity):
        if data["type"] in kinds:
            fn = enumerator_for(step)
            assert fn is not None, f"no enumerator for {type(step).__name__}"
            items = list(fn(step, entity))
            moves = [m for m in items if isinstance(m, Move) and m.type == data["type"]]
            return step, moves, [u for u in items if isinstance(u, Unusable)]
    raise AssertionError(f"no step takes {data['type']} from {data.get('entity')}")


def refused_without_change(game: Any, action: dict[str, Any]) -> str:
    """Apply ``action`` in live play: it must be refused (GameError) and change nothing; the message."""
    from engine.errors import GameError

    before = state_of(game)
    cash = game.cash_total()
    count = len(game.raw_actions)
    with pytest.raises(GameError) as info:
        game.apply(action)
    assert state_of(game) == before
    assert game.cash_total() == cash
    assert len(game.raw_actions) == count
    return str(info.value)


def moves_of(game: Any, kind: str) -> list[Move]:
    return legal_moves(game).of_type(kind)
