"""The dividend dialog: pay out, withhold (and 1846's half), each with a preview built from the legal moves.

One column per dividend kind the engine offers (``DividendMove``): what one share earns, what each player
receives, what the corporation's own shares (treasury or pool) earn, what the corporation keeps, and where the
share price moves (from -> to).  The button under a column chooses it; ``action`` is the chosen action or None.
The dialog never submits.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFrame, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.dialogs.auction import _money
from engine.moves.dividend import DividendMove

__all__ = ["KIND_LABELS", "DividendDialog", "dividend_preview"]

#: the words for each kind of dividend (a title's other kinds are shown by their own name)
KIND_LABELS = {"payout": "Pay out", "withhold": "Withhold", "half": "Pay half"}


def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


def _share_amount(step: Any, corporation: Any, holder: Any, per_share: float) -> int:
    """What ``holder`` receives at ``per_share`` (the step's own rule when it has one)."""
    own = getattr(step, "dividends_for_entity", None)
    if callable(own):
        return int(own(corporation, holder, per_share))
    return math.ceil(float(holder.num_shares_of(corporation, ceil=False)) * per_share)


def dividend_preview(game: Any, move: DividendMove) -> dict[str, Any]:
    """Who receives what if ``move`` is chosen: ``players`` [(name, shares, amount)], ``corporation`` (kept plus
    its own shares' dividends), ``pool`` (what shares in the pool pay to the corporation, full capitalisation:
    included in ``corporation``), ``price`` (before, after) and ``movement``."""
    corporation = game.entity_by(move.entity_type, move.entity)
    step = game.round.active_step() if game.round is not None else None
    players: list[tuple[str, float, int]] = []
    if move.per_share > 0 and not getattr(corporation, "is_minor", False):
        for player in game.players:
            shares = float(player.num_shares_of(corporation, ceil=False))
            if shares:
                players.append((str(player.name), shares, _share_amount(step, corporation, player, move.per_share)))
    elif move.per_share > 0:
        owner = getattr(corporation, "owner", None)
        if owner is not None:  # a minor pays its owner
            players.append((str(owner.name), 0.0, int(move.per_share)))
    return {
        "players": players,
        "corporation": int(move.to_corporation) + int(move.from_own_shares),
        "own_shares": int(move.from_own_shares),
        "price": (move.price_before, move.price_after),
        "movement": move.movement,
    }


class DividendDialog(QDialog):
    """Choose how ``moves`` (the corporation's DividendMoves) pay out ``revenue``."""

    def __init__(self, game: Any, moves: list[DividendMove], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.moves = list(moves)
        self.action: dict[str, Any] | None = None
        self.buttons: dict[str, QPushButton] = {}
        self.previews: dict[str, dict[str, Any]] = {}
        first = self.moves[0]
        corporation = game.entity_by(first.entity_type, first.entity)
        name = str(getattr(corporation, "name", first.entity))
        self.setWindowTitle(f"{name}: dividend")
        layout = QVBoxLayout(self)
        title = QLabel(f"<b>{name}</b> earned <b>{_money(game, first.revenue)}</b> this run. How is it paid?")
        title.setObjectName("dividendTitle")
        layout.addWidget(title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        layout.addLayout(grid)
        for move in self.moves:
            self.previews[move.kind] = dividend_preview(game, move)
        names: list[str] = []
        for preview in self.previews.values():
            for player_name, _shares, _amount in preview["players"]:
                if player_name not in names:
                    names.append(player_name)
        row = 0
        grid.addWidget(QLabel(""), row, 0)
        for col, move in enumerate(self.moves, start=1):
            head = QLabel(f"<b>{kind_label(move.kind)}</b>")
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(head, row, col)
        row += 1
        self._row(grid, row, "per share", [_money(game, _number(m.per_share)) if m.per_share else "-"
                                            for m in self.moves])
        row += 1
        shares_of = {n: s for p in self.previews.values() for n, s, _a in p["players"]}
        for player_name in names:
            cells = []
            for move in self.moves:
                amount = next((a for n, _s, a in self.previews[move.kind]["players"] if n == player_name), 0)
                cells.append(_money(game, amount) if amount else "-")
            shares = shares_of.get(player_name, 0.0)
            label = f"{player_name}" + (f" ({_whole(shares)} {'share' if shares == 1 else 'shares'})" if shares else "")
            self._row(grid, row, label, cells)
            row += 1
        cells = []
        for move in self.moves:
            preview = self.previews[move.kind]
            text = _money(game, preview["corporation"])
            if preview["own_shares"]:
                text += f" (incl. {_money(game, preview['own_shares'])} for its own/pool shares)"
            cells.append(text)
        self._row(grid, row, f"{name} treasury", cells)
        row += 1
        cells = []
        for move in self.moves:
            before, after = self.previews[move.kind]["price"]
            if before is None:
                cells.append("-")
            elif before == after or move.movement == "none":
                cells.append(f"{_money(game, before)} (stays)")
            else:
                cells.append(f"{_money(game, before)} \u2192 {_money(game, after)} ({move.movement})")
        self._row(grid, row, "share price", cells)
        row += 1
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        grid.addWidget(line, row, 0, 1, len(self.moves) + 1)
        row += 1
        for col, move in enumerate(self.moves, start=1):
            button = QPushButton(kind_label(move.kind))
            button.setObjectName(f"dividend_{move.kind}")
            button.setToolTip(move.describe())
            button.clicked.connect(lambda _=False, m=move: self.choose(m))
            grid.addWidget(button, row, col)
            self.buttons[move.kind] = button
        cancel = QPushButton("Cancel")
        cancel.setToolTip("Close without choosing (Esc)")
        cancel.clicked.connect(self.reject)
        layout.addWidget(cancel, 0, Qt.AlignmentFlag.AlignRight)
        if "payout" in self.buttons:
            self.buttons["payout"].setDefault(True)

    @staticmethod
    def _row(grid: QGridLayout, row: int, label: str, cells: list[str]) -> None:
        grid.addWidget(QLabel(label), row, 0)
        for col, text in enumerate(cells, start=1):
            cell = QLabel(text)
            cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(cell, row, col)

    def choose(self, move: DividendMove) -> None:
        self.action = {**move.base(), "kind": move.kind}
        self.accept()


def _whole(value: float) -> str:
    return f"{value:g}"


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value
