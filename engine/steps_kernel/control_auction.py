"""The open "control" auction, as a kernel step any title can use.

Several items are on the board at once.  Bidders take turns in a fixed order.  A bidder who *controls* an item
(holds its current high bid) must pass; a bidder who controls nothing must make exactly one bid, on any item,
at least one more than that item's current high bid (the minimum is zero on an item nobody has bid on), which
makes them its controller and takes the control away from the bidder they outbid.  Nobody ever controls two
items.  The auction ends when every bidder in turn passes with no bid in between (then every bidder controls
exactly one item); each takes the item they control and pays their bid, in the title's currency.

This is the auction of Charles Bahl's "Auction HOW" (rules 3.2-4.1), written as a step parameterised by
(step options, given by the round that runs it):

- ``items``: the item ids, in board order (at least as many as there are bidders, or the auction could never
  end);
- ``bidders``: the bidding entities in turn order, the start player first (they must be the round's entities,
  in the same order);
- ``currency``: the unit named in messages ("VP");
- ``item_key``: the action field naming the item (``{"type": "bid", "empire": "Romans", "price": 3}``);
- ``max_bid``: an optional cap on a bid (None: no cap; Auction HOW lets victory points go negative);
- ``labels``: optional display names of the items.

When the auction ends the step calls the round's ``award(bidder, item_id, price)`` for each controller (in
turn order), then passes itself so the round ends.  The legal moves are enumerated in
``engine/moves/control_auction.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.step import Step
from engine.errors import GameError

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.core.game import KernelGame
    from engine.core.round import Round


@dataclass
class AuctionItem:
    """One item on the board: its current high bid and controller, and every bid made on it."""

    id: str
    label: str
    high_bid: int | None = None
    controller: Any = None
    #: (bidder id, price) in the order the bids were made
    bids: list[tuple[Any, int]] = field(default_factory=list)

    @property
    def min_bid(self) -> int:
        """The least bid now: one more than the high bid, zero when nobody has bid (rules 3.4, 3.5)."""
        return 0 if self.high_bid is None else self.high_bid + 1


class ControlAuction(Step):
    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "pass")
    NAME: ClassVar[str] = "ControlAuction"

    def __init__(self, game: KernelGame, round: Round, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        labels: dict[str, str] = dict(opts.get("labels") or {})
        self.items: dict[str, AuctionItem] = {
            str(i): AuctionItem(str(i), labels.get(str(i), str(i))) for i in opts["items"]}
        self.bidders: list[Any] = list(opts["bidders"])
        self.currency: str = str(opts.get("currency", ""))
        self.item_key: str = str(opts.get("item_key", "item"))
        self.max_bid: int | None = opts.get("max_bid")
        if len(self.items) < len(self.bidders):
            raise ValueError(f"a control auction needs at least as many items ({len(self.items)}) as bidders "
                             f"({len(self.bidders)})")
        if list(round.entities) != self.bidders:
            raise ValueError("the bidders must be the round's entities, in the same order")
        #: passes since the last bid; the auction ends when every bidder has passed in a row (rule 3.9)
        self.passes_in_row = 0
        #: (bidder, item id, price) per controller once the auction has ended, in turn order
        self.results: list[tuple[Any, str, int]] = []
        self.bid_count = 0

    # --- questions -----------------------------------------------------------------------------------
    def description(self) -> str:
        return "Bid or pass"

    def money(self, amount: int) -> str:
        return f"{amount} {self.currency}".strip()

    def controlled_by(self, bidder: Any) -> AuctionItem | None:
        """The item ``bidder`` controls now (rule 3.6: at most one)."""
        return next((item for item in self.items.values() if item.controller is bidder), None)

    def controllers(self) -> list[Any]:
        return [item.controller for item in self.items.values() if item.controller is not None]

    def ended(self) -> bool:
        return self.passed

    def actions(self, entity: Any) -> list[str]:
        if self.passed or entity is not self.current_entity():
            return []
        # A controller must pass (3.8); anyone else must bid (3.7).
        return ["pass"] if self.controlled_by(entity) is not None else ["bid"]

    def refusal_for(self, kind: str, entity: Any) -> str | None:
        """Why ``entity`` may not ``kind`` now, in the auction's words (None: the kernel's message)."""
        if self.passed or entity is not self.current_entity():
            return None
        name = self.game.entity_name(entity)
        held = self.controlled_by(entity)
        if kind == "bid" and held is not None:
            return f"{name} controls {held.label} and must pass (a player never controls two items at once)"
        if kind == "pass" and held is None:
            return f"{name} controls nothing and must bid; {name} cannot pass"
        return None

    def bid_problem(self, bidder: Any, item_id: Any, price: Any) -> str | None:
        """Why this bid is not allowed now, in words (None: it is)."""
        name = self.game.entity_name(bidder)
        held = self.controlled_by(bidder)
        if held is not None:
            return f"{name} controls {held.label} and must pass (a player never controls two items at once)"
        item = self.items.get(str(item_id)) if isinstance(item_id, str) else None
        if item is None:
            return f"{item_id!r} is not on the board (the choices are {', '.join(self.items)})"
        if isinstance(price, bool) or not isinstance(price, int):
            return f"a bid is a whole number of {self.currency or 'points'}, not {price!r}"
        if price < item.min_bid:
            if item.high_bid is None:
                return f"a bid on {item.label} must be at least {self.money(item.min_bid)}"
            return (f"a bid on {item.label} must be at least {self.money(item.min_bid)}: one more than "
                    f"{self.game.entity_name(item.controller)}'s {self.money(item.high_bid)}")
        if self.max_bid is not None and price > self.max_bid:
            return f"a bid may be at most {self.money(self.max_bid)}"
        return None

    # --- actions ----------------------------------------------------------------------------------------
    def process_bid(self, action: Action) -> None:
        bidder = self.game.resolve_entity(action)
        item_id = getattr(action, self.item_key, None)
        if item_id is None:
            item_id = action.extra.get(self.item_key)
        price = getattr(action, "price", None)
        problem = self.bid_problem(bidder, item_id, price)
        if problem is not None:
            raise GameError(problem)
        assert isinstance(price, int)
        item = self.items[str(item_id)]
        outbid = item.controller
        item.high_bid = price
        item.controller = bidder
        item.bids.append((bidder.id, price))
        self.bid_count += 1
        self.passes_in_row = 0
        name = self.game.entity_name(bidder)
        if outbid is not None:
            self.game.log(f"{name} bids {self.money(price)} on {item.label}, outbidding "
                          f"{self.game.entity_name(outbid)}")
        else:
            self.game.log(f"{name} bids {self.money(price)} on {item.label}")
        self._advance()

    def process_pass(self, action: Action) -> None:
        bidder = self.game.resolve_entity(action)
        held = self.controlled_by(bidder)
        name = self.game.entity_name(bidder)
        if held is None:  # the round's dispatch already refuses this; kept for a direct call
            raise GameError(f"{name} controls nothing and must bid")
        self.game.log(f"{name} passes (controls {held.label} at {self.money(held.high_bid or 0)})")
        self.passes_in_row += 1
        if self.passes_in_row >= len(self.bidders):
            self._close()
        else:
            self._advance()

    def _advance(self) -> None:
        self.round.entity_index = (self.round.entity_index + 1) % len(self.bidders)

    def _close(self) -> None:
        """Every bidder passed in turn: each takes the item they control and pays their bid (4.1)."""
        award = getattr(self.round, "award", None)
        for bidder in self.bidders:
            item = self.controlled_by(bidder)
            if item is None:  # cannot happen: n passes in a row means every bidder controls an item
                raise GameError(f"the auction ended with {self.game.entity_name(bidder)} controlling nothing")
            price = item.high_bid or 0
            self.results.append((bidder, item.id, price))
            self.game.log(f"{self.game.entity_name(bidder)} takes {item.label} for {self.money(price)}")
            if callable(award):
                award(bidder, item.id, price)
        self.pass_()

    def skip(self) -> None:
        return None


__all__ = ["AuctionItem", "ControlAuction"]
