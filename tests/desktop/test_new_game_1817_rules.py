"""New Game offers the 1817 family's optional rules exactly as the site's menu does (the reference's ``meta.rb``
per title), while a file naming a rule the menu leaves out (1817NA/1817WO ``volatility``) is still played with it,
as the reference plays it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from desktop.dialogs.new_game import NewGameDialog
from engine import new_game
from engine.titles.options import ignored_optional_rules

#: OPTIONAL_RULES of each title's meta.rb in the reference (tobymao/18xx), in the menu's order
SITE_MENU = {
    "1817": ["short_squeeze", "five_shorts", "modern_trains", "volatility"],
    "1817NA": ["short_squeeze", "five_shorts", "modern_trains"],
    "1817WO": ["short_squeeze", "five_shorts", "modern_trains"],
    "18DE": ["modern_trains"],
    "18USA": ["seventeen_trains"],
}


@pytest.fixture
def dialog(qtbot, tmp_path: Path) -> NewGameDialog:  # type: ignore[no-untyped-def]
    d = NewGameDialog(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(d)
    return d


@pytest.mark.parametrize("title", sorted(SITE_MENU))
def test_new_game_offers_the_sites_menu(dialog: NewGameDialog, title: str) -> None:
    dialog.title_box.setCurrentIndex(dialog.title_box.findData(title))
    assert list(dialog.rule_checks) == SITE_MENU[title]


@pytest.mark.parametrize("title", ["1817NA", "1817WO"])
def test_a_file_with_volatility_is_still_played_with_it(title: str) -> None:
    assert ignored_optional_rules(title, ["volatility"], 3) == []
    with_rule = new_game(title, ["A", "B", "C"], seed=1, optional_rules=["volatility"])
    without = new_game(title, ["A", "B", "C"], seed=1)
    assert "volatility" in with_rule.optional_rules and with_rule.volatility
    assert len(with_rule.companies) > len(without.companies)
