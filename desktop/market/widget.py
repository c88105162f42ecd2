"""The stock market, painted as on the board.

Cells are coloured by their type as the title's board colours them (yellow, orange and brown zones, par cells
in red with a darker frame); blank cells are left out.  Each corporation's token (a disc in its colour with its
symbol) sits in its cell, tokens of one cell in arrival order, left to right and top to bottom: the first one
operates first among equal prices.  Tokens never shrink below a readable size: a one-row market's tall cells
stack them top to bottom; two share a cell side by side, numbered; three or more overlap like a physical stack
(the first to operate in front, the others' edges showing behind it) with a badge counting them, and the
cell's tooltip lists them in operating order.  A one-row market (1846) is folded onto several lines when that lets it be
drawn larger.  A grid market too wide for its view at a readable scale (1822's 21 columns, 1830's 19) can be folded
into bands of columns stacked top to bottom (:meth:`MarketWidget.set_bands`), each band only as tall as its rows with
cells, the cut edges dashed with an arrow to where the row goes on: the view then scrolls one way only.  Everything is vector drawing in a logical coordinate system scaled to the widget, so the market is
crisp at any size, and :meth:`MarketWidget.render_to` paints it onto any painter (images, print previews).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QHelpEvent, QImage, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from desktop.panels import (
    Theme,
    current_entity,
    draw_text,
    draw_token,
    edge_color,
    luminance,
    money,
    tooltip_html,
)
from engine.model.market import PAR_TYPES

#: The colour of each market cell type (the reference's default STOCKMARKET_COLORS).
DEFAULT_TYPE_COLORS: dict[str, str] = {
    "par": "red",
    "endgame": "blue",
    "close": "black",
    "multiple_buy": "brown",
    "unlimited": "orange",
    "no_cert_limit": "yellow",
    "liquidation": "red",
    "acquisition": "yellow",
    "repar": "gray",
    "ignore_one_sale": "green",
    "safe_par": "white",
    "max_price": "purple",
}

#: What each cell type means (the reference's default MARKET_TEXT), for the legend and tooltips.
DEFAULT_TYPE_TEXT: dict[str, str] = {
    "par": "Par value",
    "no_cert_limit": "Shares do not count towards the certificate limit",
    "unlimited": "Shares can be held above 60%",
    "multiple_buy": "More than one share may be bought per turn",
    "close": "Corporation closes",
    "endgame": "End game trigger",
    "liquidation": "Liquidation",
    "repar": "Par value after bankruptcy",
    "ignore_one_sale": "First share sold does not move the price",
}

#: Market cell fills: the board colours, softened so prices and tokens stay legible on them.
CELL_FILLS: dict[str, str] = {
    "red": "#f3a29b",
    "yellow": "#fbe47c",
    "orange": "#f7b36a",
    "brown": "#c99461",
    "blue": "#9cc8ee",
    "black": "#55504a",
    "gray": "#cfcac0",
    "green": "#a9d68f",
    "purple": "#c9a7dd",
    "white": "#fffdf8",
}
#: The least token diameter (logical units) whose symbol stays legible; crowded cells overlap tokens instead.
READABLE_TOKEN = 22.0
#: The least scale at which a grid market's prices (12.5 logical units, bold) stay legible on screen (about 8 px):
#: a market view with ``min_scale`` set never draws a two-dimensional market smaller, its scroll area scrolls.
READABLE_SCALE = 0.66
#: The logical gap between two bands of a folded grid market.
BAND_GAP = 16.0
PLAIN_FILL = "#fffcf4"
PAR_FRAME = "#b3261e"
GRID_LINE = "#6f6453"
BOARD = "#ede4d1"


@dataclass(frozen=True, slots=True)
class Band:
    """Columns ``first_col..last_col`` of a folded grid market, drawn from logical ``top`` (and ``left``) with the
    rows ``first_row..last_row`` (the rows holding cells in those columns)."""

    first_col: int
    last_col: int
    first_row: int
    last_row: int
    top: float
    left: float = 10.0

    def holds(self, col: int) -> bool:
        return self.first_col <= col <= self.last_col


@dataclass(slots=True)
class MarketToken:
    name: str
    color: str
    text_color: str
    current: bool = False


@dataclass(slots=True)
class MarketCell:
    row: int
    col: int
    price: int
    types: list[str]
    tokens: list[MarketToken] = field(default_factory=list)

    @property
    def par(self) -> bool:
        return any(t in PAR_TYPES for t in self.types)


class MarketWidget(QWidget):
    """The stock market grid with the corporations' tokens.  Read only; ``set_game`` re-reads the state."""

    MARGIN = 10.0
    PRICE_H = 17.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game: Any = None
        self.cells: list[MarketCell] = []
        self.rows = 0
        self.cols = 0
        self.one_d = False
        self.legend: list[tuple[str, str, str]] = []  # (type, fill, text)
        self._money: dict[int, str] = {}
        self._type_colors = dict(DEFAULT_TYPE_COLORS)
        self._type_text = dict(DEFAULT_TYPE_TEXT)
        self._lines = 1  # a one-row market folded onto this many lines
        self.band_count = 1  # a grid market folded into this many bands of columns (see :meth:`set_bands`)
        self.band_columns: int | None = None  # of this many columns each (None: as many each)
        self._bands: list[Band] = []
        self._transform: tuple[float, float, float] = (1.0, 0.0, 0.0)  # scale, dx, dy of the last paint
        #: the least scale this view draws a grid market at (0: shrink to fit, as pictures do; a scrolled view
        #: sets :data:`READABLE_SCALE` and gets a minimum size to match)
        self.min_scale = 0.0
        sp = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        sp.setHeightForWidth(False)
        self.setSizePolicy(sp)
        self.setMouseTracking(True)
        self.setMinimumSize(240, 120)

    # -- reading the game --------------------------------------------------------------------------------------
    def set_game(self, game: Any) -> None:
        """Re-read the market from ``game`` (nothing in the game changes)."""
        self.game = game
        self.cells = []
        self.legend = []
        if game is None:
            self.rows = self.cols = 0
            self.update()
            return
        spec = getattr(game, "spec", None)
        self._type_colors = dict(DEFAULT_TYPE_COLORS)
        self._type_colors.update(getattr(spec, "stockmarket_colors", None) or {})
        self._type_text = dict(DEFAULT_TYPE_TEXT)
        self._type_text.update(getattr(spec, "market_text", None) or {})
        current = current_entity(game)
        grid = game.stock_market.market
        self.rows = len(grid)
        self.cols = max((len(r) for r in grid), default=0)
        self.one_d = self.rows == 1
        seen_types: list[str] = []
        for r, row in enumerate(grid):
            for c, sp in enumerate(row):
                if sp is None:
                    continue
                tokens = [
                    MarketToken(
                        str(corp.name),
                        str(corp.color or "#888888"),
                        str(getattr(corp, "text_color", "") or ""),
                        corp is current,
                    )
                    for corp in sp.corporations
                ]
                types = [str(t) for t in sp.types]
                self.cells.append(MarketCell(r, c, int(sp.price), types, tokens))
                self._money[int(sp.price)] = money(game, sp.price)
                for t in types:
                    if t not in seen_types:
                        seen_types.append(t)
        for t in seen_types:
            fill = self._fill_for([t])
            if fill is not None and t in self._type_text:
                self.legend.append((t, fill, self._type_text[t]))
        self._bands = self.bands_for(self.band_count, self.band_columns)
        self._apply_min_scale()
        self.updateGeometry()
        self.update()

    def set_bands(self, count: int, per: int | None = None) -> None:
        """Fold a grid market into ``count`` bands of columns (1: as printed), of ``per`` columns each (the last
        fewer) when given, else of as many columns each; a one-row market is not changed."""
        count = max(1, count)
        if (count, per) != (self.band_count, self.band_columns):
            self.band_count = count
            self.band_columns = per
            self._bands = self.bands_for(count, per)
            self._apply_min_scale()
            self.updateGeometry()
            self.update()

    def bands_for(self, count: int, per: int | None = None) -> list[Band]:
        """The bands of a grid market folded into ``count`` of them, of ``per`` columns each (default: as many
        each), the last fewer; [] when it is not folded.

        A band that fits in the empty corner of the first band's staircase (the low rows are shorter than the
        high ones), an empty column and row between it and the first band's cells, is drawn there rather than
        below: 1830 at 1920x1080 folded into 16 columns and 3, the 3-column band made the market scroll."""
        if self.one_d or count <= 1 or not self.cells:
            return []
        per = max(1, per) if per else math.ceil(self.cols / count)
        size = self.cell_size()
        bands: list[Band] = []
        top = self.MARGIN
        rows_of: dict[int, set[int]] = {}
        for c in self.cells:
            rows_of.setdefault(c.col, set()).add(c.row)
        first_band: Band | None = None
        taken: set[tuple[int, int]] = set()  # (row, column) of the first band's grid taken by a cell or a tucked band
        for first in range(0, self.cols, per):
            last = min(self.cols, first + per) - 1
            rows = [r for col in range(first, last + 1) for r in rows_of.get(col, ())]
            if not rows:
                continue
            band = Band(first, last, min(rows), max(rows), top, self.MARGIN)
            if first_band is None:
                first_band = band
                taken = {(c.row, c.col) for c in self.cells if band.holds(c.col)}
            else:
                spot = self._tuck_spot(band, first_band, taken)
                if spot is not None:
                    row, col = spot
                    band = Band(
                        first,
                        last,
                        band.first_row,
                        band.last_row,
                        first_band.top + (row - first_band.first_row) * size.height(),
                        self.MARGIN + (col - first_band.first_col) * size.width(),
                    )
                    taken |= {
                        (row + r, col + k)
                        for r in range(band.last_row - band.first_row + 1)
                        for k in range(band.last_col - band.first_col + 1)
                    }
                    bands.append(band)
                    continue
            bands.append(band)
            top = max(top, band.top + (band.last_row - band.first_row + 1) * size.height() + BAND_GAP)
        return bands if len(bands) > 1 else []

    @staticmethod
    def _tuck_spot(band: Band, into: Band, taken: set[tuple[int, int]]) -> tuple[int, int] | None:
        """Where (row, column of ``into``'s grid) ``band`` fits inside ``into``'s outline over no cell, with an
        empty row above it and an empty column left of it: the lowest such place, rightmost first; None when
        there is none."""
        height = band.last_row - band.first_row + 1
        width = band.last_col - band.first_col + 1
        for row in range(into.last_row - height + 1, into.first_row, -1):
            for col in range(into.last_col - width + 1, into.first_col, -1):
                if all((r, k) not in taken for r in range(row - 1, row + height) for k in range(col - 1, col + width)):
                    return row, col
        return None

    def set_min_scale(self, scale: float) -> None:
        """Never draw a grid market below ``scale`` (0: shrink to fit); the minimum size follows."""
        if scale != self.min_scale:
            self.min_scale = scale
            self._apply_min_scale()
            self.updateGeometry()

    def _apply_min_scale(self) -> None:
        """A grid market never drawn below ``min_scale``: the widget's minimum size is its drawing at that scale
        (a one-row market folds onto more lines instead, see :meth:`_best_lines`)."""
        if self.min_scale <= 0 or not self.cells or self.one_d:
            self.setMinimumSize(240, 120)
            return
        nat = self.natural_size()
        self.setMinimumSize(
            max(240, math.ceil(nat.width() * self.min_scale)), max(120, math.ceil(nat.height() * self.min_scale))
        )

    def focus_point(self) -> QPointF | None:
        """Where a scrolled view should look (widget pixels, after the last paint's scaling): the current
        operator's token, else the middle of the span of all tokens; None without tokens."""
        cells = [c for c in self.cells if c.tokens]
        if not cells:
            return None
        current = [c for c in cells if any(t.current for t in c.tokens)]
        if current:
            logical = self.cell_rect(current[0].row, current[0].col).center()
        else:
            rects = [self.cell_rect(c.row, c.col) for c in cells]
            logical = QPointF(
                (min(r.left() for r in rects) + max(r.right() for r in rects)) / 2,
                (min(r.top() for r in rects) + max(r.bottom() for r in rects)) / 2,
            )
        nat = self.natural_size()
        scale, dx, dy = self._layout_transform(QRectF(self.rect()), nat)
        return QPointF(dx + logical.x() * scale, dy + logical.y() * scale)

    # -- queries (tests, other views) ----------------------------------------------------------------------------
    def cell(self, row: int, col: int) -> MarketCell | None:
        return next((c for c in self.cells if c.row == row and c.col == col), None)

    def tokens_in_cell(self, row: int, col: int) -> list[str]:
        """The corporations on cell (row, col), in arrival order."""
        cell = self.cell(row, col)
        return [t.name for t in cell.tokens] if cell is not None else []

    def token_positions(self) -> dict[str, tuple[int, int, int]]:
        """Corporation name -> (row, col, place in the cell's arrival order)."""
        return {t.name: (cell.row, cell.col, i) for cell in self.cells for i, t in enumerate(cell.tokens)}

    def cell_fill(self, row: int, col: int) -> QColor | None:
        """The colour the cell is painted (None for a blank)."""
        cell = self.cell(row, col)
        if cell is None:
            return None
        return QColor(self._fill_for(cell.types) or PLAIN_FILL)

    # -- geometry (logical units) -------------------------------------------------------------------------------
    def cell_size(self) -> QSizeF:
        return QSizeF(50.0, 124.0) if self.one_d else QSizeF(48.0, 60.0)

    def _grid_origin(self, row: int, col: int, lines: int | None = None) -> QPointF:
        size = self.cell_size()
        lines = lines or self._lines
        if self.one_d and lines > 1:
            per_line = math.ceil(self.cols / lines)
            line, pos = divmod(col, per_line)
            return QPointF(self.MARGIN + pos * size.width(), self.MARGIN + line * (size.height() + 14.0))
        band = self._band_of(col)
        if band is not None:
            return QPointF(
                band.left + (col - band.first_col) * size.width(), band.top + (row - band.first_row) * size.height()
            )
        return QPointF(self.MARGIN + col * size.width(), self.MARGIN + row * size.height())

    def _band_of(self, col: int, bands: list[Band] | None = None) -> Band | None:
        return next((b for b in (self._bands if bands is None else bands) if b.holds(col)), None)

    def cell_rect(self, row: int, col: int) -> QRectF:
        """Where cell (row, col) is drawn, in logical units (before scaling to the widget)."""
        return QRectF(self._grid_origin(row, col), self.cell_size())

    def stacked(self, cell: MarketCell) -> bool:
        """Are the cell's tokens drawn as an overlapping stack with a count badge (too many for a readable row)?"""
        return not self.one_d and len(cell.tokens) > 2

    def token_rects(self, cell: MarketCell) -> list[QRectF]:
        """Where the tokens of ``cell`` are drawn (logical units), in arrival order, the first at the left (or
        top): a column in a one-row market's tall cells; otherwise one row, side by side and numbered for two,
        an overlapping stack for more (see :meth:`stacked`)."""
        rect = self.cell_rect(cell.row, cell.col)
        n = len(cell.tokens)
        if self.one_d:
            area = QRectF(
                rect.left() + 3, rect.top() + self.PRICE_H + 1, rect.width() - 6, rect.height() - self.PRICE_H - 4
            )
            return _token_column(n, area)
        below = 10.0 if n == 2 else 0.0  # the order numbers under two tokens; a stack has its badge instead
        area = QRectF(
            rect.left() + 3, rect.top() + self.PRICE_H + 1, rect.width() - 6, rect.height() - self.PRICE_H - 4 - below
        )
        return _token_stack(n, area) if self.stacked(cell) else _token_row(n, area)

    def badge_rect(self, cell: MarketCell) -> QRectF | None:
        """Where a stacked cell's count badge is drawn (None when the cell is not stacked)."""
        if not self.stacked(cell):
            return None
        last = self.token_rects(cell)[-1]
        size = 13.0
        return QRectF(last.right() - size + 3.0, last.top() - 3.0, size, size)

    def natural_size(self, lines: int | None = None, bands: int | None = None, per: int | None = None) -> QSizeF:
        """The logical size of the whole drawing (grid and legend) with ``lines`` lines for a one-row market, or
        ``bands`` bands (of ``per`` columns) for a grid market (default: as drawn now)."""
        lines = lines or self._lines
        size = self.cell_size()
        folded = self._bands if bands is None else self.bands_for(bands, per)
        if self.one_d and lines > 1:
            per_line = math.ceil(self.cols / lines)
            grid_w = per_line * size.width()
            grid_h = lines * size.height() + (lines - 1) * 14.0
        elif folded:
            grid_w = max(b.left - self.MARGIN + (b.last_col - b.first_col + 1) * size.width() for b in folded)
            grid_h = max(b.top - self.MARGIN + (b.last_row - b.first_row + 1) * size.height() for b in folded)
        else:
            grid_w = self.cols * size.width()
            grid_h = self.rows * size.height()
        legend_h = self._legend_height(grid_w)
        return QSizeF(grid_w + 2 * self.MARGIN, grid_h + 2 * self.MARGIN + legend_h)

    def _legend_items(self, width: float) -> list[tuple[QRectF, tuple[str, str, str]]]:
        font = Theme.font(11)
        fm = QFontMetricsF(font)
        x, y = 0.0, 0.0
        placed = []
        for item in self.legend:
            w = 18 + fm.horizontalAdvance(item[2]) + 18
            if x > 0 and x + w > width:
                x = 0.0
                y += 20.0
            placed.append((QRectF(x, y, w, 16), item))
            x += w
        return placed

    def _legend_height(self, width: float) -> float:
        if not self.legend:
            return 0.0
        return self._legend_items(width)[-1][0].bottom() + 10.0

    def _best_lines(self, target: QSizeF) -> int:
        if not self.one_d or target.width() <= 0 or target.height() <= 0:
            return 1
        best, best_scale = 1, 0.0
        for lines in range(1, 5):
            nat = self.natural_size(lines)
            scale = min(target.width() / nat.width(), target.height() / nat.height())
            if scale > best_scale * 1.05:
                best, best_scale = lines, scale
        return best

    def lines_for_width(self, width: float) -> int:
        """The lines a one-row market is folded onto at ``width`` pixels: two, or as many more as it takes to draw
        it at ``min_scale`` (1817's 32 cells on two lines in a 382-px column were drawn at 0.47, prices of 6 px;
        on three at 0.67); 1 for a grid market."""
        if not self.one_d:
            return 1
        lines = 2
        if self.min_scale > 0 and width > 0:
            while lines < min(6, self.cols) and width / self.natural_size(lines).width() < self.min_scale:
                lines += 1
        return lines

    def height_for_width(self, width: int) -> int:
        """The height the market needs at ``width`` pixels to be drawn as large as that width allows (a one-row
        market folded on :meth:`lines_for_width` lines)."""
        if not self.cells or width <= 0:
            return 200
        nat = self.natural_size(self.lines_for_width(width))
        return math.ceil(nat.height() * max(self.min_scale if not self.one_d else 0.0, min(width / nat.width(), 2.5)))

    def sizeHint(self) -> QSize:
        if not self.cells:
            return QSize(480, 320)
        nat = self.natural_size(2 if self.one_d else 1)
        return QSize(math.ceil(nat.width()), math.ceil(nat.height()))

    # -- painting ------------------------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(BOARD))
        self.render_to(painter, QRectF(self.rect()))
        painter.end()

    def render_to(self, painter: QPainter, rect: QRectF) -> None:
        """Paint the market scaled uniformly into ``rect`` of ``painter``'s device (centred across, at the top)."""
        if not self.cells:
            draw_text(
                painter, rect, "No market", Theme.font(14, italic=True), Theme.muted, Qt.AlignmentFlag.AlignCenter
            )
            return
        self._lines = self._best_lines(rect.size())
        nat = self.natural_size()
        scale, dx, dy = self._layout_transform(rect, nat)
        self._transform = (scale, dx, dy)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.translate(dx, dy)
        painter.scale(scale, scale)
        self._paint_board(painter, nat)
        painter.restore()

    def _layout_transform(self, rect: QRectF, nat: QSizeF) -> tuple[float, float, float]:
        """Scale and offset of the drawing in ``rect``: as large as fits (at most 2.5), centred across, at the top
        (the market sits at the top of its dock, like the map's legend)."""
        scale = min(rect.width() / nat.width(), rect.height() / nat.height(), 2.5)
        return scale, rect.left() + (rect.width() - nat.width() * scale) / 2, rect.top()

    def render_image(self, width: int, height: int | None = None) -> QImage:
        """The market as a QImage ``width`` wide (height from the drawing's proportions unless given)."""
        if height is None:
            nat = self.natural_size(self._best_lines(QSizeF(width, width * 0.6)))
            height = math.ceil(width * nat.height() / nat.width())
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor(BOARD))
        painter = QPainter(image)
        self.render_to(painter, QRectF(0, 0, width, height))
        painter.end()
        return image

    def _fill_for(self, types: list[str]) -> str | None:
        for t in types:
            name = self._type_colors.get(t)
            if name:
                return CELL_FILLS.get(str(name), str(name))
        return None

    def _paint_board(self, p: QPainter, nat: QSizeF) -> None:
        price_font = Theme.font(13.5 if self.one_d else 12.5, bold=True)
        grid_pen = QPen(QColor(GRID_LINE), 1.0)
        grid_pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        # cells
        for cell in self.cells:
            rect = self.cell_rect(cell.row, cell.col)
            fill = QColor(self._fill_for(cell.types) or PLAIN_FILL)
            p.setPen(grid_pen)
            p.setBrush(fill)
            p.drawRect(rect)
            if cell.par:
                p.setPen(QPen(QColor(PAR_FRAME), 2.2))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(rect.adjusted(2.6, 2.6, -2.6, -2.6))
            ink = QColor("#ffffff") if luminance(fill) < 0.3 else QColor("#2b2620")
            text = self._money.get(cell.price, str(cell.price))
            draw_text(
                p,
                QRectF(rect.left(), rect.top() + 2, rect.width(), self.PRICE_H),
                text,
                price_font if len(text) < 5 else Theme.font(11, bold=True),
                ink,
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                elide=False,
            )
            if cell.par and not cell.tokens:
                draw_text(
                    p,
                    QRectF(rect.left(), rect.bottom() - 18, rect.width(), 14),
                    "PAR",
                    Theme.font(9.5, bold=True),
                    QColor(PAR_FRAME),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                    elide=False,
                )
        # a heavier frame around the whole market, as printed
        if not self.one_d or self._lines == 1:
            p.setPen(QPen(QColor(GRID_LINE).darker(130), 1.6))
            p.setBrush(Qt.BrushStyle.NoBrush)
            for cell in self.cells:
                rect = self.cell_rect(cell.row, cell.col)
                for dr, dc, a, b in (
                    (-1, 0, rect.topLeft(), rect.topRight()),
                    (1, 0, rect.bottomLeft(), rect.bottomRight()),
                    (0, -1, rect.topLeft(), rect.bottomLeft()),
                    (0, 1, rect.topRight(), rect.bottomRight()),
                ):
                    if self.cell(cell.row + dr, cell.col + dc) is None:
                        p.drawLine(a, b)
            self._paint_band_cuts(p)
        else:
            size_ = self.cell_size()
            per_line = math.ceil(self.cols / self._lines)
            for line in range(self._lines):
                first = line * per_line
                last = min(self.cols, first + per_line) - 1
                if first > last:
                    continue
                a = self._grid_origin(0, first)
                p.setPen(QPen(QColor(GRID_LINE).darker(130), 1.6))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(QRectF(a, QSizeF((last - first + 1) * size_.width(), size_.height())))
        # tokens, in operating order left to right; two in one cell are numbered, a stack has a count badge
        order_font = Theme.font(9, bold=True)
        for cell in self.cells:
            rects = self.token_rects(cell)
            if len(cell.tokens) == 2 and not self.one_d:
                for i, r in enumerate(rects):
                    tag = QRectF(r.center().x() - 6, r.bottom() + 0.5, 12, 10)
                    draw_text(
                        p,
                        tag,
                        str(i + 1),
                        order_font,
                        QColor("#2b2620"),
                        Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                        elide=False,
                    )
            # the first to operate is drawn last, on top where discs overlap
            for token, r in reversed(list(zip(cell.tokens, rects))):
                if token.current:
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(Theme.accent)
                    p.drawEllipse(r.adjusted(-2.2, -2.2, 2.2, 2.2))
                else:
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(QColor(0, 0, 0, 45))
                    p.drawEllipse(r.translated(0.6, 1.0))
                draw_token(p, r, token.color, token.name, token.text_color)
            badge = self.badge_rect(cell)
            if badge is not None:
                p.setPen(QPen(QColor("#ffffff"), 1.0))
                p.setBrush(QColor("#2b2620"))
                p.drawEllipse(badge)
                draw_text(
                    p,
                    badge,
                    str(len(cell.tokens)),
                    order_font,
                    QColor("#ffffff"),
                    Qt.AlignmentFlag.AlignCenter,
                    elide=False,
                )
        # legend
        if self.legend:
            grid_bottom = nat.height() - self.MARGIN - self._legend_height(nat.width() - 2 * self.MARGIN)
            top = grid_bottom + 10.0
            font = Theme.font(11)
            for r, (t, fill, text) in self._legend_items(nat.width() - 2 * self.MARGIN):
                swatch = QRectF(self.MARGIN + r.left(), top + r.top() + 2, 12, 12)
                p.setPen(QPen(edge_color(QColor(fill)), 1.0))
                p.setBrush(QColor(fill))
                p.drawRect(swatch)
                if t in PAR_TYPES:
                    p.setPen(QPen(QColor(PAR_FRAME), 1.6))
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.drawRect(swatch.adjusted(2, 2, -2, -2))
                draw_text(
                    p, QRectF(swatch.right() + 5, top + r.top(), r.width() - 22, 16), text, font, Theme.ink, elide=False
                )

    def _paint_band_cuts(self, p: QPainter) -> None:
        """Where a folded market's row goes on in the next band (or came from the previous one): the cut edge
        dashed, with a small arrow pointing the way along the row."""
        if not self._bands:
            return
        pen = QPen(QColor(GRID_LINE).darker(130), 1.6, Qt.PenStyle.DashLine)
        arrow_font = Theme.font(10, bold=True)
        for band in self._bands:
            for cell in self.cells:
                rect = self.cell_rect(cell.row, cell.col)
                for col, edge, text in ((band.last_col, rect.right(), "▶"), (band.first_col, rect.left(), "◀")):
                    neighbour = cell.col + (1 if text == "▶" else -1)
                    if cell.col != col or not band.holds(cell.col) or self.cell(cell.row, neighbour) is None:
                        continue
                    p.setPen(pen)
                    p.drawLine(QPointF(edge, rect.top()), QPointF(edge, rect.bottom()))
                    mark = QRectF(edge - (11 if text == "▶" else -1), rect.bottom() - 13, 10, 12)
                    draw_text(p, mark, text, arrow_font, QColor(GRID_LINE), Qt.AlignmentFlag.AlignCenter, elide=False)

    # -- tooltips ------------------------------------------------------------------------------------------------
    def cell_at(self, pos: QPointF) -> MarketCell | None:
        """The cell under a widget position (after the last paint's scaling)."""
        scale, dx, dy = self._transform
        if scale <= 0:
            return None
        logical = QPointF((pos.x() - dx) / scale, (pos.y() - dy) / scale)
        return next((c for c in self.cells if self.cell_rect(c.row, c.col).contains(logical)), None)

    def cell_tooltip(self, cell: MarketCell) -> str:
        lines = []
        for t in cell.types:
            lines.append(self._type_text.get(t, t.replace("_", " ").capitalize()))
        if cell.tokens:
            order = ", ".join(f"{i + 1}. {t.name}" for i, t in enumerate(cell.tokens))
            lines.append(f"Here, in operating order: {order}")
        return tooltip_html(str(self._money.get(cell.price, cell.price)), lines)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            cell = self.cell_at(QPointF(event.pos()))
            if cell is not None:
                QToolTip.showText(event.globalPos(), self.cell_tooltip(cell), self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)


