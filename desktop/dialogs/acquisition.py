"""The acquisition round (the 1817 family's ``Acquire`` step), built from the legal moves and the step's state.

One corporation is dealt with at a time, and the dialog says which and why:

* **offered** -- its president may put it up for sale (Offer for sale) or keep it (Keep: pass);
* **acquisition** -- its price is in the acquisition zone: it is auctioned at once;
* **liquidation** -- its price is in the liquidation cell: its cash and loans are set aside, it is auctioned, and
  when nobody bids the bank takes it for nothing (its stations are removed).

The dialog shows **what the buyer gets** (the corporation's cash, trains, stations, privates, and its loans, which
the buyer takes over; the treasury shares' compensation when it was offered) and **what the buyer pays** (the
bid: at least the minimum, and the most this player's corporations could pay), the high bid and its bidder, a bid
box and Bid / Pass.  The auction's winner then chooses which of their corporations acquires it, each with its
cash and loans.  The dialog never submits: ``action`` is the chosen action dict (or None when closed).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.dialogs.auction import _entity_name, _money
from desktop.dialogs.bid_buyer import BidBuyerDialog
from desktop.dialogs.bid_buyer import html as _html
from desktop.dialogs.merger import station_hexes
from desktop.dialogs.merger_program import merger_pass_row
from engine.moves.base import BidMove, LegalMoves

#: why the corporation is on the block, by the step's mode
MODE_TEXT = {
    "offered": "offered for sale by its president",
    "acquisition": "its price is in the acquisition zone: it is auctioned",
    "liquidate": "its price is in the liquidation cell: it is auctioned in liquidation (its cash and loans are set "
                 "aside; if nobody bids, the bank takes it for nothing and removes its stations)",
}
#: the same, short, for the auction panel's title line (the full text is its tooltip and the dialog's lines)
MODE_SHORT = {"offered": "offered for sale", "acquisition": "in the acquisition zone",
              "liquidate": "in liquidation"}
#: what happens in a liquidation when nobody bids (said under "No bid yet")
NO_BID_LIQUIDATION = "if nobody bids, the bank takes it for nothing and removes its stations"


def acquired_corporation(step: Any) -> Any:
    """The corporation being offered, auctioned or acquired now (None when none is)."""
    for name in ("offer", "auction_target"):
        found = getattr(step, name, None)
        if found is not None:
            return found
    winner = getattr(step, "winner", None)
    return getattr(winner, "target", None)


def buyer_gets(game: Any, step: Any, corporation: Any) -> list[str]:
    """What the buyer receives with ``corporation``, one line each."""
    lines = []
    liquidating = getattr(step, "mode", None) == "liquidate"
    trains = ", ".join(t.name for t in corporation.trains) or "none"
    stations = ", ".join(station_hexes(corporation)) or "none"
    cash = "none (set aside to repay its loans; the rest goes to its shareholders)" if liquidating \
        else _money(game, corporation.cash)
    lines.append(f"cash: {cash} · trains: {trains} · stations: {stations}")
    companies = ", ".join(c.name for c in getattr(corporation, "companies", []) or [])
    if companies:
        lines.append(f"privates: {companies}")
    loans = len(getattr(corporation, "loans", []) or [])
    if loans and not liquidating:
        value = int(getattr(getattr(game, "loan_rules", None), "LOAN_VALUE", 0) or 0)
        lines.append(f"loans: {loans} ({_money(game, loans * value)}), taken over: each one the buyer does not pay "
                     "off moves its price one step left")
    compensation = getattr(step, "treasury_share_compensation", None)
    if callable(compensation):
        value = int(compensation(corporation))
        if value:
            lines.append(f"from the bank for its treasury shares: {_money(game, value)}")
    return lines


def corporation_facts(game: Any, corporation: Any) -> str:
    price = corporation.share_price.price if corporation.share_price is not None else None
    loans = len(getattr(corporation, "loans", []) or [])
    parts = [f"cash {_money(game, corporation.cash)}"]
    if price is not None:
        parts.append(f"price {_money(game, price)}")
    parts.append(f"{loans} loan{'s' if loans != 1 else ''}")
    trains = ", ".join(t.name for t in corporation.trains)
    parts.append(f"trains {trains}" if trains else "no trains")
    return "; ".join(parts)


class AcquisitionDialog(BidBuyerDialog):
    """Offer, bid on, or choose the buyer of the corporation the acquisition round deals with now."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None, wide: bool = False) -> None:
        """``wide``: standing in the window's auction panel: what the buyer gets on the left, the choice on the
        right, Pass on the panel's title line (``header_buttons``), low enough to leave the map its room."""
        super().__init__(game, moves, parent)
        self.wide = wide
        step, mine = self.step, self.mine
        self.bid_move = next((m for m in mine if isinstance(m, BidMove)), None)
        self.assign_move: Any = next((m for m in mine if m.type == "assign"), None)
        self.merge_move: Any = next((m for m in mine if m.type == "merge"), None)
        actor = mine[0] if mine else None
        self.player_name = _entity_name(game, actor.entity_type, actor.entity) if actor is not None else "?"
        player = next((p for p in game.players if actor is not None and p.id == actor.entity), None)
        corporation = acquired_corporation(step)
        self.corporation = corporation
        name = getattr(corporation, "name", "?")
        stage = ("offer" if self.assign_move is not None else "buyer" if self.merge_move is not None else "bid")
        self.stage = stage
        mode_key = str(getattr(step, "mode", "") or "")
        mode = MODE_TEXT.get(mode_key, "")
        cash = f" (cash {_money(game, player.cash)})" if player is not None else ""
        self.setWindowTitle(f"Acquisition round: {name}")
        outer = QVBoxLayout(self)
        layout = outer
        if wide:
            # The panel above the map is ~700 x 130 px at 1366x768: why the corporation is on the block goes on the
            # title line (the full text in its tooltip); what the buyer gets on the left, the choice on the right.
            short = MODE_SHORT.get(mode_key, "")
            self.panel_heading = (f"Acquisition round: {name}" + (f" ({short})" if short else "")
                                  + f" · {self.player_name}'s turn{cash}")
            outer.setContentsMargins(4, 0, 4, 0)
            outer.setSpacing(2)
            columns = QHBoxLayout()
            columns.setSpacing(8)
            outer.addLayout(columns)
            left, layout = QVBoxLayout(), QVBoxLayout()
            layout.setSpacing(3)
            columns.addLayout(left, 1)
            columns.addLayout(layout, 1)
            if corporation is not None:
                box = self._gets_box(corporation)
                box.setToolTip(f"{name} ({getattr(corporation, 'full_name', '') or ''}): {mode}" if mode else "")
                left.addWidget(box)
            left.addStretch(1)
        else:
            self.panel_heading = f"Acquisition round: {name}, {self.player_name}'s turn{cash}"
            head = QLabel(f"<b>{_html(name)}</b> ({_html(getattr(corporation, 'full_name', '') or '')})"
                          + (f": {_html(mode)}" if mode else ""))
            head.setWordWrap(True)
            outer.addWidget(head)
            if corporation is not None:
                layout.addWidget(self._gets_box(corporation))
        if stage == "offer":
            self._offer(layout, name)
        elif stage == "buyer":
            self._buyer(layout, name)
        else:
            self._bid(layout, name, player)
        self.reasons_row(layout)
        self.program_row = merger_pass_row(game, player, self._choose, compact=wide)
        if self.program_row is not None:
            layout.addWidget(self.program_row)
        layout.addStretch(1)
        self.pass_row(outer, {"offer": f"Keep {name} (P)", "bid": "Pass (P)"}.get(stage, "Pass (P)"),
                      f"Do not put {name} up for sale" if stage == "offer" else f"Drop out of the auction of {name}",
                      wide)
        if not wide:
            self.setMinimumWidth(560)

    # --- parts ----------------------------------------------------------------------------------------------
    def _gets_box(self, corporation: Any) -> QFrame:
        box = QFrame()
        box.setFrameShape(QFrame.Shape.StyledPanel)
        inner = QVBoxLayout(box)
        if self.wide:
            inner.setContentsMargins(6, 3, 6, 3)
            inner.setSpacing(1)
        owner = getattr(getattr(corporation, "owner", None), "name", None)
        title = "<b>The buyer gets</b>" + (f" (president now: {_html(owner)})" if owner else "")
        inner.addWidget(QLabel(title))
        self.gets_label = QLabel("<br>".join(_html(line) for line in buyer_gets(self.game, self.step, corporation)))
        self.gets_label.setObjectName("gets")
        self.gets_label.setWordWrap(True)
        inner.addWidget(self.gets_label)
        return box

    def _offer(self, layout: QVBoxLayout, name: str) -> None:
        text = QLabel(f"<b>{_html(self.player_name)}</b>: put {_html(name)} up for sale? The presidents then bid for it "
                      "with their corporations; the price is shared among its shareholders.")
        text.setWordWrap(True)
        layout.addWidget(text)
        button = QPushButton(f"Offer {name} for sale".replace("&", "&&"))
        button.setObjectName("offer")
        button.clicked.connect(lambda _=False: self._choose({**self.assign_move.base(), "target": self._target(),
                                                            "target_type": "corporation"}))
        self.buttons["offer"] = button
        layout.addWidget(button)

    def _target(self) -> str:
        targets = getattr(self.assign_move, "targets", ()) or ()
        return str(targets[0]) if targets else str(getattr(self.corporation, "id", ""))

    def _bid(self, layout: QVBoxLayout, name: str, player: Any) -> None:
        game, step, corporation = self.game, self.step, self.corporation
        finder = getattr(step, "highest_bid", None)
        best = finder(corporation) if callable(finder) and corporation is not None else None
        liquidating = getattr(step, "mode", None) == "liquidate"
        high = (f"High bid: <b>{_money(game, best.price)}</b> by <b>{_html(best.entity.name)}</b>" if best is not None
                else "No bid yet" + (f": {NO_BID_LIQUIDATION}." if liquidating else "."))
        self.high_label = QLabel(high)
        self.high_label.setWordWrap(True)
        layout.addWidget(self.high_label)
        move = self.bid_move
        pays = QLabel("")
        pays.setObjectName("pays")
        pays.setWordWrap(True)
        label = "Your bid"
        if move is not None:
            buyers = []
            by_entity = getattr(step, "mergeable_by_entity", None)
            if callable(by_entity) and player is not None:
                buyers = list(by_entity(player, corporation, move.min_bid))
            buyer_text = ", ".join(f"{c.name} ({_money(game, c.cash)}, {len(getattr(c, 'loans', []) or [])} loans)"
                                   for c in buyers)
            label = f"Your bid ({_money(game, move.min_bid)} to {_money(game, max(move.min_bid, move.max_bid))})"
            pays.setText(f"<b>The buyer pays</b> the bid: {_html(self.player_name)}'s corporation that acquires it, "
                         "taking loans if it must" + (f": {_html(buyer_text)}" if buyer_text else "."))
        self.bid_row(layout, label, "what your corporations can pay", coarse_step=10)
        self.refusal_row(layout)
        layout.addWidget(pays)

    def _buyer(self, layout: QVBoxLayout, name: str) -> None:
        game, step = self.game, self.step
        winner = getattr(step, "winner", None)
        price = _money(game, winner.price) if winner is not None else "?"
        text = QLabel(f"<b>{_html(self.player_name)}</b> won {_html(name)} for {price}: choose the corporation that "
                      "acquires it (it pays the bid and receives everything above).")
        text.setWordWrap(True)
        layout.addWidget(text)
        self.buyer_rows(layout, self.merge_move,
                        lambda cid: f"<b>{_html(cid)}</b>: {_html(corporation_facts(game, game.corporation_by_id(cid)))}",
                        lambda cid: f"{cid} acquires {name}")

    # --- choices ----------------------------------------------------------------------------------------------
    def bid_action(self, price: int) -> dict[str, Any]:
        move = self.bid_move
        return {**move.base(), move.target_key: move.target, "price": price}


__all__ = ["AcquisitionDialog", "acquired_corporation", "buyer_gets"]
