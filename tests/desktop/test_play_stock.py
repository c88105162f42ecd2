"""The stock turn and par dialogs built from the legal moves: buttons name prices, refusals explain themselves."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt

from desktop.dialogs.par import ParDialog, par_cost
from desktop.dialogs.shares import StockTurnDialog, explain_buy_refusal
from desktop.session import Session
from engine.moves.base import BuySharesMove, ParMove, SellSharesMove
from engine.moves.registry import legal_moves
from tests.conftest import FIXTURES, shared_or_skip


def _to_stock_round(path: Any) -> tuple[Session, list[dict[str, Any]]]:
    path = shared_or_skip(path)
    actions = json.loads(path.read_text())["actions"]
    session = Session.open(path, upto=0)
    rest = list(actions)
    while rest and legal_moves(session.live).step != "BuySellParShares":
        assert session.submit(rest.pop(0))
    return session, rest


def test_par_dialog_offers_affordable_par_prices_and_disables_the_rest(qtbot) -> None:  # type: ignore[no-untyped-def]
    session, _ = _to_stock_round(FIXTURES / "1830" / "26855.json")
    game = session.live
    moves = legal_moves(game)
    par = next(m for m in moves.of_type("par") if isinstance(m, ParMove))
    dialog = ParDialog(game, par)
    qtbot.addWidget(dialog)
    legal = {price for _, price in par.share_prices}
    for price, button in dialog.buttons.items():
        assert button.isEnabled() == (price in legal), price
        if not button.isEnabled():
            assert button.toolTip()
    corporation = game.corporation_by_id(par.corporation)
    price = max(legal)
    assert f"{par_cost(corporation, price)}" in dialog.buttons[price].text()
    qtbot.mouseClick(dialog.buttons[price], Qt.MouseButton.LeftButton)
    assert dialog.action is not None and par.refusal(dialog.action) is None
    assert session.submit(dialog.action)
    assert game.corporation_by_id(par.corporation).ipoed


def test_stock_dialog_buy_and_sell_buttons_make_legal_actions(qtbot) -> None:  # type: ignore[no-untyped-def]
    session, rest = _to_stock_round(FIXTURES / "1830" / "26855.json")
    seen_buy = seen_sell = 0
    for action in rest[:120]:
        moves = legal_moves(session.live)
        if moves.step == "BuySellParShares":
            dialog = StockTurnDialog(session.live, moves)
            qtbot.addWidget(dialog)
            for m in moves.moves:
                if isinstance(m, BuySharesMove | SellSharesMove):
                    key = dialog.key(m)
                    assert key in dialog.buttons, key
                    if isinstance(m, SellSharesMove) and m.price_after is not None:
                        assert f"price to ${m.price_after}" in dialog.buttons[key].text()
            buys = [m for m in moves.moves if isinstance(m, BuySharesMove)]
            sells = [m for m in moves.moves if isinstance(m, SellSharesMove)]
            if buys and not seen_buy:
                probe = StockTurnDialog(session.live, moves)
                qtbot.addWidget(probe)
                qtbot.mouseClick(probe.buttons[probe.key(buys[0])], Qt.MouseButton.LeftButton)
                assert probe.action is not None and buys[0].refusal(probe.action) is None
                seen_buy += 1
            if sells and not seen_sell:
                probe = StockTurnDialog(session.live, moves)
                qtbot.addWidget(probe)
                qtbot.mouseClick(probe.buttons[probe.key(sells[0])], Qt.MouseButton.LeftButton)
                assert probe.action is not None and sells[0].refusal(probe.action) is None
                seen_sell += 1
        assert session.submit(action)
    assert seen_buy


def test_refused_purchase_is_explained() -> None:
    """A player who sold a corporation this round is told why its certificates cannot be bought back."""
    path = shared_or_skip(FIXTURES / "1830" / "26855.json")
    actions = json.loads(path.read_text())["actions"]
    session = Session.open(path, upto=0)
    for action in actions:
        game = session.live
        if action["type"] == "sell_shares" and legal_moves(game).step == "BuySellParShares":
            assert session.submit(action)
            game = session.live
            player = next(p for p in game.players if p.id == action["entity"])
            corporation = game.share_by_id(action["shares"][0]).corporation
            reason = explain_buy_refusal(game, player, corporation)
            assert reason is not None and "sold" in reason
            return
        assert session.submit(action)
    raise AssertionError("no stock-round sale in the fixture")


def test_a_private_exchange_is_its_own_labelled_button(qtbot) -> None:  # type: ignore[no-untyped-def]
    """1830's Mohawk & Hudson may be exchanged for an NYC share: the dialog says so instead of 'buy for $0'."""
    session, rest = _to_stock_round(FIXTURES / "1830" / "26855.json")
    for action in rest[:80]:
        moves = legal_moves(session.live)
        exchanges = [m for m in moves.of_type("buy_shares") if m.entity_type == "company"]
        if moves.step == "BuySellParShares" and exchanges:
            dialog = StockTurnDialog(session.live, moves)
            qtbot.addWidget(dialog)
            button = dialog.buttons[dialog.key(exchanges[0])]
            owner = next(c for c in session.live.companies if c.id == exchanges[0].entity).owner.name
            said = "Exchange" if owner == dialog.who else f"{owner}: exchange"  # in another's turn: whose it is
            assert button.text().startswith(f"{said} {exchanges[0].entity} for")
            assert not any("for $0" in b.text() for b in dialog.buttons.values())
            return
        assert session.submit(action)
    raise AssertionError("no private exchange offered in the first stock rounds")


