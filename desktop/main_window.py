"""The main window.  For now: the game's status and result; the map and panels come with the viewer."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QPlainTextEdit, QVBoxLayout, QWidget

from engine import GameError, load_game, new_game
from engine.game import Game


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Tracklayer")
        self.resize(900, 600)
        self.game: Game | None = None
        central = QWidget(self)
        layout = QVBoxLayout(central)
        self.status_label = QLabel("No game", central)
        self.log_view = QPlainTextEdit(central)
        self.log_view.setReadOnly(True)
        layout.addWidget(self.status_label)
        layout.addWidget(self.log_view)
        self.setCentralWidget(central)

    def new_game(self, title: str, players: list[str]) -> None:
        self._show(new_game(title, players), f"New {title} game")

    def open_file(self, path: Path) -> bool:
        try:
            game = load_game(path)
        except GameError as exc:
            QMessageBox.warning(self, "Cannot open game", f"{path}:\n{exc}")
            return False
        self._show(game, str(path))
        return True

    def status_text(self) -> str:
        game = self.game
        if game is None:
            return "No game"
        if game.finished:
            scores = ", ".join(f"{game.player_by_id(pid).name} {v}" for pid, v in game.result().items())
            return f"{game.title}: game over ({game.game_end_reason}): {scores}"
        entity = game.round.current_entity()
        who = game.entity_name(entity) if entity is not None else "nobody"
        step = game.round.active_step()
        doing = step.description() if step is not None else ""
        return f"{game.title} — {game.round.NAME} {game.turn}.{game.round.round_num} — phase " \
               f"{game.phase.name} — {who}: {doing}"

    def _show(self, game: Game, source: str) -> None:
        self.game = game
        self.setWindowTitle(f"Tracklayer — {source}")
        self.status_label.setText(self.status_text())
        self.log_view.setPlainText("\n".join(game.log_lines[-500:]))
