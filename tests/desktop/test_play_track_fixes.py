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
