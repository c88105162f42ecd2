"""Graph walks skip converging branches that can reach nothing new (engine/map/graph.py ``NewPathPruner``).

Through track where tiles share exits (every brown junction-like tile), a converging walk enumerates every simple
chain of track: a few hexes of such track made the walk take millions of steps (1867 playouts, 1861/167259).  The
pruned walk must give exactly the same answers, in the same order, with far fewer steps."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

import engine.map.graph as graph_module
from engine.map.graph import Graph, NewPathPruner
from tests.engine.test_graph import Corp, build, place

#: a tile joining every pair of its edges: every exit converges
ALL_PAIRS = ";".join(f"path=a:{a},b:{b}" for a, b in itertools.combinations(range(6), 2))
CITY6 = "city=revenue:20;" + ";".join(f"path=a:{e},b:_0" for e in range(6))


def _grid(rows: int, cols: int, cities: tuple[tuple[int, int], ...] = ((0, 0),)) -> tuple[Any, dict[str, Any]]:
    spec = {}
    for r in range(rows):
        for c in range(cols):
            spec[f"{chr(65 + r)}{2 * c + 1 + (r % 2)}"] = CITY6 if (r, c) in cities else ALL_PAIRS
    return build(spec)


def _answers(host: Any, corp: Corp) -> tuple[Any, ...]:
    graph = Graph(host)
    return (
        list(graph.connected_paths(corp)),
        list(graph.connected_nodes(corp)),
        {h.id: edges for h, edges in graph.connected_hexes(corp).items()},
        dict(graph.route_info(corp)),
    )


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    steps = [0]
    original = graph_module._walk_path

    def counting(path: Any, *args: Any) -> None:
        steps[0] += 1
        original(path, *args)

    monkeypatch.setattr(graph_module, "_walk_path", counting)
    return steps


@pytest.mark.parametrize(("cities", "saving"), [(((0, 0),), 100), (((0, 0), (2, 2)), 20), (((1, 1),), 5)])
def test_pruned_walk_answers_as_the_whole_walk(
    monkeypatch: pytest.MonkeyPatch, cities: tuple[tuple[int, int], ...], saving: int
) -> None:
    host, hexes = _grid(3, 3, cities)
    corp = Corp("X")
    for r, c in cities[:2]:
        place(corp, hexes[f"{chr(65 + r)}{2 * c + 1 + (r % 2)}"])
    steps = _counted(monkeypatch)
    pruned = _answers(host, corp)
    pruned_steps = steps[0]
    steps[0] = 0
    with monkeypatch.context() as m:
        m.setattr(NewPathPruner, "__call__", lambda self, *a: False)
        whole = _answers(host, corp)
    assert pruned == whole
    assert pruned_steps * saving < steps[0]


def test_junction_heavy_track_is_walked_in_bounded_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """3 x 4 hexes of all-pairs track: the whole walk takes millions of steps, the pruned one a few thousand (every
    path a walk can reach is reached: all but those only leading off the map's edge)."""
    host, hexes = _grid(3, 4)
    corp = Corp("X")
    place(corp, hexes["A1"])
    steps = _counted(monkeypatch)
    paths = Graph(host).connected_paths(corp)
    assert len(paths) == 152
    assert steps[0] < 10_000


def test_pruner_never_skips_a_branch_that_reaches_a_wanted_path() -> None:
    _host, hexes = _grid(2, 2)
    corp = Corp("X")
    place(corp, hexes["A1"])
    far = hexes["B4"].tile.paths[0]
    start = hexes["A3"].tile.paths[0]
    wanted_far = NewPathPruner(lambda p: p is far, corporation=corp)
    assert not wanted_far(start, {}, {})
    nothing = NewPathPruner(lambda p: False, corporation=corp)
    assert nothing(start, {}, {})
    # a branch that has used every path into B4 cannot reach it
    into = {p: True for h in ("A3", "B2") for p in hexes[h].tile.paths}
    assert wanted_far(hexes["A1"].tile.paths[0], into, {})


def test_a_remembered_search_is_reused_only_while_what_decided_it_holds() -> None:
    """The pruner remembers the chain it found to a wanted path, or what stopped a search that found none; a later
    search from the same place under a branch that closes the chain off, or lifts what stopped it, searches
    again."""
    _host, hexes = _grid(2, 2)
    corp = Corp("X")
    place(corp, hexes["A1"])
    far = hexes["B4"].tile.paths[0]
    start = hexes["A3"].tile.paths[0]
    pruner = NewPathPruner(lambda p: p is far, corporation=corp)
    into = {p: True for h in ("A3", "B2") for p in hexes[h].tile.paths}
    assert pruner(hexes["A1"].tile.paths[0], into, {})  # nothing found: B4's way in is visited
    assert not pruner(hexes["A1"].tile.paths[0], {}, {})  # ... not any more
    assert not pruner(start, {}, {})  # found (and remembered)
    assert pruner(start, {p: True for p in hexes["B4"].tile.paths if p is not far} | {far: True}, {})
    # the remembered chain's paths visited one by one: each answer is the full search's
    fresh = NewPathPruner(lambda p: p is far, corporation=corp)
    paths = [p for h in ("A1", "A3", "B2", "B4") for p in hexes[h].tile.paths]
    for size in (1, 3, 8, 20):
        for offset in range(0, len(paths), 7):
            visited = {p: True for p in paths[offset : offset + size] if p is not start and p is not far}
            fresh_answer = NewPathPruner(lambda p: p is far, corporation=corp)(start, visited, {})
            assert pruner(start, visited, {}) == fresh_answer == fresh(start, visited, {}), (size, offset)


@pytest.mark.parametrize(("cities", "places"), [(((0, 0),), 1), (((0, 0), (2, 2)), 2), (((1, 1), (0, 2)), 1)])
def test_remembering_searches_changes_no_answer(
    monkeypatch: pytest.MonkeyPatch, cities: tuple[tuple[int, int], ...], places: int
) -> None:
    host, hexes = _grid(3, 4, cities)
    corp = Corp("X")
    for r, c in cities[:places]:
        place(corp, hexes[f"{chr(65 + r)}{2 * c + 1 + (r % 2)}"])
    remembered = _answers(host, corp)
    monkeypatch.setattr(NewPathPruner, "REMEMBERS", False)
    assert _answers(host, corp) == remembered


def test_a_dense_1822nrs_map_gives_the_same_legal_moves_with_searches_remembered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """1822NRS playout 8003 after 467 actions: minor 29 lays track on a map dense with junction-like tiles; its
    legal moves walk the graph with the pruner ~120,000 times (3 s CPU with every search done in full)."""
    from engine import load_game
    from engine.moves import legal_moves

    path = Path(__file__).parent / "data" / "1822nrs_playout_8003_prefix467_dense_walks.json"
    remembered = legal_moves(load_game(path))
    monkeypatch.setattr(NewPathPruner, "REMEMBERS", False)
    in_full = legal_moves(load_game(path))
    assert remembered.step == in_full.step and "Lay" in remembered.description
    assert len(remembered.moves) == 40
    assert remembered.moves == in_full.moves
