"""18NL: the 1830 rules in the Netherlands.

Hooks used: ``auction_round_steps`` (18NL's waterfall auction), ``operating_round_steps`` (1830's list with
18NL's special token, token and track steps).  The privates are data and the general abilities.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.game import Game
from engine.titles.family1830 import operating_round_steps_1830
from engine.titles.g18nl.data import TITLE
from engine.titles.spec import TitleSpec


class Game18NL(Game):
    TITLE: ClassVar[TitleSpec] = TITLE

    def auction_round_steps(self) -> list[Any]:
        from engine.steps.auction import CompanyPendingPar
        from engine.titles.g18nl.steps import WaterfallAuction18NL

        return [CompanyPendingPar, WaterfallAuction18NL]

    def operating_round_steps(self) -> list[Any]:
        from engine.titles.g18nl.steps import SpecialToken18NL, Token18NL, Track18NL

        return operating_round_steps_1830(SpecialToken=SpecialToken18NL, Track=Track18NL, Token=Token18NL)


__all__ = ["Game18NL"]
