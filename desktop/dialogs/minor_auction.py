"""Bids on one item at a time, built from the legal moves: 1867's private auction (the cheapest private is on
offer; its price falls by $5 when nobody bids) and the stock round's minors' auction of 1867 and 1861 (a player
opens the bid on a minor, the others raise or pass; the winning bid becomes the minor's treasury and half of it,
within the title's limits, its price).

One row per item the player may bid on now: its name, home and facts, the high bid and its bidder, a bid box
(minimum bid filled in, stepping by the increment, stopping at what the player can afford) and a Bid button.
Items the player cannot bid on stay visible, disabled, with the reason.  While an auction runs, Pass (P) drops
out of it.  The dialog never submits: ``action`` is the chosen action dict (or None when closed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.amount import AmountBox, refusal_label
from desktop.dialogs.auction import PassKeyDialog, _entity_name, _money
from desktop.panels.flow_layout import FlowLayout
from engine.moves.base import BidMove, LegalMoves, PassMove, Unusable

#: a card's width in the auction panel (cards mode)
CARD_WIDTH = 160


def _html(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@dataclass
class BidRow:
    """The widgets of one item's row (tests and the play-through drivers click in them)."""

    move: BidMove | None
    spin: AmountBox
    button: QPushButton
    high: QLabel
    #: the item's other bid ranges (1817: the privates a bidder may pay with leave gaps between ranges)
    others: tuple[BidMove, ...] = ()
    #: the item's name (its symbol and name)
    name: QLabel | None = None


def running_target(step: Any) -> Any:
    """The item whose auction is running now (bids on it only), or None."""
    return getattr(step, "auction_target", None)


def item_of(game: Any, key: str, item_id: str) -> Any:
    """The company or corporation a bid names."""
    try:
        return game.company_by_id(item_id) if key == "company" else game.corporation_by_id(item_id)
    except Exception:  # an id the game does not know: shown by its id
        return None


def item_facts(game: Any, step: Any, key: str, item: Any) -> str:
    """One line about the item: a private's face value and revenue; a minor's home and what its bid buys."""
    if item is None:
        return ""
    if key == "company":
        facts = [f"face value {_money(game, item.value)}"]
        if getattr(item, "revenue", 0):
            facts.append(f"revenue {_money(game, item.revenue)}")
        return ", ".join(facts)
    home = getattr(item, "coordinates", None) or [t.city.hex.id for t in getattr(item, "tokens", [])
                                                  if getattr(t, "used", False) and t.city is not None]
    if home:
        return f"home {home if isinstance(home, str) else ', '.join(home)}"
    return "home: the winner's choice"


def kind_word(game: Any, targets: list[str]) -> str:
    """"minor" when every corporation on offer is a minor (1867), else "corporation" (1817)."""
    items = [item_of(game, "corporation", t) for t in targets]
    return "minor" if all(getattr(i, "type", None) == "minor" for i in items if i is not None) else "corporation"


def minor_rule(game: Any, step: Any, what: str = "minor") -> str:
    """What a minor's winning bid buys (said once, above the rows)."""
    cap = getattr(step, "MAX_MINOR_PAR", None)
    return (f"The winning bid becomes the {what}'s treasury; its price is half the bid"
            + (f" (at most {_money(game, cap)})" if cap else "") + ".")


def high_bid_text(game: Any, step: Any, item: Any, html: bool = True) -> str:
    finder = getattr(step, "highest_bid", None)
    bid = finder(item) if callable(finder) and item is not None else None
    if bid is None:
        return "no bid yet"
    name = str(getattr(bid.entity, "name", bid.entity))
    return f"{_money(game, bid.price)} by {_html(name) if html else name}"


def card_name(target: str, full: str) -> str:
    """The name a card shows after the item's symbol in bold: 18USA's "P5 - Nobel's Blasting Powder" without its
    repeated "P5 - "."""
    if full == target:
        return ""
    if full.startswith(target):
        rest = full[len(target):].lstrip(" -–—:")
        if rest:
            return rest
    return full


def elided_name(label: QLabel, target: str, name: str, width: int) -> None:
    """``label`` shows the bold ``target`` and ``name`` on one line ``width`` px wide, the name elided with "…" where
    it does not fit (the label's tooltip says it in full)."""
    bold = QFont(label.font())
    bold.setBold(True)
    room = width - QFontMetrics(bold).horizontalAdvance(target + " ") - 2
    shown = QFontMetrics(label.font()).elidedText(name, Qt.TextElideMode.ElideRight, max(0, room)) if name else ""
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText(f"<b>{_html(target)}</b>" + (f" {_html(shown)}" if shown else ""))


