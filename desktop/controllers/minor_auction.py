"""Bids on one item at a time (the merger games): 1867's private auction and the minors' auction of the stock
round (``BuySellParSharesViaBid``).  One action-bar button opens :class:`MinorAuctionDialog`; while an auction
runs the dialog opens again for the next bidder after each bid or pass."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import OWN_DIALOG_STEPS, DialogController
from desktop.dialogs.minor_auction import MinorAuctionDialog, kind_word, running_target
from engine.moves import LegalMoves
from engine.moves.base import BidMove


def _bids(moves: LegalMoves, key: str) -> list[BidMove]:
    return [m for m in moves.of_type("bid") if isinstance(m, BidMove) and m.target_key == key]


class MinorAuctionController(DialogController):
    KEY = "minor_auction"
    SHORTCUT = "B"

    def wanted(self, moves: LegalMoves) -> bool:
        if moves.step in OWN_DIALOG_STEPS:
            return False
        if moves.step == "SingleItemAuction":
            return bool(moves.of_type("bid") or moves.of_type("pass"))
        return bool(_bids(moves, "corporation"))

    def label(self, moves: LegalMoves) -> str:
        step = self.session.live.round.active_step()
        target = running_target(step)
        if target is not None:
            return f"Auction of {target.id}: bid or pass..."
        targets = [m.target for m in _bids(moves, "corporation")]
        return f"Start a {kind_word(self.session.live, targets)} by auction..."

    def make(self, moves: LegalMoves) -> QDialog:
        return MinorAuctionDialog(self.session.live, moves, self.window)

    def _finished(self, dialog: Any) -> None:
        """A bid or pass made while an auction runs: the dialog opens again for the next bidder."""
        played = dialog.result() == QDialog.DialogCode.Accepted and getattr(dialog, "action", None) is not None
        super()._finished(dialog)
        if played and self.available and self.dialog is None and self._running():
            QTimer.singleShot(0, self, self._reopen)

    def _running(self) -> bool:
        step = self.session.live.round.active_step()
        return running_target(step) is not None

    def _reopen(self) -> None:
        if self.available and self.dialog is None:
            self.open_dialog()


CONTROLLERS = [MinorAuctionController]
