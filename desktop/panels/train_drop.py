"""Dropping something on a train (or on a corporation's card): the panels that show trains (a corporation's
trains on its card, the depot's rows in the trains panel) say which train, or which card, is under a drag; a
controller registered for the drag's MIME type (``train_drop_handlers``) decides whether it would be taken and
what it means.

A target is a small dict: ``{"train": id, "owner": name}`` for a corporation's train, ``{"owner": name}`` for the
rest of a corporation's card, ``{"depot": name}`` for a depot row (the train type's name, variants joined by
" / ").  While a drag hovers a target the panel frames it, green when the handler would take the drop, red with
the reason otherwise -- before the drop.
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QMimeData, QPointF, QRectF, Qt
from PySide6.QtGui import QPen

from desktop.panels.dnd import ACCEPT_COLOR, REFUSE_COLOR, paint_drop_hover

__all__ = ["TrainDropHandler", "TrainDropTarget", "TrainTarget"]

#: what is under a drag: see the module's text
TrainTarget = dict[str, str]


class TrainDropHandler(Protocol):
    """What a controller tells a panel about a drag of its MIME type over a train (or a card)."""

    def judge_train_drop(self, mime: QMimeData, target: TrainTarget | None) -> str | None:
        """None when a drop of ``mime`` on ``target`` would be taken, else why not."""

    def train_dropped(self, mime: QMimeData, target: TrainTarget) -> bool:
        """Carry out the drop; True when it was taken."""


class TrainDropTarget:
    """Drag handling for a canvas showing trains (mixed in before the canvas's own drag handling, which gets
    every drag no handler here claims).  The canvas implements :meth:`train_target_at`."""

    #: the handlers by MIME type (set by controllers; one dict per canvas)
    train_drop_handlers: dict[str, TrainDropHandler]
    #: (frame, reason) of the hovered target while a claimed drag is over it (reason None: would be taken)
    train_hover: tuple[QRectF, str | None] | None = None
    #: the targets a picked-up power can go to, framed: {"train": ids, "depot": type symbols, "owner": names}
    train_marks: dict[str, set[str]] | None = None

    def train_target_at(self, pos: QPointF) -> tuple[TrainTarget, QRectF] | None:
        """The target under ``pos`` (widget coordinates) and its frame, or None."""
        return None

    def marked_rects(self, marks: dict[str, set[str]]) -> list[QRectF]:
        """Where the targets named by ``marks`` are drawn (the canvas's own layout)."""
        return []

    def set_train_marks(self, marks: dict[str, set[str]] | None) -> None:
        """Frame the targets a picked-up power can go to (None: none)."""
        if marks != self.train_marks:
            self.train_marks = marks
            self.update()  # type: ignore[attr-defined]

    def _train_handler(self, mime: QMimeData | None) -> TrainDropHandler | None:
        handlers = getattr(self, "train_drop_handlers", None) or {}
        if mime is None:
            return None
        return next((h for kind, h in handlers.items() if mime.hasFormat(kind)), None)

    def _set_train_hover(self, hover: tuple[QRectF, str | None] | None) -> None:
        if hover != self.train_hover:
            self.train_hover = hover
            self.update()  # type: ignore[attr-defined]

    def _judge(self, event: Any) -> bool:
        handler = self._train_handler(event.mimeData())
        assert handler is not None
        found = self.train_target_at(QPointF(event.position()))
        reason = handler.judge_train_drop(event.mimeData(), found[0] if found is not None else None)
        self._set_train_hover((found[1], reason) if found is not None else None)
        if found is not None and reason is None:
            event.acceptProposedAction()
            return True
        event.ignore()
        return False

    def dragEnterEvent(self, event: Any) -> None:
        if self._train_handler(event.mimeData()) is None:
            super().dragEnterEvent(event)  # type: ignore[misc]
            return
        self._judge(event)
        event.acceptProposedAction()  # it may enter anywhere; the moves decide where it may drop

    def dragMoveEvent(self, event: Any) -> None:
        if self._train_handler(event.mimeData()) is None:
            super().dragMoveEvent(event)  # type: ignore[misc]
            return
        self._judge(event)

    def dragLeaveEvent(self, event: Any) -> None:
        self._set_train_hover(None)
        super().dragLeaveEvent(event)  # type: ignore[misc]

    def dropEvent(self, event: Any) -> None:
        handler = self._train_handler(event.mimeData())
        if handler is None:
            super().dropEvent(event)  # type: ignore[misc]
            return
        self._set_train_hover(None)
        found = self.train_target_at(QPointF(event.position()))
        if found is None or not handler.train_dropped(event.mimeData(), found[0]):
            event.ignore()
            return
        event.acceptProposedAction()

    def paintEvent(self, event: Any) -> None:
        super().paintEvent(event)  # type: ignore[misc]
        hover = self.train_hover
        marks = self.train_marks
        if hover is None and not marks:
            return
        from PySide6.QtGui import QPainter

        painter = QPainter(self)  # type: ignore[arg-type]
        try:
            if marks:
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(ACCEPT_COLOR, 2, Qt.PenStyle.DashLine))
                for rect in self.marked_rects(marks):
                    painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 4, 4)
            if hover is None:
                return
            rect, reason = hover
            if rect.height() >= 40:
                paint_drop_hover(painter, rect, reason)
            else:  # a train chip: a frame only (the reason goes to the status line)
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(ACCEPT_COLOR if reason is None else REFUSE_COLOR, 3))
                painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 4, 4)
        finally:
            painter.end()
