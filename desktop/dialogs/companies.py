"""Buying a private company into the operating corporation, built from the engine's ``BuyCompanyMove``s: one
row per company with its owner and the legal price range; the price entry is limited to that range.  Privates
that exist but cannot be bought now are listed disabled with the reason.  ``action`` is the chosen action or
None."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.amount import AmountBox
from desktop.dialogs.price_box import add_cancel_and_buy, money, price_refused, show_price_range
from engine.moves import LegalMoves
from engine.moves.base import BuyCompanyMove

__all__ = ["BuyCompanyDialog"]

ROLE = Qt.ItemDataRole.UserRole


_money = money


class BuyCompanyDialog(QDialog):
    """Choose a private company and a price for the buying corporation."""

    def __init__(self, game: Any, moves: LegalMoves, buyer: tuple[str, Any], parent: QWidget | None = None,
                 only: Callable[[BuyCompanyMove], bool] | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.action: dict[str, Any] | None = None
        self.buys = [m for m in moves.of_type("buy_company")
                     if isinstance(m, BuyCompanyMove) and (m.entity_type, m.entity) == buyer
                     and (only is None or only(m))]
        entity = game.entity_by(*buyer)
        name = str(getattr(entity, "name", buyer[1]))
        self.setWindowTitle(f"{name}: buy a private company")
        self.setMinimumWidth(480)
        layout = QVBoxLayout(self)
        head = QLabel(f"<b>{name}</b> has {_money(game, entity.cash)}. Choose a private company and the price "
                      "agreed with its owner:")
        head.setWordWrap(True)
        layout.addWidget(head)
        self.list = QListWidget(self)
        self.list.setObjectName("companies")
        for move in self.buys:
            company = game.company_by_id(move.company)
            owner = getattr(company, "owner", None)
            item = QListWidgetItem(f"{company.name} ({company.sym}) from {getattr(owner, 'name', move.seller)}: "
                                   f"{_money(game, move.min_price)} to {_money(game, move.max_price)}")
            item.setData(ROLE, move)
            item.setToolTip(str(getattr(company, "desc", "") or company.name))
            self.list.addItem(item)
        for u in moves.unusable:
            if u.kind != "company":
                continue
            item = QListWidgetItem(f"{u.id}: {u.reason}")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            item.setToolTip(u.reason)
            self.list.addItem(item)
        self.list.currentItemChanged.connect(lambda *_: self._selected())
        layout.addWidget(self.list, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel("Price:"))
        self.price = AmountBox(self, what="The price")
        self.price.setObjectName("price")
        row.addWidget(self.price)
        self.range_note = QLabel("")
        row.addWidget(self.range_note, 1)
        layout.addLayout(row)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.buy_button = add_cancel_and_buy(self, buttons, self.buy)
        layout.addLayout(buttons)
        if self.buys:
            self.list.setCurrentRow(0)
        self._selected()

    def selected(self) -> BuyCompanyMove | None:
        item = self.list.currentItem()
        move = item.data(ROLE) if item is not None else None
        return move if isinstance(move, BuyCompanyMove) else None

    def select(self, company: str) -> bool:
        for row in range(self.list.count()):
            move = self.list.item(row).data(ROLE)
            if isinstance(move, BuyCompanyMove) and move.company == company:
                self.list.setCurrentRow(row)
                return True
        return False

    def _selected(self) -> None:
        move = self.selected()
        show_price_range(self.game, move, self.price, self.range_note, self.buy_button,
                         "Choose a private company first", move.max_price if move is not None else 0,
                         "The price is fixed")

    def buy(self) -> None:
        move = self.selected()
        if move is None:
            return
        if price_refused(self.price, self.range_note):
            return
        self.action = {**move.base(), "company": move.company, "price": int(self.price.typed_value() or 0)}
        self.accept()
