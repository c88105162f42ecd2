"""A dock that folds to its title bar (the stock market at 1366x768 gives its room to the corporations).

The title bar is ours: an arrow to fold and unfold (double-clicking the title does the same), the title, and the
usual float and close buttons.  Folded, the dock's widget is hidden and the dock is only as tall as its title
bar; unfolded, it gets back the height it had.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QStyle,
    QToolButton,
    QWidget,
)

__all__ = ["CollapsibleDock"]

#: Qt's "no maximum" (QWIDGETSIZE_MAX)
NO_MAX = 16777215


class _TitleBar(QWidget):
    def __init__(self, dock: CollapsibleDock) -> None:
        super().__init__(dock)
        self.dock = dock
        self.setObjectName("collapsibleTitle")
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 4, 2)
        row.setSpacing(4)
        self.arrow = QToolButton(self)
        self.arrow.setAutoRaise(True)
        self.arrow.setArrowType(Qt.ArrowType.DownArrow)
        self.arrow.setFixedSize(QSize(18, 18))
        self.arrow.clicked.connect(lambda: dock.set_collapsed(not dock.collapsed))
        self.label = QLabel(dock.windowTitle(), self)
        style = self.style()
        self.float_button = QToolButton(self)
        self.float_button.setAutoRaise(True)
        self.float_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_TitleBarNormalButton))
        self.float_button.setToolTip("Float / dock")
        self.float_button.setFixedSize(QSize(18, 18))
        self.float_button.clicked.connect(lambda: dock.setFloating(not dock.isFloating()))
        self.close_button = QToolButton(self)
        self.close_button.setAutoRaise(True)
        self.close_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_TitleBarCloseButton))
        self.close_button.setToolTip("Close (View menu brings it back)")
        self.close_button.setFixedSize(QSize(18, 18))
        self.close_button.clicked.connect(dock.close)
        row.addWidget(self.arrow)
        row.addWidget(self.label, 1)
        row.addWidget(self.float_button)
        row.addWidget(self.close_button)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # Qt override
        self.dock.set_collapsed(not self.dock.collapsed)
        event.accept()


class CollapsibleDock(QDockWidget):
    """A ``QDockWidget`` with a fold arrow in its title bar."""

    #: folded (True) or unfolded (False)
    collapsed_changed = Signal(bool)

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.collapsed = False
        self._unfolded_height: int | None = None
        self.height_restored = True
        self.title_bar = _TitleBar(self)
        self.setTitleBarWidget(self.title_bar)
        self._update_arrow()

    def folded_height(self) -> int:
        return int(self.title_bar.sizeHint().height())

    def set_collapsed(self, collapsed: bool) -> None:
        if collapsed == self.collapsed:
            return
        self.collapsed = collapsed
        widget = self.widget()
        window = self.parent()
        if collapsed:
            # (folded before it was ever shown, at start-up: no height worth going back to)
            self._unfolded_height = self.height() if self.height() > self.folded_height() + 40 else None
            if widget is not None:
                widget.hide()
            self.setMaximumHeight(self.folded_height())
        else:
            self.setMaximumHeight(NO_MAX)
            if widget is not None:
                widget.show()
            #: did it get back a height of its own (False: its owner should size it)
            self.height_restored = bool(self._unfolded_height)
            if isinstance(window, QMainWindow) and self._unfolded_height and not self.isFloating():
                height = self._unfolded_height
                window.resizeDocks([self], [height], Qt.Orientation.Vertical)
                # again once the shown widget is laid out (its minimum size came back only now)
                QTimer.singleShot(0, self, lambda: window.resizeDocks([self], [height], Qt.Orientation.Vertical))
        self._update_arrow()
        self.collapsed_changed.emit(collapsed)

    def _update_arrow(self) -> None:
        arrow = self.title_bar.arrow
        arrow.setArrowType(Qt.ArrowType.RightArrow if self.collapsed else Qt.ArrowType.DownArrow)
        what = self.windowTitle().lower()
        arrow.setToolTip(f"Show the {what}" if self.collapsed else f"Fold the {what} to its title (more room for "
                                                                    "the docks beside it)")
