"""Auction HOW's widgets: the bid board (the epoch's empires on two rows, first four on top), the bid marker
to drag onto an empire, the bid spin box with the minimum filled in, and the tables of victory points and of
who played which empire in each epoch.  They only show the game and report intent (signals); the controller
(``controller.py``) turns intent into actions."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, QMimeData, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QDrag,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
    QMouseEvent,
    QPixmap,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.amount import AmountBox, refusal_label
from desktop.titles import seat_name
from engine.steps_kernel.control_auction import ControlAuction
from engine.titles.auction_how.data import EMPIRES_BY_NAME, roman

BID_MIME = "application/x-tracklayer-bid-marker"
#: the key that pauses and resumes the bid clock (the Pause key does too)
PAUSE_KEY_NAME = "Ctrl+Space"
PLAYER_COLORS = ("#c0392b", "#2471a3", "#229954", "#b9770e", "#7d3c98", "#17a589")
TOP_ROW = 4  # rule 3.1: the first four empires above the board, the rest below


def player_color(game: Any, pid: Any) -> QColor:
    ids = [p.id for p in game.players]
    return QColor(PLAYER_COLORS[ids.index(pid) % len(PLAYER_COLORS)] if pid in ids else "#777777")


def rows_height(table: QTableWidget) -> int:
    """The height that shows every row of ``table`` and its header, without a scroll bar."""
    header = table.horizontalHeader()
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    return header.sizeHint().height() + rows + 2 * table.frameWidth() + 2


def fit_rows(table: QTableWidget, cap: int) -> None:
    """Keep every row of ``table`` in view (up to ``cap`` pixels; past it the table scrolls): the victory-point
    dock used to open a few rows high, with the last players cut off at its bottom edge."""
    table.setMinimumHeight(min(rows_height(table), cap))
    table.updateGeometry()


def auction_of(game: Any) -> ControlAuction | None:
    step = game.round.step_of(ControlAuction)
    return step if isinstance(step, ControlAuction) else None


def empire_flags(empire: Any) -> list[str]:
    """What a player weighs when bidding: strength, capital, fleets."""
    flags = [f"strength {empire.shown_strength}", "capital" if empire.capital else "no capital"]
    if empire.fleets:
        flags.append("fleets")
    return flags


class EmpireCard(QFrame):
    """One item of the bid board, compact: name, strength and flags, the high bid and who holds it, the bids so
    far and the least bid now; a drop target for the bid marker (only where a bid is legal now); a click
    selects it for the spin box.  A row is as tall as its fullest card needs, wrapped lines included (tall cards
    were mostly empty)."""

    clicked = Signal(str)
    marker_dropped = Signal(str)

    def __init__(self, item_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.item_id = item_id
        self.setObjectName("empireCard")
        self.setAcceptDrops(True)
        self.setMinimumWidth(170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(1)
        self.name = QLabel(self)
        self.name.setWordWrap(True)
        self.name.setStyleSheet("font-size: 15px; font-weight: 700;")
        self.details = QLabel(self)
        self.details.setStyleSheet("color: #4d4537;")
        self.details.setWordWrap(True)
        self.high = QLabel(self)
        self.high.setStyleSheet("font-size: 15px; font-weight: 600;")
        self.history = QLabel(self)
        self.history.setWordWrap(True)
        self.history.setStyleSheet("color: #6b6255; font-size: 11px;")
        self.least = QLabel(self)
        self.least.setObjectName("leastBid")
        self.least.setStyleSheet("color: #1e6b45; font-size: 12px; font-weight: 600;")
        for w in (self.name, self.details, self.high, self.history, self.least):
            layout.addWidget(w)
        layout.addStretch(1)  # a card beside a fuller one keeps its lines together at the top
        self.legal = False
        self.selected = False
        self.hovered = False
        self.controller_color = QColor("#d8cfbb")

    def show_item(self, game: Any, item: Any, min_bid: int | None, legal: bool, selected: bool) -> None:
        board_item = next((b for b in game.round.board if b.id == item.id), None)
        self.name.setText(item.id)
        if board_item is not None and len(board_item.empires) > 1:  # a stack
            self.details.setText(
                "<br>".join(f"{roman(e.epoch)}: {e.name} ({e.shown_strength})" for e in board_item.empires)
            )
        else:
            empire = EMPIRES_BY_NAME.get(item.id)
            flags = empire_flags(empire) if empire is not None else []
            minor = board_item.minor if board_item is not None else None
            if minor is not None:
                flags.append(f"+ minor {minor.name} ({minor.shown_strength})")
            self.details.setText(" · ".join(flags))
        if item.high_bid is None:
            self.high.setText("no bid yet")
            self.high.setStyleSheet("font-size: 15px; font-weight: 600; color: #8a8170;")
            self.controller_color = QColor("#d8cfbb")
        else:
            who = game.player_by_id(item.controller.id).name
            self.controller_color = player_color(game, item.controller.id)
            self.high.setText(f"{item.high_bid} VP — {who}")
            self.high.setStyleSheet(f"font-size: 15px; font-weight: 600; color: {self.controller_color.name()};")
        names = {p.id: p.name for p in game.players}
        bids = [f"{names.get(pid, pid)} {price}" for pid, price in item.bids[-6:]]
        more = len(item.bids) - len(bids)
        self.history.setText(("bids: " + (f"… {more} more, " if more else "") + ", ".join(bids)) if bids else "")
        self.history.setVisible(bool(bids))
        self.least.setText(f"least bid now {min_bid} VP" if legal and min_bid is not None else "")
        self.least.setVisible(legal and min_bid is not None)
        self.legal = legal
        self.selected = selected
        self.setToolTip(
            f"Least bid now: {min_bid} VP. Drag the bid marker here, or click and use the spin box."
            if legal and min_bid is not None
            else ""
        )
        self._style()

    def _style(self) -> None:
        border = "#1f618d" if self.selected else ("#2e8b57" if self.hovered else self.controller_color.name())
        width = 3 if (self.selected or self.hovered) else 2
        background = "#fffdf6" if self.legal else "#f1ece0"
        self.setStyleSheet(
            f"QFrame#empireCard {{ background: {background}; border: {width}px solid {border}; border-radius: 8px; }}"
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:  # Qt override
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.item_id)
        super().mousePressEvent(event)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # Qt override
        if event.mimeData().hasFormat(BID_MIME) and self.legal:
            self.hovered = True
            self._style()
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # Qt override
        if event.mimeData().hasFormat(BID_MIME) and self.legal:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: Any) -> None:  # Qt override
        self.hovered = False
        self._style()

    def dropEvent(self, event: QDropEvent) -> None:  # Qt override
        self.hovered = False
        self._style()
        if event.mimeData().hasFormat(BID_MIME) and self.legal:
            event.acceptProposedAction()
            self.marker_dropped.emit(self.item_id)
        else:
            event.ignore()


class BidMarker(QLabel):
    """The acting player's bid marker: drag it onto an empire to bid (the spin box's amount, or the least bid)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bidMarker")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMinimumSize(150, 44)
        self.setToolTip("Drag this marker onto an empire to bid on it")
        self.color = QColor("#777777")
        self.set_player("", self.color, False)

    def set_player(self, name: str, color: QColor, enabled: bool) -> None:
        self.color = color
        self.setEnabled(enabled)
        self.setText(f"● {name}'s bid marker" if name else "bid marker")
        self.setStyleSheet(
            f"QLabel#bidMarker {{ background: {color.name() if enabled else '#bbbbbb'}; color: white;"
            " font-weight: 700; border-radius: 20px; padding: 6px 14px; }"
        )

    def mime(self) -> QMimeData:
        data = QMimeData()
        data.setData(BID_MIME, QByteArray(b"bid"))
        return data

    def mousePressEvent(self, event: QMouseEvent) -> None:  # Qt override
        if event.button() != Qt.MouseButton.LeftButton or not self.isEnabled():
            return
        drag = QDrag(self)
        drag.setMimeData(self.mime())
        pixmap = QPixmap(self.size())
        pixmap.fill(Qt.GlobalColor.transparent)
        self.render(pixmap, QPoint(0, 0))
        drag.setPixmap(pixmap)
        drag.setHotSpot(event.position().toPoint())
        drag.exec(Qt.DropAction.CopyAction)


