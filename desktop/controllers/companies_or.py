"""Private companies in the operating round: "Buy a private..." (C) opens the dialog built from the engine's
``BuyCompanyMove``s (the operating corporation buys a private from its owner for a price in the legal range).
Where a title lets a player buy a private from another player (18AL's stock round), "Buy a private from a
player..." opens the same dialog for the acting player, with the price the two agree.

A private's own abilities are used where their gesture lives: its tile lays through the tile tray ("Lay with
<company>" in the action bar), its tokens through the token chip ("Token with <company>"), its share exchange
through the stock controller, 1846's markers through "Assign...".  This controller also says, in the action
bar's tooltip of its button, which privates the corporation could use now."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.companies import BuyCompanyDialog
from engine.moves import LegalMoves

__all__ = ["CONTROLLERS", "CompaniesController"]


class CompaniesController(DialogController):
    KEY = "buy_company"
    SHORTCUT = "C"

    def buyer(self, moves: LegalMoves) -> tuple[str, Any] | None:
        for ref in list(moves.acting) + [(m.entity_type, m.entity) for m in moves.of_type("buy_company")]:
            if any((m.entity_type, m.entity) == ref and (ref[0] != "player" or _between_players(m))
                   for m in moves.of_type("buy_company")):
                return ref
        return None

    def wanted(self, moves: LegalMoves) -> bool:
        return self.buyer(moves) is not None

    def label(self, moves: LegalMoves) -> str:
        buyer = self.buyer(moves)
        return "Buy a private from a player..." if buyer is not None and buyer[0] == "player" else "Buy a private..."

    def make(self, moves: LegalMoves) -> QDialog:
        buyer = self.buyer(moves)
        assert buyer is not None
        return BuyCompanyDialog(self.session.live, moves, buyer, self.window,
                                only=_between_players if buyer[0] == "player" else None)


def _between_players(move: Any) -> bool:
    """A player's purchase of a private from another player at a price they agree (18AL's stock round); a
    player's purchase from the bank at its fixed price is a button of the stock-turn dialog."""
    return bool(getattr(move, "needs_consent", False))


CONTROLLERS = [CompaniesController]
