"""Issue 29: in the left column at 1366x768 the log is ~200 px wide and ordinary lines were elided ("Player 4
collects $20 from Moh..."); a line now gets a little smaller (down to 10.5 px) before it is elided."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QFontMetricsF

from desktop.panels.log import PHASE, line_font


def test_a_log_line_too_long_for_the_narrow_column_is_made_smaller_not_cut(qtbot: Any) -> None:
    text = "Player 4 collects $20 from Mohawk & Hudson"
    wide = line_font(text, "", 600.0)  # room enough: the usual font
    assert wide.stretch() in (0, 100)  # (not condensed)
    width = 210.0
    assert QFontMetricsF(wide).horizontalAdvance(text) > width  # at the usual size it would be cut
    narrow = line_font(text, "", width)
    assert QFontMetricsF(narrow).horizontalAdvance(text) <= width
    assert QFontMetricsF(narrow).height() < QFontMetricsF(wide).height()
    assert QFontMetricsF(line_font(text, "", 20.0)).height() >= QFontMetricsF(narrow).height() - 1  # 10.5 at least
    assert line_font("Phase 2", PHASE, 210.0).bold()
