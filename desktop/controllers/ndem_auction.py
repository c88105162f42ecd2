"""1822MX: the NdeM's token auction (``AuctionNdemTokens``) stands in the window's auction panel while the step
asks: name a token, bid or pass, choose the buying major (:mod:`desktop.dialogs.ndem_auction`); the action-bar
button brings it into sight."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from desktop.controllers.auction import PanelDialogController
from desktop.dialogs.ndem_auction import STEP, NdemAuctionDialog, acting_player
from engine.moves import LegalMoves


class NdemAuctionController(PanelDialogController):
    KEY = "ndem_auction"
    SHORTCUT = "B"
    PANEL_TITLE = "NdeM token auction"

    def wanted(self, moves: LegalMoves) -> bool:
        return moves.step == STEP and any(m.type in ("remove_token", "bid", "merge") for m in moves.moves)

    def label(self, moves: LegalMoves) -> str:
        step = self.session.live.round.active_step()
        who = getattr(acting_player(step), "name", "")
        if moves.of_type("merge"):
            return f"{who}: choose the major that buys the NdeM token"
        if moves.of_type("bid"):
            return f"{who}: bid for the NdeM token or pass"
        return f"{who}: name an NdeM token to auction"

    def make(self, moves: LegalMoves) -> QDialog:
        return NdemAuctionDialog(self.session.live, moves, self.window, wide=self.panel() is not None)


CONTROLLERS = [NdemAuctionController]
