"""Trains and phases: the phase chart (tiles, train limit, operating rounds; the current phase marked), the
depot by train type (price, how many are left, the next one for sale) with the rust schedule (which train
rusts which), and the discard pile.  Read from ``game.depot`` and ``game.phase``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from desktop.panels import (
    CardCanvas,
    CardPanel,
    Theme,
    chip_width,
    draw_chip,
    draw_hex,
    draw_text,
    flow_chips,
    flow_height,
    money,
    tooltip_html,
)
from desktop.panels.corporations import draw_train_card
from desktop.panels.train_drop import TrainDropTarget


@dataclass(slots=True)
class PhaseRow:
    name: str
    on: str
    tiles: list[str]
    train_limit: str
    operating_rounds: int | None
    status: list[tuple[str, str]]  # (short, long)
    state: str  # "past", "current", "future"


@dataclass(slots=True)
class TrainRow:
    name: str  # variants joined: "4 / 3/5"
    sym: str
    prices: list[str]  # formatted, one per variant
    total: int | None  # None: unlimited
    in_depot: int
    owned: int
    rusted: int
    rusts_on: list[str]
    obsolete_on: str | None
    available_on: str | None
    events: list[tuple[str, str]]  # (short, long)
    next_for_sale: bool = False
    on_sale: bool = False


@dataclass(slots=True)
class TrainsState:
    """The trains panel's snapshot (three sections)."""

    phase: str = ""
    train_limit: str = ""
    operating_rounds: int | None = None
    tiles: list[str] = field(default_factory=list)
    status: list[tuple[str, str]] = field(default_factory=list)
    phases: list[PhaseRow] = field(default_factory=list)
    trains: list[TrainRow] = field(default_factory=list)
    discarded: list[tuple[str, str]] = field(default_factory=list)  # (name, price)
    layout: str = "pointy"


def _limit_text(limit: Any) -> str:
    if isinstance(limit, dict):
        return ", ".join(f"{k}: {v}" for k, v in limit.items())
    return str(limit)


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [str(value)]


def trains_state(game: Any) -> TrainsState:
    """Read the depot and the phases (read only)."""
    spec = getattr(game, "spec", None)
    status_text: dict[str, tuple[str, str]] = dict(getattr(spec, "status_text", None) or {})
    events_text: dict[str, tuple[str, str]] = dict(getattr(spec, "events_text", None) or {})
    phase = game.phase
    state = TrainsState(phase=str(phase.name), layout=str(getattr(spec, "layout", "pointy") or "pointy"))
    current = phase.current
    state.train_limit = _limit_text(current.get("train_limit", ""))
    state.operating_rounds = phase.operating_rounds
    state.tiles = [str(t) for t in phase.tiles]
    state.status = [status_text.get(s, (s.replace("_", " ").capitalize(), "")) for s in phase.status]
    for i, ph in enumerate(phase.phases):
        on = _as_list(ph.get("on"))
        state.phases.append(PhaseRow(
            name=str(ph["name"]), on=", ".join(on) if on else "—", tiles=_as_list(ph.get("tiles")),
            train_limit=_limit_text(ph.get("train_limit", "")), operating_rounds=ph.get("operating_rounds"),
            status=[status_text.get(s, (s.replace("_", " ").capitalize(), "")) for s in ph.get("status") or []],
            state="past" if i < phase.index else ("current" if i == phase.index else "future")))

    depot = game.depot
    spec_events = {str(t.name): [str(e.get("type")) for e in (t.events or ())] for t in getattr(spec, "trains", ())}
    groups: dict[str, list[Any]] = {}
    for train in depot.trains:
        groups.setdefault(str(train.sym), []).append(train)
    next_train = depot.upcoming[0] if depot.upcoming else None
    for sym, trains in groups.items():
        first = trains[0]
        variants = list(getattr(first, "variants", {}).items()) or [(first.name, {"price": first.price})]
        names = [str(name) for name, _v in variants]
        prices = [money(game, v.get("price", first.price)) for _name, v in variants]
        unlimited = any(getattr(t, "unlimited", False) for t in trains)
        in_depot = sum(1 for t in depot.upcoming if str(t.sym) == sym)
        row = TrainRow(
            name=" / ".join(names), sym=sym, prices=prices, total=None if unlimited else len(trains),
            in_depot=in_depot,
            owned=sum(1 for t in trains if t.owner is not None and t.owner is not depot and not t.rusted),
            rusted=sum(1 for t in trains if t.rusted), rusts_on=_as_list(first.rusts_on),
            obsolete_on=str(first.obsolete_on) if first.obsolete_on else None,
            available_on=str(first.available_on) if first.available_on else None,
            events=[events_text.get(e, (e.replace("_", " ").capitalize(), "")) for e in spec_events.get(sym, [])])
        row.next_for_sale = next_train is not None and str(next_train.sym) == sym
        row.on_sale = row.next_for_sale or (in_depot > 0 and phase.available(first.available_on))
        state.trains.append(row)
    state.discarded = [(str(t.name), money(game, t.price)) for t in depot.discarded]
    return state


