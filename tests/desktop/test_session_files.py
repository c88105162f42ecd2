"""Saving, autosaving, recovery at start-up and the unsaved-changes question, through the session and window."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from desktop import files
from desktop.dialogs import recovery
from desktop.files import AutosaveStore, SaveError, backup_path
from desktop.main_window import MainWindow
from desktop.session import META_KEY, Session
from engine import load_game
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import FIXTURES, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"
SITE_KEYS = {"id", "title", "players", "settings", "actions"}


def _table(path: Path = GAME_1830) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    source = json.loads(shared_or_skip(path).read_text())
    raw = {k: v for k, v in source.items() if k not in ("result", "game_end_reason")}
    raw["actions"] = []
    return raw, source["actions"]


def _play(session: Session, actions: list[dict[str, Any]]) -> None:
    for action in actions:
        data = dict(action)
        if data["type"] not in ("undo", "redo"):
            data.pop("id", None)
        assert session.submit(data)


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:  # type: ignore[no-untyped-def]
    questions: list[str] = []
    warnings: list[str] = []
    answers: list[QMessageBox.StandardButton] = []

    def question(_parent: Any, _title: str, text: str, *_args: Any) -> QMessageBox.StandardButton:
        questions.append(text)
        return answers.pop(0) if answers else QMessageBox.StandardButton.Discard

    def warning(_parent: Any, _title: str, text: str, *_args: Any) -> QMessageBox.StandardButton:
        warnings.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(QMessageBox, "warning", warning)
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat), tmp_path / "autosave")
    w.test_questions = questions  # type: ignore[attr-defined]
    w.test_warnings = warnings  # type: ignore[attr-defined]
    w.test_answers = answers  # type: ignore[attr-defined]
    qtbot.addWidget(w)
    return w


def test_saved_file_is_in_the_site_format_and_reopens_to_the_same_state(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    raw, actions = _table()
    session = Session(GameRecord.from_dict(raw))
    _play(session, actions[:60])
    out = tmp_path / "game.json"
    session.save(out)
    data = json.loads(out.read_text())
    assert set(data) >= SITE_KEYS
    assert data["settings"]["seed"] == raw["settings"]["seed"]
    assert data["settings"]["optional_rules"] == raw["settings"]["optional_rules"]
    assert data["players"] == raw["players"]
    assert data[META_KEY]["program"] == "Tracklayer"
    assert "result" not in data and data.get("status") != "finished"
    assert all(isinstance(a.get("created_at"), int) for a in data["actions"])
    assert not session.dirty and session.save_path == out
    reopened = Session.open(out)
    assert reopened.failure is None
    assert state_of(reopened.live) == state_of(session.live)
    assert state_of(load_game(out)) == state_of(session.live)


def test_a_finished_game_saves_its_result(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    source = json.loads(shared_or_skip(GAME_1830).read_text())
    session = Session(GameRecord.from_dict(source))
    out = tmp_path / "finished.json"
    session.save(out)
    data = json.loads(out.read_text())
    assert data["result"] == source["result"] and data["game_end_reason"] == source["game_end_reason"]


def test_new_game_saved_file_keeps_its_seed(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    session = Session.new("1846", ["Ann", "Bob", "Cy"], optional_rules=["second_ed_co"])
    out = tmp_path / "new.json"
    session.save(out)
    data = json.loads(out.read_text())
    seed = session.record.seed
    assert isinstance(seed, int) and seed > 0
    assert data["settings"] == {"seed": seed, "optional_rules": ["second_ed_co"]}
    assert data["id"] == seed  # the site's import keeps the digits of the id
    assert state_of(load_game(out)) == state_of(session.live)


def test_autosave_after_every_action_keeps_the_previous_one(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    raw, actions = _table()
    session = Session(GameRecord.from_dict(raw))
    store = AutosaveStore(tmp_path / "autosave")
    session.autosave_store = store
    _play(session, actions[:3])
    auto = store.path_for(session.autosave_key)
    assert json.loads(auto.read_text())["actions"] == session.record.actions
    assert len(json.loads(backup_path(auto).read_text())["actions"]) == 2
    session.undo()
    assert json.loads(auto.read_text())["actions"][-1]["type"] == "undo"
    saved = tmp_path / "mine.json"
    session.save(saved)
    assert not auto.exists()  # saved: nothing left to recover


def test_autosave_failure_is_a_message_not_an_exception(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    raw, actions = _table()
    session = Session(GameRecord.from_dict(raw))
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the folder should be")
    session.autosave_store = AutosaveStore(blocker / "autosave")
    messages: list[str] = []
    session.autosave_failed.connect(messages.append)
    _play(session, actions[:1])
    assert session.size == 1 and messages and messages[0].startswith("Autosave failed")


def test_save_errors_are_messages_in_the_window(window: MainWindow, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    window.new_game("1830", ["A", "B", "C", "D"], seed=5)
    assert not window._save_to(tmp_path / "missing" / "game.json")
    assert "does not exist" in window.test_warnings[-1]  # type: ignore[attr-defined]

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", full)
        assert not window._save_to(tmp_path / "game.json")
    assert "disk is full" in window.test_warnings[-1]  # type: ignore[attr-defined]

    def read_only(*_args: Any, **_kwargs: Any) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    with monkeypatch.context() as patch:
        patch.setattr(files, "open", read_only, raising=False)
        assert not window._save_to(tmp_path / "game.json")
    assert "read-only" in window.test_warnings[-1]  # type: ignore[attr-defined]
    assert not (tmp_path / "game.json").exists()
    assert len(window.test_warnings) == 3  # type: ignore[attr-defined]


def test_session_save_raises_save_error_only(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    session = Session.new("1889", ["A", "B"], seed=3)
    with pytest.raises(SaveError):
        session.save(tmp_path / "nowhere" / "x.json")
    assert session.path is None


def test_save_without_a_file_asks_where(window: MainWindow, tmp_path: Path,  # type: ignore[no-untyped-def]
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    target = tmp_path / "chosen"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), "Game files (*.json)"))
    window.new_game("1830", ["A", "B", "C", "D"], seed=5)
    assert window.save()
    assert (tmp_path / "chosen.json").exists()
    assert window.session is not None and window.session.save_path == tmp_path / "chosen.json"


def test_close_with_unsaved_changes_asks(window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    raw, actions = _table()
    window.start_game(GameRecord.from_dict(raw))
    session = window.session
    assert session is not None
    _play(session, actions[:2])
    auto = window.autosaves.path_for(session.autosave_key)
    assert auto.exists()
    assert window.autosave_lock is not None and window.autosave_lock.isLocked()
    window.test_answers.append(QMessageBox.StandardButton.Cancel)  # type: ignore[attr-defined]
    assert not window.close()
    assert window.test_questions and auto.exists()  # type: ignore[attr-defined]
    window.test_answers.append(QMessageBox.StandardButton.Discard)  # type: ignore[attr-defined]
    assert window.close()
    assert not auto.exists()  # discarded on purpose: nothing to recover next time
    assert window.autosave_lock is None and not (auto.parent / f"{session.autosave_key}.lock").exists()


def test_close_without_changes_does_not_ask(window: MainWindow) -> None:
    window.new_game("1830", ["A", "B", "C", "D"], seed=5)
    assert window.close()
    assert window.test_questions == []  # type: ignore[attr-defined]


def test_start_up_offers_to_recover_an_autosave(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    raw, actions = _table()
    store = AutosaveStore(tmp_path / "autosave")
    crashed = Session(GameRecord.from_dict(raw))
    crashed.autosave_store = store
    _play(crashed, actions[:12])
    expected = state_of(crashed.live)

    asked: list[str] = []

    def answer(choice: recovery.RecoveryChoice) -> Any:
        def ask(_parent: Any, autosave: files.Autosave) -> recovery.RecoveryChoice:
            asked.append(recovery.describe(autosave))
            return choice
        return ask

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr("desktop.main_window.ask_recovery", answer(recovery.RecoveryChoice.LATER))
    later = MainWindow(settings, tmp_path / "autosave")
    qtbot.addWidget(later)
    assert not later.offer_recovery() and store.keys() == [crashed.autosave_key]
    assert "1830" in asked[0] and "never saved" in asked[0]

    monkeypatch.setattr("desktop.main_window.ask_recovery", answer(recovery.RecoveryChoice.RECOVER))
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Discard)
    window = MainWindow(settings, tmp_path / "autosave")
    qtbot.addWidget(window)
    assert window.offer_recovery()
    session = window.session
    assert session is not None and session.dirty and session.autosave_key == crashed.autosave_key
    assert state_of(session.live) == state_of(crashed.live) == expected
    assert window.windowTitle() == "Tracklayer — Recovered 1830 game *"

    # While that window has the game open, another Tracklayer does not offer it.
    asked.clear()
    other = MainWindow(settings, tmp_path / "autosave")
    qtbot.addWidget(other)
    assert not other.offer_recovery() and asked == []
    assert store.keys() == [crashed.autosave_key]

    # That window dies without closing (its lock goes with it): the next start offers it again.
    assert window.autosave_lock is not None
    window.autosave_lock.unlock()
    monkeypatch.setattr("desktop.main_window.ask_recovery", answer(recovery.RecoveryChoice.DISCARD))
    again = MainWindow(settings, tmp_path / "autosave")
    qtbot.addWidget(again)
    assert not again.offer_recovery()
    assert len(asked) == 1
    assert store.keys() == []


def test_an_autosave_no_newer_than_its_file_is_not_offered(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    raw, actions = _table()
    store = AutosaveStore(tmp_path / "autosave")
    session = Session(GameRecord.from_dict(raw))
    _play(session, actions[:4])
    saved = tmp_path / "saved.json"
    session.save(saved)
    store.write(session.autosave_key, session.to_file_dict(), saved_path=saved)  # e.g. killed after saving

    def never(*_args: Any) -> recovery.RecoveryChoice:
        raise AssertionError("must not ask")

    monkeypatch.setattr("desktop.main_window.ask_recovery", never)
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path / "autosave")
    qtbot.addWidget(window)
    assert not window.offer_recovery()
    assert store.keys() == []


def test_engine_error_shows_a_copyable_report(window: MainWindow,  # type: ignore[no-untyped-def]
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtGui import QGuiApplication

    from engine.game import Game

    raw, actions = _table()
    window.start_game(GameRecord.from_dict(raw))
    session = window.session
    assert session is not None
    _play(session, actions[:5])

    original = Game.process_single_action
    calls: list[int] = []

    def broken_once(self: Game, action: Any) -> None:
        """A bug hit by the new move only (the rebuild replays the earlier moves without it)."""
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("boom")
        original(self, action)

    monkeypatch.setattr(Game, "process_single_action", broken_once)
    data = dict(actions[5])
    data.pop("id")
    assert not session.submit(data)
    monkeypatch.setattr(Game, "process_single_action", original)
    assert session.size == 5
    dialog = window.error_dialog
    assert dialog is not None and dialog.isVisible()
    assert "RuntimeError: boom" in dialog.text.toPlainText() and "RuntimeError: boom" in dialog.report
    dialog.copy_button.click()
    clipboard = QGuiApplication.clipboard()
    assert clipboard is not None and '"record"' in clipboard.text()
    dialog.close()
    assert session.submit(data) and session.size == 6


def test_a_lock_left_by_a_killed_program_does_not_hide_its_autosave(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import signal
    import subprocess
    import sys

    store = AutosaveStore(tmp_path / "autosave")
    record = GameRecord.new("1889", ["A", "B"], seed=9)
    data = record.to_dict()
    data["actions"] = [{"type": "message", "entity": 1, "entity_type": "player", "id": 1, "message": "hi"}]
    store.write("crashed", data)
    holder = ("import sys, time\nfrom PySide6.QtCore import QCoreApplication, QLockFile\n"
              "app = QCoreApplication(sys.argv[:1])\nlock = QLockFile(sys.argv[1])\nlock.setStaleLockTime(0)\n"
              "print(lock.tryLock(0), flush=True)\ntime.sleep(60)\n")
    child = subprocess.Popen([sys.executable, "-c", holder, str(store.folder / "crashed.lock")],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "True"
        asked: list[str] = []
        monkeypatch.setattr("desktop.main_window.ask_recovery",
                            lambda _p, autosave: asked.append(autosave.key) or recovery.RecoveryChoice.LATER)
        window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), store.folder)
        qtbot.addWidget(window)
        assert not window.offer_recovery() and asked == []  # its program is still running
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        if child.stdout is not None:
            child.stdout.close()
    assert not window.offer_recovery() and asked == ["crashed"]  # killed: offered
