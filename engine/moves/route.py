"""Legal route runs: which trains the operating corporation may run, and the check of a submitted route set.

Choosing routes is the router's business; here the move lists the trains and validates a ``run_routes`` action
as the engine will (each route rebuilt from its ``connections`` and checked: stops, token, distance, track
reused, connection), with a reason a player can read ("the 2 train (2-0): Route must contain token").  Live play
is stricter than loading a saved game: every route must carry its ``connections`` (a stored revenue without
them would be paid as written) and a stored revenue may not exceed what the route earns.  ``sample`` draws a legal
route set from :mod:`engine.moves.route_sampler`.

The move keeps a reference to the game it was computed for (``game``; not compared, not shown): a route can
only be checked against the map it runs on.  Like every move, it is valid only for the state it came from.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.live import STALLS
from engine.errors import GameError
from engine.map.route import stop_revenue
from engine.moves.base import Move, Unusable
from engine.moves.registry import enumerates
from engine.moves.route_sampler import random_routes
from engine.steps.route import RouteStep, build_routes, most_recorded_revenue

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["RunRoutesMove", "add_subsidies", "route_set_refusal"]

#: how many more random route sets a corporation in receivership draws before giving up on finding one
RECEIVERSHIP_TRIES = 50


@dataclass(frozen=True)
class RunRoutesMove(Move):
    """Run some of ``trains`` (ids; ``names`` their train names), one route each."""

    TYPE: ClassVar[str] = "run_routes"
    trains: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    #: the corporation is in receivership (1846): it must run at least one route.  The round withholds for it
    #: right after the run; with nothing earned no Dividend step takes that withhold, and the reference engine
    #: refuses the run too ("No step found"/"cannot process"), so an empty run is not a legal move.
    receivership: bool = False
    #: a revenue written in the action must be what the route earns (False where the title's route step takes
    #: a recorded revenue as written, as 18xx.games does for 18MS)
    check_revenue: bool = True
    game: Any = field(default=None, compare=False, repr=False)

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if self.game is None:
            return None
        return route_set_refusal(self.game, self.entity, self.trains, action,
                                 receivership=self.receivership, check_revenue=self.check_revenue)

    def sample(self, rng: random.Random) -> dict[str, Any]:
        game: Game | None = self.game
        routes: list[dict[str, Any]] = []
        if game is not None:
            corporation = game.entity_by(self.entity_type, self.entity)
            trains = [game.train_by_id(t) for t in self.trains]
            routes = random_routes(game, corporation, trains, rng)
            for _ in range(RECEIVERSHIP_TRIES):
                if routes or not self.receivership:
                    break
                routes = random_routes(game, corporation, trains, rng)
            if not routes and self.receivership:
                routes = best_run(game, corporation)
            if callable(getattr(game, "subsidy_for", None)):
                return {**self.base(), "routes": routes, "subsidy": add_subsidies(game, routes)}
        return {**self.base(), "routes": routes}

    def describe(self) -> str:
        return f"run {', '.join(self.names) or 'no'} train(s)"


def best_run(game: Game, corporation: Any) -> list[dict[str, Any]]:
    """The routes of the best run (the exact optimiser): where a corporation must run (receivership) and random
    walks found no route, the run a player would be shown (18LA playout seed 5125: a lone train whose only route
    the random walks kept missing).  Empty when no train has a route."""
    from engine.routing import best_routes, run_routes_action

    routes: list[dict[str, Any]] = run_routes_action(best_routes(game, corporation))["routes"]
    return routes


def route_set_refusal(game: Game, entity_id: Any, trains: tuple[str, ...], action: Mapping[str, Any],
                      receivership: bool = False, check_revenue: bool = True) -> str | None:
    """Why the ``run_routes`` action is not a legal run of ``trains`` now (None when it is)."""
    entries = action.get("routes")
    if not isinstance(entries, list):
        return "run_routes needs a list of routes"
    if receivership and not entries:
        return f"{entity_id} is in receivership: it must run at least one train (its routes earn for it)"
    if action.get("extra_revenue"):
        return "no extra revenue can be claimed here"
    subsidy_for = getattr(game, "subsidy_for", None)
    # (a title computing the run's subsidy itself, ``routes_subsidy`` without ``subsidy_for``, ignores the
    # action's figure: 1822's mail contracts, which the site's client also writes into the action)
    if action.get("subsidy") and not callable(subsidy_for) and not callable(getattr(game, "routes_subsidy", None)):
        return "no subsidy can be claimed here"
    seen: list[str] = []
    for entry in entries:
        if not isinstance(entry, Mapping) or "train" not in entry:
            return "each route must name its train"
        train = entry["train"]
        if train not in trains:
            return f"{entity_id} cannot run train {train!r} now"
        if train in seen:
            return f"train {train} cannot run twice"
        seen.append(train)
        if not entry.get("connections"):
            reason = _hexes_only_refusal(game, entry)
            if reason is not None:
                return reason
    if any(not entry.get("connections") for entry in entries):
        return None
    step = game.round.active_step()
    pays_as_recorded = step.pays_as_recorded if isinstance(step, RouteStep) else None
    try:
        routes = build_routes(game, entries)
        for route, entry in zip(routes, entries):
            name = f"the {route.train.name} train ({route.train.id})"
            if pays_as_recorded is not None and pays_as_recorded(route, entry):
                continue  # the step pays it as written (as the site does a recorded run)
            try:
                computed = route.computed_revenue()
            except GameError as exc:
                if not route.connection_data() and len(entries) > 1 and _fits_alone(game, entry):
                    return f"{name}: its route uses track another train's route already uses"
                return f"{name}: {exc}"
            if not route.connection_data():
                return f"{name}: its track {entry.get('connections')} is not on the map or not usable"
            stored = entry.get("revenue")
            # Running for less than the route earns is paid as written (18xx.games pays a recorded revenue;
            # 18Texas/65394 records runs $10 below what their stops make today); never for more.
            if check_revenue and stored is not None and stored > most_recorded_revenue(game, route, computed):
                return f"{name} earns {computed}, not {stored}"
        if callable(subsidy_for):
            reason = _subsidy_refusal(subsidy_for, routes, entries, action.get("subsidy"))
            if reason is not None:
                return reason
    except GameError as exc:
        return str(exc)
    return None


def add_subsidies(game: Game, entries: list[dict[str, Any]]) -> int:
    """Write each route's subsidy into its ``run_routes`` entry, as 18xx.games does, when the title pays
    subsidies per route (``subsidy_for``: 1888's mine); returns the run's total (0 otherwise), which the action
    carries as its ``subsidy``."""
    subsidy_for = getattr(game, "subsidy_for", None)
    if not callable(subsidy_for) or not entries:
        return 0
    total = 0
    for route, entry in zip(build_routes(game, entries), entries):
        entry["subsidy"] = earned = int(subsidy_for(route, route.stops))
        total += earned
    return total


def _subsidy_refusal(subsidy_for: Any, routes: list[Any], entries: list[Any], claimed: Any) -> str | None:
    """A title paying subsidies per route (``subsidy_for``): each route's stored subsidy, when written, is paid as
    written (18xx.games pays a route's recorded subsidy: 18ZOO/5774 records 3 for a route whose stops earn 4), never
    more than the route earns; the run's total, when written, is the routes' sum."""
    total = 0
    for route, entry in zip(routes, entries):
        earned = int(subsidy_for(route, route.stops))
        stored = entry.get("subsidy")
        if stored is not None and stored > earned:
            return f"the {route.train.name} train ({route.train.id}) earns a subsidy of {earned}, not {stored}"
        total += earned if stored is None else int(stored)
    if claimed and claimed != total:
        return f"the routes earn a subsidy of {total}, not {claimed}"
    return None


def _fits_alone(game: Game, entry: Mapping[str, Any]) -> bool:
    """Whether the route is on the map when no other route takes track first."""
    try:
        return bool(build_routes(game, [entry])[0].connection_data())
    except GameError:
        return False


def _hexes_only_refusal(game: Game, entry: Mapping[str, Any]) -> str | None:
    """A route stored the old way, by its stop hexes only (no ``connections``; early 18xx.games files): it
    cannot be rebuilt, so its revenue may not exceed what the stops on the hexes it crosses can pay."""
    train = game.train_by_id(entry["train"])
    hex_ids = entry.get("hexes")
    name = f"the {train.name} train ({train.id})"
    if not isinstance(hex_ids, list) or not hex_ids:
        return f"{name}: the route names no track (connections)"
    most = 0
    phase_tiles = game.phase.tiles
    for hex_id in dict.fromkeys(hex_ids):  # every hex crossed, stops or not
        nodes = [n for n in game.hex_by_id(hex_id).tile.nodes if getattr(n, "route_revenue", None) is not None]
        most += max((stop_revenue(n, phase_tiles, train) for n in nodes), default=0)
    revenue = entry.get("revenue")
    if not isinstance(revenue, int) or isinstance(revenue, bool) or not 0 <= revenue <= most:
        return f"{name}: stops {'-'.join(hex_ids)} cannot earn {revenue!r} (at most {most})"
    return None


@enumerates(RouteStep)
def route_moves(step: RouteStep, entity: Any) -> Iterator[Move | Unusable]:
    if "run_routes" not in step.actions(entity):
        return
    trains = step.runnable_trains(entity)
    entity_type = "minor" if getattr(entity, "is_minor", False) else "corporation"
    must_run = bool(getattr(entity, "receivership", False)) and step.RECEIVERSHIP_MUST_RUN
    if must_run and trains and not best_run(step.game, entity):
        # it must run, and no train has a route: no run is legal (the reference stalls here too)
        yield Unusable("train", str(entity.id), f"{entity.id} is in receivership and must run, but no train has "
                                                f"a route: {STALLS}")
        return
    yield RunRoutesMove(entity_type, entity.id, trains=tuple(str(t.id) for t in trains),
                        names=tuple(str(t.name) for t in trains), receivership=must_run,
                        check_revenue=bool(step.CHECK_STORED_REVENUE), game=step.game)
