"""GameRecord: an 18xx.games JSON export (players, settings, actions, result) plus our own metadata.

The record is the game: state is always rebuilt by replaying ``actions``.  Fields we do not use are kept
so that writing a record back gives the document we read, with our additions under ``tracklayer``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import InvalidAction

#: 18xx.games seeds are 31-bit; 0 means "no seed" on the site, so a drawn seed is never 0.
SEED_LIMIT = 2**31

PlayerId = int | str


@dataclass(slots=True)
class PlayerEntry:
    id: PlayerId
    name: str


@dataclass(slots=True)
class GameRecord:
    title: str
    players: list[PlayerEntry]
    actions: list[dict[str, Any]]
    seed: Any = None
    game_id: Any = None
    optional_rules: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    game_end_reason: str | None = None
    source: str = "<memory>"
    raw: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Any, source: str = "<memory>") -> GameRecord:
        if not isinstance(data, Mapping):
            raise InvalidAction(f"{source}: a game file must hold a JSON object")
        title = data.get("title")
        if not isinstance(title, str) or not title:
            raise InvalidAction(f"{source}: the file names no game title")
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not raw_players:
            raise InvalidAction(f"{source}: the file lists no players")
        players: list[PlayerEntry] = []
        for i, p in enumerate(raw_players):
            if not isinstance(p, Mapping) or ("id" not in p and "name" not in p):
                raise InvalidAction(f"{source}: player {i + 1} has neither an id nor a name")
            pid = p.get("id")
            name = p.get("name")
            if pid is None:
                pid = name
            if not isinstance(pid, int | str) or isinstance(pid, bool):
                raise InvalidAction(f"{source}: player {i + 1} has an invalid id {pid!r}")
            players.append(PlayerEntry(pid, str(name if name is not None else pid)))
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise InvalidAction(f"{source}: 'actions' must be a list")
        for i, a in enumerate(actions):
            if not isinstance(a, Mapping):
                raise InvalidAction(f"{source}: action {i} is not a JSON object", position=i)
        settings = data.get("settings") or {}
        if not isinstance(settings, Mapping):
            raise InvalidAction(f"{source}: 'settings' must be an object")
        rules = settings.get("optional_rules") or []
        if not isinstance(rules, list):
            raise InvalidAction(f"{source}: 'settings.optional_rules' must be a list")
        return cls(
            title=title,
            players=players,
            actions=[dict(a) for a in actions],
            seed=settings.get("seed"),
            game_id=data.get("id"),
            optional_rules=[str(r) for r in rules],
            result=data.get("result") if isinstance(data.get("result"), dict) else None,
            game_end_reason=data.get("game_end_reason"),
            source=source,
            raw=dict(data),
        )

    @classmethod
    def from_json(cls, text: str, source: str = "<memory>") -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidAction(f"{source}: not a valid JSON file ({exc.msg} at line {exc.lineno}, "
                                f"column {exc.colno})") from None
        return cls.from_dict(data, source)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidAction(f"{p}: cannot read the file ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise InvalidAction(f"{p}: not a text (UTF-8 JSON) file") from None
        return cls.from_json(text, str(p))

    @classmethod
    def new(cls, title: str, player_names: list[str], seed: int | None = None,
            optional_rules: list[str] | None = None) -> GameRecord:
        """A record for a new local game (player ids 1..n), in the format 18xx.games imports.

        Without ``seed`` a random one is drawn (choosing it is the only chance involved; the record keeps it,
        so the game replays identically).  The game id is the seed too: 18xx.games falls back to the digits
        of the id when a file's seed is missing, and its hotseat import keeps those digits.
        """
        if seed is None:
            seed = random_seed()
        players = [PlayerEntry(i + 1, name) for i, name in enumerate(player_names)]
        rules = list(optional_rules or [])
        raw = {"id": seed, "title": title, "description": "", "status": "active",
               "min_players": len(players), "max_players": len(players),
               "players": [{"id": p.id, "name": p.name} for p in players],
               "settings": {"seed": seed, "optional_rules": rules}, "actions": []}
        return cls(title=title, players=players, actions=[], seed=seed, game_id=seed, optional_rules=rules,
                   source="<new game>", raw=raw)

    def to_dict(self) -> dict[str, Any]:
        data = dict(self.raw)
        data["title"] = self.title
        data["actions"] = list(self.actions)
        if not self.raw.get("players"):
            data["players"] = [{"id": p.id, "name": p.name} for p in self.players]
        return data


def random_seed() -> int:
    """A fresh seed for a new game (1 .. 2**31 - 1)."""
    return 1 + secrets.randbelow(SEED_LIMIT - 1)
