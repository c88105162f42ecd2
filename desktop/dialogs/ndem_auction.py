"""1822MX: the NdeM's tokens auctioned to the players' majors when it is privatised (the step
``AuctionNdemTokens``), built from the legal moves and the step's state.  It has three stages, and the dialog says
which one is on and whose turn it is:

* **choose** -- the chooser names a token to put up (one row per token: its hex, its opening price; the button
  sends ``remove_token``), or passes (no more tokens from them);
* **bid** -- the token up, the high bid and its bidder, what the bidder's majors could pay, a bid box and Bid /
  Pass (the players bid in seat order from the chooser);
* **buyer** -- the winner picks the major (with an exchange token and the cash) that takes the token.

The dialog never submits: ``action`` is the chosen action dict (or None when closed).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.dialogs.auction import _money
from desktop.dialogs.bid_buyer import BidBuyerDialog
from desktop.dialogs.bid_buyer import html as _html
from engine.moves.base import LegalMoves

#: the step this dialog plays
STEP = "AuctionNdemTokens"


def acting_player(step: Any) -> Any:
    """The player whose decision the auction waits for (chooser, bidder or winner), or None."""
    finder = getattr(step, "acting_player", None)
    return finder() if callable(finder) else None


def token_place(token: Any) -> str:
    """Where a token stands: "X5 (Mexico City)"."""
    city = getattr(token, "city", None)
    hex_ = getattr(city, "hex", None)
    if hex_ is None:
        return "?"
    name = getattr(hex_, "location_name", None) or getattr(getattr(hex_, "tile", None), "location_name", None)
    return f"{hex_.id} ({name})" if name else str(hex_.id)


class NdemAuctionDialog(BidBuyerDialog):
    """Name a token, bid on it, or choose the major that buys it."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None, wide: bool = False) -> None:
        super().__init__(game, moves, parent)
        step, mine = self.step, self.mine
        self.removals = [m for m in mine if m.type == "remove_token"]
        self.bid_move: Any = next((m for m in mine if m.type == "bid"), None)
        self.buyer_move: Any = next((m for m in mine if m.type == "merge"), None)
        player = acting_player(step)
        self.player_name = str(getattr(player, "name", "?"))
        self.stage = ("buyer" if self.buyer_move is not None else "bid" if getattr(step, "token_up", None) is not None
                      else "choose")
        ndem = getattr(game, "ndem", None)
        ndem_name = str(getattr(ndem, "name", "NdeM"))
        cash = f" (cash {_money(game, player.cash)})" if player is not None else ""
        self.panel_heading = f"{ndem_name} token auction: {self.player_name}'s turn{cash}"
        self.setWindowTitle(f"{ndem_name} token auction")
        layout = QVBoxLayout(self)
        if wide:
            layout.setContentsMargins(4, 2, 4, 2)
        head = QLabel(f"The <b>{_html(ndem_name)}</b> is privatised: its tokens are auctioned one by one to the "
                      "players' majors. The winner's major pays the bid and uses one of its exchange tokens.")
        head.setWordWrap(True)
        layout.addWidget(head)
        if self.stage == "choose":
            self._choose_stage(layout)
        elif self.stage == "bid":
            self._bid_stage(layout)
        else:
            self._buyer_stage(layout)
        self.reasons_row(layout)
        layout.addStretch(1)
        self.pass_row(layout, {"choose": "Name no token (P)", "bid": "Pass (P)"}.get(self.stage, "Pass (P)"),
                      "Put no (more) token up for auction" if self.stage == "choose"
                      else "Drop out of this token's auction", wide)
        if not wide:
            self.setMinimumWidth(520)

    # --- stages -----------------------------------------------------------------------------------------------
    def _choose_stage(self, layout: QVBoxLayout) -> None:
        game, step = self.game, self.step
        text = QLabel(f"<b>{_html(self.player_name)}</b>: choose a token to put up for auction (the opening bid is "
                      "the city's revenue, at least $10), or name none.")
        text.setWordWrap(True)
        layout.addWidget(text)
        prices = getattr(step, "available_tokens", {}) or {}
        tokens = {(getattr(t.city, "id", None), i): t for t in prices
                  for i, s in enumerate(getattr(t.city, "tokens", []) or []) if s is t}
        grid = QGridLayout()
        for r, move in enumerate(self.removals):
            token = tokens.get((move.city, move.slot))
            price = _money(game, prices[token]) if token is not None else "?"
            where = token_place(token) if token is not None else str(move.hex)
            label = QLabel(f"Token in <b>{_html(where)}</b>: opening bid {_html(price)}")
            button = QPushButton(f"Auction {move.hex}")
            key = f"token_{move.city}"
            button.setObjectName(key)
            button.clicked.connect(lambda _=False, m=move: self._choose(
                {**m.base(), "city": m.city, "slot": m.slot}))
            self.buttons[key] = button
            grid.addWidget(label, r, 0)
            grid.addWidget(button, r, 1)
        grid.setColumnStretch(0, 1)
        layout.addLayout(grid)

    def _bid_stage(self, layout: QVBoxLayout) -> None:
        game, step = self.game, self.step
        token = getattr(step, "token_up", None)
        high = int(getattr(step, "high_bid", 0) or 0)
        bidder = getattr(step, "high_bidder", None)
        opening = (getattr(step, "available_tokens", {}) or {}).get(token)
        up = QLabel(f"Up for auction: the token in <b>{_html(token_place(token))}</b>"
                    + (f" (opening bid {_html(_money(game, opening))})" if opening is not None else ""))
        up.setWordWrap(True)
        layout.addWidget(up)
        self.high_label = QLabel(f"High bid: <b>{_html(_money(game, high))}</b> by <b>{_html(bidder.name)}</b>"
                                 if bidder is not None else "No bid yet.")
        self.high_label.setObjectName("high")
        layout.addWidget(self.high_label)
        self.bid_row(layout, f"{_html(self.player_name)}'s bid",
                     "the most cash one of your majors with an exchange token has")
        player = acting_player(step)
        finder = getattr(step, "token_corporations", None)
        majors = list(finder(player)) if callable(finder) and player is not None else []
        if majors:
            names = ", ".join(f"{c.name} ({_money(game, c.cash)})" for c in majors)
            pays = QLabel(f"Your majors that could pay: {_html(names)}")
            pays.setWordWrap(True)
            layout.addWidget(pays)
        self.refusal_row(layout)

    def _buyer_stage(self, layout: QVBoxLayout) -> None:
        game, step = self.game, self.step
        token = getattr(step, "token_up", None)
        high = int(getattr(step, "high_bid", 0) or 0)
        text = QLabel(f"<b>{_html(self.player_name)}</b> won the token in {_html(token_place(token))} for "
                      f"{_html(_money(game, high))}: choose the major that takes it (it pays the bid and uses one "
                      "exchange token).")
        text.setWordWrap(True)
        layout.addWidget(text)
        exchange_tokens = getattr(game, "exchange_tokens", {}) or {}

        def facts(cid: str) -> str:
            exchange = int(exchange_tokens.get(cid, 0))
            return (f"<b>{_html(cid)}</b>: cash {_html(_money(game, game.corporation_by_id(cid).cash))}, "
                    f"{exchange} exchange token{'s' if exchange != 1 else ''}")

        self.buyer_rows(layout, self.buyer_move, facts, lambda cid: f"{cid} buys it")


__all__ = ["STEP", "NdemAuctionDialog"]
