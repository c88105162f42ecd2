"""The hard positions: every train's route at once as one CP-SAT model, solved to proven optimality.

The stop-sequence search (:mod:`engine.routing.sequences`) settles every real game in
milliseconds, but on synthetic late-game maps (a full brown 1830 map, several stations, a
diesel beside an 8-train) the pairing of the trains' listed routes explodes.  Those positions
are handed to Google's CP-SAT solver (OR-Tools) as one model over the same stop graph:

- **Nodes.**  Per train, one ``circuit`` constraint over a dummy node 0 and every stop the
  corporation can reach (:meth:`SequenceSearch.reachable_stops`).  A self-loop on a stop means
  the train does not visit it; a self-loop on 0 means the train does not run; the arc
  ``0 -> i`` means the route starts at stop ``i``, ``i -> 0`` that it ends there.  A circuit
  through 0 is exactly a simple path of stops: a route visits each stop at most once.
- **Track.**  Between two stops one literal per running direction, and one literal per
  non-dominated leg variant (:meth:`SequenceSearch.pairs`: a variant using a superset of
  another's track is never needed); the variants chosen equal the arcs used.  Every leg
  literal of every train that claims one track key (:attr:`Leg.mask`: a hex side and lane, a
  town's spot, a path between two stops) is in one ``at most one``: no train reuses track,
  neither its own nor another's.  These are the conditions the engine's validator checks
  (:func:`engine.map.route.check_overlap`) for titles without terminal track.
- **Rules.**  A stop that blocks the corporation (an off-board, a city full of other
  tokens) only starts or ends a route; a running train visits at least two stops, at least
  one of them a station token, at most one stop of each stop group, and stops costing at
  most its distance (a diesel: unlimited).  A route pays the sum of its stops' values
  (:meth:`Scorer.value`): this model applies only to additive revenue, trains counting
  stops, no terminal track and no ``check_route_visits`` hook (:func:`applies`).
- **Symmetry.**  A route and its reverse are one route: the start's index is below the
  end's.  Trains of one kind (same name, distance) are ordered by revenue.  Both keep at
  least one optimal run, so nothing optimal is cut.
- **Redundant constraints.**  Per stop, the trains passing through it use two of its exits
  (the first paths of its legs) and the trains ending there one, at most as many as there
  are distinct exits: implied by the track keys, but it tightens CP-SAT's linear relaxation.

So the model's feasible assignments are exactly the runs the stop-sequence search considers,
and its objective is their revenue: a solve that ends with status OPTIMAL is the proven best
run (anything else is not an answer and raises).  The solve is deterministic: a fixed number
of workers in CP-SAT's interleaved (deterministic) mode, no time limit; a feasible run known
beforehand is given as a hint, and as a floor: the objective's domain then asks for more than
it pays, so a solve that ends INFEASIBLE proves the hinted run the best (it is the answer), and
one that ends OPTIMAL found the better best run.  The floor only helps (measured on
bench/routes_dense.py: a full 1830 map's 5+6+D with the search's run already the best, 12.4 s
-> 7.3 s of CP-SAT); the hard positions' time is the proof of the bound, and, where the search's
run is poor (670 against 850 on a full map's D+8), finding the best run.  The caller's
``cancel`` is polled by a watcher thread that stops the solver, then :class:`Cancelled` is
raised.

Positions of at most two trains are first given to one subsolver (pseudo costs) for a fixed amount
of deterministic work: there it proves in about a second what eight subsolvers prove in up to
seven (bench/routes_dense.py); what it leaves unproven goes to the eight, hinted and floored with
the best run it found.  Positions of three trains or more go to three complete subsolvers without
neighbourhood search (:data:`MANY_SUBSOLVERS`).  Only the proof's speed depends on this, never the
answer's optimality.

The model is written directly as a ``CpModelProto`` with ``ortools.sat.python.cp_model_helper``
(the solver's own binding): ``ortools.sat.python.cp_model`` would import pandas and numpy,
which the program does not ship.  OR-Tools is imported on first use only.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.routing.network import Cancelled, Leg

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.routing.scoring import Scorer
    from engine.routing.sequences import SequenceSearch

__all__ = ["CpSatResult", "NotSolved", "applies", "solve"]

#: CP-SAT subsolvers, interleaved in fixed batches (deterministic whatever the number, on any core
#: count): one is faster on two trains, eight settle the three-train positions one cannot in 40 s
WORKERS = 8
#: the first attempt on positions of at most FIRST_TRAINS trains: one subsolver, at most FIRST_WORK
#: deterministic seconds (a count of work: it stops at the same point on every run); measured on
#: bench/routes_dense.py's two-train positions (full 1830 maps): pseudo costs alone proves each in
#: 0.3-1.4 s (at most 2.0 deterministic seconds) where the eight take 0.5-6.7 s (reduced costs
#: alone: 0.5-1.3 s on most, 10 s on two); on three trains one subsolver is slower than the eight
FIRST_TRAINS = 2
FIRST_SUBSOLVER = "pseudo_costs"
FIRST_WORK = 3.0
#: positions of at least MANY_TRAINS trains: these complete subsolvers only, no neighbourhood search
#: (LNS), whose time is the proof of the bound, which LNS does not help; measured on bench/routes_dense.py's
#: three-train positions (5+6+D), CP-SAT random seeds 0-3, deterministic seconds, the eight -> these:
#: full 1830 map seed 0 5.2-5.8 -> 2.6-3.8, seed 1 9.1-12.5 -> 5.5-10.1, 5 stations seed 0 0.5-4.2 ->
#: 0.5-1.0, 5 stations seed 1 8.5-20 (one unproven at 20) -> 5.4-11.2; all 124 -> 78
MANY_TRAINS = 3
MANY_SUBSOLVERS = ("max_lp", "reduced_costs", "pseudo_costs")
#: how often the watcher thread asks the caller's ``cancel`` (seconds)
CANCEL_POLL = 0.05


class NotSolved(Exception):
    """CP-SAT ended without proving an optimum (a bug or an invalid model; never expected)."""


@dataclass(slots=True)
class CpSatResult:
    """Per train (in the order given): its route's legs in running order (None: it does not run),
    and the total revenue."""

    legs: list[tuple[Leg, ...] | None]
    total: int


def applies(scorers: Sequence[Scorer]) -> bool:
    """Can the model describe these trains' revenue (additive, stop-counting, no visit hook)?"""
    return all(scorer.additive and not callable(getattr(scorer.game, "check_route_visits", None)) for scorer in scorers)


