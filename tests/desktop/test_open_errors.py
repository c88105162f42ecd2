"""The desktop's open path on damaged files: a message, never a traceback, and the window left as it was.

Dialogs are replaced by recorders (no test ever blocks on a modal box).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from desktop.dialogs.error_report import ErrorReportDialog
from desktop.main_window import MainWindow
from tests.engine.test_bad_input_corpus import SOURCES, build_corpus


class Dialogs:
    """Records every dialog the window would show; answers questions with ``answer``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton) -> None:
        self.warnings: list[str] = []
        self.questions: list[str] = []
        self.bugs: list[tuple[str, str]] = []
        monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: self.warnings.append(a[2]))

        def question(*a: Any, **k: Any) -> QMessageBox.StandardButton:
            self.questions.append(a[2])
            return answer

        monkeypatch.setattr(QMessageBox, "question", question)

        def exec_(box: QMessageBox) -> int:
            self.bugs.append((box.text(), box.detailedText()))
            return 0

        monkeypatch.setattr(QMessageBox, "exec", exec_)


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    return w


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    paths = build_corpus(tmp_path_factory.mktemp("corpus"))
    # The synthetic files and the damage done to one real game (the engine tests cover every title).
    first = f"_{SOURCES[0].stem}_" if SOURCES else None
    return [p for p in paths if first is None or not p.stem[:1].isdigit() or first in p.stem]


