"""Session: the one object through which the desktop reads and changes a game.

It holds the record, the history timeline (snapshots), and the position being viewed.  Views read
``session.game`` (the state at the viewed position) and re-read it on ``state_changed``.  Only ``submit``
changes the game, and only at the live end: viewing the past is read-only.
"""

from __future__ import annotations

import json
import traceback
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from desktop.timeline import Failure, GameTimeline, Marker
from engine import GameError
from engine.game import Game
from engine.record import GameRecord


class Session(QObject):
    """A loaded or local game and where in its history we are looking."""

    state_changed = Signal()
    position_changed = Signal(int)
    action_rejected = Signal(str)
    engine_failed = Signal(str, str)

    def __init__(self, record: GameRecord, parent: QObject | None = None, upto: int | None = None) -> None:
        super().__init__(parent)
        self.record = record
        self.path: Path | None = None
        self.timeline = GameTimeline(record, upto=upto)
        self.index = self.timeline.size

    # --- construction ----------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, upto: int | None = None, parent: QObject | None = None) -> Session:
        """Open an export; raises ``GameError`` (naming the file) for a file that cannot be opened at all (the
        timeline keeps the good part of a damaged game)."""
        record = GameRecord.load(path)
        try:
            session = cls(record, parent, upto=upto)
        except GameError as exc:  # the title or the players cannot be set up
            raise exc.in_file(str(path)) from None
        session.path = Path(path)
        return session

    @classmethod
    def new(cls, title: str, player_names: list[str], parent: QObject | None = None) -> Session:
        return cls(GameRecord.new(title, player_names), parent)

    # --- reading ---------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The state at the viewed position (read only)."""
        return self.timeline.game_at(self.index)

    @property
    def live(self) -> Game:
        return self.timeline.live

    @property
    def size(self) -> int:
        return self.timeline.size

    @property
    def viewing_past(self) -> bool:
        return self.index < self.timeline.size

    @property
    def failure(self) -> Failure | None:
        return self.timeline.failure

    @property
    def markers(self) -> list[Marker]:
        return self.timeline.markers

    @property
    def title(self) -> str:
        return self.record.title

    def display_name(self) -> str:
        return self.path.name if self.path is not None else f"New {self.record.title} game"

    # --- history ---------------------------------------------------------------------------------------
    def jump(self, index: int) -> None:
        index = max(0, min(index, self.timeline.size))
        if index == self.index:
            return
        self.index = index
        self.position_changed.emit(index)
        self.state_changed.emit()

    def step(self, delta: int) -> None:
        self.jump(self.index + delta)

    def home(self) -> None:
        self.jump(0)

    def end(self) -> None:
        self.jump(self.timeline.size)

    def next_marker(self, direction: int) -> None:
        """Jump to the next (``direction`` > 0) or previous round/phase marker."""
        indexes = sorted({m.index for m in self.markers})
        if direction > 0:
            target = next((i for i in indexes if i > self.index), self.timeline.size)
        else:
            target = next((i for i in reversed(indexes) if i < self.index), 0)
        self.jump(target)

    # --- changing the game -----------------------------------------------------------------------------
    def submit(self, action: dict[str, Any]) -> bool:
        """Apply a player's action at the live end.  A refused action changes nothing and says why."""
        if self.viewing_past:
            self.action_rejected.emit("You are viewing the past: go to the end (End) to play on.")
            return False
        try:
            self.timeline.append(action)
        except GameError as exc:
            self.action_rejected.emit(exc.message)
            return False
        except Exception as exc:  # an engine bug: rebuild from the log, report it
            report = json.dumps({"record": self.record.to_dict(), "action": action})
            self.timeline = GameTimeline(self.record)
            self.engine_failed.emit(f"{type(exc).__name__}: {exc}", report + "\n" + traceback.format_exc())
            return False
        self.index = self.timeline.size
        self.position_changed.emit(self.index)
        self.state_changed.emit()
        return True

    def save(self, path: str | Path) -> None:
        """Write the game in the 18xx.games format (safely: temporary file, then rename)."""
        target = Path(path)
        tmp = target.with_suffix(target.suffix + ".tmp")
        tmp.write_text(json.dumps(self.record.to_dict(), indent=1), encoding="utf-8")
        tmp.replace(target)
        self.path = target
