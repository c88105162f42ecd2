"""Powers that act on a hex, by gesture (desktop/controllers/power_drop.py): 18ZOO's Hole is a card in the action
bar; pressing it frames the R areas it can join, dropping it on one assigns it there (the file's action), and a drop
elsewhere is refused with the reason before anything changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.controllers.power_drop import TARGET_COLOR, PowerCard, PowerDropController
from tests.desktop.play_helpers import drag, hex_pos
from tests.desktop.play_or_helpers import window_at

FOLDER = "18ZOOMapA"
GAME = "or_power.hole.json"
POSITION = 19  # LI's president assigns the Hole to I19


def _card(window: Any, company: str) -> PowerCard:
    cards = [w for w in window.action_bar.tools.get("power", []) if isinstance(w, PowerCard)]
    found = next((c for c in cards if c.payload["entity"] == company), None)
    assert found is not None, [c.payload for c in cards]
    return found


def test_the_hole_dropped_on_an_r_area(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, FOLDER, GAME, POSITION)
    assert (action["type"], action["entity"], action["target"]) == ("assign", "HOLE", "I19")
    controller = window.play.controller(PowerDropController)
    card = _card(window, "HOLE")
    QTest.mousePress(card, Qt.MouseButton.LeftButton)
    QTest.mouseRelease(card, Qt.MouseButton.LeftButton)
    framed = window.map_scene.item_for_hex("I19")
    assert controller.lit == "HOLE" and framed is not None and framed._outline is not None
    assert framed._outline.name().lower() == TARGET_COLOR.lower()
    before = len(window.session.record.actions)
    # a city is no R area: refused during the drag, nothing played
    messages: list[str] = []
    controller.message.connect(messages.append)
    assert not drag(window, card.mime(), hex_pos(window, "K9"), drop=False)
    assert messages and "cannot go to K9" in messages[-1]
    assert len(window.session.record.actions) == before
    assert drag(window, card.mime(), hex_pos(window, "I19"))
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert {k: made[k] for k in ("type", "entity", "target", "target_type")} == {
        k: action[k] for k in ("type", "entity", "target", "target_type")}
    assert window.session.live.hex_by_id("I19").assigned("HOLE")
    # the second R area (the file's next action): I19 is taken, C17 is dropped on; then the Hole is used up
    card = _card(window, "HOLE")
    assert not drag(window, card.mime(), hex_pos(window, "I19"), drop=False)
    assert drag(window, card.mime(), hex_pos(window, "C17"))
    assert window.session.record.actions[-1]["target"] == "C17"
    assert "HOLE" not in [c.payload["entity"] for c in window.action_bar.tools.get("power", [])]
    assert all(item._outline is None or item._outline.name().lower() != TARGET_COLOR.lower()
               for item in window.map_scene.hex_items())


def test_two_passes_of_one_step_say_whose(qtbot: Any, tmp_path: Path) -> None:
    """18ZOO's powers step after the trains: the family and its president may each pass; the two buttons name
    them (they read the same before)."""
    window, _action = window_at(qtbot, tmp_path, FOLDER, "153535.json", 36)
    buttons = window.action_bar.buttons
    texts = sorted(buttons[k].text() for k in ("pass", "pass1"))
    president = window.session.live.player_by_id(11104).name
    assert texts == sorted(["Skip (Buy Powers): PB", f"Skip (Buy Powers): {president}"])


def test_the_power_draft_says_draft(qtbot: Any, tmp_path: Path) -> None:
    """18ZOO's powers are drafted at their price, not auctioned: the bar's button and the panel say so."""
    from desktop.controllers.auction import AuctionController

    window, _action = window_at(qtbot, tmp_path, FOLDER, "153535.json", 0)
    controller = window.play.controller(AuctionController)
    assert controller.moves is not None and controller.label(controller.moves) == "Choose in the draft"
    assert window.action_bar.buttons["auction"].text() == "Choose in the draft"
    assert controller.dialog is not None and controller.dialog.panel_heading.startswith("Draft: ")
