"""Gesture-layer gaps of the 1817 family found by ``bench/play_through_gui.py`` on real games (issue 27).

- 18USA/110327 action 260: the Free Station (S9, a token ability with ``cheater: true``) is placed in a city by
  clicking a taken slot; the site's client then writes the ability's mark as the slot (``slot: cheater ||
  slot_index`` in its city-slot view), so the file says ``"slot": true``.  The GUI named slot 0 and the
  play-through stopped ("slot: wanted True, got 0").
- 1817NA/25351 actions 706, 743, 834, 1006: merger-pass programs in the site's early-2021 form (``corporations``
  passed in each of ``rounds``; today's is ``corporations_by_round``, our engine reads both alike).  Action 706
  passes on PW only of the player's four corporations: the program dialog now has the site's box per corporation
  and round (it could only pass on all of them: four fallbacks).  At 743 the acquisition round's loan step shows no
  acquisition panel: the driver opens Game > Programmed actions... (it gave up: "no 'acquisition' button").
- 18USA/109372 action 1520: ATSF scraps its Pullman in the loan step; the desktop had no gesture for
  ``scrap_train`` (a fallback): the action bar now has a button per train that may be scrapped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.gui_drivers import load
from bench.play_through_gui import same_action
from desktop.controllers.token import TokenController
from tests.desktop.play_or_helpers import slot_scene_point, view_point, window_at


def test_a_free_station_dropped_on_a_taken_slot_names_the_site_mark(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "18USA", "110327.json", 260)
    assert (action["type"], action["entity"], action["slot"]) == ("place_token", "S9", True)
    game = window.session.live
    city = game.city_by_id(action["city"])
    assert city.tokens and city.tokens[0] is not None  # the slot the player clicks is taken
    ability = game.ability_rules.abilities(game.company_by_id("S9"), "token")[0]
    assert ability.cheater is True and ability.cheater_mark is True
    tokens = window.play.controller(TokenController)
    assert tokens is not None
    tokens.set_placer(("company", "S9"))
    move = next(m for m in tokens.my_places() if m.city == action["city"])
    point = slot_scene_point(window, move.hex, action["city"], 0)
    view_point(window, point)
    found, slot, reason = tokens.target(move.hex, point)
    assert reason is None and found is not None and slot is True
    before = len(window.session.record.actions)
    load()["place_token"](window, dict(action))
    assert len(window.session.record.actions) == before + 1
    made = dict(window.session.record.actions[-1])
    assert made["slot"] is True
    assert same_action(action, made, game) is None


def test_a_merger_pass_on_some_corporations_is_ticked_in_the_program_dialog(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "1817NA", "25351.json", 706)
    assert (action["corporations"], action["rounds"]) == (["PW"], ["MR", "AR"])
    game = window.session.live
    player = game.player_by_id(action["entity"])
    assert {c.id for c in game.corporations if c.owner is player and c.floated} == {"ME", "PW", "R", "WC"}
    before = len(window.session.record.actions)
    load()["program_merger_pass"](window, dict(action))
    assert len(window.session.record.actions) == before + 1
    made = dict(window.session.record.actions[-1])
    assert made["corporations_by_round"] == {"AR": ["PW"], "MR": ["PW"]}
    assert same_action(action, made, game) is None


def test_a_merger_pass_in_the_loan_step_is_set_in_the_program_dialog(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "1817NA", "25351.json", 743)
    assert window.play.moves.step == "Acquire" and "acquisition" not in window.action_bar.buttons
    before = len(window.session.record.actions)
    load()["program_merger_pass"](window, dict(action))
    assert len(window.session.record.actions) == before + 1
    assert same_action(action, dict(window.session.record.actions[-1]), window.session.live) is None


def test_the_program_dialog_ticks_corporations_by_round(qtbot: Any, tmp_path: Path) -> None:
    from desktop.dialogs.program import ProgramDialog

    window, action = window_at(qtbot, tmp_path, "1817NA", "25351.json", 706)
    dialog = ProgramDialog(window.session.live)
    qtbot.addWidget(dialog)
    dialog.select_player(action["entity"])
    row = dialog.merger_row
    assert row is not None and set(row.boxes) == {(r, c) for r in ("AR", "MR") for c in ("ME", "PW", "R", "WC")}
    assert row.action()["corporations_by_round"] == {"AR": ["ME", "PW", "R", "WC"], "MR": ["ME", "PW", "R", "WC"]}
    row.boxes[("AR", "ME")].setChecked(False)
    row.boxes[("MR", "R")].setChecked(False)
    assert row.action()["corporations_by_round"] == {"AR": ["PW", "R", "WC"], "MR": ["ME", "PW", "WC"]}
    assert not row.tick({"MR": ["NYSW"]})  # not the player's: no box


@pytest.mark.parametrize(
    ("made", "equal"),
    [
        ({"corporations_by_round": {"MR": ["PW", "ME"], "AR": ["ME", "PW"]}}, True),
        ({"corporations_by_round": {"MR": ["PW", "ME"], "AR": []}}, False),
        ({"corporations_by_round": {"MR": ["PW"], "AR": ["ME", "PW"]}}, False),
    ],
)
def test_the_old_merger_pass_form_is_compared_by_what_it_passes(made: dict[str, Any], equal: bool) -> None:
    wanted = {"type": "program_merger_pass", "entity": 1, "corporations": ["ME", "PW"], "rounds": ["MR", "AR"]}
    made = {"type": "program_merger_pass", "entity": 1, "entity_type": "player", "options": [], **made}
    assert (same_action(wanted, made) is None) is equal


def test_a_pullman_is_scrapped_from_the_action_bar(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "18USA", "109372.json", 1520)
    assert (action["type"], action["entity"], action["train"]) == ("scrap_train", "ATSF", "P-3")
    game = window.session.live
    cash = game.corporation_by_id("ATSF").cash
    button = window.action_bar.buttons.get("scrap_train_P-3")
    assert button is not None and button.isEnabled()
    assert "ATSF" in button.text() and "+$50" in button.text()
    before = len(window.session.record.actions)
    button.click()
    assert len(window.session.record.actions) == before + 1
    made = dict(window.session.record.actions[-1])
    assert same_action(action, made, game) is None
    assert window.session.live.corporation_by_id("ATSF").cash == cash + 50
    assert "scrap_train_P-3" not in window.action_bar.buttons
