"""The rows the move dialogs share, written once: the refusal line under a number entry
(``desktop.dialogs.amount.refusal_label``), one row per corporation a merge-like move offers and the line of
reasons (``desktop.dialogs.choice_rows``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.dialogs.amount import AmountBox, refusal_label
from desktop.dialogs.choice_rows import corporation_rows, reasons_label
from engine.moves.base import LegalMoves, Unusable


def test_refusal_label_is_hidden_until_a_box_refuses_and_says_why(qtbot: Any) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    first, second = AmountBox(holder, what="The bid"), AmountBox(holder, what="The score")
    for box in (first, second):
        layout.addWidget(box)
        box.set_allowed(5, 20)
        box.setValue(10)
    label = refusal_label(layout, first, second, parent=holder)
    holder.show()
    assert label.objectName() == "bidRefusal" and label.wordWrap() and "#b03a2e" in label.styleSheet()
    assert layout.indexOf(label) == 2 and label.parent() is holder
    assert first.message_label is label and second.message_label is label
    assert label.isHidden()
    second.lineEdit().setText("25")
    second.interpretText()
    assert label.isVisible() and "The score 25 is above the most allowed, 20" in label.text()
    second.setValue(12)
    assert label.isHidden()


@dataclass
class _Merge:
    corporations: tuple[str, ...]

    def base(self) -> dict[str, Any]:
        return {"type": "merge", "entity": "M1"}


def test_corporation_rows_choose_the_move_with_that_corporation(qtbot: Any) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    grid = QGridLayout(holder)
    chosen: list[dict[str, Any]] = []
    buttons: dict[str, QPushButton] = {}
    corporation_rows(grid, _Merge(("C&O", "PRR")), chosen.append, buttons, facts=lambda c: f"<b>{c}</b> facts",
                     button_text=lambda c: f"Choose {c}", name="buyer_", key="pick_", tooltip=lambda c: f"tip {c}",
                     first_row=1)
    assert list(buttons) == ["pick_C&O", "pick_PRR"]
    assert buttons["pick_C&O"].text() == "Choose C&&O"  # the & shown, not a mnemonic
    assert buttons["pick_PRR"].objectName() == "buyer_PRR" and buttons["pick_PRR"].toolTip() == "tip PRR"
    label = grid.itemAtPosition(1, 0).widget()
    assert isinstance(label, QLabel) and label.text() == "<b>C&O</b> facts" and label.wordWrap()
    assert grid.itemAtPosition(2, 1).widget() is buttons["pick_PRR"]
    buttons["pick_PRR"].click()
    assert chosen == [{"type": "merge", "entity": "M1", "corporation": "PRR"}]


def test_reasons_label_lists_each_reason_once_or_is_none(qapp: Any) -> None:
    assert reasons_label(LegalMoves("Merge", "", [])) is None
    why = reasons_label(LegalMoves("Merge", "", [], unusable=[
        Unusable("share", "A", "no cash <enough>"), Unusable("share", "B", "no cash <enough>"),
        Unusable("train", "2", "limit")]))
    assert why is not None and why.text() == "<i>no cash &lt;enough&gt;<br>limit</i>"
