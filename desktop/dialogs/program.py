"""Programmed ("auto") actions: set or cancel a player's program, built from the engine's program moves.

A player may let the program pass for them in stock rounds, or buy one certificate of a corporation in each of
their turns until it floats or until they hold a number of shares (then, optionally, pass).  The site runs
programs after every action and stops one when something happens that its player may want to react to; the
session does the same (``engine.programs``).  One program per player: setting one replaces the current one.

In a title with merger (and acquisition) rounds, any player may also let the program pass for their
corporations there (the merger and acquisition panels offer it to the player on the table; here to any player).

``ProgramDialog.action`` is the chosen ``program_share_pass`` / ``program_buy_shares`` / ``program_merger_pass`` /
``program_disable`` action (or None).  The dialog never submits it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.merger_program import MergerPassRow, merger_pass_row
from engine.moves.base import Move
from engine.programs import program_of


def program_text(game: Any, program: Any) -> str:
    """A program in words ("Buy NYC from the IPO until it floats, then pass")."""
    kind = getattr(program, "type", "")
    if kind == "program_share_pass":
        text = "Pass in stock rounds"
        if getattr(program, "unconditional", False):
            text += ", whatever happens"
        if getattr(program, "indefinite", False):
            text += ", in every stock round"
        return text
    if kind == "program_buy_shares":
        wanted = getattr(program, "corporation", None)
        corporation = next((c for c in game.corporations if c.id == wanted), None)
        name = corporation.name if corporation is not None else str(getattr(program, "corporation", "?"))
        source = "the market" if getattr(program, "from_market", False) else "the IPO"
        condition = getattr(program, "until_condition", None)
        until = "it floats" if condition == "float" else f"holding {condition} {'share' if condition == 1 else 'shares'}"
        then = ", then pass" if getattr(program, "auto_pass_after", False) else ""
        return f"Buy {name} from {source} until {until}{then}"
    if kind == "program_auction_bid":
        target = getattr(program, "bid_target", "?")
        name = next((getattr(e, "name", target) for group in ("companies", "corporations", "minors")
                     for e in getattr(game, group, None) or [] if e.id == target), target)
        parts = []
        if getattr(program, "enable_buy_price", False):
            parts.append(f"buy {name} when its price is {game.format_currency(int_price(program.buy_price))} "
                         "or less")
        if getattr(program, "enable_maximum_bid", False):
            parts.append(f"bid on {name} up to {game.format_currency(int_price(program.maximum_bid))}")
        text = "; ".join(parts) or f"{name}: no bid or price set"
        if getattr(program, "auto_pass_after", False):
            text += "; otherwise pass"
        return text[0].upper() + text[1:]
    return kind.replace("_", " ")


def int_price(value: Any) -> int:
    """A program's price as a number (the site stores the text of its number field)."""
    from engine.programs import program_price

    return program_price(value)


def program_moves(game: Any, player: Any) -> list[Move]:
    """The program moves ``player`` may make now (the Program step's enumerator: any player, any time)."""
    from engine.moves.misc import programs
    from engine.steps.defaults import ProgramStep

    step = next((s for s in getattr(game.round, "steps", []) if isinstance(s, ProgramStep)), None)
    if step is None or game.finished:
        return []
    return [m for m in programs(step, player) if isinstance(m, Move)]


