"""Undo and redo at the live end: recorded as 18xx.games records them, state equal to a fresh replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from desktop.session import Session
from engine import load_game
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import FIXTURES, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"
GAME_1846 = FIXTURES / "1846" / "1846_game_end_reason_dnf.json"
SITE_FIELDS = ("type", "entity", "entity_type", "id", "action_id")


def _empty_session(path: Path) -> tuple[Session, dict[str, Any]]:
    """A session of the fixture's table (same players, seed, rules) with no action played yet."""
    source = json.loads(shared_or_skip(path).read_text())
    raw = {k: v for k, v in source.items() if k not in ("result", "game_end_reason")}
    raw["actions"] = []
    return Session(GameRecord.from_dict(raw)), source


def _play(session: Session, actions: list[dict[str, Any]]) -> None:
    """Submit file actions as a player would: without their id (the session numbers them)."""
    for i, action in enumerate(actions):
        data = dict(action)
        if data["type"] not in ("undo", "redo"):
            data.pop("id", None)
        assert session.submit(data), f"action {i} refused"


def _fresh(source: dict[str, Any], actions: list[dict[str, Any]]) -> Any:
    return load_game(GameRecord.from_dict({**source, "actions": actions}))


# 1846: up to position 66 (two undos by the minor MS).  Later in that hotseat file the browser wrote undos
# with an entity that is not the current entity of the reference engine either (position 68: it wrote player
# 1, the reference engine's current_entity there is player 2, as ours).
@pytest.mark.slow
@pytest.mark.parametrize(("path", "count"), [(GAME_1830, 215), (GAME_1846, 66)])
def test_file_undos_and_redos_are_recorded_as_the_site_writes_them(path: Path, count: int) -> None:
    session, source = _empty_session(path)
    site = source["actions"][:count]
    assert any(a["type"] == "undo" for a in site)
    _play(session, site)
    ours = session.record.actions
    assert [a.get("id") for a in ours] == [a.get("id") for a in site]
    for position, (mine, theirs) in enumerate(zip(ours, site)):
        if theirs["type"] in ("undo", "redo"):
            assert {k: mine.get(k) for k in SITE_FIELDS} == {k: theirs.get(k) for k in SITE_FIELDS}, position
            assert isinstance(mine["created_at"], int) and "user" not in mine
    assert state_of(session.live) == state_of(_fresh(source, site))
    assert state_of(session.live) == state_of(_fresh(source, ours))


def test_undo_redo_at_the_live_end(qtbot) -> None:  # type: ignore[no-untyped-def]
    session, source = _empty_session(GAME_1830)
    site = source["actions"][:40]
    _play(session, site)
    before = state_of(session.live)
    size = session.size
    changes: list[int] = []
    session.record_changed.connect(lambda: changes.append(session.size))

    acting = session.live.round.current_entity()  # who clicks Undo
    assert session.undo()
    undo = session.record.actions[-1]
    assert undo["type"] == "undo" and undo["id"] == site[-1]["id"] + 1
    assert (undo["entity"], undo["entity_type"]) == (acting.id, "player")
    assert "action_id" not in undo
    assert session.size == size - 1 and session.index == session.size
    assert state_of(session.live) == state_of(_fresh(source, site[:-1]))
    assert session.redo_reason() is None

    assert session.redo()
    assert session.record.actions[-1]["type"] == "redo"
    assert state_of(session.live) == before
    assert session.size == size
    assert changes == [size - 1, size]
    assert session.redo_reason() is not None  # nothing left to redo

    # Undo twice, then a new move: the redo chance is gone, as on the site.
    assert session.undo() and session.undo()
    assert session.redo_reason() is None
    replay = dict(site[-2])
    replay.pop("id")
    assert session.submit(replay)
    assert session.redo_reason() is not None
    assert not session.redo()
    assert state_of(session.live) == state_of(_fresh(source, session.record.actions))


def test_undo_to_an_action_id_and_everything(qtbot) -> None:  # type: ignore[no-untyped-def]
    session, source = _empty_session(GAME_1830)
    site = source["actions"][:30]
    _play(session, site)
    target = session.record.actions[9]["id"]
    assert session.undo(action_id=target)
    assert session.record.actions[-1]["action_id"] == target
    assert state_of(session.live) == state_of(_fresh(source, site[:10]))
    assert session.undo(action_id=0)
    assert session.size == 0
    assert session.undo_reason() is not None
    assert session.redo()
    assert state_of(session.live) == state_of(_fresh(source, site[:10]))


def test_undo_and_redo_say_why_they_are_not_possible(qtbot) -> None:  # type: ignore[no-untyped-def]
    session = Session.new("1830", ["A", "B", "C", "D"], seed=11)
    rejected: list[str] = []
    session.action_rejected.connect(rejected.append)
    assert "Nothing to undo" in (session.undo_reason() or "")
    assert "Nothing to redo" in (session.redo_reason() or "")
    assert not session.undo() and not session.redo()
    assert len(rejected) == 2 and session.record.actions == []


def test_no_undo_while_viewing_the_past(qtbot) -> None:  # type: ignore[no-untyped-def]
    session, source = _empty_session(GAME_1830)
    _play(session, source["actions"][:10])
    session.jump(5)
    assert "viewing the past" in (session.undo_reason() or "")
    n = len(session.record.actions)
    assert not session.undo()
    assert len(session.record.actions) == n


def test_undo_is_not_a_replay(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Undo restarts from the nearest snapshot: it processes at most a snapshot interval of actions."""
    from desktop.timeline import SNAPSHOT_EVERY
    from engine.game import Game

    session, source = _empty_session(GAME_1830)
    _play(session, source["actions"][:120])
    processed: list[int] = []
    original = Game.process_action

    def counting(self: Game, data: Any, position: int | None = None) -> Any:
        processed.append(1)
        return original(self, data, position)

    monkeypatch.setattr(Game, "process_action", counting)
    assert session.undo()
    assert len(processed) < SNAPSHOT_EVERY
    assert session.redo()
    assert len(processed) < SNAPSHOT_EVERY + 2


def test_window_undo_redo_actions_follow_the_session(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from desktop.main_window import MainWindow

    # Closing the window at the end asks about the unsaved moves: answer without a blocking dialog.
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Discard)

    source = json.loads(shared_or_skip(GAME_1830).read_text())
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path / "auto")
    qtbot.addWidget(window)
    raw = {**source, "actions": []}
    raw.pop("result")
    window.start_game(GameRecord.from_dict(raw))
    assert not window.undo_action.isEnabled()
    assert "Nothing to undo" in window.undo_action.toolTip()
    session = window.session
    assert session is not None
    _play(session, source["actions"][:3])
    assert window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    assert window.history_bar.slider.maximum() == 3
    window.undo_action.trigger()
    assert session.size == 2 and window.redo_action.isEnabled()
    assert window.history_bar.slider.maximum() == 2
    assert [s.toString() for s in window.redo_action.shortcuts()] == ["Ctrl+Y", "Ctrl+Shift+Z"]
    window.redo_action.trigger()
    assert session.size == 3
    assert window.windowTitle().endswith("*")
