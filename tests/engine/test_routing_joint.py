"""The joint search of several trains (engine.routing.joint) and the narrowing of variant lists.

``narrow`` and ``realise`` are checked against an exhaustive product of the variant lists; the joint
search itself (``method="joint"``) against the brute force and the plain listing in
``test_routing_methods``.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.routing.sequences import narrow, realise

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
