"""Helpers of the bot tests: a saved arena game (tests/engine/data/) replayed to a position."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import build_game
from engine.record import GameRecord


def saved_game_at(path: Path, count: int) -> Any:
    """The game of the saved file ``path`` after its first ``count`` actions, loaded as a table's game is."""
    record = GameRecord.load(path)
    game = build_game(record)
    for _ in game.replay(record.actions[:count]):
        pass
    game.finish_loading()
    return game


def player_with_id(game: Any, pid: int) -> Any:
    return next(p for p in game.players if p.id == pid)
