"""1847 AE's draft (each player takes one private at its face value) is the auction dialog's purchases."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.controllers.auction import AuctionController
from desktop.dialogs.auction import AuctionDialog
from engine import new_game
from engine.moves.registry import legal_moves


def test_1847ae_draft_buys_a_private_at_its_price_through_the_auction_dialog(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = new_game("1847 AE", ["Ann", "Bob", "Cyd", "Dan"], seed=3)
    moves = legal_moves(game)
    assert moves.step == "Draft"
    assert AuctionController.wanted(AuctionController.__new__(AuctionController), moves)
    dialog = AuctionDialog(game, moves)
    qtbot.addWidget(dialog)
    assert set(dialog.rows) == {c.id for c in game.companies}
    qtbot.mouseClick(dialog.rows["LFKC"].button, Qt.MouseButton.LeftButton)
    assert dialog.action is not None
    assert (dialog.action["type"], dialog.action["company"], dialog.action["price"]) == ("bid", "LFKC", 130)
    game.process_action(dialog.action)
    assert game.lfk.owner is game.players[-1]
