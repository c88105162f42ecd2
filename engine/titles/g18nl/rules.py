"""18NL: the 1830 rules in the Netherlands.

Hooks used: ``auction_round_steps`` (18NL's waterfall auction), ``operating_round_steps`` (1830's list with
18NL's special token, token and track steps).  The privates are data and the general abilities.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.game import Game
from engine.titles.g18nl.data import TITLE
from engine.titles.spec import TitleSpec


class Game18NL(Game):
    TITLE: ClassVar[TitleSpec] = TITLE

    def auction_round_steps(self) -> list[Any]:
        from engine.steps.auction import CompanyPendingPar
        from engine.titles.g18nl.steps import WaterfallAuction18NL

        return [CompanyPendingPar, WaterfallAuction18NL]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany, Exchange
        from engine.steps.dividend import Dividend
        from engine.steps.home_token import HomeToken
        from engine.steps.route import RouteStep
        from engine.steps.special_track import SpecialTrack
        from engine.steps.trains import BuyTrain, DiscardTrain
        from engine.titles.g18nl.steps import SpecialToken18NL, Token18NL, Track18NL

        return [Bankrupt, Exchange, SpecialTrack, SpecialToken18NL, BuyCompany, HomeToken, Track18NL, Token18NL,
                RouteStep, Dividend, DiscardTrain, BuyTrain, (BuyCompany, {"blocks": True})]


__all__ = ["Game18NL"]
