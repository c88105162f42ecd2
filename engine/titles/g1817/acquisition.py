"""1817's acquisition round: the floated corporations, from the lowest price up, are in turn

* **offered** (a normal price): its president may put it up for sale (``assign``) or decline (``pass``);
* **offered for acquisition** (an acquisition cell): auctioned at once;
* **liquidated** (the liquidation cell): its cash and loans are set aside and it is auctioned; when nobody bids
  the bank takes it for nothing (its tokens are removed).

The auction starts with the player left of the president; a bid is made by a player for a corporation they
preside (the buyer), in multiples of $10, up to what the buyer could pay (its cash and loans, plus the acquired
corporation's cash and treasury compensation, less its loans).  The winner names the buyer (``merge``); the buyer
receives the assets (cash, companies, loans, trains, tokens), takes the loans it must to pay the bid, may take or
repay more, and the acquired corporation's loans left unpaid move the buyer's price left.  The bid (or what is
left of a liquidated corporation's cash after its loans) is shared among the shareholders, and the acquired
corporation is reset to be started again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.rounds.interlude import InterludeRound
from engine.steps.auction import AuctionBid
from engine.steps.passable_auction import PassableAuction
from engine.titles.g1817.assets import absorb_assets
from engine.titles.g1817.volatility import golden_parachute

if TYPE_CHECKING:
    from engine.actions import Action


class AcquisitionRound(InterludeRound):
    """The players who preside a corporation; the corporations on offer, lowest price first."""

    NAME: ClassVar[str] = "Acquisition"
    SHORT_NAME: ClassVar[str] = "AR"

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self.offering: list[Any] = []
        self.cash_crisis_player: Any = None
        super().__init__(game, steps, round_num)

    def select_entities(self) -> list[Any]:
        floated = [c for c in self.game.corporations if c.floated]
        self.offering = list(reversed(sorted(floated, key=lambda c: c.sort_order_key())))
        return [p for p in self.game.players if any(c.owner is p for c in self.game.corporations)]

    def after_process(self, action: Action) -> None:
        return None

    def next_entity(self) -> None:
        return None


def presidencies(game: Any, player: Any) -> list[Any]:
    return [c for c in game.corporations if c.owner is player and c.floated]


class Acquire(PassableAuction):
    ACTIONS: ClassVar[tuple[str, ...]] = ("assign", "bid", "merge", "take_loan", "payoff_loan", "pass")
    NAME: ClassVar[str] = "Acquire"
    #: as the reference, a player out of turn may pass on the corporation auctioned (its actions are offered to
    #: anyone while auctioning)
    TAKES_FROM_ANYONE: ClassVar[tuple[str, ...]] = ("pass",)

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.offer: Any = None
        self.winner: AuctionBid | None = None
        self.buyer: Any = None
        self.mode: str | None = None
        self.unpaid_loans = 0
        self.liquidation_cash = 0
        self.liquidation_loans: list[Any] = []
        self.shareholder_cash = 0
        self.passed_take_loans = False
        self.passed_payoff_loans = False
        self.setup_auction_only()

    def round_state(self) -> dict[str, Any]:
        return {"acquired": []}

    def description(self) -> str:
        return "Acquire Corporations"

    # --- merger-pass programs (engine/programs.py) ---------------------------------------------------------------
    def merger_auto_pass_entity(self) -> Any:
        """The corporation a merger-pass program may pass for: the one its president may offer for sale."""
        return self.offer

    def others_acted(self) -> bool:
        return bool(getattr(self.round, "acquired", None))

    def setup_auction_only(self) -> None:
        PassableAuction.setup_auction(self)

    def setup(self) -> None:
        self.setup_auction()

    # --- who acts ---------------------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return []
        if self.offer is not None:
            return ["assign", "pass"]
        if self.auction_target is not None:
            return ["bid", "pass"]
        if self.can_take_loan(entity):
            return ["take_loan", "pass"]
        if self.can_payoff(entity):
            return ["payoff_loan", "pass"]
        if self.winner is not None and self.winner.entity is entity:
            return ["merge"]
        return []

    def active_entities(self) -> list[Any]:
        # A cash crisis just resolved (a bankruptcy) may have put the corporation on offer into liquidation: it
        # is no longer auctioned (as the reference checks when asked who acts).
        auctioning = self.offer or self.buyer or self.auction_target or (self.winner.target if self.winner else None)
        if self.buyer is None and auctioning is not None and auctioning.share_price is not None \
                and self.entered_acquisition_this_round(auctioning):
            self.game.log(f"{auctioning.name} is no longer eligible to be auctioned")
            offering = self.round.offering  # type: ignore[attr-defined]
            if auctioning in offering:
                offering.remove(auctioning)
            self.offer = None
            self.setup_auction()
        if self.offer is not None:
            return [self.offer.owner]
        target = self.auction_target
        if target is not None:
            if self.highest_bid(target) is not None:
                return self.next_bidder_after_high_bid()
            owner = target.owner
            if owner is self.game.share_pool:
                owner = self.game.owner_when_liquidated.get(target)  # type: ignore[attr-defined]
            players = list(self.game.players)
            start = (players.index(owner) + 1) % len(players)
            for player in players[start:] + players[:start]:
                if any(p is player for p in self.active_bidders):
                    if player.bankrupt:
                        # A bankrupt player's turn passes at once (as the reference does, when asked who acts).
                        self.pass_auction(player)
                        return self.active_entities()
                    return [player]
            return []
        if self.buyer is not None:
            return [self.buyer]
        if self.winner is not None:
            return [self.winner.entity]
        return []

    def initial_auction_entities(self) -> list[Any]:
        return list(self.round.entities)

    def can_take_loan(self, entity: Any) -> bool:
        return bool(entity is self.buyer and self.game.loan_rules.can_take(entity) and not self.passed_take_loans)

    def can_payoff(self, entity: Any) -> bool:
        loans = self.game.loan_rules
        return bool(entity is self.buyer and self.unpaid_loans > 0 and self.buyer.cash >= loans.LOAN_VALUE
                    and not self.passed_payoff_loans)

    # --- prices -------------------------------------------------------------------------------------------
    def treasury_share_compensation(self, corporation: Any) -> int:
        if self.mode != "offered":
            return 0
        shares: int = corporation.num_shares_of(corporation)
        price: int = corporation.share_price.price
        return shares * price

    def starting_bid(self, corporation: Any) -> int:
        if corporation.share_price.type in ("liquidation", "acquisition"):
            return 10
        total: int = corporation.total_shares * corporation.share_price.price
        return -(-total // 10) * 10

    def min_bid(self, target: Any) -> int | None:
        high = self.highest_bid(target)
        return high.price + 10 if high is not None else self.starting_bid(target)

    def min_increment(self) -> int:
        return 10

    def must_bid_increment_multiple(self) -> bool:
        return False

    def can_acquire(self, corporation: Any, buyer: Any) -> bool:
        price = buyer.share_price
        return bool(buyer.floated and price is not None and price.type not in ("liquidation", "acquisition")
                    and buyer is not corporation)

    def max_bid_for_corporation(self, buyer: Any, acquired: Any) -> int:
        loans = self.game.loan_rules
        payoff = len(acquired.loans) * loans.LOAN_VALUE
        power = self.game.corporation_rules.buying_power(buyer, extra_loans=len(acquired.loans))
        return int(power + acquired.cash + self.treasury_share_compensation(acquired) - payoff)

    def max_bid(self, player: Any, target: Any) -> int:
        corps = [c for c in presidencies(self.game, player) if self.can_acquire(target, c)]
        bid = max((self.max_bid_for_corporation(c, target) for c in corps), default=0)
        if target.owner is player:
            return min(bid, int(self.min_bid(target) or 0))
        return bid

    def mergeable_by_entity(self, player: Any, corporation: Any, bid: int) -> list[Any]:
        return [c for c in presidencies(self.game, player)
                if self.max_bid_for_corporation(c, corporation) >= bid and self.can_acquire(corporation, c)]

    def mergeable(self, corporation: Any) -> list[Any]:
        if self.offer is not None or self.buyer is not None:
            return []
        if self.winner is None:
            return self.mergeable_by_entity(self.current_entity(), corporation, int(self.min_bid(corporation) or 0))
        return self.mergeable_by_entity(self.winner.entity, corporation, self.winner.price)

    # --- processing -------------------------------------------------------------------------------------------
    def process_assign(self, action: Action) -> None:
        game = self.game
        corporation = game.corporation_by_id(getattr(action, "target", None))
        if self.mode != "offered" or corporation is not self.offer:
            raise IllegalAction(f"Can only offer up {self.offer.name if self.offer is not None else 'nothing'}")
        game.log(f"{corporation.name} is offered at auction, buying corporation will receive "
                 f"{game.format_currency(self.treasury_share_compensation(corporation))} for treasury shares")
        self.offer = None
        self.auction_entity(corporation)

    def process_bid(self, action: Action) -> None:
        bid = self.make_bid(action)
        if bid.price % 10:
            raise IllegalAction(f"Bid {bid.price} is not a multple of 10")
        if bid.target is not self.auction_target:
            raise IllegalAction(f"{bid.target.name} is not up for auction")
        self.check_bid(bid)
        self.game.log(f"{bid.entity.name} bids {self.game.format_currency(bid.price)} for {bid.target.name}")
        self.add_bid(bid)
        self.resolve_bids()

    def process_pass(self, action: Action) -> None:
        game = self.game
        if self.offer is not None:
            game.log(f"{self.offer.owner.name} declines to put {self.offer.name} up for sale")
            self.round.offering.remove(self.offer)  # type: ignore[attr-defined]
            self.offer = None
            self.setup_auction()
        elif self.buyer is not None and self.can_take_loan(self.buyer):
            self.passed_take_loans = True
            game.log(f"{self.buyer.name} passes taking additional loans")
            self.acquire_post_loan()
        elif self.buyer is not None:
            self.passed_payoff_loans = True
            game.log(f"{self.buyer.name} passes paying off additional loans")
            self.acquire_post_loan()
        else:
            self.pass_auction(game.resolve_entity(action))

    def process_take_loan(self, action: Action) -> None:
        corporation = self.game.resolve_entity(action)
        if not self.can_take_loan(corporation):
            raise IllegalAction(f"{corporation.name} cannot take a loan now")
        self.game.loan_rules.take(corporation)
        if not self.can_take_loan(corporation):
            self.acquire_post_loan()

    def process_payoff_loan(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        if not self.can_payoff(entity):
            raise IllegalAction(f"{entity.name} cannot pay off a loan now")
        LoanRulesRepay.repay_without_price(self.game, entity)
        self.unpaid_loans -= 1
        self.passed_take_loans = True
        if not self.can_payoff(entity):
            self.acquire_post_loan()

    def process_merge(self, action: Action) -> None:
        self.process_acquire(self.game.corporation_by_id(getattr(action, "corporation", None)))

    def win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        if winner is None:
            return
        self.game.log(f"{winner.entity.name} wins the auction of {winner.target.name} for "
                      f"{self.game.format_currency(winner.price)}")
        self.winner = winner

    def post_win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        game = self.game
        if winner is not None:
            candidates = self.mergeable(winner.target)
            if len(candidates) == 1:
                self.process_acquire(candidates[0])
            return
        if self.mode == "acquisition":
            game.log(f"All players pass on {target.name}, not acquired")
        elif self.mode == "liquidate":
            self.process_bank_liquidate(target)
        elif self.mode == "offered":
            game.log(f"All players pass on {target.name}, not sold")
        if target in self.round.offering:  # type: ignore[attr-defined]
            self.round.offering.remove(target)  # type: ignore[attr-defined]
        self.setup_auction()

    def process_bank_liquidate(self, corporation: Any) -> None:
        golden_parachute(self.game, corporation, None)
        hexes = []
        for token in list(corporation.tokens):
            hexes.append(token.city.hex.id if token.city is not None else None)
            token.remove()
        # no graph clear, as the reference: routes computed before keep seeing the removed tokens (18USA playout 5112)
        listed = "[" + ", ".join(f'"{h}"' for h in hexes if h is not None) + "]"
        self.game.log(f"Bank liquidates {corporation.name} for $0, removing tokens ({len(hexes)}: hexes {listed})")
        self.settle_president(corporation)

    def process_acquire(self, buyer: Any) -> None:
        game = self.game
        winner = self.winner
        assert winner is not None
        acquired = winner.target
        if buyer is None or buyer not in self.mergeable(acquired):
            raise IllegalAction(f"Choose a corporation to acquire {acquired.name}")
        if buyer.owner is not winner.entity:
            raise IllegalAction(f"Target corporation must be owned by {winner.entity.name}")
        self.buyer = buyer
        receiving: list[str] = []
        golden_parachute(game, acquired, buyer)
        if self.mode == "offered":
            compensation = self.treasury_share_compensation(acquired)
            if compensation > 0:
                game.bank.spend(compensation, acquired)
        if acquired.cash > 0:
            receiving.append(game.format_currency(acquired.cash))
            acquired.spend(acquired.cash, buyer)
        if acquired.share_price.type == "liquidation":
            self.liquidation_cash += winner.price
        self.shareholder_cash = winner.price
        self.unpaid_loans, _ = absorb_assets(game, buyer, acquired, receiving)
        game.log(f"{buyer.name} acquires {acquired.name} receiving {', '.join(receiving)}")
        loan_rules = game.loan_rules
        while buyer.cash < winner.price:
            loan_rules.take(buyer)
        buyer.spend(winner.price, game.bank)
        self.passed_take_loans = False
        self.passed_payoff_loans = False
        self.acquire_post_loan()

    def acquire_post_loan(self) -> None:
        game = self.game
        buyer = self.buyer
        if self.can_take_loan(buyer):
            return
        assert self.winner is not None
        acquired = self.winner.target
        loans = game.loan_rules
        while len(buyer.loans) > loans.max_loans(buyer):
            loan = buyer.loans[-1]
            game.log(f"{buyer.name} pays off {acquired.name} loan for {game.format_currency(loan.amount)}")
            buyer.spend(loan.amount, game.bank)
            buyer.loans.remove(loan)
            loan.owner = None
            loans.pool.append(loan)
            self.unpaid_loans -= 1
        if self.can_payoff(buyer):
            game.log(f"{acquired.name} has {self.unpaid_loans} outstanding loan, if unpaid will reduce {buyer.name} "
                     "share price")
            return
        if self.unpaid_loans > 0:
            old = buyer.share_price
            steps = int(getattr(loans, "PRICE_STEPS", 1))  # as a loan taken moves the price
            for _ in range(self.unpaid_loans * steps):
                game.stock_market.move_left(buyer)
            game.share_rules.log_share_price(buyer, old)
            offering = self.round.offering  # type: ignore[attr-defined]
            if buyer.share_price.type == "acquisition" and buyer in offering:
                game.log(f"{buyer.name} falls into acquisition and will not be offered for sale this round")
                offering.remove(buyer)
        self.settle_president(acquired)

    def settle_president(self, acquired: Any) -> None:
        game = self.game
        if acquired.share_price.type == "liquidation":
            president = acquired.owner
            loans = game.loan_rules
            loan_value = len(self.liquidation_loans) * loans.LOAN_VALUE
            debt = max(0, loan_value - self.liquidation_cash)
            for loan in self.liquidation_loans:
                loan.owner = None
                loans.pool.append(loan)
            self.liquidation_loans = []
            if debt > 0:
                if president is not game.share_pool:
                    game.log(f"{president.name} settles {acquired.name} debts for {game.format_currency(debt)}")
                    president.spend(debt, game.bank, check_cash=False)
                self.shareholder_cash = 0
            elif loan_value > 0:
                if president is not game.share_pool and self.buyer is not None:
                    game.log(f"{self.buyer.name} settles {acquired.name} loans for {game.format_currency(loan_value)}")
                self.shareholder_cash = self.liquidation_cash - loan_value
            else:
                self.shareholder_cash = self.liquidation_cash
        self.settle_shareholders(acquired)

    def settle_shareholders(self, acquired: Any) -> None:
        game = self.game
        if self.shareholder_cash > 0:
            per_share = self.shareholder_cash // acquired.total_shares
            for player in game.players:
                amount = int(player.num_shares_of(acquired)) * per_share
                if amount:
                    game.bank.spend(amount, player, check_positive=False)
            game.log(f"{acquired.name} settles with shareholders {game.format_currency(self.shareholder_cash)} = "
                     f"{game.format_currency(per_share)}")
        self.finalize_acquisition(acquired)

    def finalize_acquisition(self, acquired: Any) -> None:
        game = self.game
        owner = acquired.owner
        if owner is game.share_pool:
            owner = game.owner_when_liquidated.get(acquired)  # type: ignore[attr-defined]
        self.round.cash_crisis_player = owner  # type: ignore[attr-defined]
        game.reset_1817_corporation(acquired)  # type: ignore[attr-defined]
        self.shareholder_cash = 0
        self.buyer = None
        if self.winner is None:
            return
        offering = self.round.offering  # type: ignore[attr-defined]
        if acquired in offering:
            offering.remove(acquired)
        self.winner = None
        self.round.acquired.append(acquired)  # type: ignore[attr-defined]
        self.setup_auction()

    # --- the next corporation on offer ----------------------------------------------------------------------
    def entered_acquisition_this_round(self, corporation: Any) -> bool:
        kind = corporation.share_price.type
        start = self.game.stock_prices_start_merger.get(corporation)  # type: ignore[attr-defined]
        return kind in ("acquisition", "liquidation") and (start is None or kind != start.type)

    def setup_auction(self) -> None:
        PassableAuction.setup_auction(self)
        offering = getattr(self.round, "offering", [])
        if not offering:
            self.pass_()
            return
        game = self.game
        corporation = offering[0]
        self.liquidation_cash = 0
        self.liquidation_loans = []
        kind = corporation.share_price.type
        if self.entered_acquisition_this_round(corporation):
            what = "liquidation" if kind == "liquidation" else "acquisition"
            game.log(f"{corporation.name} moved into {what} during M&A and so is skipped")
            offering.remove(corporation)
            self.setup_auction()
        elif kind == "liquidation":
            self.liquidation_cash = int(corporation.cash)
            self.liquidation_loans = list(corporation.loans)
            if corporation.cash > 0:
                corporation.spend(corporation.cash, game.bank)
            corporation.loans.clear()
            game.log(f"{corporation.name} is being liquidated, bank offers $0, corporation had "
                     f"{game.format_currency(self.liquidation_cash)} and {len(self.liquidation_loans)} loans")
            self.mode = "liquidate"
            self.auction_entity(corporation)
        elif kind == "acquisition":
            game.log(f"{corporation.name} offered for acquisition")
            self.mode = "acquisition"
            self.auction_entity(corporation)
        else:
            self.mode = "offered"
            low = self.starting_bid(corporation)
            if any(self.max_bid(p, corporation) >= low for p in self.round.entities):
                game.log(f"{corporation.name} may be offered for sale for {game.format_currency(low)}")
                self.offer = corporation
            else:
                game.log(f"{corporation.name} cannot be bought at {game.format_currency(low)}, skipping")
                offering.remove(corporation)
                self.setup_auction()


class LoanRulesRepay:
    """Repaying an acquired corporation's loan does not move the buyer's price."""

    @staticmethod
    def repay_without_price(game: Any, corporation: Any) -> None:
        loans = game.loan_rules
        loan = corporation.loans[-1]
        game.log(f"{corporation.name} pays off a loan for {game.format_currency(loan.amount)}")
        corporation.spend(loan.amount, game.bank)
        corporation.loans.remove(loan)
        loan.owner = None
        loans.pool.append(loan)


__all__ = ["Acquire", "AcquisitionRound"]
