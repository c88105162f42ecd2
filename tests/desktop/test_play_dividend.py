"""The dividend dialog: opened from the action bar, one column per kind the engine offers, and its preview is
what the engine then pays (each player's cash, the treasury, the share price)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from desktop.controllers.dividend import DividendController
from tests.desktop.play_helpers import window_before


def open_dialog(window: Any) -> Any:
    controller = window.play.controller(DividendController)
    assert controller is not None
    button = window.action_bar.buttons.get("dividend")
    assert button is not None and button.isEnabled()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert controller.dialog is not None
    return controller.dialog


def choose_and_compare(window: Any, kind: str) -> None:
    """Choose ``kind`` in the dialog and check the engine paid exactly what its column said."""
    session = window.session
    dialog = open_dialog(window)
    assert kind in dialog.buttons
    preview = dialog.previews[kind]
    game = session.live
    move = next(m for m in dialog.moves if m.kind == kind)
    corporation = game.entity_by(move.entity_type, move.entity)
    cash_before = {p.name: p.cash for p in game.players}
    treasury_before = corporation.cash
    before = len(session.record.actions)
    QTest.mouseClick(dialog.buttons[kind], Qt.MouseButton.LeftButton)
    assert len(session.record.actions) == before + 1
    made = session.record.actions[-1]
    assert (made["type"], made["kind"], made["entity"]) == ("dividend", kind, move.entity)
    game = session.live
    corporation = game.entity_by(move.entity_type, move.entity)
    received = {p.name: p.cash - cash_before[p.name] for p in game.players}
    expected = {name: amount for name, _shares, amount in preview["players"]}
    for name, delta in received.items():
        assert delta == expected.get(name, 0), (name, delta, expected)
    assert corporation.cash - treasury_before == preview["corporation"]
    before_price, after_price = preview["price"]
    assert corporation.share_price.price == after_price
    assert before_price is not None


def test_payout_pays_what_the_dialog_previews(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_before(qtbot, tmp_path, "1830", "26855.json", "dividend")
    dialog = open_dialog(window)
    assert set(dialog.buttons) == {"payout", "withhold"}
    payout = dialog.previews["payout"]
    withhold = dialog.previews["withhold"]
    assert payout["players"] and not withhold["players"]
    assert withhold["corporation"] == dialog.moves[0].revenue
    # the price moves right on a payout and left on a withhold, and the dialog says from -> to
    assert payout["price"][1] > payout["price"][0] > withhold["price"][1]
    texts = [w.text() for w in dialog.findChildren(QPushButton)]
    assert "Pay out" in texts and "Withhold" in texts
    dialog.reject()
    assert window.play.controller(DividendController).dialog is None
    choose_and_compare(window, action["kind"])


def test_withhold_keeps_the_revenue_and_moves_the_price_left(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_before(qtbot, tmp_path, "1830", "26855.json", "dividend", skip=3)
    choose_and_compare(window, "withhold")


def test_1846_offers_half_and_pays_what_it_previews(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_before(qtbot, tmp_path, "1846", "10264.json", "dividend", skip=5)
    dialog = open_dialog(window)
    assert set(dialog.buttons) == {"payout", "half", "withhold"}
    half, payout = dialog.previews["half"], dialog.previews["payout"]
    assert 0 < half["corporation"] < dialog.moves[0].revenue
    assert sum(a for _n, _s, a in half["players"]) < sum(a for _n, _s, a in payout["players"])
    dialog.reject()
    choose_and_compare(window, "half")


def test_escape_closes_the_dialog_and_submits_nothing(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_before(qtbot, tmp_path, "18Chesapeake", "1277.json", "dividend")
    before = len(window.session.record.actions)
    dialog = open_dialog(window)
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    assert window.play.controller(DividendController).dialog is None
    assert len(window.session.record.actions) == before
    assert "dividend" in window.action_bar.buttons  # still to do
