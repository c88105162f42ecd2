"""Drivers for the stock round: buying a certificate by dragging it from the corporation card (IPO) or its
Pool figure (market) onto the player's card, selling by dragging it from the player's card onto the
corporation card; anything the drag cannot say (a particular bundle, issue/redeem, a private from the bank) by
the stock-turn dialog's buttons; 1846 marker assignment by the Assign dialog."""

from __future__ import annotations

import atexit
import os
from collections import Counter
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from bench.gui_drivers import DriverError, NotPlayable, driver
from bench.gui_drivers.auction import click, open_from_bar
from desktop.panels.dnd import share_mime


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
    found = [m for m in moves.of_type(action["type"]) if m.entity == action.get("entity") and m.refusal(action) is None]
    if not found:
        repriced = [m for m in moves.of_type(action["type"]) if m.entity == action.get("entity")
                    and action.get("share_price") is not None and getattr(m, "share_price", None) is not None
                    and m.refusal({**action, "share_price": m.share_price}) is None]
        if repriced:
            # the same certificates at another price: the file was played under an older rule of the price
            # (1822PNW/p19_merge_coal_company_3: issued at the share price before the site's fix of 2022-09-27,
            # which issues at the price after the drop), which the site's loading takes as stored
            raise NotPlayable(f"the file's {action['type']} of {', '.join(map(str, action.get('shares') or []))} "
                              f"is priced {action['share_price']} a share; today's rules price it "
                              f"{repriced[0].share_price}")
        raise DriverError(f"no legal move takes {action}")
    # the sale of exactly the file's certificates where several bundles of that size are offered (1847 AE: three
    # single shares or a double and a single)
    named = list(action.get("shares") or [])
    return next((m for m in found if list(getattr(m, "shares", ())) == named), found[0])


#: how each stock action was made ("buy_shares by drag", "sell_shares by dialog button")
HOW: Counter[str] = Counter()
if os.environ.get("TRACKLAYER_DRIVER_STATS"):
    atexit.register(lambda: print("  stock drivers: " + ", ".join(f"{k} {n}" for k, n in sorted(HOW.items()))))


def _card_index(canvas: Any, name: str) -> int:
    for i, card in enumerate(canvas.cards):
        if card.name == name:
            return i
    raise DriverError(f"no card named {name}")


def drop_share(target: Any, pos: QPointF, mime: Any) -> bool:
    """Deliver a drag's enter, move and drop events to ``target`` at ``pos``; True when the drop was accepted."""
    actions = Qt.DropAction.MoveAction | Qt.DropAction.CopyAction
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos.toPoint(), actions, mime, buttons, mods)
    QApplication.sendEvent(target, enter)
    if not enter.isAccepted():
        return False
    move = QDragMoveEvent(pos.toPoint(), actions, mime, buttons, mods)
    QApplication.sendEvent(target, move)
    if not move.isAccepted():
        return False
    drop = QDropEvent(pos, actions, mime, buttons, mods)
    QApplication.sendEvent(target, drop)
    return drop.isAccepted()


