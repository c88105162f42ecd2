"""Player cards: cash, value, certificates (with percentages, presidencies marked), the minor companies the
player owns, private companies, the certificate count against the limit, and who holds the priority deal.

A minor (``game.minors``, empty for most titles) is listed in the private companies' style, in its own colour
and tagged MINOR, with its treasury; when the player also holds a company that stands for it (the same id,
as 1846's MS and BIG4 cards), that company is not listed a second time."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QWidget

from desktop.panels import (
    CardCanvas,
    CardPanel,
    Theme,
    chip_width,
    company_label,
    current_entity,
    draw_chip,
    draw_rule,
    draw_stat_row,
    draw_text,
    fitted_font,
    flow_chips,
    money,
    percent_held,
    qcolor,
    shares_held,
    text_on,
    tooltip_html,
)
from desktop.panels.dnd import ShareCardDragDrop


@dataclass(slots=True)
class Holding:
    corporation: str
    color: str
    text_color: str
    percent: int
    president: bool
    certificates: int
    #: short positions (negative certificates) among them: the percent is then below zero
    shorts: int = 0


@dataclass(slots=True)
class PrivateHolding:
    sym: str
    name: str
    color: str
    text_color: str
    value: int
    revenue: int
    description: str = ""  # what the company does (its card's text; 18ZOO's powers say when and how)

    @property
    def label(self) -> str:
        """The company's chip: its symbol, or its name when the symbol only spells the name (18ZOO's powers)."""
        return company_label(self.sym, self.name)


@dataclass(slots=True)
class MinorHolding:
    sym: str
    name: str
    color: str
    text_color: str
    cash: int
    last_revenue: int | None = None
    value: int | None = None  # the face value of the company card that stands for it, if any


@dataclass(slots=True)
class PlayerCard:
    """What one player card shows (a snapshot)."""

    name: str
    cash: int = 0
    value: int = 0
    certs: int = 0
    cert_limit: int | None = None
    #: certificates the player holds that the limit does not count (a price in a market zone that is exempt, or a
    #: certificate the title exempts): corporation -> how many
    exempt: dict[str, int] = field(default_factory=dict)
    game_over: bool = False
    shares: list[Holding] = field(default_factory=list)
    companies: list[PrivateHolding] = field(default_factory=list)
    minors: list[MinorHolding] = field(default_factory=list)
    priority: bool = False
    current: bool = False
    acts_for: str = ""  # the operating corporation (or minor) this player presides over, in an operating round
    passed: bool = False
    bankrupt: bool = False
    winner: bool = False
    money: dict[str, str] = field(default_factory=dict)
    #: the player's open bids in a running auction: (what, price as written, is it the high bid)
    bids: list[tuple[str, str, bool]] = field(default_factory=list)
    #: what the player owes the bank (player loans: 1822, 18ZOO); 0 without debt
    debt: int = 0
    #: the computer player holding the seat ("strong", "beginner"); "" for a person
    bot: str = ""

    def percent_of(self, corporation: str) -> int:
        return sum(h.percent for h in self.shares if h.corporation == corporation)


def _cert_limit(game: Any, player: Any) -> int | None:
    try:
        fn = getattr(getattr(game, "corporation_rules", None), "cert_limit_for", None)
        limit = fn(player) if fn is not None else getattr(game, "cert_limit", None)
        return int(limit) if limit is not None else None
    except Exception:
        return None


def _exempt_certs(player: Any) -> dict[str, int]:
    """The player's certificates that the certificate limit does not count, by corporation (the rule the engine's
    ``num_certs`` applies: the corporation's market zone, or the certificate itself)."""
    exempt: dict[str, int] = {}
    try:
        for share in getattr(player, "shares", ()):
            corporation = share.corporation
            if corporation.counts_for_limit() and share.counts_for_limit:
                continue
            name = str(corporation.name)
            exempt[name] = exempt.get(name, 0) + int(share.cert_size)
    except Exception:
        return {}
    return exempt


def cert_count_warning(card: PlayerCard) -> bool:
    """Is the certificate count drawn as a warning?  Over the limit while the game runs (at its end it is a fact)."""
    return card.cert_limit is not None and card.certs > card.cert_limit and not card.game_over


def cert_limit_lines(card: PlayerCard) -> list[str]:
    """The tooltip's words on the certificate count: what counts, what does not, and what being over means."""
    if card.cert_limit is None:
        return []
    noun = "certificate" if card.certs == 1 else "certificates"
    lines = [f"{card.certs} {noun} of {card.cert_limit} allowed"]
    if card.exempt:
        held = ", ".join(f"{n} {corp}" for corp, n in card.exempt.items())
        lines.append(f"not counted against the limit: {held}")
    if card.certs > card.cert_limit:
        if card.game_over:
            lines.append("over the limit when the game ended")
        else:
            lines.append("over the limit: must sell down to it in the stock round")
    return lines


