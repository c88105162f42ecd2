"""A merger offered to one corporation at a time (``engine.steps.merge.MergeOffer``, 18MEX's NdM merger): one
action-bar button "Merge X into Y" accepts; declining is the step's pass button ("Decline")."""

from __future__ import annotations

from desktop.controllers.base import Controller
from desktop.panels.action_bar import BarButton, literal
from engine.moves import LegalMoves
from engine.moves.merge import MergeMove


def merge_move(moves: LegalMoves | None) -> MergeMove | None:
    """The acting entity's ``merge`` move, if any."""
    if moves is None:
        return None
    acting = set(moves.acting)
    return next((m for m in moves.of_type("merge")
                 if isinstance(m, MergeMove) and (m.entity_type, m.entity) in acting), None)


class MergeController(Controller):
    KEY = "merge"

    def buttons(self) -> list[BarButton]:
        move = merge_move(self.moves)
        if move is None:
            return []
        text = f"Merge {move.corporation} into {move.target}"
        return [BarButton(self.KEY, literal(text), self.merge, text, "M")]

    def merge(self) -> bool:
        move = merge_move(self.moves)
        if move is None:
            return self.refuse("No merger is offered now.")
        return self.submit({**move.base(), "corporation": move.corporation})


CONTROLLERS = [MergeController]
