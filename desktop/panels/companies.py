"""Private companies: one small certificate each, with owner, face value, revenue, and whether it has closed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath
from PySide6.QtWidgets import QWidget

from desktop.panels import (
    CardCanvas,
    CardPanel,
    Theme,
    chip_width,
    draw_chip,
    draw_stat,
    draw_text,
    draw_token,
    fitted_font,
    money,
    qcolor,
    text_on,
    tooltip_html,
)


@dataclass(slots=True)
class CompanyCard:
    """What one private company's certificate shows (a snapshot)."""

    sym: str
    name: str
    color: str
    text_color: str
    value: int
    revenue: int
    description: str = ""
    owner: str | None = None  # a player's name or a corporation's symbol
    owner_kind: str = "none"  # "player", "corporation", "none"
    owner_color: str = ""
    owner_text_color: str = ""
    closed: bool = False
    money: dict[str, str] = field(default_factory=dict)


DRAFT_SECRET = "in the draft (who holds it is secret until it ends)"


def drafting(game: Any) -> bool:
    """Is a secret draft under way (1846's opening), so the companies' new owners are not shown yet?"""
    round_ = getattr(game, "round", None)
    if not getattr(round_, "draft", False) or getattr(game, "finished", False):
        return False
    step = round_.active_step() if round_ is not None else None
    return bool(getattr(step, "SECRET", True))  # the open drafts (18 Los Angeles ...) show their owners


def company_card(game: Any, company: Any) -> CompanyCard:
    card = CompanyCard(sym=str(company.sym), name=str(company.name),
                       color=str(getattr(company, "color", "") or "yellow"),
                       text_color=str(getattr(company, "text_color", "") or ""),
                       value=int(getattr(company, "value", 0) or 0), revenue=int(getattr(company, "revenue", 0) or 0),
                       description=str(getattr(company, "desc", "") or ""),
                       closed=bool(getattr(company, "closed", False)))
    owner = getattr(company, "owner", None)
    if drafting(game) and not card.closed and (owner is None or getattr(owner, "is_player", False)):
        # 1846's draft is secret: who took what, and which companies are taken, is shown when the draft ends (the
        # log says "chooses a company"): every card in the draft reads the same
        card.owner, card.owner_kind = DRAFT_SECRET, "none"
    elif owner is not None and not card.closed:
        if getattr(owner, "is_player", False):
            card.owner, card.owner_kind = str(owner.name), "player"
        elif getattr(owner, "is_corporation", False) or getattr(owner, "is_minor", False):
            card.owner, card.owner_kind = str(owner.name), "corporation"
            card.owner_color = str(getattr(owner, "color", "") or "#888888")
            card.owner_text_color = str(getattr(owner, "text_color", "") or "")
        else:
            card.owner, card.owner_kind = str(getattr(owner, "name", owner)), "none"
    card.money = {"value": money(game, card.value), "revenue": money(game, card.revenue)}
    return card


def company_cards(game: Any) -> list[CompanyCard]:
    """Every private company of the game, in the title's order."""
    return [company_card(game, c) for c in getattr(game, "companies", [])]


