"""18ZOO's last gesture gaps found by ``bench/play_through_gui.py`` (issue 25): every real game now plays through
the gestures with no fallback to ``session.submit``.

- A power bought in a stock turn (a player buys it from the bank at its value): the stock-turn dialog's
  "Buy <power> for $n" button (18ZOOMapA/153535, action 3).
- Whatsup written with fewer fields than the site's options today (an early file names the family and the train,
  not the variant and the price): its card dropped on the depot's train makes the option the file names.
- A tile's copy: the river tiles are the backs of the plain ones, so the GUI names the copy the site does (8-2
  after X8-0 and X8-1 were laid).
- A click on a stop while a route is drawn adds the stop even where a power could lay a tile then (Rabbits in
  the routes step); the lay starts from the tray instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.gui_drivers import NotPlayable, load
from desktop.controllers.routes import RoutesController
from desktop.controllers.track import TrackController
from tests.desktop.play_or_helpers import window_at

MAP_B = "18ZOOMapB_game_end_fixed_round.json"


def _made(window: Any, before: int) -> dict[str, Any]:
    assert len(window.session.record.actions) == before + 1
    return dict(window.session.record.actions[-1])


def test_a_power_is_bought_in_a_stock_turn_by_the_dialogs_button(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "18ZOOMapA", "153535.json", 3)
    assert action["type"] == "buy_company" and action["entity_type"] == "player"
    assert "buy_company" not in window.action_bar.buttons  # no operating-round purchase here
    before = len(window.session.record.actions)
    load()["buy_company"](window, dict(action))
    made = _made(window, before)
    assert (made["company"], made["price"], made["entity"]) == (action["company"], action["price"], action["entity"])


def test_whatsup_named_by_its_family_and_train_is_played_by_dropping_its_card(qtbot: Any, tmp_path: Path) -> None:
    from bench.play_through_gui import same_action

    window, action = window_at(qtbot, tmp_path, "18ZOOMapA", "18.json", 22)
    assert action["choice"] == {"type": "whatsup", "corporation_id": "GI", "train_id": "3S-0"}
    moves = window.play.moves
    before = len(window.session.record.actions)
    load()["choose_ability"](window, dict(action))
    made = _made(window, before)
    assert made["entity"] == "WHATSUP"
    assert {k: made["choice"][k] for k in action["choice"]} == action["choice"]
    assert made["choice"]["variant"] == "3S"  # the full option the engine lists
    assert same_action(action, made, window.session.live, moves) is None  # the same move, written in full


def test_the_tile_copy_laid_is_the_one_the_site_names(qtbot: Any, tmp_path: Path) -> None:
    from engine.core.history import filter_actions
    from engine.record import GameRecord
    from tests.desktop.play_helpers import fixture_path

    actions = GameRecord.load(fixture_path("18ZOOMapB", MAP_B)).actions
    kept, _ = filter_actions(actions)
    index = next(i for i, a in enumerate(kept) if a is not None and a.get("tile") == "8-2")
    window, action = window_at(qtbot, tmp_path, "18ZOOMapB", MAP_B, index)
    before = len(window.session.record.actions)
    load()["lay_tile"](window, dict(action))
    made = _made(window, before)
    assert (made["tile"], made["hex"], made["rotation"]) == ("8-2", action["hex"], action["rotation"])


def test_a_route_click_is_not_taken_for_a_powers_lay(qtbot: Any, tmp_path: Path) -> None:
    """Map B action 76: PB runs while RABBITS may upgrade N11; clicking N11 adds it to the route."""
    window, action = window_at(qtbot, tmp_path, "18ZOOMapB", MAP_B, 76)
    track = window.play.controller(TrackController)
    assert track.lays and track.moves_for("N11")  # Rabbits could upgrade N11 now
    routes = window.play.controller(RoutesController)
    qtbot.waitUntil(lambda: not routes.computing, timeout=120_000)
    before = len(window.session.record.actions)
    load()["run_routes"](window, dict(action))
    made = _made(window, before)
    assert made["routes"][0]["connections"] == action["routes"][0]["connections"]
    assert track.pending is None and track.selected_hex is None


def test_a_pass_by_someone_not_acting_is_left_to_the_file(qtbot: Any, tmp_path: Path) -> None:
    """18ZOOMapA/17 action 23: Player 2 passes while GI's powers step waits; the step takes a pass from anyone,
    the table offers it to whoever acts: the driver says so (the bench applies it as loaded)."""
    import pytest

    window, action = window_at(qtbot, tmp_path, "18ZOOMapA", "17.json", 23)
    assert action["entity"] == "Player 2"
    with pytest.raises(NotPlayable):
        load()["pass"](window, dict(action))


def test_the_stock_dialog_shows_a_powers_card_before_buying(qtbot: Any, tmp_path: Path) -> None:
    from bench.gui_drivers.auction import open_from_bar

    window, action = window_at(qtbot, tmp_path, "18ZOOMapA", "153535.json", 3)
    dialog = open_from_bar(window, "stock")
    key = next(k for k in dialog.buttons if k.startswith(f"company_{action['company']}_"))
    button = dialog.buttons[key]
    assert button.text().startswith("Buy Days off for")
    assert "When: a stock round" in button.toolTip() and "reputation mark" in button.toolTip()
    dialog.reject()
