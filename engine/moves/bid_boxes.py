"""Moves of a stock-round turn with bid boxes (``engine.steps.bid_boxes.BidBoxShares``, the 1822 family): a bid on
each item in the boxes the player may bid on now (or why not), then the ordinary stock-turn moves."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import BidMove, Move, SimpleMove, Unusable, in_range
from engine.moves.registry import entity_ref, enumerates, enumerator_after
from engine.steps.bid_boxes import BidBoxShares


def box_bid(step: BidBoxShares, entity: Any, target: Any) -> Move | Unusable:
    """A bid on ``target`` (between the minimum and what the player's free cash allows), or why not."""
    etype, eid = entity_ref(entity)
    money = step.game.format_currency
    if not step.can_bid_on(entity, target):
        high = step.highest_bid(target)
        if high is not None and high.entity is entity:
            reason = f"{entity.name} has the highest bid"
        elif step.certs_with_bids(entity) >= step.game.cert_limit:
            reason = "certificate limit reached (winning bids count)"
        elif step.tokens_left(entity) <= 0 and not any(b.entity is entity for b in step.bids.get(target, ())):
            reason = "no bidding token left"
        else:
            reason = f"the minimum bid is {money(step.min_bid(target) or 0)}; {entity.name} has " \
                     f"{money(step.max_bid(entity, target))} free"
        return Unusable("company", target.id, reason)
    low = int(step.min_bid(target) or 0)
    high_price = int(step.max_bid(entity, target))
    increment = step.min_increment() if step.must_bid_increment_multiple() else 0
    return BidMove(etype, eid, target=target.id, min_bid=low, max_bid=high_price, target_key="company",
                   step=increment)


@dataclass(frozen=True)
class PayoffDebtPartMove(Move):
    """Pay back part of the player's debt: 1 to ``most``."""

    TYPE: ClassVar[str] = "payoff_player_debt_partial"
    most: int = 0

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        return in_range(action.get("amount"), 1, self.most, "amount to pay back")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "amount": rng.randint(1, self.most)}

    def describe(self) -> str:
        return f"pay back 1 to {self.most} of the debt"


@enumerates(BidBoxShares)
def bid_box_turn(step: BidBoxShares, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    if "payoff_player_debt" in kinds:
        yield SimpleMove(etype, eid, kind="payoff_player_debt", label="pay back the debt")
        most = min(int(entity.cash), int(entity.debt))
        if most > 0:
            yield PayoffDebtPartMove(etype, eid, most=most)
    if "bid" in kinds:
        for target in step.box_items():
            yield box_bid(step, entity, target)
    rest = enumerator_after(step, BidBoxShares)
    if rest is not None:
        yield from rest(step, entity)  # type: ignore[arg-type]
