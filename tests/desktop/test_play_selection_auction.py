"""The selection auction dialog: built from the legal moves, it returns the action chosen and never submits.

The general step is tried on 1889 (its privates sold by the selection auction instead of the waterfall), so the
tests run without any particular title; the Steam Over Holland game itself is played by the full-game test."""

from __future__ import annotations

import json
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QScrollArea

from desktop.dialogs.selection_auction import SelectionAuctionDialog
from desktop.session import Session
from engine import new_game
from engine.moves.registry import legal_moves
from engine.moves.selection_auction import SelectionBidMove
from engine.steps.auction import CompanyPendingPar
from engine.steps.selection_auction import PassableSelectionAuction, SelectionAuction

PLAYERS = ["Ann", "Bob", "Cyd", "Dee"]


def _game(monkeypatch: pytest.MonkeyPatch, step: type = SelectionAuction) -> Any:
    game_class = type(new_game("1889", PLAYERS, seed=3))
    monkeypatch.setattr(game_class, "auction_round_steps", lambda self: [CompanyPendingPar, step])
    return new_game("1889", PLAYERS, seed=3)


def _dialog(qtbot: Any, game: Any) -> SelectionAuctionDialog:
    dialog = SelectionAuctionDialog(game, legal_moves(game))
    qtbot.addWidget(dialog)
    return dialog


