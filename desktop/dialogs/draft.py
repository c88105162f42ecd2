"""1846's draft of privates: a hidden hand, shown only after a "pass the mouse to <player>" cover.

The dialog opens on the cover page, which names the player whose turn it is and shows nothing of the hand.
Only when that player presses "Show my hand" does the hand appear: one button per card (its name, its price
and what it does), cards the player cannot afford disabled with the reason, and a Pass button only when the
step allows passing (else the hand's own pass cards are the only pass).
An open draft (the step's ``SECRET`` is false: two-player 1846, 18 Los Angeles, 18Tokaido, 1852: Missouri's market) shows
the hand at once, each card at what taking it costs now.
``action`` is the chosen action dict, or None when closed.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.auction import _company, _entity_name, _money
from desktop.panels.action_bar import literal
from engine.moves.base import BidMove, LegalMoves, PassMove


def secret_draft(game: Any) -> bool:
    """Is the draft under way a hidden one (1846), rather than an open market?"""
    round_ = getattr(game, "round", None)
    step = round_.active_step() if round_ is not None else None
    return bool(getattr(step, "SECRET", True))


def _cost(game: Any, company: Any) -> int:
    """What taking ``company`` costs now: its price, or the draft step's ``total_cost`` (1852: Missouri's market
    adds a cost for each company skipped)."""
    if company is None:
        return 0
    step = game.round.active_step() if getattr(game, "round", None) is not None else None
    total = getattr(step, "total_cost", None)
    return int(total(company)) if callable(total) else int(company.min_bid)


class DraftDialog(QDialog):
    """Pick a card from the hidden hand.  The hand is built only when the cover is lifted."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.moves = moves
        self.action: dict[str, Any] | None = None
        self.card_buttons: dict[str, QPushButton] = {}
        self.card_texts: dict[str, QLabel] = {}
        self.pass_button: QPushButton | None = None
        self.picks = [m for m in moves.moves if isinstance(m, BidMove)]
        passes = [m for m in moves.moves if isinstance(m, PassMove)]
        self._pass = passes[0] if passes else None
        actor = self.picks[0] if self.picks else self._pass
        self.player_name = _entity_name(game, actor.entity_type, actor.entity) if actor is not None else "?"
        self.setWindowTitle("Draft")
        self.stack = QStackedWidget()
        layout = QVBoxLayout(self)
        layout.addWidget(self.stack)

        cover = QWidget()
        cover_layout = QVBoxLayout(cover)
        text = QLabel(f"<h2>Pass the mouse to {self.player_name}</h2>"
                      f"<p>The draft hand is secret. Everyone else, please look away.</p>")
        text.setTextFormat(Qt.TextFormat.RichText)
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reveal_button = QPushButton(literal(f"I am {self.player_name}: show my hand"))
        self.reveal_button.setObjectName("reveal")
        self.reveal_button.clicked.connect(self.reveal)
        cover_layout.addStretch(1)
        cover_layout.addWidget(text)
        cover_layout.addWidget(self.reveal_button, alignment=Qt.AlignmentFlag.AlignCenter)
        cover_layout.addStretch(1)
        self.stack.addWidget(cover)
        self.hand: QWidget | None = None
        self.resize(560, 360)
        if not secret_draft(game):
            self.reveal()

    @property
    def revealed(self) -> bool:
        return self.hand is not None and self.stack.currentWidget() is self.hand

    def reveal(self) -> None:
        """Lift the cover: build the hand now (never before, so nothing of it exists while covered)."""
        if self.hand is None:
            self.hand = self._build_hand()
            self.stack.addWidget(self.hand)
        self.stack.setCurrentWidget(self.hand)

    def _build_hand(self) -> QWidget:
        game = self.game
        page = QWidget()
        layout = QVBoxLayout(page)
        player = next((p for p in game.players if p.name == self.player_name), None)
        cash = f" (cash {_money(game, player.cash)})" if player is not None else ""
        layout.addWidget(QLabel(f"<b>{self.player_name}</b>{cash}: choose one card"))
        # the cards scroll as one list: squeezed into a short window, each card's text kept its full height only
        # this way (a laid-out column cut every text to a line and a half)
        cards = QWidget()
        hand = QVBoxLayout(cards)
        hand.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setObjectName("hand")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(cards)
        layout.addWidget(scroll, 1)
        unusable = {u.id: u.reason for u in self.moves.unusable if u.kind == "company"}
        shown = [m.target for m in self.picks] + [cid for cid in unusable if cid not in {m.target for m in self.picks}]
        by_id = {m.target: m for m in self.picks}
        for cid in shown:
            company = _company(game, cid)
            name = company.name if company is not None else cid
            cost = _cost(game, company)
            price = _money(game, cost) if cost else ""
            desc = str(getattr(company, "desc", "") or "") if company is not None else ""
            button = QPushButton(literal(f"{name}  {price}".strip()))
            button.setObjectName(f"card_{cid}")
            button.setToolTip(desc or name)
            move = by_id.get(cid)
            if move is None:
                button.setEnabled(False)
                button.setToolTip(f"{desc}\n\nCannot take it: {unusable.get(cid, '')}".strip())
            else:
                button.clicked.connect(lambda _=False, m=move: self.choose(m))
            hand.addWidget(button)
            self.card_buttons[cid] = button
            if desc:
                # what the card does, in sight: a hand of names and prices alone left players guessing
                text = QLabel(desc)
                text.setObjectName(f"card_text_{cid}")
                text.setWordWrap(True)
                text.setTextFormat(Qt.TextFormat.PlainText)
                text.setStyleSheet("color: #5a5043; padding: 0px 6px 6px 12px;")
                text.setMaximumWidth(560)
                hand.addWidget(text)
                self.card_texts[cid] = text
        hand.addStretch(1)
        if self._pass is not None:  # (no disabled Pass next to the hand's pass cards: that read as a second pass)
            row = QHBoxLayout()
            self.pass_button = QPushButton(self._pass.describe())
            self.pass_button.setObjectName("pass")
            self.pass_button.clicked.connect(self.choose_pass)
            row.addStretch(1)
            row.addWidget(self.pass_button)
            layout.addLayout(row)
        return page

    def choose(self, move: BidMove) -> None:
        if not self.revealed:
            return
        self.action = {**move.base(), move.target_key: move.target, "price": move.min_bid}
        self.accept()

    def choose_pass(self) -> None:
        if self._pass is None or not self.revealed:
            return
        self.action = self._pass.base()
        self.accept()
