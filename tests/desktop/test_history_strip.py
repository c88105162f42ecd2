"""The history bar's marker strip: where the round labels go near the live end."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6")

from desktop.history_bar import MarkerStrip
from desktop.timeline import Marker


@pytest.mark.parametrize("width", range(560, 640, 3))
def test_a_round_label_near_the_live_end_keeps_clear_of_the_right_edge(qtbot: Any, width: int) -> None:
    """Early in OR 1.1 (1830, 51 actions) the "1.1" label was drawn right of its tick, up against the live end's
    current-position line at the strip's right edge; it now goes left of its tick there."""
    strip = MarkerStrip()
    qtbot.addWidget(strip)
    strip.resize(width, 40)
    strip.set_markers([Marker(0, "round", "ISR"), Marker(27, "round", "SR 1"), Marker(49, "round", "OR 1.1")], 51)
    strip.set_current(51)
    live_line = strip.x_for(51)
    boxes = {marker.label: box for marker, _text, box in strip.label_boxes()}
    assert set(boxes) == {"ISR", "SR 1", "OR 1.1"}
    assert all(box.left() + box.width() <= live_line - 8 for box in boxes.values())
    tick = strip.x_for(49)
    assert boxes["OR 1.1"].left() > tick or boxes["OR 1.1"].left() + boxes["OR 1.1"].width() <= tick
