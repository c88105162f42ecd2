"""Game > Rules summary…: the title's short rules summary (``TitleSpec.rules_summary``, written by the title package:
18ZOO says per map its families, special hexes and rounds) in a small window beside the table.

The menu entry is enabled only for a game whose title has a summary."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMenu, QTextBrowser, QVBoxLayout, QWidget

__all__ = ["RulesSummaryDialog", "install_rules_summary", "rules_summary_of"]


def rules_summary_of(game: Any) -> str:
    """The rules summary (HTML) of ``game``'s title, or "" when it has none."""
    spec = getattr(game, "spec", None)
    return str(getattr(spec, "rules_summary", "") or "")


class RulesSummaryDialog(QDialog):
    """The summary, readable while playing (not modal)."""

    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesSummary")
        self.setWindowTitle(f"{title}: rules summary")
        self.setModal(False)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(False)
        self.browser.setHtml(html)
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.resize(560, 620)


def _game_of(window: Any) -> Any:
    session = getattr(window, "session", None)
    return getattr(session, "live", None) if session is not None else None


def install_rules_summary(menu: QMenu, window: Any) -> QAction:
    """Add "Rules summary…" to ``menu``: enabled when the window's game has a summary, it opens it."""
    action = QAction("Rules &summary…", window)
    action.setObjectName("rulesSummaryAction")
    action.setStatusTip("What this game's rules and map are about, in short")

    def refresh() -> None:
        action.setEnabled(bool(rules_summary_of(_game_of(window))))

    def show() -> None:
        game = _game_of(window)
        html = rules_summary_of(game)
        if not html:
            return
        dialog = RulesSummaryDialog(str(getattr(game, "title", "")), html, window)
        window.rules_summary_dialog = dialog  # kept alive while open
        dialog.show()
        dialog.raise_()

    action.triggered.connect(show)
    menu.aboutToShow.connect(refresh)
    menu.addAction(action)
    refresh()
    return action
