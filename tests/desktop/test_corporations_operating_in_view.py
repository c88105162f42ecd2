"""1822 at 1366x768: the operating minor's card is brought into view when it starts to operate, but a dock height
settled afterwards (a recovered game's layout, the market fitting its grid) left only its header in sight, its
price, cash and trains cut off.  The card is brought whole into view again when the panel's height changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop.session import Session
from engine.record import GameRecord
from tests.desktop.play_helpers import shown_window

#: our own 1822 game, played in the window: minor 14 operating in OR 2.1
GAME = Path(__file__).parent.parent / "engine" / "data" / "1822_gui_81_minor_in_a_london_extra_slot.json"


def _settle(qtbot: Any) -> None:
    for _ in range(3):
        QApplication.processEvents()
    qtbot.wait(60)
    QApplication.processEvents()


def test_the_operating_minors_card_stays_whole_in_view_when_the_dock_gets_lower(qtbot: Any, tmp_path: Path) -> None:
    window = shown_window(qtbot, tmp_path, (1366, 768))
    window.set_session(Session(GameRecord.load(GAME), window))
    _settle(qtbot)
    panel = window.corporations_panel
    index = next(i for i, c in enumerate(panel.cards) if c.is_current)
    assert panel.cards[index].name == "14"

    def in_view() -> bool:
        rect = panel.canvas.card_rects()[index]
        top = panel.verticalScrollBar().value()
        return rect.top() >= top - 1 and rect.bottom() <= top + panel.viewport().height() + 1

    assert in_view()
    corporations, market = window.docks["corporations"], window.docks["market"]
    column = corporations.height() + market.height()
    card_h = panel.canvas.card_rects()[index].height()
    for lower in (card_h + 100, card_h + 60):  # the market takes more of the column: the corporations' dock gets lower
        window.resizeDocks([corporations, market], [int(lower), int(column - lower)], Qt.Orientation.Vertical)
        _settle(qtbot)
        assert card_h <= panel.viewport().height() < card_h + 120
        assert in_view()
