"""Tile laying by drag and drop and by clicks (real drag events sent to the map view's viewport)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from desktop.controllers.track import TrackController
from desktop.panels.tile_tray import TILE_MIME, tile_mime
from tests.desktop.play_helpers import click, drag, hex_pos, window_before


def setup(qtbot: Any, tmp_path: Path) -> tuple[Any, TrackController, dict[str, Any]]:
    window, action = window_before(qtbot, tmp_path, "1889", "314.json", "lay_tile")
    assert window.play is not None
    track = window.play.controller(TrackController)
    assert track is not None and track.lays
    return window, track, action


def test_tray_drag_source_carries_the_tile_and_unusable_tiles_are_stamped(qtbot: Any, tmp_path: Path) -> None:
    window, _track, action = setup(qtbot, tmp_path)
    tray = window.tile_tray
    name = str(action["tile"]).split("-")[0]
    item = tray.item_for(name)
    assert item is not None and item.flags() & Qt.ItemFlag.ItemIsDragEnabled
    mime = tray.mimeData([item])
    assert bytes(mime.data(TILE_MIME).data()).decode() == name
    unusable = [e for e in tray.entries if e.reason is not None]
    assert unusable, "a game start has tiles of later phases"
    first = tray.item_for(unusable[0].name)
    assert first is not None and not first.flags() & Qt.ItemFlag.ItemIsDragEnabled
    assert unusable[0].reason in first.toolTip()


def test_drop_on_a_legal_hex_shows_a_ghost_and_the_check_mark_lays_it(qtbot: Any, tmp_path: Path) -> None:
    window, track, action = setup(qtbot, tmp_path)
    session = window.session
    before = len(session.record.actions)
    name, hex_id = str(action["tile"]).split("-")[0], action["hex"]
    assert drag(window, tile_mime(name), hex_pos(window, hex_id))
    assert track.pending is not None and track.pending.move.hex == hex_id
    assert track.ghost is not None and track.ghost.scene() is window.map_scene
    assert track.pending.rotation in track.pending.move.rotations
    assert len(session.record.actions) == before  # nothing laid until confirmed
    assert "lay_confirm" in window.action_bar.buttons
    click(window, window.map_view.mapFromScene(track.mark.scenePos()))
    assert len(session.record.actions) == before + 1
    made = session.record.actions[-1]
    assert (made["type"], made["hex"], made["tile"].split("-")[0]) == ("lay_tile", hex_id, name)
    assert track.ghost is None


def test_a_hex_that_cannot_take_the_tile_refuses_the_drop_and_says_why(qtbot: Any, tmp_path: Path) -> None:
    window, track, action = setup(qtbot, tmp_path)
    name = str(action["tile"]).split("-")[0]
    legal = set(track.hexes_for(name))
    other = next(h.hex_id for h in window.map_scene.hex_items() if h.hex_id not in legal)
    messages: list[str] = []
    track.message.connect(messages.append)
    before = len(window.session.record.actions)
    assert not drag(window, tile_mime(name), hex_pos(window, other))
    assert track.pending is None and track.ghost is None
    assert messages
    assert other in messages[-1] or "cannot" in messages[-1]
    assert window.map_view.drag_reason
    assert len(window.session.record.actions) == before


def test_dragging_lights_the_hexes_that_can_take_the_tile(qtbot: Any, tmp_path: Path) -> None:
    window, track, action = setup(qtbot, tmp_path)
    name = str(action["tile"]).split("-")[0]
    drag(window, tile_mime(name), hex_pos(window, action["hex"]), drop=False)
    lit = {h.hex_id for h in window.map_scene.hex_items() if h._outline is not None}
    assert set(track.hexes_for(name)) <= lit


def test_click_a_hex_pick_a_tile_click_again_to_rotate_through_legal_rotations_only(qtbot: Any, tmp_path: Path) -> None:
    window, track, action = setup(qtbot, tmp_path)
    name, hex_id = str(action["tile"]).split("-")[0], action["hex"]
    click(window, hex_pos(window, hex_id))
    assert track.selected_hex == hex_id
    track.choose_tile(name)  # what a click on the tray's tile reports
    assert track.pending is not None
    legal = track.pending.move.rotations
    seen = [track.pending.rotation]
    for _ in range(len(legal)):
        click(window, hex_pos(window, hex_id))
        seen.append(track.pending.rotation)
    assert set(seen) == set(legal) and seen[0] == seen[-1]
    track.cancel()
    assert track.pending is None and track.ghost is None


def test_no_drop_is_taken_when_viewing_the_past(qtbot: Any, tmp_path: Path) -> None:
    window, track, action = setup(qtbot, tmp_path)
    window.session.step(-1)
    name = str(action["tile"]).split("-")[0]
    assert not drag(window, tile_mime(name), hex_pos(window, action["hex"]))
    assert track.pending is None
    assert not window.tile_tray.isEnabled()


def test_a_hex_that_takes_no_tile_says_the_reason_the_legal_moves_give(qtbot: Any, tmp_path: Path) -> None:
    """Not "No tile can be laid on D3 now by KO" but why: not reached by KO's track, an off-board, blocked by a
    private company, or the tiles' own refusals (phase, cost)."""
    _window, track, action = setup(qtbot, tmp_path)
    name = str(action["tile"]).split("-")[0]
    assert track.moves is not None
    hex_reasons = {u.hex: u.reason for u in track.moves.unusable if u.kind == "hex"}
    unreached = next(h for h, r in hex_reasons.items() if "not reached" in r)
    assert track.lay_refusal(name, unreached) == f"{unreached} is not reached by KO's track"
    offboard = next(h for h, r in hex_reasons.items() if r.endswith("takes no tile"))
    assert track.lay_refusal(name, offboard) == f"{offboard} takes no tile"
    assert track.lay_refusal(name, "K4") == "K4 is blocked by Takamatsu E-Railroad"
