"""Tile upgrade rules (engine.map.upgrades), modelled on the reference's tile_spec."""

from __future__ import annotations

import pytest

from engine.map.hexes import Hex, connect_hexes, coordinates_to_xy
from engine.map.tile import Tile
from engine.map.upgrades import (
    legal_rotations,
    legal_tile_rotation,
    upgrade_cost,
    upgrades_to,
)

# Which tiles each 1889 tile upgrades to, among the 1889 tiles (from the reference's tile_spec).
UPGRADES_1889 = {
    "blank": "7 8 9",
    "city": "5 6 57",
    "town": "3 58 437",
    "3": "",
    "5": "12 14 15 205 206",
    "6": "12 13 14 15 205 206",
    "7": "26 27 28 29",
    "8": "16 19 23 24 25 28 29",
    "9": "19 20 23 24 26 27",
    "12": "448 611",
    "13": "611",
    "14": "611",
    "15": "448 611",
    "16": "",
    "19": "45 46",
    "20": "47",
    "23": "41 45 47",
    "24": "42 46 47",
    "25": "40 45 46",
    "26": "42 45",
    "27": "41 46",
    "28": "39 46",
    "29": "39 45",
    "39": "",
    "40": "",
    "41": "",
    "42": "",
    "45": "",
    "46": "",
    "47": "",
    "57": "14 15 205 206",
    "58": "",
    "205": "448 611",
    "206": "448 611",
    "437": "",
    "438": "439",
    "439": "492",
    "440": "466",
    "448": "",
    "465": "",
    "466": "",
    "492": "",
    "611": "",
}

X3 = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:5;label=OO"
X4 = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=OO"
X5 = "city=revenue:40;city=revenue:40;path=a:3,b:_0;path=a:_0,b:5;path=a:0,b:_1;path=a:_1,b:4;label=OO"
X7 = "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;path=a:4,b:_0;label=OO"
WHITE_OO = "city=revenue:0;city=revenue:0;label=OO;upgrade=cost:80,terrain:water"
NY = "city=revenue:40;city=revenue:40;path=a:3,b:_0;path=a:0,b:_1;label=NY;upgrade=cost:80,terrain:water"
BOSTON = "city=revenue:30;path=a:4,b:_0;path=a:0,b:_0;label=B"
CHICAGO = (
    "city=revenue:10,groups:Chicago;city=revenue:10,groups:Chicago;city=revenue:10,groups:Chicago;"
    "city=revenue:10,groups:Chicago;path=a:0,b:_0;path=a:3,b:_1;path=a:4,b:_2;path=a:5,b:_3;label=Chi;"
    "icon=image:1846/meat,sticky:1"
)
CHI_298 = (
    "city=revenue:40;city=revenue:40;city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;"
    "path=a:_1,b:2;path=a:4,b:_2;path=a:_2,b:2;path=a:5,b:_3;path=a:_3,b:2;label=Chi"
)
CHI_299 = CHI_298.replace("revenue:40", "revenue:70")


def t(name: str) -> Tile:
    return Tile.for_catalogue(name)


def can(old: str | Tile, new: str | Tile) -> bool:
    return upgrades_to(t(old) if isinstance(old, str) else old, t(new) if isinstance(new, str) else new)


@pytest.mark.parametrize("old", sorted(UPGRADES_1889))
def test_1889_upgrade_table(old: str) -> None:
    expected = set(UPGRADES_1889[old].split())
    actual = {new for new in UPGRADES_1889 if can(old, new)}
    assert actual == expected


def test_simple_track() -> None:
    assert can("7", "18")  # 18 has a sharp curve too
    assert not can("8", "18")
    assert can("7", "26") and can("7", "27")
    assert not can("9", "28")
    assert can("57", "14") and can("57", "15")
    assert not can("57", "63")  # two colour steps
    assert can("14", "63") and can("15", "63")
    assert not can("7", "57")
    assert not can("9", "9")


def test_colour_steps() -> None:
    assert not can("blank", "26")
    assert can("blank", "9")
    assert not can("26", "7")
    assert can("70", "39") is False  # brown -> brown


def test_towns() -> None:
    assert can("town", "3") and can("town", "4") and can("town", "58")
    assert not can("town", "1")  # one town vs two
    double = Tile.from_code("G7", "town=revenue:0;town=revenue:0", "white", 0, True)
    for name in ("1", "2", "55", "56", "69"):
        assert upgrades_to(double, t(name)), name
    assert not upgrades_to(double, t("3"))
    assert not can("3", "57")


def test_1830_oo() -> None:
    yellow = Tile.from_code("E5", WHITE_OO, "yellow", 0, True)  # 1830 prints its OO hexes yellow
    assert upgrades_to(yellow, t("59"))
    assert not upgrades_to(yellow, t("57"))  # label
    assert not upgrades_to(yellow, t("14"))
    white = Tile.from_code("H6", "city=revenue:0;city=revenue:0;label=OO", "white", 0, True)
    two = Tile.from_code("235", "city=revenue:30;city=revenue:30;path=a:0,b:_0;label=OO", "yellow")
    one = Tile.from_code("Y", "city=revenue:30;path=a:0,b:_0;label=OO", "yellow")
    assert upgrades_to(white, two)
    assert not upgrades_to(white, one)  # a white OO hex keeps its two cities
    for brown in ("64", "65", "66", "67", "68"):
        assert can("59", brown), brown
    assert not can("59", "14")
    assert not can("59", "63")
    assert not can("57", "59")


