"""The track network compressed to stops and legs, as the route validator sees it.

A *leg* is the track a train runs between two consecutive stops: the paths one walk of
:func:`engine.map.graph.walk_path` crosses from a stop to the next stop it reaches (plain
track, junctions; never through another stop).  These are exactly the chains
:meth:`engine.map.route.Route.node_chains` matches a ``run_routes`` action against.

Each leg carries the *track keys* :func:`engine.map.route.check_overlap` claims for its
paths (hex sides with their lanes, an off-centre town's spot, a path between two stops),
as one bit mask: two routes may share no key, and neither may one route.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.map.graph import EdgeCounter, token_starts, walk_path
from engine.map.parts import Edge, Town
from engine.map.route import chain_id, preferred_city_town_edges

if TYPE_CHECKING:
    from engine.map.parts import Node, Path

__all__ = ["Cancelled", "Leg", "Network", "build_network"]


class Cancelled(Exception):
    """The caller's ``cancel`` callable asked the search to stop."""


@dataclass(slots=True, eq=False)
class Leg:
    """Track from ``start`` to ``end``: ``paths`` in running order from ``start``."""

    start: Node
    end: Node
    paths: tuple[Path, ...]
    mask: int
    #: the first / last path is terminal, or one strictly inside the leg is
    first_terminal: bool
    last_terminal: bool
    inner_terminal: bool
    #: walk order among all legs of the network (deterministic tie-breaking)
    order: int = 0
    _reverse: Leg | None = field(default=None, repr=False)

    def hex_ids(self) -> list[str]:
        return chain_id(list(self.paths))

    def reversed(self) -> Leg:
        """The same track run from ``end`` to ``start``."""
        if self._reverse is None:
            rev = Leg(self.end, self.start, tuple(reversed(self.paths)), self.mask,
                      self.last_terminal, self.first_terminal, self.inner_terminal, self.order)
            rev._reverse = self
            self._reverse = rev
        return self._reverse


class Network:
    """Stops a corporation's trains can reach, and the legs between them."""

    def __init__(self, corporation: Any, cancel: Callable[[], bool] | None = None) -> None:
        self.corporation = corporation
        self.cancel = cancel
        self._key_bits: dict[Any, int] = {}
        self._path_keys: dict[Path, tuple[int, ...]] = {}
        #: node -> legs leaving it (each leg also appears reversed at its other end)
        self.legs: dict[Node, list[Leg]] = {}
        #: the corporation's token cities, in map order
        self.tokens: list[Node] = []
        #: some stop on the map costs nothing to visit (stop counts then bound nothing)
        self.zero_cost_stops = False
        self._leg_count = 0

    # --- track keys (engine.map.route.check_overlap) -------------------------------------------
    def _bit(self, key: Any) -> int:
        index = self._key_bits.get(key)
        if index is None:
            index = len(self._key_bits)
            self._key_bits[key] = index
        return index

    def path_keys(self, path: Path) -> tuple[int, ...]:
        cached = self._path_keys.get(path)
        if cached is not None:
            return cached
        hex_ = path.hex
        assert hex_ is not None
        a, b = path.a, path.b
        lane_a = path.lanes[0][1]
        lane_b = path.lanes[1][1]
        keys: list[Any] = []
        if isinstance(a, Edge):
            keys.append((hex_.id, a.rotated, lane_a))
        if isinstance(b, Edge):
            keys.append((hex_.id, b.rotated, lane_b))
        if isinstance(b, Edge) and isinstance(a, Town):
            spot = preferred_city_town_edges(a.tile).get(a)
            if spot is not None and spot != b.rotated:
                keys.append((hex_.id, a, lane_a))
        if isinstance(a, Edge) and isinstance(b, Town):
            spot = preferred_city_town_edges(b.tile).get(b)
            if spot is not None and spot != a.rotated:
                keys.append((hex_.id, b, lane_b))
        if len(path.nodes) > 1:
            keys.append((hex_.id, path))
        result = tuple(self._bit(key) for key in keys)
        self._path_keys[path] = result
        return result

    def path_mask(self, path: Path) -> int:
        """The track keys of one path, as a bit mask."""
        mask = 0
        for bit in self.path_keys(path):
            mask |= 1 << bit
        return mask

    # --- legs ------------------------------------------------------------------------------------
    def legs_from(self, start: Node) -> list[Leg]:
        """Every leg leaving ``start`` (walk order), built on first use."""
        found = self.legs.get(start)
        if found is not None:
            return found
        found = []
        self.legs[start] = found
        seen: set[tuple[tuple[Path, ...], Node]] = set()

        def on_path(current: Path, visited: dict[Path, bool], _counter: EdgeCounter, _conv: bool) -> None:
            for end in current.nodes:
                if end is start or not end.is_stop:
                    continue
                paths = tuple(visited)
                if (paths, end) in seen:
                    continue
                seen.add((paths, end))
                leg = self._make_leg(start, end, paths)
                if leg is not None:
                    found.append(leg)

        for path in start.paths:
            if self.cancel is not None and self.cancel():
                raise Cancelled
            walk_path(path, on_path, visited={}, counter={})
        return found

    def _make_leg(self, start: Node, end: Node, paths: tuple[Path, ...]) -> Leg | None:
        mask = 0
        for path in paths:
            for bit in self.path_keys(path):
                flag = 1 << bit
                if mask & flag:
                    return None  # the leg would reuse its own track
                mask |= flag
        terminals = [bool(p.terminal) for p in paths]
        if len(paths) == 1:
            first, last, inner = False, terminals[0], False
        else:
            first, last, inner = terminals[0], terminals[-1], any(terminals[1:-1])
        self._leg_count += 1
        return Leg(start, end, paths, mask, first, last, inner, self._leg_count)


def build_network(
    hexes: Any, corporation: Any, cancel: Callable[[], bool] | None = None, host: Any = None
) -> Network:
    """The network of ``corporation``: its token cities (in the order of ``hexes``; which tokens count is the
    ``host``'s rule, :func:`engine.map.graph.token_starts`); legs are built lazily as the search reaches their stops."""
    network = Network(corporation, cancel)
    is_token = token_starts(host)
    for hex_ in hexes:
        tile = hex_.tile
        for city in tile.cities:
            if is_token(city, corporation):
                network.tokens.append(city)
        if any(node.is_stop and node.visit_cost <= 0 for node in tile.nodes):
            network.zero_cost_stops = True
    return network
