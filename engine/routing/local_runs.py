"""Local runs beside the optimiser's routes: a train that may run to a single city of its corporation's (1822's L
train, distance 1) earns that city alone, using no track.

The optimiser searches routes over track between stops; a local run has none, so it is added afterwards: each local
train is given the best of its searched route and a local run in one of the corporation's tokened cities, chosen
train by train, each choice paid by the engine with the whole run (a title's bonuses over the run included).  A local
run takes no track from the other trains, so their routes stay valid; the result is never below the search's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import GameError
from engine.map.route import RouteHost, routes_from_action, train_is_local

if TYPE_CHECKING:
    from engine.routing.optimiser import RoutingResult

__all__ = ["local_cities", "with_local_runs"]


def local_cities(entity: Any, hexes: Sequence[Any]) -> list[Any]:
    """The cities of ``hexes`` holding a token of ``entity`` (where its local trains may run)."""
    found = []
    for hex_ in hexes:
        for city in getattr(hex_.tile, "cities", ()):
            if any(t is not None and t.corporation is entity for t in city.tokens):
                found.append(city)
    return found


def _paid(host: RouteHost, entries: list[dict[str, Any]]) -> tuple[int, dict[str, int], list[Any]] | None:
    """The engine's pay for ``entries`` (total, per train, the routes), or None when it refuses them."""
    try:
        routes = routes_from_action(host, entries)
        revenues = {str(entry["train"]): int(route.computed_revenue()) for route, entry in zip(routes, entries)}
    except GameError:
        return None
    return sum(revenues.values()), revenues, routes


def with_local_runs(host: RouteHost, hexes: Sequence[Any], entity: Any, trains: Sequence[Any],
                    result: RoutingResult) -> RoutingResult:
    """``result`` (a :class:`~engine.routing.optimiser.RoutingResult`) with local runs where they pay more."""
    local = [t for t in trains if train_is_local(t)]
    if not local:
        return result
    cities = [c for c in local_cities(entity, hexes) if c.hex is not None]
    if not cities:
        return result
    entries = [dict(e) for e in result.routes]
    best = _paid(host, entries) if entries else (0, {}, [])
    if best is None:
        return result
    changed = False
    for train in local:
        others = [e for e in entries if str(e["train"]) != str(train.id)]
        for city in cities:
            trial = [*others, {"train": train.id, "connections": [["local", city.hex.id]], "nodes": [city.signature]}]
            paid = _paid(host, trial)
            if paid is not None and paid[0] > best[0]:
                best, entries, changed = paid, trial, True
    if not changed:
        return result
    total, revenues, routes = best
    for route, entry in zip(routes, entries):
        entry["hexes"] = [hex_.id for hex_ in route.hexes]
        one_city = bool(entry["connections"]) and entry["connections"][0][0] == "local"
        entry["revenue_str"] = "-".join(entry["hexes"]) if one_city else route.revenue_str()  # (the city once)
        entry["revenue"] = revenues[str(entry["train"])]
    return type(result)(result.entity, entries, {**{t.id: 0 for t in trains}, **revenues}, total,
                        dict(result.candidates), f"{result.method}+local" if result.method else "local")
