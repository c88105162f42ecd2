"""A seeded random game of each title, started from the New Game dialog and played by gestures.

Bids, draft picks, pars, share purchases and sales and marker assignments go through the dialogs and the share
drag and drop (the same drivers as ``bench/play_through_gui.py``); operating-round actions go through their
drivers where one exists, else ``session.submit`` (counted).  Every action must append exactly the action
chosen.  Every few actions the game is saved and reopened (same state), and undone and redone through the Edit
menu (the state before, then the same state again).  The default run plays 60 actions of every title, scenarios
and map variants included; ``-m slow`` plays whole games.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.dialogs.new_game import REPLAY_ONLY, NewGameDialog
from desktop.main_window import MainWindow
from desktop.session import Session
from engine.titles.registry import titles_18xx
from engine.trace import state_of

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.gui_drivers import DriverError, load  # noqa: E402

MINE = ("bid", "par", "buy_shares", "sell_shares", "assign")
IGNORED = ("id", "created_at", "user")


def _window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr(
        "desktop.main_window.QMessageBox.question", lambda *_a, **_k: QMessageBox.StandardButton.Discard
    )
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    window.resize(1400, 900)
    return window


def _start(window: MainWindow, title: str, seed: int) -> None:
    dialog = NewGameDialog(window.settings, window)
    dialog.title_box.setCurrentIndex(dialog.title_box.findData(title))
    low = dialog.count_box.low
    dialog.count_box.setValue(max(low, min(4, dialog.count_box.high)))
    dialog.seed_edit.setText(str(seed))
    record = dialog.game_record()
    assert record.title == title
    window.start_game(record)


def play(
    title: str, seed: int, limit: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, check_every: int = 40
) -> Counter[str]:
    app = QApplication.instance()
    window = _window(tmp_path, monkeypatch)
    drivers = load()
    _start(window, title, seed)
    session = window.session
    assert session is not None
    rng = random.Random(seed)
    how: Counter[str] = Counter()
    for n in range(limit):
        session = window.session
        assert session is not None
        if session.live.finished:
            break
        moves = window.play.moves
        assert moves is not None, f"no legal moves before the end after {n} actions"
        choices = [m for m in moves.moves if not getattr(m, "needs_consent", False)]
        assert choices, f"no legal move ({moves.description}) after {n} actions"
        move = rng.choice(choices)
        action = move.sample(rng)
        if action["type"] == "buy_shares" and getattr(move, "count", 1) == 1:
            # interchangeable certificates: a player buys "a share", the GUI hands over the first one
            action["shares"] = [move.shares[0]]
        before = len(session.record.actions)
        state_before = state_of(session.live)
        fn = drivers.get(action["type"])
        done = False
        if fn is not None:
            try:
                fn(window, dict(action))
                app.processEvents()  # type: ignore[union-attr]
                done = len(session.record.actions) == before + 1
            except DriverError:
                done = False
        if done:
            how[f"{action['type']} gesture"] += 1
        else:
            assert len(session.record.actions) == before, f"a failed gesture changed the game: {action}"
            assert session.submit(action), f"legal move refused: {action}"
            how[f"{action['type']} submit"] += 1
        made = session.record.actions[-1]
        diff = {k: (v, made.get(k)) for k, v in action.items() if k not in IGNORED and made.get(k) != v}
        assert not diff, f"the GUI made another action than {action}: {diff}"
        if (n + 1) % check_every == 0:
            state = state_of(session.live)
            path = tmp_path / f"{title}.json"
            session.save(path)
            reopened = Session.open(path)
            assert state_of(reopened.live) == state, "a saved and reopened game differs"
            window.undo_action.trigger()
            assert state_of(session.live) == state_before, "undo did not restore the state before the action"
            window.redo_action.trigger()
            assert state_of(session.live) == state, "redo did not bring the action back"
    window.close()
    return how


#: Titles whose auctions and merger round have no gestures yet (the 1867 family: issue 24's desktop part); New
#: Game lists them as not yet playable at the table.
NO_GESTURES_YET = tuple(REPLAY_ONLY)


def gesture_titles() -> list[object]:
    params: list[object] = []
    for t in titles_18xx():
        marks = []
        if t in NO_GESTURES_YET:
            marks.append(pytest.mark.xfail(strict=True, reason="no auction/merger gestures yet"))
        params.append(pytest.param(t, marks=marks, id=t))
    return params


@pytest.mark.parametrize("title", gesture_titles())
def test_random_game_by_gestures(
    title: str,
    qtbot,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    how = play(title, seed=20261124, limit=60, tmp_path=tmp_path, monkeypatch=monkeypatch, check_every=30)
    mine = {k: v for k, v in how.items() if k.split()[0] in MINE}
    assert sum(v for k, v in mine.items() if k.endswith("gesture")) > 0, how
    # every auction and stock-round action the random player chose went through the GUI's gestures, except a
    # sale of another bundle than the first of its size (the dialog and drag offer the first)
    for kind in ("bid", "par", "buy_shares", "assign"):
        assert how.get(f"{kind} submit", 0) == 0, how


@pytest.mark.slow
@pytest.mark.parametrize("title", gesture_titles())
def test_whole_random_game_by_gestures(
    title: str,
    qtbot,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    how = play(title, seed=7, limit=20_000, tmp_path=tmp_path, monkeypatch=monkeypatch, check_every=100)
    assert sum(how.values()) > 0
