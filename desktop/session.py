"""Session: the one object through which the desktop reads and changes a game.

It holds the record, the history timeline (snapshots), and the position being viewed.  Views read
``session.game`` (the state at the viewed position) and re-read it on ``state_changed``.  Only ``submit``,
``undo`` and ``redo`` change the game, and only at the live end: viewing the past is read-only.

The record is always exactly the game being shown: its actions replay to the live state, whatever was
opened (a damaged file cut at its last good action, a game opened ``upto`` a point, a branch).  So what is
played is what is saved.

Undo and redo are recorded the way 18xx.games records them: an ``undo`` or ``redo`` entry is appended to the
action list (with the acting entity, a fresh id and the time, like the site writes) and the undo filter of
``engine.core.history`` decides which actions take effect.  A ``QUndoStack`` is not used on purpose: it models
undo as reversible commands and would keep a second history beside the action log, while here the log is
the history (an undo is itself an action that a file must contain for the site to read it back) and the
timeline's snapshots already make "the state without the last action" instant.
"""

from __future__ import annotations

import json
import os
import time
import traceback
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.files import (
    AutosaveStore,
    FileStamp,
    SaveError,
    check_not_overwriting_others,
    file_stamp,
    game_text,
    write_atomic,
)
from desktop.timeline import Failure, GameTimeline, Marker
from engine import GameError
from engine.core.history import filter_actions
from engine.game import Game
from engine.record import META_KEY, GameRecord, metadata
from engine.titles.options import ignored_optional_rules

#: The history (snapshots for instant jumps, chart series) is built after the window first shows the game:
#: it starts this long after the session is made, then goes on a few actions at a time in idle time.
HISTORY_START_MS = 150

#: Top-level keys describing a finished or ongoing site game that no longer hold for a branch of it.
STALE_KEYS = ("result", "game_end_reason", "manually_ended", "finished_at", "acting", "round", "turn", "updated_at")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return a == b


def entity_type_of(entity: Any) -> str:
    """The ``entity_type`` the 18xx.games format writes for an acting entity."""
    if getattr(entity, "is_player", False):
        return "player"
    if getattr(entity, "is_minor", False):
        return "minor"
    if getattr(entity, "is_company", False):
        return "company"
    return "corporation"


def actions_upto(timeline: GameTimeline, index: int) -> list[dict[str, Any]]:
    """Raw actions whose replay gives history index ``index`` of ``timeline`` (nothing after it).

    Normally the file's own actions up to the ``index``-th applied one (undo/redo entries included, ids
    kept).  An undo written later that reaches back past that point (possible only around chat messages)
    would make that prefix mean something else: then the actions that take effect, numbered afresh.
    """
    if index <= 0:
        return []
    actions = timeline.record.actions
    prefix = [dict(a) for a in actions[: timeline.raw_position(index) + 1]]
    kept, _ = filter_actions(prefix)
    if [i for i, a in enumerate(kept) if a is not None] == timeline.positions[:index]:
        return prefix
    effective = [dict(actions[p]) for p in timeline.positions[:index]]
    for number, action in enumerate(effective, 1):
        action["id"] = number
    return effective


