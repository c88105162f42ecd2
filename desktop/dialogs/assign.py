"""Assign a private company's marker (1846's Steamboat, Meat Packing, Lake Shore...): one button per target."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.panels.action_bar import literal
from engine.moves.base import LegalMoves, PassMove


class AssignDialog(QDialog):
    """Choose where a company's marker goes.  ``action`` is the choice once accepted."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.action: dict[str, Any] | None = None
        self.buttons: dict[str, QPushButton] = {}
        self.setWindowTitle("Assign")
        layout = QVBoxLayout(self)
        if moves.description:
            layout.addWidget(QLabel(moves.description))
        for move in moves.moves:
            if move.type == "assign":
                company = next((c for c in game.companies if c.id == move.entity), None)
                name = company.name if company is not None else str(move.entity)
                for target in getattr(move, "targets", ()):
                    where = "hex" if move.target_type == "hex" else move.target_type  # type: ignore[attr-defined]
                    button = QPushButton(literal(f"{name}: assign to {where} {target}"))
                    key = f"assign_{move.entity}_{target}"
                    button.setObjectName(key)
                    button.clicked.connect(lambda _=False, m=move, t=target: self.choose(m, t))
                    layout.addWidget(button)
                    self.buttons[key] = button
            elif isinstance(move, PassMove):
                button = QPushButton(literal(move.describe()))
                key = f"pass_{move.entity}"
                button.setObjectName(key)
                button.clicked.connect(lambda _=False, m=move: self._take(m.base()))
                layout.addWidget(button)
                self.buttons[key] = button
        close = QPushButton("Cancel")
        close.clicked.connect(self.reject)
        layout.addWidget(close)

    def choose(self, move: Any, target: str) -> None:
        self._take({**move.base(), "target": target, "target_type": move.target_type})

    def _take(self, action: dict[str, Any]) -> None:
        self.action = action
        self.accept()
