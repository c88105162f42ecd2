"""Drivers for programmed actions: Game > Programmed actions... opens the program dialog; the driver picks the
player and the options of the file's action and clicks the button that sets (or cancels) the program."""

from __future__ import annotations

from typing import Any

from bench.gui_drivers import DriverError, driver
from bench.gui_drivers.auction import click


def _dialog(window: Any, action: dict[str, Any]) -> Any:
    window.programs_action.trigger()
    controller = window.play.by_name.get("ProgramController") if window.play is not None else None
    dialog = getattr(controller, "dialog", None)
    if dialog is None:
        raise DriverError("Game > Programmed actions... opened no dialog")
    dialog.select_player(action["entity"])
    if dialog.player is None or dialog.player.id != action["entity"]:
        dialog.reject()
        raise DriverError(f"no player {action['entity']} in the program dialog")
    return dialog


@driver("program_share_pass")
def share_pass(window: Any, action: dict[str, Any]) -> None:
    dialog = _dialog(window, action)
    dialog.unconditional_box.setChecked(bool(action.get("unconditional")))
    dialog.indefinite_box.setChecked(bool(action.get("indefinite")))
    click(dialog.pass_button)


@driver("program_buy_shares")
def buy_shares(window: Any, action: dict[str, Any]) -> None:
    dialog = _dialog(window, action)
    for box, value, what in ((dialog.corporation_box, action.get("corporation"), "corporation"),
                             (dialog.source_box, bool(action.get("from_market")), "source"),
                             (dialog.until_box, action.get("until_condition"), "condition")):
        if not dialog.select_data(box, value):
            dialog.reject()
            raise DriverError(f"the program dialog offers no {what} {value!r}")
    dialog.pass_after_box.setChecked(bool(action.get("auto_pass_after")))
    click(dialog.buy_button)


@driver("program_disable")
def disable(window: Any, action: dict[str, Any]) -> None:
    dialog = _dialog(window, action)
    click(dialog.cancel_button)


@driver("end_game")
def end_game(window: Any, action: dict[str, Any]) -> None:
    """Game > End the game now…: the file's entity ends it."""
    window.end_game_action.trigger()
    dialog = window.end_game_dialog
    if dialog is None:
        raise DriverError("Game > End the game now… opened no dialog (not at the live end of a game in play?)")
    dialog.select(action["entity"], action.get("entity_type") or "player")
    click(dialog.ok_button)


@driver("program_auction_bid")
def auction_bid(window: Any, action: dict[str, Any]) -> None:
    """The dialog's "Bid in the auction" part: the company, the maximum and buy price (ticked or not, the
    values typed), pass-after, then "Bid for me"."""
    from engine.programs import program_price

    dialog = _dialog(window, action)
    if not dialog.select_data(dialog.target_box, action.get("bid_target")):
        dialog.reject()
        raise DriverError(f"the program dialog offers no company {action.get('bid_target')!r} to bid on")
    dialog.maximum_box.setChecked(bool(action.get("enable_maximum_bid")))
    dialog.maximum_spin.setValue(program_price(action.get("maximum_bid")))
    dialog.buy_price_box.setChecked(bool(action.get("enable_buy_price")))
    dialog.buy_price_spin.setValue(program_price(action.get("buy_price")))
    dialog.auction_pass_box.setChecked(bool(action.get("auto_pass_after")))
    click(dialog.bid_button)


@driver("program_merger_pass")
def merger_pass(window: Any, action: dict[str, Any]) -> None:
    """The merger or acquisition panel's "Auto-pass my corporations" row (with "unless someone else acts" as the
    file's options say) when the panel is open for the file's player and the file passes on all their
    corporations in every round, else the same row of Game > Programmed actions... for the file's player, its
    boxes ticked for the corporations the file names in each round (either form the site wrote)."""
    from bench.gui_drivers.auction import open_from_bar
    from bench.play_through_gui import merger_pass_rounds

    wanted = merger_pass_rounds(action)
    moves = window.play.moves if window.play is not None else None
    key = {"Acquire": "acquisition", "Conversion": "merger", "Merge": "merger"}.get(
        getattr(moves, "step", None) or "")
    # the panel when its button is on the bar (in the acquisition round's loan step it is not: the player opens
    # Game > Programmed actions...)
    dialog = open_from_bar(window, key) if key is not None and key in window.action_bar.buttons else None
    row = getattr(dialog, "program_row", None)
    if row is not None and getattr(row.player, "id", None) == action["entity"]:
        made = row.action()
        if made is None or merger_pass_rounds(made) != wanted:
            row = None  # the panel's button passes on every corporation: the program dialog ticks some
    if row is None or getattr(row.player, "id", None) != action["entity"]:
        if dialog is not None:
            dialog.reject()
        dialog = _dialog(window, action)
        row = dialog.merger_row
        if row is None:
            dialog.reject()
            raise DriverError(f"no merger-pass program for player {action['entity']} in the program dialog")
        if not row.tick({r: sorted(cs) for r, cs in wanted.items()}):
            dialog.reject()
            raise DriverError(f"the program dialog has no box for some of {wanted} (its boxes: {sorted(row.boxes)})")
    row.others_box.setChecked("disable_others" in (action.get("options") or []))
    made = row.action()
    if made is None or merger_pass_rounds(made) != wanted:
        dialog.reject()
        raise DriverError("the panel's program names other corporations or rounds than the file's")
    click(row.button)
