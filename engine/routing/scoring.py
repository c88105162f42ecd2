"""What a candidate route pays, computed by the engine's own rules.

The search scores a candidate by building a real :class:`engine.map.route.Route` around its
legs and asking the title's ``revenue_for`` (through ``Route.stops``, so an N/M train's paying
subset is chosen exactly as validation chooses it).  Titles without a ``revenue_for`` hook
and trains with a plain stop count are scored by the additive base rule directly, which is
what ``base_revenue_for`` computes.

One bonus depends on the other routes of the run: 1846's Mail Contract (+$10 per visited
stop, to the run's route visiting the most stops).  :class:`Scorer` scores candidates without
it and reports it separately (:attr:`Scorer.per_visit_bonus`), for the combination search to
add once for the longest route.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import GameError
from engine.map.route import (
    Chain,
    Route,
    RouteHost,
    Segment,
    hex_bonus,
    hex_bonus_abilities,
    stop_revenue,
    stop_type,
)

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.routing.network import Leg

__all__ = ["DistanceRule", "Scorer"]


class DistanceRule:
    """A train's distance as a test on the stops visited so far (``Route.check_distance``)."""

    def __init__(self, distance: Any) -> None:
        self.simple: int | None = int(distance) if isinstance(distance, int) else None
        self.rows: list[Mapping[str, Any]] = [] if isinstance(distance, int) else list(distance)
        self._fits: dict[tuple[tuple[str, int], ...], bool] = {}

    def fits(self, visits: Sequence[Node]) -> bool:
        if self.simple is not None:
            return sum(stop.visit_cost for stop in visits) <= self.simple
        grouped: dict[str, int] = {}
        for stop in visits:
            kind = stop_type(stop)
            grouped[kind] = grouped.get(kind, 0) + stop.visit_cost
        key = tuple(sorted(grouped.items()))
        found = self._fits.get(key)
        if found is None:
            found = self._fits_grouped(grouped)
            self._fits[key] = found
        return found

    def _fits_grouped(self, grouped: dict[str, int]) -> bool:
        budgets: dict[str, list[list[int]]] = {}
        for row in self.rows:
            pay = int(row["pay"])
            visit = row.get("visit")
            budget = [int(visit) if visit is not None else pay]
            for kind in row["nodes"]:
                budgets.setdefault(kind, []).append(budget)
        for kind, remaining in sorted(grouped.items(), key=lambda item: len(budgets.get(item[0], []))):
            for budget in budgets.get(kind, []):
                if budget[0] <= 0:
                    continue
                if remaining <= budget[0]:
                    budget[0] -= remaining
                    remaining = 0
                else:
                    remaining -= budget[0]
                    budget[0] = 0
                if remaining <= 0:
                    break
            if remaining > 0:
                return False
        return True

    @property
    def unlimited_stops(self) -> int | None:
        """The most stops the train may visit, when its distance is a plain number."""
        return self.simple


class _Sentinel:
    """A route that visits more stops than any real one (keeps the Mail Contract off a
    candidate scored alone).  ``OUTRANKS_ALL``: a title's own "the run's route with the most ..." bonus
    (``most_bonus``) must not go to a candidate scored beside it either."""

    OUTRANKS_ALL = True
    #: the stops a title's ``revenue_for`` may look at across the run's routes (18USA counts the routes to
    #: Mexico): none
    stops: tuple[Any, ...] = ()

    class _Many:
        """More stops than any route (not listable: a title's bonus that looks through a run's stops skips the
        stand-in by ``OUTRANKS_ALL``)."""

        def __len__(self) -> int:
            return 1 << 30

    visited_stops = _Many()

    class _Train:
        id = "~"

    train = _Train()
    #: run by nobody (a title's bonus over the run's routes, 1822's destination bonus, skips it)
    corporation = None