def elided_line(label: QLabel, text: str, width: int) -> None:
    """``label`` shows the plain ``text`` on one line ``width`` px wide, elided with "…" where it does not fit."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(QFontMetrics(label.font()).elidedText(text, Qt.TextElideMode.ElideRight, max(0, width - 2)))


class MinorAuctionDialog(PassKeyDialog):
    """Bid on the item on offer (or open the auction of a minor), or pass."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None,
                 own_pass: bool = False, cards: bool = False) -> None:
        """``own_pass``: the step's pass is the dialog's even when no auction runs (a private auction where
        each player in turn opens the bidding on an item or passes); else only a running auction's.
        ``cards``: standing in the window's auction panel: one small card per item side by side (wrapping), the
        cash on the panel's title line and Pass on it (``header_buttons``), low enough to leave the map its room."""
        super().__init__(parent)
        self.cards = cards
        #: buttons the auction panel shows on its title line (cards mode)
        self.header_buttons: list[QPushButton] = []
        self.game = game
        self.moves = moves
        self.action: dict[str, Any] | None = None
        self.step = game.round.active_step()
        bids = [m for m in moves.moves if isinstance(m, BidMove)]
        self.running = running_target(self.step)
        passes = [m for m in moves.moves if isinstance(m, PassMove)]
        # the pass of a running auction (or of the private auction) drops out; a stock turn's pass is the bar's
        self._pass = passes[0] if passes and (own_pass or self.running is not None
                                              or moves.step == "SingleItemAuction") else None
        actor = bids[0] if bids else (passes[0] if passes else None)
        self.player_name = _entity_name(game, actor.entity_type, actor.entity) if actor is not None else "?"
        player = next((p for p in game.players if actor is not None and p.id == actor.entity), None)
        key = bids[0].target_key if bids else ("company" if moves.step == "SingleItemAuction" else "corporation")
        self.key = key
        what = "private" if key == "company" else kind_word(game, [m.target for m in bids])
        if self.running is not None:
            self.setWindowTitle(f"Auction of {self.running.id}: {self.player_name}")
            head = (f"<b>{_html(self.player_name)}</b>: the {what} <b>{_html(self.running.id)}</b> is up for "
                    f"auction. Raise the bid or pass.")
        else:
            self.setWindowTitle(f"Start a {what} by auction: {self.player_name}")
            head = f"<b>{_html(self.player_name)}</b>: open the bidding on a {what}; the others then raise or pass."
        layout = QVBoxLayout(self)
        label = QLabel(head)
        label.setWordWrap(True)
        layout.addWidget(label)
        cash = f" (cash {_money(game, player.cash)})" if player is not None else ""
        #: the panel's title line in cards mode
        self.panel_heading = (f"Auction of {self.running.id}: " if self.running is not None else "Auction: ") \
            + f"{self.player_name}'s turn{cash}"
        if player is not None and not cards:
            layout.addWidget(QLabel(f"Cash: {_money(game, player.cash)}"))
        if key == "corporation":
            rule = QLabel(f"<i>{_html(minor_rule(game, self.step, what))}</i>")
            rule.setWordWrap(True)
            layout.addWidget(rule)

        grid = QGridLayout()
        strip = FlowLayout(spacing=6, align_right=False) if cards else None
        if not cards:
            for col, text in enumerate(("", "About", "High bid", "Your bid", "")):
                grid.addWidget(QLabel(f"<b>{text}</b>"), 0, col)
        self.rows: dict[str, BidRow] = {}
        ranges: dict[str, list[BidMove]] = {}
        for m in bids:
            ranges.setdefault(m.target, []).append(m)
        items: list[tuple[str, BidMove | None, str | None]] = [(t, ms[0], None) for t, ms in ranges.items()]
        for u in moves.unusable:
            if isinstance(u, Unusable) and u.kind == key and all(u.id != t for t, _, _ in items):
                items.append((str(u.id), None, u.reason))
        for r, (target, move, reason) in enumerate(items, start=1):
            item = item_of(game, key, target)
            full = str(getattr(item, "full_name", None) or getattr(item, "name", "")) if item is not None else ""
            name = QLabel(f"<b>{_html(target)}</b>" + (f"<br>{_html(full)}" if full and full != target else ""))
            facts = QLabel(_html(item_facts(game, self.step, key, item)))
            facts.setWordWrap(True)
            high = QLabel(high_bid_text(game, self.step, item))
            spin = AmountBox(money=lambda v: _money(game, v), what="The bid")
            button = QPushButton("Bid")
            button.setObjectName(f"bid_{target}")
            others = tuple(ranges.get(target, [])[1:])
            if move is not None and others:  # one box over every range; a bid in a gap is refused when made
                low, high_bid = move.min_bid, max(m.max_bid for m in (move, *others))
                spin.set_allowed(low, max(low, high_bid), f"all of {self.player_name}'s bidding power", 0)
                spin.setSingleStep(move.step or 5)
                spin.setValue(move.min_bid)
                gaps = ", ".join(f"{_money(game, m.min_bid)}-{_money(game, m.max_bid)}" for m in (move, *others))
                button.setToolTip(f"Bid on {target}: {gaps}")
                button.clicked.connect(lambda _=False, t=target: self.choose_bid(t))
                spin.lineEdit().returnPressed.connect(lambda t=target: self.choose_bid(t))
            elif move is not None:
                spin.set_allowed(move.min_bid, max(move.min_bid, move.max_bid),
                                 f"all of {self.player_name}'s cash", move.step)
                if not move.step:
                    spin.setSingleStep(5)
                spin.setValue(move.min_bid)
                button.setToolTip(f"Bid on {target} (at least {_money(game, move.min_bid)})")
                button.clicked.connect(lambda _=False, t=target: self.choose_bid(t))
                spin.lineEdit().returnPressed.connect(lambda t=target: self.choose_bid(t))
            else:
                why = reason or "bidding is not possible now"
                for widget in (spin, button):
                    widget.setEnabled(False)
                    widget.setToolTip(why)
                facts.setText(facts.text() + f"<br><i>{_html(why)}</i>")
            if strip is not None and move is not None:  # the range in words: the box starts at its low end
                said = (f"bid {_money(game, move.min_bid)} to "
                        f"{_money(game, max(m.max_bid for m in (move, *ranges.get(target, [])[1:])))}")
                spin.setToolTip(said)
                face = getattr(item, "value", None) if key == "company" else None
                plain = (f"{_money(game, face)} · " if face is not None else "") \
                    + high_bid_text(game, self.step, item, html=False)
                elided_line(high, plain, CARD_WIDTH - 10)  # one line: a long bidder's name is elided
                high.setToolTip(f"{_html(plain)}<br>{facts.text()}; {said}")
                facts.hide()
            if strip is not None:  # a card: name, facts, high bid, then the box and its button
                card = QFrame()
                card.setObjectName(f"card_{target}")
                card.setFrameShape(QFrame.Shape.StyledPanel)
                card.setFixedWidth(CARD_WIDTH)
                inner = QVBoxLayout(card)
                inner.setContentsMargins(4, 2, 4, 2)
                inner.setSpacing(1)
                # one line each, the card stays low (the map's room): a long name is elided, in full in the tooltip
                elided_name(name, target, card_name(target, full), CARD_WIDTH - 10)
                name.setToolTip(full if full and full.startswith(target) else f"{target} {full}".strip())
                name.setMaximumWidth(CARD_WIDTH - 10)
                if move is None:
                    elided_line(high, high_bid_text(game, self.step, item, html=False), CARD_WIDTH - 10)
                for widget in (name, facts, high):
                    inner.addWidget(widget)
                line = QHBoxLayout()
                line.addWidget(spin, 1)
                line.addWidget(button)
                inner.addLayout(line)
                strip.addWidget(card)
            else:
                for col, widget in enumerate((name, facts, high, spin, button)):
                    grid.addWidget(widget, r, col)
            self.rows[target] = BidRow(move, spin, button, high, tuple(ranges.get(target, [])[1:]), name)
        if strip is not None:  # the panel scrolls; the cards wrap at its width
            layout.addLayout(strip)
        else:
            grid.setColumnStretch(1, 1)
            holder = QWidget()
            holder.setLayout(grid)
            scroll = QScrollArea()
            scroll.setWidget(holder)
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QScrollArea.Shape.NoFrame)
            scroll.setMinimumHeight(min(440, 40 + 38 * len(items)))
            layout.addWidget(scroll)
        self.refusal_label = refusal_label(layout)

        buttons = QHBoxLayout()
        self.pass_button = QPushButton("Pass (P)")
        self.pass_button.setObjectName("pass")
        self.pass_button.setEnabled(self._pass is not None)
        self.pass_button.setToolTip(
            (f"Drop out of the auction of {self.running.id}" if self.running is not None else
             "Leave the private on offer to the others") if self._pass is not None
            else "passing is the stock turn's pass (the action bar)")
        self.pass_button.clicked.connect(self.choose_pass)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        self.close_button = close
        if cards:  # Pass on the panel's title line (and in the action bar); no Close: the panel stays
            close.hide()
            if self._pass is not None:
                self.header_buttons.append(self.pass_button)
            else:
                self.pass_button.hide()
            label.hide()  # the action bar says what to do, the panel's title whose turn it is
            return
        buttons.addStretch(1)
        self.pass_button.setVisible(self._pass is not None)
        buttons.addWidget(self.pass_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.setMinimumWidth(680)  # every column and the Bid buttons in sight, no sideways scrolling

    def choose_bid(self, target: str, price: int | None = None) -> None:
        row = self.rows.get(target)
        if row is None or row.move is None:
            return
        if price is None:
            reason = row.spin.refusal()
            if reason is not None:  # refused as typed: nothing is bid, the dialog stays open
                self.refusal_label.setText(reason)
                self.refusal_label.show()
                row.spin.setFocus()
                return
            price = int(row.spin.typed_value() or 0)
        move = row.move
        if row.others:  # the range the price falls in (a price between ranges is refused, saying the ranges)
            fits = [m for m in (row.move, *row.others)
                    if m.refusal({**m.base(), m.target_key: target, "price": price}) is None]
            if not fits:
                ranges = ", ".join(f"{_money(self.game, m.min_bid)}-{_money(self.game, m.max_bid)}"
                                   for m in (row.move, *row.others))
                self.refusal_label.setText(f"A bid on {target} can be {ranges} (the privates paying part of it "
                                           "come at their face value)")
                self.refusal_label.show()
                return
            move = fits[0]
        self.action = {**move.base(), move.target_key: target, "price": price}
        self.accept()


__all__ = ["BidRow", "MinorAuctionDialog"]
