"""Legal moves of the selection auction (``engine.steps.selection_auction``; Steam Over Holland's private sale).

One company is on offer at a time, the first still unsold.  The player whose turn it is bids on it (the opening
bid is at least its face value, every later bid at least the high bid plus the increment, at most the bidder's
cash) or passes, which takes them out of the auction for that company.  The turn goes round the players still
in; when only the high bidder is left, they buy the company at their bid.  So the player who opened is the last
to answer the others' raises, and one who passes at the start may leave the company to be removed (or, in the
general step, cheapened) when everybody passes.

:class:`SelectionBidMove` is a :class:`~engine.moves.base.BidMove` that also carries what a dialog shows: the
face value, the high bid and who holds it, and whether this bid opens the auction.  Random playouts bid close
to the minimum (a uniform draw up to a player's whole cash would make every sale a bankruptcy of the bidder);
any bid in range is legal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import GameError
from engine.moves.base import BidMove, Move, PassMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.steps.selection_auction import PassableSelectionAuction, SelectionAuction

#: Random playouts raise by at most this many increments above the minimum bid (most of the time).
SAMPLE_RAISES = 4


@dataclass(frozen=True)
class SelectionBidMove(BidMove):
    """Bid on the company on offer, ``min_bid`` to ``max_bid`` (the bidder's cash)."""

    TYPE: ClassVar[str] = "bid"
    face: int = 0
    high_bid: int | None = None
    high_bidder: int | str | None = None
    opening: bool = False  # no bid yet: this bid opens the auction (at least the face value)
    increment: int = 5

    def sample(self, rng: random.Random) -> dict[str, Any]:
        if self.max_bid > self.min_bid and rng.random() < 0.9:
            unit = max(1, self.increment)
            top = min(self.max_bid, self.min_bid + unit * SAMPLE_RAISES)
            price = self.min_bid + unit * rng.randint(0, (top - self.min_bid) // unit)
            return {**self.base(), self.target_key: self.target, "price": price}
        return super().sample(rng)

    def action(self, price: int) -> dict[str, Any]:
        """The bid of ``price`` as an action."""
        return {**self.base(), self.target_key: self.target, "price": int(price)}

    def describe(self) -> str:
        if self.opening:
            return f"open the auction of {self.target} ({self.min_bid} to {self.max_bid})"
        return f"raise the bid on {self.target} ({self.min_bid} to {self.max_bid})"


def bidders_in_turn(step: SelectionAuction) -> list[Any]:
    """The players still in the auction in the order they answer, starting with the one to act now (so the
    high bidder, who answers only when outbid, comes last)."""
    bidders = list(getattr(step, "active_bidders", ()) or ())
    current = step.current_entity()
    if current in bidders:
        at = bidders.index(current)
        bidders = bidders[at:] + bidders[:at]
    return bidders


def on_offer(step: SelectionAuction) -> Any:
    """The company being auctioned now (the first unsold one when no auction is running), or None."""
    auctioning = step.auctioning
    if auctioning is not None:
        return auctioning
    companies = list(step.companies)
    return companies[0] if companies else None


def all_pass_outcome(step: SelectionAuction) -> str:
    """What happens to the company on offer when every player passes without a bid, in words."""
    if isinstance(step, PassableSelectionAuction):
        # As the 18xx.games engine plays it: the company on offer and the next one leave the game, and the
        # auction ends there (any later company stays unsold); the last company cannot be left by everybody.
        companies = list(step.companies)
        if len(companies) <= 1:
            return "the last player in must bid: the last company cannot be left unsold."
        text = f"it and the next company, {companies[1].id}, are removed from the game and the auction ends"
        rest = companies[2:]
        if rest:
            text += f" ({', '.join(c.id for c in rest)} {'stays' if len(rest) == 1 else 'stay'} unsold)"
        return text + "."
    return "its price drops by 5 and it is offered again (at 0 the next player must take it)."


@enumerates(SelectionAuction)
def selection_auction(step: SelectionAuction, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    company = on_offer(step)
    if "bid" in kinds and company is not None and step.may_bid(company):
        low = step.min_bid(company)
        high = int(step.max_bid(entity, company))
        best = step.highest_bid(company)
        if low is None:
            pass
        elif high >= low:
            increment = step.min_increment()
            yield SelectionBidMove(
                etype, eid, target=company.id, min_bid=int(low), max_bid=high,
                step=increment if step.must_bid_increment_multiple() else 0,
                face=int(company.value), high_bid=int(best.price) if best is not None else None,
                high_bidder=getattr(best.entity, "id", None) if best is not None else None,
                opening=best is None, increment=max(1, int(increment)))
        else:
            money = step.game.format_currency
            yield Unusable("company", company.id,
                           f"the minimum bid is {money(low)}; {entity.name} has {money(high)}")
    if "pass" in kinds:
        try:
            step.check_pass(entity)  # a pass the auction cannot take (Steam Over Holland's last company)
        except GameError as refused:
            yield Unusable("pass", company.id if company is not None else "", refused.message)
        else:
            yield PassMove(etype, eid, label=step.pass_description())
