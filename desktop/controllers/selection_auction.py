"""The selection auction (Steam Over Holland): the company on offer, its bids and the bid box stand in the
window's auction panel while the auction runs; the action-bar button brings them into sight."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from desktop.controllers.auction import PanelDialogController
from desktop.dialogs.selection_auction import SelectionAuctionDialog
from engine.moves import LegalMoves


class SelectionAuctionController(PanelDialogController):
    KEY = "selection_auction"
    SHORTCUT = "B"
    PANEL_TITLE = "Selection auction"

    def wanted(self, moves: LegalMoves) -> bool:
        return moves.step == "SelectionAuction" and bool(moves.of_type("bid") or moves.of_type("pass"))

    def label(self, moves: LegalMoves) -> str:
        target = next((getattr(m, "target", "") for m in moves.of_type("bid")), "")
        if not target:
            target = next((u.id for u in moves.unusable if u.kind == "company"), "")
        return f"Auction of {target}: bid or pass" if target else "Auction: bid or pass"

    def make(self, moves: LegalMoves) -> QDialog:
        # in the panel above the map: the company, its auction and the choice side by side
        return SelectionAuctionDialog(self.session.live, moves, self.window, wide=self.panel() is not None)


CONTROLLERS = [SelectionAuctionController]
