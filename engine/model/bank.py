"""The bank: pays and receives money, may go below zero ("breaks"), can hold shares and companies."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from engine.model.entities import Company, ShareHolder, Spender


class Bank(Spender, ShareHolder):
    """The bank's cash may go negative.

    The first time a checked payment would take it below zero, ``broken`` becomes true and a log
    line is written; the payment still happens.  ``check=False`` (titles whose game end does not
    depend on the bank) never breaks it.  The bank is also a share holder (18Chesapeake 2p removes
    shares to it) and may hold companies.
    """

    is_bank: ClassVar[bool] = True

    def __init__(self, cash: int, log: Callable[[str], None] | None = None, check: bool = True) -> None:
        self.id = "bank"
        self.name = "The Bank"
        self.cash = cash
        self.debt = 0
        self.broken = False
        self.check = check
        self.companies: list[Company] = []
        self._log = log
        self._init_share_holder()

    def check_cash(self, amount: int, borrow_from: Spender | None = None) -> None:
        """Never refuses: a payment taking the bank below zero breaks it instead."""
        if not self.check:
            return
        if self.cash - amount < 0:
            self.break_()

    def add_cash(self, cash: int) -> None:
        self.cash += cash

    def break_(self) -> None:
        if not self.broken and self._log is not None:
            self._log("-- The bank has broken --")
        self.broken = True

    def __repr__(self) -> str:
        return "<Bank>"
