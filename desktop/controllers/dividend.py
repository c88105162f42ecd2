"""Dividends: the action bar offers "Dividend..." while the operating corporation must pay or withhold; the
dialog (desktop/dialogs/dividend.py) shows what each choice pays to whom and where the share price goes, and
returns the action, which is submitted here."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.auction import _money
from desktop.dialogs.dividend import DividendDialog
from engine.moves import LegalMoves
from engine.moves.dividend import DividendMove


def dividend_moves(moves: LegalMoves) -> list[DividendMove]:
    acting = set(moves.acting)
    return [m for m in moves.of_type("dividend")
            if isinstance(m, DividendMove) and (m.entity_type, m.entity) in acting]


class DividendController(DialogController):
    KEY = "dividend"
    SHORTCUT = "V"

    def wanted(self, moves: LegalMoves) -> bool:
        return bool(dividend_moves(moves))

    def label(self, moves: LegalMoves) -> str:
        found = dividend_moves(moves)
        return f"Dividend of {_money(self.session.live, found[0].revenue)}..."

    def make(self, moves: LegalMoves) -> QDialog:
        return DividendDialog(self.session.live, dividend_moves(moves), self.window)

    def buttons(self) -> list[Any]:
        found = super().buttons()
        for button in found:
            button.tooltip = "Pay out or withhold this run's revenue: see who receives what and where the price goes"
        return found


CONTROLLERS = [DividendController]