class _Proto:
    """A thin writer of a ``CpModelProto``: Boolean variables by index, literals as CP-SAT's
    (``index`` true, ``-index - 1`` its negation)."""

    def __init__(self, helper: Any) -> None:
        self.helper = helper
        self.model = helper.CpModelProto()

    def new_bool(self) -> int:
        variable = self.model.variables.add()
        variable.domain.extend([0, 1])
        return len(self.model.variables) - 1

    @staticmethod
    def negate(literal: int) -> int:
        return -literal - 1

    def circuit(self, arcs: Sequence[tuple[int, int, int]]) -> None:
        constraint = self.model.constraints.add().circuit
        for tail, head, literal in arcs:
            constraint.tails.append(tail)
            constraint.heads.append(head)
            constraint.literals.append(literal)

    def linear(self, terms: Sequence[tuple[int, int]], low: int, high: int, enforce: Sequence[int] = ()) -> None:
        """``low <= sum(coeff * var) <= high`` (over variables, not negated literals)."""
        constraint = self.model.constraints.add()
        constraint.enforcement_literal.extend(enforce)
        linear = constraint.linear
        for var, coeff in terms:
            linear.vars.append(var)
            linear.coeffs.append(coeff)
        linear.domain.extend([low, high])

    def bool_or(self, literals: Sequence[int], enforce: Sequence[int] = ()) -> None:
        constraint = self.model.constraints.add()
        constraint.enforcement_literal.extend(enforce)
        constraint.bool_or.literals.extend(literals)

    def at_most_one(self, literals: Sequence[int]) -> None:
        self.model.constraints.add().at_most_one.literals.extend(literals)

    def maximise(self, terms: Sequence[tuple[int, int]]) -> None:
        objective = self.model.objective
        for var, coeff in terms:
            objective.vars.append(var)
            objective.coeffs.append(-coeff)  # CP-SAT minimises
        objective.scaling_factor = -1.0

    def hint(self, values: dict[int, int]) -> None:
        hint = self.model.solution_hint
        for var in sorted(values):
            hint.vars.append(var)
            hint.values.append(values[var])


