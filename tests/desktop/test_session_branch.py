"""The session's record is exactly the game shown: play on from here, open up to a point, damaged files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from desktop.session import META_KEY, Session, actions_upto
from desktop.timeline import GameTimeline
from engine import load_game
from engine.core.history import filter_actions
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import FIXTURES, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _next_action(session: Session, source_timeline: GameTimeline, index: int) -> dict[str, Any]:
    """The action the original game played after history ``index`` (without its id)."""
    position = source_timeline.positions[index]
    action = dict(source_timeline.record.actions[position])
    action.pop("id", None)
    return action


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    copy = tmp_path / "original.json"
    copy.write_bytes(shared_or_skip(GAME_1830).read_bytes())
    return copy


def test_actions_upto_replays_to_every_history_index() -> None:
    timeline = GameTimeline(GameRecord.load(shared_or_skip(GAME_1830)))
    for index in (0, 1, 44, 45, 46, 60, 170, 211, 300, timeline.size):
        actions = actions_upto(timeline, index)
        kept, _ = filter_actions(actions)
        assert sum(1 for a in kept if a is not None) == index
        assert state_of(load_game(GameRecord.from_dict({**timeline.record.raw, "actions": actions}))) == state_of(
            timeline.game_at(index)
        )


def test_play_on_from_here_forks_without_touching_the_original(  # type: ignore[no-untyped-def]
    qtbot,
    game_file: Path,
    tmp_path: Path,
) -> None:
    before = _digest(game_file)
    original = Session.open(game_file)
    original_actions = [dict(a) for a in original.record.actions]
    original.jump(150)
    viewed = state_of(original.game)

    branch = original.branch()
    assert branch is not original and branch.record is not original.record
    assert branch.path is None and branch.save_path is None and branch.dirty
    assert branch.size == 150 and branch.index == 150
    assert state_of(branch.live) == viewed
    info = branch.record.raw[META_KEY]["branch"]
    assert info["source"] == str(game_file) and info["index"] == 150
    assert "result" not in branch.record.raw and branch.record.raw["status"] == "active"
    assert branch.record.raw["settings"] == original.record.raw["settings"]

    # Playing on changes the branch only.
    assert branch.submit(_next_action(branch, original.timeline, 150))
    assert branch.size == 151
    assert original.record.actions == original_actions and original.size == 502
    assert _digest(game_file) == before

    # The branch saves on its own, and reopens to the same state.
    out = tmp_path / "branch.json"
    branch.save(out)
    assert _digest(game_file) == before
    reopened = Session.open(out)
    assert reopened.failure is None
    assert state_of(reopened.live) == state_of(branch.live)
    assert json.loads(out.read_text())[META_KEY]["branch"]["index"] == 150


def test_opening_upto_a_point_plays_on_after_that_point(qtbot, game_file: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    full = GameTimeline(GameRecord.load(game_file))
    upto = full.raw_position(100) + 1
    session = Session.open(game_file, upto=upto)
    assert session.size == 100
    kept, _ = filter_actions(session.record.actions)
    assert sum(1 for a in kept if a is not None) == 100  # the record is the state shown, nothing after it
    assert session.save_path is None  # Save must not overwrite the file with its cut version
    assert session.submit(_next_action(session, full, 100))
    out = tmp_path / "played.json"
    session.save(out)
    reopened = Session.open(out)
    assert reopened.size == 101
    assert state_of(reopened.live) == state_of(full.game_at(101))


def test_a_damaged_file_plays_on_from_its_last_good_action(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(shared_or_skip(GAME_1830).read_text())
    good = GameTimeline(GameRecord.from_dict(data))
    broken_at = good.raw_position(80)  # the 80th applied action is damaged
    data["actions"][broken_at] = {**data["actions"][broken_at], "type": "teleport"}
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data))
    session = Session.open(path)
    assert session.failure is not None and session.size == 79
    assert len(session.record.actions) == broken_at
    assert session.submit(_next_action(session, good, 79))
    assert session.size == 80
    out = tmp_path / "repaired.json"
    session.save(out)
    reopened = Session.open(out)
    assert reopened.failure is None and reopened.size == 80
    assert state_of(reopened.live) == state_of(good.game_at(80))


def test_engine_bug_rebuilds_at_the_current_position_and_the_game_goes_on(  # type: ignore[no-untyped-def]
    qtbot, game_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.game import Game

    full = GameTimeline(GameRecord.load(game_file))
    session = Session.open(game_file, upto=full.raw_position(60) + 1)
    assert session.size == 60
    expected = state_of(session.live)
    failures: list[tuple[str, str]] = []
    session.engine_failed.connect(lambda message, report: failures.append((message, report)))
    original = Game.process_single_action
    # a bug in the new action only: the rebuild replays the actions since the snapshot before 60 as usual
    bugs: list[Any] = []

    def broken(self: Game, action: Any) -> None:
        if not bugs:
            bugs.append(action)
            raise ZeroDivisionError("a bug in the engine")
        original(self, action)

    monkeypatch.setattr(Game, "process_single_action", broken)
    assert not session.submit(_next_action(session, full, 60))
    monkeypatch.setattr(Game, "process_single_action", original)

    assert len(bugs) == 1 and len(failures) == 1
    message, report = failures[0]
    assert "ZeroDivisionError" in message
    assert "Traceback" in report and "a bug in the engine" in report
    recorded = json.loads(report[: report.index("\n\nTraceback")])
    assert len(recorded["record"]["actions"]) == len(session.record.actions)
    # Not at the end of the file: where the game was.
    assert session.size == 60 and session.index == 60
    assert state_of(session.live) == expected
    # And the game goes on.
    assert session.submit(_next_action(session, full, 60))
    assert state_of(session.live) == state_of(full.game_at(61))


def test_an_engine_bug_never_cuts_the_record(  # type: ignore[no-untyped-def]
    qtbot,
    game_file: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Even when the rebuild after the bug fails too, the actions played so far are kept."""
    from engine.game import Game

    full = GameTimeline(GameRecord.load(game_file))
    session = Session.open(game_file, upto=full.raw_position(65) + 1)
    actions = [dict(a) for a in session.record.actions]
    failures: list[str] = []
    session.engine_failed.connect(lambda message, _report: failures.append(message))

    def broken(self: Game, action: Any) -> None:
        raise KeyError("everything is broken")

    monkeypatch.setattr(Game, "process_single_action", broken)
    assert not session.submit(_next_action(session, full, 65))
    assert failures and session.record.actions == actions


def test_window_play_on_from_here_at_the_viewed_position(  # type: ignore[no-untyped-def]
    qtbot,
    game_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from desktop.main_window import MainWindow

    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Discard)
    before = _digest(game_file)
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path / "auto")
    qtbot.addWidget(window)
    assert window.open_file(game_file, ask=False)
    original = window.session
    assert original is not None
    original.jump(100)
    viewed = state_of(original.game)
    assert window.play_on_action in window.history_bar.actions()  # offered on the history bar too
    window.play_on_action.trigger()
    branch = window.session
    assert branch is not None and branch is not original
    assert branch.size == 100 and not branch.viewing_past and branch.save_path is None
    assert state_of(branch.live) == viewed
    assert "branch" in window.windowTitle() and window.windowTitle().endswith("*")
    assert "original is not changed" in window.statusBar().currentMessage()
    assert _digest(game_file) == before