class AuctionView(QWidget):
    """The central view: who is to act, the bid board, and the bid controls."""

    card_clicked = Signal(str)
    marker_dropped = Signal(str)
    bid_clicked = Signal(str, int)
    score_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("auctionView")
        self.setStyleSheet("QWidget#auctionView { background: #efe8d8; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        self.header = QLabel(self)
        self.header.setObjectName("auctionHeader")
        self.header.setStyleSheet("font-size: 20px; font-weight: 700; color: #2b2620;")
        self.order = QLabel(self)
        self.order.setWordWrap(True)
        self.order.setStyleSheet("color: #4d4537; font-size: 13px;")
        self.turn = QLabel(self)
        self.turn.setObjectName("turnLine")
        self.turn.setStyleSheet("font-size: 16px; font-weight: 600; padding: 4px 0;")
        self.clock = QLabel(self)
        self.clock.setObjectName("bidClock")
        self.clock.setStyleSheet("font-size: 16px; font-weight: 700; color: #b03a2e;")
        # both lines wrap rather than widen the window: "Time left: 8 s (paused while a dialog is open)" made the
        # view's least width larger than a 1366-px screen and pushed the docks past its edge
        self.turn.setWordWrap(True)
        self.clock.setWordWrap(True)
        self.clock.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        # the table can stop the clock (a phone call, a rules question); it shows only while a clock runs
        # (a visible button and a key: Ctrl+Space, or the Pause key where the keyboard has one)
        self.pause_button = QPushButton(f"Pause clock ({PAUSE_KEY_NAME})", self)
        self.pause_button.setObjectName("pauseClock")
        self.pause_button.setCheckable(True)
        self.pause_button.setToolTip(f"Stop the bid clock until you resume it ({PAUSE_KEY_NAME} or the Pause key)")
        self.pause_button.toggled.connect(
            lambda on: self.pause_button.setText(f"{'Resume' if on else 'Pause'} clock ({PAUSE_KEY_NAME})")
        )
        self.pause_button.hide()
        self.pause_action = QAction("Pause or resume the bid clock", self)
        self.pause_action.setShortcuts([QKeySequence(PAUSE_KEY_NAME), QKeySequence(Qt.Key.Key_Pause)])
        self.pause_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.pause_action.triggered.connect(self._on_pause_action_triggered)
        self.addAction(self.pause_action)
        top = QHBoxLayout()
        top.addWidget(self.turn, 1)
        top.addWidget(self.clock)
        top.addWidget(self.pause_button)
        layout.addWidget(self.header)
        layout.addWidget(self.order)
        layout.addLayout(top)
        self.board_frame = QFrame(self)
        self.board_frame.setObjectName("bidBoard")
        self.board_frame.setStyleSheet(
            "QFrame#bidBoard { background: #fbf7ea; border: 1px solid #c9c1a8; border-radius: 10px; }"
        )
        self.grid = QGridLayout(self.board_frame)
        self.grid.setContentsMargins(12, 12, 12, 12)
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(14)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.board_frame)
        controls = QHBoxLayout()
        self.marker = BidMarker(self)
        self.target = QLabel("Click an empire to choose it", self)
        self.target.setObjectName("bidTarget")
        self.amount = AmountBox(self, money=lambda v: f"{v} VP", what="The bid")
        self.amount.setObjectName("bidAmount")
        self.amount.setSuffix(" VP")
        self.amount.setToolTip("Your bid: the least legal bid is filled in")
        self.bid_button = QPushButton("&Bid", self)
        self.bid_button.setObjectName("bidButton")
        self.bid_button.clicked.connect(self._on_bid_button_clicked)
        controls.addWidget(self.marker)
        controls.addSpacing(16)
        controls.addWidget(self.target, 1)
        controls.addWidget(self.amount)
        controls.addWidget(self.bid_button)
        layout.addLayout(controls)
        # a typed bid or score outside the allowed range: said here, with the range; nothing is played
        self.refusal_label = refusal_label(layout, self.amount, parent=self)
        score = QHBoxLayout()
        self.score_label = QLabel(self)
        self.score_amount = AmountBox(self, money=lambda v: f"{v} VP", what="The score")
        self.score_amount.setObjectName("scoreAmount")
        self.score_amount.set_allowed(0, 999)
        self.score_amount.message_label = self.refusal_label
        self.score_amount.setSuffix(" VP")
        self.score_button = QPushButton("Record score", self)
        self.score_button.setObjectName("scoreButton")
        self.score_button.clicked.connect(self._on_score_button_clicked)
        score.addWidget(self.score_label, 1)
        score.addWidget(self.score_amount)
        score.addWidget(self.score_button)
        self.score_row = QWidget(self)
        self.score_row.setLayout(score)
        self.score_row.hide()
        layout.addWidget(self.score_row)
        layout.addStretch(1)  # the space left goes below the board and its controls, not into tall cards
        self.cards: dict[str, EmpireCard] = {}
        self.selected: str | None = None

    def _refused(self, box: AmountBox) -> bool:
        reason = box.refusal()
        if reason is None:
            return False
        self.refusal_label.setText(reason)
        self.refusal_label.show()
        box.setFocus()
        box.selectAll()
        return True

    def _on_pause_action_triggered(self) -> None:
        """The pause key: toggles the clock while its button shows (a clock runs), else does nothing."""
        if self.pause_button.isVisible():
            self.pause_button.toggle()

    def _on_bid_button_clicked(self) -> None:
        if self.selected is not None and not self._refused(self.amount):
            self.bid_clicked.emit(self.selected, int(self.amount.typed_value() or 0))

    def _on_score_button_clicked(self) -> None:
        if not self._refused(self.score_amount):
            self.score_clicked.emit(int(self.score_amount.typed_value() or 0))

    def set_cards(self, ids: list[str]) -> None:
        if list(self.cards) == ids:
            return
        for card in self.cards.values():
            self.grid.removeWidget(card)
            card.hide()  # at once: deleteLater alone leaves it drawn until the event loop runs
            card.deleteLater()
        self.cards = {}
        top = ids[:TOP_ROW]
        bottom = ids[TOP_ROW:]
        for row, names in ((0, top), (1, bottom)):
            for col, item_id in enumerate(names):
                card = EmpireCard(item_id, self.board_frame)
                card.clicked.connect(self.card_clicked)
                card.marker_dropped.connect(self.marker_dropped)
                self.grid.addWidget(card, row, col)
                self.cards[item_id] = card
        self.selected = None


