"""The operating corporation's station token as a drag source (shown in the action bar while a token may be
placed): a disc in the corporation's colours with the number of tokens left; dragging it starts a real QDrag
carrying :data:`TOKEN_MIME`, clicking it lights the slots that can take it.  It only reports: the token
controller decides what a drop means."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QDrag, QMouseEvent, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

from desktop.panels import draw_token
from desktop.panels.dnd import json_mime, read_json_mime

__all__ = ["TOKEN_MIME", "TokenChip", "read_token", "token_mime"]

TOKEN_MIME = "application/x-tracklayer-token"


def token_mime(payload: dict[str, Any]) -> QMimeData:
    """What a token drag carries: ``{"entity_type", "entity", "tokener"}`` (who places, whose token)."""
    return json_mime(TOKEN_MIME, payload, f"{payload.get('tokener')} token")


def read_token(mime: QMimeData | None) -> dict[str, Any] | None:
    return read_json_mime(mime, TOKEN_MIME)


class TokenChip(QWidget):
    """One draggable token (the disc) with a caption ("3 left")."""

    clicked = Signal()

    def __init__(self, payload: dict[str, Any], color: str, text: str, text_color: str = "", caption: str = "",
                 tooltip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.payload = payload
        self.color = color
        self.text = text
        self.text_color = text_color
        self.caption = caption
        self._press: QPoint | None = None
        self.setObjectName("tokenChip")
        self.setFixedSize(34 + (8 * len(caption) if caption else 0), 30)
        self.setToolTip(tooltip)
        self.setCursor(Qt.CursorShape.OpenHandCursor)

    def mime(self) -> QMimeData:
        return token_mime(self.payload)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        draw_token(painter, QRectF(2, 2, 26, 26), self.color, self.text, self.text_color or None)
        if self.caption:
            painter.setPen(Qt.GlobalColor.black)
            painter.drawText(QRectF(32, 0, self.width() - 32, self.height()),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self.caption)
        painter.end()

    def pixmap(self) -> QPixmap:
        pixmap = QPixmap(30, 30)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        draw_token(painter, QRectF(1, 1, 28, 28), self.color, self.text, self.text_color or None)
        painter.end()
        return pixmap

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(self)
        drag.setMimeData(self.mime())
        drag.setPixmap(self.pixmap())
        drag.setHotSpot(QPoint(15, 15))
        drag.exec(Qt.DropAction.CopyAction)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and event.button() == Qt.MouseButton.LeftButton:
            self._press = None
            self.clicked.emit()
        super().mouseReleaseEvent(event)
