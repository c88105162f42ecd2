"""Classic 18xx tactics the Strong bot knows and the Beginner does not (issue 28).

* **The dump**: a president whose corporation has no train, and whose treasury cannot pay for the cheapest
  train in the depot, will have to pay the difference from their own pocket at the next train purchase.
  Selling enough shares that another player becomes president hands that bill over.  ``dump_sale`` picks out
  the legal sales of such a corporation by its president; the Strong bot lets its look-ahead weigh them (the
  evaluation charges the looming purchase to whoever presides after the sale, so a sale that passes the
  presidency gains and one that does not only loses the price drop).
* **A private at the right price**: a president selling their own private to their corporation moves money
  from a treasury they own a part of into their own pocket; the best price is the highest one that still leaves
  the treasury the cheapest train when it needs one.  ``private_price`` is that price (or None when no price
  in the move's range leaves enough).

Each tactic is a pure reading of the game (duck-typed on the 18xx model: corporations with ``owner``,
``trains``, ``cash``, ``floated``; the depot's ``min_depot_price``): a title whose model lacks them simply
never offers the tactic.
"""

from __future__ import annotations

from typing import Any

__all__ = ["cheapest_train", "dump_sale", "faces_forced_purchase", "private_price"]


def cheapest_train(game: Any) -> int:
    try:
        return int(game.depot.min_depot_price or 0)
    except Exception:  # a title without a depot price
        return 0


def faces_forced_purchase(game: Any, corporation: Any) -> bool:
    """Will ``corporation``'s president have to add money for its next train?  (Floated, open, no train, and
    a treasury below the cheapest depot train.)"""
    if corporation is None or getattr(corporation, "closed", False) or not getattr(corporation, "floated", False):
        return False
    if getattr(corporation, "trains", None):
        return False
    cheapest = cheapest_train(game)
    return cheapest > 0 and int(getattr(corporation, "cash", 0) or 0) < cheapest


def dump_sale(game: Any, player: Any, move: Any) -> bool:
    """Is ``move`` a sale by ``player`` of shares of a corporation they preside over that faces a forced train
    purchase (a candidate dump: whether it passes the presidency the look-ahead sees)?"""
    if player is None or getattr(move, "type", "") != "sell_shares":
        return False
    try:
        corporation = game.corporation_by_id(move.corporation)
    except Exception:  # not a corporation of this game
        return False
    return getattr(corporation, "owner", None) is player and faces_forced_purchase(game, corporation)


def private_price(game: Any, corporation: Any, player: Any, move: Any) -> int | None:
    """The best price for ``player``'s own private sold to ``corporation`` (which ``player`` presides over):
    the highest in the move's range that leaves the treasury the cheapest train when it has none; None when the
    sale is not between a president and their corporation or no price leaves enough."""
    if player is None or getattr(move, "type", "") != "buy_company":
        return None
    if getattr(move, "seller", None) != getattr(player, "id", object()):
        return None
    if getattr(corporation, "owner", None) is not player:
        return None
    low, high = int(move.min_price), int(move.max_price)
    cash = int(getattr(corporation, "cash", 0) or 0)
    reserve = 0 if getattr(corporation, "trains", None) else cheapest_train(game)
    price = min(high, cash - reserve)
    return price if price >= low else None
