"""Acquisitions with their effect shown before confirming: pick one option in a list (a private company a
corporation may take over, a minor a major may acquire), read what it does, then confirm with the button.
``action`` is the action once confirmed (None when cancelled)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.panels.action_bar import literal

__all__ = ["AcquireDialog", "Option"]


@dataclass(frozen=True)
class Option:
    """One thing to acquire: its key (what the action names), its line in the list, what acquiring it does."""

    key: str
    title: str
    effect: str
    action: dict[str, Any]


class AcquireDialog(QDialog):
    """A list of options; the selected one's effect under it; "<verb> <key>" confirms."""

    def __init__(self, heading: str, options: list[Option], verb: str = "Acquire",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.options = {o.key: o for o in options}
        self.verb = verb
        self.action: dict[str, Any] | None = None
        self.setWindowTitle(heading)
        layout = QVBoxLayout(self)
        head = QLabel(heading)
        head.setTextFormat(Qt.TextFormat.PlainText)
        head.setStyleSheet("font-weight: 600;")
        layout.addWidget(head)
        self.list = QListWidget(self)
        self.list.setObjectName("acquireList")
        for option in options:
            item = QListWidgetItem(option.title)
            item.setData(Qt.ItemDataRole.UserRole, option.key)
            item.setToolTip(option.effect)
            self.list.addItem(item)
        self.list.setMaximumHeight(24 * min(8, max(2, len(options))) + 8)
        layout.addWidget(self.list)
        self.effect = QLabel("Pick one to see what it does.")
        self.effect.setObjectName("acquireEffect")
        self.effect.setTextFormat(Qt.TextFormat.PlainText)
        self.effect.setWordWrap(True)
        self.effect.setMinimumWidth(380)
        layout.addWidget(self.effect)
        buttons = QDialogButtonBox(self)
        self.confirm_button = QPushButton(verb)
        self.confirm_button.setObjectName("acquireConfirm")
        self.confirm_button.setEnabled(False)
        self.confirm_button.setToolTip("Pick one first")
        buttons.addButton(self.confirm_button, QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.clicked.connect(self.reject)
        self.confirm_button.clicked.connect(self.confirm)
        layout.addWidget(buttons)
        self.list.currentItemChanged.connect(self._selected)
        self.list.itemDoubleClicked.connect(lambda _item: self.confirm())
        if len(options) == 1:
            self.list.setCurrentRow(0)

    def selected(self) -> Option | None:
        item = self.list.currentItem()
        return self.options.get(str(item.data(Qt.ItemDataRole.UserRole))) if item is not None else None

    def select(self, key: str) -> bool:
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == key:
                self.list.setCurrentRow(row)
                return True
        return False

    def _selected(self, *_args: object) -> None:
        option = self.selected()
        if option is None:
            self.effect.setText("Pick one to see what it does.")
            self.confirm_button.setEnabled(False)
            return
        self.effect.setText(option.effect)
        self.confirm_button.setText(literal(f"{self.verb} {option.key}"))
        self.confirm_button.setToolTip(option.effect)
        self.confirm_button.setEnabled(True)

    def confirm(self) -> None:
        option = self.selected()
        if option is None:
            return
        self.action = dict(option.action)
        self.accept()