def player_card(game: Any, player: Any, priority: Any = None, current: Any = None) -> PlayerCard:
    """Read one player into a card (read only)."""
    card = PlayerCard(name=str(player.name), cash=int(player.cash))
    try:
        card.value = int(game.player_value(player))
    except Exception:
        card.value = int(player.value())
    try:
        card.certs = int(game.corporation_rules.num_certs(player))
    except Exception:
        card.certs = 0
    card.cert_limit = _cert_limit(game, player)
    card.exempt = _exempt_certs(player)
    card.game_over = bool(getattr(game, "finished", False))
    for corporation in game.corporations:
        certs = shares_held(player, corporation)
        pct = percent_held(player, corporation)
        if pct == 0:
            continue  # (below zero: a short position, shown)
        card.shares.append(
            Holding(
                str(corporation.name),
                str(corporation.color or "#888888"),
                str(getattr(corporation, "text_color", "") or ""),
                pct,
                any(getattr(s, "president", False) for s in certs),
                len(certs),
                sum(1 for s in certs if int(s.percent) < 0),
            )
        )
    minors = [
        m
        for m in getattr(game, "minors", None) or []
        if getattr(m, "owner", None) is player and not getattr(m, "closed", False)
    ]
    minor_ids = {str(getattr(m, "id", m.name)) for m in minors}
    card_values = {
        str(getattr(co, "id", co.sym)): int(getattr(co, "value", 0) or 0) for co in getattr(player, "companies", [])
    }
    for minor in minors:
        history = getattr(minor, "operating_history", None) or {}
        last = history[next(reversed(history))] if history else None
        card.minors.append(
            MinorHolding(
                str(minor.name),
                str(getattr(minor, "full_name", minor.name) or minor.name),
                str(getattr(minor, "color", "") or "#888888"),
                str(getattr(minor, "text_color", "") or ""),
                int(getattr(minor, "cash", 0) or 0),
                int(getattr(last, "revenue", 0) or 0) if last is not None else None,
                card_values.get(str(getattr(minor, "id", minor.name))),
            )
        )
    for company in getattr(player, "companies", []):
        if str(getattr(company, "id", company.sym)) in minor_ids:
            continue  # shown as the minor itself
        card.companies.append(
            PrivateHolding(
                str(company.sym),
                str(company.name),
                str(getattr(company, "color", "") or "yellow"),
                str(getattr(company, "text_color", "") or ""),
                int(getattr(company, "value", 0) or 0),
                int(getattr(company, "revenue", 0) or 0),
                str(getattr(company, "desc", "") or ""),
            )
        )
    card.priority = priority is player
    card.current = current is player
    if current is not None and current is not player and getattr(current, "owner", None) is player:
        card.acts_for = str(getattr(current, "name", "") or "")
    round_ = getattr(game, "round", None)
    card.passed = bool(getattr(player, "passed", False)) and bool(getattr(round_, "stock", False))
    card.bankrupt = bool(getattr(player, "bankrupt", False))
    card.money = {"cash": money(game, card.cash), "value": money(game, card.value)}
    card.debt = int(getattr(player, "debt", 0) or 0)
    if card.debt > 0:
        card.money["debt"] = money(game, card.debt)
    card.bids = open_bids(game, player)
    for c in card.companies:
        card.money[f"value:{c.sym}"] = money(game, c.value)
        card.money[f"revenue:{c.sym}"] = money(game, c.revenue)
    for m in card.minors:
        card.money[f"minor:{m.sym}"] = money(game, m.cash)
        if m.last_revenue is not None:
            card.money[f"minor-last:{m.sym}"] = money(game, m.last_revenue)
        if m.value is not None:
            card.money[f"minor-value:{m.sym}"] = money(game, m.value)
    return card


def open_bids(game: Any, player: Any) -> list[tuple[str, str, bool]]:
    """``player``'s open bids in the running auction (the step's ``bids``: target -> bids), as (the target's
    symbol, the price written, whether it is the highest on that target), in the auction's order."""
    round_ = getattr(game, "round", None)
    step = round_.active_step() if round_ is not None and hasattr(round_, "active_step") else None
    bids = getattr(step, "bids", None)
    if not isinstance(bids, dict):
        return []
    found: list[tuple[str, str, bool]] = []
    for target, offers in bids.items():
        offers = list(offers or ())
        top = max((b.price for b in offers), default=None)
        for bid in offers:
            if getattr(bid, "entity", None) is player:
                name = str(getattr(target, "sym", None) or getattr(target, "name", None) or target)
                found.append((name, money(game, bid.price), bid.price == top))
    return found


def seat_order(game: Any) -> list[Any]:
    """The players in the order they sat down, whatever order the game keeps them in now (1830 turns its
    player list to start with the priority deal each stock round, which moved every card -- and the drop
    targets of a share drag -- under the pointer)."""
    players = list(getattr(game, "players", []))
    first = getattr(game, "_players_by_id", None)  # the game's players as it created them (seat order)
    if not isinstance(first, dict):
        return players
    seats = {pid: i for i, pid in enumerate(first)}
    return sorted(players, key=lambda p: seats.get(p.id, len(seats)))


