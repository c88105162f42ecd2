"""Corporation charters: one card per corporation, read from the game.

A card shows the symbol on the corporation's colour, the president, share price and par, treasury cash,
what is left in the IPO (or treasury) and in the market pool, trains against the train limit, station tokens
placed and left, the last operating result, and whether it has floated.  The operating corporation is
outlined; during an operating round each card carries its place in the operating order.

Minor companies (``game.minors``; empty for most titles) follow the corporations, each on a smaller card
tagged MINOR: its owner in place of a president, cash, trains, tokens and the last run, and no share figures.
Closed minors are left out, as closed corporations leave ``game.corporations``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QContextMenuEvent, QFont, QFontMetricsF, QPainter, QPainterPath
from PySide6.QtWidgets import QMenu, QWidget

from desktop.panels import (
    CardCanvas,
    CardPanel,
    Theme,
    chip_width,
    company_label,
    current_entity,
    draw_chip,
    draw_rule,
    draw_stat,
    draw_stat_row,
    draw_text,
    draw_token,
    fitted_font,
    flow_chips,
    luminance,
    money,
    percent_held,
    qcolor,
    text_on,
    tooltip_html,
)
from desktop.panels.dnd import ShareCardDragDrop
from desktop.panels.train_drop import TrainDropTarget


@dataclass(slots=True)
class TokenInfo:
    price: int
    hex_id: str | None  # where it stands, None while it is still on the charter


@dataclass(slots=True)
class OperatorCard:
    """What every operating company's card shows (a snapshot: painting never touches the game)."""

    name: str
    full_name: str
    color: str
    text_color: str
    floated: bool = False
    closed: bool = False
    cash: int = 0
    trains: list[tuple[str, bool]] = field(default_factory=list)  # (name, obsolete)
    train_ids: list[str] = field(default_factory=list)  # the trains' ids, in the same order
    train_limit: int | None = None
    tokens: list[TokenInfo] = field(default_factory=list)
    companies: list[tuple[str, str, str]] = field(default_factory=list)  # (sym, name, colour)
    last_round: str | None = None
    last_revenue: int | None = None
    last_kind: str | None = None
    operating_order: int | None = None
    is_current: bool = False
    money: dict[str, str] = field(default_factory=dict)  # pre-formatted amounts (title currency)
    loans: int = 0  # corporate loans held (the merger games)
    loan_text: str = ""  # what they cost and do to the price, for the tooltip
    nationalized: bool = False  # taken over by the national (1867, 1861): closed, or reset and not started again

    is_minor = False

    @property
    def tokens_placed(self) -> int:
        return sum(1 for t in self.tokens if t.hex_id is not None)

    @property
    def tokens_left(self) -> int:
        return sum(1 for t in self.tokens if t.hex_id is None)


@dataclass(slots=True)
class CorporationCard(OperatorCard):
    """A corporation's charter: shares, prices and a president on top of the operating facts."""

    ipoed: bool = False
    receivership: bool = False
    president: str | None = None
    price: int | None = None
    par: int | None = None
    ipo_label: str = "IPO"
    ipo_percent: int = 100
    pool_percent: int = 0
    players_percent: int = 0
    float_percent: int = 60
    #: "minor" for a minor kept among the corporations (1822's numbered minors): shown after the majors
    kind: str = ""


@dataclass(slots=True)
class MinorCard(OperatorCard):
    """A minor company's card: no shares, an owner instead of a president."""

    owner: str | None = None

    is_minor = True


_KIND_TEXT = {"payout": "paid out", "withhold": "withheld", "half": "half paid"}


def _read_operations(game: Any, entity: Any, card: CorporationCard | MinorCard,
                     order: dict[Any, int] | None, current: Any) -> None:
    """What corporations and minors share: trains and the limit, tokens, private companies, the last run,
    the place in the operating order and whether it is operating now."""
    card.trains = [(str(t.name), bool(getattr(t, "obsolete", False))) for t in getattr(entity, "trains", [])]
    card.train_ids = [str(t.id) for t in getattr(entity, "trains", [])]
    if card.floated and not card.closed:
        try:
            card.train_limit = int(game.train_rules.train_limit(entity))
        except Exception:
            card.train_limit = None
    tokens = []
    for token in getattr(entity, "tokens", []):
        hex_ = token.hex if getattr(token, "used", False) else None
        tokens.append(TokenInfo(int(getattr(token, "price", 0) or 0), str(hex_.id) if hex_ is not None else None))
    card.tokens = tokens
    card.companies = [(str(co.sym), str(co.name), str(getattr(co, "color", "") or "yellow"))
                      for co in getattr(entity, "companies", [])]
    history = getattr(entity, "operating_history", None) or {}
    if history:
        key = next(reversed(history))
        info = history[key]
        if isinstance(key, tuple) and len(key) == 2:
            card.last_round = f"OR {key[0]}.{key[1]}"
        card.last_revenue = int(getattr(info, "revenue", 0) or 0)
        card.last_kind = str(getattr(info, "dividend_kind", "") or "") or None
    _read_loans(game, entity, card)
    if order is not None and entity in order:
        card.operating_order = order[entity]
    card.is_current = current is not None and current is entity


