"""Pick one of the choices a step offers (the ``choose`` action: 18 Christmas Eve's gifts, ...): one button per
choice, grouped under the step's name for them."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.panels.action_bar import literal
from engine.moves.choose import ChooseMove


def choice_key(value: Any) -> str:
    """A button's object name for a choice value."""
    return f"choose_{value}"


class ChooseDialog(QDialog):
    """One button per choice of ``move``; ``action`` is the ``choose`` action once one is clicked."""

    def __init__(self, move: ChooseMove, description: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.move = move
        self.action: dict[str, Any] | None = None
        self.buttons: dict[str, QPushButton] = {}
        self.setWindowTitle(move.name)
        layout = QVBoxLayout(self)
        if description:
            layout.addWidget(QLabel(literal(description)))
        for choice in move.choices:
            button = QPushButton(literal(choice.label))
            key = choice_key(choice.value)
            button.setObjectName(key)
            button.clicked.connect(lambda _=False, value=choice.value: self.choose(value))
            layout.addWidget(button)
            self.buttons[key] = button
        cancel = QPushButton("Cancel")
        cancel.clicked.connect(self.reject)
        layout.addWidget(cancel)

    def choose(self, value: Any) -> None:
        self.action = {**self.move.base(), "choice": value}
        self.accept()
