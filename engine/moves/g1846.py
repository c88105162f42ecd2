"""1846's own steps: the draft of privates (assigning a marker is engine.moves.assign); issuing and redeeming shares are the general step's moves (engine.moves.issue_shares)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.moves.assign import AssignMove
from engine.moves.base import BidMove, Move, PassMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.steps.draft import DraftDistribution, DraftPurchase, is_pass_card


@enumerates(DraftDistribution)
def draft(step: DraftDistribution, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    left = int(entity.cash) - step.committed_cash(entity)
    offered = step.available()
    affordable = [c for c in offered if is_pass_card(c) or int(c.min_bid) <= left]
    for company in offered:
        if company not in affordable and affordable:
            yield Unusable("company", company.id, f"costs {company.min_bid}; {entity.name} has {left} uncommitted")
    for company in affordable or offered:
        # The site's draft action states the card's face value, but the price is not used: the player pays the
        # card's current price (min_bid) when the draft ends.  Any stated price is accepted.
        price = int(company.value)
        yield BidMove(etype, eid, target=company.id, min_bid=price, max_bid=price, purchase=True, price_ignored=True)
    if "pass" in kinds:
        yield PassMove(etype, eid, label=step.pass_description())

@enumerates(DraftPurchase)
def draft_purchase(step: DraftPurchase, entity: Any) -> Iterator[Move | Unusable]:
    """1852: Missouri's open market: any company the player can pay for now (its price plus the skipping cost),
    or a pass."""
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    cash = int(entity.cash)
    for company in step.available():
        total = step.total_cost(company)
        if total > cash:
            yield Unusable("company", company.id, f"costs {total}; {entity.name} has {cash}")
            continue
        # The site states the company's price without the skipping cost; the price is not used (a price below
        # zero, where the bank pays the buyer, is stated as 0).
        price = max(0, int(company.min_bid))
        yield BidMove(etype, eid, target=company.id, min_bid=price, max_bid=price, purchase=True, price_ignored=True)
    if "pass" in kinds:
        yield PassMove(etype, eid, label=step.pass_description())


__all__ = ["AssignMove", "draft", "draft_purchase"]
