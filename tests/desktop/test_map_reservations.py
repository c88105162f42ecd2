"""Reserved slots and icons naming a corporation, drawn as the reference draws them (desktop/map/items.py): a
corporation's reserved home shows its name in black on a light disc of its colour; a slot reserved away from its
home (18ZOO's "That's mine") is grey, dashed; an icon naming a corporation (18ZOO's grey home tiles, GI_455) is a
badge in its colours, clear of the tile's number."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter

from desktop.map import HexGeometry, TileDrawing
from desktop.map.items import assignment_badges, icon_badges, reserved_away
from engine import load_game
from tests.desktop.play_helpers import fixture_path

THATS_MINE = "18ZOOMapA/or_power.that_s_mine.json"
GREY_HOME = "18ZOOMapA/or_power.rabbits.home_to_gray.json"


def _fixture(name: str) -> str:
    folder, stem = name.split("/")
    return str(fixture_path(folder, stem))


def _count(hex_: Any, color: str, game: Any, tolerance: int = 40) -> int:
    g = HexGeometry(str(getattr(hex_, "layout", "pointy") or "pointy"))
    scale = 2.0
    size = int(2.2 * g.radius * scale)
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.translate(size / 2, size / 2)
    painter.scale(scale, scale)
    TileDrawing.build(hex_.tile, g, assignments=assignment_badges(game, hex_)).paint(painter)
    painter.end()
    want = QColor(color)
    found = 0
    for y in range(0, size, 2):
        for x in range(0, size, 2):
            c = image.pixelColor(x, y)
            if c.alpha() > 200 and max(abs(c.red() - want.red()), abs(c.green() - want.green()),
                                       abs(c.blue() - want.blue())) <= tolerance:
                found += 1
    return found


def test_home_reservation_black_away_reservation_grey(qapp: Any) -> None:
    game = load_game(_fixture(THATS_MINE), upto=11)  # GI reserved L4 with "That's mine"
    gi, pb = game.corporation_by_id("GI"), game.corporation_by_id("PB")
    l4, n10 = game.hex_by_id("L4"), game.hex_by_id("N10")
    assert l4.tile.cities[0].reservations == [gi] and n10.tile.cities[0].reservations == [pb]
    assert reserved_away(gi, l4.tile) and not reserved_away(pb, n10.tile)
    # the home's name is black (more black than the empty city's ring), the reservation away is grey
    black = _count(n10, "#000000", game, tolerance=20)
    n10.tile.cities[0].reservations = [None]
    assert black > _count(n10, "#000000", game, tolerance=20) + 10
    n10.tile.cities[0].reservations = [pb]
    assert _count(n10, "#808080", game, tolerance=12) < 20
    assert _count(l4, "#808080", game, tolerance=12) > 100


def test_grey_home_tile_shows_its_family(qapp: Any) -> None:
    game = load_game(_fixture(GREY_HOME))
    k9 = game.hex_by_id("K9")
    assert k9.tile.name == "GI_455"
    badges = icon_badges(game, k9)
    gi = game.corporation_by_id("GI")
    assert [(b.text, b.fill, b.icon) for b in badges] == [("GI", gi.color, "GI")]
    # one badge for the icon (the assignments loop skips it), in GI's colour
    assert _count(k9, gi.color, game, tolerance=10) > 40
