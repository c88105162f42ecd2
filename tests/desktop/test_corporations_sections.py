"""1822 at the table (issue 29): the Corporations dock listed its 24 numbered minors first (the title's order), so a
player looking for LNWR in a stock round scrolled past all of them.  The majors come first now, the minors after
them on rows of their own; in an operating round the operating minor's card is scrolled into view."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from desktop.panels.corporations import CorporationsPanel, card_section, corporation_cards
from engine import load_game, new_game
from tests.conftest import FIXTURES, shared_or_skip

#: the Corporations dock at 1366x768
DOCK_1366 = (382, 320)


def _panel(qtbot: Any, game: Any) -> CorporationsPanel:
    panel = CorporationsPanel()
    qtbot.addWidget(panel)
    panel.resize(*DOCK_1366)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_game(game)
    QApplication.processEvents()
    return panel


def _in_sight(panel: CorporationsPanel, name: str) -> bool:
    index = next(i for i, c in enumerate(panel.cards) if c.name == name)
    rect = panel.canvas.card_rects()[index]
    top = panel.verticalScrollBar().value()
    return rect.top() >= top - 1 and rect.bottom() <= top + panel.viewport().height() + 1


def test_the_majors_come_first_and_the_minors_on_rows_of_their_own(qtbot: Any) -> None:
    game = new_game("1822", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    cards = corporation_cards(game)
    sections = [card_section(c) for c in cards]
    assert sections == sorted(sections) and sections[0] == 0 and 1 in sections
    majors = [c.name for c in cards if card_section(c) == 0]
    assert majors[:2] == ["LNWR", "GWR"] and len(majors) == 10
    assert [c.name for c in cards if card_section(c) == 1] == [str(i) for i in range(1, 25)]  # the title's order
    panel = _panel(qtbot, game)
    assert _in_sight(panel, "LNWR") and _in_sight(panel, "GWR")
    first_minor = sections.index(1)
    assert panel.canvas.starts_section(first_minor) and not panel.canvas.starts_section(first_minor + 1)
    rects = panel.canvas.card_rects()
    assert rects[first_minor].top() >= max(r.bottom() for r in rects[:first_minor])


def test_the_operating_minor_is_scrolled_into_view(qtbot: Any) -> None:
    path = shared_or_skip(FIXTURES / "1822" / "1822_game_end_stock_market.json")
    panel = _panel(qtbot, load_game(path, upto=130))  # OR 1.1: minor 24 operates
    current = next(c.name for c in panel.cards if c.is_current)
    assert current == "24"
    qtbot.waitUntil(lambda: _in_sight(panel, current), timeout=2000)
    panel.verticalScrollBar().setValue(0)  # the user scrolls away: the same operator does not pull it back
    panel.set_game(load_game(path, upto=130))
    QApplication.processEvents()
    assert panel.verticalScrollBar().value() == 0
