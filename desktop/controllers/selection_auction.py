"""The selection auction (Steam Over Holland): the company on offer, its bids and the bid box stand in the
window's auction panel while the auction runs; the action-bar button brings them into sight.

A selection auction whose player chooses the company to auction (1817's seed-money auction: each player in turn
opens the bidding on any private or passes, then the others raise or pass) stands in the same panel as rows of
items, each with its bid box (:class:`~desktop.dialogs.minor_auction.MinorAuctionDialog`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.auction import PanelDialogController
from desktop.dialogs.minor_auction import MinorAuctionDialog
from desktop.dialogs.selection_auction import SelectionAuctionDialog
from engine.moves import LegalMoves
from engine.moves.selection_auction import SelectionBidMove


def chooses_item(step: Any, moves: LegalMoves) -> bool:
    """The player picks the item to auction (1817: plain bids), not the one company put on offer in order
    (Steam Over Holland's selection bids)."""
    bids = moves.of_type("bid")
    return bool(bids) and not any(isinstance(m, SelectionBidMove) for m in bids)


class SelectionAuctionController(PanelDialogController):
    KEY = "selection_auction"
    SHORTCUT = "B"
    PANEL_TITLE = "Selection auction"

    def wanted(self, moves: LegalMoves) -> bool:
        return moves.step == "SelectionAuction" and bool(moves.of_type("bid") or moves.of_type("pass"))

    def label(self, moves: LegalMoves) -> str:
        step = self.session.live.round.active_step()
        if chooses_item(step, moves):
            running = getattr(step, "auction_target", None)
            return f"Auction of {running.id}: bid or pass" if running is not None else \
                "Private auction: open the bidding or pass"
        target = next((getattr(m, "target", "") for m in moves.of_type("bid")), "")
        if not target:
            target = next((u.id for u in moves.unusable if u.kind == "company"), "")
        return f"Auction of {target}: bid or pass" if target else "Auction: bid or pass"

    def make(self, moves: LegalMoves) -> QDialog:
        if chooses_item(self.session.live.round.active_step(), moves):
            return MinorAuctionDialog(self.session.live, moves, self.window, own_pass=True,
                                      cards=self.panel() is not None)
        # in the panel above the map: the company, its auction and the choice side by side
        return SelectionAuctionDialog(self.session.live, moves, self.window, wide=self.panel() is not None)


CONTROLLERS = [SelectionAuctionController]
