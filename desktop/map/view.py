"""The map view: wheel zoom around the cursor, drag to pan, fit to window.

"Fit" shows the whole map when its hexes are readable that way (:data:`READABLE_HEX_PX` across); a map too tall or
too wide for the window (1822 at 1366x768: whole, its hexes were 20 px) is fitted along its short side instead and
scrolls along the long one, centred on a focus the window gives (the acting corporation's network) and following
it while the player has not moved the map.  "Whole map" always shows all of it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QHelpEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPolygonF,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QToolTip, QWidget

__all__ = ["DRAG_SCROLL_MARGIN", "READABLE_HEX_PX", "DropHandler", "EdgeCue", "MapView"]


class DropHandler(Protocol):
    """What a controller tells the map about a drag of its MIME type over a hex (None: off the map)."""

    def drag_over(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> str | None:
        """None when a drop here would be accepted, else why not (one line)."""

    def drag_left(self) -> None:
        """The drag left the map (or was dropped): clear highlights and ghosts."""

    def dropped(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> bool:
        """The drop; True when it was taken."""


_PAN_THRESHOLD = 4  # pixels the mouse moves before a press becomes a pan
_WHEEL_STEP = 1.0015  # zoom factor per wheel delta unit (120 units = one notch ~ x1.2)

#: the least size of a hex on screen (centre to centre of two neighbours, pixels) that "fit" keeps: below it a map's
#: revenues, tokens and names cannot be read (1830 whole at 1366x768 is 51 px; 1822 whole was 20 px)
READABLE_HEX_PX = 40.0
#: fitted along its short side, a map is drawn at most this many times :data:`READABLE_HEX_PX` (a tall map in a
#: wide window would otherwise show a few giant hexes)
_MAX_FILL = 1.6
#: a short-side fit this close to readable is taken as it is (it fills the window; the map scrolls one way only)
_NEAR_READABLE = 0.85
#: a whole map this close to readable is shown whole: a few pixels less per hex cost less than rows and columns cut
#: off (1830 at 1366x768 under the private auction: whole at 39 px, else zoomed to 47 px with rows A and K gone)
_WHOLE_NEAR_READABLE = 0.9
#: "fit" leaves this share of the viewport round a whole map
_FIT_MARGIN = 0.98


#: a drag this close to an edge past which the map goes on scrolls the map that way (pixels from the edge)
DRAG_SCROLL_MARGIN = 28
#: how far such a drag scrolls the map per tick of :data:`_DRAG_SCROLL_MS` (pixels)
_DRAG_SCROLL_STEP = 14
_DRAG_SCROLL_MS = 30
#: how far past a viewport edge the map must go (pixels) before that edge shows the "more map this way" cue
_CUE_SLACK = 6
#: the cue's band (pixels) and its darkest shade
_CUE_BAND = 16
_CUE_ALPHA = 70


class EdgeCue(QWidget):
    """A shade along each edge of the map's viewport past which the map goes on, with a chevron in its middle: a
    fitted map that scrolls (1822 at 1366x768) shows that there is more of it, and which way.  It lies over the
    viewport (a child of the view, so the viewport's scrolling does not move it) and takes no mouse events, drags
    or drops."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        #: the edges the map goes past: a subset of "left", "top", "right", "bottom"
        self.edges: frozenset[str] = frozenset()

    def set_edges(self, edges: frozenset[str]) -> None:
        if edges != self.edges:
            self.edges = edges
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt override
        if not self.edges:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h, band = self.width(), self.height(), _CUE_BAND
        shade, clear = QColor(60, 50, 35, _CUE_ALPHA), QColor(60, 50, 35, 0)
        arrow = QColor(60, 50, 35, 170)
        for edge in sorted(self.edges):
            if edge == "left":
                rect, start, end = QRectF(0, 0, band, h), QPointF(0, 0), QPointF(band, 0)
                tip, base = QPointF(3, h / 2), (QPointF(11, h / 2 - 8), QPointF(11, h / 2 + 8))
            elif edge == "right":
                rect, start, end = QRectF(w - band, 0, band, h), QPointF(w, 0), QPointF(w - band, 0)
                tip, base = QPointF(w - 3, h / 2), (QPointF(w - 11, h / 2 - 8), QPointF(w - 11, h / 2 + 8))
            elif edge == "top":
                rect, start, end = QRectF(0, 0, w, band), QPointF(0, 0), QPointF(0, band)
                tip, base = QPointF(w / 2, 3), (QPointF(w / 2 - 8, 11), QPointF(w / 2 + 8, 11))
            else:
                rect, start, end = QRectF(0, h - band, w, band), QPointF(0, h), QPointF(0, h - band)
                tip, base = QPointF(w / 2, h - 3), (QPointF(w / 2 - 8, h - 11), QPointF(w / 2 + 8, h - 11))
            gradient = QLinearGradient(start, end)
            gradient.setColorAt(0.0, shade)
            gradient.setColorAt(1.0, clear)
            painter.fillRect(rect, gradient)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(arrow)
            painter.drawPolygon(QPolygonF([tip, base[0], base[1]]))
        painter.end()


class MapView(QGraphicsView):
    """Shows a ``MapScene``.  Zoom is the view's scale: 1.0 = one scene unit per pixel."""

    #: zoom limits as multiples of the fit-to-window zoom (lower) and absolute (upper)
    MIN_FIT_FRACTION = 0.5
    MAX_ZOOM = 6.0

    def __init__(self, scene: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: the shades along the edges the map goes on past
        self.edge_cue = EdgeCue(self)
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
        #: where a fitted map that scrolls is centred (scene coordinates; None: the map's middle)
        self._focus: QPointF | None = None
        #: controllers' drop targets by MIME type (see :class:`DropHandler`)
        self.drop_handlers: dict[str, DropHandler] = {}
        #: while a gesture wants the wheel (rotating a pending tile): ``(hex_id, steps) -> taken``
        self.wheel_handler: Callable[[str | None, int], bool] | None = None
        #: why the last drag position was refused (None: accepted)
        self.drag_reason: str | None = None
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        #: a drag held near an edge past which the map goes on scrolls it (a tile for a hex out of view)
        self._drag_scroll = (0, 0)
        self._drag_timer = QTimer(self)
        self._drag_timer.setInterval(_DRAG_SCROLL_MS)
        self._drag_timer.timeout.connect(self._drag_scroll_tick)

    # --- the "more map this way" cue -----------------------------------------------------------------

    def overflow_edges(self) -> frozenset[str]:
        """The viewport's edges past which the map goes on (by more than a few pixels)."""
        rect = self._content_rect()
        if rect.isEmpty():
            return frozenset()
        shown = self.mapFromScene(rect).boundingRect()
        room = self.viewport().rect()
        edges = set()
        if shown.left() < room.left() - _CUE_SLACK:
            edges.add("left")
        if shown.right() > room.right() + _CUE_SLACK:
            edges.add("right")
        if shown.top() < room.top() - _CUE_SLACK:
            edges.add("top")
        if shown.bottom() > room.bottom() + _CUE_SLACK:
            edges.add("bottom")
        return frozenset(edges)

    def _update_cue(self) -> None:
        self.edge_cue.setGeometry(self.viewport().geometry())
        self.edge_cue.raise_()
        self.edge_cue.set_edges(self.overflow_edges())

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # Qt override
        super().scrollContentsBy(dx, dy)
        self._update_cue()

    def setTransform(self, matrix: Any, combine: bool = False) -> None:  # Qt override (zoom)
        super().setTransform(matrix, combine)
        self._update_cue()

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

    def hex_pitch(self) -> float | None:
        """Centre-to-centre distance of two neighbouring hexes in scene units (None: the scene has no hex grid)."""
        geometry = getattr(self.scene(), "geometry", None)
        apothem = getattr(geometry, "apothem", None)
        return 2.0 * float(apothem) if apothem else None

    def hex_px(self) -> float | None:
        """How large a hex is on screen now (pixels, centre to centre), None without a hex grid."""
        pitch = self.hex_pitch()
        return pitch * self.zoom() if pitch is not None else None

    def readable_zoom(self) -> float:
        """The zoom "fit" uses: the whole map when its hexes are :data:`READABLE_HEX_PX` or larger that way (or
        nearly: :data:`_WHOLE_NEAR_READABLE`), else
        the map fitted along its short side (scrolling along the long one), never drawing hexes below readable
        size (a map too large for that scrolls both ways) nor above :data:`_MAX_FILL` times it."""
        whole = self.fit_zoom()
        pitch = self.hex_pitch()
        rect = self._content_rect()
        viewport = self.viewport().rect()
        if pitch is None or rect.isEmpty() or viewport.isEmpty():
            return whole
        readable = READABLE_HEX_PX / pitch
        if whole >= readable * _WHOLE_NEAR_READABLE:
            return whole
        short_side = max(viewport.width() / rect.width(), viewport.height() / rect.height())
        if short_side >= readable * _NEAR_READABLE:
            return min(short_side, readable * _MAX_FILL)
        return readable

    def unused_width(self) -> int:
        """The viewport's width (pixels) the map leaves empty at the zoom "fit" uses: a map whose fit is set by the
        viewport's height (1822's tall map at 1920x1080: 603 px of 1031) would be drawn no larger in a narrower
        viewport, down to this much narrower.  0 when the map uses the width (or scrolls across)."""
        rect = self._content_rect()
        viewport = self.viewport().rect()
        if rect.isEmpty() or viewport.isEmpty():
            return 0
        return max(0, viewport.width() - math.ceil(rect.width() * self.readable_zoom()))

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

    @property
    def fitted(self) -> bool:
        """Is the map shown as "fit" left it (neither zoomed nor panned since)?"""
        return self._fitted

    def set_focus(self, focus: QPointF | None) -> None:
        """Where a fitted map that scrolls is centred (scene coordinates; None: the map's middle)."""
        self._focus = QPointF(focus) if focus is not None else None

    def fit_to_window(self) -> None:
        """Show the map as large as the viewport allows with readable hexes (see :meth:`readable_zoom`): whole
        when it fits so, else along its short side, the long one centred on the focus (see :meth:`set_focus`)
        without showing past the map's edge."""
        rect = self._content_rect()
        if rect.isEmpty():
            return
        zoom = self.readable_zoom() * _FIT_MARGIN
        self.setTransform(self.transform().fromScale(zoom, zoom))
        self.centerOn(self._fit_center(rect, zoom))
        self._fitted = True

    def show_whole_map(self) -> None:
        """The whole map in the viewport, however small its hexes get."""
        rect = self._content_rect()
        if rect.isEmpty():
            return
        zoom = self.fit_zoom() * _FIT_MARGIN
        self.setTransform(self.transform().fromScale(zoom, zoom))
        self.centerOn(rect.center())
        self._fitted = False

    def follow(self, focus: QPointF | None) -> None:
        """The acting corporation's network is at ``focus`` now: the next fit centres there, and a fitted map
        that scrolls is brought there at once (a map the player zoomed or panned stays where it is)."""
        if focus is None or (self._focus is not None and self._focus == focus):
            return
        self._focus = QPointF(focus)
        rect = self._content_rect()
        if self._fitted and not rect.isEmpty():
            self.centerOn(self._fit_center(rect, self.zoom()))

    def _fit_center(self, rect: QRectF, zoom: float) -> QPointF:
        """The scene point a fitted view is centred on: the map's middle along an axis it fits, the focus along
        one it scrolls, held so that the view does not go past the map's edge."""
        viewport = self.viewport().rect()
        focus = self._focus if self._focus is not None else rect.center()

        def along(low: float, high: float, middle: float, wanted: float, shown: float) -> float:
            if high - low <= shown:
                return middle
            return max(low + shown / 2.0, min(high - shown / 2.0, wanted))

        x = along(rect.left(), rect.right(), rect.center().x(), focus.x(), viewport.width() / zoom)
        y = along(rect.top(), rect.bottom(), rect.center().y(), focus.y(), viewport.height() / zoom)
        return QPointF(x, y)

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
        if self.wheel_handler is not None:
            scene = self.scene()
            pos = self.mapToScene(event.position().toPoint())
            hex_id = scene.hex_at(pos) if scene is not None and hasattr(scene, "hex_at") else None
            if self.wheel_handler(hex_id, -1 if delta > 0 else 1):
                event.accept()
                return
        self.zoom_by(_WHEEL_STEP**delta, event.position().toPoint())
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
                self._fitted = False  # the player moved the map: it stays where they put it
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

    # --- drag and drop (controllers decide) ---------------------------------------------------------

    def drag_scroll_direction(self, pos: QPoint) -> tuple[int, int]:
        """Which way a drag at viewport point ``pos`` scrolls the map: towards each edge it is within
        :data:`DRAG_SCROLL_MARGIN` of, when the map goes on past that edge ((0, 0): it does not scroll)."""
        room = self.viewport().rect()
        edges = self.overflow_edges()
        dx = dy = 0
        if pos.x() < room.left() + DRAG_SCROLL_MARGIN and "left" in edges:
            dx = -1
        elif pos.x() > room.right() - DRAG_SCROLL_MARGIN and "right" in edges:
            dx = 1
        if pos.y() < room.top() + DRAG_SCROLL_MARGIN and "top" in edges:
            dy = -1
        elif pos.y() > room.bottom() - DRAG_SCROLL_MARGIN and "bottom" in edges:
            dy = 1
        return dx, dy

    def _drag_at(self, pos: QPoint | None) -> None:
        """Start, change or stop scrolling for a drag at ``pos`` (None: the drag ended or left)."""
        self._drag_scroll = self.drag_scroll_direction(pos) if pos is not None else (0, 0)
        if self._drag_scroll == (0, 0):
            self._drag_timer.stop()
        elif not self._drag_timer.isActive():
            self._drag_timer.start()

    def _drag_scroll_tick(self) -> None:
        dx, dy = self._drag_scroll
        if (dx, dy) == (0, 0):
            self._drag_timer.stop()
            return
        hbar, vbar = self.horizontalScrollBar(), self.verticalScrollBar()
        hbar.setValue(hbar.value() + dx * _DRAG_SCROLL_STEP)
        vbar.setValue(vbar.value() + dy * _DRAG_SCROLL_STEP)
        self._fitted = False  # moved for the player: it stays where the drag took it
        edges = self.overflow_edges()
        # the map's edge came into view: no further that way
        self._drag_scroll = (
            dx if {-1: "left", 1: "right"}.get(dx) in edges else 0,
            dy if {-1: "top", 1: "bottom"}.get(dy) in edges else 0,
        )

    def _handler(self, mime: QMimeData | None) -> tuple[str, DropHandler] | None:
        if mime is None:
            return None
        for kind, handler in self.drop_handlers.items():
            if mime.hasFormat(kind):
                return kind, handler
        return None

    def _where(self, pos: QPointF) -> tuple[str | None, QPointF]:
        scene = self.scene()
        scene_pos = self.mapToScene(pos.toPoint())
        hex_id = scene.hex_at(scene_pos) if scene is not None and hasattr(scene, "hex_at") else None
        return hex_id, scene_pos

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._handler(event.mimeData()) is None:
            event.ignore()
            return
        hex_id, scene_pos = self._where(event.position())
        found = self._handler(event.mimeData())
        assert found is not None
        self.drag_reason = found[1].drag_over(event.mimeData(), hex_id, scene_pos)
        self._drag_at(event.position().toPoint())
        # always taken, so that the moves keep coming; a refused position is said and refused on drop
        event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        found = self._handler(event.mimeData())
        if found is None:
            event.ignore()
            return
        hex_id, scene_pos = self._where(event.position())
        self.drag_reason = found[1].drag_over(event.mimeData(), hex_id, scene_pos)
        self._drag_at(event.position().toPoint())
        # accepted or not, the view keeps receiving moves (the handler shows why a hex refuses)
        if self.drag_reason is None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._drag_at(None)
        for handler in self.drop_handlers.values():
            handler.drag_left()
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        self._drag_at(None)
        found = self._handler(event.mimeData())
        if found is None:
            event.ignore()
            return
        hex_id, scene_pos = self._where(event.position())
        taken = found[1].dropped(event.mimeData(), hex_id, scene_pos)
        if taken:
            event.acceptProposedAction()
        else:
            event.ignore()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self.fit_to_window()
        self._update_cue()
