"""Charts over the whole game (Qt Charts): each player's value (or cash) and each corporation's share price.

Input is a list of points, one per history position the caller chose to sample::

    {"index": 12, "label": "SR 2", "players": {"Ann": 620, ...}, "prices": {"PRR": 67, "NYC": None, ...},
     "cash": {"Ann": 120, ...}}          # "cash" is optional; with it the player chart can show cash

Corporation lines use the corporation's colour (darkened when too pale to read on paper), are broken where
the corporation has no price (not yet parred, closed), and carry the symbol at their end; player lines get
distinct colours and their names at the end, so colour is never the only signal.  The x axis is the history
index, labelled at the start of each stock round (as many labels as fit the width); a dashed marker shows
the position being viewed (``set_current``).  A third chart shows each corporation's revenue in every operating
round (read from the game's operating history, ``set_game``).  One chart is shown at a time, as large as the
tab, chosen with the buttons above it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMargins, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QButtonGroup,
    QGraphicsSimpleTextItem,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.history_bar import LABEL_TEXT
from desktop.panels import Theme, ink_color, qcolor
from desktop.panels.spreadsheet import or_keys, or_revenues

if TYPE_CHECKING:
    from PySide6.QtCharts import QLineSeries

# (Qt Charts is imported where a chart or a series is made, not with the module: its binding costs 50 ms of CPU to
# import, and opening a game does not show the charts)

_SEGMENT = (
    "QPushButton {{ padding: 3px 14px; border: 1px solid #b9ab8d; background: #fffdf8; color: #3b352d; "
    "font-weight: bold; {radius} }}"
    "QPushButton:checked {{ background: #3b352d; color: #fffaf0; border-color: #3b352d; }}"
    "QPushButton:disabled {{ color: #b3a995; }}"
)

#: distinct colours for players (who have no colour of their own)
PLAYER_COLORS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#16808a", "#7f6000", "#c2185b")


def nice_axis(value: float, max_ticks: int = 8) -> tuple[float, int]:
    """A round upper bound for an axis starting at 0 and its tick count (steps of 1, 2, 2.5 or 5 x 10^n)."""
    if value <= 0:
        return 10.0, 6
    magnitude = 10 ** max(0, len(str(int(value))) - 2)
    for mult in (1, 2, 2.5, 5, 10, 20, 25, 50, 100):
        step = mult * magnitude
        ticks = math.ceil(value / step)
        if ticks <= max_ticks - 1:
            return float(step * ticks), ticks + 1
    return float(value), max_ticks


class _Chart:
    """One chart: lines, an x axis shared in meaning, a y axis, end labels and the current-position marker."""

    def __init__(self, title: str, y_title: str) -> None:
        from PySide6.QtCharts import QCategoryAxis, QChart, QChartView, QLegend, QLineSeries, QValueAxis

        self.chart = QChart()
        self.chart.setTitle(title)
        self.chart.setTitleFont(Theme.font(13, bold=True))
        self.chart.setTitleBrush(Theme.ink)
        self.chart.setBackgroundBrush(Theme.card)
        self.chart.setBackgroundRoundness(6)
        self.chart.setPlotAreaBackgroundVisible(False)
        self.chart.setMargins(QMargins(6, 4, 64, 4))
        self.chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        legend = self.chart.legend()
        legend.setAlignment(Qt.AlignmentFlag.AlignBottom)
        legend.setFont(Theme.font(11))
        legend.setLabelColor(Theme.ink)
        legend.setMarkerShape(QLegend.MarkerShape.MarkerShapeRectangle)
        # Every line carries its name at its end (in its colour), so no legend squeezed under the plot.
        legend.setVisible(False)
        self.view = QChartView(self.chart)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.view.setMinimumHeight(220)
        self.categories: list[tuple[str, float]] = []
        self.shown_categories: list[str] = []
        self._y_value = 10.0
        self.x_axis = QCategoryAxis()
        self.x_axis.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
        self.x_axis.setLabelsFont(Theme.font(10.5))
        self.x_axis.setLabelsColor(Theme.muted)
        self.x_axis.setGridLineColor(QColor("#e3d9c4"))
        self.x_axis.setLinePenColor(QColor("#b3a995"))
        self.y_axis = QValueAxis()
        self.y_axis.setLabelFormat("%d")
        self.y_axis.setLabelsFont(Theme.font(10.5))
        self.y_axis.setLabelsColor(Theme.muted)
        self.y_axis.setTitleText(y_title)
        self.y_axis.setTitleFont(Theme.font(10.5, bold=True))
        self.y_axis.setTitleBrush(Theme.muted)
        self.y_axis.setGridLineColor(QColor("#ece4d3"))
        self.y_axis.setLinePenColor(QColor("#b3a995"))
        self.chart.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        self.chart.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        self.marker = QLineSeries()
        pen = QPen(QColor("#2b2620"), 1.6, Qt.PenStyle.DashLine)
        self.marker.setPen(pen)
        self.y_max = 10.0
        self.x_max = 1.0
        self.x_min = 0.0
        self.end_labels: list[tuple[QPointF, QGraphicsSimpleTextItem]] = []
        self.chart.plotAreaChanged.connect(self._on_chart_plot_area_changed)

    def _on_chart_plot_area_changed(self, area: Any) -> None:
        self.fit_axes(QRectF(area))
        self.place_labels()

    def fit_axes(self, area: QRectF) -> None:
        """Keep only the x labels that fit side by side at this width, and as many y ticks as fit the height."""
        if area.width() <= 0 or area.height() <= 0:
            return
        metrics = QFontMetricsF(self.x_axis.labelsFont())
        kept: list[tuple[str, float]] = []
        right = -1e9
        for label, value in self.categories:
            x = area.left() + area.width() * (value - self.x_min) / max(1e-9, self.x_max - self.x_min)
            half = metrics.horizontalAdvance(label) / 2
            if x - half >= right + 8:
                kept.append((label, value))
                right = x + half
        labels = [label for label, _v in kept]
        if labels != self.shown_categories:
            for label in list(self.x_axis.categoriesLabels()):
                self.x_axis.remove(label)
            for label, value in kept:
                self.x_axis.append(label, value)
            self.shown_categories = labels
        max_ticks = max(3, min(11, int(area.height() // 30) + 1))
        y_max, ticks = nice_axis(self._y_value, max_ticks)
        if (y_max, ticks) != (self.y_max, self.y_axis.tickCount()):
            self.y_max = y_max
            self.y_axis.setRange(0, y_max)
            self.y_axis.setTickCount(ticks)

    def clear(self) -> None:
        from PySide6.QtCharts import QLineSeries

        for _value, item in self.end_labels:
            item.setParentItem(None)
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.end_labels = []
        for series in list(self.chart.series()):
            self.chart.removeSeries(series)
        # categories
        for label in list(self.x_axis.categoriesLabels()):
            self.x_axis.remove(label)
        self.categories = []
        self.shown_categories = []
        self.marker = QLineSeries()
        self.marker.setPen(QPen(QColor("#2b2620"), 1.6, Qt.PenStyle.DashLine))

    def add_line(self, series: QLineSeries, color: QColor, width: float = 2.2, in_legend: bool = True,
                 style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> None:
        pen = QPen(color, width, style)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        series.setPen(pen)
        self.chart.addSeries(series)
        series.attachAxis(self.x_axis)
        series.attachAxis(self.y_axis)
        if not in_legend:
            for marker in self.chart.legend().markers(series):
                marker.setVisible(False)

    def add_end_label(self, x: float, y: float, text: str, color: QColor) -> None:
        """A name at the end of a line, placed (and kept apart from the others) once the plot is laid out."""
        item = QGraphicsSimpleTextItem(text, self.chart)
        item.setFont(Theme.font(10.5, bold=True))
        item.setBrush(color)
        item.setZValue(20)
        self.end_labels.append((QPointF(x, y), item))

    def place_labels(self) -> None:
        """Put each end label just right of its line's last point, spreading labels that would overlap."""
        series = [s for s in self.chart.series() if s is not self.marker]
        if not series or not self.end_labels:
            return
        placed = []
        for value, item in self.end_labels:
            pos = self.chart.mapToPosition(value, series[0])
            placed.append([pos.x() + 5, pos.y() - item.boundingRect().height() / 2, item])
        placed.sort(key=lambda e: (round(e[0] / 40), e[1]))
        gap = 12.5
        for i in range(1, len(placed)):
            prev, cur = placed[i - 1], placed[i]
            if round(prev[0] / 40) == round(cur[0] / 40) and cur[1] < prev[1] + gap:
                cur[1] = prev[1] + gap
        # a column of labels running below the plot moves up as a whole
        bottom = self.chart.plotArea().bottom()
        for i in range(len(placed) - 1, -1, -1):
            limit = bottom - placed[i][2].boundingRect().height() / 2 if i == len(placed) - 1 or \
                round(placed[i][0] / 40) != round(placed[i + 1][0] / 40) else placed[i + 1][1] - gap
            if placed[i][1] > limit:
                placed[i][1] = limit
        for x, y, item in placed:
            item.setPos(x, y)

    def finish(self, x_max: float, y_max: float, categories: list[tuple[str, float]], x_min: float = 0.0) -> None:
        self.x_min = x_min
        self.x_max = max(x_min + 1.0, x_max)
        self._y_value = y_max
        self.y_max, ticks = nice_axis(y_max)
        self.x_axis.setRange(x_min, self.x_max)
        self.x_axis.setStartValue(x_min)
        self.categories = list(categories)
        self.y_axis.setRange(0, self.y_max)
        self.y_axis.setTickCount(ticks)
        # room at the right for the names at the lines' ends
        widths = [QFontMetricsF(item.font()).horizontalAdvance(item.text()) for _v, item in self.end_labels]
        self.chart.setMargins(QMargins(6, 4, int(max(widths, default=20) + 14), 4))
        self.fit_axes(self.chart.plotArea())
        self.chart.addSeries(self.marker)
        self.marker.attachAxis(self.x_axis)
        self.marker.attachAxis(self.y_axis)
        for marker in self.chart.legend().markers(self.marker):
            marker.setVisible(False)
        self.place_labels()

    def set_marker(self, x: float | None) -> None:
        if x is None:
            self.marker.clear()
            return
        self.marker.replace([QPointF(x, 0), QPointF(x, self.y_max)])