class CompaniesCanvas(CardCanvas):
    HEIGHT = 66.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, min_card_width=330.0, max_columns=3, spacing=8.0)

    STRIPE_W = 58.0
    DESC_PX = 11.5
    DESC_LINES = 6

    def _desc_rect(self, card: Any, width: float) -> float:
        """Height of the description, wrapped in full (up to :attr:`DESC_LINES` lines)."""
        if not card.description:
            return 0.0
        text_w = width - self.STRIPE_W - 18
        fm = QFontMetricsF(Theme.font(self.DESC_PX))
        rect = fm.boundingRect(QRectF(0, 0, text_w, 10_000), int(Qt.TextFlag.TextWordWrap), card.description)
        return min(rect.height(), fm.lineSpacing() * self.DESC_LINES) + 2

    def card_height(self, card: Any, width: float) -> float:
        return max(self.HEIGHT, 6 + 21 + 36 + self._desc_rect(card, width) + 6)

    def paint_card(self, p: QPainter, rect: QRectF, card: Any) -> None:
        c: CompanyCard = card
        self.paint_card_face(p, rect, dimmed=c.closed)
        stripe_w = self.STRIPE_W
        fill = qcolor(c.color) if not c.closed else QColor("#cfc8bb")
        stripe = QRectF(rect.left(), rect.top(), stripe_w, rect.height())
        path = QPainterPath()
        r = 7.0
        path.moveTo(stripe.right(), stripe.top())
        path.lineTo(stripe.left() + r, stripe.top())
        path.quadTo(stripe.left(), stripe.top(), stripe.left(), stripe.top() + r)
        path.lineTo(stripe.left(), stripe.bottom() - r)
        path.quadTo(stripe.left(), stripe.bottom(), stripe.left() + r, stripe.bottom())
        path.lineTo(stripe.right(), stripe.bottom())
        path.closeSubpath()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawPath(path)
        ink = text_on(fill, c.text_color if not c.closed else None)
        p.setFont(fitted_font(c.sym, stripe_w - 10, 16, 8, condensed=True))
        p.setPen(ink)
        p.drawText(stripe, Qt.AlignmentFlag.AlignCenter, c.sym)

        x = stripe.right() + 10
        full_w = rect.right() - 8 - x
        name_color = Theme.faint if c.closed else Theme.ink
        # the name across the whole card (smaller type before it is ever cut)
        draw_text(p, QRectF(x, rect.top() + 6, full_w, 20), c.name, fitted_font(c.name, full_w, 13.5, 10.5),
                  name_color)
        # owner at the left, value and revenue at the right
        stats_w = 124.0
        text_w = full_w - stats_w - 6
        oy = rect.top() + 27 + 8
        if c.closed:
            badge_font = Theme.font(10, bold=True)
            draw_chip(p, QRectF(x, oy + 1, chip_width("CLOSED", badge_font, 6), 17), "#8c8476", "CLOSED", "#ffffff",
                      font=badge_font)
        elif c.owner_kind == "corporation":
            draw_token(p, QRectF(x, oy, 19, 19), c.owner_color, c.owner or "", c.owner_text_color)
            draw_text(p, QRectF(x + 24, oy, text_w - 24, 19), f"owned by {c.owner}", Theme.font(12.5), Theme.ink)
        elif c.owner_kind == "player":
            draw_text(p, QRectF(x, oy, text_w, 19), c.owner or "", Theme.font(12.5, bold=True), Theme.ink)
        else:
            draw_text(p, QRectF(x, oy, text_w, 19), "in the bank" if c.owner is None else str(c.owner),
                      Theme.font(12.5, italic=True), Theme.muted)
        sx = rect.right() - stats_w - 6
        value_color = Theme.faint if c.closed else None
        draw_stat(p, QRectF(sx, rect.top() + 27, stats_w / 2, 34), "Value", c.money.get("value", ""),
                  value_color, value_px=14)
        draw_stat(p, QRectF(sx + stats_w / 2, rect.top() + 27, stats_w / 2, 34), "Revenue",
                  c.money.get("revenue", ""), value_color, value_px=14)
        if c.description:
            desc_h = self._desc_rect(c, rect.width())
            p.setFont(Theme.font(self.DESC_PX))
            p.setPen(Theme.muted)
            p.drawText(QRectF(x, rect.top() + 27 + 36, full_w, desc_h),
                       int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
                       c.description)

    def card_tooltip(self, card: Any, rect: QRectF, pos: QPointF) -> str | None:
        c: CompanyCard = card
        owner = "closed" if c.closed else (c.owner or "in the bank")
        lines = [f"Value {c.money.get('value')}, revenue {c.money.get('revenue')}", f"Owner: {owner}"]
        if c.description:
            lines.append(c.description)
        return tooltip_html(f"{c.name} ({c.sym})", lines)


class CompaniesPanel(CardPanel):
    """The private companies.  ``set_game(game)`` re-reads the state; nothing here changes it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(CompaniesCanvas(), parent)

    def set_game(self, game: Any) -> None:
        self.game = game
        self.canvas.set_cards(company_cards(game) if game is not None else [])

    def card(self, sym: str) -> CompanyCard | None:
        return next((c for c in self.cards if c.sym == sym), None)
