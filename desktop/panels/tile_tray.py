"""The tile tray: the tiles usable now, to drag onto the map (or click after clicking a hex), and the tiles
that exist but cannot be used now, stamped with the reason (later phase, none left) and a tooltip.

It only shows and reports: a drag carries :data:`TILE_MIME` (the tile's name); a click reports
:attr:`TileTray.tile_chosen`.  The track controller fills it."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListView, QListWidget, QListWidgetItem, QWidget

from desktop.map.geometry import HexGeometry
from desktop.map.items import TileDrawing

__all__ = ["TILE_MIME", "TileTray", "TrayTile", "tile_mime"]

#: our MIME type for a tile being dragged: the payload is the tile's name ("57")
TILE_MIME = "application/x-tracklayer-tile"
_ICON = 76
#: the picture under the mouse while a tile is dragged: small, below and right of the pointer, so the hex under
#: the pointer shows the ghost at its legal rotation (the list's own drag picture, the whole tray entry centred
#: on the pointer, covered the hex and showed the tile unrotated)
DRAG_ICON = 34
DRAG_OFFSET = 22


def tile_mime(name: str) -> QMimeData:
    data = QMimeData()
    data.setData(TILE_MIME, name.encode())
    data.setText(f"tile {name}")
    return data


@dataclass
class TrayTile:
    """One entry: tile ``name`` drawn from ``tile`` (a supply tile object); ``reason`` None when usable."""

    name: str
    tile: Any
    tooltip: str = ""
    reason: str | None = None
    #: copies left in the supply (None: not said)
    left: int | None = None
    #: the title has as many copies as wanted (1846's 7, 8, 9): the supply holds one, shown as "∞"
    unlimited: bool = False


#: drawn tray pictures by what they show (a supply tile's picture depends on its definition, not its copy): the
#: tray is refilled after every action, and drawing a dozen tiles each time was most of a click's cost
_PIXMAPS: OrderedDict[tuple[Any, ...], QPixmap] = OrderedDict()
_PIXMAPS_KEPT = 400


def tile_pixmap(tile: Any, layout: str, stamp: str | None = None, size: int = _ICON) -> QPixmap:
    """Tile ``tile`` drawn unrotated in a ``size`` square (``stamp``: why it cannot be used, across it)."""
    key = (getattr(tile, "name", None), getattr(tile, "code", None), getattr(tile, "color", None), layout, stamp, size)
    if key[1] is None:  # not a catalogue tile: nothing says two are drawn alike
        return _draw_tile_pixmap(tile, layout, stamp, size)
    pixmap = _PIXMAPS.get(key)
    if pixmap is None:
        pixmap = _draw_tile_pixmap(tile, layout, stamp, size)
        _PIXMAPS[key] = pixmap
        if len(_PIXMAPS) > _PIXMAPS_KEPT:
            _PIXMAPS.popitem(last=False)
    else:
        _PIXMAPS.move_to_end(key)
    return pixmap


def _draw_tile_pixmap(tile: Any, layout: str, stamp: str | None, size: int) -> QPixmap:
    geometry = HexGeometry(layout, size * 0.46)
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.translate(QPointF(size / 2, size / 2))
    saved = int(getattr(tile, "rotation", 0))
    try:
        if saved:
            tile.rotate(0)
        TileDrawing.build(tile, geometry).paint(painter)
    finally:
        if saved:
            tile.rotate(saved)
    painter.resetTransform()
    if stamp:
        painter.fillRect(pixmap.rect(), QColor(255, 255, 255, 140))
        painter.translate(size / 2, size / 2)
        painter.rotate(-30)
        font = QFont()
        font.setPixelSize(max(9, size // 7))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#b03a2e"))
        painter.drawText(-size // 2, -size // 8, size, size // 4, Qt.AlignmentFlag.AlignCenter, stamp)
    painter.end()
    return pixmap


class TileTray(QListWidget):
    """Usable tiles first (draggable), then the unusable ones stamped."""

    #: a usable tile was clicked (its name)
    tile_chosen = Signal(str)
    #: the entries were replaced (the tray may have become empty or filled)
    contents_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tileTray")
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setIconSize(QSize(_ICON, _ICON))
        self.setGridSize(QSize(_ICON + 18, _ICON + 30))
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setMovement(QListView.Movement.Static)
        self.setWrapping(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setToolTip("Drag a tile onto the map, or click a hex and then a tile")
        self.itemClicked.connect(self._clicked)
        self.entries: list[TrayTile] = []
        self.layout_name = "pointy"

    def set_tiles(self, entries: list[TrayTile], layout: str = "pointy", fitting: set[str] | None = None) -> None:
        """Show ``entries``; with ``fitting``, usable tiles not in it are drawn faded ("does not fit here").

        The tiles that can be laid come first (with a hex chosen: those that fit it), then the other usable ones,
        then those that cannot be used now, so a tile that fits is never below the fold behind "not now" ones."""

        def rank(entry: TrayTile) -> int:
            if entry.reason is not None:
                return 2
            return 0 if fitting is None or entry.name in fitting else 1

        entries = sorted(entries, key=rank)  # stable: the caller's order within each group
        self.entries = list(entries)
        self.layout_name = layout
        self.clear()
        for entry in entries:
            stamp = None
            tip = entry.tooltip
            usable = entry.reason is None
            if not usable:
                stamp = _short(entry.reason or "")
                tip = f"Tile {entry.name}: {entry.reason}"
            elif fitting is not None and entry.name not in fitting:
                stamp = "no fit"
                tip = f"Tile {entry.name} does not fit the selected hex"
            if entry.unlimited:
                label = f"{entry.name} (\u221e)"
            else:
                label = entry.name if entry.left is None else f"{entry.name} ({entry.left})"
            item = QListWidgetItem(QIcon(tile_pixmap(entry.tile, layout, stamp)), label)
            item.setData(Qt.ItemDataRole.UserRole, entry.name)
            item.setToolTip(tip)
            flags = Qt.ItemFlag.ItemIsEnabled
            if usable and stamp is None:
                flags |= Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
            else:
                item.setForeground(QColor("#8a8070"))
            item.setFlags(flags)
            self.addItem(item)
        # never one clipped row: with tiles, the tray is at least one whole row tall (its dock cannot be made
        # smaller, whatever size a layout saved elsewhere or a hand-resized dock asks); empty, it may shrink to
        # its message
        self.setMinimumHeight(self.one_row_height() if entries else 0)
        self.updateGeometry()  # (the least height changes with the emptiness)
        self.contents_changed.emit()

    def one_row_height(self) -> int:
        """The height that shows one whole row of tiles."""
        return int(self.gridSize().height() + 2 * self.frameWidth() + 6)

    #: said in the empty tray, so an empty box is never a puzzle
    EMPTY_TEXT = "No tile to lay now.\nThe tiles a corporation may lay appear here in its track step."
    #: said in the empty tray once the game is over (one line: the players' cards need the room)
    GAME_OVER_TEXT = "The game is over."
    #: the margin around the empty tray's message
    MESSAGE_MARGIN = 12

    #: what the empty tray says instead of :data:`EMPTY_TEXT` (None: that)
    _empty_text: str | None = None

    def set_empty_text(self, text: str | None) -> bool:
        """What the empty tray says (None: :data:`EMPTY_TEXT`); True when that changed."""
        if text == self._empty_text:
            return False
        self._empty_text = text
        self.viewport().update()
        return True

    @property
    def empty_text(self) -> str:
        return self._empty_text if self._empty_text is not None else self.EMPTY_TEXT

    def message_lines(self, most: int = 3) -> int:
        """The lines the empty tray's message takes at the tray's width (1 to ``most``)."""
        width = self.viewport().width() - 2 * self.MESSAGE_MARGIN
        if width <= 0:
            return most
        rect = self.fontMetrics().boundingRect(0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap), self.empty_text)
        return max(1, min(most, round(rect.height() / max(1, self.fontMetrics().lineSpacing()))))

    def minimumSizeHint(self) -> QSize:  # Qt override
        """Empty, the tray may be as low as a line of its message (a list's own least height, 70 px, kept the
        dock of a finished game taller than its one line)."""
        hint = super().minimumSizeHint()
        if self.count():
            return hint
        low = self.fontMetrics().lineSpacing() + 2 * self.MESSAGE_MARGIN + 2 * self.frameWidth()
        return QSize(hint.width(), min(hint.height(), low))

    def paintEvent(self, event: Any) -> None:
        super().paintEvent(event)
        if self.count():
            return
        painter = QPainter(self.viewport())
        painter.setPen(QColor("#8a8070"))
        rect, text = self.shown_message()
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap), text)
        painter.end()

    def shown_message(self) -> tuple[QRect, str]:
        """Where the empty tray's message is drawn and what of it: the whole message when the tray has the room,
        else its first lines that fit (a line at least, cut with an ellipsis).  A tray held low by a full column
        (18USA's auction and seven players at 1366x768) drew the three-line message centred in one line's room,
        cut at the top and the bottom."""
        metrics = self.fontMetrics()
        line = metrics.lineSpacing()
        view = self.viewport().rect()
        m = self.MESSAGE_MARGIN
        flags = int(Qt.TextFlag.TextWordWrap)
        paragraphs = self.empty_text.split("\n")
        # the whole message in the margins' room, else in the margins too (a low tray gives them up before any
        # text), else its first paragraphs, else the first one cut
        roomy = view.adjusted(m, max(0, min(m, (view.height() - line) // 2)), -m, 0)
        roomy.setBottom(view.bottom() - (roomy.top() - view.top()))
        tight = view.adjusted(m, min(2, roomy.top() - view.top()), -m, -min(2, roomy.top() - view.top()))
        for count in range(len(paragraphs), 0, -1):
            text = "\n".join(paragraphs[:count])
            for rect in (roomy, tight):
                if metrics.boundingRect(0, 0, max(1, rect.width()), 10_000, flags, text).height() <= rect.height():
                    return rect, text
        return roomy, metrics.elidedText(paragraphs[0], Qt.TextElideMode.ElideRight, max(1, roomy.width()))

    def item_for(self, name: str) -> QListWidgetItem | None:
        for row in range(self.count()):
            item = self.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == name:
                return item
        return None

    def usable_names(self) -> list[str]:
        return [e.name for e in self.entries if e.reason is None]

    # --- drag source ------------------------------------------------------------------------------------
    def mimeTypes(self) -> list[str]:
        return [TILE_MIME]

    def mimeData(self, items: Any) -> QMimeData:
        names = [i.data(Qt.ItemDataRole.UserRole) for i in items]
        return tile_mime(str(names[0]) if names else "")

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    def drag_for(self, item: QListWidgetItem) -> QDrag:
        """The drag of ``item``: our MIME type and a small picture beside the pointer (see :data:`DRAG_ICON`)."""
        drag = QDrag(self)
        drag.setMimeData(self.mimeData([item]))
        size = DRAG_OFFSET + DRAG_ICON
        picture = QPixmap(size, size)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setOpacity(0.85)
        painter.drawPixmap(DRAG_OFFSET, DRAG_OFFSET, item.icon().pixmap(QSize(DRAG_ICON, DRAG_ICON)))
        painter.end()
        drag.setPixmap(picture)
        drag.setHotSpot(QPoint(0, 0))
        return drag

    def startDrag(self, supported_actions: Qt.DropAction) -> None:  # Qt override
        item = self.currentItem()
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsDragEnabled:
            return
        self.drag_for(item).exec(Qt.DropAction.CopyAction)

    def _clicked(self, item: QListWidgetItem) -> None:
        if item.flags() & Qt.ItemFlag.ItemIsDragEnabled:
            self.tile_chosen.emit(str(item.data(Qt.ItemDataRole.UserRole)))


def _short(reason: str) -> str:
    low = reason.lower()
    if "phase" in low:
        return "later phase"
    if "none left" in low or "no copies" in low or "left" in low:
        return "none left"
    return "not now"