def test_the_opener_sees_the_company_and_bids_its_face_value_in_one_click(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = _game(monkeypatch)
    company = game.round.active_step().companies[0]
    dialog = _dialog(qtbot, game)
    assert company.id in dialog.windowTitle() or "Ann" in dialog.windowTitle()
    assert "No bid yet" in dialog.high_label.text()
    assert "Ann</b> (now)" in dialog.order_label.text()
    assert "price drops by 5" in dialog.rule_label.text()
    assert dialog.quick_button.isEnabled() and "face value" in dialog.quick_button.text()
    assert dialog.spin.value() == int(company.value) == dialog.spin.low
    assert dialog.spin.high == game.players[0].cash
    qtbot.mouseClick(dialog.quick_button, Qt.MouseButton.LeftButton)
    assert dialog.action == {"type": "bid", "entity": game.players[0].id, "entity_type": "player",
                             "company": company.id, "price": int(company.value)}
    assert dialog.result() == dialog.DialogCode.Accepted


def test_a_raise_is_typed_in_the_box_and_the_high_bidder_is_shown_last(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = _game(monkeypatch)
    company = game.round.active_step().companies[0]
    ann, bob = game.players[:2]
    game.process_action({"type": "bid", "entity": ann.id, "entity_type": "player", "company": company.id,
                         "price": int(company.value) + 5})
    dialog = _dialog(qtbot, game)
    move = dialog.move
    assert isinstance(move, SelectionBidMove) and move.entity == bob.id
    assert "by <b>Ann</b>" in dialog.high_label.text()
    order = dialog.order_label.text()
    assert order.index("Bob") < order.index("Cyd") < order.index("Dee") < order.index("Ann (high bid)")
    assert dialog.spin.value() == move.min_bid == int(company.value) + 10
    dialog.spin.setValue(move.min_bid + 25)
    qtbot.mouseClick(dialog.bid_button, Qt.MouseButton.LeftButton)
    assert dialog.action == {"type": "bid", "entity": bob.id, "entity_type": "player", "company": company.id,
                             "price": move.min_bid + 25}
    assert move.refusal(dialog.action) is None


def test_pass_by_button_and_by_key(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = _game(monkeypatch, PassableSelectionAuction)
    dialog = _dialog(qtbot, game)
    assert "removed from the game" in dialog.rule_label.text()
    qtbot.mouseClick(dialog.pass_button, Qt.MouseButton.LeftButton)
    assert dialog.action == {"type": "pass", "entity": game.players[0].id, "entity_type": "player"}
    dialog = _dialog(qtbot, game)
    dialog.show()
    dialog.pass_button.setFocus()
    qtbot.keyClick(dialog.pass_button, Qt.Key.Key_P)
    assert dialog.action is not None and dialog.action["type"] == "pass"


def test_a_bid_the_player_cannot_afford_is_disabled_with_the_reason(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = _game(monkeypatch)
    step = game.round.active_step()
    company = step.companies[0]
    ann, bob = game.players[:2]
    game.process_action({"type": "bid", "entity": ann.id, "entity_type": "player", "company": company.id,
                         "price": int(company.value)})
    spare = bob.cash - int(company.value)  # Bob cannot raise: he holds exactly the high bid
    bob.cash -= spare
    game.bank.cash += spare
    moves = legal_moves(game)
    assert moves.acting == [("player", bob.id)] and not moves.of_type("bid")
    dialog = _dialog(qtbot, game)
    assert not dialog.quick_button.isEnabled() and not dialog.bid_button.isEnabled() and not dialog.spin.isEnabled()
    assert "minimum bid" in dialog.bid_button.toolTip() and "minimum bid" in dialog.reason_label.text()
    assert dialog.pass_button.isEnabled()


def test_the_action_bar_opens_the_dialog_and_submits_the_choice(qtbot, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from desktop.main_window import MainWindow
    from desktop.session import Session

    # closing the window at teardown must not wait on a "save the game?" question
    monkeypatch.setattr("desktop.main_window.QMessageBox.question",
                        lambda *_a, **_k: QMessageBox.StandardButton.Discard)
    game_class = type(new_game("1889", PLAYERS, seed=3))
    monkeypatch.setattr(game_class, "auction_round_steps", lambda self: [CompanyPendingPar, SelectionAuction])
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window)
    window.set_session(Session.new("1889", PLAYERS, seed=3))
    session = window.session
    button = window.action_bar.buttons.get("selection_auction")
    assert button is not None and "Auction of" in button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    controller = next(c for c in window.play.controllers if getattr(c, "KEY", "") == "selection_auction")
    dialog = controller.dialog
    assert isinstance(dialog, SelectionAuctionDialog)
    before = len(session.record.actions)
    qtbot.mouseClick(dialog.quick_button, Qt.MouseButton.LeftButton)
    assert len(session.record.actions) == before + 1
    assert session.record.actions[-1]["type"] == "bid"


SOH = "SteamOverHolland/SteamOverHolland_game_end_fixed_round.json"


def test_steam_over_holland_opens_with_the_auction_dialog_saying_what_passing_does(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = new_game("Steam Over Holland", ["Ann", "Bob", "Cyd"], seed=1710825255)
    step = game.round.active_step()
    first, second, *_ = [c.id for c in step.companies]
    dialog = _dialog(qtbot, game)
    assert dialog.company is not None and dialog.company.id == first
    assert "fl. " in dialog.quick_button.text()
    assert f"{second}, are removed from the game and the auction ends" in dialog.rule_label.text()


def test_a_steam_over_holland_issue_is_labelled_issue_with_its_price(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs.shares import StockTurnDialog
    from engine import load_game
    from tests.conftest import FIXTURES, shared_or_skip

    game = load_game(shared_or_skip(FIXTURES / SOH), upto=30)  # NRS issues NRS_2 next (action id 31)
    moves = legal_moves(game)
    issues = [m for m in moves.of_type("sell_shares") if m.entity_type == "corporation"]
    assert issues and all(m.entity == m.corporation == "NRS" for m in issues)
    dialog = StockTurnDialog(game, moves)
    qtbot.addWidget(dialog)
    texts = [b.text() for b in dialog.buttons.values()]
    assert any(t.startswith("Issue 10% for fl. 80") for t in texts), texts
    assert not any(t.startswith("Sell") for t in texts), texts


def test_the_issue_dialog_offers_no_pass_of_the_track_step_and_the_stock_turn_keeps_its_pass(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs.shares import StockTurnDialog
    from engine import load_game
    from tests.conftest import FIXTURES, shared_or_skip

    game = load_game(shared_or_skip(FIXTURES / SOH), upto=30)  # NRS may issue, lay track or skip the track step
    moves = legal_moves(game)
    assert moves.step == "Track" and moves.of_type("pass")
    dialog = StockTurnDialog(game, moves)
    qtbot.addWidget(dialog)
    assert dialog.pass_button.isHidden()
    assert "Track" not in " ".join(b.text() for b in dialog.findChildren(QPushButton) if not b.isHidden())
    qtbot.keyClick(dialog, Qt.Key.Key_P)  # P must not skip the track step from here
    assert dialog.action is None
    assert dialog.windowTitle() == "Issue / redeem shares: NRS"
    labels = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert "Lay/Upgrade Track" not in labels
    assert "NRS" in labels and "HYSM" not in labels and "OSM" not in labels  # only the issuer's row

    path = shared_or_skip(FIXTURES / SOH)
    session, rest = Session.open(path, upto=0), list(json.loads(path.read_text())["actions"])
    while rest and legal_moves(session.live).step != "BuySellParShares":
        assert session.submit(rest.pop(0))
    turn = StockTurnDialog(session.live, legal_moves(session.live))
    qtbot.addWidget(turn)
    assert not turn.pass_button.isHidden() and turn.pass_button.isEnabled()
    qtbot.keyClick(turn, Qt.Key.Key_P)
    assert turn.action is not None and turn.action["type"] == "pass"


def test_issue_buttons_wrap_inside_the_dialog(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Four issue bundles in one row ran off the issue dialog behind a horizontal scroll bar (1366x768)."""
    from desktop.dialogs.shares import StockTurnDialog
    from engine import load_game
    from tests.conftest import FIXTURES, shared_or_skip

    game = load_game(shared_or_skip(FIXTURES / SOH), upto=100)  # HYSM may issue 10% to 40%
    moves = legal_moves(game)
    dialog = StockTurnDialog(game, moves)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    issues = [b for key, b in dialog.buttons.items() if key.startswith("sell_HYSM")]
    assert len(issues) >= 4
    scroll = dialog.findChild(QScrollArea)
    assert scroll is not None and not scroll.horizontalScrollBar().isVisible()
    viewport = scroll.viewport()
    for button in issues:
        right = button.mapTo(viewport, button.rect().topRight()).x()
        assert right <= viewport.width(), (button.text(), right, viewport.width())


def test_a_typed_bid_below_the_minimum_is_refused_with_the_range_and_nothing_is_bid(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Steam Over Holland: typed 22 where the least bid is 25 was silently bid as 25."""
    game = _game(monkeypatch)
    dialog = _dialog(qtbot, game)
    move = dialog.move
    assert move is not None
    low = dialog.spin.low
    dialog.spin.lineEdit().selectAll()
    qtbot.keyClicks(dialog.spin.lineEdit(), str(low - 3))
    qtbot.mouseClick(dialog.bid_button, Qt.MouseButton.LeftButton)
    assert dialog.action is None and dialog.result() != dialog.DialogCode.Accepted
    text = dialog.refusal_label.text()
    assert str(low - 3) in text and str(low) in text and str(dialog.spin.high) in text
    dialog.spin.lineEdit().selectAll()
    qtbot.keyClicks(dialog.spin.lineEdit(), str(dialog.spin.high + 1))
    qtbot.mouseClick(dialog.bid_button, Qt.MouseButton.LeftButton)
    assert dialog.action is None and "above" in dialog.refusal_label.text()
    dialog.spin.lineEdit().selectAll()
    qtbot.keyClicks(dialog.spin.lineEdit(), str(low))
    qtbot.mouseClick(dialog.bid_button, Qt.MouseButton.LeftButton)
    assert dialog.action is not None and dialog.action["price"] == low
