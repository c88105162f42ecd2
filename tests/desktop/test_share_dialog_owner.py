"""A private usable at any time (1830's Mohawk & Hudson) offers its exchange in other players' stock turns:
the button names its owner, so the player at the table does not think the exchange is theirs."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")

from desktop.dialogs.shares import StockTurnDialog
from engine import new_game
from engine.moves.registry import legal_moves


def _after_the_private_auction() -> object:
    game = new_game("1830", ["Ann", "Bob", "Cy", "Dee"], seed=3)
    for _ in range(6):  # everybody buys the cheapest private in turn: Dee gets MH, Bob the B&O
        buy = next(m for m in legal_moves(game).of_type("bid") if m.purchase)  # type: ignore[attr-defined]
        game.apply(buy.sample(random.Random(0)))
    par = legal_moves(game).of_type("par")[0]
    game.apply(par.sample(random.Random(0)))
    return game


def test_an_exchange_offered_in_another_players_turn_names_the_private_owner(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = _after_the_private_auction()
    moves = legal_moves(game)
    assert moves.step == "BuySellParShares"
    dialog = StockTurnDialog(game, moves)
    qtbot.addWidget(dialog)
    assert dialog.who == "Cy"
    texts = [b.text() for key, b in dialog.buttons.items() if key.startswith("exchange_MH")]
    assert texts == ["Dee: exchange MH for 10% from IPO"]


def test_the_owner_sees_a_plain_exchange_in_their_own_turn(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = _after_the_private_auction()
    game.apply(legal_moves(game).of_type("pass")[0].sample(random.Random(0)))  # Cy passes: Dee's turn
    moves = legal_moves(game)
    dialog = StockTurnDialog(game, moves)
    qtbot.addWidget(dialog)
    assert dialog.who == "Dee"
    texts = [b.text() for key, b in dialog.buttons.items() if key.startswith("exchange_MH")]
    assert texts == ["Exchange MH for 10% from IPO"]
