"""1817 at the table, on a real game (1817/15528): the private auction in the auction panel, loans with their
price effect on the bar, selling short (and the short shown on the player's card and in the spreadsheet), the
conversion round through the merger dialog, and the acquisition round's dialog (offer, bid, choose the buyer)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.panels.players import player_cards
from desktop.panels.spreadsheet import sheet
from tests.desktop.play_or_helpers import window_at

TITLE, GAME = "1817", "15528.json"


def _open(window: Any, key: str) -> Any:
    button = window.action_bar.buttons.get(key)
    assert button is not None and button.isEnabled(), sorted(window.action_bar.buttons)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    controller = next(c for c in window.play.controllers if getattr(c, "KEY", None) == key)
    assert controller.dialog is not None
    return controller.dialog


def _made(window: Any) -> dict[str, Any]:
    return {k: v for k, v in window.session.record.actions[-1].items() if k not in ("id", "created_at", "user")}


def _wanted(action: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k not in ("id", "created_at", "user", "original_id")}


def _loan(action: dict[str, Any]) -> dict[str, Any]:
    """A loan action without its number (a label neither engine reads; early files number loans otherwise)."""
    return {k: v for k, v in action.items() if k != "loan"}


def test_the_private_auction_stands_in_the_panel_as_rows_of_privates(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 2)
    assert action["type"] == "bid"
    assert "selection_auction" in window.action_bar.buttons
    dialog = _open(window, "selection_auction")
    assert window.auction_panel.isVisible() or window.auction_panel.content is dialog
    row = dialog.rows[action["company"]]
    row.spin.setFocus()
    row.spin.selectAll()
    QTest.keyClicks(row.spin, str(action["price"]))
    QTest.mouseClick(row.button, Qt.MouseButton.LeftButton)
    assert _made(window) == _wanted(action)


def test_loans_are_buttons_saying_the_cash_and_price_effect(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 135)
    assert action["type"] == "take_loan"
    # in a stock turn the player's corporations that may borrow are entries of the bar button's menu
    assert window.action_bar.buttons["take_loan"].text().replace("&&", "&") == "Take a loan..."
    controller = next(c for c in window.play.controllers if getattr(c, "KEY", None) == "take_loan")
    menu = controller.loan_menu("take_loan")
    entry = next(a for a in menu.actions() if a.text().replace("&&", "&").startswith(f"{action['entity']}: "))
    text = entry.text().replace("&&", "&")
    assert text.startswith(f"{action['entity']}: take a loan: +$100") and "price $" in text and "\u2192" in text, text
    assert "interest" in entry.toolTip() and "at most" in entry.toolTip()
    corporation = window.session.live.corporation_by_id(action["entity"])
    price_before = corporation.share_price.price
    entry.trigger()
    assert _loan(_made(window)) == _loan(_wanted(action))
    after = window.session.live.corporation_by_id(action["entity"])
    assert f"${after.share_price.price}" in text and after.share_price.price != price_before


def test_a_loan_from_the_corporation_cards_menu(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 147)
    assert action["type"] == "take_loan"
    canvas = window.corporations_panel.canvas
    menu = canvas.card_menu(action["entity"])
    assert menu is not None
    entries = [a.text().replace("&&", "&") for a in menu.actions()]
    assert entries and entries[0].startswith("Take a loan: +$100, price"), entries
    assert canvas.card_menu("PSNR") is None  # not PSNR's turn
    menu.actions()[0].trigger()
    assert _loan(_made(window)) == _loan(_wanted(action))


def test_a_loan_is_paid_off_from_the_bar(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 368)
    assert action["type"] == "payoff_loan"
    button = window.action_bar.buttons["payoff_loan"]
    assert button.text().replace("&&", "&").startswith("Pay off a loan: -$100")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    made = _made(window)
    assert _loan(made) == _loan(_wanted(action))
    # the loan the rules repay (an existing loan's number)
    assert 0 <= made["loan"] < window.session.live.loan_rules.NUM_LOANS


def test_selling_short_by_the_dialog_shows_a_negative_holding(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 523)
    assert action["type"] == "short"
    dialog = _open(window, "short")
    corp = action["corporation"]
    assert corp in dialog.buttons and "receive $" in dialog.buttons[corp].toolTip()
    QTest.mouseClick(dialog.buttons[corp], Qt.MouseButton.LeftButton)
    assert _made(window) == _wanted(action)
    game = window.session.live
    player = next(p for p in game.players if p.id == action["entity"])
    card = next(c for c in player_cards(game) if c.name == player.name)
    short = [h for h in card.shares if h.corporation == game.corporation_by_id(corp).name]
    assert short and short[0].percent < 0 and short[0].shorts >= 1
    row = next(r for r in sheet(game).rows if r.name == game.corporation_by_id(corp).name)
    assert row.cells[str(player.name)].endswith("short")


def test_conversion_round_converts_with_the_result_shown(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 264)
    assert action["type"] == "convert"
    assert window.action_bar.buttons["merger"].text().startswith("Conversion")
    dialog = _open(window, "merger")
    assert "to 5 shares" in dialog.buttons["convert"].text()
    QTest.mouseClick(dialog.buttons["convert"], Qt.MouseButton.LeftButton)
    assert _made(window) == _wanted(action)
    # then the shareholders may buy the new shares: the stock dialog, named for it
    assert window.action_bar.buttons["stock"].text().replace("&&", "&").startswith("Buy / sell shares of the conv")


def test_conversion_round_merges_two_corporations(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 489)
    assert action["type"] == "merge"
    dialog = _open(window, "merger")
    button = dialog.buttons[f"merge_{action['corporation']}"]
    assert button.text().startswith("Merge with")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert _made(window) == _wanted(action)


def test_acquisition_round_offer_bid_and_buyer(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 960)
    assert action["type"] == "assign"
    assert "minor_auction" not in window.action_bar.buttons and "assign" not in window.action_bar.buttons
    dialog = _open(window, "acquisition")
    assert dialog.stage == "offer" and "cash:" in dialog.gets_label.text()
    QTest.mouseClick(dialog.buttons["offer"], Qt.MouseButton.LeftButton)
    assert _made(window) == _wanted(action)
    from engine.record import GameRecord
    from tests.desktop.play_or_helpers import fixture_path

    actions = GameRecord.load(fixture_path(TITLE, GAME)).actions
    for index in (961, 962):  # two presidents pass: through the dialog's Pass
        dialog = _open(window, "acquisition")
        assert dialog.stage == "bid"
        QTest.mouseClick(dialog.pass_button, Qt.MouseButton.LeftButton)
        assert _made(window) == _wanted(actions[index])
    bid = actions[963]
    dialog = _open(window, "acquisition")
    assert "The buyer pays" in "".join(w.text() for w in dialog.findChildren(type(dialog.high_label)))
    dialog.spin.setFocus()
    dialog.spin.selectAll()
    QTest.keyClicks(dialog.spin, str(bid["price"]))
    QTest.mouseClick(dialog.bid_button, Qt.MouseButton.LeftButton)
    assert _made(window) == _wanted(bid)
    dialog = _open(window, "acquisition")
    assert dialog.stage == "buyer"
    QTest.mouseClick(dialog.buttons[f"buyer_{actions[964]['corporation']}"], Qt.MouseButton.LeftButton)
    assert _made(window) == _wanted(actions[964])
