"""Tile-laying fixes.  The lay_tile gestures of 1830/26855's upgrade to 59 on E11 (an OO hex; four legal rotations) produce the
file's action.  It used to fall back: in the bench's unshown window the whole map was a few pixels wide and the
check mark smaller than a pixel, so the click missed it; the drivers now zoom in before aiming, as a player does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.gui_drivers import load
from tests.desktop.play_or_helpers import window_at


def test_the_e11_upgrade_is_laid_through_the_gestures(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "1830", "26855.json", 289)
    assert (action["hex"], action["tile"]) == ("E11", "59-0")
    before = len(window.session.record.actions)
    load()["lay_tile"](window, dict(action))
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["hex"], made["tile"], made["rotation"]) == ("E11", "59-0", action["rotation"])


def test_an_unlimited_tile_lays_its_newest_copy(qtbot: Any, tmp_path: Path) -> None:
    # 1846/10264 action 98: tile 8 (unlimited) has copies 8-0 and 8-4 in the supply; the game names 8-4
    from desktop.controllers.track import TrackController
    from desktop.panels.tile_tray import tile_mime
    from tests.desktop.play_helpers import drag
    from tests.desktop.play_or_helpers import view_point

    window, action = window_at(qtbot, tmp_path, "1846", "10264.json", 98)
    track = window.play.controller(TrackController)
    assert "8" in window.session.live.unlimited_tiles
    item = window.map_scene.item_for_hex(action["hex"])
    assert drag(window, tile_mime("8"), view_point(window, item.pos()))
    assert track.pending is not None and len(track.pending.move.tile_ids) > 1
    while track.pending.rotation != action["rotation"]:
        track.rotate(1)
    before = len(window.session.record.actions)
    assert track.confirm()
    assert len(window.session.record.actions) == before + 1
    assert window.session.record.actions[-1]["tile"] == action["tile"] == "8-4"


def test_which_copy_a_lay_names() -> None:
    from desktop.controllers.track import copy_to_name
    from engine.moves.track import LayTileMove

    move = LayTileMove("corporation", "B&O", hex="H6", tile="9", tile_ids=("9-0", "9-5"), rotations=(0,), costs=(0,))
    rising = [{"type": "lay_tile", "tile": "9-3"}, {"type": "lay_tile", "tile": "9-4"}]
    assert copy_to_name(move, {"9"}, rising) == "9-5"  # the game always named the newest copy
    falling = [{"type": "lay_tile", "tile": "9-3"}, {"type": "lay_tile", "tile": "9-1"}]
    assert copy_to_name(move, {"9"}, falling) == "9-0"  # the game names the first copy of the supply
    assert copy_to_name(move, set(), rising) == "9-0"  # a limited tile: the first copy
    undone = [{"type": "lay_tile", "tile": "9-3", "id": 1}, {"type": "lay_tile", "tile": "9-1", "id": 2},
              {"type": "undo", "id": 3}]
    assert copy_to_name(move, {"9"}, undone) == "9-5"  # an undone lay shows nothing
    # a dated game follows its date's convention: the newest copy before March 2021, the first copy since
    assert copy_to_name(move, {"9"}, rising, created_at=1_735_605_783) == "9-0"
    assert copy_to_name(move, {"9"}, rising, created_at=1_600_645_101) == "9-5"
    # a title whose tiles were unlimited on the site from its start names the first copy, dated or not
    assert copy_to_name(move, {"9"}, rising, created_at=1_600_645_101, first_copy_since=0) == "9-0"
    assert copy_to_name(move, {"9"}, rising, first_copy_since=0) == "9-0"


def test_the_date_of_a_file() -> None:
    from desktop.controllers.track import record_created_at

    assert record_created_at({"created_at": 1735605783}) == 1735605783
    assert record_created_at({"created_at": "2021-03-21T00:00:00Z"}) == 1616284800
    assert record_created_at({"created_at": "soon"}) is None and record_created_at({}) is None


def test_a_2024_game_names_the_first_copy_of_an_unlimited_tile(qtbot: Any, tmp_path: Path) -> None:
    # 18ChesapeakeOfftheRails_game_end_bank action 195: copies 8-0 (back from I3) and 8-4; the file names 8-0, the
    # first time the game shows its convention (it used to fall back: "the GUI lays copy 8-4")
    from desktop.controllers.track import TrackController

    window, action = window_at(qtbot, tmp_path, "18ChesapeakeOfftheRails",
                               "18ChesapeakeOfftheRails_game_end_bank.json", 195)
    track = window.play.controller(TrackController)
    move = next(m for m in track.lays if m.tile == "8" and m.hex == action["hex"])
    assert set(move.tile_ids) >= {"8-0", "8-4"}
    assert track.copy_for(move) == action["tile"] == "8-0"


def test_a_game_that_names_the_first_copy_keeps_doing_so(qtbot: Any, tmp_path: Path) -> None:
    # 1846/1846_game_end_reason_all_closed action 293: tile 9 has several supply copies; the game names 9-4
    from desktop.controllers.track import TrackController

    window, action = window_at(qtbot, tmp_path, "1846", "1846_game_end_reason_all_closed.json", 293)
    track = window.play.controller(TrackController)
    move = next(m for m in track.lays if m.tile == "9" and m.hex == action["hex"])
    assert len(move.tile_ids) > 1 and max(move.tile_ids, key=lambda t: int(t.rsplit("-", 1)[1])) != action["tile"]
    assert track.copy_for(move) == action["tile"]


def test_an_1817_game_of_2020_names_the_first_copy_of_an_unlimited_tile(qtbot: Any, tmp_path: Path) -> None:
    # 1817/15528 (November 2020) action 413: copies 8-3 (back from E6) and 8-12; the file names 8-3, its first
    # reuse of a copy (the date's convention gave the newest: "the GUI lays copy 8-12").  1817's tiles were
    # unlimited on the site from the start, so its files name the first copy of the supply.
    from desktop.controllers.track import TrackController

    window, action = window_at(qtbot, tmp_path, "1817", "15528.json", 413)
    track = window.play.controller(TrackController)
    move = next(m for m in track.lays if m.tile == "8" and m.hex == action["hex"])
    assert set(move.tile_ids) >= {"8-3", "8-12"}
    assert track.copy_for(move) == action["tile"] == "8-3"
