"""Corporate loans: a pool of fixed-value loans the bank lends to corporations, interest once per operating round,
repayment, and what loans still owed do to the share price at the end of the game.

A game composes one ``LoanRules`` (``game.loan_rules``).  The default has no loans (``NUM_LOANS = 0``); a title
with loans names a subclass in its game class's ``LOAN_RULES`` and sets the facts:

* ``NUM_LOANS`` and ``LOAN_VALUE``: the pool (1867: 72 loans of $50);
* ``PROCEEDS_DISCOUNT``: what the bank keeps of a loan as it is taken (1867: $5: a $50 loan brings $45);
* ``INTEREST_PER_LOAN``: the interest due on each loan every operating round (1867: $5);
* ``MAX_LOANS``: the most loans one corporation may hold, by corporation type (``None``: any type).

The interest is counted on the loans held when an operating round starts (``count_interest``), so a loan taken
during the round costs no interest before the next one (as the reference's ``calculate_interest``).
``pay_interest`` takes further loans when the cash does not cover the interest and returns what is still owed.
At the game's end each loan still held moves the share price one step left (``settle_at_game_end``);
``end_price`` gives that price before the end, for player values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import GameError

if TYPE_CHECKING:
    from engine.game import Game


class Loan:
    """One loan of the pool: a number and a face value; ``owner`` is the corporation holding it (None: in the
    pool)."""

    __slots__ = ("amount", "id", "owner")

    def __init__(self, loan_id: int, amount: int) -> None:
        self.id = loan_id
        self.amount = amount
        self.owner: Any = None

    def __repr__(self) -> str:
        return f"<Loan {self.id} ${self.amount}>"


class LoanRules:
    """The loans of one game."""

    NUM_LOANS: ClassVar[int] = 0
    LOAN_VALUE: ClassVar[int] = 0
    PROCEEDS_DISCOUNT: ClassVar[int] = 0
    INTEREST_PER_LOAN: ClassVar[int] = 0
    #: corporation type -> the most loans it may hold (key None: every other type)
    MAX_LOANS: ClassVar[dict[str | None, int]] = {None: 0}
    #: at the game's end, each loan still held moves its corporation's price one step left (1867, 1861)
    SETTLE_BY_PRICE_AT_END: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        self.game = game
        #: the loans still in the bank, in the order they are lent (the first one next)
        self.pool: list[Loan] = [Loan(i, self.LOAN_VALUE) for i in range(self.NUM_LOANS)]
        #: corporation -> the loans its interest is due on this operating round
        self.interest_due: dict[Any, int] = {}
        #: corporation -> the interest it paid (or owed) this round; cleared at each round change
        self.interest_paid: dict[Any, int] = {}

    @property
    def enabled(self) -> bool:
        return self.NUM_LOANS > 0

    # --- limits ------------------------------------------------------------------------------------------
    def max_loans(self, corporation: Any) -> int:
        kind = getattr(corporation, "type", None)
        return self.MAX_LOANS.get(kind, self.MAX_LOANS.get(None, 0))

    def can_take(self, corporation: Any) -> bool:
        return (bool(getattr(corporation, "is_corporation", False)) and len(corporation.loans) < self.max_loans(
            corporation) and bool(self.pool))

    def proceeds(self, loan: Loan) -> int:
        """What the corporation receives for ``loan``."""
        return loan.amount - self.PROCEEDS_DISCOUNT

    def unused_loan_power(self, corporation: Any) -> int:
        """What the loans a corporation may still take would bring (its buying power with loans)."""
        room = max(0, self.max_loans(corporation) - len(corporation.loans))
        return room * (self.LOAN_VALUE - self.PROCEEDS_DISCOUNT)

    # --- taking and repaying -------------------------------------------------------------------------------
    def take(self, corporation: Any, loan: Loan | None = None) -> Loan:
        """``corporation`` takes ``loan`` (default: the next of the pool) and receives its proceeds."""
        if not self.can_take(corporation):
            raise GameError(f"{corporation.name} cannot take more than {self.max_loans(corporation)} loans")
        loan = loan if loan is not None else self.pool[0]
        if loan not in self.pool:
            raise GameError(f"Loan {loan.id} is not in the bank")
        game = self.game
        amount = self.proceeds(loan)
        game.log(f"{corporation.name} takes a loan and receives {game.format_currency(amount)}")
        game.bank.spend(amount, corporation)
        self.pool.remove(loan)
        loan.owner = corporation
        corporation.loans.append(loan)
        return loan

    def repay(self, corporation: Any, loan: Loan | None = None) -> Loan:
        """``corporation`` pays ``loan`` (default: its first) back to the bank at face value."""
        if not corporation.loans:
            raise GameError(f"{corporation.name} has no loan to pay off")
        loan = loan if loan is not None else corporation.loans[0]
        game = self.game
        if corporation.cash < loan.amount:
            raise GameError(f"{corporation.name} has {game.format_currency(corporation.cash)}, cannot pay off a "
                            f"loan of {game.format_currency(loan.amount)}")
        game.log(f"{corporation.name} pays off a loan for {game.format_currency(loan.amount)}")
        corporation.spend(loan.amount, game.bank)
        corporation.loans.remove(loan)
        loan.owner = None
        self.pool.append(loan)
        return loan

    def return_all(self, corporation: Any) -> None:
        """The corporation's loans go back to the pool unpaid (a nationalised or closed corporation's debt)."""
        while corporation.loans:
            loan = corporation.loans.pop()
            loan.owner = None
            self.pool.append(loan)

    # --- interest --------------------------------------------------------------------------------------------
    def count_interest(self, corporations: Any) -> None:
        """As an operating round starts: the interest of each corporation is due on the loans it holds now."""
        self.interest_due.clear()
        for corporation in corporations:
            self.interest_due[corporation] = len(corporation.loans)

    def interest_for(self, loans: int) -> int:
        return self.INTEREST_PER_LOAN * loans

    def interest_owed(self, corporation: Any) -> int:
        return self.interest_for(self.interest_due.get(corporation, 0))

    def pay_interest(self, corporation: Any) -> int | None:
        """Pay this round's interest, taking loans while the cash is short and a loan may be taken.  Returns
        None when paid, or the interest still owed (the title decides who pays it)."""
        owed = self.interest_owed(corporation)
        self.interest_paid[corporation] = owed
        while owed > corporation.cash and self.pool and len(corporation.loans) < self.max_loans(corporation):
            self.take(corporation)
            owed = self.interest_owed(corporation)
        if owed > corporation.cash:
            return owed
        if owed > 0:
            game = self.game
            game.log(f"{corporation.name} pays {game.format_currency(owed)} interest for "
                     f"{self.interest_sources(corporation)}")
            corporation.spend(owed, game.bank)
        return None

    def interest_sources(self, corporation: Any) -> str:
        """What the interest is paid for, as the log says it ("3 loans")."""
        due = self.interest_due.get(corporation, 0)
        return "1 loan" if due == 1 else f"{due} loans"

    def can_pay_interest(self, corporation: Any, extra_cash: int = 0) -> bool:
        if corporation.cash + extra_cash >= self.interest_owed(corporation):
            return True
        return bool(corporation.cash + extra_cash >= self.interest_for(self.max_loans(corporation)))

    def clear_interest_paid(self) -> None:
        self.interest_paid.clear()

    # --- the game's end -----------------------------------------------------------------------------------------
    def end_price(self, corporation: Any) -> Any:
        """The share price a corporation will have once its loans are settled at the game's end."""
        if not corporation.loans:
            return corporation.share_price
        return self.game.stock_market.find_share_price(corporation, ["left"] * len(corporation.loans))

    def at_game_end(self, corporations: Any) -> None:
        """What loans do as the game ends (``SETTLE_BY_PRICE_AT_END``: ``settle_at_game_end``)."""
        if self.SETTLE_BY_PRICE_AT_END:
            self.settle_at_game_end(corporations)

    def settle_at_game_end(self, corporations: Any) -> None:
        """Every loan still held is "paid off" by moving the share price one step left."""
        game = self.game
        logged = False
        for corporation in corporations:
            if not corporation.loans:
                continue
            if not logged:
                game.log('-- Loans are "paid off" by moving share price left one step per loan --')
                logged = True
            old = corporation.share_price
            while corporation.loans:
                game.stock_market.move_left(corporation)
                loan = corporation.loans.pop()
                loan.owner = None
                self.pool.append(loan)
            game.share_rules.log_share_price(corporation, old)


__all__ = ["Loan", "LoanRules"]