def test_a_file_that_cannot_be_opened_leaves_the_window_clearly_empty(window: MainWindow, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    dialogs = Dialogs(monkeypatch, QMessageBox.StandardButton.Open)
    path = tmp_path / "deep.json"
    path.write_text('{"title": "1830", "players": [{"id": 1}], "actions": [' + "[" * 50_000 + "]" * 50_000 + "]}")
    assert not window.open_file(path)
    assert window.session is None
    assert dialogs.warnings and dialogs.warnings[0].count(str(path)) == 1
    assert "nested too deeply" in dialogs.warnings[0]
    assert "No game open" in window.status_label.text()
    assert "New 1830" not in window.windowTitle()
    assert "deep.json" in window.statusBar().currentMessage()


def test_a_file_that_cannot_be_opened_keeps_the_game_shown(window: MainWindow, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    dialogs = Dialogs(monkeypatch, QMessageBox.StandardButton.Open)
    window.new_game("1889", ["A", "B", "C"])
    shown = window.session
    status = window.status_label.text()
    path = tmp_path / "unsupported.json"
    path.write_text('{"title": "1817", "players": [{"id": 1}, {"id": 2}], "actions": []}')
    assert not window.open_file(path)
    assert window.session is shown
    assert window.status_label.text() == status
    assert dialogs.warnings and "1817" in dialogs.warnings[0]


def test_every_corpus_file_opens_or_is_refused_with_a_message(window: MainWindow, corpus: list[Path],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    dialogs = Dialogs(monkeypatch, QMessageBox.StandardButton.Cancel)
    for path in corpus:
        before = window.session
        dialogs.warnings.clear()
        dialogs.questions.clear()
        opened = window.open_file(path)  # any exception fails the test here
        assert not dialogs.bugs, (path.name, dialogs.bugs)
        if opened:
            assert window.session is not before
            continue
        assert window.session is before
        if dialogs.questions:  # damaged part-way: offered up to the last good action, declined
            assert path.name in dialogs.questions[0]
        else:
            assert len(dialogs.warnings) == 1 and dialogs.warnings[0].count(str(path)) == 1, dialogs.warnings


def test_a_damaged_file_accepted_up_to_its_last_good_action(window: MainWindow, corpus: list[Path],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    if not SOURCES:
        pytest.skip("../shared/fixtures is absent")
    dialogs = Dialogs(monkeypatch, QMessageBox.StandardButton.Open)
    path = next(p for p in corpus if p.stem.endswith("_route_connections_none"))
    assert window.open_file(path)
    session = window.session
    assert session is not None and session.failure is not None
    assert "routes[0].connections" in session.failure.message
    assert dialogs.questions and "last good action" in dialogs.questions[0]
    assert session.size == session.failure.index > 0


def test_an_engine_bug_while_opening_is_reported_with_a_copyable_report(window: MainWindow, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    dialogs = Dialogs(monkeypatch, QMessageBox.StandardButton.Open)
    window.new_game("1830", ["A", "B", "C", "D"])
    shown = window.session

    def broken(*_: Any, **__: Any) -> None:
        raise KeyError("boom")

    monkeypatch.setattr("desktop.session.GameTimeline", broken)
    path = tmp_path / "ok.json"
    path.write_text('{"title": "1830", "players": [{"id": 1}, {"id": 2}], "actions": []}')
    assert not window.open_file(path)
    assert window.session is shown
    assert len(dialogs.bugs) == 1
    text, details = dialogs.bugs[0]
    assert "bug" in text and "KeyError" in text
    assert "Traceback" in details and "boom" in details and str(path) in details


def test_a_view_failing_to_show_a_game_restores_the_previous_one(window: MainWindow, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    dialogs = Dialogs(monkeypatch, QMessageBox.StandardButton.Open)
    window.new_game("1830", ["A", "B", "C", "D"])
    shown = window.session
    path = tmp_path / "other.json"
    path.write_text('{"title": "1889", "players": [{"id": 1}, {"id": 2}], "actions": []}')
    original = window.charts.set_series
    calls: list[int] = []

    def fail_once(series: Any) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise ValueError("cannot draw")
        original(series)

    monkeypatch.setattr(window.charts, "set_series", fail_once)
    assert not window.open_file(path)
    assert window.session is shown
    assert dialogs.bugs and "ValueError" in dialogs.bugs[0][0]
    assert "1830" in window.status_label.text()


def test_tracklayer_file_on_a_bad_file_shows_the_message_and_no_new_game(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop import app as app_module

    dialogs = Dialogs(monkeypatch, QMessageBox.StandardButton.Open)
    windows: list[MainWindow] = []
    original_open = MainWindow.open_file

    def open_file(self: MainWindow, path: Any, ask: bool = True) -> bool:
        windows.append(self)
        return original_open(self, path, ask)

    monkeypatch.setattr(MainWindow, "open_file", open_file)
    monkeypatch.setattr(QApplication, "exec", lambda *_: 0)
    monkeypatch.setattr(app_module, "install_bug_hook", lambda: None)
    path = tmp_path / "cut.json"
    path.write_text('{"title": "1830", "actions": [')
    assert app_module.main([str(path)]) == 0
    assert dialogs.warnings and "cut.json" in dialogs.warnings[0] and "not a valid JSON" in dialogs.warnings[0]
    window = windows[0]
    assert window.session is None and "No game open" in window.status_label.text()
    window.close()


def test_uncaught_exceptions_in_the_window_are_shown_as_bugs(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from desktop.app import install_bug_hook

    dialogs = Dialogs(monkeypatch, QMessageBox.StandardButton.Open)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    install_bug_hook()
    try:
        raise ZeroDivisionError("in a slot")
    except ZeroDivisionError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    assert len(dialogs.bugs) == 1
    text, details = dialogs.bugs[0]
    assert "ZeroDivisionError" in text and "in a slot" in details and "Traceback" in details


def test_an_engine_bug_while_playing_is_shown_with_its_report(window: MainWindow,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    dialogs = Dialogs(monkeypatch, QMessageBox.StandardButton.Open)
    window.new_game("1830", ["A", "B", "C", "D"])
    session = window.session
    assert session is not None

    def broken(*_: Any) -> None:
        raise IndexError("step bug")

    monkeypatch.setattr(session.timeline, "append", broken)
    assert not session.submit({"type": "pass", "entity": 1, "entity_type": "player"})
    # The session's engine-error dialog (desktop/dialogs/error_report.py): message and a copyable report.
    dialog = window.error_dialog
    assert isinstance(dialog, ErrorReportDialog)
    assert "IndexError: step bug" in dialog.findChild(QLabel).text()
    assert '"actions"' in dialog.report and "IndexError: step bug" in dialog.report
    assert not dialogs.bugs
