"""The Lagrangian joint bound (engine.routing.lagrange) must never cut an optimal run.

``method="lagrange"`` (the default for additive revenue) prices track keys, drops listed
routes that cannot belong to a run beating the best known and stops listing once the bound
proves the lists complete.  Here: the bound itself and the kept lists against the brute-force optimum;
the whole method against the brute force and the plain listing in ``test_routing_methods``.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.routing.lagrange import relax
from engine.routing.network import build_network
from engine.routing.scoring import Scorer
from engine.routing.sequences import SequenceSearch
from tests.engine.test_routing_dense import build_dense, dense_spec
from tests.engine.test_routing_methods import JOINT_DENSE_TRAINS
from tests.engine.test_routing_oracle import TooBig, oracle_best


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
