"""Information panels: read-only views of a ``Game`` (corporations, players, companies, trains, log, charts).

Every panel has ``set_game(game)``, which re-reads the state into a small snapshot and repaints; it is cheap
enough to call on every step while browsing history.  Panels never change the game: in particular they read
holdings with :func:`percent_held`, because the engine's ``percent_of``/``shares_of`` create an empty entry on
read (the reference's default-hash semantics), which would alter key order in the live game.

This module also holds the drawing vocabulary the panels share (colours, fonts, token discs, chips, the
card canvas).  The panel classes are exported lazily, so a panel module can import these helpers freely.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QImage,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QApplication, QFrame, QScrollArea, QSizePolicy, QToolTip, QWidget

if TYPE_CHECKING:
    from desktop.panels.charts import ChartsPanel
    from desktop.panels.companies import CompaniesPanel
    from desktop.panels.corporations import CorporationsPanel
    from desktop.panels.log import LogPanel
    from desktop.panels.players import PlayersPanel
    from desktop.panels.trains import TrainsPanel

__all__ = [
    "BOARD_COLORS",
    "CardCanvas",
    "CardPanel",
    "ChartsPanel",
    "CompaniesPanel",
    "CorporationsPanel",
    "LogPanel",
    "PlayersPanel",
    "Theme",
    "TrainsPanel",
    "percent_held",
    "qcolor",
    "tooltip_html",
]

_LAZY = {
    "ChartsPanel": "desktop.panels.charts",
    "CompaniesPanel": "desktop.panels.companies",
    "CorporationsPanel": "desktop.panels.corporations",
    "LogPanel": "desktop.panels.log",
    "PlayersPanel": "desktop.panels.players",
    "TrainsPanel": "desktop.panels.trains",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'desktop.panels' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


# --------------------------------------------------------------------------------------------------------------
# Colours
# --------------------------------------------------------------------------------------------------------------

#: The board's named colours (tiles, market zones, private companies), as printed on 18xx boards.
BOARD_COLORS: dict[str, str] = {
    "white": "#ffffff",
    "yellow": "#fde900",
    "green": "#71bf44",
    "brown": "#cb7745",
    "gray": "#bcbdc0",
    "grey": "#bcbdc0",
    "red": "#ec232a",
    "blue": "#35a7ff",
    "lightblue": "#add8e6",
    "orange": "#f48221",
    "purple": "#832e9a",
    "black": "#000000",
    "salmon": "#f9b180",
    "lightgreen": "#b5e3a0",
}


class Theme:
    """The panels' palette and type scale: warm paper, dark ink, one accent for 'now'."""

    paper = QColor("#f6f1e6")  # panel background
    card = QColor("#fffdf8")  # card face
    card_border = QColor("#d8cdb6")
    ink = QColor("#2b2620")  # main text
    muted = QColor("#7a7063")  # captions
    faint = QColor("#b3a995")  # disabled / closed
    rule = QColor("#e6dcc8")  # separators
    accent = QColor("#c9302c")  # current entity, warnings
    highlight = QColor("#fff0b3")  # the current line / card
    gold = QColor("#d9a21b")  # priority deal
    header = QColor("#3b352d")  # player card header band

    @staticmethod
    def font(pixel_size: float, bold: bool = False, italic: bool = False, condensed: bool = False) -> QFont:
        app = QApplication.instance()
        font = QFont(app.font()) if isinstance(app, QApplication) else QFont()
        font.setPixelSize(max(1, round(pixel_size)))
        font.setBold(bold)
        font.setItalic(italic)
        if condensed:
            font.setStretch(QFont.Stretch.SemiCondensed)
        return font


def qcolor(value: Any, default: str = "#9a9a9a") -> QColor:
    """A colour from a hex string or a board colour name (``"yellow"``); ``default`` when unknown."""
    if isinstance(value, QColor):
        return QColor(value)
    if isinstance(value, str) and value:
        named = BOARD_COLORS.get(value.strip().lower())
        color = QColor(named or value.strip())
        if color.isValid():
            return color
    return QColor(default)


def luminance(color: QColor) -> float:
    """Relative luminance (0 dark .. 1 light)."""

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF())


def text_on(fill: QColor, preferred: Any = None) -> QColor:
    """Text colour for ``fill``: ``preferred`` (a corporation's ``text_color``) if given and readable on it, else
    black or white (1822's concessions are black cards with black text in the title's data)."""
    if preferred:
        wanted = qcolor(preferred, "#ffffff")
        light, dark = sorted((luminance(wanted), luminance(qcolor(fill))), reverse=True)
        if (light + 0.05) / (dark + 0.05) >= 1.4:  # (white on 1830's light-blue C&O: 1.5, kept)
            return wanted
    return QColor("#1d1a16") if luminance(qcolor(fill)) > 0.45 else QColor("#ffffff")


