"""Helpers for the play tests: a window at a chosen point of a shared fixture, simulated drags and clicks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from desktop.main_window import MainWindow
from desktop.session import STALE_KEYS, Session
from engine.record import GameRecord
from tests.conftest import FIXTURES


def fixture_path(title: str, name: str) -> Path:
    path = FIXTURES / title / name
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return path


def window_before(qtbot: Any, tmp_path: Path, title: str, name: str, kind: str, skip: int = 0) -> tuple[MainWindow, dict[str, Any]]:
    """A window showing the live game of fixture ``title/name`` just before its ``skip``-th action of type
    ``kind`` (counting from 0); returns the window and that action."""
    record = GameRecord.load(fixture_path(title, name))
    found = [i for i, a in enumerate(record.actions) if a.get("type") == kind]
    if len(found) <= skip:
        pytest.skip(f"no {kind} action #{skip} in {name}")
    cut = found[skip]
    raw = {k: v for k, v in record.raw.items() if k not in STALE_KEYS}
    raw["actions"] = record.actions[:cut]
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    # closing must not ask whether to save what the test played
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.resize(1400, 900)
    window.set_session(Session(GameRecord.from_dict(raw), window))
    return window, record.actions[cut]


def hex_pos(window: MainWindow, hex_id: str) -> QPoint:
    item = window.map_scene.item_for_hex(hex_id)
    assert item is not None
    view = window.map_view
    view.centerOn(item.pos())
    return view.mapFromScene(item.pos())


def drag(window: MainWindow, mime: Any, pos: QPoint, drop: bool = True) -> bool:
    """Enter, move and (optionally) drop ``mime`` at ``pos`` of the map view's viewport; True when accepted."""
    viewport = window.map_view.viewport()
    app = QApplication.instance()
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    app.sendEvent(viewport, QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, buttons, mods))
    move = QDragMoveEvent(pos, Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(viewport, move)
    if not drop:
        return bool(move.isAccepted())
    event = QDropEvent(QPointF(pos), Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(viewport, event)
    return bool(event.isAccepted())


def click(window: MainWindow, pos: QPoint) -> None:
    QTest.mouseClick(window.map_view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)


def shown_window(qtbot: Any, tmp_path: Path, size: tuple[int, int], autosave_dir: Path | None = None) -> MainWindow:
    """A shown, unmaximised window of ``size`` without a game (settings in ``tmp_path``, autosave in
    ``autosave_dir`` or ``tmp_path``; closed without the save prompt)."""
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                        autosave_dir=autosave_dir if autosave_dir is not None else tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def new_game_window(qtbot: Any, tmp_path: Path, size: tuple[int, int], title: str = "1830",
                    players: tuple[str, ...] = ("Ann", "Bob", "Cyd", "Dee"), seed: int = 2) -> MainWindow:
    """A shown, unmaximised window of ``size`` with a new game of ``title`` (settings and autosave in ``tmp_path``;
    closed without the save prompt)."""
    window = shown_window(qtbot, tmp_path, size, autosave_dir=tmp_path / "autosave")
    window.new_game(title, list(players), seed=seed)
    for _ in range(5):
        QApplication.processEvents()
    return window
