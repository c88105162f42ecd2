"""A stock-round turn with bid boxes: bids that stay on the table until the round ends (the 1822 family).

The items in the bid boxes (minors' certificates, concessions, private companies: the title says which,
``box_items``) take bids during the whole stock round.  A bid is never resolved at once: it stands, possibly
outbid, until the round's end, when the title settles every box (each item goes to its highest bidder).  On
their turn a player may place up to ``BIDS_PER_TURN`` bids (placing the last one ends the turn), or buy/par
shares as usual (not both); selling is always allowed.  What ties up a player's cash is only the bids they are
winning; a player may hold bids on at most ``bidding_tokens`` items at a time, and winning bids count towards
the certificate limit.  A player in debt (``engine/services/player_debt.py``) neither bids nor buys: they may pay
their debt back, in full or in part.

Title hooks (methods of this step a title's subclass overrides): ``box_items`` (the items up for bids now),
``opening_bid`` (the least first bid on an item), ``bidding_tokens`` (how many items a player may bid on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.auction import AuctionBid, Auctioner
from engine.steps.shares import BuySellParShares

if TYPE_CHECKING:
    from engine.actions import Action


class BidBoxShares(BuySellParShares, Auctioner):
    """Bid on the bid boxes, or buy/sell/par shares."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_shares", "par", "sell_shares", "bid", "payoff_player_debt",
                                          "payoff_player_debt_partial", "pass")
    NAME: ClassVar[str] = "BuySellParShares"
    #: placing this many bids in one turn ends the turn
    BIDS_PER_TURN: ClassVar[int] = 3
    #: how many items a player may have bids on at one time
    BIDDING_TOKENS: ClassVar[int] = 3

    def round_state(self) -> dict[str, Any]:
        state = super().round_state()
        # item -> its standing bids, in the order they were made (lives as long as the round)
        state["box_bids"] = {}
        return state

    def setup(self) -> None:
        self.bids = self.round.box_bids  # type: ignore[attr-defined]
        self.bid_actions = 0
        super().setup()

    # --- title hooks ------------------------------------------------------------------------------------------
    def box_items(self) -> list[Any]:
        """The items up for bids now, box by box."""
        return []

    def opening_bid(self, target: Any) -> int:
        """The least first bid on ``target``."""
        return int(target.min_bid)

    def bidding_tokens(self) -> int:
        """How many items a player may have bids on at once."""
        return self.BIDDING_TOKENS

    def may_trade_shares(self, entity: Any) -> bool:
        """May ``entity`` buy or par shares now (besides having placed no bid this turn)?"""
        return not getattr(entity, "debt", 0)

    # --- queries ------------------------------------------------------------------------------------------------
    def description(self) -> str:
        return "Bid, convert concession or buy/sell shares"

    def pass_description(self) -> str:
        return "Pass (Bids)" if self.bid_actions else "Pass"

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        can_sell = self.can_sell_any(entity)
        if can_sell and self.must_sell(entity, can_sell_any=True):
            return ["sell_shares"]
        found: list[str] = []
        trade = self.bid_actions == 0 and self.may_trade_shares(entity)
        if trade and self.can_buy_any(entity):
            found.append("buy_shares")
        if trade and self.can_ipo_any(entity):
            found.append("par")
        if can_sell:
            found.append("sell_shares")
        if self.may_trade_shares(entity):
            found.append("bid")
        if getattr(entity, "debt", 0) > 0 and entity.cash > 0:
            found.extend(("payoff_player_debt", "payoff_player_debt_partial"))
        if found:
            found.append("pass")
        return found

    def min_bid(self, target: Any) -> int | None:
        if target is None:
            return None
        high = self.highest_bid(target)
        return high.price + self.min_increment() if high is not None else self.opening_bid(target)

    def committed_cash(self, player: Any, show_hidden: bool = False) -> int:
        """The cash ``player``'s winning bids tie up."""
        return sum(bid.price for bid in self.winning_bids(player))

    def max_bid(self, player: Any, target: Any = None) -> int:
        return int(player.cash) - self.committed_cash(player)

    def available_cash(self, entity: Any) -> int:
        return int(entity.cash) - self.committed_cash(entity)

    def winning_bids(self, player: Any) -> list[AuctionBid]:
        """The bids ``player`` is winning now, in the order of the items' first bids."""
        found = []
        for target in self.bids:
            high = self.highest_bid(target)
            if high is not None and high.entity is player:
                found.append(high)
        return found

    def bid_items_of(self, player: Any) -> list[Any]:
        """The items ``player`` has a bid on (winning or not)."""
        return [target for target, bids in self.bids.items() if any(b.entity is player for b in bids)]

    def tokens_left(self, player: Any) -> int:
        return self.bidding_tokens() - len(self.bid_items_of(player))

    def certs_with_bids(self, player: Any) -> int:
        """``player``'s certificates, counting each winning bid as one."""
        return int(self.game.corporation_rules.num_certs(player)) + len(self.winning_bids(player))

    def can_bid_on(self, player: Any, target: Any) -> bool:
        """May ``player`` bid on ``target`` now (ignoring the amount)?"""
        if not any(item is target for item in self.box_items()):
            return False
        if self.certs_with_bids(player) >= self.game.cert_limit:
            return False
        low = self.min_bid(target)
        if low is None or self.max_bid(player, target) < low:
            return False
        high = self.highest_bid(target)
        if high is not None and high.entity is player:
            return False
        has_bid = any(b.entity is player for b in self.bids.get(target, ()))
        return has_bid or self.tokens_left(player) > 0

    def active_auction(self) -> tuple[Any, list[AuctionBid]] | None:
        return None

    def resolve_bids(self) -> None:
        """Bids are settled by the title at the round's end."""

    # --- processing ---------------------------------------------------------------------------------------------
    def process_bid(self, action: Action) -> None:
        bid = self.make_bid(action)
        player = bid.entity
        if "bid" not in self.actions(player):
            raise IllegalAction(f"{player.name} cannot bid now")
        if not self.can_bid_on(player, bid.target):
            raise IllegalAction(f"{player.name} cannot bid on {bid.target.name}")
        self.check_bid(bid)
        self.on_bid(bid)
        player.unpass()
        self.add_bid(bid)
        self.track_action(action, player, bid.target)
        self.game.log(f"{player.name} bids {self.game.format_currency(bid.price)} for {bid.target.name}")
        self.bid_actions += 1
        if self.bid_actions >= self.BIDS_PER_TURN:
            self.log_pass(player)
            self.pass_()

    # --- player debt --------------------------------------------------------------------------------------------
    def process_payoff_player_debt(self, action: Action) -> None:
        self._payoff(action, None)

    def process_payoff_player_debt_partial(self, action: Action) -> None:
        amount = getattr(action, "amount", None)
        if not isinstance(amount, int) or amount <= 0:
            raise IllegalAction("a partial payoff needs a positive amount")
        self._payoff(action, amount)

    def _payoff(self, action: Action, amount: int | None) -> None:
        from engine.services.player_debt import payoff_player_loan

        player = self.game.resolve_entity(action)
        if "payoff_player_debt" not in self.actions(player):
            raise IllegalAction(f"{player.name} has no debt to pay now")
        payoff_player_loan(self.game, player, amount)
        self.round.last_to_act = player
        self.turn_actions.append(action)

    def on_bid(self, bid: AuctionBid) -> None:
        """What placing ``bid`` does besides standing (title hook)."""

    def log_pass(self, entity: Any) -> None:
        if not self.turn_actions:
            self.game.log(f"{entity.name} passes")


__all__ = ["BidBoxShares"]