def _read_loans(game: Any, entity: Any, card: CorporationCard | MinorCard) -> None:
    """Loans held and what they mean (interest each operating round; each one held at the end, or when the
    corporation is nationalised, moves its price left), and whether the national took the corporation over."""
    card.loans = len(getattr(entity, "loans", None) or [])
    rules = getattr(game, "loan_rules", None)
    if card.loans and rules is not None:
        value = getattr(rules, "LOAN_VALUE", None)
        try:  # the rules' own interest (1817's rate moves with the loans out) and limit
            interest = int(rules.interest_for(card.loans))
            limit: int | None = int(rules.max_loans(entity))
        except (AttributeError, TypeError):
            interest, limit = int(getattr(rules, "INTEREST_PER_LOAN", 0) or 0) * card.loans, None
        parts = [f"{card.loans} loan{'s' if card.loans > 1 else ''}"
                 + (f" of {money(game, value)}" if value else "") + (f" (at most {limit})" if limit else "")]
        if interest:
            parts.append(f"interest {money(game, interest)} each operating round")
        if getattr(rules, "SETTLE_BY_PRICE_AT_END", False):
            parts.append("each loan still held at the end moves the price one step left")
        steps = getattr(game, "NATIONALIZATION_LOAN_STEPS", None)
        if steps:
            parts.append(f"nationalised, the price moves one step left and {steps} more per loan")
        card.loan_text = "; ".join(parts)
    taken = getattr(game, "nationalized", None)
    card.nationalized = bool(isinstance(taken, list) and getattr(entity, "id", None) in taken
                             and (card.closed or not getattr(entity, "ipoed", False)))


def corporation_card(game: Any, corporation: Any, order: dict[Any, int] | None = None,
                     current: Any = None) -> CorporationCard:
    """Read one corporation into a card (read only)."""
    c = corporation
    card = CorporationCard(name=str(c.name), full_name=str(getattr(c, "full_name", c.name)),
                           color=str(c.color or "#888888"), text_color=str(getattr(c, "text_color", "") or ""))
    card.closed = bool(getattr(c, "closed", False))
    card.kind = "minor" if str(getattr(c, "type", "") or "") == "minor" else ""
    card.ipoed = bool(getattr(c, "ipoed", False))
    card.floated = bool(getattr(c, "floated", False))
    card.receivership = bool(getattr(getattr(c, "owner", None), "is_share_pool", False))
    owner = getattr(c, "owner", None)
    card.president = str(owner.name) if owner is not None and getattr(owner, "is_player", False) else None
    if owner is not None and getattr(owner, "is_corporation", False):
        card.president = str(owner.name)
    sp = None if card.closed else getattr(c, "share_price", None)
    par = None if card.closed else real_par_price(c)
    card.price = int(sp.price) if sp is not None else None
    card.par = int(par.price) if par is not None else None
    card.cash = int(getattr(c, "cash", 0) or 0)
    ipo_owner = getattr(c, "ipo_owner", c)
    card.ipo_percent = percent_held(ipo_owner, c)
    card.ipo_label = "Treasury" if getattr(c, "capitalization", "full") == "incremental" else "IPO"
    card.pool_percent = percent_held(getattr(game, "share_pool", None), c)
    card.players_percent = sum(percent_held(p, c) for p in game.players)
    card.float_percent = int(getattr(c, "float_percent", 60) or 60)
    _read_operations(game, c, card, order, current)
    for key, value in (("price", card.price), ("par", card.par), ("cash", card.cash),
                       ("last", card.last_revenue)):
        if value is not None:
            card.money[key] = money(game, value)
    return card


def real_par_price(corporation: Any) -> Any:
    """The price the corporation was parred at.  Where the title's ``par_price`` follows the market (1846), the
    price recorded when it was parred; ``None`` when it has not been parred."""
    if getattr(corporation, "always_market_price", False):
        return getattr(corporation, "original_par_price", None)
    return getattr(corporation, "par_price", None)


def minor_card(game: Any, minor: Any, order: dict[Any, int] | None = None, current: Any = None) -> MinorCard:
    """Read one minor company into a card (read only)."""
    m = minor
    card = MinorCard(name=str(m.name), full_name=str(getattr(m, "full_name", m.name) or m.name),
                     color=str(getattr(m, "color", "") or "#888888"),
                     text_color=str(getattr(m, "text_color", "") or ""))
    card.closed = bool(getattr(m, "closed", False))
    card.floated = bool(getattr(m, "floated", False))
    owner = getattr(m, "owner", None)
    if owner is not None and (getattr(owner, "is_player", False) or getattr(owner, "is_corporation", False)):
        card.owner = str(owner.name)
    card.cash = int(getattr(m, "cash", 0) or 0)
    _read_operations(game, m, card, order, current)
    card.money["cash"] = money(game, card.cash)
    if card.last_revenue is not None:
        card.money["last"] = money(game, card.last_revenue)
    return card


