"""Stock-round gestures in the main window: the bar buttons open the dialogs; certificates are bought and sold
by dropping real QDropEvents carrying our MIME type on the player and corporation cards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.controllers.auction import AuctionController
from desktop.controllers.stock import StockController
from desktop.main_window import MainWindow
from desktop.panels.dnd import SHARE_MIME, read_share, share_mime
from desktop.session import Session
from engine.moves.registry import legal_moves
from tests.conftest import FIXTURES, shared_or_skip


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:  # type: ignore[no-untyped-def]
    # closing the window with unplayed-and-unsaved moves asks; the tests discard
    monkeypatch.setattr("desktop.main_window.QMessageBox.question",
                        lambda *_a, **_k: QMessageBox.StandardButton.Discard)
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    w.resize(1400, 900)
    qtbot.addWidget(w)
    return w


def _drop(target: Any, pos: QPointF, payload: dict[str, Any]) -> bool:
    mime = share_mime(payload)
    actions = Qt.DropAction.MoveAction | Qt.DropAction.CopyAction
    enter = QDragEnterEvent(pos.toPoint(), actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(pos, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, drop)
    return drop.isAccepted()


def _stock_round(window: MainWindow) -> Session:
    path = shared_or_skip(FIXTURES / "1830" / "26855.json")
    actions = json.loads(path.read_text())["actions"]
    session = Session.open(path, upto=0)
    window.set_session(session)
    for action in actions:
        if legal_moves(session.live).step == "BuySellParShares":
            break
        assert session.submit(action)
    return session


def _card_center(canvas: Any, name: str) -> QPointF:
    i = next(i for i, c in enumerate(canvas.cards) if c.name == name)
    return canvas.card_rects()[i].center()


def test_share_mime_round_trip() -> None:
    mime = share_mime({"corporation": "PRR", "source": "ipo"})
    assert mime.hasFormat(SHARE_MIME)
    assert read_share(mime) == {"corporation": "PRR", "source": "ipo"}
    other = share_mime({"corporation": "PRR", "source": "ipo"})
    other.setData(SHARE_MIME, b"not json")
    assert read_share(other) is None


def test_auction_bar_button_opens_the_dialog_and_submits_its_choice(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    session = Session.new("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    window.set_session(session)
    assert "auction" in window.action_bar.buttons
    qtbot.mouseClick(window.action_bar.buttons["auction"], Qt.MouseButton.LeftButton)
    controller = window.play.controller(AuctionController)
    dialog = controller.dialog
    assert dialog is not None
    buy = next(r for r in dialog.rows.values() if r.move is not None and r.move.purchase)
    before = len(session.record.actions)
    qtbot.mouseClick(buy.button, Qt.MouseButton.LeftButton)
    assert len(session.record.actions) == before + 1
    made = session.record.actions[-1]
    assert made["type"] == "bid" and made["company"] == buy.cid and made["price"] == buy.move.min_bid
    # the auction stands in the panel: the next bidder's turn replaces the bought one's
    assert controller.dialog is not None and controller.dialog is not dialog and buy.cid not in controller.dialog.rows


def test_dropping_an_ipo_certificate_on_the_acting_player_buys_it(window: MainWindow) -> None:
    session = _stock_round(window)
    game = session.live
    moves = legal_moves(game)
    buy = next(m for m in moves.of_type("buy_shares") if m.source == "ipo")
    player = next(p for p in game.players if p.id == buy.entity)
    corporation = game.corporation_by_id(buy.corporation)
    corps = window.corporations_panel.canvas
    i = next(i for i, c in enumerate(corps.cards) if c.name == corporation.name)
    rect = corps.card_rects()[i]
    payload, _label, _color = corps.share_payload_at(QPointF(rect.center().x(), rect.top() + 10).toPoint())
    assert payload == {"corporation": corporation.name, "source": "ipo"}
    before = len(session.record.actions)
    held = corporation.ipo_owner.shares_by_corporation.get(corporation)
    n_ipo = len(held or [])
    players = window.players_panel.canvas
    assert _drop(players, _card_center(players, player.name), payload)
    assert len(session.record.actions) == before + 1
    made = session.record.actions[-1]
    assert made["type"] == "buy_shares" and made["entity"] == player.id
    assert len(session.live.corporation_by_id(buy.corporation).ipo_owner.shares_by_corporation.get(
        session.live.corporation_by_id(buy.corporation)) or []) == n_ipo - 1


def test_dropping_an_unstarted_corporation_on_the_acting_player_asks_its_par_and_starts_it(window: MainWindow,
                                                                                           qtbot) -> None:  # type: ignore[no-untyped-def]
    """One drag starts a corporation: its card onto the acting player's card asks the par price there (it used to
    refuse with "use Par (Buy / sell shares...)"); onto another player's card it is refused and asks nothing."""
    session = _stock_round(window)
    game = session.live
    par = next(m for m in legal_moves(game).of_type("par") if m.entity_type == "player")
    acting = next(p for p in game.players if p.id == par.entity)
    other = next(p for p in game.players if p.id != par.entity)
    name = game.corporation_by_id(par.corporation).name
    controller = window.play.controller(StockController)
    players = window.players_panel.canvas
    before = len(session.record.actions)
    assert controller.judge_player_drop(other.name, {"corporation": name, "source": "ipo"}) is not None
    assert not _drop(players, _card_center(players, other.name), {"corporation": name, "source": "ipo"}) or \
        controller.par_dialog is None
    assert controller.judge_player_drop(acting.name, {"corporation": name, "source": "ipo"}) is None
    assert _drop(players, _card_center(players, acting.name), {"corporation": name, "source": "ipo"})
    dialog = controller.par_dialog
    assert dialog is not None and dialog.isVisible() and len(session.record.actions) == before
    price = max(p for _sp, p in par.share_prices)
    qtbot.mouseClick(dialog.buttons[price], Qt.MouseButton.LeftButton)
    made = session.record.actions[-1]
    assert len(session.record.actions) == before + 1
    assert made["type"] == "par" and made["corporation"] == par.corporation and made["entity"] == acting.id
    assert session.live.corporation_by_id(par.corporation).par_price.price == price