@dataclass(slots=True)
class _Train:
    """One train's variables."""

    run: int
    visit: dict[Node, int]
    start: dict[Node, int]
    end: dict[Node, int]
    #: (a, b) -> literal of the arc a -> b
    arcs: dict[tuple[Node, Node], int]
    #: (a, b) with a before b -> [(leg from a to b, literal)]
    legs: dict[tuple[Node, Node], list[tuple[Leg, int]]]
    revenue: list[tuple[int, int]]


class _Builder:
    """The model of :func:`solve` (see the module docstring)."""

    def __init__(self, helper: Any, search: SequenceSearch, scorers: Sequence[Scorer], kinds: Sequence[Any]) -> None:
        self.proto = _Proto(helper)
        self.search = search
        self.stops = search.reachable_stops()
        self.index = {stop: i + 1 for i, stop in enumerate(self.stops)}
        self.pairs: dict[tuple[Node, Node], list[Leg]] = {}
        for a in self.stops:
            for b, legs in search.pairs(a):
                if b in self.index and self.index[a] < self.index[b]:
                    self.pairs[(a, b)] = legs
        self.key_users: dict[int, list[int]] = {}
        #: what the hinted run pays (see :meth:`hint`); whether the hint was given (None: not tried)
        self.hinted = 0
        self.hinted_given: bool | None = None
        self.trains = [self._train(scorer) for scorer in scorers]
        self._same_kind_order(kinds)
        self._track()
        self._exit_capacity()
        self.proto.maximise([term for train in self.trains for term in train.revenue])

    def _train(self, scorer: Scorer) -> _Train:
        proto, search = self.proto, self.search
        run = proto.new_bool()
        arcs_out: list[tuple[int, int, int]] = [(0, 0, proto.negate(run))]
        visit: dict[Node, int] = {}
        start: dict[Node, int] = {}
        end: dict[Node, int] = {}
        groups: dict[str, list[int]] = {}
        for stop in self.stops:
            i = self.index[stop]
            v, s, e = proto.new_bool(), proto.new_bool(), proto.new_bool()
            visit[stop], start[stop], end[stop] = v, s, e
            arcs_out += [(i, i, proto.negate(v)), (0, i, s), (i, 0, e)]
            proto.bool_or([run], enforce=[v])
            if search.blocks(stop):
                proto.bool_or([s, e], enforce=[v])  # a blocking stop only starts or ends a route
            for group in stop.groups:
                groups.setdefault(group, []).append(v)
        for members in groups.values():
            if len(members) > 1:
                proto.at_most_one(members)
        arcs: dict[tuple[Node, Node], int] = {}
        legs: dict[tuple[Node, Node], list[tuple[Leg, int]]] = {}
        for (a, b), variants in self.pairs.items():
            forward, backward = proto.new_bool(), proto.new_bool()
            arcs[(a, b)], arcs[(b, a)] = forward, backward
            arcs_out += [(self.index[a], self.index[b], forward), (self.index[b], self.index[a], backward)]
            chosen = [(leg, proto.new_bool()) for leg in variants]
            legs[(a, b)] = chosen
            proto.linear([(literal, 1) for _leg, literal in chosen] + [(forward, -1), (backward, -1)], 0, 0)
            for leg, literal in chosen:
                mask = leg.mask
                while mask:
                    low = mask & -mask
                    self.key_users.setdefault(low.bit_length() - 1, []).append(literal)
                    mask ^= low
        proto.circuit(arcs_out)
        limit = scorer.distance.simple
        assert limit is not None
        if sum(stop.visit_cost for stop in self.stops) > limit:
            proto.linear([(visit[stop], stop.visit_cost) for stop in self.stops], 0, limit)
        proto.linear([(visit[stop], 1) for stop in self.stops], 2, max(2, len(self.stops)), enforce=[run])
        tokens = [visit[token] for token in search.network.tokens if token in visit]
        proto.bool_or(tokens or [proto.negate(run)], enforce=[run])
        # a route and its reverse are one: the start's index is below the end's
        proto.linear(
            [(start[stop], self.index[stop]) for stop in self.stops]
            + [(end[stop], -self.index[stop]) for stop in self.stops],
            -len(self.stops) - 1,
            -1,
            enforce=[run],
        )
        revenue = [(visit[stop], scorer.value(stop)) for stop in self.stops if scorer.value(stop)]
        return _Train(run, visit, start, end, arcs, legs, revenue)

    def _same_kind_order(self, kinds: Sequence[Any]) -> None:
        """Trains of one kind are interchangeable: the earlier one earns at least as much."""
        for position in range(1, len(self.trains)):
            if kinds[position] == kinds[position - 1]:
                before, after = self.trains[position - 1], self.trains[position]
                self.proto.linear(
                    before.revenue + [(var, -coeff) for var, coeff in after.revenue],
                    0,
                    sum(coeff for _var, coeff in before.revenue),
                )

    def _track(self) -> None:
        for users in self.key_users.values():
            if len(users) > 1:
                self.proto.at_most_one(users)

    def _exit_capacity(self) -> None:
        """Redundant: the trains at a stop run at most its distinct exits (two passing, one ending)."""
        for stop in self.stops:
            capacity = len(self.search.exits(stop))
            terms: list[tuple[int, int]] = []
            for train in self.trains:
                terms += [(train.visit[stop], 2), (train.start[stop], -1), (train.end[stop], -1)]
            if capacity < 2 * len(self.trains):
                self.proto.linear(terms, 0, capacity)

    # --- hint and answer ---------------------------------------------------------------------
    def hint(self, routes: Sequence[tuple[Leg, ...] | None]) -> bool:
        """A complete assignment for a known feasible run (one legs tuple or None per train);
        False (no hint given) if a leg is not one the model lists."""
        values: dict[int, int] = {}
        for train, legs in zip(self.trains, routes):
            chosen: set[int] = set()
            arcs: set[int] = set()
            visited: list[Node] = []
            if legs:
                if self.index[legs[0].start] > self.index[legs[-1].end]:
                    legs = tuple(leg.reversed() for leg in reversed(legs))  # the model's direction
                visited = [legs[0].start] + [leg.end for leg in legs]
                for leg in legs:
                    arcs.add(train.arcs[(leg.start, leg.end)])
                    forward = self.index[leg.start] < self.index[leg.end]
                    key = (leg.start, leg.end) if forward else (leg.end, leg.start)
                    literal = next((lit for variant, lit in train.legs[key] if variant.mask == leg.mask), None)
                    if literal is None:
                        return False
                    chosen.add(literal)
            values[train.run] = int(bool(legs))
            for stop in self.stops:
                values[train.visit[stop]] = int(stop in visited)
                values[train.start[stop]] = int(bool(visited) and stop is visited[0])
                values[train.end[stop]] = int(bool(visited) and stop is visited[-1])
            for literal in train.arcs.values():
                values[literal] = int(literal in arcs)
            for variants in train.legs.values():
                for _leg, literal in variants:
                    values[literal] = int(literal in chosen)
        self.proto.hint(values)
        self.hinted = sum(coeff * values[var] for train in self.trains for var, coeff in train.revenue)
        return True

    def beyond(self, total: int) -> None:
        """Only runs paying more than ``total`` are solutions."""
        ceiling = sum(coeff for train in self.trains for _var, coeff in train.revenue)
        self.proto.model.objective.domain.extend([-ceiling, -(total + 1)])  # the objective is minimised

    def routes(self, solution: Sequence[int]) -> list[tuple[Leg, ...] | None]:
        """Each train's legs in running order, read from the circuit of a solution."""
        result: list[tuple[Leg, ...] | None] = []
        for train in self.trains:
            if not solution[train.run]:
                result.append(None)
                continue
            following: dict[Node, Node] = {a: b for (a, b), literal in train.arcs.items() if solution[literal]}
            stop = next(s for s in self.stops if solution[train.start[s]])
            legs: list[Leg] = []
            while stop in following:
                nxt = following[stop]
                forward = self.index[stop] < self.index[nxt]
                key = (stop, nxt) if forward else (nxt, stop)
                leg = next(leg for leg, literal in train.legs[key] if solution[literal])
                legs.append(leg if forward else leg.reversed())
                stop = nxt
            result.append(tuple(legs))
        return result


