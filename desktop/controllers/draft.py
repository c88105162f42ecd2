"""The drafts of privates: 1846's hidden hand behind a "pass the mouse to <player>" cover, and the open drafts of
the 1846 family (two-player 1846, 18 Los Angeles, 18Tokaido) in the same dialog without the cover."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.auction import _entity_name
from desktop.dialogs.draft import DraftDialog, secret_draft
from engine.moves import LegalMoves

#: the draft steps' names (engine/steps/draft.py)
DRAFT_STEPS = ("DraftDistribution", "Draft2pDistribution", "DraftPurchase")


class DraftController(DialogController):
    KEY = "draft"
    SHORTCUT = "D"

    def wanted(self, moves: LegalMoves) -> bool:
        return moves.step in DRAFT_STEPS and bool(moves.moves)

    def label(self, moves: LegalMoves) -> str:
        etype, eid = moves.acting[0] if moves.acting else ("player", "?")
        name = _entity_name(self.session.live, etype, eid)
        return f"Draft: pass the mouse to {name}..." if secret_draft(self.session.live) else f"Draft ({name})..."

    def make(self, moves: LegalMoves) -> QDialog:
        return DraftDialog(self.session.live, moves, self.window)


CONTROLLERS = [DraftController]