def _drag(window: Any, action: dict[str, Any], move: Any) -> bool:
    """Buy or sell by dragging a certificate between the panels.  False when the drag would make another action
    than the file's (a drag takes the first certificate / sells the smallest bundle)."""
    game = window.session.live
    players = window.players_panel.canvas
    corporations = window.corporations_panel.canvas
    corporation = game.corporation_by_id(move.corporation)
    player = next((p for p in game.players if p.id == move.entity), None) if move.entity_type == "player" else None
    if player is None:
        return False
    moves = window.play.moves
    if move.swaps:
        return False  # a share swap: the dialog's button
    if action["type"] == "buy_shares":
        same = [m for m in moves.of_type("buy_shares") if m.entity == move.entity
                and m.corporation == move.corporation and m.source == move.source and not m.swaps]
        first = sorted(same, key=lambda m: (m.president, m.percent))[0]
        if first is not move or move.shares[0] != action["shares"][0] or move.count != 1 or move.source not in ("ipo", "market"):
            return False
        rects = corporations.card_rects()
        i = _card_index(corporations, corporation.name)
        rect = rects[i]
        if move.source == "market":
            pool = corporations.pool_rect(corporations.cards[i], rect)
            if pool is None:
                return False
            start = pool.center()
        else:
            start = QPointF(rect.center().x(), rect.top() + 10)  # the card's header
        found = corporations.share_payload_at(start.toPoint())
        if found is None:
            raise DriverError(f"nothing to pick up on {corporation.name}'s card")
        target_rect = players.card_rects()[_card_index(players, player.name)]
        if not drop_share(players, target_rect.center(), share_mime(found[0])):
            raise DriverError(f"{player.name}'s card refused the drop")
        return True
    # a sale: drag the player's certificate chip onto the corporation's card
    sells = [m for m in moves.of_type("sell_shares") if m.entity == move.entity and m.corporation == move.corporation
             and not m.swaps]
    if sorted(sells, key=lambda m: (m.president, m.percent))[0] is not move:
        return False
    prect = players.card_rects()[_card_index(players, player.name)]
    card = players.cards[_card_index(players, player.name)]
    chip = next((r for r, h in players.share_chips(card, prect) if h.corporation == corporation.name), None)
    if chip is None:
        raise DriverError(f"{player.name}'s card shows no {corporation.name} certificate")
    found = players.share_payload_at(chip.center().toPoint())
    if found is None:
        raise DriverError("nothing to pick up on the chip")
    target = corporations.card_rects()[_card_index(corporations, corporation.name)]
    if not drop_share(corporations, target.center(), share_mime(found[0])):
        raise DriverError(f"{corporation.name}'s card refused the drop")
    return True


@driver("buy_shares")
def buy_shares(window: Any, action: dict[str, Any]) -> None:
    move = _find_move(window, action)
    if _drag(window, action, move):
        HOW["buy_shares by drag"] += 1
        return
    from desktop.dialogs.shares import StockTurnDialog

    wanted = list(action.get("shares") or [])
    if wanted != list(move.shares[: max(1, move.count)]):
        if len(wanted) == 1 and move.count <= 1:
            # another of the interchangeable certificates: the menu beside the dialog's buy button
            dialog = open_from_bar(window, "stock")
            entry = dialog.certificates.get((StockTurnDialog.key(move), str(wanted[0])))
            if entry is None:
                dialog.reject()
                raise DriverError(f"the stock dialog offers no choice of certificate {wanted[0]}")
            entry.trigger()
            HOW["buy_shares by certificate menu"] += 1
            return
        raise DriverError(f"the file names certificate {wanted}; the GUI takes the first interchangeable one "
                          f"{list(move.shares[: max(1, move.count)])}")
    _dialog_button(window, StockTurnDialog.key(move), "this purchase")
    HOW["buy_shares by dialog button"] += 1


@driver("sell_shares")
def sell_shares(window: Any, action: dict[str, Any]) -> None:
    move = _find_move(window, action)
    if list(move.shares) != list(action.get("shares") or []):
        raise DriverError("the file sells another bundle of the same size (the GUI sells the first)")
    if _drag(window, action, move):
        HOW["sell_shares by drag"] += 1
        return
    from desktop.dialogs.shares import StockTurnDialog

    _dialog_button(window, StockTurnDialog.key(move), "this sale")
    HOW["sell_shares by dialog button"] += 1


def _drop_power(window: Any, action: dict[str, Any]) -> bool:
    """Assign a power to a hex by dragging its card from the action bar onto the hex (18ZOO's Hole, Wheat...);
    False when the bar shows no card for it."""
    if action.get("target_type") != "hex":
        return False
    cards = window.action_bar.tools.get("power", [])
    card = next((c for c in cards if getattr(c, "payload", {}).get("entity") == action.get("entity")), None)
    if card is None:
        return False
    from bench.gui_drivers.operating import drag_and_drop, hex_point

    if not drag_and_drop(window, card.mime(), hex_point(window, str(action["target"]))):
        raise DriverError(f"the {action['entity']} card was refused on {action['target']}")
    HOW["assign by dragging the power card"] += 1
    return True


@driver("assign")
def assign(window: Any, action: dict[str, Any]) -> None:
    if _drop_power(window, action):
        return
    dialog = open_from_bar(window, "assign")
    key = f"assign_{action['entity']}_{action['target']}"
    button = dialog.buttons.get(key)
    if button is None:
        dialog.reject()
        raise DriverError(f"no assignment {key}")
    click(button)

# programmed actions (set in the stock round's "Auto actions..." dialog) register their drivers on import
from bench.gui_drivers import program as _program  # noqa: E402,F401
