"""1817's acquisition round as seen in a real window at 1366x768 (1817/15528, acquisition round 4.2): the panel above
the map is about 713 x 133 px there, and the round's dialog must fit it (it was 847 px wide: the choice column and
the auto-pass box were cut off behind a horizontal scroll bar); the round is called by its name (the history bar
spelled "AR" as "Auction"); the winner's choice of buyer is not offered as "Acquire a minor..."; the bar's Pass
buttons say what passing does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desktop.history_bar import marker_text
from desktop.timeline import Marker
from tests.desktop.play_or_helpers import window_at

TITLE, GAME = "1817", "15528.json"
#: the auction panel's area in the real window at 1366x768 (measured under Xvfb): width, height
PANEL_AREA = (713, 133)


def _dialog(window: Any) -> Any:
    controller = next(c for c in window.play.controllers if getattr(c, "KEY", None) == "acquisition")
    assert controller.dialog is not None and window.auction_panel.content is controller.dialog
    return controller.dialog


def _pass_labels(window: Any) -> list[str]:
    return [b.text().replace("&&", "&") for k, b in window.action_bar.buttons.items() if k.startswith("pass")]


@pytest.mark.parametrize("index,stage", [(955, "offer"), (956, "bid"), (964, "buyer")])
def test_the_acquisition_dialog_fits_the_panel_at_1366x768(qtbot: Any, tmp_path: Path, index: int,
                                                           stage: str) -> None:
    window, _action = window_at(qtbot, tmp_path, TITLE, GAME, index)
    dialog = _dialog(window)
    assert dialog.stage == stage
    width, height = PANEL_AREA
    assert dialog.minimumSizeHint().width() <= width, dialog.minimumSizeHint()
    layout = dialog.layout()
    assert layout.hasHeightForWidth() and layout.totalHeightForWidth(width) <= height
    # why the corporation is on the block: on the panel's title line
    assert "(offered for sale)" in window.auction_panel.title.text()


def test_the_bid_says_its_range_and_who_pays(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, TITLE, GAME, 956)
    dialog = _dialog(window)
    texts = " ".join(w.text() for w in dialog.findChildren(type(dialog.high_label)))
    assert "Your bid ($600 to $616)" in texts
    assert "Player 1's corporation that acquires it" in texts and "NYSW ($25, 3 loans)" in texts
    assert "from the bank for its treasury shares: $180" in dialog.gets_label.text()


def test_the_acquisition_round_is_named_acquisition(qtbot: Any, tmp_path: Path) -> None:
    assert marker_text(Marker(index=0, kind="round", label="AR")) == "Acquisition"
    window, _action = window_at(qtbot, tmp_path, TITLE, GAME, 955)
    assert "1817 · Acquisition" in window.windowTitle() + window.status_label.text()


def test_choosing_the_buyer_is_not_acquiring_a_minor(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 964)
    assert action["type"] == "merge"
    assert "acquire_minor" not in window.action_bar.buttons
    assert "acquisition" in window.action_bar.buttons


def test_pass_buttons_say_what_passing_does(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, TITLE, GAME, 955)
    assert _pass_labels(window) == ["Keep H (do not offer it)"]
    window, _action = window_at(qtbot, tmp_path, TITLE, GAME, 956)
    assert _pass_labels(window) == ["Pass (no bid for H)"]
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 959)
    assert action["type"] == "payoff_loan"
    assert _pass_labels(window) == ["Pass (pay off no more: 8 unpaid loans move GT's price left)"]


def test_paying_a_won_bid_with_privates_says_what_is_owed(qtbot: Any, tmp_path: Path) -> None:
    """Seen in a real window: after winning A&S for more than his cash, the player had "Assign..." and a button
    "1: assign to company MINM" (the player's id, no word of the bid, the debt or the private's value)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 89)
    assert action["type"] == "assign" and action["target_type"] == "company"
    assert "assign" not in window.action_bar.buttons
    button = window.action_bar.buttons["subsidiaries"]
    assert button.text().replace("&&", "&").startswith("Pay for ")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    controller = next(c for c in window.play.controllers if getattr(c, "KEY", None) == "subsidiaries")
    dialog = controller.dialog
    game = window.session.live
    player = next(p for p in game.players if p.id == action["entity"])
    text = dialog.heading.text()
    assert f"<b>{player.name}</b> won" in text and "more than" in text and "pays you each one's value" in text
    company = game.company_by_id(action["target"])
    put = dialog.buttons[action["target"]]
    assert f"(+${company.value} to you)" in put.text()
    assert "keep" not in dialog.buttons  # cash below zero: the debt must be covered first
    QTest.mouseClick(put, Qt.MouseButton.LeftButton)
    made = {k: v for k, v in window.session.record.actions[-1].items() if k in ("type", "entity", "target")}
    assert made == {"type": "assign", "entity": action["entity"], "target": action["target"]}


