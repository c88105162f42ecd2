"""Every tile of a later phase's colour is stamped "later phase" in the tray, whatever hexes the operator
reaches (the engine gives a reason only for tiles some reached hex would take)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from desktop.controllers.track import _idle_reason
from desktop.panels.tile_tray import _short
from tests.desktop.play_or_helpers import window_at

NAME = "10264.json"


@pytest.mark.parametrize("index", [33, 36])  # MS (Detroit reached: green upgrades have a reason), then Big 4
def test_green_tiles_in_the_yellow_phase_are_all_stamped_later_phase(qtbot: Any, tmp_path: Path, index: int) -> None:
    window, action = window_at(qtbot, tmp_path, "1846", NAME, index)
    assert action["type"] == "lay_tile"
    game = window.session.live  # type: ignore[union-attr]
    assert list(game.phase.tiles) == ["yellow"]
    green = [e for e in window.tile_tray.entries if str(e.tile.color) == "green"]
    assert green, "the tray shows the green tiles"
    for entry in green:
        assert entry.reason is not None and _short(entry.reason) == "later phase", (entry.name, entry.reason)


def test_a_tile_of_the_phase_that_fits_nowhere_is_not_said_to_wait_for_a_later_phase() -> None:
    class Phase:
        tiles = ["yellow", "green"]

    class Game:
        phase = Phase()

    class Tile:
        color = "green"

    assert _idle_reason(Game(), "14", Tile()) == "cannot be laid anywhere now"
    Phase.tiles = ["yellow"]
    assert _idle_reason(Game(), "14", Tile()) == "tile 14 (green) is not available before a later phase"


def test_unlimited_tiles_are_labelled_endless_not_one_left(qtbot: Any, tmp_path: Path) -> None:
    """1846's 7, 8 and 9 are unlimited: the supply holds one copy at a time, which the tray showed as "(1)"."""
    window, _action = window_at(qtbot, tmp_path, "1846", NAME, 33)
    tray = window.tile_tray
    labels = {tray.item(row).data(Qt.ItemDataRole.UserRole): tray.item(row).text() for row in range(tray.count())}
    for name in ("7", "8", "9"):
        assert labels[name] == f"{name} (\u221e)"
    assert labels["5"] == f"5 ({sum(1 for t in window.session.live.tiles if t.name == '5' and t.hex is None)})"
