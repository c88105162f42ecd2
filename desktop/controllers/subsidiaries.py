"""Paying a won corporation's bid with private companies (the 1817 family's ``assign`` of a player's company to the
corporation just won): one action-bar button, "Pay for CORP with privates...", opening
:class:`~desktop.dialogs.subsidiaries.SubsidiariesDialog` (what is owed, each private's value, keep them)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.subsidiaries import SubsidiariesDialog, subsidiary_moves
from engine.moves import LegalMoves


class SubsidiariesController(DialogController):
    KEY = "subsidiaries"

    def wanted(self, moves: LegalMoves) -> bool:
        return bool(subsidiary_moves(moves))

    def label(self, moves: LegalMoves) -> str:
        winning = getattr(self.session.live.round.active_step(), "winning_bid", None)
        name = getattr(getattr(winning, "target", None), "name", "the corporation")
        return f"Pay for {name} with privates..."

    def make(self, moves: LegalMoves) -> QDialog:
        return SubsidiariesDialog(self.session.live, moves, self.window)


CONTROLLERS = [SubsidiariesController]
