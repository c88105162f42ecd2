"""Programmed actions: the Game menu's "Programmed actions..." opens the program dialog (set or cancel a player's
program) at the live end of a game in play; the session runs programs after every action.  No action-bar button:
the bar's line saying what to do now must keep its room (at 1366 px a third button already cuts it)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.program import ProgramDialog
from desktop.panels.action_bar import BarButton
from engine.moves import LegalMoves


class ProgramController(DialogController):
    KEY = "programs"

    def wanted(self, moves: LegalMoves) -> bool:
        return not moves.finished

    def label(self, moves: LegalMoves) -> str:
        return "Auto actions..."

    def buttons(self) -> list[BarButton]:
        return []

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
