"""The tile manifest: every tile number of the title, drawn small from its definition, with how many are left.

``manifest(game)`` reads it as plain data: one entry per tile number (in the order yellow, green, brown, grey,
then others; by number within a colour) with the copies left in the supply (``game.tiles``), the copies the
title has (``None`` for unlimited) and the colour.  The panel draws each tile (rotation 0, as in the box) from
the same vector art as the map, with "3 of 4 left"; tiles none of which are left are greyed out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QSizePolicy, QWidget

from desktop.map.geometry import HexGeometry
from desktop.map.items import TileDrawing
from desktop.panels import Theme, draw_text

COLOR_ORDER = ("yellow", "green", "brown", "gray", "grey", "red", "blue", "white")


@dataclass(frozen=True, slots=True)
class ManifestEntry:
    name: str
    color: str
    left: int | None  # None: unlimited
    total: int | None  # None: unlimited


def _number_key(name: str) -> tuple[int, str]:
    digits = "".join(ch for ch in name if ch.isdigit())
    return (int(digits) if digits else 10**6, name)


def manifest(game: Any) -> list[ManifestEntry]:
    """Each tile number of the title with the copies left in the supply (read only)."""
    spec_tiles = dict(getattr(game.spec, "tiles", {}) or {})
    left: dict[str, int] = {}
    colors: dict[str, str] = {}
    for tile in game.tiles:
        left[str(tile.name)] = left.get(str(tile.name), 0) + 1
        colors.setdefault(str(tile.name), str(tile.color))
    unlimited = set(getattr(game, "unlimited_tiles", ()) or ())
    for hex_ in game.hexes:
        tile = hex_.tile
        if str(tile.name) in spec_tiles:
            colors.setdefault(str(tile.name), str(tile.color))
    entries = []
    for name, count in spec_tiles.items():
        name = str(name)
        color = colors.get(name) or _catalogue_color(game, name)
        if name in unlimited or count == "unlimited":
            entries.append(ManifestEntry(name, color, None, None))
        else:
            entries.append(ManifestEntry(name, color, left.get(name, 0), int(count)))

    def order(e: ManifestEntry) -> tuple[int, tuple[int, str]]:
        rank = COLOR_ORDER.index(e.color) if e.color in COLOR_ORDER else len(COLOR_ORDER)
        return (rank, _number_key(e.name))

    return sorted(entries, key=order)


_FRESH: dict[tuple[str, str], Any] = {}


def fresh_tile(game: Any, name: str) -> Any:
    """A new, unrotated copy of tile ``name`` as the title defines it (cached; never part of a game)."""
    key = (str(game.title), name)
    tile = _FRESH.get(key)
    if tile is None:
        from engine.map.tile import Tile

        custom = (getattr(game.spec, "custom_tiles", None) or {}).get(name)
        if custom is not None:
            tile = Tile.from_code(name, custom.code, custom.color, index=0)
        else:
            tile = Tile.for_catalogue(name, 0)
        _FRESH[key] = tile
    return tile


def _catalogue_color(game: Any, name: str) -> str:
    try:
        return str(fresh_tile(game, name).color)
    except Exception:
        return ""


class TilesCanvas(QWidget):
    """Paints the manifest as a grid of small tiles with their counts."""

    CELL_W = 92.0
    CELL_H = 112.0
    MARGIN = 8.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: list[ManifestEntry] = []
        self.game: Any = None
        self.layout_name = "pointy"
        self._drawings: dict[tuple[str, str, str], TileDrawing] = {}
        sp = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)

    def set_entries(self, game: Any, entries: list[ManifestEntry]) -> None:
        self.game = game
        self.layout_name = str(getattr(game.spec, "layout", None) or "pointy")
        if entries != self.entries:
            self.entries = entries
            self.updateGeometry()
            self.update()

    def columns_for(self, width: float) -> int:
        return max(1, int((width - 2 * self.MARGIN) // self.CELL_W))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        rows = math.ceil(len(self.entries) / self.columns_for(width)) if self.entries else 1
        return int(rows * self.CELL_H + 2 * self.MARGIN)

    def sizeHint(self) -> QSize:
        return QSize(int(self.CELL_W * 4 + 2 * self.MARGIN), self.heightForWidth(int(self.CELL_W * 4)))

    def cell_rect(self, index: int) -> QRectF:
        cols = self.columns_for(self.width())
        row, col = divmod(index, cols)
        return QRectF(self.MARGIN + col * self.CELL_W, self.MARGIN + row * self.CELL_H, self.CELL_W, self.CELL_H)

    def _drawing(self, name: str) -> TileDrawing | None:
        key = (str(getattr(self.game, "title", "")), name, self.layout_name)
        drawing = self._drawings.get(key)
        if drawing is None:
            try:
                tile = fresh_tile(self.game, name)
            except Exception:
                return None
            geometry = HexGeometry(self.layout_name, 100.0)
            fmt = str(getattr(self.game.spec, "currency_format", "%s") or "%s")
            drawing = TileDrawing.build(tile, geometry, currency_format=fmt, show_location_name=False)
            self._drawings[key] = drawing
        return drawing

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        p.fillRect(self.rect(), Theme.paper)
        clip = QRectF(event.rect())
        for i, entry in enumerate(self.entries):
            rect = self.cell_rect(i)
            if not rect.intersects(clip):
                continue
            gone = entry.left == 0
            drawing = self._drawing(entry.name)
            radius = 34.0
            if drawing is not None:
                p.save()
                p.translate(QPointF(rect.center().x(), rect.top() + 6 + radius))
                p.scale(radius / 100.0, radius / 100.0)
                if gone:
                    p.setOpacity(0.3)
                drawing.paint(p)
                p.restore()
            label = f"#{entry.name}"
            count = "unlimited" if entry.left is None else f"{entry.left} of {entry.total} left"
            top = rect.top() + 12 + 2 * radius
            draw_text(p, QRectF(rect.left(), top, rect.width(), 15), label, Theme.font(12.5, bold=True),
                      Theme.faint if gone else Theme.ink, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter)
            draw_text(p, QRectF(rect.left(), top + 15, rect.width(), 14), count,
                      Theme.font(11.5, bold=entry.left is not None and entry.left <= 1),
                      Theme.accent if gone else (QColor("#8a5a00") if entry.left == 1 else Theme.muted),
                      Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter)
        p.end()


class TilesPanel(QScrollArea):
    """The tile manifest; ``set_game`` re-reads the counts."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.canvas = TilesCanvas()
        self.setWidget(self.canvas)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.game: Any = None

    @property
    def entries(self) -> list[ManifestEntry]:
        return self.canvas.entries

    def set_game(self, game: Any) -> None:
        self.game = game
        if game is None:
            return
        self.canvas.set_entries(game, manifest(game))