def ink_color(color: QColor, max_luminance: float = 0.55) -> QColor:
    """``color`` darkened (same hue) until it reads as a line or text on light paper (ERIE yellow...)."""
    result = QColor(color)
    for _ in range(12):
        if luminance(result) <= max_luminance:
            break
        result = result.darker(112)
    return result


def edge_color(fill: QColor) -> QColor:
    """An outline that separates ``fill`` from paper: darker for mid colours, grey-brown for light ones."""
    return fill.darker(150) if luminance(fill) < 0.7 else QColor("#8a7f6c")


# --------------------------------------------------------------------------------------------------------------
# Reading the game without changing it
# --------------------------------------------------------------------------------------------------------------


def percent_held(holder: Any, corporation: Any) -> int:
    """The percentage of ``corporation`` that ``holder`` holds, read without creating an entry."""
    if holder is None or corporation is None:
        return 0
    by_corp = getattr(holder, "shares_by_corporation", None)
    if by_corp is None:
        return 0
    return sum(int(share.percent) for share in by_corp.get(corporation, ()))


def shares_held(holder: Any, corporation: Any) -> list[Any]:
    """The certificates of ``corporation`` that ``holder`` holds (a copy), read without creating an entry."""
    by_corp = getattr(holder, "shares_by_corporation", None)
    return list(by_corp.get(corporation, ())) if by_corp is not None else []


def company_label(sym: str, name: str) -> str:
    """What a chip shows for a company: its symbol when it is an abbreviation ("SV", "P12", "C&WI"), its name when
    the symbol only spells the name as an identifier (18ZOO's powers: "ANCIENT_MAPS" is "Ancient maps") or is the
    name and more, words apart (18ZOO's "ZOOTicket 1 - Player 1" is "ZOOTicket 1")."""
    def letters(text: str) -> str:
        return "".join(ch for ch in text.upper() if ch.isalnum())

    if name and len(sym) > 3 and (letters(sym) == letters(name) or (" " in sym and sym.startswith(name))):
        return name
    return sym


def tooltip_html(title: str, lines: Iterable[str] = ()) -> str:
    """A tooltip: the title in bold over plain lines (all escaped: names such as "B&O" are text, not markup)."""
    import html

    parts = [f"<b>{html.escape(title)}</b>", *(html.escape(line) for line in lines if line)]
    return "<br>".join(parts)


def money(game: Any, value: Any) -> str:
    """``value`` in the title's currency format (``$120``, ``¥120``)."""
    if value is None:
        return "—"
    fmt = getattr(game, "format_currency", None)
    try:
        return str(fmt(int(value))) if fmt is not None else f"${int(value)}"
    except (TypeError, ValueError):
        return str(value)


def current_entity(game: Any) -> Any:
    """Whose turn it is (``None`` when the game is over or nobody acts)."""
    if game is None or getattr(game, "finished", False):
        return None
    try:
        return game.round.current_entity()
    except Exception:  # a view must never fail on an odd state
        return None


# --------------------------------------------------------------------------------------------------------------
# Drawing helpers
# --------------------------------------------------------------------------------------------------------------


_FITTED: dict[tuple[str, int, int, int, bool, bool], QFont] = {}


def fitted_font(text: str, max_width: float, max_px: float, min_px: float = 5.0, bold: bool = True,
                condensed: bool = True) -> QFont:
    """The largest font (``min_px``..``max_px``) in which ``text`` fits ``max_width`` (cached)."""
    key = (text, round(max_width * 4), round(max_px * 4), round(min_px * 4), bold, condensed)
    cached = _FITTED.get(key)
    if cached is None:
        if len(_FITTED) > 4000:
            _FITTED.clear()
        cached = _FITTED[key] = _fit_font(text, max_width, max_px, min_px, bold, condensed)
    return cached


def _fit_font(text: str, max_width: float, max_px: float, min_px: float, bold: bool, condensed: bool) -> QFont:
    size = max_px
    font = Theme.font(size, bold=bold, condensed=condensed)
    while size > min_px:
        font = Theme.font(size, bold=bold, condensed=condensed)
        if QFontMetricsF(font).horizontalAdvance(text) <= max_width:
            return font
        size -= 0.5
    return Theme.font(min_px, bold=bold, condensed=condensed)


