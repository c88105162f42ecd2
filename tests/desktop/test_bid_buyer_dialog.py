"""The shared base of the bid-then-pick-a-buyer dialogs (desktop/dialogs/bid_buyer.py) on its own."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, ClassVar

from PySide6.QtWidgets import QVBoxLayout

from desktop.dialogs.bid_buyer import BidBuyerDialog, html
from engine.moves.base import BidMove, CorporationMove, LegalMoves, PassMove, Unusable


class _Merge(CorporationMove):
    TYPE: ClassVar[str] = "merge"


def _dialog(qtbot: Any, moves: list[Any], unusable: list[Unusable] | None = None) -> BidBuyerDialog:
    game = SimpleNamespace(round=SimpleNamespace(active_step=lambda: None), format_currency=lambda v: f"${v}")
    legal = LegalMoves("X", "", [("player", 1)], moves, unusable or [])
    dialog = BidBuyerDialog(game, legal)
    qtbot.addWidget(dialog)
    return dialog


def test_the_bid_box_refuses_beyond_the_most_and_bids_within(qtbot: Any) -> None:
    dialog = _dialog(qtbot, [BidMove("player", 1, target="A", min_bid=20, max_bid=50, step=5),
                             PassMove("player", 1)])
    dialog.bid_move = dialog.mine[0]
    layout = QVBoxLayout(dialog)
    dialog.bid_row(layout, "Your bid", "your cash")
    dialog.refusal_row(layout)
    dialog.pass_row(layout, "Pass (P)", "drop out", wide=True)
    assert dialog.header_buttons == [dialog.pass_button]
    dialog.spin.lineEdit().setText("60")
    dialog.choose_bid()
    assert dialog.action is None and not dialog.refusal_label.isHidden()
    dialog.choose_bid(30)
    assert dialog.action == {"type": "bid", "entity": 1, "entity_type": "player", "price": 30}


def test_buyer_rows_choose_the_corporation_and_reasons_are_shown(qtbot: Any) -> None:
    merge = _Merge("player", 1, corporations=("B&O", "PRR"))
    dialog = _dialog(qtbot, [merge], [Unusable("bid", "A", "no cash <here>")])
    layout = QVBoxLayout(dialog)
    dialog.buyer_rows(layout, merge, lambda cid: f"<b>{html(cid)}</b>", lambda cid: f"{cid} buys")
    dialog.reasons_row(layout)
    assert dialog.buttons["buyer_B&O"].text() == "B&&O buys"
    assert dialog._pass is None
    dialog.buttons["buyer_PRR"].click()
    assert dialog.action == {"type": "merge", "entity": 1, "entity_type": "player", "corporation": "PRR"}
    assert html("a<b>&") == "a&lt;b&gt;&amp;"
