"""A stock-round turn in which a corporation may also be put up for auction (the reference engine's
``BuySellParSharesViaBid``: 1867 and 1861 auction their minors this way; 18Ireland and 1877 Stockholm Tramways
too).

On their turn a player may ``bid`` on a corporation that can be started: the corporation goes up for auction
(``PassableAuction``) among the players who can afford more (in seat order); the bidding goes round until one
bidder is left, who wins it (``win_corporation_bid``, the title's: typically a par at a price derived from the bid,
the bid going into the treasury) and whose turn it then is, ended (as a purchase).  With a ``par`` home-token
timing the corporation's home token is placed (or chosen) as the auction opens.  Everything else is the
ordinary stock-round turn (``BuySellParShares``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Par
from engine.errors import IllegalAction
from engine.steps.auction import AuctionBid
from engine.steps.passable_auction import PassableAuction
from engine.steps.shares import BuySellParShares

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.model.shares import ShareBundle


class BuySellParSharesViaBid(BuySellParShares, PassableAuction):
    """Buy, sell, par, or auction a corporation."""

    #: the least opening bid
    MIN_BID: ClassVar[int] = 0
    NAME: ClassVar[str] = "BuySellParShares"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.setup_auction()

    def setup(self) -> None:
        self.setup_auction()
        super().setup()

    # --- to define ------------------------------------------------------------------------------------------
    def can_bid_any(self, entity: Any) -> bool:
        """May ``entity`` open an auction now?"""
        return False

    def biddable_corporations(self, entity: Any) -> list[Any]:
        """The corporations ``entity`` may put up for auction now."""
        rules = self.game.corporation_rules
        return [c for c in self.game.corporations if rules.can_par(c, entity)]

    def win_corporation_bid(self, winner: AuctionBid) -> None:
        """What winning a corporation's auction does (the title's)."""
        raise NotImplementedError

    # --- queries ---------------------------------------------------------------------------------------------
    def normal_pass(self, entity: Any) -> bool:
        """Is a pass now a plain end of turn (not a pass in an auction)?  A share-pass program passes only then."""
        return self.auction_target is None

    def first_share_bundle(self, corporation: Any) -> ShareBundle | None:
        shares = corporation.ipo_shares() if hasattr(corporation, "ipo_shares") else []
        return shares[0].to_bundle() if shares else None

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        if self.auction_target is not None:
            return ["bid", "pass"]
        found = super().actions(entity)
        if not self.bought() and self.can_bid_any(entity):
            found.append("bid")
        if found and "pass" not in found and not self.must_sell(entity):
            found.append("pass")
        return found

    def active_entities(self) -> list[Any]:
        if self.auction_target is None:
            return super().active_entities()
        return self.next_bidder_after_high_bid()

    def pass_description(self) -> str:
        if self.auction_target is not None:
            return "Pass (Bid)"
        return super().pass_description()

    def min_bid(self, target: Any) -> int | None:
        if self.auction_target is None:
            return self.MIN_BID
        high = self.highest_bid(target)
        return (high.price if high is not None else self.MIN_BID) + self.min_increment()

    def max_bid(self, player: Any, target: Any = None) -> int:
        if target is not None and not self.can_gain(player, self.first_share_bundle(target)):
            return 0
        return int(player.cash)

    # --- processing -------------------------------------------------------------------------------------------
    def log_pass(self, entity: Any) -> None:
        if self.auction_target is not None:
            return
        super().log_pass(entity)

    def pass_(self) -> None:
        if self.auction_target is None:
            super().pass_()
            return
        self.pass_auction(self.current_entity())
        self.resolve_bids()

    def process_bid(self, action: Action) -> None:
        bid = self.make_bid(action)
        if self.auction_target is not None:
            if bid.target is not self.auction_target:
                raise IllegalAction(f"{self.auction_target.name} is up for auction")
            self.check_bid(bid)
            self.add_bid(bid)
            return
        if not self.can_bid_any(bid.entity):
            raise IllegalAction(f"{bid.entity.name} cannot start an auction now")
        if not any(c is bid.target for c in self.biddable_corporations(bid.entity)):
            raise IllegalAction(f"{bid.target.name} cannot be started now")
        self.check_bid(bid)
        self.selection_bid(bid)

    def add_bid(self, bid: AuctionBid) -> None:
        game = self.game
        fmt = game.format_currency
        if self.auction_target is not None:
            game.log(f"{bid.entity.name} bids {fmt(bid.price)} for {bid.target.name}")
        else:
            game.log(f"{bid.entity.name} auctions {bid.target.name} for {fmt(bid.price)}")
            if game.rules.home_token_timing == "par" and not getattr(bid.target, "is_company", False):
                game.track_rules.place_home_token(bid.target)
        super().add_bid(bid)
        self.resolve_bids()

    def win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        if winner is None:
            return
        self.win_corporation_bid(winner)
        self.auction_target = None
        self.round.goto_entity(winner.entity)
        # The win is the winner's purchase this turn, and ends it.
        corporation = winner.target
        par = Par(entity=winner.entity.id, corporation=corporation.id,
                  share_price=corporation.share_price.id if corporation.share_price is not None else "")
        self.track_action(par, winner.entity, corporation)
        self.pass_()


__all__ = ["BuySellParSharesViaBid"]
