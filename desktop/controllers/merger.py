"""The merger round of 1867 and 1861 (the ``Merge`` step): one action-bar button opens :class:`MergerDialog`
to convert the minor whose turn it is, merge it with connected minors, or pass; then to form the major, seeing
the result first.  The round's other parts use the usual gestures: the new major's shares (the stock dialog or a
drag), token removal above the limit (a click on the token, or the bar's buttons), a trainless major's
nationalisation (the choice button), discarding trains."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.merger import MergerDialog
from engine.moves import LegalMoves
from engine.steps.merge import MergeOffer

STEP = "Merge"
#: the merger steps this dialog plays: 1867/1861's merger round, 1817's conversion round (convert 2 -> 5 -> 10
#: shares, or merge two corporations of one size)
STEPS = frozenset({STEP, "Conversion"})


class MergerController(DialogController):
    KEY = "merger"
    SHORTCUT = "M"

    def wanted(self, moves: LegalMoves) -> bool:
        if isinstance(self.session.live.round.active_step(), MergeOffer):
            return False  # a merger offered to one corporation (18MEX's NdM): the bar's "Merge X into Y" button
        return moves.step in STEPS and any(m.type in ("merge", "convert") for m in moves.moves)

    def label(self, moves: LegalMoves) -> str:
        step = self.session.live.round.active_step()
        if getattr(step, "converting", None) is not None or getattr(step, "merge_major", False):
            return "Form the major..."
        if getattr(step, "merging", None):
            return "Merger: add minors or finish..."
        if moves.step != STEP:
            return "Conversion: convert, merge or pass..."
        return "Merger: convert, merge or pass..."

    def make(self, moves: LegalMoves) -> QDialog:
        return MergerDialog(self.session.live, moves, self.window)

    def _finished(self, dialog: Any) -> None:
        """A step of the merger made: the dialog opens again while the same minor's merger goes on."""
        played = dialog.result() == QDialog.DialogCode.Accepted and getattr(dialog, "action", None) is not None
        super()._finished(dialog)
        if played and self.available and self.dialog is None:
            step = self.session.live.round.active_step()
            if getattr(step, "converting", None) is not None or getattr(step, "merge_major", False) \
                    or getattr(step, "merging", None):
                QTimer.singleShot(0, self, self._reopen)

    def _reopen(self) -> None:
        if self.available and self.dialog is None:
            self.open_dialog()


CONTROLLERS = [MergerController]
