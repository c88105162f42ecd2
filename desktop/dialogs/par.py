"""The par dialog: the par prices a player can afford for a corporation, built from a ``ParMove``.

Every par price of the market is listed; those the player cannot afford (or may not use) are disabled with the
reason.  Each button says what the president's certificate costs.  ``action`` is the chosen action or None.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.dialogs.auction import _entity_name, _money
from engine.moves.base import ParMove


def president_percent(corporation: Any) -> int:
    pres = next((s for s in getattr(corporation, "shares", []) if getattr(s, "president", False)), None)
    return int(pres.percent) if pres is not None else 20


def par_cost(corporation: Any, price: int) -> int:
    """What the president's certificate costs at par ``price``."""
    unit = int(getattr(corporation, "share_percent", 10) or 10)
    return price * president_percent(corporation) // unit


class ParDialog(QDialog):
    """Choose a par price for ``move.corporation``."""

    def __init__(self, game: Any, move: ParMove, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.move = move
        self.action: dict[str, Any] | None = None
        self.buttons: dict[int, QPushButton] = {}
        corporation = game.corporation_by_id(move.corporation)
        who = _entity_name(game, move.entity_type, move.entity)
        player = next((p for p in game.players if p.name == who), None)
        cash = int(player.cash) if player is not None else None
        self.setWindowTitle(f"Par {corporation.name}")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{who}</b>: choose the par price of <b>{corporation.name}</b>"
                                + (f" (cash {_money(game, cash)})" if cash is not None else "")))
        legal = dict((price, sp) for sp, price in move.share_prices)
        market = getattr(game, "stock_market", None)
        all_prices = sorted({int(sp.price) for sp in getattr(market, "par_prices", [])} | set(legal), reverse=True)
        percent = president_percent(corporation)
        if move.free:
            layout.addWidget(QLabel(f"The president's {percent}% comes with the private company: no payment."))
        for price in all_prices:
            cost = 0 if move.free else par_cost(corporation, price)
            # a free par said "(president's 20%: $200)", as if the player paid it
            button = QPushButton(f"{_money(game, price)}  (president's {percent}%: "
                                 + ("free)" if move.free else f"{_money(game, cost)})"))
            button.setObjectName(f"par_{price}")
            if price in legal:
                button.clicked.connect(lambda _=False, p=price: self.choose(p))
                button.setToolTip(f"par {corporation.name} at {_money(game, price)}")
            else:
                button.setEnabled(False)
                if cash is not None and cost > cash:
                    button.setToolTip(f"the president's certificate costs {_money(game, cost)}; "
                                      f"{who} has {_money(game, cash)}")
                else:
                    button.setToolTip(f"{_money(game, price)} is not an allowed par price now")
            layout.addWidget(button)
            self.buttons[price] = button
        close = QPushButton("Cancel")
        close.clicked.connect(self.reject)
        layout.addWidget(close)

    def choose(self, price: int) -> None:
        sp = next((sp for sp, p in self.move.share_prices if p == price), None)
        if sp is None:
            return
        self.action = {**self.move.base(), "corporation": self.move.corporation, "share_price": sp}
        self.accept()
