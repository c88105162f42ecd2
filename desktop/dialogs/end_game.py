"""End the game now (what 18xx.games lets the players of a game do): who ends it, and a confirmation.

``EndGameDialog.action`` is the ``end_game`` action (or None); the dialog never submits it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from desktop.session import entity_type_of


def end_game_choices(game: Any) -> list[tuple[str, Any, str]]:
    """(label, entity id, entity type) of who may end the game: the acting entity first, then every player."""
    choices: list[tuple[str, Any, str]] = []
    acting = game.round.current_entity()
    if acting is not None:
        choices.append((f"{game.entity_name(acting)} (acting now)", acting.id, entity_type_of(acting)))
    for player in game.players:
        if acting is None or player is not acting:
            choices.append((player.name, player.id, "player"))
    return choices


class EndGameDialog(QDialog):
    def __init__(self, game: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.action: dict[str, Any] | None = None
        self.setWindowTitle("End the game now")
        self.setMinimumWidth(440)
        layout = QVBoxLayout(self)
        text = QLabel("The game ends at once, as if its end had been reached: the players' values now decide "
                      "the result. Undo (Ctrl+Z) takes it back.")
        text.setWordWrap(True)
        layout.addWidget(text)
        form = QFormLayout()
        self.who_box = QComboBox(self)
        for label, eid, etype in end_game_choices(game):
            self.who_box.addItem(label, (eid, etype))
        form.addRow("Ended by:", self.who_box)
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("End the game")
        buttons.accepted.connect(self.confirm)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def select(self, entity: Any, entity_type: str) -> bool:
        index = self.who_box.findData((entity, entity_type))
        if index < 0:
            self.who_box.addItem(str(entity), (entity, entity_type))
            index = self.who_box.count() - 1
        self.who_box.setCurrentIndex(index)
        return True

    def confirm(self) -> None:
        eid, etype = self.who_box.currentData()
        self.action = {"type": "end_game", "entity": eid, "entity_type": etype}
        self.accept()
