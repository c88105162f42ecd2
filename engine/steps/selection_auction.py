"""The selection auction: the companies go up for auction one at a time, cheapest (first) first.

Semantics are the reference engine's ``SelectionAuction`` with ``PassableAuction`` (who may act, when an
auction resolves, how the turn moves), written for our step protocol:

* The company on offer is always the first remaining one (``auctioning``).  Every player who can afford
  its starting bid (its ``min_bid``: face value less any discount) is an *active bidder*, in seat order
  starting with the player whose turn it is (the *nominator*).
* The nominator acts first: a ``bid`` of at least the starting bid opens the bidding; a ``pass`` takes
  them out of the auction of this company.  Then the active bidders bid in turn, each raising the high
  bid by at least ``min_increment`` or passing (a pass is final for this company).  The turn goes to the
  active bidder seated after the high bidder, so the nominator bids last in each round of bidding.
* When one active bidder remains and holds a bid, they win at their bid (buying "at face value" is
  simply a bid at the starting price that nobody raises).  Bidders who can no longer afford the next
  minimum bid drop out at once ("cannot bid ... and is out of the auction").
* After a win, the turn goes to the player after the previous nominator, who nominates the next company.
* When every bidder passes without a bid, ``all_passed`` decides: here (the reference's general rule) the
  company's price drops by 5 and it is offered again; at 0 the next player must take it for free.
  ``PassableSelectionAuction`` (Steam Over Holland) removes the company from the game instead.

State readable by the legal-move builder and the dialogs (all read-only):
``available()``, ``auctioning``, ``active_bidders``, ``out_of_auction()``, ``nominator``,
``high_bid()``, ``min_bid(company)``, ``max_bid(player, company)``, ``bids_on(company)``,
``current_entity()``, ``actions(entity)``.

A refused action is refused before anything changes (the checks the reference makes while changing
state are made first here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.auction import AuctionBid, Auctioner, after_buy_company, initial_auction_companies, snake_case

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game


class SelectionAuction(Auctioner):
    """One company at a time, cheapest first; the nominator bids last; passing is final per company."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "pass")
    NAME: ClassVar[str] = "SelectionAuction"

    companies: list[Any]
    active_bidders: list[Any]

    def __init__(self, game: Game, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.companies = []
        self.cheapest: Any = None
        self.active_bidders = []
        self.auction_triggerer: Any = None
        self._auctioning: Any = None
        self._all_passed_win = False
        self.setup_auction()

    def type_name(self) -> str:
        return snake_case(self.NAME)

    def description(self) -> str:
        return "Bid on Companies"

    # --- set-up ------------------------------------------------------------------------------------------
    def setup_auction(self) -> None:
        super().setup_auction()
        self._auctioning = None
        self.active_bidders = []
        self.auction_triggerer = None

    def setup(self) -> None:
        self.setup_auction()
        self.companies = list(initial_auction_companies(self.game))
        self.cheapest = self.companies[0] if self.companies else None
        if self.companies:
            self.auction_entity(self.companies[0])
        self.auction_triggerer = self.current_entity()

    # --- read-only state -------------------------------------------------------------------------------------
    def available(self) -> list[Any]:
        """The companies still to be auctioned, in the order they are offered."""
        return self.companies

    def active_auction(self) -> tuple[Any, list[AuctionBid]] | None:
        company = self._auctioning
        return (company, self.bids.get(company, [])) if company is not None else None

    @property
    def nominator(self) -> Any:
        """The player who opened (or must open) the bidding on the company on offer."""
        return self.auction_triggerer

    def high_bid(self) -> AuctionBid | None:
        """The highest bid on the company on offer, or None before the first bid."""
        company = self._auctioning
        return self.highest_bid(company) if company is not None else None

    def out_of_auction(self) -> list[Any]:
        """Players who passed on (or cannot afford) the company on offer, in seat order."""
        if self._auctioning is None:
            return []
        return [p for p in self.entities if not any(p is b for b in self.active_bidders)]

    def may_bid(self, target: Any) -> bool:
        return bool(self.companies) and target is self.companies[0]

    def may_purchase(self, company: Any) -> bool:
        return False

    def starting_bid(self, company: Any) -> int:
        return int(company.min_bid)

    def min_bid(self, target: Any) -> int | None:
        if target is None:
            return None
        bids = self.bids.get(target)
        if not bids:
            return self.starting_bid(target)
        high = self.highest_bid(target)
        assert high is not None
        return high.price + self.min_increment()

    def max_bid(self, player: Any, target: Any) -> int:
        return int(player.cash)

    def committed_cash(self, player: Any, show_hidden: bool = False) -> int:
        return 0

    def highest_bid(self, target: Any) -> AuctionBid | None:
        best: AuctionBid | None = None
        for bid in self.bids.get(target, ()):
            if best is None or bid.price > best.price:
                best = bid
        return best

    # --- who acts ---------------------------------------------------------------------------------------
    def active_entities(self) -> list[Any]:
        company = self._auctioning
        if company is None:
            return super().active_entities()
        high = self.highest_bid(company)
        if high is not None and any(p is high.entity for p in self.active_bidders):
            index = next(i for i, p in enumerate(self.active_bidders) if p is high.entity)
            return [self.active_bidders[(index + 1) % len(self.active_bidders)]]
        return [self.active_bidders[0]] if self.active_bidders else []

    def actions(self, entity: Any) -> list[str]:
        if not self.companies:
            return []
        return list(self.ACTIONS) if entity is self.current_entity() else []

    def auto_actions(self, entity: Any) -> list[Action] | None:
        return None

    # --- processing -------------------------------------------------------------------------------------
    def process_bid(self, action: Action) -> None:
        bid = self.make_bid(action)
        company = bid.target
        if not any(c is company for c in self.companies):
            raise IllegalAction(f"{company.name} is not for sale")
        auctioning = self._auctioning
        if auctioning is not None and company is not auctioning:
            raise IllegalAction(f"{auctioning.name} is up for auction: bid on it or pass")
        if auctioning is None and not self.may_bid(company):
            raise IllegalAction(f"{self.companies[0].name} must be auctioned first")
        self.check_bid(bid)

        bid.entity.unpass()
        if auctioning is None:
            self.selection_bid(bid)
            if self._auctioning is not None:
                self.next_entity()
        elif len(self.active_bidders) == 1:
            self.add_bid(bid)
            self.resolve_bids()
        else:
            self.add_bid(bid)

    def process_pass(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        self.check_pass(player)
        if self._auctioning is not None:
            self.pass_auction(player)
            self.resolve_bids()
            return
        self.game.log(f"{player.name} passes bidding")
        self.active_bidders = [p for p in self.active_bidders if p is not player]
        player.pass_()
        if all(e.passed for e in self.entities):
            self.all_passed()
        if not self._all_passed_win:
            self.next_entity()
        self._all_passed_win = False

    def check_pass(self, player: Any) -> None:
        """Raise ``IllegalAction`` for a pass this auction cannot take (none here)."""
        return None

    def last_bidder_passes(self, player: Any) -> bool:
        """Would ``player``'s pass leave the company on offer with no bidder and no bid?"""
        company = self._auctioning
        return (company is not None and not self.bids.get(company)
                and all(p is player for p in self.active_bidders))

    # --- the auction --------------------------------------------------------------------------------------
    def initial_auction_entities(self) -> list[Any]:
        """The players in seat order starting with the one whose turn it is."""
        entities = list(self.entities)
        index = self.round.entity_index % len(entities) if entities else 0
        return entities[index:] + entities[:index]

    def auction_entity(self, company: Any) -> None:
        """Offer ``company``: everyone who can afford its minimum bid (and the nominator) may bid."""
        self._auctioning = company
        low = self.min_bid(company)
        assert low is not None
        self.active_bidders = []
        cannot: list[Any] = []
        for player in self.initial_auction_entities():
            if player is self.auction_triggerer or self.max_bid(player, company) >= low:
                self.active_bidders.append(player)
            else:
                cannot.append(player)
        for player in cannot:
            self.log_cannot_bid(player, low)
        self.resolve_bids()

    def log_cannot_bid(self, player: Any, low: int) -> None:
        self.game.log(f"{player.name} cannot bid {self.game.format_currency(low)} and is out of the auction "
                      f"for {self._auctioning.name}")

    def selection_bid(self, bid: AuctionBid) -> None:
        self.add_bid(bid)
        self.auction_triggerer = bid.entity
        self.auction_entity(bid.target)

    def add_bid(self, bid: AuctionBid) -> None:
        super().add_bid(bid)
        if self._auctioning is not None:
            # Bidders who cannot afford the next minimum bid drop out.
            low = self.min_bid(self._auctioning)
            assert low is not None
            dropping = [p for p in self.active_bidders
                        if p is not bid.entity and self.max_bid(p, self._auctioning) < low]
            for player in dropping:
                self.log_cannot_bid(player, low)
                self.remove_from_auction(player)
        self.game.log(f"{bid.entity.name} bids {self.game.format_currency(bid.price)} for {bid.target.name}")

    def remove_from_auction(self, player: Any) -> None:
        self.active_bidders = [p for p in self.active_bidders if p is not player]
        super().remove_from_auction(player)

    def resolve_bids(self) -> None:
        company = self._auctioning
        if company is None:
            return
        if not self.active_bidders and not self.bids.get(company):
            self.all_passed()
            return
        if not self.active_bidders:
            # (Unreachable: a bid always belongs to an active bidder.)
            raise IllegalAction(f"nobody is left bidding on {company.name}")
        if len(self.active_bidders) != 1 or not self.bids.get(company):
            return
        winner = self.bids[company][0]
        self.win_bid(winner)
        self.bids.clear()
        self.active_bidders = []
        self._auctioning = None
        self.post_win_bid()

    def win_bid(self, winner: AuctionBid) -> None:
        player, company, price = winner.entity, winner.target, winner.price
        company.owner = player
        player.companies.append(company)
        self.game.log(f"{player.name} wins the auction for {company.name} with a bid of "
                      f"{self.game.format_currency(price)}")
        if price > 0:
            player.spend(price, self.game.bank)
        after_buy_company(self.game, player, company, price)
        self.companies = [c for c in self.companies if c is not company]

    def post_win_bid(self) -> None:
        if self.auction_triggerer is not None:
            self.round.goto_entity(self.auction_triggerer)
        for entity in self.entities:
            entity.unpass()
        self.next_entity()
        self.auction_triggerer = self.current_entity()
        if self.companies:
            self.auction_entity(self.companies[0])

    def next_entity(self) -> None:
        """The turn moves to the next player who can do something (the reference's ``next_entity!``)."""
        for _ in range(len(self.entities)):
            self.round.next_entity_index()
            entity = self.entities[self.round.entity_index]
            if self._auctioning is not None:
                low = self.min_bid(self._auctioning)
                if low is not None and self.max_bid(entity, self._auctioning) < low:
                    entity.pass_()
            elif not any(self.max_bid(entity, c) >= (self.min_bid(c) or 0) for c in self.companies):
                self.game.log(f"{entity.name} has no valid actions and passes")
                entity.pass_()
                if all(e.passed for e in self.entities):
                    return
            if not entity.passed:
                return

    def all_passed(self) -> None:
        """Nobody bid on the company on offer: its price drops by 5 and it is offered again (at 0 the
        next player must take it)."""
        cheapest = self.cheapest
        if any(c is cheapest for c in self.companies):
            old = int(cheapest.min_bid)
            cheapest.discount += 5
            new = int(cheapest.min_bid)
            fmt = self.game.format_currency
            self.game.log(f"{cheapest.name} minimum bid decreases from {fmt(old)} to {fmt(new)}")
            self.auction_entity(cheapest)
            if new <= 0:
                self.round.next_entity_index()
                self.forced_win(self.current_entity(), cheapest)
        else:
            self.game.company_rules.payout_companies()
            self.game.or_set_finished()
            if self.companies:
                self.auction_entity(self.companies[0])
        for entity in self.entities:
            entity.unpass()

    def forced_win(self, player: Any, company: Any) -> None:
        self.active_bidders = [player]
        bid = AuctionBid(player, company, 0)
        player.unpass()
        if self._auctioning is None:
            self.selection_bid(bid)
            if self._auctioning is not None:
                self.next_entity()
        else:
            self.add_bid(bid)
            self.resolve_bids()


class PassableSelectionAuction(SelectionAuction):
    """A selection auction where a company nobody bids on leaves the game (Steam Over Holland).

    As in the reference engine, the company on offer stays "on offer" after its removal, and the pass
    that removed it settles the auction a second time: everyone passing on a company removes it *and
    the next one*.  Passing on the last company when nobody has bid is refused (the reference engine
    fails on it).
    """

    def check_pass(self, player: Any) -> None:
        if self.last_bidder_passes(player) and len(self.companies) <= 1:
            raise IllegalAction(f"{player.name} must bid on {self._auctioning.name}: it is the last company "
                                "and everyone else has passed")

    def all_passed(self) -> None:
        company = self.companies[0]
        self.companies = self.companies[1:]
        self.game.log(f"All players pass on {self.company_label(company)}. Company is removed from the game.")
        self.removed_company(company)
        for entity in self.entities:
            entity.unpass()
        self.next_entity()

    def company_label(self, company: Any) -> str:
        return str(company.name)

    def removed_company(self, company: Any) -> None:
        """Hook: what else removing ``company`` does (nothing here)."""
        return None


__all__ = ["PassableSelectionAuction", "SelectionAuction"]
