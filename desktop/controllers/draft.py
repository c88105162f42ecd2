"""1846's draft: the hidden hand behind a "pass the mouse to <player>" cover."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.auction import _entity_name
from desktop.dialogs.draft import DraftDialog
from engine.moves import LegalMoves


class DraftController(DialogController):
    KEY = "draft"
    SHORTCUT = "D"

    def wanted(self, moves: LegalMoves) -> bool:
        return moves.step == "DraftDistribution" and bool(moves.moves)

    def label(self, moves: LegalMoves) -> str:
        etype, eid = moves.acting[0] if moves.acting else ("player", "?")
        return f"Draft: pass the mouse to {_entity_name(self.session.live, etype, eid)}..."

    def make(self, moves: LegalMoves) -> QDialog:
        return DraftDialog(self.session.live, moves, self.window)


CONTROLLERS = [DraftController]
