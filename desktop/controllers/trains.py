"""Trains: the "Buy train..." button (T) opens the train dialog built from the legal moves (depot, discard
pile, other corporations with a price in the legal range, trade-ins, bankruptcy), "Discard a train..." when a
corporation is over its train limit.  The president's emergency share sales go through the stock controller's
"Sell shares..." (and share drags), which the engine offers only while they are legal.

A train bought from a corporation another player presides over (``needs_consent``) changes hands only if that
president agrees: a computer seat by its rule (:func:`engine.bots.policy.accepts_train_offer`), a person through the
consent question (desktop.controllers.consent), before the purchase is submitted."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.consent import ConsentAsking
from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.trains import BuyTrainDialog, DiscardTrainDialog
from desktop.panels.action_bar import BarButton, literal
from engine.bots.policy import accepts_train_offer
from engine.moves import LegalMoves

__all__ = ["CONTROLLERS", "TrainsController"]

TYPES = ("buy_train", "discard_train", "bankrupt")


class TrainsController(ConsentAsking, DialogController):
    KEY = "trains"
    SHORTCUT = "T"
    #: the buyer whose button opens the dialog (None: :meth:`buyer`)
    chosen: tuple[str, Any] | None = None

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

    def buyers(self, moves: LegalMoves) -> list[tuple[str, Any]]:
        """Every entity a dialog may buy for, :meth:`buyer` first (1877 Venezuela: each corporation of the
        stock round's player may buy a train)."""
        first = self.buyer(moves)
        found = [first] if first is not None else []
        for move in moves.moves:
            ref = (move.entity_type, move.entity)
            if move.type in ("buy_train", "bankrupt") and ref[0] != "company" and ref not in found:
                found.append(ref)
        return found

    def wanted(self, moves: LegalMoves) -> bool:
        return bool(moves.of_type("discard_train")) or self.buyer(moves) is not None

    def buttons(self) -> list[BarButton]:
        """One "Buy train..." button, or one per buyer when several may buy ("Buy train for M&M...": the first
        keeps the bar's key and shortcut, the others are keyed ``trains_<id>``)."""
        moves = self.moves
        if not self.available or moves is None or moves.of_type("discard_train") or len(self.buyers(moves)) < 2:
            return super().buttons()
        found = []
        for index, ref in enumerate(self.buyers(moves)):
            try:
                name = str(self.session.live.entity_by(*ref).name)
            except Exception:  # an id the game does not know
                name = str(ref[1])
            buys = any(m.type == "buy_train" and (m.entity_type, m.entity) == ref for m in moves.moves)
            text = f"{'Buy train' if buys else 'Bankruptcy'} for {name}..."
            key = self.KEY if index == 0 else f"{self.KEY}_{ref[1]}"
            found.append(BarButton(key, literal(text), lambda r=ref: self.open_for(r), text,
                                   self.SHORTCUT if index == 0 else None))
        return found

    def open_for(self, buyer: tuple[str, Any]) -> Any:
        """Open the dialog buying for ``buyer`` (one of :meth:`buyers`)."""
        self.chosen = buyer
        try:
            return self.open_dialog()
        finally:
            self.chosen = None

    def label(self, moves: LegalMoves) -> str:
        if moves.of_type("discard_train"):
            return "Discard a train..."
        if not moves.of_type("buy_train"):
            return "Bankruptcy..."
        return "Buy train..."

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        self.void_consent(moves)
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

    def submit(self, action: dict[str, Any]) -> bool:
        """Submit a purchase; one from another president's corporation only with that president's consent."""
        move = next(
            (
                m
                for m in (self.moves.of_type("buy_train") if self.moves is not None else [])
                if (m.entity_type, m.entity) == (action.get("entity_type"), action.get("entity"))
                and getattr(m, "train", None) == action.get("train")
                and getattr(m, "needs_consent", False)
            ),
            None,
        )
        if move is None:
            return super().submit(action)
        game = self.session.live
        seller = game.corporation_by_id(move.source)
        train = next(t for t in seller.trains if str(t.id) == str(move.train))
        return self.ask_consent(
            action,
            buyer=str(getattr(game.entity_by(move.entity_type, move.entity), "name", move.entity)),
            seller=str(seller.owner.name),
            what=f"{seller.name}'s {train.name} train",
            face=int(train.price),
            bot_accepts=lambda price: accepts_train_offer(game, move.train, price),
        )

    def submit_agreed(self, action: dict[str, Any]) -> bool:
        return super().submit(action)

    def make(self, moves: LegalMoves) -> QDialog:
        if moves.of_type("discard_train"):
            return DiscardTrainDialog(self.session.live, moves, self.window)
        chosen = self.chosen
        buyer = chosen if chosen is not None and chosen in self.buyers(moves) else self.buyer(moves)
        assert buyer is not None
        return BuyTrainDialog(self.session.live, moves, buyer, self.window)


CONTROLLERS = [TrainsController]
