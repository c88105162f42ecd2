"""Helpers for the Auction HOW tests: building games, playing moves, and a game's whole state for comparisons."""

from __future__ import annotations

import random
from typing import Any

from engine import new_game
from engine.moves import legal_moves
from engine.steps_kernel.control_auction import ControlAuction

TITLE = "Auction HOW"


def game(n: int = 4, seed: int = 11, rules: list[str] | None = None) -> Any:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][:n]
    return new_game(TITLE, names, seed=seed, optional_rules=rules or [])


def auction(g: Any) -> ControlAuction:
    step = g.round.step_of(ControlAuction)
    assert step is not None
    return step


def current(g: Any) -> Any:
    return g.round.current_entity()


def bid(g: Any, empire: str, price: int, who: Any = None) -> Any:
    player = who if who is not None else current(g)
    return g.apply({"type": "bid", "entity": player.id, "entity_type": "player", "empire": empire, "price": price})


def pass_(g: Any, who: Any = None) -> Any:
    player = who if who is not None else current(g)
    return g.apply({"type": "pass", "entity": player.id, "entity_type": "player"})


def play_randomly(g: Any, rng: random.Random, limit: int = 5000) -> int:
    """Random legal moves until the game ends; returns the number of actions."""
    count = 0
    while not g.finished and count < limit:
        moves = legal_moves(g).moves
        action = rng.choice(moves).sample(rng)
        g.apply(action)
        count += 1
    return count


def state_of(g: Any) -> tuple[Any, ...]:
    """Everything an Auction HOW game is, for equality checks."""
    step = g.round.step_of(ControlAuction)
    items = tuple((i.id, i.high_bid, getattr(i.controller, "id", None), tuple(i.bids))
                  for i in step.items.values()) if step is not None else ()
    return (tuple((p.id, p.vp, p.paid, p.scored) for p in g.players),
            tuple((a.epoch, a.empire, a.player, a.price, a.minor, a.note, a.stack) for a in g.summary),
            items, g.turn, g.round.entity_index, g.finished, g.game_end_reason, tuple(g.log_lines),
            g.rng.state, len(g.actions), g.result())


def free_items(g: Any) -> list[str]:
    return [i.id for i in auction(g).items.values() if i.high_bid is None]


def quick_epoch(g: Any) -> None:
    """Everyone takes a different empire for 0 in turn, then everyone passes: the epoch's auction ends."""
    for _ in g.players:
        bid(g, free_items(g)[0], 0)
    for _ in g.players:
        pass_(g)


def value_bidder(g: Any, strength: dict[str, int]) -> None:
    """The seed's strategy example: worth = strength; bid the minimum on the empire with the best surplus
    (strength - minimum bid), the stronger one on a tie; a controller passes."""
    step = auction(g)
    player = current(g)
    if step.controlled_by(player) is not None:
        pass_(g)
        return
    best = max(step.items.values(), key=lambda i: (strength[i.id] - i.min_bid, strength[i.id]))
    bid(g, best.id, best.min_bid)
