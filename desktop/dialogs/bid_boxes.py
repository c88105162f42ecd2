"""The bid boxes of a stock round (``engine.steps.bid_boxes.BidBoxShares``: the 1822 family), as cards in the
window's auction panel.

The auction panel's cards (:class:`~desktop.dialogs.auction.AuctionDialog`) with what bid boxes add: the items are
grouped by box (minors, concessions, private companies), each card says who leads it and for how much, what the
player would pay if the round ended now (their own winning bid) and that it resolves at the end of the stock
round; a line above the cards gives the player's cash, what their winning bids tie up, what is free, their
bidding tokens left and the bids left this turn.  The bid box steps by the title's increment, from the least bid to
the free cash.  Buying, selling and parring shares stay the stock round's gestures (drag and drop, dialogs).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QDialog, QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.dialogs.amount import AmountBox
from desktop.dialogs.auction import AuctionDialog, _money
from desktop.panels.action_bar import literal
from engine.moves.base import LegalMoves

__all__ = ["BidBoxesDialog", "PayoffDebtDialog", "box_kind", "box_summary", "is_bid_box_step"]

#: a box's heading by the leading letter of its items' ids (a title's other letters are shown by their names)
BOX_KINDS = {"M": "Minor", "C": "Concession", "P": "Private"}


def is_bid_box_step(step: Any) -> bool:
    """Is ``step`` a stock-round turn with bid boxes (it has boxes, bids that stand and bidding tokens)?"""
    return all(callable(getattr(step, name, None)) for name in ("box_items", "winning_bids", "tokens_left"))


def box_kind(company: Any) -> str:
    """The box an item stands in: "Minor", "Concession", "Private" (from its id), else its name's kind."""
    cid = str(getattr(company, "id", ""))
    letters = cid.rstrip("0123456789")
    if letters in BOX_KINDS:
        return BOX_KINDS[letters]
    name = str(getattr(company, "name", ""))
    return name.split(":", 1)[0].title() if ":" in name else "Company"


def box_summary(game: Any, step: Any, player: Any) -> str:
    """One line: the player's cash, what their winning bids tie up, the free cash, bidding tokens and bids left."""
    money = game.format_currency
    tied = int(step.committed_cash(player))
    cash = int(player.cash)
    tokens = int(step.tokens_left(player))
    per_turn = int(getattr(step, "BIDS_PER_TURN", 0) or 0)
    placed = int(getattr(step, "bid_actions", 0) or 0)
    winning = ", ".join(f"{b.target.id} {money(b.price)}" for b in step.winning_bids(player)) or "none"
    parts = [f"{player.name}: cash {money(cash)}", f"winning bids {winning} (tie up {money(tied)})",
             f"free {money(cash - tied)}", f"bidding tokens left {tokens} of {step.bidding_tokens()}"]
    if per_turn:
        parts.append(f"bids this turn {placed} of {per_turn}")
    return " · ".join(parts)


