"""The private auction: the waterfall auction dialog (1830, 1889, 18Chesapeake) and the par that follows a
private carrying a president's certificate (CompanyPendingPar)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.auction import AuctionDialog
from desktop.dialogs.par import ParDialog
from engine.moves import LegalMoves
from engine.moves.base import ParMove


class AuctionController(DialogController):
    KEY = "auction"
    SHORTCUT = "B"

    def wanted(self, moves: LegalMoves) -> bool:
        # (18MS's draft, where each player buys one private at its price, is the same dialog's purchases)
        return moves.step in ("WaterfallAuction", "SimpleDraft") and bool(moves.of_type("bid") or moves.unusable)

    def label(self, moves: LegalMoves) -> str:
        return "Bid / buy a private..."

    def make(self, moves: LegalMoves) -> QDialog:
        return AuctionDialog(self.session.live, moves, self.window)


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
