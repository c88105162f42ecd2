"""The acquisition round (the 1817 family's ``Acquire`` step): the corporation on the block, what the buyer gets
and pays, and the player's choice (offer it for sale or keep it; bid or pass; choose the acquiring corporation)
stand in the window's auction panel while the step asks for one of them; the action-bar button brings them into
sight.  The buyer's loans afterwards are the loan buttons (:mod:`desktop.controllers.loans`)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from desktop.controllers.auction import PanelDialogController
from desktop.dialogs.acquisition import AcquisitionDialog, acquired_corporation
from engine.moves import LegalMoves

#: the step this controller plays (the other dialog controllers leave it alone)
STEP = "Acquire"


class AcquisitionController(PanelDialogController):
    KEY = "acquisition"
    SHORTCUT = "B"
    PANEL_TITLE = "Acquisition round"

    def wanted(self, moves: LegalMoves) -> bool:
        return moves.step == STEP and any(m.type in ("assign", "bid", "merge") for m in moves.moves)

    def label(self, moves: LegalMoves) -> str:
        corporation = acquired_corporation(self.session.live.round.active_step())
        name = getattr(corporation, "name", "")
        if moves.of_type("assign"):
            return f"Offer {name} for sale or keep it"
        if moves.of_type("merge"):
            return f"Choose who acquires {name}"
        return f"Acquisition of {name}: bid or pass"

    def make(self, moves: LegalMoves) -> QDialog:
        return AcquisitionDialog(self.session.live, moves, self.window, wide=self.panel() is not None)


CONTROLLERS = [AcquisitionController]