def draw_token(painter: QPainter, rect: QRectF, fill: Any, text: str, text_color: Any = None,
               hollow: bool = False) -> None:
    """A station token: a disc in the corporation's colour with a white ring and its symbol.

    ``hollow`` draws a token that is not there (a placed token's empty spot): paper with a coloured ring.
    """
    color = qcolor(fill)
    d = min(rect.width(), rect.height())
    disc = QRectF(rect.center().x() - d / 2, rect.center().y() - d / 2, d, d)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if hollow:
        painter.setPen(QPen(ink_color(color, 0.6), max(1.0, d * 0.08)))
        painter.setBrush(Theme.card)
        painter.drawEllipse(disc.adjusted(d * 0.06, d * 0.06, -d * 0.06, -d * 0.06))
        painter.restore()
        return
    painter.setPen(QPen(edge_color(color), max(0.8, d * 0.05)))
    painter.setBrush(color)
    painter.drawEllipse(disc)
    ring = disc.adjusted(d * 0.11, d * 0.11, -d * 0.11, -d * 0.11)
    painter.setPen(QPen(QColor(255, 255, 255, 170) if luminance(color) < 0.75 else QColor(0, 0, 0, 60),
                        max(0.6, d * 0.035)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(ring)
    if text:
        painter.setFont(fitted_font(text, d * 0.84, d * 0.40, min_px=3.0))
        painter.setPen(text_on(color, text_color))
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def draw_chip(painter: QPainter, rect: QRectF, fill: Any, text: str, text_color: Any = None,
              font: QFont | None = None, radius: float | None = None, outline: Any = None) -> None:
    """A rounded label (a certificate, a train card, a badge)."""
    color = qcolor(fill)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    r = rect.height() * 0.28 if radius is None else radius
    painter.setPen(QPen(qcolor(outline) if outline is not None else edge_color(color), 1.0))
    painter.setBrush(color)
    painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), r, r)
    painter.setFont(font or Theme.font(rect.height() * 0.55, bold=True))
    painter.setPen(text_on(color, text_color))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def chip_width(text: str, font: QFont, pad: float = 8.0) -> float:
    return QFontMetricsF(font).horizontalAdvance(text) + 2 * pad


def draw_text(painter: QPainter, rect: QRectF, text: str, font: QFont, color: QColor,
              align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
              elide: bool = True) -> None:
    """One line of text in ``rect``, elided on the right when too long."""
    painter.setFont(font)
    painter.setPen(color)
    if elide:
        text = QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
    painter.drawText(rect, int(align), text)


def draw_stat_row(painter: QPainter | None, left: float, y: float, width: float,
                  stats: list[tuple[str, str, QColor | None]], fractions: list[float] | tuple[float, ...],
                  value_px: float) -> None:
    """A row of caption/value stats across ``width``, each taking its fraction of it."""
    if painter is None:
        return
    x = left
    for (caption, value, color), frac in zip(stats, fractions):
        draw_stat(painter, QRectF(x, y, width * frac - 4, 34), caption, value, color, value_px=value_px)
        x += width * frac


def draw_rule(painter: QPainter | None, left: float, y: float, width: float) -> None:
    """The thin separating line between the sections of a card."""
    if painter is not None:
        painter.setPen(QPen(Theme.rule, 1.0))
        painter.drawLine(QPointF(left, y), QPointF(left + width, y))


def draw_stat(painter: QPainter, rect: QRectF, caption: str, value: str, value_color: QColor | None = None,
              value_px: float = 15.0) -> None:
    """A caption in small capitals over a bold value, as on a company charter."""
    cap_h = value_px * 0.78
    cap_font = Theme.font(value_px * 0.62, bold=True)
    if QFontMetricsF(cap_font).horizontalAdvance(caption.upper()) > rect.width():
        cap_font = fitted_font(caption.upper(), rect.width(), value_px * 0.62, 7.0)
    draw_text(painter, QRectF(rect.left(), rect.top(), rect.width(), cap_h), caption.upper(), cap_font, Theme.muted)
    font = Theme.font(value_px, bold=True)
    if QFontMetricsF(font).horizontalAdvance(value) > rect.width():
        font = fitted_font(value, rect.width(), value_px, value_px * 0.6, condensed=True)
    draw_text(painter, QRectF(rect.left(), rect.top() + cap_h, rect.width(), rect.height() - cap_h), value,
              font, value_color or Theme.ink)