class BidBoxesDialog(AuctionDialog):
    """The bid boxes: every item's card with its box, its standing bids and leader, a bid box and its button.  The
    panel's title line says the player's free cash, bidding tokens and bids left (the full line in its tooltip and
    in ``summary``); the cards stay four lines high, so that the map keeps its share of a small screen."""

    #: a bid box card's standing line ("you lead: £85", "£100 Player 1") stays whole: cards scroll before they
    #: get narrower than this
    CARD_LEAST = 120

    RESOLVES = "resolves at the end of the stock round"

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        step = game.round.active_step()
        self.step = step
        self.box_game = game
        actor = next((p for p in game.players if ("player", p.id) in set(moves.acting)), None)
        self.actor = actor
        self._bid_texts: dict[int, str] = {}
        super().__init__(game, moves, parent, cards=True)
        who = actor.name if actor is not None else "?"
        self.summary = QLabel(box_summary(game, step, actor) if actor is not None else "")
        self.summary.setObjectName("bidBoxSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.hide()  # (said on the panel's title line)
        # the rule first, then the acting player's means (the action bar above and the player's card say whose turn
        # it is): the line was cut at 1366x768 before its end, "settled at the end of the SR"
        self.panel_heading = "Bid boxes (settled at SR end)"
        if actor is not None:
            money = game.format_currency
            tied = int(step.committed_cash(actor))
            per_turn = int(getattr(step, "BIDS_PER_TURN", 0) or 0)
            placed = int(getattr(step, "bid_actions", 0) or 0)
            self.panel_heading += (f": free {money(int(actor.cash) - tied)} of {money(int(actor.cash))}"
                                   f" · bidding tokens {step.tokens_left(actor)}/{step.bidding_tokens()}"
                                   + (f" · bids {placed}/{per_turn} this turn" if per_turn else ""))
        for row in self.rows.values():
            if isinstance(row.spin, AmountBox) and row.move is not None:
                row.spin.set_allowed(row.move.min_bid, max(row.move.min_bid, row.move.max_bid),
                                     f"{who}'s free cash", row.move.step)

    def _card(self, cid: str, name: QLabel, value: str, revenue: Any, bids: str, any_bid: bool, desc: str,
              spin: AmountBox, button: Any, reason: str | None) -> QFrame:
        company = next((c for c in self.game.companies if c.id == cid), None)
        card = super()._card(cid, name, value, revenue, bids, any_bid, desc, spin, button, reason)
        column = card.layout()
        frame, label, _short, bid_line = self._cards[-1]
        self._cards[-1] = (frame, label, f"{cid} {display_name(company, cid)}", bid_line)
        facts = column.itemAt(1).widget() if column is not None and column.count() > 1 else None  # type: ignore[union-attr]
        if isinstance(facts, QLabel):
            # the box, then the face value (or, for an item with none, its revenue): a line a narrow card holds
            facts.setObjectName(f"facts_{cid}")
            worth = int(getattr(company, "value", 0) or 0)
            parts = [box_kind(company), value if worth else f"rev. {_money(self.box_game, revenue or 0)}"]
            facts.setText(" ".join(parts))  # ("Concession £100": a narrow card holds it)
            facts.setToolTip(f"{value}" + (f", revenue {_money(self.box_game, revenue)} per OR" if revenue else ""))
        self._bid_texts[id(bid_line)] = self._standing(company, bids)
        bid_line.setText(self._bid_texts[id(bid_line)])
        bid_line.setToolTip(f"Every bid on {cid}, highest first: {bids}. {cid} {self.RESOLVES}: the highest "
                            "bidder pays their bid and takes it.")
        if any_bid and self._leader(company) is self.actor:
            frame.setStyleSheet(frame.styleSheet().replace("#fffdf7", "#eef6e8"))
            bid_line.setStyleSheet("color: #2f6b1f; font-weight: 600;")
            bid_line.setToolTip(f"You lead {cid}: you pay {_money(self.box_game, self.step.highest_bid(company).price)} "
                                f"when the stock round ends, unless outbid. Every bid: {bids}.")
        self._size_cards(self._cards[-1][0].width())
        return card

    def _size_cards(self, width: int) -> None:
        """The cards' lines never wrap (a card stays four lines high): a long one is cut with "…", in full in
        its tooltip."""
        super()._size_cards(width)
        texts: dict[int, str] = getattr(self, "_bid_texts", {})
        for _card, _name, _short, bid_line in self._cards:
            full = texts.get(id(bid_line))
            if full is None:
                continue
            bid_line.setWordWrap(False)
            metrics = QFontMetrics(bid_line.font())
            bid_line.setText(metrics.elidedText(full, Qt.TextElideMode.ElideRight, width - 12))

    def _leader(self, company: Any) -> Any:
        high = self.step.highest_bid(company) if company is not None else None
        return high.entity if high is not None else None

    def _standing(self, company: Any, _bids: str) -> str:
        """Who leads the item, for how much, and what the player would pay if the round ended now."""
        high = self.step.highest_bid(company) if company is not None else None
        if high is None:
            return "no bids yet"
        price = _money(self.box_game, high.price)  # (the lower bids: in the tooltip)
        if high.entity is self.actor:
            return f"you lead: {price}"
        return f"{price} {high.entity.name}"


def display_name(company: Any, cid: str) -> str:
    """A box item's name without what its card already says (1822's "MINOR: 24. ", "CONCESSION: ", "P1-")."""
    name = str(getattr(company, "name", cid) or cid)
    if ":" in name:
        name = name.split(":", 1)[1].strip()
        head, _, rest = name.partition(". ")
        if rest and head.isdigit():
            name = rest
    if name.startswith(f"{cid}-"):
        name = name[len(cid) + 1:]
    return name[4:] if name.startswith("The ") else name


class PayoffDebtDialog(QDialog):
    """Pay back a player's debt: all of it (``full``, when offered) or the amount in the box (1 to ``most``)."""

    def __init__(self, game: Any, player: Any, full: Any, part: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.action: dict[str, Any] | None = None
        self.full, self.part = full, part
        money = game.format_currency
        self.setWindowTitle(f"{player.name}: pay back debt")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(literal(f"{player.name} owes {money(int(getattr(player, 'debt', 0)))} and has "
                                        f"{money(int(player.cash))}. A player in debt cannot bid or buy shares.")))
        self.amount = AmountBox(money=money, what="The payment")
        self.amount.setObjectName("payoff_amount")
        self.part_button = QPushButton("Pay this much")
        self.part_button.setObjectName("payoff_part")
        if part is not None:
            self.amount.set_allowed(1, int(part.most), f"{player.name}'s cash or the debt")
            self.amount.setValue(int(part.most))
            self.part_button.clicked.connect(self.pay_part)
        else:
            self.amount.setEnabled(False)
            self.part_button.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(self.amount, 1)
        row.addWidget(self.part_button)
        layout.addLayout(row)
        self.full_button = QPushButton("Pay back all of it")
        self.full_button.setObjectName("payoff_full")
        self.full_button.setEnabled(full is not None)
        self.full_button.clicked.connect(self.pay_full)
        layout.addWidget(self.full_button)
        cancel = QPushButton("Cancel")
        cancel.clicked.connect(self.reject)
        layout.addWidget(cancel)

    def pay_full(self) -> None:
        if self.full is not None:
            self.action = self.full.base()
            self.accept()

    def pay_part(self) -> None:
        if self.part is None or self.amount.refusal() is not None:
            return
        self.action = {**self.part.base(), "amount": int(self.amount.value())}
        self.accept()
