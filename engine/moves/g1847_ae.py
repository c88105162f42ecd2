"""1847 AE's own steps: the draft of private companies at face value (the other steps are general)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.moves.base import BidMove, Move, PassMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.titles.g1847_ae.steps import Draft1847


@enumerates(Draft1847)
def draft(step: Draft1847, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    cash = int(entity.cash)
    for company in step.available():
        price = step.min_bid(company)
        if price > cash:
            yield Unusable("company", company.id, f"costs {price}; {entity.name} has {cash}")
            continue
        yield BidMove(etype, eid, target=company.id, min_bid=price, max_bid=price, purchase=True)
    if "pass" in kinds:
        yield PassMove(etype, eid, label="Pass")


__all__ = ["draft"]