def _token_column(n: int, area: QRectF, max_d: float = 40.0) -> list[QRectF]:
    """``n`` token discs down ``area`` (a one-row market's tall cell), top to bottom in order; when they would
    shrink below :data:`READABLE_TOKEN` they keep that size and overlap, the first in front."""
    if n <= 0:
        return []
    d = min(max_d, area.width(), max(READABLE_TOKEN, (area.height() - 2.0 * (n - 1)) / n))
    step = d + 2.0 if n * d + 2.0 * (n - 1) <= area.height() else (area.height() - d) / max(1, n - 1)
    x = area.left() + (area.width() - d) / 2
    return [QRectF(x, area.top() + i * step, d, d) for i in range(n)]


def _token_stack(n: int, area: QRectF, d: float = 28.0) -> list[QRectF]:
    """``n`` readable token discs overlapping across ``area`` like a physical stack seen from the side: the
    first at the left (drawn in front), each next one a little to the right, behind it."""
    if n <= 0:
        return []
    d = min(d, area.height(), area.width())
    step = min(d * 0.35, (area.width() - d) / max(1, n - 1))
    x0 = area.left() + (area.width() - d - step * (n - 1)) / 2
    y = area.top() + (area.height() - d) / 2
    return [QRectF(x0 + i * step, y, d, d) for i in range(n)]


def _token_row(n: int, area: QRectF, max_d: float = 40.0, min_d: float = 16.0) -> list[QRectF]:
    """``n`` token discs in one row across ``area``, left to right in order, overlapping when they must."""
    if n <= 0:
        return []
    d = max(min_d, min(max_d, area.height(), (area.width() + 2.0 * (n - 1)) / n if n > 1 else max_d))
    d = min(d, area.height())
    step = d + 2.0 if n * d + (n - 1) * 2.0 <= area.width() else (area.width() - d) / max(1, n - 1)
    row_w = d + step * (n - 1)
    x0 = area.left() + (area.width() - row_w) / 2
    y = area.top() + (area.height() - d) / 2
    return [QRectF(x0 + i * step, y, d, d) for i in range(n)]
