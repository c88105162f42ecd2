"""Issue 23 (reliability) on the desktop side: what a file says never makes saving fail, two programs on one
file never lose each other's moves, start-up cleans what a killed run left."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from desktop.files import AutosaveStore
from desktop.session import META_KEY, Session
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import FIXTURES, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"


def _table() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    source = json.loads(shared_or_skip(GAME_1830).read_text())
    raw = {k: v for k, v in source.items() if k not in ("result", "game_end_reason")}
    raw["actions"] = []
    return raw, source["actions"]


def _play(session: Session, actions: list[dict[str, Any]]) -> None:
    for action in actions:
        data = dict(action)
        data.pop("id", None)
        assert session.submit(data), data


@pytest.mark.parametrize("meta", [[1, 2], "text", 5, True, {"branch": 3, "program": [1]}])
def test_a_non_object_tracklayer_key_never_breaks_saving(qtbot, tmp_path: Path, meta: Any) -> None:  # type: ignore[no-untyped-def]
    raw, actions = _table()
    raw[META_KEY] = meta
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(raw))
    session = Session.open(path)
    session.autosave_store = AutosaveStore(tmp_path / "autosave")
    failures: list[str] = []
    session.autosave_failed.connect(failures.append)
    session.engine_failed.connect(lambda m, _d: failures.append(m))
    _play(session, actions[:3])
    assert not failures
    assert session.autosave_store.path_for(session.autosave_key).exists()
    session.save(path)
    session.save(tmp_path / "as.json")
    branch = session.branch(2)
    branch.save(tmp_path / "branch.json")
    data = json.loads(path.read_text())
    assert isinstance(data[META_KEY], dict) and data[META_KEY]["program"] == "Tracklayer"
    assert state_of(Session.open(path).live) == state_of(session.live)


def test_two_sessions_on_one_file_never_overwrite_each_others_moves(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from desktop.files import FileChangedError

    raw, actions = _table()
    path = tmp_path / "shared.json"
    path.write_text(json.dumps(raw))
    first, second = Session.open(path), Session.open(path)
    _play(first, actions[:2])
    first.save(path)
    _play(second, [*actions[:1], {"type": "message", "entity": 1627, "entity_type": "player", "message": "mine"}])
    with pytest.raises(FileChangedError):
        second.save(path)  # the first one's save is on disk: refused, nothing written
    assert len(json.loads(path.read_text())["actions"]) == 2
    second.save(path, overwrite=True)  # the player chose to overwrite
    assert json.loads(path.read_text())["actions"][-1]["type"] == "message"
    _play(first, actions[2:4])
    with pytest.raises(FileChangedError):
        first.save(path)
    # a session whose file on disk only holds moves it also has saves without a question
    third = Session.open(path)
    _play(third, actions[1:2])
    path.touch()
    third.save(path)


def test_the_window_asks_before_overwriting_another_programs_save(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from desktop.main_window import MainWindow

    raw, actions = _table()
    path = tmp_path / "shared.json"
    path.write_text(json.dumps(raw))
    questions: list[str] = []
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    monkeypatch.setattr(QMessageBox, "question", lambda _p, _t, text, *_a: (questions.append(text), answers.pop(0))[1])
    other = tmp_path / "other.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(other), ""))
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path / "autosave")
    qtbot.addWidget(window)
    assert window.open_file(path)
    rival = Session.open(path)
    _play(rival, actions[:2])
    rival.save(path)
    assert window.session is not None
    _play(window.session, actions[:1])
    assert not window.save()  # Cancel: nothing written
    assert "changed on disk" in questions[0] and len(json.loads(path.read_text())["actions"]) == 2
    assert window.save()  # No: saved as another file
    assert len(json.loads(other.read_text())["actions"]) == 1 and len(json.loads(path.read_text())["actions"]) == 2
    rival.save(path, overwrite=True)
    assert window.session.save_path == other


def _killed_lock(path: Path) -> None:
    """A lock file at ``path`` whose program was killed (as a kill -9 during the first autosave leaves it)."""
    import signal
    import subprocess
    import sys

    holder = ("import sys, time\nfrom PySide6.QtCore import QCoreApplication, QLockFile\n"
              "app = QCoreApplication(sys.argv[:1])\nlock = QLockFile(sys.argv[1])\nlock.setStaleLockTime(0)\n"
              "print(lock.tryLock(0), flush=True)\ntime.sleep(60)\n")
    child = subprocess.Popen([sys.executable, "-c", holder, str(path)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "True"
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()


def _window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, warnings: list[str]) -> Any:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from desktop.main_window import MainWindow

    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *_a: (warnings.append(text),
                                                                          QMessageBox.StandardButton.Ok)[1])
    # closing the window with unsaved moves asks: never a modal question in a test
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Discard)
    return MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path / "autosave")


def test_start_up_clears_what_a_kill_during_the_first_autosave_left(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    (folder / ".first.json.4242.tmp").write_text('{"title": "18')
    _killed_lock(folder / "first.lock")
    warnings: list[str] = []
    window = _window(tmp_path, monkeypatch, warnings)
    qtbot.addWidget(window)
    assert not window.offer_recovery()
    assert sorted(p.name for p in folder.iterdir()) == [] and not warnings


def test_a_damaged_autosave_without_a_backup_is_reported_and_set_aside(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    (folder / "broken.json").write_text('{"title": "1830", "players": [')
    warnings: list[str] = []
    window = _window(tmp_path, monkeypatch, warnings)
    qtbot.addWidget(window)
    assert not window.offer_recovery()
    assert len(warnings) == 1 and "cannot read" in warnings[0] and "broken.json.damaged" in warnings[0]
    assert (folder / "broken.json.damaged").exists() and not (folder / "broken.json").exists()
    warnings.clear()
    assert not window.offer_recovery() and not warnings  # said once


def test_a_failing_autosave_stays_in_sight_until_an_autosave_or_a_save_succeeds(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    warnings: list[str] = []
    window = _window(tmp_path, monkeypatch, warnings)
    qtbot.addWidget(window)
    raw, actions = _table()
    window.start_game(GameRecord.from_dict(raw))
    session = window.session
    assert session is not None
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the folder should be")
    session.autosave_store = AutosaveStore(blocker / "autosave")
    _play(session, actions[:3])
    assert session.autosave_failures == 3
    assert not window.autosave_warning.isHidden() and "3 moves" in window.autosave_warning.text(), window.autosave_warning.text()
    session.autosave_store = AutosaveStore(tmp_path / "autosave2")
    _play(session, actions[3:4])
    assert window.autosave_warning.isHidden() and session.autosave_failures == 0
    session.autosave_store = AutosaveStore(blocker / "autosave")
    _play(session, actions[4:5])
    assert not window.autosave_warning.isHidden()
    session.save(tmp_path / "saved.json")
    assert window.autosave_warning.isHidden()
