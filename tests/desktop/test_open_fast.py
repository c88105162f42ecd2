"""Opening a game shows its live end first; the history (snapshots, chart series) follows in idle time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from desktop.main_window import MainWindow
from desktop.session import Session
from desktop.timeline import GameTimeline
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import FIXTURES, shared_or_skip

GAME_1846 = FIXTURES / "1846" / "3099.json"


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    w = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat), tmp_path / "autosave")
    qtbot.addWidget(w)
    return w


def test_session_builds_its_history_in_idle_time(qtbot) -> None:  # type: ignore[no-untyped-def]
    session = Session.open(shared_or_skip(GAME_1846))
    assert not session.timeline.history_complete  # nothing waited for it
    assert session.live.finished
    with qtbot.waitSignal(session.history_completed, timeout=60_000):
        pass
    assert session.timeline.history_complete
    eager = GameTimeline(GameRecord.load(GAME_1846))
    assert session.timeline.stats == eager.stats
    assert sorted(session.timeline.snapshots) == sorted(eager.snapshots)


def test_window_charts_and_jumps_do_not_wait_for_idle_time(window: MainWindow) -> None:
    assert window.open_file(shared_or_skip(GAME_1846), ask=False)
    session = window.session
    assert session is not None
    assert not session.timeline.history_complete
    # the charts ask for the whole series when they are first needed: complete at once
    window.charts.ensure_built()
    assert [int(p["index"]) for p in window.charts.points] == list(range(session.size + 1))
    assert set(window.charts.player_lines) == {p.name for p in session.live.players}
    # a jump into the past before the idle build finished: the exact state there
    session.jump(session.size // 3)
    fresh = GameTimeline(GameRecord.load(GAME_1846))
    assert state_of(window.session.game) == state_of(fresh.game_at(session.size // 3))


def test_switching_games_stops_the_previous_history_build(window: MainWindow, qtbot: Any) -> None:
    assert window.open_file(shared_or_skip(GAME_1846), ask=False)
    first = window.session
    assert first is not None
    window.new_game("1889", ["A", "B", "C"], seed=3)
    assert not first._history_timer.isActive()
    assert window.session is not first


def test_a_shown_window_paints_the_map_before_making_the_play_controller(window: MainWindow, qtbot: Any) -> None:
    """What the map's first paint does not need (the controllers' modules, the legal moves, the action bar, the
    history's idle-time build) comes right after it; asking for the controller before then makes it at once."""
    window.show()
    qtbot.waitExposed(window)
    window.new_game("1889", ["A", "B", "C"], seed=3)
    session = window.session
    assert session is not None
    assert window._play is None and not session._history_timer.isActive()
    qtbot.waitUntil(lambda: window._play is not None, timeout=10_000)  # after the map's first paint
    play = window.play
    assert play is not None and play.session is session and play.moves is not None
    assert session._history_timer.isActive() or session.timeline.history_complete
    # another game before the paint: asked for, its controller is made at once (the first game's never is)
    window.new_game("1830", ["A", "B", "C", "D"], seed=1)
    assert window._play is None
    second = window.play
    assert second is not None and second.session is window.session and second is not play
