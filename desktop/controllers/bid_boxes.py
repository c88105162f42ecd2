"""The bid boxes of a stock round (the 1822 family): the boxes stand in the window's auction panel for the whole
stock round (every standing bid in sight, the bid box open between turns); a player in debt pays it back through
the bar's "Pay back debt..." button."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.auction import PanelDialogController
from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.bid_boxes import BidBoxesDialog, PayoffDebtDialog, is_bid_box_step
from engine.moves import LegalMoves
from engine.moves.base import BidMove


def _step(controller: Any) -> Any:
    game = controller.session.live
    return game.round.active_step() if getattr(game, "round", None) is not None else None


class BidBoxController(PanelDialogController):
    KEY = "bid_boxes"
    SHORTCUT = "B"
    PANEL_TITLE = "Bid boxes"

    def wanted(self, moves: LegalMoves) -> bool:
        if not is_bid_box_step(_step(self)):
            return False
        return any(isinstance(m, BidMove) for m in moves.moves) or any(u.kind == "company"
                                                                      for u in moves.unusable)

    def label(self, moves: LegalMoves) -> str:
        return "Bid boxes"

    def make(self, moves: LegalMoves) -> QDialog:
        return BidBoxesDialog(self.session.live, moves, self.window)


class PayoffDebtController(DialogController):
    KEY = "payoff_player_debt"

    def wanted(self, moves: LegalMoves) -> bool:
        return bool(moves.of_type("payoff_player_debt") or moves.of_type("payoff_player_debt_partial"))

    def label(self, moves: LegalMoves) -> str:
        return "Pay back debt..."

    def make(self, moves: LegalMoves) -> QDialog:
        full = next(iter(moves.of_type("payoff_player_debt")), None)
        part = next(iter(moves.of_type("payoff_player_debt_partial")), None)
        move = full or part
        assert move is not None
        player = self.session.live.entity_by(move.entity_type, move.entity)
        return PayoffDebtDialog(self.session.live, player, full, part, self.window)


CONTROLLERS = [BidBoxController, PayoffDebtController]
