"""The exact route optimiser: the most revenue a corporation's trains can earn, proven optimal.

    from engine.routing import best_routes, run_routes_action
    result = best_routes(game)              # the corporation that must run routes now
    game.apply(run_routes_action(result))   # accepted, pays result.total

Modules:

- :mod:`engine.routing.network`: the track compressed to stops and *legs* (the walks of track
  between two stops the route validator rebuilds), each with the track keys it claims;
- :mod:`engine.routing.sequences`: the search for additive revenue (no ``revenue_for`` hook,
  trains counting stops: 1830, 1889, 18Chesapeake): routes as stop sequences, track chosen
  only to prove them runnable, branch and bound with reach bounds and greedy thresholds;
- :mod:`engine.routing.joint`: several trains by branching on one train's route and
  re-bounding the later ones on the track left beside it (``method="joint"``; exact, but
  not yet faster than combining listed routes on dense maps);
- :mod:`engine.routing.search`: the general search (title bonuses, N/M trains: 1846): every
  valid route of every train, scored by the title's own ``revenue_for``, then the best
  disjoint combination by branch and bound;
- :mod:`engine.routing.scoring`: distance rules and the engine's own revenue for candidates;
- :mod:`engine.routing.optimiser`: the public entry points; every answer is rebuilt and paid
  by the engine before it is returned;
- :mod:`engine.routing.cli`: ``python -m engine routes FILE --check``.

- :mod:`engine.routing.local_runs`: local trains' runs in one city (1822's L), added beside the searched routes
  by :func:`best_routes` (never below the search's answer; not part of the proof of optimality).

Not handled (no supported title has them): trains that need no token, hex-count distances.
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
