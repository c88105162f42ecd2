"""A simple random generator of legal route sets (for random playouts and fuzzing, not for the best route).

For each train, in a random order, a few random walks are tried: start at a city holding one of the
corporation's tokens, then repeatedly follow a random stretch of track to another stop not visited yet, using no
track already used by this or an earlier route, never continuing from an offboard (terminal) or from a city the
corporation cannot pass; stop at random or when the train's distance is used up.  Every candidate is checked with
the engine's own route validation (:class:`engine.map.route.Route`, the same rebuild from ``connections`` and the
same checks a ``run_routes`` action gets), so only legal routes are kept; a train whose walks all fail does not run.

The exact optimiser (``engine/routing``) is being built elsewhere and will replace this for "best routes".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import GameError
from engine.map.graph import walk_path
from engine.map.route import chain_id

if TYPE_CHECKING:
    from engine.game import Game
    from engine.map.parts import Node, Path

__all__ = ["random_routes"]

#: chains remembered per start node (the walk is cut off after this many)
MAX_CHAINS = 60
#: random walks tried per train
TRIES = 6


class _Enough(Exception):
    pass


def _chains_from(start: Node, cache: dict[Any, list[tuple[Node, list[Path]]]]) -> list[tuple[Node, list[Path]]]:
    """Stretches of track from ``start`` to another stop: (end node, paths in walk order)."""
    found = cache.get(start)
    if found is not None:
        return found
    chains: list[tuple[Node, list[Path]]] = []

    def visit(current: Path, visited: dict[Path, bool], _counter: Any, _converging: bool) -> None:
        for node in current.nodes:
            if node is not start:
                chains.append((node, list(visited)))
                if len(chains) >= MAX_CHAINS:
                    raise _Enough
                return

    try:
        for path in start.paths:
            walk_path(path, visit, visited={}, counter={})
    except _Enough:
        pass
    cache[start] = chains
    return chains


def _max_stops(train: Any) -> int:
    distance = train.distance
    if isinstance(distance, int):
        return max(1, min(distance, 12))
    return max(1, min(sum(int(row.get("visit") or row.get("pay") or 0) for row in distance), 12))


def _walk(game: Game, corporation: Any, train: Any, used: set[Any], rng: random.Random,
          cache: dict[Any, list[tuple[Node, list[Path]]]]) -> list[list[str]] | None:
    starts = [t.city for t in corporation.tokens if t.used and t.city is not None and t.city.hex is not None]
    if not starts:
        return None
    node: Node = rng.choice(starts)
    visited: list[Node] = [node]
    own: set[Any] = set()
    connections: list[list[str]] = []
    limit = _max_stops(train)
    target = rng.randint(2, max(2, limit))
    while len(visited) < target:
        options = [(end, paths) for end, paths in _chains_from(node, cache)
                   if end not in visited and not any(p in used or p in own for p in paths)]
        if not options:
            break
        end, paths = rng.choice(options)
        connections.append(chain_id(paths))
        own.update(paths)
        visited.append(end)
        node = end
        if any(p.terminal for p in paths[-1:]) or node.blocks(corporation):
            break
    if not connections:
        return None
    return connections


def _valid(game: Game, entries: Sequence[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The entries rebuilt and validated by the engine (with revenue, hexes, nodes), or None."""
    from engine.steps.route import build_routes

    try:
        routes = build_routes(game, entries)
        for route in routes:
            route.computed_revenue()
        return [route.to_dict() for route in routes]
    except GameError:
        return None


def random_routes(game: Game, corporation: Any, trains: Sequence[Any], rng: random.Random) -> list[dict[str, Any]]:
    """A legal ``routes`` list for ``corporation`` running some of ``trains`` (may be empty)."""
    order = list(trains)
    rng.shuffle(order)
    accepted: list[dict[str, Any]] = []  # train and connections only: revenues depend on the whole set
    result: list[dict[str, Any]] = []
    cache: dict[Any, list[tuple[Node, list[Path]]]] = {}
    for train in order:
        for _ in range(TRIES):
            used = _used_paths(game, accepted)
            connections = _walk(game, corporation, train, used, rng, cache)
            if connections is None:
                continue
            candidate = [*accepted, {"train": train.id, "connections": connections}]
            checked = _valid(game, candidate)
            if checked is not None:
                accepted, result = candidate, checked
                break
    return result


def _used_paths(game: Game, entries: Sequence[dict[str, Any]]) -> set[Any]:
    from engine.steps.route import build_routes

    if not entries:
        return set()
    return {path for route in build_routes(game, entries) for path in route.paths}
