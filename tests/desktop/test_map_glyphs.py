"""The printed map's markers drawn as pictures (desktop/map/glyphs.py): a river icon, a hill's and a mountain's cost,
a hole or wheat field a power put on a hex, a slot blocked by a token of nobody (18ZOO's "O", "M" and "MM" hexes,
"Hole", "Wheat" and "Work in progress" powers); a name without a picture stays a text badge."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter

from desktop.map import HexGeometry, TileDrawing
from desktop.map.glyphs import GLYPHS, glyph_for, glyph_name
from desktop.map.items import BLOCKED_LABEL, AssignmentBadge, token_label
from engine.map.tile import Tile
from engine.model.token import Token


def _count(tile: Tile, color: str, tolerance: int = 30, **build: Any) -> int:
    """How many pixels of ``tile``'s drawing are close to ``color``."""
    g = HexGeometry("pointy")
    scale = 2.0
    size = int(2.2 * g.radius * scale)
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.translate(size / 2, size / 2)
    painter.scale(scale, scale)
    TileDrawing.build(tile, g, **build).paint(painter)
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


def test_names_find_their_picture() -> None:
    assert glyph_name("18_zoo/hole.svg") == "hole"
    assert glyph_name("HOLE") == "hole"
    assert glyph_name("river") == "river"
    assert glyph_name("water") == "river"
    assert glyph_name("18_zoo/mountain") == "mountain"
    assert glyph_name("18_zoo/TI") is None
    assert glyph_name("") is None
    assert glyph_for("wheat") is GLYPHS["wheat"]


def test_an_o_hex_shows_a_river_not_the_word(qapp) -> None:
    """18ZOO's "O" hex: a town, the label O and the printed river icon (blue waves)."""
    river = Tile.from_code("O", "town=revenue:10;label=O;icon=image:river,sticky:1", "white")
    plain = Tile.from_code("T", "town=revenue:10;label=O", "white")
    assert _count(river, "#2C74B3") > 20 * max(1, _count(plain, "#2C74B3"))
    # an icon with no picture is still written
    named = Tile.from_code("N", "town=revenue:10;icon=image:18_zoo/TI", "white")
    assert _count(named, "#444444", tolerance=20) > 0


def test_hill_and_mountain_costs_have_their_pictures(qapp) -> None:
    hill = Tile.from_code("M", "upgrade=cost:1,terrain:hill", "white")
    mountain = Tile.from_code("MM", "upgrade=cost:2,terrain:mountain", "white")
    bare = Tile.from_code("C", "upgrade=cost:1", "white")
    assert _count(hill, "#9C7A45", 12) > 10
    assert _count(bare, "#9C7A45", 12) == 0
    assert _count(mountain, "#7A5230", 12) > 10


def test_a_hole_assignment_badge_carries_its_picture(qapp) -> None:
    tile = Tile.from_code("R", "offboard=revenue:yellow_30|brown_60;path=a:2,b:_0;label=R", "red")
    with_glyph = _count(tile, "#1A120A", 10, assignments=[AssignmentBadge("HOLE", "#F5E500", glyph="hole")])
    without = _count(tile, "#1A120A", 10, assignments=[AssignmentBadge("HOLE", "#F5E500")])
    assert with_glyph > without + 5


def test_a_blocking_token_of_nobody_is_a_blocked_slot(qapp) -> None:
    tile = Tile.from_code("Y", "city=revenue:30,slots:2", "brown")
    empty = _count(tile, "#C62828", 15)
    tile.cities[0].exchange_token(Token(None, price=0, type="blocking"))
    assert token_label(tile.cities[0].tokens[0]) == BLOCKED_LABEL
    assert _count(tile, "#C62828", 15) > empty + 50


def test_the_tooltip_names_the_markers(qapp) -> None:
    from desktop.map.scene import hex_tooltip_html

    class _Hex:
        id = "L4"
        location_name = None
        assignments = ("HOLE",)

        def __init__(self, tile: Tile) -> None:
            self.tile = tile

    tile = Tile.from_code("Y", "city=revenue:30,slots:2;label=O;icon=image:river,sticky:1", "brown")
    tile.cities[0].exchange_token(Token(None, price=0, type="blocking"))
    text = hex_tooltip_html(_Hex(tile), (), str)
    assert "Label O" in text and "Marked: river" in text and "blocked slot" in text and "Marked for HOLE" in text