class ChartsPanel(QWidget):
    """Player value (or cash) and share prices over the game, with the viewed position marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[dict[str, Any]] = []
        #: where the points come from when they are asked for later (see ``set_series``)
        self._source: Callable[[], list[dict[str, Any]]] | None = None
        self.current: int | None = None
        self.player_mode = "value"
        self._player_lines: dict[str, QLineSeries] = {}
        self._price_lines: dict[str, list[QLineSeries]] = {}
        # Building the series waits until the charts are shown (or asked about): opening a game stays quick.
        self._dirty = False
        self._revenue_dirty = False
        self.corporation_colors: dict[str, str] = {}
        self.game: Any = None

        self._revenue_lines: dict[str, QLineSeries] = {}
        self._or_keys: list[tuple[int, int]] = []

        # the three charts are made when first needed (Qt Charts' first chart is slow to make)
        self._charts: tuple[_Chart, _Chart, _Chart] | None = None
        self._shown_key = "players"

        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 0)
        bar.setSpacing(0)
        # which chart
        self.chart_buttons = QButtonGroup(self)
        self.chart_keys = ("players", "prices", "revenue")
        chart_names = ("Players", "Share prices", "Revenue")
        for i, name in enumerate(chart_names):
            button = QPushButton(name, self)
            button.setCheckable(True)
            first, last = i == 0, i == len(chart_names) - 1
            radius = ("border-top-left-radius: 5px; border-bottom-left-radius: 5px;" if first else "") + \
                     ("border-top-right-radius: 5px; border-bottom-right-radius: 5px;" if last else "") + \
                     ("" if first else " border-left: none;")
            button.setStyleSheet(_SEGMENT.format(radius=radius))
            self.chart_buttons.addButton(button, i)
            bar.addWidget(button)
        self.chart_buttons.button(0).setChecked(True)
        self.chart_buttons.idClicked.connect(self._on_chart_buttons_clicked)
        bar.addStretch(1)
        # players: value or cash (a row of its own, so that no button is ever squeezed)
        mode_bar = QHBoxLayout()
        mode_bar.setContentsMargins(6, 2, 6, 0)
        mode_bar.setSpacing(0)
        self.mode_caption = QLabel("Show:", self)
        self.mode_caption.setStyleSheet(f"color: {Theme.muted.name()}; font-weight: bold;")
        self.mode_caption.setContentsMargins(0, 0, 6, 0)
        mode_bar.addWidget(self.mode_caption)
        self.mode_buttons = QButtonGroup(self)
        self.value_button = QPushButton("Value", self)
        self.cash_button = QPushButton("Cash", self)
        for i, button in enumerate((self.value_button, self.cash_button)):
            button.setCheckable(True)
            button.setFlat(False)
            self.mode_buttons.addButton(button, i)
            mode_bar.addWidget(button)
        self.value_button.setChecked(True)
        self.cash_button.setEnabled(False)
        self.cash_button.setToolTip("Cash is not recorded for this game")
        self.mode_buttons.idClicked.connect(self._on_mode_buttons_clicked)
        self.value_button.setStyleSheet(_SEGMENT.format(radius="border-top-left-radius: 5px; "
                                                               "border-bottom-left-radius: 5px;"))
        self.cash_button.setStyleSheet(_SEGMENT.format(radius="border-top-right-radius: 5px; "
                                                              "border-bottom-right-radius: 5px; border-left: none;"))
        mode_bar.addStretch(1)

        self.stack = QStackedWidget(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(bar)
        layout.addLayout(mode_bar)
        layout.addWidget(self.stack, 1)
        self.setAutoFillBackground(True)
        pal = self.palette()
        pal.setColor(self.backgroundRole(), Theme.paper)
        self.setPalette(pal)

    def show_chart(self, key: str) -> None:
        """Show the ``"players"``, ``"prices"`` or ``"revenue"`` chart."""
        i = self.chart_keys.index(key)
        self._shown_key = key
        if self._charts is not None:
            self.stack.setCurrentIndex(i)
        self.chart_buttons.button(i).setChecked(True)
        for widget in (self.mode_caption, self.value_button, self.cash_button):
            widget.setVisible(key == "players")

    # -- input -----------------------------------------------------------------------------------------------------
    def set_game(self, game: Any) -> None:
        """Remember the corporations' colours (the series themselves come from ``set_series``)."""
        self.game = game
        if game is None:
            return
        colors = {str(c.name): str(c.color or "") for c in getattr(game, "corporations", [])}
        if colors != self.corporation_colors:
            self.corporation_colors = colors
            if self.points:
                self._dirty = True
        self._revenue_dirty = True
        self._build_if_visible()

    def set_series(self, points: list[dict[str, Any]] | Callable[[], list[dict[str, Any]]]) -> None:
        """The data over the whole game (see the module's docstring for the point format).

        ``points`` may be a function returning them: it is called only when the charts are first needed (shown
        or asked about), so that a game whose history is still being built opens without waiting for it.
        """
        if callable(points):
            self._source = points
            self._dirty = True
            self._build_if_visible()
            return
        self._source = None
        self._take_points(points)
        self._dirty = True
        self._build_if_visible()

    def _take_points(self, points: list[dict[str, Any]]) -> None:
        self.points = sorted(points, key=lambda p: int(p["index"]))
        has_cash = any("cash" in p for p in self.points)
        self.cash_button.setEnabled(has_cash)
        self.cash_button.setToolTip("" if has_cash else "Cash is not recorded for this game")
        if not has_cash and self.player_mode == "cash":
            self.player_mode = "value"
            self.value_button.setChecked(True)

    # -- the charts themselves --------------------------------------------------------------------------------------
    def _made_charts(self) -> tuple[_Chart, _Chart, _Chart]:
        if self._charts is None:
            revenue = _Chart("Revenue per operating round", "")
            self._charts = (_Chart("Player value", ""), _Chart("Share prices", ""), revenue)
            for chart in self._charts:
                self.stack.addWidget(chart.view)
            self.stack.setCurrentIndex(self.chart_keys.index(self._shown_key))
        return self._charts

    @property
    def players_chart(self) -> _Chart:
        return self._made_charts()[0]

    @property
    def prices_chart(self) -> _Chart:
        return self._made_charts()[1]

    @property
    def revenue_chart(self) -> _Chart:
        return self._made_charts()[2]

    # -- lazy building ---------------------------------------------------------------------------------------------
    def ensure_built(self) -> None:
        """Build whatever series are out of date (done when shown, or when a query needs them)."""
        if self._source is not None:
            source, self._source = self._source, None
            self._take_points(source())
        if self._charts is None:
            self._made_charts()
            self._dirty = True
            self._revenue_dirty = True
        if self._dirty:
            self._dirty = False
            self._rebuild()
        if self._revenue_dirty:
            self._revenue_dirty = False
            self._rebuild_revenue()

    def _build_if_visible(self) -> None:
        if self.isVisible():
            self.ensure_built()

    def showEvent(self, event: Any) -> None:
        self.ensure_built()
        super().showEvent(event)

    @property
    def player_lines(self) -> dict[str, QLineSeries]:
        self.ensure_built()
        return self._player_lines

    @property
    def price_lines(self) -> dict[str, list[QLineSeries]]:
        self.ensure_built()
        return self._price_lines

    @property
    def or_keys(self) -> list[tuple[int, int]]:
        """The operating rounds on the revenue chart's axis, as (turn, round) in order."""
        self.ensure_built()
        return self._or_keys

    @property
    def revenue_lines(self) -> dict[str, QLineSeries]:
        self.ensure_built()
        return self._revenue_lines

    def set_current(self, index: int) -> None:
        """Move the marker to history ``index``."""
        self.current = int(index)
        if self._charts is None:
            return  # placed when the charts are built
        self.players_chart.set_marker(self.current)
        self.prices_chart.set_marker(self.current)
        self.revenue_chart.set_marker(self._or_position(self.current))

    def set_player_mode(self, mode: str) -> None:
        """``"value"`` or ``"cash"``."""
        if mode not in ("value", "cash") or mode == self.player_mode:
            return
        self.player_mode = mode
        (self.value_button if mode == "value" else self.cash_button).setChecked(True)
        self._rebuild()

    # -- building --------------------------------------------------------------------------------------------------
    def _categories(self) -> list[tuple[str, float]]:
        """Axis labels: the first point of each stock round (or each round kind change when there are none)."""
        cats: list[tuple[str, float]] = []
        seen: set[str] = set()
        previous = None
        for point in self.points:
            label = str(point.get("label", ""))
            label = LABEL_TEXT.get(label, label)
            if label != previous and label not in seen and not label.startswith("OR"):
                cats.append((label, float(point["index"])))
                seen.add(label)
            previous = label
        # keep labels apart: drop those too close to the previous one
        if not cats:
            return cats
        span = max(1.0, float(self.points[-1]["index"]) - float(self.points[0]["index"]))
        kept = [cats[0]]
        for label, x in cats[1:]:
            if x - kept[-1][1] >= span / 40:
                kept.append((label, x))
        return kept

    def _corp_color(self, name: str, index: int) -> QColor:
        raw = self.corporation_colors.get(name)
        color = qcolor(raw, PLAYER_COLORS[index % len(PLAYER_COLORS)]) if raw else QColor(
            PLAYER_COLORS[index % len(PLAYER_COLORS)])
        return ink_color(color, 0.6)

    def _rebuild(self) -> None:
        from PySide6.QtCharts import QLineSeries

        for chart in (self.players_chart, self.prices_chart):
            chart.clear()
        self._player_lines = {}
        self._price_lines = {}
        points = self.points
        if not points:
            for chart in (self.players_chart, self.prices_chart):
                chart.finish(1, 10, [])
            return
        key = "cash" if self.player_mode == "cash" else "players"
        self.players_chart.chart.setTitle("Player cash" if key == "cash" else "Player value")
        x_max = float(points[-1]["index"])
        cats = self._categories()

        # players
        names: list[str] = []
        for point in points:
            for name in point.get(key, point.get("players", {})):
                if name not in names:
                    names.append(name)
        y_max = 0.0
        for i, name in enumerate(names):
            series = QLineSeries()
            series.setName(name)
            data = [QPointF(float(p["index"]), float(p.get(key, {}).get(name, 0) or 0)) for p in points
                    if name in p.get(key, {})]
            series.replace(data)
            color = QColor(PLAYER_COLORS[i % len(PLAYER_COLORS)])
            self.players_chart.add_line(series, color, 2.4)
            self._player_lines[name] = series
            if data:
                y_max = max(y_max, max(pt.y() for pt in data))
                self.players_chart.add_end_label(data[-1].x(), data[-1].y(), name, color)
        self.players_chart.finish(x_max, y_max * 1.05, cats)

        # corporations: one segment per run of prices (broken where there is none)
        corps: list[str] = []
        for point in points:
            for name in point.get("prices", {}):
                if name not in corps:
                    corps.append(name)
        y_max = 0.0
        styles = (Qt.PenStyle.SolidLine, Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine)
        for i, name in enumerate(corps):
            color = self._corp_color(name, i)
            segments: list[list[QPointF]] = []
            run: list[QPointF] = []
            for p in points:
                price = p.get("prices", {}).get(name)
                if price is None:
                    if run:
                        segments.append(run)
                        run = []
                    continue
                run.append(QPointF(float(p["index"]), float(price)))
            if run:
                segments.append(run)
            lines: list[QLineSeries] = []
            for j, seg in enumerate(segments):
                series = QLineSeries()
                series.setName(name)
                series.replace(seg)
                self.prices_chart.add_line(series, color, 2.2, in_legend=j == 0, style=styles[(i // 8) % 3])
                lines.append(series)
                y_max = max(y_max, max(pt.y() for pt in seg))
            self._price_lines[name] = lines
            if segments:
                last = segments[-1][-1]
                self.prices_chart.add_end_label(last.x(), last.y(), name, color)
        self.prices_chart.finish(x_max, y_max * 1.08, cats)
        if self.current is not None:
            self.set_current(self.current)

    def _or_position(self, index: int) -> float | None:
        """Where history ``index`` falls on the revenue chart's axis (the operating round then, or the last)."""
        if not self._or_keys:
            return None
        label = None
        for point in self.points:
            if int(point["index"]) > index:
                break
            text = str(point.get("label", ""))
            if text.startswith("OR "):
                label = text[3:]
        if label is None:
            return None
        keys = [f"{t}.{r}" for t, r in self._or_keys]
        return float(keys.index(label) + 1) if label in keys else None

    def _rebuild_revenue(self) -> None:
        """Each corporation's revenue in every operating round it ran, on one axis of ORs (1.1, 1.2, 2.1...)."""
        from PySide6.QtCharts import QLineSeries

        chart = self.revenue_chart
        chart.clear()
        self._revenue_lines = {}
        game = self.game
        corps = list(getattr(game, "corporations", []) or []) if game is not None else []
        self._or_keys = or_keys(game) if game is not None else []
        position = {key: i + 1 for i, key in enumerate(self._or_keys)}
        y_max = 0.0
        for i, c in enumerate(corps):
            data = [QPointF(float(position[key]), float(revenue)) for key, (revenue, _kind) in or_revenues(c).items()]
            if not data:
                continue
            data.sort(key=lambda pt: pt.x())
            name = str(c.name)
            color = self._corp_color(name, i)
            series = QLineSeries()
            series.setName(name)
            series.replace(data)
            series.setPointsVisible(True)
            chart.add_line(series, color, 2.0)
            self._revenue_lines[name] = series
            y_max = max(y_max, max(pt.y() for pt in data))
            chart.add_end_label(data[-1].x(), data[-1].y(), name, color)
        cats = [(f"{t}.{r}", float(position[(t, r)])) for t, r in self._or_keys]
        chart.finish(float(len(self._or_keys)) + 0.3, max(10.0, y_max * 1.08), cats, x_min=0.7)
        if self.current is not None:
            chart.set_marker(self._or_position(self.current))

    def revenue_points(self, corporation: str) -> list[tuple[float, float]]:
        """(OR position, revenue) plotted for ``corporation``."""
        series = self.revenue_lines.get(corporation)
        return [(pt.x(), pt.y()) for pt in series.points()] if series is not None else []

    # -- queries ---------------------------------------------------------------------------------------------------
    def price_points(self, corporation: str) -> list[tuple[float, float]]:
        """Every (index, price) plotted for ``corporation``, over all its segments."""
        return [(pt.x(), pt.y()) for s in self.price_lines.get(corporation, []) for pt in s.points()]

    def marker_x(self) -> float | None:
        self.ensure_built()
        pts = self.players_chart.marker.points()
        return pts[0].x() if pts else None

    # -- slots -----------------------------------------------------------------------------------------------------
    def _on_chart_buttons_clicked(self, button_id: int) -> None:
        self.show_chart(self.chart_keys[button_id])

    def _on_mode_buttons_clicked(self, button_id: int) -> None:
        self.set_player_mode("cash" if button_id == 1 else "value")
