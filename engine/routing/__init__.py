"""The exact route optimiser: the most revenue a corporation's trains can earn, proven optimal.

    from engine.routing import best_routes, run_routes_action
    result = best_routes(game)              # the corporation that must run routes now
    game.apply(run_routes_action(result))   # accepted, pays result.total

See :mod:`engine.routing.search` for the method and :mod:`engine.routing.scoring` for how the
title's own revenue rules are applied.
"""

from engine.routing.network import Cancelled
from engine.routing.optimiser import (
    RoutingMismatch,
    RoutingResult,
    best_routes,
    optimise,
    route_entity,
    run_routes_action,
)

__all__ = ["Cancelled", "RoutingMismatch", "RoutingResult", "best_routes", "optimise", "route_entity",
           "run_routes_action"]
