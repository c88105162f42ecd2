"""Every joint search method of the optimiser against the brute force and the plain listing.

``method="joint"`` (branch on one train's route, re-bound the later trains on the track left) and
``method="lagrange"`` (priced track keys cut the listed routes; the default for additive revenue) must
never cut an optimal run.  Each is checked against the deliberately simple brute force of
``test_routing_oracle`` on hypothesis-generated small maps and dense maps with two and three trains
(diesels, identical trains), and against the plain combination of listed routes (``method="sequences"``)
on bigger dense maps and on the final maps of real games.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.routing import optimise
from tests.engine.test_routing_dense import _end_game, build_dense, dense_spec
from tests.engine.test_routing_oracle import GRID, NEIGHBOR_EDGES, TooBig, build_position, hex_codes, oracle_best

METHODS = ["joint", "lagrange", "cpsat"]
SIMPLE_TRAINS = [0, 1, 2, 3]  # indexes of TRAIN_KINDS: 2, 3, 4, D (stop counts, additive)
#: several trains on the dense maps of test_routing_dense (indexes into its DENSE_TRAINS)
JOINT_DENSE_TRAINS = [3, 4, 5]


@st.composite
def small_positions(draw: Any) -> dict[str, Any]:
    codes = {hex_id: draw(hex_codes(NEIGHBOR_EDGES[hex_id])) for hex_id in GRID}
    trains = draw(st.lists(st.sampled_from(SIMPLE_TRAINS), min_size=2, max_size=3))
    hook = draw(st.sampled_from(["additive", "additive", "hexbonus"]))  # hex bonuses keep revenue additive
    return {"codes": codes, "trains": sorted(trains), "seed": draw(st.integers(0, 10_000)), "hook": hook}


@pytest.mark.parametrize("method", METHODS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=small_positions())
def test_agrees_with_brute_force_on_small_maps(method: str, spec: dict[str, Any]) -> None:
    built = build_position(spec)
    if built is None:
        return
    host, corp, trains, stops, rules = built
    try:
        expected = oracle_best(host, stops, trains)
    except TooBig:
        return
    result = optimise(host, host.hexes, corp, trains, rules=rules, method=method)
    assert result.total == expected
    assert sum(result.revenues.values()) == result.total


@pytest.mark.parametrize("method", METHODS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(0, 1_000_000), trains_index=st.sampled_from(JOINT_DENSE_TRAINS), tokens=st.integers(1, 3))
def test_agrees_with_brute_force_on_dense_maps(method: str, seed: int, trains_index: int, tokens: int) -> None:
    built = build_dense(dense_spec(seed, trains_index, tokens))
    if built is None:
        return
    host, corp, trains, stops = built
    try:
        expected = oracle_best(host, stops, trains, max_routes=3000, max_combinations=400_000)
    except TooBig:
        return
    result = optimise(host, host.hexes, corp, trains, rules=object(), method=method)
    assert result.total == expected


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("seed", [*range(12), *range(1000, 1012)])
def test_agrees_with_the_listed_routes_on_dense_maps(method: str, seed: int) -> None:
    # bigger than the brute force can take: the plain combination of listed routes decides
    rng = random.Random(seed)
    built = build_dense(dense_spec(rng.randrange(1_000_000), rng.choice(JOINT_DENSE_TRAINS), rng.randint(1, 3)))
    if built is None:
        return
    host, corp, trains, _stops = built
    plain = optimise(host, host.hexes, corp, trains, rules=object(), method="sequences")
    searched = optimise(host, host.hexes, corp, trains, rules=object(), method=method)
    assert searched.total == plain.total


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(("name", "train_names"), [("1830/26855.json", ["6", "D"]),
                                                   ("1889/314.json", ["D", "D"]),
                                                   ("18Chesapeake/1277.json", ["5", "D"]),
                                                   ("18Chesapeake/14377.json", ["4", "D"])])
def test_agrees_on_final_maps(method: str, name: str, train_names: list[str]) -> None:
    from engine.steps.route import route_host

    game, corporation, trains = _end_game(name, train_names)
    host = route_host(game)
    plain = optimise(host, game.hexes, corporation, trains, rules=game, method="sequences")
    searched = optimise(host, game.hexes, corporation, trains, rules=game, method=method)
    assert searched.total == plain.total > 0
