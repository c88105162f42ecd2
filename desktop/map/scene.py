"""The map scene: one ``HexItem`` per hex, coordinate labels round the edges.

``set_game`` builds the items; ``refresh`` brings them up to date with another state of a
game (a later action, another point of history) and repaints only the hexes whose tile,
rotation, tokens or markers changed.  The scene never changes the game.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QTransform
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from desktop.map.geometry import DEFAULT_RADIUS, HexGeometry
from desktop.map.items import HexItem, hex_render_key, map_font

__all__ = ["MapScene"]

#: Background behind the hexes, like the table under a board.
BACKGROUND = QColor("#F3EEE2")
_LABEL_COLOR = QColor("#5A5142")
_CLICK_SLOP = 6.0  # screen pixels a press may move and still count as a click


class MapScene(QGraphicsScene):
    """All hexes of a game's map."""

    #: the user clicked a hex (its id, e.g. ``"G15"``)
    hex_clicked = Signal(str)

    def __init__(self, parent: Any = None, radius: float = DEFAULT_RADIUS) -> None:
        super().__init__(parent)
        self.radius = radius
        self.geometry = HexGeometry("pointy", radius)
        self._items: dict[str, HexItem] = {}
        self._labels: list[QGraphicsSimpleTextItem] = []
        self._press_screen_pos: QPointF | None = None
        self._map_rect = QRectF()
        self._currency_format = "%s"
        self.setBackgroundBrush(BACKGROUND)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)

    # --- building and refreshing ----------------------------------------------------------------

    def set_game(self, game: Any) -> None:
        """Build the map of ``game`` (one item per hex), replacing whatever was shown."""
        self.clear()
        self._items = {}
        self._labels = []
        layout = str(getattr(game.spec, "layout", None) or (game.hexes[0].layout if game.hexes else "pointy"))
        self.geometry = HexGeometry(layout, self.radius)
        self._currency_format = _currency_format(game)
        phase_tiles = _phase_tiles(game)
        for hex_ in game.hexes:
            if getattr(hex_, "empty", False):
                continue
            item = HexItem(hex_.id, self.geometry, self.geometry.center(hex_.x, hex_.y))
            item.update_from(hex_, phase_tiles=phase_tiles, currency_format=self._currency_format)
            self.addItem(item)
            self._items[hex_.id] = item
        self._add_coordinate_labels(game)
        self._map_rect = self.itemsBoundingRect()
        # Room round the map, so that any point of it can be brought under the cursor or to
        # the middle of the view when zooming and panning.
        w, h = self._map_rect.width(), self._map_rect.height()
        self.setSceneRect(self._map_rect.adjusted(-w, -h, w, h))

    def refresh(self, game: Any) -> list[str]:
        """Show ``game``'s current state; returns the ids of the hexes that were redrawn.

        ``game`` may be another object than the one given to ``set_game`` (a snapshot at
        another point of history), as long as it is the same title and map.
        """
        phase_tiles = _phase_tiles(game)
        changed: list[str] = []
        items = self._items
        for hex_ in game.hexes:
            item = items.get(hex_.id)
            if item is None:
                continue
            key = hex_render_key(hex_, phase_tiles)
            if key != item.render_key:
                item.update_from(hex_, phase_tiles=phase_tiles, currency_format=self._currency_format, key=key)
                changed.append(hex_.id)
        return changed

    # --- lookups ------------------------------------------------------------------------------------

    def item_for_hex(self, hex_id: str) -> HexItem | None:
        return self._items.get(hex_id)

    def hex_items(self) -> list[HexItem]:
        return list(self._items.values())

    def hex_at(self, scene_pos: QPointF) -> str | None:
        """Id of the hex under ``scene_pos`` (None off the map)."""
        for item in self.items(scene_pos, Qt.ItemSelectionMode.ContainsItemShape,
                               Qt.SortOrder.DescendingOrder, QTransform()):
            if isinstance(item, HexItem):
                return item.hex_id
        return None

    def map_rect(self) -> QRectF:
        """The area of the hexes and their coordinate labels."""
        return QRectF(self._map_rect)

    # --- highlighting (for controllers) -----------------------------------------------------------

    def set_dimmed(self, hex_ids: Any) -> None:
        """Dim exactly these hexes (an empty collection undims all)."""
        wanted = set(hex_ids)
        for hex_id, item in self._items.items():
            item.set_dimmed(hex_id in wanted)

    def set_outlined(self, hex_ids: Any, color: QColor | str = "#E0302A") -> None:
        """Outline exactly these hexes in ``color``."""
        wanted = set(hex_ids)
        for hex_id, item in self._items.items():
            item.set_outline(color if hex_id in wanted else None)

    # --- coordinate labels --------------------------------------------------------------------------

    def _add_coordinate_labels(self, game: Any) -> None:
        hexes = [h for h in game.hexes if not getattr(h, "ignore_for_axes", False) and h.id in self._items]
        if not hexes:
            return
        g = self.geometry
        font = map_font(self.radius * 0.26, bold=True)
        metrics = QFontMetricsF(font)
        left, top, right, bottom = g.bounds((h.x, h.y) for h in hexes)
        gap = self.radius * 0.3
        columns: dict[int, str] = {}
        rows: dict[int, str] = {}
        for h in hexes:
            columns.setdefault(h.x, str(h.column))
            rows.setdefault(h.y, str(h.row))
        for x, text in sorted(columns.items()):
            cx, _ = g.center(x, 0)
            for y in (top - gap - metrics.height() / 2, bottom + gap + metrics.height() / 2):
                self._add_label(text, font, metrics, cx, y)
        for y, text in sorted(rows.items()):
            _, cy = g.center(0, y)
            half = metrics.horizontalAdvance(text) / 2
            for x in (left - gap - half, right + gap + half):
                self._add_label(text, font, metrics, x, cy)

    def _add_label(self, text: str, font: Any, metrics: QFontMetricsF, x: float, y: float) -> None:
        label = QGraphicsSimpleTextItem(text)
        label.setFont(font)
        label.setBrush(_LABEL_COLOR)
        label.setPos(x - metrics.horizontalAdvance(text) / 2, y - metrics.height() / 2)
        label.setZValue(-1.0)
        self.addItem(label)
        self._labels.append(label)

    def coordinate_labels(self) -> list[tuple[str, QPointF]]:
        """The coordinate labels and their centres (for tests and overlays)."""
        return [(label.text(), label.sceneBoundingRect().center()) for label in self._labels]

    # --- clicks ---------------------------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press_screen_pos = QPointF(event.screenPos())
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        press = self._press_screen_pos
        self._press_screen_pos = None
        if event.button() != Qt.MouseButton.LeftButton or press is None:
            return
        moved = QPointF(event.screenPos()) - press
        if abs(moved.x()) + abs(moved.y()) > _CLICK_SLOP:
            return
        hex_id = self.hex_at(event.scenePos())
        if hex_id is not None:
            self.hex_clicked.emit(hex_id)


def _phase_tiles(game: Any) -> tuple[str, ...]:
    phase = getattr(game, "phase", None)
    return tuple(str(t) for t in getattr(phase, "tiles", ()) or ())


def _currency_format(game: Any) -> str:
    spec = getattr(game, "spec", None)
    try:
        return str(spec.currency_format) if spec is not None else "%s"
    except AttributeError:
        return "%s"
