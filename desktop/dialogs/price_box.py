"""The price box of the buy dialogs (trains, private companies): the legal range of the chosen move."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QSpinBox

from desktop.dialogs.amount import AmountBox


def money(game: Any, amount: Any) -> str:
    """``amount`` in the title's currency (as it is when the game cannot format it)."""
    try:
        return str(game.format_currency(int(amount)))
    except (TypeError, ValueError, AttributeError):
        return str(amount)


def show_price_range(game: Any, move: Any, price: QSpinBox, note: QLabel, buy: QPushButton, choose_first: str,
                     initial: int, fixed_tip: str) -> None:
    """Set the price box, its note and the Buy button for ``move`` (None: nothing chosen yet, so ``choose_first``
    explains the disabled button).  A move with one price fixes the box (``fixed_tip`` says why)."""
    buy.setEnabled(move is not None)
    buy.setToolTip("" if move is not None else choose_first)
    if move is None:
        price.setEnabled(False)
        note.setText("")
        return
    fixed = move.min_price == move.max_price
    if isinstance(price, AmountBox):
        price.set_allowed(move.min_price, move.max_price)
        price.money = lambda v: money(game, v)
        price.message_label = None  # the note says the range; a refusal is said there when Buy is pressed
    else:
        price.setRange(move.min_price, move.max_price)
    price.setValue(initial)
    price.setEnabled(not fixed)
    price.setToolTip(fixed_tip if fixed else f"Any whole amount from {move.min_price} to {move.max_price}")
    note.setStyleSheet("")
    note.setText("fixed price" if fixed else f"{money(game, move.min_price)} to {money(game, move.max_price)}")


def add_cancel_and_buy(dialog: QDialog, buttons: QHBoxLayout, buy: Any) -> QPushButton:
    """Cancel and the default Buy button (object name "buy", calls ``buy``) at the end of ``buttons``."""
    cancel = QPushButton("Cancel")
    cancel.clicked.connect(dialog.reject)
    buttons.addWidget(cancel)
    button = QPushButton("Buy")
    button.setObjectName("buy")
    button.setDefault(True)
    button.clicked.connect(buy)
    buttons.addWidget(button)
    return button


def price_refused(price: QSpinBox, note: QLabel) -> bool:
    """A typed price outside the allowed range: say why in ``note`` (in red) and return True (nothing is bought);
    Qt's spin box used to put the nearest allowed price in its place and buy at that."""
    reason = price.refusal() if isinstance(price, AmountBox) else None
    if reason is None:
        return False
    note.setText(reason)
    note.setWordWrap(True)
    note.setStyleSheet("color: #b03a2e;")
    price.setFocus()
    price.selectAll()
    return True
