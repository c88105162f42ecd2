"""Hints for the 1846 family (1846, 1846 2p Variant, 18 Los Angeles and 18 Los Angeles 2): a player pars a
corporation of their own before buying into another's.

In the family a corporation whose president runs it badly closes (no train, no run: its shares are worth
nothing) and the game ends when every corporation has closed.  The general rules of thumb score 10% of a rival's
corporation (its expected dividends) above a par of one's own: measured (arena 18 Los Angeles seed 700, Beginner
vs 3 Random), the Beginner bought nine shares of the Random players' corporations, parred none, and when they
had all closed ended with 7 against 394.
"""

from __future__ import annotations

from typing import Any

__all__ = ["OTHERS_SHARE_SCORE", "move_score"]

#: the score of a share of a rival's corporation while the player presides over none (below a par's ~30,
#: above a pass)
OTHERS_SHARE_SCORE = 5.0


def move_score(game: Any, entity: Any, player: Any, candidate: Any) -> tuple[float, str] | None:
    """The Beginner's rules of thumb for the family's stock round (None: the general rules)."""
    if candidate.move.type != "buy_shares" or player is None or not getattr(player, "is_player", False):
        return None
    try:
        corporation = game.corporation_by_id(candidate.move.corporation)
    except Exception:  # not a corporation of this game
        return None
    if corporation.owner is player or corporation.owner is None:
        return None
    if any(c.owner is player and not getattr(c, "closed", False) for c in game.corporations):
        return None
    return OTHERS_SHARE_SCORE, f"buys a share of {corporation.name} (a corporation of its own first)"
