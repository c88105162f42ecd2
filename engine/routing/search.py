"""The exact search: every valid route of each train, then the best disjoint combination.

**Routes of one train.**  A route contains one of the corporation's token cities ``T``.  Every
route through ``T`` is a *right part* (legs run from ``T``) and a *left part* (legs run from
``T`` the other way); the enumeration walks every right part depth first and, at each, every
left part disjoint from it.  A route found several times (from both sides, or from several
of its tokens) is kept once: its track-key mask identifies it.  The rules applied while
walking are the validator's (:meth:`engine.map.route.Route.validate`): stops distinct, no
track key twice, no group twice, the train's distance, no terminal path inside the route,
no running through a stop that blocks the corporation (a full foreign city, an off-board).
Every prefix of a valid route obeys these rules too, so cutting a walk that breaks one never
loses a route.

**Combination.**  Trains in order; each train's candidates sorted by an upper bound of their
revenue (best first, ties by discovery order: the bound is the revenue itself when a cheap
bound is not known, else the stops' own values plus the most a title's two-stop bonus can
add, and the exact revenue is asked only of candidates the bounds cannot rule out); depth
first with the bound *revenue so far + for every train still to place, the bound of its
best candidate disjoint from the track used so far* (+ the most a Mail Contract could add).  The bound never underestimates a completion, so the search is exact.
Identical trains take candidates in increasing list order (the same set of routes is tried
once).  Only a strictly better total replaces the incumbent, which makes ties deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.routing.network import Cancelled, Leg, Network

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.routing.scoring import Scorer

__all__ = ["Candidate", "best_combination", "enumerate_routes"]

#: how many search steps between two calls of the cancel callable
CANCEL_EVERY = 2048


@dataclass(slots=True, eq=False)
class Candidate:
    """One valid route of a train: legs in running order, stops, track mask, revenue
    (Mail Contract aside) and its measure for the run's "most" bonus (the number of stops visited, or the
    title's measure: ``Scorer.measure``)."""

    legs: tuple[Leg, ...]
    stops: tuple[Node, ...]
    mask: int
    #: what the route pays (None until asked: see ``bound``)
    revenue: int | None
    visits: int
    order: int
    #: an upper bound on ``revenue`` (equal to it when scored at once)
    bound: int = 0


class _Ticker:
    __slots__ = ("cancel", "count")

    def __init__(self, cancel: Callable[[], bool] | None) -> None:
        self.cancel = cancel
        self.count = 0

    def tick(self) -> None:
        self.count += 1
        if self.cancel is not None and self.count % CANCEL_EVERY == 0 and self.cancel():
            raise Cancelled


def enumerate_routes(network: Network, scorer: Scorer, cancel: Callable[[], bool] | None = None,
                     keep_zero: bool = False) -> list[Candidate]:
    """Every valid route of ``scorer.train`` with positive revenue (or any, with ``keep_zero``),
    sorted best first (ties: discovery order)."""
    corporation = network.corporation
    fits = scorer.distance.fits
    visits_allowed = scorer.visits_allowed
    simple = scorer.distance.simple
    ticker = _Ticker(cancel)
    found: dict[int, Candidate] = {}

    right_legs: list[Leg] = []
    right_nodes: list[Node] = []
    left_legs: list[Leg] = []
    left_nodes: list[Node] = []
    used_nodes: set[Node] = set()
    groups: dict[str, int] = {}
    cost = [0]  # visit cost so far (simple distances)

    def visits_now(token: Node) -> list[Node]:
        return [*reversed(left_nodes), token, *right_nodes]

    def can_take(node: Node) -> bool:
        if node in used_nodes:
            return False
        for group in node.groups:
            if groups.get(group):
                return False
        if simple is not None:
            return cost[0] + node.visit_cost <= simple
        return True

    def take(node: Node) -> None:
        used_nodes.add(node)
        for group in node.groups:
            groups[group] = groups.get(group, 0) + 1
        cost[0] += node.visit_cost

    def drop(node: Node) -> None:
        used_nodes.discard(node)
        for group in node.groups:
            groups[group] -= 1
        cost[0] -= node.visit_cost

    def emit(token: Node, mask: int) -> None:
        ticker.tick()
        if mask in found:
            return
        legs = tuple([leg.reversed() for leg in reversed(left_legs)] + right_legs)
        stops = tuple(visits_now(token))
        if not visits_allowed(stops):
            return
        upper = scorer.upper(stops)
        if upper is not None:
            if upper > 0 or keep_zero:
                found[mask] = Candidate(legs, stops, mask, None, scorer.measure(stops), len(found), upper)
            return
        revenue = scorer.revenue(stops, legs)
        if revenue > 0 or keep_zero:
            found[mask] = Candidate(legs, stops, mask, revenue, scorer.measure(stops), len(found), revenue)

    def extend(token: Node, side_legs: list[Leg], side_nodes: list[Node], mask: int,
               lock_here: bool, lock_other: bool, on_state: Callable[[int, bool, bool], None]) -> None:
        """Depth-first extension of one side; ``on_state(mask, lock_here, lock_other)`` sees
        every state (the current one first)."""
        on_state(mask, lock_here, lock_other)
        if lock_here:
            return
        end = side_nodes[-1] if side_nodes else token
        if end.blocks(corporation):
            return
        has_paths = bool(left_legs or right_legs)
        for leg in network.legs_from(end):
            ticker.tick()
            if leg.mask & mask or leg.inner_terminal:
                continue
            nxt = leg.end
            if not can_take(nxt):
                continue
            first_terminal = bool(leg.paths[0].terminal)
            if has_paths and len(leg.paths) > 1 and first_terminal:
                continue
            take(nxt)
            if simple is None and not fits([*visits_now(token), nxt]):
                drop(nxt)
                continue
            side_legs.append(leg)
            side_nodes.append(nxt)
            new_other = lock_other or (not has_paths and first_terminal)
            extend(token, side_legs, side_nodes, mask | leg.mask, leg.last_terminal, new_other, on_state)
            side_legs.pop()
            side_nodes.pop()
            drop(nxt)

    for token in network.tokens:
        if not can_take(token):
            continue
        take(token)

        def on_right(mask: int, lock_right: bool, lock_left: bool, token: Node = token) -> None:
            def on_left(mask2: int, _lock_l: bool, _lock_r: bool) -> None:
                if left_legs or right_legs:
                    emit(token, mask2)
            extend(token, left_legs, left_nodes, mask, lock_left, lock_right, on_left)

        extend(token, right_legs, right_nodes, 0, False, False, on_right)
        drop(token)

    candidates = list(found.values())
    candidates.sort(key=lambda c: (-c.bound, c.order))
    return candidates


