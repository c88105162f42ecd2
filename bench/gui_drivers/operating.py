"""Operating-round drivers (helper P1): gestures for every OR action type."""

from __future__ import annotations

from typing import Any

from bench.gui_drivers import DriverError, NotPlayable, driver


def play(window: Any) -> Any:
    if window.play is None:
        raise DriverError("no play controller")
    return window.play


@driver("pass")
def pass_(window: Any, action: dict[str, Any]) -> None:
    """Click the action bar's pass button of the acting entity."""
    bar = window.action_bar
    moves = play(window).moves
    if moves is None:
        raise DriverError("no legal moves")
    passes = [m for m in moves.of_type("pass") if (m.entity_type, m.entity) in set(moves.acting)]
    for i, move in enumerate(passes):
        if move.entity == action.get("entity"):
            button = bar.buttons.get(f"pass{'' if i == 0 else i}")
            if button is None or not button.isEnabled():
                raise DriverError("the pass button is missing or disabled")
            button.click()
            return
    from engine.moves.registry import taken_from_anyone

    game = window.session.live
    entity = game.entity_by(str(action.get("entity_type") or "player"), action.get("entity"))
    if entity is not None and taken_from_anyone(game, entity, "pass"):
        # the step takes a pass from anyone (18ZOO's waiting powers step: the reference asks only the steps); the
        # table offers it to whoever acts
        raise NotPlayable(
            f"a pass by {action.get('entity')}, who is not acting: the step takes it from anyone, "
            "the table offers the pass to whoever acts"
        )
    raise DriverError(f"no pass button for {action.get('entity')}")


# --- gestures -------------------------------------------------------------------------------------------------
def _app() -> Any:
    from PySide6.QtWidgets import QApplication

    return QApplication.instance()


#: the zoom the drivers work at, at least (a hex is then 60 pixels wide)
MIN_ZOOM = 0.3


def viewport_point(window: Any, scene_point: Any) -> Any:
    """Where ``scene_point`` is in the map view's viewport (the view is scrolled to it when it is off screen)."""
    view = window.map_view
    if view.zoom() < MIN_ZOOM:
        # a player zooms in before aiming at a token slot or a check mark (in a small or unshown window the
        # whole map can be a few pixels wide, and a mark smaller than one pixel cannot be hit)
        view.set_zoom(MIN_ZOOM)
    pos = view.mapFromScene(scene_point)
    if not view.viewport().rect().adjusted(8, 8, -8, -8).contains(pos):
        view.centerOn(scene_point)
        pos = view.mapFromScene(scene_point)
    return pos


def hex_point(window: Any, hex_id: str) -> Any:
    item = window.map_scene.item_for_hex(hex_id)
    if item is None:
        raise DriverError(f"hex {hex_id} is not on the map")
    return viewport_point(window, item.pos())


