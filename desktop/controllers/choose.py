"""Choices a step offers (``choose``): an action-bar button named after them ("Gift...") opens
:class:`~desktop.dialogs.choose.ChooseDialog`, whose choice is submitted."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.choose import ChooseDialog
from engine.moves import LegalMoves
from engine.moves.choose import ChooseMove


def choose_move(moves: LegalMoves) -> ChooseMove | None:
    """The acting entity's ``choose`` move, if any."""
    acting = set(moves.acting)
    return next((m for m in moves.of_type("choose")
                 if isinstance(m, ChooseMove) and (m.entity_type, m.entity) in acting and m.choices), None)


class ChooseController(DialogController):
    KEY = "choose"
    SHORTCUT = "O"  # options

    def wanted(self, moves: LegalMoves) -> bool:
        return choose_move(moves) is not None

    def label(self, moves: LegalMoves) -> str:
        move = choose_move(moves)
        return f"{move.name if move is not None else 'Choose'}..."

    def make(self, moves: LegalMoves) -> QDialog:
        move = choose_move(moves)
        assert move is not None
        return ChooseDialog(move, f"{move.name}: pick one", self.window)


CONTROLLERS = [ChooseController]