def player_cards(game: Any) -> list[PlayerCard]:
    """Every player, in seating order."""
    current = current_entity(game)
    try:
        priority = None if getattr(game, "finished", False) else game.priority_deal_player()
    except Exception:
        priority = None
    cards = [player_card(game, p, priority, current) for p in seat_order(game)]
    if getattr(game, "finished", False) and cards:
        best = max(c.value for c in cards)
        for c in cards:
            c.winner = c.value == best
    return cards


#: How much room a card takes.  FULL: captions over the numbers, a row per private company.  COMPACT: the numbers
#: on one line, companies as chips beside the certificates.  DENSE: a lower header, cash and certificates on the
#: chips' first line (six players' cards in the Players dock at 1366x768).  The panel picks the first that fits.
FULL, COMPACT, DENSE = 0, 1, 2
#: per density: header height, name font, badge font, badge height, card spacing
_HEADERS = ((34.0, 15.0, 10.5, 18.0, 10.0), (24.0, 13.5, 10.0, 16.0, 8.0), (22.0, 13.0, 9.5, 15.0, 6.0))
_CHIP_H = 19.0
#: the header badges' short forms, where the long ones would cut the name
_SHORT = {
    "PRIORITY DEAL": "PRIORITY",
    "▶ TO ACT": "▶",
    "BANKRUPT": "BANKR.",
    "STRONG BOT": "BOT",
    "BEGINNER BOT": "BOT",
}


@dataclass(slots=True)
class _Chip:
    """One chip of a compact card: a certificate, an open bid, a minor, a private company or the player's debt."""

    kind: str
    fill: Any
    ink: Any = None
    outline: Any = None
    holding: Holding | None = None


