"""Hints for the 1867 family (1867, 1861): minors are started by an auction in the stock round.

The winning bid of a minor is its treasury, and half of it (at most ``MAX_MINOR_PAR``) its share price: the
president's certificate (two shares) is worth what was bid, so a bid up to twice the highest par is no loss in
value.  A player names the part of their cash they put into their next minor and passes in an auction someone
else opened (there are minors enough).  Without this the bots never bid and no corporation ever ran: the game
ended on private income after seventy stock rounds of passes.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MINOR_CASH_SHARE", "minor_auction_worth", "move_score"]

#: the part of their cash a player puts into their first, second, third ... minor
MINOR_CASH_SHARE = (0.6, 0.6, 0.5, 0.4)
#: above twice the highest minor par a bid buys no more share price (the rest is treasury only)
PAR_CAP_FACTOR = 2


def _auction_step(game: Any) -> Any:
    from engine.steps.shares_via_bid import BuySellParSharesViaBid

    step = game.round.active_step() if game.round is not None else None
    return step if isinstance(step, BuySellParSharesViaBid) else None


def minor_auction_worth(game: Any, player: Any, move: Any) -> int | None:
    """What ``player`` puts into the minor of ``move`` (a stock-round bid on a corporation); None for any other
    bid, and when the player has too little left to start one."""
    if getattr(move, "target_key", "") != "corporation" or player is None:
        return None
    step = _auction_step(game)
    if step is None:
        return None
    held = sum(1 for c in game.corporations if c.owner is player and not getattr(c, "closed", False))
    if held >= len(MINOR_CASH_SHARE):
        return None
    cash = int(getattr(player, "cash", 0) or 0)
    least = int(getattr(step, "MIN_BID", 0) or 0)
    worth = int(MINOR_CASH_SHARE[held] * cash)
    cap = getattr(step, "MAX_MINOR_PAR", None)
    if cap is not None:
        worth = min(worth, PAR_CAP_FACTOR * int(cap))
    if held == 0 and least <= cash:
        worth = max(worth, least)  # a first minor rather than none
    return worth if worth >= least else None


def move_score(game: Any, entity: Any, player: Any, candidate: Any) -> tuple[float, str] | None:
    """The Beginner's rules of thumb for the family's own moves (None: the general rules)."""
    if candidate.move.type == "bid" and getattr(candidate.move, "target_key", "") == "corporation":
        from engine.bots.hints import start_bid_score

        return start_bid_score(game, player, candidate, minor_auction_worth, noun="minor")
    return None
