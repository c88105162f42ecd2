"""The game log as the history: each line knows the history index of the action that produced it.

``set_entries([(index, line), ...])`` loads the whole log; ``set_current(index)`` marks the lines of that action,
greys the lines that lie in the future of the viewed position, and scrolls to them; clicking a line (or pressing
Enter on it) emits ``index_requested(index)``.  Round headers are set as bands, phase changes and events in the
accent colour, so the log reads like a game record.
"""

from __future__ import annotations

import bisect
import html
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from desktop.panels import Theme, fitted_font

ModelIndex = QModelIndex | QPersistentModelIndex

#: line kinds
PLAIN, ROUND, PHASE, EVENT = "plain", "round", "phase", "event"

INDEX_ROLE = int(Qt.ItemDataRole.UserRole) + 1
KIND_ROLE = int(Qt.ItemDataRole.UserRole) + 2
STATE_ROLE = int(Qt.ItemDataRole.UserRole) + 3  # "past", "current", "future"


def line_kind(text: str) -> str:
    """How a log line is set: a round header, a phase change, an event, or plain."""
    if not text.startswith("--"):
        return PLAIN
    body = text.strip("- ").strip()
    if body.startswith(("Stock Round", "Operating Round", "Auction Round", "Draft Round", "Merger Round",
                        "Initial Stock Round")) or body.endswith(" Round") or " Round " in body[:24]:
        return ROUND
    if body.startswith("Phase"):
        return PHASE
    return EVENT


def display_text(text: str) -> str:
    """The line as shown: headers lose their ``--`` dashes."""
    if text.startswith("--"):
        return text.strip("- ").strip()
    return text


