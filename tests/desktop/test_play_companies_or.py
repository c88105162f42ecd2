"""Buying a private company into the operating corporation: the "Buy a private..." dialog built from the
legal moves, with the price limited to the legal range."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtTest import QTest

from desktop.controllers.companies_or import CompaniesController
from engine.record import GameRecord
from tests.desktop.play_helpers import fixture_path
from tests.desktop.play_or_helpers import window_at

#: how far above the most allowed a price is typed in the refusal checks
TYPED_OVER = 700


def first_buy_company(title: str, name: str) -> int:
    record = GameRecord.load(fixture_path(title, name))
    found = [i for i, a in enumerate(record.actions) if a.get("type") == "buy_company"]
    if not found:
        pytest.skip("no buy_company")
    return found[0]


@pytest.mark.parametrize(("title", "name"), [("1830", "26855.json"), ("1889", "314.json")])
def test_buy_a_private_at_a_price_in_range(qtbot: Any, tmp_path: Path, title: str, name: str) -> None:
    window, action = window_at(qtbot, tmp_path, title, name, first_buy_company(title, name))
    controller = window.play.controller(CompaniesController)
    assert "buy_company" in window.action_bar.buttons
    window.action_bar.buttons["buy_company"].click()
    dialog = controller.dialog
    assert dialog is not None
    assert dialog.select(action["company"])
    move = dialog.selected()
    assert move is not None and move.min_price <= action["price"] <= move.max_price
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
    assert (made["type"], made["company"], made["price"]) == ("buy_company", action["company"], action["price"])


def test_no_private_button_when_no_purchase_is_legal(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, "1830", "26855.json", 54)  # NYC buys trains, phase 2
    moves = window.play.moves
    assert moves is not None and not moves.of_type("buy_company")
    assert "buy_company" not in window.action_bar.buttons
