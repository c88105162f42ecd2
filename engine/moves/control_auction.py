"""Legal moves of the kernel's control auction (``engine.steps_kernel.control_auction``).

The bidder whose turn it is either controls an item and may only pass, or controls nothing and must bid on
one item: one :class:`ControlBidMove` per item, from its minimum (one more than the high bid, zero on an item
nobody has bid on) to the cap, if the auction has one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.actions import MAX_NUMBER
from engine.moves.base import Move, PassMove, Unusable, in_range
from engine.moves.registry import entity_ref, enumerates
from engine.steps_kernel.control_auction import ControlAuction

#: Random playouts bid at most this much above an item's minimum (the rules set no cap).
SAMPLE_SPREAD = 6


@dataclass(frozen=True)
class ControlBidMove(Move):
    """Bid on ``item`` (named by the action field ``item_key``): ``min_bid`` up to ``max_bid``.

    ``controller`` and ``high_bid`` say who holds the item now and for how much (None: nobody has bid)."""

    TYPE: ClassVar[str] = "bid"
    item: str = ""
    item_key: str = "item"
    label: str = ""
    min_bid: int = 0
    max_bid: int = MAX_NUMBER
    high_bid: int | None = None
    controller: int | str | None = None
    currency: str = ""

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get(self.item_key) != self.item:
            return f"not a bid on {self.item}"
        return in_range(action.get("price"), self.min_bid, self.max_bid, f"bid on {self.label or self.item}")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        top = min(self.max_bid, self.min_bid + SAMPLE_SPREAD)
        return {**self.base(), self.item_key: self.item, "price": rng.randint(self.min_bid, top)}

    def action(self, price: int) -> dict[str, Any]:
        """The bid of ``price`` on this item as an action."""
        return {**self.base(), self.item_key: self.item, "price": price}

    def describe(self) -> str:
        unit = f" {self.currency}" if self.currency else ""
        return f"bid on {self.label or self.item} ({self.min_bid}{unit} or more)"


@enumerates(ControlAuction)
def control_auction_moves(step: ControlAuction, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    etype, eid = entity_ref(entity)
    if "pass" in kinds:
        held = step.controlled_by(entity)
        label = f"Pass (keep {held.label})" if held is not None else "Pass"
        yield PassMove(etype, eid, label=label)
    if "bid" in kinds:
        cap = MAX_NUMBER if step.max_bid is None else step.max_bid
        for item in step.items.values():
            if item.min_bid > cap:
                yield Unusable("item", item.id, f"already at the cap of {step.money(cap)}")
                continue
            yield ControlBidMove(etype, eid, item=item.id, item_key=step.item_key, label=item.label,
                                 min_bid=item.min_bid, max_bid=cap, high_bid=item.high_bid,
                                 controller=getattr(item.controller, "id", None), currency=step.currency)
