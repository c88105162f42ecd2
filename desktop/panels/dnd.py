"""Dragging share certificates between the panels: the MIME type, its payload, and the drag itself.

A payload is ``{"corporation": name, "source": "ipo" | "market" | player id}``: what was picked up and from
where.  Panels only start drags and report drops (signals); the stock controller decides what a drop means.

While a certificate hovers a card, the card asks its ``share_drop_judge`` (set by the stock controller: the
engine's legal moves) whether the drop would be taken: an accepting card lights up green; a refusing one is
framed in red with the reason written across it, and the drag shows it cannot drop there -- before the drop.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QDrag, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

SHARE_MIME = "application/x-tracklayer-share"


def json_mime(mime_type: str, payload: dict[str, Any], text: str) -> QMimeData:
    """A drag's payload as JSON under ``mime_type`` (shares, tokens, powers), with ``text`` for other targets."""
    data = QMimeData()
    data.setData(mime_type, QByteArray(json.dumps(payload).encode()))
    data.setText(text)
    return data


def read_json_mime(mime: QMimeData | None, mime_type: str, key: str | None = None) -> dict[str, Any] | None:
    """The JSON payload of a ``mime_type`` drag (with a string ``key`` when given), None for anything else."""
    if mime is None or not mime.hasFormat(mime_type):
        return None
    try:
        value = json.loads(bytes(mime.data(mime_type).data()).decode())
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(value, dict) or (key is not None and not isinstance(value.get(key), str)):
        return None
    return value


def share_mime(payload: dict[str, Any]) -> QMimeData:
    return json_mime(SHARE_MIME, payload, f"{payload.get('corporation')} share")


def read_share(mime: QMimeData | None) -> dict[str, Any] | None:
    """The payload of a share drag, None for anything else."""
    return read_json_mime(mime, SHARE_MIME, "corporation")


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


#: ``judge(card name, payload) -> None`` when a drop there would be taken, else the reason it would not
ShareDropJudge = Callable[[str, dict[str, Any]], "str | None"]

ACCEPT_COLOR = QColor("#2e8b57")
REFUSE_COLOR = QColor("#b03a2e")


class ShareCardDragDrop(ShareDragSource):
    """Mouse and drop handling shared by the player and corporation card canvases: a press then a move starts
    a share drag; a share dropped on a card emits ``share_dropped(card name, payload)``.  The canvas provides
    ``card_at(QPointF)`` and the ``share_dropped`` signal.  With a ``share_drop_judge`` the hovered card shows,
    before the drop, whether it takes the certificate and if not why."""

    share_drop_judge: ShareDropJudge | None = None
    #: (card name, None when the drop would be taken, else the reason), while a certificate hovers a card
    drop_hover: tuple[str, str | None] | None = None
    _judged: dict[tuple[str, str], str | None] | None = None

    def mousePressEvent(self, event: Any) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.press_for_drag(event.position().toPoint())
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: Any) -> None:
        if not self.maybe_start_drag(self, event.position().toPoint(), event.buttons()):
            super().mouseMoveEvent(event)

    #: set by the stock controller: a certificate was double-clicked (its payload); one click buys a share
    share_activated_handler: Callable[[dict[str, Any]], bool] | None = None

    def mouseDoubleClickEvent(self, event: Any) -> None:
        self._press = None
        handler = self.share_activated_handler
        found = self.share_payload_at(event.position().toPoint()) if handler is not None else None
        if handler is not None and found is not None:
            handler(found[0])
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def judge_share_drop(self, card_name: str, payload: dict[str, Any]) -> str | None:
        """Why a drop of ``payload`` on ``card_name`` would be refused (None: it would be taken), asked once per
        card and drag."""
        judge = self.share_drop_judge
        if judge is None:
            return None
        if self._judged is None:
            self._judged = {}
        key = (card_name, json.dumps(payload, sort_keys=True))
        if key not in self._judged:
            self._judged[key] = judge(card_name, payload)
        return self._judged[key]

    def _set_drop_hover(self, hover: tuple[str, str | None] | None) -> None:
        if hover != self.drop_hover:
            self.drop_hover = hover
            self.update()  # type: ignore[attr-defined]

    def dragEnterEvent(self, event: Any) -> None:
        # A certificate may enter anywhere (the moves over the cards that follow decide where it may drop).
        self._judged = None
        payload = read_share(event.mimeData())
        if payload is None:
            event.ignore()
            return
        event.acceptProposedAction()
        hit = self.card_at(QPointF(event.position()))  # type: ignore[attr-defined]
        self._set_drop_hover((hit[0].name, self.judge_share_drop(hit[0].name, payload)) if hit is not None else None)

    def dragMoveEvent(self, event: Any) -> None:
        payload = read_share(event.mimeData())
        hit = self.card_at(QPointF(event.position())) if payload is not None else None  # type: ignore[attr-defined]
        if payload is None or hit is None:
            self._set_drop_hover(None)
            event.ignore()
            return
        reason = self.judge_share_drop(hit[0].name, payload)
        self._set_drop_hover((hit[0].name, reason))
        if reason is None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: Any) -> None:
        self._set_drop_hover(None)
        self._judged = None
        super().dragLeaveEvent(event)  # type: ignore[misc]

    def dropEvent(self, event: Any) -> None:
        self._set_drop_hover(None)
        self._judged = None
        payload = read_share(event.mimeData())
        hit = self.card_at(QPointF(event.position()))  # type: ignore[attr-defined]
        if payload is None or hit is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.share_dropped.emit(hit[0].name, payload)  # type: ignore[attr-defined]

    def paintEvent(self, event: Any) -> None:
        super().paintEvent(event)  # type: ignore[misc]
        hover = self.drop_hover
        if hover is None:
            return
        rect = self._card_rect(hover[0])
        if rect is None:
            return
        painter = QPainter(self)  # type: ignore[arg-type]
        try:
            paint_drop_hover(painter, rect, hover[1])
        finally:
            painter.end()

    def _card_rect(self, name: str) -> QRectF | None:
        self._ensure_layout()  # type: ignore[attr-defined]
        for card, rect in zip(self.cards, self._rects):  # type: ignore[attr-defined]
            if card.name == name:
                return QRectF(rect)
        return None


def paint_drop_hover(painter: QPainter, rect: QRectF, reason: str | None) -> None:
    """Light a card that takes the dragged certificate; frame a refusing one in red with the reason on it."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    color = ACCEPT_COLOR if reason is None else REFUSE_COLOR
    fill = QColor(color)
    fill.setAlpha(40)
    painter.setBrush(fill)
    painter.setPen(QPen(color, 3))
    painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), 6, 6)
    if reason is None:
        return
    font = QFont(painter.font())
    font.setPixelSize(13)
    font.setBold(True)
    painter.setFont(font)
    inner = rect.adjusted(8, 0, -8, 0)
    flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
    needed = painter.boundingRect(QRectF(inner.left(), 0, inner.width(), 1000), flags, reason)
    height = min(rect.height() - 6, needed.height() + 12)
    band = QRectF(rect.left() + 3, rect.bottom() - 3 - height, rect.width() - 6, height)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(REFUSE_COLOR)
    painter.drawRoundedRect(band, 4, 4)
    painter.setPen(QColor("white"))
    painter.drawText(band.adjusted(6, 0, -6, 0), flags, reason)
