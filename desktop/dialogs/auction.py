"""The waterfall auction of privates (1830, 1889, 18Chesapeake), built from the legal moves.

One row per company still on offer: its name and face value, the highest bid and who holds it, a bid box with
the minimum bid filled in (the box steps by the title's bid increment and stops at what the player can
afford), and a Bid or Buy button.  A company the player cannot bid on stays visible with its controls disabled
and the reason as a tooltip.  Pass closes the turn.  The dialog never submits: ``action`` is the chosen
action dict (or None when cancelled).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.amount import AmountBox, refusal_label
from engine.moves.base import BidMove, LegalMoves, PassMove


def _money(game: Any, value: Any) -> str:
    fmt = getattr(game, "format_currency", None)
    if callable(fmt):
        try:
            return str(fmt(value))
        except Exception:
            pass
    return f"${value}"


def money_affixes(game: Any) -> tuple[str, str]:
    """The text before and after an amount in the title's currency ("$", "" for 1830; "¥", "" for 1889), for spin
    boxes (a hard-coded "$" showed 1889's yen bids in dollars)."""
    sample = _money(game, 0)
    at = sample.find("0")
    return (sample[:at], sample[at + 1 :]) if at >= 0 else ("", "")


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _entity_name(game: Any, entity_type: str, entity: Any) -> str:
    if entity_type == "player":
        player = next((p for p in game.players if p.id == entity), None)
        return str(player.name) if player is not None else str(entity)
    return str(entity)


def _company(game: Any, cid: str) -> Any:
    return next((c for c in game.companies if c.id == cid), None)


def all_bids(game: Any, company: Any) -> list[tuple[int, str]]:
    """Every open bid on ``company`` in the active auction, highest first (the earlier of equal ones first):
    (price, bidder name).  Only the highest was listed, so nobody saw what the others had committed."""
    step = game.round.active_step() if getattr(game, "round", None) is not None else None
    finder = getattr(step, "bids_on", None)
    if company is None or not callable(finder):
        return []
    bids = list(finder(company))
    order = {id(b): i for i, b in enumerate(bids)}
    bids.sort(key=lambda b: (-int(b.price), order[id(b)]))
    return [(int(b.price), str(getattr(b.entity, "name", b.entity))) for b in bids]


def fit_bids(entries: list[str], metrics: QFontMetrics, width: int, height: int) -> str:
    """The bids ``entries`` (the highest first) as one text within ``width`` x ``height`` when wrapped: as many as
    fit, the rest counted ("$85 Dee, $80 Cyd +1 more"), at least the highest one."""

    def fits(text: str) -> bool:
        bounds = metrics.boundingRect(QRect(0, 0, max(1, width), 10_000), Qt.TextFlag.TextWordWrap, text)
        return bounds.height() <= height and bounds.width() <= width

    for shown in range(len(entries), 0, -1):
        rest = len(entries) - shown
        for more in (f" +{rest} more", f" +{rest}") if rest else ("",):
            text = ", ".join(entries[:shown]) + more
            if fits(text):
                return text
    # the count always in sight: the highest bid's name cut to leave it room ("$85 Player 4 +2" wrapped its "+2"
    # under the line's fixed height in a 106-px card)
    more = f" +{len(entries) - 1}"
    return (
        metrics.elidedText(entries[0], Qt.TextElideMode.ElideRight, max(1, width - metrics.horizontalAdvance(more)))
        + more
    )


def sold_companies(game: Any) -> dict[str, str]:
    """The companies players own (in a waterfall auction: bought in it), by id, with the owner's name."""
    players = {id(p): str(p.name) for p in getattr(game, "players", [])}
    sold: dict[str, str] = {}
    for company in getattr(game, "companies", []):
        owner = getattr(company, "owner", None)
        if owner is not None and id(owner) in players and not getattr(company, "closed", False):
            sold[str(company.id)] = players[id(owner)]
    return sold


def highest_bid(game: Any, company: Any) -> tuple[int, str] | None:
    """(price, bidder name) of the highest bid on ``company`` in the active auction, if any."""
    step = game.round.active_step() if getattr(game, "round", None) is not None else None
    finder = getattr(step, "highest_bid", None)
    if company is None or not callable(finder):
        return None
    bid = finder(company)
    if bid is None:
        return None
    return int(bid.price), str(getattr(bid.entity, "name", bid.entity))


#: the width of a company's card in the auction panel (six side by side fit above a 1366-px window's map), and
#: the range :meth:`AuctionDialog.fit_width` keeps it in when the cards share the panel's width
CARD_WIDTH = 128
CARD_MIN, CARD_MAX = 100, 190


def card_name(name: str, width: int, base: QFont) -> tuple[QFont, str]:
    """A company's name (its symbol first) on an auction card ``width`` px wide, never cut where two lines hold
    it: on one line in bold, else condensed and up to 1.5 points smaller, else on two lines (condensed, broken
    between words, the second line elided only when even two are too short).  The font and the text."""
    font = QFont(base)
    font.setBold(True)
    if QFontMetrics(font).horizontalAdvance(name) <= width:
        return font, name
    size = font.pointSizeF() if font.pointSizeF() > 0 else 9.0
    font.setStretch(QFont.Stretch.SemiCondensed)
    for step in (0.0, 0.5, 1.0, 1.5):
        font.setPointSizeF(size - step)
        if QFontMetrics(font).horizontalAdvance(name) <= width:
            return font, name
    font.setPointSizeF(size - 0.5)
    metrics = QFontMetrics(font)
    words = name.split(" ")
    first = words[0]
    rest = words[1:]
    while rest and metrics.horizontalAdvance(f"{first} {rest[0]}") <= width:
        first = f"{first} {rest.pop(0)}"
    if not rest:  # one word too long for a line: cut it
        return font, metrics.elidedText(name, Qt.TextElideMode.ElideRight, width)
    second = metrics.elidedText(" ".join(rest), Qt.TextElideMode.ElideRight, width)
    return font, f"{metrics.elidedText(first, Qt.TextElideMode.ElideRight, width)}\n{second}"


class CompanyRow:
    """The widgets of one company's row."""

    def __init__(self, cid: str, spin: AmountBox, button: QPushButton, move: BidMove | None, reason: str | None):
        self.cid = cid
        self.spin = spin
        self.button = button
        self.move = move
        self.reason = reason


class PassKeyDialog(QDialog):
    """A move dialog with an optional pass (``self._pass``): P or the pass button returns the pass action."""

    _pass: PassMove | None = None
    action: dict[str, Any] | None = None
    #: the Close button (hidden when the dialog stands in the window's auction panel)
    close_button: QPushButton | None = None
    embedded = False

    def take_moves(self, game: Any, moves: LegalMoves) -> None:
        """The state every move dialog starts from: the game and its legal moves, the active step, no action chosen
        yet and no buttons (``buttons``, by key)."""
        self.game = game
        self.moves = moves
        self.action = None
        self.step = game.round.active_step()
        self.buttons: dict[str, QPushButton] = {}

    def set_embedded(self, embedded: bool) -> None:
        """Standing in the auction panel: no Close button (the panel stays while the auction runs)."""
        self.embedded = embedded
        if self.close_button is not None:
            self.close_button.setVisible(not embedded)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """P passes (when no bid box has the focus)."""
        if event.key() == Qt.Key.Key_P and not event.modifiers():
            self.choose_pass()
            return
        super().keyPressEvent(event)

    def choose_pass(self) -> None:
        if self._pass is None:
            return
        self.action = self._pass.base()
        self.accept()


class AuctionDialog(PassKeyDialog):
    """Bid on, buy, or pass in a waterfall auction.  ``action`` holds the choice once accepted.

    ``cards``: one card per company side by side (name, value, every bid, the bid box and its button) under a
    line with the pass button, low enough to stand in the auction panel above the map; else a table, one row per
    company, with Pass and Close at the bottom (a dialog window)."""

    #: the narrowest a card may be drawn to fit the panel (a subclass whose cards hold longer lines asks more)
    CARD_LEAST = CARD_MIN

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None, cards: bool = False) -> None:
        super().__init__(parent)
        self.game = game
        self.moves = moves
        self.action: dict[str, Any] | None = None
        self.rows: dict[str, CompanyRow] = {}
        self.cards = cards
        #: buttons the auction panel shows on its title line (cards mode)
        self.header_buttons: list[QPushButton] = []
        #: each card with its name label, its short name and its bid line (cards mode; see fit_width)
        self._cards: list[tuple[QFrame, QLabel, str, QLabel]] = []
        #: each card's bids ("$80 Ann"), the highest first, by its bid line (cards mode; see _fit_bids)
        self._bid_entries: dict[int, list[str]] = {}
        self._entries_by_cid: dict[str, list[str]] = {}
        bids = [m for m in moves.moves if isinstance(m, BidMove)]
        passes = [m for m in moves.moves if isinstance(m, PassMove)]
        actor = bids[0] if bids else (passes[0] if passes else None)
        who = _entity_name(game, actor.entity_type, actor.entity) if actor is not None else "?"
        self.player_name = who
        self.setWindowTitle(f"Auction: {who}")
        layout = QVBoxLayout(self)
        if cards:
            layout.setContentsMargins(4, 2, 4, 2)
            layout.setSpacing(4)
        cash = next((p.cash for p in game.players if p.name == who), None)
        said = moves.description or ""
        if said.startswith(f"{who}: "):  # the heading names the player already
            said = said[len(who) + 2 :]
        #: the panel's title line in cards mode (the action bar above says what to do)
        kind = "Draft" if moves.step in ("SimpleDraft", "Draft") else "Private auction"
        self.panel_heading = f"{kind}: {who}'s turn" + (f" (cash {_money(game, cash)})" if cash is not None else "")
        if not cards:
            head = QLabel(
                f"<b>{_html(who)}</b>, it is your turn in the private auction"
                + (f" (cash {_money(game, cash)})." if cash is not None else ".")
            )
            head.setTextFormat(Qt.TextFormat.RichText)
            layout.addWidget(head)
            if said:
                layout.addWidget(QLabel(said))

        self.pass_button = QPushButton(passes[0].describe() + " (P)" if passes else "Pass")
        self.pass_button.setObjectName("pass")
        self.pass_button.setEnabled(bool(passes))
        if not passes:
            self.pass_button.setToolTip("passing is not allowed now")
        self._pass = passes[0] if passes else None
        self.pass_button.clicked.connect(self.choose_pass)

        grid = QGridLayout()
        strip = QHBoxLayout()
        strip.setSpacing(6)
        if not cards:
            for col, caption in enumerate(("Company", "Value", "Bids (highest first)", "Your bid", "")):
                label = QLabel(f"<b>{caption}</b>")
                grid.addWidget(label, 0, col)
        unusable = {u.id: u.reason for u in moves.unusable if u.kind == "company"}
        by_company = {m.target: m for m in bids}
        # cards mode, a waterfall: a company bought in this auction keeps its card ("sold to Ann"), so the others
        # stay where they were (a click meant for one company's box landed on its neighbour's when the cards
        # closed up after a purchase)
        sold = sold_companies(game) if cards and moves.step == "WaterfallAuction" else {}
        order = [c.id for c in game.companies if c.id in by_company or c.id in unusable or c.id in sold]
        for row, cid in enumerate(order, start=1):
            company = _company(game, cid)
            if cid in sold and cid not in by_company and cid not in unusable:
                strip.addWidget(self._sold_card(cid, company, sold[cid]))
                continue
            move = by_company.get(cid)
            reason = unusable.get(cid) if move is None else None
            name = QLabel(f"{company.name} ({cid})" if company is not None else cid)
            name.setTextFormat(Qt.TextFormat.PlainText)
            desc = str(getattr(company, "desc", "") or "") if company is not None else ""
            value_text = _money(game, company.value) if company is not None else ""
            revenue = getattr(company, "revenue", None) if company is not None else None
            every = all_bids(game, company)
            high_text = ", ".join(f"{_money(game, price)} {bidder}" for price, bidder in every) if every else "none"
            spin = AmountBox(money=lambda v: _money(game, v), what="The bid")
            spin.setObjectName(f"bid_{cid}")
            button = QPushButton()
            button.setObjectName(f"bid_button_{cid}")
            if move is not None:
                spin.set_allowed(move.min_bid, max(move.min_bid, move.max_bid), f"what {who} can commit", move.step)
                if not move.step:
                    spin.setSingleStep(5 if not move.purchase else 1)
                spin.setValue(move.min_bid)
                prefix, suffix = money_affixes(game)
                spin.setPrefix(prefix)
                spin.setSuffix(suffix)
                if move.purchase:
                    spin.setEnabled(False)
                    spin.setToolTip(f"{cid} is bought at its price of {_money(game, move.min_bid)}")
                    button.setText(f"Buy for {_money(game, move.min_bid)}")
                    if cards:  # the price is the price: the button takes the box's room in a narrow card
                        spin.hide()
                else:
                    button.setText("Bid")
                button.clicked.connect(lambda _=False, c=cid: self.choose_bid(c))
            else:
                spin.setEnabled(False)
                button.setEnabled(False)
                button.setText("Bid")
                for w in (spin, button, name):
                    w.setToolTip(reason or "not on offer now")
            if desc and name.toolTip() == "":
                name.setToolTip(desc)  # what the private does
            if cards:
                # (its bids one by one, for its bids' line; a subclass's _card passes the same arguments on)
                self._entries_by_cid[cid] = [f"{_money(game, price)} {bidder}" for price, bidder in every]
                strip.addWidget(
                    self._card(
                        cid,
                        name,
                        value_text,
                        revenue,
                        high_text,
                        bool(every),
                        desc,
                        spin,
                        button,
                        reason,
                    )
                )
            else:
                grid.addWidget(name, row, 0)
                grid.addWidget(QLabel(value_text), row, 1)
                grid.addWidget(QLabel(high_text), row, 2)
                grid.addWidget(spin, row, 3)
                grid.addWidget(button, row, 4)
                if reason:
                    note = QLabel(f"<i>{_html(reason)}</i>")
                    grid.addWidget(note, row, 5)
            self.rows[cid] = CompanyRow(cid, spin, button, move, reason)
        if cards:
            # Pass goes on the panel's title line (the cards keep the width); a dialog window has it at the bottom
            self.header_buttons.append(self.pass_button)
            strip.addStretch(1)
            layout.addLayout(strip)
        else:
            layout.addLayout(grid)
        # a typed bid the move does not allow is refused here, with the reason and the range
        self.refusal_label = refusal_label(
            layout, *(company_row.spin for company_row in self.rows.values() if isinstance(company_row.spin, AmountBox))
        )

        #: cards mode: the refusal line the auction panel shows on its title line (the cards keep their height)
        self.header_message = self.refusal_label if cards else None

        cancel = QPushButton("Close")
        cancel.clicked.connect(self.reject)
        self.close_button = cancel
        if cards:  # Pass on the panel's title line (and in the action bar)
            cancel.hide()
            layout.addWidget(self.pass_button)  # (until the panel takes it)
            layout.addStretch(1)  # packed at the top: the cards keep their place
        else:
            buttons = QHBoxLayout()
            buttons.addStretch(1)
            buttons.addWidget(self.pass_button)
            buttons.addWidget(cancel)
            layout.addLayout(buttons)

    def _card(
        self,
        cid: str,
        name: QLabel,
        value: str,
        revenue: Any,
        bids: str,
        any_bid: bool,
        desc: str,
        spin: AmountBox,
        button: QPushButton,
        reason: str | None,
    ) -> QFrame:
        """One company's card: its name, value and revenue, its bids (one by one in ``_entries_by_cid``, the
        highest first), the bid box and the button."""
        card = QFrame(self)
        card.setObjectName(f"card_{cid}")
        card.setFrameShape(QFrame.Shape.StyledPanel)
        # styled by a property, not by its name: a company id may hold characters a selector cannot ("M&C")
        card.setProperty("companyCard", True)
        card.setStyleSheet(
            'QFrame[companyCard="true"] { background: #fffdf7; border: 1px solid #d8cdb6; border-radius: 4px; }'
        )
        card.setFixedWidth(CARD_WIDTH)
        column = QVBoxLayout(card)
        column.setContentsMargins(5, 2, 5, 2)
        column.setSpacing(0)
        full = name.text()
        short = f"{cid} {full.rsplit(' (', 1)[0]}"
        name.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        if not name.toolTip():
            name.setToolTip(full)
        column.addWidget(name)
        facts = f"{value}" + (f" · rev. {_money(self.game, revenue)}" if revenue else "")
        column.addWidget(QLabel(facts))
        # the bids themselves ("$80 Player 2", the highest first, brown) or "bids: none": a first bid fits the line
        bid_line = QLabel(bids if any_bid else f"bids: {bids}")
        bid_line.setObjectName(f"bids_{cid}")
        bid_line.setToolTip(f"Every bid on {cid}, highest first: {bids}")
        if any_bid:
            bid_line.setStyleSheet("color: #7a4b00; font-weight: 600;")
            self._bid_entries[id(bid_line)] = list(self._entries_by_cid.get(cid) or [bids])
        column.addWidget(bid_line)
        row = QHBoxLayout()
        row.setSpacing(3)
        spin.setMinimumWidth(50)
        button.setStyleSheet("QPushButton { padding: 3px 6px; }")  # "Buy $20" beside the box in a narrow card
        row.addWidget(spin, 1)
        row.addWidget(button)
        column.addLayout(row)
        if reason:
            card.setToolTip(reason)
        elif desc:
            card.setToolTip(desc)
        self._cards.append((card, name, short, bid_line))
        self._size_cards(CARD_WIDTH)
        return card

    def fits_width(self, width: int) -> bool:
        """Cards mode: do the cards, at their narrowest, all fit ``width`` side by side (no scroll bar)?"""
        if not self._cards:
            return False
        n = len(self._cards)
        margins = self.layout().contentsMargins()
        return n * self.CARD_LEAST + 6 * (n - 1) + 2 + margins.left() + margins.right() <= width

    def _sold_card(self, cid: str, company: Any, owner: str) -> QFrame:
        """The card of a company bought in this auction: where it was, its box and button gone."""
        name = QLabel(f"{company.name} ({cid})")
        name.setTextFormat(Qt.TextFormat.PlainText)
        spin = AmountBox(money=lambda v: _money(self.game, v), what="The bid")
        spin.hide()
        button = QPushButton("Sold")
        button.setEnabled(False)
        button.setObjectName(f"sold_{cid}")
        revenue = getattr(company, "revenue", None)
        card = self._card(
            cid,
            name,
            _money(self.game, company.value),
            revenue,
            "",
            False,
            "",
            spin,
            button,
            f"{cid} was bought by {owner}",
        )
        bid_line = self._cards[-1][3]
        bid_line.setText(f"sold to {owner}")
        bid_line.setToolTip(f"{company.name} was bought by {owner}")
        card.setStyleSheet(
            'QFrame[companyCard="true"] { background: #efe9dc; border: 1px dashed #d8cdb6; '
            "border-radius: 4px; } QLabel { color: #8a8070; }"
        )
        return card

    def fit_width(self, width: int) -> None:
        """Cards mode: share ``width`` (the panel's) between the cards, each between CARD_LEAST and CARD_MAX wide,
        so that they all fit without a scroll bar where they can."""
        if not self._cards:
            return
        n = len(self._cards)
        margins = self.layout().contentsMargins()
        each = (width - margins.left() - margins.right() - 6 * (n - 1) - 2) // n
        self._size_cards(max(self.CARD_LEAST, min(CARD_MAX, each)))

    def _size_cards(self, width: int) -> None:
        fitted = [card_name(short, width - 12, self.font()) for _card, _name, short, _bid in self._cards]
        lines = max((text.count("\n") + 1 for _font, text in fitted), default=1)
        spacing = max((QFontMetrics(font).lineSpacing() for font, _text in fitted), default=0)
        bold = QFont(self.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        # the bids' line has, from the start, the room a first bid by any player will take (the most cash, the
        # longest name), and every card's as much as the longest one's: a first bid wrapping its line grew the
        # panel, moving every bid box and button under the next bidder's click (and the map under the panel lost
        # its fit)
        # (each text measured in the font it is drawn in: bids bold, "bids: none" and "sold to ..." plain)
        plain = QFontMetrics(self.font())
        players = list(getattr(self.game, "players", []) or [])
        # the room is measured on a line of one bid at most: a second bid on a company does not grow it (the bids
        # that do not fit are counted, "+1 more", and named in the tooltip; each player's card shows its own bid)
        texts = [
            (bid_line.text(), metrics if "font-weight" in bid_line.styleSheet() else plain)
            for _card, _name, _short, bid_line in self._cards
            if len(self._bid_entries.get(id(bid_line), [])) <= 1
        ]
        if players:
            most = max((getattr(p, "cash", 0) or 0 for p in players), default=0)
            texts.append((f"{_money(self.game, most)} {max((str(p.name) for p in players), key=len)}", metrics))
        bid_height = metrics.lineSpacing()
        for text, drawn in texts:
            bounds = drawn.boundingRect(QRect(0, 0, max(1, width - 12), 10_000), Qt.TextFlag.TextWordWrap, text)
            bid_height = max(bid_height, bounds.height())
        for (card, name, _short, bid_line), (font, text) in zip(self._cards, fitted):
            card.setFixedWidth(width)
            name.setFont(font)
            name.setText(text)
            # every card's name takes as many lines as the longest one's: the cards' rows stay aligned
            name.setFixedHeight(spacing * lines + 1)
            entries = self._bid_entries.get(id(bid_line), [])
            if len(entries) > 1:
                bid_line.setText(fit_bids(entries, metrics, width - 12, bid_height))
            bid_line.setWordWrap(metrics.horizontalAdvance(bid_line.text()) > width - 12)
            bid_line.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            bid_line.setFixedHeight(bid_height + 1)

    # --- choices --------------------------------------------------------------------------------------
    def choose_bid(self, cid: str, price: int | None = None) -> None:
        row = self.rows[cid]
        move = row.move
        if move is None:
            return
        if price is None and not move.purchase and isinstance(row.spin, AmountBox):
            reason = row.spin.refusal()
            if reason is not None:  # refused as typed: nothing is bid, the dialog stays open
                self.refusal_label.setText(f"{cid}: {reason}")
                self.refusal_label.show()
                self.adjustSize()
                row.spin.setFocus()
                return
            price = row.spin.typed_value()
        value = row.spin.value() if price is None else price
        self.action = {**move.base(), move.target_key: move.target, "price": int(value)}
        self.accept()