class PlayersCanvas(ShareCardDragDrop, CardCanvas):
    PAD = 10.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, min_card_width=280.0, max_columns=6)
        self.setAcceptDrops(True)
        #: (player name, payload): a share certificate was dropped on a player's card
        self.player_id_of: dict[str, Any] = {}
        self.density = FULL
        #: the cards' whole height per (width, density, spacing, margin): the panel fits its density and Qt's layouts
        #: ask the height for a width many times while the window settles (a dozen resizes at start-up); the cards
        #: only change with :meth:`set_cards`
        self._heights: dict[tuple[float, int, float, float], float] = {}

    @property
    def header_height(self) -> float:
        """The header's height at the current density."""
        return _HEADERS[self.density][0]

    def set_density(self, density: int) -> bool:
        """Lay the cards out at ``density``; True when that changed anything."""
        if density == self.density:
            return False
        self.density = density
        self.spacing = _HEADERS[density][4]
        self.margin = 10.0 if density == FULL else 6.0
        self._layout_width = -1.0
        self.updateGeometry()
        self.update()
        return True

    def height_at(self, width: float, density: int) -> float:
        """The height every card takes at ``width`` when laid out at ``density`` (nothing changes)."""
        old = (self.density, self.spacing, self.margin)
        self.density, self.spacing, self.margin = density, _HEADERS[density][4], 10.0 if density == FULL else 6.0
        try:
            return self.layout_height(width)
        finally:
            self.density, self.spacing, self.margin = old

    def layout_height(self, width: float) -> float:
        """The cards' whole height at ``width`` as they are laid out now (see ``layout_cards``), remembered."""
        key = (width, self.density, self.spacing, self.margin)
        height = self._heights.get(key)
        if height is None:
            height = self._heights[key] = self.layout_cards(width)[1]
        return height

    def set_cards(self, cards: Iterable[Any]) -> None:
        self._heights = {}
        super().set_cards(cards)

    def heightForWidth(self, width: int) -> int:  # Qt override
        return math.ceil(self.layout_height(float(width)))

    share_dropped = Signal(str, object)

    # --- share drag and drop: a player's certificate chip can be dragged (to sell); a card takes drops (to buy)
    def share_chips(self, card: PlayerCard, rect: QRectF) -> list[tuple[QRectF, Holding]]:
        """Where each certificate chip of ``card`` is painted when the card is at ``rect``."""
        found: list[tuple[QRectF, Holding]] = []
        self._layout(None, rect, card, found)
        return found

    def share_payload_at(self, pos: Any) -> tuple[dict[str, Any], str, str] | None:
        hit = self.card_at(QPointF(pos))
        if hit is None:
            return None
        card, rect = hit
        for r, h in self.share_chips(card, rect):
            if r.contains(QPointF(pos)):
                payload = {"corporation": h.corporation, "source": self.player_id_of.get(card.name, card.name)}
                return payload, f"{h.corporation} share", h.color
        return None

    def card_height(self, card: Any, width: float) -> float:
        return self._layout(None, QRectF(0, 0, width, 10_000), card)

    def paint_card(self, painter: QPainter, rect: QRectF, card: Any) -> None:
        self._layout(painter, rect, card)

    def _layout(
        self, p: QPainter | None, rect: QRectF, card: PlayerCard, shares: list[tuple[QRectF, Holding]] | None = None
    ) -> float:
        """Paint ``card`` at ``rect`` (measure only when ``p`` is None); the height it takes.  The certificate
        chips' places go to ``shares`` when given (drags start on them)."""
        if self.density != FULL:
            return self._layout_compact(p, rect, card, shares)
        pad = self.PAD
        if p is not None:
            self.paint_card_face(p, rect, highlight=card.current, dimmed=card.bankrupt)
            self._paint_header(p, QRectF(rect.left(), rect.top(), rect.width(), self.header_height), card)
        left = rect.left() + pad
        width = rect.width() - 2 * pad
        y = rect.top() + self.header_height + 8

        limit = card.cert_limit
        over = cert_count_warning(card)
        stats = [
            ("Cash", card.money.get("cash", str(card.cash)), None),
            ("Value", card.money.get("value", str(card.value)), None),
            (
                "Certificates",
                f"{card.certs} / {limit}" if limit is not None else str(card.certs),
                Theme.accent if over else None,
            ),
        ]
        widths = [0.3, 0.33, 0.37]
        if card.debt > 0:  # a player in debt: what they owe, beside their cash, in the warning colour
            stats.insert(1, ("Debt", card.money.get("debt", str(card.debt)), Theme.accent))
            widths = [0.23, 0.23, 0.25, 0.29]
        draw_stat_row(p, left, y, width, stats, widths, value_px=16)
        y += 40

        draw_rule(p, left, y, width)
        y += 7

        # certificates
        chip_h = 22.0
        font = Theme.font(12, bold=True)
        items = [(self._share_text(h), h) for h in card.shares]
        if items:
            placed = flow_chips(items, font, left, y, width, chip_h, gap=5.0)
            if shares is not None:
                shares.extend((r, items[i][1]) for r, i in placed)
            if p is not None:
                for r, i in placed:
                    h = items[i][1]
                    self._paint_share(p, r, h, items[i][0], font)
            y = placed[-1][0].bottom() + 7
        else:
            if p is not None:
                draw_text(p, QRectF(left, y, width, chip_h), "no shares", Theme.font(12.5, italic=True), Theme.faint)
            y += chip_h + 7

        # open bids in a running auction: committed cash, in sight of everybody (they tie up the player's cash)
        if card.bids:
            bid_font = Theme.font(11.5, bold=True)
            texts = [(f"bid {name} {price}" + (" ↑" if high else ""), high) for name, price, high in card.bids]
            placed = flow_chips(texts, bid_font, left, y, width, 20.0, gap=4.0)
            if p is not None:
                for r, i in placed:
                    text, high = texts[i]
                    draw_chip(
                        p,
                        r,
                        "#fff4d6" if high else "#f1ece0",
                        text,
                        "#7a4a00" if high else Theme.muted,
                        font=bid_font,
                        radius=4.0,
                        outline="#c9a24a" if high else "#d8cdb6",
                    )
            y = placed[-1][0].bottom() + 7

        # minor companies, in the private companies' style: the minor's colour, a MINOR tag, its treasury
        for minor in card.minors:
            if p is not None:
                self._paint_minor_row(p, QRectF(left, y, width, 20), minor, card.money.get(f"minor:{minor.sym}", ""))
            y += 22

        # private companies
        for company in card.companies:
            if p is not None:
                rev = card.money.get(f"revenue:{company.sym}", str(company.revenue))
                right_text = f"{rev} / OR"
                right_font = Theme.font(12, bold=True)
                rw = QFontMetricsF(right_font).horizontalAdvance(right_text) + 4  # the revenue is never cut
                if company.label != company.sym:
                    # the name is the chip (18ZOO's powers): one chip with the name, fitted, never the identifier
                    chip_w = min(width - 6 - rw, chip_width(company.label, Theme.font(11, bold=True), 8))
                    chip_font = fitted_font(company.label, chip_w - 8, 11, 8.5, condensed=True)
                    draw_chip(
                        p,
                        QRectF(left, y + 1, chip_w, 18),
                        company.color,
                        company.label,
                        company.text_color or None,
                        font=chip_font,
                        radius=3.0,
                    )
                else:
                    sym_w = max(34.0, chip_width(company.sym, Theme.font(11, bold=True), 5))
                    draw_chip(
                        p,
                        QRectF(left, y + 1, sym_w, 18),
                        company.color,
                        company.sym,
                        company.text_color or None,
                        font=Theme.font(11, bold=True),
                        radius=3.0,
                    )
                    name_w = width - sym_w - 10 - rw
                    # a long name first gets a little smaller, then is elided (the card's tooltip has it in full)
                    draw_text(
                        p,
                        QRectF(left + sym_w + 6, y, name_w, 20),
                        company.name,
                        fitted_font(company.name, name_w, 12.5, 10.5, bold=False, condensed=True),
                        Theme.ink,
                    )
                draw_text(
                    p,
                    QRectF(left + width - rw, y, rw, 20),
                    right_text,
                    right_font,
                    Theme.muted,
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    elide=False,
                )
            y += 22
        return y + pad - 4 - rect.top()

    def _layout_compact(
        self, p: QPainter | None, rect: QRectF, card: PlayerCard, shares: list[tuple[QRectF, Holding]] | None
    ) -> float:
        """The COMPACT and DENSE cards: a lower header, the numbers on one line (DENSE: in the header, beside the
        name), then every certificate, bid, minor and private company as one flow of chips."""
        dense = self.density == DENSE
        header = self.header_height
        pad = 8.0
        if p is not None:
            self.paint_card_face(p, rect, highlight=card.current, dimmed=card.bankrupt)
            self._paint_header(p, QRectF(rect.left(), rect.top(), rect.width(), header), card)
        left, width = rect.left() + pad, rect.width() - 2 * pad
        y = rect.top() + header + 4
        items = self._compact_chips(card, rect.width())
        font = Theme.font(11, bold=True)
        if not dense:  # "$400   value $400   2/11 certs" on a line of its own
            if p is not None:
                small = Theme.font(11.5, bold=True)
                cash = card.money.get("cash", str(card.cash))
                cash_font = Theme.font(14.5, bold=True)
                value = f"value {card.money.get('value', str(card.value))}"
                cash_w = QFontMetricsF(cash_font).horizontalAdvance(cash) + 10
                right = f"{self._certs_text(card)} certs"
                right_w = QFontMetricsF(small).horizontalAdvance(right) + 2
                draw_text(p, QRectF(left, y, cash_w, 20), cash, cash_font, Theme.ink, elide=False)
                draw_text(
                    p, QRectF(left + cash_w, y, width - cash_w - right_w - 6, 20), value, Theme.font(11.5), Theme.muted
                )
                draw_text(
                    p,
                    QRectF(left + width - right_w, y, right_w, 20),
                    right,
                    small,
                    Theme.accent if cert_count_warning(card) else Theme.muted,
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    elide=False,
                )
            y += 21
        elif not items:
            return header + 2
        if items:
            placed = flow_chips(items, font, left, y, width, _CHIP_H, gap=4.0)
            for r, i in placed:
                text, chip = items[i]
                if chip.holding is not None:
                    if shares is not None:
                        shares.append((r, chip.holding))
                    if p is not None:
                        self._paint_share(p, r, chip.holding, text, font)
                elif p is not None:
                    draw_chip(
                        p,
                        r,
                        chip.fill,
                        text,
                        chip.ink,
                        font=font,
                        radius=3.0 if chip.kind != "bid" else 4.0,
                        outline=chip.outline,
                    )
            y = placed[-1][0].bottom()
        return y + (pad - 3 if dense else pad - 2) - rect.top()

    @staticmethod
    def _certs_text(card: PlayerCard) -> str:
        return f"{card.certs}/{card.cert_limit}" if card.cert_limit is not None else str(card.certs)

    def _badges(self, card: PlayerCard) -> list[tuple[str, str, str]]:
        """The header's badges (text, fill, ink), right to left."""
        badges: list[tuple[str, str, str]] = []
        if card.winner:
            badges.append(("WINNER", "#e8b923", "#2b2620"))
        if card.bankrupt:
            badges.append(("BANKRUPT", "#c9302c", "#ffffff"))
        if card.priority:
            badges.append(("PRIORITY DEAL", "#e8b923", "#2b2620"))
        if card.current and self.density != DENSE:
            badges.append(("▶ TO ACT", "#c9302c", "#ffffff"))
        elif card.passed and not card.current:
            badges.append(("PASSED", "#6f675b", "#f3eee3"))
        if card.bot:
            badges.append((f"{card.bot.upper()} BOT", "#3f5f8a", "#ffffff"))
        return badges

    @staticmethod
    def _dense_stats(card: PlayerCard) -> list[tuple[str, QFont, QColor]]:
        return [
            (card.money.get("cash", str(card.cash)), Theme.font(13, bold=True), QColor("#fffaf0")),
            (
                PlayersCanvas._certs_text(card),
                Theme.font(11, bold=True),
                QColor("#ffb3a8") if cert_count_warning(card) else QColor("#d9cfbd"),
            ),
        ]

    def _badges_in_body(self, card: PlayerCard, width: float) -> bool:
        """Would a DENSE header ``width`` wide cut the name even with the badges' short forms?  (Then they are
        chips.)"""
        badges = self._badges(card)
        if not badges:
            return False
        _h, name_px, badge_px, _bh, _gap = _HEADERS[DENSE]
        name_font, badge_font = Theme.font(name_px, bold=True), Theme.font(badge_px, bold=True)
        need = QFontMetricsF(name_font).horizontalAdvance(("▶ " if card.current else "") + card.name) + 16
        need += sum(QFontMetricsF(f).horizontalAdvance(t) + 6 for t, f, _c in self._dense_stats(card))
        need += sum(chip_width(_SHORT.get(t, t), badge_font, 6) + 5 for t, _b, _f in badges)
        return need > width - 8

    def _compact_chips(self, card: PlayerCard, width: float = 0.0) -> list[tuple[str, _Chip]]:
        """A compact card's chips, in the full card's order: debt, certificates, open bids, minors (with their
        treasury), private companies (with their revenue); first the badges a DENSE header ``width`` wide has no
        room for."""
        chips: list[tuple[str, _Chip]] = []
        if self.density == DENSE and width and self._badges_in_body(card, width):
            chips.extend((t, _Chip("badge", bg, fg)) for t, bg, fg in self._badges(card))
        if card.debt > 0:
            chips.append(
                (f"debt {card.money.get('debt', str(card.debt))}", _Chip("debt", "#fbe3e1", Theme.accent, Theme.accent))
            )
        chips.extend((PlayersCanvas._share_text(h), _Chip("share", h.color, holding=h)) for h in card.shares)
        for name, price, high in card.bids:
            chips.append(
                (
                    f"bid {name} {price}" + (" ↑" if high else ""),
                    _Chip(
                        "bid",
                        "#fff4d6" if high else "#f1ece0",
                        "#7a4a00" if high else Theme.muted,
                        "#c9a24a" if high else "#d8cdb6",
                    ),
                )
            )
        for m in card.minors:
            chips.append(
                (
                    f"{m.sym} {card.money.get(f'minor:{m.sym}', str(m.cash))}",
                    _Chip("minor", m.color, m.text_color or None),
                )
            )
        for c in card.companies:
            # a company paying nothing (18ZOO's powers and tickets) is its name alone: "0$/OR" only took room
            revenue = f" {card.money.get(f'revenue:{c.sym}', str(c.revenue))}/OR" if c.revenue else ""
            chips.append((f"{c.label}{revenue}", _Chip("company", c.color, c.text_color or None)))
        return chips

    @staticmethod
    def _paint_minor_row(p: QPainter, row: QRectF, minor: MinorHolding, cash: str) -> None:
        left, y, width = row.left(), row.top(), row.width()
        sym_font = Theme.font(11, bold=True)
        sym_w = max(34.0, chip_width(minor.sym, sym_font, 5))
        draw_chip(
            p,
            QRectF(left, y + 1, sym_w, 18),
            minor.color,
            minor.sym,
            minor.text_color or None,
            font=sym_font,
            radius=3.0,
        )
        right_text = f"{cash} cash"
        right_font = Theme.font(12, bold=True)
        rw = QFontMetricsF(right_font).horizontalAdvance(right_text) + 2
        tag_font = Theme.font(9, bold=True)
        tag_w = chip_width("MINOR", tag_font, 4)
        name_x = left + sym_w + 6
        name_w = width - sym_w - 6 - rw - tag_w - 12
        # a long name first gets a little smaller, then is elided
        name_font = fitted_font(minor.name, name_w, 12.5, 11.0, bold=False, condensed=False)
        shown = min(name_w, QFontMetricsF(name_font).horizontalAdvance(minor.name) + 1)
        draw_text(p, QRectF(name_x, y, name_w, 20), minor.name, name_font, Theme.ink)
        draw_chip(
            p,
            QRectF(name_x + shown + 6, y + 3, tag_w, 14),
            Theme.card,
            "MINOR",
            Theme.muted,
            font=tag_font,
            radius=3.0,
            outline=Theme.faint,
        )
        draw_text(
            p,
            QRectF(left + width - rw, y, rw, 20),
            right_text,
            right_font,
            Theme.muted,
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )

    @staticmethod
    def _share_text(h: Holding) -> str:
        if h.percent < 0:
            return f"{h.corporation} {h.percent}% SHORT"
        return f"{h.corporation} {h.percent}%" + ("  ★" if h.president else "")

    @staticmethod
    def _paint_share(p: QPainter, r: QRectF, h: Holding, text: str, font: Any) -> None:
        """A certificate chip in the corporation's colour; the president's is framed and starred."""
        fill = qcolor(h.color)
        ink = text_on(fill, h.text_color)
        draw_chip(p, r, fill, text, h.text_color or None, font=font, radius=4.0)
        if h.president:
            p.save()
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            p.setPen(QPen(ink, 1.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(2.5, 2.5, -2.5, -2.5), 2.5, 2.5)
            p.restore()

    def _paint_header(self, p: QPainter, rect: QRectF, card: PlayerCard) -> None:
        fill = QColor(Theme.header) if not card.bankrupt else QColor("#9a9184")
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
        _h, name_px, badge_px, badge_h, _gap = _HEADERS[self.density]
        right = rect.right() - 8
        badge_font = Theme.font(badge_px, bold=True)
        dense = self.density == DENSE
        badges = self._badges(card)
        # the name comes first: where it would be cut, the badges take their short forms
        name_font = Theme.font(name_px, bold=True)
        name_w = QFontMetricsF(name_font).horizontalAdvance(card.name) + 20
        # a DENSE card has its cash and certificate count in the header, before the badges, and marks the player
        # to act by a red arrow before the name (the card's red frame says it too); where even the badges' short
        # forms would cut the name, they go first among the chips
        stats = self._dense_stats(card) if dense else []
        arrow_w = QFontMetricsF(name_font).horizontalAdvance("▶ ") if dense and card.current else 0.0
        stats_w = sum(QFontMetricsF(f).horizontalAdvance(t) + 6 for t, f, _c in stats)
        total = sum(chip_width(t, badge_font, 6) + 5 for t, _b, _f in badges)
        if name_w + arrow_w + stats_w + total > rect.width() - 8:
            badges = [(_SHORT.get(t, t), bg, fg) for t, bg, fg in badges]
        if dense and self._badges_in_body(card, rect.width()):
            badges = []
        for text, bg, fg in badges:
            w = chip_width(text, badge_font, 6)
            b = QRectF(right - w, rect.center().y() - badge_h / 2, w, badge_h)
            draw_chip(p, b, bg, text, fg, font=badge_font, outline="#00000040")
            right = b.left() - 5
        for text, font, color in reversed(stats):  # right to left: the count, then the cash
            w = QFontMetricsF(font).horizontalAdvance(text) + 2
            draw_text(
                p,
                QRectF(right - w, rect.top(), w, rect.height()),
                text,
                font,
                color,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                elide=False,
            )
            right -= w + 4
        left = rect.left() + (10 if dense else 12)
        if arrow_w:
            draw_text(
                p, QRectF(left, rect.top(), arrow_w, rect.height()), "▶", name_font, QColor("#ff6b5e"), elide=False
            )
            left += arrow_w
        room = right - left - (2 if dense else 4)
        if dense:  # a long name gets a little smaller before it is elided
            name_font = fitted_font(card.name, room, name_px, 11.0, bold=True, condensed=False)
        draw_text(p, QRectF(left, rect.top(), room, rect.height()), card.name, name_font, QColor("#fffaf0"))

    def card_tooltip(self, card: Any, rect: QRectF, pos: QPointF) -> str | None:
        c: PlayerCard = card
        lines = [f"Cash {c.money.get('cash')} · value {c.money.get('value')}"]
        if c.debt > 0:
            lines.append(
                f"Debt {c.money.get('debt')}: owed to the bank (counts against the score; no bids or "
                "share purchases until paid back)"
            )
        lines.extend(cert_limit_lines(c))
        for h in c.shares:
            role = " (president)" if h.president else ""
            if h.percent < 0:
                lines.append(
                    f"{h.corporation}: short {-h.percent}% ({h.shorts} share{'s' if h.shorts != 1 else ''} "
                    "sold short, to buy back)"
                )
                continue
            lines.append(f"{h.corporation}: {h.percent}% in {h.certificates} certificate(s){role}")
        for m in c.minors:
            text = f"{m.name} ({m.sym}): minor, cash {c.money.get('minor:' + m.sym)}"
            if m.last_revenue is not None:
                text += f", last run {c.money.get('minor-last:' + m.sym)}"
            if m.value is not None:
                text += f", card value {c.money.get('minor-value:' + m.sym)}"
            lines.append(text)
        for co in c.companies:
            named = co.name if co.label != co.sym else f"{co.name} ({co.sym})"
            lines.append(f"{named}: value {c.money.get('value:' + co.sym)}, revenue {c.money.get('revenue:' + co.sym)}")
            if co.description:
                lines.append(f"    {co.description}")
        if c.priority:
            lines.append("Holds the priority deal")
        if c.current:
            lines.append("To act now")
        elif c.acts_for:
            lines.append(f"President of {c.acts_for}, which operates now")
        return tooltip_html(c.name, lines)


#: the height of a line of chips on a card (FULL: certificate chips), kept free for a round's growth
GROWTH_LINE_FULL = 27.0
GROWTH_LINE = _CHIP_H + 4.0


def round_of(game: Any) -> tuple[tuple[Any, ...], bool]:
    """The round ``game`` is in, as a key (kind, turn, number; whether the game is over) and whether players'
    holdings or bids change in it (a stock round, an auction, a draft)."""
    round_ = getattr(game, "round", None)
    if round_ is None:
        return (), False
    key = (
        type(round_).__name__,
        getattr(round_, "NAME", ""),
        getattr(game, "turn", None),
        getattr(round_, "round_num", None),
        bool(getattr(game, "finished", False)),
    )
    growing = any(bool(getattr(round_, kind, False)) for kind in ("stock", "auction", "draft"))
    return key, growing


class PlayersPanel(CardPanel):
    """One card per player.  ``set_game(game)`` re-reads the state; nothing here changes it."""

    canvas: PlayersCanvas

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(PlayersCanvas(), parent)
        self._acting: str | None = None
        #: the round the cards show (the density is chosen once per round), and whether holdings may grow in it
        self._round_key: tuple[Any, ...] = ()
        self._growing_round = False
        #: what the density was last chosen for: (round, number of players, width, the window's size)
        self._density_key: tuple[Any, ...] | None = None
        #: player name -> the computer player holding that seat (persons are absent)
        self.bot_kinds: dict[str, str] = {}

    def set_bot_kinds(self, kinds: dict[str, str]) -> None:
        """Mark the seats computer players hold (name -> kind) on their cards."""
        self.bot_kinds = dict(kinds)
        if getattr(self, "game", None) is not None:
            self.set_game(self.game)

    def set_game(self, game: Any) -> None:
        self.canvas.player_id_of = {str(p.name): p.id for p in getattr(game, "players", [])}
        self.game = game
        cards = player_cards(game) if game is not None else []
        for card in cards:
            card.bot = self.bot_kinds.get(card.name, "")
        self.canvas.set_cards(cards)
        self._round_key, self._growing_round = round_of(game)
        self.fit_density()
        acting = next((f"{c.name}/{c.acts_for}" for c in self.cards if c.current or c.acts_for), None)
        if acting is not None and acting != self._acting:  # only when the turn passes: the user may scroll
            QTimer.singleShot(0, self, self.show_acting)
        self._acting = acting

    def fit_density(self) -> None:
        """Every card in sight without scrolling when any density allows it: the full cards where they fit, else
        compact ones, else dense ones (4-6 players at 1366x768); dense ones scroll only when even they do not fit.

        The density is chosen once per round (and again when the panel's width, the window's size or the number
        of players changes), never because a card grew: a stock round's buys used to switch four players' cards
        from compact to dense in the middle of the round, and every drop target moved under the pointer.  So the
        choice keeps room for the round's growth (a line of chips more on every card in a round where holdings or
        bids change), and within the round the cards only get denser, when the ones shown do not fit a lower
        panel any more (the tray opening for a track lay; it closing again does not bring fuller cards back: at
        1366x768 three players' cards went compact and dense at every step of an operating round).  Cards that
        outgrow the panel within the round keep their density: the column gives them room (:meth:`overflow`),
        or they scroll."""
        width = float(self.width() - 2 * self.frameWidth())  # as wide as the cards are with no scroll bar
        room = self.height() - 2 * self.frameWidth()
        if not self.isVisible() or width <= 0 or room <= 0 or not self.cards:
            return  # (a panel never shown has no size of its own: its previews keep the full cards)
        top = self.window()
        key = (self._round_key, len(self.cards), int(width), top.width(), top.height())
        density = self.canvas.density
        if key != self._density_key:
            density = self._choose_density(width, room)
        elif self.canvas.height_at(width, density) > room:  # the first denser layout that fits, else the densest
            density = next(
                (d for d in (COMPACT, DENSE) if d > density and self.canvas.height_at(width, d) <= room), DENSE
            )
        self._density_key = key
        self.canvas.set_density(density)
        # cards that fit the panel's whole width never get a scroll bar: one shown while the column settled (a
        # passing smaller size) stayed, as the narrower cards it left wrapped their chips and did not fit any more
        # (a finished 1830 game at 1366x768: the fourth card cut by 19 px under a scroll bar it did not need)
        fits = self.canvas.height_at(width, density) <= room
        self.setVerticalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if fits else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )

    def _choose_density(self, width: float, room: int) -> int:
        """The fullest density at which every card fits ``room`` with the round's growth (see :meth:`fit_density`)."""
        # (compact first: where it does not fit, the full cards -- the costliest to measure -- do not either)
        if self.canvas.height_at(width, COMPACT) + self._growth(width, COMPACT) > room:
            return DENSE
        return FULL if self.canvas.height_at(width, FULL) + self._growth(width, FULL) <= room else COMPACT

    def _growth(self, width: float, density: int) -> float:
        """The room kept for the cards' growth within this round: a line of chips on every card of a column, in a
        round where holdings or bids change (stock rounds, auctions, drafts); none in other rounds."""
        if not self._growing_round:
            return 0.0
        rows = -(-len(self.cards) // self.canvas.columns_for(width))
        return rows * (GROWTH_LINE_FULL if density == FULL else GROWTH_LINE)

    def overflow(self) -> int:
        """How many pixels taller the panel would have to be for every card to be in sight at the density shown
        (0 when they all fit, or when the panel is not shown)."""
        width = float(self.width() - 2 * self.frameWidth())
        room = self.height() - 2 * self.frameWidth()
        if not self.isVisible() or width <= 0 or room <= 0 or not self.cards:
            return 0
        need = self.canvas.height_at(width, self.canvas.density)
        return max(0, int(need + 0.999) - room)

    def resizeEvent(self, event: Any) -> None:  # Qt override
        super().resizeEvent(event)
        self.fit_density()

    def showEvent(self, event: Any) -> None:  # Qt override
        super().showEvent(event)
        self.fit_density()

    def show_acting(self) -> None:
        """Scroll the acting player's card into view (at 1366x768 the fourth player's card is below the fold,
        and the 1846 draft starts with the last player); in an operating round, the operating corporation's
        president's card."""
        for card, rect in zip(self.cards, self.canvas.card_rects()):
            if card.current or card.acts_for:
                self.ensureVisible(round(rect.center().x()), round(rect.center().y()), 0, round(rect.height() / 2) + 4)
                return

    def card(self, name: str) -> PlayerCard | None:
        return next((c for c in self.cards if c.name == name), None)
