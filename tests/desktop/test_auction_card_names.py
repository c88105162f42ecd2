"""The auction panel's cards (18USA's private auction at 1366x768) cut long names mid-letter ("P5 P5 - Nobel's
Blasting I"): a card's name is now its symbol and its name without the repeated symbol, elided with "…" where it
does not fit, in full in its tooltip; the high bid's line is elided the same way."""

from __future__ import annotations

import html
from typing import Any

import pytest
from PySide6.QtGui import QFontMetrics

from desktop.dialogs.minor_auction import CARD_WIDTH, MinorAuctionDialog, card_name
from engine import new_game
from engine.moves.registry import legal_moves


def _dialog(qtbot: Any, game: Any) -> MinorAuctionDialog:
    dialog = MinorAuctionDialog(game, legal_moves(game), own_pass=True, cards=True)
    qtbot.addWidget(dialog)
    return dialog


def test_card_names_are_elided_with_the_full_name_in_the_tooltip(qtbot: Any) -> None:
    game = new_game("18USA", [f"Player {i + 1}" for i in range(4)], seed=3)
    dialog = _dialog(qtbot, game)
    assert "P5" in dialog.rows
    elided = 0
    for target, row in dialog.rows.items():
        label = row.name
        assert label is not None
        full = game.company_by_id(target).name
        assert label.toolTip() == full  # "P5 - Nobel's Blasting Powder"
        text = html.unescape(label.text())
        assert text.startswith(f"<b>{target}</b>") and f"{target} {target}" not in text
        # the label never needs more than the card's room: what it shows fits on the card's one line
        assert label.sizeHint().width() <= CARD_WIDTH - 10, (target, text)
        if "…" in text:
            elided += 1
            shown = text.split("</b> ", 1)[1].rstrip("…")
            assert card_name(target, full).startswith(shown)
        else:
            assert text.endswith(card_name(target, full))
    assert elided >= 1  # at least P5's name is too long for a card
    assert "…" in dialog.rows["P5"].name.text()  # type: ignore[union-attr]


def test_a_long_bidders_name_is_elided_on_the_high_bid_line(qtbot: Any) -> None:
    long_name = "Alexandra Konstantinopoulou-Featherstonehaugh"
    game = new_game("18USA", [long_name, "Bo", "Cy", "Di"], seed=3)
    moves = legal_moves(game)
    bid = next(m for m in moves.of_type("bid") if m.target == "P3")  # type: ignore[attr-defined]
    game.process_action({**bid.base(), bid.target_key: "P3", "price": bid.min_bid})  # type: ignore[attr-defined]
    dialog = _dialog(qtbot, game)
    high = dialog.rows["P3"].high
    assert "…" in high.text() and high.text().startswith("$30 · $")
    assert QFontMetrics(high.font()).horizontalAdvance(high.text()) <= CARD_WIDTH - 10
    assert long_name in high.toolTip()


@pytest.mark.parametrize(
    ("target", "full", "shown"),
    [
        ("P5", "P5 - Nobel's Blasting Powder", "Nobel's Blasting Powder"),
        ("LNWR", "London and North Western", "London and North Western"),
        ("M1", "M1", ""),
    ],
)
def test_card_name_drops_a_repeated_symbol(target: str, full: str, shown: str) -> None:
    assert card_name(target, full) == shown
