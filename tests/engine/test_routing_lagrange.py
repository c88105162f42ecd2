"""The Lagrangian joint bound (engine.routing.lagrange) must never cut an optimal run.

``method="lagrange"`` (the default for additive revenue) prices track keys, drops listed
routes that cannot belong to a run beating the best known and stops listing once the bound
proves the lists complete.  Checked against the deliberately simple brute force of
``test_routing_oracle`` on hypothesis-generated small and dense maps with two and three trains,
against the plain combination of listed routes (``method="sequences"``) on bigger dense maps
and final maps of real games, and the bound itself against the brute-force optimum.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.routing import optimise
from engine.routing.lagrange import relax
from engine.routing.network import build_network
from engine.routing.scoring import Scorer
from engine.routing.sequences import SequenceSearch
from tests.engine.test_routing_dense import _end_game, build_dense, dense_spec
from tests.engine.test_routing_joint import JOINT_DENSE_TRAINS, small_positions
from tests.engine.test_routing_oracle import TooBig, build_position, oracle_best


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_lagrange_agrees_with_brute_force_on_small_maps(spec: dict[str, Any]) -> None:
    built = build_position(spec)
    if built is None:
        return
    host, corp, trains, stops, rules = built
    try:
        expected = oracle_best(host, stops, trains)
    except TooBig:
        return
    result = optimise(host, host.hexes, corp, trains, rules=rules, method="lagrange")
    assert result.total == expected
    assert sum(result.revenues.values()) == result.total


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.integers(0, 1_000_000), st.sampled_from(JOINT_DENSE_TRAINS), st.integers(1, 3))
def test_lagrange_agrees_with_brute_force_on_dense_maps(seed: int, trains_index: int, tokens: int) -> None:
    built = build_dense(dense_spec(seed, trains_index, tokens))
    if built is None:
        return
    host, corp, trains, stops = built
    try:
        expected = oracle_best(host, stops, trains, max_routes=3000, max_combinations=400_000)
    except TooBig:
        return
    result = optimise(host, host.hexes, corp, trains, rules=object(), method="lagrange")
    assert result.total == expected


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.integers(0, 1_000_000), st.sampled_from(JOINT_DENSE_TRAINS), st.integers(1, 3), st.integers(0, 60))
def test_the_bound_and_the_kept_routes_never_cut_the_optimum(seed: int, trains_index: int, tokens: int,
                                                             slack: int) -> None:
    # the bound is at least the brute-force optimum, for any listing threshold and incumbent,
    # and when the optimum beats the incumbent the kept lists still hold an optimal run
    built = build_dense(dense_spec(seed, trains_index, tokens))
    if built is None:
        return
    host, corp, trains, stops = built
    try:
        expected = oracle_best(host, stops, trains, max_routes=3000, max_combinations=400_000)
    except TooBig:
        return
    search = SequenceSearch(build_network(host.hexes, corp))
    kinds = [(train.name, repr(train.distance)) for train in trains]
    lists: dict[Any, Any] = {}
    thresholds: dict[Any, int] = {}
    for kind, train in zip(kinds, trains):
        scorer = Scorer(object(), host, corp, train)
        best = search.search(scorer)
        alone = best[0].revenue if best else 0
        thresholds[kind] = alone - slack if alone > 0 else 1
        lists[kind] = search.search(scorer, threshold=thresholds[kind]) if alone > 0 else []
    lower = max(0, expected - 1 - slack // 3)
    relaxation = relax(search, lists, thresholds, kinds, lower)
    assert relaxation.upper >= expected - 1e-6
    assert relaxation.lower <= expected
    if relaxation.complete(relaxation.lower) and expected > relaxation.lower:
        # the optimum uses listed routes only, so it is found among the kept ones
        from engine.routing.sequences import best_joint

        same = [j > 0 and kinds[j] == kinds[j - 1] for j in range(len(kinds))]
        found = best_joint(search, [relaxation.kept[kind] for kind in kinds], same)
        assert found.total == expected


@pytest.mark.parametrize("seed", range(12))
def test_lagrange_agrees_with_the_listed_routes_on_dense_maps(seed: int) -> None:
    rng = random.Random(1000 + seed)
    built = build_dense(dense_spec(rng.randrange(1_000_000), rng.choice(JOINT_DENSE_TRAINS), rng.randint(1, 3)))
    if built is None:
        return
    host, corp, trains, _stops = built
    plain = optimise(host, host.hexes, corp, trains, rules=object(), method="sequences")
    priced = optimise(host, host.hexes, corp, trains, rules=object(), method="lagrange")
    assert priced.total == plain.total


@pytest.mark.parametrize(("name", "train_names"), [("1830/26855.json", ["6", "D"]),
                                                   ("1889/314.json", ["D", "D"]),
                                                   ("18Chesapeake/1277.json", ["5", "D"]),
                                                   ("18Chesapeake/14377.json", ["4", "D"])])
def test_lagrange_agrees_on_final_maps(name: str, train_names: list[str]) -> None:
    from engine.steps.route import route_host

    game, corporation, trains = _end_game(name, train_names)
    host = route_host(game)
    plain = optimise(host, game.hexes, corporation, trains, rules=game, method="sequences")
    priced = optimise(host, game.hexes, corporation, trains, rules=game, method="lagrange")
    assert priced.total == plain.total > 0
