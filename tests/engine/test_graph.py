"""Connectivity graph: walks, blocking, caches, route_info, can_token."""

from __future__ import annotations

from typing import Any

import pytest

from engine.map.graph import Graph, GraphTeleport, lane_match, walk_node
from engine.map.hexes import Hex, connect_hexes
from engine.map.parts import City
from engine.map.tile import Tile
from engine.model.token import Token

CITY_EW = "city=revenue:20;path=a:1,b:_0;path=a:_0,b:4"
STRAIGHT_EW = "path=a:1,b:4"


class Corp:
    """A bare corporation: a name and unplaced tokens."""

    def __init__(self, name: str, tokens: int = 3) -> None:
        self.name = name
        self.cash = 0
        self.tokens = [Token(self) for _ in range(tokens)]

    def __repr__(self) -> str:
        return f"<Corp {self.name}>"


class Host:
    def __init__(self, hexes: list[Hex], teleports: dict[Any, list[GraphTeleport]] | None = None) -> None:
        self.hexes = hexes
        self._by_id = {h.id: h for h in hexes}
        self._teleports = teleports or {}

    def hex_by_id(self, hex_id: str) -> Hex:
        return self._by_id[hex_id]

    def graph_teleports(self, corporation: Any) -> list[GraphTeleport]:
        return self._teleports.get(corporation, [])


def build(spec: dict[str, tuple[str, str] | str], layout: str = "pointy") -> tuple[Host, dict[str, Hex]]:
    """Hexes from ``{hex id: code or (code, colour)}``; rotation 0; connected."""
    hexes = []
    for hex_id, value in spec.items():
        code, color = (value, "yellow") if isinstance(value, str) else value
        hexes.append(Hex(hex_id, layout, Tile.from_code(hex_id, code, color, preprinted=True)))
    connect_hexes(hexes)
    host = Host(hexes)
    return host, {h.id: h for h in hexes}


def place(corp: Corp, hex_: Hex, city_index: int = 0) -> City:
    city = hex_.tile.cities[city_index]
    token = next(t for t in corp.tokens if not t.used)
    city.exchange_token(token)
    return city


@pytest.fixture
def line() -> tuple[Host, dict[str, Hex]]:
    # A1 city - A3 straight - A5 city - A7 city - A9 city, all joined east-west.
    return build({"A1": CITY_EW, "A3": STRAIGHT_EW, "A5": CITY_EW, "A7": CITY_EW, "A9": CITY_EW})


def test_lane_match() -> None:
    assert lane_match((1, 0), (1, 0))
    assert lane_match((2, 0), (2, 1))
    assert not lane_match((2, 0), (2, 0))
    # one lane meets the middle of three
    assert lane_match((1, 0), (3, 1))
    assert not lane_match((1, 0), (3, 0))
    assert not lane_match(None, (1, 0))


def test_walk_reaches_everything_along_open_track(line: tuple[Host, dict[str, Hex]]) -> None:
    host, h = line
    prr = Corp("PRR")
    home = place(prr, h["A1"])
    graph = Graph(host)

    nodes = graph.connected_nodes(prr)
    assert list(nodes) == [home, *(h[x].tile.cities[0] for x in ("A5", "A7", "A9"))]
    assert list(graph.reachable_hexes(prr)) == [h[x] for x in ("A1", "A3", "A5", "A7", "A9")]
    hexes = graph.connected_hexes(prr)
    # the token hex opens all its neighbours' edges, then walked exits on both sides
    assert hexes[h["A1"]] == [4, 1]  # A1 has no western neighbour, but its track points there
    assert hexes[h["A3"]] == [1, 4]
    assert hexes[h["A9"]] == [1, 4]
    assert len(graph.connected_paths(prr)) == 9
    assert graph.route_info(prr) == {"route_available": True, "route_train_purchase": True}
    assert graph.can_token(prr)


def test_full_foreign_city_is_reached_but_not_passed(line: tuple[Host, dict[str, Hex]]) -> None:
    host, h = line
    prr, nyc = Corp("PRR"), Corp("NYC")
    place(prr, h["A1"])
    blocker = place(nyc, h["A5"])
    graph = Graph(host)

    nodes = graph.connected_nodes(prr)
    assert blocker in nodes
    assert h["A7"].tile.cities[0] not in nodes
    assert h["A7"] not in graph.reachable_hexes(prr)
    # the blocked city's own track is reached, the track beyond it is not
    paths = graph.connected_paths(prr)
    assert blocker.paths[0] in paths
    assert blocker.paths[1] not in paths
    # NYC itself runs both ways from its token
    assert h["A1"].tile.cities[0] in graph.connected_nodes(nyc)
    assert h["A9"].tile.cities[0] in graph.connected_nodes(nyc)


def test_city_with_a_free_slot_does_not_block() -> None:
    host, h = build({"A1": CITY_EW, "A3": "city=revenue:30,slots:2;path=a:1,b:_0;path=a:_0,b:4", "A5": CITY_EW})
    prr, nyc = Corp("PRR"), Corp("NYC")
    place(prr, h["A1"])
    place(nyc, h["A3"])
    graph = Graph(host)
    assert h["A5"].tile.cities[0] in graph.connected_nodes(prr)


