"""1804: 1830's engine with three changes.

* The exploratory committee (``ExploratoryCommittee``, the first step of every operating round): once per round,
  every corporation that is parred but not floated receives its par price from the bank.
* A corporation that buys a train moves up one row of the market; one that sells a train to another corporation
  moves down (``BuyTrain1804``).
* Players buy privates from each other only after the first stock round, in the phases that allow it.

Hooks used: ``COMPANY_RULES``, ``stock_round_steps``, ``operating_round_steps``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import Action
from engine.game import Game
from engine.services.companies import CompanyRules
from engine.steps.base import Step
from engine.steps.trains import BuyTrain
from engine.titles.g1804.data import TITLE
from engine.titles.spec import TitleSpec


class CompanyRules1804(CompanyRules):
    def can_buy_from_player(self) -> bool:
        """Players may buy privates from each other from the second stock round on, in phases that allow it."""
        return super().can_buy_from_player() and self.game.turn > 1


class ExploratoryCommittee(Step):
    """Pays each parred but unfloated corporation its par price, once per operating round; never acts."""

    NAME: ClassVar[str] = "ExploratoryCommittee"

    def setup(self) -> None:
        round_ = self.round
        if getattr(round_, "exploratory_committee_done", False):
            return
        round_.exploratory_committee_done = True  # type: ignore[attr-defined]
        game = self.game
        for corporation in game.corporations:
            if corporation.par_price is None or corporation.is_floated():
                continue
            amount = int(corporation.par_price.price)
            game.bank.spend(amount, corporation)
            game.log(f"{corporation.name} receives {game.format_currency(amount)} from the bank (par price) because "
                     "it is parred but not yet floated")

    def actions(self, entity: Any) -> list[str]:
        return []

    def active(self) -> bool:
        return False

    def skip(self) -> None:
        return None


class BuyTrain1804(BuyTrain):
    """Buying a train moves the buyer up a row; selling one to another corporation moves the seller down."""

    def buy_train_action(self, action: Action, entity: Any = None, borrow_from: Any = None) -> None:
        game = self.game
        seller = game.train_by_id(getattr(action, "train", None)).owner
        super().buy_train_action(action, entity, borrow_from)
        buyer = self.current_entity()
        if not getattr(buyer, "is_corporation", False):
            return
        game.log(f"{buyer.name}'s stock price moves up for buying a train")
        game.stock_market.move_up(buyer)
        if getattr(seller, "is_corporation", False) and seller is not buyer:
            game.log(f"{seller.name}'s stock price moves down for selling a train")
            game.stock_market.move_down(seller)


class Game1804(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules1804

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.companies import Exchange
        from engine.steps.shares import BuySellParShares
        from engine.steps.special_track import SpecialTrack
        from engine.steps.trains import DiscardTrain

        return [DiscardTrain, Exchange, SpecialTrack, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany, Exchange
        from engine.steps.dividend import Dividend
        from engine.steps.home_token import HomeToken
        from engine.steps.route import RouteStep
        from engine.steps.special_token import SpecialToken
        from engine.steps.special_track import SpecialTrack
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.trains import DiscardTrain

        return [ExploratoryCommittee, Bankrupt, Exchange, SpecialTrack, SpecialToken, BuyCompany, HomeToken, Track,
                TokenStep, RouteStep, Dividend, DiscardTrain, BuyTrain1804, (BuyCompany, {"blocks": True})]


__all__ = ["Game1804"]
