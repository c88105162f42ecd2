"""A refused value marks its box without changing the box's size (the buttons beside it stay put)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from desktop.dialogs.amount import REFUSED_BASE, AmountBox


def test_a_refused_value_colours_the_box_and_keeps_its_size(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Played at 1366x768: a style sheet marked a refused bid; the styled box lost its arrows and grew (106 -> 109 px
    wide, a pixel taller), and the Bid button beside it and the auction cards' row moved under the next click."""
    box = AmountBox(money=lambda v: f"£{v}", what="The bid")
    qtbot.addWidget(box)
    box.set_allowed(7, 20, "your cash")
    box.setValue(7)
    box.show()
    plain_hint, plain_base = box.sizeHint(), box.palette().color(QPalette.ColorRole.Base)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "25")
    assert box.refusal() is not None and "£25" in box.refusal()
    assert box.sizeHint() == plain_hint and box.styleSheet() == ""
    assert box.palette().color(QPalette.ColorRole.Base) == QColor(REFUSED_BASE)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "12")
    assert box.refusal() is None and box.value() == 12
    assert box.palette().color(QPalette.ColorRole.Base) == plain_base and box.sizeHint() == plain_hint


def test_a_value_set_with_signals_blocked_is_marked_by_what_it_is(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Seen at 1366x768: the New Game dialog set its player count's range and value with the box's signals blocked;
    the range made the box's 0 refused (red) and the 4 set after it, allowed, left the box red."""
    box = AmountBox(what="The number of players")
    qtbot.addWidget(box)
    plain_base = box.palette().color(QPalette.ColorRole.Base)
    box.blockSignals(True)
    box.set_allowed(2, 6)
    assert box.palette().color(QPalette.ColorRole.Base) == QColor(REFUSED_BASE)
    box.setValue(4)
    box.blockSignals(False)
    assert box.refusal() is None
    assert box.palette().color(QPalette.ColorRole.Base) == plain_base
