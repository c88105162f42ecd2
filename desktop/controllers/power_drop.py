"""Powers that act on a hex or a train, by gesture: drag the power's card onto the hex (18ZOO's Hole onto an R area,
Wheat onto a family's station, That's mine and Work in progress onto a city; 1846's Steamboat and Meat Packing markers
too), or onto the train it acts on (18ZOO's Patch onto a family's train on its card, Whatsup onto the depot's train,
the Patch's save as a phase change rusts trains onto the train to keep).

A power acts on a train when the engine's choices for it name trains: a ``choose_ability`` whose options carry a
``train_id`` (with a ``corporation_id``, the family that gets it), or a step's ``choose`` whose options are train ids.
The card is dropped on a train chip of a corporation's card, on the card itself (the family) or on a depot row
(:mod:`desktop.panels.train_drop`); the options that fit the drop are taken -- one is played at once, several
(a depot train's variants, two families of one president) are offered in a short list.  A power whose every option
names a family (``corporation_id``: 18ZOO's Days off) is dropped on that family's card the same way.  Powers whose
options name no hex, no train and no family (Midas, It's all greek to me, Two barrels, taking the Patch off, a ZOOTicket's sale) keep the
"Powers..." button (:mod:`desktop.controllers.choose`).

While the engine offers a company's ``assign`` to hexes, the action bar shows the company as a small card (a chip
with its marker's picture when the map has one); pressing it lights the hexes it can go to, dragging it onto one of
them assigns it there, and any other hex refuses the drop and says why, before the drop.  The "Assign..." button
(:mod:`desktop.controllers.stock`) still lists the same choices as buttons.  Powers used otherwise keep their
gesture: tile lays through the tile tray, tokens through the token chip, the rest through "Powers..."."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

from desktop.controllers.base import Controller
from desktop.dialogs.choose import ChooseDialog
from desktop.map.glyphs import glyph_for
from desktop.map.scene import CHANGED_COLOR
from desktop.panels.dnd import json_mime, read_json_mime
from engine.moves.assign import AssignMove
from engine.moves.choose import ChooseMove
from engine.moves.choose_ability import ChooseAbilityMove
from engine.steps.choices import Choice

if TYPE_CHECKING:
    from engine.moves import LegalMoves

__all__ = ["CONTROLLERS", "POWER_MIME", "PowerCard", "PowerDropController", "TrainPower", "read_power"]

POWER_MIME = "application/x-tracklayer-power"
#: the colour of the hexes a picked-up power can go to
TARGET_COLOR = "#2E9E3E"


def power_mime(payload: dict[str, Any]) -> QMimeData:
    """What a power drag carries: ``{"entity_type", "entity"}`` (the company)."""
    return json_mime(POWER_MIME, payload, f"{payload.get('entity')} power")


def read_power(mime: QMimeData | None) -> dict[str, Any] | None:
    return read_json_mime(mime, POWER_MIME, "entity")


class PowerCard(QWidget):
    """A company as a small draggable card: its name (and its marker's picture) in its colours."""

    pressed = Signal()

    def __init__(self, payload: dict[str, Any], name: str, color: str, text_color: str, glyph: str = "",
                 tooltip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.payload = payload
        self.name = name
        self.color = color or "#FFF3C4"
        self.text_color = text_color or "#000000"
        self.glyph = glyph_for(glyph) if glyph else None
        self._press: QPoint | None = None
        self.setObjectName(f"powerCard_{payload.get('entity')}")
        width = self.fontMetrics().horizontalAdvance(name) + 20 + (24 if self.glyph is not None else 0)
        self.setFixedSize(max(48, width), 30)
        self.setToolTip(tooltip)
        self.setCursor(Qt.CursorShape.OpenHandCursor)

    def mime(self) -> QMimeData:
        return power_mime(self.payload)

    def _paint(self, painter: QPainter, rect: QRectF) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor("#5A4A2A"), 1.2))
        painter.setBrush(QColor(self.color))
        painter.drawRoundedRect(rect, 5, 5)
        text_rect = QRectF(rect)
        if self.glyph is not None:
            painter.save()
            self.glyph(painter, QPointF(rect.left() + 14, rect.center().y()), 18)
            painter.restore()
            text_rect.setLeft(rect.left() + 24)
        painter.setPen(QColor(self.text_color))
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, self.name)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self._paint(painter, QRectF(1, 2, self.width() - 2, self.height() - 4))
        painter.end()

    def pixmap(self) -> QPixmap:
        pixmap = QPixmap(self.width(), self.height())
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self._paint(painter, QRectF(1, 2, self.width() - 2, self.height() - 4))
        painter.end()
        return pixmap

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
            self.pressed.emit()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(self)
        drag.setMimeData(self.mime())
        drag.setPixmap(self.pixmap())
        drag.setHotSpot(QPoint(self.width() // 2, self.height() // 2))
        drag.exec(Qt.DropAction.CopyAction)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press = None
        super().mouseReleaseEvent(event)


def _train(game: Any, train_id: Any) -> Any:
    """The train ``train_id`` names, None when it names none."""
    if not isinstance(train_id, str) or not train_id:
        return None
    try:
        return game.train_by_id(train_id)
    except Exception:  # not a train id
        return None


def choice_train(game: Any, value: Any) -> Any:
    """The train a choice's value names (``{"train_id": ...}`` or a bare train id), or None."""
    return _train(game, value.get("train_id") if isinstance(value, dict) else value)


def choice_family(game: Any, value: Any) -> str | None:
    """The corporation a choice names (``corporation_id``, else its train's owner), or None."""
    if isinstance(value, dict) and isinstance(value.get("corporation_id"), str):
        return str(value["corporation_id"])
    train = choice_train(game, value)
    owner = getattr(train, "owner", None)
    return str(owner.name) if getattr(owner, "is_corporation", False) else None


class TrainPower:
    """A move whose options act on trains, as one power card: ``key`` names the card (the company, or
    ``choose:<entity>`` for a step's choice), ``name`` is written on it."""

    def __init__(self, key: str, move: ChooseMove, name: str) -> None:
        self.key = key
        self.move = move
        self.name = name

    def fitting(self, game: Any, target: dict[str, str]) -> list[Choice]:
        """The options a drop on ``target`` (see :mod:`desktop.panels.train_drop`) picks: on a train, the options
        for that train (or one like it of the same owner); on a depot row, those for a depot train of that type;
        on a family's card (or a train of it, for an option naming no train), those for that family."""
        out: list[Choice] = []
        dropped = _train(game, target.get("train"))
        for choice in self.move.choices:
            train = choice_train(game, choice.value)
            if dropped is not None and train is not None:
                fits = train is dropped or (train.name == dropped.name and train.owner is dropped.owner)
            elif "depot" in target:
                fits = train is not None and getattr(train, "owner", None) is game.depot \
                    and str(getattr(train, "sym", "")) == target.get("sym", target["depot"])
            else:
                fits = target.get("owner") is not None and choice_family(game, choice.value) == target["owner"]
            if fits:
                out.append(choice)
        return out


def train_powers(game: Any, moves: LegalMoves | None) -> dict[str, TrainPower]:
    """The open moves whose options name trains (or, each, a family: 18ZOO's Days off), by card key."""
    out: dict[str, TrainPower] = {}
    if moves is None or game is None:
        return out
    for move in moves.of_type("choose_ability"):
        if isinstance(move, ChooseAbilityMove) and move.choices \
                and (any(choice_train(game, c.value) is not None for c in move.choices)
                     or all(isinstance(c.value, dict) and "corporation_id" in c.value for c in move.choices)):
            company = next((c for c in getattr(game, "companies", ()) if str(c.id) == str(move.entity)), None)
            out[str(move.entity)] = TrainPower(str(move.entity), move, str(getattr(company, "name", move.entity)))
    acting = set(moves.acting)
    for move in moves.of_type("choose"):
        if isinstance(move, ChooseMove) and not isinstance(move, ChooseAbilityMove) and move.choices \
                and (move.entity_type, move.entity) in acting \
                and all(choice_train(game, c.value) is not None for c in move.choices):
            key = f"choose:{move.entity}"
            out[key] = TrainPower(key, move, move.name)
    return out


class PowerDropController(Controller):
    """The assign-to-hex moves and the train-naming choices of the live state as draggable power cards (see the
    module's text)."""

    changed = Signal()

    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        #: the offered assignments to hexes, by company id
        self.assigns: dict[str, AssignMove] = {}
        self.cards: dict[str, PowerCard] = {}
        #: the company whose targets are lit
        self.lit: str | None = None
        #: the hexes framed for it
        self.framed: list[str] = []
        #: the powers acting on trains, by card key
        self.trains: dict[str, TrainPower] = {}
        #: the short list a drop fitting several options opens
        self.dialog: ChooseDialog | None = None
        window.map_view.drop_handlers[POWER_MIME] = self
        for panel in (getattr(window, "corporations_panel", None), getattr(window, "trains_panel", None)):
            handlers = getattr(getattr(panel, "canvas", None), "train_drop_handlers", None)
            if handlers is not None:
                handlers[POWER_MIME] = self

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        self.assigns = {}
        for move in moves.of_type("assign") if moves is not None else []:
            if isinstance(move, AssignMove) and move.target_type == "hex" and move.entity_type == "company" \
                    and move.targets:
                self.assigns.setdefault(str(move.entity), move)
        self.trains = train_powers(self.session.live, moves)
        self._light(None)
        self._mark(None)
        self._show_cards()

    def _canvases(self) -> list[Any]:
        out = []
        for panel in (getattr(self.window, "corporations_panel", None), getattr(self.window, "trains_panel", None)):
            canvas = getattr(panel, "canvas", None)
            if canvas is not None and hasattr(canvas, "set_train_marks"):
                out.append(canvas)
        return out

    def marks_for(self, key: str) -> dict[str, set[str]]:
        """The trains, depot rows and family cards power ``key`` can be dropped on."""
        game = self.session.live
        marks: dict[str, set[str]] = {"train": set(), "depot": set(), "owner": set()}
        power = self.trains.get(key)
        for choice in power.move.choices if power is not None else ():
            train = choice_train(game, choice.value)
            owner = getattr(train, "owner", None)
            if train is not None and owner is game.depot:
                marks["depot"].add(str(train.sym))
            elif train is not None:
                marks["train"].update(str(t.id) for t in getattr(owner, "trains", ()) if t.name == train.name)
            elif (family := choice_family(game, choice.value)) is not None:
                marks["owner"].add(family)
        return marks

    def _mark(self, key: str | None) -> None:
        """Frame the targets of power ``key`` on the panels (None: no frames)."""
        marks = self.marks_for(key) if key is not None else None
        for canvas in self._canvases():
            canvas.set_train_marks(marks)

    # --- what a drop on a train means ----------------------------------------------------------------------
    def _target_text(self, target: dict[str, str]) -> str:
        if "train" in target:
            train = _train(self.session.live, target["train"])
            return f"{getattr(train, 'name', target['train'])} of {target.get('owner', '')}".strip()
        if "depot" in target:
            return f"the depot's {target['depot']}"
        return str(target.get("owner", "that"))

    def train_target(self, key: str | None, target: dict[str, str] | None) -> tuple[list[Choice], str]:
        """The options a drop of power ``key`` on ``target`` picks, or why it picks none."""
        power = self.trains.get(str(key))
        if power is None:
            return [], f"{self._name(key)} cannot be used on a train now"
        if target is None:
            return [], f"Drop {power.name} on a train"
        fitting = power.fitting(self.session.live, target)
        if not fitting:
            listed = ", ".join(c.label for c in power.move.choices[:6])
            return [], f"{power.name} does not act on {self._target_text(target)} (it can: {listed})"
        return fitting, ""

    def use_on_train(self, key: str, target: dict[str, str]) -> bool:
        """Use power ``key`` on ``target`` (a drop, or a test): True when an action was played or a short list
        of the fitting options opened."""
        fitting, reason = self.train_target(key, target)
        if not fitting:
            return self.refuse(reason)
        power = self.trains[key]
        self._mark(None)
        self.message.emit("")  # the drag's "drop to use it" is done with
        if len(fitting) == 1:
            ok = self.submit({**power.move.base(), "choice": fitting[0].value})
            self.changed.emit()
            return ok
        move = type(power.move)(power.move.entity_type, power.move.entity, choices=tuple(fitting),
                                name=power.name)
        dialog = ChooseDialog(move, f"{power.name} on {self._target_text(target)}: pick one", self.window)
        self.dialog = dialog
        dialog.finished.connect(lambda _code, d=dialog: self._finished(d))
        dialog.open()
        return True

    def _finished(self, dialog: ChooseDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        action = dialog.action
        dialog.deleteLater()
        if dialog.result() == ChooseDialog.DialogCode.Accepted and action is not None:
            self.submit(action)
            self.changed.emit()

    def judge_train_drop(self, mime: QMimeData, target: dict[str, str] | None) -> str | None:
        payload = read_power(mime)
        key = payload.get("entity") if payload is not None and payload.get("use") == "train" else None
        if key is None:
            reason = f"{self._name(payload.get('entity') if payload else None)} is dropped on the map"
            self.message.emit(reason)
            return reason
        fitting, reason = self.train_target(str(key), target)
        if not fitting:
            self.message.emit(reason)
            return reason
        self.message.emit(f"{self.trains[str(key)].name} on {self._target_text(target or {})}: drop to use it")
        return None

    def train_dropped(self, mime: QMimeData, target: dict[str, str]) -> bool:
        payload = read_power(mime)
        if payload is None or payload.get("use") != "train":
            return False
        return self.use_on_train(str(payload.get("entity")), target)

    # --- what a drop on the map means ----------------------------------------------------------------------
    def target(self, company: str | None, hex_id: str | None) -> tuple[dict[str, Any] | None, str]:
        """The action a drop of ``company`` on ``hex_id`` makes, or why there is none."""
        move = self.assigns.get(str(company))
        if move is None and str(company) in self.trains:
            return None, f"{self.trains[str(company)].name} acts on a train: drop it on the train"
        if move is None:
            return None, f"{self._name(company)} cannot be used now"
        if hex_id is None:
            return None, "Drop the power on a hex of the map"
        if hex_id not in move.targets:
            return None, f"{self._name(company)} cannot go to {hex_id} (it can go to {', '.join(move.targets)})"
        return {**move.base(), "target": hex_id, "target_type": "hex"}, ""

    def use(self, company: str, hex_id: str) -> bool:
        """Assign ``company`` to ``hex_id`` (a drop, or a test): True when the engine took it."""
        action, reason = self.target(company, hex_id)
        if action is None:
            return self.refuse(reason)
        self._light(None)
        ok = self.submit(action)
        self.changed.emit()
        return ok

    # --- drop target (desktop.map.view.DropHandler) -------------------------------------------------------
    def drag_over(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> str | None:
        payload = read_power(mime)
        company = payload.get("entity") if payload is not None else None
        if company is not None and company != self.lit:
            self._light(str(company))
        action, reason = self.target(company, hex_id)
        if action is None:
            self.message.emit(reason)
            return reason
        self.message.emit(f"{self._name(company)} to {hex_id}: drop to use it")
        return None

    def drag_left(self) -> None:
        return None  # the lit hexes stay until the card is used or the state changes

    def dropped(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> bool:
        payload = read_power(mime)
        if payload is None or payload.get("use") == "train":
            if payload is not None:
                self.refuse(self.target(str(payload.get("entity")), hex_id)[1])
            return False
        return self.use(str(payload.get("entity")), hex_id or "")

    # --- drawing --------------------------------------------------------------------------------------------
    def _name(self, company: Any) -> str:
        if str(company) in self.trains:
            return self.trains[str(company)].name
        found = next((c for c in getattr(self.session.live, "companies", ()) if c.id == company), None)
        return str(getattr(found, "name", company))

    def _light(self, company: str | None) -> None:
        """Frame the hexes ``company`` can go to (None: give the framed hexes back their outline)."""
        scene = self.window.map_scene
        changed = set(getattr(scene, "changed_hexes", ()))
        for hex_id in self.framed:
            item = scene.item_for_hex(hex_id)
            if item is not None:
                item.set_outline(CHANGED_COLOR if hex_id in changed else None)
        self.lit = company if company in self.assigns else None
        move = self.assigns.get(str(self.lit)) if self.lit is not None else None
        self.framed = list(move.targets) if move is not None else []
        for hex_id in self.framed:
            item = scene.item_for_hex(hex_id)
            if item is not None:
                item.set_outline(TARGET_COLOR)

    def _pressed_train(self, key: str) -> None:
        power = self.trains.get(key)
        if power is None:
            return
        self._light(None)
        self._mark(key)
        game = self.session.live
        trains = [choice_train(game, c.value) for c in power.move.choices]
        if any(getattr(t, "owner", None) is game.depot for t in trains):
            where = "the depot's train (Trains tab)"
        elif any(t is not None for t in trains):
            where = "the train on its family's card"
        else:
            where = "the family's card"
        self.message.emit(f"{power.name}: drag the card onto {where} ("
                          + "; ".join(c.label for c in power.move.choices[:6]) + ")")

    def _pressed(self, company: str) -> None:
        self._mark(None)
        self._light(company)
        move = self.assigns.get(company)
        if move is not None:
            self.message.emit(f"{self._name(company)} can go to {', '.join(move.targets)} (framed on the map): "
                              "drag the card there")

    def _show_cards(self) -> None:
        bar = self.window.action_bar
        cards: list[QWidget] = []
        keep: dict[str, PowerCard] = {}
        for company_id, move in self.assigns.items():
            company = next((c for c in self.session.live.companies if c.id == company_id), None)
            card = self.cards.get(company_id)
            if card is None or card.payload != {"entity_type": "company", "entity": company_id}:
                tip = (f"{getattr(company, 'name', company_id)}: drag onto a hex it can go to "
                       f"({', '.join(move.targets)}); {getattr(company, 'desc', '')}")
                card = PowerCard({"entity_type": "company", "entity": company_id},
                                 str(getattr(company, "name", company_id)),
                                 str(getattr(company, "color", "") or ""), str(getattr(company, "text_color", "") or ""),
                                 glyph=company_id, tooltip=tip)
                card.pressed.connect(lambda c=company_id: self._pressed(c))
            keep[company_id] = card
            cards.append(card)
        for key, power in self.trains.items():
            payload = {"entity_type": power.move.entity_type, "entity": key, "use": "train"}
            card_key = f"train:{key}"
            card = self.cards.get(card_key)
            if card is None or card.payload != payload or card.name != power.name:
                company = next((c for c in self.session.live.companies if str(c.id) == key), None)
                tip = (f"{power.name}: drag onto the train or the family it acts on "
                       f"({'; '.join(c.label for c in power.move.choices[:8])}); {getattr(company, 'desc', '')}")
                card = PowerCard(payload, power.name, str(getattr(company, "color", "") or ""),
                                 str(getattr(company, "text_color", "") or ""),
                                 glyph=key if company is not None else "", tooltip=tip)
                card.pressed.connect(lambda k=key: self._pressed_train(k))
            keep[card_key] = card
            cards.append(card)
        self.cards = keep
        bar.set_tools(cards, "power")

    def dispose(self) -> None:
        if self.window.map_view.drop_handlers.get(POWER_MIME) is self:
            del self.window.map_view.drop_handlers[POWER_MIME]
        for panel in (getattr(self.window, "corporations_panel", None), getattr(self.window, "trains_panel", None)):
            handlers = getattr(getattr(panel, "canvas", None), "train_drop_handlers", None)
            if handlers is not None and handlers.get(POWER_MIME) is self:
                del handlers[POWER_MIME]
        super().dispose()


CONTROLLERS = [PowerDropController]
