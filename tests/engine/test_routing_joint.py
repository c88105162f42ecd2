"""The joint search of several trains (engine.routing.joint) and the narrowing of variant lists.

The joint bound (branch on one train's route, re-bound the later trains on the track left
beside it) must never cut an optimal run: it is checked against the deliberately simple brute
force of ``test_routing_oracle`` on hypothesis-generated small maps and dense maps with two and
three trains (diesels, identical trains), and against the default combination of listed
routes on the final maps of real games.  ``narrow`` and ``realise`` are checked against an
exhaustive product of the variant lists.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.routing import optimise
from engine.routing.sequences import narrow, realise
from tests.engine.test_routing_dense import _end_game, build_dense, dense_spec
from tests.engine.test_routing_oracle import GRID, NEIGHBOR_EDGES, TooBig, build_position, hex_codes, oracle_best

# --------------------------------------------------------------------------------------------
# narrow / realise against the exhaustive product
# --------------------------------------------------------------------------------------------


class _Leg:
    """Just what ``narrow`` and ``realise`` read of a leg: its track mask."""

    def __init__(self, mask: int) -> None:
        self.mask = mask

    def __repr__(self) -> str:
        return f"L{self.mask:b}"


@st.composite
def domain_lists(draw: Any) -> tuple[list[list[_Leg]], int]:
    bits = draw(st.integers(3, 9))
    count = draw(st.integers(1, 5))
    masks = st.integers(1, (1 << bits) - 1)
    domains = [[_Leg(m) for m in draw(st.lists(masks, min_size=1, max_size=4))] for _ in range(count)]
    base = draw(st.integers(0, (1 << bits) - 1)) if draw(st.booleans()) else 0
    return domains, base


def _realisations(domains: list[list[_Leg]], base: int) -> list[tuple[_Leg, ...]]:
    found = []
    for pick in itertools.product(*domains):
        used = base
        for leg in pick:
            if leg.mask & used:
                break
            used |= leg.mask
        else:
            found.append(pick)
    return found


@settings(max_examples=300, deadline=None)
@given(domain_lists(), st.booleans())
def test_narrow_and_realise_agree_with_every_choice(case: tuple[list[list[_Leg]], int], arc: bool) -> None:
    domains, base = case
    every = _realisations(domains, base)
    narrowed = narrow(domains, base, arc=arc)  # type: ignore[arg-type]
    picked = realise(domains, base)  # type: ignore[arg-type]
    if not every:
        assert picked is None
        return
    # a realisation exists: narrowing keeps every variant some realisation uses, and the
    # shared track it reports is used by every realisation
    assert narrowed is not None
    usable, shared = narrowed
    for pick in every:
        for i, leg in enumerate(pick):
            assert leg in usable[i]
        assert all(any(leg.mask & (1 << bit) for leg in pick) for bit in range(shared.bit_length())
                   if shared >> bit & 1)
    assert picked is not None
    assert tuple(picked) in every


# --------------------------------------------------------------------------------------------
# The joint search against the brute force
# --------------------------------------------------------------------------------------------

SIMPLE_TRAINS = [0, 1, 2, 3]  # indexes of TRAIN_KINDS: 2, 3, 4, D (stop counts, additive)


@st.composite
def small_positions(draw: Any) -> dict[str, Any]:
    codes = {hex_id: draw(hex_codes(NEIGHBOR_EDGES[hex_id])) for hex_id in GRID}
    trains = draw(st.lists(st.sampled_from(SIMPLE_TRAINS), min_size=2, max_size=3))
    return {"codes": codes, "trains": sorted(trains), "seed": draw(st.integers(0, 10_000)), "hook": "additive"}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_joint_search_agrees_with_brute_force_on_small_maps(spec: dict[str, Any]) -> None:
    built = build_position(spec)
    if built is None:
        return
    host, corp, trains, stops, rules = built
    try:
        expected = oracle_best(host, stops, trains)
    except TooBig:
        return
    result = optimise(host, host.hexes, corp, trains, rules=rules, method="joint")
    assert result.total == expected
    assert sum(result.revenues.values()) == result.total


#: several trains on the dense maps of test_routing_dense (indexes into its DENSE_TRAINS)
JOINT_DENSE_TRAINS = [3, 4, 5]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.integers(0, 1_000_000), st.sampled_from(JOINT_DENSE_TRAINS), st.integers(1, 3))
def test_joint_search_agrees_with_brute_force_on_dense_maps(seed: int, trains_index: int, tokens: int) -> None:
    built = build_dense(dense_spec(seed, trains_index, tokens))
    if built is None:
        return
    host, corp, trains, stops = built
    try:
        expected = oracle_best(host, stops, trains, max_routes=3000, max_combinations=400_000)
    except TooBig:
        return
    result = optimise(host, host.hexes, corp, trains, rules=object(), method="joint")
    assert result.total == expected


@pytest.mark.parametrize("seed", range(12))
def test_joint_search_agrees_with_the_listed_routes_on_dense_maps(seed: int) -> None:
    # bigger than the brute force can take: the default combination of listed routes decides
    rng = random.Random(seed)
    built = build_dense(dense_spec(rng.randrange(1_000_000), rng.choice(JOINT_DENSE_TRAINS), rng.randint(1, 3)))
    if built is None:
        return
    host, corp, trains, _stops = built
    listed = optimise(host, host.hexes, corp, trains, rules=object())
    joint = optimise(host, host.hexes, corp, trains, rules=object(), method="joint")
    assert joint.total == listed.total


@pytest.mark.parametrize(("name", "train_names"), [("1830/26855.json", ["6", "D"]),
                                                   ("1889/314.json", ["D", "D"]),
                                                   ("18Chesapeake/1277.json", ["5", "D"]),
                                                   ("18Chesapeake/14377.json", ["4", "D"])])
def test_joint_search_agrees_on_final_maps(name: str, train_names: list[str]) -> None:
    from engine.steps.route import route_host

    game, corporation, trains = _end_game(name, train_names)
    host = route_host(game)
    listed = optimise(host, game.hexes, corporation, trains, rules=game)
    joint = optimise(host, game.hexes, corporation, trains, rules=game, method="joint")
    assert joint.total == listed.total > 0
