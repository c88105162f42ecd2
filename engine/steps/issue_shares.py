"""A corporation issues treasury shares or redeems market shares during its operating turn.

The action types are the stock round's: ``sell_shares`` by the corporation issues (its treasury shares go to
the market for cash), ``buy_shares`` by the corporation redeems (market shares come back to its treasury).
The step never blocks; the dividend step passes it.  A title decides who may issue (``may_issue``), how an
issue moves money and the price (``issue``), and whether a loaded bundle must equal one offered
(``is_offered``)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import Action
from engine.errors import IllegalAction
from engine.model.shares import ShareBundle
from engine.steps.base import Step
from engine.steps.trains import bundle_from_action


class IssueShares(Step):
    """Issue treasury shares or redeem market shares.  Never blocks; passed when the dividend is decided."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_shares", "sell_shares")
    NAME: ClassVar[str] = "IssueShares"

    def type_name(self) -> str:
        return "issue_shares"

    def description(self) -> str:
        return "Issue or Redeem Shares"

    def pass_description(self) -> str:
        return "Skip (Issue/Redeem)"

    def blocks(self) -> bool:
        return False

    def may_issue(self, entity: Any) -> bool:
        """May this corporation issue or redeem at all (a title narrows it, e.g. not in receivership)?"""
        return True

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_corporation", False) or entity is not self.current_entity():
            return []
        if not self.may_issue(entity):
            return []
        found: list[str] = []
        if self.redeemable_shares(entity):
            found.append("buy_shares")
        if self.issuable_shares(entity):
            found.append("sell_shares")
        return found

    def issuable_shares(self, entity: Any) -> list[ShareBundle]:
        return list(self.game.issuable_shares(entity))  # type: ignore[attr-defined]

    def redeemable_shares(self, entity: Any) -> list[ShareBundle]:
        return list(self.game.redeemable_shares(entity))  # type: ignore[attr-defined]

    def is_offered(self, bundle: ShareBundle, offered: list[ShareBundle]) -> bool:
        """Is the action's bundle one of those offered (shares and price)?"""
        return bundle in offered

    def _checked_bundle(self, action: Action, offered: list[ShareBundle], verb: str) -> ShareBundle:
        bundle = bundle_from_action(self.game, action)
        # The site takes a loaded game's bundle as written; live play must pick an offered one.
        if self.game.strict and not self.is_offered(bundle, offered):
            corporation = self.game.resolve_entity(action)
            ids = ", ".join(s.id for s in bundle.shares)
            raise IllegalAction(f"{corporation.name} cannot {verb} {ids} at "
                                f"{self.game.format_currency(bundle.price_per_share)} now")
        return bundle

    def issue(self, entity: Any, bundle: ShareBundle) -> None:
        """Sell the issued bundle to the market; the step is done."""
        self.game.share_pool.sell_shares(bundle)
        self.pass_()

    def process_sell_shares(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        self.issue(entity, self._checked_bundle(action, self.issuable_shares(entity), "issue"))

    def process_buy_shares(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        bundle = self._checked_bundle(action, self.redeemable_shares(entity), "redeem")
        self.game.share_pool.buy_shares(entity, bundle)
        self.pass_()

    def dividend_step_passes(self) -> None:
        self.pass_()
