"""Concrete actions to choose from: each legal move turned into a few actions a bot may submit.

A move is a family of actions (a bid range, a tile with several rotations); the bots choose among concrete
actions.  Ranges are cut to a few telling values (the least bid, what the item is worth to the bot), discrete
choices are listed (every rotation of a tile, every par price), route runs come from the exact optimiser, and a
move type the bots know nothing about contributes a few of its own samples (so a title's new action type is
played, if blindly, from the day its enumerator exists).  Every action is one its move accepts
(``Move.refusal`` is None): the bots never submit an illegal action.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.moves.base import Move

__all__ = ["Candidate", "candidates"]

#: samples taken from a move of a type the bots do not know
UNKNOWN_SAMPLES = 3
#: move types never chosen by a bot (programs act for a player on later turns: the bot decides each turn)
SKIPPED_TYPES = ("program_buy_shares", "program_auction_bid", "program_share_pass", "program_disable",
                 "message", "undo", "redo")


@dataclass
class Candidate:
    move: Move
    action: dict[str, Any]
    #: a short note used in reasons ("+30 revenue")
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _key(action: dict[str, Any]) -> str:
    return repr(sorted((k, repr(v)) for k, v in action.items()))


def _bid_prices(move: Any, worth: int | None) -> list[int]:
    low = int(move.min_bid)
    high = int(move.max_bid)
    if getattr(move, "purchase", False) or high <= low:
        return [low]
    prices = [low]
    if worth is not None and low < worth <= high:
        step = int(getattr(move, "step", 0) or 0)
        if step > 0:
            worth = low + step * ((worth - low) // step)
        prices.append(int(worth))
    return prices


def candidates(game: Any, moves: list[Move], rng: random.Random, *, worth: Any = None,
               routes: Any = None) -> list[Candidate]:
    """Concrete actions for ``moves``.  ``worth(move) -> int | None`` prices bids; ``routes(move) -> dict``
    gives the run_routes action (default: the move's own sample)."""
    out: list[Candidate] = []
    seen: set[str] = set()

    def add(move: Move, action: dict[str, Any], note: str = "") -> None:
        key = _key(action)
        if key in seen:
            return
        if move.refusal(action) is not None:
            return
        seen.add(key)
        out.append(Candidate(move, action, note))

    # a move another player must agree to only where nothing else is left (see policy.acting_moves)
    consent_ok = all(getattr(move, "needs_consent", False) for move in moves)
    for move in moves:
        kind = move.type
        if kind in SKIPPED_TYPES or (getattr(move, "needs_consent", False) and not consent_ok):
            continue
        base = move.base()
        if kind == "bid" and hasattr(move, "min_bid"):
            target_key = str(getattr(move, "target_key", None) or getattr(move, "item_key", "item"))
            target = getattr(move, "target", None) or getattr(move, "item", None)
            if getattr(move, "price_ignored", False):
                add(move, move.sample(rng))
                continue
            for price in _bid_prices(move, worth(move) if worth is not None else None):
                add(move, {**base, target_key: target, "price": price})
        elif kind == "par":
            for sp, _price in move.share_prices:  # type: ignore[attr-defined]
                add(move, {**base, "corporation": move.corporation, "share_price": sp})  # type: ignore[attr-defined]
        elif kind == "buy_shares":
            count = int(getattr(move, "count", 1))
            shares = list(move.shares[:count])  # type: ignore[attr-defined]
            action = {**base, "shares": shares,
                      "percent": dict(getattr(move, "fixed", ())).get("percent", move.percent)}  # type: ignore[attr-defined]
            if getattr(move, "share_price", None) is not None:
                action["share_price"] = move.share_price  # type: ignore[attr-defined]
            add(move, action)
        elif kind == "lay_tile":
            for rotation in move.rotations:  # type: ignore[attr-defined]
                add(move, {**base, "hex": move.hex, "tile": move.tile_ids[0],  # type: ignore[attr-defined]
                           "rotation": rotation})
        elif kind == "buy_train":
            for price in sorted({int(move.min_price), int(move.max_price)}):  # type: ignore[attr-defined]
                action = {**base, "train": move.train, "price": price, "variant": move.variant}  # type: ignore[attr-defined]
                if move.exchange is not None:  # type: ignore[attr-defined]
                    action["exchange"] = move.exchange  # type: ignore[attr-defined]
                add(move, action)
        elif kind == "buy_company":
            for price in sorted({int(move.min_price), int(move.max_price)}):  # type: ignore[attr-defined]
                add(move, {**base, "company": move.company, "price": price})  # type: ignore[attr-defined]
        elif kind == "run_routes":
            action = routes(move) if routes is not None else move.sample(rng)
            out.append(Candidate(move, action))  # the optimiser's run is checked by the engine as it is paid
        elif kind == "build_track":
            for hex_id, cost in move.hexes:  # type: ignore[attr-defined]
                add(move, {**base, "corporation": move.corporation, "hex": hex_id}, note=str(cost))  # type: ignore[attr-defined]
        elif kind == "special_interest":
            for hex_id in move.hexes:  # type: ignore[attr-defined]
                for color in move.colors:  # type: ignore[attr-defined]
                    add(move, {**base, "hex": hex_id, "color": color})
        elif kind == "assign":
            for target in move.targets:  # type: ignore[attr-defined]
                add(move, {**base, "target": target, "target_type": move.target_type})  # type: ignore[attr-defined]
        elif kind in ("pass", "sell_shares", "dividend", "discard_train", "place_token") or type(move).sample is Move.sample:
            add(move, move.sample(rng))
        elif kind == "score":
            continue  # chosen by the policy (engine.bots.hints.score)
        else:
            for _ in range(UNKNOWN_SAMPLES):
                add(move, move.sample(rng))
    return out
