"""1867's operating-round rules: loans taken automatically for track and trains, a forced train purchase only
when loans can pay for it, interest and automatic repayment after the run, buying power with loans."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import Action
from engine.actions import Dividend as DividendAction
from engine.actions import Pass as PassAction
from engine.errors import IllegalAction
from engine.services.corporations import CorporationRules
from engine.steps.base import Step
from engine.steps.companies import BuyCompany
from engine.steps.dividend import Dividend, DividendOption
from engine.steps.issue_shares import IssueShares
from engine.steps.token import TokenStep
from engine.steps.track import Track
from engine.steps.trains import BuyTrain


class CorporationRules1867(CorporationRules):
    """Buying power counts the loans a corporation may still take when asked for the ``full`` power."""

    def buying_power(self, entity: Any, full: bool = False, **_: Any) -> int:
        if not full or not getattr(entity, "is_corporation", False):
            return int(entity.cash)
        return int(entity.cash) + self.game.loan_rules.unused_loan_power(entity)


def take_loans_for(game: Any, entity: Any, cost: int) -> None:
    """Take loans, one at a time, until ``entity`` can pay ``cost`` (or no more may be taken)."""
    if cost <= 0 or cost <= entity.cash:
        return
    loans = game.loan_rules
    while entity.cash < cost and loans.can_take(entity):
        loans.take(entity)


class Track1867(Track):
    """Lays are paid with loans when the cash is short; the 639 tile brings the national's Montreal token."""

    def buying_power(self, entity: Any) -> int:
        return int(self.game.corporation_rules.buying_power(entity, full=True))

    def lay_tile(self, action: Any, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        game: Any = self.game
        tile = game.hex_by_id(action.hex).tile
        if tile.name == game.NATIONAL_TILE:
            game.place_national_tile_token(tile)

    def try_take_loan(self, entity: Any, cost: int) -> None:
        take_loans_for(self.game, entity, cost)

    def automatic_funds(self, entity: Any) -> int:
        return int(self.game.loan_rules.unused_loan_power(entity))


class BuyTrain1867(BuyTrain):
    """A corporation must buy a train only when loans can pay for the cheapest; loans are taken for a depot
    train it must buy; the president never contributes and nobody sells shares."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_train", "pass")

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        if self.must_buy_train(entity):
            return ["buy_train"]
        if self.can_buy_train(entity):
            return ["buy_train", "pass"]
        return []

    def must_buy_train(self, entity: Any) -> bool:
        return bool(super().must_buy_train(entity)
                    and self.game.corporation_rules.buying_power(entity, full=True) >= self.needed_cash(entity))

    def buying_power(self, entity: Any) -> int:
        return int(self.game.corporation_rules.buying_power(entity, full=self.must_buy_train(entity)))

    def available_cash(self, entity: Any) -> int:
        return self.buying_power(self.current_entity())

    def needed_cash(self, entity: Any) -> int:
        return int(self.depot.min_depot_price)

    def president_may_contribute(self, entity: Any, shell: Any = None) -> bool:
        return False

    def can_ebuy_sell_shares(self, entity: Any) -> bool:
        return False

    def discountable_trains_allowed(self, entity: Any) -> bool:
        return str(self.game.phase.name) == "8"

    def buy_train_action(self, action: Any, entity: Any = None, borrow_from: Any = None) -> None:
        train = self.game.train_by_id(getattr(action, "train", None))
        self._depot_train = bool(train.from_depot)
        super().buy_train_action(action, entity, borrow_from)
        post = getattr(self.game, "post_train_buy", None)
        if post is not None:
            post()

    def automatic_funds(self, entity: Any, train: Any) -> int:
        if self.must_buy_train(entity) and train.from_depot:
            return int(self.game.loan_rules.unused_loan_power(entity))
        return 0

    def try_take_loan(self, entity: Any, price: int) -> None:
        if self.must_buy_train(entity) and getattr(self, "_depot_train", False):
            take_loans_for(self.game, entity, price)
            return
        if price > entity.cash:
            if self.must_buy_train(entity):
                reason = "as train is not from depot"
            elif self.game.corporation_rules.buying_power(entity, full=True) <= self.needed_cash(entity):
                reason = "cannot take enough loans to purchase"
            else:
                reason = "as do not need to buy"
            raise IllegalAction(f"Not able to take loan to purchase at {self.game.format_currency(price)}, {reason}")

    def pass_(self) -> None:
        super().pass_()
        entity = self.current_entity()
        if entity is not None and not entity.trains:
            nationalize = getattr(self.game, "nationalize", None)
            if nationalize is not None:
                nationalize(entity)


class LoanOperations(Step):
    """After the run: the interest is paid (loans are taken for it when needed; a corporation that cannot pay is
    nationalised), then loans are repaid while the cash allows.  Nothing for the player to do."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("payoff_loan", "pass")
    NAME: ClassVar[str] = "LoanOperations"

    def actions(self, entity: Any) -> list[str]:
        return []

    def skip(self) -> None:
        self.pass_()
        entity = self.current_entity()
        game = self.game
        loans = game.loan_rules
        owed = loans.pay_interest(entity)
        if owed is not None:
            game.log(f"{entity.name} owes {game.format_currency(owed)} in loan interest but only has "
                     f"{game.format_currency(entity.cash)}")
            nationalize = getattr(game, "nationalize", None)
            if nationalize is None:
                raise NotImplementedError("nationalisation")
            nationalize(entity)
            return
        while entity.loans and entity.cash >= entity.loans[0].amount:
            loans.repay(entity)
        loans.interest_due[entity] = len(entity.loans)




class Dividend1867(Dividend):
    """Majors pay out, pay half or withhold; their price moves right only when the payout reaches the share price
    and left when nothing is paid.  Minors pay automatically: half to the minor, half to its owner."""

    DIVIDEND_TYPES: ClassVar[tuple[str, ...]] = ("payout", "half", "withhold")

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_corporation", False) or entity.type == "minor":
            return []
        return super().actions(entity)

    def skip(self) -> None:
        entity = self.current_entity()
        if entity is None or entity.type != "minor":
            super().skip()
            return
        kind = "payout" if self.total_revenue() > 0 else "withhold"
        action = DividendAction(entity=entity.id, entity_type="corporation", kind=kind)
        last = self.game.actions[-1] if self.game.actions else None
        if last is not None:
            action.id = last.id
        self._process_dividend(action, entity)

    def half(self, entity: Any, revenue: int) -> DividendOption:
        shares = int(entity.total_shares)
        withheld = (revenue // 2 // shares) * shares
        return DividendOption(corporation=withheld, per_share=self.payout_per_share(entity, revenue - withheld))

    def payout(self, entity: Any, revenue: int) -> DividendOption:
        if entity.type != "minor":
            return super().payout(entity, revenue)
        amount = revenue // 2
        return DividendOption(corporation=amount, per_share=amount)

    def payout_shares(self, entity: Any, revenue: int) -> None:
        if entity.type != "minor":
            super().payout_shares(entity, revenue)
            return
        game = self.game
        game.log(f"{entity.owner.name} receives {game.format_currency(revenue)}")
        if revenue > 0:
            game.bank.spend(revenue, entity.owner)

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        if entity.type == "minor":
            return super().share_price_change(entity, revenue)
        if revenue <= 0:
            return "left", 1
        if revenue >= entity.share_price.price:
            return "right", 1
        return None, 0




class BuyCompanyPreloan(BuyCompany):
    """A chance to buy a private before the interest and repayments (blocking); passed at once without loans."""

    NAME: ClassVar[str] = "BuyCompanyPreloan"

    def auto_actions(self, entity: Any) -> list[Action] | None:
        if entity is None or entity.loans:
            return None
        return [PassAction(entity=entity.id, entity_type="corporation")]




class Token1867(TokenStep):
    """A token costs its price times its distance (in hexes) from the nearest of the corporation's tokens; the
    step passes by itself when no token can really be placed."""

    def adjust_token_price_ability(self, entity: Any, token: Any, hex_: Any, city: Any,
                                   special_ability: Any = None) -> tuple[Any, Any]:
        token.price = self.token_price_at(entity, token, hex_)
        return token, None

    def token_price_at(self, entity: Any, token: Any, hex_: Any) -> int:
        """The token's price times the distance (for the legal moves too)."""
        return int(token.price) * self.distance_from_tokens(entity, hex_)

    @staticmethod
    def distance_from_tokens(entity: Any, hex_: Any) -> int:
        hexes = [t.city.hex for t in entity.tokens if t.used and t.city is not None]
        return min(h.distance(hex_) for h in hexes) if hexes else 0


__all__ = [
    "BuyCompanyPreloan",
    "BuyTrain1867",
    "CorporationRules1867",
    "Dividend1867",
    "LoanOperations",
    "RedeemShares",
    "Token1867",
    "Track1867",
]


class RedeemShares(IssueShares):
    """A major may buy back shares from the market (blocking, with a pass); nothing is issued."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_shares", "pass")
    NAME: ClassVar[str] = "RedeemShares"

    def description(self) -> str:
        return "Redeem Shares"

    def pass_description(self) -> str:
        return "Skip (Redeem)"

    def blocks(self) -> bool:
        return True

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_corporation", False) or entity is not self.current_entity():
            return []
        return ["buy_shares", "pass"] if self.redeemable_shares(entity) else []

    def issuable_shares(self, entity: Any) -> list[Any]:
        return []

    def redeemable_shares(self, entity: Any) -> list[Any]:
        game = self.game
        shares = [s for s in game.share_pool.shares_of(entity) if s.percent > 0]
        bundles = game.share_rules.bundles_for_corporation(game.share_pool, entity, shares)
        return [b for b in bundles if not entity.cash < b.price]

    def is_offered(self, bundle: Any, offered: list[Any]) -> bool:
        """A redemption names its certificates; its price is the market's."""
        ids = sorted(s.id for s in bundle.shares)
        return any(sorted(s.id for s in b.shares) == ids for b in offered)

    def dividend_step_passes(self) -> None:
        return None
