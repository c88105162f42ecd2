"""The shared walks of the track restriction (engine/moves/track.py ``_shared_walks``) are traced by a walk with the
trace written in (engine/moves/traced_walk.py): its trace must be exactly that of the graph's own walk
(``engine.map.graph.walk_node``, converging False) made with dicts that report each visited test, mark, unmark and
edge count to the trace, on real maps (late 1861, 1867 and 18USA maps, junction-heavy, and 1846)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine.moves.track as track
from engine.map.graph import walk_node
from engine.moves.traced_walk import traced_walk
from engine.steps.tracker import Tracker, graph_for_entity
from tests.engine.moves_b_helpers import fixture, replay


class _Seen(dict[Any, bool]):
    """A walk's visited map that reports to a trace: a refused key, a mark (inside the open hexes and the key's
    own), an unmark."""

    def __init__(self, trace: Any, *args: Any) -> None:
        super().__init__(*args)
        self.trace = trace

    def __contains__(self, key: object) -> bool:
        found = dict.__contains__(self, key)
        if found:
            self.trace.refused(key)
        return found

    def __setitem__(self, key: Any, value: bool) -> None:
        hex_ = getattr(key, "hex", None)
        self.trace.mark(key, hex_.id if hex_ is not None else None)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        self.trace.marked.pop(key, None)
        dict.__delitem__(self, key)


class _Edges(dict[Any, int]):
    """A walk's edge counter that tells the trace how many edges of the current branch lead into each hex."""

    def __init__(self, trace: Any) -> None:
        super().__init__()
        self.trace = trace

    def __setitem__(self, key: Any, value: int) -> None:
        if type(key) is tuple and len(key) == 3:
            neighbor = self.trace.neighbor_ids.get((key[0], key[1]))
            if neighbor is not None:
                self.trace.edge(neighbor, value - dict.get(self, key, 0))
        dict.__setitem__(self, key, value)


def _hooked(game: Any, token: Any, tokens: list[Any], corporation: Any, limit: int) -> Any:
    trace = track._Trace(game)
    trace.limit = limit
    try:
        walk_node(
            token,
            trace.visit,
            visited=_Seen(trace, {other: True for other in tokens if other is not token}),
            corporation=corporation,
            visited_paths=_Seen(trace),
            counter=_Edges(trace),
            converging=False,
        )
    except track._TraceTooLong:
        trace.whole = False
    return trace


def _written_in(game: Any, token: Any, tokens: list[Any], corporation: Any, limit: int) -> Any:
    trace = track._Trace(game)
    trace.limit = limit
    try:
        traced_walk(token, trace, {other: True for other in tokens if other is not token}, corporation)
    except track._TraceTooLong:
        trace.whole = False
    return trace


def _fields(trace: Any) -> tuple[Any, ...]:
    """The trace's record, each place as the set of hexes it is inside."""
    return (
        trace.step,
        trace.whole,
        {p: [(step, track._inside((opened, here))) for step, opened, here in v] for p, v in trace.visits.items()},
        {k: track._inside(where) for k, where in trace.marked.items()},
        trace.diverge_at,
        {k: v for k, v in trace.open_into.items() if v},
        trace.open(),
    )


def _stations(title: str, name: str, every: int) -> Iterator[tuple[Any, int, Any, Any, list[Any], Any]]:
    """(game, position, entity, station, every station, corporation blocked) at every ``every``-th laying state."""
    for game, position, _data in replay(fixture(title, name)):
        step = game.round.active_step()
        if not isinstance(step, Tracker) or position % every:
            continue
        entity = step.current_entity()
        if not (getattr(entity, "is_corporation", False) or getattr(entity, "is_minor", False)):
            continue
        graph = graph_for_entity(game, entity)
        tokens = track._walk_starts(graph, entity, None, {})
        corporation = None if graph.no_blocking else entity
        for token in tokens:
            yield game, position, entity, token, tokens, corporation


@pytest.mark.parametrize(
    ("title", "name", "every", "limit"),
    [
        ("1861", "bank_breaks_then_final_phase.json", 7, 20_000),
        ("1867", "21268.json", 11, 20_000),
        ("18USA", "109372.json", 17, 20_000),
        ("1846", "3099.json", 5, 20_000),
        ("1861", "bank_breaks_then_final_phase.json", 7, 200),
    ],
)
def test_the_written_in_trace_is_the_hooked_walks(title: str, name: str, every: int, limit: int) -> None:
    compared = steps = diverging = given_up = 0
    for game, position, entity, token, tokens, corporation in _stations(title, name, every):
        hooked = _hooked(game, token, tokens, corporation, limit)
        written = _written_in(game, token, tokens, corporation, limit)
        assert _fields(written) == _fields(hooked), (position, entity.id, getattr(token, "id", token))
        compared += 1
        steps += hooked.step
        diverging += bool(hooked.diverge_at)
        given_up += not hooked.whole
    assert compared >= 20 and steps > 2000 and diverging > 5, (compared, steps, diverging)
    if limit < 1000:
        assert given_up > 3, given_up


def test_the_open_hexes_chain_is_the_set_of_hexes_with_an_edge_into_them() -> None:
    """The trace's open hexes (a chain, :class:`engine.moves.traced_walk.OpenHexes`) against plain counting, over
    nested edges as a walk makes them and a hex closed out of order; a mark keeps the hexes open when it was made."""
    import random

    from engine.moves.traced_walk import OpenHexes, close_hex

    rng = random.Random(7)
    trace = track._Trace(None, neighbor_ids={})  # type: ignore[arg-type]  # (no map: the edges are given)
    counts: dict[str, int] = {}
    marks: list[tuple[int, frozenset[str]]] = []

    def branch(depth: int) -> None:
        for _ in range(rng.randint(1, 3)):
            hex_id = f"H{rng.randint(0, 9)}"
            trace.edge(hex_id, 1)
            counts[hex_id] = counts.get(hex_id, 0) + 1
            assert trace.open() == {h for h, n in counts.items() if n > 0}
            key = len(marks)
            trace.mark(key, "X")
            marks.append((key, frozenset(h for h, n in counts.items() if n > 0) | {"X"}))
            if depth < 6:
                branch(depth + 1)
            trace.edge(hex_id, -1)
            counts[hex_id] -= 1
            assert trace.open() == {h for h, n in counts.items() if n > 0}

    branch(0)
    assert trace.open() == frozenset() and len(marks) > 50
    for key, hexes in marks:
        assert track._inside(trace.marked[key]) == hexes
    # a hex closed while another opened after it is still open: the chain is rebuilt without it
    top = OpenHexes(OpenHexes(OpenHexes(None, None), "A"), "B")
    assert close_hex(top, "A").hexes() == {"B"} and close_hex(top, "B").hexes() == {"A"}