class Session(QObject):
    """A loaded or local game and where in its history we are looking."""

    state_changed = Signal()
    position_changed = Signal(int)
    action_rejected = Signal(str)
    engine_failed = Signal(str, str)
    #: after every change of the record (an action, undo, redo): the moment to autosave
    record_changed = Signal()
    autosave_failed = Signal(str)
    #: an autosave (or a save) succeeded after autosaves had failed
    autosave_ok = Signal()
    #: the history (snapshots, chart series) now covers the whole game
    history_completed = Signal()

    def __init__(self, record: GameRecord, parent: QObject | None = None, upto: int | None = None) -> None:
        super().__init__(parent)
        self.record = record
        self.path: Path | None = None
        #: the version of the file at ``path`` that we last read or wrote (None: unknown): a save over a file
        #: changed since then asks first (two programs on one game never lose each other's moves)
        self.disk_stamp: FileStamp | None = None
        #: True when the record differs from the file at ``path`` (or there is no file yet)
        self.dirty = False
        #: the record was cut (``upto`` or a damaged file): saving must not overwrite the original
        self.cut = False
        self.autosave_store: AutosaveStore | None = None
        # 32 random hex digits, as uuid4().hex gave (uuid itself imports platform: 3 ms before the first paint)
        self.autosave_key = os.urandom(16).hex()
        #: changes made since autosaving started failing (0: the autosave holds every move)
        self.autosave_failures = 0
        #: how to call a game that has no file (e.g. "Recovered 1846 game"); None: "New <title> game"
        self.label: str | None = None
        self._filter_cache: tuple[int, list[Any], list[list[Any]]] | None = None
        self.timeline = GameTimeline(record, upto=upto, lazy=True)
        if upto is not None or self.timeline.failure is not None:
            self._cut_record(self.timeline.size)
        self.index = self.timeline.size
        self._history_timer = QTimer(self)
        self._history_timer.setInterval(HISTORY_START_MS)
        self._history_timer.timeout.connect(self._on_history_timer_timeout)
        self._history_timer.start()

    # --- construction ----------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, upto: int | None = None, parent: QObject | None = None) -> Session:
        """Open an export; raises ``GameError`` (naming the file) for a file that cannot be opened at all (the
        timeline keeps the good part of a damaged game)."""
        stamp = file_stamp(path)  # before reading: a save by someone else in between counts as a change
        record = GameRecord.load(path)
        try:
            session = cls(record, parent, upto=upto)
        except GameError as exc:  # the title or the players cannot be set up
            raise exc.in_file(str(path)) from None
        session.path = Path(path)
        session.disk_stamp = stamp
        return session

    @classmethod
    def new(
        cls,
        title: str,
        player_names: list[str],
        parent: QObject | None = None,
        seed: int | None = None,
        optional_rules: list[str] | None = None,
    ) -> Session:
        """A new local game; a random seed unless ``seed`` is given (the record keeps it)."""
        session = cls(GameRecord.new(title, player_names, seed=seed, optional_rules=optional_rules), parent)
        return session

    def _cut_record(self, index: int) -> None:
        """Make the record exactly the actions of history index ``index`` (which is the live end)."""
        actions = actions_upto(self.timeline, index)
        if len(actions) == len(self.record.actions):
            return
        self.cut = True
        renumbered = actions != self.record.actions[: len(actions)]
        self.record.actions[:] = actions
        for key in STALE_KEYS:
            self.record.raw.pop(key, None)
        self.record.result = None
        self.record.game_end_reason = None
        self._filter_cache = None
        if renumbered:
            self.timeline = GameTimeline(self.record, lazy=True)  # renumbered: replay the exact record
        else:
            failure = self.timeline.failure
            self.timeline.sync()
            self.timeline.failure = failure

    def branch(self, index: int | None = None, parent: QObject | None = None) -> Session:
        """ "Play on from here": a new local game made of this game's actions up to history ``index``.

        The branch is its own record (no path: saving asks for a new file) with a note of where it came from
        under our metadata key; this session and its file are not touched.
        """
        index = self.index if index is None else max(0, min(index, self.timeline.size))
        raw = {k: v for k, v in self.record.raw.items() if k not in STALE_KEYS}
        raw["status"] = "active"
        meta = metadata(raw)
        meta.pop("autosave", None)
        meta.pop("saved_path", None)
        meta["branch"] = {
            "source": str(self.path) if self.path is not None else self.display_name(),
            "index": index,
            "source_raw_position": self.timeline.raw_position(index),
            "source_actions": len(self.record.actions),
        }
        raw["actions"] = actions_upto(self.timeline, index)
        live_from = self.live.live_from
        meta["live_from"] = min(live_from, len(raw["actions"])) if live_from is not None else None
        raw[META_KEY] = meta
        record = GameRecord.from_dict(json.loads(json.dumps(raw)), source="<branch>")
        session = Session(record, parent if parent is not None else self.parent())
        session.dirty = True
        return session

    # --- the history, built in idle time ----------------------------------------------------------------
    def _on_history_timer_timeout(self) -> None:
        self._history_timer.setInterval(0)  # from now on: whenever the event loop is idle
        if self.timeline.build_history():
            self._history_timer.stop()
            self.history_completed.emit()

    def resume_history_build(self) -> None:
        """Build the history in idle time again (after :meth:`stop_history_build`), unless it is complete."""
        if not self.timeline.history_complete and not self._history_timer.isActive():
            self._history_timer.start()

    def history_stats(self) -> list[dict[str, Any]]:
        """The chart values over the whole game (building what is missing of the history first)."""
        self.timeline.complete_history()
        return self.timeline.stats

    def stop_history_build(self) -> None:
        """Stop building the history in idle time (the session is no longer shown); jumps still build it."""
        self._history_timer.stop()

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

    @property
    def branch_info(self) -> dict[str, Any] | None:
        meta = self.record.raw.get(META_KEY)
        info = meta.get("branch") if isinstance(meta, dict) else None
        return info if isinstance(info, dict) else None

    @property
    def save_path(self) -> Path | None:
        """Where Save writes without asking: None for new games, branches and cut records."""
        return None if self.cut else self.path

    def display_name(self) -> str:
        if self.path is not None:
            return self.path.name
        if self.label is not None:
            return self.label
        if self.branch_info is not None:
            return f"{self.record.title} branch (unsaved)"
        return f"New {self.record.title} game"

    def ignored_rules(self) -> list[tuple[str, str]]:
        """Optional rules in the record this game does not play, with the reason."""
        try:
            return ignored_optional_rules(self.record.title, self.record.optional_rules, len(self.record.players))
        except GameError:
            return []

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
        """Apply a player's action at the live end.  A refused action changes nothing and says why.

        ``undo`` and ``redo`` entries (as in an 18xx.games file) are handled as ``undo``/``redo``.
        """
        kind = action.get("type")
        if kind == "undo":
            return self.undo(action.get("action_id"))
        if kind == "redo":
            return self.redo()
        if self.viewing_past:
            self.action_rejected.emit("You are viewing the past: go to the end (End) to play on.")
            return False
        data = dict(action)
        data.setdefault("created_at", int(time.time()))
        return self._change(lambda: self.timeline.append(data), data)

    def undo_reason(self) -> str | None:
        """Why Undo is not possible now (None: it is)."""
        if self.viewing_past:
            return "You are viewing the past: go to the end (End) to undo."
        kept = self._kept()
        if not any(a is not None and a.get("type") != "message" for a in kept):
            return "Nothing to undo: no action has been played."
        return None

    def redo_reason(self) -> str | None:
        """Why Redo is not possible now (None: it is)."""
        if self.viewing_past:
            return "You are viewing the past: go to the end (End) to redo."
        if not self._redo_stack():
            return "Nothing to redo: no undone action since the last move."
        return None

    def undo(self, action_id: int | None = None) -> bool:
        """Undo the last action (or back to just after ``action_id``; 0: everything), as the site records it."""
        reason = self.undo_reason()
        if reason is not None:
            self.action_rejected.emit(reason)
            return False
        entry = self._entry("undo")
        if action_id is not None:
            entry["action_id"] = action_id
        return self._change(lambda: self._append_raw(entry), entry)

    def undo_to_reason(self, index: int | None = None) -> str | None:
        """Why "Undo back to here" at history index ``index`` (default: the position shown) is not possible now
        (None: it is)."""
        index = self.index if index is None else index
        if index >= self.size:
            return (
                "Undo back to here takes back every action after the position shown: go back in the history "
                "first (the history bar, the log or the Left key)."
            )
        kept = self._kept()
        last_shown = self.timeline.positions[index - 1] if index > 0 else -1
        if not any(a is not None and a.get("type") != "message" for a in kept[last_shown + 1 :]):
            return "Nothing to undo after this position: only chat follows it."
        if index > 0 and not isinstance(self.record.actions[last_shown].get("id"), int):
            return "This action has no id in the file: it cannot be the target of an undo."
        return None

    def undo_to(self, index: int | None = None) -> bool:
        """Take back every action after history index ``index`` (default: the position shown) and play on from
        there, recorded as the site's "Undo to here" records it: one ``undo`` whose ``action_id`` is the id of
        the last action kept (0: back to the start)."""
        index = self.index if index is None else index
        reason = self.undo_to_reason(index)
        if reason is not None:
            self.action_rejected.emit(reason)
            return False
        action_id = int(self.record.actions[self.timeline.positions[index - 1]]["id"]) if index > 0 else 0
        entry = self._entry("undo")
        entry["action_id"] = action_id
        return self._change(lambda: self._append_raw(entry), entry)

    def redo(self) -> bool:
        reason = self.redo_reason()
        if reason is not None:
            self.action_rejected.emit(reason)
            return False
        entry = self._entry("redo")
        return self._change(lambda: self._append_raw(entry), entry)

    def _entry(self, kind: str) -> dict[str, Any]:
        """An undo/redo entry with the fields 18xx.games writes: type, acting entity, id, time."""
        entity = self.live.round.current_entity()
        if entity is not None:
            eid, etype = entity.id, entity_type_of(entity)
        else:  # no one to act (a finished game): the author of the last action
            last = next(
                (a for a in reversed(self._kept()) if a is not None and a.get("type") != "message"),
                self.record.actions[-1] if self.record.actions else {},
            )
            eid, etype = last.get("entity", 0), last.get("entity_type", "player")
        return {
            "type": kind,
            "entity": eid,
            "entity_type": etype,
            "id": self.live.current_action_id() + 1,
            "created_at": int(time.time()),
        }

    def _append_raw(self, entry: dict[str, Any]) -> None:
        self.record.actions.append(entry)
        self.timeline.sync()

    def _change(self, change: Any, action: dict[str, Any]) -> bool:
        """Run one change of the record; a refusal changes nothing, an engine bug is reported and survived."""
        before = len(self.record.actions)
        try:
            change()
        except GameError as exc:
            if len(self.record.actions) > before:  # an undo/redo the filter refused
                del self.record.actions[before:]
                self._filter_cache = None
                self.timeline.sync()
            self.action_rejected.emit(exc.message)
            return False
        except Exception as exc:  # an engine bug: rebuild from our own actions, report it, go on
            self._recover(exc, action, before)
            return False
        self._filter_cache = None
        self.index = self.timeline.size
        self.dirty = True
        self.position_changed.emit(self.index)
        self.state_changed.emit()
        self.record_changed.emit()
        self.autosave()
        return True

    def _recover(self, exc: BaseException, action: dict[str, Any], keep: int) -> None:
        details = traceback.format_exc()
        del self.record.actions[keep:]
        self._filter_cache = None
        report = json.dumps({"record": self.record.to_dict(), "action": action}, indent=1, default=str)
        # The live game may be half-changed: rebuild it from our own actions at the current position (the
        # nearest snapshot and a few actions).  The record itself is never cut here.
        try:
            self.timeline.sync(rebuild=True)
        except Exception:
            self.timeline = GameTimeline(self.record)
        self.index = self.timeline.size
        self.engine_failed.emit(f"{type(exc).__name__}: {exc}", f"{report}\n\n{details}")
        self.position_changed.emit(self.index)
        self.state_changed.emit()

    def _filtered(self) -> tuple[list[Any], list[list[Any]]]:
        """The undo filter over the record (cached until the record changes)."""
        cache = self._filter_cache
        if cache is None or cache[0] != len(self.record.actions):
            kept, stack = filter_actions(self.record.actions)
            cache = self._filter_cache = (len(self.record.actions), kept, stack)
        return cache[1], cache[2]

    def _kept(self) -> list[Any]:
        return self._filtered()[0]

    def _redo_stack(self) -> list[list[Any]]:
        return self._filtered()[1]

    # --- files -----------------------------------------------------------------------------------------
    def to_file_dict(self) -> dict[str, Any]:
        """The record as a file: the 18xx.games format (result when finished), our metadata apart."""
        data = self.record.to_dict()
        for key in STALE_KEYS:
            data.pop(key, None)
        live = self.live
        if live.finished:
            data["status"] = "finished"
            data["result"] = {str(k): v for k, v in live.result().items()}
            data["game_end_reason"] = live.game_end_reason
        elif data.get("status") == "finished":
            data["status"] = "active"
        meta = metadata(data)
        meta.pop("autosave", None)
        meta.pop("saved_path", None)
        meta["program"] = "Tracklayer"
        meta["live_from"] = live.live_from  # reopened the way it was played (KernelGame.live_from)
        meta.pop("unchecked", None)
        if live.unchecked:
            meta["unchecked"] = list(live.unchecked)
        data[META_KEY] = meta
        return data

    def save(self, path: str | Path, overwrite: bool = False) -> None:
        """Write the game in the 18xx.games format (atomically); ``SaveError`` with a message on failure.

        Saving over this game's own file when someone else (another Tracklayer on the same game) saved moves
        there since we read or wrote it raises ``FileChangedError`` and writes nothing, unless ``overwrite``
        (the player chose to).  Another existing file is overwritten: the file dialog has asked already."""
        target = Path(path)
        data = self.to_file_dict()
        if not overwrite and self.path is not None and _same_file(target, self.path):
            check_not_overwriting_others(target, self.disk_stamp, data["actions"])
        write_atomic(target, game_text(data))
        self.disk_stamp = file_stamp(target)
        self.path = target
        self.cut = False
        self.dirty = False
        if self.autosave_store is not None:
            self.autosave_store.remove(self.autosave_key)
        self._autosave_recovered()  # the file holds every move now

    def autosave(self) -> None:
        """Write the autosave (after every change); a failure is reported, never raised."""
        store = self.autosave_store
        if store is None:
            return
        try:
            store.write(self.autosave_key, self.to_file_dict(), saved_path=self.path)
        except SaveError as exc:
            self.autosave_failures += 1  # reported after every change, not once: moves are piling up
            self.autosave_failed.emit(f"Autosave failed: {exc.message}")
            return
        self._autosave_recovered()

    def _autosave_recovered(self) -> None:
        if self.autosave_failures:
            self.autosave_failures = 0
            self.autosave_ok.emit()

    def discard_autosave(self) -> None:
        if self.autosave_store is not None:
            self.autosave_store.remove(self.autosave_key)
