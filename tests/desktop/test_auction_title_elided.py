"""1822's bid boxes at 1366x768: the panel's title line was cut mid-word, its end ("settled at the end of the SR")
only in the tooltip.  The rule now comes first and is in sight; a title too long for the line shows the whole
" · " parts that fit and "…" (never half a word), its whole text in the tooltip."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.panels.auction_panel import ElidedTitle
from tests.desktop.play_helpers import new_game_window


def test_a_long_title_shows_whole_parts_and_an_ellipsis(qtbot: Any) -> None:
    label = ElidedTitle("Bid boxes (settled at SR end): free £525 of £525 · bidding tokens 5/5 · bids 0/3 this turn")
    qtbot.addWidget(label)
    label.resize(label.fontMetrics().horizontalAdvance(label.text()) + 10, 20)
    assert label.shown_text() == label.text()
    width = label.fontMetrics().horizontalAdvance(
        "Bid boxes (settled at SR end): free £525 of £525 · bidding tokens 5/5"
    )
    label.resize(width + 30, 20)
    assert label.shown_text() == "Bid boxes (settled at SR end): free £525 of £525 · bidding tokens 5/5 · …"
    label.resize(60, 20)  # not even the first part: elided within it
    shown = label.shown_text()
    assert shown.endswith("…") and label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
    assert label.text().startswith("Bid boxes (settled")  # text() is the whole title


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_bid_boxes_title_says_when_bids_are_settled(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setattr(
        "desktop.main_window.QMessageBox.question", lambda *_a, **_k: QMessageBox.StandardButton.Discard
    )
    window = new_game_window(qtbot, tmp_path, size, "1822")
    qtbot.waitUntil(lambda: window.auction_panel.isVisible(), timeout=3000)
    QApplication.processEvents()
    title = window.auction_panel.title
    assert isinstance(title, ElidedTitle)
    shown = title.shown_text()
    assert shown.startswith("Bid boxes (settled at SR end): free ")
    assert title.fontMetrics().horizontalAdvance(shown) <= title.contentsRect().width()
    assert shown == title.text() or shown.endswith(" · …")
    assert title.toolTip() == title.text()
    assert window.session is not None
    window.session.dirty = False
