"""Programmed actions: the "Auto actions..." button of the stock round and the Game menu's "Programmed actions..."
open the program dialog (set or cancel a player's program); the session runs programs after every action."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.program import ProgramDialog
from desktop.panels.action_bar import BarButton
from engine.moves import LegalMoves

#: the steps where programs act (a button there; the Game menu offers the dialog at any time)
PROGRAM_STEPS = ("BuySellParShares",)


class ProgramController(DialogController):
    KEY = "programs"

    def wanted(self, moves: LegalMoves) -> bool:
        return not moves.finished

    def label(self, moves: LegalMoves) -> str:
        return "Auto actions..."

    def buttons(self) -> list[BarButton]:
        if self.moves is None or self.moves.step not in PROGRAM_STEPS:
            return []
        return super().buttons()

    def make(self, moves: LegalMoves) -> QDialog:
        game = self.session.live
        acting = None
        if moves.acting and moves.acting[0][0] == "player":
            acting = next((p for p in game.players if p.id == moves.acting[0][1]), None)
        return ProgramDialog(game, acting, self.window)

    def open_for(self, player_id: Any = None) -> Any:
        """Open the dialog showing ``player_id``'s program (default: the acting player)."""
        dialog = self.open_dialog()
        if dialog is not None and player_id is not None:
            dialog.select_player(player_id)
        return dialog


CONTROLLERS = [ProgramController]
