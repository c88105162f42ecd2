"""Removing a station token (1882's North West Rebellion): the action bar's "Remove token from <hex>" button and
a click on the token's slot both make the engine's ``remove_token`` move; the game then asks where to place it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop.controllers.remove_token import RemoveTokenController
from tests.desktop.play_helpers import click, window_before
from tests.desktop.play_or_helpers import slot_scene_point, view_point

# 1882/10526: HBR buys the NWR private, then moves its token from 57-0-0 (slot 0) to E5.
TITLE, NAME = "1882", "10526.json"


def setup(qtbot: Any, tmp_path: Path) -> tuple[Any, RemoveTokenController, dict[str, Any]]:
    window, action = window_before(qtbot, tmp_path, TITLE, NAME, "remove_token")
    assert window.play is not None
    controller = window.play.controller(RemoveTokenController)
    assert controller is not None
    return window, controller, action


def test_the_bar_offers_each_removable_token_and_the_button_removes_it(qtbot: Any, tmp_path: Path) -> None:
    window, controller, action = setup(qtbot, tmp_path)
    assert any((m.city, m.slot) == (action["city"], action["slot"]) for m in controller.removals)
    move = next(m for m in controller.removals if m.city == action["city"])
    buttons = [b for b in controller.buttons() if b.key.startswith("remove_token")]
    assert len(buttons) == len(controller.removals)
    button = next(b for b in buttons if move.hex in b.label)
    before = len(window.session.record.actions)
    button.callback()
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["entity"], made["city"], made["slot"]) == \
        ("remove_token", action["entity"], action["city"], action["slot"])
    # the NWR now places the token: nothing more to remove
    assert not controller.removals


def test_clicking_the_token_removes_it(qtbot: Any, tmp_path: Path) -> None:
    window, controller, action = setup(qtbot, tmp_path)
    move = next(m for m in controller.removals if m.city == action["city"])
    before = len(window.session.record.actions)
    click(window, view_point(window, slot_scene_point(window, move.hex, move.city, move.slot)))
    assert len(window.session.record.actions) == before + 1
    assert window.session.record.actions[-1]["type"] == "remove_token"


def test_no_removal_is_offered_without_the_ability(qtbot: Any, tmp_path: Path) -> None:
    window, controller, _action = setup(qtbot, tmp_path)
    window.session.undo()
    assert not controller.removals


def test_a_corporation_with_a_neutral_station_chooses_the_token_kind(qtbot: Any, tmp_path: Path) -> None:
    """1882: GT may place its own token or its neutral station; the bar's "Use neutral token" switches."""
    import json

    from desktop.controllers.token import TokenController
    from tests.desktop.play_helpers import fixture_path
    from tests.desktop.play_or_helpers import window_at

    actions = json.loads(fixture_path(TITLE, NAME).read_text())["actions"]
    index = next(i for i, a in enumerate(actions) if a["type"] == "place_token" and a.get("token_type") == "neutral")
    window, action = window_at(qtbot, tmp_path, TITLE, NAME, index)
    assert window.play is not None
    tokens = window.play.controller(TokenController)
    assert tokens.token_types() == ["normal", "neutral"]
    assert tokens.token_type == "normal"
    button = next(b for b in tokens.buttons() if b.key == "token_type_neutral")
    button.callback()
    assert tokens.token_type == "neutral"
    assert {m.token_type for m in tokens.my_places()} == {"neutral"}
    move = next(m for m in tokens.my_places() if m.city == action["city"])
    assert tokens.place(move, action["slot"])
    made = window.session.record.actions[-1]
    assert (made["type"], made.get("token_type"), made["city"]) == ("place_token", "neutral", action["city"])
