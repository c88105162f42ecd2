"""The Irish Gauge share auction dialog, built from the legal moves: open an auction (pick a railway, the
opening bid at least its lowest share's face value) or bid in the running one (the minimum filled in), or
pass when passing is allowed.  It returns the action (a dict) or None; it never submits anything."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.amount import AmountBox, refusal_label
from desktop.panels.action_bar import literal
from engine.moves.base import BidMove, LegalMoves, PassMove

#: a pass that decides the auction is said on a marked line (amber, bold), not as a plain remark
PASS_DECIDES_STYLE = (
    "QLabel#passNote { background: #fff3cd; border: 1px solid #d9a400; border-radius: 3px; "
    "padding: 4px 6px; font-weight: 600; color: #5c3d00; }"
)


class AuctionDialog(QDialog):
    """Pick a railway (when opening) and a bid."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("irishAuctionDialog")
        self.game = game
        self.result_action: dict[str, Any] | None = None
        self.bids: list[BidMove] = [m for m in moves.moves if isinstance(m, BidMove)]
        self.pass_move = next((m for m in moves.moves if isinstance(m, PassMove)), None)
        step = game.round.active_step()
        self.auction = getattr(step, "auction", None) if getattr(step, "phase", "auction") == "auction" else None
        layout = QVBoxLayout(self)
        self.heading = QLabel(self)
        self.heading.setObjectName("auctionHeading")
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.choices: dict[str, QRadioButton] = {}
        running = self.auction is not None
        if running:
            a = self.auction
            leader = f"{a.leader.name} bids £{a.high}" if a.leader is not None else "no bid yet"
            out = ", ".join(p.name for p in a.out) or "nobody"
            self.setWindowTitle(f"Auction: {a.railway.id} £{a.share.face} share")
            self.heading.setText(f"<b>{a.railway.name}</b>: the £{a.share.face} share.<br>{leader}; out: {out}.")
        else:
            self.setWindowTitle("Auction a share")
            self.heading.setText(
                "Pick a railway: its lowest unsold share goes to auction; the opening bid is at least its face value."
            )
            grid = QGridLayout()
            grid.setHorizontalSpacing(18)
            layout.addLayout(grid)
            for i, railway in enumerate(game.railways):
                share = railway.lowest_unsold()
                move = next((m for m in self.bids if m.target == railway.id), None)
                if share is None:
                    text, tip = f"{railway.id}: sold out", "No share left to auction"
                else:
                    text = f"{railway.id}: £{share.face} share"
                    tip = railway.name if move is not None else f"You have only £{self._cash()} of £{share.face}"
                button = QRadioButton(literal(text), self)  # "&" in a name is not a mnemonic
                button.setObjectName(f"railway_{railway.id}")
                button.setEnabled(move is not None)
                button.setToolTip(tip)
                button.toggled.connect(self._on_choice_toggled)
                grid.addWidget(button, i, 0)  # one a row: the form stands in the column beside the board
                self.choices[railway.id] = button
        self.spin = AmountBox(self, money=lambda v: f"£{v}", what="The bid")
        self.spin.setObjectName("bidAmount")
        self.spin.setPrefix("£")
        # one width whatever its range, state or neighbours: it was 106 px, 109 with a refused bid in it and 92 beside
        # the next player's wider Pass, and the Bid button after it moved under a click meant for it
        self.spin.setFixedWidth(max(84, self.spin.fontMetrics().horizontalAdvance("£999") + 48))
        # the bid box and the buttons on one line
        row = QHBoxLayout()
        row.addWidget(QLabel("Bid:", self))
        row.addWidget(self.spin)
        layout.addLayout(row)
        # a typed bid outside the allowed range is refused here, with the reason and the range
        self.refusal_label = refusal_label(layout, self.spin, parent=self)
        # what a pass decides (the last one in: the share goes to the opener for free, or to the leader), said on
        # a marked line and on the Pass button itself
        self.pass_note = QLabel(self)
        self.pass_note.setObjectName("passNote")
        self.pass_note.setWordWrap(True)
        self.pass_note.setTextFormat(Qt.TextFormat.PlainText)
        note, decides = self._pass_note()
        self.pass_decides = decides
        self.pass_note.setText(note)
        self.pass_note.setVisible(bool(note))
        if decides:
            self.pass_note.setStyleSheet(PASS_DECIDES_STYLE)
        layout.addWidget(self.pass_note)
        buttons = QDialogButtonBox(self)
        self.bid_button = QPushButton("Bid", self)
        self.bid_button.setObjectName("bidButton")
        self.bid_button.setDefault(True)
        buttons.addButton(self.bid_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.pass_button: QPushButton | None = None
        if running and self.pass_move is not None:
            self.pass_button = QPushButton(literal(self._pass_text()), self)
            self.pass_button.setObjectName("passButton")
            if note:
                self.pass_button.setToolTip(note)
            buttons.addButton(self.pass_button, QDialogButtonBox.ButtonRole.ActionRole)
            self.pass_button.clicked.connect(self._on_pass_clicked)
        self.cancel_button = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.bid_button.clicked.connect(self._on_bid_clicked)
        buttons.rejected.connect(self.reject)
        buttons.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        row.addWidget(buttons)
        row.addStretch(1)
        layout.addStretch(1)  # packed at the top: in the panel the bid box and buttons keep their place
        first = next((rid for rid, b in self.choices.items() if b.isEnabled()), None)
        if first is not None:
            self.choices[first].setChecked(True)
        self._update_range()

    def set_embedded(self, embedded: bool) -> None:
        """Standing in the window's auction panel during a running auction: bid or pass, nothing to cancel."""
        self.cancel_button.setVisible(not (embedded and self.auction is not None))

    def _pass_note(self) -> tuple[str, bool]:
        """What passing does, and whether this pass decides the auction: the last one in an initial auction with
        no bid yet hands the share to the opener for free, the last one against a leader hands it to the leader;
        earlier in an initial auction with no bid, everybody is told what passing all round leads to."""
        a = self.auction
        if a is None or self.pass_move is None:
            return "", False
        others = [p for p in a.bidding() if p is not a.current()]
        initial = bool(getattr(a, "initial", False))
        if a.leader is None and not others and initial:
            return (
                f"Passing ends this auction: nobody has bid, so {a.opener.name} (who opened it) takes the "
                f"£{a.share.face} share for free. Bid to buy it yourself.",
                True,
            )
        if a.leader is not None and others == [a.leader]:
            return f"Passing ends this auction: {a.leader.name} wins the share for £{a.high}.", True
        if a.leader is None and initial:
            return f"If every player passes, {a.opener.name} (who opened this auction) takes the share for free.", False
        return "", False

    def _pass_text(self) -> str:
        """The Pass button's words: who gets the share when this pass decides the auction."""
        a = self.auction
        if a is None or self.pass_move is None or not self.pass_decides:
            return str(self.pass_move.label) if self.pass_move is not None else "Pass"
        if a.leader is None:
            return f"Pass: {a.opener.name} gets it free"
        return f"Pass: {a.leader.name} wins at £{a.high}"

    def _cash(self) -> int:
        entity = self.game.round.current_entity()
        return int(getattr(entity, "cash", 0))

    def selected(self) -> BidMove | None:
        if self.auction is not None:
            return self.bids[0] if self.bids else None
        rid = next((r for r, b in self.choices.items() if b.isChecked()), None)
        return next((m for m in self.bids if m.target == rid), None)

    def _update_range(self) -> None:
        move = self.selected()
        self.bid_button.setEnabled(move is not None)
        self.spin.setEnabled(move is not None)
        if move is None:
            self.bid_button.setToolTip("You cannot afford a bid")
            return
        self.spin.set_allowed(move.min_bid, move.max_bid, "your cash")
        self.spin.setValue(move.min_bid)

    def _on_choice_toggled(self, checked: bool) -> None:
        if checked:
            self._update_range()

    def set_bid(self, price: int) -> None:
        self.spin.setValue(price)

    def _on_bid_clicked(self) -> None:
        move = self.selected()
        if move is None:
            return
        reason = self.spin.refusal()
        if reason is not None:  # refused as typed: nothing is bid, the dialog stays open
            self.refusal_label.setText(reason)
            self.refusal_label.show()
            self.adjustSize()
            self.spin.setFocus()
            self.spin.selectAll()
            return
        self.result_action = {**move.base(), "corporation": move.target, "price": int(self.spin.typed_value() or 0)}
        self.accept()

    def _on_pass_clicked(self) -> None:
        if self.pass_move is not None:
            self.result_action = self.pass_move.base()
            self.accept()

    def action(self) -> dict[str, Any] | None:
        return self.result_action
