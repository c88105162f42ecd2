"""The main window: opening games, browsing history read-only, errors, recent files, render command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage

from desktop.main_window import MainWindow
from desktop.session import Session
from tests.conftest import REPO, fixture_files

FIXTURE = next(iter(fixture_files("1830")), None)
needs_fixture = pytest.mark.skipif(FIXTURE is None, reason="../shared/fixtures/1830 is absent")


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings: QSettings) -> MainWindow:  # type: ignore[no-untyped-def]
    w = MainWindow(settings)
    qtbot.addWidget(w)
    return w


def test_new_game_shows_the_opening_position(window: MainWindow) -> None:
    window.new_game("1830", ["A", "B", "C", "D"])
    assert window.session is not None
    assert window.session.size == 0
    assert "Auction" in window.status_label.text() or "ISR" in window.status_label.text()
    assert "A" in window.status_label.text()
    assert len(window.map_scene.hex_items()) == len(window.session.game.hexes)


@needs_fixture
def test_open_browse_and_read_only_past(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(FIXTURE, ask=False)
    session = window.session
    assert session is not None and session.index == session.size
    assert "Game over" in window.status_label.text()
    assert not window.history_bar.badge.isVisibleTo(window)
    window.history_bar.slider.setValue(120)
    assert session.index == 120
    assert window.history_bar.badge.isVisibleTo(window)
    assert "viewing the past" in window.status_label.text()
    rejected: list[str] = []
    session.action_rejected.connect(rejected.append)
    assert not session.submit({"type": "pass", "entity": 1627, "entity_type": "player"})
    assert rejected and "past" in rejected[0]
    window._navigate("home")
    assert session.index == 0
    window._navigate("next_marker")
    assert session.index > 0
    window._navigate("end")
    assert session.index == session.size


@needs_fixture
def test_log_click_jumps_to_the_action(window: MainWindow) -> None:
    assert FIXTURE is not None
    window.open_file(FIXTURE, ask=False)
    window.log_panel.index_requested.emit(42)
    assert window.session is not None and window.session.index == 42


@needs_fixture
def test_damaged_file_opens_up_to_last_good_action(window: MainWindow, tmp_path: Path) -> None:
    assert FIXTURE is not None
    data = json.loads(FIXTURE.read_text())
    position = next(i for i, a in enumerate(data["actions"]) if i > 20 and "company" in a)
    data["actions"][position]["company"] = "NOPE"
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data))
    assert window.open_file(path, ask=False)
    session = window.session
    assert session is not None and session.failure is not None
    assert "NOPE" in session.failure.message
    assert session.failure.position == position
    assert session.size == session.failure.index


def test_unreadable_file_is_refused_without_crashing(window: MainWindow, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shown: list[str] = []
    monkeypatch.setattr("desktop.main_window.QMessageBox.warning", lambda *a: shown.append(a[2]))
    path = tmp_path / "cut.json"
    path.write_text("{")
    assert not window.open_file(path, ask=False)
    assert shown and "cut.json" in shown[0]
    assert window.session is None


@needs_fixture
def test_recent_files_are_remembered(window: MainWindow, settings: QSettings) -> None:
    assert FIXTURE is not None
    window.open_file(FIXTURE, ask=False)
    assert window.recent_files()[0].endswith(FIXTURE.name)
    assert MainWindow(settings).recent_files()[0].endswith(FIXTURE.name)


@needs_fixture
def test_session_jump_equals_state_of_fresh_session() -> None:
    assert FIXTURE is not None
    from engine.trace import state_of

    session = Session.open(FIXTURE)
    session.jump(200)
    partial = Session.open(FIXTURE, upto=session.timeline.raw_position(200) + 1)
    assert state_of(session.game) == state_of(partial.live)


@needs_fixture
def test_render_command_writes_a_picture(tmp_path: Path) -> None:
    assert FIXTURE is not None
    out = tmp_path / "map.png"
    result = subprocess.run([sys.executable, "-m", "desktop", "render", str(FIXTURE), "--at", "200", "--out",
                             str(out), "--width", "900"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert image.width() == 900 and image.height() > 500


@needs_fixture
def test_keyboard_browses_history(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    assert FIXTURE is not None
    window.open_file(FIXTURE, ask=False)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    session = window.session
    assert session is not None
    for widget in (window.log_panel, window.map_view):
        widget.setFocus()
        session.jump(100)
        qtbot.keyClick(widget, Qt.Key.Key_Left)
        assert session.index == 99, type(widget).__name__
        qtbot.keyClick(widget, Qt.Key.Key_Right)
        assert session.index == 100
        qtbot.keyClick(widget, Qt.Key.Key_Home)
        assert session.index == 0
        qtbot.keyClick(widget, Qt.Key.Key_End)
        assert session.index == session.size


def test_a_closed_window_stops_building_its_games_history(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The history is built in idle time by a timer of the session; a closed window's session kept it running
    under every later test (and crashed in Qt once the session was collected during a call)."""
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window)
    window.new_game("1830", ["A", "B", "C", "D"], seed=1)
    session = window.session
    assert session is not None and session._history_timer.isActive()
    session.dirty = False
    window.close()
    assert not session._history_timer.isActive()


def test_the_cleanup_leaves_windows_with_a_parent_to_their_parent(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A menu or a combo box's popup is a window owned by its parent: the cleanup deleting it behind the parent's
    back left a dangling pointer that crashed a later test inside Qt."""
    from PySide6.QtWidgets import QApplication, QComboBox, QMenu

    from tests.desktop.conftest import delete_leftovers, leftover_widgets

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    menu = QMenu(window)
    combo = QComboBox(window)
    combo.addItems(["a", "b"])
    combo.showPopup()
    combo.hidePopup()
    owned = [w for w in QApplication.topLevelWidgets() if w.parent() is not None]
    assert menu in owned and len(owned) >= 2  # the menu and the popup's container are windows with a parent
    left = leftover_widgets()
    assert window in left and not any(w in left for w in owned)
    delete_leftovers()
    assert leftover_widgets() == []


def test_no_window_outlives_a_test_that_only_closed_it(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The desktop tests' cleanup (tests/desktop/conftest.py) deletes what a test left behind."""
    from tests.desktop.conftest import delete_leftovers, leftover_widgets

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    window.show()
    window.close()
    assert window in leftover_widgets()  # closed is not deleted
    delete_leftovers()
    assert leftover_widgets() == []
