"""The action bar: the line saying what to do keeps a readable width next to many buttons (it wraps, the full
text is in its tooltip); tool widgets come and go per owner; the stock controller offers "Sell shares..." in an
operating round only while a sale is legal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QLabel

from desktop.panels.action_bar import ActionBar, BarButton
from tests.desktop.play_or_helpers import window_at

LONG = (
    "Pennsylvania Railroad: lay or upgrade a tile, place a token, run routes, or pass "
    "(two lays, at most one of them an upgrade)"
)


#: the action bar's buttons while a dropped tile waits to be confirmed (the most a track step shows)
PENDING_LAY_BUTTONS = [
    "\u2713 Lay tile",
    "Rotate",
    "Rotate back",
    "Cancel",
    "Exchange a private for a share\u2026",
    "Skip (Track)",
]


def pending_lay_bar(qtbot: Any, line: str) -> ActionBar:
    """An action bar with the step line ``line`` and the pending tile lay's six buttons (not yet shown)."""
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.set_line(line)
    bar.set_buttons([BarButton(f"b{i}", text, lambda: None) for i, text in enumerate(PENDING_LAY_BUTTONS)])
    return bar


def test_the_line_is_not_squeezed_by_many_buttons(qtbot: Any) -> None:
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.resize(900, 80)
    bar.set_line(LONG)
    bar.set_buttons([BarButton(f"b{i}", f"A rather long button label {i}", lambda: None) for i in range(5)])
    bar.show()
    qtbot.waitExposed(bar)
    bar.layout().activate()
    assert bar.line.width() >= 300
    assert bar.line.wordWrap()
    assert bar.line.toolTip() == LONG
    assert bar.hint.geometry().top() >= bar.line.geometry().bottom() - 1  # the hint has its own row


def test_tools_are_added_and_removed_per_owner(qtbot: Any) -> None:
    bar = ActionBar()
    qtbot.addWidget(bar)
    a, b = QLabel("a"), QLabel("b")
    bar.set_tools([a], "token")
    bar.set_tools([b], "other")
    assert bar.tools == {"token": [a], "other": [b]}
    assert a.parent() is bar
    bar.set_tools([], "token")
    assert "token" not in bar.tools and bar.tools["other"] == [b]
    bar.clear()
    assert bar.tools == {}


def test_no_sell_button_in_an_operating_step_where_selling_is_not_legal(qtbot: Any, tmp_path: Path) -> None:
    # 1830/26855 action 90: NYNH places a token; MH's owner may exchange it for an NYC share (a buy, not a sale)
    window, _action = window_at(qtbot, tmp_path, "1830", "26855.json", 90)
    moves = window.play.moves
    assert moves is not None and not moves.of_type("sell_shares")
    button = window.action_bar.buttons.get("stock")
    assert button is None or "Sell" not in button.text()


def test_the_sell_button_is_there_for_emergency_money(qtbot: Any, tmp_path: Path) -> None:
    # 1830/26855 action 587: ERIE must buy a train; its president may sell shares first
    window, _action = window_at(qtbot, tmp_path, "1830", "26855.json", 587)
    moves = window.play.moves
    assert moves is not None and moves.of_type("sell_shares")
    assert window.action_bar.buttons["stock"].text() == "Sell shares..."


def test_a_corporation_issuing_shares_is_not_offered_a_sale(qtbot: Any, tmp_path: Path) -> None:
    # 1846/12666 action 144: B&O may lay track, place a token, or issue shares
    window, _action = window_at(qtbot, tmp_path, "1846", "12666.json", 144)
    moves = window.play.moves
    assert moves is not None
    sells = moves.of_type("sell_shares")
    assert sells and all(m.entity_type == "corporation" for m in sells)
    assert window.action_bar.buttons["stock"].text() == "Issue / redeem shares..."


def _button_rows(bar: ActionBar) -> int:
    return len({b.mapTo(bar, b.rect().topLeft()).y() for b in bar.buttons.values()})


