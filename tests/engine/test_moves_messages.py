"""Refusal messages in live play: real actions of every family, bent one field at a time and submitted.

Each bent action is accepted only if it is a legal move; otherwise it is refused with a ``GameError`` that
changes nothing and whose message names the entity that tried, and for a bent price, the price (or the range
it had to be in).  Where the engine refuses too, our reason comes first and the error keeps the engine's type.
"""

from __future__ import annotations

import copy
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from engine.core.history import filter_actions
from engine.errors import GameError, IllegalAction, InvalidAction
from engine.moves import check_action
from engine.moves.registry import _adds_something, _named_in, combined_refusal
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import fixture_files

TITLES = ("1830", "1889", "18Chesapeake", "1846")
SKIPPED = {"message", "undo", "redo", "end_game", "log"}


@cache
def kept_actions(path: Path) -> list[Any]:
    kept, _ = filter_actions(GameRecord.load(path).actions)
    return kept


def bends(action: dict[str, Any], game: Any, rng: random.Random) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    if isinstance(action.get("price"), int):
        out += [("price", action["price"] + 7), ("price", 1), ("price", action["price"] + 100_000)]
    if isinstance(action.get("rotation"), int):
        out.append(("rotation", (action["rotation"] + 1) % 6))
    if "hex" in action:
        out.append(("hex", rng.choice([h.id for h in game.hexes])))
    if "shares" in action:
        out.append(("percent", 50))
    if action.get("entity_type") == "player":
        out.append(("entity", next(p.id for p in game.players if p.id != action["entity"])))
    else:
        out.append(("entity", game.players[0].id))
    return out


@pytest.mark.parametrize("title", TITLES)
def test_bent_real_actions_are_legal_moves_or_refused_with_a_message_naming_what_was_wrong(title: str) -> None:
    files = fixture_files(title)
    if not files:
        pytest.skip("../shared/fixtures is absent")
    path = files[0]
    kept = kept_actions(path)
    rng = random.Random(7)
    spots = [i for i, a in enumerate(kept) if a is not None and a["type"] not in SKIPPED
             and not a["type"].startswith("program")]
    refused = 0
    for position in rng.sample(spots, 10):
        base = load_game(path, upto=position)
        base.finish_loading()
        action = {k: v for k, v in kept[position].items()
                  if k not in ("auto_actions", "id", "created_at", "user", "original_id")}
        for key, value in bends(action, base, rng):
            bent = copy.deepcopy(action)
            bent[key] = value
            if key == "entity":
                bent["entity_type"] = "player"
            game = base.copy()
            before = state_of(game)
            try:
                game.process_action(bent)
            except InvalidAction:
                assert state_of(game) == before
                continue
            except GameError as exc:
                refused += 1
                assert state_of(game) == before, f"refused {bent} but the game changed"
                text = str(exc)
                who = game.entity_name(game.entity_by(bent["entity_type"], bent["entity"]))
                assert who in text, f"{bent}: {text!r} does not name {who}"
                if key == "price" and bent["entity"] == action["entity"]:
                    assert str(value) in text or " to " in text or "between" in text or "cost" in text, (bent, text)
                continue
            legal = base.copy()
            check_action(legal, bent)  # accepted: it was a legal move
    assert refused > 10


def test_our_reason_comes_first_and_the_engine_keeps_its_error_type() -> None:
    from engine.errors import RouteTooShort

    ours = IllegalAction("PRR cannot run routes: the 2 train (2-0) needs two stops")
    theirs = RouteTooShort("Route must have at least 2 stops")
    combined = combined_refusal(ours, theirs)
    assert type(combined) is RouteTooShort
    assert str(combined).startswith("PRR cannot run routes: the 2 train (2-0) needs two stops (Route must")
    same = combined_refusal(IllegalAction("it is not Player 2's turn (PRR: Buy Trains): Player 2 cannot pass"),
                            GameError("it is PRR's turn (Buy Trains); Player 2 cannot pass"))
    assert str(same) == "it is not Player 2's turn (PRR: Buy Trains): Player 2 cannot pass"
    assert _adds_something("Cannot sell shares of PRR", "a cannot sell shares: sell 10% of PRR for 67")
    assert not _adds_something("Player 2 cannot pass", "it is not Player 2's turn: Player 2 cannot pass")
    assert _named_in({"type": "lay_tile", "tile": "9-3", "hex": "D8"}) == "tile 9-3 on hex D8"
    assert _named_in({"type": "sell_shares", "shares": ["PRR_1", "PRR_2"]}) == "certificates PRR_1, PRR_2"
