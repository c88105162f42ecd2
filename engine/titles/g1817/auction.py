"""1817's private auction: a player opens the bidding on any company they choose (or passes); the others bid in
turn or pass out of it; the bank's seed money makes up what a winning bid falls short of the company's value
while it lasts (so an opening bid may start at the value less the seed money left).  When every player passes
in a row without opening, the companies left are removed and the auction ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.auction import AuctionBid
from engine.steps.passable_auction import PassableAuction

if TYPE_CHECKING:
    from engine.actions import Action


class SeedMoneyAuction(PassableAuction):
    """The selection auction with seed money (the reference engine's 1817 ``SelectionAuction`` without the
    volatility expansion's tiers)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "pass")
    NAME: ClassVar[str] = "SelectionAuction"

    companies: list[Any]
    seed_money: int | None

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.companies = []
        self.seed_money = None
        self.setup_auction()

    def description(self) -> str:
        return "Bid on Companies"

    def setup(self) -> None:
        self.setup_auction()
        self.companies = [c for c in self.game.companies if not c.closed]
        self.seed_money = int(getattr(self.game, "SEED_MONEY", 0))

    # --- queries ---------------------------------------------------------------------------------------
    def available(self) -> list[Any]:
        return self.companies

    def actions(self, entity: Any) -> list[str]:
        if not self.companies or entity is not self.current_entity():
            return []
        return list(self.ACTIONS)

    def active_entities(self) -> list[Any]:
        target = self.auction_target
        if target is not None and self.highest_bid(target) is not None:
            return self.next_bidder_after_high_bid()
        return super().active_entities()

    def may_purchase(self, company: Any) -> bool:
        return False

    def starting_bid(self, company: Any) -> int:
        return max(0, int(company.value) - int(self.seed_money or 0))

    def min_bid(self, target: Any) -> int | None:
        if target is None:
            return None
        high = self.highest_bid(target)
        if high is None:
            return self.starting_bid(target)
        return high.price + self.min_increment()

    def max_bid(self, player: Any, target: Any) -> int:
        return int(player.cash)

    def seed_money_provided(self, company: Any, price: int) -> int:
        return max(0, int(company.value) - price)

    # --- processing -------------------------------------------------------------------------------------
    def process_bid(self, action: Action) -> None:
        bid = self.make_bid(action)
        if bid.target not in self.companies:
            raise IllegalAction(f"{bid.target.name} is not up for auction")
        if self.auction_target is not None and bid.target is not self.auction_target:
            raise IllegalAction(f"{self.auction_target.name} is up for auction")
        self.check_bid(bid)
        bid.entity.unpass()
        if self.auction_target is not None:
            self.add_bid(bid)
        else:
            self.selection_bid(bid)
            if self.auction_target is not None:
                self.next_entity()

    def process_pass(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        if self.auction_target is not None:
            self.pass_auction(player)
            self.resolve_bids()
            return
        self.game.log(f"{player.name} passes bidding")
        player.pass_()
        if all(p.passed for p in self.entities):
            self.all_passed()
            return
        self.next_entity()

    def next_entity(self) -> None:
        entities = self.entities
        for _ in range(len(entities)):
            self.round.next_entity_index()
            if not entities[self.round.entity_index].passed:
                return

    def add_bid(self, bid: AuctionBid) -> None:
        super().add_bid(bid)
        company = bid.target
        self.game.log(f"{bid.entity.name} bids {self.game.format_currency(bid.price)} for {company.name}, bank will "
                      f"provide {self.game.format_currency(self.seed_money_provided(company, bid.price))}")

    def win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        if winner is None:
            return
        game = self.game
        player, company, price = winner.entity, winner.target, winner.price
        company.owner = player
        player.companies.append(company)
        seed = self.seed_money_provided(company, price)
        if self.seed_money is not None and seed > 0:
            self.seed_money -= seed
        if price > 0:
            player.spend(price, game.bank)
        self.companies = [c for c in self.companies if c is not company]
        message = f"{player.name} wins the auction for {company.name} with a bid of {game.format_currency(price)}"
        if self.seed_money is not None and seed > 0:
            message += (f" spending {game.format_currency(seed)} seed money, "
                        f"{game.format_currency(self.seed_money)} seed money remains")
        game.log(message)

    def resolve_bids(self) -> None:
        super().resolve_bids()
        for player in self.entities:
            player.unpass()
        if self.auction_triggerer is not None:
            self.round.goto_entity(self.auction_triggerer)
            self.next_entity()

    def all_passed(self) -> None:
        for company in list(self.companies):
            company.close()
        self.companies = []
        self.round.next_entity_index()
        self.pass_()


__all__ = ["SeedMoneyAuction"]
