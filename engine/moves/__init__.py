"""Legal moves: "what may the acting entity do now?", for the GUI, the strict checker, bots and playouts.

    from engine.moves import legal_moves, check_action
    moves = legal_moves(game)            # LegalMoves: step, description, acting entities, moves, unusable
    check_action(game, action_dict)      # raises IllegalAction with a readable reason when not legal

Each step family has an enumerator (``engine/moves/<family>.py``) registered for its step class with
:func:`engine.moves.registry.enumerates`; a title's own steps register theirs the same way.
"""

from __future__ import annotations

from engine.moves.base import LegalMoves, Move, Unusable
from engine.moves.registry import check_action, legal_moves

__all__ = ["LegalMoves", "Move", "Unusable", "check_action", "legal_moves"]
