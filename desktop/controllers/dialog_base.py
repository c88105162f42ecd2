"""A controller whose gesture is a dialog built from the legal moves (auction, draft, par, stock turn).

It offers one action-bar button while its step is active; the button opens the dialog (window-modal, not
blocking), and an accepted dialog's action is submitted.  ``dialog`` is the open dialog (tests and the
play-through drivers click in it).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog

from desktop.controllers.base import Controller
from desktop.panels.action_bar import BarButton, literal
from engine.moves import LegalMoves

#: steps played through a dialog of their own: the generic bid, assign and token-removal controls leave them alone
#: (1817's acquisition round, :mod:`desktop.controllers.acquisition`; 1822MX's NdeM token auction, whose
#: ``remove_token`` names the token auctioned, :mod:`desktop.controllers.ndem_auction`)
OWN_DIALOG_STEPS = frozenset({"Acquire", "AuctionNdemTokens"})


class DialogController(Controller):
    """Subclasses set ``KEY`` and implement :meth:`wanted` (is my step active?), :meth:`label` and :meth:`make`."""

    KEY = "dialog"
    SHORTCUT: str | None = None
    changed = Signal()

    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        self.dialog: Any = None

    def wanted(self, moves: LegalMoves) -> bool:
        raise NotImplementedError

    def label(self, moves: LegalMoves) -> str:
        raise NotImplementedError

    def make(self, moves: LegalMoves) -> QDialog:
        raise NotImplementedError

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        if self.dialog is not None:
            # the state moved on under an open dialog: its choices are stale
            dialog, self.dialog = self.dialog, None
            dialog.reject()
            dialog.deleteLater()

    @property
    def available(self) -> bool:
        return self.moves is not None and self.wanted(self.moves)

    def buttons(self) -> list[BarButton]:
        if not self.available or self.moves is None:
            return []
        text = self.label(self.moves)
        return [BarButton(self.KEY, literal(text), self.open_dialog, text, self.SHORTCUT)]

    def open_dialog(self) -> Any:
        """Open the dialog for the current legal moves (returns it; None when the step is not active)."""
        if not self.available or self.moves is None:
            self.refuse("That is not possible now.")
            return None
        if self.dialog is not None:
            return self.dialog
        dialog = self.make(self.moves)
        self.dialog = dialog
        dialog.finished.connect(lambda _code, d=dialog: self._finished(d))
        dialog.open()
        return dialog

    def _finished(self, dialog: Any) -> None:
        if self.dialog is not dialog:
            return
        self.dialog = None
        action = getattr(dialog, "action", None)
        dialog.deleteLater()
        if dialog.result() == QDialog.DialogCode.Accepted and action is not None:
            self.submit(action)
