"""The market dock's view: the stock market at a readable size, scrolled when the dock is narrower than that.

A two-dimensional market (1830's 24 columns) drawn to fit a side dock at 1366x768 has cells of about 12 px and
prices nobody can read.  Here the market is never drawn below :data:`~desktop.market.widget.READABLE_SCALE`;
when the dock is narrower the view scrolls (the mouse wheel scrolls across when there is nothing to scroll
down), and it follows the game: the current operator's token, else the middle of the tokens, is brought into
view whenever the current operator changes or another game is shown.  A market that fits is drawn as before,
filling the dock.  A grid market that would scroll both ways (1822's 21 x 15 cells, 1830's 19 x 11 at 1366x768) is
folded into bands of columns as wide as the view (:meth:`MarketWidget.set_bands`), so it scrolls down only.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from desktop.market.widget import READABLE_SCALE, MarketWidget

#: a grid market at most this much wider than the view at :data:`READABLE_SCALE` is drawn that much smaller
#: instead of scrolling (18ZOO's market was 394 px in a 382-px column: a scroll bar for 12 px)
NEAR_FIT = 0.94


class MarketScroll(QScrollArea):
    """A scroll area around one :class:`MarketWidget` drawn at :data:`READABLE_SCALE` or larger."""

    def __init__(self, market: MarketWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.market = market
        market.min_scale = READABLE_SCALE
        self.setWidget(market)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._followed: tuple[int, str | None] | None = None
        #: the columns of each band the last :meth:`layout_for` chose (None: as many each, or not folded)
        self.band_columns: int | None = None

    def set_game(self, game: Any) -> None:
        """Show ``game``'s market; bring the operator's token (or the tokens) into view when the operator
        changed or the game is another one (a player's own scrolling is kept otherwise)."""
        self.market.set_game(game)
        self.fit_scale()
        current = next((t.name for c in self.market.cells for t in c.tokens if t.current), None)
        key = (id(game), current)
        if key != self._followed:
            self._followed = key
            QTimer.singleShot(0, self, self.follow)

    def fit_scale(self) -> None:
        """Draw a grid market that nearly fits the view's width (within :data:`NEAR_FIT`) to fit it; any other
        at :data:`READABLE_SCALE` at least.  One that would scroll both ways is folded into bands that fit the
        width (see :meth:`layout_for`)."""
        market = self.market
        bands, scale = self.layout_for(self.viewport().width(), self.height() - 2 * self.frameWidth())
        market.set_bands(bands, self.band_columns)
        market.set_min_scale(scale)

    def layout_for(self, width: int, height: int | None = None) -> tuple[int, float]:
        """The bands and the least scale of the market in a view ``width`` x ``height`` (no height: as tall as
        it needs): as printed when that is at most a little wider than the view (then drawn to fit) or scrolls
        across only; else in as few bands as fit the width beside a vertical scroll bar."""
        market = self.market
        self.band_columns = None
        if not market.cells or market.one_d:
            return 1, READABLE_SCALE
        bar = self.verticalScrollBar().sizeHint().width()
        # the bands are fitted beside the vertical bar, shown yet or not (no flicker as it comes and goes)
        beside_bar = width - (0 if self.verticalScrollBar().isVisible() else bar)

        def fitted(bands: int, room: int) -> float | None:
            natural = market.natural_size(bands=bands).width()
            needed = natural * READABLE_SCALE
            if needed <= room:
                return READABLE_SCALE
            if needed <= room / NEAR_FIT:
                return (room - 1) / natural  # its minimum width (rounded up) is then the width
            return None

        scale = fitted(1, width)
        if scale is not None:
            return 1, scale
        # folded: each band as many columns as the width takes at the readable scale (the last band the rest),
        # drawn to fill the width.  Bands of equal columns left a third of the view empty beside them (1830 at
        # 1920x1080: two bands of 10 columns, 310 px of 520, with 16 columns' room).
        cell = market.cell_size().width()
        per = int((beside_bar / READABLE_SCALE - 2 * market.MARGIN) // cell)
        per = max(1, min(market.cols - 1, per))
        bands = math.ceil(market.cols / per)
        natural = market.natural_size(bands=bands, per=per)
        folded_scale = max(READABLE_SCALE, min(2.5, (beside_bar - 1) / natural.width()))
        tall = market.natural_size(bands=1).height() * READABLE_SCALE + self.horizontalScrollBar().sizeHint().height()
        # folded in sight whole, it is not scrolled at all: better than as printed scrolling across (1830 at
        # 1920x1080, its short last band tucked into the first one's corner)
        whole = height is not None and natural.height() * folded_scale <= height
        if height is not None and tall <= height and not whole:
            return 1, READABLE_SCALE  # scrolls across only
        self.band_columns = per
        return bands, folded_scale

    def wanted_width(self) -> int:
        """The view's width at which a grid market is drawn as printed, one band at :data:`READABLE_SCALE`, beside
        a vertical scroll bar (0: a one-row market, folded into lines whatever the width, or no market)."""
        market = self.market
        if not market.cells or market.one_d:
            return 0
        natural = market.natural_size(bands=1).width() * READABLE_SCALE
        return math.ceil(natural) + self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()

    def height_at(self, width: int) -> int:
        """The height the market would need in a view ``width`` wide (as :meth:`fit_scale` would fold and draw it
        there, at this view's height); nothing changes."""
        market = self.market
        kept = self.band_columns
        try:
            bands, scale = self.layout_for(width, self.height() - 2 * self.frameWidth())
            natural = market.natural_size(bands=bands, per=self.band_columns)
        finally:
            self.band_columns = kept
        return math.ceil(natural.height() * scale)

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        self.fit_scale()

    def follow(self) -> None:
        """Scroll so that the market's focus (see :meth:`MarketWidget.focus_point`) is in the middle."""
        point = self.market.focus_point()
        if point is None:  # no token yet (a new game): the market from its start, not where the last game was seen
            self.horizontalScrollBar().setValue(0)
            self.verticalScrollBar().setValue(0)
            return
        view = self.viewport()
        self.ensureVisible(int(point.x()), int(point.y()), view.width() // 2, view.height() // 2)

    def height_for_width(self, width: int) -> int:
        """The height the view needs at ``width``: the market's as it is folded now, plus a horizontal scroll bar
        when it scrolls across."""
        market = self.market
        needed = market.height_for_width(width)
        if market.minimumWidth() > width:
            needed += self.horizontalScrollBar().sizeHint().height()
        return needed

    def wheelEvent(self, event: QWheelEvent) -> None:  # Qt override
        vertical = self.verticalScrollBar()
        horizontal = self.horizontalScrollBar()
        delta = event.angleDelta()
        if (
            vertical.maximum() <= vertical.minimum()
            and horizontal.maximum() > horizontal.minimum()
            and abs(delta.y()) > abs(delta.x())
        ):
            horizontal.setValue(horizontal.value() - delta.y())
            event.accept()
            return
        super().wheelEvent(event)