def test_offboard_is_not_passed_through() -> None:
    offboard = ("offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:4,b:_0", "red")
    host, h = build({"A1": CITY_EW, "A3": offboard, "A5": CITY_EW})
    prr = Corp("PRR")
    place(prr, h["A1"])
    graph = Graph(host)
    nodes = graph.connected_nodes(prr)
    assert h["A3"].tile.offboards[0] in nodes
    assert h["A5"].tile.cities[0] not in nodes
    # a graph without blocking walks through it
    assert h["A5"].tile.cities[0] in Graph(host, no_blocking=True).connected_nodes(prr)


def test_terminal_path_is_not_continued() -> None:
    terminal_city = "city=revenue:20;path=a:1,b:_0,terminal:1;path=a:_0,b:4"
    host, h = build({"A1": CITY_EW, "A3": terminal_city, "A5": CITY_EW})
    prr = Corp("PRR")
    place(prr, h["A1"])
    nodes = Graph(host).connected_nodes(prr)
    assert h["A3"].tile.cities[0] in nodes
    assert h["A5"].tile.cities[0] not in nodes


def test_track_must_face_track() -> None:
    # A3's track bends north-east (edges 1 and 3): nothing continues to A5
    host, h = build({"A1": CITY_EW, "A3": "path=a:1,b:3", "A5": CITY_EW})
    prr = Corp("PRR")
    place(prr, h["A1"])
    graph = Graph(host)
    assert h["A5"] not in graph.reachable_hexes(prr)
    assert graph.connected_hexes(prr)[h["A3"]] == [1, 3]
    assert graph.route_info(prr) == {}
    assert not graph.can_run_route(prr)


def test_no_token_means_nothing_reached(line: tuple[Host, dict[str, Hex]]) -> None:
    host, _ = line
    graph = Graph(host)
    corp = Corp("B&M")
    assert graph.connected_hexes(corp) == {}
    assert graph.connected_nodes(corp) == {}
    assert graph.route_info(corp) == {}
    assert not graph.can_token(corp)


def test_token_hex_without_track_opens_its_neighbours() -> None:
    host, h = build({"A1": ("city=revenue:0", "white"), "A3": ("", "white"), "B2": ("", "white")})
    corp = Corp("PRR")
    place(corp, h["A1"])
    graph = Graph(host)
    assert graph.connected_hexes(corp) == {h["A1"]: list(h["A1"].neighbors)}
    assert sorted(h["A1"].neighbors) == [4, 5]
    assert graph.route_info(corp) == {}


def test_can_token_needs_a_reachable_free_city(line: tuple[Host, dict[str, Hex]]) -> None:
    host, h = line
    prr = Corp("PRR")
    place(prr, h["A1"])
    others = [Corp(f"X{i}") for i in range(3)]
    for corp, hex_id in zip(others, ("A5", "A7", "A9")):
        place(corp, h[hex_id])
    graph = Graph(host)
    # A5 is full with another corporation's token: nothing beyond it, nothing free
    assert not graph.can_token(prr)
    assert graph.tokenable_cities(prr) == []


def test_can_token_is_cached_until_clear(line: tuple[Host, dict[str, Hex]]) -> None:
    host, h = line
    prr, nyc = Corp("PRR"), Corp("NYC")
    place(prr, h["A1"])
    graph = Graph(host)
    assert graph.can_token(prr)
    # a city is offered once per path that reaches it, as in the reference
    assert graph.tokenable_cities(prr) == [h[x].tile.cities[0] for x in ("A5", "A5", "A7", "A7", "A9", "A9")]
    place(nyc, h["A5"])
    assert graph.can_token(prr)  # cached
    graph.clear_graph_for_entity(nyc)
    assert not graph.can_token(prr)


def test_can_token_ignores_cost_but_not_existing_token() -> None:
    host, h = build({"A1": CITY_EW, "A3": CITY_EW})
    prr = Corp("PRR")
    prr.tokens[1].price = 1000
    place(prr, h["A1"])
    assert Graph(host).can_token(prr)
    prr2 = Corp("B&O", tokens=1)
    place(prr2, h["A3"])
    assert not Graph(host).can_token(prr2)  # no token left


def test_route_info_counts_mandatory_stops_per_token() -> None:
    town_line = "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4"
    optional = "city=revenue:10,route:optional;path=a:1,b:_0;path=a:_0,b:4"
    host, h = build({"A1": CITY_EW, "A3": optional})
    corp = Corp("PRR")
    place(corp, h["A1"])
    assert Graph(host).route_info(corp) == {"route_available": True}

    host, h = build({"A1": CITY_EW, "A3": town_line})
    corp = Corp("PRR")
    place(corp, h["A1"])
    assert Graph(host).route_info(corp) == {"route_available": True, "route_train_purchase": True}


