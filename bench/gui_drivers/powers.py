"""Drivers for powers (18ZOO's, and any title's companies used the same ways):

- ``choose_ability`` of a power that acts on a train or a family (Whatsup, Patch, Days off): its card dragged from
  the action bar onto the depot's train row, the family's train chip or the family's card
  (:mod:`desktop.controllers.power_drop`); when the drop fits several options (a depot train's variants, two
  families of one president) the short list it opens is answered.  Other powers through the bar's "Powers..."
  (:mod:`bench.gui_drivers.acquire`).  A file's choice written with fewer fields than the options (early Whatsup
  files name the family and the train, not the variant and the price) picks the option it names by those fields,
  as the engine reads it (``listed_choice``).
- ``buy_company`` in a stock turn (a power bought from the bank at its price): its button in the stock-turn
  dialog ("Buy <power> for $2"); in the operating round the "Buy a private..." dialog
  (:mod:`bench.gui_drivers.operating`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from bench.gui_drivers import DRIVERS, DriverError, driver
from bench.gui_drivers.auction import click, open_from_bar
from engine.steps.choose_ability import listed_choice

_or_buy_company = DRIVERS.get("buy_company")


def _option_index(options: list[Any], wanted: Any) -> int | None:
    """The index of the option (``Choice``) the file's ``wanted`` choice picks (equal, or named by its fields)."""
    found = listed_choice(list(options), wanted)
    return next((i for i, o in enumerate(options) if o is found), None)


def _drop(widget: Any, mime: Any, pos: QPointF) -> bool:
    """Enter, move and drop ``mime`` at ``pos`` of ``widget`` (what a real drag sends); True when taken."""
    point = QPoint(int(pos.x()), int(pos.y()))
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    app = QApplication.instance()
    app.sendEvent(widget, QDragEnterEvent(point, Qt.DropAction.CopyAction, mime, buttons, mods))
    move = QDragMoveEvent(point, Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(widget, move)
    if not move.isAccepted():
        return False
    drop = QDropEvent(QPointF(point), Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(widget, drop)
    return bool(drop.isAccepted())


def _corporation_canvas(window: Any) -> Any:
    canvas = window.corporations_panel.canvas
    canvas.resize(max(canvas.width(), 420), max(canvas.height(), 2400))  # every card laid out, none scrolled off
    canvas._ensure_layout()
    return canvas


def _family_point(window: Any, family: str, train_id: str | None) -> tuple[Any, QPointF]:
    """The corporations canvas and the point of ``family``'s train chip ``train_id`` (its card when None)."""
    canvas = _corporation_canvas(window)
    for card, rect in zip(canvas.cards, canvas.card_rects()):
        if str(card.name) != family:
            continue
        if train_id is None:
            return canvas, QPointF(rect.center())
        canvas._layout(None, rect, card)
        chip = next((c for c, tid in canvas.train_chips.get(family, []) if tid == train_id), None)
        if chip is None:
            raise DriverError(f"{family}'s card shows no train {train_id}")
        return canvas, QPointF(chip.center())
    raise DriverError(f"no card of {family}")


def _depot_point(window: Any, sym: str) -> tuple[Any, QPointF]:
    canvas = window.trains_panel.canvas
    canvas.resize(max(canvas.width(), 400), max(canvas.height(), 1400))
    rows = canvas.state.trains
    index = next((i for i, r in enumerate(rows) if r.sym == sym), None)
    rect = canvas.depot_row_rect(index) if index is not None else None
    if rect is None:
        raise DriverError(f"the trains panel shows no depot row {sym}")
    return canvas, QPointF(rect.center())


def _drag_power(window: Any, action: dict[str, Any]) -> bool:
    """Use a power acting on a train or a family by dragging its card there; False when it has no card."""
    from desktop.controllers.power_drop import PowerDropController, choice_family, choice_train

    controller = window.play.controller(PowerDropController)
    key = str(action.get("entity"))
    power = controller.trains.get(key) if controller is not None else None
    if power is None:
        return False
    options = list(power.move.choices)
    index = _option_index(options, action.get("choice"))
    if index is None:
        raise DriverError(f"{power.name} offers no {action.get('choice')!r}")
    chosen = options[index]
    card = next((c for c in window.action_bar.tools.get("power", [])
                 if getattr(c, "payload", {}).get("entity") == key), None)
    if card is None:
        raise DriverError(f"no {power.name} card on the action bar")
    game = window.session.live
    train = choice_train(game, chosen.value)
    family = choice_family(game, chosen.value)
    if train is not None and getattr(train, "owner", None) is game.depot:
        canvas, point = _depot_point(window, str(train.sym))
    elif train is not None:
        canvas, point = _family_point(window, str(train.owner.name), str(train.id))
    elif family is not None:
        canvas, point = _family_point(window, family, None)
    else:
        return False
    before = len(window.session.record.actions)
    if not _drop(canvas, card.mime(), point):
        raise DriverError(f"the {power.name} card was refused there: {window.action_bar.hint.text()}")
    QApplication.processEvents()
    dialog = controller.dialog
    if len(window.session.record.actions) == before and dialog is not None:
        # the drop fits several options: the short list names them
        value = next((c.value for c in dialog.move.choices if c.value == chosen.value), None)
        if value is None:
            dialog.reject()
            raise DriverError(f"the short list offers no {chosen.label}")
        dialog.choose(value)
    return True


@driver("choose_ability")
def choose_ability(window: Any, action: dict[str, Any]) -> None:
    if _drag_power(window, action):
        return
    dialog = open_from_bar(window, "choose_ability")
    index = next((i for i, (move, choice) in enumerate(dialog.options)
                  if str(move.entity) == str(action.get("entity"))
                  and _option_index([choice], action.get("choice")) == 0), None)
    button = dialog.buttons.get(f"choose_{index}") if index is not None else None
    if button is None:
        dialog.reject()
        raise DriverError(f"the powers dialog offers no {action.get('choice')!r} of {action.get('entity')}")
    click(button)


@driver("buy_company")
def buy_company(window: Any, action: dict[str, Any]) -> None:
    """A stock turn's purchase from the bank: the stock-turn dialog's button; otherwise the operating round's."""
    if "buy_company" in window.action_bar.buttons or "stock" not in window.action_bar.buttons:
        if _or_buy_company is None:
            raise DriverError("no buy_company driver")
        _or_buy_company(window, action)
        return
    dialog = open_from_bar(window, "stock")
    prefix = f"company_{action['company']}_"
    key = next((k for k in dialog.buttons if k.startswith(prefix)), None)
    if key is None:
        dialog.reject()
        raise DriverError(f"the stock dialog offers no purchase of {action['company']}")
    click(dialog.buttons[key])  # (the price is the power's: the bench compares it with the file's)
