"""Hexes: coordinates, neighbours for both layouts, and laying tiles (tokens, reservations, icons)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.map.hexes import DIRECTIONS, Hex, connect_hexes, coordinates_to_xy, invert
from engine.map.tile import Tile
from engine.model.token import Token

BALTIMORE = "city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1;label=OO;upgrade=cost:40,terrain:water"
PHILADELPHIA = "city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:3,b:_1;label=OO"
X3 = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:5;label=OO"
X4 = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=OO"
X5 = "city=revenue:40;city=revenue:40;path=a:3,b:_0;path=a:_0,b:5;path=a:0,b:_1;path=a:_1,b:4;label=OO"
X7 = "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;path=a:4,b:_0;label=OO"
X9 = "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=OO"
CHESAPEAKE = {"X3": X3, "X4": X4, "X5": X5}


class Corp:
    def __init__(self, name: str) -> None:
        self.name = name
        self.cash = 1000
        self.tokens = [Token(self, 0), Token(self, 40), Token(self, 100)]
        self.abilities: list[Any] = []

    def next_token(self) -> Token:
        return next(t for t in self.tokens if not t.used)

    def all_abilities(self) -> list[Any]:
        return self.abilities


def grid(layout: str, letters: str, numbers: range) -> dict[str, Hex]:
    """Every valid coordinate of a small map (doubled coordinates: x + y even)."""
    hexes: dict[str, Hex] = {}
    for letter in letters:
        for number in numbers:
            coord = f"{letter}{number}"
            x, y, _, _ = coordinates_to_xy(
                coord, {"x": "letter", "y": "number"} if layout == "flat" else {"x": "number", "y": "letter"}
            )
            if (x + y) % 2 == 0:
                hexes[coord] = Hex(coord, layout, Tile.for_catalogue("blank"))
    return hexes


# --- coordinates and directions --------------------------------------------------------------


def test_coordinates() -> None:
    flat = Hex("H7", "flat")
    assert (flat.x, flat.y) == (7, 6)
    pointy = Hex("G15", "pointy")
    assert (pointy.x, pointy.y) == (14, 6)
    assert Hex("AB4", "flat").x == 27
    assert Hex("a2", "flat").x == -1
    assert pointy.tile.name == "blank" and pointy.tile.hex is pointy


def test_directions_are_opposite_pairs() -> None:
    for table in DIRECTIONS.values():
        by_edge = {edge: xy for xy, edge in table.items()}
        for edge in range(6):
            dx, dy = by_edge[edge]
            assert by_edge[invert(edge)] == (-dx, -dy)


def test_neighbor_direction_flat() -> None:
    h7, i8, i4 = Hex("H7", "flat"), Hex("I8", "flat"), Hex("I4", "flat")
    assert h7.neighbor_direction(i8) == 5
    assert h7.neighbor_direction(i4) is None
    assert h7.neighbor_direction(Hex("H9", "flat")) == 0
    assert h7.neighbor_direction(Hex("H5", "flat")) == 3
    assert h7.neighbor_direction(Hex("G6", "flat")) == 2


def test_neighbor_direction_pointy() -> None:
    g15 = Hex("G15", "pointy")
    assert g15.neighbor_direction(Hex("G17", "pointy")) == 4
    assert g15.neighbor_direction(Hex("G13", "pointy")) == 1
    assert g15.neighbor_direction(Hex("F14", "pointy")) == 2
    assert g15.neighbor_direction(Hex("F16", "pointy")) == 3
    assert g15.neighbor_direction(Hex("H14", "pointy")) == 0
    assert g15.neighbor_direction(Hex("H16", "pointy")) == 5
    assert g15.distance(Hex("G19", "pointy")) == 2
    assert g15.distance(Hex("I15", "pointy")) == 2


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_connect_hexes_interior_has_six_neighbors(layout: str) -> None:
    hexes = grid(layout, "ABCDEFG", range(1, 12))
    connect_hexes(list(hexes.values()))
    center = hexes["D6"] if "D6" in hexes else hexes["D5"]
    assert sorted(center.neighbors) == [0, 1, 2, 3, 4, 5]
    for edge, neighbor in center.neighbors.items():
        assert neighbor.neighbors[invert(edge)] is center
        assert center.neighbor_direction(neighbor) == edge


def test_impassable_colours_need_an_exit_back() -> None:
    a = Hex("G15", "pointy")
    red_facing = Hex("G17", "pointy", Tile.from_code("G17", "offboard=revenue:20;path=a:1,b:_0", "red"))
    red_away = Hex("G13", "pointy", Tile.from_code("G13", "offboard=revenue:20;path=a:1,b:_0", "red"))
    gray = Hex("F14", "pointy", Tile.from_code("F14", "path=a:0,b:3", "gray"))
    connect_hexes([a, red_facing, red_away, gray])
    assert a.neighbors == {4: red_facing}
    assert a.all_neighbors == {4: red_facing, 1: red_away, 2: gray}
    assert red_facing.neighbors == {1: a}
    assert gray.neighbors == {5: a}  # white neighbours are always passable
    assert red_away.neighbors == {4: a, 3: gray}  # gray's edge 0 points at G13


def test_impassable_border_cuts_the_link() -> None:
    a = Hex("G15", "pointy", Tile.from_code("G15", "border=edge:4,type:impassable", "white"))
    b = Hex("G17", "pointy")
    c = Hex("G13", "pointy", Tile.from_code("G13", "border=edge:4,type:water,cost:40", "white"))
    connect_hexes([a, b, c])
    assert a.neighbors == {1: c}
    assert a.all_neighbors == {4: b, 1: c}
    assert b.neighbors == {1: a}  # only a's border is read when linking a
    assert c.neighbors == {4: a}


# --- laying tiles ------------------------------------------------------------------------------


def test_lay_moves_hex_and_location_name() -> None:
    old = Tile.for_catalogue("city")
    hex_ = Hex("H7", "flat", old, "Kouchi")
    assert old.location_name == "Kouchi"
    green = Tile.for_catalogue("15")
    hex_.lay(Tile.for_catalogue("57"))
    first = hex_.tile
    hex_.lay(green)
    assert hex_.tile is green and green.hex is hex_ and first.hex is None and old.hex is None
    assert hex_.original_tile is old
    assert green.location_name == "Kouchi" and first.location_name is None
    assert hex_.paths == {e: [p for p in green.paths if e in p.exits] for e in green.exits}


def test_lay_preserves_token_and_reservation() -> None:
    a = Corp("AR")
    hex_ = Hex("H7", "flat", Tile.for_catalogue("city"))
    hex_.lay(Tile.for_catalogue("57"))
    hex_.tile.cities[0].place_token(a, a.next_token())
    hex_.lay(Tile.for_catalogue("15"))
    assert hex_.tile.cities[0].tokens == [a.tokens[0], None]
    assert a.tokens[0].city is hex_.tile.cities[0]

    hex2 = Hex("H7", "flat", Tile.for_catalogue("city"))
    hex2.tile.cities[0].reservations = [a]
    hex2.lay(Tile.for_catalogue("15"))
    assert hex2.tile.cities[0].reservations == [a]


def test_lay_brown_with_token_and_reservation() -> None:
    a, b = Corp("AR"), Corp("IR")
    hex_ = Hex("H7", "flat", Tile.for_catalogue("city"))
    hex_.lay(Tile.for_catalogue("15"))
    hex_.tile.cities[0].reservations = [a]
    hex_.tile.cities[0].place_token(b, b.next_token())
    hex_.lay(Tile.for_catalogue("611"))
    city = hex_.tile.cities[0]
    assert city.tokens == [None, b.tokens[0]]
    assert city.reservations == [a]


def test_lay_brown_with_two_tokens() -> None:
    a, b = Corp("AR"), Corp("IR")
    hex_ = Hex("H7", "flat", Tile.for_catalogue("city"))
    hex_.lay(Tile.for_catalogue("15"))
    hex_.tile.cities[0].place_token(a, a.next_token())
    hex_.tile.cities[0].place_token(b, b.next_token())
    old = hex_.tile
    hex_.lay(Tile.for_catalogue("611"))
    assert hex_.tile.cities[0].tokens == [a.tokens[0], b.tokens[0]]
    assert old.cities[0].tokens == [None, None]
    assert all(t.used for t in (a.tokens[0], b.tokens[0]))


def test_lay_moves_cheater_token_beyond_slots() -> None:
    a, b = Corp("A"), Corp("B")
    hex_ = Hex("G15", "pointy", Tile.for_catalogue("city"))
    hex_.lay(Tile.for_catalogue("57"))
    city = hex_.tile.cities[0]
    city.place_token(a, a.next_token())
    city.place_token(b, b.next_token(), cheater=True)
    hex_.lay(Tile.for_catalogue("14"))
    assert hex_.tile.cities[0].tokens == [a.tokens[0], b.tokens[0]]
    hex2 = Hex("G15", "pointy", Tile.for_catalogue("city"))
    hex2.lay(Tile.for_catalogue("57"))
    c = Corp("C")
    hex2.tile.cities[0].place_token(a, a.tokens[1])
    hex2.tile.cities[0].place_token(b, b.tokens[1], cheater=True)
    hex2.lay(Tile.for_catalogue("5"))  # still one slot: the second token stays a cheater
    assert hex2.tile.cities[0].tokens == [a.tokens[1], b.tokens[1]]
    assert not hex2.tile.cities[0].tokenable(c)


def test_reservation_abilities_follow_the_city() -> None:
    class Ability:
        type = "reservation"
        hex = "G15"
        tile: Any = None
        city: Any = None

    a = Corp("A")
    ability = Ability()
    a.abilities.append(ability)
    hex_ = Hex("G15", "pointy", Tile.for_catalogue("city"))
    hex_.tile.add_reservation(a)
    new = Tile.for_catalogue("57")
    hex_.lay(new)
    assert ability.tile is new and ability.city == 0


def _oo_hex(code: str) -> Hex:
    return Hex("J4", "flat", Tile.from_code("J4", code, "yellow", 0, True))


@pytest.mark.parametrize(
    ("name", "rotation"), [("X3", 0), ("X3", 1), ("X3", 3), ("X3", 4), ("X4", 0), ("X4", 3), ("X5", 0), ("X5", 3)]
)
def test_oo_yellow_to_green_keeps_token_connected(name: str, rotation: int) -> None:
    corp = Corp("C&A")
    hex_ = _oo_hex(PHILADELPHIA)
    initial = hex_.tile
    initial.cities[0].place_token(corp, corp.next_token())
    old_edges = list(initial.cities[0].exits)
    tile = Tile.from_code(name, CHESAPEAKE[name], "green")
    tile.rotate(rotation)
    hex_.lay(tile)
    cities = [c for c in tile.cities if c.tokened_by(corp)]
    assert len(cities) == 1
    assert all(e in cities[0].exits for e in old_edges)


def test_oo_green_to_brown_to_gray() -> None:
    bo, prr = Corp("B&O"), Corp("PRR")
    hex_ = Hex("H6", "flat", Tile.from_code("H6", BALTIMORE, "yellow", 0, True))
    x3 = Tile.from_code("X3", X3, "green")
    x3.rotate(2)
    hex_.lay(x3)
    x3.cities[1].place_token(bo, bo.next_token())
    x3.cities[0].place_token(prr, prr.next_token())
    x7 = Tile.from_code("X7", X7, "brown")
    x7.rotate(3)
    hex_.lay(x7)
    assert x7.cities[0].tokens == [prr.tokens[0], bo.tokens[0]]
    x9 = Tile.from_code("X9", X9, "gray")
    x9.rotate(3)
    hex_.lay(x9)
    assert x9.cities[0].tokens == [prr.tokens[0], bo.tokens[0], None]
    assert x9.upgrades == [] and x9.borders == []


def test_oo_green_to_brown_with_reservation() -> None:
    bo, prr = Corp("B&O"), Corp("PRR")
    hex_ = Hex("H6", "flat", Tile.from_code("H6", BALTIMORE, "yellow", 0, True))
    hex_.tile.cities[1].add_reservation(bo)
    x3 = Tile.from_code("X3", X3, "green")
    x3.rotate(2)
    hex_.lay(x3)
    # old city 1 (edge 4) lies inside new city 0 (edges 2 and 4 at rotation 2)
    assert [c.reservations for c in x3.cities] == [[bo], []]
    x3.cities[1].place_token(prr, prr.next_token())
    x7 = Tile.from_code("X7", X7, "brown")
    x7.rotate(3)
    hex_.lay(x7)
    city = x7.cities[0]
    assert city.reservations == [bo]
    assert city.tokens == [None, prr.tokens[0]]


def test_pathless_oo_maps_cities_by_index() -> None:
    erie = Corp("ERIE")
    hex_ = Hex("E11", "pointy", Tile.from_code("E11", "city=revenue:0;city=revenue:0;label=OO", "white", 0, True))
    hex_.tile.cities[1].place_token(erie, erie.next_token())
    new = Tile.for_catalogue("59")
    hex_.lay(new)
    assert new.cities[1].tokens == [erie.tokens[0]] and new.cities[0].tokens == [None]


def test_icons() -> None:
    port = Hex("G10", "flat", Tile.from_code("G10", "town=revenue:0;icon=image:port", "white", 0, True))
    port_tile = Tile.for_catalogue("437")
    port.lay(port_tile)
    assert [i.name for i in port.tile.icons] == ["port"]
    plain = Hex("I12", "flat", Tile.from_code("I12", "town=revenue:0;icon=image:port", "white", 0, True))
    plain.lay(Tile.for_catalogue("58"))
    assert plain.tile.icons == []
    meat = Hex(
        "D6",
        "pointy",
        Tile.from_code(
            "D6", "city=revenue:10;path=a:0,b:_0;label=Chi;icon=image:1846/meat,sticky:1", "yellow", 0, True
        ),
    )
    new = Tile.from_code("x", "city=revenue:40;path=a:0,b:_0;path=a:3,b:_0;label=Chi", "green")
    meat.lay(new)
    assert [i.name for i in new.icons] == ["meat"] and not new.icons[0].preprinted
    assert [i.name for i in meat.original_tile.icons] == ["meat"]
    newer = Tile.from_code("y", "city=revenue:50;path=a:0,b:_0;path=a:3,b:_0;label=Chi", "brown")
    meat.lay(newer)
    assert [i.name for i in newer.icons] == ["meat"] and new.icons == []


def test_borders_and_tile_reservations_move() -> None:
    a = Corp("A")
    hex_ = Hex(
        "B16", "pointy", Tile.from_code("B16", "city=revenue:0;border=edge:4,type:mountain,cost:40", "white", 0, True)
    )
    old = hex_.tile
    old.reservations.append(a)
    new = Tile.for_catalogue("57")
    hex_.lay(new)
    assert [(b.edge, b.cost) for b in new.borders] == [(4, 40)] and old.borders == []
    assert new.reservations == [a] and old.reservations == []
