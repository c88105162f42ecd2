"""1817NA: 1817 (the family base, engine/titles/g1817/) with its own facts: $150 of seed money, four loans per
interest step, the Denver Telecommunications laying the special city tile."""

from __future__ import annotations

from typing import ClassVar

from engine.services.loans import LoanRules
from engine.titles.g1817.loans import Loans1817, loan_count
from engine.titles.g1817.rules import Game1817
from engine.titles.g1817_na import data
from engine.titles.spec import TitleSpec


class Loans1817NA(Loans1817):
    LOANS_PER_INCREMENT: ClassVar[int] = data.LOANS_PER_INCREMENT
    NUM_LOANS: ClassVar[int] = loan_count(Loans1817.MAX_RATE, data.LOANS_PER_INCREMENT)


class Game1817NA(Game1817):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    SEED_MONEY: ClassVar[int] = data.SEED_MONEY
    LOAN_RULES: ClassVar[type[LoanRules]] = Loans1817NA
    PITTSBURGH_PRIVATE: ClassVar[str] = data.PITTSBURGH_PRIVATE

    def setup_preround(self) -> None:
        super().setup_preround()
        self.pittsburgh_private = next((c for c in self.companies if c.id == self.PITTSBURGH_PRIVATE), None)


__all__ = ["Game1817NA"]
