"""Private companies in the operating round: "Buy a private..." (C) opens the dialog built from the engine's
``BuyCompanyMove``s (the operating corporation buys a private from its owner for a price in the legal range).
Where a title lets a player buy a private from another player (18AL's stock round), "Buy a private from a
player..." opens the same dialog for the acting player, with the price the two agree.

A private's own abilities are used where their gesture lives: its tile lays through the tile tray ("Lay with
<company>" in the action bar), its tokens through the token chip ("Token with <company>"), its share exchange
through the stock controller, 1846's markers through "Assign...".  This controller also says, in the action
bar's tooltip of its button, which privates the corporation could use now.

A private bought from a player other than the buyer's president (``needs_consent``) changes hands only if that
player agrees: a computer seat decides by its rule (:func:`engine.bots.policy.accepts_offer`), a person is asked
(desktop.controllers.consent: ``consent`` while open) before the purchase is submitted."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.consent import ConsentAsking
from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.companies import BuyCompanyDialog
from engine.bots.policy import accepts_offer
from engine.moves import LegalMoves

__all__ = ["CONTROLLERS", "CompaniesController"]


class CompaniesController(ConsentAsking, DialogController):
    KEY = "buy_company"
    SHORTCUT = "C"

    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        self.consent = None

    def buyer(self, moves: LegalMoves) -> tuple[str, Any] | None:
        for ref in list(moves.acting) + [(m.entity_type, m.entity) for m in moves.of_type("buy_company")]:
            if any(
                (m.entity_type, m.entity) == ref and (ref[0] != "player" or _between_players(m))
                for m in moves.of_type("buy_company")
            ):
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
        return BuyCompanyDialog(
            self.session.live, moves, buyer, self.window, only=_between_players if buyer[0] == "player" else None
        )

    def submit(self, action: dict[str, Any]) -> bool:
        """Submit a purchase; one from a player other than the buyer's president only with that player's
        consent (a bot's rule, or a person's answer to :class:`ConsentDialog`, after which it is submitted)."""
        move = next(
            (
                m
                for m in (self.moves.of_type("buy_company") if self.moves is not None else [])
                if (m.entity_type, m.entity) == (action.get("entity_type"), action.get("entity"))
                and m.company == action.get("company")
            ),
            None,
        )
        if move is None or not _between_players(move):
            return super().submit(action)
        game = self.session.live
        company = game.company_by_id(move.company)
        return self.ask_consent(
            action,
            buyer=str(getattr(game.entity_by(move.entity_type, move.entity), "name", move.entity)),
            seller=str(game.player_by_id(move.seller).name),
            what=f"{company.name} ({company.sym})",
            face=int(company.value),
            bot_accepts=lambda price: accepts_offer(game, move.company, price),
        )

    def submit_agreed(self, action: dict[str, Any]) -> bool:
        return super().submit(action)

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        self.void_consent(moves)

def _between_players(move: Any) -> bool:
    """A player's purchase of a private from another player at a price they agree (18AL's stock round); a
    player's purchase from the bank at its fixed price is a button of the stock-turn dialog."""
    return bool(getattr(move, "needs_consent", False))


CONTROLLERS = [CompaniesController]
