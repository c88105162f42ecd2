"""The start-up question: a game was not saved when Tracklayer last stopped; recover it?"""

from __future__ import annotations

import datetime as dt
from enum import Enum

from PySide6.QtWidgets import QGridLayout, QMessageBox, QSizePolicy, QSpacerItem, QWidget

from desktop.files import Autosave
from desktop.safe_text import message_text


class RecoveryChoice(Enum):
    RECOVER = "recover"
    DISCARD = "discard"
    LATER = "later"


def describe(autosave: Autosave) -> str:
    """What the autosave holds, in a sentence or two."""
    record = autosave.record
    players = ", ".join(p.name for p in record.players)
    when = dt.datetime.fromtimestamp(autosave.saved_at).strftime("%Y-%m-%d %H:%M")
    saved = autosave.saved_path
    where = (f"Its file {saved.name} does not have the latest moves." if saved is not None
             else "It was never saved to a file.")
    moves = sum(1 for a in record.actions if a.get("type") not in ("undo", "redo", "message"))
    backup = "\n\n(The autosave was damaged; its backup, one move older, will be used.)" if autosave.from_backup else ""
    return (f"Tracklayer stopped while a game of {record.title} ({players}) was open. It was autosaved at "
            f"{when}, after {moves} move{'' if moves == 1 else 's'}. {where}{backup}")


def ask_recovery(parent: QWidget | None, autosave: Autosave) -> RecoveryChoice:
    """Ask whether to recover ``autosave`` (blocking; tests replace this function)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Recover unsaved game?")
    box.setText("<b>Recover the unsaved game?</b>")
    box.setInformativeText(message_text(describe(autosave)))  # names and file names are never markup
    recover = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
    box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(recover)
    # A message box sizes itself to its shortest text: give the sentence room to read in two or three lines.
    grid = box.layout()
    if isinstance(grid, QGridLayout):
        grid.addItem(QSpacerItem(520, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding),
                     grid.rowCount(), 0, 1, grid.columnCount())
    box.exec()
    clicked = box.clickedButton()
    if clicked is recover:
        return RecoveryChoice.RECOVER
    if clicked is discard:
        return RecoveryChoice.DISCARD
    return RecoveryChoice.LATER
