"""The realisation search (conflict-directed backjumping) against plain enumeration."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.routing.network import Leg
from engine.routing.sequences import realise


def _leg(mask: int, order: int) -> Leg:
    return Leg(None, None, (), mask, False, False, False, order)  # type: ignore[arg-type]


masks = st.integers(min_value=1, max_value=(1 << 9) - 1)
domains_st = st.lists(st.lists(masks, min_size=0, max_size=4), min_size=0, max_size=5)


def _possible(domains: list[list[int]], base: int) -> bool:
    for combo in itertools.product(*domains):
        used = base
        ok = True
        for mask in combo:
            if mask & used:
                ok = False
                break
            used |= mask
        if ok:
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(domains_st, st.integers(min_value=0, max_value=(1 << 9) - 1))
def test_realise_finds_a_disjoint_choice_exactly_when_one_exists(domains: list[list[int]], base: int) -> None:
    legs = [[_leg(mask, i * 10 + j) for j, mask in enumerate(domain)] for i, domain in enumerate(domains)]
    found = realise(legs, base)
    assert (found is not None) == _possible(domains, base)
    if found is not None:
        assert len(found) == len(domains)
        used = base
        for leg, domain in zip(found, legs):
            assert leg in domain  # one variant of each domain, in order
            assert not leg.mask & used
            used |= leg.mask


def test_realise_backjumps_over_an_unrelated_level() -> None:
    # level 0 and 2 compete for bit 1; level 1 is independent: the search must revise level 0
    legs: list[list[Any]] = [[_leg(0b001, 0), _leg(0b100, 1)], [_leg(0b010, 2)], [_leg(0b001, 3)]]
    found = realise(legs)
    assert found is not None
    assert [leg.mask for leg in found] == [0b100, 0b010, 0b001]
    assert realise([[_leg(0b1, 0)], [_leg(0b1, 1)]]) is None
