"""1817NA: 1817 (the family base, engine/titles/g1817/) with its own facts: $150 of seed money, four loans per
interest step, the Denver Telecommunications laying the special city tile."""

from __future__ import annotations

from typing import ClassVar

from engine.services.loans import LoanRules
from engine.titles.g1817.loans import Loans1817
from engine.titles.g1817.rules import Game1817
from engine.titles.g1817_na import data
from engine.titles.spec import TitleSpec


class Game1817NA(Game1817):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    SEED_MONEY: ClassVar[int] = data.SEED_MONEY
    LOAN_RULES: ClassVar[type[LoanRules]] = Loans1817.with_loans_per_increment(data.LOANS_PER_INCREMENT)
    PITTSBURGH_PRIVATE: ClassVar[str] = data.PITTSBURGH_PRIVATE

    def setup_preround(self) -> None:
        super().setup_preround()
        self.pittsburgh_private = next((c for c in self.companies if c.id == self.PITTSBURGH_PRIVATE), None)


__all__ = ["Game1817NA"]
