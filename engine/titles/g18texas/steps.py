"""18Texas's own steps: the simultaneous private auction, the half-pay dividend with its price moves, issuing
shares that moves the price, and private lays that count as upgrades unless yellow."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import Action
from engine.errors import IllegalAction
from engine.model.shares import ShareBundle
from engine.steps.auction import Auctioner, after_buy_company
from engine.steps.dividend import Dividend, DividendOption
from engine.steps.issue_shares import IssueShares
from engine.steps.special_track import SpecialTrack


class SimultaneousAuction(Auctioner):
    """Every player in turn bids on one private (at least its value, or a raise over the high bid); a player
    holding a high bid sits out until outbid.  When every player holds a high bid, each private goes to its
    bidder and the turn moves on once more (to the priority deal)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("bid",)
    NAME: ClassVar[str] = "SimultaneousAuction"

    companies: list[Any]

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.companies = []
        self.setup_auction()

    def type_name(self) -> str:
        return "simultaneous_auction"

    def description(self) -> str:
        return "Bid on Companies"

    def setup(self) -> None:
        self.setup_auction()
        self.companies = list(self.game.companies)

    def available(self) -> list[Any]:
        return list(self.companies)

    def auctioneer(self) -> bool:
        return False

    def active_auction(self) -> tuple[Any, list[Any]] | None:
        return None

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_player", False) or entity is not self.current_entity():
            return []
        if self.bids_for_player(entity):
            return []
        return list(self.ACTIONS)

    def may_purchase(self, company: Any) -> bool:
        return False

    def starting_bid(self, company: Any) -> int:
        return max(0, int(company.value))

    def min_bid(self, target: Any) -> int | None:
        if target is None:
            return None
        high = self.highest_bid(target)
        if high is None:
            return self.starting_bid(target)
        return int(high.price) + self.min_increment()

    def max_bid(self, player: Any, target: Any) -> int:
        return int(player.cash)

    def committed_cash(self, player: Any, show_hidden: bool = False) -> int:
        return sum(b.price for b in self.bids_for_player(player))

    def skip(self) -> None:
        entity = self.current_entity()
        if entity is not None:
            entity.pass_()
        self.next_entity()

    def next_entity(self) -> None:
        entities = self.round.entities
        if all(e.passed for e in entities):
            self.all_passed()
            return
        self.round.next_entity_index()
        entity = entities[self.round.entity_index]
        if entity is not None and entity.passed:
            self.next_entity()

    def process_bid(self, action: Action) -> None:
        bid = self.make_bid(action)
        if not any(c is bid.target for c in self.companies):
            raise IllegalAction(f"{bid.target.name} is not in the auction")
        entity = bid.entity
        entity.pass_()
        self.game.log(f"{entity.name} bids {self.game.format_currency(bid.price)} for {bid.target.name}")
        previous = self.bids.get(bid.target)
        if previous:
            previous[0].entity.unpass()
        self.replace_bid(bid)
        self.next_entity()

    def all_passed(self) -> None:
        self.resolve_bids()
        # once more round the table, back to the priority deal
        self.round.next_entity_index()
        self.pass_()

    def resolve_bids(self) -> None:
        for company, bids in list(self.bids.items()):
            self.win_bid(bids[0], company)

    def win_bid(self, winner: Any, company: Any) -> None:
        player = winner.entity
        price = int(winner.price)
        company.owner = player
        player.companies.append(company)
        if price > 0:
            player.spend(price, self.game.bank)
        after_buy_company(self.game, player, company, price)
        self.companies = [c for c in self.companies if c is not company]
        self.game.log(f"{player.name} wins the auction for {company.name} with a bid of "
                      f"{self.game.format_currency(price)}")


class Dividend18Texas(Dividend):
    """Pay out, pay half or withhold; the price moves left for no revenue, right for at least the price."""

    DIVIDEND_TYPES: ClassVar[tuple[str, ...]] = ("payout", "half", "withhold")

    def half(self, entity: Any, revenue: int) -> DividendOption:
        total = int(entity.total_shares)
        withheld = (revenue // 2 // total) * total
        return DividendOption(corporation=withheld, per_share=self.payout_per_share(entity, revenue - withheld))

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        if revenue == 0:
            return "left", 1
        if revenue < int(entity.share_price.price):
            return None, 0
        return "right", 1


class IssueShares18Texas(IssueShares):
    """An issue sells the shares to the market at the current price, which then moves as for any sale."""

    def is_offered(self, bundle: ShareBundle, offered: list[ShareBundle]) -> bool:
        """The same certificates as an offered bundle (every bundle is at the current price)."""
        return any([s.id for s in bundle.shares] == [s.id for s in b.shares] for b in offered)

    def issue(self, entity: Any, bundle: ShareBundle) -> None:
        self.game.share_rules.sell_shares_and_change_price(bundle)
        self.pass_()


class SpecialTrack18Texas(SpecialTrack):
    """A private's lay is an upgrade unless its tile is yellow (the #511 teleport on a blank hex included)."""

    def track_upgrade(self, old_tile: Any, new_tile: Any, hex_: Any) -> bool:
        return bool(new_tile.color != "yellow")


__all__ = ["Dividend18Texas", "IssueShares18Texas", "SimultaneousAuction", "SpecialTrack18Texas"]


class BlockingIssueShares18Texas(IssueShares18Texas):
    """After the train purchase, the corporation may issue or redeem, or pass (the step waits for it)."""

    def blocks(self) -> bool:
        return True

    def actions(self, entity: Any) -> list[str]:
        found = super().actions(entity)
        if found:
            found.append("pass")
        return found

    def process_pass(self, action: Action) -> None:
        super().process_pass(action)