def draw_hex(painter: QPainter, center: QPointF, radius: float, fill: Any, flat: bool = False) -> None:
    """A small hexagon swatch (tile colours of a phase)."""
    path = QPainterPath()
    for i in range(6):
        angle = math.radians(60 * i + (0 if flat else 30))
        point = QPointF(center.x() + radius * math.cos(angle), center.y() + radius * math.sin(angle))
        if i == 0:
            path.moveTo(point)
        else:
            path.lineTo(point)
    path.closeSubpath()
    color = qcolor(fill)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(edge_color(color), 1.0))
    painter.setBrush(color)
    painter.drawPath(path)
    painter.restore()


def flow_chips(items: Sequence[tuple[str, Any]], font: QFont, left: float, top: float, width: float,
               height: float, gap: float = 5.0, min_width: float = 0.0) -> list[tuple[QRectF, int]]:
    """Lay chips (text, payload) left to right, wrapping; returns (rect, item index) in order."""
    placed: list[tuple[QRectF, int]] = []
    x, y = left, top
    for i, (text, _payload) in enumerate(items):
        w = max(min_width, chip_width(text, font, pad=height * 0.35))
        if x > left and x + w > left + width:
            x = left
            y += height + gap
        placed.append((QRectF(x, y, min(w, width), height), i))
        x += w + gap
    return placed


def flow_height(items: Sequence[tuple[str, Any]], font: QFont, width: float, height: float,
                gap: float = 5.0, min_width: float = 0.0) -> float:
    """Height taken by :func:`flow_chips` (0 when there is nothing)."""
    if not items:
        return 0.0
    rects = flow_chips(items, font, 0.0, 0.0, width, height, gap, min_width)
    return rects[-1][0].bottom()


# --------------------------------------------------------------------------------------------------------------
# A canvas of painted cards, and a scrollable panel holding one
# --------------------------------------------------------------------------------------------------------------


#: the least width of a card canvas (a card panel's viewport at a side column's least width, 220 px, with a
#: scroll bar shown is about 205 px)
MIN_CANVAS_WIDTH = 180


