"""The joint search of several trains: branch on one train's route, re-bound the others beside it.

Summing each train's best route alone bounds a run badly on a late-game map: a diesel and an
8-train both want the same stretch of track, which only one of them can have.  This search
bounds with the track the routes really leave each other.

**Levels.**  Trains in a fixed order (the most valuable alone first).  Level ``i`` lists the
routes of train ``i`` by the stop-sequence search (:meth:`SequenceSearch.search`), each route
able to run together with the routes of trains ``0 .. i-1`` chosen on the way down (they are
held as stop sequences, :class:`Fixed`: their track may be chosen anew, so nothing feasible
is lost); for every such route, and for "train ``i`` does not run", level ``i + 1`` follows.
After the last level the run is complete; only a strictly better total replaces the best run
(the first one found among equals stays: deterministic ties).

**The joint bound.**  A partial route ``P`` of train ``i`` (its first stops; the search grows
routes from one end) is cut when::

    earned(0 .. i-1) + ceiling(P) + sum over later trains j of best_j(P)  <=  best total

``ceiling(P)``: the search's own bound on every route extending ``P`` (never below what one
pays).  ``best_j(P)``: the best route of train ``j`` that can run together with the fixed
routes and with ``P``.  Every route ``R`` extending ``P`` needs all of ``P``'s stop pairs, so
a route of ``j`` that can run beside ``R`` (and the fixed ones) can run beside ``P``: its
revenue is at most ``best_j(P)``.  Every run through ``R`` thus earns at most the left side:
cutting never loses a run better than the best one known (admissible).  ``best_j`` only falls
as ``P`` grows, so it is worked out lazily:

- a *witness*, the route that achieved ``best_j`` at the parent of ``P``, still runnable beside
  ``P`` proves ``best_j(P)`` unchanged (the parent's value bounds it from above, the witness
  from below);
- otherwise ``best_j(P)`` is searched again, but only for routes paying at least what would
  keep ``P`` alive (``floor``): none found proves the cut; one found is the exact best and the
  new witness.  When nothing is needed from ``j`` (the others already keep ``P`` alive) the
  parent's value is kept as a plain upper bound.

Two trains of one kind: the later one pays at most what the earlier one does (any run can be
ordered so), so its bound is also at most the earlier one's ``ceiling``; runs that differ only
by swapping them are met once.  No route of a train pays more than its best alone, which
caps ``ceiling`` too.

Status (bench/routes_dense.py --method joint): exact (tests/engine/test_routing_joint.py
checks it against the brute force), but on the synthetic full 1830 maps slower than the
default combination of listed routes: the diesel's own bound stays loose for many stops,
and every broken witness costs a whole search of the later train (5-90 ms), hundreds of
times.  It is therefore opt-in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.routing.sequences import Fixed, JointResult, SeqCandidate, SequenceSearch, _mask, narrow, realise

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.routing.network import Leg
    from engine.routing.scoring import Scorer

__all__ = ["JointSearch"]


def _fixed(base: Fixed, domains: list[list[Leg]], legs: list[Leg], stops: Sequence[Node]) -> Fixed:
    """``base`` and one more route through ``stops`` (its variant lists ``domains``), the
    variant lists narrowed (:func:`narrow`) to the ones some realisation of them can use
    (``legs`` is one, so they exist), the exits they run counted."""
    narrowed = narrow(base.domains + domains)
    assert narrowed is not None, "the fixed routes have a realisation"
    exits = dict(base.exits)
    last = len(stops) - 1
    for k, stop in enumerate(stops):
        exits[stop] = exits.get(stop, 0) + (1 if k in (0, last) else 2)
    return Fixed(narrowed[0], legs, narrowed[1], exits)


#: how many remembered routes of a later train are tried before searching again
_POOL_TRIES = 12


class _Level:
    """The hooks of one level's search: the bound of the trains after it (witness stacks)."""

    def __init__(self, owner: JointSearch, i: int, fixed: Fixed, total: int,
                 roots: list[tuple[int, SeqCandidate | None]]) -> None:
        self.owner = owner
        self.i = i
        self.fixed = fixed
        self.total = total
        self.later = list(range(i + 1, owner.n))
        #: per later train, per prefix length: (upper bound of its best beside the prefix, a
        #: route achieving it, or None when it is only an upper bound)
        self.stacks: list[list[tuple[int, SeqCandidate | None]]] = [[root] for root in roots]
        self.static_extra = sum(root[0] for root in roots)
        #: per later train: routes found for it beside earlier prefixes, best first
        self.pools: list[list[SeqCandidate]] = [[root[1]] if root[1] is not None else [] for root in roots]

    def need(self) -> int:
        return self.owner.best.total - self.total

    def _compatible(self, witness: SeqCandidate, fixed_legs: list[Leg], stops: list[Node], legs: list[Leg]) -> bool:
        search = self.owner.search
        taken = _mask(fixed_legs) | _mask(legs)
        if not witness.mask & taken:
            return True
        # the exits of each stop suffice for all the routes (a cheap necessary condition)
        held = self.fixed.exits
        last = len(witness.stops) - 1
        for k, stop in enumerate(witness.stops):
            need = held.get(stop, 0) + (1 if k in (0, last) else 2)
            if stop in stops:
                position = stops.index(stop)
                need += 1 if position in (0, len(stops) - 1) else 2
            if need > len(search.exits(stop)):
                return False
        own = search.domains(witness.stops)
        if realise(own, taken) is not None:
            return True
        return realise(self.fixed.domains + search.domains(stops) + own) is not None

    def extra(self, stops: list[Node], legs: list[Leg], fixed_legs: list[Leg], ceiling: int) -> int:
        owner = self.owner
        depth = len(stops)
        need = self.need()
        entries: list[tuple[int, SeqCandidate | None]] = []
        for k, _j in enumerate(self.later):
            stack = self.stacks[k]
            entries.append(stack[depth - 1])
        same = [owner.kinds[j] == owner.kinds[self.i] for j in self.later]

        def bound_of(k: int) -> int:
            value = entries[k][0]
            return min(value, ceiling) if same[k] else value

        for k, j in enumerate(self.later):
            value, witness = entries[k]
            if witness is None and value == 0:
                continue
            others = sum(bound_of(m) for m in range(len(entries)) if m != k)
            floor = need + 1 - ceiling - others
            if floor <= 0:
                continue  # nothing needed from j: the parent's bound stands
            if bound_of(k) < floor:
                return bound_of(k) + others  # cut (the caller sees it cannot beat need)
            if same[k] and floor > ceiling:
                return ceiling + others
            # a route of j paying at least floor beside the prefix keeps it alive: the
            # parent's bound stands
            if witness is not None and witness.revenue >= floor and self._compatible(witness, fixed_legs, stops,
                                                                                     legs):
                continue
            pool = self.pools[k]
            kept = next((c for c in pool[:_POOL_TRIES] if c.revenue >= floor and c is not witness
                         and self._compatible(c, fixed_legs, stops, legs)), None)
            if kept is not None:
                entries[k] = (value, kept)
                continue
            beside = _fixed(self.fixed, owner.search.domains(stops), list(fixed_legs) + list(legs), stops)
            found = owner.search.search(owner.scorers[j], fixed=beside, floor=floor)
            if not found:
                return floor - 1 + others  # best_j < floor: cut
            entries[k] = (found[0].revenue, found[0])
            pool.append(found[0])
            pool.sort(key=lambda c: -c.revenue)
        for k in range(len(entries)):
            stack = self.stacks[k]
            del stack[depth:]
            stack.append(entries[k])
        return sum(bound_of(k) for k in range(len(entries)))

    def visit(self, candidate: SeqCandidate, fixed_legs: list[Leg]) -> None:
        owner = self.owner
        # the later trains earn at most their bound beside the route's first stops (its parent
        # in the search, whose bound is on the stacks)
        depth = len(candidate.stops) - 1
        later = 0
        for k, j in enumerate(self.later):
            value = self.stacks[k][depth][0]
            later += min(value, candidate.revenue) if owner.kinds[j] == owner.kinds[self.i] else value
        if candidate.revenue + later <= self.need():
            return
        domains = owner.search.domains(candidate.stops)
        fixed = _fixed(self.fixed, domains, list(fixed_legs) + list(candidate.legs), candidate.stops)
        owner.choice[self.i] = candidate
        owner.sizes[self.i] = len(domains)
        owner.level(self.i + 1, fixed, self.total + candidate.revenue)
        owner.choice[self.i] = None
        owner.sizes[self.i] = 0


