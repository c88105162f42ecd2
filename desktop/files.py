"""Writing game files so that a crash or a full disk never costs a game (no Qt here: testable on its own).

``write_atomic`` writes the new text to a temporary file in the same folder, flushes and fsyncs it, keeps the
previous file as ``NAME.bak`` and renames the temporary file over the target (``os.replace``, atomic on the
same file system).  Whenever the program dies, the target is the old or the new document, never a mix, and
the backup holds the one before.

``AutosaveStore`` keeps one autosave per game in a folder (the desktop passes Qt's AppDataLocation), written
after every action, and lists the ones a crashed run left behind for recovery at start-up.

Every failure a user can cause (missing folder, full disk, read-only disk, no permission) raises
``SaveError`` with a sentence to show, never a bare ``OSError``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import GameError
from engine.record import META_KEY, GameRecord, metadata

BACKUP_SUFFIX = ".bak"
DAMAGED_SUFFIX = ".damaged"
AUTOSAVE_KEY = META_KEY


class SaveError(Exception):
    """A file could not be written; ``message`` says why in words a player understands."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class FileChangedError(SaveError):
    """The file to be overwritten was changed on disk by someone else (another Tracklayer on the same game,
    most likely) and holds moves this game does not have: overwriting it would lose them."""


@dataclass(frozen=True, slots=True)
class FileStamp:
    """What identifies one version of a file on disk: an atomic save (a rename) changes the inode, any write
    the size or the modification time."""

    inode: int
    size: int
    mtime_ns: int


def file_stamp(path: str | Path) -> FileStamp | None:
    """The stamp of the file at ``path`` now (None when there is none)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return FileStamp(st.st_ino, st.st_size, st.st_mtime_ns)


def check_not_overwriting_others(path: Path, stamp: FileStamp | None, actions: list[dict[str, Any]]) -> None:
    """Raise ``FileChangedError`` if the game file ``path`` was changed since ``stamp`` (when we last read or
    wrote it; None: unknown) and holds actions that ``actions`` (the game about to be written) does not start
    with.  A file that only holds a beginning of our game (we or a touch changed it) is no conflict: saving
    loses nothing; nor is a file that cannot be read as a game."""
    now = file_stamp(path)
    if now is None or (stamp is not None and now == stamp):
        return
    try:
        on_disk = GameRecord.load(path).actions
    except GameError:
        return
    if on_disk == actions[: len(on_disk)]:
        return
    theirs = sum(1 for a, b in zip(on_disk, actions, strict=False) if a != b) + max(0, len(on_disk) - len(actions))
    raise FileChangedError(
        f"{path.name} was changed on disk since this game was opened or last saved: another program (perhaps "
        f"Tracklayer open twice on the same game) saved moves there that this game does not have "
        f"({len(on_disk)} actions on disk, {theirs} of them not in this game). Overwriting the file loses them.")


def describe_os_error(exc: OSError, path: Path) -> str:
    """One sentence for a failed write of ``path``."""
    code = exc.errno
    if code == errno.ENOENT:
        return f"Cannot save to {path}: the folder {path.parent} does not exist."
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return f"Cannot save to {path}: the disk is full. Free some space or save somewhere else."
    if code == errno.EROFS:
        return f"Cannot save to {path}: the disk is read-only. Save somewhere else."
    if code in (errno.EACCES, errno.EPERM):
        return f"Cannot save to {path}: you are not allowed to write there (permission denied)."
    if code == errno.EISDIR:
        return f"Cannot save to {path}: that is a folder."
    reason = exc.strerror or str(exc)
    return f"Cannot save to {path}: {reason}."


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _keep_backup(target: Path) -> None:
    """Make ``target.bak`` a copy of ``target`` without ever leaving ``target`` missing."""
    backup = backup_path(target)
    staging = backup.with_name(f".{backup.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        staging.unlink()
    try:
        os.link(target, staging)  # instant and atomic where hard links exist
    except OSError:
        shutil.copyfile(target, staging)
        with open(staging, "rb+") as handle:
            os.fsync(handle.fileno())
    os.replace(staging, backup)


def write_atomic(path: str | Path, text: str, keep_backup: bool = False, sync_folder: bool = True) -> None:
    """Write ``text`` to ``path`` atomically (temporary file, flush, fsync, rename); ``SaveError`` on failure.

    ``sync_folder``: also make the rename itself durable (an fsync of the folder).  The autosave, written on
    every click, leaves it out: a power cut may then leave the previous autosave (the rename is atomic either
    way), and the click does not wait for a second disk flush (tens of milliseconds on a busy disk)."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        if target.is_dir():
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(target))
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup and target.exists():
            _keep_backup(target)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise SaveError(describe_os_error(exc, target)) from None
    if sync_folder:
        _fsync_folder(target.parent)


