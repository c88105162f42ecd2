"""Train dialogs, built from the engine's legal moves; each RETURNS an action (``.action``) or None.

* :class:`BuyTrainDialog`: buy a train from the depot, the discard pile or another corporation (the price
  entry is limited to the legal range; a depot train's price is fixed), trade a train in, or declare
  bankruptcy when the rules allow it.  Trains that exist but cannot be bought are listed disabled with the
  reason (what is missing: "sell shares").  The phase, the train limit and the rust schedule are shown where
  the decision is made.
* :class:`DiscardTrainDialog`: choose the train to discard when over the train limit.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.amount import AmountBox
from desktop.dialogs.price_box import add_cancel_and_buy, money, price_refused, show_price_range
from desktop.panels.trains import trains_state
from engine.moves import LegalMoves
from engine.moves.base import Move
from engine.moves.trains import BuyTrainMove, DiscardTrainMove

__all__ = ["BuyTrainDialog", "DiscardTrainDialog", "schedule_html"]

ROLE = Qt.ItemDataRole.UserRole


_money = money


def _name(game: Any, entity_type: str, entity: Any) -> str:
    try:
        return str(game.entity_by(entity_type, entity).name)
    except Exception:  # an id the game does not know: show the id
        return str(entity)


def _train(game: Any, train_id: str) -> Any:
    return next((t for t in game.depot.trains if str(t.id) == train_id), None)


#: room before a column of the schedule: the right-aligned price ran into the depot count ("$80 5 of 7")
_GAP = "style='padding-left: 14px'"


def schedule_html(game: Any) -> str:
    """The phase, the train limit and the depot with the rust schedule, as a small table."""
    state = trains_state(game)
    rows = []
    for row in state.trains:
        left = "unlimited" if row.total is None else f"{row.in_depot} of {row.total}"
        fate = []
        if row.rusted and not row.owned and not row.in_depot:
            fate.append("all rusted")
        elif row.rusts_on:
            fate.append(f"rusts when a {' or '.join(row.rusts_on)} is bought")
        if row.obsolete_on:
            fate.append(f"obsolete on {row.obsolete_on}")
        mark = " style='font-weight:bold'" if row.next_for_sale else ""
        rows.append(f"<tr{mark}><td>{row.name}</td><td align='right' {_GAP}>{' / '.join(row.prices)}</td>"
                    f"<td {_GAP}>{left}</td><td {_GAP}>{'; '.join(fate) or '&mdash;'}</td></tr>")
    upcoming = next((p for p in state.phases if p.state == "future"), None)
    nxt = f"; the next phase ({upcoming.name}) starts with a {upcoming.on}" if upcoming is not None else ""
    return (f"<p><b>Phase {state.phase}</b>: train limit {state.train_limit}{nxt}.</p>"
            f"<table cellspacing='0' cellpadding='2'><tr><th align='left'>Train</th><th {_GAP}>Price</th>"
            f"<th align='left' {_GAP}>In the depot</th><th align='left' {_GAP}>Rust schedule</th></tr>"
            + "".join(rows) + "</table>")


def loans_needed(game: Any, move: BuyTrainMove) -> str:
    """The corporate loans a depot train's price makes the buyer take (the merger games take them automatically):
    how many, and what they cost and do to the share price; else ""."""
    rules = getattr(game, "loan_rules", None)
    value = int(getattr(rules, "LOAN_VALUE", 0) or 0)
    step = game.round.active_step()
    if rules is None or not value or move.source != "depot" or not callable(getattr(step, "automatic_funds", None)):
        return ""
    try:
        buyer = game.entity_by(move.entity_type, move.entity)
    except Exception:  # an id the game does not know: nothing to say
        return ""
    try:
        automatic = int(step.automatic_funds(buyer, _train(game, move.train)))
    except Exception:  # a train the step cannot price: nothing to say
        return ""
    short = int(move.min_price) - int(getattr(buyer, "cash", 0) or 0)
    if automatic <= 0:
        return ""
    proceeds = value - int(getattr(rules, "PROCEEDS_DISCOUNT", 0) or 0)
    if short <= 0 or proceeds <= 0:
        return ""
    count = -(-short // proceeds)
    said = f"takes {count} loan{'s' if count > 1 else ''} ({_money(game, proceeds)} each)"
    interest = int(getattr(rules, "INTEREST_PER_LOAN", 0) or 0)
    if interest:
        said += f", {_money(game, interest * count)} more interest each operating round"
    if getattr(rules, "SETTLE_BY_PRICE_AT_END", False):
        said += "; each loan still held at the end moves the price one step left"
    return said


def consequences(game: Any, move: BuyTrainMove) -> str:
    """What buying ``move``'s train sets off: the first of its kind from the depot rusts older trains and may
    start a new phase ("rusts the 3 trains; starts phase 6"), the loans it makes the buyer take, else ""."""
    if move.source not in ("depot",):
        return ""
    loans = loans_needed(game, move)
    said = _first_of_kind(game, move)
    return "; ".join(s for s in (said, loans) if s)


def _first_of_kind(game: Any, move: BuyTrainMove) -> str:
    name = move.variant
    depot = game.depot
    sold = [t for t in depot.trains if str(t.name) == name and t.owner is not None and t.owner is not depot]
    if sold:
        return ""
    said: list[str] = []
    rusting = sorted({str(t.name) for t in depot.trains
                      if t.owner is not None and t.owner is not depot and not t.rusted
                      and name in ([t.rusts_on] if isinstance(t.rusts_on, str) else list(t.rusts_on or []))})
    if rusting:
        said.append(f"rusts every {' and '.join(rusting)} train")
    phase = game.phase
    upcoming = phase.upcoming
    if upcoming is not None:
        on = upcoming.get("on")
        if name in ([on] if isinstance(on, str) else list(on or [])):
            said.append(f"starts phase {upcoming['name']}")
    return "; ".join(said)


class BuyTrainDialog(QDialog):
    """Buy a train for the operating corporation (or declare bankruptcy)."""

    def __init__(self, game: Any, moves: LegalMoves, entity: tuple[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.action: dict[str, Any] | None = None
        etype, eid = entity
        # the corporation's own purchases, then those its private companies make for it at their discount
        # (18MS's Mobile & Ohio)
        owned = {str(c.id) for c in getattr(game.entity_by(etype, eid), "companies", [])}
        self.buys = [m for m in moves.of_type("buy_train")
                     if isinstance(m, BuyTrainMove) and (m.entity_type, m.entity) == entity]
        self.buys += [m for m in moves.of_type("buy_train")
                      if isinstance(m, BuyTrainMove) and m.entity_type == "company" and str(m.entity) in owned]
        self.bankrupt: Move | None = next((m for m in moves.of_type("bankrupt")
                                           if (m.entity_type, m.entity) == entity), None)
        corporation = game.entity_by(etype, eid)
        name = str(getattr(corporation, "name", eid))
        self.setWindowTitle(f"{name}: buy a train")
        self.setMinimumWidth(640)
        layout = QVBoxLayout(self)
        owned = ", ".join(str(t.name) for t in getattr(corporation, "trains", [])) or "none"
        head = QLabel(f"<b>{name}</b> has {_money(game, corporation.cash)} and owns trains: {owned}.")
        head.setWordWrap(True)
        layout.addWidget(head)
        schedule = QLabel(schedule_html(game))
        schedule.setObjectName("schedule")
        schedule.setTextFormat(Qt.TextFormat.RichText)
        schedule.setWordWrap(True)
        layout.addWidget(schedule)

        layout.addWidget(QLabel("Choose a train:"))
        self.list = QListWidget(self)
        self.list.setObjectName("trains")
        self.list.setWordWrap(True)
        for move in self.buys:
            item = QListWidgetItem(self._describe(move))
            item.setData(ROLE, move)
            item.setToolTip(move.describe())
            self.list.addItem(item)
        for u in moves.unusable:
            if u.kind != "train":
                continue
            train = _train(game, u.id)
            label = f"{train.name} train" if train is not None else u.id
            # "the 5 train costs $450; ..." names the train itself: not "5 train: the 5 train costs ..."
            named = u.reason.lower().startswith(f"the {label.lower()}")
            item = QListWidgetItem(u.reason[0].upper() + u.reason[1:] if named else f"{label}: {u.reason}")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            item.setToolTip(u.reason)
            self.list.addItem(item)
        self.list.currentItemChanged.connect(lambda *_: self._selected())
        self.list.itemDoubleClicked.connect(lambda *_: self.buy())
        layout.addWidget(self.list, 1)

        price_row = QHBoxLayout()
        price_row.addWidget(QLabel("Price:"))
        self.price = AmountBox(self, what="The price")
        self.price.setObjectName("price")
        self.price.setKeyboardTracking(True)
        price_row.addWidget(self.price)
        self.range_note = QLabel("")
        price_row.addWidget(self.range_note, 1)
        layout.addLayout(price_row)

        buttons = QHBoxLayout()
        if self.bankrupt is not None:
            self.bankrupt_button: QPushButton | None = QPushButton("Declare bankruptcy...")
            self.bankrupt_button.setObjectName("bankrupt")
            self.bankrupt_button.setToolTip(f"{name} cannot raise the price of a train: its president goes bankrupt")
            self.bankrupt_button.clicked.connect(self.declare_bankruptcy)
            buttons.addWidget(self.bankrupt_button)
        else:
            self.bankrupt_button = None
        buttons.addStretch(1)
        self.buy_button = add_cancel_and_buy(self, buttons, self.buy)
        layout.addLayout(buttons)
        self._confirm_bankruptcy = False
        if self.buys:
            self.list.setCurrentRow(0)
        self._selected()

    def _describe(self, move: BuyTrainMove) -> str:
        game = self.game
        where = {"depot": "from the depot", "discard": "from the discard pile"}.get(
            move.source, f"from {_name(game, 'corporation', move.source)}")
        if move.min_price == move.max_price:
            price = _money(game, move.min_price)
        else:
            price = f"{_money(game, move.min_price)} to {_money(game, move.max_price)}"
        swap = ""
        if move.exchange:
            old = _train(game, move.exchange)
            swap = f", trading in the {old.name if old is not None else move.exchange} train"
        help_ = f" (the president adds up to {_money(game, move.contribution)})" if move.contribution else ""
        which = f" ({move.train})" if move.source not in ("depot", "discard") else ""
        company = f" with {_name(game, 'company', move.entity)}'s discount" if move.entity_type == "company" else ""
        effects = consequences(game, move)
        return (f"{move.variant} train{which} {where}{company}: {price}{swap}{help_}"
                + (f"  \u2014 {effects}" if effects else ""))

    def selected(self) -> BuyTrainMove | None:
        item = self.list.currentItem()
        move = item.data(ROLE) if item is not None else None
        return move if isinstance(move, BuyTrainMove) else None

    def select(self, train: str, variant: str | None = None, exchange: str | None = None,
               entity: str | None = None) -> bool:
        """Select the row of ``train`` (and ``variant`` / trade-in; bought by ``entity``, a company using its
        discount, when given); False when no row offers it."""
        for row in range(self.list.count()):
            move = self.list.item(row).data(ROLE)
            if not isinstance(move, BuyTrainMove) or move.train != train:
                continue
            if entity is not None and str(move.entity) != str(entity):
                continue
            if variant is not None and move.variant != variant:
                continue
            if (exchange or None) != move.exchange:
                continue
            self.list.setCurrentRow(row)
            return True
        return False

    def _selected(self) -> None:
        move = self.selected()
        initial = 0 if move is None else move.max_price if move.min_price == move.max_price else move.min_price
        show_price_range(self.game, move, self.price, self.range_note, self.buy_button, "Choose a train first",
                         initial, "The depot's price is fixed")

    def buy(self) -> None:
        move = self.selected()
        if move is None:
            return
        if price_refused(self.price, self.range_note):
            return
        action: dict[str, Any] = {**move.base(), "train": move.train, "price": int(self.price.typed_value() or 0),
                                  "variant": move.variant}
        if move.exchange is not None:
            action["exchange"] = move.exchange
        self.action = action
        self.accept()

    def declare_bankruptcy(self) -> None:
        if self.bankrupt is None or self.bankrupt_button is None:
            return
        if not self._confirm_bankruptcy:
            # two clicks: the first arms the button, so a slip of the mouse does not end a player's game
            self._confirm_bankruptcy = True
            self.bankrupt_button.setText("Confirm bankruptcy")
            self.bankrupt_button.setStyleSheet("color: #a01c12; font-weight: bold;")
            return
        self.action = self.bankrupt.base()
        self.accept()


class DiscardTrainDialog(QDialog):
    """Choose a train to discard (the corporation is over its train limit)."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.action: dict[str, Any] | None = None
        self.discards = [m for m in moves.of_type("discard_train") if isinstance(m, DiscardTrainMove)]
        first = self.discards[0] if self.discards else None
        name = _name(game, first.entity_type, first.entity) if first is not None else ""
        self.setWindowTitle(f"{name}: discard a train")
        layout = QVBoxLayout(self)
        entity = game.entity_by(first.entity_type, first.entity) if first is not None else None
        rules = getattr(game, "train_rules", None)
        limit: Any = "?"
        if entity is not None:
            limit = rules.train_limit(entity) if rules is not None else game.phase.train_limit(entity)
        note = QLabel(f"<b>{name}</b> has more trains than the train limit ({limit}): choose one to discard.")
        note.setWordWrap(True)
        layout.addWidget(note)
        schedule = QLabel(schedule_html(game))
        schedule.setTextFormat(Qt.TextFormat.RichText)
        schedule.setWordWrap(True)
        layout.addWidget(schedule)
        self.buttons: dict[str, QPushButton] = {}
        for move in self.discards:
            button = QPushButton(f"Discard the {move.name} train ({move.train})")
            button.setObjectName(f"discard_{move.train}")
            button.clicked.connect(lambda _=False, m=move: self.choose(m))
            layout.addWidget(button)
            self.buttons[move.train] = button

    def choose(self, move: DiscardTrainMove) -> None:
        self.action = {**move.base(), "train": move.train}
        self.accept()
