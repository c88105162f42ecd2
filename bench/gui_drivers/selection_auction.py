"""Drivers for the selection auction (Steam Over Holland): bids and passes are made in the dialog the action
bar's "Auction of ..." button opens.  Other bids and passes go to the drivers registered before this module."""

from __future__ import annotations

from typing import Any

from PySide6.QtTest import QTest

from bench.gui_drivers import DRIVERS, DriverError, driver
from bench.gui_drivers.auction import click, open_from_bar, type_bid

KEY = "selection_auction"
_previous = {kind: DRIVERS.get(kind) for kind in ("bid", "pass")}


def _in_auction(window: Any) -> bool:
    moves = window.play.moves
    return moves is not None and moves.step == "SelectionAuction"


def _delegate(kind: str, window: Any, action: dict[str, Any]) -> None:
    fn = _previous.get(kind)
    if fn is None:
        raise DriverError(f"no driver for {kind}")
    fn(window, action)


@driver("bid")
def bid(window: Any, action: dict[str, Any]) -> None:
    if not _in_auction(window):
        _delegate("bid", window, action)
        return
    dialog = open_from_bar(window, KEY)
    if hasattr(dialog, "rows"):  # the player chooses the item (1817): its row's bid box
        bid_in_row(dialog, action.get("company") or action.get("corporation"), int(action["price"]))
        return
    move = dialog.move
    if move is None or move.target != action.get("company"):
        dialog.reject()
        raise DriverError(f"the dialog offers no bid on {action.get('company')}")
    price = int(action["price"])
    if price == move.min_bid:
        click(dialog.quick_button)  # the face value (opening) or the smallest raise, in one click
        return
    dialog.spin.setFocus()
    dialog.spin.selectAll()
    QTest.keyClicks(dialog.spin, str(price))
    if dialog.spin.value() != price:
        dialog.reject()
        raise DriverError(
            f"the bid box took {dialog.spin.value()}, not {price} "
            f"(range {dialog.spin.minimum()}..{dialog.spin.maximum()})"
        )
    click(dialog.bid_button)


def bid_in_row(dialog: Any, target: Any, price: int) -> None:
    """Type ``price`` in ``target``'s row of an item-rows auction dialog and click its Bid."""
    row = dialog.rows.get(target)
    if row is None or row.move is None:
        dialog.reject()
        raise DriverError(f"the dialog offers no bid on {target}")
    type_bid(dialog, row.spin, row.button, price)


@driver("pass")
def pass_(window: Any, action: dict[str, Any]) -> None:
    if not _in_auction(window):
        _delegate("pass", window, action)
        return
    dialog = open_from_bar(window, KEY)
    click(dialog.pass_button)
