"""Auction moves: the waterfall auction of privates (1830, 1889, 18Chesapeake) and the forced par after a
private carrying a president's certificate (1830's B&O).

Rules enforced beyond the reference engine (which accepts these; the printed rules forbid them):

* the cheapest private is bought at exactly its current price (the reference takes any price, even a
  negative one, as long as the buyer has that much);
* a bid may not exceed the bidder's cash less the cash tied up in their other bids.  Where only the highest
  bid on each private ties up cash (18Chesapeake), the reference adds the bidder's own earlier bid on the
  same private back even when it is not the highest and so ties nothing up: a player holding $600 could bid
  $1000, and the auction could then never end (the winner cannot pay).  Here the limit is the cash less every
  bid of the player's that ties up cash on another private.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.moves.base import BidMove, Move, ParMove, PassMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.steps.auction import CompanyPendingPar, WaterfallAuction


def available_for_bid(step: WaterfallAuction, player: Any, target: Any) -> int:
    """``player``'s cash less what their bids on other items tie up."""
    tied = sum(b.price for b in step.bids_for_player(player) if b.target is not target)
    return int(player.cash) - tied


@enumerates(WaterfallAuction)
def waterfall(step: WaterfallAuction, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    increment = step.min_increment() if step.must_bid_increment_multiple() else 0
    auctioning = step.auctioning
    companies = [auctioning] if auctioning is not None else list(step.companies)
    for company in companies:
        low = step.min_bid(company)
        if low is None:
            continue
        high = min(step.max_bid(entity, company), available_for_bid(step, entity, company))
        purchase = auctioning is None and step.may_purchase(company)
        if purchase:
            low = int(company.min_bid)
            if high >= low:
                yield BidMove(etype, eid, target=company.id, min_bid=low, max_bid=low, purchase=True)
            else:
                money = step.game.format_currency
                yield Unusable("company", company.id, f"costs {money(low)}; {entity.name} has {money(high)} available")
            continue
        if high >= low:
            yield BidMove(etype, eid, target=company.id, min_bid=int(low), max_bid=int(high), step=increment)
        else:
            money = step.game.format_currency
            yield Unusable("company", company.id,
                           f"the minimum bid is {money(low)}; {entity.name} has {money(high)} available")
    if "pass" in kinds:
        yield PassMove(etype, eid, label=step.pass_description())


@enumerates(CompanyPendingPar)
def pending_par(step: CompanyPendingPar, entity: Any) -> Iterator[Move | Unusable]:
    if "par" not in step.actions(entity):
        return
    etype, eid = entity_ref(entity)
    for corporation in step.pending_corporations():
        if corporation.ipoed:
            continue
        prices = tuple((sp.id, int(sp.price)) for sp in step.get_par_prices(entity, corporation))
        if prices:
            # the company's certificate comes with it: the par costs the player nothing (1830's B&O)
            yield ParMove(etype, eid, corporation=corporation.id, share_prices=prices, free=True)