def operating_order(game: Any) -> dict[Any, int] | None:
    """Each operator's place in the running operating round (``None`` outside one)."""
    round_ = getattr(game, "round", None)
    if round_ is None or not getattr(round_, "operating", False) or getattr(game, "finished", False):
        return None
    return {e: i + 1 for i, e in enumerate(getattr(round_, "entities", []) or [])}


def card_section(card: CorporationCard | MinorCard) -> int:
    """The panel's section of ``card``: the corporations (0), the minors kept among them (1: 1822's 24 minors came
    first and LNWR was found in a stock round by scrolling past them), the title's minor companies (2)."""
    if isinstance(card, MinorCard):
        return 2
    return 1 if card.kind == "minor" else 0


def corporation_cards(game: Any) -> list[CorporationCard | MinorCard]:
    """Every corporation of the game, in the title's order, majors first (minors kept among the corporations after
    them), then the minors still open."""
    current = current_entity(game)
    order = operating_order(game)
    cards: list[CorporationCard | MinorCard] = [corporation_card(game, c, order, current) for c in game.corporations]
    cards.sort(key=card_section)  # (stable: the title's order within a section)
    cards.extend(minor_card(game, m, order, current) for m in getattr(game, "minors", None) or []
                 if not getattr(m, "closed", False))
    return cards


