"""The shared base of the "bid, then the winner picks a buyer" dialogs (1817's acquisition round, 1822MX's NdeM
token auction): the acting player's moves, the bid box with its refusal line, the winner's buyer rows, the
reasons a move is unusable, and the Pass / Close row (Pass on the auction panel's title line when ``wide``).

A subclass builds its stages with these parts and says how a bid becomes an action (``bid_action``).  The dialog
never submits: ``action`` is the chosen action dict (or None when closed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.dialogs.amount import AmountBox, refusal_label
from desktop.dialogs.auction import PassKeyDialog, _money
from desktop.dialogs.choice_rows import corporation_rows, html, reasons_label
from engine.moves.base import LegalMoves, PassMove

__all__ = ["BidBuyerDialog", "html"]


class BidBuyerDialog(PassKeyDialog):
    """Common parts of a dialog where players bid and the winner then chooses which of their corporations buys."""

    #: the bid box and its button (``bid_row``)
    spin: AmountBox
    bid_button: QPushButton
    refusal_label: QLabel

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.take_moves(game, moves)
        #: buttons the auction panel shows on its title line (wide mode)
        self.header_buttons: list[QPushButton] = []
        acting = set(moves.acting)
        #: the legal moves of the entities whose turn it is
        self.mine = [m for m in moves.moves if (m.entity_type, m.entity) in acting]
        self.bid_move: Any = None
        self._pass = next((m for m in self.mine if isinstance(m, PassMove)), None)

    # --- parts ----------------------------------------------------------------------------------------------
    def bid_row(self, layout: QVBoxLayout, label: str, limit: str, coarse_step: int | None = None) -> None:
        """The bid box (``self.spin``, bounded by ``self.bid_move``; ``limit`` says what the most is), its Bid
        button; disabled when there is no bid move.  ``coarse_step``: the box's step when the move has none."""
        game, move = self.game, self.bid_move
        row = QHBoxLayout()
        self.spin = AmountBox(money=lambda v: _money(game, v), what="The bid")
        self.spin.setObjectName("bid_price")
        self.bid_button = QPushButton("Bid")
        self.bid_button.setObjectName("bid")
        if move is not None:
            self.spin.set_allowed(move.min_bid, max(move.min_bid, move.max_bid), limit, move.step)
            if coarse_step is not None and not move.step:
                self.spin.setSingleStep(coarse_step)
            self.spin.setValue(move.min_bid)
            self.bid_button.clicked.connect(lambda _=False: self.choose_bid())
            self.spin.lineEdit().returnPressed.connect(lambda: self.choose_bid())
        else:
            for widget in (self.spin, self.bid_button):
                widget.setEnabled(False)
                widget.setToolTip("bidding is not possible now")
        row.addWidget(QLabel(label))
        row.addWidget(self.spin)
        row.addWidget(self.bid_button)
        row.addStretch(1)
        layout.addLayout(row)

    def refusal_row(self, layout: QVBoxLayout) -> None:
        """The (hidden) line that says why a typed bid is refused."""
        self.refusal_label = refusal_label(layout, self.spin)

    def buyer_rows(self, layout: QVBoxLayout, move: Any, facts: Callable[[str], str],
                   button_text: Callable[[str], str]) -> None:
        """One row per corporation ``move`` (a merge move) offers the winner: its facts (rich text) and a button
        choosing it."""
        grid = QGridLayout()
        corporation_rows(grid, move, self._choose, self.buttons, facts=facts, button_text=button_text,
                         name="buyer_", key="buyer_")
        layout.addLayout(grid)

    def reasons_row(self, layout: QVBoxLayout) -> None:
        """Why some moves cannot be made now (italic), when any."""
        why = reasons_label(self.moves)
        if why is not None:
            layout.addWidget(why)

    def pass_row(self, outer: QVBoxLayout, text: str, tooltip: str, wide: bool) -> None:
        """Pass (shown only when passing is legal) and Close; ``wide``: no Close, Pass on the panel's title line."""
        row = QHBoxLayout()
        row.addStretch(1)
        self.pass_button = QPushButton(text.replace("&", "&&"))
        self.pass_button.setObjectName("pass")
        self.pass_button.setEnabled(self._pass is not None)
        self.pass_button.setVisible(self._pass is not None)
        self.pass_button.setToolTip(tooltip)
        self.pass_button.clicked.connect(self.choose_pass)
        row.addWidget(self.pass_button)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        self.close_button = close
        if wide:
            close.hide()
            if self._pass is not None:
                self.header_buttons.append(self.pass_button)
            return
        row.addWidget(close)
        outer.addLayout(row)

    # --- choices --------------------------------------------------------------------------------------------
    def bid_action(self, price: int) -> dict[str, Any]:
        """The action bidding ``price`` (a subclass adds what its bid names)."""
        return {**self.bid_move.base(), "price": price}

    def choose_bid(self, price: int | None = None) -> None:
        """Bid ``price`` (or what the box holds; a refused amount shows why and keeps the dialog open)."""
        if self.bid_move is None:
            return
        if price is None:
            reason = self.spin.refusal()
            if reason is not None:
                self.refusal_label.setText(reason)
                self.refusal_label.show()
                self.spin.setFocus()
                return
            price = int(self.spin.typed_value() or 0)
        self._choose(self.bid_action(price))

    def _choose(self, action: dict[str, Any]) -> None:
        self.action = action
        self.accept()


__all__ = ["BidBuyerDialog", "html"]
