"""The private auction: the waterfall auction (1830, 1889, 18Chesapeake; 18Texas's simultaneous auction
uses it too) standing in the window's auction panel, and the par that follows a private carrying a president's
certificate (CompanyPendingPar, a dialog)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractSpinBox, QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.auction import AuctionDialog
from desktop.dialogs.par import ParDialog
from engine.moves import LegalMoves
from engine.moves.base import ParMove

#: the auction steps whose bids the auction dialog makes (18Texas's simultaneous auction: a bid on any private)
#: (18MS's SimpleDraft and 1847 AE's Draft: each purchase of a private at its price)
AUCTION_STEPS = ("WaterfallAuction", "SimultaneousAuction", "SimpleDraft", "Draft")
#: the steps of AUCTION_STEPS where each player takes a company at its price in turn (18ZOO's powers, 18MS)
DRAFT_STEPS = ("SimpleDraft", "Draft")


class PanelDialogController(DialogController):
    """A dialog controller whose dialog stands in the window's auction panel (``window.auction_panel``) for
    as long as its step is active, instead of a window reopened for each bid: it is rebuilt from the legal
    moves after every action (the committed bids stay in sight, the bid box stays open between bids and
    between bidders) and leaves when the step is over.  ``dialog`` is the shown one (tests and the
    play-through drivers click in it); without a panel it is an ordinary dialog."""

    #: the panel's title line
    PANEL_TITLE = "Auction"

    def panel(self) -> Any:
        return getattr(self.window, "auction_panel", None)

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)  # a stale dialog goes
        self.stand()

    def stand(self) -> None:
        """Show the turn's dialog in the panel while the step is active; take the panel away otherwise."""
        panel = self.panel()
        if panel is None:
            return
        if not self.available or self.moves is None:
            panel.release(self)
            return
        if self.dialog is None:
            dialog = self.make(self.moves)
            self.dialog = dialog
            set_embedded = getattr(dialog, "set_embedded", None)
            if callable(set_embedded):
                set_embedded(True)
            dialog.finished.connect(lambda _code, d=dialog: self._finished(d))
            panel.hold(self, dialog, self.panel_title(dialog))

    def panel_title(self, dialog: Any) -> str:
        heading = getattr(dialog, "panel_heading", None)
        if heading:
            return str(heading)
        who = getattr(dialog, "player_name", "")
        return f"{self.PANEL_TITLE}: {who}'s turn" if who else self.PANEL_TITLE

    def open_dialog(self) -> Any:
        """The bar's button: the panel comes into sight (unfolded) with the bid box focused."""
        panel = self.panel()
        if panel is None:
            return super().open_dialog()
        if not self.available or self.moves is None:
            self.refuse("That is not possible now.")
            return None
        self.stand()
        panel.unfold()
        focus_first_entry(self.dialog)
        return self.dialog

    def _finished(self, dialog: Any) -> None:
        current = self.dialog is dialog
        super()._finished(dialog)  # submits an accepted choice: the new state builds the next dialog
        if current and self.dialog is None:  # refused or closed: the same turn's dialog stands again
            self.stand()

    def dispose(self) -> None:
        panel = self.panel()
        if panel is not None:
            panel.release(self)
        if self.dialog is not None:
            dialog, self.dialog = self.dialog, None
            dialog.deleteLater()
        super().dispose()


def focus_first_entry(dialog: Any) -> None:
    """Put the focus in the dialog's first usable bid box (typing a bid needs no click first)."""
    if dialog is None:
        return
    for box in dialog.findChildren(QAbstractSpinBox):
        if box.isEnabled():
            box.setFocus()
            box.selectAll()
            return


class AuctionController(PanelDialogController):
    KEY = "auction"
    SHORTCUT = "B"
    PANEL_TITLE = "Private auction"

    def wanted(self, moves: LegalMoves) -> bool:
        # (18MS's draft, where each player buys one private at its price, is the same dialog's purchases)
        return moves.step in AUCTION_STEPS and bool(moves.of_type("bid") or moves.unusable)

    def label(self, moves: LegalMoves) -> str:
        # (the auction stands in its panel: the button brings it into sight)
        return "Choose in the draft" if moves.step in DRAFT_STEPS else "Bid / buy a private"

    def make(self, moves: LegalMoves) -> QDialog:
        # in the panel above the map: the companies as cards side by side, low enough to leave the map its room
        return AuctionDialog(self.session.live, moves, self.window, cards=self.panel() is not None)


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
