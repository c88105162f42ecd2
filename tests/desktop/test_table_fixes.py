"""Fixes found playing at the table in a real window (TABLE helper): each test fails on the old behaviour."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from desktop.history_bar import HistoryBar


def test_clicking_the_timeline_groove_jumps_to_that_action(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A click on the slider's groove went ten actions towards the mouse (QSlider's page step), so a click near
    an early round of a long game landed near the end; it now jumps to the action under the mouse."""
    bar = HistoryBar()
    qtbot.addWidget(bar)
    bar.resize(1000, 90)
    bar.set_timeline([], 500)
    bar.show()
    qtbot.waitExposed(bar)
    requested: list[int] = []
    bar.index_requested.connect(requested.append)
    slider = bar.slider
    slider.setValue(500)
    requested.clear()
    quarter = QPoint(round(slider.width() * 0.25), slider.height() // 2)
    qtbot.mouseClick(slider, Qt.MouseButton.LeftButton, pos=quarter)
    assert abs(slider.value() - 125) <= 6, slider.value()
    assert requested and abs(requested[-1] - 125) <= 6
    # the start and the end of the groove are the first and the last action
    qtbot.mouseClick(slider, Qt.MouseButton.LeftButton, pos=QPoint(1, slider.height() // 2))
    assert slider.value() == 0
    qtbot.mouseClick(slider, Qt.MouseButton.LeftButton, pos=QPoint(slider.width() - 1, slider.height() // 2))
    assert slider.value() == 500


def test_the_recovery_question_counts_one_move_in_the_singular(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs.recovery import describe
    from desktop.files import Autosave
    from engine.record import GameRecord

    record = GameRecord.new("1830", ["Ann", "Bob"], seed=3)
    one = GameRecord.from_dict({**record.to_dict(), "actions": [{"type": "pass", "entity": "Ann",
                                                                 "entity_type": "player", "id": 1}]})
    text = describe(Autosave("k", tmp_path / "k.json", one, False, 0.0))
    assert "after 1 move." in text
    two = GameRecord.from_dict({**record.to_dict(), "actions": [{"type": "pass", "entity": "Ann",
                                                                 "entity_type": "player", "id": i}
                                                                for i in (1, 2)]})
    assert "after 2 moves." in describe(Autosave("k", tmp_path / "k.json", two, False, 0.0))
