"""The entry sides of a hex (engine/moves/track.py ``_entry_edges``) come partly from one shared walk per station
and map instead of one walk per hex: the answers must be exactly those of the walks per hex."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine.moves.track as track
from engine.steps.tracker import Tracker, graph_for_entity
from tests.engine.moves_b_helpers import fixture, replay


def _laying_states(title: str, name: str, every: int) -> Iterator[tuple[Any, int, Any]]:
    """(game, position, entity) at every ``every``-th state where a corporation or a minor lays track."""
    for game, position, _data in replay(fixture(title, name)):
        step = game.round.active_step()
        if not isinstance(step, Tracker) or position % every:
            continue
        entity = step.current_entity()
        if getattr(entity, "is_corporation", False) or getattr(entity, "is_minor", False):
            yield game, position, entity


def _answers(title: str, name: str, every: int) -> Iterator[tuple[int, str, str, frozenset[int], frozenset[int]]]:
    """(position, entity, hex, entry sides with the shared walks, without) for the hexes with track, at every
    ``every``-th state where a corporation lays track."""
    for game, position, entity in _laying_states(title, name, every):
        for hex_ in game.hexes:
            if hex_.tile.paths:
                yield (
                    position,
                    str(entity.id),
                    hex_.id,
                    track._entry_edges(game, entity, hex_, {}),
                    _per_hex(game, entity, hex_),
                )


def _per_hex(game: Any, entity: Any, hex_: Any) -> frozenset[int]:
    """The answer without the shared walks (every target found by the walk with the hex emptied)."""
    original = track._shared_walks
    track._shared_walks = lambda *_a, **_k: []  # type: ignore[assignment]
    try:
        return track._entry_edges(game, entity, hex_, {})
    finally:
        track._shared_walks = original  # type: ignore[assignment]


@pytest.mark.parametrize(
    ("title", "name", "every"), [("1846", "3099.json", 3), ("1830", "26855.json", 5), ("18Chesapeake", "1905.json", 5)]
)
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


def _walked_per_station(game: Any, entity: Any, hex_: Any) -> frozenset[int]:
    """The definition, walked out in full: the sides of ``hex_`` facing a connected path of a neighbour that a walk
    from one of the entity's starting stations (the others barred) reaches with the hex emptied; every station's
    walk to its end, in the graph's order, without the shared walks, the station search or early stops."""
    from engine.map.graph import NewPathPruner, walk_node

    graph = graph_for_entity(game, entity)
    connected = graph.connected_paths(entity)
    targets = {
        path: edge
        for edge, neighbor in hex_.neighbors.items()
        for path in neighbor.tile.paths
        if connected.get(path) and (edge + 3) % 6 in path.exits
    }
    if not targets:
        return frozenset()
    tokens = track._walk_starts(graph, entity, hex_)
    corporation = None if graph.no_blocking else entity
    reached: set[int] = set()

    def visit(path: Any) -> None:
        if path in targets:
            reached.add(targets[path])

    with track._blank(hex_):
        for token in tokens:
            visited = {other: True for other in tokens if other is not token}
            # (skips only converging branches that can reach no target: the same paths reached)
            pruner = NewPathPruner(targets.__contains__, nodes=visited, corporation=corporation)
            walk_node(token, visit, visited=visited, corporation=corporation, converging=False, prune=pruner)
    return frozenset(reached)


@pytest.mark.parametrize(
    ("title", "name", "every"), [("18USA", "109372.json", 41), ("1867", "21268.json", 37), ("1830", "26855.json", 9)]
)
def test_entry_sides_are_those_of_every_station_walked_in_full(title: str, name: str, every: int) -> None:
    """``_entry_edges`` (shared walks, station search, nearest stations first, early stop) against every station's
    walk done in full, on the hexes with track of real states (late 18USA and 1867 maps made it slow)."""
    compared = 0
    sides = 0
    late = 0
    for game, position, entity in _laying_states(title, name, every):
        memo: dict[Any, Any] = {}
        for hex_ in game.hexes:
            if hex_.tile.paths:
                found = track._entry_edges(game, entity, hex_, memo)
                assert found == _walked_per_station(game, entity, hex_), (position, entity.id, hex_.id)
                compared += 1
                sides += bool(found)
                late += len(track._walk_starts(graph_for_entity(game, entity), entity, hex_)) > 1 and bool(found)
    assert compared > 100 and sides > 20 and late > 5, (compared, sides, late)


@pytest.mark.parametrize(("title", "name", "every"), [("1846", "3099.json", 4), ("1867", "21268.json", 12)])
def test_walks_per_hex_sharing_their_pruners_steps_give_the_same_entry_sides(
    title: str, name: str, every: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The walks per hex (the shared walks left out, so that every hex is walked) share what their pruners work out
    about the track away from the emptied hex and its neighbours (one memo for the map, as in the enumeration): the
    same entry sides as each walk on its own."""
    monkeypatch.setattr(track, "_shared_walks", lambda *_a, **_k: [])
    compared = shared_states = 0
    for game, position, entity in _laying_states(title, name, every):
        memo: dict[Any, Any] = {}
        for hex_ in game.hexes:
            if hex_.tile.paths:
                alone = track._entry_edges(game, entity, hex_, {})
                assert track._entry_edges(game, entity, hex_, memo) == alone, (position, entity.id, hex_.id)
                compared += 1
        steps = memo.get(("pruner-steps",))
        shared_states += bool(steps and steps[0])
    assert compared > 100 and shared_states > 3


def test_a_shared_walk_given_up_keeps_what_it_met(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk given up at the step budget is kept, decides no hex, and still answers for the paths it met: the
    entry sides it gives are among those of the walk per hex."""
    monkeypatch.setattr(track, "SHARED_WALK_STEPS", 40)
    given_up = surely = 0
    for game, position, entity in _laying_states("1846", "3099.json", 9):
        memo: dict[Any, Any] = {}
        traces = track._shared_walks(game, entity, memo)
        partial = [trace for _token, trace in traces if not trace.whole]
        if not partial:
            continue
        given_up += 1
        token, trace = traces[-1]
        assert partial == [trace] and trace.step == 40 - sum(t.step for _k, t in traces[:-1])
        graph = graph_for_entity(game, entity)
        for hex_ in game.hexes:
            # (the walk of a station on the hex itself is no walk emptied of the hex)
            if not hex_.tile.paths or token not in track._walk_starts(graph, entity, hex_, memo):
                continue
            assert not trace.decides(hex_.id)
            targets, _walked = track._facing_targets(game, entity, hex_, memo)
            met = {side for path, side in targets.items() if trace.reached_without(path, hex_.id)}
            assert met <= _per_hex(game, entity, hex_), (position, hex_.id)
            surely += bool(met)
    assert given_up > 5 and surely > 10
