"""1830: Railways & Robber Barons.  The reference rules of the engine; only the step lists differ.

Hooks used: ``operating_round_steps`` (adds DH's SpecialToken and the HomeToken choice for ERIE's OO
home), ``COMPANY_RULES`` (``can_buy_from_player``: phase status plus "not in the first stock round").
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.game import Game
from engine.services.companies import CompanyRules
from engine.titles.g1830.data import TITLE
from engine.titles.spec import TitleSpec


class CompanyRules1830(CompanyRules):
    def can_buy_from_player(self) -> bool:
        """Players may buy privates from each other from the second stock round, in phases 2-4."""
        return "can_buy_companies_from_other_players" in self.game.phase.status and self.game.turn > 1


class Game1830(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules1830

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
        from engine.steps.trains import BuyTrain, DiscardTrain

        return [Bankrupt, Exchange, SpecialTrack, SpecialToken, BuyCompany, HomeToken, Track, TokenStep,
                RouteStep, Dividend, DiscardTrain, BuyTrain, (BuyCompany, {"blocks": True})]