def solve(
    search: SequenceSearch,
    scorers: Sequence[Scorer],
    kinds: Sequence[Any],
    *,
    hint: Sequence[tuple[Leg, ...] | None] | None = None,
    cancel: Callable[[], bool] | None = None,
    workers: int = WORKERS,
) -> CpSatResult:
    """The best run of the trains ``scorers`` describe (``kinds``: equal for interchangeable
    trains, which must be adjacent), proven optimal by CP-SAT.  ``hint``: a feasible run (legs
    per train) to start from and to beat (returned when nothing pays more).  Raises :class:`Cancelled` when ``cancel`` returns True, and
    :class:`NotSolved` if CP-SAT ends without proving an optimum.

    At most :data:`FIRST_TRAINS` trains: first one subsolver (:data:`FIRST_SUBSOLVER`) for at most
    :data:`FIRST_WORK` deterministic seconds; what it does not prove goes to ``workers``
    subsolvers without a limit, hinted with the best run the first attempt found.  At least
    :data:`MANY_TRAINS` trains: :data:`MANY_SUBSOLVERS` without neighbourhood search."""
    from ortools.sat.python import cp_model_helper as helper

    builder: _Builder | None = None
    if len(scorers) <= FIRST_TRAINS:
        parameters = _parameters(helper, 1)
        parameters.subsolvers.append(FIRST_SUBSOLVER)
        parameters.max_deterministic_time = FIRST_WORK
        builder = _Builder(helper, search, scorers, kinds)
        proven, better = _attempt(helper, builder, hint, cancel, parameters)
        if proven is not None:
            return proven
        if better is not None:
            hint, builder = better, None  # a new floor: a new model
    if builder is None:
        builder = _Builder(helper, search, scorers, kinds)
    parameters = _parameters(helper, workers)
    if len(scorers) >= MANY_TRAINS:
        parameters.num_workers = len(MANY_SUBSOLVERS)
        parameters.subsolvers.extend(MANY_SUBSOLVERS)
        parameters.use_lns = False
    proven, _better = _attempt(helper, builder, hint, cancel, parameters)
    if proven is None:
        raise NotSolved("CP-SAT ended without proving an optimum")
    return proven


