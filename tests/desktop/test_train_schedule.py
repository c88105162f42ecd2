"""The train dialog's schedule keeps its columns apart: the right-aligned price ran into the depot count
("$80 5 of 7")."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QTextDocument

from desktop.dialogs.trains import schedule_html
from engine import new_game


def _cell_rect(doc: QTextDocument, text: str) -> object:
    block = doc.begin()
    while block.isValid():
        if block.text() == text:
            return doc.documentLayout().blockBoundingRect(block)
        block = block.next()
    raise AssertionError(f"no cell {text!r}")


@pytest.mark.parametrize("title", ["1830", "1846"])
def test_the_price_and_the_depot_count_are_apart(qapp, title: str) -> None:
    game = new_game(title, ["Ann", "Bob", "Cy"], seed=1)
    doc = QTextDocument()
    doc.setHtml(schedule_html(game))
    doc.setTextWidth(600)
    text = doc.toPlainText()
    price = "$80"
    depot = next(line for line in text.splitlines() if line.endswith(" of 7") or line.endswith(" of 6"))
    gap = _cell_rect(doc, depot).left() - _cell_rect(doc, price).right()  # type: ignore[attr-defined]
    assert gap >= 10, gap
