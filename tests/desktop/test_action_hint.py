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


LAY = "NYC: lay tile 57 on E19 (orientation 1 of 3, rotation 0)"
KEYS = "Enter or ✓ to lay, R to rotate, Esc to cancel"


def test_a_hints_keys_line_goes_before_the_lay_it_describes_is_cut(qtbot: Any) -> None:
    """At 1366 px five buttons of a pending lay (Lay, Rotate, Rotate back, Turn, Cancel) leave the hint about
    290 px: "NYC: lay tile 57 on E19 (orientation 1 of 3, rot…" was what the player read.  The keys are a line of
    their own, shown when there is room, dropped (not the lay) when there is not."""
    bar = _bar(qtbot, 860, 26)
    bar.set_hint(f"{LAY}\n{KEYS}")
    _font, text, wrapped = bar.hint.shown_font_and_text()
    assert text == f"{LAY} · {KEYS}" and not wrapped
    shown = []
    for width in (400, 330, 290, 230):
        bar.hint.setFixedSize(width, 26)
        QApplication.processEvents()
        _font, text, _wrapped = bar.hint.shown_font_and_text()
        assert not text.endswith("…") and text.startswith(LAY), (width, text)
        shown.append(text)
    assert shown[-1] == LAY  # the narrowest: only the lay, whole
    assert bar.hint.toolTip() == f"{LAY}\n{KEYS}"
    bar.hint.grab()  # paints


def test_the_pending_lays_hint_puts_its_keys_on_a_line_of_their_own(qtbot: Any, tmp_path: Any) -> None:
    from tests.desktop.play_helpers import window_before

    window, action = window_before(qtbot, tmp_path, "1830", "26855.json", "lay_tile")
    track = window.play.by_name["TrackController"]
    assert track.propose(action["hex"], str(action["tile"]).split("-")[0])
    lay, keys = window.action_bar.hint.text().split("\n")
    assert f"on {action['hex']}" in lay and "Esc to cancel" in keys and "Esc" not in lay


def test_a_hint_of_several_lines_does_not_make_the_bar_taller(qtbot: Any) -> None:
    """A dropped tile's hint has two lines (what the lay does, then its keys): the label's own size hint asked
    for both and the bar grew, pushing the map down under the pointer on every drop.  The hint line has one
    button's height whatever it says."""
    from desktop.panels.action_bar import BarButton

    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.resize(720, 80)
    bar.show()
    qtbot.waitExposed(bar)
    bar.set_line("B&O: Lay/Upgrade Track")
    bar.set_buttons([BarButton("skip", "Skip (Track)", lambda: None)], context="track")
    QApplication.processEvents()
    before = bar.sizeHint().height()
    bar.set_hint(
        "B&O: lay tile 57 on J14 for $80 (fits one way, rotation 0)\nEnter or ✓ to lay, R to rotate, Esc to cancel"
    )
    bar.set_buttons(
        [
            BarButton("skip", "Skip (Track)", lambda: None),
            BarButton("lay", "✓ Lay tile", lambda: None, transient=True),
            BarButton("rotate", "Rotate", lambda: None, transient=True),
            BarButton("cancel", "Cancel", lambda: None, transient=True),
        ],
        context="track",
    )
    QApplication.processEvents()
    assert bar.hint.sizeHint().height() > bar.hint.height()  # the label alone would want its two lines
    assert bar.sizeHint().height() == before
