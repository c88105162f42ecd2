"""The entry sides of a hex (engine/moves/track.py ``_entry_edges``) come partly from one shared walk per station
and map instead of one walk per hex: the answers must be exactly those of the walks per hex."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine.moves.track as track
from engine.steps.tracker import Tracker
from tests.engine.moves_b_helpers import fixture, replay


def _answers(title: str, name: str, every: int) -> Iterator[tuple[int, str, str, frozenset[int], frozenset[int]]]:
    """(position, entity, hex, entry sides with the shared walks, without) for the hexes with track, at every
    ``every``-th state where a corporation lays track."""
    for game, position, _data in replay(fixture(title, name)):
        step = game.round.active_step()
        if not isinstance(step, Tracker) or position % every:
            continue
        entity = step.current_entity()
        if not (getattr(entity, "is_corporation", False) or getattr(entity, "is_minor", False)):
            continue
        for hex_ in game.hexes:
            if hex_.tile.paths:
                yield (position, str(entity.id), hex_.id, track._entry_edges(game, entity, hex_, {}),
                       _per_hex(game, entity, hex_))


def _per_hex(game: Any, entity: Any, hex_: Any) -> frozenset[int]:
    """The answer without the shared walks (every target found by the walk with the hex emptied)."""
    original = track._shared_walks
    track._shared_walks = lambda *_a, **_k: []  # type: ignore[assignment]
    try:
        return track._entry_edges(game, entity, hex_, {})
    finally:
        track._shared_walks = original  # type: ignore[assignment]


@pytest.mark.parametrize(("title", "name", "every"), [("1846", "3099.json", 3), ("1830", "26855.json", 5),
                                                      ("18Chesapeake", "1905.json", 5)])
def test_shared_walks_give_the_same_entry_sides_as_a_walk_per_hex(title: str, name: str, every: int) -> None:
    compared = 0
    sides = 0
    for position, entity, hex_id, with_shared, per_hex in _answers(title, name, every):
        assert with_shared == per_hex, (position, entity, hex_id)
        compared += 1
        sides += bool(with_shared)
    assert compared > 100 and sides > 10


def test_the_shared_walk_saves_walking() -> None:
    """Fewer walk steps on 1846/3099 (where the walk per hex made legal moves slow) than without it."""
    import engine.map.graph as graph

    def count(without_shared: bool) -> int:
        steps = [0]
        original_walk, original_shared = graph.walk_path, track._shared_walks

        def counting(*args: Any, **kwargs: Any) -> Any:
            steps[0] += 1
            return original_walk(*args, **kwargs)

        graph.walk_path = counting  # type: ignore[assignment]
        if without_shared:
            track._shared_walks = lambda *_a, **_k: []  # type: ignore[assignment]
        try:
            for game, position, _data in replay(fixture("1846", "3099.json")):
                step = game.round.active_step()
                if isinstance(step, Tracker) and position % 4 == 0:
                    entity = step.current_entity()
                    memo: dict[Any, Any] = {}
                    for h in game.hexes:
                        if h.tile.paths:
                            track._entry_edges(game, entity, h, memo)
        finally:
            graph.walk_path = original_walk  # type: ignore[assignment]
            track._shared_walks = original_shared  # type: ignore[assignment]
        return steps[0]

    with_shared, without = count(False), count(True)
    print(f"walk steps with the shared walks {with_shared}, without {without}")
    assert with_shared < without


def test_a_shared_walk_given_up_leaves_the_answers_to_the_walks_per_hex(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shared walk longer than ``SHARED_WALK_STEPS`` is dropped (junction-heavy maps): the same entry sides."""
    monkeypatch.setattr(track, "SHARED_WALK_STEPS", 30)
    compared = 0
    for position, entity, hex_id, with_shared, per_hex in _answers("1846", "3099.json", 15):
        assert with_shared == per_hex, (position, entity, hex_id)
        compared += 1
    assert compared > 30
