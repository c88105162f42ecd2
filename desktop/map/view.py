"""The map view: wheel zoom around the cursor, drag to pan, fit to window."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QHelpEvent, QMouseEvent, QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QToolTip, QWidget

__all__ = ["MapView"]

_PAN_THRESHOLD = 4  # pixels the mouse moves before a press becomes a pan
_WHEEL_STEP = 1.0015  # zoom factor per wheel delta unit (120 units = one notch ~ x1.2)


class MapView(QGraphicsView):
    """Shows a ``MapScene``.  Zoom is the view's scale: 1.0 = one scene unit per pixel."""

    #: zoom limits as multiples of the fit-to-window zoom (lower) and absolute (upper)
    MIN_FIT_FRACTION = 0.5
    MAX_ZOOM = 6.0

    def __init__(self, scene: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if scene is not None:
            self.setScene(scene)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # Panning is by dragging; the scene leaves room round the map for it.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._press_pos: QPoint | None = None
        self._last_pos: QPoint | None = None
        self._panning = False
        self._fitted = False

    # --- zoom ------------------------------------------------------------------------------------

    def zoom(self) -> float:
        return float(self.transform().m11())

    def fit_zoom(self) -> float:
        """The zoom at which the whole map fits the viewport."""
        rect = self._content_rect()
        viewport = self.viewport().rect()
        if rect.isEmpty() or viewport.isEmpty():
            return 1.0
        return min(viewport.width() / rect.width(), viewport.height() / rect.height())

    def min_zoom(self) -> float:
        return min(self.fit_zoom() * self.MIN_FIT_FRACTION, self.MAX_ZOOM)

    def set_zoom(self, zoom: float, anchor: QPoint | None = None) -> None:
        """Zoom to ``zoom`` (clamped), keeping the scene point under viewport point ``anchor``
        (default: the viewport's centre) where it is."""
        zoom = max(self.min_zoom(), min(self.MAX_ZOOM, zoom))
        if anchor is None:
            anchor = self.viewport().rect().center()
        before = self.mapToScene(anchor)
        self.setTransform(self.transform().fromScale(zoom, zoom))
        self._keep_under(before, anchor)
        self._fitted = False

    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        self.set_zoom(self.zoom() * factor, anchor)

    def fit_to_window(self) -> None:
        """Show the whole map, as large as the viewport allows."""
        rect = self._content_rect()
        if rect.isEmpty():
            return
        zoom = self.fit_zoom() * 0.98
        self.setTransform(self.transform().fromScale(zoom, zoom))
        self.centerOn(rect.center())
        self._fitted = True

    def center_on_hex(self, hex_id: str, zoom: float | None = None) -> None:
        """Bring hex ``hex_id`` to the middle of the view (optionally at ``zoom``)."""
        scene = self.scene()
        item = scene.item_for_hex(hex_id) if scene is not None and hasattr(scene, "item_for_hex") else None
        if item is None:
            return
        if zoom is not None:
            self.set_zoom(zoom)
        self.centerOn(item.sceneBoundingRect().center())

    def _content_rect(self) -> QRectF:
        scene = self.scene()
        if scene is None:
            return QRectF()
        if hasattr(scene, "map_rect"):
            rect = scene.map_rect()
            if not rect.isEmpty():
                return rect
        return scene.itemsBoundingRect()

    def _keep_under(self, scene_point: QPointF, view_point: QPoint) -> None:
        """Scroll so that ``scene_point`` is at ``view_point`` again."""
        now = self.mapFromScene(scene_point)
        delta = now - view_point
        hbar, vbar = self.horizontalScrollBar(), self.verticalScrollBar()
        hbar.setValue(hbar.value() + delta.x())
        vbar.setValue(vbar.value() + delta.y())

    # --- tooltips ------------------------------------------------------------------------------------

    def viewportEvent(self, event: QEvent) -> bool:
        """Hovering a hex shows its name, tile, revenue and tokens (route lines keep their own tooltips)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            scene = self.scene()
            scene_pos = self.mapToScene(event.pos())
            item = scene.itemAt(scene_pos, self.transform()) if scene is not None else None
            if item is not None and item.toolTip():
                return super().viewportEvent(event)
            text = self.hex_tooltip_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def hex_tooltip_at(self, pos: QPoint) -> str | None:
        """The tooltip of the hex under viewport point ``pos`` (None off the map)."""
        scene = self.scene()
        if scene is None or not hasattr(scene, "hex_at"):
            return None
        hex_id = scene.hex_at(self.mapToScene(pos))
        return scene.hex_tooltip(hex_id) if hex_id is not None else None

    # --- events ------------------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta == 0:
            event.ignore()
            return
        self.zoom_by(_WHEEL_STEP ** delta, event.position().toPoint())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press_pos = event.position().toPoint()
            self._last_pos = self._press_pos
            self._panning = False
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        scene = self.scene()
        if (
            self._press_pos is not None
            and self._last_pos is not None
            and event.buttons() & Qt.MouseButton.LeftButton
            and (scene is None or scene.mouseGrabberItem() is None)
        ):
            pos = event.position().toPoint()
            if not self._panning and (pos - self._press_pos).manhattanLength() >= _PAN_THRESHOLD:
                self._panning = True
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            if self._panning:
                delta = pos - self._last_pos
                hbar, vbar = self.horizontalScrollBar(), self.verticalScrollBar()
                hbar.setValue(hbar.value() - delta.x())
                vbar.setValue(vbar.value() - delta.y())
                self._last_pos = pos
                event.accept()
                return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            if self._panning:
                self.viewport().unsetCursor()
            self._press_pos = None
            self._last_pos = None
            self._panning = False
        super().mouseReleaseEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self.fit_to_window()
