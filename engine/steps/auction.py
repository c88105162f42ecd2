"""Initial auctions: the 1830-style waterfall auction of private companies, and the forced par that
follows the purchase of a private carrying a president's certificate.

``Auctioner`` is the bid bookkeeping shared by auction steps (open bids per item, committed cash,
minimum and maximum bids).  ``WaterfallAuction`` sells the privates in face-value order: the player
to act buys the cheapest one outright or bids on a dearer one; bids on a private resolve as soon as
it becomes the cheapest (one bidder wins at their bid, several bidders auction it among
themselves).  ``CompanyPendingPar`` blocks the auction until the buyer of such a private (1830's
B&O) has chosen the corporation's par price.

Everything here follows the reference engine's ``waterfall_auction.rb``, ``auctioner.rb`` and
``company_pending_par.rb`` exactly (who may act, when bids resolve, how the turn moves); the only
additions are checks made *before* anything changes, so a refused action leaves the game as it was.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction, InvalidAction
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game
    from engine.model.entities import Corporation
    from engine.model.market import SharePrice


@functools.cache  # a handful of step names, asked after every action
def snake_case(name: str) -> str:
    """``"WaterfallAuction"`` -> ``"waterfall_auction"`` (the reference's step type names)."""
    out: list[str] = []
    for i, ch in enumerate(name):
        if ch.isupper() and i > 0:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


# ---------------------------------------------------------------------------------------------------------
# Game-level helpers (the lead may move these onto ``Game``; a game method of the same name wins)
# ---------------------------------------------------------------------------------------------------------
def initial_auction_companies(game: Game) -> list[Any]:
    """The companies sold in the initial auction (the reference's ``initial_auction_companies``)."""
    hook = getattr(game, "initial_auction_companies", None)
    if callable(hook):
        return list(hook())
    return list(game.companies)


def after_buy_company(game: Game, player: Any, company: Any, price: int) -> None:
    """What buying a private brings with it (the reference's ``Game#after_buy_company``).

    A ``shares`` ability hands over its certificates: ordinary shares at once, for free; a
    president's certificate queues the company on the round's ``companies_pending_par`` so its
    buyer must par the corporation next.  An ``acquire_company`` ability hands over another
    company (recursively).
    """
    hook = getattr(game, "after_buy_company", None)
    if callable(hook):
        hook(player, company, price)
        return
    base_after_buy_company(game, player, company, price)


def base_after_buy_company(game: Game, player: Any, company: Any, price: int) -> None:
    """The general part of :func:`after_buy_company` (a title's ``after_buy_company`` hook may call it first)."""
    for ability in game.ability_rules.abilities(company, "shares"):
        for share in ability.shares:
            if share.president:
                pending: list[Any] = getattr(game.round, "companies_pending_par")  # noqa: B009
                pending.append(company)
            else:
                game.share_pool.buy_shares(player, share.to_bundle(), exchange="free")
    for ability in game.ability_rules.abilities(company, "acquire_company"):
        acquired = game.company_by_id(getattr(ability, "company", None) or ability.extra["company"])
        acquired.owner = player
        player.companies.append(acquired)
        game.log(f"{player.name} receives {acquired.name}")
        after_buy_company(game, player, acquired, 0)


# ---------------------------------------------------------------------------------------------------------
# Bid bookkeeping
# ---------------------------------------------------------------------------------------------------------
@dataclass(slots=True)
class AuctionBid:
    """One open bid: ``entity`` (a player) offers ``price`` for ``target`` (a company, or a
    corporation/minor in other auction kinds)."""

    entity: Any
    target: Any
    price: int


class Auctioner(Step):
    """Bid bookkeeping for auction steps: open bids per item and the money they tie up.

    ``bids`` maps each item to its open bids in the order they were made; a player has at most one
    bid per item (a new bid replaces the old one).  Subclasses define ``min_bid``, ``max_bid`` and
    ``active_auction`` (the item being auctioned right now, if any, and its bids).
    """

    bids: dict[Any, list[AuctionBid]]

    def setup_auction(self) -> None:
        self.bids = {}

    def auctioneer(self) -> bool:
        return True

    # --- to define ------------------------------------------------------------------------------------
    def min_bid(self, target: Any) -> int | None:
        """The least a bid on ``target`` may be now."""
        raise NotImplementedError

    def max_bid(self, player: Any, target: Any) -> int:
        """The most ``player`` may bid on ``target`` now."""
        raise NotImplementedError

    def active_auction(self) -> tuple[Any, list[AuctionBid]] | None:
        """The item being auctioned between several bidders, with its bids, or None."""
        raise NotImplementedError

    def resolve_bids(self) -> None:
        raise NotImplementedError

    # --- queries ----------------------------------------------------------------------------------------
    @property
    def auctioning(self) -> Any:
        """The item being auctioned right now, or None."""
        active = self.active_auction()
        return active[0] if active is not None else None

    def pass_description(self) -> str:
        auctioning = self.auctioning
        return f"Pass (on {auctioning.id})" if auctioning is not None else "Pass"

    def min_increment(self) -> int:
        return int(self.game.rules.min_bid_increment)

    def must_bid_increment_multiple(self) -> bool:
        return bool(self.game.rules.must_bid_increment_multiple)

    def may_bid(self, target: Any) -> bool:
        return True

    def may_choose(self, target: Any) -> bool:
        return False

    def may_offer(self, target: Any) -> bool:
        return False

    def max_place_bid(self, player: Any, target: Any) -> int:
        return self.max_bid(player, target)

    def bids_on(self, target: Any) -> list[AuctionBid]:
        """The open bids on ``target`` (a copy; empty when none)."""
        return list(self.bids.get(target, ()))

    def current_bid_amount(self, player: Any, target: Any) -> int:
        """``player``'s own open bid on ``target``, 0 when none."""
        return next((b.price for b in self.bids.get(target, ()) if b.entity is player), 0)

    def highest_bid(self, target: Any) -> AuctionBid | None:
        """The highest open bid on ``target`` (the first made among equal ones)."""
        best: AuctionBid | None = None
        for bid in self.bids.get(target, ()):
            if best is None or bid.price > best.price:
                best = bid
        return best

    def lowest_bid(self, target: Any) -> AuctionBid | None:
        """The lowest open bid on ``target`` (the first made among equal ones)."""
        low: AuctionBid | None = None
        for bid in self.bids.get(target, ()):
            if low is None or bid.price < low.price:
                low = bid
        return low

    def bids_for_player(self, player: Any) -> list[AuctionBid]:
        """The bids that tie up ``player``'s cash: every open bid of theirs, or, when only the
        highest bid on an item is committed, those where they are the high bidder."""
        only_highest = bool(self.game.rules.only_highest_bid_committed)
        found: list[AuctionBid] = []
        for bids in self.bids.values():
            if only_highest:
                high = None
                for bid in bids:
                    if high is None or bid.price > high.price:
                        high = bid
                if high is not None and high.entity is player:
                    found.append(high)
            else:
                mine = next((b for b in bids if b.entity is player), None)
                if mine is not None:
                    found.append(mine)
        return found

    # --- changes ----------------------------------------------------------------------------------------
    def check_bid(self, bid: AuctionBid) -> None:
        """Raise ``IllegalAction`` unless ``bid`` respects the minimum, the increment and the cash."""
        target = bid.target
        low = self.min_bid(target)
        if low is None:
            raise IllegalAction(f"{target.name} cannot be bid on")
        if bid.price < low:
            raise IllegalAction(f"Minimum bid is {self.game.format_currency(low)} for {target.name}")
        increment = self.min_increment()
        if self.must_bid_increment_multiple() and (bid.price - low) % increment != 0:
            raise IllegalAction(f"Must increase bid by a multiple of {increment}")
        high = self.max_bid(bid.entity, target)
        if bid.price > high:
            raise IllegalAction(f"Cannot afford bid. Maximum possible bid is {high}")

    def add_bid(self, bid: AuctionBid) -> None:
        """Record ``bid``, replacing the bidder's previous bid on the same item."""
        self.check_bid(bid)
        bids = self.bids.setdefault(bid.target, [])
        bids[:] = [b for b in bids if b.entity is not bid.entity]
        bids.append(bid)

    def replace_bid(self, bid: AuctionBid) -> None:
        """Record ``bid`` as the only bid on its item."""
        self.check_bid(bid)
        self.bids[bid.target] = [bid]

    def reset_bids(self) -> None:
        self.bids.clear()

    def remove_from_auction(self, player: Any) -> None:
        """Withdraw ``player``'s bid from the item being auctioned, then resolve."""
        auctioning = self.auctioning
        if auctioning is not None and auctioning in self.bids:
            self.bids[auctioning] = [b for b in self.bids[auctioning] if b.entity is not player]
        self.resolve_bids()

    def pass_auction(self, player: Any) -> None:
        self.game.log(f"{player.name} passes on {self.auctioning.name}")
        self.remove_from_auction(player)

    def bid_target(self, action: Action) -> Any:
        """The item an action bids on (company, corporation or minor), resolved to the object."""
        company = getattr(action, "company", None)
        if company is not None:
            return self.game.company_by_id(company)
        corporation = getattr(action, "corporation", None)
        if corporation is not None:
            return self.game.corporation_by_id(corporation)
        minor = getattr(action, "minor", None)
        if minor is not None:
            return self.game.minor_by_id(minor)
        raise InvalidAction("the bid names nothing to bid on")

    def make_bid(self, action: Action) -> AuctionBid:
        price = getattr(action, "price", None)
        if not isinstance(price, int) or isinstance(price, bool):
            raise InvalidAction("the bid has no price")
        return AuctionBid(self.game.resolve_entity(action), self.bid_target(action), price)


# ---------------------------------------------------------------------------------------------------------
# The waterfall auction (1830, 1889, 18Chesapeake)
# ---------------------------------------------------------------------------------------------------------
class WaterfallAuction(Auctioner):
    """Buy the cheapest private at its price, or bid on a dearer one; bids resolve in price order.

    Turn order: the round's entity index moves one seat after each placement bid, purchase or pass
    (``next_entity_index``).  While several players bid on the cheapest remaining private, the
    lowest bidder acts (raise or pass) and the turn index stays where it was.  When every player
    passes in a row: the first private's price drops by 5 (at 0 the next player must take it), or,
    once something has sold, the privates pay their revenue and the auction goes on.
    """

    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "pass")
    NAME: ClassVar[str] = "WaterfallAuction"

    companies: list[Any]
    cheapest: Any
    bidders: dict[Any, list[Any]]

    def __init__(self, game: Game, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.companies = []
        self.cheapest = None
        self.bidders = {}
        self.auction_triggerer: Any = None
        self._auctioning: Any = None
        self.setup_auction()

    def type_name(self) -> str:
        return snake_case(self.NAME)

    def description(self) -> str:
        return "Bid on Companies"

    def setup(self) -> None:
        self.setup_auction()
        self.companies = sorted(initial_auction_companies(self.game), key=lambda c: c.value)
        self.cheapest = self.companies[0] if self.companies else None
        self.bidders = {}
        self._auctioning = None

    def round_state(self) -> dict[str, Any]:
        return {"companies_pending_par": []}

    def available(self) -> list[Any]:
        """The privates still for sale, cheapest first."""
        return self.companies

    # --- who acts ---------------------------------------------------------------------------------------
    def active_auction(self) -> tuple[Any, list[AuctionBid]] | None:
        company = self._auctioning
        bids = self.bids.get(company, [])
        return (company, bids) if len(bids) > 1 else None

    def active_entities(self) -> list[Any]:
        active = self.active_auction()
        if active is not None:
            low = self.lowest_bid(active[0])
            assert low is not None
            return [low.entity]
        return super().active_entities()

    def actions(self, entity: Any) -> list[str]:
        if not self.companies:
            return []
        active = self.active_auction()
        if active is not None:
            low = self.lowest_bid(active[0])
            if low is not None and low.entity is entity:
                return list(self.ACTIONS)
        return list(self.ACTIONS) if entity is self.current_entity() else []

    def auto_actions(self, entity: Any) -> list[Action] | None:
        # Auction-bid programs are not evaluated: replays carry their results as ``auto_actions``.
        return None

    # --- bids -------------------------------------------------------------------------------------------
    def may_purchase(self, company: Any) -> bool:
        """May ``company`` be bought outright now (it is the cheapest and no auction is running)?"""
        if self.active_auction() is not None:
            return False
        return company is not None and bool(self.companies) and company is self.companies[0]

    def min_bid(self, target: Any) -> int | None:
        if target is None:
            return None
        if self.may_purchase(target):
            return int(target.min_bid)
        high = self.highest_bid(target)
        return (high.price if high is not None else int(target.min_bid)) + self.min_increment()

    def committed_cash(self, player: Any, show_hidden: bool = False) -> int:
        """Cash tied up in ``player``'s open bids."""
        return sum(b.price for b in self.bids_for_player(player))

    def max_bid(self, player: Any, target: Any) -> int:
        return int(player.cash) - self.committed_cash(player) + self.current_bid_amount(player, target)

    # --- processing -------------------------------------------------------------------------------------
    def process_bid(self, action: Action) -> None:
        bid = self.make_bid(action)
        company = bid.target
        if not any(c is company for c in self.companies):
            raise IllegalAction(f"{company.name} is not for sale")
        auctioning = self.auctioning
        if auctioning is not None:
            if company is not auctioning:
                raise IllegalAction(f"{auctioning.name} is being auctioned: bid on it or pass")
            self.check_bid(bid)
        elif self.may_purchase(company):
            self.check_purchase(bid.entity, company, bid.price)
        else:
            self.check_bid(bid)

        bid.entity.unpass()
        if auctioning is not None:
            self.add_bid(bid)
        else:
            self.placement_bid(bid)
            self.round.next_entity_index()

    def process_pass(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        if self.auctioning is not None:
            self.pass_auction(player)
            return
        self.game.log(f"{player.name} passes bidding")
        player.pass_()
        if all(e.passed for e in self.entities):
            self.all_passed()
        self.round.next_entity_index()

    def placement_bid(self, bid: AuctionBid) -> None:
        if self.may_purchase(bid.target):
            self.round.last_to_act = bid.entity
            self.auction_triggerer = bid.entity
            self.accept_bid(bid)
            self.resolve_bids()
        else:
            self.add_bid(bid)

    def add_bid(self, bid: AuctionBid) -> None:
        super().add_bid(bid)
        bidders = self.bidders.setdefault(bid.target, [])
        if not any(p is bid.entity for p in bidders):
            bidders.append(bid.entity)
        self.game.log(f"{bid.entity.name} bids {self.game.format_currency(bid.price)} for {bid.target.name}")

    def accept_bid(self, bid: AuctionBid) -> None:
        self.bids.pop(bid.target, None)
        self.buy_company(bid.entity, bid.target, bid.price)

    def check_purchase(self, player: Any, company: Any, price: int) -> None:
        available = self.max_bid(player, company)
        if available < price:
            raise IllegalAction(
                f"{player.name} has {self.game.format_currency(available)} available and cannot spend "
                f"{self.game.format_currency(price)}")

    def buy_company(self, player: Any, company: Any, price: int) -> None:
        """``player`` takes ``company`` for ``price`` (paid to the bank)."""
        self.check_purchase(player, company, price)
        company.owner = player
        player.companies.append(company)
        if price > 0:
            player.spend(price, self.game.bank)
        self.companies = [c for c in self.companies if c is not company]
        fmt = self.game.format_currency
        n_bidders = len(self.bidders.get(company, ()))
        if n_bidders == 0:
            self.game.log(f"{player.name} buys {company.name} for {fmt(price)}")
        elif n_bidders == 1:
            self.game.log(f"{player.name} wins the auction for {company.name} with the only bid of {fmt(price)}")
        else:
            self.game.log(f"{player.name} wins the auction for {company.name} with a bid of {fmt(price)}")
        after_buy_company(self.game, player, company, price)

    def resolve_bids(self) -> None:
        """Settle the bids on the cheapest private, then on the next, while they settle."""
        while self.companies:
            if not self.resolve_bids_for_company(self.companies[0]):
                break

    def resolve_bids_for_company(self, company: Any) -> bool:
        is_new_auction = company is not self._auctioning
        self._auctioning = None
        bids = self.bids.get(company, [])
        if len(bids) == 1:
            self.accept_bid(bids[0])
            return True
        if self.can_auction(company):
            self._auctioning = company
            if is_new_auction:
                self.game.log(f"{company.name} goes up for auction")
        return False

    def can_auction(self, company: Any) -> bool:
        return bool(self.companies) and company is self.companies[0] and len(self.bids.get(company, ())) > 1

    def all_passed(self) -> None:
        """Everyone passed in a row: cut the first private's price, or pay a round of revenue."""
        if any(c is self.cheapest for c in self.companies):
            self.increase_discount(self.cheapest, 5)
        else:
            self.game.company_rules.payout_companies()
            self.game.or_set_finished()
        for entity in self.entities:
            entity.unpass()

    def increase_discount(self, company: Any, discount: int) -> None:
        old = int(company.min_bid)
        company.discount += discount
        new = int(company.min_bid)
        self.game.log(f"{company.name} minimum bid decreases from {self.game.format_currency(old)} to "
                      f"{self.game.format_currency(new)}")
        if new > 0:
            return
        # Free now: the next player must take it.
        self.round.next_entity_index()
        self.buy_company(self.current_entity(), company, 0)
        self.resolve_bids()


# ---------------------------------------------------------------------------------------------------------
# Par after receiving a president's certificate with a private
# ---------------------------------------------------------------------------------------------------------
class CompanyPendingPar(Step):
    """The buyer of a private that carries a president's certificate (1830's B&O) pars that
    corporation before anything else happens.  Active while ``round.companies_pending_par`` holds a
    company; the company's owner acts."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("par",)
    NAME: ClassVar[str] = "CompanyPendingPar"

    def type_name(self) -> str:
        return snake_case(self.NAME)

    def description(self) -> str:
        return "Choose Corporation Par Value"

    def round_state(self) -> dict[str, Any]:
        return {"companies_pending_par": []}

    @property
    def companies_pending_par(self) -> list[Any]:
        pending: list[Any] = self.round.companies_pending_par  # type: ignore[attr-defined]
        return pending

    def active(self) -> bool:
        return bool(self.companies_pending_par)

    def active_entities(self) -> list[Any]:
        pending = self.companies_pending_par
        owner = pending[0].owner if pending else None
        return [owner] if owner is not None else []

    def actions(self, entity: Any) -> list[str]:
        current = self.current_entity()
        if current is None or entity is not current:
            return []
        return list(self.ACTIONS)

    def pending_corporations(self) -> list[Any]:
        """The corporations whose president's certificate the first pending company carries."""
        pending = self.companies_pending_par
        if not pending:
            return []
        corporations: list[Any] = []
        for ability in pending[0].abilities_of_type("shares"):
            for share in ability.shares:
                if getattr(share, "president", False) and share.corporation not in corporations:
                    corporations.append(share.corporation)
        return corporations

    def get_par_prices(self, entity: Any = None, corporation: Any = None) -> list[Any]:
        return list(self.game.stock_market.par_prices)

    def process_par(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        corporation: Corporation = self.game.corporation_by_id(getattr(action, "corporation", None))
        share_price: SharePrice = self.game.share_price_by_id(getattr(action, "share_price", None))
        choices = self.pending_corporations()
        if choices and corporation not in choices:
            names = ", ".join(c.name for c in choices)
            raise IllegalAction(f"{entity.name} must par {names}, not {corporation.name}")
        if corporation.ipoed:
            raise IllegalAction(f"{corporation.name} has already been parred")
        if not any(p is share_price for p in self.get_par_prices(entity, corporation)):
            raise IllegalAction(f"{self.game.format_currency(share_price.price)} is not a par price")
        self.game.stock_market.set_par(corporation, share_price)
        self.game.share_pool.buy_shares(entity, corporation.shares[0].to_bundle(), exchange="free")
        self.game.corporation_rules.after_par(corporation)
        self.companies_pending_par.pop(0)
