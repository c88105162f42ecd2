"""The main window: map in the middle, companies and market around it, history below.

Everything shown is read from ``session.game`` (the state at the viewed history position) whenever the
session says the state changed.  Nothing here changes the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QSizePolicy,
    QTabWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from desktop.history_bar import HistoryBar
from desktop.map.scene import MapScene
from desktop.map.view import MapView
from desktop.market.widget import MarketWidget
from desktop.panels.charts import ChartsPanel
from desktop.panels.companies import CompaniesPanel
from desktop.panels.corporations import CorporationsPanel
from desktop.panels.log import LogPanel
from desktop.panels.players import PlayersPanel
from desktop.panels.trains import TrainsPanel
from desktop.session import Session
from desktop.timeline import round_label
from engine import GameError
from engine.game import Game

MAX_RECENT = 10


def status_text(game: Game, viewing_past: bool) -> str:
    """One line saying where the game is and who must do what."""
    round_ = game.round
    where = f"{game.title} · {round_label(game)} · Phase {game.phase.name}"
    if game.finished:
        scores = ", ".join(f"{game.player_by_id(pid).name} {game.format_currency(v)}"
                           for pid, v in game.result().items())
        return f"{where} · Game over ({game.game_end_reason}): {scores}"
    entity = round_.current_entity()
    step = round_.active_step()
    who = game.entity_name(entity) if entity is not None else "nobody"
    doing = step.description() if step is not None else "—"
    owner = getattr(entity, "owner", None)
    if owner is not None and getattr(owner, "is_player", False) and not getattr(entity, "is_player", False):
        who = f"{who} ({owner.name})"
    text = f"{where} · {who}: {doing}"
    return text + (" · viewing the past" if viewing_past else "")


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.session: Session | None = None
        self.setWindowTitle("Tracklayer")
        screen = QApplication.primaryScreen()
        if screen is not None:
            area = screen.availableGeometry()
            self.resize(min(1500, int(area.width() * 0.95)), min(950, int(area.height() * 0.95)))
        else:
            self.resize(1400, 900)

        self.status_label = QLabel("No game", self)
        self.status_label.setObjectName("statusLine")
        # A long status line must never widen the window: it is cut, with the full text in the tooltip.
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status_label.setStyleSheet("QLabel#statusLine { font-size: 14px; font-weight: 600; padding: 6px; "
                                        "background: #f3efe4; border-bottom: 1px solid #c9c1a8; }")
        self.map_scene = MapScene(self)
        self.map_view = MapView(self.map_scene, self)
        self.history_bar = HistoryBar(self)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.status_label)
        layout.addWidget(self.map_view, 1)
        layout.addWidget(self.history_bar)
        self.setCentralWidget(central)

        self.players_panel = PlayersPanel(self)
        self.corporations_panel = CorporationsPanel(self)
        self.market = MarketWidget(self)
        self.log_panel = LogPanel(self)
        self.charts = ChartsPanel(self)
        self.companies_panel = CompaniesPanel(self)
        self.trains_panel = TrainsPanel(self)
        self.docks: dict[str, QDockWidget] = {}
        self._add_dock("players", "Players", self.players_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._add_dock("corporations", "Corporations", self.corporations_panel,
                       Qt.DockWidgetArea.LeftDockWidgetArea)
        self._add_dock("market", "Stock market", self.market, Qt.DockWidgetArea.RightDockWidgetArea)
        tabs = QTabWidget(self)
        tabs.addTab(self.log_panel, "Log")
        tabs.addTab(self.trains_panel, "Trains && phase")
        tabs.addTab(self.companies_panel, "Private companies")
        tabs.addTab(self.charts, "Charts")
        self.info_tabs = tabs
        self._add_dock("info", "Game", tabs, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self.docks["players"], self.docks["corporations"])
        self.docks["players"].raise_()
        # Card panels need room for a card; the market for its grid.  The user may widen them; the layout
        # is remembered between runs.
        self.players_panel.setMinimumWidth(300)
        self.corporations_panel.setMinimumWidth(300)
        self.market.setMinimumWidth(420)
        self.info_tabs.setMinimumWidth(420)

        self._build_menus()
        self.history_bar.index_requested.connect(self._on_history_bar_index_requested)
        for key, button in self.history_bar.buttons.items():
            button.clicked.connect(lambda _=False, k=key: self._navigate(k))
        self.log_panel.index_requested.connect(self._on_log_index_requested)
        self._restore_layout()
        # History keys work wherever the focus is in this window (the map view and the log list would
        # otherwise take the arrow keys for scrolling).
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    NAVIGATION_KEYS: ClassVar[dict[Qt.Key, str]] = {
        Qt.Key.Key_Left: "prev", Qt.Key.Key_Right: "next", Qt.Key.Key_Home: "home", Qt.Key.Key_End: "end",
        Qt.Key.Key_PageUp: "prev_marker", Qt.Key.Key_PageDown: "next_marker",
    }

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = self.NAVIGATION_KEYS.get(Qt.Key(event.key()))
            if (key is not None and event.modifiers() == Qt.KeyboardModifier.NoModifier
                    and isinstance(watched, QWidget) and watched.window() is self
                    and not isinstance(watched, QLineEdit | QAbstractSpinBox | QTextEdit | QPlainTextEdit)):
                self._navigate(key)
                return True
        return super().eventFilter(watched, event)

    # --- construction helpers --------------------------------------------------------------------------
    def _add_dock(self, key: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> None:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock_{key}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[key] = dock

    def _action(self, text: str, shortcut: QKeySequence | str | None, slot: object) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self._action("&New 1830 game", QKeySequence.StandardKey.New,
                                         lambda: self.new_game("1830", ["Player 1", "Player 2", "Player 3",
                                                                        "Player 4"])))
        file_menu.addAction(self._action("&Open…", QKeySequence.StandardKey.Open, self._on_open_triggered))
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addAction(self._action("Save &as…", QKeySequence.StandardKey.SaveAs, self._on_save_as_triggered))
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Quit", QKeySequence.StandardKey.Quit, self.close))
        view_menu = bar.addMenu("&View")
        view_menu.addAction(self._action("&Fit map to window", "F", self.map_view.fit_to_window))
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        go = bar.addMenu("&Go")
        go.addAction(self._action("Start of game", Qt.Key.Key_Home, lambda: self._navigate("home")))
        go.addAction(self._action("End of game", Qt.Key.Key_End, lambda: self._navigate("end")))
        go.addAction(self._action("One action back", Qt.Key.Key_Left, lambda: self._navigate("prev")))
        go.addAction(self._action("One action forward", Qt.Key.Key_Right, lambda: self._navigate("next")))
        go.addAction(self._action("Previous round or phase", Qt.Key.Key_PageUp,
                                  lambda: self._navigate("prev_marker")))
        go.addAction(self._action("Next round or phase", Qt.Key.Key_PageDown,
                                  lambda: self._navigate("next_marker")))
        self._refresh_recent_menu()

    # --- opening games ---------------------------------------------------------------------------------
    def new_game(self, title: str, players: list[str]) -> None:
        self.set_session(Session.new(title, players, self))

    def open_file(self, path: str | Path, ask: bool = True) -> bool:
        """Open an export.  A damaged file is offered up to its last good action; a file that cannot be
        opened leaves the window as it was (or empty), with the reason in a dialog and the status bar."""
        path = Path(path)
        try:
            session = Session.open(path, parent=self)
        except GameError as exc:
            text = str(exc) if exc.source else f"{path}: {exc}"
            self._open_failed(path)
            QMessageBox.warning(self, "Cannot open game", text)
            return False
        except Exception as exc:  # an engine bug: say so, with a report to copy
            self._open_failed(path)
            show_bug_dialog(self, "Cannot open game", exc, f"opening {path}")
            return False
        failure = session.failure
        if failure is not None:
            kind = "The engine hit a bug" if failure.is_bug else "The game cannot be replayed further"
            text = (f"{kind} in {path.name}:\n\n{failure.message}\n\n"
                    f"Open the game up to the last good action ({failure.index} actions applied)?")
            if ask:
                answer = QMessageBox.question(
                    self, "Damaged game file", text,
                    QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                    QMessageBox.StandardButton.Open)
                if answer != QMessageBox.StandardButton.Open:
                    self._open_failed(path, cancelled=True)
                    return False
        previous = self.session
        try:
            self.set_session(session)
        except Exception as exc:  # a view could not show this game: go back to what was shown before
            self._restore_session(previous)
            self._open_failed(path)
            show_bug_dialog(self, "Cannot show game", exc, f"showing {path}")
            return False
        self._add_recent(path)
        return True

    def _open_failed(self, path: Path, cancelled: bool = False) -> None:
        """The window stays as it was; an empty window says plainly that no game is open."""
        if self.session is None:
            self.status_label.setText("No game open: File > Open… or File > New")
            self.status_label.setToolTip("")
            self.setWindowTitle("Tracklayer")
        verb = "Did not open" if cancelled else "Could not open"
        self.statusBar().showMessage(f"{verb} {path.name}", 15000)

    def _restore_session(self, previous: Session | None) -> None:
        if previous is not None:
            try:
                self.set_session(previous)
                return
            except Exception:  # fall back to an empty window below
                pass
        if self.session is not None:
            self.session.state_changed.disconnect(self._on_session_state_changed)
        self.session = None
        self.map_scene.clear()

    def set_session(self, session: Session) -> None:
        if self.session is not None:
            self.session.state_changed.disconnect(self._on_session_state_changed)
        self.session = session
        session.state_changed.connect(self._on_session_state_changed)
        session.action_rejected.connect(self._on_session_action_rejected)
        session.engine_failed.connect(self._on_session_engine_failed)
        game = session.game
        self.map_scene.set_game(game)
        self.history_bar.set_timeline(session.markers, session.size)
        self.log_panel.set_entries(session.timeline.log)
        self.charts.set_series(session.timeline.stats)
        self.setWindowTitle(f"Tracklayer — {session.display_name()}")
        self._show_state()
        self.map_view.fit_to_window()

    # --- showing state ---------------------------------------------------------------------------------
    def _show_state(self) -> None:
        session = self.session
        if session is None:
            return
        game = session.game
        self.map_scene.refresh(game)
        self.market.set_game(game)
        self.players_panel.set_game(game)
        self.corporations_panel.set_game(game)
        self.companies_panel.set_game(game)
        self.trains_panel.set_game(game)
        self.log_panel.set_current(session.index)
        self.charts.set_current(session.index)
        self.history_bar.set_current(session.index, round_label(game))
        text = status_text(game, session.viewing_past)
        self.status_label.setText(text)
        self.status_label.setToolTip(text)
        past = session.viewing_past
        self.status_label.setStyleSheet(
            "QLabel#statusLine { font-size: 14px; font-weight: 600; padding: 6px; "
            + ("background: #f6ddd9; border-bottom: 2px solid #b03a2e; }" if past
               else "background: #f3efe4; border-bottom: 1px solid #c9c1a8; }"))

    def _navigate(self, key: str) -> None:
        session = self.session
        if session is None:
            return
        if key == "home":
            session.home()
        elif key == "end":
            session.end()
        elif key == "prev":
            session.step(-1)
        elif key == "next":
            session.step(1)
        elif key == "prev_marker":
            session.next_marker(-1)
        elif key == "next_marker":
            session.next_marker(1)

    # --- slots -----------------------------------------------------------------------------------------
    def _on_session_state_changed(self) -> None:
        self._show_state()

    def _on_session_action_rejected(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    def _on_session_engine_failed(self, message: str, report: str) -> None:
        show_report_dialog(self, "Tracklayer hit a bug",
                           f"Tracklayer hit a bug while applying your action:\n\n{message}\n\n"
                           "The action was not applied. Please report it, with the details below "
                           "(Show Details…, then copy).", report)

    def _on_history_bar_index_requested(self, index: int) -> None:
        if self.session is not None:
            self.session.jump(index)

    def _on_log_index_requested(self, index: int) -> None:
        if self.session is not None:
            self.session.jump(index)

    def _on_open_triggered(self) -> None:
        start = str(self.settings.value("last_dir", str(Path.home())))
        name, _ = QFileDialog.getOpenFileName(self, "Open an 18xx.games export", start, "Game files (*.json)")
        if name:
            self.settings.setValue("last_dir", str(Path(name).parent))
            self.open_file(name)

    def _on_save_as_triggered(self) -> None:
        if self.session is None:
            return
        name, _ = QFileDialog.getSaveFileName(self, "Save game", str(Path.home()), "Game files (*.json)")
        if name:
            self.session.save(name)
            self._add_recent(Path(name))

    # --- recent files and layout -----------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in (value or [])]

    def _add_recent(self, path: Path) -> None:
        text = str(path.resolve())
        recent = [text] + [p for p in self.recent_files() if p != text]
        self.settings.setValue("recent_files", recent[:MAX_RECENT])
        self._refresh_recent_menu()

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for name in files:
            action = self.recent_menu.addAction(Path(name).name)
            action.setToolTip(name)
            action.triggered.connect(lambda _=False, n=name: self.open_file(n))
        self.recent_menu.setEnabled(bool(files))

    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        self._layout_restored = False
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            self._layout_restored = self.restoreState(state)

    def default_dock_sizes(self) -> None:
        """First run: the map gets the middle half of the window, cards a third of the rest each side."""
        width = self.width()
        self.resizeDocks([self.docks["players"]], [max(300, width // 5)], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["market"]], [max(420, width * 3 // 10)], Qt.Orientation.Horizontal)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._layout_restored:
            self._layout_restored = True
            self.default_dock_sizes()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        super().closeEvent(event)


def app_instance() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    return QApplication([])


def show_bug_dialog(parent: QWidget | None, title: str, exc: BaseException, context: str) -> None:
    """A non-``GameError`` reached the user: say it is a bug, with the full report in the details (copyable)."""
    from engine.errors import bug_report

    show_report_dialog(parent, title,
                       f"Tracklayer hit a bug while {context}:\n\n{type(exc).__name__}: {exc}\n\n"
                       "This is not your file's fault. Please report it, with the details below "
                       "(Show Details…, then copy).", bug_report(exc, context))


def show_report_dialog(parent: QWidget | None, title: str, text: str, report: str) -> None:
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(title)
    box.setText(text)
    box.setDetailedText(report)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()
