"""The exact search on dense maps: routes as stop sequences, track chosen only to prove them.

On a late-game map many walks of track join the same two stops (a mesh of brown tiles gives
dozens), and a route of eight stops has a different track choice for every leg: listing
every track variant of every route explodes.  Yet what a route pays depends only on its
stops (titles without a ``revenue_for`` hook, trains counting stops), and the track matters
only as a *proof* that the stops can be run without reusing track.  So this search works on
stop sequences:

- **Variants.**  Between two stops, the legs (walks of track) whose key set contains another
  leg's key set are dropped: the smaller one serves wherever the larger one does.
- **Realisation.**  A sequence is runnable when one variant per consecutive pair can be
  chosen, all pairwise disjoint (and disjoint from track other routes hold).  Extending a
  sequence tries the first disjoint variant; only when none fits is the whole sequence
  re-realised by a backtracking search with conflict-directed backjumping (Prosser's CBJ),
  which answers exactly.  Runnability is inherited by every sub-route, so a sequence whose
  prefix cannot be run is cut without losing anything.
- **Bounds.**  A partial route can gain at most the best ``r`` stop values still within
  ``r`` hops of an open end (``r``: stops the train may still visit), through stops it has
  not visited and that do not block it, with at most one blocking stop (an off-board, a city
  full of other tokens) per open end.  For long trains (diesels) the *chain bound* is far
  tighter: among the stops not yet visited, joined where some track variant avoids the
  track every realisation of the route so far needs, a simple route from the open end runs
  through one chain of biconnected blocks of the block-cut tree (it cannot come back
  through a cut stop), so it gains at most the best chain's stops (plus one blocking stop
  to end on).  A route passing through a stop runs two of its *exits* (the first paths of
  its legs) and none of the track the route so far needs: a stop with fewer than two such
  exits free can only end the route, in both bounds.  Both never underestimate; the smaller
  counts.
- **Starts.**  Routes grow from one end, every reachable stop in turn: first the stops that
  can only end a route (off-boards, full cities, stops with one neighbour), then the most
  valuable.  A route ending at a stop already used as a start was met (reversed) when the
  search started there, so later searches never end a route there (a blocking one is left
  out entirely, the others may only be passed through).
- **Thresholds.**  The best route of each train alone (branch and bound) gives upper
  bounds; a feasible run (the greedy run of the trains one after another, in every order,
  then each train re-optimised on the track the others leave) gives a total ``LB``.  A
  train's route can only be part of a run worth at least ``LB`` if it pays at least ``LB``
  minus the other trains' best-alone revenues; only those routes are listed.
- **Combination.**  Depth first over the trains (best first), the bound being the revenue so
  far plus each remaining train's best listed route; a chosen set of sequences is proven
  jointly runnable by the same realisation search over all their legs (remembered per set),
  after two cheap necessary tests: no track every realisation of both needs, and no stop
  whose exits are too few for the routes together (two per route passing, one per route
  ending there).  :mod:`engine.routing.joint` is an exact alternative (``method="joint"``).

Every cut is by an admissible bound or an exact infeasibility proof: the result is optimal.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from engine.routing.network import Cancelled, Leg, Network

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.routing.scoring import Scorer

__all__ = ["Fixed", "JointHooks", "JointResult", "OverBudget", "SeqCandidate", "SequenceSearch", "best_joint",
           "realise"]

CANCEL_EVERY = 1024


class OverBudget(Exception):
    """The search did more work (ticks) than its ``budget`` allowed: the position is hard."""


@dataclass(slots=True, eq=False)
class SeqCandidate:
    """A runnable stop sequence: stops in running order, one realisation (legs), revenue."""

    stops: tuple[Node, ...]
    legs: tuple[Leg, ...]
    mask: int
    revenue: int
    key: tuple[int, ...]
    order: int

    @property
    def visits(self) -> int:
        return len(self.stops)


@dataclass(slots=True)
class Fixed:
    """Routes of other trains held fixed as stop sequences: the variant lists of their
    consecutive stops (``domains``), one current realisation (``legs``, one per domain), and
    the track every realisation needs (``core``); ``exits``: how many exits of each stop
    they run (two passing through, one ending there)."""

    domains: list[list[Leg]]
    legs: list[Leg]
    core: int
    exits: dict[Node, int] = field(default_factory=dict)


class JointHooks(Protocol):
    """What :meth:`SequenceSearch.search` asks the joint search (engine.routing.joint)."""

    #: an upper bound of :meth:`extra` that costs nothing
    static_extra: int

    def need(self) -> int:
        """A route (with what the later trains earn beside it) must earn more than this."""

    def extra(self, stops: list[Node], legs: list[Leg], fixed_legs: list[Leg], ceiling: int) -> int:
        """The most the trains still to place can earn beside any route that extends ``stops``
        (``ceiling``: the most such a route can pay)."""

    def visit(self, candidate: SeqCandidate, fixed_legs: list[Leg]) -> None:
        """A runnable route (``fixed_legs``: the fixed routes' track beside it)."""


def _union(masks: Sequence[int]) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def _core(domain: Sequence[Leg]) -> int:
    """The track keys every variant of ``domain`` uses."""
    if not domain:
        return 0
    core = domain[0].mask
    for leg in domain[1:]:
        core &= leg.mask
    return core


def narrow(domains: Sequence[Sequence[Leg]], base: int = 0, arc: bool = False) -> tuple[list[list[Leg]], int] | None:
    """The variants of each domain that can belong to a realisation (disjoint from ``base``,
    and from the track every variant of any *other* domain uses), and the union of those
    shared tracks (every realisation uses it); None when some domain is left without a
    variant, or two domains must use the same track (no realisation exists).  Dropping
    variants only ever removes ones no realisation uses, so repeating until no shared track
    grows is exact.  With ``arc`` also every variant that meets *every* variant of some
    other domain is dropped (arc consistency; dearer, for the hard cases of :func:`realise`)."""
    usable: list[list[Leg]] = []
    cores: list[int] = []
    total = 0
    for domain in domains:
        kept = [leg for leg in domain if not leg.mask & base] if base else list(domain)
        if not kept:
            return None
        core = _core(kept)
        if core & total:
            return None  # two domains must use the same track
        usable.append(kept)
        cores.append(core)
        total |= core
    changed = True
    while changed:
        changed = False
        for i, domain in enumerate(usable):
            if len(domain) == 1:
                continue  # its only variant is its core: disjoint from the others' cores
            others = total ^ cores[i]  # the cores are disjoint
            kept = [leg for leg in domain if not leg.mask & others]
            if len(kept) == len(domain):
                continue
            if not kept:
                return None
            usable[i] = kept
            core = _core(kept)
            grown = core & ~cores[i]
            if grown:
                if grown & total:
                    return None
                total |= grown
                cores[i] = core
                changed = True
    if arc and len(usable) > 1:
        # arc consistency: a variant that meets every variant of some other domain goes
        changed = True
        while changed:
            changed = False
            masks = [[leg.mask for leg in domain] for domain in usable]
            unions = [_union(domain_masks) for domain_masks in masks]
            for i, domain in enumerate(usable):
                if len(domain) == 1:
                    continue
                kept = []
                for leg in domain:
                    bits = leg.mask
                    for j, their in enumerate(masks):
                        if j != i and bits & unions[j] and all(bits & m for m in their):
                            break  # no variant of domain j can run beside it
                    else:
                        kept.append(leg)
                if len(kept) == len(domain):
                    continue
                if not kept:
                    return None
                usable[i] = kept
                masks[i] = [leg.mask for leg in kept]
                unions[i] = _union(masks[i])
                changed = True
                core = _core(kept)
                grown = core & ~cores[i]
                if grown:
                    if grown & (total ^ cores[i]):
                        return None
                    total |= grown
                    cores[i] = core
    return usable, total



def realise(domains: Sequence[Sequence[Leg]], base: int = 0) -> list[Leg] | None:
    """One variant per domain, pairwise disjoint and disjoint from ``base``; None if impossible.

    First every variant that meets track some *other* domain cannot avoid (the keys all of
    that domain's variants share) is dropped, until nothing changes; an emptied domain
    proves impossibility.  Then a backtracking search, most constrained domain first, with
    conflict-directed backjumping: when no variant of a level fits, the search goes back to
    the latest level that caused one of the conflicts, not merely the previous one.  A search
    that tries more than ``_BUDGET`` variants starts again on lists narrowed by arc
    consistency too (exact either way: narrowing drops only variants no realisation uses).
    """
    n = len(domains)
    if n == 0:
        return []
    narrowed = narrow(domains, base)
    if narrowed is None:
        return None
    found = _backjump(narrowed[0], _BUDGET)
    if found is not _OVER:
        return found  # type: ignore[return-value]
    # a hard case: narrow by arc consistency too, then search to the end
    narrowed = narrow(narrowed[0], base, arc=True)
    if narrowed is None:
        return None
    found = _backjump(narrowed[0], None)
    assert found is not _OVER
    return found  # type: ignore[return-value]


#: how many legs nearest a new end are checked alone before a whole route is realised again
_PARTS = (3, 5, 7)

#: variant tries before :func:`realise` narrows further (arc consistency) and starts again
_BUDGET = 150
_OVER = object()


def _backjump(usable: list[list[Leg]], budget: int | None) -> list[Leg] | object | None:
    """The backtracking search of :func:`realise` (conflict-directed backjumping) over narrowed
    variant lists; ``_OVER`` when more than ``budget`` variants were tried."""
    n = len(usable)
    tries = 0
    order = sorted(range(n), key=lambda i: len(usable[i]))
    domains_by_level = [usable[i] for i in order]
    chosen: list[Leg | None] = [None] * n
    index = [0] * n
    conflicts: list[set[int]] = [set() for _ in range(n)]
    prefix = [0] * (n + 1)
    level = 0
    while 0 <= level < n:
        domain = domains_by_level[level]
        placed = False
        taken = prefix[level]
        while index[level] < len(domain):
            leg = domain[index[level]]
            index[level] += 1
            tries += 1
            if budget is not None and tries > budget:
                return _OVER
            if not leg.mask & taken:
                chosen[level] = leg
                prefix[level + 1] = taken | leg.mask
                placed = True
                break
            for other in range(level):
                picked = chosen[other]
                assert picked is not None
                if picked.mask & leg.mask:
                    conflicts[level].add(other)
                    break
        if placed:
            level += 1
            if level < n:
                index[level] = 0
                conflicts[level] = set()
            continue
        if not conflicts[level]:
            return None
        back = max(conflicts[level])
        conflicts[back] |= conflicts[level] - {back}
        for reset in range(back + 1, level + 1):
            index[reset] = 0
            conflicts[reset] = set()
            chosen[reset] = None
        chosen[back] = None
        level = back
    if level < 0:
        return None
    result: list[Leg | None] = [None] * n
    for level_index, original in enumerate(order):
        result[original] = chosen[level_index]
    return [leg for leg in result if leg is not None]


class SequenceSearch:
    """The stop-sequence search over one corporation's network (additive revenue only)."""

    def __init__(self, network: Network, cancel: Callable[[], bool] | None = None,
                 budget: int | None = None) -> None:
        """``budget``: the most ticks (units of search work: a stop tried, a pairing step) before
        :class:`OverBudget` is raised; a count, so where it stops is the same on every run."""
        self.network = network
        self.corporation = network.corporation
        self.cancel = cancel
        self._ticks = 0
        self._budget = budget if budget is not None else -1
        self._pairs: dict[Node, list[tuple[Node, list[Leg]]]] = {}
        self._index: dict[Node, int] = {}
        self._blocks: dict[Node, bool] = {}
        self._realised: dict[tuple[tuple[Node, ...], int], list[Leg] | None] = {}
        self._exits: dict[Node, list[int]] = {}
        #: joint realisations of sets of sequences (their keys), see best_joint
        self._joint: dict[tuple[tuple[Node, ...], ...], list[tuple[Leg, ...]] | None] = {}

    # --- the stop graph ---------------------------------------------------------------------
    def tick(self) -> None:
        self._ticks += 1
        if self._ticks % CANCEL_EVERY == 0:
            if self.cancel is not None and self.cancel():
                raise Cancelled
            if 0 <= self._budget < self._ticks:
                raise OverBudget

    @property
    def ticks(self) -> int:
        """The work done so far (ticks)."""
        return self._ticks

    def index(self, node: Node) -> int:
        found = self._index.get(node)
        if found is None:
            found = len(self._index)
            self._index[node] = found
        return found

    def blocks(self, node: Node) -> bool:
        found = self._blocks.get(node)
        if found is None:
            found = bool(node.blocks(self.corporation))
            self._blocks[node] = found
        return found

    def pairs(self, node: Node) -> list[tuple[Node, list[Leg]]]:
        """The stops one leg away from ``node``, each with its non-dominated legs (fewest track
        keys first), in walk order of first discovery."""
        found = self._pairs.get(node)
        if found is not None:
            return found
        grouped: dict[Node, list[Leg]] = {}
        for leg in self.network.legs_from(node):
            grouped.setdefault(leg.end, []).append(leg)
        found = []
        for end, legs in grouped.items():
            self.index(end)
            kept: list[Leg] = []
            for leg in sorted(legs, key=lambda leg: (leg.mask.bit_count(), leg.order)):
                if any(other.mask & leg.mask == other.mask for other in kept):
                    continue  # a kept leg uses a subset of this one's track
                kept.append(leg)
            found.append((end, kept))
        self._pairs[node] = found
        return found

    def realise_stops(self, stops: Sequence[Node], base: int) -> list[Leg] | None:
        """:func:`realise` for the legs of ``stops`` (remembered per stops and base)."""
        key = (tuple(stops), base)
        if key in self._realised:
            return self._realised[key]
        found = realise(self.domains(stops), base)
        if len(self._realised) < 200_000:
            self._realised[key] = found
        return found

    def repair(self, stops: Sequence[Node], legs: Sequence[Leg], right: bool, base: int,
               window: int = 3) -> list[Leg] | None:
        """A realisation of ``stops`` (``legs`` realise all of them but the new end): first the
        legs nearest the new end are chosen again with the others kept, then, if that fails,
        the whole sequence (exact either way: only a failure of the whole search is final)."""
        domains = self.domains(stops)
        count = len(domains)
        width = min(window, count)
        if right:
            kept = list(legs[:count - width])
            local = realise(domains[count - width:], base | _mask(kept))
            if local is not None:
                return kept + local
        else:
            kept = list(legs[width - 1:])
            local = realise(domains[:width], base | _mask(kept))
            if local is not None:
                return local + kept
        if width == count:
            return None  # the local search was the whole search
        # the stops nearest the new end alone (a part that cannot be run proves the whole
        # cannot; short parts recur across routes and are remembered)
        for part in _PARTS:
            if part + 1 < len(stops) and self.realise_stops(stops[-part - 1:] if right else stops[:part + 1],
                                                            base) is None:
                return None
        return self.realise_stops(stops, base)

    def exits(self, node: Node) -> list[int]:
        """The track of each first path of the legs leaving ``node`` (its exits), distinct: a
        route passing through ``node`` runs two of them, one ending there one."""
        found = self._exits.get(node)
        if found is None:
            found = []
            for _end, variants in self.pairs(node):
                for leg in variants:
                    first = self.network.path_mask(leg.paths[0])
                    if first not in found:
                        found.append(first)
            self._exits[node] = found
        return found

    def pair_core(self, a: Node, b: Node) -> int:
        for end, legs in self.pairs(a):
            if end is b:
                return _core(legs)
        return 0

    def domains(self, stops: Sequence[Node]) -> list[list[Leg]]:
        """The variant lists of each consecutive pair of ``stops``."""
        result: list[list[Leg]] = []
        for a, b in itertools.pairwise(stops):
            for end, legs in self.pairs(a):
                if end is b:
                    result.append(legs)
                    break
            else:
                result.append([])
        return result

    # --- one train ----------------------------------------------------------------------------
    def reachable_stops(self) -> list[Node]:
        """Every stop a route of the corporation can reach (through stops that do not block it)."""
        seen: dict[Node, bool] = {token: True for token in self.network.tokens}
        frontier = list(self.network.tokens)
        while frontier:
            nxt: list[Node] = []
            for node in frontier:
                for end, _legs in self.pairs(node):
                    if end not in seen:
                        seen[end] = True
                        if not self.blocks(end):
                            nxt.append(end)
            frontier = nxt
        return list(seen)

    def search(self, scorer: Scorer, *, base: int = 0, threshold: int | None = None,
               from_ends: bool = True, floor: int = 1, fixed: Fixed | None = None,
               joint: JointHooks | None = None, cap: int | None = None) -> list[SeqCandidate]:
        """With ``threshold``: every runnable route (track disjoint from ``base``) paying at least
        ``threshold``, best first.  Without: the best route alone paying at least ``floor`` (a
        list of at most one).

        ``fixed``: the routes of other trains, as stop sequences whose track may be chosen
        again: a route is listed only when it can be run together with all of them (the
        track of ``fixed`` realised anew when needed).  ``joint``: every such route is handed
        to ``joint.visit`` instead of being listed, and a partial route is cut only when its
        own bound plus ``joint.extra`` (the most the trains still to place can earn beside
        it) cannot beat ``joint.need()`` (see :class:`JointSearch`).

        ``cap``: routes paying more are not listed (two trains of one kind: the second pays at
        most what the first does).

        ``from_ends``: routes are grown from one end (every reachable stop in turn, most
        valuable first), one open end; otherwise from each token both ways (two open ends)."""
        assert scorer.distance.simple is not None
        assert joint is None or (fixed is not None and threshold is None and from_ends)
        limit = scorer.distance.simple
        value = scorer.value
        for token in self.network.tokens:
            self.index(token)
        collect = threshold is not None
        if threshold is not None:
            threshold = max(threshold, 1)
        found: dict[tuple[int, ...], SeqCandidate] = {}
        best: list[SeqCandidate] = []
        best_revenue = [threshold if threshold is not None else max(floor, 1)]  # a route must pay to count
        fixed_domains: list[list[Leg]] = fixed.domains if fixed is not None else []
        #: the current realisation of ``fixed`` (one leg per domain)
        fixed_real: list[list[Leg]] = [list(fixed.legs) if fixed is not None else []]
        #: ``hard``: track no route may use; ``base``: that and the current realisation of ``fixed``
        hard = base
        if fixed is not None:
            base |= _mask(fixed.legs)

        nodes_run: list[Node] = []
        legs_run: list[Leg] = []
        visited: set[Node] = set()
        groups: dict[str, int] = {}
        state = {"cost": 0, "revenue": 0, "used": base, "core": fixed.core if fixed is not None else 0,
                 "tokens": 0, "base": base}
        token_set = set(self.network.tokens)
        check_visits = callable(getattr(scorer.game, "check_route_visits", None))
        zero_cost = self.network.zero_cost_stops
        #: grown from one end: the first stops already done (every route ending at one of
        #: them was met, reversed, when the search started from it)
        ended: set[Node] = set()

        blocks = self.blocks
        pairs = self.pairs
        ordered: dict[Node, list[tuple[Node, list[Leg]]]] = {}

        fixed_exits = fixed.exits if fixed is not None else {}
        fits_fixed: dict[int, bool] = {}
        fixed_mask = _mask(fixed.legs) if fixed is not None else 0
        fixed_core = fixed.core if fixed is not None else 0

        def beside_fixed(leg: Leg) -> bool:
            """Some realisation of the fixed routes leaves ``leg``'s track free."""
            if not leg.mask & fixed_mask:
                return not leg.mask & hard
            found = fits_fixed.get(leg.mask)
            if found is None:
                found = (not leg.mask & (hard | fixed_core) and
                         realise(fixed_domains, hard | leg.mask) is not None)
                fits_fixed[leg.mask] = found
            return found

        def by_value(node: Node) -> list[tuple[Node, list[Leg]]]:
            """``pairs(node)``, the most valuable next stops first (finds good routes early)."""
            found = ordered.get(node)
            if found is None:
                found = sorted(pairs(node), key=lambda item: -value(item[0]))
                ordered[node] = found
            return found

        def bound(open_ends: list[Node]) -> int:
            """Revenue so far plus the most the open ends can still add: the best values among
            the stops within reach, where a stop that blocks, or that has fewer than two
            possible neighbours on the route, can only end it (one such per open end)."""
            remaining = limit - state["cost"]
            need_token = state["tokens"] == 0
            if remaining <= 0 or not open_ends:
                return -1 if need_token else state["revenue"]
            seen: dict[Node, bool] = {}
            frontier = list(open_ends) if len(nodes_run) == 1 else [end for end in open_ends if not blocks(end)]
            depth = 0
            while frontier and (depth < remaining or zero_cost):
                depth += 1
                nxt: list[Node] = []
                for node in frontier:
                    for end, _legs in pairs(node):
                        if end in visited or end in seen:
                            continue
                        blocking = blocks(end)
                        if blocking and end in ended:
                            continue  # it could only end the route: explored from it already
                        seen[end] = blocking or end in ended
                        if not blocking:
                            nxt.append(end)
                frontier = nxt
            if need_token and not any(node in token_set for node in seen):
                return -1  # the route can no longer include a token
            if not seen:
                return state["revenue"]
            inner: list[int] = []
            outer: list[int] = []
            taken_track = hard | state["core"]
            for node, blocking in seen.items():
                gain = value(node)
                if not blocking and not _free_exits(self.exits(node), taken_track):
                    # fewer than two exits free: it can only end the route
                    if node in ended:
                        continue  # and routes ending there are done
                    blocking = True
                if node in ended:
                    # it may only be passed through (routes ending there are done)
                    degree = 0
                    for end, _legs in pairs(node):
                        if end in seen or end in open_ends:
                            degree += 1
                            if degree >= 2:
                                break
                    if degree >= 2:
                        inner.append(gain)
                    continue
                if not blocking:
                    degree = 0
                    for end, _legs in pairs(node):
                        if end in seen or end in open_ends:
                            degree += 1
                            if degree >= 2:
                                break
                    if degree >= 2:
                        inner.append(gain)
                        continue
                outer.append(gain)
            inner.sort(reverse=True)
            outer.sort(reverse=True)
            extra = 0
            taken = 0
            ends_left = len(open_ends)
            i = j = 0
            while taken < remaining:
                a = inner[i] if i < len(inner) else -1
                b = outer[j] if j < len(outer) and ends_left > 0 else -1
                if a < 0 and b < 0:
                    break
                if a >= b:
                    extra += a
                    i += 1
                else:
                    extra += b
                    j += 1
                    ends_left -= 1
                taken += 1
            return state["revenue"] + extra

        adjacency: dict[Node, list[tuple[Node, bool, int, tuple[int, ...]]]] = {}
        #: the value of every stop the chain bound has met
        values: dict[Node, int] = {}

        def neighbours(node: Node) -> list[tuple[Node, bool, int, tuple[int, ...]]]:
            found = adjacency.get(node)
            if found is None:
                found = [(b, blocks(b), value(b), tuple(v.mask for v in variants)) for b, variants in pairs(node)]
                values[node] = value(node)
                for b, _blocking, gain, _masks in found:
                    values[b] = gain
                adjacency[node] = found
            return found

        exits_of = self.exits

        def chain_bound(root: Node) -> tuple[int, int]:
            """The most a simple route continuing from ``root`` can still add, and how many
            stops it could reach: in the graph of the stops not yet visited (joined where some
            track variant avoids the track every realisation of the route so far needs), a
            simple path from ``root`` runs through one chain of blocks (biconnected components)
            of the block-cut tree; each block counts whole, and a stop that blocks (or is
            already done as an end) only closes the chain.  So does a stop with fewer than two
            exits (first paths of its legs) whose track is free: a route passing through a stop
            runs two of its paths, and none of the track the route so far needs.  Admissible
            for any distance.
            (-1, 0) when the route needs a token and none is left within reach."""
            taken_track = hard | state["core"]
            disc: dict[Node, int] = {}
            low: dict[Node, int] = {}
            best_below: dict[Node, int] = {}
            stack: list[Node] = []
            seen_visited = visited
            seen_ended = ended
            passable: dict[Node, bool] = {}
            token_end: list[Node] = []

            def dfs(u: Node, parent: Node | None) -> None:
                index = len(disc)
                disc[u] = index
                low_u = index
                stack.append(u)
                here = 0
                for b, blocking, gain, masks in neighbours(u):
                    if b is parent or (b in seen_visited and b is not root):
                        continue
                    if not blocking and b is not root:
                        # a stop with fewer than two exits free can only end the route
                        through = passable.get(b)
                        if through is None:
                            through = passable[b] = (_free_exits(exits_of(b), taken_track) and
                                                     len(exits_of(b)) - fixed_exits.get(b, 0) >= 2)
                        blocking = not through
                    if blocking and b is not root:
                        if b not in seen_ended and (gain > here or b in token_set):
                            for m in masks:
                                if not m & taken_track:
                                    if gain > here:
                                        here = gain
                                    if b in token_set:
                                        token_end.append(b)  # the route may end at this token
                                    break
                        continue
                    seen_b = disc.get(b)
                    if seen_b is not None:
                        if seen_b < low_u:
                            low_u = seen_b
                        continue
                    for m in masks:
                        if not m & taken_track:
                            break
                    else:
                        continue
                    low[u] = low_u
                    dfs(b, u)
                    low_b = low[b]
                    if low_b < low_u:
                        low_u = low_b
                    if low_b >= index:
                        total = 0
                        deeper = 0
                        while True:
                            w = stack.pop()
                            total += values[w]
                            below = best_below[w]
                            if below > deeper:
                                deeper = below
                            if w is b:
                                break
                        if total + deeper > here:
                            here = total + deeper
                low[u] = low_u
                best_below[u] = here

            dfs(root, None)
            if state["tokens"] == 0 and not token_end and not any(node in token_set for node in disc):
                return -1, 0
            return state["revenue"] + best_below[root], len(disc)

        def record() -> None:
            if state["tokens"] == 0 or nodes_run[-1] in ended:
                return
            if check_visits and not scorer.visits_allowed(nodes_run):
                return
            revenue = state["revenue"]
            if joint is not None:
                if revenue < 1:
                    return
            elif collect:
                if revenue < best_revenue[0]:
                    return
            elif revenue <= best_revenue[0] - (0 if best else 1):
                return
            if cap is not None and revenue > cap:
                return
            keys = [self._index[n] for n in nodes_run]
            key = tuple(keys) if keys[0] <= keys[-1] else tuple(reversed(keys))
            if joint is not None:
                joint.visit(SeqCandidate(tuple(nodes_run), tuple(legs_run), _mask(legs_run), revenue, key, 0),
                            fixed_real[0])
                return
            if collect:
                if key in found:
                    return
                found[key] = SeqCandidate(tuple(nodes_run), tuple(legs_run), _mask(legs_run), revenue, key,
                                          len(found))
            else:
                best[:] = [SeqCandidate(tuple(nodes_run), tuple(legs_run), _mask(legs_run), revenue, key, 0)]
                best_revenue[0] = revenue

        def good_enough(open_ends: list[Node]) -> bool:
            remaining = limit - state["cost"]
            if joint is not None:
                # the trains still to place can earn at most joint.extra beside this route
                best_revenue[0] = joint.need() + 1 - joint.static_extra
            if from_ends and remaining > 2 and (len(nodes_run) == 1 or not blocks(open_ends[0])):
                ceiling, reach = chain_bound(open_ends[0])
                if reach > remaining and ceiling >= best_revenue[0]:
                    ceiling = min(ceiling, bound(open_ends))
            else:
                ceiling = bound(open_ends)
            if cap is not None:
                ceiling = min(ceiling, cap)
            if joint is not None:
                if ceiling < best_revenue[0]:
                    return False
                extra = joint.extra(nodes_run, legs_run, fixed_real[0], ceiling)
                return ceiling + extra > joint.need()
            if collect:
                return ceiling >= best_revenue[0]
            return ceiling > best_revenue[0] or (not best and ceiling >= best_revenue[0])

        def can_take(node: Node) -> bool:
            if node in visited:
                return False
            for group in node.groups:
                if groups.get(group):
                    return False
            return state["cost"] + node.visit_cost <= limit

        def take(node: Node) -> None:
            visited.add(node)
            for group in node.groups:
                groups[group] = groups.get(group, 0) + 1
            state["cost"] += node.visit_cost
            state["revenue"] += value(node)
            if node in token_set:
                state["tokens"] += 1

        def drop(node: Node) -> None:
            visited.discard(node)
            for group in node.groups:
                groups[group] -= 1
            state["cost"] -= node.visit_cost
            state["revenue"] -= value(node)
            if node in token_set:
                state["tokens"] -= 1

        #: per route length: the stops it was worked out for, and :func:`narrow` of the fixed
        #: routes' and the route's own variant lists (or None: they cannot be run together)
        narrowings: dict[int, tuple[tuple[Node, ...], tuple[list[list[Leg]], int] | None]] = {}

        def narrowed_now() -> tuple[list[list[Leg]], int] | None:
            """:func:`narrow` of the fixed routes and the route so far (grown to the right)."""
            depth = len(nodes_run)
            key = tuple(nodes_run)
            held = narrowings.get(depth)
            if held is not None and held[0] == key:
                return held[1]
            parent = narrowings.get(depth - 1)
            if depth > 1 and parent is not None and parent[0] == key[:-1] and parent[1] is not None:
                found = narrow(parent[1][0] + self.domains(key[-2:]), hard)
            else:
                found = narrow(fixed_domains + self.domains(key), hard)
            narrowings[depth] = (key, found)
            return found

        def extend(right: bool, other_open: bool) -> None:
            """Extend the route at its right (or left) end, depth first; states reported to
            ``on_state`` are handled by the caller through recursion."""
            end = nodes_run[-1] if right else nodes_run[0]
            if len(nodes_run) > 1 and self.blocks(end):
                return  # a blocking stop only ends a route (the first stop may start one)
            if fixed_exits and len(self.exits(end)) - fixed_exits.get(end, 0) < (2 if len(nodes_run) > 1 else 1):
                return  # the fixed routes leave too few exits to run on from here
            for nxt, variants in by_value(end):
                self.tick()
                if not can_take(nxt) or (nxt in ended and blocks(nxt)):
                    continue
                if fixed_exits and len(self.exits(nxt)) <= fixed_exits.get(nxt, 0):
                    continue  # no exit left to arrive by
                used = state["used"]
                leg = next((v for v in variants if not v.mask & used), None)
                saved: list[Leg] | None = None
                saved_fixed: list[Leg] | None = None
                base_now = state["base"]
                if leg is None:
                    # every variant meets track the route cannot avoid: no realisation exists
                    core = state["core"]
                    if all(v.mask & core for v in variants):
                        continue
                    if fixed_domains:
                        # only the variants some realisation of the fixed routes leaves free
                        variants = [v for v in variants if beside_fixed(v)]
                        if not variants:
                            continue
                    narrowed = narrowed_now() if right else None
                    if narrowed is not None and all(v.mask & narrowed[1] for v in variants):
                        continue
                    stops = [*nodes_run, nxt] if right else [nxt, *nodes_run]
                    realised = self.repair(stops, legs_run, right, base_now)
                    if realised is None and fixed_domains:
                        # the other trains' routes may take other track
                        domains = (narrowed[0] + [variants] if narrowed is not None
                                   else fixed_domains + self.domains(stops))
                        together = realise(domains, hard)
                        if together is not None:
                            saved_fixed = fixed_real[0]
                            fixed_real[0] = together[:len(fixed_domains)]
                            realised = together[len(fixed_domains):]
                            state["base"] = hard | _mask(fixed_real[0])
                    if realised is None:
                        continue
                    saved = list(legs_run)
                    legs_run[:] = realised
                    state["used"] = state["base"] | _mask(realised)
                else:
                    if right:
                        legs_run.append(leg)
                    else:
                        legs_run.insert(0, leg.reversed())
                    state["used"] = used | leg.mask
                saved_core = state["core"]
                state["core"] = saved_core | _core(variants)
                take(nxt)
                if right:
                    nodes_run.append(nxt)
                else:
                    nodes_run.insert(0, nxt)
                if from_ends:
                    visit_end()
                else:
                    visit(right, other_open)
                if right:
                    nodes_run.pop()
                else:
                    nodes_run.pop(0)
                drop(nxt)
                state["core"] = saved_core
                if saved_fixed is not None:
                    fixed_real[0] = saved_fixed
                    state["base"] = base_now
                if saved is not None:
                    legs_run[:] = saved
                elif right:
                    legs_run.pop()
                else:
                    legs_run.pop(0)
                state["used"] = used

        def visit(right_phase: bool, left_open: bool) -> None:
            """A state of the right phase (both ends open) or of the left phase (left end only)."""
            if right_phase:
                ends = [nodes_run[-1], nodes_run[0]]
                if not good_enough(ends):
                    return
                # every left extension of this right part (the left phase)
                if len(nodes_run) > 1:
                    record()
                left_phase()
                extend(True, True)
            else:
                record()
                if not good_enough([nodes_run[0]]):
                    return
                extend(False, False)

        def left_phase() -> None:
            if not good_enough([nodes_run[0]]):
                return
            extend(False, False)

        def visit_end() -> None:
            """A state of a route grown from its first stop (its last stop the only open end)."""
            if len(nodes_run) > 1:
                record()
            if not good_enough([nodes_run[-1]]):
                return
            extend(True, False)

        if from_ends:
            starts = self.reachable_stops()
            # stops that can only end a route first (every route through one starts there, and
            # later starts may then leave it out), then the most valuable
            def start_order(item: tuple[int, Node]) -> tuple[bool, bool, int, int]:
                position, stop = item
                return (not blocks(stop), len(pairs(stop)) > 1, -value(stop), position)

            for position, start in sorted(enumerate(starts), key=start_order):
                del position
                if not can_take(start):
                    continue
                take(start)
                nodes_run.append(start)
                visit_end()
                nodes_run.pop()
                drop(start)
                ended.add(start)
        else:
            for token in self.network.tokens:
                if not can_take(token):
                    continue
                take(token)
                nodes_run.append(token)
                visit(True, True)
                nodes_run.pop()
                drop(token)

        if collect:
            result = list(found.values())
            result.sort(key=lambda c: (-c.revenue, c.order))
            return result
        return best


def _free_exits(exits: Sequence[int], taken: int) -> bool:
    """At least two of ``exits`` (track masks) avoid ``taken``."""
    free = 0
    for mask in exits:
        if not mask & taken:
            free += 1
            if free >= 2:
                return True
    return False


def _mask(legs: Sequence[Leg]) -> int:
    mask = 0
    for leg in legs:
        mask |= leg.mask
    return mask


@dataclass(slots=True)
class JointResult:
    choice: list[SeqCandidate | None]
    legs: list[tuple[Leg, ...] | None]
    total: int


def _joint_core(search: SequenceSearch, candidate: SeqCandidate) -> int:
    core = 0
    for domain in search.domains(candidate.stops):
        core |= _core(domain)
    return core


def best_joint(search: SequenceSearch, lists: Sequence[list[SeqCandidate]], same_as_previous: Sequence[bool],
               incumbent: JointResult | None = None) -> JointResult:
    """The best choice of one sequence (or none) per train that can be run together."""
    n = len(lists)
    best_after = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        best_after[i] = best_after[i + 1] + (lists[i][0].revenue if lists[i] else 0)
    best = incumbent if incumbent is not None else JointResult([None] * n, [None] * n, 0)
    choice: list[SeqCandidate | None] = [None] * n
    legs: list[tuple[Leg, ...] | None] = [None] * n
    taken = [-1] * n
    cores: dict[SeqCandidate, int] = {}

    def core_of(candidate: SeqCandidate) -> int:
        found = cores.get(candidate)
        if found is None:
            found = _joint_core(search, candidate)
            cores[candidate] = found
        return found

    #: how many routes' exits each stop still has room for (a route passing through a stop
    #: runs two of its exits, one ending there one: routes that together need more cannot run)
    usage: dict[Node, int] = {}

    def needs(candidate: SeqCandidate) -> list[tuple[Node, int, int]]:
        found = needs_cache.get(candidate)
        if found is None:
            last = len(candidate.stops) - 1
            found = [(stop, 1 if k in (0, last) else 2, len(search.exits(stop)))
                     for k, stop in enumerate(candidate.stops)]
            needs_cache[candidate] = found
        return found

    needs_cache: dict[SeqCandidate, list[tuple[Node, int, int]]] = {}

    def room(candidate: SeqCandidate) -> bool:
        for stop, need, capacity in needs(candidate):
            held = usage.get(stop)
            if held is not None and held + need > capacity:
                return False
        return True

    def hold(candidate: SeqCandidate, sign: int) -> None:
        for stop, need, _capacity in needs(candidate):
            usage[stop] = usage.get(stop, 0) + sign * need

    domains_cache: dict[SeqCandidate, list[list[Leg]]] = {}

    def domains_of(candidate: SeqCandidate) -> list[list[Leg]]:
        found = domains_cache.get(candidate)
        if found is None:
            found = search.domains(candidate.stops)
            domains_cache[candidate] = found
        return found

    def joint_realise(upto: int, candidate: SeqCandidate, used: int) -> list[tuple[Leg, ...]] | None:
        # remembered per set of sequences (the lists grow between calls, the pairs recur)
        key = (*(c.stops for c in choice[:upto] if c is not None), candidate.stops)
        if key in search._joint:
            return search._joint[key]
        found = joint_realise_now(upto, candidate, used)
        if len(search._joint) < 500_000:
            search._joint[key] = found
        return found

    def joint_realise_now(upto: int, candidate: SeqCandidate, used: int) -> list[tuple[Leg, ...]] | None:
        held = [legs[j] for j in range(upto) if choice[j] is not None]
        # first the new sequence alone on the track the others now hold (usually enough) ...
        alone = realise(domains_of(candidate), used)
        if alone is not None:
            return [legs_ for legs_ in held if legs_ is not None] + [tuple(alone)]
        # ... then every chosen sequence realised again together
        sequences = [c for c in choice[:upto] if c is not None] + [candidate]
        domains: list[list[Leg]] = []
        sizes: list[int] = []
        for seq in sequences:
            parts = domains_of(seq)
            domains.extend(parts)
            sizes.append(len(parts))
        realised = realise(domains)
        if realised is None:
            return None
        result: list[tuple[Leg, ...]] = []
        start = 0
        for size in sizes:
            result.append(tuple(realised[start:start + size]))
            start += size
        return result

    def go(i: int, used: int, total: int, core: int) -> None:
        nonlocal best
        search.tick()
        if i == n:
            if total > best.total:
                best = JointResult(list(choice), list(legs), total)
            return
        if total + best_after[i] <= best.total:
            return
        # a train of the same kind as the one before takes no earlier candidate (the same one
        # may run twice on different track)
        start = taken[i - 1] if i > 0 and same_as_previous[i] and taken[i - 1] >= 0 else 0
        candidates = lists[i]
        for index in range(start, len(candidates)):
            candidate = candidates[index]
            if total + candidate.revenue + best_after[i + 1] <= best.total:
                break
            own_core = core_of(candidate)
            if own_core & core:
                continue  # both must use the same track
            if i > 0 and not room(candidate):
                continue  # some stop has too few exits for the routes together
            saved = list(legs)
            if not candidate.mask & used:
                choice[i] = candidate
                legs[i] = candidate.legs
                new_used = used | candidate.mask
            else:
                realised = joint_realise(i, candidate, used)
                if realised is None:
                    continue
                choice[i] = candidate
                position = 0
                for j in range(i + 1):
                    if choice[j] is not None:
                        legs[j] = realised[position]
                        position += 1
                new_used = 0
                for j in range(i + 1):
                    if legs[j] is not None:
                        new_used |= _mask(legs[j] or ())
            taken[i] = index
            hold(candidate, 1)
            go(i + 1, new_used, total + candidate.revenue, core | own_core)
            hold(candidate, -1)
            choice[i] = None
            legs[:] = saved
        taken[i] = len(candidates)
        choice[i] = None
        legs[i] = None
        go(i + 1, used, total, core)
        taken[i] = -1

    go(0, 0, 0, 0)
    return best



