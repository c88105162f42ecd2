"""1830: Railways & Robber Barons.  The reference rules of the engine; only the step lists differ.

Hooks used: ``operating_round_steps`` (adds DH's SpecialToken and the HomeToken choice for ERIE's OO
home), ``COMPANY_RULES`` (``can_buy_from_player``: phase status plus "not in the first stock round").
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.game import Game
from engine.services.companies import CompanyRules
from engine.titles.family1830 import operating_round_steps_1830
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
        return operating_round_steps_1830()
