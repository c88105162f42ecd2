"""Drivers for the private auctions: waterfall bids and purchases, the 1846 draft, the par after a private
with a president's certificate.  Every action is made by clicking in the dialogs the bar buttons open."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bench.gui_drivers import DriverError, NotPlayable, driver


def click(widget: Any) -> None:
    if not widget.isEnabled():
        raise DriverError(f"{widget.objectName() or widget.text()} is disabled: {widget.toolTip()}")
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton)


def bar_button(window: Any, key: str) -> Any:
    button = window.action_bar.buttons.get(key)
    if button is None:
        raise DriverError(f"the action bar offers no {key!r} button (it has {sorted(window.action_bar.buttons)})")
    return button


def open_from_bar(window: Any, key: str) -> Any:
    """Click the bar button ``key`` and return the dialog it opened."""
    click(bar_button(window, key))
    play = window.play
    dialog = next(
        (
            getattr(c, "dialog", None)
            for c in play.controllers
            if getattr(c, "KEY", None) == key and getattr(c, "dialog", None) is not None
        ),
        None,
    )
    if dialog is None:
        raise DriverError(f"the {key!r} button opened no dialog")
    return dialog


def click_buyer(dialog: Any, corporation: Any, offerer: str = "the dialog") -> None:
    """Click ``corporation``'s buyer button (``buyer_<id>``) in a dialog that hands a won item to a buyer (1817's
    acquisition, 1822MX's NdeM token auction); the dialog is closed when it offers no such buyer."""
    button = dialog.buttons.get(f"buyer_{corporation}")
    if button is None:
        dialog.reject()
        raise DriverError(f"{offerer} offers no buyer {corporation}")
    click(button)


def type_bid(dialog: Any, spin: Any, button: Any, price: int) -> None:
    """Type ``price`` into the bid box ``spin`` of ``dialog`` and click ``button`` (its Bid); the dialog is closed
    when the box does not take the price."""
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, str(price))
    if spin.typed_value() != price:
        dialog.reject()
        raise DriverError(f"the bid box took {spin.typed_value()}, not {price}")
    click(button)


@driver("bid")
def bid(window: Any, action: dict[str, Any]) -> None:
    moves = window.play.moves
    if moves is None:
        raise DriverError("nothing to do now")
    if moves.step in ("DraftDistribution", "Draft2pDistribution", "DraftPurchase"):
        dialog = open_from_bar(window, "draft")
        if not dialog.revealed:
            click(dialog.reveal_button)
        button = dialog.card_buttons.get(action["company"])
        if button is None:
            raise DriverError(f"{action['company']} is not in the hand")
        click(button)
        return
    key = "bid_boxes" if "bid_boxes" in window.action_bar.buttons else "auction"  # a stock round's bid boxes
    dialog = open_from_bar(window, key)
    row = dialog.rows.get(action.get("company"))
    if row is None:
        raise DriverError(f"{action.get('company')} is not in the auction dialog")
    if not row.spin.isEnabled() and row.spin.value() != action["price"]:
        # a fixed price (18ZOO's draft: a power costs its value, the only bid the site's own dialog sends); early
        # hand-made files bid an older value, which the site's loading takes unchecked
        dialog.reject()
        raise NotPlayable(
            f"{action.get('company')} sells at its fixed price {row.spin.value()}; the file bids "
            f"{action['price']}, which no dialog can enter"
        )
    if row.spin.isEnabled():
        row.spin.setFocus()
        row.spin.selectAll()
        QTest.keyClicks(row.spin, str(action["price"]))
        if row.spin.value() != action["price"]:
            dialog.reject()
            raise DriverError(
                f"the bid box took {row.spin.value()}, not {action['price']} "
                f"(range {row.spin.minimum()}..{row.spin.maximum()})"
            )
    click(row.button)


def choose_par(dialog: Any, game: Any, share_price: str) -> None:
    move = dialog.move
    price = next((p for sp, p in move.share_prices if sp == share_price), None)
    if price is None:
        dialog.reject()
        raise DriverError(f"par price {share_price} is not offered")
    click(dialog.buttons[price])


@driver("par")
def par(window: Any, action: dict[str, Any]) -> None:
    moves = window.play.moves
    if moves is None:
        raise DriverError("nothing to do now")
    if moves.step == "CompanyPendingPar":
        dialog = open_from_bar(window, "pending_par")
        choose_par(dialog, window.session.live, action["share_price"])
        return
    dialog = open_from_bar(window, "stock")
    key = f"par_{action['corporation']}"
    if key not in dialog.buttons:
        dialog.reject()
        raise DriverError(f"no Par button for {action['corporation']}")
    click(dialog.buttons[key])
    choose_par(dialog.par_dialog, window.session.live, action["share_price"])