def test_the_conversion_round_offers_no_minor_acquisition(qtbot: Any, tmp_path: Path) -> None:
    """Seen in a real window: 1817's conversion round showed "Acquire a minor..." beside "Conversion: convert,
    merge or pass..." (its merge with another corporation, in the 1822 minors' words)."""
    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 264)
    assert action["type"] == "convert"
    assert "merger" in window.action_bar.buttons and "acquire_minor" not in window.action_bar.buttons


def test_token_removal_buttons_say_which_city_of_a_hex(qtbot: Any, tmp_path: Path) -> None:
    """Seen in a real window (18USA 109372 after N&W acquired B&O): two buttons both "Remove token from D28"."""
    window, action = window_at(qtbot, tmp_path, "18USA", "109372.json", 555)
    assert action["type"] == "remove_token"
    texts = sorted(b.text().replace("&&", "&") for k, b in window.action_bar.buttons.items()
                   if k.startswith("remove_token"))
    assert texts == ["Remove token from D28 (city 1)", "Remove token from D28 (city 2)"]


def test_the_converted_corporations_shares_are_not_a_private_exchange(qtbot: Any, tmp_path: Path) -> None:
    """Seen in a real window (18DE after BY converted): the share dialog said "exchange the private for a share"."""
    from PySide6.QtWidgets import QLabel

    window, action = window_at(qtbot, tmp_path, TITLE, GAME, 265)
    assert action["type"] == "buy_shares"
    controller = next(c for c in window.play.controllers if getattr(c, "KEY", None) == "stock")
    dialog = controller.make(window.play.moves)
    qtbot.addWidget(dialog)
    texts = " ".join(w.text() for w in dialog.findChildren(QLabel))
    assert "exchange the private" not in texts and "Post Conversion" in texts
    assert dialog.windowTitle().startswith("Merger round")


def test_the_short_dialog_is_as_tall_as_its_rows(qtbot: Any, tmp_path: Path) -> None:
    """Seen in a real window: "Sell short..." opened ~500 px tall with six rows in its top half and Close far below
    (the size hint measured the wrapped rows at ~275 px wide)."""
    from desktop.controllers.short import short_move
    from desktop.dialogs.short import ShortDialog
    from engine import load_game
    from engine.moves import legal_moves
    from tests.desktop.play_or_helpers import fixture_path

    game = load_game(fixture_path(TITLE, GAME), upto=523)
    dialog = ShortDialog(game, short_move(legal_moves(game)))
    qtbot.addWidget(dialog)
    assert len(dialog.buttons) == 6
    layout = dialog.layout()
    assert dialog.height() <= layout.totalHeightForWidth(dialog.width()) + 4 < 400


def test_the_history_counter_shows_the_round_name_whole(qtbot: Any, tmp_path: Path) -> None:
    """Seen in a real window: "Action 955 of 955 — Acquisiti" (the counter kept room for "OR 8.8" only)."""
    window, _action = window_at(qtbot, tmp_path, TITLE, GAME, 955)
    label = window.history_bar.position_label
    assert label.text().endswith("— Acquisition")
    assert label.minimumWidth() >= label.fontMetrics().horizontalAdvance(label.text())
