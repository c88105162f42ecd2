"""1830's market at 1920x1080 was folded into a band of 16 columns and one of 3 stacked under it: the 3-column band
added four rows' height for three columns' width and the market scrolled.  A band that fits in the empty corner of
the first band's staircase is now drawn there (an empty row and column between them), and a folded market a few
pixels taller than its view is drawn that much smaller instead of scrolling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QMessageBox

from desktop.market.scroll import NEAR_FIT
from desktop.market.widget import READABLE_SCALE, MarketWidget
from engine import new_game
from tests.desktop.play_helpers import new_game_window


@pytest.fixture(autouse=True)
def _discard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "desktop.main_window.QMessageBox.question", lambda *_a, **_k: QMessageBox.StandardButton.Discard
    )


def _overlap(a: QRectF, b: QRectF) -> bool:
    inter = a.intersected(b)
    return inter.width() > 0.5 and inter.height() > 0.5


def test_a_short_last_band_is_drawn_in_the_first_bands_empty_corner(qtbot: Any) -> None:
    market = MarketWidget()
    qtbot.addWidget(market)
    market.set_game(new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2))
    assert market.cols == 19
    bands = market.bands_for(2, 16)
    assert len(bands) == 2
    first, second = bands
    assert (first.first_col, first.last_col, second.first_col, second.last_col) == (0, 15, 16, 18)
    size = market.cell_size()
    first_bottom = first.top + (first.last_row - first.first_row + 1) * size.height()
    # inside the first band's outline: the folded market is no taller and no wider than its first band
    assert second.top + (second.last_row - second.first_row + 1) * size.height() <= first_bottom
    assert second.left + (second.last_col - second.first_col + 1) * size.width() <= market.MARGIN + 16 * size.width()
    market.set_bands(2, 16)
    rects = {(c.row, c.col): market.cell_rect(c.row, c.col) for c in market.cells}
    assert max(r.bottom() for r in rects.values()) <= first_bottom
    # every cell drawn once, none over another; the tucked band an empty cell's width away from the first band's cells
    values = list(rects.values())
    for i, a in enumerate(values):
        assert not any(_overlap(a, b) for b in values[i + 1 :])
    tucked = [r for (row, col), r in rects.items() if col >= 16]
    others = [r for (row, col), r in rects.items() if col < 16]
    assert tucked
    for a in tucked:
        grown = a.adjusted(-size.width() + 1, -size.height() + 1, 0, 0)
        assert not any(_overlap(grown, b) for b in others)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_1830s_folded_market_is_read_without_scrolling_at_1920x1080(
    qtbot: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
    window = new_game_window(qtbot, tmp_path, size)
    qtbot.wait(50)
    view, market = window.market_view, window.market
    market.repaint()
    scale, left, top = market._transform
    assert market.band_count >= 2 and scale >= READABLE_SCALE * NEAR_FIT - 1e-6
    assert view.horizontalScrollBar().maximum() == 0
    rects = [market.cell_rect(c.row, c.col) for c in market.cells]
    assert left + max(r.right() for r in rects) * scale <= view.viewport().width() + 1
    if size == (1920, 1080):  # the whole market in sight (at 1366x768 its share of the column is too low for it)
        assert view.verticalScrollBar().maximum() == 0
        assert top + max(r.bottom() for r in rects) * scale <= view.viewport().height() + 1
    assert window.session is not None
    window.session.dirty = False