def _attempt(
    helper: Any,
    builder: _Builder,
    hint: Sequence[tuple[Leg, ...] | None] | None,
    cancel: Callable[[], bool] | None,
    parameters: Any,
) -> tuple[CpSatResult | None, list[tuple[Leg, ...] | None] | None]:
    """One solve of ``builder``'s model (hinted and floored by ``hint`` the first time): the proven
    best run, or None and the best run it found paying more than the hint (None if none)."""
    if hint is not None and builder.hinted_given is None:
        builder.hinted_given = builder.hint(hint)
        if builder.hinted_given:
            builder.beyond(builder.hinted)
    hinted = bool(builder.hinted_given)
    wrapper = helper.SolveWrapper()
    wrapper.set_parameters(parameters)
    response = _solve_cancellable(wrapper, builder.proto.model, cancel)
    if hinted and response.status == helper.INFEASIBLE:
        # no run pays more than the hinted one: it is the best
        assert hint is not None
        return CpSatResult([tuple(legs) if legs else None for legs in hint], builder.hinted), None
    if response.status not in (helper.OPTIMAL, helper.FEASIBLE):
        return None, None
    solution = list(response.solution)
    routes = builder.routes(solution)
    if response.status == helper.FEASIBLE:
        return None, routes
    total = sum(coeff * solution[var] for train in builder.trains for var, coeff in train.revenue)
    return CpSatResult(routes, total), None


def _parameters(helper: Any, workers: int) -> Any:
    """Deterministic search: ``workers`` subsolvers interleaved in fixed batches, no time limit."""
    parameters = helper.SatParameters()
    parameters.num_workers = workers
    parameters.interleave_search = True
    # one subsolver task at a time: one core (the other stays free for the program), and measured
    # faster than batches of eight on our positions (bench/routes_dense.py --method cpsat)
    parameters.interleave_batch_size = 1
    # the circuit and linear constraints' full relaxation with cuts: the bound, not the search, is
    # what the hard positions wait for
    parameters.linearization_level = 2
    parameters.catch_sigint_signal = False
    return parameters


def _solve_cancellable(wrapper: Any, model: Any, cancel: Callable[[], bool] | None) -> Any:
    """``wrapper.solve(model)``, stopped when ``cancel`` returns True (then :class:`Cancelled`)."""
    if cancel is None:
        return wrapper.solve(model)
    if cancel():
        raise Cancelled
    done = threading.Event()
    asked = threading.Event()

    def watch() -> None:
        while not done.wait(CANCEL_POLL):
            if cancel():
                asked.set()
                wrapper.stop_search()
                return

    watcher = threading.Thread(target=watch, name="cpsat-cancel", daemon=True)
    watcher.start()
    try:
        response = wrapper.solve(model)
    finally:
        done.set()
        watcher.join()
    if asked.is_set():
        raise Cancelled
    return response
