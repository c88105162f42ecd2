"""Paying a won corporation's bid with private companies (the 1817 family: a player who wins the auction starting a
corporation may pay part of the bid by putting private companies into it; the corporation pays the player each
one's value).  The player's cash is below zero until what they owe is covered, and then the rest is optional.

One row per private the rules allow now (its value, revenue and what it does), "Put X into CORP (+$value to you)",
and "Keep my private companies" when passing is allowed.  The dialog never submits: ``action`` is the chosen action
dict (or None when closed)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.panels.action_bar import literal
from engine.moves.base import LegalMoves, PassMove


def _money(game: Any, value: int) -> str:
    fmt = getattr(game, "format_currency", None)
    return str(fmt(value)) if callable(fmt) else f"${value}"


def _html(text: object) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def subsidiary_moves(moves: LegalMoves | None) -> list[Any]:
    """The acting player's moves putting one of their companies into a corporation (``assign`` to a company)."""
    if moves is None:
        return []
    acting = set(moves.acting)
    return [m for m in moves.of_type("assign") if m.entity_type == "player"
            and getattr(m, "target_type", None) == "company" and (m.entity_type, m.entity) in acting]


def heading(game: Any, player: Any, winning: Any) -> str:
    """What was won, and what the player owes or may do (rich text)."""
    corporation = getattr(winning, "target", None)
    name = _html(getattr(corporation, "name", "the corporation"))
    text = f"<b>{_html(player.name)}</b> won <b>{name}</b>"
    if winning is not None:
        text += f" for {_money(game, int(winning.price))}"
    text += "."
    if player.cash < 0:
        text += (f" The bid is {_money(game, -int(player.cash))} more than {_html(player.name)}'s cash: put private "
                 f"companies into {name} to cover it ({name} pays you each one's value).")
    else:
        text += (f" You may also put private companies into {name}: {name} pays you each one's value "
                 f"(it has {_money(game, int(getattr(corporation, 'cash', 0)))}).")
    return text


class SubsidiariesDialog(QDialog):
    """Choose a private company to put into the corporation just won (or keep them)."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.action: dict[str, Any] | None = None
        self.buttons: dict[str, QPushButton] = {}
        mine = subsidiary_moves(moves)
        move = mine[0] if mine else None
        player = next((p for p in game.players if move is not None and p.id == move.entity), None)
        step = game.round.active_step()
        winning = getattr(step, "winning_bid", None)
        corporation = getattr(winning, "target", None)
        corp_name = str(getattr(corporation, "name", "the corporation"))
        self.setWindowTitle(f"Pay for {corp_name} with private companies")
        layout = QVBoxLayout(self)
        self.heading = QLabel(heading(game, player, winning) if player is not None else "")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        grid = QGridLayout()
        for row, cid in enumerate(getattr(move, "targets", ()) if move is not None else ()):
            company = game.company_by_id(cid)
            value = int(getattr(company, "value", 0) or 0)
            revenue = int(getattr(company, "revenue", 0) or 0)
            desc = str(getattr(company, "desc", "") or "")
            facts = QLabel(f"<b>{_html(cid)}</b> {_html(company.name)}<br>value {_money(game, value)} · revenue "
                           f"{_money(game, revenue)}" + (f" · {_html(desc)}" if desc else ""))
            facts.setWordWrap(True)
            button = QPushButton(literal(f"Put {cid} into {corp_name} (+{_money(game, value)} to you)"))
            button.setObjectName(f"put_{cid}")
            button.clicked.connect(lambda _=False, c=cid, m=move: self._take(
                {**m.base(), "target": c, "target_type": "company"}))
            self.buttons[cid] = button
            grid.addWidget(facts, row, 0)
            grid.addWidget(button, row, 1)
        grid.setColumnStretch(0, 1)
        layout.addLayout(grid)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        acting = set(moves.acting)
        keep = next((m for m in moves.moves if isinstance(m, PassMove) and (m.entity_type, m.entity) in acting), None)
        if keep is not None:
            button = QPushButton("Keep my private companies")
            button.setObjectName("keep")
            button.setToolTip(f"Put no more private companies into {corp_name}")
            button.clicked.connect(lambda _=False, m=keep: self._take(m.base()))
            self.buttons["keep"] = button
            bottom.addWidget(button)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        bottom.addWidget(close)
        layout.addLayout(bottom)
        self.setMinimumWidth(520)

    def _take(self, action: dict[str, Any]) -> None:
        self.action = action
        self.accept()


__all__ = ["SubsidiariesDialog", "heading", "subsidiary_moves"]
