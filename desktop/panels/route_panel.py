"""The route panel: a small box over the map while a corporation runs its trains.

It sits in the corner of the map view that hides least of the routes being edited (:func:`corner_away`; the
routes controller places it after every change of routes, scroll, zoom or size), so it never covers the track the
player is routing when another corner is free.

One row per train: its colour and dash (as drawn on the map), a radio button choosing the train whose route map
clicks edit, what it earns or -- in red -- why its route cannot run, a button listing its stops from the other
end and a Clear button; the total; a line
saying what the optimiser is doing; Best (restore the optimum), Stop (stop computing) and Run buttons.  It only
shows and reports (signals); the routes controller fills it and acts.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPoint, QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QRadioButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.map.route_items import route_style

__all__ = ["RoutePanel", "TrainRow", "corner_away"]

MARGIN = 10


def _overlap(a: QRect, b: QRect) -> int:
    both = a.intersected(b)
    return both.width() * both.height() if both.isValid() else 0


def corner_away(area: QRect, size: QSize, avoid: list[tuple[QRect, int]], current: QPoint | None = None,
                margin: int = MARGIN) -> QPoint:
    """Where a box of ``size`` inside ``area`` hides least of the ``avoid`` rectangles (each with its weight: the
    routes count far more than the rest of the map): one of the four corners.  The box stays where it is unless
    another corner hides clearly less (a fifth less), so it does not hop about while the player scrolls."""
    left, top = area.left() + margin, area.top() + margin
    right = max(left, area.right() + 1 - margin - size.width())
    bottom = max(top, area.bottom() + 1 - margin - size.height())
    corners = [QPoint(left, top), QPoint(right, top), QPoint(left, bottom), QPoint(right, bottom)]

    def hidden(corner: QPoint) -> int:
        box = QRect(corner, size)
        return sum(weight * _overlap(box, r) for r, weight in avoid)

    best = min(corners, key=hidden)  # min keeps the first of equals
    if current is not None and current in corners and hidden(best) >= 0.8 * hidden(current):
        return current
    return best


@dataclass
class TrainRow:
    """What the panel shows for one train."""

    train: str  # id ("3-4")
    name: str  # printed name ("3", "4/6")
    style: int
    revenue: str | None = None
    reason: str | None = None
    stops: str = ""  # "I15-H16"


def style_swatch(style: int, width: int = 34, height: int = 12) -> QPixmap:
    color, dash = route_style(style)
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(QColor(color), 3.0, dash, Qt.PenCapStyle.RoundCap))
    painter.drawLine(QPointF(3, height / 2), QPointF(width - 3, height / 2))
    painter.end()
    return pixmap


class RoutePanel(QFrame):
    """The trains of the corporation that runs now, their routes' revenue and the total."""

    train_selected = Signal(str)
    clear_requested = Signal(str)
    reverse_requested = Signal(str)
    best_requested = Signal()
    stop_requested = Signal()
    submit_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("routePanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setStyleSheet("QFrame#routePanel { background: rgba(251, 247, 234, 240); border: 1px solid #a89f85; "
                           "border-radius: 6px; } QLabel#routeReason { color: #b3201c; }"
                           " QLabel#routeTitle { font-weight: 600; }")
        layout = QVBoxLayout(self)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)  # never squeezed below its contents
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(4)
        self.title = QLabel("", self)
        self.title.setObjectName("routeTitle")
        layout.addWidget(self.title)
        self.status = QLabel("", self)
        self.status.setObjectName("routeStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(2)
        layout.addLayout(self.grid)
        self.total = QLabel("", self)
        self.total.setObjectName("routeTotal")
        layout.addWidget(self.total)
        self.help = QLabel("Click cities and towns on the map to build the chosen train's route; click an end "
                           "again for other track or to drop that leg.", self)
        self.help.setWordWrap(True)
        self.help.setStyleSheet("color: #5a5142; font-size: 11px;")
        layout.addWidget(self.help)
        buttons = QHBoxLayout()
        self.best_button = QPushButton("Best", self)
        self.best_button.setObjectName("routeBest")
        self.best_button.clicked.connect(self.best_requested)
        self.stop_button = QPushButton("Stop computing", self)
        self.stop_button.setObjectName("routeStop")
        self.stop_button.setToolTip("Stop the search for the best routes (choose the routes by hand)")
        self.stop_button.clicked.connect(self.stop_requested)
        self.run_button = QPushButton("Run", self)
        self.run_button.setObjectName("routeRun")
        self.run_button.clicked.connect(self.submit_requested)
        for button in (self.best_button, self.stop_button, self.run_button):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.radios: dict[str, QRadioButton] = {}
        self.clears: dict[str, QToolButton] = {}
        self.reverses: dict[str, QToolButton] = {}
        self.revenues: dict[str, QLabel] = {}
        self.setMaximumWidth(360)
        self.hide()

    def set_rows(self, title: str, rows: list[TrainRow], selected: str | None) -> None:
        """Rebuild the train rows (kept when the same trains are shown: only their texts change)."""
        self.title.setText(title)
        if list(self.radios) != [r.train for r in rows]:
            self._rebuild(rows)
        for row in rows:
            radio = self.radios[row.train]
            radio.blockSignals(True)
            radio.setChecked(row.train == selected)
            radio.blockSignals(False)
            label = self.revenues[row.train]
            if row.reason:
                label.setObjectName("routeReason")
                label.setText(row.reason)
                label.setToolTip(row.reason)
            else:
                label.setObjectName("routeRevenue")
                label.setText((row.revenue or "no route") + (f"  {row.stops}" if row.stops else ""))
                label.setToolTip(row.stops)
            label.setStyleSheet("color: #b3201c;" if row.reason else "")
        self.fit()

    def fit(self) -> None:
        """Take the size the contents need, wrapped lines included (``adjustSize`` alone left the wrapped help
        text cut off at the panel's bottom edge)."""
        self.adjustSize()
        layout = self.layout()
        if layout is not None and layout.hasHeightForWidth():
            height = layout.heightForWidth(self.width())
            if height > self.height():
                self.resize(self.width(), height)

    def _rebuild(self, rows: list[TrainRow]) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for radio in self.radios.values():
            self.group.removeButton(radio)
        self.radios, self.clears, self.reverses, self.revenues = {}, {}, {}, {}
        for i, row in enumerate(rows):
            swatch = QLabel(self)
            swatch.setPixmap(style_swatch(row.style))
            radio = QRadioButton(f"{row.name} train", self)
            radio.setObjectName(f"routeTrain_{row.train}")
            radio.setToolTip(f"Edit the route of the {row.name} train ({row.train}) by clicking stops on the map")
            radio.toggled.connect(lambda on, t=row.train: on and self.train_selected.emit(t))
            self.group.addButton(radio)
            revenue = QLabel("", self)
            revenue.setWordWrap(True)
            revenue.setMinimumWidth(120)
            clear = QToolButton(self)
            clear.setText("Clear")
            clear.setObjectName(f"routeClear_{row.train}")
            clear.setToolTip(f"Remove the {row.name} train's route")
            clear.clicked.connect(lambda _=False, t=row.train: self.clear_requested.emit(t))
            reverse = QToolButton(self)
            reverse.setText("\u21c4")
            reverse.setObjectName(f"routeReverse_{row.train}")
            reverse.setToolTip(f"List the {row.name} train's stops from the other end (same track, same revenue)")
            reverse.clicked.connect(lambda _=False, t=row.train: self.reverse_requested.emit(t))
            self.grid.addWidget(swatch, i, 0)
            self.grid.addWidget(radio, i, 1)
            self.grid.addWidget(revenue, i, 2)
            self.grid.addWidget(reverse, i, 3)
            self.grid.addWidget(clear, i, 4)
            # shown now, not when the event loop next runs: fit() measures them (hidden, they were left out and
            # the panel was sized without its rows, squeezing them over each other)
            for widget in (swatch, radio, revenue, reverse, clear):
                widget.setVisible(True)
            self.radios[row.train] = radio
            self.clears[row.train] = clear
            self.reverses[row.train] = reverse
            self.revenues[row.train] = revenue

    def set_state(self, status: str, total: str, *, computing: bool, best_enabled: bool, best_tip: str,
                  run_enabled: bool, run_tip: str) -> None:
        self.status.setText(status)
        self.status.setToolTip(status)
        self.total.setText(total)
        self.stop_button.setVisible(computing)
        self.best_button.setEnabled(best_enabled)
        self.best_button.setToolTip(best_tip)
        self.run_button.setEnabled(run_enabled)
        self.run_button.setToolTip(run_tip)
        self.fit()
