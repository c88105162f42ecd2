"""The selection auction (Steam Over Holland's sale of the privates), built from the legal moves.

One company is on offer at a time.  The dialog shows it (name, face value, revenue, what it does), the high bid
and who holds it, the players still in the auction in the order they answer (the one to act first, the high
bidder last) and the companies that come up next.  The player whose turn it is then

* opens the auction at the face value (one click) or at a higher bid typed in the box, or passes, when nobody
  has bid yet (if the others all pass, the opener buys the company at that bid);
* raises (the box starts at the minimum raise) or passes (and is out of this company's auction) otherwise.

A bid the player cannot afford leaves the controls disabled with the reason.  P passes.  The dialog never
submits: ``action`` is the chosen action dict (or None when closed).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.amount import AmountBox, refusal_label
from desktop.dialogs.auction import PassKeyDialog, _entity_name, _html, _money
from engine.moves.base import LegalMoves, PassMove, Unusable
from engine.moves.selection_auction import SelectionBidMove, all_pass_outcome, bidders_in_turn, on_offer


class SelectionAuctionDialog(PassKeyDialog):
    """Open, raise or pass on the company on offer.  ``action`` holds the choice once accepted."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None, wide: bool = False) -> None:
        """``wide``: the company, the state of its auction and the player's choice side by side, low enough to
        stand in the auction panel above the map (Pass on the panel's title line); else one under the other."""
        super().__init__(parent)
        self.wide = wide
        #: buttons the auction panel shows on its title line (wide mode)
        self.header_buttons: list[QPushButton] = []
        self.game = game
        self.moves = moves
        self.action: dict[str, Any] | None = None
        self.step = game.round.active_step()
        bids = [m for m in moves.moves if isinstance(m, SelectionBidMove)]
        passes = [m for m in moves.moves if isinstance(m, PassMove)]
        self.move: SelectionBidMove | None = bids[0] if bids else None
        self._pass = passes[0] if passes else None
        actor = self.move or self._pass
        self.player_name = _entity_name(game, actor.entity_type, actor.entity) if actor is not None else "?"
        player = next((p for p in game.players if actor is not None and p.id == actor.entity), None)
        company = on_offer(self.step) if self.step is not None else None
        self.company = company
        self.reason: str | None = next((u.reason for u in moves.unusable
                                        if isinstance(u, Unusable) and u.kind == "company"), None)
        self.setWindowTitle(f"Selection auction: {self.player_name}")
        layout = QVBoxLayout(self)
        # where each part goes: one column (a dialog window), or three side by side (the panel)
        offer_at: QBoxLayout = layout
        state_at: QBoxLayout = layout
        choice_at: QBoxLayout = layout
        if wide:
            layout.setContentsMargins(4, 2, 4, 2)
            columns = QHBoxLayout()
            layout.addLayout(columns)
            offer_at, state_at, choice_at = QVBoxLayout(), QVBoxLayout(), QVBoxLayout()
            for part, stretch in ((offer_at, 3), (state_at, 4), (choice_at, 3)):
                part.setSpacing(2)
                columns.addLayout(part, stretch)

        # --- the company on offer ------------------------------------------------------------------------
        offer = QFrame()
        offer.setFrameShape(QFrame.Shape.StyledPanel)
        offer_layout = QVBoxLayout(offer)
        if company is not None:
            title = QLabel(f"<b>On offer: {_html(company.name)}</b> ({_html(company.id)})")
            facts = [f"face value {_money(game, company.value)}"]
            revenue = getattr(company, "revenue", None)
            if revenue:
                facts.append(f"revenue {_money(game, revenue)} per operating round")
            self.face_label = QLabel(", ".join(facts).capitalize())
            offer_layout.addWidget(title)
            offer_layout.addWidget(self.face_label)
            desc = str(getattr(company, "desc", "") or "")
            if desc:
                text = QLabel(f"<i>{_html(desc)}</i>")
                text.setWordWrap(True)
                offer_layout.addWidget(text)
        else:
            self.face_label = QLabel("Nothing is on offer.")
            offer_layout.addWidget(self.face_label)
        offer_at.addWidget(offer)

        # --- the state of the auction --------------------------------------------------------------------
        best = self.step.highest_bid(company) if self.step is not None and company is not None else None
        if best is not None:
            high = f"High bid: <b>{_money(game, best.price)}</b> by <b>{_html(best.entity.name)}</b>"
        elif company is not None:
            high = f"No bid yet: the opening bid is at least the face value, {_money(game, company.value)}."
        else:
            high = ""
        self.high_label = QLabel(high)
        state_at.addWidget(self.high_label)
        order = bidders_in_turn(self.step) if self.step is not None else []
        names = []
        for p in order:
            name = _html(p.name)
            if p.name == self.player_name:
                name = f"<b>{name}</b> (now)"
            if best is not None and p is best.entity:
                name += " (high bid)"
            names.append(name)
        self.order_label = QLabel("Still in, in turn: " + " &rarr; ".join(names) if names else "")
        self.order_label.setWordWrap(True)
        state_at.addWidget(self.order_label)
        self.rule_label = QLabel(self._rule_text(best is not None))
        self.rule_label.setWordWrap(True)
        state_at.addWidget(self.rule_label)
        later = [c for c in (list(self.step.companies) if self.step is not None else []) if c is not company]
        self.queue_label = QLabel(("Then on offer: " + ", ".join(f"{_html(c.id)} ({_money(game, c.value)})"
                                                                 for c in later)) if later else
                                  "This is the last company on offer.")
        self.queue_label.setWordWrap(True)
        state_at.addWidget(self.queue_label)

        # --- the player's choice -------------------------------------------------------------------------
        cash = f" (cash {_money(game, player.cash)})" if player is not None else ""
        head = QLabel(f"<b>{_html(self.player_name)}</b>{cash}, it is your turn:")
        #: the panel's title line in wide mode
        self.panel_heading = (f"Selection auction{' of ' + company.id if company is not None else ''}: "
                              f"{self.player_name}'s turn{cash}")
        if not wide:
            choice_at.addWidget(head)
        row = QHBoxLayout()
        self.quick_button = QPushButton()
        self.quick_button.setObjectName("bid_minimum")
        self.spin = AmountBox(money=lambda v: _money(game, v), what="The bid")
        self.spin.setObjectName("bid_price")
        self.bid_button = QPushButton("Bid")
        self.bid_button.setObjectName("bid")
        move = self.move
        if move is not None:
            self.spin.set_allowed(move.min_bid, max(move.min_bid, move.max_bid),
                                  f"all of {self.player_name}'s cash", move.step)
            if not move.step:
                self.spin.setSingleStep(move.increment or 5)
            self.spin.setValue(move.min_bid)
            prefix = _money(game, 0)[:-1] if _money(game, 0).endswith("0") else ""
            self.spin.setPrefix(prefix)
            if move.opening:
                self.quick_button.setText(f"Bid the face value, {_money(game, move.min_bid)}")
                self.quick_button.setToolTip(f"Open the auction of {move.target} at its face value: you buy it at "
                                             "that price unless another player bids more")
            else:
                self.quick_button.setText(f"Raise to {_money(game, move.min_bid)}")
                self.quick_button.setToolTip("the smallest raise")
            self.quick_button.clicked.connect(lambda _=False: self.choose_bid(move.min_bid))
            self.bid_button.clicked.connect(lambda _=False: self.choose_bid())
            self.spin.lineEdit().returnPressed.connect(lambda: self.choose_bid())
        else:
            why = self.reason or "bidding is not possible now"
            self.quick_button.setText("Bid")
            for widget in (self.quick_button, self.spin, self.bid_button):
                widget.setEnabled(False)
                widget.setToolTip(why)
        if wide:  # the quick bid on a line of its own: the column is narrow
            choice_at.addWidget(self.quick_button)
        else:
            row.addWidget(self.quick_button)
            row.addSpacing(16)
        row.addWidget(QLabel("or bid"))
        row.addWidget(self.spin)
        row.addWidget(self.bid_button)
        row.addStretch(1)
        choice_at.addLayout(row)
        self.reason_label = QLabel(f"<i>{_html(self.reason)}</i>" if self.reason and move is None else "")
        self.reason_label.setWordWrap(True)
        choice_at.addWidget(self.reason_label)
        # a typed bid the move does not allow is refused here, with the reason and the range
        self.refusal_label = refusal_label(choice_at, self.spin)

        buttons = QHBoxLayout()
        self.pass_button = QPushButton((self._pass.describe() + " (P)") if self._pass is not None else "Pass")
        self.pass_button.setObjectName("pass")
        self.pass_button.setEnabled(self._pass is not None)
        self.pass_button.setToolTip(self._pass_tooltip(best is not None) if self._pass is not None
                                    else "passing is not allowed now")
        self.pass_button.clicked.connect(self.choose_pass)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        self.close_button = close
        if wide:  # Pass on the panel's title line (and in the action bar)
            for label in self.findChildren(QLabel):  # the three columns share the width: long lines wrap
                label.setWordWrap(True)
            close.hide()
            self.header_buttons.append(self.pass_button)
            choice_at.addWidget(self.pass_button)  # (until the panel takes it)
            choice_at.addStretch(1)
            state_at.addStretch(1)
            offer_at.addStretch(1)
            return
        buttons.addStretch(1)
        buttons.addWidget(self.pass_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.setMinimumWidth(520)

    def _rule_text(self, has_bid: bool) -> str:
        if self.company is None:
            return ""
        cid = self.company.id
        if has_bid:
            return (f"Each player still in raises or passes in turn; passing is final for {cid}. The last one left "
                    "buys it at their bid, and the high bidder answers only when outbid.")
        return (f"The first bid opens the auction of {cid}: the others then raise or pass in turn, and the opener "
                "answers last. If nobody bids, " + self._all_pass_text())

    def _all_pass_text(self) -> str:
        return all_pass_outcome(self.step) if self.step is not None else ""

    def _pass_tooltip(self, has_bid: bool) -> str:
        cid = self.company.id if self.company is not None else "this company"
        return f"Drop out of the auction of {cid}" if has_bid else f"Leave {cid} to the others"

    # --- choices ----------------------------------------------------------------------------------------
    def choose_bid(self, price: int | None = None) -> None:
        move = self.move
        if move is None:
            return
        if price is None:
            reason = self.spin.refusal()
            if reason is not None:  # refused as typed: nothing is bid, the dialog stays open
                self.refusal_label.setText(reason)
                self.refusal_label.show()
                self.adjustSize()
                self.spin.setFocus()
                return
            price = int(self.spin.typed_value() or 0)
        self.action = move.action(price)
        self.accept()
