"""Legal moves of 18Texas's simultaneous auction: a bid on any private still on offer, from its value (or a raise
over its high bid) up to the player's cash."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.moves.base import BidMove, Move, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.titles.g18texas.steps import SimultaneousAuction


@enumerates(SimultaneousAuction)
def simultaneous_auction_moves(step: Any, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, SimultaneousAuction)
    if "bid" not in step.actions(entity):
        return
    etype, eid = entity_ref(entity)
    money = step.game.format_currency
    for company in step.available():
        low = step.min_bid(company)
        if low is None:
            continue
        high = step.max_bid(entity, company)
        if high >= low:
            yield BidMove(etype, eid, target=company.id, min_bid=int(low), max_bid=int(high))
        else:
            yield Unusable("company", company.id, f"the least bid is {money(low)}; {entity.name} has {money(high)}")