def test_a_drop_on_another_players_card_is_refused_with_the_reason(window: MainWindow) -> None:
    session = _stock_round(window)
    game = session.live
    moves = legal_moves(game)
    buy = next(m for m in moves.of_type("buy_shares") if m.source == "ipo")
    other = next(p for p in game.players if p.id != buy.entity)
    acting = next(p for p in game.players if p.id == buy.entity)
    messages: list[str] = []
    window.play.controller(StockController).message.connect(messages.append)
    before = len(session.record.actions)
    players = window.players_panel.canvas
    corporation = game.corporation_by_id(buy.corporation)
    assert _drop(players, _card_center(players, other.name), {"corporation": corporation.name, "source": "ipo"})
    assert len(session.record.actions) == before
    assert messages and acting.name in messages[-1] and other.name in messages[-1]
    assert messages[-1] in window.action_bar.hint.text()


def test_dragging_a_players_certificate_onto_its_corporation_sells_it(window: MainWindow) -> None:
    path = shared_or_skip(FIXTURES / "1830" / "26855.json")
    actions = json.loads(path.read_text())["actions"]
    session = Session.open(path, upto=0)
    window.set_session(session)
    for action in actions:
        moves = legal_moves(session.live)
        if moves.step == "BuySellParShares" and moves.of_type("sell_shares"):
            break
        assert session.submit(action)
    else:
        pytest.fail("no stock-round sale possible in the fixture")
    game = session.live
    sell = sorted(moves.of_type("sell_shares"), key=lambda m: (m.president, m.percent))[0]
    player = next(p for p in game.players if p.id == sell.entity)
    corporation = game.corporation_by_id(sell.corporation)
    players = window.players_panel.canvas
    i = next(i for i, c in enumerate(players.cards) if c.name == player.name)
    chip = next(r for r, h in players.share_chips(players.cards[i], players.card_rects()[i])
                if h.corporation == corporation.name)
    payload, _label, _color = players.share_payload_at(chip.center().toPoint())
    assert payload == {"corporation": corporation.name, "source": player.id}
    pool_before = sum(s.percent for s in game.share_pool.shares_by_corporation.get(corporation) or [])
    corps = window.corporations_panel.canvas
    assert _drop(corps, _card_center(corps, corporation.name), payload)
    made = session.record.actions[-1]
    assert made["type"] == "sell_shares" and made["entity"] == player.id
    live = session.live.corporation_by_id(sell.corporation)
    pool_after = sum(s.percent for s in session.live.share_pool.shares_by_corporation.get(live) or [])
    assert pool_after == pool_before + sell.percent


def test_the_players_and_corporations_tabs_come_up_under_a_drag(window: MainWindow) -> None:
    """Both panels share a dock tab: a certificate dragged over the Players tab must bring the cards up."""
    from PySide6.QtWidgets import QTabBar

    window.set_session(Session.new("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2))
    bars = [b for b in window.findChildren(QTabBar)
            if {b.tabText(i) for i in range(b.count())} >= {"Players", "Corporations"}]
    if not bars:
        pytest.skip("the two panels are not tabbed together in this layout")
    assert all(b.changeCurrentOnDrag() and b.acceptDrops() for b in bars)