class CorporationsCanvas(TrainDropTarget, ShareCardDragDrop, CardCanvas):
    """Paints the charters.  Shares are dragged to and from the cards; other drags (a power onto a train or a
    card: :mod:`desktop.panels.train_drop`) go to the handler registered for them."""

    HEADER = 44.0
    PAD = 10.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, min_card_width=300.0, max_columns=4)
        self.token_hits: list[tuple[QRectF, str]] = []
        #: the train chips of each card as last laid out: name -> [(chip, train id)]
        self.train_chips: dict[str, list[tuple[QRectF, str]]] = {}
        self.train_drop_handlers = {}
        self.setAcceptDrops(True)

    def train_target_at(self, pos: QPointF) -> tuple[dict[str, str], QRectF] | None:
        """A corporation's train under ``pos`` (``{"train", "owner"}``), else its card (``{"owner"}``)."""
        hit = self.card_at(QPointF(pos))
        if hit is None or getattr(hit[0], "closed", False):
            return None
        card, rect = hit
        self._layout(None, QRectF(rect), card)  # the chips where this card is now
        for chip, train_id in self.train_chips.get(str(card.name), []):
            if chip.contains(QPointF(pos)):
                return {"train": train_id, "owner": str(card.name)}, chip
        return {"owner": str(card.name)}, QRectF(rect)

    def marked_rects(self, marks: dict[str, set[str]]) -> list[QRectF]:
        self._ensure_layout()
        out: list[QRectF] = []
        for card, rect in zip(self.cards, self._rects):
            if str(card.name) in marks.get("owner", set()):
                out.append(QRectF(rect))
                continue
            if not set(getattr(card, "train_ids", ())) & marks.get("train", set()):
                continue
            self._layout(None, QRectF(rect), card)
            out.extend(chip for chip, tid in self.train_chips.get(str(card.name), []) if tid in marks["train"])
        return out

    #: (corporation name, payload): a share certificate was dropped on a corporation's card
    share_dropped = Signal(str, object)

    #: what a right click on a card offers (set by the play controllers: 1817's loans): corporation name ->
    #: [(label, tooltip, callback)]; None or an empty list: no menu
    card_actions: Callable[[str], list[tuple[str, str, Callable[[], object]]]] | None = None

    def card_menu(self, name: str) -> QMenu | None:
        """The right-click menu of corporation ``name``'s card (None when it offers nothing now)."""
        provider = self.card_actions
        items = provider(name) if provider is not None else []
        if not items:
            return None
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        for label, tip, callback in items:
            action = menu.addAction(label.replace("&", "&&"))
            action.setToolTip(tip)
            action.triggered.connect(lambda _=False, c=callback: c())
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # Qt override
        hit = self.card_at(QPointF(event.pos()))
        menu = self.card_menu(str(hit[0].name)) if hit is not None else None
        if menu is None:
            super().contextMenuEvent(event)
            return
        menu.exec(event.globalPos())

    # --- share drag and drop: pull a certificate from the card (from its Pool figure: from the market pool);
    # a player's certificate dropped on the card goes to the pool (a sale)
    def pool_rect(self, card: Any, rect: QRectF) -> QRectF | None:
        """The Pool figure of a started corporation's card at ``rect`` (None when not shown)."""
        if isinstance(card, MinorCard) or card.closed or not card.ipoed:
            return None
        left = rect.left() + self.PAD
        width = rect.width() - 2 * self.PAD
        y = rect.top() + self.HEADER + 8
        return QRectF(left + 0.81 * width, y, 0.19 * width, 38)

    def share_payload_at(self, pos: Any) -> tuple[dict[str, Any], str, str] | None:
        hit = self.card_at(QPointF(pos))
        if hit is None:
            return None
        card, rect = hit
        if isinstance(card, MinorCard) or card.closed:
            return None
        pool = self.pool_rect(card, rect)
        source = "market" if pool is not None and pool.contains(QPointF(pos)) else "ipo"
        where = "pool" if source == "market" else card.ipo_label
        return {"corporation": card.name, "source": source}, f"{card.name} ({where})", card.color

    def card_height(self, card: Any, width: float) -> float:
        return self._layout(None, QRectF(0, 0, width, 10_000), card)

    def paint_card(self, painter: QPainter, rect: QRectF, card: Any) -> None:
        self._layout(painter, rect, card)

    def starts_section(self, index: int) -> bool:
        """The minors start on a row of their own, after the corporations."""
        return index > 0 and card_section(self.cards[index]) != card_section(self.cards[index - 1])

    # -- one charter ------------------------------------------------------------------------------------------
    def _layout(self, p: QPainter | None, rect: QRectF, card: CorporationCard | MinorCard) -> float:
        if isinstance(card, MinorCard):
            return self._layout_minor(p, rect, card)
        pad = self.PAD
        if p is not None:
            self.paint_card_face(p, rect, highlight=card.is_current, dimmed=card.closed)
            self._paint_header(p, QRectF(rect.left(), rect.top(), rect.width(), self.HEADER), card)
        y = rect.top() + self.HEADER + 8
        left = rect.left() + pad
        width = rect.width() - 2 * pad

        if card.closed:
            if p is not None:
                draw_text(p, QRectF(left, y, width, 20), "Closed", Theme.font(13, italic=True), Theme.faint)
            return y + 20 + pad - rect.top()

        if not card.ipoed:
            # the header says it ("PRR · not started · IPO 90%"): a stock round's column of cards not yet started
            # showed three of 1830's eight corporations at 1366x768
            if not card.companies:
                return self.HEADER + 5
            return self._companies_row(p, left, rect.top() + self.HEADER + 6, width, card) + pad - rect.top()

        # the charter's figures
        stats: list[tuple[str, str, QColor | None]] = [
            ("Price", card.money.get("price", "—"), None),
            ("Par", card.money.get("par", "—"), None),
            ("Cash", card.money.get("cash", "—"), None),
            (card.ipo_label, f"{card.ipo_percent}%", None),
            ("Pool", f"{card.pool_percent}%", Theme.accent if card.pool_percent >= 50 else None),
        ]
        fractions = (0.19, 0.19, 0.24, 0.19, 0.19)
        draw_stat_row(p, left, y, width, stats, fractions, value_px=15.5)
        y += 38

        draw_rule(p, left, y, width)
        y += 6

        line_h = 22.0
        if not card.floated:
            if p is not None:
                sold = 100 - card.ipo_percent
                draw_text(p, QRectF(left, y, width, line_h),
                          f"{sold}% sold · floats when {card.float_percent}% are sold",
                          Theme.font(12, italic=True), Theme.accent)
            y += line_h + 2
        y = self._operations(p, left, y, width, card)

        if card.companies:
            y = self._companies_row(p, left, y + 4, width, card)
        return y + pad - rect.top()

    def _operations(self, p: QPainter | None, left: float, y: float, width: float,
                    card: CorporationCard | MinorCard) -> float:
        """The rows corporations and minors share: trains, station tokens and the last run."""
        label_w = 66.0
        line_h = 22.0
        caption = Theme.font(10.5, bold=True)
        # trains
        chip_h = 20.0
        train_font = Theme.font(12.5, bold=True)
        items = [(name, obsolete) for name, obsolete in card.trains]
        x0 = left + label_w
        if p is not None:
            draw_text(p, QRectF(left, y, label_w, chip_h), "TRAINS", caption, Theme.muted)
        if items:
            placed = flow_chips(items, train_font, x0, y, width - label_w - 50, chip_h, min_width=30.0)
            ids = card.train_ids
            self.train_chips[str(card.name)] = [(QRectF(r), ids[i]) for r, i in placed if i < len(ids)]
            if p is not None:
                for r, i in placed:
                    name, obsolete = items[i]
                    draw_train_card(p, r, name, obsolete)
            bottom = placed[-1][0].bottom()
        else:
            if p is not None:
                draw_text(p, QRectF(x0, y, width - label_w, chip_h), "none", Theme.font(12.5, italic=True),
                          Theme.faint)
            bottom = y + chip_h
        if p is not None and card.train_limit is not None:
            draw_text(p, QRectF(left, y, width, chip_h), f"{len(card.trains)} / {card.train_limit}",
                      Theme.font(12, bold=True),
                      Theme.accent if len(card.trains) > card.train_limit else Theme.muted,
                      Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        y = bottom + 6

        # station tokens
        d = 20.0
        if p is not None:
            draw_text(p, QRectF(left, y, label_w, d), "TOKENS", caption, Theme.muted)
            x = x0
            for token in card.tokens:
                r = QRectF(x, y, d, d)
                if token.hex_id is None:
                    draw_token(p, r, card.color, "", card.text_color)
                    # the price of the next tokens, printed under the charter's spot
                    draw_price_on_token(p, r, card, token.price)
                else:
                    draw_token(p, r, card.color, "", card.text_color, hollow=True)
                    draw_text(p, r, "✓", Theme.font(11, bold=True), Theme.muted,
                              Qt.AlignmentFlag.AlignCenter, elide=False)
                x += d + 4
            # the longest wording that fits in full (the discs say it anyway; nothing is cut)
            room = left + width - x - 4
            font = Theme.font(12)
            for text in (f"{card.tokens_placed} placed · {card.tokens_left} left", f"{card.tokens_left} left", ""):
                if QFontMetricsF(font).horizontalAdvance(text) <= room:
                    break
            draw_text(p, QRectF(x + 4, y, room, d), text, font, Theme.muted,
                      Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, elide=False)
        y += d + 6

        # last operating result
        if p is not None:
            draw_text(p, QRectF(left, y, label_w, line_h), "LAST RUN", caption, Theme.muted)
            if card.last_revenue is None:
                draw_text(p, QRectF(x0, y, width - label_w, line_h), "not yet operated",
                          Theme.font(12.5, italic=True), Theme.faint)
            else:
                amount = card.money.get("last", str(card.last_revenue))
                kind = _KIND_TEXT.get(card.last_kind or "", card.last_kind or "")
                amount_font = Theme.font(13.5, bold=True)
                amount_w = QFontMetricsF(amount_font).horizontalAdvance(amount) + 8
                draw_text(p, QRectF(x0, y, amount_w, line_h), amount, amount_font, Theme.ink, elide=False)
                room = width - label_w - amount_w
                font = Theme.font(12.5)
                for rest in (f"{kind}" + (f"  ·  {card.last_round}" if card.last_round else ""), kind, ""):
                    if QFontMetricsF(font).horizontalAdvance(rest) <= room:
                        break
                draw_text(p, QRectF(x0 + amount_w, y, room, line_h), rest, font, Theme.muted, elide=False)
        y += line_h
        return y

    def _layout_minor(self, p: QPainter | None, rect: QRectF, card: MinorCard) -> float:
        """A minor: the same header and operating rows as a charter, with its cash and owner instead of the
        share figures."""
        pad = self.PAD
        if p is not None:
            self.paint_card_face(p, rect, highlight=card.is_current, dimmed=card.closed)
            self._paint_header(p, QRectF(rect.left(), rect.top(), rect.width(), self.HEADER), card)
        y = rect.top() + self.HEADER + 8
        left = rect.left() + pad
        width = rect.width() - 2 * pad
        if card.closed or card.owner is None:
            if p is not None:
                text = "Closed" if card.closed else "Not yet owned"
                draw_text(p, QRectF(left, y, width, 20), text, Theme.font(13, italic=True),
                          Theme.faint if card.closed else Theme.muted)
            return y + 20 + pad - rect.top()

        if p is not None:
            # the owner is in the header (where a charter names its president); a minor has no share figures
            draw_stat(p, QRectF(left, y, width * 0.38 - 4, 34), "Cash", card.money.get("cash", "—"), value_px=15.5)
            draw_text(p, QRectF(left + width * 0.38, y + 12, width * 0.62, 22), "owned outright · no shares",
                      Theme.font(12, italic=True), Theme.faint,
                      Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        y += 38
        draw_rule(p, left, y, width)
        y += 6
        y = self._operations(p, left, y, width, card)
        if card.companies:
            y = self._companies_row(p, left, y + 4, width, card)
        return y + pad - rect.top()

    def _companies_row(self, p: QPainter | None, left: float, y: float, width: float,
                       card: CorporationCard | MinorCard) -> float:
        label_w = 66.0
        font = Theme.font(11.5, bold=True)
        items = [(company_label(sym, name), color) for sym, name, color in card.companies]
        placed = flow_chips(items, font, left + label_w, y, width - label_w, 18.0)
        if p is not None:
            draw_text(p, QRectF(left, y, label_w, 18), "PRIVATES", Theme.font(10.5, bold=True), Theme.muted)
            for r, i in placed:
                draw_chip(p, r, items[i][1], items[i][0], font=font)
        return placed[-1][0].bottom() if placed else y + 18

    #: the least size of a corporation's name before its header chips move to the second line
    NAME_MIN_PX = 11.0

    @staticmethod
    def wrap_font(text: str, width: float, height: float) -> QFont:
        """The largest font (11 to 7 px) in which ``text``, word-wrapped, fits ``width`` x ``height``."""
        size = 11.0
        while True:
            font = Theme.font(size, bold=True, condensed=True)
            box = QFontMetricsF(font).boundingRect(QRectF(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), text)
            if size <= 7.0 or (box.height() <= height and box.width() <= width + 0.5):
                return font
            size -= 0.5

    def name_wraps(self, card: Any, width: float) -> bool:
        """Is the name too long for one line at the least size (it is then written on two lines)?"""
        font = self.name_font(card, width)
        return QFontMetricsF(font).horizontalAdvance(card.full_name) > width

    @staticmethod
    def name_font(card: Any, width: float) -> QFont:
        return fitted_font(card.full_name, width, 14.5, 8.5, condensed=True)

    @staticmethod
    def _header_chips(card: Any) -> list[tuple[str, str, float]]:
        """(kind, text, width) of the header's chips, right to left: operating order, badge, MINOR tag."""
        chips: list[tuple[str, str, float]] = []
        order_text = f"#{card.operating_order}" if card.operating_order is not None else ""
        if order_text and card.is_current:
            order_text = f"▶ {order_text}"
        if order_text:
            chips.append(("order", order_text, max(26.0, chip_width(order_text, Theme.font(12, bold=True), 6))))
        badge = ""
        if card.nationalized:
            badge = "NATIONALISED"
        elif card.closed:
            badge = "CLOSED"
        elif isinstance(card, CorporationCard) and card.ipoed and not card.floated:
            badge = "NOT FLOATED"
        elif isinstance(card, CorporationCard) and card.receivership:
            badge = "RECEIVERSHIP"
        if badge:
            chips.append(("badge", badge, chip_width(badge, Theme.font(10, bold=True), 6)))
        if card.loans and not card.closed:
            text = f"{card.loans} LOAN{'S' if card.loans > 1 else ''}"
            chips.append(("badge", text, chip_width(text, Theme.font(10, bold=True), 6)))
        if isinstance(card, MinorCard):
            chips.append(("minor", "MINOR", chip_width("MINOR", Theme.font(9.5, bold=True), 5)))
        return chips

    def header_name_rect_width(self, card: Any, rect: QRectF) -> float:
        """The width the name gets in a header ``rect`` (the chips beside it or, when it would be cramped, on
        the second line)."""
        x = rect.left() + 8 + (rect.height() - 10) + 10
        full = rect.right() - 8 - x
        if self.chips_below(card, rect):
            return full
        return full - sum(w + 6 for _k, _t, w in self._header_chips(card))

    def wrapped_name_width(self, card: Any, rect: QRectF) -> float:
        """The width a name written on two lines gets (beside the operating order)."""
        x = rect.left() + 8 + (rect.height() - 10) + 10
        return rect.right() - 8 - x - sum(w + 6 for k, _t, w in self._header_chips(card) if k == "order")

    def chips_below(self, card: Any, rect: QRectF) -> bool:
        """Would the name, beside the chips, be smaller than NAME_MIN_PX or cut?"""
        chips = self._header_chips(card)
        if not chips:
            return False
        x = rect.left() + 8 + (rect.height() - 10) + 10
        beside = rect.right() - 8 - x - sum(w + 6 for _k, _t, w in chips)
        font = self.name_font(card, beside)
        fits = QFontMetricsF(font).horizontalAdvance(card.full_name) <= beside
        return not fits or font.pixelSize() < self.NAME_MIN_PX

    def _paint_header(self, p: QPainter, rect: QRectF, card: CorporationCard | MinorCard) -> None:
        fill = qcolor(card.color) if not card.closed else QColor("#b9b2a5")
        ink = text_on(fill, card.text_color if not card.closed else "#ffffff")
        path = QPainterPath()
        r = 7.0
        path.moveTo(rect.left(), rect.bottom())
        path.lineTo(rect.left(), rect.top() + r)
        path.quadTo(rect.left(), rect.top(), rect.left() + r, rect.top())
        path.lineTo(rect.right() - r, rect.top())
        path.quadTo(rect.right(), rect.top(), rect.right(), rect.top() + r)
        path.lineTo(rect.right(), rect.bottom())
        path.closeSubpath()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawPath(path)
        d = rect.height() - 10
        token_rect = QRectF(rect.left() + 8, rect.top() + 5, d, d)
        # a white backing ring so the token stands out on its own colour
        p.setBrush(QColor(255, 255, 255))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawEllipse(token_rect.adjusted(-1.5, -1.5, 1.5, 1.5))
        draw_token(p, token_rect, fill, card.name, ink)
        x = token_rect.right() + 10
        chips = self._header_chips(card)
        wraps = self.name_wraps(card, self.header_name_rect_width(card, rect))
        if wraps:
            # a name too long for one line even at full width (a narrow dock) is written whole on two lines,
            # beside the operating order only (the body says floated or not; a closed card is greyed)
            chips = [c for c in chips if c[0] == "order"]
        chips_w = sum(w + 6 for _kind, _text, w in chips)
        name_w = rect.right() - 8 - x
        below = self.chips_below(card, rect) and not wraps
        row_y = rect.center().y()
        if below:
            # the name needs the whole width (a long name in a narrow dock): the chips go to the second line
            row_y = rect.top() + 4 + (rect.height() - 8) * 0.79
        right = rect.right() - 8
        for kind, text, w in chips:
            if kind == "order":
                chip = QRectF(right - w, row_y - 11, w, 22)
                draw_chip(p, chip, "#fffdf8" if not card.is_current else Theme.accent, text,
                          text_color="#2b2620" if not card.is_current else "#ffffff", font=Theme.font(12, bold=True),
                          outline="#00000055")
            elif kind == "badge":
                chip = QRectF(right - w, row_y - 9, w, 18)
                draw_chip(p, chip, QColor(0, 0, 0, 50) if card.closed else "#fffdf8", text,
                          text_color="#ffffff" if card.closed else "#c9302c", font=Theme.font(10, bold=True),
                          outline="#00000040")
            else:  # the MINOR tag: a quiet label in the header's ink (a kind, not a warning like the badges)
                chip = QRectF(right - w, row_y - 8, w, 16)
                tag_ink = QColor(ink)
                tag_ink.setAlpha(200)
                draw_chip(p, chip, QColor(255, 255, 255, 70) if luminance(fill) < 0.45 else QColor(0, 0, 0, 22),
                          "MINOR", tag_ink, font=Theme.font(9.5, bold=True), radius=3.0, outline=tag_ink)
            right = chip.left() - 6
        if not below:
            name_w -= chips_w
        name_rect = QRectF(x, rect.top() + 4, name_w, rect.height() - 8)
        if wraps:
            # too long for one line even at the least size (a narrow dock): the name on both lines, whole; the
            # president is in the tooltip and the share rows
            box = QRectF(name_rect.left(), name_rect.top(), name_rect.width(), name_rect.height())
            p.setFont(self.wrap_font(card.full_name, box.width(), box.height()))
            p.setPen(ink)
            p.drawText(box,
                       int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap),
                       card.full_name)
            return
        draw_text(p, QRectF(name_rect.left(), name_rect.top(), name_rect.width(), name_rect.height() * 0.58),
                  card.full_name, self.name_font(card, name_rect.width()), ink,
                  Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)
        sub_w = name_rect.width() - (chips_w if below else 0)
        if card.closed:
            sub = card.name
        elif isinstance(card, MinorCard):
            sub = f"Owner {card.owner}" if card.owner else card.name
        elif card.receivership:
            sub = "in receivership"
        elif card.president:
            sub = f"President {card.president}"
        elif not card.ipoed:
            sub = f"{card.name} · not started · {card.ipo_label} {card.ipo_percent}%"
        else:
            sub = card.name
        sub_color = QColor(ink)
        sub_color.setAlpha(190)
        draw_text(p, QRectF(name_rect.left(), name_rect.top() + name_rect.height() * 0.58, sub_w,
                            name_rect.height() * 0.42), sub, fitted_font(sub, sub_w, 11, 9.5), sub_color,
                  Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    # -- tooltips ---------------------------------------------------------------------------------------------
    def card_tooltip(self, card: Any, rect: QRectF, pos: QPointF) -> str | None:
        if isinstance(card, MinorCard):
            return self._minor_tooltip(card)
        c: CorporationCard = card
        title = f"{c.full_name} ({c.name})"
        lines: list[str] = []
        if c.closed:
            return tooltip_html(title, ["Nationalised" if c.nationalized else "Closed"])
        if c.nationalized:
            lines.append("Nationalised (it may be started again)")
        if c.loan_text:
            lines.append(f"Loans: {c.loan_text}")
        if not c.ipoed:
            lines.append("Not yet started")
        else:
            lines.append(f"President: {c.president or '—'}")
            lines.append(f"Share price {c.money.get('price', '—')}, par {c.money.get('par', '—')}")
            lines.append(f"{c.ipo_label} {c.ipo_percent}% · pool {c.pool_percent}% · players {c.players_percent}%")
            placed = [t.hex_id for t in c.tokens if t.hex_id]
            left = [str(t.price) for t in c.tokens if t.hex_id is None]
            lines.append(f"Tokens placed: {', '.join(placed) if placed else 'none'}")
            if left:
                lines.append(f"Tokens left (cost): {', '.join(left)}")
            if c.last_revenue is not None:
                kind = _KIND_TEXT.get(c.last_kind or "", c.last_kind or "")
                lines.append(f"Last run {c.money.get('last', '')} {kind}".rstrip()
                             + (f" ({c.last_round})" if c.last_round else ""))
        for sym, name, _color in c.companies:
            lines.append(f"Owns {name}" + (f" ({sym})" if company_label(sym, name) == sym else ""))
        if not c.closed and self.share_activated_handler is not None:
            lines.append(f"To buy a share: drag it from here ({c.ipo_label}, or the Pool figure) onto your player "
                         "card, or double-click it")
        return tooltip_html(title, lines)

    @staticmethod
    def _minor_tooltip(c: MinorCard) -> str:
        title = f"{c.full_name} ({c.name}) · minor"
        if c.closed:
            return tooltip_html(title, ["Closed"])
        if c.owner is None:
            return tooltip_html(title, ["Not yet owned"])
        lines = [f"Owner: {c.owner} (a minor has no shares)", f"Cash {c.money.get('cash', '—')}"]
        placed = [t.hex_id for t in c.tokens if t.hex_id]
        left = [str(t.price) for t in c.tokens if t.hex_id is None]
        lines.append(f"Tokens placed: {', '.join(placed) if placed else 'none'}")
        if left:
            lines.append(f"Tokens left (cost): {', '.join(left)}")
        if c.last_revenue is not None:
            kind = _KIND_TEXT.get(c.last_kind or "", c.last_kind or "")
            lines.append(f"Last run {c.money.get('last', '')} {kind}".rstrip()
                         + (f" ({c.last_round})" if c.last_round else ""))
        for sym, name, _color in c.companies:
            lines.append(f"Owns {name}" + (f" ({sym})" if company_label(sym, name) == sym else ""))
        return tooltip_html(title, lines)


def draw_train_card(p: QPainter, rect: QRectF, name: str, obsolete: bool = False) -> None:
    """A train certificate: cream card stock with the train's name; obsolete ones greyed."""
    fill = "#efe6d2" if not obsolete else "#e2ddd3"
    draw_chip(p, rect, fill, name, text_color="#2b2620" if not obsolete else "#9b9386",
              font=Theme.font(rect.height() * 0.62, bold=True), radius=3.0, outline="#a89a7c")


def draw_price_on_token(p: QPainter, rect: QRectF, card: CorporationCard | MinorCard, price: int) -> None:
    """The cost of an unplaced token, printed on it (home tokens cost nothing: no text)."""
    if price <= 0:
        return
    p.save()
    p.setFont(fitted_font(str(price), rect.width() * 0.78, rect.height() * 0.42, min_px=4.0))
    p.setPen(text_on(qcolor(card.color), card.text_color))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(price))
    p.restore()


class CorporationsPanel(CardPanel):
    """One charter per corporation, then one card per open minor.  ``set_game(game)`` re-reads the state; nothing here changes it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(CorporationsCanvas(), parent)
        self._operating: str | None = None

    def set_game(self, game: Any) -> None:
        self.game = game
        self.canvas.set_cards(corporation_cards(game) if game is not None else [])
        operating = next((c.name for c in self.cards if c.is_current), None)
        if operating is not None and operating != self._operating:  # only when it changes: the user may scroll
            QTimer.singleShot(0, self, self.show_operating)
        self._operating = operating

    def resizeEvent(self, event: Any) -> None:  # Qt override
        super().resizeEvent(event)
        # the dock's height settled after the card was brought into view (a recovered game's layout, the market
        # fitting its grid): 1822's operating minor at 1366x768 was left with its header in view, its body cut
        if self._operating is not None and event.oldSize().height() != event.size().height():
            QTimer.singleShot(0, self, self.show_operating)

    def show_operating(self) -> None:
        """Scroll the operating corporation's (or minor's) card into view: 1822's minors operate first, below
        the majors."""
        for card, rect in zip(self.cards, self.canvas.card_rects()):
            if card.is_current:
                self.ensureVisible(round(rect.center().x()), round(rect.center().y()), 0,
                                   round(rect.height() / 2) + 4)
                return

    def card(self, name: str) -> CorporationCard | MinorCard | None:
        """The card of the corporation or minor ``name`` (its symbol)."""
        return next((c for c in self.cards if c.name == name), None)

    def minor_cards(self) -> list[MinorCard]:
        """The minors' cards (after the corporations'), in the title's order."""
        return [c for c in self.cards if isinstance(c, MinorCard)]