def test_1830_ny_and_boston() -> None:
    ny = Tile.from_code("G19", NY, "yellow", 0, True)
    assert upgrades_to(ny, t("54"))
    assert not upgrades_to(ny, t("59"))
    assert can("54", "62")
    assert not can("54", "64")
    boston = Tile.from_code("E23", BOSTON, "yellow", 0, True)
    assert upgrades_to(boston, t("53"))
    assert not upgrades_to(boston, t("14"))
    assert can("53", "61")
    assert not can("53", "63")


def test_18chesapeake_oo() -> None:
    tiles = {
        name: Tile.from_code(name, code, color)
        for name, code, color in (("X3", X3, "green"), ("X4", X4, "green"), ("X5", X5, "green"), ("X7", X7, "brown"))
    }
    for old in ("X3", "X4", "X5", "X7"):
        allowed = {new for new in tiles if upgrades_to(tiles[old], tiles[new])}
        assert allowed == ({"X7"} if old != "X7" else set())


def test_1846_chicago() -> None:
    chi = Tile.from_code("D6", CHICAGO, "yellow", 0, True)
    green = Tile.from_code("298", CHI_298, "green")
    brown = Tile.from_code("299", CHI_299, "brown")
    assert upgrades_to(chi, green)
    assert upgrades_to(green, brown)
    assert not upgrades_to(chi, t("14"))


def test_company_lay_skips_label_and_city_checks() -> None:
    assert not upgrades_to(t("blank"), t("57"))
    assert upgrades_to(t("blank"), t("57"), from_company=True)
    assert not upgrades_to(t("blank"), t("26"), from_company=True)


def test_future_label() -> None:
    tile = Tile.from_code("x", "city=revenue:0;future_label=label:T,color:green", "yellow")
    tile.color = "yellow"
    green_t = Tile.from_code("y", "city=revenue:40;path=a:0,b:_0;label=T", "green")
    green_plain = Tile.for_catalogue("14")
    assert upgrades_to(tile, green_t)
    assert not upgrades_to(tile, green_plain)


def test_upgrade_cost() -> None:
    water = Tile.from_code("F4", "city=revenue:0;upgrade=cost:80,terrain:water", "white")
    assert upgrade_cost(water) == 80
    assert upgrade_cost(water, 40) == 40
    assert upgrade_cost(water, 200) == 0
    assert upgrade_cost(t("blank")) == 0


def _pointy_map() -> dict[str, Hex]:
    hexes: dict[str, Hex] = {}
    for letter in "ABCDEFGH":
        for number in range(1, 20):
            coord = f"{letter}{number}"
            x, y, _, _ = coordinates_to_xy(coord, {"x": "number", "y": "letter"})
            if (x + y) % 2 == 0:
                hexes[coord] = Hex(coord, "pointy", t("blank"))
    connect_hexes(list(hexes.values()))
    return hexes


def test_legal_rotations_on_open_ground() -> None:
    hexes = _pointy_map()
    hex_ = hexes["E9"]
    assert legal_rotations(hex_, t("9")) == [0, 1, 2, 3, 4, 5]
    assert legal_rotations(hex_, t("9"), [0]) == [0, 3]
    tile = t("8")
    tile.rotate(2)
    assert legal_rotations(hexes["E9"], tile, [1]) == [1, 5]
    assert tile.rotation == 2
    assert legal_rotations(hexes["E9"], t("57")) == []  # not an upgrade of blank
    assert legal_rotations(hexes["E9"], t("57"), [1], check_upgrade=False) == [1, 4]


def test_legal_rotations_keep_old_track() -> None:
    hexes = _pointy_map()
    hex_ = hexes["E9"]
    hex_.set_tile(t("city"))
    yellow = t("57")
    hex_.lay(yellow)
    assert legal_rotations(hex_, t("14")) == [0, 2, 3, 5]
    assert legal_rotations(hex_, t("15")) == [0, 3]
    green = t("14")
    green.rotate(1)
    assert not legal_tile_rotation(hex_, green)


def test_legal_rotations_need_neighbours() -> None:
    hexes = _pointy_map()
    corner = hexes["A1"]
    assert sorted(corner.neighbors) == [4, 5]
    assert legal_rotations(corner, t("7")) == [4]
    assert legal_rotations(corner, t("7"), neighbor_exists=lambda h, e: True) == [0, 1, 2, 3, 4, 5]


def test_paths_kept_per_codes_and_rotation_is_the_track_comparison() -> None:
    """``paths_kept`` (kept per pair of tile codes and rotation) answers as ``paths_are_subset_of`` does, for
    every pair of catalogue tiles of the yellow-to-green and green-to-brown steps at every rotation, asked of
    fresh tiles of the same codes too (dual gauge, towns and junctions among them)."""
    from engine.map.catalogue import TILE_CATALOGUE
    from engine.map.upgrades import paths_kept

    def tiles(color: str) -> list[Tile]:
        return [Tile.for_catalogue(name) for name, (c, _code) in TILE_CATALOGUE.items() if c == color]

    olds, news = tiles("yellow")[:25] + tiles("green")[:15], tiles("green")[:25] + tiles("brown")[:15]
    fresh = {tile.name: Tile.for_catalogue(tile.name) for tile in olds + news}
    kept = 0
    for old in olds:
        for new in news:
            for rotation in range(6):
                new.rotate(rotation)
                expected = old.paths_are_subset_of(new.paths)
                assert paths_kept(old, new) is expected, (old.name, new.name, rotation)
                again = fresh[new.name]
                again.rotate(rotation)
                assert paths_kept(fresh[old.name], again) is expected
                kept += expected
    assert kept > 50
