"""A Lagrangian joint bound for several trains: who can still share track is priced.

The trains of one run never use a track key (a bit of a leg's ``mask``) twice.  Give every key
``e`` a price ``lam[e] >= 0``.  For a stop sequence ``r`` let

    adj(r) = revenue(r) - sum over its consecutive stop pairs of min over the pair's variant
             legs of (sum of lam over the leg's keys)

(a leg dropped as dominated in :meth:`SequenceSearch.pairs` uses a superset of a kept leg's
keys, so it never costs less: the minimum over kept legs is the minimum over all legs).

**The bound.**  Take any run: train ``t`` runs ``r_t`` realised by legs ``L_t``, all legs of all
trains pairwise key-disjoint.  Then ``sum_t price(L_t) = sum of lam over the keys the run uses
<= sum_e lam[e]`` (each key at most once, prices non-negative), and ``price(L_t) >= the sum of
pairwise minima`` used in ``adj``, so ``revenue(r_t) <= adj(r_t) + price(L_t)`` and

    total(run) <= sum_t adj(r_t) + sum_e lam[e] <= sum_t B_t + sum_e lam[e] = UB(lam)

for any ``B_t >= adj`` of every route of train ``t`` (0 for a train that does not run).  A
train's routes are listed only down to a revenue threshold ``T_t``; an unlisted route has
``adj <= revenue <= T_t - 1`` (prices are non-negative), so
``B_t = max(0, T_t - 1, best adj among the listed routes)`` is valid for every ``lam``.

**The cuts.**  A run beating the incumbent total ``LB`` (revenues are whole numbers: a total of
at least ``LB + 1``) that runs ``r`` on train ``t`` has ``adj(r) + UB - B_t >= LB + 1``
(the other trains' terms by their ``B``): listed routes failing that are dropped from the
pairing.  And no such run uses an unlisted route of train ``t`` when
``T_t - 1 + UB - B_t < LB + 1`` (:meth:`Relaxation.complete`): then the best run of the kept
routes is the best of all.  Every ``lam`` gives valid cuts; a few subgradient steps (keys two
trains' best routes both use get dearer, unused priced keys cheaper, Polyak step sizes) only
make them tighter.  Float rounding is kept on the safe side by a margin (``EPS``): a route is
dropped, or the lists declared complete, only with that margin to spare.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.routing.sequences import SeqCandidate, _mask

if TYPE_CHECKING:
    from engine.routing.network import Leg
    from engine.routing.sequences import SequenceSearch

__all__ = ["Relaxation", "relax"]

EPS = 1e-6


@dataclass(slots=True)
class Relaxation:
    """The best bound found: ``upper`` (``UB``), ``bounds`` per kind (``B``), ``thresholds`` per
    kind, the kept lists per kind (same order as given), and the incumbent total used."""

    upper: float
    bounds: dict[Any, float]
    thresholds: dict[Any, int]
    kept: dict[Any, list[SeqCandidate]]
    lower: int
    #: a feasible run (per train, in ``kinds`` order) earning ``lower``, when better than the one given
    run: list[SeqCandidate | None] | None = None

    def complete(self, lower: int) -> bool:
        """No run earning more than ``lower`` uses an unlisted route."""
        return all(self.thresholds[key] - 1 + self.upper - self.bounds[key] < lower + 1 - EPS
                   for key in self.bounds)

    def settled(self, lower: int) -> bool:
        """No run earns more than ``lower``."""
        return self.upper < lower + 1 - EPS


def relax(search: SequenceSearch, lists: dict[Any, list[SeqCandidate]], thresholds: dict[Any, int],
          kinds: Sequence[Any], lower: int, iterations: int = 40, starts: int = 200) -> Relaxation:
    """The Lagrangian bound over ``lists`` (per kind of train, best revenue first, every route
    of the kind paying at least ``thresholds[kind]``), ``kinds``: the kind of each train,
    ``lower``: the total of a feasible run.  A better run found on the way is returned as
    ``run`` (its total as ``lower``); the kept lists are cut with that total."""
    count = {key: sum(1 for k in kinds if k == key) for key in lists}
    # the variant legs of each distinct stop pair, by index; each route as its pair indices
    domain_index: dict[int, int] = {}
    domains: list[list[Leg]] = []
    routes: dict[Any, list[tuple[int, tuple[int, ...]]]] = {}
    for key, candidates in lists.items():
        rows: list[tuple[int, tuple[int, ...]]] = []
        for candidate in candidates:
            ids: list[int] = []
            for domain in search.domains(candidate.stops):
                found = domain_index.get(id(domain))
                if found is None:
                    found = len(domains)
                    domain_index[id(domain)] = found
                    domains.append(domain)
                ids.append(found)
            rows.append((candidate.revenue, tuple(ids)))
        routes[key] = rows

    lam: dict[int, float] = {}  # key bit -> price

    def prices() -> tuple[list[float], list[int]]:
        """Per domain: its cheapest leg's price and that leg's mask."""
        support = 0
        for bit in lam:
            support |= 1 << bit
        cost = [0.0] * len(domains)
        cheapest = [0] * len(domains)
        for index, domain in enumerate(domains):
            best = -1.0
            best_mask = 0
            for leg in domain:
                hit = leg.mask & support
                price = 0.0
                while hit:
                    low = hit & -hit
                    price += lam[low.bit_length() - 1]
                    hit ^= low
                if best < 0 or price < best:
                    best = price
                    best_mask = leg.mask
                    if price == 0.0:
                        break
            cost[index] = max(best, 0.0)
            cheapest[index] = best_mask
        return cost, cheapest

    def evaluate() -> tuple[float, dict[Any, float], dict[Any, int], list[float]]:
        cost, cheapest = prices()
        bounds: dict[Any, float] = {}
        uses: dict[Any, int] = {}
        for key, rows in routes.items():
            best = float(max(0, thresholds[key] - 1))
            best_row: tuple[int, ...] | None = None
            for revenue, ids in rows:
                if revenue <= best:
                    break  # sorted by revenue, adj <= revenue: nothing later beats best
                adj = revenue - sum(cost[i] for i in ids)
                if adj > best:
                    best = adj
                    best_row = ids
            bounds[key] = best
            mask = 0
            if best_row is not None:
                for i in best_row:
                    mask |= cheapest[i]
            uses[key] = mask
        upper = sum(bounds[key] * count[key] for key in routes) + sum(lam.values())
        return upper, bounds, uses, cost

    best_upper, best_bounds, uses, best_cost = evaluate()
    best_lam = dict(lam)
    theta = 1.0
    stale = 0
    for _ in range(iterations):
        if best_upper < lower + 1 - EPS:
            break
        # subgradient: uses of each key by the trains' best routes, minus its capacity 1
        gradient: dict[int, int] = {}
        for key, mask in uses.items():
            while mask:
                low = mask & -mask
                bit = low.bit_length() - 1
                gradient[bit] = gradient.get(bit, 0) + count[key]
                mask ^= low
        for bit in lam:
            gradient.setdefault(bit, 0)
        direction = {bit: g - 1 for bit, g in gradient.items() if g - 1 > 0 or lam.get(bit, 0.0) > 0}
        norm = sum(g * g for g in direction.values())
        if norm == 0:
            break  # the best routes share no track: the bound is the optimum of the relaxation
        step = theta * (best_upper - lower) / norm
        for bit, g in direction.items():
            value = lam.get(bit, 0.0) + step * g
            if value > 0:
                lam[bit] = value
            else:
                lam.pop(bit, None)
        upper, bounds, uses, cost = evaluate()
        if upper < best_upper - EPS:
            best_upper, best_bounds, best_cost, best_lam = upper, bounds, cost, dict(lam)
            stale = 0
        else:
            stale += 1
            if stale >= 3:
                theta /= 2
                stale = 0
    del best_lam
    adjusted = {key: [revenue - sum(best_cost[i] for i in ids) for revenue, ids in rows]
                for key, rows in routes.items()}
    run, run_total = _heuristic(search, lists, adjusted, kinds, lower, starts)
    if run is not None:
        lower = run_total
    kept: dict[Any, list[SeqCandidate]] = {}
    for key, candidates in lists.items():
        margin = best_upper - best_bounds[key]
        kept[key] = [candidate for candidate, adj in zip(candidates, adjusted[key])
                     if adj + margin >= lower + 1 - EPS]
    return Relaxation(best_upper, best_bounds, dict(thresholds), kept, lower, run)


def _heuristic(search: SequenceSearch, lists: dict[Any, list[SeqCandidate]], adjusted: dict[Any, list[float]],
               kinds: Sequence[Any], lower: int, starts: int) -> tuple[list[SeqCandidate | None] | None, int]:
    """A feasible run better than ``lower``, if there is one among each kind's ``starts`` best
    listed routes by priced revenue (:func:`best_joint` over those: its runs are realised)."""
    from engine.routing.sequences import JointResult, best_joint

    short: dict[Any, list[SeqCandidate]] = {}
    for key, candidates in lists.items():
        ranked = sorted(range(len(candidates)), key=lambda i: (-adjusted[key][i], i))[:starts]
        short[key] = [candidates[i] for i in sorted(ranked)]
    same = [j > 0 and kinds[j] == kinds[j - 1] for j in range(len(kinds))]
    found = best_joint(search, [short[key] for key in kinds], same,
                       JointResult([None] * len(kinds), [None] * len(kinds), lower))
    if found.total <= lower:
        return None, lower
    choice: list[SeqCandidate | None] = []
    for candidate, legs in zip(found.choice, found.legs):
        if candidate is None or legs is None:
            choice.append(None)
        else:
            choice.append(SeqCandidate(candidate.stops, legs, _mask(legs), candidate.revenue, candidate.key,
                                       candidate.order))
    return choice, found.total