def test_a_short_line_leaves_its_room_to_the_buttons(qtbot: Any) -> None:
    """At 1366x768 the map column is about 610 px wide: a pending tile lay's six buttons took three rows beside
    "B&O: Lay/Upgrade Track" (the line kept 320 px for 22 characters), and the map shrank by two rows after the
    drop.  The line now takes its text's width; the buttons wrap into two rows."""
    from PySide6.QtWidgets import QApplication

    bar = pending_lay_bar(qtbot, "B&O: Lay/Upgrade Track")
    labels = PENDING_LAY_BUTTONS
    bar.resize(612, 150)
    bar.show()
    qtbot.waitExposed(bar)
    QApplication.processEvents()
    assert _button_rows(bar) == 2
    assert bar.line.width() >= bar.line.fontMetrics().horizontalAdvance(bar.line.text())
    # before the drop: the step's two buttons share one row
    bar.set_buttons([BarButton(f"b{i}", text, lambda: None) for i, text in enumerate(labels[4:])])
    QApplication.processEvents()
    assert _button_rows(bar) == 1


def _geometry(bar: ActionBar, key: str) -> Any:
    button = bar.buttons.get(key) or bar.placeholders[key]
    return button.mapTo(bar, button.rect().topLeft()), button.width()


def test_action_bar_buttons_keep_their_places_from_turn_to_turn(qtbot: Any) -> None:
    """A click meant for "Bid..." made the next player pass: the buttons moved between turns."""
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.resize(1000, 80)
    bar.show()
    qtbot.waitExposed(bar)
    bid = BarButton("auction", "Bid\u2026", lambda: None)
    passing = BarButton("pass", "Pass", lambda: None)
    bar.set_line("Ann: bid on a private company or pass")
    bar.set_buttons([passing, bid], context="WaterfallAuction")
    bar.layout().activate()
    qtbot.wait(10)
    bid_at, pass_at = _geometry(bar, "auction"), _geometry(bar, "pass")
    assert bid_at[0].x() < pass_at[0].x()  # pass buttons come last
    # the next player cannot bid: "Bid..." stays as a disabled placeholder, "Pass" where it was
    bar.set_line("Bob, the last one: pass")
    bar.set_buttons([passing], context="WaterfallAuction")
    bar.layout().activate()
    qtbot.wait(10)
    assert _geometry(bar, "pass") == pass_at
    assert "auction" in bar.placeholders and not bar.placeholders["auction"].isEnabled()
    assert _geometry(bar, "auction")[0] == bid_at[0]
    # a transient button (a dropped tile's Cancel) goes on the hint line: the others stay
    bar.set_buttons(
        [BarButton("lay_cancel", "Cancel", lambda: None, transient=True), bid, passing], context="WaterfallAuction"
    )
    bar.layout().activate()
    qtbot.wait(10)
    assert _geometry(bar, "pass") == pass_at and _geometry(bar, "auction") == bid_at
    # another step starts afresh
    bar.set_buttons([passing], context="BuySellParShares")
    assert not bar.placeholders


