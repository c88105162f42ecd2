"""A layout that lines its widgets up left to right and wraps them onto more rows when the width runs out (Qt has
none built in).  Its minimum width is its widest item, so it never forces its window wider."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget

__all__ = ["FlowLayout"]


class FlowLayout(QLayout):
    """Items in rows, wrapped to the width given; right-aligned rows when ``align_right``."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4, align_right: bool = True) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.align_right = align_right
        self.setContentsMargins(0, 0, 0, 0)

    # --- QLayout ------------------------------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:  # Qt override
        self._items.append(item)

    def count(self) -> int:  # Qt override
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # Qt override
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # Qt override
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # Qt override
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # Qt override
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # Qt override
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:  # Qt override
        shown = self._shown()
        if not shown:
            return QSize(0, 0)
        width = sum(i.sizeHint().width() for i in shown) + self._spacing * (len(shown) - 1)
        height = max(i.sizeHint().height() for i in shown)
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:  # Qt override
        size = QSize(0, 0)
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    # --- placing ------------------------------------------------------------------------------------------
    def _shown(self) -> list[QLayoutItem]:
        return [i for i in self._items if not (i.widget() is not None and i.widget().isHidden())]

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place the items in ``rect`` (when ``move``); the height the rows take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        rows: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._shown():
            width = item.sizeHint().width()
            if rows[-1] and used + self._spacing + width > area.width():
                rows.append([])
                used = 0
            used += (self._spacing if rows[-1] else 0) + width
            rows[-1].append(item)
        y = area.y()
        for row in rows:
            if not row:
                continue
            height = max(i.sizeHint().height() for i in row)
            total = sum(i.sizeHint().width() for i in row) + self._spacing * (len(row) - 1)
            x = area.x() + (max(0, area.width() - total) if self.align_right else 0)
            for item in row:
                hint = item.sizeHint()
                if move:
                    item.setGeometry(QRect(QPoint(x, y), QSize(min(hint.width(), area.width()), height)))
                x += hint.width() + self._spacing
            y += height + self._spacing
        return y - self._spacing - area.y() + margins.top() + margins.bottom() if y > area.y() else 0
