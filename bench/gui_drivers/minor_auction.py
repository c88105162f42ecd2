"""Drivers for bids on one item at a time (1867's private auction, the minors' auction of 1867 and 1861): bids
and the auction's passes are made in the dialog the action bar's minor-auction button opens.  Other bids and
passes go to the drivers registered before this module."""

from __future__ import annotations

from typing import Any

from bench.gui_drivers import DRIVERS, DriverError, driver
from bench.gui_drivers.auction import click, open_from_bar, type_bid

KEY = "minor_auction"
_previous = {kind: DRIVERS.get(kind) for kind in ("bid", "pass")}


def _mine(window: Any, kind: str, action: dict[str, Any]) -> bool:
    controller = next((c for c in window.play.controllers if getattr(c, "KEY", None) == KEY), None)
    if controller is None or not controller.available:
        return False
    if kind == "bid":
        return True
    moves = window.play.moves
    step = window.session.live.round.active_step()
    return moves.step == "SingleItemAuction" or getattr(step, "auction_target", None) is not None


def _delegate(kind: str, window: Any, action: dict[str, Any]) -> None:
    fn = _previous.get(kind)
    if fn is None:
        raise DriverError(f"no driver for {kind}")
    fn(window, action)


@driver("bid")
def bid(window: Any, action: dict[str, Any]) -> None:
    if not _mine(window, "bid", action):
        _delegate("bid", window, action)
        return
    dialog = open_from_bar(window, KEY)
    target = action.get("corporation") or action.get("company")
    row = dialog.rows.get(target)
    if row is None or row.move is None:
        dialog.reject()
        raise DriverError(f"the dialog offers no bid on {target}")
    price = int(action["price"])
    type_bid(dialog, row.spin, row.button, price)


@driver("pass")
def pass_(window: Any, action: dict[str, Any]) -> None:
    if not _mine(window, "pass", action):
        _delegate("pass", window, action)
        return
    dialog = open_from_bar(window, KEY)
    click(dialog.pass_button)