class JointSearch:
    """The best run of ``scorers`` (one per train, in search order; ``kinds``: equal for
    identical trains, which must be next to each other), starting from ``incumbent``."""

    def __init__(self, search: SequenceSearch, scorers: Sequence[Scorer], kinds: Sequence[Any],
                 alone: Sequence[SeqCandidate | None], incumbent: JointResult) -> None:
        self.search = search
        self.scorers = list(scorers)
        self.kinds = list(kinds)
        self.alone = list(alone)
        self.n = len(self.scorers)
        self.best = incumbent
        self.choice: list[SeqCandidate | None] = [None] * self.n
        self.sizes = [0] * self.n
        self.levels = 0

    def run(self) -> JointResult:
        self.level(0, Fixed([], [], 0), 0)
        return self.best

    def _alone_value(self, j: int) -> int:
        found = self.alone[j]
        return found.revenue if found is not None else 0

    def level(self, i: int, fixed: Fixed, total: int) -> None:
        self.levels += 1
        self.search.tick()
        if i == self.n:
            if total > self.best.total:
                legs: list[tuple[Leg, ...] | None] = []
                start = 0
                for j in range(self.n):
                    if self.choice[j] is None:
                        legs.append(None)
                    else:
                        legs.append(tuple(fixed.legs[start:start + self.sizes[j]]))
                        start += self.sizes[j]
                self.best = JointResult(list(self.choice), legs, total)
            return
        cap: int | None = None
        if i > 0 and self.kinds[i] == self.kinds[i - 1]:
            previous = self.choice[i - 1]
            cap = previous.revenue if previous is not None else 0
        if total + sum(self._alone_value(j) for j in range(i, self.n)) <= self.best.total:
            return
        # no route of train i pays more than its best alone: a cap that loses nothing and
        # tightens the search's own bound near the first stops
        cap = self._alone_value(i) if cap is None else min(cap, self._alone_value(i))
        if cap != 0 and self._alone_value(i) > 0:
            roots: list[tuple[int, SeqCandidate | None]] = []
            for j in range(i + 1, self.n):
                if not fixed.domains:
                    roots.append((self._alone_value(j), self.alone[j]))
                    continue
                found = self.search.search(self.scorers[j], fixed=fixed)
                roots.append((found[0].revenue, found[0]) if found else (0, None))
            hooks = _Level(self, i, fixed, total, roots)
            self.search.search(self.scorers[i], fixed=fixed, joint=hooks, cap=cap)
        self.choice[i] = None
        self.sizes[i] = 0
        self.level(i + 1, fixed, total)