def share_counts(corporation: Any, player: Any = None) -> list[int]:
    """The share counts a buy program may aim at: 1 to every share of the corporation (the site's box goes up to
    what the player holds plus the shares on offer, beyond 60% where a title's rules let a player hold more; the
    program stops by itself at whatever limit applies).  A player short of the corporation may also aim at what
    they hold now and up (the site's box starts there: 0 covers the shorts)."""
    unit = int(getattr(corporation, "share_percent", 10) or 10)
    lowest = 1
    if player is not None and hasattr(player, "percent_of"):
        lowest = min(1, int(player.percent_of(corporation)) // unit)
    return list(range(lowest, max(1, 100 // unit) + 1))


class ProgramDialog(QDialog):
    """Set or cancel the programmed actions of one player."""

    def __init__(self, game: Any, player: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.action: dict[str, Any] | None = None
        self.setWindowTitle("Programmed actions")
        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        intro = QLabel("A program plays for a player in the stock round until it is done or something happens "
                       "that the player may want to react to (another player sells, buys into one of their "
                       "corporations, or starts one); in the auction round it bids, buys or passes on one "
                       "company. One program per player; a new one replaces the old.")
        intro.setWordWrap(True)
        layout.addWidget(intro)

        top = QFormLayout()
        self.player_box = QComboBox(self)
        for p in game.players:
            self.player_box.addItem(p.name, p.id)
        if player is not None:
            self.player_box.setCurrentIndex(max(0, self.player_box.findData(player.id)))
        self.player_box.currentIndexChanged.connect(self._on_player_box_changed)
        top.addRow("Player:", self.player_box)
        self.current_label = QLabel(self)
        self.current_label.setWordWrap(True)
        self.cancel_button = QPushButton("Cancel this program", self)
        self.cancel_button.clicked.connect(self.cancel_program)
        row = QHBoxLayout()
        row.addWidget(self.current_label, 1)
        row.addWidget(self.cancel_button)
        top.addRow("Program now:", row)
        layout.addLayout(top)

        passing = QGroupBox("Pass", self)
        pass_layout = QVBoxLayout(passing)
        self.unconditional_box = QCheckBox("even when another player does something that may matter", passing)
        self.indefinite_box = QCheckBox("in every later stock round too (not only this one)", passing)
        self.pass_button = QPushButton("Pass for me in stock rounds", passing)
        self.pass_button.clicked.connect(self.set_share_pass)
        for widget in (self.unconditional_box, self.indefinite_box, self.pass_button):
            pass_layout.addWidget(widget)
        layout.addWidget(passing)

        buying = QGroupBox("Buy shares", self)
        form = QFormLayout(buying)
        self.corporation_box = QComboBox(buying)
        self.corporation_box.currentIndexChanged.connect(self._on_corporation_box_changed)
        form.addRow("Corporation:", self.corporation_box)
        self.source_box = QComboBox(buying)
        self.source_box.addItem("the IPO", False)
        self.source_box.addItem("the market (bank pool)", True)
        form.addRow("Buy from:", self.source_box)
        self.until_box = QComboBox(buying)
        form.addRow("Until:", self.until_box)
        self.pass_after_box = QCheckBox("then pass for me in this stock round", buying)
        form.addRow("", self.pass_after_box)
        self.buy_button = QPushButton("Buy for me", buying)
        self.buy_button.clicked.connect(self.set_buy_shares)
        form.addRow("", self.buy_button)
        layout.addWidget(buying)

        auction = QGroupBox("Bid in the auction", self)
        bid_form = QFormLayout(auction)
        self.target_box = QComboBox(auction)
        self.target_box.currentIndexChanged.connect(self._on_target_box_changed)
        bid_form.addRow("Company:", self.target_box)
        self.maximum_box = QCheckBox("bid the minimum, up to", auction)
        self.maximum_spin = QSpinBox(auction)
        self.maximum_spin.setRange(0, 100000)
        bid_form.addRow(self.maximum_box, self.maximum_spin)
        self.buy_price_box = QCheckBox("buy it when its price is at most", auction)
        self.buy_price_spin = QSpinBox(auction)
        self.buy_price_spin.setRange(0, 100000)
        bid_form.addRow(self.buy_price_box, self.buy_price_spin)
        self.auction_pass_box = QCheckBox("otherwise pass for me (past the maximum, or the price not reached)",
                                          auction)
        bid_form.addRow("", self.auction_pass_box)
        self.bid_button = QPushButton("Bid for me", auction)
        self.bid_button.clicked.connect(self.set_auction_bid)
        bid_form.addRow("", self.bid_button)
        self.auction_group = auction
        layout.addWidget(auction)

        self.merger_group = QGroupBox("Merger and acquisition rounds", self)
        self.merger_layout = QVBoxLayout(self.merger_group)
        self.merger_row: MergerPassRow | None = None
        layout.addWidget(self.merger_group)

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self._show_player()

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def player(self) -> Any:
        pid = self.player_box.currentData()
        return next((p for p in self.game.players if p.id == pid), None)

    def select_player(self, player_id: Any) -> None:
        self.player_box.setCurrentIndex(max(0, self.player_box.findData(player_id)))

    def _show_player(self) -> None:
        player = self.player
        moves = program_moves(self.game, player) if player is not None else []
        self.moves = moves
        program = program_of(self.game, player) if player is not None else None
        self.current = program
        self.current_label.setText(program_text(self.game, program) if program is not None else "none")
        can_disable = any(m.type == "program_disable" for m in moves)
        self.cancel_button.setEnabled(can_disable)
        self.cancel_button.setToolTip("" if can_disable else f"{getattr(player, 'name', '')} has no program")
        can_pass = any(m.type == "program_share_pass" for m in moves)
        self.pass_button.setEnabled(can_pass)
        self.pass_button.setToolTip("" if can_pass else "Programs cannot be set now")
        self.corporation_box.blockSignals(True)
        self.corporation_box.clear()
        for move in moves:
            if move.type == "program_buy_shares":
                corporation = self.game.corporation_by_id(getattr(move, "corporation", None))
                self.corporation_box.addItem(corporation.name if corporation is not None else "?",
                                             getattr(move, "corporation", None))
        self.corporation_box.blockSignals(False)
        has_buy = self.corporation_box.count() > 0
        self.buy_button.setEnabled(has_buy)
        self.buy_button.setToolTip("" if has_buy else "No corporation has been started yet")
        self._on_corporation_box_changed()
        self._show_auction(moves)
        self._show_merger(player)

    def _show_merger(self, player: Any) -> None:
        """The merger-pass row for ``player`` (the group hidden when no such program can be set for them now)."""
        if self.merger_row is not None:
            self.merger_layout.removeWidget(self.merger_row)
            self.merger_row.deleteLater()
        self.merger_row = merger_pass_row(self.game, player, self.set_merger_pass, choose_each=True)
        if self.merger_row is not None:
            self.merger_layout.addWidget(self.merger_row)
        self.merger_group.setVisible(self.merger_row is not None)

    def _show_auction(self, moves: list[Move]) -> None:
        """The auction-bid part: one entry per company for sale (only in an auction round that sells by bids)."""
        self.auction_moves = {getattr(m, "target", ""): m for m in moves if m.type == "program_auction_bid"}
        self.target_box.blockSignals(True)
        self.target_box.clear()
        for target, move in self.auction_moves.items():
            self.target_box.addItem(f"{getattr(move, 'name', target)} (now {move.min_bid})", target)
        current = self.current
        if current is not None and current.type == "program_auction_bid":
            self.select_data(self.target_box, getattr(current, "bid_target", None))
        self.target_box.blockSignals(False)
        has = bool(self.auction_moves)
        self.auction_group.setEnabled(has)
        self.auction_group.setToolTip("" if has else "Only in an auction round with companies for sale")
        self.bid_button.setToolTip("" if has else "Only in an auction round with companies for sale")
        self._on_target_box_changed()

    def _on_target_box_changed(self, _index: int = 0) -> None:
        move = self.auction_moves.get(self.target_box.currentData()) if hasattr(self, "auction_moves") else None
        if move is None:
            return
        current = self.current
        if current is not None and current.type == "program_auction_bid" and \
                getattr(current, "bid_target", None) == move.target:
            # the program set now, to change it
            self.maximum_box.setChecked(bool(current.enable_maximum_bid))
            self.maximum_spin.setValue(int_price(current.maximum_bid))
            self.buy_price_box.setChecked(bool(current.enable_buy_price))
            self.buy_price_spin.setValue(int_price(current.buy_price))
            self.auction_pass_box.setChecked(bool(current.auto_pass_after))
            return
        for spin in (self.maximum_spin, self.buy_price_spin):
            spin.setSingleStep(max(1, move.increment))
        self.maximum_spin.setValue(move.min_bid)
        self.buy_price_spin.setValue(0)

    def _on_player_box_changed(self, _index: int) -> None:
        self._show_player()

    def _on_corporation_box_changed(self, _index: int = 0) -> None:
        self.until_box.clear()
        chosen = self.corporation_box.currentData()
        corporation = next((c for c in self.game.corporations if c.id == chosen), None)
        if corporation is None:  # none started yet (the auction round): nothing to choose
            return
        if not corporation.floated:
            self.until_box.addItem("it floats", "float")
        for count in share_counts(corporation, self.player):
            self.until_box.addItem(f"I hold {count} share{'' if count == 1 else 's'}", count)

    def select_data(self, box: QComboBox, value: Any) -> bool:
        index = box.findData(value)
        if index < 0:
            return False
        box.setCurrentIndex(index)
        return True

    # --- choices ---------------------------------------------------------------------------------------------
    def _base(self, kind: str) -> dict[str, Any]:
        return {"type": kind, "entity": self.player.id, "entity_type": "player"}

    def set_share_pass(self) -> None:
        self.action = {**self._base("program_share_pass"), "unconditional": self.unconditional_box.isChecked(),
                       "indefinite": self.indefinite_box.isChecked()}
        self.accept()

    def set_buy_shares(self) -> None:
        if self.corporation_box.currentData() is None or self.until_box.currentData() is None:
            return
        self.action = {**self._base("program_buy_shares"), "corporation": self.corporation_box.currentData(),
                       "until_condition": self.until_box.currentData(), "from_market": self.source_box.currentData(),
                       "auto_pass_after": self.pass_after_box.isChecked()}
        self.accept()

    def set_auction_bid(self) -> None:
        """The site's auto bid: nothing is set unless a maximum, a buy price or passing is chosen."""
        target = self.target_box.currentData()
        if target is None:
            return
        maximum, buy, passing = (self.maximum_box.isChecked(), self.buy_price_box.isChecked(),
                                 self.auction_pass_box.isChecked())
        if not (maximum or buy or passing):
            self.bid_button.setToolTip("Choose a maximum bid, a buy price or passing first")
            return
        # the prices are written as the site writes them: the text of its number fields
        self.action = {**self._base("program_auction_bid"), "bid_target": target, "enable_maximum_bid": maximum,
                       "maximum_bid": str(self.maximum_spin.value()), "enable_buy_price": buy,
                       "buy_price": str(self.buy_price_spin.value()), "auto_pass_after": passing}
        self.accept()

    def set_merger_pass(self, action: dict[str, Any]) -> None:
        self.action = action
        self.accept()

    def cancel_program(self) -> None:
        if self.current is None and not any(m.type == "program_disable" for m in self.moves):
            return
        self.action = {**self._base("program_disable"), "reason": "user",
                       "original_type": getattr(self.current, "type", None)}
        self.accept()
