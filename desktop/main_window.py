"""The main window: map in the middle, companies and market around it, history below.

Everything shown is read from ``session.game`` (the state at the viewed history position) whenever the
session says the state changed.  Nothing here changes the game.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QByteArray, QEvent, QLockFile, QObject, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QDialog,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QSizePolicy,
    QTabWidget,
    QTextEdit,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from desktop.controllers.bots import BotSeats, install_menu, show_suggestion
from desktop.dialogs.recovery import RecoveryChoice, ask_recovery
from desktop.dialogs.rules_summary import install_rules_summary
from desktop.files import Autosave, AutosaveStore, FileChangedError, SaveError
from desktop.history_bar import LABEL_TEXT, HistoryBar
from desktop.map.scene import MapScene
from desktop.map.view import MapView
from desktop.market.scroll import MarketScroll
from desktop.market.widget import MarketWidget
from desktop.panels import current_entity
from desktop.panels.action_bar import ActionBar
from desktop.panels.auction_panel import AuctionPanel
from desktop.panels.charts import ChartsPanel
from desktop.panels.collapsible_dock import CollapsibleDock
from desktop.panels.companies import CompaniesPanel
from desktop.panels.corporations import CorporationsPanel
from desktop.panels.log import LogPanel
from desktop.panels.players import PlayersPanel
from desktop.panels.spreadsheet import SpreadsheetPanel
from desktop.panels.tile_tray import TileTray
from desktop.panels.tiles import TilesPanel
from desktop.panels.trains import TrainsPanel
from desktop.players_column import END_LOG_FLOOR, PlayersColumnFitter, log_floor
from desktop.safe_text import message_text
from desktop.session import Session
from desktop.timeline import is_18xx, round_label
from desktop.titles import TitleViews, build_title_views, rules_browser
from desktop.tray_dock import TrayDockSizer
from engine import GameError
from engine.game import Game
from engine.record import GameRecord
from engine.titles.registry import is_kernel_title

if TYPE_CHECKING:  # (imported where used: the first paint needs neither the play controller nor these dialogs)
    from desktop.controllers.play import PlayController
    from desktop.dialogs.error_report import ErrorReportDialog
    from desktop.dialogs.new_game import NewGameDialog

MAX_RECENT = 10
#: the narrowest a side dock may be made (the map's room comes first on a small screen)
MIN_SIDE_WIDTH = 220
#: a kernel title's side column (its tables) is at least this wide
KERNEL_COLUMN_MIN = 360
#: the map's least share of the window's width and height (docks give way on a small screen)
MAP_SHARE = 0.5
#: The most of its column the market dock takes when it sizes itself (a scrolled market would take all of it).
MARKET_SHARE = 0.5
#: a market needing a few pixels more than its share of the column gets them rather than scroll for them (1830 at
#: 1920x1080, folded: 9 px over its half)
MARKET_SLACK = 10
#: the most of its column a market takes when that shows all of it (1822 at 1920x1080: 588 px of a ~1000-px
#: column); a market that would still scroll keeps to ``MARKET_SHARE``
MARKET_WHOLE_SHARE = 0.62
#: the same in a column that took the width a height-limited map left empty (:meth:`MainWindow.give_unused_map_width`):
#: the corporations' cards flow there in two or three columns, so a third of the column shows more of them than
#: two fifths of a one-card column (1822 at 1920x1080: its market whole in 655 px of a 1003-px column, 65%)
MARKET_WHOLE_SHARE_WIDE = 0.68


def market_height_cap(column: int, wanted: int, whole_share: float = MARKET_WHOLE_SHARE) -> int:
    """The height the market dock may take in a column of ``column`` px when its grid wants ``wanted``: all of it
    when that is at most ``whole_share`` of the column (a whole market rather than a scrolled one), else
    its ``MARKET_SHARE`` (and ``MARKET_SLACK``): the corporations keep the rest."""
    if wanted <= int(column * whole_share):
        return wanted
    return int(column * MARKET_SHARE) + MARKET_SLACK


#: the width a height-limited map keeps beyond its drawing when its column takes the rest (see
#: :meth:`MainWindow.give_unused_map_width`)
MAP_SPARE_MARGIN = 8
#: the least widening of the market's column worth a layout change (see :meth:`MainWindow.give_unused_map_width`)
MIN_WIDTH_GAIN = 12
#: the saved dock layout's key; bumped when the docks moved (players and corporations no longer tabbed)
STATE_KEY = "window/state2"
#: the window's size when the layout was saved ("1366x768")
STATE_SIZE_KEY = "window/state_size"
#: a window within this share of the saved size keeps the saved dock sizes
SAME_SIZE = 0.08

#: "PRR runs a 4 train for $210: ..." -> the revenue as written
_RUNS = re.compile(r" runs an? (\S+) train for ([^:]+):")

#: Why a game ended, in words (the engine's ``game_end_reason`` codes).
END_REASONS = {
    "bank": "the bank broke",
    "bankrupt": "a player went bankrupt",
    "stock_market": "a share price reached the top of the market",
    "final_train": "the last train was bought",
    "final_phase": "the last phase began",
    "final_round": "the last round was played",
    "fixed_round": "the last round was played",
    "all_closed": "every corporation closed",
    "custom": "the title's own end condition was met",
    "dnf": "it was not finished",
    "manually_ended": "it was ended by the players",
}


def end_reason_text(reason: str | None) -> str:
    """``game_end_reason`` in words ("the bank broke")."""
    if not reason:
        return "the game ended"
    return END_REASONS.get(reason, reason.replace("_", " "))


def bank_text(game: Game) -> str:
    """The bank's cash ("Bank $6699"); a broken bank says so and by how much it ran short ("Bank broken: $3994
    short"; "$-3994" read as a typo).  "" without a bank."""
    if not hasattr(game, "bank"):
        return ""
    if not getattr(game.bank, "check", True):
        # a bank that cannot run out (Steam Over Holland's starts at 0 and goes below): not "broken"
        return "Bank unlimited"
    cash = int(game.bank.cash)
    if getattr(game.bank, "broken", False) or cash < 0:
        return f"Bank broken: {game.format_currency(-cash)} short" if cash < 0 else "Bank broken"
    return f"Bank {game.format_currency(cash)}"


