"""Scene items for token placement: a lit ring on each city slot that can take the operating corporation's
token now (with its cost), and the ghost of a token under a drag.  They only paint; clicks go through to the
hex (the token controller reads the slot under the click with :meth:`HexItem.city_at`)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.panels import draw_token

__all__ = ["SlotMarkerItem", "TokenGhostItem"]

LIT = QColor("#2e8b3a")


class SlotMarkerItem(QGraphicsItem):
    """A green ring around a city slot that can take a token now, with the price under it."""

    def __init__(self, center: QPointF, radius: float, price: str = "", tooltip: str = "") -> None:
        super().__init__()
        self.r = radius
        self.price = price
        self.hot = False
        self.setPos(center)
        self.setZValue(5.0)
        self.setToolTip(tooltip)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_hot(self, hot: bool) -> None:
        if hot != self.hot:
            self.hot = hot
            self.update()

    def boundingRect(self) -> QRectF:
        r = self.r * 1.35
        return QRectF(-r * 1.6, -r, r * 3.2, r * 2.0 + self.r * 0.9)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        width = self.r * (0.30 if self.hot else 0.18)
        fill = QColor(LIT)
        fill.setAlpha(90 if self.hot else 40)
        painter.setPen(QPen(LIT, width))
        painter.setBrush(QBrush(fill))
        painter.drawEllipse(QPointF(0, 0), self.r * 1.12, self.r * 1.12)
        if self.price:
            font = QFont()
            font.setPixelSize(max(1, int(self.r * 0.62)))
            font.setBold(True)
            painter.setFont(font)
            box = QRectF(-self.r * 1.6, self.r * 1.15, self.r * 3.2, self.r * 0.8)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 220))
            painter.drawRoundedRect(box.adjusted(self.r * 0.5, 0, -self.r * 0.5, 0), 3, 3)
            painter.setPen(LIT.darker(140))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.price)


class TokenGhostItem(QGraphicsItem):
    """A translucent token where a dragged token would go."""

    def __init__(self, center: QPointF, radius: float, color: str, text: str, text_color: str = "") -> None:
        super().__init__()
        self.r = radius
        self.color = color
        self.text = text
        self.text_color = text_color
        self.setPos(center)
        self.setOpacity(0.75)
        self.setZValue(5.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF(-self.r, -self.r, 2 * self.r, 2 * self.r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        draw_token(painter, self.boundingRect(), self.color, self.text, self.text_color or None)
