"""One item up for auction at a time; a pass takes a bidder out of that item's auction (the reference engine's
``PassableAuction``).

The item (``auctioning``) is offered to the players in ``initial_auction_entities`` who can afford its minimum
bid (the player who opened it may bid anyway): they are the *active bidders*.  A bid must beat the high bid; a
pass is final for the item; a bidder who can no longer afford the next minimum bid drops out at once ("cannot bid
... and is out of the auction").  The auction resolves as soon as one active bidder holds a bid (``win_bid`` with
that bid), or when no active bidder is left (``win_bid`` with None: nobody bought it); ``post_win_bid`` then
decides what comes next.  Subclasses decide what a win does and who acts: the 1867 private auction
(``engine/titles/g1867/steps.py``) and the corporation auctions of ``BuySellParSharesViaBid``
(``engine/steps/shares_via_bid.py``).
"""

from __future__ import annotations

from typing import Any

from engine.steps.auction import AuctionBid, Auctioner


class PassableAuction(Auctioner):
    """Bookkeeping of a one-item auction with final passes."""

    auction_target: Any
    active_bidders: list[Any]
    auction_triggerer: Any

    def setup_auction(self) -> None:
        super().setup_auction()
        self.auction_target = None
        self.active_bidders = []
        self.auction_triggerer = None

    def committed_cash(self, player: Any, show_hidden: bool = False) -> int:
        return 0

    def active_auction(self) -> tuple[Any, list[AuctionBid]] | None:
        """The item on offer once it has a bid."""
        target = self.auction_target
        if target is None or not self.bids.get(target):
            return None
        return target, self.bids[target]

    def initial_auction_entities(self) -> list[Any]:
        return list(self.entities)

    def log_cannot_bid(self, player: Any, low: int) -> None:
        self.game.log(f"{player.name} cannot bid {self.game.format_currency(low)} and is out of the auction for "
                      f"{self.auction_target.name}")

    def auction_entity(self, target: Any) -> None:
        """Offer ``target`` to everyone who can afford its minimum bid (and to the player who opened it)."""
        self.auction_target = target
        low = self.min_bid(target)
        assert low is not None
        self.active_bidders = []
        cannot: list[Any] = []
        for player in self.initial_auction_entities():
            if player is self.auction_triggerer or self.max_bid(player, target) >= low:
                self.active_bidders.append(player)
            else:
                cannot.append(player)
        for player in cannot:
            self.log_cannot_bid(player, low)
        self.resolve_bids()

    def selection_bid(self, bid: AuctionBid) -> None:
        """The opening bid on an item nobody is bidding on yet: it goes up for auction."""
        self.add_bid(bid)
        self.auction_triggerer = bid.entity
        self.auction_entity(bid.target)

    def add_bid(self, bid: AuctionBid) -> None:
        super().add_bid(bid)
        target = self.auction_target
        if target is None:
            return
        low = self.min_bid(target)
        assert low is not None
        dropping = [p for p in self.active_bidders if p is not bid.entity and self.max_bid(p, target) < low]
        for player in dropping:
            self.log_cannot_bid(player, low)
            self.remove_from_auction(player)

    def remove_from_auction(self, player: Any) -> None:
        self.active_bidders = [p for p in self.active_bidders if p is not player]
        target = self.auction_target
        if target is not None and target in self.bids:
            self.bids[target] = [b for b in self.bids[target] if b.entity is not player]
        self.resolve_bids()

    def pass_auction(self, player: Any) -> None:
        self.game.log(f"{player.name} passes on {self.auction_target.name}")
        self.remove_from_auction(player)

    def resolve_bids(self) -> None:
        target = self.auction_target
        if target is None:
            return
        winner: AuctionBid | None = None
        if not self.active_bidders:
            self.win_bid(None, target)
        else:
            if len(self.active_bidders) != 1 or not self.bids.get(target):
                return
            winner = self.bids[target][0]
            self.win_bid(winner, target)
        self.bids.clear()
        self.active_bidders = []
        self.auction_target = None
        self.post_win_bid(winner, target)

    def win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        """What winning (or, with None, nobody buying) the item does."""
        return None

    def post_win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        """What comes after an auction is settled (the next item, the next player)."""
        return None

    def next_bidder_after_high_bid(self) -> list[Any]:
        """The active bidder seated after the high bidder (the one to act), as an entity list."""
        high = self.highest_bid(self.auction_target)
        assert high is not None
        index = next(i for i, p in enumerate(self.active_bidders) if p is high.entity)
        return [self.active_bidders[(index + 1) % len(self.active_bidders)]]


__all__ = ["PassableAuction"]