def status_text(game: Game, viewing_past: bool) -> str:
    """One line saying where the game is and who must do what."""
    round_ = game.round
    label = round_label(game)
    where = f"{game.title} · {LABEL_TEXT.get(label, label)}"
    if is_18xx(game):
        where += f" · Phase {game.phase.name}"
    money = game.format_currency if is_18xx(game) else game.format_score
    if game.finished:
        ranked = sorted(game.result().items(), key=lambda item: -item[1])
        scores = ", ".join(f"{game.player_by_id(pid).name} {money(v)}" for pid, v in ranked)
        return f"{game.title} · Game over: {end_reason_text(game.game_end_reason)} · {scores}"
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
    def __init__(self, settings: QSettings | None = None, autosave_dir: str | Path | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.session: Session | None = None
        self.autosaves = AutosaveStore(autosave_dir if autosave_dir is not None else default_autosave_dir())
        self.error_dialog: ErrorReportDialog | None = None
        # The open game's autosave is locked, so that another running Tracklayer never offers to recover it.
        self.autosave_lock: QLockFile | None = None
        self.autosave_key_locked: str | None = None
        self.setWindowTitle("Tracklayer")
        screen = QApplication.primaryScreen()
        if screen is not None:
            # First run: the whole screen (maximised where a window manager honours it); later runs restore
            # the remembered geometry.
            area = screen.availableGeometry()
            self.setGeometry(area)
            self.setWindowState(Qt.WindowState.WindowMaximized)
        else:
            self.resize(1400, 900)

        self.status_label = QLabel("No game", self)
        self.status_label.setObjectName("statusLine")
        # A long status line must never widen the window: it is cut, with the full text in the tooltip.
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.bank_label = QLabel("", self)
        self.bank_label.setObjectName("bankCash")
        self.bank_label.setStyleSheet(
            "QLabel#bankCash { font-size: 14px; font-weight: 600; padding: 4px 10px; "
            "color: #2b2620; background: #e6dcc6; border-radius: 4px; }"
        )
        # The status line spans the whole window (a fixed tool bar above the docks), with the bank's cash at
        # its right end, so neither is squeezed by the docks.
        status = QWidget(self)
        status.setObjectName("statusArea")
        status_row = QHBoxLayout(status)
        status_row.setContentsMargins(0, 0, 8, 0)
        status_row.setSpacing(8)
        # Shown while autosaving fails, until an autosave or a save succeeds: moves are piling up unprotected.
        self.autosave_warning = QLabel("", self)
        self.autosave_warning.setObjectName("autosaveWarning")
        self.autosave_warning.setTextFormat(Qt.TextFormat.PlainText)
        self.autosave_warning.setStyleSheet(
            "QLabel#autosaveWarning { font-weight: 600; padding: 4px 10px; "
            "color: white; background: #b03a2e; border-radius: 4px; }"
        )
        self.autosave_warning.hide()
        status_row.addWidget(self.status_label, 1)
        status_row.addWidget(self.autosave_warning)
        status_row.addWidget(self.bank_label)
        self.status_bar = QToolBar("Status", self)
        self.status_bar.setObjectName("status_toolbar")
        self.status_bar.setMovable(False)
        self.status_bar.setFloatable(False)
        self.status_bar.toggleViewAction().setEnabled(False)
        self.status_bar.setStyleSheet("QToolBar { background: #f3efe4; border: none; spacing: 0; padding: 0; }")
        self.status_bar.addWidget(status)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.status_bar)
        self._set_status_style(False)
        self.map_scene = MapScene(self)
        self.map_view = MapView(self.map_scene, self)
        self.history_bar = HistoryBar(self)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        # The map and the spreadsheet share the middle of the window (the widest place), one at a time.
        self.center_tabs = QTabWidget(central)
        self.center_tabs.setDocumentMode(True)
        self.center_tabs.setTabPosition(QTabWidget.TabPosition.North)
        # Play: what to do now and the step's buttons, above the map (filled by the play controller).
        self.action_bar = ActionBar(central)
        self._play: PlayController | None = None
        #: (session, controller classes) of a play controller to make after the map's first paint (see set_session)
        self._play_pending: tuple[Session, list[type] | None] | None = None
        self._first_paint: _FirstPaint | None = None
        layout.addWidget(self.action_bar)
        # An auction stands here while it runs (every committed bid in sight, the bid box open between bids),
        # above the map or a kernel title's board, in the widest place of the window.
        self.auction_panel = AuctionPanel(central)
        self.auction_panel.room = self.auction_room
        self.auction_panel.held.connect(self._lend_map_spare_to_auction)
        self.auction_panel.released.connect(self._take_map_spare_after_auction)
        #: the column gave the map's spare width back to an auction panel: it takes it again when the panel goes
        self._spare_lent = False
        layout.addWidget(self.auction_panel)
        self._central_layout = layout
        layout.addWidget(self.center_tabs, 1)
        # The status bar exists from the start: made by the first message (often during a tile drag), it took
        # its height from the map, which refitted and moved under the pointer.
        self.statusBar()
        # A title on the kernel alone shows its own central view here instead of the map (see desktop.titles).
        self.title_area = QWidget(central)
        self.title_area.setObjectName("titleArea")
        title_layout = QVBoxLayout(self.title_area)
        title_layout.setContentsMargins(0, 0, 0, 0)
        self.title_area.hide()
        self.title_views: TitleViews | None = None
        self.title_docks: list[QDockWidget] = []
        self.hidden_18xx_docks: list[QDockWidget] = []
        #: the 18xx layout as it was before a kernel title hid its docks: saved at close in its place
        self.layout_18xx: QByteArray | None = None
        layout.addWidget(self.title_area, 1)
        layout.addWidget(self.history_bar)
        self.setCentralWidget(central)

        self.players_panel = PlayersPanel(self)
        self.corporations_panel = CorporationsPanel(self)
        self.market = MarketWidget(self)
        self.market_view = MarketScroll(self.market, self)  # readable, scrolled when the dock is narrow
        self.log_panel = LogPanel(self)
        self.charts = ChartsPanel(self)
        self.companies_panel = CompaniesPanel(self)
        self.trains_panel = TrainsPanel(self)
        self.spreadsheet = SpreadsheetPanel(self)
        self.tiles_panel = TilesPanel(self)
        self.center_tabs.addTab(self.map_view, "Map")
        self.center_tabs.addTab(self.spreadsheet, "Spreadsheet")
        self.center_tabs.setTabToolTip(0, "The board")
        self.center_tabs.setTabToolTip(
            1,
            "Players × corporations: shares held, IPO and pool, par, price, cash, "
            "trains, tokens, last run; players' cash, certificates and value",
        )
        self.docks: dict[str, QDockWidget] = {}
        # Players on the left, corporations on the right, both always in sight: a share is bought by one drag
        # from a corporation card onto a player's card (they were tabs of one dock, so a drag had to hover the
        # other tab until it flipped), or by double-clicking the certificate.
        self._add_dock("players", "Players", self.players_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._add_dock("corporations", "Corporations", self.corporations_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self.market_dock = CollapsibleDock("Stock market", self)
        self._add_dock(
            "market", "Stock market", self.market_view, Qt.DockWidgetArea.RightDockWidgetArea, self.market_dock
        )
        self.market_dock.collapsed_changed.connect(self._on_market_dock_collapsed_changed)
        tabs = QTabWidget(self)
        # Short tab names that always fit (never elided), the full name in the tooltip.
        tabs.setElideMode(Qt.TextElideMode.ElideNone)
        tabs.setUsesScrollButtons(True)
        tabs.setDocumentMode(True)
        for widget, name, tip in (
            (self.log_panel, "Log", "The game log: click a line to view the game there"),
            (self.charts, "Charts", "Player value and cash, share prices, revenue per OR"),
            (self.trains_panel, "Trains", "Trains and phases"),
            (self.companies_panel, "Privates", "Private companies"),
            (self.tiles_panel, "Tiles", "The tile manifest: tiles left of each number"),
        ):
            index = tabs.addTab(widget, name)
            tabs.setTabToolTip(index, tip)
        self.info_tabs = tabs
        # the Game dock may go down to its tabs and a line or two (the fitter's floor keeps more of the log while
        # the game goes on; at a game's end the final cards take the room): the log list's own minimum was ~100 px
        tabs.setMinimumHeight(END_LOG_FLOOR - 20)
        # a drag hovering a tab brings its page up (a power dragged onto a depot train in the Trains tab)
        for bar in (tabs.tabBar(), self.center_tabs.tabBar()):
            bar.setChangeCurrentOnDrag(True)
            bar.setAcceptDrops(True)
        self.tile_tray = TileTray(self)
        self._add_dock("tile_tray", "Tiles to lay", self.tile_tray, Qt.DockWidgetArea.LeftDockWidgetArea)
        # the log and the other game tabs under the players and the tray: the right column is the corporations'
        self._add_dock("info", "Game", tabs, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.tray_sizer = TrayDockSizer(
            self, self.docks["tile_tray"], self.docks["players"], self.tile_tray, self.settings
        )
        # every player's card in sight: the Game dock, then the tray, give the Players dock what its cards lack
        self.players_fitter = PlayersColumnFitter(
            self,
            self.docks["players"],
            self.players_panel,
            [(self.docks["info"], self._log_floor), (self.docks["tile_tray"], self._tray_floor)],
        )
        self.tile_tray.contents_changed.connect(self.players_fitter.request)
        # Card panels need room for a card; the market for its grid.  The user may widen them; the layout
        # is remembered between runs (and shrunk to leave the map half the window on a smaller screen).
        self.players_panel.setMinimumWidth(MIN_SIDE_WIDTH)
        self.corporations_panel.setMinimumWidth(MIN_SIDE_WIDTH)
        self.market_view.setMinimumWidth(MIN_SIDE_WIDTH)
        self.info_tabs.setMinimumWidth(MIN_SIDE_WIDTH)
        #: (the window's width, the corporations' column's width there before it took the width a height-limited
        #: map left empty): see :meth:`give_unused_map_width`
        self._map_spare = (0, 0)
        self._map_room_timer = QTimer(self)
        self._map_room_timer.setSingleShot(True)
        self._map_room_timer.setInterval(0)
        self._map_room_timer.timeout.connect(self.keep_map_first)

        # computer players (desktop/controllers/bots.py): created before the menus, which list their entries
        self.bot_seats = BotSeats(self)
        self.bot_seats.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.bot_seats.moved.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self.bot_seats.suggestion_ready.connect(lambda decision: show_suggestion(self, decision))
        self.bot_seats.seats_changed.connect(self._mark_bot_seats)
        self._build_menus()
        self.history_bar.index_requested.connect(self._on_history_bar_index_requested)
        for key, button in self.history_bar.buttons.items():
            button.clicked.connect(lambda _=False, k=key: self._navigate(k))
        self.log_panel.index_requested.connect(self._on_log_index_requested)
        self._restore_layout()
        # History keys work wherever the focus is in this window: the Go menu's shortcuts everywhere, and a filter
        # on the views that would otherwise take the arrow keys for scrolling (the map, the log list).  Not one
        # filter on the whole application: every event of every object then went through Python, and a timer
        # event for an object Qt was deleting crashed in PySide's wrapper lookup (tests/desktop, 1822 market).
        for widget in (
            self.map_view,
            self.map_view.viewport(),
            self.log_panel,
            self.log_panel.view,
            self.log_panel.view.viewport(),
        ):
            widget.installEventFilter(self)

    NAVIGATION_KEYS: ClassVar[dict[Qt.Key, str]] = {
        Qt.Key.Key_Left: "prev",
        Qt.Key.Key_Right: "next",
        Qt.Key.Key_Home: "home",
        Qt.Key.Key_End: "end",
        Qt.Key.Key_PageUp: "prev_marker",
        Qt.Key.Key_PageDown: "next_marker",
    }

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = self.NAVIGATION_KEYS.get(Qt.Key(event.key()))
            if (
                key is not None
                and event.modifiers() == Qt.KeyboardModifier.NoModifier
                and isinstance(watched, QWidget)
                and watched.window() is self
                and not isinstance(watched, QLineEdit | QAbstractSpinBox | QTextEdit | QPlainTextEdit)
            ):
                self._navigate(key)
                return True
        return super().eventFilter(watched, event)

    # --- construction helpers --------------------------------------------------------------------------
    def _add_dock(
        self, key: str, title: str, widget: QWidget, area: Qt.DockWidgetArea, dock: QDockWidget | None = None
    ) -> None:
        dock = dock if dock is not None else QDockWidget(title, self)
        dock.setObjectName(f"dock_{key}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[key] = dock

    def _action(self, text: str, shortcut: QKeySequence | str | Qt.Key | None, slot: object) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut if isinstance(shortcut, QKeySequence) else QKeySequence(shortcut))
            action.setShortcutVisibleInContextMenu(True)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self._action("&New game…", QKeySequence.StandardKey.New, self._on_new_game_triggered))
        file_menu.addAction(self._action("&Open…", QKeySequence.StandardKey.Open, self._on_open_triggered))
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addSeparator()
        self.save_action = self._action("&Save", QKeySequence.StandardKey.Save, self.save)
        file_menu.addAction(self.save_action)
        file_menu.addAction(self._action("Save &as…", QKeySequence.StandardKey.SaveAs, self.save_as))
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Quit", QKeySequence.StandardKey.Quit, self.close))
        edit_menu = bar.addMenu("&Edit")
        self.undo_action = self._action("&Undo", QKeySequence.StandardKey.Undo, self.undo)
        self.redo_action = self._action("&Redo", QKeySequence.StandardKey.Redo, self.redo)
        # Ctrl+Y and Ctrl+Shift+Z both redo, whatever the platform's standard key is.
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")])
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        # "Undo to here" of the site's log: go back in the history, then take back everything after it.
        self.undo_to_action = self._action("Undo &back to here", None, self.undo_to_here)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addAction(self.undo_to_action)
        edit_menu.setToolTipsVisible(True)  # a disabled Undo/Redo says why
        game_menu = bar.addMenu("&Game")
        self.play_on_action = self._action("&Play on from here", "Ctrl+B", self.play_on_from_here)
        self.play_on_action.setStatusTip("Start a new local game from the position shown; the original is not changed")
        game_menu.addAction(self.play_on_action)
        self.programs_action = self._action("Programmed &actions…", "Ctrl+Shift+A", self.open_programs)
        self.programs_action.setStatusTip("Let Tracklayer pass or buy shares for a player in stock rounds")
        game_menu.addAction(self.programs_action)
        self.end_game_action = self._action("&End the game now…", None, self.end_game_now)
        self.end_game_action.setStatusTip("End the game at once; the players' values now decide the result")
        game_menu.addAction(self.end_game_action)
        self.bot_actions = install_menu(self.bot_seats, game_menu, self)
        self.rules_summary_action = install_rules_summary(game_menu, self)
        self.end_game_dialog: QDialog | None = None
        # The history bar and the log offer it too, at the position they show.
        self.history_bar.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.history_bar.addAction(self.play_on_action)
        self.log_panel.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.log_panel.addAction(self.play_on_action)
        for widget in (self.history_bar, self.log_panel):
            widget.addAction(self.undo_to_action)
        self.history_bar.undo_here_button.setDefaultAction(self.undo_to_action)
        view_menu = bar.addMenu("&View")
        view_menu.addAction(self._action("&Fit map to window", "F", self.map_view.fit_to_window))
        view_menu.addAction(self._action("&Whole map", "Shift+F", self.map_view.show_whole_map))
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        go = bar.addMenu("&Go")
        go.addAction(self._action("Start of game", Qt.Key.Key_Home, lambda: self._navigate("home")))
        go.addAction(self._action("End of game", Qt.Key.Key_End, lambda: self._navigate("end")))
        go.addAction(self._action("One action back", Qt.Key.Key_Left, lambda: self._navigate("prev")))
        go.addAction(self._action("One action forward", Qt.Key.Key_Right, lambda: self._navigate("next")))
        go.addAction(self._action("Previous round or phase", Qt.Key.Key_PageUp, lambda: self._navigate("prev_marker")))
        go.addAction(self._action("Next round or phase", Qt.Key.Key_PageDown, lambda: self._navigate("next_marker")))
        self._refresh_recent_menu()

    # --- opening games ---------------------------------------------------------------------------------
    def new_game(
        self, title: str, players: list[str], seed: int | None = None, optional_rules: list[str] | None = None
    ) -> None:
        self.set_session(Session.new(title, players, self, seed=seed, optional_rules=optional_rules))

    def new_game_dialog(self) -> NewGameDialog:
        from desktop.dialogs.new_game import NewGameDialog

        current = self.session.title if self.session is not None else None
        return NewGameDialog(self.settings, self, current_title=current)

    def _on_new_game_triggered(self) -> None:
        if not self.maybe_keep_changes():
            return
        dialog = self.new_game_dialog()
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.start_game(dialog.game_record(), dialog.bot_seats())

    def start_game(self, record: GameRecord, bots: dict[str, str] | None = None) -> None:
        """Start a new local game from a record (the New Game dialog's result); ``bots``: the names of the
        seats computer players hold, with their level."""
        session = Session(record, self)
        session.dirty = False
        self.bot_seats.set_seats({})
        self.set_session(session)
        self.bot_seats.set_seats(bots or {})

    def open_file(self, path: str | Path, ask: bool = True) -> bool:
        """Open an export.  A damaged file is offered up to its last good action; a file that cannot be
        opened leaves the window as it was (or empty), with the reason in a dialog and the status bar."""
        path = Path(path)
        try:
            session = Session.open(path, parent=self)
        except GameError as exc:
            text = str(exc) if exc.source else f"{path}: {exc}"
            self._open_failed(path)
            QMessageBox.warning(self, "Cannot open game", message_text(text))
            return False
        except Exception as exc:  # an engine bug: say so, with a report to copy
            self._open_failed(path)
            show_bug_dialog(self, "Cannot open game", exc, f"opening {path}")
            return False
        failure = session.failure
        if failure is not None:
            kind = "The engine hit a bug" if failure.is_bug else "The game cannot be replayed further"
            text = (
                f"{kind} in {path.name}:\n\n{failure.message}\n\n"
                f"Open the game up to the last good action ({failure.index} actions applied)?"
            )
            if ask:
                answer = QMessageBox.question(
                    self,
                    "Damaged game file",
                    message_text(text),
                    QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                    QMessageBox.StandardButton.Open,
                )
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
            for signal, slot in self._session_slots(self.session):
                with contextlib.suppress(RuntimeError, TypeError):  # set_session failed before connecting it
                    signal.disconnect(slot)
        self.session = None
        self._leave_title_mode()
        self.map_scene.clear()

    def set_session(self, session: Session) -> None:
        old = self.session
        if old is not None and old is not session:
            for signal, slot in self._session_slots(old):
                signal.disconnect(slot)
            old.stop_history_build()
            old.discard_autosave()
        self.session = session
        session.autosave_store = self.autosaves
        if self.autosave_lock is not None and self.autosave_key_locked != session.autosave_key:
            self.autosave_lock.unlock()
            self.autosave_lock = None
        for signal, slot in self._session_slots(session):
            signal.connect(slot)
        game = session.game
        self._play_pending = None
        if self._play is not None:
            self._play.dispose()
            self._play.deleteLater()
            self._play = None
        self._leave_title_mode()
        if is_kernel_title(session.title):
            self._enter_title_mode(session)
        else:
            self.map_scene.set_game(game)
        self._show_history()
        self._show_state()
        if self.title_views is None:
            self.map_view.set_focus(self.map_scene.focus_point(current_entity(game)))
            self.map_view.fit_to_window()
        classes = self.title_views.controllers if self.title_views is not None else None
        self._play_pending = (session, classes)
        if self.isVisible() and self.title_views is None:
            # A shown window paints the map first: the play controller (its controllers' modules imported, the legal
            # moves worked out, the action bar filled) and the history's idle-time build come right after the first
            # paint.  ``play`` makes the controller at once when something asks for it before then.
            session.stop_history_build()
            self._watch_first_paint(session)
        else:
            self._make_play()
        self.bot_seats.attach(session)
        self._report_ignored_rules(session)
        self._apply_default_layout()
        # another title's map and market in a window laid out before: the width the column took from the last
        # game's map is given back, and the market's column may take this map's spare
        self._spare_lent = False
        self.give_back_map_spare()
        QTimer.singleShot(0, self, self.give_unused_map_width)

    def _mark_bot_seats(self) -> None:
        """The players' cards (or a kernel title's players panel) show which seats computer players hold."""
        self.players_panel.set_bot_kinds(self.bot_seats.seats)
        if self.title_views is not None:
            self.title_views.set_bot_kinds(self.bot_seats.seats)

    @property
    def play(self) -> PlayController | None:
        """The play controller of the shown session (made now if it waits for the map's first paint)."""
        if self._play_pending is not None:
            self._make_play()
        return self._play

    def _make_play(self) -> None:
        pending, self._play_pending = self._play_pending, None
        if pending is None or pending[0] is not self.session or self._play is not None:
            return
        from desktop.controllers.play import PlayController

        self._play = PlayController(pending[0], self, pending[1])

    def _watch_first_paint(self, session: Session) -> None:
        if self._first_paint is not None:
            self._first_paint.cancel()

        def painted() -> None:
            self._first_paint = None
            if self.session is session:
                self._make_play()
                session.resume_history_build()

        self._first_paint = _FirstPaint(self.map_view.viewport(), painted)

    # --- titles on the kernel alone --------------------------------------------------------------------
    @property
    def kernel_mode(self) -> bool:
        """Is the window showing a kernel title's own views (instead of the 18xx map and panels)?"""
        return self.title_views is not None

    def _enter_title_mode(self, session: Session) -> None:
        """Show the title's central view and panels, and its rules page; hide the 18xx map, market and cards
        (the log stays, in the Game tabs)."""
        views = build_title_views(self, session)
        self.title_views = views
        self.layout_18xx = self.saveState()
        # the 18xx docks go first: with them still shown, the title's central view (Irish Gauge's tray is 840 px
        # wide at least) made the window wider than a 1366-px screen, and it stayed so
        self.hidden_18xx_docks = [dock for key, dock in self.docks.items() if key != "info" and not dock.isHidden()]
        for dock in self.hidden_18xx_docks:
            dock.hide()
        self.center_tabs.hide()
        self.title_area.layout().addWidget(views.central)
        if views.auction_slot is not None:  # the title keeps its auctions beside its board
            views.auction_slot.addWidget(self.auction_panel)
        if views.bar_slot is not None:  # ... and the action bar: the board gets the window's height
            views.bar_slot.addWidget(self.action_bar)
        self.title_area.show()
        for tab in (self.trains_panel, self.companies_panel, self.tiles_panel, self.charts):
            self.info_tabs.setTabVisible(self.info_tabs.indexOf(tab), False)
        # the log heads the title's panels in the right column (in the 18xx layout it is under the players)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.docks["info"])
        panels = [*views.panels, ("rules", "Rules", rules_browser(session.title, self))]
        for key, title, widget in panels:
            dock = QDockWidget(title, self)
            dock.setObjectName(f"title_dock_{key}")
            dock.setWidget(widget)
            self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            self.title_docks.append(dock)
        if len(self.title_docks) > 1:
            rules = self.title_docks[-1]
            self.tabifyDockWidget(self.title_docks[-2], rules)
            self.title_docks[-2].raise_()
        self.info_tabs.setMinimumWidth(KERNEL_COLUMN_MIN)  # the title's tables need the room
        self.docks["info"].show()
        self.bank_label.hide()
        QTimer.singleShot(0, self, self._size_title_docks)  # once the new docks are laid out

    def auction_room(self) -> int:
        """The height the auction panel may take: above the map it leaves the map its share of the window (the
        panel's own title line included); beside a kernel title's board, a share of the window."""
        if self.title_views is not None and self.title_views.auction_slot is not None:
            return int(self.height() * 0.6)
        central = self.centralWidget()
        if central is None or self.height() <= 0:
            return 400
        tabs = self.center_tabs.tabBar().sizeHint().height() if self.center_tabs.isVisible() else 0
        title = self.auction_panel.chrome_height()  # (its title line was guessed 3 px low: the map lost them)
        others = self.action_bar.sizeHint().height() + self.history_bar.sizeHint().height() + tabs + title
        return int(central.height() - others - self.height() * MAP_SHARE)

    def _size_title_docks(self) -> None:
        """A kernel title's side column: a readable width (the column kept whatever width the previous game left:
        Irish Gauge after Auction HOW opened 250 px wide at 1366x768, its tables cut off), the log a quarter of the
        height (at most 220 px) and the title's panels the rest, in proportion to what they hold."""
        if not self.title_docks or not self.isVisible():
            return
        info = self.docks["info"]
        shown = [d for d in self.title_docks if not d.isFloating() and not d.visibleRegion().isEmpty()]
        width = max(380, min(640, self.width() * 33 // 100))
        self.resizeDocks([info], [width], Qt.Orientation.Horizontal)
        if not shown:
            return
        height = max(300, self.height() - 120)
        log = max(120, min(height // 4, 220))
        wanted = [max(80, d.widget().sizeHint().height() + 30) for d in shown]
        scale = min(1.0, (height - log) / max(1, sum(wanted)))
        self.resizeDocks([info, *shown], [log, *[int(w * scale) for w in wanted]], Qt.Orientation.Vertical)

    def _leave_title_mode(self) -> None:
        views = self.title_views
        if views is None:
            return
        views.dispose()
        self.title_views = None
        if views.bar_slot is not None:  # back above the map before the title's view goes
            self._central_layout.insertWidget(0, self.action_bar)
        if views.auction_slot is not None:
            self._central_layout.insertWidget(self._central_layout.indexOf(self.center_tabs), self.auction_panel)
        for dock in self.title_docks:
            self.removeDockWidget(dock)
            dock.deleteLater()
        self.title_docks = []
        views.central.hide()
        views.central.setParent(None)
        views.central.deleteLater()
        self.title_area.hide()
        self.center_tabs.show()
        for dock in self.hidden_18xx_docks:
            dock.show()
        self.hidden_18xx_docks = []
        self.info_tabs.setMinimumWidth(MIN_SIDE_WIDTH)
        # the docks where and as large as they were before the title's own views
        if self.layout_18xx is not None and not self.restoreState(self.layout_18xx):
            self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.docks["info"])
        for tab in (self.trains_panel, self.companies_panel, self.tiles_panel, self.charts):
            self.info_tabs.setTabVisible(self.info_tabs.indexOf(tab), True)
        self.bank_label.show()

    def _session_slots(self, session: Session) -> list[tuple[object, object]]:
        return [
            (session.state_changed, self._on_session_state_changed),
            (session.action_rejected, self._on_session_action_rejected),
            (session.record_changed, self._on_session_record_changed),
            (session.engine_failed, self._on_session_engine_failed),
            (session.autosave_failed, self._on_session_autosave_failed),
            (session.autosave_ok, self._on_session_autosave_ok),
        ]

    def _show_history(self) -> None:
        """Re-read what covers the whole game (timeline markers, log, charts) and the window title."""
        session = self.session
        if session is None:
            return
        self.history_bar.set_timeline(session.markers, session.size)
        self.log_panel.set_entries(session.timeline.log)
        if not self.kernel_mode:
            self.charts.set_game(session.game)
            # The chart series need the whole history, which may still be being built: asked for when first shown.
            self.charts.set_series(session.history_stats)
        self._show_title()

    def _show_title(self) -> None:
        session = self.session
        if session is not None:
            self.setWindowTitle(f"Tracklayer — {session.display_name()}{' *' if session.dirty else ''}")

    def _report_ignored_rules(self, session: Session) -> None:
        """Optional rules in a file that this game does not play are said, never silently dropped."""
        ignored = session.ignored_rules()
        if not ignored:
            return
        lines = "\n".join(f"• {rule}: {reason}" for rule, reason in ignored)
        self.statusBar().showMessage(f"Optional rules not played: {'; '.join(r for r, _ in ignored)}", 30000)
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Optional rules not played",
            f"This {session.title} game names optional rules Tracklayer does not play:\n\n{lines}\n\n"
            "The game is replayed without them.",
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setModal(False)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.show()
        self.ignored_rules_box = box

    # --- showing state ---------------------------------------------------------------------------------
    def _show_state(self) -> None:
        session = self.session
        if session is None:
            return
        game = session.game
        if self.title_views is not None:
            self.title_views.refresh(game)
        else:
            self.map_scene.refresh(game)
            self.market_view.set_game(game)
            self.players_panel.set_game(game)
            # a finished game's tray says so in a line (the players' cards get the room)
            if self.tile_tray.set_empty_text(TileTray.GAME_OVER_TEXT if getattr(game, "finished", False) else None):
                QTimer.singleShot(0, self, self.tray_sizer.message_changed)
            self.players_fitter.request()
            self.corporations_panel.set_game(game)
            self.companies_panel.set_game(game)
            self.trains_panel.set_game(game)
            self.spreadsheet.set_game(game)
            self.tiles_panel.set_game(game)
            self.charts.set_current(session.index)
        self.log_panel.set_current(session.index)
        self.history_bar.set_current(session.index, round_label(game))
        if self.title_views is None:
            self._show_action_on_map(session, game)
            # a map that scrolls (1822 at 1366x768) keeps the acting corporation's network in sight
            self.map_view.follow(self.map_scene.focus_point(current_entity(game)))
        text = status_text(game, session.viewing_past)
        self.status_label.setText(text)
        self.status_label.setToolTip(text)
        self.bank_label.setText(bank_text(game))
        self.bank_label.setToolTip("Cash left in the bank; once it is broken, what was paid beyond it")
        self._update_edit_actions()
        self._set_status_style(session.viewing_past)

    def _set_status_style(self, past: bool) -> None:
        self.status_label.setStyleSheet(
            "QLabel#statusLine { font-size: 14px; font-weight: 600; padding: 6px; "
            + (
                "background: #f6ddd9; border-bottom: 2px solid #b03a2e; }"
                if past
                else "background: #f3efe4; border-bottom: 1px solid #c9c1a8; }"
            )
        )

    def _show_action_on_map(self, session: Session, game: Game) -> None:
        """Outline the hexes the viewed action changed; draw the routes of a ``run_routes`` it ran."""
        action = (
            session.record.actions[session.timeline.raw_position(session.index)]
            if 0 < session.index <= session.size
            else None
        )
        revenues: list[tuple[str, str]] = []
        if action is not None and action.get("type") == "run_routes":
            model = self.log_panel.model
            first, last = model.first_row_of(session.index), model.last_row_at_or_before(session.index)
            for row in range(first, last + 1):
                found = _RUNS.search(model.entries[row][1])
                if found:
                    revenues.append((found.group(1), found.group(2)))
        self.map_scene.show_action(game, action, revenues)

    def end_game_now(self) -> None:
        """Game > End the game now…: who ends it, confirmed in a dialog; then the session plays ``end_game``."""
        from desktop.dialogs.end_game import EndGameDialog

        session = self.session
        if session is None or session.viewing_past or session.live.finished:
            self.statusBar().showMessage("Only a game in play can be ended, at its live end", 8000)
            return
        dialog = EndGameDialog(session.live, self)
        self.end_game_dialog = dialog
        dialog.finished.connect(lambda _code, d=dialog: self._end_game_finished(d))
        dialog.open()

    def _end_game_finished(self, dialog: QDialog) -> None:
        self.end_game_dialog = None
        action = getattr(dialog, "action", None)
        dialog.deleteLater()
        if dialog.result() == QDialog.DialogCode.Accepted and action is not None and self.session is not None:
            self.session.submit(action)

    def open_programs(self) -> None:
        """Game > Programmed actions…: the program dialog (at the live end of a game in play)."""
        controller = self.play.by_name.get("ProgramController") if self.play is not None else None
        if controller is None or controller.moves is None:
            self.statusBar().showMessage("Programs can be set only at the live end of a game in play", 8000)
            return
        controller.open_dialog()

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

    def _on_session_autosave_failed(self, message: str) -> None:
        session = self.session
        count = session.autosave_failures if session is not None else 1
        moves = f"{count} move{'' if count == 1 else 's'}"
        self.autosave_warning.setText(f"Autosave failing: {moves} not autosaved — save the game (Ctrl+S)")
        self.autosave_warning.setToolTip(message_text(message))
        self.autosave_warning.show()
        self.statusBar().showMessage(message, 8000)

    def _on_session_autosave_ok(self) -> None:
        self.autosave_warning.hide()

    def _on_session_record_changed(self) -> None:
        self._show_history()
        session = self.session
        if session is not None:
            self._lock_autosave(session.autosave_key)  # before the session writes its autosave
            self.history_bar.set_current(session.index, round_label(session.game))

    def _on_session_engine_failed(self, message: str, report: str) -> None:
        self._show_history()
        self._show_state()
        from desktop.dialogs.error_report import ErrorReportDialog

        dialog = ErrorReportDialog(message, report, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        self.error_dialog = dialog
        self.statusBar().showMessage(f"Engine error: {message} — the move was not played", 15000)

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
            if self.maybe_keep_changes():
                self.open_file(name)

    # --- playing: undo, redo, play on ------------------------------------------------------------------
    def _update_edit_actions(self) -> None:
        session = self.session
        undo_reason = session.undo_reason() if session is not None else "No game"
        redo_reason = session.redo_reason() if session is not None else "No game"
        self.undo_action.setEnabled(undo_reason is None)
        self.undo_action.setToolTip(undo_reason or "Take back the last action (recorded as an undo)")
        self.undo_action.setStatusTip(undo_reason or "Take back the last action")
        self.redo_action.setEnabled(redo_reason is None)
        self.redo_action.setToolTip(redo_reason or "Play the undone action again")
        self.redo_action.setStatusTip(redo_reason or "Play the undone action again")
        self.play_on_action.setEnabled(session is not None)
        undo_to_reason = session.undo_to_reason() if session is not None else "No game"
        self.undo_to_action.setEnabled(undo_to_reason is None)
        self.undo_to_action.setToolTip(
            undo_to_reason
            or "Take back every action after the position shown and play on from here (recorded as one undo)"
        )
        self.undo_to_action.setStatusTip(self.undo_to_action.toolTip())

    def undo(self) -> None:
        if self.session is not None:
            self.session.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.redo()

    def undo_to_here(self) -> None:
        if self.session is not None:
            self.session.undo_to()

    def play_on_from_here(self) -> None:
        """Fork a new local game from the position shown; the open game and its file stay as they are."""
        session = self.session
        if session is None or not self.maybe_keep_changes():
            return
        branch = session.branch(session.index, parent=self)
        self.set_session(branch)
        info = branch.branch_info or {}
        self.statusBar().showMessage(
            f"Playing on from action {info.get('index')} of {info.get('source')}: a new game, saved on its own "
            "(the original is not changed).",
            15000,
        )

    # --- files -----------------------------------------------------------------------------------------
    def save(self) -> bool:
        """Save to the game's file, or ask where when it has none (new game, branch, cut file)."""
        session = self.session
        if session is None:
            return False
        if session.save_path is None:
            return self.save_as()
        return self._save_to(session.save_path)

    def save_as(self) -> bool:
        session = self.session
        if session is None:
            return False
        start = str(self.settings.value("last_dir", str(Path.home())))
        suggested = session.path.name if session.path is not None else f"{session.title}-game.json"
        name, _ = QFileDialog.getSaveFileName(self, "Save game", str(Path(start) / suggested), "Game files (*.json)")
        if not name:
            return False
        if not name.lower().endswith(".json"):
            name += ".json"
        self.settings.setValue("last_dir", str(Path(name).parent))
        return self._save_to(Path(name))

    def _save_to(self, path: Path, overwrite: bool = False) -> bool:
        session = self.session
        if session is None:
            return False
        try:
            session.save(path, overwrite=overwrite)
        except FileChangedError as exc:  # another program saved moves there: the player decides
            answer = QMessageBox.question(
                self,
                "The file was changed on disk",
                message_text(
                    f"{exc.message}\n\nYes: overwrite the file with this game (the other moves are lost).\n"
                    "No: save this game as another file (both are kept).\nCancel: do not save now."
                ),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.No,
            )
            if answer == QMessageBox.StandardButton.Yes:
                return self._save_to(path, overwrite=True)
            if answer == QMessageBox.StandardButton.No:
                return self.save_as()
            return False
        except SaveError as exc:
            QMessageBox.warning(self, "Cannot save the game", message_text(exc.message))
            return False
        self._add_recent(path)
        self._show_title()
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def maybe_keep_changes(self) -> bool:
        """Before the game is closed or replaced: ask about unsaved changes.  False: the user cancelled."""
        session = self.session
        if session is None or not session.dirty:
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            message_text(
                f"“{session.display_name()}” has moves that are not saved.\n\nSave them before closing the game?"
            ),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            session.discard_autosave()
            session.dirty = False
            return True
        return False

    def _autosave_lock_for(self, key: str) -> QLockFile:
        lock = QLockFile(str(self.autosaves.folder / f"{key}.lock"))
        lock.setStaleLockTime(0)  # only a dead owner makes a lock stale, never its age
        return lock

    def _lock_autosave(self, key: str, lock: QLockFile | None = None) -> None:
        """Hold the lock of ``key``'s autosave (taken when the game first changes: a game only looked at
        leaves nothing on disk)."""
        if self.autosave_lock is not None:
            if self.autosave_key_locked == key:
                return
            self.autosave_lock.unlock()
            self.autosave_lock = None
        if lock is None:
            try:
                self.autosaves.folder.mkdir(parents=True, exist_ok=True)
            except OSError:
                return  # autosaving will report the problem
            lock = self._autosave_lock_for(key)
            if not lock.tryLock(0):
                return
        self.autosave_lock = lock
        self.autosave_key_locked = key

    def offer_recovery(self) -> bool:
        """At start-up: offer each autosave newer than its saved file.  True if a game was recovered.

        Autosaves of games open in another running Tracklayer (their lock is held) are left alone.
        """
        found: list[tuple[Autosave, QLockFile]] = []
        for key in self.autosaves.leftover_keys():  # a run killed before its first autosave was complete
            lock = self._autosave_lock_for(key)
            if lock.tryLock(0):  # its program is gone: its temporary file and its lock go too
                self.autosaves.clean_temporaries(key)
                lock.unlock()
        damaged: list[str] = []
        for key in self.autosaves.keys():  # noqa: SIM118 (a store, not a dict)
            lock = self._autosave_lock_for(key)
            if not lock.tryLock(0):
                continue
            self.autosaves.clean_temporaries(key)
            try:
                found.append((self.autosaves.load(key), lock))
            except (GameError, OSError) as exc:
                kept = self.autosaves.set_aside(key)
                damaged.append(
                    f"{exc}\n(kept as {kept.name if kept is not None else 'nothing'}; it will not be offered again)"
                )
                lock.unlock()
        if damaged:
            QMessageBox.warning(
                self,
                "An autosaved game cannot be read",
                message_text(
                    "Tracklayer found an autosave it cannot read, and no good backup of it:\n\n" + "\n\n".join(damaged)
                ),
            )
        found.sort(key=lambda item: item[0].saved_at, reverse=True)
        recovered = False
        for autosave, lock in found:
            if recovered or not autosave.newer_than_saved_file():
                if not recovered:
                    self.autosaves.remove(autosave.key)
                lock.unlock()
                continue
            choice = ask_recovery(self, autosave)
            if choice is RecoveryChoice.DISCARD:
                self.autosaves.remove(autosave.key)
            if choice is not RecoveryChoice.RECOVER:
                lock.unlock()
                continue
            session = Session(autosave.record, self)
            session.autosave_key = autosave.key
            session.path = autosave.saved_path
            session.label = f"Recovered {autosave.record.title} game"
            session.dirty = True
            self.set_session(session)
            self._lock_autosave(autosave.key, lock)
            self._show_title()
            recovered = True
        return recovered

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
            action.triggered.connect(lambda _=False, n=name: self.maybe_keep_changes() and self.open_file(n))
        self.recent_menu.setEnabled(bool(files))

    def _restore_layout(self) -> None:
        geometry = self.settings.value("window/geometry")
        state = self.settings.value(STATE_KEY)
        self._layout_restored = False
        self._layout_settled = False
        self._saved_size = parse_size(self.settings.value(STATE_SIZE_KEY))
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and not self._restore_would_linger():
            self._layout_restored = self.restoreState(state)
        if self._layout_restored and str(self.settings.value("window/market_folded", "false")) == "true":
            self.market_dock.set_collapsed(True)

    def _restore_would_linger(self) -> bool:
        """Would a dock layout saved at another size be kept by Qt and applied again at each resize of this window
        (about to be maximized or full screen) until it fits?  It then undid the docks set up meanwhile: Irish
        Gauge's panels, docked when the game opened, fell out of the layout and were piled over the menu bar
        (a layout saved maximized at 1920x1080, opened maximized at 1366x768).  Such a layout is not restored: its
        sizes would give way to this size's first-run ones anyway (see :meth:`_apply_default_layout`)."""
        if not self.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
            return False
        saved, screen = self._saved_size, self.screen()
        if saved is None or screen is None:
            return saved is None
        room = screen.availableGeometry().size()
        width, height = saved
        return (
            abs(width - room.width()) > room.width() * SAME_SIZE
            or abs(height - room.height()) > room.height() * SAME_SIZE
        )

    def side_columns(self) -> tuple[list[QDockWidget], list[QDockWidget]]:
        """The docked, shown docks of the left and the right column."""

        def column(area: Qt.DockWidgetArea) -> list[QDockWidget]:
            return [
                d
                for d in self.docks.values()
                if self.dockWidgetArea(d) == area and not d.isFloating() and not d.isHidden()
            ] + [
                d
                for d in self.title_docks
                if self.dockWidgetArea(d) == area and not d.isFloating() and not d.isHidden()
            ]

        return column(Qt.DockWidgetArea.LeftDockWidgetArea), column(Qt.DockWidgetArea.RightDockWidgetArea)

    @staticmethod
    def side_widths(width: int) -> tuple[int, int]:
        """The first-run widths of the left (players, tiles, log) and right (corporations, market) columns for a
        window ``width`` wide: together at most a little under half of it, so the map has the rest."""
        left = max(MIN_SIDE_WIDTH + 20, min(340, width * 18 // 100))
        right = max(MIN_SIDE_WIDTH + 40, min(560, width * 28 // 100))
        room = int(width * (1 - MAP_SHARE)) - 24  # the dock separators and frames
        if left + right > room:
            scale = room / (left + right)
            left, right = max(MIN_SIDE_WIDTH, int(left * scale)), max(MIN_SIDE_WIDTH, int(right * scale))
        return left, right

    def default_dock_sizes(self) -> None:
        """First run: players, tiles and the log on the left, corporations and the market on the right, the map
        in between with at least half of the window; the market dock as tall as its grid needs at that width
        (no empty band) and the corporations the rest; the players' cards taller than the tile tray."""
        width, height = self.width(), self.height()
        left, right = self.side_widths(width)
        self.resizeDocks([self.docks["players"], self.docks["corporations"]], [left, right], Qt.Orientation.Horizontal)
        column = max(300, height - 90)
        if not self.market_dock.collapsed:
            market_h = self.market_view.height_for_width(right - 12) + self.market_dock.folded_height() + 6
            market_h = max(140, min(market_h, market_height_cap(column, market_h)))
            self.resizeDocks(
                [self.docks["corporations"], self.docks["market"]],
                [max(200, column - market_h), market_h],
                Qt.Orientation.Vertical,
            )
        tray = self.docks["tile_tray"]
        info_h = max(140, min(260, column * 26 // 100))
        if tray.isVisible() and not tray.isFloating():
            tray_h = max(150, column * 30 // 100)
            self.resizeDocks(
                [self.docks["players"], tray, self.docks["info"]],
                [max(200, column - tray_h - info_h), tray_h, info_h],
                Qt.Orientation.Vertical,
            )
        else:
            self.resizeDocks(
                [self.docks["players"], self.docks["info"]],
                [max(200, column - info_h), info_h],
                Qt.Orientation.Vertical,
            )
        self.tray_sizer.relayout()
        QTimer.singleShot(0, self, self.give_unused_map_width)  # once the docks have these sizes

    def keep_map_first(self) -> None:
        """Give the map at least half of the window's width: side columns wider than that (a layout saved on a
        bigger screen, a dock widened by hand) are narrowed in proportion.  Nothing changes when the map has
        its half already."""
        if not self.isVisible() or self.kernel_mode:  # a kernel title sizes its own side column
            return
        total = self.width()
        # the width the market's column took from a height-limited map (which it could not use) does not count
        # against it; at another window width what the map can spare is measured again
        if self.centralWidget().width() + self.map_spare_taken() >= total * MAP_SHARE:
            return
        left, right = self.side_columns()
        lw = max((d.width() for d in left), default=0)
        rw = max((d.width() for d in right), default=0)
        room = int(total * (1 - MAP_SHARE)) - 24
        if lw + rw <= 0 or lw + rw <= room:
            return
        scale = room / (lw + rw)
        docks, sizes = [], []
        if left:
            docks.append(left[0])
            sizes.append(max(MIN_SIDE_WIDTH, int(lw * scale)))
        if right:
            docks.append(right[0])
            sizes.append(max(MIN_SIDE_WIDTH, int(rw * scale)))
        # a column held at its least width leaves its share to be taken from the other (a column 944 px wide, taken
        # from 1822's tall map at 1920x1080, beside a 340-px one in a window narrowed to 1366 px)
        over = sum(sizes) - room
        if over > 0 and len(sizes) == 2:
            wide = 0 if sizes[0] > sizes[1] else 1
            sizes[wide] = max(MIN_SIDE_WIDTH, sizes[wide] - over)
        self.resizeDocks(docks, sizes, Qt.Orientation.Horizontal)
        QTimer.singleShot(0, self, self.fit_market_height)

    def give_unused_map_width(self) -> None:
        """A map whose fit is set by the window's height cannot use all of its width (1822's tall map at 1920x1080
        used 603 px of 1031): the corporations' and market's column takes what it leaves empty, the map drawn as
        large as before, when that lets the corporations' cards flow in one more column (see
        :meth:`take_map_spare`: 1822 at 1920x1080, two columns of cards in a ~940-px column where a card and a half
        were in sight beside the market).  Else, the map keeping at least :data:`MAP_SHARE` of the window, the
        column takes as much of it as the market needs to be drawn as printed at the readable scale (1822's: about
        680 px): the widening within that which leaves the market the least to scroll.  Nothing changes when the
        map uses its width, no widening shortens the market, the market fits already, or it is folded, floating or
        hidden, and in a layout restored at this window size (the widths the user left)."""
        dock = self.market_dock
        if not self.isVisible() or self.kernel_mode:
            return
        if self._layout_restored and self._saved_for_this_size():
            return  # the columns' widths as the user left them at this size
        if self.take_map_spare():
            return
        if dock.collapsed or dock.isFloating() or dock.isHidden():
            return
        corporations = self.docks["corporations"]
        if self.dockWidgetArea(corporations) != self.dockWidgetArea(dock):
            return
        view = self.market_view
        needed = view.wanted_width() - view.width()
        room = self.centralWidget().width() - math.ceil(self.width() * MAP_SHARE)
        most = min(self.map_view.unused_width(), room, needed)
        if most < MIN_WIDTH_GAIN:
            return
        # the least widening after which the market is seen whole in the height its column gives it, else the one
        # that leaves the least to scroll: folded into bands, a wider market is not always shorter (1830 at
        # 1366x768: 44 px more made it 20 px taller)
        column = corporations.height() + dock.height()
        tall = int(column * MARKET_SHARE) + MARKET_SLACK - dock.folded_height() - 6
        width = view.viewport().width()
        heights = {gain: view.height_at(width + gain) for gain in range(0, most + 1, 4)}
        if heights[0] <= tall:
            return
        whole = [g for g, h in heights.items() if h <= tall]
        gain = min(whole) if whole else min(heights, key=lambda g: (heights[g], g))
        if gain < MIN_WIDTH_GAIN or heights[gain] > heights[0] - MIN_WIDTH_GAIN:
            return
        self.resizeDocks([corporations], [corporations.width() + gain], Qt.Orientation.Horizontal)
        QTimer.singleShot(0, self, self.fit_market_height)

    def take_map_spare(self) -> bool:
        """The corporations' column takes all of the width a height-limited map leaves empty but
        :data:`MAP_SPARE_MARGIN` when the cards then flow in one more column (the map keeps its size: no more than
        half of the window is asked of it, since it could not use that width); the market dock then keeps the
        height it needs as printed (:meth:`market_wanted_height`).  True when it did (or is doing so).  Not while
        an auction panel stands over the map: the map is short only then, and the panel needs the width (1830's
        private auction at 1366x768 had its bids elided)."""
        corporations = self.docks["corporations"]
        if corporations.isFloating() or corporations.isHidden():
            return False
        if self.dockWidgetArea(corporations) != Qt.DockWidgetArea.RightDockWidgetArea:
            return False
        if self.auction_panel.isVisible():
            # the map is short only while the auction panel stands over it, and the panel needs the width
            return self.map_spare_taken() > 0
        gain = self.map_view.unused_width() - MAP_SPARE_MARGIN
        if gain < MIN_WIDTH_GAIN:
            return self.map_spare_taken() > 0
        canvas, width = self.corporations_panel.canvas, self.corporations_panel.viewport().width()
        if canvas.columns_for(width + gain) <= canvas.columns_for(width):
            return False
        if self._map_spare[0] != self.width():
            # the column's width before it took any: what it took is measured from there (the docks take their
            # new widths later, and this may be asked again before they have)
            self._map_spare = (self.width(), corporations.width())
        self.resizeDocks([corporations], [corporations.width() + gain], Qt.Orientation.Horizontal)
        QTimer.singleShot(0, self, self.fit_market_height)
        return True

    def give_back_map_spare(self) -> None:
        """The corporations' column back to its width before it took the width the last game's map left empty
        (see :meth:`take_map_spare`): another game's map may use it (1830's wide map after 1822's tall one)."""
        taken = self.map_spare_taken()
        self._map_spare = (0, 0)
        if taken > 0:
            corporations = self.docks["corporations"]
            self.resizeDocks([corporations], [corporations.width() - taken], Qt.Orientation.Horizontal)

    def _lend_map_spare_to_auction(self) -> None:
        """An auction panel came over the map while the column held the map's spare width (1822 at 1920x1080, a
        stock round's bid boxes after an operating round): the panel needs that width (squeezed into the 624-px
        centre its bids were elided); the column takes it again when the panel goes."""
        if self.kernel_mode or self.map_spare_taken() <= 0:
            return
        self.give_back_map_spare()
        self._spare_lent = True
        QTimer.singleShot(0, self, self.fit_market_height)

    def _take_map_spare_after_auction(self) -> None:
        if self._spare_lent:
            self._spare_lent = False
            QTimer.singleShot(0, self, self.give_unused_map_width)

    def market_wanted_height(self) -> int:
        """The height the market's grid needs in its view: at the view's width, drawn as large as that allows; in a
        column that took the map's spare width, as printed at the readable scale (the width of its column before
        if wider), not drawn larger only to fill the width: that would take the corporations' room again."""
        view = self.market_view
        width = view.viewport().width()
        taken = self.map_spare_taken()
        printed = view.wanted_width() - 2 * view.frameWidth()
        if taken <= 0 or printed <= 0:
            return view.height_for_width(width)
        return view.height_at(min(width, max(printed, width - taken)))

    def map_spare_taken(self) -> int:
        """The px the corporations' column took, at this window width, of the width a height-limited map left
        empty (see :meth:`give_unused_map_width`); 0 when none."""
        total, base = self._map_spare
        if total != self.width():
            return 0
        return max(0, self.docks["corporations"].width() - base)

    def fit_market_height(self, grow_only: bool = False, shrink_only: bool = False) -> None:
        """The market dock as tall as its grid needs at its width (after the column changed width), the rest to
        the corporations; a folded, floating or hidden market is left alone."""
        dock = self.market_dock
        if dock.collapsed or dock.isFloating() or dock.isHidden() or self.kernel_mode:
            return
        corporations = self.docks["corporations"]
        if self.dockWidgetArea(corporations) != self.dockWidgetArea(dock) or corporations.isHidden():
            return
        wanted = self.market_wanted_height() + dock.folded_height() + 6
        column = corporations.height() + dock.height()
        share = MARKET_WHOLE_SHARE_WIDE if self.map_spare_taken() > 0 else MARKET_WHOLE_SHARE
        wanted = max(140, min(wanted, market_height_cap(column, wanted, share)))
        if grow_only and dock.height() >= wanted - 12:
            return
        if shrink_only and dock.height() <= max(wanted, int(column * MARKET_SHARE)) + 12:
            return
        if abs(dock.height() - wanted) > 12:
            self.resizeDocks([corporations, dock], [column - wanted, wanted], Qt.Orientation.Vertical)

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        self._map_room_timer.start()  # once the docks have their new sizes
        self.players_fitter.request()

    def _log_floor(self, column: int) -> int:
        """The least height the Game dock keeps for the players' cards (less at a game's end)."""
        game = self.session.game if self.session is not None else None
        return log_floor(column, finished=bool(getattr(game, "finished", False)))

    def _tray_floor(self, _column: int) -> int:
        """The least height the "Tiles to lay" dock keeps for the players' cards: a row of tiles during the whole
        game (empty or not: the column stays put between rounds), its one line once the game is over."""
        if self.tray_sizer.game_over():
            return self.tray_sizer.shrunk_height()
        return self.tray_sizer.row_height()

    def _on_market_dock_collapsed_changed(self, folded: bool) -> None:
        self.settings.setValue("window/market_folded", "true" if folded else "false")
        if not folded:
            # unfolded: at least as tall as the grid needs (a dock folded at start-up had no height to go back to)
            QTimer.singleShot(50, self, lambda: self.fit_market_height(grow_only=self.market_dock.height_restored))

    def _apply_default_layout(self) -> None:
        """The first-run layout, once the window is shown with a game in it (the market's needs depend on the
        title).  A layout restored from the settings keeps its sizes if it was saved at about this window's size;
        saved at another size (or by a version that did not record it), its docks get this size's first-run
        sizes: a layout from a small screen left a 1366x768 window's columns at their least widths, the
        corporations' names cut.  A market taller than its share of the column (its cards were two at 1366x768)
        is brought back to it."""
        if self._layout_settled or not self.isVisible() or self.session is None:
            return
        self._layout_settled = True
        if self._layout_restored and self._saved_for_this_size():
            QTimer.singleShot(0, self, lambda: self.fit_market_height(shrink_only=True))
            return
        self.default_dock_sizes()

    def _saved_for_this_size(self) -> bool:
        """Was the restored layout saved at (within 8% of) the window's size now?"""
        saved = self._saved_size
        if saved is None:
            return False
        width, height = saved
        return (
            abs(width - self.width()) <= self.width() * SAME_SIZE
            and abs(height - self.height()) <= self.height() * SAME_SIZE
        )

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._apply_default_layout()
        self._map_room_timer.start()
        # the tray may have been filled or emptied while the window was hidden
        QTimer.singleShot(0, self, self.tray_sizer.settle)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_keep_changes():
            event.ignore()
            return
        self.bot_seats.shutdown()
        if self.session is not None:
            self.session.discard_autosave()
            # a closed window's game builds no more history in idle time: its timer went on calling into a
            # session whose window was gone (and crashed once that session was collected during the call)
            self.session.stop_history_build()
        if self.autosave_lock is not None:
            self.autosave_lock.unlock()
            self.autosave_lock = None
        self.settings.setValue("window/geometry", self.saveGeometry())
        # a kernel title hides the map's docks: saving that would open the next 18xx game without its market
        # and cards, so the 18xx layout from before is kept
        state = self.layout_18xx if self.kernel_mode and self.layout_18xx is not None else self.saveState()
        self.settings.setValue(STATE_KEY, state)
        self.settings.setValue(STATE_SIZE_KEY, f"{self.width()}x{self.height()}")
        super().closeEvent(event)


def parse_size(value: object) -> tuple[int, int] | None:
    """A size saved as "WxH" (None when absent or not one)."""
    try:
        width, height = (int(part) for part in str(value).split("x"))
    except (TypeError, ValueError):
        return None
    return (width, height) if width > 0 and height > 0 else None


def default_autosave_dir() -> Path:
    """Where autosaves live: the platform's application data folder."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".tracklayer") / "autosave"


def app_instance() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    return QApplication([])


def show_bug_dialog(parent: QWidget | None, title: str, exc: BaseException, context: str) -> None:
    """A non-``GameError`` reached the user: say it is a bug, with the full report in the details (copyable)."""
    from engine.errors import bug_report

    show_report_dialog(
        parent,
        title,
        f"Tracklayer hit a bug while {context}:\n\n{type(exc).__name__}: {exc}\n\n"
        "This is not your file's fault. Please report it, with the details below "
        "(Show Details…, then copy).",
        bug_report(exc, context),
    )


def show_report_dialog(parent: QWidget | None, title: str, text: str, report: str) -> None:
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(title)
    box.setText(text)
    box.setDetailedText(report)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()


class _FirstPaint(QObject):
    """Calls ``then`` once, in the event loop's next turn after ``widget``'s next paint."""

    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self.widget = widget
        self.then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.cancel()
            QTimer.singleShot(0, self.then)
        return False

    def cancel(self) -> None:
        with contextlib.suppress(RuntimeError):  # (the widget or this filter may be gone already)
            self.widget.removeEventFilter(self)
            self.deleteLater()