def test_route_train_purchase_is_sticky(line: tuple[Host, dict[str, Hex]]) -> None:
    host, h = build({"A1": CITY_EW, "A3": CITY_EW, "A5": CITY_EW})
    prr, nyc = Corp("PRR"), Corp("NYC")
    place(prr, h["A1"])
    graph = Graph(host)
    assert graph.route_train_purchase(prr)

    # cut PRR off: its only neighbour city fills up with another corporation's token,
    # which (with A1's own paths) still counts two stops; so remove the track instead
    h["A1"].lay(Tile.from_code("X", "city=revenue:20", "yellow"))
    graph.clear()
    assert graph.route_info(prr) == {"route_available": True, "route_train_purchase": True}
    assert graph.connected_nodes(prr) == {h["A1"].tile.cities[0]: True}

    graph.clear_graph_for(prr)
    assert graph.route_info(prr) == {}
    assert nyc not in graph._routes


def test_routes_only_stops_after_the_first_token_with_a_route() -> None:
    host, h = build({"A1": CITY_EW, "A3": CITY_EW, "A5": CITY_EW, "A7": CITY_EW})
    corp = Corp("PRR")
    place(corp, h["A1"])
    place(corp, h["A7"])
    graph = Graph(host)
    assert graph.route_info(corp)["route_train_purchase"]
    # the early return leaves the other caches empty; asking fills them
    assert corp not in graph._connected_nodes
    assert len(graph.connected_nodes(corp)) == 4


def test_second_token_only_counts_track_not_yet_reached() -> None:
    # PRR tokens at both ends; the second token's walk finds no new track
    host, h = build({"A1": CITY_EW, "A3": STRAIGHT_EW, "A5": CITY_EW})
    corp = Corp("PRR")
    place(corp, h["A1"])
    place(corp, h["A5"])
    graph = Graph(host)
    assert graph.route_info(corp) == {"route_available": True, "route_train_purchase": True}
    assert list(graph.connected_nodes(corp)) == [h["A1"].tile.cities[0], h["A5"].tile.cities[0]]


def test_junction_walk() -> None:
    # a junction tile joining edges 1, 4 and 5
    junction = "junction;path=a:1,b:_0;path=a:4,b:_0;path=a:5,b:_0"
    host, h = build({"A1": CITY_EW, "A3": junction, "A5": CITY_EW, "B4": "city=revenue:20;path=a:2,b:_0"})
    corp = Corp("PRR")
    place(corp, h["A1"])
    nodes = Graph(host).connected_nodes(corp)
    assert h["A5"].tile.cities[0] in nodes
    assert h["B4"].tile.cities[0] in nodes


def test_teleport_hexes_count_as_reached() -> None:
    host, h = build({"A1": CITY_EW, "A3": ("", "white"), "A5": ("city=revenue:0", "white")})
    corp = Corp("PRR")
    place(corp, h["A1"])
    host._teleports[corp] = [GraphTeleport("teleport", ("A5",), used=True)]
    graph = Graph(host)
    assert h["A5"] in graph.connected_hexes(corp)
    assert h["A5"].tile.cities[0] in graph.connected_nodes(corp)
    assert graph.can_token(corp)


def test_home_as_token() -> None:
    host, h = build({"A1": CITY_EW, "A3": CITY_EW, "A5": CITY_EW})
    corp = Corp("LM")
    corp.coordinates = "A1"  # type: ignore[attr-defined]
    corp.city = None  # type: ignore[attr-defined]
    assert Graph(host).connected_nodes(corp) == {}
    nodes = Graph(host, home_as_token=True).connected_nodes(corp)
    assert list(nodes) == [h[x].tile.cities[0] for x in ("A1", "A3", "A5")]


def test_walk_node_visits_each_path_once_without_converging(line: tuple[Host, dict[str, Hex]]) -> None:
    _, h = line
    seen: list[Any] = []
    walk_node(h["A1"].tile.cities[0], lambda p: seen.append(p), visited={}, converging=False)
    assert len(seen) == len(set(map(id, seen))) == 9
    assert seen[0] is h["A1"].tile.paths[0]


def test_converging_tile_is_walked_both_ways() -> None:
    # A3 is a "triangle" (edges 1, 4, 5 each used twice): converging exits
    triangle = "path=a:1,b:5;path=a:5,b:4;path=a:4,b:1"
    host, h = build({"A1": CITY_EW, "A3": triangle, "A5": CITY_EW, "B4": "city=revenue:20;path=a:2,b:_0"})
    assert h["A3"].tile.converging_exit(1)
    corp = Corp("PRR")
    place(corp, h["A1"])
    graph = Graph(host)
    nodes = graph.connected_nodes(corp)
    assert h["A5"].tile.cities[0] in nodes
    assert h["B4"].tile.cities[0] in nodes
    one_five, five_four, four_one = h["A3"].tile.paths
    paths = graph.connected_paths(corp)
    assert one_five in paths and four_one in paths
    # 5-4 would need a walk entering A3 at 5 or 4 from elsewhere: B4 and A5 are dead ends
    assert five_four not in paths
