"""Drivers for 1822MX's NdeM token auction (the step ``AuctionNdemTokens``, played in the NdeM auction dialog the
action bar's "NdeM token auction" button brings up): ``remove_token`` names a token (its "Auction <hex>" button),
``bid`` types the price into the bid box and clicks Bid, ``merge`` clicks the major that takes the won token.
Other steps' actions of these types go to the drivers registered before."""

from __future__ import annotations

from typing import Any

from bench.gui_drivers import DRIVERS, DriverError, driver
from bench.gui_drivers.auction import click, click_buyer, open_from_bar, type_bid
from desktop.dialogs.ndem_auction import STEP

KEY = "ndem_auction"
_previous = {kind: DRIVERS.get(kind) for kind in ("bid", "merge", "remove_token")}


def _auctioning(window: Any) -> bool:
    moves = window.play.moves
    return moves is not None and moves.step == STEP and KEY in window.action_bar.buttons


@driver("bid", "merge", "remove_token")
def ndem_auction(window: Any, action: dict[str, Any]) -> None:
    kind = str(action["type"])
    if not _auctioning(window):
        previous = _previous.get(kind)
        if previous is None:
            raise DriverError(f"no driver for {kind}")
        previous(window, action)
        return
    dialog = open_from_bar(window, KEY)
    if kind == "remove_token":
        move = next(
            (m for m in dialog.removals if m.city == action.get("city") and m.slot == int(action.get("slot") or 0)),
            None,
        )
        button = dialog.buttons.get(f"token_{action.get('city')}") if move is not None else None
        if button is None:
            dialog.reject()
            raise DriverError(f"the NdeM auction offers no token in {action.get('city')} slot {action.get('slot')}")
        click(button)
        return
    if kind == "merge":
        click_buyer(dialog, action.get("corporation"), "the NdeM auction")
        return
    if dialog.bid_move is None:
        dialog.reject()
        raise DriverError("the NdeM auction takes no bid now")
    type_bid(dialog, dialog.spin, dialog.bid_button, int(action["price"]))