def game_text(data: dict[str, Any]) -> str:
    """A record's JSON text as we write it: compact per action (one action a line), readable overall (one
    top-level key a line).

    Written on every change (the autosave), so it must stay cheap at any game length: every value is encoded
    by the C encoder (``indent`` would make ``json`` fall back to its pure-Python encoder, several times
    slower and grown to a tenth of a second per click in a 500-action game)."""

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            items = ",\n".join(f"  {compact(item)}" for item in value)
            lines.append(f" {compact(str(key))}: [\n{items}\n ]")
        else:
            lines.append(f" {compact(str(key))}: {compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n" if lines else "{}\n"


def read_record(path: Path) -> GameRecord:
    """Read a game file; ``GameError`` if it is missing or damaged."""
    return GameRecord.load(path)


def read_with_backup(path: Path) -> tuple[GameRecord, bool]:
    """The record in ``path``, or in its backup when ``path`` is missing or damaged: ``(record, from_backup)``."""
    try:
        return read_record(path), False
    except GameError:
        backup = backup_path(path)
        if not backup.exists():
            raise
        return read_record(backup), True


@dataclass(slots=True)
class Autosave:
    """An autosave found on disk."""

    key: str
    path: Path
    record: GameRecord
    from_backup: bool
    saved_at: float  # seconds since the epoch, when it was written

    @property
    def meta(self) -> dict[str, Any]:
        value = self.record.raw.get(AUTOSAVE_KEY)
        return value if isinstance(value, dict) else {}

    @property
    def saved_path(self) -> Path | None:
        """The file the game was saved to, if it ever was."""
        value = self.meta.get("saved_path")
        return Path(value) if isinstance(value, str) and value else None

    def newer_than_saved_file(self) -> bool:
        """Does this autosave hold something its saved file does not (or is there no saved file)?"""
        saved = self.saved_path
        if saved is None or not saved.exists():
            return bool(self.record.actions)
        try:
            on_disk = GameRecord.load(saved)
        except GameError:
            return True
        return on_disk.actions != self.record.actions


class AutosaveStore:
    """One autosave file per game (``<key>.json`` and its ``.bak``) in ``folder``."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def path_for(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def write(self, key: str, data: dict[str, Any], saved_path: Path | None = None) -> Path:
        """Autosave ``data`` (a record's dict): atomic, keeping the previous autosave as the backup."""
        data = dict(data)
        meta = metadata(data)
        meta["autosave"] = {"key": key, "written_at": int(time.time())}
        meta["saved_path"] = str(saved_path) if saved_path is not None else None
        data[AUTOSAVE_KEY] = meta
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(describe_os_error(exc, self.path_for(key))) from None
        path = self.path_for(key)
        write_atomic(path, game_text(data), keep_backup=True, sync_folder=False)
        return path

    def load(self, key: str) -> Autosave:
        path = self.path_for(key)
        record, from_backup = read_with_backup(path)
        used = backup_path(path) if from_backup else path
        return Autosave(key, path, record, from_backup, used.stat().st_mtime)

    def remove(self, key: str) -> None:
        path = self.path_for(key)
        for candidate in (path, backup_path(path)):
            with contextlib.suppress(OSError):
                candidate.unlink()
        self.clean_temporaries(key)

    def clean_temporaries(self, key: str | None = None) -> None:
        """Delete temporary files a killed run left (of one key, or all); never the autosaves themselves."""
        if not self.folder.is_dir():
            return
        prefix = f".{key}.json" if key is not None else "."
        for entry in self.folder.iterdir():
            if entry.name.startswith(prefix) and entry.name.endswith(".tmp"):
                with contextlib.suppress(OSError):
                    entry.unlink()

    def leftover_keys(self) -> list[str]:
        """Keys that have a temporary file or a lock but no autosave (a run killed during its first autosave)."""
        if not self.folder.is_dir():
            return []
        have = set(self.keys())
        found: set[str] = set()
        for entry in self.folder.iterdir():
            name = entry.name
            if name.startswith(".") and name.endswith(".tmp") and ".json" in name:
                found.add(name[1:name.index(".json")])
            elif name.endswith(".lock") and not name.startswith("."):
                found.add(name[: -len(".lock")])
        return sorted(found - have)

    def set_aside(self, key: str) -> Path | None:
        """Rename an autosave that cannot be read (and its backup) to ``.damaged`` names: kept for a bug report,
        never offered again.  The renamed main file (or backup), or None when there was nothing to rename."""
        path = self.path_for(key)
        kept: Path | None = None
        for candidate in (backup_path(path), path):
            if candidate.exists():
                target = candidate.with_name(candidate.name + DAMAGED_SUFFIX)
                try:
                    os.replace(candidate, target)
                    kept = target
                except OSError:
                    continue
        return kept

    def keys(self) -> list[str]:
        """Keys of every autosave in the folder (a lone backup counts: the main file may have been lost)."""
        if not self.folder.is_dir():
            return []
        found: set[str] = set()
        for entry in self.folder.iterdir():
            name = entry.name
            if name.startswith("."):
                continue
            if name.endswith(".json" + BACKUP_SUFFIX):
                found.add(name[: -len(".json" + BACKUP_SUFFIX)])
            elif name.endswith(".json"):
                found.add(name[: -len(".json")])
        return sorted(found)

    def entries(self) -> list[Autosave]:
        """Every readable autosave, newest first (unreadable ones are skipped).  Called at start-up, when no
        autosave is being written: temporary files a crash left behind are cleared first."""
        self.clean_temporaries()
        result: list[Autosave] = []
        for key in self.keys():
            try:
                result.append(self.load(key))
            except (GameError, OSError):
                continue
        result.sort(key=lambda a: a.saved_at, reverse=True)
        return result
