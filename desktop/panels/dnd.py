"""Dragging share certificates between the panels: the MIME type, its payload, and the drag itself.

A payload is ``{"corporation": name, "source": "ipo" | "market" | player id}``: what was picked up and from
where.  Panels only start drags and report drops (signals); the stock controller decides what a drop means.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QDrag, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

SHARE_MIME = "application/x-tracklayer-share"


def share_mime(payload: dict[str, Any]) -> QMimeData:
    data = QMimeData()
    data.setData(SHARE_MIME, QByteArray(json.dumps(payload).encode()))
    data.setText(f"{payload.get('corporation')} share")
    return data


def read_share(mime: QMimeData | None) -> dict[str, Any] | None:
    """The payload of a share drag, None for anything else."""
    if mime is None or not mime.hasFormat(SHARE_MIME):
        return None
    try:
        value = json.loads(bytes(mime.data(SHARE_MIME).data()).decode())
    except (ValueError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) and isinstance(value.get("corporation"), str) else None


def share_pixmap(text: str, color: str) -> QPixmap:
    pixmap = QPixmap(90, 26)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setBrush(QColor(color))
    painter.setPen(QColor("#333333"))
    painter.drawRoundedRect(1, 1, 88, 24, 5, 5)
    fill = QColor(color)
    painter.setPen(QColor("white") if fill.lightnessF() < 0.55 else QColor("black"))
    painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, text)
    painter.end()
    return pixmap


class ShareDragSource:
    """Mouse handling that starts a real QDrag when a certificate is pulled far enough (mixed into canvases)."""

    _press: QPoint | None = None

    def share_payload_at(self, pos: Any) -> tuple[dict[str, Any], str, str] | None:
        """(payload, label, colour) of the certificate under ``pos`` (widget coordinates), if any."""
        return None

    def press_for_drag(self, pos: QPoint) -> None:
        self._press = pos

    def maybe_start_drag(self, widget: QWidget, pos: QPoint, buttons: Any) -> bool:
        if self._press is None or not (buttons & Qt.MouseButton.LeftButton):
            return False
        if (pos - self._press).manhattanLength() < QApplication.startDragDistance():
            return False
        found = self.share_payload_at(self._press)
        self._press = None
        if found is None:
            return False
        payload, label, color = found
        drag = QDrag(widget)
        drag.setMimeData(share_mime(payload))
        drag.setPixmap(share_pixmap(label, color))
        drag.setHotSpot(QPoint(45, 13))
        drag.exec(Qt.DropAction.MoveAction | Qt.DropAction.CopyAction)
        return True


class ShareCardDragDrop(ShareDragSource):
    """Mouse and drop handling shared by the player and corporation card canvases: a press then a move starts
    a share drag; a share dropped on a card emits ``share_dropped(card name, payload)``.  The canvas provides
    ``card_at(QPointF)`` and the ``share_dropped`` signal."""

    def mousePressEvent(self, event: Any) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.press_for_drag(event.position().toPoint())
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: Any) -> None:
        if not self.maybe_start_drag(self, event.position().toPoint(), event.buttons()):
            super().mouseMoveEvent(event)

    def dragEnterEvent(self, event: Any) -> None:
        if read_share(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: Any) -> None:
        if read_share(event.mimeData()) is not None and self.card_at(QPointF(event.position())) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: Any) -> None:
        payload = read_share(event.mimeData())
        hit = self.card_at(QPointF(event.position()))
        if payload is None or hit is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.share_dropped.emit(hit[0].name, payload)
