"""The history bar: a timeline slider with round/phase markers, step buttons and a read-only badge."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSlider,
    QStyle,
    QStyleOptionSlider,
    QToolButton,
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


#: Round labels spelled out on the bar where the short form is cryptic.
LABEL_TEXT = {"DR": "Draft", "AR": "Acquisition", "PR": "Private auction"}


def marker_text(marker: Marker) -> str:
    """What the bar writes for a marker: "1.2" for OR 1.2 (in the OR row), "Draft" for 1846's first round."""
    if marker.kind == "round" and marker.label.startswith("OR "):
        return marker.label[3:]
    return LABEL_TEXT.get(marker.label, marker.label)


class MarkerStrip(QWidget):
    """Ticks above the slider: thin grey for rounds, red for phases, labelled where room allows."""

    marker_clicked = Signal(int)
    OR_ROW = 13  # top of the operating-round label row
    EDGE_GAP = 20  # no label nearer the right edge: 10 px clear of the live end's tick and current-position line

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.markers: list[Marker] = []
        self.size_ = 0
        self.current = 0
        self.setMinimumHeight(40)
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
        return QSize(400, 40)

    def x_for(self, index: int) -> int:
        margin = 10
        width = max(1, self.width() - 2 * margin)
        return margin + (round(width * index / self.size_) if self.size_ else 0)

    def index_at(self, x: float) -> int:
        margin = 10
        width = max(1, self.width() - 2 * margin)
        return max(0, min(self.size_, round((x - margin) / width * self.size_)))

    def paintEvent(self, event: QPaintEvent) -> None:
        """Two rows of labels over the ticks: rounds other than ORs, phases and events on top; the operating
        rounds ("1.1", "1.2") below, where there is room.  No label comes nearer the right edge than EDGE_GAP."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font, small = self._fonts()
        # the ticks first, then the labels over them
        for marker in self.markers:
            x = self.x_for(marker.index)
            color = MARKER_COLORS.get(marker.kind, QColor("#777777"))
            major = not (marker.kind == "round" and marker.label.startswith("OR"))
            painter.setPen(QPen(color, 2 if major else 1))
            painter.drawLine(x, 12 if major else self.OR_ROW + 12, x, self.height())
        for marker, text, box in self.label_boxes():
            color = MARKER_COLORS.get(marker.kind, QColor("#777777"))
            is_or = box.top() == self.OR_ROW
            painter.setFont(small if is_or else font)
            if is_or:  # knocked out of the longer ticks that cross the OR row
                painter.fillRect(box.adjusted(-1, 0, 1, 0), self.palette().window())
            painter.setPen(QPen(color, 1))
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft, text)
        x = self.x_for(self.current)
        painter.setPen(QPen(QColor("#1f6fb2"), 3))
        painter.drawLine(x, 12, x, self.height())
        painter.end()

    def _fonts(self) -> tuple[QFont, QFont]:
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.8))
        small = QFont(font)
        small.setPointSizeF(max(6.5, font.pointSizeF() * 0.9))
        return font, small

    def label_boxes(self, width: int | None = None) -> list[tuple[Marker, str, QRect]]:
        """The labels that fit, each with its text and box: right of its tick, or left of it where it would come
        nearer the right edge than EDGE_GAP (clear of the current-position line at the live end); a label that
        would overlap the one before in its row is left out."""
        font, small = self._fonts()
        right_edge = (width or self.width()) - self.EDGE_GAP
        last_end = {0: -1000, 1: -1000}
        boxes = []
        for marker in self.markers:
            x = self.x_for(marker.index)
            is_or = marker.kind == "round" and marker.label.startswith("OR")
            text = marker_text(marker)
            w = QFontMetrics(small if is_or else font).horizontalAdvance(text)
            left = x + 2 if x + 2 + w <= right_edge else x - 2 - w
            row = 1 if is_or else 0
            if left > last_end[row] and left >= 0:
                boxes.append((marker, text, QRect(left, self.OR_ROW if is_or else 0, w + 2, 13)))
                last_end[row] = left + w + 4
        return boxes

    def labels_shown(self, width: int | None = None) -> list[str]:
        """The marker labels that fit (for tests): the painted ones."""
        return [marker.label for marker, _text, _box in self.label_boxes(width)]

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self.size_:
            return
        x = event.position().x()
        nearest = min(self.markers, key=lambda m: abs(self.x_for(m.index) - x), default=None)
        if nearest is not None and abs(self.x_for(nearest.index) - x) <= 4:
            self.marker_clicked.emit(nearest.index)
        else:
            self.marker_clicked.emit(self.index_at(x))


class JumpSlider(QSlider):
    """The timeline's slider: a click on the groove jumps to the action under the mouse (a plain QSlider moved
    ten actions towards it, so a click near OR 4.2 of a 500-action game landed somewhere near the end)."""

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not self._on_handle(event.position().toPoint()):
            self.setValue(self.value_at(event.position().x()))
            event.accept()
            return
        super().mousePressEvent(event)

    def _on_handle(self, point: QPoint) -> bool:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        handle = self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, self
        )
        return handle.contains(point)

    def value_at(self, x: float) -> int:
        """The value whose handle would be centred at ``x``."""
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        style = self.style()
        groove = style.subControlRect(QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, self)
        handle = style.subControlRect(QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, self)
        span = max(1, groove.width() - handle.width())
        offset = round(x - groove.x() - handle.width() / 2)
        return QStyle.sliderValueFromPosition(self.minimum(), self.maximum(), max(0, min(span, offset)), span)


class HistoryBar(QWidget):
    """Timeline slider, markers and navigation buttons; emits ``index_requested`` for every user move."""

    index_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.strip = MarkerStrip(self)
        self.slider = JumpSlider(Qt.Orientation.Horizontal, self)
        self.slider.setMinimum(0)
        self.slider.setTracking(True)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.buttons: dict[str, QToolButton] = {}
        row = QHBoxLayout()
        pixmap = QStyle.StandardPixmap
        for key, icon, tip in (
            ("home", pixmap.SP_MediaSkipBackward, "Start of the game (Home)"),
            ("prev_marker", pixmap.SP_MediaSeekBackward, "Previous round or phase (Page Up)"),
            ("prev", pixmap.SP_ArrowLeft, "One action back (Left)"),
            ("next", pixmap.SP_ArrowRight, "One action forward (Right)"),
            ("next_marker", pixmap.SP_MediaSeekForward, "Next round or phase (Page Down)"),
            ("end", pixmap.SP_MediaSkipForward, "End of the game (End)"),
        ):
            button = QToolButton(self)
            button.setIcon(self.style().standardIcon(icon))
            button.setToolTip(tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.buttons[key] = button
            row.addWidget(button)
        self.position_label = QLabel(self)
        self.position_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        # short: at 1366 px the longer "VIEWING THE PAST — read only" cut the counter to "Action 558 of 5" (the
        # status line and the banner above the map say "viewing the past" in full)
        self.badge = QLabel("PAST — read only", self)
        self.badge.setToolTip("Viewing the past: press End to return to the game and play on")
        self.badge.setStyleSheet(
            "QLabel { background: #b03a2e; color: white; font-weight: bold; padding: 2px 8px; border-radius: 3px; }"
        )
        self.badge.setVisible(False)
        # "Undo back to here" (the window gives it its action): shown with the badge, while viewing the past
        self.undo_here_button = QToolButton(self)
        self.undo_here_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.undo_here_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.undo_here_button.setVisible(False)
        row.setSpacing(0)
        past = QHBoxLayout()
        past.addWidget(self.badge)
        past.addWidget(self.undo_here_button)
        # two rows, not three (the map's height at 1366x768): the counter over the buttons, left of the marker
        # strip; the buttons left of the slider; the strip and the slider share a column, so ticks stay over it
        layout = QGridLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.setHorizontalSpacing(6)
        layout.setVerticalSpacing(0)
        layout.addWidget(self.position_label, 0, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addWidget(self.strip, 0, 1)
        layout.addLayout(row, 1, 0)
        layout.addWidget(self.slider, 1, 1)
        layout.addLayout(past, 1, 2)
        layout.setColumnStretch(1, 1)
        self._size = 0
        self._longest_round = "OR 8.8"
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        self.strip.marker_clicked.connect(self.index_requested)

    def set_timeline(self, markers: list[Marker], size: int) -> None:
        self._size = size
        # the longest round name of this game's bar ("Acquisition", Irish Gauge's "Initial auctions" was cut to
        # "Initial au"): the counter keeps room for it
        spelled = {LABEL_TEXT.get(m.label, m.label) for m in markers if m.kind == "round"}
        metrics = self.position_label.fontMetrics()
        self._longest_round = max(["OR 8.8", *sorted(spelled)], key=metrics.horizontalAdvance)
        self.slider.blockSignals(True)
        self.slider.setMaximum(size)
        self.slider.blockSignals(False)
        self.strip.set_markers(markers, size)

    def set_current(self, index: int, label: str) -> None:
        self.slider.blockSignals(True)
        self.slider.setValue(index)
        self.slider.blockSignals(False)
        self.strip.set_current(index)
        text = f"Action {index} of {self._size} — {LABEL_TEXT.get(label, label)}"
        self.position_label.setText(text)
        self.position_label.setToolTip(text)
        # the counter and the game's round names are shown whole; a longer label may be cut
        # (a steady width: the strip beside keeps its place; three digits at least, so that it does not move right
        # at the 10th and the 100th action)
        most = max(self._size, 999)
        counter = f"Action {most} of {most} — {self._longest_round}"
        self.position_label.setMinimumWidth(self.position_label.fontMetrics().horizontalAdvance(counter) + 8)
        # and its column that wide (the label's own minimum did not hold it: in Irish Gauge's narrow centre the
        # strip took the room and "Action 1 of 1 — Initial auctions" ran under its first tick)
        grid = self.layout()
        if isinstance(grid, QGridLayout):
            grid.setColumnMinimumWidth(0, self.position_label.minimumWidth())
        past = index < self._size
        self.badge.setVisible(past)
        self.undo_here_button.setVisible(past)
        for key in ("home", "prev", "prev_marker"):
            self.buttons[key].setEnabled(index > 0)
        for key in ("end", "next", "next_marker"):
            self.buttons[key].setEnabled(past)

    def _on_slider_value_changed(self, value: int) -> None:
        self.index_requested.emit(value)
