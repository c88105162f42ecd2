"""18MEX's NdM share swaps at the table: the stock-turn dialog offers "swap your 5% for a 10%" with what is paid, and
a sale that takes a 5% from the pool, each making the action 18xx.games writes (its ``swap`` field)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from desktop.dialogs.shares import StockTurnDialog
from engine import load_game
from engine.model.shares import ShareBundle
from engine.moves.registry import check_action, legal_moves
from tests.conftest import FIXTURES, shared_or_skip


def _swap_position() -> tuple[Any, Any]:
    """hotseat01 mid-turn (Player 1 holds NdM 20% + a 5%), with an NdM 10% moved to the pool and one to the
    player, and the other 5% in the pool: a swap buy and a swap sale are both possible."""
    game = load_game(shared_or_skip(FIXTURES / "18MEX" / "hotseat01.json"), upto=238)
    player = game.round.current_entity()
    pool = game.share_pool
    pool.transfer_shares(ShareBundle(game.share_by_id("NdM_1")), pool, price=0)
    pool.transfer_shares(ShareBundle(game.share_by_id("NdM_2")), player, price=0)
    seven = game.share_by_id("NdM_7")
    if seven.owner is not pool:
        pool.transfer_shares(ShareBundle(seven), pool, price=0)
    return game, player


def test_the_dialog_offers_the_swap_buy_with_its_cost(qtbot) -> None:  # type: ignore[no-untyped-def]
    game, _player = _swap_position()
    dialog = StockTurnDialog(game, legal_moves(game))
    qtbot.addWidget(dialog)
    button = dialog.buttons["buy_NdM_market_10_swap"]
    assert button.text() == "Swap your 5% for 10% from pool: pay $45 + your 5%"
    assert "buy_NdM_market_10" not in dialog.buttons or dialog.buttons["buy_NdM_market_10"] is not button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert dialog.action is not None and dialog.action["swap"] == "NdM_8"
    assert dialog.action["shares"] == ["NdM_1"] and check_action(game, dialog.action)


def test_the_dialog_offers_the_sale_taking_a_pool_5_percent(qtbot) -> None:  # type: ignore[no-untyped-def]
    game, player = _swap_position()
    dialog = StockTurnDialog(game, legal_moves(game))
    qtbot.addWidget(dialog)
    button = dialog.buttons["sell_NdM_10_10_swap"]
    assert "for $45 + a 5% from the pool" in button.text()
    assert dialog.buttons["sell_NdM_10_10"].text().startswith("Sell 10% for $90")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert dialog.action is not None and dialog.action["swap"] == "NdM_7"
    assert check_action(game, dialog.action)
    cash = player.cash
    game.process_action(dialog.action)
    assert player.cash == cash + 45 and game.share_by_id("NdM_7").owner is player
