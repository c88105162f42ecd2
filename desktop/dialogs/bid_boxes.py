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
from PySide6.QtWidgets import QDialog, QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.dialogs.auction import AuctionDialog, _money
from desktop.dialogs.amount import AmountBox
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
    """The bid boxes: every item's card with its standing bids and leader, a bid box and its button."""

    RESOLVES = "resolves at the end of the stock round"

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        step = game.round.active_step()
        self.step = step
        self.box_game = game
        actor = next((p for p in game.players if ("player", p.id) in set(moves.acting)), None)
        self.actor = actor
        super().__init__(game, moves, parent, cards=True)
        who = actor.name if actor is not None else "?"
        self.panel_heading = f"Bid boxes: {who}'s turn (bids stand until the end of the stock round)"
        self.summary = QLabel(box_summary(game, step, actor) if actor is not None else "")
        self.summary.setObjectName("bidBoxSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setToolTip("Winning bids tie up cash until the round ends; a bid is placed with a bidding "
                                "token, which comes back when the item is settled. Each item goes to its highest "
                                "bidder at the end of the stock round, who pays the bid then.")
        self.layout().insertWidget(0, self.summary)
        for cid, row in self.rows.items():
            if isinstance(row.spin, AmountBox) and row.move is not None:
                row.spin.set_allowed(row.move.min_bid, max(row.move.min_bid, row.move.max_bid),
                                     f"{who}'s free cash", row.move.step)

    def _card(self, cid: str, name: QLabel, value: str, revenue: Any, bids: str, any_bid: bool, desc: str,
              spin: AmountBox, button: Any, reason: str | None) -> QFrame:
        card = super()._card(cid, name, value, revenue, bids, any_bid, desc, spin, button, reason)
        company = next((c for c in self.game.companies if c.id == cid), None)
        column = card.layout()
        kind = QLabel(box_kind(company))
        kind.setObjectName(f"box_{cid}")
        kind.setStyleSheet("color: #6b5f4a; font-size: 9pt;")
        column.insertWidget(0, kind)  # type: ignore[attr-defined]
        standing = QLabel(self._standing(company))
        standing.setObjectName(f"standing_{cid}")
        standing.setWordWrap(True)
        standing.setStyleSheet("font-size: 9pt;")
        standing.setToolTip(f"{cid} {self.RESOLVES}: the highest bidder pays their bid and takes it")
        column.insertWidget(column.count() - 1, standing)  # type: ignore[attr-defined]
        if any_bid and self._leader(company) is self.actor:
            card.setStyleSheet(card.styleSheet().replace("#fffdf7", "#eef6e8"))
        return card

    def _leader(self, company: Any) -> Any:
        high = self.step.highest_bid(company) if company is not None else None
        return high.entity if high is not None else None

    def _standing(self, company: Any) -> str:
        """Who leads the item and what the player would pay if the round ended now."""
        if company is None:
            return ""
        high = self.step.highest_bid(company)
        if high is None:
            return f"no bid yet; {self.RESOLVES}"
        price = _money(self.box_game, high.price)
        if high.entity is self.actor:
            return f"you lead: you pay {price} at the round's end"
        return f"{high.entity.name} leads at {price}"



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
