"""The dialog shown after an unexpected engine error: what happened, and a report to copy and send."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class ErrorReportDialog(QDialog):
    """Says the game goes on from the last good state and offers the report (record + traceback)."""

    def __init__(self, message: str, report: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Tracklayer hit a bug")
        self.report = report
        intro = QLabel(
            "<b>The engine failed on that move.</b><br>The move was not played; the game was rebuilt from its "
            "own actions and goes on from where it was.<br><br>"
            f"Error: <tt>{_escape(message)}</tt><br><br>"
            "Please copy the report below and send it to the developers: it holds the game and where it "
            "failed.", self)
        intro.setWordWrap(True)
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setPlainText(report)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.copy_button = QPushButton("Copy report", self)
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(760, 520)

    def _on_copy_button_clicked(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.report)
        self.copy_button.setText("Copied")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
