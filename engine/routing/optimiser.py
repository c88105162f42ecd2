"""``best_routes``: the routes of a corporation's trains that earn the most, proven optimal.

The answer is a list of ``run_routes`` route entries (``train``, ``connections``, ``hexes``,
``revenue``, ``revenue_str``, ``nodes``) that the engine rebuilds, validates and pays exactly
as predicted: before returning, every entry is rebuilt from its ``connections`` by
:func:`engine.map.route.routes_from_action` (as the Route step does) and validated, and its revenue is computed by the
title's ``revenue_for``; a disagreement with the search's own score raises
:class:`RoutingMismatch` (a bug, never expected).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.map.route import RouteHost, routes_from_action
from engine.routing import cpsat
from engine.routing.joint import JointSearch
from engine.routing.lagrange import relax
from engine.routing.network import Cancelled, Leg, build_network
from engine.routing.scoring import Scorer
from engine.routing.search import Candidate, best_combination, enumerate_routes
from engine.routing.sequences import JointResult, OverBudget, SeqCandidate, SequenceSearch, best_joint

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["RoutingMismatch", "RoutingResult", "best_routes", "optimise", "route_entity", "run_routes_action", "train_routes"]


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
    #: which method proved it: "sequences", "joint", "cpsat" or "routes"
    method: str = ""


#: the stop-sequence search's work (ticks) before ``method="auto"`` hands a position to CP-SAT; a
#: count keeps it deterministic.  Real games' positions need at most ~1,500 (bench/routes.py), the
#: fixtures' final maps topped up to 5 stations with 5+6+D ~9,600 (bench/routes_dense.py, 90 ms);
#: the synthetic full maps run 7,000-50,000 ticks a second, so a hard one waits at most ~2 s
SEARCH_BUDGET = 12_000


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
    return list(game.train_rules.route_trains(entity))


def _train_key(train: Any) -> tuple[Any, ...]:
    distance = train.distance
    dist_key = distance if isinstance(distance, int) else repr(distance)
    return (train.name, dist_key, getattr(train, "multiplier", None))


def best_routes(game: Game, entity: Any = None, cancel: Callable[[], bool] | None = None,
                method: str = "auto") -> RoutingResult:
    """The most revenue ``entity`` (default: the corporation that must run routes now) can earn
    with its unrun trains, and the routes that earn it (``method``: see :func:`optimise`).

    ``cancel`` is called regularly; when it returns True the search stops with
    :class:`engine.routing.network.Cancelled`.  The game is only read.
    """
    from engine.steps.route import route_host

    if entity is None:
        entity = route_entity(game)
        if entity is None:
            return RoutingResult(None, [], {}, 0)
    from engine.routing.local_runs import with_local_runs

    host, trains = route_host(game), _trains(game, entity)
    found = optimise(host, game.hexes, entity, trains, rules=game, cancel=cancel, method=method)
    return with_local_runs(host, game.hexes, entity, trains, found)


def optimise(host: RouteHost, hexes: Sequence[Any], entity: Any, trains: Sequence[Any], *, rules: Any = None,
             cancel: Callable[[], bool] | None = None, method: str = "auto") -> RoutingResult:
    """:func:`best_routes` on any route host (a game, or a bare map in tests).

    ``rules`` is the object whose ``revenue_for`` hook and bonuses apply (default: ``host``).
    ``method``: ``"sequences"`` (stop sequences, :mod:`engine.routing.sequences`) when revenue
    is additive, trains count stops and no track is terminal; ``"routes"`` (every track
    variant of every route, :mod:`engine.routing.search`) otherwise; ``"auto"`` picks, the
    others force (``"sequences"`` falls back to ``"routes"`` where it does not apply);
    ``"auto"`` and ``"lagrange"`` cut the listed routes of several trains by the Lagrangian
    joint bound (:mod:`engine.routing.lagrange`) before pairing them, ``"sequences"`` pairs
    them all;
    ``"joint"``: stop sequences, several trains by the joint search (:mod:`engine.routing.joint`:
    exact too, not yet faster on dense maps, see its docstring).
    ``"cpsat"``: one CP-SAT model of every train (:mod:`engine.routing.cpsat`) where it applies
    (additive revenue, no ``check_route_visits`` hook; elsewhere as ``"auto"``).  ``"auto"``
    runs the stop-sequence search for at most :data:`SEARCH_BUDGET` ticks, then hands the
    position to CP-SAT, hinted with the best run the search had found.
    """
    rules = host if rules is None else rules
    network = build_network(hexes, entity, cancel, host)
    scorers = [Scorer(rules, host, entity, train) for train in trains]
    groups = _overlap_groups(host, trains)
    if len(groups) > 1 and all(scorer.per_visit_bonus == 0 for scorer in scorers):
        # Trains of different overlap groups may share track (18 Los Angeles: passenger and freight): with
        # revenue that is each train's own, the best run is the best run of each group.
        parts = [optimise(host, hexes, entity, [trains[i] for i in members], rules=rules, cancel=cancel,
                          method=method) for members in groups]
        return _merged(host, entity, trains, parts)
    sequences_apply = all(scorer.additive for scorer in scorers) and not _has_terminal_track(hexes)
    if sequences_apply and method in ("auto", "cpsat") and cpsat.applies(scorers):
        return _portfolio(host, network, entity, trains, scorers, cancel,
                          SEARCH_BUDGET if method == "auto" else None)
    if sequences_apply and method != "routes":
        return _optimise_sequences(host, network, entity, trains, scorers, cancel, joint_search=method == "joint",
                                   lagrange=method in ("auto", "lagrange", "cpsat"))

    # One candidate list per kind of train; kinds with the best routes are placed first, and
    # trains of one kind next to each other (they take candidates in increasing order).
    by_key: dict[tuple[Any, ...], list[Candidate]] = {}
    scorer_of: dict[tuple[Any, ...], Scorer] = {}
    kind_of: list[tuple[Any, ...]] = []
    bonus = 0
    stops = [node for hex_ in hexes for node in hex_.tile.nodes if node.is_stop]
    for train, scorer in zip(trains, scorers):
        key = _train_key(train)
        kind_of.append(key)
        if key in by_key:
            continue
        scorer.prepare_bounds(stops)
        scorer_of[key] = scorer
        bonus = max(bonus, scorer.per_visit_bonus)
        by_key[key] = enumerate_routes(network, scorer, cancel, keep_zero=scorer.per_visit_bonus > 0)
    keys = sorted(by_key, key=lambda k: -(by_key[k][0].bound if by_key[k] else 0))
    order = sorted(range(len(trains)), key=lambda i: keys.index(kind_of[i]))
    lists = [by_key[kind_of[i]] for i in order]
    same = [j > 0 and kind_of[order[j]] == kind_of[order[j - 1]] for j in range(len(order))]

    def exact(scorer: Scorer) -> Callable[[Candidate], int]:
        return lambda candidate: scorer.revenue(candidate.stops, candidate.legs)

    exacts = [exact(scorer_of[kind_of[i]]) for i in order]
    run_value = None
    if getattr(rules, "RUN_BONUSES_ONCE", False):
        def run_value(choice: Sequence[Candidate | None]) -> int:
            return _run_revenue(host, [(trains[order[j]], c.legs) for j, c in enumerate(choice) if c is not None])
    combination = best_combination(lists, same, bonus, cancel, exacts, run_value)
    picked: dict[int, tuple[Leg, ...]] = {}
    for j, candidate in enumerate(combination.choice):
        if candidate is not None:
            picked[order[j]] = candidate.legs
    sizes = {train.id: len(by_key[kind_of[i]]) for i, train in enumerate(trains)}
    return _result(host, entity, trains, picked, combination.total, sizes, "routes")


def _overlap_groups(host: RouteHost, trains: Sequence[Any]) -> list[list[int]]:
    """The trains' indices by the host's ``route_overlap_group`` (one group when the host has none)."""
    group_of = getattr(host, "route_overlap_group", None)
    if group_of is None:
        return [list(range(len(trains)))]
    groups: dict[Any, list[int]] = {}
    for index, train in enumerate(trains):
        groups.setdefault(group_of(train), []).append(index)
    return list(groups.values())


def _merged(host: RouteHost, entity: Any, trains: Sequence[Any], parts: Sequence[RoutingResult]) -> RoutingResult:
    """One run from the runs of the overlap groups (validated together)."""
    by_train = {entry["train"]: entry for part in parts for entry in part.routes}
    entries = [dict(by_train[train.id]) for train in trains if train.id in by_train]
    total = sum(part.total for part in parts)
    revenues = {train.id: 0 for train in trains}
    if entries:
        revenues.update(_verify(host, entries, total))
    for entry in entries:
        entry["revenue"] = revenues[entry["train"]]
    sizes = {k: v for part in parts for k, v in part.candidates.items()}
    return RoutingResult(entity, entries, revenues, total, sizes, "+".join(dict.fromkeys(p.method for p in parts)))


def _has_terminal_track(hexes: Sequence[Any]) -> bool:
    return any(path.terminal for hex_ in hexes for path in hex_.tile.paths)


def _portfolio(host: RouteHost, network: Any, entity: Any, trains: Sequence[Any], scorers: Sequence[Scorer],
               cancel: Callable[[], bool] | None, budget: int | None) -> RoutingResult:
    """The stop-sequence search within ``budget`` ticks (None: skipped), then CP-SAT.  Both are
    deterministic (the budget is a count of work, CP-SAT runs in its deterministic mode), so
    one position always gets the same answer from the same method."""
    known: dict[int, tuple[Leg, ...]] = {}
    if budget is not None:
        search = SequenceSearch(network, cancel, budget)
        try:
            return _optimise_sequences(host, network, entity, trains, scorers, cancel, lagrange=True,
                                       search=search, known=known)
        except OverBudget:
            pass
    kinds = [_train_key(train) for train in trains]
    # trains of one kind next to each other (CP-SAT orders their revenues)
    order = sorted(range(len(trains)), key=lambda i: kinds.index(kinds[i]))
    hint = [known.get(i) for i in order] if known else None
    solved = cpsat.solve(SequenceSearch(network, cancel), [scorers[i] for i in order], [kinds[i] for i in order],
                         hint=hint, cancel=cancel)
    picked = {order[j]: legs for j, legs in enumerate(solved.legs) if legs is not None}
    return _result(host, entity, trains, picked, solved.total, {train.id: 0 for train in trains}, "cpsat")


def _optimise_sequences(host: RouteHost, network: Any, entity: Any, trains: Sequence[Any],
                        scorers: Sequence[Scorer], cancel: Callable[[], bool] | None,
                        joint_search: bool = False, lagrange: bool = False, search: SequenceSearch | None = None,
                        known: dict[int, tuple[Leg, ...]] | None = None) -> RoutingResult:
    """Additive revenue, trains counting stops: the stop-sequence search (engine.routing.sequences);
    several trains are combined from listed routes, or with ``joint_search`` by
    :class:`engine.routing.joint.JointSearch`.  ``search``: the search to use (one with a
    budget); ``known`` receives the best run found so far (legs per train index) as it improves,
    for a caller that stops the search early."""
    search = search if search is not None else SequenceSearch(network, cancel)
    known = known if known is not None else {}

    def note(run: JointResult) -> None:
        known.clear()
        known.update({order[j]: legs for j, legs in enumerate(run.legs) if legs is not None and run.choice[j]})
    kind_of = [_train_key(train) for train in trains]
    scorer_of: dict[tuple[Any, ...], Scorer] = {}
    for key, scorer in zip(kind_of, scorers):
        scorer_of.setdefault(key, scorer)
    alone: dict[tuple[Any, ...], int] = {}
    alone_best: dict[tuple[Any, ...], list[SeqCandidate]] = {}
    for key, scorer in scorer_of.items():
        found = search.search(scorer)
        alone_best[key] = found
        alone[key] = found[0].revenue if found else 0
    keys = sorted(scorer_of, key=lambda k: -alone[k])
    order = sorted(range(len(trains)), key=lambda i: keys.index(kind_of[i]))

    # a feasible run: each train in turn takes its best route on the track left
    used = 0
    greedy: list[SeqCandidate | None] = []
    greedy_total = 0
    for i in order:
        if alone[kind_of[i]] <= 0:
            found = []
        elif used == 0:
            found = alone_best[kind_of[i]]
        else:
            found = search.search(scorer_of[kind_of[i]], base=used)
        if found:
            greedy.append(found[0])
            greedy_total += found[0].revenue
            used |= found[0].mask
        else:
            greedy.append(None)
    incumbent = JointResult(greedy, [c.legs if c is not None else None for c in greedy], greedy_total)

    note(incumbent)
    everyone = sum(alone[kind_of[i]] for i in order)
    if greedy_total < everyone:
        incumbent = _better_run(search, [scorer_of[kind_of[i]] for i in order], [kind_of[i] for i in order],
                                incumbent)
        greedy = incumbent.choice
        greedy_total = incumbent.total
        note(incumbent)
    if greedy_total >= everyone:
        # every train runs its best route alone: nothing can beat that
        alone_run = {order[j]: c.legs for j, c in enumerate(greedy) if c is not None}
        return _result(host, entity, trains, alone_run, greedy_total, {train.id: 1 for train in trains}, "sequences")

    if joint_search:
        # The joint search (engine.routing.joint): each train's routes beside the ones chosen
        # for the trains before it, bounded by what the later trains can still earn beside them.
        joint = JointSearch(search, [scorer_of[kind_of[i]] for i in order], [kind_of[i] for i in order],
                            [alone_best[kind_of[i]][0] if alone_best[kind_of[i]] else None for i in order],
                            incumbent).run()
        chosen = {order[j]: legs for j, legs in enumerate(joint.legs)
                  if legs is not None and joint.choice[j] is not None}
        return _result(host, entity, trains, chosen, joint.total, {train.id: 1 for train in trains}, "joint")

    # Only routes that can belong to a better run are listed.  A run using a route of train k
    # paying less than alone[k] - slack earns less than everyone - slack (revenues are whole
    # numbers: at most everyone - slack - 1); so once the best run among the listed routes
    # earns at least that, it is the best of all.  The slack doubles, but never beyond
    # everyone - best - 1 (best: the best run known), which settles it in that step.
    gap = everyone - greedy_total
    joint = incumbent
    lists_of: dict[tuple[Any, ...], list[SeqCandidate]] = {}
    slack = max(1, gap // 4)
    #
    # With ``lagrange`` the listed routes are also priced (engine.routing.lagrange): routes that
    # cannot belong to a run beating the best known are left out of the pairing, and the lists
    # are complete as soon as the Lagrangian bound proves no unlisted route can help.
    same = [j > 0 and kind_of[order[j]] == kind_of[order[j - 1]] for j in range(len(order))]
    while True:
        thresholds: dict[tuple[Any, ...], int] = {}
        for key in keys:
            thresholds[key] = alone[key] - slack if alone[key] > 0 else 1
            lists_of[key] = search.search(scorer_of[key], threshold=alone[key] - slack) if alone[key] > 0 else []
        if lagrange:
            relaxation = relax(search, lists_of, thresholds, [kind_of[i] for i in order], joint.total)
            if relaxation.run is not None:
                run = relaxation.run
                joint = JointResult(run, [c.legs if c is not None else None for c in run], relaxation.lower)
                note(joint)
            if relaxation.settled(joint.total):
                break
            lists = [relaxation.kept[kind_of[i]] for i in order]
        else:
            lists = [lists_of[kind_of[i]] for i in order]
        joint = best_joint(search, lists, same, joint)
        note(joint)
        if joint.total >= everyone - slack - 1:
            break
        if lagrange:
            if relaxation.complete(joint.total):
                break
            needed = max(alone[key] - relaxation.bounds[key] for key in keys) + relaxation.upper - joint.total
            slack = min(max(2 * slack, int(needed) + 1), everyone - joint.total - 1)
            continue
        slack = min(2 * slack, everyone - joint.total - 1)

    picked: dict[int, tuple[Leg, ...]] = {}
    for j, legs in enumerate(joint.legs):
        if legs is not None and joint.choice[j] is not None:
            picked[order[j]] = legs
    sizes = {train.id: len(lists_of[kind_of[i]]) for i, train in enumerate(trains)}
    return _result(host, entity, trains, picked, joint.total, sizes, "sequences")


def _better_run(search: SequenceSearch, scorers: Sequence[Scorer], kinds: Sequence[tuple[Any, ...]],
                incumbent: JointResult) -> JointResult:
    """A feasible run at least as good as ``incumbent`` (a better lower bound makes the exact
    search list fewer routes): the greedy run in every order of the kinds of train, then each
    train in turn re-optimised on the track the others leave, while that gains.  Every run
    considered is realised (its routes' legs pairwise disjoint), so the result is feasible."""
    n = len(scorers)
    best = incumbent

    def total_of(choice: Sequence[SeqCandidate | None]) -> int:
        return sum(c.revenue for c in choice if c is not None)

    orders: list[tuple[int, ...]] = []
    seen_kinds: set[tuple[tuple[Any, ...], ...]] = set()
    if n <= 4:
        for perm in itertools.permutations(range(n)):
            signature = tuple(kinds[j] for j in perm)
            if signature not in seen_kinds:
                seen_kinds.add(signature)
                orders.append(perm)
    for perm in orders[1:]:
        choice: list[SeqCandidate | None] = [None] * n
        used = 0
        for j in perm:
            found = search.search(scorers[j], base=used)
            if found:
                choice[j] = found[0]
                used |= found[0].mask
        if total_of(choice) > best.total:
            best = JointResult(choice, [c.legs if c is not None else None for c in choice], total_of(choice))
    choice = list(best.choice)
    for _round in range(3):
        gained = False
        for j in range(n):
            others = 0
            for k, c in enumerate(choice):
                if k != j and c is not None:
                    others |= c.mask
            found = search.search(scorers[j], base=others)
            held = choice[j]
            current = held.revenue if held is not None else 0
            if found and found[0].revenue > current:
                choice[j] = found[0]
                gained = True
        if not gained:
            break
    if total_of(choice) > best.total:
        best = JointResult(choice, [c.legs if c is not None else None for c in choice], total_of(choice))
    return best


def _result(host: RouteHost, entity: Any, trains: Sequence[Any], picked: dict[int, tuple[Leg, ...]], total: int,
            sizes: dict[str, int], method: str) -> RoutingResult:
    entries = [_entry(trains[i], picked[i]) for i in range(len(trains)) if i in picked]
    revenues = {train.id: 0 for train in trains}
    if entries:
        revenues.update(_verify(host, entries, total))
    for entry in entries:
        entry["revenue"] = revenues[entry["train"]]
    return RoutingResult(entity, entries, revenues, total, sizes, method)


def train_routes(game: Game, entity: Any, train: Any, cancel: Callable[[], bool] | None = None) -> list[Candidate]:
    """Every valid route of ``train`` for ``entity`` on its own (revenue 0 ones included), best first."""
    from engine.steps.route import route_host

    network = build_network(game.hexes, entity, cancel, game)
    return enumerate_routes(network, Scorer(game, route_host(game), entity, train), cancel, keep_zero=True)


def _entry(train: Any, legs: Sequence[Leg]) -> dict[str, Any]:
    nodes: list[str] = []
    for leg in legs:
        for node in (leg.start, leg.end):
            if node.signature not in nodes:
                nodes.append(node.signature)
    return {
        "train": train.id,
        "connections": [leg.hex_ids() for leg in legs],
        "nodes": nodes,
    }


def _run_revenue(host: RouteHost, run: Sequence[tuple[Any, tuple[Leg, ...]]]) -> int:
    """What the engine pays for a whole run (trains with their legs), -1 when it refuses the run."""
    from engine.errors import GameError

    if not run:
        return 0
    try:
        routes = routes_from_action(host, [_entry(train, legs) for train, legs in run])
        return sum(route.computed_revenue() for route in routes)
    except GameError:
        return -1


def _verify(host: RouteHost, entries: list[dict[str, Any]], total: int) -> dict[str, int]:
    """Rebuild the entries as the engine does, validate them, and check the pay."""
    from engine.errors import GameError

    routes = routes_from_action(host, entries)
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
