"""Selling short (the 1817 family's ``short``): one row per corporation the player may short now, saying what the
short brings and does -- the cash received, where the share price goes, and that the short share is then held as
a negative holding until bought back -- worked out by applying the short to a copy of the game.  The dialog never
submits: ``action`` is the chosen action dict (or None when closed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QDialog, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from engine.actions import Action


def _money(game: Any, value: int) -> str:
    fmt = getattr(game, "format_currency", None)
    return str(fmt(value)) if callable(fmt) else f"${value}"


def _html(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@dataclass(frozen=True)
class ShortEffect:
    """What shorting one share of a corporation does (read from a copy of the game after the short)."""

    cash_delta: int
    price_before: int | None
    price_after: int | None
    held_after: int  # the player's percent of the corporation after the short (below zero: short)

    def text(self, game: Any) -> str:
        parts = [f"receive {_money(game, self.cash_delta)}" if self.cash_delta >= 0
                 else f"pay {_money(game, -self.cash_delta)}"]
        if self.price_before is not None and self.price_after is not None:
            if self.price_after != self.price_before:
                parts.append(f"price {_money(game, self.price_before)} \u2192 {_money(game, self.price_after)}")
            else:
                parts.append(f"price stays {_money(game, self.price_before)}")
        parts.append(f"you then hold {self.held_after}%")
        return "; ".join(parts)


def short_effect(game: Any, action: dict[str, Any]) -> ShortEffect | None:
    """Apply the short ``action`` to a copy of ``game``; None when the engine refuses it there."""
    try:
        player = next(p for p in game.players if p.id == action["entity"])
        corporation = game.corporation_by_id(action["corporation"])
        trial = game.copy()
        trial.process_single_action(Action.from_dict(dict(action), action_types=getattr(game, "ACTION_TYPES", None)))
        player_after = next(p for p in trial.players if p.id == action["entity"])
        after = trial.corporation_by_id(action["corporation"])
    except Exception:  # refused on the copy: no preview
        return None
    held = sum(int(s.percent) for s in player_after.shares_by_corporation.get(after, ()))
    price = lambda c: int(c.share_price.price) if getattr(c, "share_price", None) is not None else None  # noqa: E731
    return ShortEffect(cash_delta=int(player_after.cash) - int(player.cash), price_before=price(corporation),
                       price_after=price(after), held_after=held)


class ShortDialog(QDialog):
    """Choose a corporation to sell one share of short."""

    def __init__(self, game: Any, move: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.move = move
        self.action: dict[str, Any] | None = None
        self.buttons: dict[str, QPushButton] = {}
        player = next((p for p in game.players if p.id == move.entity), None)
        name = getattr(player, "name", move.entity)
        self.setWindowTitle(f"Sell short: {name}")
        layout = QVBoxLayout(self)
        head = QLabel(f"<b>{_html(name)}</b>: sell one share you do not own. You receive its price now and hold "
                      "the share <i>short</i> (a negative holding, shown on your card) until you buy a share of it "
                      "back; its dividends are paid by you while short.")
        head.setWordWrap(True)
        layout.addWidget(head)
        grid = QGridLayout()
        for row, cid in enumerate(move.corporations):
            corporation = game.corporation_by_id(cid)
            effect = short_effect(game, {**move.base(), "corporation": cid})
            facts = effect.text(game) if effect is not None else "the engine refuses it now"
            label = QLabel(f"<b>{_html(cid)}</b> {_html(getattr(corporation, 'full_name', '') or '')}"
                           f"<br>{_html(facts)}")
            label.setWordWrap(True)
            button = QPushButton(f"Short {cid}".replace("&", "&&"))
            button.setObjectName(f"short_{cid}")
            button.setToolTip(f"Sell a share of {cid} short: {facts}")
            button.setEnabled(effect is not None)
            button.clicked.connect(lambda _=False, c=cid: self.choose(c))
            self.buttons[cid] = button
            grid.addWidget(label, row, 0)
            grid.addWidget(button, row, 1)
        grid.setColumnStretch(0, 1)
        layout.addLayout(grid)
        layout.addStretch(1)  # packed at the top
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        bottom.addWidget(close)
        layout.addLayout(bottom)
        self.setMinimumWidth(480)
        # as tall as the rows need at a readable width: the size hint measured the wrapped rows at ~275 px and the
        # dialog opened ~500 px tall, its Close button far below the rows (1817 in a real window at 1366x768)
        width = 560
        layout.activate()
        self.resize(width, layout.totalHeightForWidth(width))

    def choose(self, corporation: str) -> None:
        self.action = {**self.move.base(), "corporation": corporation}
        self.accept()


__all__ = ["ShortDialog", "ShortEffect", "short_effect"]
