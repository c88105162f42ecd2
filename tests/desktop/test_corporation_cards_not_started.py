"""Issue 29: at 1366x768 a stock round's corporation column showed three of 1830's eight corporations, most of
them cards saying only "Not yet started / IPO 100%".  A corporation not yet started is now its header alone
("PRR · not started · IPO 90%"), and a drag from it still starts (a par)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF

from desktop.panels.corporations import CorporationsPanel
from tests.desktop.test_players_density import _stock_round


def test_a_corporation_not_yet_started_is_its_header_alone(qtbot: Any) -> None:
    game = _stock_round(6)
    panel = CorporationsPanel()
    qtbot.addWidget(panel)
    panel.resize(380, 330)
    panel.show()
    panel.set_game(game)
    canvas = panel.canvas
    heights = {c.name: r.height() for c, r in zip(canvas.cards, canvas.card_rects())}
    started = {c.name for c in canvas.cards if c.ipoed}
    assert started and len(started) < len(heights)
    for name, height in heights.items():
        if name in started:
            assert height > canvas.HEADER + 60, name
        else:
            assert height <= canvas.HEADER + 6, name
    # in the column a 1366x768 window gives the corporations, the B&O parred in the private auction shows its
    # price, par and cash below the three not started before it (it began at the column's foot)
    rects = canvas.card_rects()
    bo = next(r for c, r in zip(canvas.cards, rects) if c.name == "B&O")
    assert bo.top() + canvas.HEADER + 60 <= 330
    # a drag from a card not started still carries its IPO share (dropped on a player: a par)
    i = next(i for i, c in enumerate(canvas.cards) if not c.ipoed)
    hit = canvas.share_payload_at(QPointF(rects[i].center()).toPoint())
    assert hit is not None and hit[0] == {"corporation": canvas.cards[i].name, "source": "ipo"}