@dataclass(slots=True)
class Combination:
    choice: list[Candidate | None]
    total: int


def best_combination(lists: Sequence[list[Candidate]], same_as_previous: Sequence[bool], per_visit_bonus: int,
                     cancel: Callable[[], bool] | None = None,
                     scorers: Sequence[Callable[[Candidate], int]] | None = None,
                     run_value: Callable[[Sequence[Candidate | None]], int] | None = None) -> Combination:
    """The best choice of one candidate (or none) per train, pairwise disjoint.

    ``same_as_previous[i]``: train ``i`` has exactly the candidates of train ``i - 1`` (same
    list), so it only takes candidates after the one train ``i - 1`` took.  Lists are sorted
    by ``bound``; ``scorers[i]`` gives the exact revenue of a candidate of train ``i`` whose
    ``revenue`` is not known yet (asked only for candidates the bounds cannot rule out).
    ``run_value``: the exact value of a whole choice, for revenue a route earns only beside the
    others (a bonus paid once per run): each candidate's own revenue is then what it earns at
    most, which keeps the bounds, and a complete choice is scored by ``run_value``.
    """
    n = len(lists)
    ticker = _Ticker(cancel)
    max_visits_after = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        own = max((c.visits for c in lists[i]), default=0)
        max_visits_after[i] = max(own, max_visits_after[i + 1])
    best_total = -1
    best_choice: list[Candidate | None] = [None] * n
    choice: list[Candidate | None] = [None] * n
    taken_index = [-1] * n

    def rest_bound(i: int, used: int) -> int:
        total = 0
        for j in range(i, n):
            for candidate in lists[j]:
                if not candidate.mask & used:
                    total += candidate.bound
                    break
        return total

    def search(i: int, used: int, total: int, visits: int) -> None:
        nonlocal best_total, best_choice
        ticker.tick()
        if i == n:
            value = total + per_visit_bonus * visits
            if run_value is not None and value > best_total:
                value = run_value(choice)
            if value > best_total:
                best_total = value
                best_choice = list(choice)
            return
        mail_bound = per_visit_bonus * max(visits, max_visits_after[i])
        if total + mail_bound + rest_bound(i, used) <= best_total:
            return
        later = rest_bound(i + 1, used) if i + 1 < n else 0
        start = taken_index[i - 1] + 1 if i > 0 and same_as_previous[i] else 0
        candidates = lists[i]
        for index in range(start, len(candidates)):
            candidate = candidates[index]
            if candidate.mask & used:
                continue
            if total + candidate.bound + later + mail_bound <= best_total:
                break
            revenue = candidate.revenue
            if revenue is None:
                assert scorers is not None, "a candidate without revenue needs its scorer"
                revenue = candidate.revenue = scorers[i](candidate)
            if total + revenue + later + mail_bound <= best_total:
                continue
            choice[i] = candidate
            taken_index[i] = index
            search(i + 1, used | candidate.mask, total + revenue, max(visits, candidate.visits))
        choice[i] = None
        taken_index[i] = len(candidates)
        search(i + 1, used, total, visits)
        taken_index[i] = -1

    search(0, 0, 0, 0)
    return Combination(best_choice, max(best_total, 0))
