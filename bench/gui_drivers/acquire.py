"""Drivers for acquisitions and destination tokens (the 1822 family): ``acquire_company`` and a ``merge`` naming a
minor through the acquisition dialogs (pick the row, confirm), ``hex_token`` by the bar's button, a player's debt
payoff through its dialog."""

from __future__ import annotations

from typing import Any

from bench.gui_drivers import DRIVERS, DriverError, driver
from bench.gui_drivers.auction import bar_button, click, open_from_bar

_previous_merge = DRIVERS.get("merge")


def _pick(window: Any, key: str, name: str) -> None:
    dialog = open_from_bar(window, key)
    if not dialog.select(name):
        dialog.reject()
        raise DriverError(f"the {key} dialog offers no {name}")
    click(dialog.confirm_button)


@driver("acquire_company")
def acquire_company(window: Any, action: dict[str, Any]) -> None:
    _pick(window, "acquire_company", str(action.get("company")))


@driver("merge")
def merge(window: Any, action: dict[str, Any]) -> None:
    """A minor acquisition's merge through its dialog; other merges as before."""
    if "acquire_minor" in window.action_bar.buttons:
        _pick(window, "acquire_minor", str(action.get("corporation")))
        return
    if _previous_merge is None:
        raise DriverError("no driver for merge")
    _previous_merge(window, action)


@driver("hex_token")
def hex_token(window: Any, action: dict[str, Any]) -> None:
    button = bar_button(window, "hex_token")
    if str(action.get("hex")) not in button.text():
        raise DriverError(f"the bar's token button is for another hex ({button.text()})")
    click(button)


@driver("payoff_player_debt", "payoff_player_debt_partial")
def payoff_player_debt(window: Any, action: dict[str, Any]) -> None:
    from PySide6.QtTest import QTest

    dialog = open_from_bar(window, "payoff_player_debt")
    if action["type"] == "payoff_player_debt":
        click(dialog.full_button)
        return
    dialog.amount.setFocus()
    dialog.amount.selectAll()
    QTest.keyClicks(dialog.amount, str(action["amount"]))
    click(dialog.part_button)


@driver("choose_ability")
def choose_ability(window: Any, action: dict[str, Any]) -> None:
    """The bar's "Powers..." and the option of the file's company and choice."""
    dialog = open_from_bar(window, "choose_ability")
    index = next((i for i, (move, choice) in enumerate(dialog.options)
                  if str(move.entity) == str(action.get("entity")) and choice.value == action.get("choice")), None)
    button = dialog.buttons.get(f"choose_{index}") if index is not None else None
    if button is None:
        dialog.reject()
        raise DriverError(f"the powers dialog offers no {action.get('choice')!r} of {action.get('entity')}")
    click(button)


_previous_buy_train = DRIVERS.get("buy_train")


@driver("buy_train")
def buy_train(window: Any, action: dict[str, Any]) -> None:
    """As before; when the file names another copy of the depot's next train than the one the dialog lists (1822's
    first-turn L train: the site buys the depot's next one whichever copy the action names), the row whose move
    accepts the file's train."""
    from bench.gui_drivers.operating import open_dialog, trains_key, type_price_and_buy
    from desktop.dialogs.trains import ROLE

    if _previous_buy_train is None:
        raise DriverError("no driver for buy_train")
    try:
        _previous_buy_train(window, action)
        return
    except DriverError:
        if window.play.moves is None:
            raise
    dialog = open_dialog(window, "TrainsController", trains_key(window, action))
    for row in range(dialog.list.count()):
        move = dialog.list.item(row).data(ROLE)
        if getattr(move, "train", None) is None or str(move.train) == str(action["train"]):
            continue
        if move.refusal({**action, "train": str(action["train"])}) is None:
            dialog.list.setCurrentRow(row)
            type_price_and_buy(dialog, int(action["price"]))
            return
    dialog.reject()
    raise DriverError(f"the dialog offers no {action['train']} ({action.get('variant')}) train") from None
