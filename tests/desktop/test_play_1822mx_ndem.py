"""1822MX at the table: the NdeM's token auction stands in the auction panel (name a token, bid, choose the
buying major), each gesture checked against the action the real game's file made at that point."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.controllers.ndem_auction import NdemAuctionController
from desktop.controllers.remove_token import RemoveTokenController
from tests.desktop.play_or_helpers import window_at

FOLDER = "1822MX"
GAME = "123055.json"


def _dialog(window: Any) -> Any:
    controller = window.play.controller(NdemAuctionController)
    assert controller.available
    dialog = controller.dialog
    assert dialog is not None and window.auction_panel.content is dialog  # standing in the panel, unasked
    return dialog


def _made(window: Any, before: int) -> dict[str, Any]:
    assert len(window.session.record.actions) == before + 1
    return dict(window.session.record.actions[-1])


def test_the_ndem_token_auction_is_played_in_the_panel(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, FOLDER, GAME, 714)
    assert action["type"] == "remove_token"
    dialog = _dialog(window)
    assert dialog.stage == "choose" and "token auction" in window.auction_panel.title.text()
    # naming the token is the panel's: no "Remove token from ..." buttons beside it on the bar
    assert not window.play.controller(RemoveTokenController).removals
    assert not any(key.startswith("remove") for key in window.action_bar.buttons)
    before = len(window.session.record.actions)
    QTest.mouseClick(dialog.buttons[f"token_{action['city']}"], Qt.MouseButton.LeftButton)
    made = _made(window, before)
    assert (made["type"], made["city"], made["slot"]) == ("remove_token", action["city"], action["slot"])

    # the bid: the token up, no bid yet, the bid box
    dialog = _dialog(window)
    assert dialog.stage == "bid" and dialog.high_label.text() == "No bid yet."
    price = 50
    dialog.spin.setFocus()
    dialog.spin.selectAll()
    QTest.keyClicks(dialog.spin, str(price))
    before = len(window.session.record.actions)
    QTest.mouseClick(dialog.bid_button, Qt.MouseButton.LeftButton)
    made = _made(window, before)
    assert (made["type"], made["price"]) == ("bid", price)


def test_a_bid_beyond_the_majors_cash_is_refused_and_the_winner_chooses_the_major(qtbot: Any,
                                                                                   tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, FOLDER, GAME, 715)
    assert action["type"] == "bid"
    dialog = _dialog(window)
    before = len(window.session.record.actions)
    dialog.spin.setFocus()
    dialog.spin.selectAll()
    QTest.keyClicks(dialog.spin, "99990")
    QTest.mouseClick(dialog.bid_button, Qt.MouseButton.LeftButton)
    assert len(window.session.record.actions) == before and dialog.refusal_label.text()

    window, action = window_at(qtbot, tmp_path, FOLDER, GAME, 717)
    assert action["type"] == "merge"
    dialog = _dialog(window)
    assert dialog.stage == "buyer"
    before = len(window.session.record.actions)
    QTest.mouseClick(dialog.buttons[f"buyer_{action['corporation']}"], Qt.MouseButton.LeftButton)
    made = _made(window, before)
    assert (made["type"], made["corporation"]) == ("merge", action["corporation"])
