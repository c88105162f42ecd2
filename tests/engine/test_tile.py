"""Tiles and their parts: ids, rotation, exits, nodes, revenue, city tokens and reservations."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.map.parts import City, Edge, Path
from engine.map.tile import Tile
from engine.model.token import Token

X3 = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:5;label=OO"
T128 = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;label=C"


class Corp:
    """A minimal corporation: name, cash and tokens."""

    def __init__(self, name: str, prices: tuple[int, ...] = (0, 40), cash: int = 100) -> None:
        self.name = name
        self.cash = cash
        self.tokens = [Token(self, price) for price in prices]

    def next_token(self) -> Token:
        return next(t for t in self.tokens if not t.used)

    def __repr__(self) -> str:
        return self.name


class Company:
    def __init__(self, owner: Any) -> None:
        self.owner = owner


# --- ids and structure -----------------------------------------------------------------


def test_ids_and_part_indices() -> None:
    tile = Tile.for_catalogue("57", 2)
    assert tile.id == "57-2" and tile.name == "57" and tile.index == 2
    assert tile.cities[0].id == "57-2-0"
    assert [path.id for path in tile.paths] == ["57-2-1", "57-2-2"]
    assert tile.cities[0].signature == "-0"
    oo = Tile.for_catalogue("59", 0)
    assert [c.id for c in oo.cities] == ["59-0-0", "59-0-1"]
    assert oo.label == "OO"


def test_preprinted_tile_named_by_coordinate() -> None:
    tile = Tile.from_code("D6", "city=revenue:10;city=revenue:10;path=a:0,b:_0", "yellow", 0, True, "Chicago")
    assert tile.id == "D6-0" and tile.preprinted and tile.location_name == "Chicago"
    assert tile.cities[1].id == "D6-0-1"


def test_dup_takes_next_index() -> None:
    tile = Tile.for_catalogue("7", 0, unlimited=True)
    copy = tile.dup()
    assert copy.id == "7-1" and copy.unlimited and copy.parts[0] is not tile.parts[0]


def test_exits_follow_rotation() -> None:
    six = Tile.for_catalogue("6")
    assert six.exits == [0, 2]
    assert sorted(Tile.for_catalogue("7").exits) == [0, 1]
    six.rotate(1)
    assert six.rotation == 1 and six.exits == [1, 3]
    assert six.paths[1].exits == [3]
    assert isinstance(six.paths[1].a, Edge) and six.paths[1].a.num == 2 and six.paths[1].a.rotated == 3
    six.rotate(5)
    assert six.exits == [5, 1]
    assert six.exits_at(0) == [0, 2]


def test_rotate_without_argument_cycles_legal_rotations() -> None:
    tile = Tile.for_catalogue("57")
    tile.legal_rotations = [0, 3]
    assert tile.rotate().rotation == 3
    assert tile.rotate().rotation == 0


def test_city_exits_on_x3() -> None:
    tile = Tile.from_code("X3", X3, "green")
    assert sorted(tile.cities[0].exits) == [0, 2]
    assert sorted(tile.cities[1].exits) == [3, 5]
    tile.rotate(1)
    assert sorted(tile.cities[0].exits) == [1, 3]
    assert sorted(tile.cities[1].exits) == [0, 4]
    assert tile.city_town_edges() == [[1, 3], [4, 0]]


def test_nodes_and_stops_follow_paths() -> None:
    tile = Tile.from_code("E11", "city=revenue:0;city=revenue:0;label=OO", "yellow")
    assert len(tile.cities) == 2 and tile.nodes == [] and tile.stops == []
    assert tile.all_nodes == tile.cities
    gray = Tile.from_code("H12", "city=revenue:10,loc:2.5;path=a:1,b:_0;path=a:4,b:_0;path=a:1,b:4", "gray")
    assert gray.nodes == gray.cities and gray.exits == [1, 4]
    assert gray.exit_count == {1: 2, 4: 2} and gray.converging_exit(1)
    assert [p.exits for p in gray.cities[0].paths] == [[1], [4]]
    dits = Tile.for_catalogue("1")
    assert dits.stops == dits.towns and dits.city_towns == dits.towns
    assert dits.towns[0].paths == dits.paths[:2]


def test_path_shortcuts() -> None:
    tile = Tile.from_code(
        "F2", "offboard=revenue:yellow_40|brown_70;town=revenue:10;path=a:3,b:_0;path=a:_1,b:_0", "red"
    )
    first, second = tile.paths
    assert first.offboard is tile.offboards[0] and first.city is None and first.edges[0].num == 3
    assert second.town is tile.towns[0] and second.nodes == [tile.towns[0], tile.offboards[0]]
    assert second.exits == [] and not first.is_terminal
    assert tile.revenue_stops == [tile.offboards[0], tile.towns[0]]
    assert Tile.from_code("T", "city=revenue:20;path=a:0,b:_0,terminal:1", "red").paths[0].is_terminal


def test_edge_id_and_signature_on_a_hex() -> None:
    from engine.map.hexes import Hex

    tile = Tile.for_catalogue("57")
    tile.rotate(1)
    hex_ = Hex("G15", "pointy", Tile.for_catalogue("city"))
    hex_.lay(tile)
    assert tile.cities[0].signature == "G15-0"
    assert tile.paths[0].edges[0].id == "G15_1_0"
    assert tile.paths[0].hex is hex_


def test_path_subset_of_straight() -> None:
    nine = Tile.for_catalogue("9")
    assert nine.paths_are_subset_of([Path(Edge(0), Edge(3))])
    assert nine.paths_are_subset_of([Path(Edge(3), Edge(0))])
    assert nine.paths_are_subset_of([Path(Edge(1), Edge(4))])
    assert not nine.paths_are_subset_of([Path(Edge(1), Edge(3))])
    assert not nine.paths_are_subset_of([Path(Edge(0), Edge(3), track="narrow")])
    assert nine.paths_are_subset_of([Path(Edge(0), Edge(3), track="dual")])


def test_path_subset_nodes() -> None:
    town = Tile.from_code("t", "town=revenue:10,to_city:1;path=a:0,b:_0", "yellow")
    city = Tile.for_catalogue("57")
    plain_town = Tile.for_catalogue("3")
    assert town.paths[0].is_subset_of(city.paths[0])
    assert not plain_town.paths[0].is_subset_of(city.paths[0])
    assert not city.paths[0].is_subset_of(plain_town.paths[0])


def test_labels_and_terrain() -> None:
    tile = Tile.from_code("G19", "city=revenue:40;label=NY;upgrade=cost:80,terrain:water", "yellow")
    assert tile.label == "NY" and tile.labels[0] == "NY"
    assert tile.terrain == ["water"]
    tile.label = "B"
    assert tile.label == "B"
    tile.label = None
    assert tile.label is None
    assert Tile.for_catalogue("57").label is None


def test_ambiguous_connection() -> None:
    assert not Tile.for_catalogue("57").ambiguous_connection
    assert Tile.from_code(
        "x", "town=revenue:10;town=revenue:10;city=revenue:20;path=a:_0,b:_2;path=a:_1,b:_2", "yellow"
    ).ambiguous_connection


# --- revenue ------------------------------------------------------------------------------


def test_route_revenue_uses_newest_phase_colour() -> None:
    tile = Tile.from_code("F2", "offboard=revenue:yellow_40|brown_70|diesel_100;path=a:3,b:_0", "red")
    off = tile.offboards[0]
    assert off.route_revenue(["yellow"], "2") == 40
    assert off.route_revenue(["yellow", "green"], "3") == 40
    assert off.route_revenue(["yellow", "green", "brown"], "5") == 70
    assert off.route_revenue(["yellow", "green", "brown", "gray"], "D") == 100
    assert off.route_revenue(["yellow", "green", "brown", "gray"], "6") == 70
    assert off.route_revenue([], "2") == 0
    flat = Tile.for_catalogue("57").cities[0]
    assert flat.route_revenue(["yellow", "green"], "D") == 20


# --- cities: tokens and reservations --------------------------------------------------------


def test_city_starts_empty_and_blocks() -> None:
    city = Tile.for_catalogue("57").cities[0]
    a, b = Corp("A"), Corp("B")
    assert city.tokens == [None]
    assert not city.blocks(a)
    city.place_token(a, a.next_token(), free=True)
    assert not city.blocks(a)
    assert city.blocks(b)
    assert not city.blocks(None)
    assert city.tokened_by(a) and not city.tokened_by(b)
    assert a.tokens[0].used and a.tokens[0].city is city


def test_neutral_token_does_not_block() -> None:
    city = Tile.for_catalogue("57").cities[0]
    b = Corp("B")
    neutral = Token(b, 0, "neutral")
    city.place_token(b, neutral, free=True)
    assert not city.blocks(Corp("A"))


def test_tokenable_rules() -> None:
    city = Tile.for_catalogue("14").cities[0]
    a, b, c = Corp("A"), Corp("B"), Corp("C")
    city.place_token(a, a.next_token(), free=True)
    assert not city.tokenable(a)  # already here
    assert city.tokenable(b)
    poor = Corp("P", prices=(0, 40), cash=10)
    poor.tokens[0].used = True
    assert not city.tokenable(poor)
    assert city.tokenable(poor, free=True)
    with pytest.raises(IllegalAction, match="cannot afford"):
        city.place_token(poor, poor.tokens[1])
    with pytest.raises(IllegalAction, match="already has a token"):
        city.place_token(a, a.next_token())
    assert not city.tokenable(c, tokens=[])


def test_reservation_for_other_corp_blocks_last_slot() -> None:
    city = Tile.for_catalogue("14").cities[0]
    a, b, c = Corp("A"), Corp("B"), Corp("C")
    city.add_reservation(b)
    city.place_token(c, c.next_token(), free=True)
    assert city.tokens[0] is None and city.tokens[1] is c.tokens[0]
    assert not city.tokenable(a)
    with pytest.raises(IllegalAction, match="no token slots"):
        city.place_token(a, a.next_token())
    assert city.tokenable(b)
    city.place_token(b, b.next_token())
    assert city.tokens[0] is b.tokens[0]
    assert city.reservations == [None]


def test_reservation_held_by_owned_company() -> None:
    city = Tile.for_catalogue("57").cities[0]
    a = Corp("A")
    city.add_reservation(Company(a))
    assert city.reserved_by(a) and city.get_slot(a) == 0
    assert city.available_slots == 0


def test_add_reservation_inserts_at_slot() -> None:
    city = Tile.for_catalogue("63").cities[0]
    a, b = Corp("A"), Corp("B")
    city.add_reservation(a, 1)
    assert city.reservations == [None, a]
    city.add_reservation(b, 0)
    assert city.reservations == [b, None, a]
    assert city.available_slots == 1
    city.remove_reservation(b)
    assert city.reservations == [None, None, a]


def test_cheater_token_takes_a_new_slot() -> None:
    city = Tile.for_catalogue("57").cities[0]
    a, b = Corp("A"), Corp("B")
    city.place_token(a, a.next_token(), free=True)
    assert city.get_slot(b) is None
    city.place_token(b, b.next_token(), free=True, cheater=True)
    assert city.tokens == [a.tokens[0], b.tokens[0]]
    assert city.slots == 2 and city.normal_slots == 1
    city.reset()
    assert city.tokens == [None]


def test_remove_token() -> None:
    city = Tile.for_catalogue("14").cities[0]
    a = Corp("A")
    city.place_token(a, a.next_token(), free=True)
    a.tokens[0].remove()
    assert city.tokens == [None, None] and not a.tokens[0].used


def test_place_token_clears_tile_reservation() -> None:
    tile = Tile.from_code("x", T128, "yellow")
    a = Corp("A")
    tile.add_reservation(a)
    assert tile.reservations == [a] and tile.reserved_by(a)
    tile.cities[0].place_token(a, a.next_token(), free=True)
    assert tile.reservations == []


def test_tile_reservation_blocking_never() -> None:
    tile = Tile.from_code("x", T128, "yellow")
    a, b, c = Corp("A"), Corp("B"), Corp("C")
    tile.add_reservation(b)
    tile.cities[1].place_token(c, c.next_token(), free=True)
    assert not tile.cities[0].tokenable(a)
    tile2 = Tile.from_code("x", T128, "yellow")
    tile2.add_reservation(a)
    tile2.cities[1].place_token(c, c.next_token(), free=True)
    assert tile2.cities[0].tokenable(a)


def test_tile_reservation_blocking_always() -> None:
    tile = Tile.from_code("x", T128, "yellow", reservation_blocks="always")
    a, b = Corp("A"), Corp("B")
    tile.add_reservation(b)
    assert not tile.cities[0].tokenable(a)
    with pytest.raises(IllegalAction, match="reserved"):
        tile.cities[0].place_token(a, a.next_token())
    assert tile.cities[0].tokenable(b)
    assert tile.cities[0].tokenable(a, cheater=True)


def test_single_city_reservation_goes_to_the_city() -> None:
    tile = Tile.for_catalogue("57")
    a = Corp("A")
    tile.add_reservation(a)
    assert tile.reservations == [] and tile.cities[0].reservations == [a]
    tile.remove_reservation(a)
    assert tile.cities[0].reservations == [None]


def test_multi_city_reservation_with_city_index() -> None:
    tile = Tile.from_code("x", T128, "yellow")
    a = Corp("A")
    tile.add_reservation(a, 1)
    assert tile.cities[1].reservations == [a] and tile.reservations == []
    assert isinstance(tile.cities[1], City)


def test_paths_subset_equals_the_path_by_path_rule_on_catalogue_tiles() -> None:
    """``paths_are_subset_of`` (ends sorted once per call) answers what ``Path.subset_at`` answers path by path,
    for every rotation of the new tile, on a spread of catalogue tiles (junction tiles aside: their own rule)."""
    from engine.map.catalogue import TILE_CATALOGUE
    from engine.map.tile import ALL_EDGES

    def by_subset_at(old: Tile, other_paths: list[Path], other_rotation: int) -> bool:
        return any(all(any(path.subset_at(ticks, other, other_rotation) for other in other_paths)
                       for path in old.paths) for ticks in ALL_EDGES)

    names = sorted(TILE_CATALOGUE)[::7]
    tiles = [Tile.for_catalogue(name) for name in names]
    tiles = [t for t in tiles if not t.junctions]
    checked = 0
    for old in tiles[::3]:
        for new in tiles:
            for rotation in (0, 2, 5):
                assert old.paths_are_subset_of(new.paths, rotation) == by_subset_at(old, new.paths, rotation), (
                    old.name, new.name, rotation)
                checked += 1
    assert checked > 1000
