"""The selection auction (Steam Over Holland): one action-bar button opens the dialog for the company on offer."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.selection_auction import SelectionAuctionDialog
from engine.moves import LegalMoves


class SelectionAuctionController(DialogController):
    KEY = "selection_auction"
    SHORTCUT = "B"

    def wanted(self, moves: LegalMoves) -> bool:
        return moves.step == "SelectionAuction" and bool(moves.of_type("bid") or moves.of_type("pass"))

    def label(self, moves: LegalMoves) -> str:
        target = next((getattr(m, "target", "") for m in moves.of_type("bid")), "")
        if not target:
            target = next((u.id for u in moves.unusable if u.kind == "company"), "")
        return f"Auction of {target}: bid or pass..." if target else "Auction: bid or pass..."

    def make(self, moves: LegalMoves) -> QDialog:
        return SelectionAuctionDialog(self.session.live, moves, self.window)


CONTROLLERS = [SelectionAuctionController]