def drag_and_drop(window: Any, mime: Any, pos: Any) -> bool:
    """Send the events a real drag sends to the map view's viewport: enter, move, drop at ``pos``."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

    viewport = window.map_view.viewport()
    point = QPointF(pos)
    app = _app()
    buttons = Qt.MouseButton.LeftButton
    mods = Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(viewport, enter)
    move = QDragMoveEvent(pos, Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(viewport, move)
    drop = QDropEvent(point, Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(viewport, drop)
    return bool(drop.isAccepted())


def click_at(window: Any, pos: Any) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.mouseClick(window.map_view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)


def controller(window: Any, name: str) -> Any:
    found = play(window).by_name.get(name)
    if found is None:
        raise DriverError(f"no {name}")
    return found


def click_button(window: Any, key: str) -> None:
    button = window.action_bar.buttons.get(key)
    if button is None:
        raise DriverError(f"no {key} button in the action bar ({', '.join(window.action_bar.buttons)})")
    if not button.isEnabled():
        raise DriverError(f"the {key} button is disabled: {button.toolTip()}")
    button.click()


@driver("lay_tile")
def lay_tile(window: Any, action: dict[str, Any]) -> None:
    """Drag the tile from the tray onto the hex, click the hex to rotate, click the check mark."""
    from desktop.panels.tile_tray import TILE_MIME

    track = controller(window, "TrackController")
    ref = (action.get("entity_type") or "corporation", action.get("entity"))
    if track.layer != ref:
        click_button(window, f"lay_with_{ref[1]}")
    for company in action.get("combo_entities") or []:  # the other companies' abilities used, ticked in order
        if company not in track.combo:
            click_button(window, f"combo_{company}")
    name = str(action["tile"]).split("-")[0]
    tray = window.tile_tray
    item = tray.item_for(name)
    if item is None:
        raise DriverError(f"tile {name} is not in the tray")
    mime = tray.mimeData([item])  # what the tray's drag carries
    if not mime.hasFormat(TILE_MIME):
        raise DriverError("the tray's drag carries no tile")
    hex_id = str(action["hex"])
    if not drag_and_drop(window, mime, hex_point(window, hex_id)):
        raise DriverError(f"the map refused tile {name} on {hex_id}: {window.map_view.drag_reason}")
    pending = track.pending
    if pending is None:
        raise DriverError("no pending tile after the drop")
    copy = track.copy_for(pending.move)
    if copy != action["tile"]:
        track.cancel()
        if action["tile"] in pending.move.tile_ids:
            # a player chooses a tile, not its copy: the table names the copy the rules pick (the supply's
            # first, as the reference's tile selector does), the file another of the copies left
            raise NotPlayable(
                f"the file lays copy {action['tile']} of tile {name}; the table lays {copy}, the copy "
                f"the rules name (copies left: {', '.join(pending.move.tile_ids)}): the site's "
                "client of the day named another, which no gesture chooses"
            )
        raise DriverError(f"the GUI lays copy {copy}, the file names {action['tile']}")
    wanted = action.get("rotation")
    full = pending.full if pending.full is not None else pending.move
    if wanted not in full.rotations:
        offered = full.rotations
        track.cancel()
        raise DriverError(f"rotation {wanted} is not legal (legal: {offered})")
    if wanted in pending.move.rotations:
        for _ in range(len(pending.move.rotations)):
            if track.pending.rotation == wanted:
                break
            click_at(window, hex_point(window, hex_id))  # clicking the pending hex again rotates
    else:
        # a rotation drawing the same track as an offered one: the bar's Turn (Ctrl+R) steps through every
        # legal rotation, as the site's clicks do
        for _ in range(len(full.rotations)):
            if track.pending.rotation == wanted:
                break
            click_button(window, "lay_turn")
    if track.pending is None or track.pending.rotation != wanted:
        raise DriverError("could not reach the rotation by clicking")
    mark = track.mark
    if mark is None:
        raise DriverError("no check mark")
    click_at(window, viewport_point(window, mark.scenePos()))


def slot_point(window: Any, hex_id: str, city: str, slot: int) -> Any:
    """The viewport point of token slot ``slot`` of city ``city`` on ``hex_id`` (the city's centre slot when the
    drawing has fewer slots)."""
    from PySide6.QtCore import QPointF

    item = window.map_scene.item_for_hex(hex_id)
    if item is None or item.drawing is None or city not in item.drawing.slot_city_ids:
        raise DriverError(f"city {city} is not drawn on {hex_id}")
    positions = item.drawing.slot_positions[item.drawing.slot_city_ids.index(city)]
    if not positions:
        raise DriverError(f"city {city} has no drawn slot")
    x, y = positions[min(int(slot or 0), len(positions) - 1)]
    return viewport_point(window, item.mapToScene(QPointF(x, y)))


@driver("place_token")
def place_token(window: Any, action: dict[str, Any]) -> None:
    """Drag the token chip from the action bar onto the city slot (the placer chosen in the bar first)."""
    tokens = controller(window, "TokenController")
    ref = (action.get("entity_type") or "corporation", action.get("entity"))
    if tokens.placer != ref:
        click_button(window, f"token_with_{ref[1]}")
    kind = action.get("token_type") or "normal"
    if tokens.token_type != kind:
        click_button(window, f"token_type_{kind}")
    city = str(action.get("city"))
    move = next((m for m in tokens.my_places() if m.city == city), None)
    if move is None:
        raise DriverError(f"no lit slot in city {city} for {ref[1]}")
    chip = tokens.chip
    if chip is None:
        raise DriverError("no token chip in the action bar")
    slot = action.get("slot")
    if isinstance(slot, bool):
        # the site's mark for a token placed by clicking a taken slot with a "cheater" ability (18USA's Free
        # Station): the player drops it on the city's first taken slot
        taken = [i for i, t in enumerate(window.session.live.city_by_id(city).tokens) if t is not None]
        if not taken:
            raise DriverError(f"the file's slot {slot!r} names a taken slot; city {city} has none")
        slot = taken[0]
    pos = slot_point(window, move.hex, city, int(slot or 0))
    if not drag_and_drop(window, chip.mime(), pos):
        raise DriverError(f"the map refused the token in {city}: {window.map_view.drag_reason}")


@driver("scrap_train")
def scrap_train(window: Any, action: dict[str, Any]) -> None:
    """Press the action bar's "Scrap <corporation>'s <train> train" button of the file's train."""
    click_button(window, f"scrap_train_{action.get('train')}")