class Scorer:
    """Scores candidate routes of one train for ``corporation``."""

    def __init__(self, rules: Any, host: RouteHost, corporation: Any, train: Any) -> None:
        """``rules``: the object whose ``revenue_for`` and bonuses apply (the game)."""
        game = rules
        self.game = game
        self.host = host
        self.corporation = corporation
        self.train = train
        self.phase_tiles = tuple(host.phase.tiles)
        self.distance = DistanceRule(train.distance)
        self.additive = not _has_revenue_hook(game) and self.distance.simple is not None
        self._values: dict[Node, int] = {}
        #: the corporation's ``hex_bonus`` abilities: a stop's value includes them (still additive)
        self._hex_bonuses = hex_bonus_abilities(host, corporation)
        self._cache: dict[tuple[Node, ...], int] = {}
        self._upper: dict[Node, int] = {}
        self.per_visit_bonus, self._measure = _most_bonus(game, corporation)
        #: the most the title's non-additive bonuses add to one route (None: no cheap bound)
        self.slack: int | None = 0 if not _has_revenue_hook(game) else None
        paying = [int(row.get("pay") or 0) for row in self.distance.rows]
        self._pay = sum(paying) if paying else None
        self._pay_kinds = {kind for row in self.distance.rows for kind in row["nodes"]}

    def prepare_bounds(self, stops: Sequence[Node]) -> None:
        """Compute :attr:`slack` for the titles whose bonuses are known (``stops``: every stop
        of the map).  1846: the East/West bonus is the only one that depends on two stops;
        its largest value over every pair of possible ends bounds it.  The marker bonuses
        are counted per stop by :meth:`upper_value`."""
        game = self.game
        east_west = getattr(game, "east_west_bonus", None)
        if self.slack is not None or not callable(east_west) or not hasattr(game, "MARKER_BONUSES"):
            return
        # The bonus pays for two ends (1846: an eastern group and a W tile; 18 Los Angeles: tiles labelled E and
        # W, or N and S): its largest value over every pair of stops with a label or a group bounds it.
        ends = [s for s in stops if s.groups or (s.tile is not None and s.tile.label)]
        self.slack = max((int(east_west([a, b])) for i, a in enumerate(ends) for b in ends[i + 1:]), default=0)

    def measure(self, stops: Sequence[Node]) -> int:
        """What the run's "most" bonus counts for a route visiting ``stops`` (:attr:`per_visit_bonus` per unit,
        paid once, for the route counting most): its stops (1846's Mail Contract) or the title's measure."""
        if self._measure is not None:
            return int(self._measure(stops))
        count = getattr(self.game, "mail_stop_count", None)  # the stops the Mail Contract pays for (1846 family)
        return int(count(self.train, len(stops))) if callable(count) else len(stops)

    def visits_allowed(self, stops: Sequence[Node]) -> bool:
        """Does the title accept a route visiting ``stops`` in this running order (its optional
        ``check_route_visits`` hook, which raises a ``GameError`` when not)?"""
        check = getattr(self.game, "check_route_visits", None)
        if not callable(check):
            return True
        try:
            check(stops)
        except GameError:
            return False
        return True

    def value(self, stop: Node) -> int:
        """The additive value of one stop (base rule)."""
        found = self._values.get(stop)
        if found is None:
            found = stop_revenue(stop, self.phase_tiles, self.train)
            found += hex_bonus(self._hex_bonuses, stop, found)
            self._values[stop] = found
        return found

    def revenue(self, stops: tuple[Node, ...], legs: Sequence[Leg]) -> int:
        """What the route through ``stops`` (in running order) pays, the Mail Contract aside."""
        if self.additive:
            return sum(self.value(stop) for stop in stops)
        cached = self._cache.get(stops)
        if cached is not None:
            return cached
        route = self.engine_route(legs)
        route.routes = [route, _Sentinel()]  # type: ignore[list-item]
        revenue = self.host.revenue_for(route, route.stops)
        self._cache[stops] = revenue
        return revenue

    def engine_route(self, legs: Sequence[Leg]) -> Route:
        """An engine route over ``legs`` (already built; nothing is reconstructed)."""
        route = Route(self.host, self.train)
        route._connection_data = [
            Segment(leg.start, leg.end, Chain((leg.start, leg.end), list(leg.paths), None)) for leg in legs
        ]
        return route

    def upper_value(self, stop: Node) -> int:
        """What ``stop`` pays on its own under the title's rules (its value and the bonuses
        tied to it alone): the most it can add to a route of this train."""
        if not _has_revenue_hook(self.game):
            return self.value(stop)
        found = self._upper.get(stop)
        if found is None:
            route = self.engine_route([])
            route.routes = [route, _Sentinel()]  # type: ignore[list-item]
            found = max(0, self.host.revenue_for(route, [stop]))
            self._upper[stop] = found
        return found

    def upper(self, stops: Sequence[Node]) -> int | None:
        """An upper bound on :meth:`revenue` for these stops, cheap to compute (None when the
        title's bonuses are not known to be bounded: then only :meth:`revenue` will do)."""
        if self.additive:
            return sum(self.value(stop) for stop in stops)
        if self.slack is None:
            return None
        if self._pay is None:
            return sum(self.upper_value(stop) for stop in stops) + self.slack
        values = sorted((self.upper_value(stop) for stop in stops if stop_type(stop) in self._pay_kinds),
                        reverse=True)
        return sum(values[: self._pay]) + self.slack


def _has_revenue_hook(game: Any) -> bool:
    return callable(getattr(game, "revenue_for", None))


def _most_bonus(game: Any, corporation: Any) -> tuple[int, Callable[[Sequence[Node]], int] | None]:
    """The run's "most" bonus for ``corporation``: dollars per unit and the measure of a route's stops (None:
    the number of stops), from the title's optional ``most_bonus`` hook, else 1846's Mail Contract."""
    hook = getattr(game, "most_bonus", None)
    if callable(hook):
        found = hook(corporation)
        if found is not None:
            return int(found[0]), found[1]
    return _mail_bonus(game, corporation), None


def _mail_bonus(game: Any, corporation: Any) -> int:
    """1846's Mail Contract: dollars per visited stop of the run's longest route, or 0."""
    mail = getattr(game, "mail_contract", None)
    bonus = getattr(game, "MAIL_CONTRACT_BONUS", None)
    if mail is None or not isinstance(bonus, int) or not callable(getattr(game, "is_mail_contract_route", None)):
        return 0
    if not any(c is mail for c in getattr(corporation, "companies", ())):
        return 0
    return bonus