class CardCanvas(QWidget):
    """Paints a list of cards in as many columns as the width allows.

    Subclasses implement :meth:`card_height` and :meth:`paint_card`, and may implement :meth:`card_tooltip`.
    Painting happens from the snapshot in :attr:`cards`; :meth:`set_cards` only stores it and repaints.
    """

    def __init__(self, parent: QWidget | None = None, min_card_width: float = 300.0, max_columns: int = 4,
                 spacing: float = 10.0, margin: float = 10.0) -> None:
        super().__init__(parent)
        self.cards: list[Any] = []
        self.min_card_width = min_card_width
        self.max_columns = max_columns
        self.spacing = spacing
        self.margin = margin
        self._rects: list[QRectF] = []
        self._layout_width = -1.0
        sp = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)
        self.setMouseTracking(True)
        self.setAutoFillBackground(False)

    # -- to implement -------------------------------------------------------------------------------------------
    def card_height(self, card: Any, width: float) -> float:
        raise NotImplementedError

    def paint_card(self, painter: QPainter, rect: QRectF, card: Any) -> None:
        raise NotImplementedError

    def card_tooltip(self, card: Any, rect: QRectF, pos: QPointF) -> str | None:
        return None

    def starts_section(self, index: int) -> bool:
        """Does card ``index`` begin a new group (laid out below every card before it)?  None by default."""
        return False

    # -- data ---------------------------------------------------------------------------------------------------
    def set_cards(self, cards: Iterable[Any]) -> None:
        self.cards = list(cards)
        self._layout_width = -1.0
        self.updateGeometry()
        self.update()

    # -- layout -------------------------------------------------------------------------------------------------
    def columns_for(self, width: float) -> int:
        usable = width - 2 * self.margin
        n = int((usable + self.spacing) // (self.min_card_width + self.spacing))
        return max(1, min(self.max_columns, n, max(1, len(self.cards))))

    def layout_cards(self, width: float) -> tuple[list[QRectF], float]:
        """Card rectangles for ``width`` and the total height.

        Cards keep their order and go, one by one, into the shortest column (masonry), so a short card
        (a corporation not yet started) leaves no hole next to a tall one.  A card that starts a section
        (:meth:`starts_section`) goes below everything before it, so a group reads left to right on its own.
        """
        cols = self.columns_for(width)
        card_w = (width - 2 * self.margin - (cols - 1) * self.spacing) / cols
        tops = [self.margin] * cols
        rects: list[QRectF] = []
        for index, card in enumerate(self.cards):
            if rects and self.starts_section(index):
                tops = [max(tops)] * cols
            col = min(range(cols), key=lambda i: (round(tops[i]), i))
            h = self.card_height(card, card_w)
            rects.append(QRectF(self.margin + col * (card_w + self.spacing), tops[col], card_w, h))
            tops[col] += h + self.spacing
        total = max(tops) - self.spacing + self.margin if self.cards else 2 * self.margin
        return rects, total

    def _ensure_layout(self) -> None:
        width = float(self.width())
        if width != self._layout_width:
            self._rects, _ = self.layout_cards(width)
            self._layout_width = width

    def card_rects(self) -> list[QRectF]:
        """Where each card is painted at the current width (same order as :attr:`cards`)."""
        self._ensure_layout()
        return list(self._rects)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return math.ceil(self.layout_cards(float(width))[1])

    def sizeHint(self) -> QSize:
        width = int(self.min_card_width + 2 * self.margin)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        # narrower than the side columns' least width (220 px) less a scroll bar: a canvas wider than its panel's
        # viewport had its cards' right edge cut off (the Players dock at its least width)
        return QSize(int(min(self.min_card_width, MIN_CANVAS_WIDTH)), 60)

    def resizeEvent(self, event: Any) -> None:
        self._layout_width = -1.0
        super().resizeEvent(event)

    # -- painting -----------------------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self._ensure_layout()
        self.paint_all(painter, self._rects, QRectF(self.rect()), QRectF(event.rect()))
        painter.end()

    def paint_all(self, painter: QPainter, rects: Sequence[QRectF], area: QRectF, clip: QRectF | None = None) -> None:
        """Paint the background of ``area`` and every card at ``rects`` (those meeting ``clip``)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.fillRect(area, Theme.paper)
        for card, rect in zip(self.cards, rects):
            if clip is not None and not rect.intersects(clip):
                continue
            painter.save()
            self.paint_card(painter, rect, card)
            painter.restore()

    def render_image(self, width: int, scale: float = 1.0) -> QImage:
        """Every card laid out for ``width`` (whatever the widget's size), as an image: previews and tests."""
        rects, height = self.layout_cards(float(width))
        image = QImage(max(1, round(width * scale)), max(1, math.ceil(height * scale)),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(1.0)
        image.fill(Theme.paper)
        painter = QPainter(image)
        painter.scale(scale, scale)
        self.paint_all(painter, rects, QRectF(0, 0, width, height))
        painter.end()
        return image

    def paint_card_face(self, painter: QPainter, rect: QRectF, highlight: bool = False,
                        dimmed: bool = False) -> None:
        """The card itself: a soft shadow, the face and its border (accent border when ``highlight``)."""
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(60, 40, 10, 28))
        painter.drawRoundedRect(rect.translated(0, 1.5), 7, 7)
        painter.setBrush(QColor("#f3eee3") if dimmed else Theme.card)
        painter.setPen(QPen(Theme.accent if highlight else Theme.card_border, 2.0 if highlight else 1.0))
        painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 7, 7)

    # -- tooltips -----------------------------------------------------------------------------------------------
    def card_at(self, pos: QPointF) -> tuple[Any, QRectF] | None:
        self._ensure_layout()
        for card, rect in zip(self.cards, self._rects):
            if rect.contains(pos):
                return card, rect
        return None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            hit = self.card_at(QPointF(event.pos()))
            text = self.card_tooltip(hit[0], hit[1], QPointF(event.pos())) if hit is not None else None
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)


class CardPanel(QScrollArea):
    """A scrollable panel around a :class:`CardCanvas`; subclasses implement ``set_game``."""

    def __init__(self, canvas: CardCanvas, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.canvas = canvas
        self.game: Any = None
        self.setWidget(canvas)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setAutoFillBackground(True)
        pal = self.viewport().palette()
        pal.setColor(self.viewport().backgroundRole(), Theme.paper)
        self.viewport().setPalette(pal)

    @property
    def cards(self) -> list[Any]:
        """The snapshot being shown, one entry per card."""
        return self.canvas.cards

    def set_game(self, game: Any) -> None:
        raise NotImplementedError

    def sizeHint(self) -> QSize:
        hint = self.canvas.sizeHint()
        return QSize(hint.width() + self.verticalScrollBar().sizeHint().width(), min(hint.height(), 700))

    def render_image(self, width: int | None = None, scale: float = 1.0) -> QImage:
        """The whole canvas (not only the visible part) as an image ``width`` wide: for previews and tests."""
        w = width or max(self.viewport().width(), self.canvas.sizeHint().width())
        return self.canvas.render_image(w, scale)