class LogModel(QAbstractListModel):
    """The log lines with their history indexes, and the position being viewed."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.entries: list[tuple[int, str]] = []
        self.kinds: list[str] = []
        self.indexes: list[int] = []
        self.current: int | None = None

    def set_entries(self, entries: list[tuple[int, str]]) -> None:
        self.beginResetModel()
        self.entries = [(int(i), str(t)) for i, t in entries]
        self.kinds = [line_kind(t) for _i, t in self.entries]
        self.indexes = [i for i, _t in self.entries]
        self.endResetModel()

    def set_current(self, index: int | None) -> None:
        self.current = index
        if self.entries:
            self.dataChanged.emit(self.index(0), self.index(len(self.entries) - 1),
                                  [int(Qt.ItemDataRole.ForegroundRole), STATE_ROLE])

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt override
        return 0 if parent.isValid() else len(self.entries)

    def state(self, row: int) -> str:
        if self.current is None:
            return "past"
        idx = self.indexes[row]
        if idx == self.current:
            return "current"
        return "future" if idx > self.current else "past"

    def data(self, index: ModelIndex, role: int = int(Qt.ItemDataRole.DisplayRole)) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.entries):
            return None
        row = index.row()
        hist, text = self.entries[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return display_text(text)
        if role == Qt.ItemDataRole.ToolTipRole:
            if hist < 0:
                return display_text(text)
            return f"{html.escape(display_text(text))}<br><i>Click to view the game after action {hist}</i>"
        if role == INDEX_ROLE:
            return hist
        if role == KIND_ROLE:
            return self.kinds[row]
        if role == STATE_ROLE:
            return self.state(row)
        return None

    def last_row_at_or_before(self, index: int) -> int:
        """The last line produced at or before history ``index`` (-1 when none)."""
        return bisect.bisect_right(self.indexes, index) - 1

    def first_row_of(self, index: int) -> int:
        return bisect.bisect_left(self.indexes, index)


def line_font(text: str, kind: str, width: float) -> QFont:
    """The font of a log line ``width`` wide: 12.5 px, or down to 10.5 px where that makes it fit (the log in the
    left column at 1366x768 is ~200 px wide: "Player 4 collects $20 from Mohawk & Hudson" was elided)."""
    bold = kind in (ROUND, PHASE, EVENT)
    if kind == EVENT:  # (italic: no fitted variant; elided where too long)
        return Theme.font(12.5, bold=True, italic=True)
    font = Theme.font(12.5, bold=bold)
    if QFontMetricsF(font).horizontalAdvance(text) <= width:
        return font
    return fitted_font(text, width, 12.5, 10.5, bold=bold, condensed=True)


class LogDelegate(QStyledItemDelegate):
    """Paints a log line: round bands, accent lines, the current action highlighted, the future greyed."""

    ROW_H = 21

    def sizeHint(self, option: QStyleOptionViewItem, index: ModelIndex) -> QSize:
        return QSize(200, self.ROW_H)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: ModelIndex) -> None:
        rect = QRectF(option.rect)  # type: ignore[attr-defined]
        kind = index.data(KIND_ROLE)
        state = index.data(STATE_ROLE)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        hovered = bool(option.state & QStyle.StateFlag.State_MouseOver)  # type: ignore[attr-defined]
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if kind == ROUND:
            painter.fillRect(rect.adjusted(0, 1, 0, -1), QColor("#e6dcc6") if state != "future" else QColor("#efe9dc"))
        if state == "current":
            painter.fillRect(rect, Theme.highlight)
            painter.fillRect(QRectF(rect.left(), rect.top(), 4, rect.height()), QColor("#e3a21b"))
        elif hovered:
            painter.fillRect(rect, QColor(0, 0, 0, 14))
        if kind == PHASE:
            color = QColor("#2f6f3a")
        elif kind == EVENT:
            color = Theme.accent
        else:
            color = Theme.ink
        if state == "future":
            color = QColor(Theme.faint)
        left_pad = 12.0 if kind in (ROUND, PHASE, EVENT) else 22.0
        text_rect = rect.adjusted(left_pad, 0, -8, 0)
        font = line_font(text, kind, text_rect.width())
        fm = QFontMetricsF(font)
        shown = fm.elidedText(text, Qt.TextElideMode.ElideRight, text_rect.width())
        painter.setFont(font)
        painter.setPen(QPen(color))
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), shown)
        painter.restore()


class LogPanel(QWidget):
    """The log.  ``index_requested(int)`` asks to view the game at a line's history index."""

    index_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LogModel(self)
        self.view = QListView(self)
        self.view.setModel(self.model)
        self.view.setItemDelegate(LogDelegate(self.view))
        self.view.setUniformItemSizes(True)
        self.view.setMouseTracking(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.view.setFrameShape(QFrame.Shape.NoFrame)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setAutoFillBackground(True)
        pal = self.view.viewport().palette()
        pal.setColor(self.view.viewport().backgroundRole(), Theme.card)
        self.view.viewport().setPalette(pal)
        self.view.clicked.connect(self._on_view_clicked)
        self.view.installEventFilter(self)
        self.view.viewport().installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self._from_history = False
        self.game: Any = None

    # -- input -----------------------------------------------------------------------------------------------------
    def set_entries(self, entries: list[tuple[int, str]]) -> None:
        """The whole log: (history index of the action that produced the line, line), in order."""
        self._from_history = True
        self.model.set_entries(entries)
        if self.model.current is not None:
            self.set_current(self.model.current)

    def set_current(self, index: int) -> None:
        """Mark the lines of history ``index``, grey what comes after, and scroll to them."""
        self.model.set_current(index)
        self.scroll_to_current()

    def scroll_to_current(self) -> None:
        """Bring the current action's lines into view (again after the view is first shown or resized: a
        list not yet laid out cannot scroll, which left a just-opened game's log far above its end)."""
        index = self.model.current
        if index is None:
            return
        row = self.model.last_row_at_or_before(index)
        if row < 0:
            if self.model.rowCount():
                self.view.scrollToTop()
            return
        first = self.model.first_row_of(self.model.indexes[row])
        # keep the viewed position in the middle: what led to it above, the (greyed) future below
        self.view.scrollTo(self.model.index((first + row) // 2), QAbstractItemView.ScrollHint.PositionAtCenter)

    def set_game(self, game: Any) -> None:
        """Without history entries (``set_entries`` never called) show the game's own log; otherwise the full
        history log stays and only ``set_current`` moves the marker."""
        self.game = game
        if self._from_history or game is None:
            return
        lines = list(getattr(game, "log_lines", []))
        self.model.set_entries([(-1, line) for line in lines])
        if lines:
            self.view.scrollToBottom()

    # -- queries ---------------------------------------------------------------------------------------------------
    @property
    def entries(self) -> list[tuple[int, str]]:
        return self.model.entries

    def current_rows(self) -> list[int]:
        """Rows drawn as the current action's lines."""
        return [r for r in range(self.model.rowCount()) if self.model.state(r) == "current"]

    def row_rect(self, row: int) -> QRect:
        return self.view.visualRect(self.model.index(row))

    # -- slots -----------------------------------------------------------------------------------------------------
    def _on_view_clicked(self, index: QModelIndex) -> None:
        hist = index.data(INDEX_ROLE)
        if hist is not None and int(hist) >= 0:
            self.index_requested.emit(int(hist))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view.viewport() and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self.scroll_to_current()
            # and once more when the list has taken in its new size: scrolling during the resize was held to the
            # old scroll range, so a shrinking log (a dock resized, a game opened) hid its last lines
            QTimer.singleShot(0, self, self.scroll_to_current)
            return False
        if watched is self.view.viewport() and event.type() in (QEvent.Type.MouseButtonPress,
                                                                QEvent.Type.ContextMenu):
            # a right click views the game at that line first, so that the context menu's "Undo back to here"
            # and "Play on from here" act on the line clicked (they were disabled until it was left-clicked)
            is_right = event.type() == QEvent.Type.ContextMenu or (
                isinstance(event, QMouseEvent) and event.button() == Qt.MouseButton.RightButton)
            if is_right:
                pos = event.position().toPoint() if isinstance(event, QMouseEvent) else event.pos()
                index = self.view.indexAt(pos)
                hist = index.data(INDEX_ROLE) if index.isValid() else None
                if hist is not None and int(hist) >= 0 and int(hist) != self.model.current:
                    self._on_view_clicked(index)
            return False
        if watched is self.view and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.view.currentIndex().isValid():
            self._on_view_clicked(self.view.currentIndex())
            return True
        return super().eventFilter(watched, event)
