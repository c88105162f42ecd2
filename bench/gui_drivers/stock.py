"""Drivers for the stock round: buying a certificate by dragging it from the corporation card (IPO) or its
Pool figure (market) onto the player's card, selling by dragging it from the player's card onto the
corporation card; anything the drag cannot say (a particular bundle, issue/redeem, a private from the bank) by
the stock-turn dialog's buttons; 1846 marker assignment by the Assign dialog."""

from __future__ import annotations

from typing import Any

from bench.gui_drivers import DriverError, driver
from bench.gui_drivers.auction import click, open_from_bar


def _dialog_button(window: Any, key: str, what: str) -> None:
    dialog = open_from_bar(window, "stock")
    button = dialog.buttons.get(key)
    if button is None:
        dialog.reject()
        raise DriverError(f"the stock dialog has no button for {what} ({key}); it has {sorted(dialog.buttons)[:8]}")
    click(button)


def _find_move(window: Any, action: dict[str, Any]) -> Any:
    moves = window.play.moves
    if moves is None:
        raise DriverError("nothing to do now")
    for move in moves.of_type(action["type"]):
        if move.entity == action.get("entity") and move.refusal(action) is None:
            return move
    raise DriverError(f"no legal move takes {action}")


def _drag(window: Any, action: dict[str, Any], move: Any) -> bool:
    """Buy or sell by drag and drop between the panels; False when the drag cannot name this action."""
    from desktop.panels.dnd import drag_share_between

    return drag_share_between(window, action, move)


@driver("buy_shares")
def buy_shares(window: Any, action: dict[str, Any]) -> None:
    move = _find_move(window, action)
    try:
        if _drag(window, action, move):
            return
    except ImportError:
        pass
    from desktop.dialogs.shares import StockTurnDialog

    _dialog_button(window, StockTurnDialog.key(move), "this purchase")


@driver("sell_shares")
def sell_shares(window: Any, action: dict[str, Any]) -> None:
    move = _find_move(window, action)
    if list(move.shares) != list(action.get("shares") or []):
        raise DriverError("the file sells another bundle of the same size (the GUI sells the first)")
    try:
        if _drag(window, action, move):
            return
    except ImportError:
        pass
    from desktop.dialogs.shares import StockTurnDialog

    _dialog_button(window, StockTurnDialog.key(move), "this sale")


@driver("assign")
def assign(window: Any, action: dict[str, Any]) -> None:
    dialog = open_from_bar(window, "assign")
    key = f"assign_{action['entity']}_{action['target']}"
    button = dialog.buttons.get(key)
    if button is None:
        dialog.reject()
        raise DriverError(f"no assignment {key}")
    click(button)
