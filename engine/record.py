"""GameRecord: an 18xx.games JSON export (players, settings, actions, result) plus our own metadata.

The record is the game: state is always rebuilt by replaying ``actions``.  Fields we do not use are kept
so that writing a record back gives the document we read, with our additions under ``tracklayer``.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.actions import MAX_NUMBER, describe_value
from engine.errors import BadFile, GameError, InvalidAction

# Bounds of a game file (generous: the largest real exports are a few megabytes).
MAX_FILE_BYTES = 64_000_000
MAX_NESTING = 32  # levels of lists and objects in the whole document
MAX_PLAYERS = 20

#: 18xx.games seeds are 31-bit; 0 means "no seed" on the site, so a drawn seed is never 0.
SEED_LIMIT = 2**31

PlayerId = int | str

#: Our own metadata lives under this key of a game file (18xx.games ignores it).  It is always an object: a
#: file whose key holds anything else (a list, a text, a number) opens with the key dropped, since nothing of
#: ours can be read from it, and every later save writes a fresh object there (issue 23, item 2).
META_KEY = "tracklayer"

#: The computer players of a table game, under ``META_KEY``: ``{"bots": [{"player": <player id>, "level":
#: "strong"}, ...]}`` (issue 28).  18xx.games ignores it (a game file's unknown keys are not read); a reader of
#: ours drops entries it cannot use (an unknown player, a level that is not a short word).
BOTS_KEY = "bots"
MAX_LEVEL_CHARS = 20


def metadata(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the metadata object under ``META_KEY`` of a file's document (empty when absent or not an
    object)."""
    value = data.get(META_KEY)
    return dict(value) if isinstance(value, Mapping) else {}


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name}, which is not a number")


