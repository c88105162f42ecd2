"""The map of Ireland for Irish Gauge: flat-topped hexes with their terrain, towns, cities and major cities
with their cubes, each railway's network in its colour with a track marker per hex.  Paint only: the
controller tells the scene what to light up (legal hexes with their cost, the hex under a drag and why it
refuses) and listens to clicks.  The view is the map's own ``MapView`` (wheel zoom, pan, drop handlers)."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSceneMouseEvent, QStyleOptionGraphicsItem, QWidget

from desktop.map.items import legible_scale
from engine.titles.irish_gauge.data import COLUMNS, DIFFICULT, MAJOR, ROWS, TOWN
from engine.titles.irish_gauge.rules import bp_text

RADIUS = 50.0
#: how much larger a town's name may be drawn to stay legible when the whole island is shown
NAME_GROWTH = 2.6
SQRT3 = math.sqrt(3.0)

SEA = QColor("#BFD9EA")
EASY = QColor("#DDE8C4")
HILL = QColor("#B9A47C")
HILL_MARK = QColor("#6E5636")
OUTLINE = QColor(60, 52, 40, 150)
INK = QColor("#1E1E1E")
CUBE_COLORS: dict[str, QColor] = {"white": QColor("#FAFAF5"), "pink": QColor("#EE8FB4"), "black": QColor("#202020")}
LEGAL = QColor(255, 214, 64, 120)
DIM = QColor(40, 40, 40, 45)


def center(hex_id: str) -> QPointF:
    """Scene centre of a hex: columns 1-12 west to east, rows A-P north to south, odd columns half a hex
    lower than even ones."""
    r, c = ROWS.index(hex_id[0]), int(hex_id[1:])
    return QPointF(1.5 * RADIUS * (c - 1), SQRT3 * RADIUS * (r + 0.5 * (c % 2)))


def hex_polygon(radius: float = RADIUS) -> QPolygonF:
    return QPolygonF([QPointF(radius * math.cos(math.radians(60 * i)), radius * math.sin(math.radians(60 * i)))
                      for i in range(6)])


def cost_text(halves: int) -> str:
    return "1½" if halves == 3 else bp_text(halves)


class HexItem(QGraphicsItem):
    """One hex: terrain, place, cube, track markers and the controller's highlight."""

    def __init__(self, hex_id: str, terrain: str, name: str | None) -> None:
        super().__init__()
        self.hex_id = hex_id
        self.terrain = terrain
        self.name = name
        self.cube: str | None = None
        self.railways: list[tuple[str, str, str]] = []  # (id, colour, text colour)
        self.cost: int | None = None  # lit: legal for the pending gesture, at this cost (half BP)
        self.dimmed = False
        self.hover: tuple[bool, str] | None = None  # (accepted, text) while a drag is over the hex
        self.ghost: str | None = None  # colour of the track marker a drop would add
        self._polygon = hex_polygon()
        self.setPos(center(hex_id))
        self.setZValue(0)
        self.overlay: HexOverlay | None = None

    def boundingRect(self) -> QRectF:
        return QRectF(-RADIUS, -RADIUS, 2 * RADIUS, 2 * RADIUS)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self._polygon)
        path.closeSubpath()
        return path

    @property
    def is_city(self) -> bool:
        return self.terrain in ("C", MAJOR) or (self.terrain == TOWN and self.cube is not None)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """The terrain only; the place, markers and highlights are on the hex's overlay (above the network)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(OUTLINE, 1.2))
        painter.setBrush(HILL if self.terrain == DIFFICULT else EASY)
        painter.drawPolygon(self._polygon)
        if self.terrain == DIFFICULT:
            self._paint_hills(painter)

    def update(self, *args: Any) -> None:  # type: ignore[override]
        super().update(*args)
        if self.overlay is not None:
            self.overlay.update()

    def paint_overlay(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.terrain in ("C", MAJOR) or self.terrain == TOWN:
            self._paint_place(painter)
        self._paint_markers(painter)
        if self.cost is not None:
            painter.setPen(QPen(QColor("#A07800"), 3.0))
            painter.setBrush(LEGAL)
            painter.drawPolygon(hex_polygon(RADIUS - 2))
            self._badge(painter, cost_text(self.cost), QPointF(0, -RADIUS * 0.7), QColor("#FFF3C4"), INK)
        elif self.dimmed:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(DIM)
            painter.drawPolygon(self._polygon)
        if self.hover is not None:
            ok, _text = self.hover
            painter.setPen(QPen(QColor("#2E7D32") if ok else QColor("#B3201C"), 4.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(hex_polygon(RADIUS - 3))
            if not ok:
                painter.setPen(QPen(QColor("#B3201C"), 5.0))
                d = RADIUS * 0.35
                painter.drawLine(QPointF(-d, -d), QPointF(d, d))
                painter.drawLine(QPointF(-d, d), QPointF(d, -d))

    def _paint_hills(self, painter: QPainter) -> None:
        painter.setPen(QPen(HILL_MARK, 2.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for dx in (-12.0, 10.0):
            path = QPainterPath(QPointF(dx - 9, 12))
            path.lineTo(QPointF(dx, -2))
            path.lineTo(QPointF(dx + 9, 12))
            painter.drawPath(path)

    def _paint_place(self, painter: QPainter) -> None:
        spot = QPointF(0, -6)
        if self.is_city:
            size = 19.0 if self.terrain == MAJOR else 15.0
            painter.setPen(QPen(INK, 2.0))
            painter.setBrush(QColor("#FFFFFF"))
            painter.drawEllipse(spot, size, size)
            if self.terrain == MAJOR:
                painter.drawEllipse(spot, size - 4, size - 4)
            if self.cube is not None:
                cube = CUBE_COLORS.get(self.cube, QColor("gray"))
                painter.setPen(QPen(QColor("#FFFFFF") if self.cube == "black" else INK, 1.5))
                painter.setBrush(cube)
                painter.drawRect(QRectF(spot.x() - 7, spot.y() - 7, 14, 14))
        else:
            painter.setPen(QPen(INK, 1.5))
            painter.setBrush(INK)
            painter.drawEllipse(spot, 7.0, 7.0)
        if self.name:
            font = QFont()
            font.setPointSizeF(7.5)
            font.setBold(self.terrain == MAJOR)
            painter.setFont(font)
            painter.setPen(INK)
            # the whole island at 1366x768 shows a town's name at 3 pixels: grown (towns are sparse) to be read
            grow = legible_scale(float(QFontMetricsF(font).height()) * 0.8, painter.worldTransform().m11(),
                                 NAME_GROWTH)
            painter.save()
            painter.translate(0.0, 19.0)
            painter.scale(grow, grow)
            if grow > 1.0:  # a light backing keeps it readable over the neighbours' hexes
                width = QFontMetricsF(font).horizontalAdvance(self.name)
                painter.fillRect(QRectF(-width / 2 - 2, -7, width + 4, 14), QColor(255, 255, 255, 170))
            painter.drawText(QRectF(-RADIUS * 1.6, -7, 3.2 * RADIUS, 14), Qt.AlignmentFlag.AlignCenter, self.name)
            painter.restore()

    def _paint_markers(self, painter: QPainter) -> None:
        markers = list(self.railways)
        if self.ghost is not None:
            markers.append(("+", self.ghost, "#000000"))
        if not markers:
            return
        w, h, gap = 15.0, 9.0, 2.0
        total = len(markers) * w + (len(markers) - 1) * gap
        x = -total / 2
        y = RADIUS * 0.62 if self.terrain in ("C", MAJOR, TOWN) else 0.0
        for rid, color, _text in markers:
            fill = QColor(color)
            if rid == "+":
                fill.setAlpha(130)
            painter.setPen(QPen(QColor("#FFFFFF"), 1.2))
            painter.setBrush(fill)
            painter.drawRoundedRect(QRectF(x, y - h / 2, w, h), 2.5, 2.5)
            x += w + gap

    def _badge(self, painter: QPainter, text: str, at: QPointF, fill: QColor, ink: QColor) -> None:
        font = QFont()
        font.setPointSizeF(8.5)
        font.setBold(True)
        painter.setFont(font)
        rect = QRectF(at.x() - 13, at.y() - 8, 26, 16)
        painter.setPen(QPen(ink, 1.0))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, 4, 4)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


class HexOverlay(QGraphicsItem):
    """A hex's place, track markers and highlights, drawn above the railway lines."""

    def __init__(self, hex_item: HexItem) -> None:
        super().__init__()
        self.hex_item = hex_item
        hex_item.overlay = self
        self.setPos(hex_item.pos())
        self.setZValue(2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self.hex_item.boundingRect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        self.hex_item.paint_overlay(painter)


class NetworkItem(QGraphicsItem):
    """Each railway's network: a line in its colour between neighbouring hexes it holds (side by side where
    several railways share a link)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str, str, int, int]] = []  # (a, b, colour, index, count)
        self.setZValue(1)
        self._rect = QRectF()

    def set_links(self, links: list[tuple[str, str, str, int, int]], rect: QRectF) -> None:
        self.prepareGeometryChange()
        self.links = links
        self._rect = rect

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for a, b, color, index, count in self.links:
            pa, pb = center(a), center(b)
            dx, dy = pb.x() - pa.x(), pb.y() - pa.y()
            length = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / length, dx / length
            off = (index - (count - 1) / 2) * 6.0
            shift = QPointF(nx * off, ny * off)
            painter.setPen(QPen(QColor("#FFFFFF"), 7.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(pa + shift, pb + shift)
            painter.setPen(QPen(QColor(color), 4.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(pa + shift, pb + shift)


class IrishBoardScene(QGraphicsScene):
    """The board.  ``hex_clicked(hex_id)`` reports a click (not a pan) on a hex."""

    hex_clicked = Signal(str)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setBackgroundBrush(QBrush(SEA))
        self._items: dict[str, HexItem] = {}
        self._game: Any = None
        self.network = NetworkItem()
        self.addItem(self.network)
        self._press: QPointF | None = None
        self._rect = QRectF()
        self.hover_text = ""

    # --- content -----------------------------------------------------------------------------------
    def set_game(self, game: Any) -> None:
        if not self._items:
            for hex_id, cell in game.board.items():
                item = HexItem(hex_id, cell.terrain, cell.name)
                self.addItem(item)
                self.addItem(HexOverlay(item))
                self._items[hex_id] = item
            rect = QRectF()
            for item in self._items.values():
                rect = rect.united(item.sceneBoundingRect())
            self._rect = rect.adjusted(-RADIUS * 0.5, -RADIUS * 0.5, RADIUS * 0.5, RADIUS * 0.5)
            self.setSceneRect(self._rect.adjusted(-6 * RADIUS, -6 * RADIUS, 6 * RADIUS, 6 * RADIUS))
            self._add_labels()
        self.refresh(game)

    def _add_labels(self) -> None:
        font = QFont()
        font.setPointSizeF(8)
        for c in range(1, COLUMNS + 1):
            top = min((center(h).y() for h in self._items if int(h[1:]) == c), default=0.0)
            text = self.addSimpleText(str(c), font)
            text.setBrush(QColor(30, 60, 90, 170))
            text.setPos(1.5 * RADIUS * (c - 1) - 5, top - RADIUS * 1.25)
        for r, row in enumerate(ROWS):
            if not any(h[0] == row for h in self._items):
                continue
            text = self.addSimpleText(row, font)
            text.setBrush(QColor(30, 60, 90, 170))
            text.setPos(-RADIUS * 1.45, SQRT3 * RADIUS * (r + 0.25) - 8)

    def refresh(self, game: Any) -> None:
        self._game = game
        colors = {r.id: (r.color, r.text_color) for r in game.railways}
        for hex_id, item in self._items.items():
            cell = game.board[hex_id]
            item.cube = cell.cube
            item.railways = [(rid, *colors[rid]) for rid in cell.railways]
            item.update()
        links: list[tuple[str, str, str, int, int]] = []
        by_pair: dict[tuple[str, str], list[str]] = {}
        for railway in game.railways:
            # a tree in building order: each track joins the first track built next to it
            for i, h in enumerate(railway.tracks[1:], start=1):
                near = set(game.board[h].neighbours)
                parent = next((t for t in railway.tracks[:i] if t in near), None)
                if parent is not None:
                    by_pair.setdefault((min(h, parent), max(h, parent)), []).append(railway.color)
        for (a, b), cols in by_pair.items():
            for i, color in enumerate(cols):
                links.append((a, b, color, i, len(cols)))
        self.network.set_links(links, self._rect)
        self.network.update()

    # --- for the controller ----------------------------------------------------------------------------
    def set_costs(self, costs: dict[str, int] | None) -> None:
        """Light the hexes a pending gesture may use, with their cost (None: nothing lit, nothing dimmed)."""
        for hex_id, item in self._items.items():
            item.cost = costs.get(hex_id) if costs is not None else None
            item.dimmed = costs is not None and hex_id not in costs
            item.update()

    def set_lit(self, hex_ids: list[str] | None) -> None:
        """Light hexes without a cost (towns for a special interest)."""
        for hex_id, item in self._items.items():
            item.cost = None
            item.dimmed = hex_ids is not None and hex_id not in hex_ids
            item.update()

    def set_hover(self, hex_id: str | None, accepted: bool = False, text: str = "", ghost: str | None = None) -> None:
        self.hover_text = text
        for hid, item in self._items.items():
            new = (accepted, text) if hid == hex_id else None
            ghost_here = ghost if hid == hex_id and accepted else None
            if item.hover != new or item.ghost != ghost_here:
                item.hover = new
                item.ghost = ghost_here
                item.update()

    def item_for_hex(self, hex_id: str) -> HexItem | None:
        return self._items.get(hex_id)

    def hex_at(self, scene_pos: QPointF) -> str | None:
        for item in self.items(scene_pos, Qt.ItemSelectionMode.ContainsItemShape, Qt.SortOrder.DescendingOrder,
                               QTransform()):
            if isinstance(item, HexItem):
                return item.hex_id
        return None

    def map_rect(self) -> QRectF:
        return QRectF(self._rect)

    def hex_tooltip(self, hex_id: str) -> str | None:
        game = self._game
        if game is None or hex_id not in game.board:
            return None
        cell = game.board[hex_id]
        kind = {"e": "easy", "D": "difficult", "T": "town", "C": "city", "M": "major city"}[cell.terrain]
        if cell.terrain == TOWN and cell.cube is not None:
            kind = "town with a special interest (a city)"
        lines = [f"<b>{cell.name or hex_id}</b> ({hex_id}): {kind}"]
        if cell.cube is not None:
            lines.append(f"cube: {cell.cube}")
        if cell.railways:
            lines.append("track: " + ", ".join(cell.railways))
        cost = "closed to newcomers" if cell.terrain == DIFFICULT and cell.railways else \
            "1.5 BP" if cell.railways else "2 BP" if cell.terrain == DIFFICULT else "1 BP"
        lines.append(f"cost for another railway: {cost}")
        item = self._items.get(hex_id)
        if item is not None and item.cost is not None:
            lines.append(f"<b>build here now: {cost_text(item.cost)} BP</b>")
        return "<br>".join(lines)

    # --- clicks --------------------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = QPointF(event.screenPos())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        press, self._press = self._press, None
        if event.button() != Qt.MouseButton.LeftButton or press is None:
            return
        moved = QPointF(event.screenPos()) - press
        if abs(moved.x()) + abs(moved.y()) > 4:
            return
        hex_id = self.hex_at(event.scenePos())
        if hex_id is not None:
            self.hex_clicked.emit(hex_id)


def render_board(game: Any, width: int) -> Any:
    """A picture of the board (QImage) ``width`` pixels wide."""
    from PySide6.QtGui import QImage

    scene = IrishBoardScene()
    scene.set_game(game)
    rect = scene.map_rect()
    height = max(1, int(width * rect.height() / max(rect.width(), 1.0)))
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(SEA)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, width, height), rect)
    painter.end()
    return image
