"""The tray's tile pictures are drawn once per tile definition, stamp and size, not at every refill (the tray is
refilled after every action; drawing its dozen tiles each time was most of a click's cost)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6")

from engine import build_game
from engine.record import GameRecord


def _supply(title: str) -> list[Any]:
    game = build_game(GameRecord.from_dict({"id": 1, "title": title, "players": [
        {"id": i, "name": n} for i, n in enumerate("ABCD", 1)], "actions": []}))
    return list(game.tiles)


def test_a_tile_picture_is_drawn_once_and_reused(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop.panels import tile_tray

    monkeypatch.setattr(tile_tray, "_PIXMAPS", type(tile_tray._PIXMAPS)())
    drawn: list[str] = []
    real = tile_tray._draw_tile_pixmap
    monkeypatch.setattr(tile_tray, "_draw_tile_pixmap",
                        lambda tile, *a: drawn.append(tile.name) or real(tile, *a))
    tiles = _supply("1830")
    first, twin = next((a, b) for a in tiles for b in tiles if a is not b and a.name == b.name)
    other = next(t for t in tiles if t.name != first.name)
    picture = tile_tray.tile_pixmap(first, "pointy")
    assert tile_tray.tile_pixmap(twin, "pointy").cacheKey() == picture.cacheKey()  # another copy: same picture
    assert drawn == [first.name]
    # what changes the picture is drawn anew: a stamp, the layout, another tile
    assert tile_tray.tile_pixmap(first, "pointy", "later phase").cacheKey() != picture.cacheKey()
    assert tile_tray.tile_pixmap(first, "flat").cacheKey() != picture.cacheKey()
    assert tile_tray.tile_pixmap(other, "pointy").cacheKey() != picture.cacheKey()
    assert drawn == [first.name, first.name, first.name, other.name]


def test_the_picture_cache_is_bounded(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop.panels import tile_tray

    monkeypatch.setattr(tile_tray, "_PIXMAPS", type(tile_tray._PIXMAPS)())
    monkeypatch.setattr(tile_tray, "_PIXMAPS_KEPT", 3)
    for tile in {t.name: t for t in _supply("1830")}.values():
        tile_tray.tile_pixmap(tile, "pointy", size=20)
    assert len(tile_tray._PIXMAPS) == 3
