"""Powers that act on a hex, by gesture: drag the power's card onto the hex (18ZOO's Hole onto an R area, Wheat onto
a family's station, That's mine and Work in progress onto a city; 1846's Steamboat and Meat Packing markers too).

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
from desktop.map.glyphs import glyph_for
from desktop.map.scene import CHANGED_COLOR
from desktop.panels.dnd import json_mime, read_json_mime
from engine.moves.assign import AssignMove

if TYPE_CHECKING:
    from engine.moves import LegalMoves

__all__ = ["CONTROLLERS", "POWER_MIME", "PowerCard", "PowerDropController", "read_power"]

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


class PowerDropController(Controller):
    """The assign-to-hex moves of the live state as draggable power cards (see the module's text)."""

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
        window.map_view.drop_handlers[POWER_MIME] = self

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        self.assigns = {}
        for move in moves.of_type("assign") if moves is not None else []:
            if isinstance(move, AssignMove) and move.target_type == "hex" and move.entity_type == "company" \
                    and move.targets:
                self.assigns.setdefault(str(move.entity), move)
        self._light(None)
        self._show_cards()

    # --- what a drop means -------------------------------------------------------------------------------
    def target(self, company: str | None, hex_id: str | None) -> tuple[dict[str, Any] | None, str]:
        """The action a drop of ``company`` on ``hex_id`` makes, or why there is none."""
        move = self.assigns.get(str(company))
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
        if payload is None:
            return False
        return self.use(str(payload.get("entity")), hex_id or "")

    # --- drawing --------------------------------------------------------------------------------------------
    def _name(self, company: Any) -> str:
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

    def _pressed(self, company: str) -> None:
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
        self.cards = keep
        bar.set_tools(cards, "power")

    def dispose(self) -> None:
        if self.window.map_view.drop_handlers.get(POWER_MIME) is self:
            del self.window.map_view.drop_handlers[POWER_MIME]
        super().dispose()


CONTROLLERS = [PowerDropController]
