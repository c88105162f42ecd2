"""Trains: the "Buy train..." bar button opens a dialog built from the legal moves (depot price fixed, a price
range for a train from another corporation, the phase and rust schedule shown), "Discard a train..." over the
limit, and bankruptcy (two clicks) when the rules allow it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.controllers.trains import TrainsController
from desktop.dialogs.trains import BuyTrainDialog, DiscardTrainDialog
from engine.moves.trains import BuyTrainMove
from tests.desktop.play_or_helpers import window_at

# 1830/26855: 54 NYC buys its first 2 train from the depot; 322 NYNH buys a 4 from another corporation for $1;
# 267 a discard over the train limit; 587 ERIE's bankruptcy
NAME = "26855.json"

#: how far above the most allowed a price is typed in the refusal checks
TYPED_OVER = 700


def open_trains(qtbot: Any, tmp_path: Path, index: int) -> tuple[Any, TrainsController, Any, dict[str, Any]]:
    window, action = window_at(qtbot, tmp_path, "1830", NAME, index)
    assert window.play is not None
    trains = window.play.controller(TrainsController)
    assert "trains" in window.action_bar.buttons
    window.action_bar.buttons["trains"].click()
    assert trains.dialog is not None
    return window, trains, trains.dialog, action


def test_depot_train_at_its_fixed_price_with_the_schedule_shown(qtbot: Any, tmp_path: Path) -> None:
    window, trains, dialog, action = open_trains(qtbot, tmp_path, 54)
    assert isinstance(dialog, BuyTrainDialog)
    schedule = dialog.findChild(type(dialog.range_note), "schedule")
    assert schedule is not None
    text = schedule.text()
    assert "Phase" in text and "rusts when a" in text and "train limit" in text
    assert dialog.select(action["train"], action.get("variant"))
    move = dialog.selected()
    assert move is not None and move.source == "depot" and move.min_price == move.max_price
    assert not dialog.price.isEnabled() and dialog.price.value() == move.min_price
    before = len(window.session.record.actions)
    QTest.mouseClick(dialog.buy_button, Qt.MouseButton.LeftButton)
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["train"], made["price"]) == ("buy_train", action["train"], action["price"])
    assert trains.dialog is None


def test_train_from_another_corporation_takes_a_price_within_the_legal_range(qtbot: Any, tmp_path: Path) -> None:
    window, _trains, dialog, action = open_trains(qtbot, tmp_path, 322)
    assert dialog.select(action["train"])
    move = dialog.selected()
    assert isinstance(move, BuyTrainMove) and move.source not in ("depot", "discard")
    assert move.min_price < move.max_price
    assert dialog.price.isEnabled()
    assert (dialog.price.low, dialog.price.high) == (move.min_price, move.max_price)
    dialog.price.selectAll()
    QTest.keyClicks(dialog.price, str(move.max_price + TYPED_OVER))
    dialog.price.interpretText()
    # a typed price out of range is refused as typed, with the range, and nothing is bought (it was clamped)
    before = len(window.session.record.actions)
    dialog.buy_button.click()
    assert len(window.session.record.actions) == before and dialog.action is None
    assert str(move.max_price + TYPED_OVER) in dialog.range_note.text().replace(",", "")
    dialog.price.setValue(action["price"])
    dialog.buy_button.click()
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["train"], made["price"]) == (action["train"], action["price"])


def test_cancel_changes_nothing(qtbot: Any, tmp_path: Path) -> None:
    window, trains, dialog, _action = open_trains(qtbot, tmp_path, 54)
    before = len(window.session.record.actions)
    dialog.reject()
    assert len(window.session.record.actions) == before
    assert trains.dialog is None


def test_discard_over_the_train_limit(qtbot: Any, tmp_path: Path) -> None:
    window, _trains, dialog, action = open_trains(qtbot, tmp_path, 267)
    assert isinstance(dialog, DiscardTrainDialog)
    assert window.action_bar.buttons["trains"].text().startswith("Discard")
    assert set(dialog.buttons) == {m.train for m in dialog.discards}
    before = len(window.session.record.actions)
    dialog.buttons[action["train"]].click()
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["train"]) == ("discard_train", action["train"])


def test_bankruptcy_needs_a_second_click_and_unaffordable_trains_say_why(qtbot: Any, tmp_path: Path) -> None:
    window, _trains, dialog, action = open_trains(qtbot, tmp_path, 587)
    assert dialog.bankrupt_button is not None
    disabled = [dialog.list.item(i) for i in range(dialog.list.count())
                if not dialog.list.item(i).flags() & Qt.ItemFlag.ItemIsEnabled]
    assert disabled and all(item.toolTip() for item in disabled)
    before = len(window.session.record.actions)
    dialog.bankrupt_button.click()
    assert len(window.session.record.actions) == before  # armed, not yet declared
    assert "Confirm" in dialog.bankrupt_button.text()
    dialog.bankrupt_button.click()
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["entity"]) == ("bankrupt", action["entity"])


def test_no_train_button_outside_a_train_step(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, "1830", NAME, 90)  # NYNH places a token
    assert "trains" not in window.action_bar.buttons


def test_a_train_that_rusts_others_or_starts_a_phase_says_so_in_its_row(qtbot: Any, tmp_path: Path) -> None:
    # 1830/26855 action 165: the first 4 train (rusts the 2s, starts phase 4)
    _window, _trains, dialog, action = open_trains(qtbot, tmp_path, 165)
    assert dialog.select(action["train"])
    row = dialog.list.currentItem().text()
    assert "rusts every 2 train" in row and "starts phase 4" in row


def test_a_corporation_s_train_is_named_by_its_id(qtbot: Any, tmp_path: Path) -> None:
    _window, _trains, dialog, action = open_trains(qtbot, tmp_path, 322)
    assert dialog.select(action["train"])
    row = dialog.list.currentItem().text()
    assert f"({action['train']})" in row and "from the depot" not in row


def test_emergency_money_is_explained_in_the_bar(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, "1830", NAME, 587)
    hint = window.action_bar.hint.text()
    assert "must buy" in hint and "Sell shares" in hint and "bankruptcy" in hint
    assert "stock" in window.action_bar.buttons and "trains" in window.action_bar.buttons


def test_an_unaffordable_train_is_named_once_with_its_price_in_money(qtbot: Any, tmp_path: Path) -> None:
    """The row read "5 train: the 5 train costs 450; B&O has 310"."""
    _window, _trains, dialog, _action = open_trains(qtbot, tmp_path, 587)
    disabled = [dialog.list.item(i).text() for i in range(dialog.list.count())
                if not dialog.list.item(i).flags() & Qt.ItemFlag.ItemIsEnabled]
    costly = [t for t in disabled if " costs " in t]
    assert costly, disabled
    for text in costly:
        assert text.startswith("The ") and " train costs $" in text and " has $" in text, text
        assert text.count(" train") == 1, text


def test_a_private_companys_discounted_purchase_is_a_row_of_its_corporations_dialog(qtbot: Any,
                                                                                      tmp_path: Path) -> None:
    """18MS 67889: 51 the Mobile & Ohio buys a 3+ train for GMO at $100 off (the action's entity is the private)."""
    window, action = window_at(qtbot, tmp_path, "18MS", "67889.json", 51)
    assert window.play is not None and action["entity"] == "M&O"
    trains = window.play.controller(TrainsController)
    window.action_bar.buttons["trains"].click()
    dialog = trains.dialog
    assert isinstance(dialog, BuyTrainDialog)
    assert dialog.select(action["train"], action.get("variant"), entity="M&O")
    move = dialog.selected()
    assert move is not None and move.entity_type == "company" and move.min_price == action["price"]
    QTest.mouseClick(dialog.buy_button, Qt.MouseButton.LeftButton)
    made = window.session.record.actions[-1]
    assert (made["entity"], made["entity_type"], made["price"]) == ("M&O", "company", action["price"])


def test_each_corporation_that_may_buy_a_train_has_its_button(qtbot: Any, tmp_path: Path) -> None:
    # 1877 Venezuela (bankrupt fixture) action 124: in the stock round both of Player 3's corporations, CLG and
    # M&M, may buy a train; the file's M&M buys the 2 (the single button bought for CLG: the play-through stopped)
    window, action = window_at(qtbot, tmp_path, "1877Venezuela", "1877Venezuela_game_end_bankrupt.json", 124)
    trains = window.play.controller(TrainsController)
    buttons = window.action_bar.buttons
    assert (action["entity"], action["train"]) == ("M&M", "2-9")
    assert "trains" in buttons and "trains_M&M" in buttons
    assert buttons["trains"].text() == "Buy train for CLG..."
    buttons["trains_M&M"].click()
    dialog = trains.dialog
    assert isinstance(dialog, BuyTrainDialog) and dialog.windowTitle() == "M&M: buy a train"
    assert dialog.select(action["train"], action.get("variant"))
    before = len(window.session.record.actions)
    QTest.mouseClick(dialog.buy_button, Qt.MouseButton.LeftButton)
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["entity"], made["train"], made["price"]) == ("M&M", "2-9", 100)