class TrainsCanvas(TrainDropTarget, CardCanvas):
    """Three cards: the phase chart, the depot with its rust schedule, the discard pile.  A drag a controller
    registered for (a power onto a depot train: :mod:`desktop.panels.train_drop`) may drop on a depot row."""

    TITLE_H = 30.0
    ROW_H = 26.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, min_card_width=360.0, max_columns=3)
        self.state = TrainsState()
        self.train_drop_handlers = {}
        self.setAcceptDrops(True)

    def depot_row_rect(self, index: int) -> QRectF | None:
        """Where the depot's row ``index`` is drawn (widget coordinates), None when the depot is not laid out."""
        self._ensure_layout()
        for card, rect in zip(self.cards, self._rects):
            if card == "trains":
                top = rect.top() + self.TITLE_H + 22 + index * (self.ROW_H + 4)
                return QRectF(rect.left() + 6, top - 2, rect.width() - 12, self.ROW_H + 2)
        return None

    def train_target_at(self, pos: QPointF) -> tuple[dict[str, str], QRectF] | None:
        """The depot row under ``pos``: ``{"depot": the type's name, "sym": its symbol}``."""
        for index, row in enumerate(self.state.trains):
            rect = self.depot_row_rect(index)
            if rect is not None and rect.contains(QPointF(pos)):
                return {"depot": row.name, "sym": row.sym}, rect
        return None

    def marked_rects(self, marks: dict[str, set[str]]) -> list[QRectF]:
        rows = [self.depot_row_rect(i) for i, row in enumerate(self.state.trains) if row.sym in marks.get("depot", set())]
        return [r for r in rows if r is not None]

    def set_state(self, state: TrainsState) -> None:
        self.state = state
        self.set_cards(["phases", "trains", "discard"])

    def card_height(self, card: Any, width: float) -> float:
        s = self.state
        if card == "phases":
            status_h = 0.0
            if s.status:
                items = [(short, None) for short, _long in s.status]
                status_h = flow_height(items, Theme.font(11, bold=True), width - 24, 19.0, gap=6.0) + 5
            return self.TITLE_H + 58 + status_h + 22 + len(s.phases) * self.ROW_H + 10
        if card == "trains":
            return self.TITLE_H + 22 + len(s.trains) * (self.ROW_H + 4) + 10
        return self.TITLE_H + 34 + 8

    def paint_card(self, p: QPainter, rect: QRectF, card: Any) -> None:
        self.paint_card_face(p, rect)
        titles = {"phases": "Phase", "trains": "Trains", "discard": "Open market (discarded trains)"}
        draw_text(p, QRectF(rect.left() + 12, rect.top() + 6, rect.width() - 24, 22), titles[card].upper(),
                  Theme.font(12, bold=True), Theme.muted)
        body = QRectF(rect.left() + 12, rect.top() + self.TITLE_H, rect.width() - 24, rect.height() - self.TITLE_H)
        if card == "phases":
            self._paint_phases(p, body)
        elif card == "trains":
            self._paint_trains(p, body)
        else:
            self._paint_discard(p, body)

    # -- the current phase and the phase chart --------------------------------------------------------------------
    def _paint_phases(self, p: QPainter, body: QRectF) -> None:
        s = self.state
        flat = s.layout == "flat"
        # the big current phase: a plaque with the phase name
        plaque = QRectF(body.left(), body.top(), 52, 50)
        draw_chip(p, plaque, Theme.header, s.phase, "#fffaf0", font=Theme.font(26 if len(s.phase) < 3 else 18,
                                                                            bold=True), radius=6)
        x = plaque.right() + 12
        n = s.operating_rounds
        # the longest wording that fits in full
        wordings = [f"Train limit {s.train_limit}"]
        if n:
            wordings = [f"Train limit {s.train_limit} · {n} operating round{'s' if n != 1 else ''} per set",
                        f"Train limit {s.train_limit} · {n} OR{'s' if n != 1 else ''} per set",
                        f"Train limit {s.train_limit} · {n} OR{'s' if n != 1 else ''}", *wordings]
        head_font = Theme.font(13.5, bold=True)
        room = body.right() - x
        text = next((w for w in wordings if QFontMetricsF(head_font).horizontalAdvance(w) <= room), wordings[-1])
        draw_text(p, QRectF(x, body.top() + 2, room, 22), text, head_font, Theme.ink)
        draw_text(p, QRectF(x, body.top() + 27, 40, 20), "Tiles", Theme.font(12.5), Theme.muted)
        hx = x + 42
        for color in s.tiles:
            draw_hex(p, QPointF(hx + 9, body.top() + 37), 9.5, color, flat)
            hx += 23
        y = body.top() + 58
        if s.status:
            # the phase's rules as chips, wrapping onto more lines rather than running off the card
            font = Theme.font(11, bold=True)
            items = [(short, None) for short, _long in s.status]
            placed = flow_chips(items, font, body.left(), y, body.width(), 19.0, gap=6.0)
            for r, i in placed:
                draw_chip(p, r, "#e9e1cf", items[i][0], "#3b352d", font=font, outline="#c9bb9c")
            y = placed[-1][0].bottom() + 5
        # the chart
        cols = self._phase_columns(body.left(), body.width())
        header_font = Theme.font(10.5, bold=True)
        for key, (cx, w, label) in cols.items():
            align = Qt.AlignmentFlag.AlignLeft if key in ("tiles", "status") else Qt.AlignmentFlag.AlignHCenter
            draw_text(p, QRectF(cx, y, w, 18), label, header_font, Theme.muted, align | Qt.AlignmentFlag.AlignVCenter)
        y += 20
        for row in s.phases:
            r = QRectF(body.left() - 6, y, body.width() + 12, self.ROW_H - 2)
            if row.state == "current":
                p.setPen(QPen(QColor("#e3b341"), 1.0))
                p.setBrush(Theme.highlight)
                p.drawRoundedRect(r, 4, 4)
            ink = Theme.faint if row.state == "past" else Theme.ink
            mid = y + (self.ROW_H - 2) / 2
            cx, w, _ = cols["name"]
            draw_text(p, QRectF(cx, y, w, self.ROW_H - 2), ("▶ " if row.state == "current" else "") + row.name,
                      Theme.font(13, bold=True), ink, Qt.AlignmentFlag.AlignCenter, elide=False)
            cx, w, _ = cols["on"]
            if row.on != "—":
                tw = max(24.0, chip_width(row.on, Theme.font(11, bold=True), 4))
                draw_train_card(p, QRectF(cx + (w - tw) / 2, mid - 9, tw, 18), row.on, row.state == "past")
            else:
                draw_text(p, QRectF(cx, y, w, self.ROW_H - 2), "start", Theme.font(11.5, italic=True), Theme.muted,
                          Qt.AlignmentFlag.AlignCenter)
            cx, w, _ = cols["tiles"]
            for i, color in enumerate(row.tiles):
                if row.state == "past":
                    p.setOpacity(0.45)
                draw_hex(p, QPointF(cx + 8 + i * 19, mid), 7.5, color, flat)
                p.setOpacity(1.0)
            cx, w, _ = cols["limit"]
            draw_text(p, QRectF(cx, y, w, self.ROW_H - 2), row.train_limit, Theme.font(13, bold=True), ink,
                      Qt.AlignmentFlag.AlignCenter)
            cx, w, _ = cols["ors"]
            draw_text(p, QRectF(cx, y, w, self.ROW_H - 2), str(row.operating_rounds or "—"), Theme.font(13, bold=True),
                      ink, Qt.AlignmentFlag.AlignCenter)
            if "status" in cols:
                cx, w, _ = cols["status"]
                draw_text(p, QRectF(cx, y, w, self.ROW_H - 2), ", ".join(short for short, _ in row.status),
                          Theme.font(11.5), Theme.faint if row.state == "past" else Theme.muted)
            y += self.ROW_H

    @staticmethod
    def _phase_columns(left: float, width: float) -> dict[str, tuple[float, float, str]]:
        cols: dict[str, tuple[float, float, str]] = {}
        x = left
        for key, w, label in (("name", 44.0, "PHASE"), ("on", 44.0, "ON"), ("tiles", 70.0, "TILES"),
                              ("limit", 44.0, "LIMIT"), ("ors", 38.0, "ORS")):
            cols[key] = (x, w, label)
            x += w + 6
        if left + width - x > 80:
            cols["status"] = (x, left + width - x, "RULES")
        return cols

    # -- the depot and the rust schedule ---------------------------------------------------------------------------
    def _paint_trains(self, p: QPainter, body: QRectF) -> None:
        s = self.state
        left = body.left()
        header_font = Theme.font(10.5, bold=True)
        cols = {"train": (left, 62.0), "price": (left + 66, 62.0), "left": (left + 132, 58.0),
                "rust": (left + 196, body.right() - left - 196)}
        y = body.top()
        for key, label in (("train", "TRAIN"), ("price", "PRICE"), ("left", "IN DEPOT"), ("rust", "RUSTS / NOTES")):
            cx, w = cols[key]
            draw_text(p, QRectF(cx, y, w, 18), label, header_font, Theme.muted)
        y += 22
        for row in s.trains:
            gone = row.total is not None and row.in_depot == 0 and row.owned == 0 and row.rusted > 0
            rh = self.ROW_H
            if row.next_for_sale:
                p.setPen(QPen(QColor("#e3b341"), 1.0))
                p.setBrush(Theme.highlight)
                p.drawRoundedRect(QRectF(left - 6, y - 2, body.width() + 12, rh + 2), 4, 4)
            mid = y + rh / 2 - 1
            cx, w = cols["train"]
            names = row.name
            tw = max(30.0, chip_width(names, Theme.font(13, bold=True), 6))
            draw_train_card(p, QRectF(cx, mid - 10, min(tw, w), 20), names, row.rusted > 0 and gone)
            cx, w = cols["price"]
            draw_text(p, QRectF(cx, y, w, rh), " / ".join(row.prices), Theme.font(13, bold=True),
                      Theme.faint if gone else Theme.ink)
            cx, w = cols["left"]
            left_text = "∞" if row.total is None else f"{row.in_depot} of {row.total}"
            draw_text(p, QRectF(cx, y, w, rh), left_text, Theme.font(13, bold=row.in_depot > 0),
                      Theme.faint if row.in_depot == 0 and row.total is not None else Theme.ink)
            cx, w = cols["rust"]
            self._paint_rust_notes(p, QRectF(cx, y, w, rh), row)
            y += rh + 4

    def _paint_rust_notes(self, p: QPainter, r: QRectF, row: TrainRow) -> None:
        x = r.left()
        mid = r.center().y() - 1
        font = Theme.font(12)
        small = Theme.font(11, bold=True)
        if row.rusted and row.owned == 0 and (row.total is None or row.in_depot == 0):
            w = chip_width("RUSTED", small, 6)
            draw_chip(p, QRectF(x, mid - 9, w, 18), "#9c5a3c", "RUSTED", "#ffffff", font=small)
            x += w + 6
        elif row.rusts_on:
            draw_text(p, QRectF(x, r.top(), 58, r.height()), "rusts on", font, Theme.muted)
            x += 56
            for name in row.rusts_on:
                tw = max(22.0, chip_width(name, small, 4))
                draw_train_card(p, QRectF(x, mid - 8, tw, 17), name)
                x += tw + 4
            x += 6
        if row.obsolete_on and not row.rusted:
            draw_text(p, QRectF(x, r.top(), 90, r.height()), f"obsolete on {row.obsolete_on}", font, Theme.muted)
            x += 96
        notes = []
        if row.next_for_sale:
            notes.append("next for sale")
        elif row.available_on and not row.on_sale and row.in_depot:
            notes.append(f"on sale from phase {row.available_on}")
        if row.total is None or row.in_depot == row.total:  # events fire with the first copy sold
            notes.extend(short for short, _long in row.events)
        if notes and x < r.right() - 30:
            draw_text(p, QRectF(x, r.top(), r.right() - x, r.height()), " · ".join(notes),
                      Theme.font(11.5, italic=True), Theme.accent if row.next_for_sale else Theme.muted)

    # -- the discard pile ------------------------------------------------------------------------------------------
    def _paint_discard(self, p: QPainter, body: QRectF) -> None:
        s = self.state
        if not s.discarded:
            draw_text(p, QRectF(body.left(), body.top(), body.width(), 26), "empty", Theme.font(12.5, italic=True),
                      Theme.faint)
            return
        x = body.left()
        font = Theme.font(13, bold=True)
        for name, price in s.discarded:
            tw = max(30.0, chip_width(name, font, 6))
            draw_train_card(p, QRectF(x, body.top() + 3, tw, 20), name)
            draw_text(p, QRectF(x + tw + 4, body.top(), 60, 26), price, Theme.font(12.5), Theme.muted)
            x += tw + 70
            if x > body.right() - 60:
                break

    def card_tooltip(self, card: Any, rect: QRectF, pos: QPointF) -> str | None:
        s = self.state
        if card == "phases":
            lines = [f"Train limit {s.train_limit}"]
            for short, long in s.status:
                lines.append(f"{short}: {long}" if long else short)
            return tooltip_html(f"Phase {s.phase}", lines)
        if card == "trains":
            lines = []
            for row in s.trains:
                text = f"{row.name}: {' / '.join(row.prices)}"
                if row.rusts_on:
                    text += f", rusts when the first {' or '.join(row.rusts_on)} is bought"
                if row.obsolete_on:
                    text += f", obsolete when the first {row.obsolete_on} is bought"
                for short, long in row.events:
                    text += f"; {short}" + (f" ({long})" if long else "")
                lines.append(text)
            return tooltip_html("Trains", lines)
        return "Trains discarded by corporations over their limit, for sale at face value" if s.discarded else None


class TrainsPanel(CardPanel):
    """Phase chart, depot with rust schedule, discard pile.  ``set_game(game)`` re-reads the state."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(TrainsCanvas(), parent)

    @property
    def state(self) -> TrainsState:
        return self.canvas.state

    def set_game(self, game: Any) -> None:
        self.game = game
        self.canvas.set_state(trains_state(game) if game is not None else TrainsState())
