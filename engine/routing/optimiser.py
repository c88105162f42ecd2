"""``best_routes``: the routes of a corporation's trains that earn the most, proven optimal.

The answer is a list of ``run_routes`` route entries (``train``, ``connections``, ``hexes``,
``revenue``, ``revenue_str``, ``nodes``) that the engine rebuilds, validates and pays exactly
as predicted: before returning, every entry is rebuilt from its ``connections`` by
:func:`engine.steps.route.build_routes` and validated, and its revenue is computed by the
title's ``revenue_for``; a disagreement with the search's own score raises
:class:`RoutingMismatch` (a bug, never expected).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.routing.network import Cancelled, build_network
from engine.routing.scoring import Scorer
from engine.routing.search import Candidate, best_combination, enumerate_routes

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["RoutingMismatch", "RoutingResult", "best_routes", "route_entity", "run_routes_action"]


class RoutingMismatch(Exception):
    """The engine pays the optimiser's routes differently from what the search scored (a bug)."""


@dataclass(slots=True)
class RoutingResult:
    """The best run: ``routes`` as ``run_routes`` entries (trains without a route left out),
    ``revenues`` per train id (0 for a train that does not run), ``total``, and search sizes."""

    entity: Any
    routes: list[dict[str, Any]]
    revenues: dict[str, int]
    total: int
    candidates: dict[str, int] = field(default_factory=dict)


def route_entity(game: Game) -> Any:
    """The entity that must run routes now, or None when the active step is not a route step."""
    step = game.round.active_step() if game.round is not None else None
    if step is None or "run_routes" not in getattr(step, "ACTIONS", ()):
        return None
    return step.current_entity()


def _trains(game: Game, entity: Any) -> list[Any]:
    step = game.round.active_step() if game.round is not None else None
    runnable = getattr(step, "runnable_trains", None)
    if callable(runnable):
        return list(runnable(entity))
    return list(game.route_trains(entity))


def _train_key(train: Any) -> tuple[Any, ...]:
    distance = train.distance
    dist_key = distance if isinstance(distance, int) else repr(distance)
    return (train.name, dist_key, getattr(train, "multiplier", None))


def best_routes(game: Game, entity: Any = None, cancel: Callable[[], bool] | None = None) -> RoutingResult:
    """The most revenue ``entity`` (default: the corporation that must run routes now) can earn
    with its unrun trains, and the routes that earn it.

    ``cancel`` is called regularly; when it returns True the search stops with
    :class:`engine.routing.network.Cancelled`.  The game is only read.
    """
    from engine.steps.route import route_host

    if entity is None:
        entity = route_entity(game)
        if entity is None:
            return RoutingResult(None, [], {}, 0)
    host = route_host(game)
    trains = _trains(game, entity)
    network = build_network(game.hexes, entity, cancel)

    lists: list[list[Candidate]] = []
    same: list[bool] = []
    by_key: dict[tuple[Any, ...], list[Candidate]] = {}
    scorers: list[Scorer] = []
    bonus = 0
    for train in trains:
        scorer = Scorer(game, host, entity, train)
        bonus = max(bonus, scorer.per_visit_bonus)
        key = _train_key(train)
        candidates = by_key.get(key)
        if candidates is None:
            candidates = enumerate_routes(network, scorer, cancel, keep_zero=scorer.per_visit_bonus > 0)
            by_key[key] = candidates
        same.append(bool(lists) and lists[-1] is candidates)
        lists.append(candidates)
        scorers.append(scorer)

    combination = best_combination(lists, same, bonus, cancel)
    chosen = [(train, c) for train, c in zip(trains, combination.choice) if c is not None]
    entries = [_entry(train, candidate) for train, candidate in chosen]
    revenues = {train.id: 0 for train in trains}
    if entries:
        revenues.update(_verify(game, entries, combination.total))
    for entry in entries:
        entry["revenue"] = revenues[entry["train"]]
    sizes = {train.id: len(candidates) for train, candidates in zip(trains, lists)}
    return RoutingResult(entity, entries, revenues, combination.total, sizes)


def _entry(train: Any, candidate: Candidate) -> dict[str, Any]:
    nodes: list[str] = []
    for leg in candidate.legs:
        for node in (leg.start, leg.end):
            if node.signature not in nodes:
                nodes.append(node.signature)
    return {
        "train": train.id,
        "connections": [leg.hex_ids() for leg in candidate.legs],
        "nodes": nodes,
    }


def _verify(game: Game, entries: list[dict[str, Any]], total: int) -> dict[str, int]:
    """Rebuild the entries as the engine does, validate them, and check the pay."""
    from engine.errors import GameError
    from engine.steps.route import build_routes

    routes = build_routes(game, entries)
    revenues: dict[str, int] = {}
    try:
        for route, entry in zip(routes, entries):
            revenues[entry["train"]] = route.computed_revenue()
    except GameError as exc:
        raise RoutingMismatch(f"the engine refuses the optimiser's routes {entries}: {exc}") from exc
    for route, entry in zip(routes, entries):
        entry["hexes"] = [hex_.id for hex_ in route.hexes]
        entry["revenue_str"] = route.revenue_str()
    if sum(revenues.values()) != total:
        raise RoutingMismatch(f"the engine pays {sum(revenues.values())} for routes scored {total}: {entries}")
    return revenues


def run_routes_action(result: RoutingResult) -> dict[str, Any]:
    """The ``run_routes`` action that submits ``result``."""
    entity = result.entity
    routes = [
        {key: entry[key] for key in ("train", "connections", "hexes", "revenue", "revenue_str", "nodes")}
        for entry in result.routes
    ]
    return {
        "type": "run_routes",
        "entity": entity.id if entity is not None else None,
        "entity_type": "minor" if getattr(entity, "is_minor", False) else "corporation",
        "routes": routes,
    }


__all__ += ["Cancelled"]
