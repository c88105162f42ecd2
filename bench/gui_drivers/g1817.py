"""Drivers for the 1817 family's gestures: loans (the action bar's "Take a loan: ..." / "Pay off a loan: ..."
buttons), selling short (the "Sell short..." dialog), the acquisition round (its dialog in the auction panel).
Paying a won bid with privates (the "Pay for X with privates..." dialog).  Loaded last: bids, passes, assignments
and merges outside the acquisition round go to the earlier drivers."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bench.gui_drivers import DRIVERS, DriverError, driver
from bench.gui_drivers.auction import click, click_buyer, open_from_bar, type_bid


@driver("take_loan", "payoff_loan")
def loan(window: Any, action: dict[str, Any]) -> None:
    kind = str(action["type"])
    buttons = window.action_bar.buttons
    button = buttons.get(kind)
    if button is not None and button.text().endswith("..."):  # several corporations: the bar's menu
        controller = next(c for c in window.play.controllers if getattr(c, "KEY", None) == "take_loan")
        menu = controller.loan_menu(kind)
        entry = next(
            (
                a
                for a in (menu.actions() if menu is not None else [])
                if a.text().replace("&&", "&").startswith(f"{action.get('entity')}: ")
            ),
            None,
        )
        if entry is None:
            raise DriverError(f"the loan menu offers nothing for {action.get('entity')}")
        entry.trigger()
        return
    if button is None or not button.isEnabled():
        raise DriverError(f"no {kind} button on the action bar")
    moves = window.play.moves
    acting = [eid for _etype, eid in (moves.acting if moves is not None else [])]
    if action.get("entity") not in acting:
        raise DriverError(f"{action.get('entity')} is not acting now ({acting})")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


@driver("short")
def short(window: Any, action: dict[str, Any]) -> None:
    """The bar's "Sell short..." button, then the corporation's Short button in the dialog."""
    dialog = open_from_bar(window, "short")
    button = dialog.buttons.get(action.get("corporation"))
    if button is None:
        dialog.reject()
        raise DriverError(f"the short dialog offers no {action.get('corporation')}")
    click(button)


# --- the acquisition round: offer / bid / pass / choose the buyer in the acquisition dialog (auction panel) ----
ACQUIRE = "Acquire"
_previous = {kind: DRIVERS.get(kind) for kind in ("bid", "pass", "assign", "merge")}


def _acquiring(window: Any) -> bool:
    moves = window.play.moves
    controller = next((c for c in window.play.controllers if getattr(c, "KEY", None) == "acquisition"), None)
    return moves is not None and moves.step == ACQUIRE and controller is not None and controller.available


def _delegate(kind: str, window: Any, action: dict[str, Any]) -> None:
    fn = _previous.get(kind)
    if fn is None:
        raise DriverError(f"no driver for {kind}")
    fn(window, action)


@driver("bid", "pass", "assign", "merge")
def acquisition(window: Any, action: dict[str, Any]) -> None:
    kind = str(action["type"])
    if kind == "assign" and action.get("target_type") == "company" and "subsidiaries" in window.action_bar.buttons:
        put = open_from_bar(window, "subsidiaries")  # a won bid paid with privates
        button = put.buttons.get(str(action.get("target")))
        if button is None:
            put.reject()
            raise DriverError(f"the dialog offers no {action.get('target')}")
        click(button)
        return
    if not _acquiring(window):
        _delegate(kind, window, action)
        return
    acting = {str(entity) for _, entity in window.play.moves.acting}
    if kind == "pass" and str(action.get("entity")) not in acting:
        # the site took a pass on the offer from a player who was not acting (the step asks no owner; 18USA
        # 109372 action 1284): the table passes for whoever acts, so this is no gesture
        from bench.gui_drivers import NotPlayable

        raise NotPlayable(
            f"a {kind} by {action.get('entity')}, who is not acting (the table acts for {', '.join(sorted(acting))})"
        )
    dialog = open_from_bar(window, "acquisition")
    if kind == "pass":
        click(dialog.pass_button)
        return
    if kind == "assign":
        if dialog.stage != "offer" or dialog._target() != action.get("target"):
            dialog.reject()
            raise DriverError(f"the dialog offers no sale of {action.get('target')}")
        click(dialog.buttons["offer"])
        return
    if kind == "merge":
        click_buyer(dialog, action.get("corporation"))
        return
    if dialog.bid_move is None or dialog.bid_move.target != action.get("corporation"):
        dialog.reject()
        raise DriverError(f"the dialog offers no bid on {action.get('corporation')}")
    type_bid(dialog, dialog.spin, dialog.bid_button, int(action["price"]))