@driver("remove_token")
def remove_token(window: Any, action: dict[str, Any]) -> None:
    """Click the token to remove on the map (the action bar's "Remove token from ..." does the same)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    removals = controller(window, "RemoveTokenController")
    city, slot = str(action.get("city")), int(action.get("slot") or 0)
    move = next((m for m in removals.removals if m.city == city and m.slot == slot), None)
    if move is None:
        raise DriverError(f"no removable token in city {city} slot {slot}")
    routes = window.play.by_name.get("RoutesController")
    if routes is not None and getattr(routes, "routing", False):
        # the trains' routes are being drawn (1882's North West Rebellion in the route step): map clicks edit
        # them, so the player takes the action bar's "Remove token from ..." button
        index = removals.removals.index(move)
        click_button(window, f"remove_token{'' if index == 0 else index}")
        return
    pos = slot_point(window, move.hex, city, slot)
    QTest.mouseClick(window.map_view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)


def open_dialog(window: Any, name: str, key: str) -> Any:
    """Click the action bar's button of controller ``name`` and return the dialog it opened."""
    found = controller(window, name)
    click_button(window, key)
    _app().processEvents()
    if found.dialog is None:
        raise DriverError(f"the {key} button opened no dialog")
    return found.dialog


def type_price_and_buy(dialog: Any, price: int) -> None:
    """Type ``price`` into the dialog's price box (when it is not fixed) and click Buy, as a player would."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    spin = dialog.price
    if spin.isEnabled():
        spin.selectAll()
        QTest.keyClicks(spin, str(price))
        spin.interpretText()
    if spin.value() != price:
        dialog.reject()
        raise DriverError(f"the price box holds {spin.value()}, the file pays {price}")
    QTest.mouseClick(dialog.buy_button, Qt.MouseButton.LeftButton)


def trains_key(window: Any, action: dict[str, Any]) -> str:
    """The bar button that buys for the action's entity: ``trains``, or ``trains_<id>`` when the bar has one per
    buyer."""
    key = f"trains_{action.get('entity')}"
    return key if key in window.action_bar.buttons else "trains"


@driver("buy_train")
def buy_train(window: Any, action: dict[str, Any]) -> None:
    """Open "Buy train..." (its buyer's, when several corporations may buy), pick the row of the train (variant,
    trade-in), type the price, click Buy."""
    dialog = open_dialog(window, "TrainsController", trains_key(window, action))
    entity = str(action["entity"]) if action.get("entity_type") == "company" else None
    if not dialog.select(str(action["train"]), action.get("variant"), action.get("exchange"), entity=entity):
        dialog.reject()
        raise DriverError(f"the dialog offers no {action['train']} ({action.get('variant')}) train")
    type_price_and_buy(dialog, int(action["price"]))
    _accept_consent(controller(window, "TrainsController"))


def _accept_consent(found: Any) -> None:
    """A sale between players: the file's seller agreed to it."""
    _app().processEvents()
    consent = getattr(found, "consent", None)
    if consent is not None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        QTest.mouseClick(consent.accept_button, Qt.MouseButton.LeftButton)
        _app().processEvents()


@driver("discard_train")
def discard_train(window: Any, action: dict[str, Any]) -> None:
    dialog = open_dialog(window, "TrainsController", "trains")
    button = getattr(dialog, "buttons", {}).get(str(action["train"]))
    if button is None:
        dialog.reject()
        raise DriverError(f"the dialog offers no discard of {action['train']}")
    button.click()


@driver("bankrupt")
def bankrupt(window: Any, action: dict[str, Any]) -> None:
    dialog = open_dialog(window, "TrainsController", "trains")
    button = getattr(dialog, "bankrupt_button", None)
    if button is None:
        dialog.reject()
        raise DriverError("the train dialog offers no bankruptcy")
    button.click()  # arms
    button.click()  # confirms


@driver("buy_company")
def buy_company(window: Any, action: dict[str, Any]) -> None:
    found = controller(window, "CompaniesController")
    dialog = open_dialog(window, "CompaniesController", "buy_company")
    if not dialog.select(str(action["company"])):
        dialog.reject()
        raise DriverError(f"the dialog offers no {action['company']}")
    type_price_and_buy(dialog, int(action["price"]))
    _accept_consent(found)
