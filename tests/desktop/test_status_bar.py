"""The status bar is there from the start: the first message (often a tile-drag hint) no longer takes its
height from the map, which refitted and moved under the pointer mid-drag."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QApplication

from tests.desktop.play_helpers import shown_window


def test_the_first_message_does_not_shrink_the_map(qtbot: Any, tmp_path: Path) -> None:
    window = shown_window(qtbot, tmp_path, (1366, 740))
    window.new_game("1830", ["Ann", "Bob", "Cy", "Dee"], seed=3)
    QApplication.processEvents()
    # a user acts once the window has settled its docks (the auction panel drops its scroll bar's band once the
    # cards are known to fit the map's final width)
    qtbot.wait(300)
    QApplication.processEvents()
    before = window.map_view.height()
    assert window.play is not None
    window.play.show_message("B&O: lay tile 57 on J14 for $80: drop to place")
    QApplication.processEvents()
    # said once: on the action bar's hint line, not repeated in the status bar
    assert window.action_bar.hint.text().startswith("B&O: lay tile 57")
    assert window.statusBar().currentMessage() == ""
    assert window.map_view.height() == before
    # without the action bar's hint line the status bar says it
    window.action_bar.hide()
    window.play.show_message("Passing is not possible now.")
    assert window.statusBar().currentMessage() == "Passing is not possible now."
