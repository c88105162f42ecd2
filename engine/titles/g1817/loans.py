"""1817's loans: $100 each, as many as the corporation has shares; the interest rate follows how many loans are
out (5% for the first five, 5% more for each five after, up to 70%), fixed for an operating round as it starts;
taking a loan moves the share price one step left, repaying one moves it one step right."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.services.corporations import CorporationRules
from engine.services.loans import Loan, LoanRules
from engine.titles.g1817 import data


def loan_count(max_rate: int, per_increment: int, min_rate: int = data.MIN_LOAN,
               increment: int = data.LOAN_INTEREST_INCREMENTS) -> int:
    """How many loans a title's pool holds: so many per interest step from the lowest rate to the highest."""
    return ((max_rate - min_rate) // increment + 1) * per_increment


class Loans1817(LoanRules):
    LOAN_VALUE: ClassVar[int] = data.LOAN_VALUE
    MIN_RATE: ClassVar[int] = data.MIN_LOAN
    MAX_RATE: ClassVar[int] = data.MAX_LOAN
    LOANS_PER_INCREMENT: ClassVar[int] = data.LOANS_PER_INCREMENT
    RATE_INCREMENT: ClassVar[int] = data.LOAN_INTEREST_INCREMENTS
    NUM_LOANS: ClassVar[int] = loan_count(data.MAX_LOAN, data.LOANS_PER_INCREMENT)
    #: how many steps a loan taken (left) or repaid (right) moves the share price (18USA: two)
    PRICE_STEPS: ClassVar[int] = 1

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        #: the rate fixed as an operating round starts (None: outside operating rounds)
        self.fixed_rate: int | None = None

    def build_pool(self) -> None:
        """The pool, once the players are known (18USA's loans depend on how many play)."""
        if self.total_loans() != len(self.pool):
            self.pool = [Loan(i, self.LOAN_VALUE) for i in range(self.total_loans())]

    # --- limits and rates ---------------------------------------------------------------------------------
    def max_rate(self) -> int:
        """The highest interest rate (18USA: lower with five or more players)."""
        return self.MAX_RATE

    def per_increment(self, rate: int) -> int:
        """How many loans are lent at ``rate`` (18USA: it depends on the rate with five or more players)."""
        return self.LOANS_PER_INCREMENT

    def rates(self) -> range:
        return range(self.MIN_RATE, self.max_rate() + 1, self.RATE_INCREMENT)

    def total_loans(self) -> int:
        """The loans in the game: so many per interest step."""
        return sum(self.per_increment(r) for r in self.rates())

    def max_loans(self, corporation: Any) -> int:
        return int(corporation.total_shares)

    def loans_taken(self) -> int:
        return self.total_loans() - len(self.pool)

    def future_rate(self) -> int:
        """The rate the loans out now would cost."""
        taken = self.loans_taken()
        rate = 0
        for r in self.rates():
            taken -= self.per_increment(r)
            if taken <= 0:
                rate = r
                break
        return min(max(self.MIN_RATE, rate), self.max_rate())

    def rate(self) -> int:
        return self.fixed_rate if self.fixed_rate is not None else self.future_rate()

    def interest_for(self, loans: int) -> int:
        return self.rate() * loans * self.LOAN_VALUE // 100

    def interest_owed(self, corporation: Any) -> int:
        from engine.titles.g1817.volatility import LOAN_SHARK, LOAN_SHARK_INTEREST, owns

        shark = LOAN_SHARK_INTEREST if "volatility" in self.game.optional_rules and owns(corporation, LOAN_SHARK) \
            else 0
        return self.interest_for(len(corporation.loans)) + shark

    def interest_sources(self, corporation: Any) -> str:
        """The loans held now (not those counted as the round began), and the Loan Shark's own interest."""
        from engine.titles.g1817.volatility import LOAN_SHARK, owns

        sources = []
        if corporation.loans:
            sources.append(f"{len(corporation.loans)} loan{'s' if len(corporation.loans) > 1 else ''}")
        if "volatility" in self.game.optional_rules and owns(corporation, LOAN_SHARK):
            sources.append("Loan Shark")
        return " and ".join(sources)

    # --- taking and repaying: the next loan is the one last returned; the price moves -------------------------
    def take(self, corporation: Any, loan: Loan | None = None) -> Loan:
        game = self.game
        old = corporation.share_price
        taken = super().take(corporation, self.pool[-1] if self.pool and loan is None else loan)
        for _ in range(self.PRICE_STEPS):
            game.stock_market.move_left(corporation)
        game.share_rules.log_share_price(corporation, old)
        return taken

    def repay(self, corporation: Any, loan: Loan | None = None) -> Loan:
        game = self.game
        repaid = super().repay(corporation, corporation.loans[-1] if corporation.loans and loan is None else loan)
        old = corporation.share_price
        for _ in range(self.PRICE_STEPS):
            game.stock_market.move_right(corporation)
        game.share_rules.log_share_price(corporation, old)
        return repaid



class CorporationRules1817(CorporationRules):
    """A corporation's buying power counts the loans it may still take."""

    def buying_power(self, entity: Any, extra_loans: int = 0, **_: Any) -> int:
        if not getattr(entity, "is_corporation", False):
            return int(entity.cash)
        loans = self.game.loan_rules
        room = min(loans.max_loans(entity) - len(entity.loans), len(loans.pool) + extra_loans)
        return int(entity.cash) + room * loans.LOAN_VALUE


__all__ = ["CorporationRules1817", "Loans1817"]
