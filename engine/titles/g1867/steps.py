"""1867's own steps: the private auction (one company at a time, cheapest first, a falling price when nobody
bids) and the stock round's corporation auctions (minors by bid, majors by par)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.auction import AuctionBid
from engine.steps.passable_auction import PassableAuction
from engine.steps.shares_via_bid import BuySellParSharesViaBid

if TYPE_CHECKING:
    from engine.actions import Action


class SingleItemAuction(PassableAuction):
    """The private auction: the cheapest company is up for auction; when every bidder declines, its price falls
    by $5 at a time (a Dutch auction) until someone buys it."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "pass")
    NAME: ClassVar[str] = "SingleItemAuction"

    companies: list[Any]

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.companies = []
        self.dutch_mode = False
        self.declined_bids: list[Any] = []
        self.setup_auction()

    def description(self) -> str:
        return "Bid on Companies"

    def setup(self) -> None:
        self.setup_auction()
        game = self.game
        hidden = getattr(game, "HIDDEN_COMPANY", None)
        companies = [c for c in game.companies
                     if c.id != hidden and not (c.owner is not None and c.owner.is_player)]
        self.companies = sorted(companies, key=lambda c: c.value)
        if self.companies:
            self.offer(self.companies[0])

    # --- queries ---------------------------------------------------------------------------------------
    def available(self) -> list[Any]:
        return self.companies

    def active_auction(self) -> tuple[Any, list[AuctionBid]] | None:
        target = self.auction_target
        return (target, self.bids.get(target, [])) if target is not None else None

    def actions(self, entity: Any) -> list[str]:
        if not self.companies:
            return []
        return list(self.ACTIONS) if entity is self.current_entity() else []

    def initial_auction_entities(self) -> list[Any]:
        entities = list(self.entities)
        index = self.round.entity_index
        return entities[index:] + entities[:index]

    def active_entities(self) -> list[Any]:
        target = self.auction_target
        if target is None:
            return []
        if self.highest_bid(target) is not None:
            return self.next_bidder_after_high_bid()
        waiting = [p for p in self.active_bidders if not any(p is d for d in self.declined_bids)]
        return waiting[:1]

    def may_purchase(self, company: Any) -> bool:
        return self.dutch_mode

    def min_bid(self, target: Any) -> int | None:
        if target is None:
            return None
        if self.dutch_mode or not self.bids.get(target):
            return int(target.min_bid)
        high = self.highest_bid(target)
        assert high is not None
        return high.price + self.min_increment()

    def max_bid(self, player: Any, target: Any) -> int:
        return int(player.cash)

    # --- processing -------------------------------------------------------------------------------------
    def process_bid(self, action: Action) -> None:
        bid = self.make_bid(action)
        if bid.target is not self.auction_target:
            raise IllegalAction(f"{self.auction_target.name} is up for auction")
        self.check_bid(bid)
        self.declined_bids = []
        self.add_bid(bid)

    def process_pass(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        target = self.auction_target
        if self.highest_bid(target) is not None or self.dutch_mode:
            self.pass_auction(player)
        else:
            self.game.log(f"{player.name} declined to bid on {target.name}")
            self.declined_bids.append(player)
            if len(self.declined_bids) == len(self.active_bidders):
                self.enter_dutch(target)
                self.declined_bids = []
        self.resolve_bids()

    def offer(self, company: Any) -> None:
        self.dutch_mode = False
        self.declined_bids = []
        self.game.log(f"{company.name} is up for auction, minimum bid is "
                      f"{self.game.format_currency(int(self.min_bid(company) or 0))}")
        self.auction_entity(company)

    def add_bid(self, bid: AuctionBid) -> None:
        if self.dutch_mode:
            self.active_bidders = [p for p in self.active_bidders if p is bid.entity]
        else:
            self.game.log(f"{bid.entity.name} bids {self.game.format_currency(bid.price)} for {bid.target.name}")
        super().add_bid(bid)
        self.resolve_bids()

    def enter_dutch(self, company: Any) -> None:
        tense = "bought" if self.dutch_mode else "bid on"
        company.discount += 5
        self.game.log(f"Nobody {tense} {company.name}, reducing price to "
                      f"{self.game.format_currency(int(company.min_bid))}")
        self.dutch_mode = True

    def win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        if winner is None:
            self.enter_dutch(target)
            return
        player, company, price = winner.entity, winner.target, winner.price
        company.owner = player
        player.companies.append(company)
        if price > 0:
            player.spend(price, self.game.bank)
        self.companies = [c for c in self.companies if c is not company]
        self.game.log(f"{player.name} wins the auction for {company.name} with a bid of "
                      f"{self.game.format_currency(price)}")

    def post_win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        if not self.game.players:
            return
        if winner is not None:
            self.round.goto_entity(winner.entity)
            self.round.next_entity_index()
            if self.companies:
                self.offer(self.companies[0])
            else:
                self.pass_()
            return
        self.auction_entity(target)
        if int(target.min_bid) == 0 and self.active_bidders:
            # The first bidder takes it for nothing.
            self.add_bid(AuctionBid(self.active_bidders[0], target, int(target.min_bid)))
        self.resolve_bids()


class BuySellParShares1867(BuySellParSharesViaBid):
    """Minors are auctioned (an opening bid of at least $100; the winner's bid is the minor's treasury and half
    of it, at most $135, its price); majors are parred from phase 4."""

    MIN_BID: ClassVar[int] = 100
    MAX_MINOR_PAR: ClassVar[int] = 135
    MAJOR_PHASE: ClassVar[int] = 4

    def win_corporation_bid(self, winner: AuctionBid) -> None:
        game = self.game
        player, corporation, price = winner.entity, winner.target, winner.price
        game.log(f"{player.name} wins bid on {corporation.name} for {game.format_currency(price)}")
        par_price = min(price // 2, self.MAX_MINOR_PAR)
        share_price = next(sp for sp in self.all_par_prices(corporation) if sp.price <= par_price)
        game.stock_market.set_par(corporation, share_price)
        share = corporation.ipo_shares()[0]
        # The president's certificate is paid for with the whole bid (the reference lends the player the par
        # money, buys, then moves the treasury back and the bid in).
        game.bank.spend(share_price.price * 2, player)
        self.buy_shares(player, share.to_bundle())
        self.players_bought[player][corporation] += share.percent
        game.corporation_rules.after_par(corporation)
        if corporation.cash:
            corporation.spend(corporation.cash, game.bank)
        player.spend(price, corporation)

    def can_bid_any(self, entity: Any) -> bool:
        # the first startable minor decides (the actions a player has are asked after every action)
        return bool(self.max_bid(entity) >= self.MIN_BID and not self.bought()
                    and any(self.minor_startable(entity, c) for c in self.game.corporations))

    def minor_startable(self, entity: Any, corporation: Any) -> bool:
        """Whether ``entity`` could start ``corporation`` by an auction now (False for a major); the cheap
        tests first, the purchase check last."""
        return (corporation.type == "minor" and self.game.corporation_rules.can_par(corporation, entity)
                and self.can_buy(entity, self.first_share_bundle(corporation)))

    def startable_minors(self, entity: Any) -> list[Any]:
        return [c for c in self.game.corporations if self.minor_startable(entity, c)]

    def biddable_corporations(self, entity: Any) -> list[Any]:
        # can_bid_any's own tests, then the minors it found (none: none to bid for)
        if self.max_bid(entity) < self.MIN_BID or self.bought():
            return []
        return [c for c in self.startable_minors(entity) if self.max_bid(entity, c) >= self.MIN_BID]

    def can_ipo_any(self, entity: Any) -> bool:
        game = self.game
        return (self.phase_number() >= self.MAJOR_PHASE and not self.bought()
                and any(game.corporation_rules.can_par(c, entity) and c.type == "major"
                        and self.can_buy(entity, self.first_share_bundle(c)) for c in game.corporations))

    def phase_number(self) -> int:
        name = str(self.game.phase.name)
        return int(name) if name.isdigit() else 0

    def all_par_prices(self, corporation: Any) -> list[Any]:
        types = ("par_2", "par") if corporation.type == "major" else ("par_1", "par")
        return list(self.game.stock_market.share_prices_with_types(types))

    def get_par_prices(self, entity: Any, corporation: Any = None) -> list[Any]:
        return [sp for sp in self.all_par_prices(corporation) if sp.price * 2 <= entity.cash]

    def ipo_type(self, entity: Any) -> str:
        if entity.type == "major":
            if self.phase_number() < self.MAJOR_PHASE:
                return f"Cannot start till phase {self.MAJOR_PHASE}"
            if not self.game.home_token_locations(entity):  # type: ignore[attr-defined]
                return "No home token locations are available"
            return "par"
        return "bid"


__all__ = ["BuySellParShares1867", "SingleItemAuction"]
