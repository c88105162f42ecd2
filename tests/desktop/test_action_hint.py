"""Issue 29: a pending tile lay's hint beside Lay, Rotate and Cancel at 1366 px was cut mid-word ("Enter or ✓ to
la").  The hint keeps its text whole: condensed, a little smaller, on two lines in the button's height, and only
elided (with "…") when even that is too short."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from desktop.panels.action_bar import ActionBar

HINT = "B&O: lay tile 7 on I17 for $80 (fits one way): Enter or ✓ to lay, R to rotate, Esc to cancel"


def _bar(qtbot: Any, width: int, height: int) -> ActionBar:
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.resize(900, 80)
    bar.show()
    qtbot.waitExposed(bar)
    bar.set_hint(HINT)
    bar.hint.setFixedSize(width, height)
    QApplication.processEvents()
    return bar


def test_a_long_hint_is_whole_in_the_room_beside_a_pending_lays_buttons(qtbot: Any) -> None:
    bar = _bar(qtbot, 370, 26)
    font, text, wrapped = bar.hint.shown_font_and_text()
    assert text == HINT and wrapped
    assert bar.hint.text() == HINT and bar.hint.toolTip() == HINT  # what tests and the tooltip read
    assert 2 * QFontMetrics(font).height() <= 26 + 4
    bar.hint.grab()  # paints


def test_a_hint_that_fits_is_drawn_as_it_is_and_one_too_long_even_so_is_elided(qtbot: Any) -> None:
    bar = _bar(qtbot, 860, 26)
    font, text, wrapped = bar.hint.shown_font_and_text()
    assert (text, wrapped) == (HINT, False) and font == bar.hint.font()
    bar.hint.setFixedSize(120, 26)
    QApplication.processEvents()
    _font, text, wrapped = bar.hint.shown_font_and_text()
    assert text.endswith("…") and not wrapped
