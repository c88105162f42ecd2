"""The tile tray (issue 29): rotations offered once per distinct picture (tile 9: one, 57: three), the tiles that
fit first, and never one clipped row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from desktop.controllers.track import TrackController, distinct_pictures
from tests.desktop.play_or_helpers import window_at


def _track(qtbot: Any, tmp_path: Path, index: int) -> tuple[Any, TrackController, dict[str, Any]]:
    window, action = window_at(qtbot, tmp_path, "1830", "26855.json", index)
    assert action["type"] == "lay_tile"
    assert window.play is not None
    return window, window.play.controller(TrackController), action


def test_tray_rotations_tile_57_on_a_city_offers_three_pictures_of_six(qtbot: Any, tmp_path: Path) -> None:
    _window, track, action = _track(qtbot, tmp_path, 51)  # E19, NYC's home: 57 fits all six ways
    move = next(m for m in track.lays if m.hex == action["hex"] and m.tile == "57")
    assert len(move.rotations) == 3
    # the engine's own move still has the six; every one the desktop offers is legal
    raw = next(m for m in track.moves.of_type("lay_tile") if m.hex == action["hex"] and m.tile == "57")
    assert len(raw.rotations) == 6 and set(move.rotations) <= set(raw.rotations)


def test_tray_rotations_tile_9_offers_one_and_rotating_says_it_fits_one_way(qtbot: Any, tmp_path: Path) -> None:
    window, track, action = _track(qtbot, tmp_path, 62)  # H14: a straight, legal at r and r+3
    move = next(m for m in track.lays if m.hex == action["hex"] and m.tile == "9")
    assert len(move.rotations) == 1
    assert track.propose(action["hex"], "9")
    assert track.pending is not None
    text = track._pending_text(track.pending, "")
    assert "of 2" not in text and "fits one way" in text
    # laying it plays a legal rotation
    session = window.session
    before = len(session.record.actions)
    assert track.confirm()
    assert len(session.record.actions) == before + 1
    assert session.record.actions[-1]["rotation"] in (action["rotation"], (action["rotation"] + 3) % 6)


def test_tray_rotations_keep_every_rotation_of_a_tile_whose_cities_could_take_the_tokens_differently() -> None:
    class City:
        def __init__(self, tokens: list[Any]) -> None:
            self.tokens = tokens

    class Tile:
        name = "59"
        hex = None
        cities = [City([]), City([])]

    class Hex:
        tile = type("Old", (), {"cities": [City(["token"]), City([])]})()

    class Game:
        tiles = [Tile()]

        def hex_by_id(self, _hex: str) -> Any:
            return Hex()

    from engine.moves.track import LayTileMove

    move = LayTileMove(entity="X", entity_type="corporation", hex="A1", tile="59", tile_ids=("59-0",),
                       rotations=(0, 3), costs=(0, 0))
    assert distinct_pictures(Game(), move) is move


def test_tray_puts_the_tiles_that_fit_the_chosen_hex_first(qtbot: Any, tmp_path: Path) -> None:
    window, track, action = _track(qtbot, tmp_path, 62)
    assert track.handle_click(action["hex"], None)  # type: ignore[arg-type]
    tray = window.tile_tray
    fits = {m.tile for m in track.moves_for(action["hex"])}
    names = [tray.item(row).data(Qt.ItemDataRole.UserRole) for row in range(tray.count())]
    first = names[:len(fits)]
    assert set(first) == fits, names
    # and the unusable ones come last
    usable = set(tray.usable_names())
    seen_unusable = False
    for name in names:
        if name not in usable:
            seen_unusable = True
        else:
            assert not seen_unusable, names


def test_tray_is_never_shorter_than_one_row_of_tiles(qtbot: Any, tmp_path: Path) -> None:
    window, _track_c, _action = _track(qtbot, tmp_path, 62)
    window.show()
    qtbot.waitExposed(window)
    tray, dock = window.tile_tray, window.docks["tile_tray"]
    assert tray.count() > 0
    # a layout (saved elsewhere, or the dock dragged by hand) asks for a 40-pixel tray
    window.resizeDocks([dock], [40], Qt.Orientation.Vertical)
    qtbot.wait(20)
    assert tray.height() >= tray.gridSize().height()
