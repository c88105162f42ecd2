"""Trains: the "Buy train..." button (T) opens the train dialog built from the legal moves (depot, discard
pile, other corporations with a price in the legal range, trade-ins, bankruptcy), "Discard a train..." when a
corporation is over its train limit.  The president's emergency share sales go through the stock controller's
"Sell shares..." (and share drags), which the engine offers only while they are legal."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.trains import BuyTrainDialog, DiscardTrainDialog
from engine.moves import LegalMoves

__all__ = ["CONTROLLERS", "TrainsController"]

TYPES = ("buy_train", "discard_train", "bankrupt")


class TrainsController(DialogController):
    KEY = "trains"
    SHORTCUT = "T"

    def buyer(self, moves: LegalMoves) -> tuple[str, Any] | None:
        """The entity the dialog buys for: the first acting entity with a train move."""
        refs = list(moves.acting) + [(m.entity_type, m.entity) for m in moves.moves if m.type in TYPES]
        for ref in refs:
            if ref[0] == "company":  # a private's discounted purchase is listed in its corporation's dialog
                continue
            if any((m.entity_type, m.entity) == ref and m.type in ("buy_train", "bankrupt") for m in moves.moves):
                return ref
        for move in moves.of_type("buy_train"):
            if move.entity_type == "company":
                owner = getattr(self.session.live.entity_by("company", move.entity), "owner", None)
                if getattr(owner, "is_corporation", False):
                    return ("corporation", owner.id)
        return None

    def wanted(self, moves: LegalMoves) -> bool:
        return bool(moves.of_type("discard_train")) or self.buyer(moves) is not None

    def label(self, moves: LegalMoves) -> str:
        if moves.of_type("discard_train"):
            return "Discard a train..."
        if not moves.of_type("buy_train"):
            return "Bankruptcy..."
        return "Buy train..."

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        if moves is not None and self.wanted(moves):
            note = self.must_buy_note(moves)
            if note:
                self.message.emit(note)

    def must_buy_note(self, moves: LegalMoves) -> str:
        """A line for a corporation that must buy a train and cannot simply pay for one (emergency money), else ""."""
        buyer = self.buyer(moves)
        if buyer is None or any(m.type == "pass" and (m.entity_type, m.entity) == buyer for m in moves.moves):
            return ""
        game = self.session.live
        try:
            name = str(game.entity_by(*buyer).name)
        except Exception:  # an id the game does not know
            name = str(buyer[1])
        helped = any(getattr(m, "contribution", 0) for m in moves.of_type("buy_train"))
        affordable = [m for m in moves.of_type("buy_train") if not getattr(m, "contribution", 0)]
        if affordable and not helped:
            return ""
        parts = [f"{name} has no train and must buy one"]
        if helped:
            parts.append("its president adds what it lacks")
        if moves.of_type("sell_shares"):
            parts.append("the president may sell shares first (Sell shares...)")
        if moves.of_type("bankrupt"):
            parts.append("or declare bankruptcy (Buy train...)")
        return "; ".join(parts)

    def make(self, moves: LegalMoves) -> QDialog:
        if moves.of_type("discard_train"):
            return DiscardTrainDialog(self.session.live, moves, self.window)
        buyer = self.buyer(moves)
        assert buyer is not None
        return BuyTrainDialog(self.session.live, moves, buyer, self.window)


CONTROLLERS = [TrainsController]
