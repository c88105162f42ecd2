"""The merger-pass program in the merger and acquisition panels: "pass for me on my corporations in these rounds".

The site lets a player program passes for their corporations in the merger (``MR``) and, where the title has one,
acquisition (``AR``) rounds, optionally stopping when another player acts (``program_merger_pass`` with
``corporations_by_round`` and ``options``).  :class:`MergerPassRow` is the small row both panels show: a button that
sets the program for the player whose corporation is on the table, and a box for "unless someone else acts".
It never submits: its ``chosen`` callback receives the action dict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QPushButton, QWidget


def merger_program_rounds(game: Any) -> tuple[str, ...]:
    """The rounds a merger-pass program names: the merger round, and the acquisition round where there is one."""
    return ("AR", "MR") if hasattr(game, "new_acquisition_round") else ("MR",)


def merger_pass_program(game: Any, player: Any, disable_others: bool = False) -> dict[str, Any] | None:
    """The ``program_merger_pass`` action passing on every floated corporation ``player`` presides (None: none,
    or the game does not take the program now)."""
    from engine.moves import check_action

    if player is None or not getattr(player, "is_player", False):
        return None
    corporations = [c.id for c in game.corporations
                    if c.owner is player and c.floated and not getattr(c, "closed", False)]
    if not corporations:
        return None
    action = {"type": "program_merger_pass", "entity": player.id, "entity_type": "player",
              "corporations_by_round": {name: list(corporations) for name in merger_program_rounds(game)},
              "options": ["disable_others"] if disable_others else []}
    try:
        check_action(game, action)
    except Exception:  # the game takes no such program now
        return None
    return action


class MergerPassRow(QWidget):
    """"Auto-pass my corporations" and "unless someone else acts", for one player."""

    def __init__(self, game: Any, player: Any, chosen: Callable[[dict[str, Any]], None],
                 parent: QWidget | None = None, compact: bool = False) -> None:
        """``compact``: the rounds only in the button's tooltip (a half-width column of the auction panel)."""
        super().__init__(parent)
        self.game, self.player, self.chosen = game, player, chosen
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        rounds = " and ".join({"AR": "acquisition", "MR": "merger"}[r] for r in merger_program_rounds(game))
        self.button = QPushButton("Auto-pass my corporations" + ("" if compact else f" ({rounds} rounds)"))
        self.button.setObjectName("program_merger_pass")
        self.button.setToolTip(f"Let the program pass for {getattr(player, 'name', '?')}'s corporations whenever "
                               f"their turn comes in the {rounds} rounds (Game > Programmed actions… cancels it)")
        self.others_box = QCheckBox("unless someone else acts")
        self.others_box.setToolTip("Stop the program when another player's corporation converts, merges or buys")
        self.button.clicked.connect(self.choose)
        row.addWidget(self.button)
        row.addWidget(self.others_box)
        row.addStretch(1)

    def action(self) -> dict[str, Any] | None:
        return merger_pass_program(self.game, self.player, self.others_box.isChecked())

    def choose(self) -> None:
        action = self.action()
        if action is not None:
            self.chosen(action)


def merger_pass_row(game: Any, player: Any, chosen: Callable[[dict[str, Any]], None],
                    compact: bool = False) -> MergerPassRow | None:
    """The row for ``player``, or None when no program can be set for them now."""
    if merger_pass_program(game, player) is None:
        return None
    return MergerPassRow(game, player, chosen, compact=compact)


__all__ = ["MergerPassRow", "merger_pass_program", "merger_pass_row", "merger_program_rounds"]
