"""The history bar: a timeline slider with round/phase markers, step buttons and a read-only badge."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.timeline import Marker

MARKER_COLORS = {
    "round": QColor("#5b6770"),
    "phase": QColor("#c0392b"),
    "rust": QColor("#b9770e"),
    "bankrupt": QColor("#000000"),
    "end": QColor("#1e8449"),
}


class MarkerStrip(QWidget):
    """Ticks above the slider: thin grey for rounds, red for phases, labelled where room allows."""

    marker_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.markers: list[Marker] = []
        self.size_ = 0
        self.current = 0
        self.setMinimumHeight(30)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)

    def set_markers(self, markers: list[Marker], size: int) -> None:
        self.markers = markers
        self.size_ = size
        self.update()

    def set_current(self, index: int) -> None:
        self.current = index
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(400, 30)

    def x_for(self, index: int) -> int:
        margin = 10
        width = max(1, self.width() - 2 * margin)
        return margin + (round(width * index / self.size_) if self.size_ else 0)

    def index_at(self, x: float) -> int:
        margin = 10
        width = max(1, self.width() - 2 * margin)
        return max(0, min(self.size_, round((x - margin) / width * self.size_)))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.8))
        painter.setFont(font)
        metrics = painter.fontMetrics()
        last_label_end = -1000
        for marker in self.markers:
            x = self.x_for(marker.index)
            color = MARKER_COLORS.get(marker.kind, QColor("#777777"))
            major = marker.kind != "round" or marker.label.startswith("SR") or marker.label == "ISR"
            painter.setPen(QPen(color, 2 if major else 1))
            top = 14 if major else 20
            painter.drawLine(x, top, x, self.height())
            if major:
                text = marker.label
                w = metrics.horizontalAdvance(text)
                if x - 2 > last_label_end:
                    painter.drawText(QRect(x + 2, 0, w + 4, 14), Qt.AlignmentFlag.AlignLeft, text)
                    last_label_end = x + w + 6
        x = self.x_for(self.current)
        painter.setPen(QPen(QColor("#1f6fb2"), 3))
        painter.drawLine(x, 12, x, self.height())
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.size_:
            return
        x = event.position().x()
        nearest = min(self.markers, key=lambda m: abs(self.x_for(m.index) - x), default=None)
        if nearest is not None and abs(self.x_for(nearest.index) - x) <= 4:
            self.marker_clicked.emit(nearest.index)
        else:
            self.marker_clicked.emit(self.index_at(x))


class HistoryBar(QWidget):
    """Timeline slider, markers and navigation buttons; emits ``index_requested`` for every user move."""

    index_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.strip = MarkerStrip(self)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setMinimum(0)
        self.slider.setTracking(True)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.buttons: dict[str, QToolButton] = {}
        row = QHBoxLayout()
        pixmap = QStyle.StandardPixmap
        for key, icon, tip in (("home", pixmap.SP_MediaSkipBackward, "Start of the game (Home)"),
                               ("prev_marker", pixmap.SP_MediaSeekBackward, "Previous round or phase (Page Up)"),
                               ("prev", pixmap.SP_ArrowLeft, "One action back (Left)"),
                               ("next", pixmap.SP_ArrowRight, "One action forward (Right)"),
                               ("next_marker", pixmap.SP_MediaSeekForward, "Next round or phase (Page Down)"),
                               ("end", pixmap.SP_MediaSkipForward, "End of the game (End)")):
            button = QToolButton(self)
            button.setIcon(self.style().standardIcon(icon))
            button.setToolTip(tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.buttons[key] = button
            row.addWidget(button)
        self.position_label = QLabel(self)
        self.position_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.badge = QLabel("VIEWING THE PAST — read only", self)
        self.badge.setStyleSheet("QLabel { background: #b03a2e; color: white; font-weight: bold; "
                                 "padding: 2px 8px; border-radius: 3px; }")
        self.badge.setVisible(False)
        row.addSpacing(8)
        row.addWidget(self.position_label, 1)
        row.addWidget(self.badge)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 4)
        layout.setSpacing(0)
        layout.addWidget(self.strip)
        layout.addWidget(self.slider)
        layout.addLayout(row)
        self._size = 0
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        self.strip.marker_clicked.connect(self.index_requested)

    def set_timeline(self, markers: list[Marker], size: int) -> None:
        self._size = size
        self.slider.blockSignals(True)
        self.slider.setMaximum(size)
        self.slider.blockSignals(False)
        self.strip.set_markers(markers, size)

    def set_current(self, index: int, label: str) -> None:
        self.slider.blockSignals(True)
        self.slider.setValue(index)
        self.slider.blockSignals(False)
        self.strip.set_current(index)
        self.position_label.setText(f"Action {index} of {self._size} — {label}")
        past = index < self._size
        self.badge.setVisible(past)
        for key in ("home", "prev", "prev_marker"):
            self.buttons[key].setEnabled(index > 0)
        for key in ("end", "next", "next_marker"):
            self.buttons[key].setEnabled(past)

    def _on_slider_value_changed(self, value: int) -> None:
        self.index_requested.emit(value)