def test_stock_dialog_is_sized_to_its_rows_within_the_screen(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Early in a game a few rows: the dialog opens around them (it was a fixed, mostly empty 980x560), every row
    shown without scrolling; later, with many rows, it stays within the screen."""
    session, rest = _to_stock_round(FIXTURES / "1830" / "26855.json")
    checked = 0
    for action in rest[:200]:
        moves = legal_moves(session.live)
        if moves.step == "BuySellParShares":
            dialog = StockTurnDialog(session.live, moves)
            qtbot.addWidget(dialog)
            dialog.show()
            qtbot.waitExposed(dialog)
            avail = dialog.screen().availableGeometry()
            assert dialog.width() <= avail.width() and dialog.height() <= avail.height()
            assert dialog.scroll.verticalScrollBar().maximum() == 0
            assert dialog.scroll.horizontalScrollBar().maximum() == 0
            if checked == 0:
                assert dialog.height() < 400 and dialog.width() < 900
            checked += 1
            dialog.close()
        assert session.submit(action)
    assert checked > 10


def test_a_major_that_cannot_start_says_why() -> None:
    """1822 (a new user, in a real window): dropping LNWR's certificate on the concession holder's card in the first
    stock round said only "cannot buy LNWR from the IPO now".  A major starts by converting its concession, from
    phase 2: the refusal says so, and later names who holds the concession."""
    session = Session.new("1822", ["Ann", "Bob", "Cyd", "Dee"], seed=3)
    game = session.live
    lnwr = game.corporation_by_id("LNWR")
    assert not [m for m in legal_moves(game).of_type("par") if getattr(m, "corporation", None) == "LNWR"]
    reason = explain_buy_refusal(game, game.players[0], lnwr)
    assert reason == "no major may start in phase 1: concessions are converted from phase 2"
    # in phase 2, a concession another player holds
    path = shared_or_skip(FIXTURES / "1822" / "1822_game_end_stock_market.json")
    session = Session.open(path, upto=200)
    game = session.live
    assert game.phase.name == "2"
    concession = game.company_by_id("C1")
    holder = concession.owner
    other = next(p for p in game.players if p is not holder)
    reason = explain_buy_refusal(game, other, game.corporation_by_id("LNWR"))
    assert reason == f"LNWR is started by converting its concession C1: {holder.name} holds it"
    # the holder, who may convert it, is not refused for that reason
    assert "concession" not in (explain_buy_refusal(game, holder, game.corporation_by_id("LNWR")) or "")
