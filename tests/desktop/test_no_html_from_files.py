"""Issue 23 item 5: text from a file (player names above all) is never rendered as HTML.

Games whose players are named with markup are shown in the main window and in the dialogs players act in; then
every widget is walked: a label or tooltip that Qt renders as rich text, a rich text view and every graphics
item's tooltip must not hold the markup unescaped.  A widget added later that forgets to escape a name fails
here as soon as it shows one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import Qt as QtGui_Qt
from PySide6.QtWidgets import QApplication, QGraphicsView, QLabel, QMessageBox, QTextEdit, QWidget

from desktop.main_window import MainWindow
from engine.moves.registry import legal_moves
from engine.titles.registry import supported_titles, title_spec

MARK = "<b>EVIL</b><img width=2600 height=1800 src=x>"
NAMES = [f"{MARK}{i}" for i in range(1, 7)]


def _rich(text: str, fmt: Qt.TextFormat) -> bool:
    return fmt == Qt.TextFormat.RichText or (fmt == Qt.TextFormat.AutoText and QtGui_Qt.mightBeRichText(text))


def rendered_markup(widgets: list[QWidget]) -> list[str]:
    """Where the markup of ``MARK`` would be rendered (empty: nowhere)."""
    found: list[str] = []
    for w in widgets:
        where = f"{type(w).__name__} {w.objectName()!r}"
        if isinstance(w, QLabel) and "<b>EVIL</b>" in w.text() and _rich(w.text(), w.textFormat()):
            found.append(f"{where}: {w.text()[:120]}")
        tip = w.toolTip()
        if "<b>EVIL</b>" in tip and QtGui_Qt.mightBeRichText(tip):
            found.append(f"{where} tooltip: {tip[:120]}")
        if isinstance(w, QTextEdit):
            plain = w.toPlainText()
            if "EVIL" in plain and "<b>EVIL</b>" not in plain:
                found.append(f"{where}: {plain[:120]}")
        if isinstance(w, QGraphicsView) and w.scene() is not None:
            for item in w.scene().items():
                tip = item.toolTip()
                if "<b>EVIL</b>" in tip and QtGui_Qt.mightBeRichText(tip):
                    found.append(f"graphics item {type(item).__name__} tooltip: {tip[:120]}")
    return found


def _all_widgets() -> list[QWidget]:
    return list(QApplication.allWidgets())


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    boxes: list[str] = []
    for name in ("warning", "information", "critical", "question"):
        monkeypatch.setattr(QMessageBox, name, lambda _p, _t, text, *_a, **_k: (boxes.append(text),
                                                                               QMessageBox.StandardButton.Cancel)[1])
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path / "autosave")
    w.test_boxes = boxes  # type: ignore[attr-defined]
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    return w


def _open_dialogs(window: MainWindow) -> list[QWidget]:
    """Every dialog the action bar would open now (made, not run)."""
    play = window.play
    made: list[QWidget] = []
    if play is None or window.session is None:
        return made
    moves = legal_moves(window.session.live)
    for controller in getattr(play, "controllers", []):
        try:
            if controller.wanted(moves):
                dialog = controller.make(moves)
                made.append(dialog)
        except Exception:
            continue
    return made


@pytest.mark.parametrize("title", supported_titles())
def test_markup_in_player_names_is_never_rendered(window: MainWindow, qtbot: Any, title: str) -> None:
    import random

    from engine.moves.playout import choose

    low, high = title_spec(title).player_range
    players = min(max(3, low), high)
    window.new_game(title, NAMES[:players], seed=5)
    session = window.session
    assert session is not None
    rng = random.Random(5)
    problems: list[str] = []
    for step in range(60):
        if step % 15 == 0:
            dialogs = _open_dialogs(window)
            for d in dialogs:
                d.show()
                if hasattr(d, "reveal"):
                    d.reveal()
            qtbot.wait(1)
            problems += rendered_markup(_all_widgets())
            for d in dialogs:
                d.close()
                d.deleteLater()
        moves = legal_moves(session.live)
        choices = [m for m in moves.moves if not getattr(m, "needs_consent", False)]
        if not choices:
            break
        assert session.submit(choose(rng, choices, 0).sample(rng))
    session.submit({"type": "message", "entity": session.live.players[0].id, "entity_type": "player",
                    "message": MARK})
    qtbot.wait(1)
    problems += rendered_markup(_all_widgets())
    assert not sorted(set(problems)), "\n".join(sorted(set(problems)))


def test_markup_in_a_file_name_or_its_values_is_never_rendered_in_a_message(window: MainWindow,
                                                                           tmp_path: Path) -> None:
    import json

    from desktop.dialogs import recovery
    from desktop.files import AutosaveStore
    from engine.record import GameRecord

    bad = tmp_path / f"{MARK.replace('/', '')}.json"
    bad.write_text(json.dumps({"title": "1830", "players": [{"id": 1, "name": MARK}], "actions": "x" + MARK}))
    assert not window.open_file(bad)
    texts = [t for t in window.test_boxes]  # type: ignore[attr-defined]
    record = GameRecord.new("1830", NAMES[:4], seed=3)
    store = AutosaveStore(tmp_path / "auto")
    store.write("k", record.to_dict() | {"actions": [{"type": "message", "entity": 1, "message": MARK}]})
    texts.append(recovery.message_text(recovery.describe(store.load("k"))))
    assert any("EVIL" in t for t in texts)
    assert not [t for t in texts if "<b>EVIL</b>" in t and QtGui_Qt.mightBeRichText(t)], texts
