"""One station's walk over the whole map, traced as it goes: the shared walks of the tile lays' track restriction
(:func:`engine.moves.track._shared_walks`).

The walk is :func:`engine.map.graph.walk_node` from the station with ``converging=False`` (the walk
:func:`engine.moves.track._entry_edges` makes), step for step in the same order; what the trace needs (when each
path was met and inside which hexes' subtrees, which hexes' subtrees marked a path or node visited, where a walk
emptied of a hex could part from this one) is written into the walk itself, and the hexes open on the branch are a chain (:class:`OpenHexes`) instead of
a new set at every edge that opens or closes one.  1861 bank_breaks state 610, 2000 steps, CPU: the graph's walk
alone 5 ms; with dicts reporting each visited test, mark and edge count to a trace of sets (as before) 14-19 ms;
this walk 10 ms.  ``tests/engine/test_moves_traced_walk.py`` compares its trace with the graph's walk's through
such reporting dicts, field by field, on real maps.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.map.graph import _SELF_MATCHING, lane_match

__all__ = ["OpenHexes", "close_hex", "traced_walk"]


class OpenHexes:
    """The hexes with an edge into them on a walk's current branch, as a chain: ``hex_id`` opened on top of
    ``parent``'s (the branch opens and closes hexes last in, first out: a hex closes when the edge that opened it
    is left).  A mark or a visit keeps the chain as it was then (one object, no copy); the set is built only when
    a question needs it."""

    __slots__ = ("_hexes", "hex_id", "parent")

    def __init__(self, parent: OpenHexes | None, hex_id: str | None) -> None:
        self.parent = parent
        self.hex_id = hex_id
        self._hexes: frozenset[str] | None = None if parent is not None else frozenset()

    def hexes(self) -> frozenset[str]:
        """The open hexes as a set (built once per chain link, from the nearest link that has it)."""
        if self._hexes is not None:
            return self._hexes
        chain: list[OpenHexes] = []
        node: OpenHexes | None = self
        while node is not None and node._hexes is None:
            chain.append(node)
            node = node.parent
        found: frozenset[str] = node._hexes if node is not None and node._hexes is not None else frozenset()
        for link in reversed(chain):
            if link.hex_id is not None:
                found = found | {link.hex_id}
            link._hexes = found
        return found

    def ids(self) -> Iterator[str]:
        """The open hexes, last opened first."""
        node: OpenHexes | None = self
        while node is not None and node.hex_id is not None:
            yield node.hex_id
            node = node.parent


def close_hex(top: OpenHexes, hex_id: str) -> OpenHexes:
    """The chain ``top`` with ``hex_id`` closed: its parent when ``hex_id`` is the last opened (a walk's branch
    always closes that one), else the chain rebuilt without it."""
    if top.hex_id == hex_id:
        return top.parent  # type: ignore[return-value]  # (an opened hex is never the root)
    kept = [h for h in top.ids() if h != hex_id]
    node = OpenHexes(None, None)
    for other in reversed(kept):
        node = OpenHexes(node, other)
    return node


def traced_walk(token: Any, trace: Any, barred: dict[Any, bool], corporation: Any) -> None:
    """Walk from the station ``token`` (the nodes in ``barred`` are never entered: the other stations), recording
    into ``trace`` (a ``engine.moves.track._Trace``; its ``visit`` may raise to give the walk up).  ``corporation``:
    whom blocked stops block (None: nothing blocks)."""
    _Walk(trace, barred, corporation).node(token, False)


class _Walk:
    """The walk's state: the trace, the visited nodes and paths and the edge counter (plain dicts)."""

    __slots__ = ("corporation", "counter", "nodes", "paths", "trace")

    def __init__(self, trace: Any, barred: dict[Any, bool], corporation: Any) -> None:
        self.trace = trace
        self.nodes = barred
        self.paths: dict[Any, bool] = {}
        self.counter: dict[Any, int] = {}
        self.corporation = corporation

    def node(self, node: Any, converging: bool) -> None:
        """``walk_node`` from ``node`` (the origin of its paths' walks)."""
        nodes = self.nodes
        if node in nodes:
            self.trace.refused(node)
            return
        hex_ = getattr(node, "hex", None)
        self.trace.marked[node] = (self.trace._open, hex_.id if hex_ is not None else None)
        nodes[node] = True
        for node_path in node.paths:
            if node_path.ignore:
                continue
            self.path(node_path, node, converging, converging, None, None)
        if converging:
            self.trace.marked.pop(node, None)
            del nodes[node]

    def path(self, path: Any, origin: Any, node_converging: bool, converging: bool, skip: Any, jskip: Any) -> None:
        """``_walk_path`` with the visitor of ``walk_node(origin)`` (the trace's visit, then on through the
        path's other stops) written in."""
        paths = self.paths
        if path in paths:
            self.trace.refused(path)
            return
        counter = self.counter
        junction = path.junction
        if junction is not None and counter.get(junction, 0) > 1:
            return
        tile = path.tile
        hex_ = tile.hex if tile is not None else None
        assert hex_ is not None, "walking a path that is not on the map"
        hex_id = hex_.id
        edges = path.edges
        rotation = tile._rotation
        exits = path._exits_by_rotation[rotation]
        keys: list[tuple[str, int, int]] = []
        if edges:
            cached = path._walk_keys
            if cached is not None and cached[0] is hex_ and cached[1] == rotation:
                keys = cached[2]
            else:
                keys = [(hex_id, num, edge.lanes[1]) for edge, num in zip(edges, exits)]
                path._walk_keys = (hex_, rotation, keys)
            for key in keys:
                if counter.get(key, 0) > 0:
                    return
        if junction is not None and path.terminal:
            return

        trace = self.trace
        trace.marked[path] = (trace._open, hex_id)
        paths[path] = True
        if junction is not None:
            counter[junction] = counter.get(junction, 0) + 1

        # the visitor: the trace's visit, then the walk of each other stop of the path
        trace.visit(path)
        if not path.terminal:
            corporation = self.corporation
            onward = node_converging or converging
            for next_node in path.nodes:
                if next_node is origin:
                    continue
                if corporation is not None and next_node.blocks(corporation):
                    continue
                self.node(next_node, onward)

        if junction is not None and junction is not jskip:
            for junction_path in junction.paths:
                self.path(junction_path, origin, node_converging, converging, None, junction)

        if edges:
            exit_lanes = path._exit_lanes_by_rotation[rotation]
            neighbors = hex_.neighbors
            gauge_free = path.ignore_gauge_walk
            track = path.track
            exit_count = tile._exit_count_by_rotation[rotation]
            neighbor_ids = trace.neighbor_ids
            open_into = trace.open_into
            for key, num in zip(keys, exits):
                if num == skip:
                    continue
                neighbor = neighbors.get(num)
                if neighbor is None:
                    continue
                facing = (num + 3) % 6
                next_tile = neighbor.tile
                next_rotation = next_tile._rotation
                next_paths = next_tile._edge_paths[next_rotation]
                if next_paths is None:
                    next_paths = next_tile.edge_paths(next_rotation)
                next_paths = next_paths.get(facing)
                if not next_paths:
                    continue
                # (the edge counted, and the hex across it opened on the branch when this is its first edge)
                counter[key] = counter.get(key, 0) + 1
                across = neighbor_ids.get((hex_id, num))
                if across is not None:
                    before = open_into.get(across, 0)
                    open_into[across] = before + 1
                    if before == 0:
                        trace._open = OpenHexes(trace._open, across)
                lanes = exit_lanes.get(num)
                next_converging = converging or exit_count.get(num, 0) > 1
                for next_path in next_paths:
                    if not lane_match(lanes, next_path._exit_lanes_by_rotation[next_rotation].get(facing)):
                        continue
                    if (
                        not gauge_free
                        and not (next_path.track == track and track in _SELF_MATCHING)
                        and not (path.tracks_match(next_path, dual_ok=True))
                    ):
                        continue
                    self.path(next_path, origin, node_converging, next_converging, facing, None)
                counter[key] -= 1
                if across is not None:
                    left = open_into[across] - 1
                    open_into[across] = left
                    if left == 0:
                        trace._open = close_hex(trace._open, across)

        if converging:
            trace.marked.pop(path, None)
            del paths[path]
        if junction is not None:
            counter[junction] -= 1
