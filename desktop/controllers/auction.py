"""The private auction: the waterfall auction dialog (1830, 1889, 18Chesapeake; 18Texas's simultaneous auction
uses it too) and the par that follows a private carrying a president's certificate (CompanyPendingPar)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.auction import AuctionDialog
from desktop.dialogs.par import ParDialog
from engine.moves import LegalMoves
from engine.moves.base import ParMove

#: the auction steps whose bids the auction dialog makes (18Texas's simultaneous auction: a bid on any private)
#: (18MS's SimpleDraft and 1847 AE's Draft: each purchase of a private at its price)
AUCTION_STEPS = ("WaterfallAuction", "SimultaneousAuction", "SimpleDraft", "Draft")


class AuctionController(DialogController):
    KEY = "auction"
    SHORTCUT = "B"

    def wanted(self, moves: LegalMoves) -> bool:
        # (18MS's draft, where each player buys one private at its price, is the same dialog's purchases)
        return moves.step in AUCTION_STEPS and bool(moves.of_type("bid") or moves.unusable)

    def label(self, moves: LegalMoves) -> str:
        return "Bid / buy a private..."

    def make(self, moves: LegalMoves) -> QDialog:
        return AuctionDialog(self.session.live, moves, self.window)

    def _finished(self, dialog: Any) -> None:
        """A bid or pass made in the dialog: it opens again for the next bidder while the auction runs (the
        bid box stays at hand between bids); closed with Close, it stays closed."""
        played = dialog.result() == QDialog.DialogCode.Accepted and getattr(dialog, "action", None) is not None
        super()._finished(dialog)
        if played and self.available and self.dialog is None:
            QTimer.singleShot(0, self, self._reopen)

    def _reopen(self) -> None:
        if self.available and self.dialog is None:
            self.open_dialog()


class PendingParController(DialogController):
    KEY = "pending_par"

    def wanted(self, moves: LegalMoves) -> bool:
        return moves.step == "CompanyPendingPar" and bool(moves.of_type("par"))

    def label(self, moves: LegalMoves) -> str:
        move = moves.of_type("par")[0]
        return f"Par {getattr(move, 'corporation', '')}..."

    def make(self, moves: LegalMoves) -> QDialog:
        move: Any = moves.of_type("par")[0]
        assert isinstance(move, ParMove)
        return ParDialog(self.session.live, move, self.window)


CONTROLLERS = [AuctionController, PendingParController]