class VpTable(QTableWidget):
    """Each player's victory points: total, paid for empires, scored on the board, what they control now."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("vpTable")
        self.setColumnCount(5)
        self.setHorizontalHeaderLabels(["Player", "VP", "Paid", "Scored", "Controls now"])
        self.verticalHeader().hide()
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        #: player name -> the computer player holding that seat
        self.bot_kinds: dict[str, str] = {}

    def set_game(self, game: Any) -> None:
        step = auction_of(game)
        ranked = sorted(game.players, key=lambda p: -p.vp)
        self.setRowCount(len(ranked))
        for row, p in enumerate(ranked):
            held = step.controlled_by(p) if step is not None and not step.passed else None
            values = [
                seat_name(p.name, self.bot_kinds),
                f"{p.vp}",
                f"{p.paid}",
                f"{p.scored}",
                f"{held.label} at {held.high_bid}" if held is not None else "—",
            ]
            for col, text in enumerate(values):
                cell = QTableWidgetItem(text)
                if col == 0:
                    cell.setForeground(player_color(game, p.id))
                if col in (1, 2, 3):
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.setItem(row, col, cell)
        fit_rows(self, cap=400)


class SummaryTable(QTableWidget):
    """Who played which empire in each epoch and at what price (the epoch summary).  The players' columns share
    the dock's width and long entries wrap (at 1366x768 the third player's column was cut off, a scroll away)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("summaryTable")
        self.verticalHeader().setDefaultSectionSize(22)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWordWrap(True)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self._fit_pending = False
        self.horizontalHeader().sectionResized.connect(self._columns_resized)

    def _columns_resized(self, *_: Any) -> None:
        """Wrapped entries need taller rows when the columns narrow: refit once the header has settled."""
        if not self._fit_pending:
            self._fit_pending = True
            QTimer.singleShot(0, self, self._fit_rows_to_columns)

    def _fit_rows_to_columns(self) -> None:
        self._fit_pending = False
        self.resizeRowsToContents()
        fit_rows(self, cap=300)

    def set_game(self, game: Any) -> None:
        players = list(game.players)
        self.setColumnCount(len(players))
        self.setHorizontalHeaderLabels([p.name for p in players])
        epochs = 7
        self.setRowCount(epochs)
        self.setVerticalHeaderLabels([f"Epoch {roman(e)}" for e in range(1, epochs + 1)])
        cells: dict[tuple[int, Any], list[str]] = {}
        for award in game.summary:
            text = award.empire + (f" + {award.minor}" if award.minor else "")
            if award.note == "low roller":
                text += " (free)"
            elif not award.stack or not award.note:
                text += f" — {award.price} VP"
            cells.setdefault((award.epoch, award.player), []).append(text)
        for e in range(1, epochs + 1):
            for col, p in enumerate(players):
                self.setItem(e - 1, col, QTableWidgetItem("\n".join(cells.get((e, p.id), []))))
        self.resizeRowsToContents()
        fit_rows(self, cap=300)