def test_action_bar_hint_is_cleared_when_the_turn_passes_to_another_player(qtbot: Any, tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from desktop.main_window import MainWindow

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    assert window.play is not None
    window.play.show_message("Ann cannot afford that")
    assert window.action_bar.hint.text() == "Ann cannot afford that"
    window.play.recompute()  # the same turn: the hint stays
    assert window.action_bar.hint.text() == "Ann cannot afford that"
    assert window.play.pass_()
    assert window.action_bar.hint.text() == ""


def test_action_bar_keeps_its_height_when_a_pending_tile_lay_adds_its_buttons(qtbot: Any) -> None:
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.resize(727, 80)  # the central area at 1366x768
    bar.set_line("PRR: Lay/Upgrade Track")
    skip = BarButton("track", "Skip (Track)", lambda: None)
    bar.set_buttons([BarButton("stock", "Exchange a private for a share\u2026", lambda: None), skip], context="Track")
    bar.show()
    qtbot.waitExposed(bar)
    bar.layout().activate()
    qtbot.wait(10)
    height, skip_at = bar.sizeHint().height(), _geometry(bar, "track")
    pending = [
        BarButton(k, t, lambda: None, transient=True)
        for k, t in (
            ("lay_confirm", "\u2713 Lay tile"),
            ("lay_rotate", "Rotate"),
            ("lay_rotate_back", "Rotate back"),
            ("lay_cancel", "Cancel"),
        )
    ]
    bar.set_buttons(
        [*pending, BarButton("stock", "Exchange a private for a share\u2026", lambda: None), skip], context="Track"
    )
    bar.layout().activate()
    qtbot.wait(10)
    assert bar.sizeHint().height() == height
    assert _geometry(bar, "track") == skip_at


def test_action_bar_a_short_line_is_one_line_and_the_buttons_stay_flush_right(qtbot: Any) -> None:
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.resize(727, 80)
    bar.show()
    qtbot.waitExposed(bar)
    bar.clear("Viewing the past: press End to return to the game and play on.")
    bar.layout().activate()
    qtbot.wait(10)
    assert bar.line.height() <= bar.line.fontMetrics().lineSpacing() * 1.6 + 16  # not wrapped
    bar.set_line("PRR: Lay/Upgrade Track")
    bar.set_buttons([BarButton("pass", "Pass", lambda: None)], context="Track")
    bar.layout().activate()
    qtbot.wait(10)
    button = bar.buttons["pass"]
    right = button.mapTo(bar, button.rect().topRight()).x()
    assert right >= bar.width() - 12


def test_a_placeholder_keeps_its_place_without_the_last_turns_details(qtbot: Any) -> None:
    """Irish Gauge: "Done building (2 BP unused)" stayed, disabled, in the next player's turn (who had 3 BP): a
    placeholder says what the button does, not the last turn's numbers, and keeps the button's width."""
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.resize(1000, 80)
    bar.show()
    qtbot.waitExposed(bar)
    auction = BarButton("auction", "Auction a share\u2026", lambda: None)
    done = BarButton("done", "Done building (2 BP unused)", lambda: None)
    bar.set_buttons([auction, done], context="IrishGauge")
    bar.layout().activate()
    qtbot.wait(10)
    auction_at, done_at = _geometry(bar, "auction"), _geometry(bar, "done")
    bar.set_buttons([auction], context="IrishGauge")
    bar.layout().activate()
    qtbot.wait(10)
    placeholder = bar.placeholders["done"]
    assert placeholder.text() == "Done building" and not placeholder.isEnabled()
    assert _geometry(bar, "auction") == auction_at
    assert _geometry(bar, "done")[0] == done_at[0] and _geometry(bar, "done")[1] >= done_at[1]


def test_a_button_that_appears_later_in_a_step_moves_none_of_the_others(qtbot: Any) -> None:
    """1830, buying trains: "Done" appeared after the first train bought and, the buttons being flush right, pushed
    "Buy train..." 100 px left: the next click landed on "Exchange...".  A button new to the step joins at the
    left end; the others stay under the pointer."""
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.resize(1000, 80)
    bar.show()
    qtbot.waitExposed(bar)
    buy = BarButton("buy_train", "Buy train\u2026", lambda: None)
    exchange = BarButton("exchange", "Exchange\u2026", lambda: None)
    done = BarButton("pass", "Done buying trains", lambda: None)
    bar.set_line("B&O must buy a train")
    bar.set_buttons([buy, exchange], context="BuyTrain")
    bar.layout().activate()
    qtbot.wait(10)
    buy_at, exchange_at = _geometry(bar, "buy_train"), _geometry(bar, "exchange")
    bar.set_buttons([buy, exchange, done], context="BuyTrain")
    bar.layout().activate()
    qtbot.wait(10)
    assert _geometry(bar, "buy_train") == buy_at and _geometry(bar, "exchange") == exchange_at
    assert _geometry(bar, "pass")[0].x() < buy_at[0].x()
    # a label that changes and narrows ("Exchange..." -> "Swap"): the button keeps its width, the others their places
    bar.set_buttons([buy, BarButton("exchange", "Swap", lambda: None), done], context="BuyTrain")
    bar.layout().activate()
    qtbot.wait(10)
    assert _geometry(bar, "buy_train") == buy_at and _geometry(bar, "exchange")[1] == exchange_at[1]
    # a step that starts with its pass button has it last, as before
    bar.set_buttons([done, buy], context="BuyTrain-next")
    bar.layout().activate()
    qtbot.wait(10)
    assert _geometry(bar, "buy_train")[0].x() < _geometry(bar, "pass")[0].x()
