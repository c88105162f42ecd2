"""The NdM merger by gesture: the action bar offers "Merge MEX into NdM" (and the step's Decline), and the click
is the merge the site recorded (18MEX)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.desktop.play_or_helpers import window_at

GAME = "13315.json"


def test_merge_by_the_action_bar(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "18MEX", GAME, 265)
    assert (action["type"], action["corporation"]) == ("merge", "MEX")
    # the offer alone: not also the merger round's dialog (its step has the same name), which offered no MEX
    assert "merger" not in window.action_bar.buttons
    button = window.action_bar.buttons.get("merge")
    assert button is not None and button.isEnabled() and "Merge MEX into NdM" in button.text()
    session = window.session
    before = len(session.record.actions)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert len(session.record.actions) == before + 1
    made = session.record.actions[-1]
    assert (made["type"], made["entity"], made["corporation"]) == ("merge", "MEX", "MEX")
    assert session.live.corporation_by_id("MEX").closed


def test_no_merge_button_without_an_offer(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, "18MEX", GAME, 250)
    assert "merge" not in window.action_bar.buttons
