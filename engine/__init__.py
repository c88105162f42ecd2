"""Tracklayer's rules engine: pure Python, no user interface.

Public API::

    from engine import load_game, new_game, GameRecord, Game, GameError
    game = load_game("game.json")            # replay an 18xx.games export to its end
    game = load_game(record, upto=120)       # ... or up to raw action position 120
    game = new_game("1830", ["Ann", "Bob", "Cy", "Dee"])
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import GameError, IllegalAction, InvalidAction
from engine.record import GameRecord

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["Game", "GameError", "GameRecord", "IllegalAction", "InvalidAction", "build_game", "load_game",
           "new_game"]


def build_game(record: GameRecord, strict: bool = False) -> Any:
    """A game at its start, set up from a record's title, players, seed and optional rules: a ``Game`` for an
    18xx title, a ``KernelTitleGame`` for a title on the kernel alone (see ``engine.titles.registry``)."""
    from engine.titles.registry import load_title

    cls = load_title(record.title)
    game = cls([(p.id, p.name) for p in record.players], game_id=record.game_id, seed=record.seed,
               optional_rules=record.optional_rules, strict=strict)
    if not strict:  # a game played at the table replays its live part live, as it was played
        game.live_from, game.unchecked = record.live_from, record.unchecked
    return game


def load_game(source: GameRecord | str | Path | dict[str, Any], upto: int | None = None,
              strict: bool = False) -> Any:
    """Replay a game; ``upto`` stops before that raw action position.  Raises ``GameError``."""
    if isinstance(source, GameRecord):
        record = source
    elif isinstance(source, dict):
        record = GameRecord.from_dict(source)
    else:
        record = GameRecord.load(source)
    try:
        game = build_game(record, strict=strict)
        for _ in game.replay(record.actions, upto=upto):
            pass
    except GameError as exc:
        raise exc.in_file(record.source if record.source != "<memory>" else None) from None
    game.finish_loading()
    return game


def new_game(title: str, player_names: list[str], seed: int | None = None,
             optional_rules: list[str] | None = None) -> Any:
    """A new game at its start (a random seed unless ``seed`` is given: see ``GameRecord.new``)."""
    game = build_game(GameRecord.new(title, player_names, seed=seed, optional_rules=optional_rules))
    game.finish_loading()
    return game


def __getattr__(name: str) -> Any:
    if name == "Game":
        from engine.game import Game

        return Game
    raise AttributeError(name)
