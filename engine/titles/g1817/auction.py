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
        self.tiered = False
        self.tiers: list[list[Any]] = []
        self.last_auction_winner: Any = None
        self.setup_auction()

    def description(self) -> str:
        return "Bid on Companies"

    def setup(self) -> None:
        self.setup_auction()
        game = self.game
        self.companies = [c for c in game.companies if not c.closed]
        self.tiered = bool(getattr(game, "volatility", False))
        seed_money = getattr(game, "SEED_MONEY", 0)
        self.seed_money = None if self.tiered or seed_money is None else int(seed_money)
        self.last_auction_winner = None
        self.setup_tiers()

    def setup_tiers(self) -> None:
        """The volatility expansion's pyramid: six rows of 1 to 6 companies, drawn at random with the city-tile
        company on top; a company may be bid on only in the bottom row."""
        if not self.tiered:
            self.tiers = [list(self.companies)]
            return
        pittsburgh = self.game.pittsburgh_private  # type: ignore[attr-defined]
        drawn = [c for c in self.game.rng.shuffle(list(self.companies)) if c is not pittsburgh]
        drawn.insert(0, pittsburgh)
        self.tiers = []
        for size in range(1, 7):
            self.tiers.append(drawn[:size])
            drawn = drawn[size:]

    def may_bid(self, target: Any) -> bool:
        return target is not None and bool(self.tiers) and any(target is c for c in self.tiers[-1])

    # --- queries ---------------------------------------------------------------------------------------
    def available(self) -> list[Any]:
        return self.companies

    def actions(self, entity: Any) -> list[str]:
        if not self.companies or entity is not self.current_entity():
            return []
        if self.tiered and self.auction_target is None:
            return ["bid"]
        return list(self.ACTIONS)

    def active_entities(self) -> list[Any]:
        target = self.auction_target
        if target is not None and self.highest_bid(target) is not None:
            return self.next_bidder_after_high_bid()
        return super().active_entities()

    def may_purchase(self, company: Any) -> bool:
        return False

    def starting_bid(self, company: Any) -> int:
        if self.tiered:
            return 0
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
        if bid.target not in self.companies or (self.auction_target is None and not self.may_bid(bid.target)):
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
        self.last_auction_winner = player
        self.company_auction_finished(company)
        message = f"{player.name} wins the auction for {company.name} with a bid of {game.format_currency(price)}"
        if self.seed_money is not None and seed > 0:
            message += (f" spending {game.format_currency(seed)} seed money, "
                        f"{game.format_currency(self.seed_money)} seed money remains")
        game.log(message)

    def company_auction_finished(self, company: Any) -> None:
        """The company leaves its row; in the pyramid its slot empties, and a neighbour left alone between
        empty slots (or the edge) is removed from the game."""
        self.companies = [c for c in self.companies if c is not company]
        if not self.tiered:
            self.tiers[0] = [c for c in self.tiers[0] if c is not company]
            return
        for row in self.tiers:
            if not any(c is company for c in row):
                continue
            index = next(i for i, c in enumerate(row) if c is company)
            row[index] = None
            if self.in_slot(row, index - 1) and not self.in_slot(row, index - 2):
                self.remove_from_slot(row, index - 1)
            if self.in_slot(row, index + 1) and not self.in_slot(row, index + 2):
                self.remove_from_slot(row, index + 1)
            if all(c is None for c in row):
                self.tiers.remove(row)
            break

    @staticmethod
    def in_slot(row: list[Any], index: int) -> bool:
        return 0 <= index < len(row) and row[index] is not None

    def remove_from_slot(self, row: list[Any], index: int) -> None:
        company = row[index]
        company.close()
        self.companies = [c for c in self.companies if c is not company]
        self.game.log(f"{company.name} removed")
        row[index] = None

    def resolve_bids(self) -> None:
        super().resolve_bids()
        for player in self.entities:
            player.unpass()
        start = self.last_auction_winner if self.tiered and self.last_auction_winner is not None \
            else self.auction_triggerer
        if start is not None:
            self.round.goto_entity(start)
            self.next_entity()

    def all_passed(self) -> None:
        for company in list(self.companies):
            company.close()
        self.companies = []
        self.round.next_entity_index()
        self.pass_()


__all__ = ["SeedMoneyAuction"]