def _check_depth(data: Any) -> None:
    """Refuse a document nested deeper than ``MAX_NESTING`` (iteratively: no recursion on hostile input)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        value, depth = pop()
        if depth > MAX_NESTING:
            raise BadFile(f"the file is nested too deeply (more than {MAX_NESTING} levels)")
        children = value.values() if type(value) is dict else value
        for child in children:
            kind = type(child)
            if kind is dict or kind is list:
                push((child, depth + 1))


def _check_seed(name: str, value: Any) -> None:
    """A seed or game id: a whole number in range or a short text (its digits make the seed)."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | str) or (
            isinstance(value, int) and abs(value) > 10**30) or (isinstance(value, str) and len(value) > 200):
        raise BadFile(f"'{name}' should be a number or a short text, not {describe_value(value)}", field=name)


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
        """A record from parsed JSON, its fields checked (``BadFile`` naming the file and the field).

        Actions are checked field by field when they are replayed (``Action.from_dict``), so that a file
        damaged at action N still opens up to action N; here each must only be a JSON object."""
        try:
            return cls._from_dict(data, source)
        except GameError as exc:
            raise exc.in_file(source) from None

    @classmethod
    def _from_dict(cls, data: Any, source: str) -> GameRecord:
        if not isinstance(data, Mapping):
            raise BadFile("a game file must hold a JSON object")
        _check_depth(data)
        title = data.get("title")
        if not isinstance(title, str) or not title:
            raise BadFile("the file names no game title", field="title")
        if len(title) > 100:
            raise BadFile("the game title is too long", field="title")
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not raw_players:
            raise BadFile("the file lists no players", field="players")
        if len(raw_players) > MAX_PLAYERS:
            raise BadFile(f"the file lists {len(raw_players)} players (at most {MAX_PLAYERS})", field="players")
        players: list[PlayerEntry] = []
        for i, p in enumerate(raw_players):
            if not isinstance(p, Mapping) or ("id" not in p and "name" not in p):
                raise BadFile(f"player {i + 1} has neither an id nor a name", field="players")
            pid = p.get("id")
            name = p.get("name")
            if pid is None:
                pid = name
            if not isinstance(pid, int | str) or isinstance(pid, bool) or (
                    isinstance(pid, int) and abs(pid) > MAX_NUMBER) or (isinstance(pid, str) and len(pid) > 200):
                raise BadFile(f"player {i + 1} has an invalid id {describe_value(pid)}", field="players")
            if name is not None and (not isinstance(name, str | int) or isinstance(name, bool)
                                     or len(str(name)) > 200):
                raise BadFile(f"player {i + 1} has an invalid name {describe_value(name)}", field="players")
            players.append(PlayerEntry(pid, str(name if name is not None else pid)))
        if len({p.id for p in players}) != len(players):
            raise BadFile("two players have the same id", field="players")
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise BadFile(f"'actions' should be a list, not {describe_value(actions)}", field="actions")
        for i, a in enumerate(actions):
            if not isinstance(a, Mapping):
                raise InvalidAction(f"an action must be a JSON object, not {describe_value(a)}", position=i)
        settings = data.get("settings") or {}
        if not isinstance(settings, Mapping):
            raise BadFile(f"'settings' should be an object, not {describe_value(settings)}", field="settings")
        rules = settings.get("optional_rules") or []
        if not isinstance(rules, list) or not all(isinstance(r, str) and len(r) <= 200 for r in rules):
            raise BadFile("'settings.optional_rules' should be a list of names", field="settings.optional_rules")
        seed = settings.get("seed")
        _check_seed("settings.seed", seed)
        game_id = data.get("id")
        _check_seed("id", game_id)
        result = data.get("result") if isinstance(data.get("result"), dict) else None
        end_reason = data.get("game_end_reason")
        raw = dict(data)
        if META_KEY in raw and not isinstance(raw[META_KEY], Mapping):
            del raw[META_KEY]
        return cls(
            title=title,
            players=players,
            actions=[dict(a) for a in actions],
            seed=seed,
            game_id=game_id,
            optional_rules=[str(r) for r in rules],
            result=result,
            game_end_reason=end_reason if isinstance(end_reason, str) else None,
            source=source,
            raw=raw,
        )

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "<memory>") -> GameRecord:
        if len(text) > MAX_FILE_BYTES:
            raise BadFile(f"the file is too large ({len(text) / 1e6:.0f} MB; at most "
                          f"{MAX_FILE_BYTES // 1_000_000} MB)", source=source)
        try:
            data = json.loads(text, parse_constant=_refuse_constant)
        except json.JSONDecodeError as exc:
            raise BadFile(f"not a valid JSON file ({exc.msg}: line {exc.lineno}, column {exc.colno})",
                          source=source) from None
        except UnicodeDecodeError:
            raise BadFile("not a text (UTF-8 JSON) file", source=source) from None
        except RecursionError:
            raise BadFile(f"the file is nested too deeply (more than {MAX_NESTING} levels)",
                          source=source) from None
        except ValueError as exc:  # a number with more digits than Python converts, or NaN/Infinity
            what = "a number with too many digits" if "digits" in str(exc) else str(exc)
            raise BadFile(f"the file holds {what}", source=source) from None
        except MemoryError:
            raise BadFile("the file is too large to read", source=source) from None
        return cls.from_dict(data, source)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a game file: only a regular file (never a FIFO, a device, a socket: they could block for ever or
        never end), opened without blocking and read no further than ``MAX_FILE_BYTES``."""
        p = Path(path)
        try:
            raw = read_bounded(p, MAX_FILE_BYTES)
            text = raw.decode("utf-8-sig")
        except OSError as exc:
            raise BadFile(f"cannot read the file ({exc.strerror or exc})", source=str(p)) from None
        except UnicodeDecodeError:
            raise BadFile("not a text (UTF-8 JSON) file", source=str(p)) from None
        except MemoryError:  # the file's fault (its size), not the engine's
            raise BadFile("the file is too large to read (not enough memory)", source=str(p)) from None
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

    @property
    def live_from(self) -> int | None:
        """The raw position from which this game was played live (every check on), as our metadata records it
        (``KernelGame.live_from``); None: not recorded (a site export: loaded as the site loads it)."""
        value = metadata(self.raw).get("live_from")
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= len(self.actions):
            return value
        return None

    @property
    def unchecked(self) -> list[int]:
        """Positions from ``live_from`` on applied unchecked (``KernelGame.unchecked``), as our metadata says."""
        value = metadata(self.raw).get("unchecked")
        if not isinstance(value, list):
            return []
        return [v for v in value if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.actions)]

    @property
    def bot_seats(self) -> dict[PlayerId, str]:
        """Player id -> computer level of the seats bots hold, as our metadata records them (empty: persons
        only, or a site export).  Entries naming no player of this game, or no level word, are left out."""
        value = metadata(self.raw).get(BOTS_KEY)
        if not isinstance(value, list):
            return {}
        ids = {p.id for p in self.players}
        seats: dict[PlayerId, str] = {}
        for entry in value[:MAX_PLAYERS]:
            if not isinstance(entry, Mapping):
                continue
            pid, level = entry.get("player"), entry.get("level")
            if isinstance(pid, bool) or not isinstance(pid, int | str) or pid not in ids:
                continue
            if isinstance(level, str) and 0 < len(level) <= MAX_LEVEL_CHARS and level.isalpha():
                seats[pid] = level
        return seats

    def set_bot_seats(self, seats: Mapping[PlayerId, str]) -> None:
        """Record which seats bots hold (player id -> level; persons absent), in player order.  No bots: the
        field is removed, so a table of persons writes the file it would have written before bots existed."""
        meta = metadata(self.raw)
        order = [p.id for p in self.players]
        entries = [{"player": pid, "level": str(seats[pid])} for pid in order if pid in seats]
        unknown = [pid for pid in seats if pid not in order]
        if unknown:
            raise ValueError(f"no player with id {unknown[0]!r} in this game")
        if entries:
            meta[BOTS_KEY] = entries
        else:
            meta.pop(BOTS_KEY, None)
        if meta:
            self.raw[META_KEY] = meta
        else:
            self.raw.pop(META_KEY, None)

    def to_dict(self) -> dict[str, Any]:
        data = dict(self.raw)
        data["title"] = self.title
        data["actions"] = list(self.actions)
        if not self.raw.get("players"):
            data["players"] = [{"id": p.id, "name": p.name} for p in self.players]
        return data


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (symbolic links followed); ``BadFile`` for anything else or for
    more than ``limit`` bytes.  The file is opened non-blocking (a FIFO swapped in after a check cannot hang
    the open) and checked on the open descriptor; the read stops at ``limit + 1`` bytes whatever the size
    the system reports (a file that grows, a special file that says 0)."""
    if path.is_dir():
        raise BadFile("this is a folder, not a game file", source=str(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BadFile("this is a folder, not a game file", source=str(path))
        if not stat.S_ISREG(info.st_mode):
            raise BadFile("not a regular file (a device, a pipe or a socket cannot be a game file)",
                          source=str(path))
        if info.st_size > limit:
            raise BadFile(f"the file is too large ({info.st_size / 1e6:.0f} MB; at most {limit // 1_000_000} MB)",
                          source=str(path))
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise BadFile(f"the file is too large (more than {limit // 1_000_000} MB)", source=str(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


def random_seed() -> int:
    """A fresh seed for a new game (1 .. 2**31 - 1)."""
    import secrets  # (here: opening a game needs no seed, and secrets brings hmac and hashlib, 6 ms at start-up)

    return 1 + secrets.randbelow(SEED_LIMIT - 1)
