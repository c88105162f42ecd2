"""Rows the move dialogs share: one row per corporation a merge-like move offers (its facts and a button
choosing it), and the italic line saying why some moves cannot be made now.

Written once for the bid-then-the-winner-picks-a-buyer dialogs (:mod:`desktop.dialogs.bid_buyer`) and the merger
round's dialog (:mod:`desktop.dialogs.merger`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton

from engine.moves.base import LegalMoves, Unusable

__all__ = ["corporation_rows", "html", "reasons_label"]


def html(text: object) -> str:
    """``text`` safe inside rich text."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def corporation_rows(grid: QGridLayout, move: Any, choose: Callable[[dict[str, Any]], None],
                     buttons: dict[str, QPushButton], *, facts: Callable[[str], str],
                     button_text: Callable[[str], str], name: str, key: str,
                     tooltip: Callable[[str], str] | None = None, first_row: int = 0) -> None:
    """One row of ``grid`` per corporation ``move`` offers (its ``corporations``): ``facts(cid)`` (rich text,
    wrapped) and a button ``button_text(cid)`` (a ``&`` shown as itself, not a mnemonic) named ``name + cid``
    that chooses ``move`` with that corporation; the buttons are kept in ``buttons`` under ``key + cid``."""
    for r, cid in enumerate(getattr(move, "corporations", ()) or (), start=first_row):
        label = QLabel(facts(cid))
        label.setWordWrap(True)
        button = QPushButton(button_text(cid).replace("&", "&&"))
        button.setObjectName(f"{name}{cid}")
        if tooltip is not None:
            button.setToolTip(tooltip(cid))
        button.clicked.connect(lambda _=False, c=cid: choose({**move.base(), "corporation": c}))
        buttons[f"{key}{cid}"] = button
        grid.addWidget(label, r, 0)
        grid.addWidget(button, r, 1)
    grid.setColumnStretch(0, 1)


def reasons_label(moves: LegalMoves) -> QLabel | None:
    """Why some moves cannot be made now (italic, each reason once), None when there is no such reason."""
    reasons = [u.reason for u in moves.unusable if isinstance(u, Unusable)]
    if not reasons:
        return None
    why = QLabel("<i>" + "<br>".join(html(r) for r in dict.fromkeys(reasons)) + "</i>")
    why.setWordWrap(True)
    return why
