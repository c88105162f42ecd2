"""Names with "&" (B&O, Delaware & Hudson) show on buttons as written, not as keyboard mnemonics."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from desktop.main_window import MainWindow
from desktop.panels.action_bar import literal
from engine.moves.registry import legal_moves


def test_literal_doubles_ampersands_only() -> None:
    assert literal("Par B&O...") == "Par B&&O..."
    assert literal("Pass") == "Pass"


def test_the_par_button_for_b_and_o_names_it_whole(qtbot: Any, tmp_path: Path) -> None:
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.new_game("1830", ["Ann", "Bob", "Cy", "Dee"], seed=3)
    session = window.session
    assert session is not None
    # everybody buys the cheapest private in turn; the sixth, B&O, asks its buyer for the B&O's par value
    for _ in range(6):
        buy = next(m for m in legal_moves(session.live).of_type("bid") if m.purchase)  # type: ignore[attr-defined]
        assert session.submit(buy.sample(random.Random(0)))  # a purchase has one price
    QApplication.processEvents()
    button = window.action_bar.buttons["pending_par"]
    assert button.text() == "Par B&&O..."  # drawn as "Par B&O...", with no underlined O
    assert "&O" not in button.text().replace("&&", "")
