"""Scene items for play gestures: the translucent ghost of a tile being laid and the check mark that confirms
it.  They paint and report clicks; controllers decide what they mean."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from desktop.map.items import TileDrawing

__all__ = ["ConfirmMarkItem", "GhostTileItem", "render_tile"]


def render_tile(tile: Any, geometry: Any, rotation: int) -> TileDrawing:
    """The drawing of supply tile ``tile`` at ``rotation`` (the tile is rotated back afterwards)."""
    saved = int(getattr(tile, "rotation", 0))
    try:
        tile.rotate(rotation)
        return TileDrawing.build(tile, geometry)
    finally:
        tile.rotate(saved)


class GhostTileItem(QGraphicsItem):
    """A tile drawn translucent over a hex: where and how it would be laid."""

    def __init__(self, drawing: TileDrawing, center: QPointF, legal: bool = True) -> None:
        super().__init__()
        self.drawing = drawing
        self.legal = legal
        g = drawing.geometry
        self._bounds = QRectF(-g.width / 2, -g.height / 2, g.width, g.height)
        self.setPos(center)
        self.setOpacity(0.72)
        self.setZValue(4.0)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.drawing.paint(painter)


class ConfirmMarkItem(QGraphicsObject):
    """A round check mark by a hex: clicking it confirms the pending lay."""

    clicked = Signal()

    def __init__(self, radius: float, center: QPointF, tooltip: str = "Confirm (Enter)") -> None:
        super().__init__()
        self.r = radius
        self.setPos(center)
        self.setZValue(6.0)
        self.setToolTip(tooltip)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def boundingRect(self) -> QRectF:
        r = self.r * 1.1
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor("#ffffff"), self.r * 0.15))
        painter.setBrush(QBrush(QColor("#2e8b3a")))
        painter.drawEllipse(QPointF(0, 0), self.r, self.r)
        font = QFont()
        font.setPixelSize(max(1, int(self.r * 1.3)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, "\u2713")

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.boundingRect().contains(event.pos()):
            self.clicked.emit()
        event.accept()
