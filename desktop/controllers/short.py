"""Selling short (the 1817 family's ``short`` action): in a stock turn where the player may short, one
action-bar button "Sell short..." opens :class:`~desktop.dialogs.short.ShortDialog` (a row per corporation with the
cash received and the share-price effect).  The short position then shows on the player's card and in the
spreadsheet as a holding below zero."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.short import ShortDialog
from engine.moves import LegalMoves


def short_move(moves: LegalMoves | None) -> Any:
    """The acting player's ``short`` move, or None."""
    if moves is None:
        return None
    acting = set(moves.acting)
    return next((m for m in moves.of_type("short") if (m.entity_type, m.entity) in acting), None)


class ShortController(DialogController):
    KEY = "short"

    def wanted(self, moves: LegalMoves) -> bool:
        return short_move(moves) is not None

    def label(self, moves: LegalMoves) -> str:
        return "Sell short..."

    def make(self, moves: LegalMoves) -> QDialog:
        return ShortDialog(self.session.live, short_move(moves), self.window)


CONTROLLERS = [ShortController]
