"""Game > Rules summary…: each 18ZOO map's short rules summary (data in engine/titles/g18zoo/summary.py), shown from
the game; titles without a summary leave the entry disabled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from desktop.dialogs.rules_summary import RulesSummaryDialog, rules_summary_of
from engine.titles.g18zoo.rules import Game18ZOOMapA, Game18ZOOMapD, Game18ZOOMapF
from tests.desktop.play_or_helpers import window_at


def test_each_map_says_what_differs() -> None:
    a, d, f = (cls.TITLE.rules_summary for cls in (Game18ZOOMapA, Game18ZOOMapD, Game18ZOOMapF))
    assert "Map A" in a and "5 families" in a and "2-3 players" in a
    assert "<b>Lions</b> (LI), home E15" in a and "Crocodiles" in a.split("Not on this map:")[1]
    assert "Map D" in d and "7 families" in d and "4-5 players" in d and "<b>Lions</b> (LI), home E16" in d
    assert "<b>O</b> &times; 10" in a  # A's ten river towns (C11 ... N14)
    assert "<b>MM</b> &times; 7" in a and "<b>M</b> &times; 4" in a and "<b>R</b> &times; 5" in a
    assert "Elephants" in f and "Polar Bears" in f.split("Not on this map:")[1]
    assert "three on Wednesday" in a and a.count("<li>") > 10


def test_the_game_menu_opens_the_summary(qtbot: Any, tmp_path: Path) -> None:
    window, _ = window_at(qtbot, tmp_path, "18ZOOMapA", "17.json", 5)
    action = window.rules_summary_action
    assert rules_summary_of(window.session.live)
    action.triggered.emit()
    dialog = window.rules_summary_dialog
    assert isinstance(dialog, RulesSummaryDialog) and dialog.isVisible() and not dialog.isModal()
    text = dialog.browser.toPlainText()
    assert "18ZOO \u2013 Map A" in text and "Giraffes (GI), home K9" in text
    dialog.close()


def test_a_title_without_summary_disables_the_entry(qtbot: Any, tmp_path: Path) -> None:
    window, _ = window_at(qtbot, tmp_path, "1830", "26855.json", 5)
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    menu.aboutToShow.emit()
    assert not window.rules_summary_action.isEnabled()
