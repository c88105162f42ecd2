"""The merger-pass program in the merger and acquisition panels: "pass for me on my corporations in these rounds".

The site lets a player program passes for their corporations in the merger (``MR``) and, where the title has one,
acquisition (``AR``) rounds, optionally stopping when another player acts (``program_merger_pass`` with
``corporations_by_round`` and ``options``).  :class:`MergerPassRow` is the small row both panels show: a button that
sets the program for the player whose corporation is on the table, and a box for "unless someone else acts"; in
Game > Programmed actions… it also has the site's box per corporation and round.  It never submits: its ``chosen`` callback receives the action dict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget


def merger_program_rounds(game: Any) -> tuple[str, ...]:
    """The rounds a merger-pass program names: the merger round, and the acquisition round where there is one."""
    return ("AR", "MR") if hasattr(game, "new_acquisition_round") else ("MR",)


def merger_pass_corporations(game: Any, player: Any) -> list[str]:
    """The corporations a merger-pass program of ``player`` may name: the floated ones they preside over."""
    return [c.id for c in game.corporations
            if c.owner is player and c.floated and not getattr(c, "closed", False)]


def merger_pass_program(game: Any, player: Any, disable_others: bool = False,
                        by_round: dict[str, list[str]] | None = None) -> dict[str, Any] | None:
    """The ``program_merger_pass`` action passing on the floated corporations ``player`` presides -- every one in
    every round, or those of ``by_round`` (round -> corporation ids, as the site's form ticks them) -- or None:
    none, or the game does not take the program now."""
    from engine.moves import check_action

    if player is None or not getattr(player, "is_player", False):
        return None
    corporations = merger_pass_corporations(game, player)
    if not corporations:
        return None
    chosen = {name: [c for c in corporations if by_round is None or c in (by_round.get(name) or [])]
              for name in merger_program_rounds(game)}
    action = {"type": "program_merger_pass", "entity": player.id, "entity_type": "player",
              "corporations_by_round": chosen,
              "options": ["disable_others"] if disable_others else []}
    try:
        check_action(game, action)
    except Exception:  # the game takes no such program now
        return None
    return action


class MergerPassRow(QWidget):
    """"Auto-pass my corporations" and "unless someone else acts", for one player; with ``choose_each`` (the
    program dialog) a box per corporation and round as the site's form has, all ticked at first."""

    def __init__(self, game: Any, player: Any, chosen: Callable[[dict[str, Any]], None],
                 parent: QWidget | None = None, compact: bool = False, choose_each: bool = False) -> None:
        """``compact``: the rounds only in the button's tooltip (a half-width column of the auction panel)."""
        super().__init__(parent)
        self.game, self.player, self.chosen = game, player, chosen
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        names = {"AR": "acquisition", "MR": "merger"}
        #: (round, corporation id) -> its box (only with ``choose_each``)
        self.boxes: dict[tuple[str, str], QCheckBox] = {}
        if choose_each:
            grid = QGridLayout()
            outer.addLayout(grid)  # (the widgets below belong to this row before the grid holds them)
            for row_index, name in enumerate(merger_program_rounds(game)):
                grid.addWidget(QLabel(f"Pass in the {names[name]} rounds on:", self), row_index, 0)
                for column, corporation in enumerate(merger_pass_corporations(game, player), start=1):
                    found = game.corporation_by_id(corporation)
                    box = QCheckBox(str(getattr(found, "name", corporation)), self)
                    box.setObjectName(f"merger_pass_{name}_{corporation}")
                    box.setChecked(True)
                    box.setToolTip(f"Let the program pass for {box.text()} in the {names[name]} rounds")
                    self.boxes[(name, corporation)] = box
                    grid.addWidget(box, row_index, column)
            grid.setColumnStretch(grid.columnCount(), 1)
        row = QHBoxLayout()
        rounds = " and ".join(names[r] for r in merger_program_rounds(game))
        label = "Auto-pass the ticked corporations" if choose_each else "Auto-pass my corporations"
        self.button = QPushButton(label + ("" if compact or choose_each else f" ({rounds} rounds)"))
        self.button.setObjectName("program_merger_pass")
        self.button.setToolTip(f"Let the program pass for {getattr(player, 'name', '?')}'s corporations whenever "
                               f"their turn comes in the {rounds} rounds (Game > Programmed actions… cancels it)")
        self.others_box = QCheckBox("unless someone else acts")
        self.others_box.setToolTip("Stop the program when another player's corporation converts, merges or buys")
        self.button.clicked.connect(self.choose)
        row.addWidget(self.button)
        row.addWidget(self.others_box)
        row.addStretch(1)
        outer.addLayout(row)

    def by_round(self) -> dict[str, list[str]] | None:
        """The ticked corporations by round (None: no boxes, every corporation in every round)."""
        if not self.boxes:
            return None
        chosen: dict[str, list[str]] = {}
        for (name, corporation), box in self.boxes.items():
            chosen.setdefault(name, [])
            if box.isChecked():
                chosen[name].append(corporation)
        return chosen

    def tick(self, by_round: dict[str, list[str]]) -> bool:
        """Tick exactly the boxes of ``by_round`` (round -> corporation ids); False when it names a corporation or
        round that has no box."""
        wanted = {(name, c) for name, corporations in by_round.items() for c in corporations or []}
        if not wanted <= set(self.boxes):
            return False
        for key, box in self.boxes.items():
            box.setChecked(key in wanted)
        return True

    def action(self) -> dict[str, Any] | None:
        return merger_pass_program(self.game, self.player, self.others_box.isChecked(), self.by_round())

    def choose(self) -> None:
        action = self.action()
        if action is not None:
            self.chosen(action)


def merger_pass_row(game: Any, player: Any, chosen: Callable[[dict[str, Any]], None],
                    compact: bool = False, choose_each: bool = False) -> MergerPassRow | None:
    """The row for ``player``, or None when no program can be set for them now."""
    if merger_pass_program(game, player) is None:
        return None
    return MergerPassRow(game, player, chosen, compact=compact, choose_each=choose_each)


__all__ = ["MergerPassRow", "merger_pass_corporations", "merger_pass_program", "merger_pass_row",
           "merger_program_rounds"]
