"""The merger games at the table (1867 and 1861): the minors' auction and the merger round by gestures, on a real
1867 game (hs_ahjzadkh_19792): bids on a minor, the merger of minors into a major with the major previewed
before it is formed, then the token removal above the limit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.desktop.play_or_helpers import window_at

TITLE, GAME = "1867", "hs_ahjzadkh_19792.json"


def _open(window: Any, key: str) -> Any:
    button = window.action_bar.buttons.get(key)
    assert button is not None and button.isEnabled(), sorted(window.action_bar.buttons)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    controller = next(c for c in window.play.controllers if getattr(c, "KEY", None) == key)
    assert controller.dialog is not None
    return controller.dialog


def _made(window: Any) -> dict[str, Any]:
    return dict(window.session.record.actions[-1])


def test_a_minor_is_opened_and_raised_by_bids_in_the_dialog(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 38)
    assert (action["corporation"], action["price"]) == ("CV", 100)
    dialog = _open(window, "minor_auction")
    assert dialog.pass_button.isEnabled() is False  # no auction runs: a stock turn's pass is the bar's
    row = dialog.rows["CV"]
    assert row.move is not None and row.spin.value() == 100
    QTest.mouseClick(row.button, Qt.MouseButton.LeftButton)
    made = _made(window)
    assert (made["type"], made["corporation"], made["price"]) == ("bid", "CV", 100)
    # CV's owner-to-be chooses its home (the file's next action), then the auction of CV runs: the next bidder
    # opens the dialog from the bar and sees the high bid and a pass
    from engine.record import GameRecord
    from tests.desktop.play_or_helpers import fixture_path

    home = GameRecord.load(fixture_path(TITLE, GAME)).actions[39]
    assert home["type"] == "place_token" and window.session.submit(dict(home))
    assert "Auction of CV" in window.action_bar.buttons["minor_auction"].text()
    dialog = _open(window, "minor_auction")
    assert list(dialog.rows) == ["CV"] and dialog.pass_button.isEnabled()
    assert "100" in dialog.rows["CV"].high.text()
    assert dialog.rows["CV"].spin.value() > 100
    before = len(window.session.record.actions)
    QTest.mouseClick(dialog.pass_button, Qt.MouseButton.LeftButton)
    assert len(window.session.record.actions) == before + 1 and _made(window)["type"] == "pass"


def test_a_bid_above_the_players_cash_is_refused_in_the_dialog(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, TITLE, GAME, 38)
    dialog = _open(window, "minor_auction")
    row = dialog.rows["CV"]
    row.spin.setFocus()
    row.spin.selectAll()
    QTest.keyClicks(row.spin, "99999")
    before = len(window.session.record.actions)
    QTest.mouseClick(row.button, Qt.MouseButton.LeftButton)
    assert len(window.session.record.actions) == before and dialog.refusal_label.text()


def test_minors_merge_and_the_major_is_shown_before_it_is_formed(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 207)
    assert (action["entity"], action["corporation"]) == ("AE", "CV")
    dialog = _open(window, "merger")
    assert "merge_CV" in dialog.buttons and "AE" in dialog.windowTitle()
    QTest.mouseClick(dialog.buttons["merge_CV"], Qt.MouseButton.LeftButton)
    assert (_made(window)["type"], _made(window)["corporation"]) == ("merge", "CV")
    for minor in ("CA", "TN"):
        qtbot.waitUntil(lambda: window.play.by_name["MergerController"].dialog is not None)
        dialog = window.play.by_name["MergerController"].dialog
        QTest.mouseClick(dialog.buttons[f"merge_{minor}"], Qt.MouseButton.LeftButton)
    # all connected minors added: the major is chosen next, its result shown first
    qtbot.waitUntil(lambda: window.play.by_name["MergerController"].dialog is not None)
    dialog = window.play.by_name["MergerController"].dialog
    assert dialog.forming and dialog.preview is not None and "merge_CNR" in dialog.buttons
    preview = dialog.preview
    QTest.mouseClick(dialog.buttons["merge_CNR"], Qt.MouseButton.LeftButton)
    assert (_made(window)["type"], _made(window)["corporation"]) == ("merge", "CNR")
    game = window.session.live
    cnr = game.corporation_by_id("CNR")
    assert preview.price == cnr.share_price.price and preview.cash == cnr.cash
    assert preview.trains == [t.name for t in cnr.trains]
    assert dict(preview.shares) == {p.name: p.percent_of(cnr) for p in game.players if p.percent_of(cnr)}
    assert preview.removes_tokens  # above the token limit: the next gesture removes tokens
    assert any(key.startswith("remove_token") for key in window.action_bar.buttons)


def test_a_minor_may_pass_its_merger_turn_and_convert_is_offered_only_in_range(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, TITLE, GAME, 207)
    dialog = _open(window, "merger")
    assert dialog.pass_button.isEnabled()
    assert ("convert" in dialog.buttons) == bool(dialog.convert_move)


def test_the_new_majors_shares_are_bought_in_a_share_turn_dialog(qtbot: Any, tmp_path: Path) -> None:
    # hs_wuveadew_21268: BBG converted into NYC; its owner buys NYC's shares next
    window, action = window_at(qtbot, tmp_path, TITLE, "hs_wuveadew_21268.json", 349)
    assert action["type"] == "buy_shares" and action["shares"] == ["NYC_1"]
    button = window.action_bar.buttons.get("stock")
    assert button is not None and "Buy shares of the new major" in button.text()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = next(c for c in window.play.controllers if getattr(c, "KEY", None) == "stock").dialog
    assert dialog is not None and dialog.windowTitle().startswith("Merger round") and dialog._pass is not None


def test_a_new_major_above_its_token_limit_is_told_the_rule(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 211)
    assert action["type"] == "remove_token"
    assert "limit of 2" in window.action_bar.hint.text()
    assert any(key.startswith("remove_token") for key in window.action_bar.buttons)
