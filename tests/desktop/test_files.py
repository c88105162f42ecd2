"""desktop.files: atomic writes with a backup, autosave store, and save errors as sentences."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from desktop import files
from desktop.files import AutosaveStore, SaveError, backup_path, read_with_backup, write_atomic
from engine import GameError
from engine.record import GameRecord


def _record_dict(n_actions: int) -> dict:
    record = GameRecord.new("1830", ["Ann", "Bob", "Cy", "Dee"], seed=1234)
    data = record.to_dict()
    data["actions"] = [{"type": "pass", "entity": 1 + i % 4, "entity_type": "player", "id": i + 1}
                       for i in range(n_actions)]
    return data


def test_write_atomic_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    write_atomic(target, "one")
    write_atomic(target, "two")
    assert target.read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_write_atomic_keeps_the_previous_file_as_backup(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    write_atomic(target, "one", keep_backup=True)
    assert not backup_path(target).exists()
    write_atomic(target, "two", keep_backup=True)
    write_atomic(target, "three", keep_backup=True)
    assert target.read_text() == "three"
    assert backup_path(target).read_text() == "two"
    # The backup is its own file: changing the target later does not change it.
    write_atomic(target, "four")
    assert backup_path(target).read_text() == "two"


def test_backup_works_without_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*_args: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "game.json"
    write_atomic(target, "one", keep_backup=True)
    write_atomic(target, "two", keep_backup=True)
    assert (target.read_text(), backup_path(target).read_text()) == ("two", "one")


def test_missing_folder_is_a_message(tmp_path: Path) -> None:
    target = tmp_path / "no such folder" / "game.json"
    with pytest.raises(SaveError) as info:
        write_atomic(target, "x")
    assert "does not exist" in info.value.message and "no such folder" in info.value.message


def test_a_folder_as_target_is_a_message(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as info:
        write_atomic(tmp_path, "x")
    assert "folder" in info.value.message


def test_full_disk_is_a_message_and_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    write_atomic(target, "old")

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SaveError) as info:
        write_atomic(target, "new")
    assert "disk is full" in info.value.message
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # the temporary file is gone


@pytest.mark.parametrize(("code", "words"), [(errno.EROFS, "read-only"), (errno.EACCES, "permission denied"),
                                             (errno.EPERM, "permission denied"), (errno.EIO, "Input/output")])
def test_unwritable_places_are_messages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int,
                                        words: str) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(files, "open", refuse, raising=False)
    with pytest.raises(SaveError) as info:
        write_atomic(tmp_path / "game.json", "x")
    assert words in info.value.message
    assert str(tmp_path / "game.json") in info.value.message


def test_read_with_backup_falls_back_when_the_file_is_damaged(tmp_path: Path) -> None:
    target = tmp_path / "auto.json"
    write_atomic(target, json.dumps(_record_dict(3)), keep_backup=True)
    write_atomic(target, json.dumps(_record_dict(4)), keep_backup=True)
    record, from_backup = read_with_backup(target)
    assert (len(record.actions), from_backup) == (4, False)
    target.write_text('{"title": "1830", "players": [')  # torn by something outside our control
    record, from_backup = read_with_backup(target)
    assert (len(record.actions), from_backup) == (3, True)
    target.unlink()
    record, from_backup = read_with_backup(target)
    assert (len(record.actions), from_backup) == (3, True)
    backup_path(target).unlink()
    with pytest.raises(GameError):
        read_with_backup(target)


def test_autosave_store_writes_lists_loads_and_removes(tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path / "autosave")
    assert store.keys() == [] and store.entries() == []
    store.write("abc", _record_dict(1))
    store.write("abc", _record_dict(2), saved_path=tmp_path / "mine.json")
    store.write("def", _record_dict(5))
    assert store.keys() == ["abc", "def"]
    loaded = store.load("abc")
    assert len(loaded.record.actions) == 2 and not loaded.from_backup
    assert loaded.saved_path == tmp_path / "mine.json"
    assert loaded.meta["autosave"]["key"] == "abc"
    # No saved file on disk: the autosave holds moves nobody saved.
    assert loaded.newer_than_saved_file()
    assert {a.key for a in store.entries()} == {"abc", "def"}
    store.remove("abc")
    assert store.keys() == ["def"]
    assert not list((tmp_path / "autosave").glob("abc*"))


def test_autosave_is_not_newer_than_a_saved_file_with_the_same_actions(tmp_path: Path) -> None:
    saved = tmp_path / "mine.json"
    data = _record_dict(3)
    saved.write_text(json.dumps(data))
    store = AutosaveStore(tmp_path / "autosave")
    store.write("k", data, saved_path=saved)
    assert not store.load("k").newer_than_saved_file()
    store.write("k", _record_dict(4), saved_path=saved)
    assert store.load("k").newer_than_saved_file()


def test_autosave_folder_that_cannot_be_made_is_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SaveError):
        AutosaveStore(blocker / "autosave").write("k", _record_dict(1))


def test_game_text_is_the_record_one_action_a_line() -> None:
    data = _record_dict(30)
    data["actions"][3]["auto_actions"] = [{"type": "pass", "entity": 2, "entity_type": "player"}]
    data["actions"][4]["message"] = "Grüße, \"quoted\"\nnew line"
    data["players"] = [{"id": 1, "name": "Zoë"}, *data.get("players", [])[1:]]
    data["empty"], data["nested"], data["count"] = [], {"a": {"b": [1, 2]}}, 3
    text = files.game_text(data)
    assert json.loads(text) == data
    assert list(json.loads(text)) == list(data)  # keys in their order
    assert "Zoë" in text and "Grüße" in text  # written as they are, not escaped
    lines = text.splitlines()
    for index, action in enumerate(data["actions"]):
        assert json.loads(lines[lines.index(' "actions": [') + 1 + index].strip().rstrip(",")) == action
    assert files.game_text({}) == "{}\n" and json.loads(files.game_text({"actions": []})) == {"actions": []}


def test_a_save_syncs_its_folder_and_the_autosave_on_every_click_does_not(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[Path] = []
    monkeypatch.setattr(files, "_fsync_folder", synced.append)
    write_atomic(tmp_path / "game.json", "saved")
    assert synced == [tmp_path]
    store = AutosaveStore(tmp_path / "autosave")
    store.write("k", _record_dict(3))
    store.write("k", _record_dict(4))
    assert synced == [tmp_path]
    assert len(store.load("k").record.actions) == 4
