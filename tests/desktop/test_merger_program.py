"""The merger-pass program set from the merger and acquisition panels (``program_merger_pass``), on a real
18 Hiawatha game: the button makes the site's action for the player whose corporation is on the table."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from engine import load_game
from engine.moves import check_action, legal_moves
from tests.conftest import FIXTURES

GAME = FIXTURES / "18Hiawatha" / "164606.json"


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    import json

    if not GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    return dict(json.loads(GAME.read_text()))


def test_the_conversion_panel_sets_the_programs_the_site_recorded(qtbot: Any, raw: dict[str, Any]) -> None:
    from desktop.dialogs.merger import MergerDialog

    position = next(i for i, a in enumerate(raw["actions"]) if a["type"] == "program_merger_pass")
    wanted = {k: v for k, v in raw["actions"][position].items() if k not in ("id", "created_at", "auto_actions")}
    game = load_game(raw, upto=position)
    dialog = MergerDialog(game, legal_moves(game))
    qtbot.addWidget(dialog)
    assert dialog.program_row is not None and "merger" in dialog.program_row.button.text()
    QTest.mouseClick(dialog.program_row.button, Qt.MouseButton.LeftButton)
    assert dialog.action == wanted  # {"AR": ["J"], "MR": ["J"]}, no options
    dialog.action = None
    dialog.program_row.others_box.setChecked(True)
    QTest.mouseClick(dialog.program_row.button, Qt.MouseButton.LeftButton)
    assert dialog.action == {**wanted, "options": ["disable_others"]}
    check_action(game, dialog.action)


def test_the_acquisition_panel_offers_it_to_the_president_asked_to_offer(qtbot: Any, raw: dict[str, Any]) -> None:
    from desktop.dialogs.acquisition import AcquisitionDialog

    game = load_game(raw, upto=181)  # 2006 may offer a corporation for sale
    moves = legal_moves(game)
    assert moves.step == "Acquire" and moves.acting == [("player", 2006)]
    dialog = AcquisitionDialog(game, moves)
    qtbot.addWidget(dialog)
    assert dialog.program_row is not None
    QTest.mouseClick(dialog.program_row.button, Qt.MouseButton.LeftButton)
    action = dialog.action
    assert action is not None and action["type"] == "program_merger_pass" and action["entity"] == 2006
    assert set(action["corporations_by_round"]) == {"AR", "MR"} and dialog.corporation.id in (
        action["corporations_by_round"]["AR"])
    check_action(game, action)
