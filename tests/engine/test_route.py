"""Routes: rebuilding from ``connections``, validation, revenue, N/M trains, and a golden
check against the stored revenues of the 1830 fixtures (skipped without ``../shared``)."""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from types import SimpleNamespace
from typing import Any

import pytest

from engine.errors import IllegalAction, NoToken, ReusesCity, RouteTooLong, RouteTooShort
from engine.map.hexes import Hex, connect_hexes
from engine.map.parts import City
from engine.map.route import (
    Route,
    base_revenue_for,
    chain_id,
    preferred_city_town_edges,
    routes_from_action,
    stop_type,
    train_is_local,
)
from engine.map.tile import Tile
from engine.model.token import Token

CITY_EW = "city=revenue:20;path=a:1,b:_0;path=a:_0,b:4"
STRAIGHT_EW = "path=a:1,b:4"
SHARED = FsPath(__file__).resolve().parents[2] / ".." / "shared"


class Corp:
    def __init__(self, name: str, tokens: int = 4) -> None:
        self.name = name
        self.cash = 0
        self.tokens = [Token(self) for _ in range(tokens)]

    def __repr__(self) -> str:
        return f"<Corp {self.name}>"


@dataclass(eq=False)
class Train:
    name: str
    distance: Any
    owner: Any
    index: int = 0
    requires_token: bool = True

    @property
    def id(self) -> str:
        return f"{self.name}-{self.index}"


@dataclass(eq=False)
class Host:
    hexes: list[Hex]
    phase: Any = field(default_factory=lambda: SimpleNamespace(tiles=["yellow"]))
    trains: dict[str, Train] = field(default_factory=dict)
    revenue_calls: int = 0

    def hex_by_id(self, hex_id: str) -> Hex:
        for hex_ in self.hexes:
            if hex_.id == hex_id:
                return hex_
        raise KeyError(hex_id)

    def train_by_id(self, train_id: str) -> Train:
        return self.trains[train_id]

    def train_owner(self, train: Train) -> Any:
        return train.owner

    def revenue_for(self, route: Route, stops: list[Any]) -> int:
        self.revenue_calls += 1
        return base_revenue_for(route, stops)


def build(spec: dict[str, Any], layout: str = "pointy") -> tuple[Host, dict[str, Hex]]:
    hexes = []
    for hex_id, value in spec.items():
        code, color = (value, "yellow") if isinstance(value, str) else value
        hexes.append(Hex(hex_id, layout, Tile.from_code(hex_id, code, color, preprinted=True)))
    connect_hexes(hexes)
    return Host(hexes), {h.id: h for h in hexes}


def place(corp: Corp, hex_: Hex, city_index: int = 0) -> City:
    city = hex_.tile.cities[city_index]
    city.exchange_token(next(t for t in corp.tokens if not t.used))
    return city


def add_train(host: Host, name: str, distance: Any, owner: Any, index: int = 0) -> Train:
    train = Train(name, distance, owner, index)
    host.trains[train.id] = train
    return train


def run(host: Host, *entries: dict[str, Any]) -> list[Route]:
    return routes_from_action(host, list(entries))


@pytest.fixture
def line() -> tuple[Host, dict[str, Hex], Corp]:
    # A1 city (PRR) - A3 straight - A5 city - A7 city - A9 city
    host, h = build({"A1": CITY_EW, "A3": STRAIGHT_EW, "A5": CITY_EW, "A7": CITY_EW, "A9": CITY_EW})
    prr = Corp("PRR")
    place(prr, h["A1"])
    return host, h, prr


# --- reconstruction --------------------------------------------------------------------------


def test_single_chain(line: tuple[Host, dict[str, Hex], Corp]) -> None:
    host, _h, prr = line
    add_train(host, "2", 2, prr)
    (route,) = run(host, {"train": "2-0", "connections": [["A1", "A3", "A5"]]})
    assert [s.hex.id for s in route.visited_stops] == ["A1", "A5"]
    assert [p.hex.id for p in route.paths] == ["A1", "A3", "A5"]
    assert [hx.id for hx in route.hexes] == ["A1", "A5"]
    assert route.revenue() == 40
    assert route.revenue_str() == "A1-A5"
    assert route.node_signatures == ["A1-0", "A5-0"]
    assert route.connection_hexes == [["A1", "A3", "A5"]]


def test_chain_written_backwards_still_matches(line: tuple[Host, dict[str, Hex], Corp]) -> None:
    host, _h, prr = line
    add_train(host, "2", 2, prr)
    (route,) = run(host, {"train": "2-0", "connections": [["A5", "A3", "A1"]]})
    assert [s.hex.id for s in route.visited_stops] == ["A5", "A1"]
    assert [p.hex.id for p in route.ordered_paths()] == ["A5", "A3", "A1"]
    assert route.revenue() == 40


def test_several_chains_pair_through_their_shared_stop(line: tuple[Host, dict[str, Hex], Corp]) -> None:
    host, _h, prr = line
    add_train(host, "3", 3, prr)
    (route,) = run(host, {"train": "3-0", "connections": [["A5", "A3", "A1"], ["A7", "A5"]]})
    assert [s.hex.id for s in route.visited_stops] == ["A1", "A5", "A7"]
    assert [hx.id for hx in route.hexes] == ["A1", "A5", "A7"]
    assert route.revenue() == 60


def test_unmatched_chain_gives_an_empty_route(line: tuple[Host, dict[str, Hex], Corp]) -> None:
    host, _h, prr = line
    add_train(host, "2", 2, prr)
    (route,) = run(host, {"train": "2-0", "connections": [["A1", "A5"]]})
    assert route.connection_data() == []
    with pytest.raises(NoToken):
        route.revenue()


def test_node_chains_are_sorted_by_length() -> None:
    # A1 city - A3 city; also A1 - B2 - A3 around the north (junction-free curves)
    host, h = build(
        {
            "A1": "city=revenue:20;path=a:4,b:_0;path=a:5,b:_0",
            "A3": "city=revenue:20;path=a:1,b:_0;path=a:0,b:_0",
            "B2": "path=a:2,b:3",
        }
    )
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "2", 2, prr)
    (route,) = run(host, {"train": "2-0", "connections": [["A1", "B2", "A3"]]})
    chains = route.node_chains(h["A1"].tile.cities[0], h["A3"].tile.cities[0])
    assert [c.id for c in chains] == [["A1", "A3"], ["A1", "B2", "A3"]]
    assert route.revenue() == 40
    assert [p.hex.id for p in route.paths] == ["A1", "B2", "A3"]


def test_chain_id_for_ambiguous_intra_tile_path() -> None:
    tile = Tile.from_code(
        "T", "city=revenue:10;city=revenue:10;town=revenue:10;path=a:_0,b:_2;path=a:_1,b:_2", "yellow"
    )
    hexes = [Hex("A1", "pointy", tile)]
    connect_hexes(hexes)
    assert tile.ambiguous_connection
    assert chain_id([tile.paths[1]]) == ["A1 1.2"]


def test_lazy_order_between_routes_of_one_action() -> None:
    # two parallel lanes from A1 to A5: both routes name the same hexes
    host, h = build(
        {
            "A1": "city=revenue:20,slots:2;path=a:4,b:_0,lanes:2",
            "A3": "path=a:1,b:4,lanes:2",
            "A5": "city=revenue:30,slots:2;path=a:1,b:_0,lanes:2",
        }
    )
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "2", 2, prr, 0)
    add_train(host, "2", 2, prr, 1)
    spec = [["A1", "A3", "A5"]]
    lane0, lane1 = h["A1"].tile.paths

    first, second = run(host, {"train": "2-0", "connections": spec}, {"train": "2-1", "connections": spec})
    # asking the first route builds the second one first (with the first still empty)
    assert first.revenue() == 50
    assert second.paths[0] is lane0
    assert first.paths[0] is lane1
    assert second.revenue() == 50

    first, second = run(host, {"train": "2-0", "connections": spec}, {"train": "2-1", "connections": spec})
    assert second.revenue() == 50
    assert first.paths[0] is lane0
    assert second.paths[0] is lane1


def test_nodes_signatures_choose_between_pairings() -> None:
    # A3 holds a city and a town, each joined to edges 1 and 4: A1 -> A3 -> A5 may stop at either
    host, h = build(
        {
            "A1": CITY_EW,
            "A3": "city=revenue:30;town=revenue:10;path=a:1,b:_0;path=a:1,b:_1;path=a:_0,b:4;path=a:_1,b:4",
            "A5": CITY_EW,
        }
    )
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "3", 3, prr)
    city, town = h["A3"].tile.cities[0], h["A3"].tile.towns[0]
    spec = [["A1", "A3"], ["A3", "A5"]]
    (default,) = run(host, {"train": "3-0", "connections": spec})
    assert default.visited_stops[1] is city
    assert default.revenue() == 70
    (chosen,) = run(host, {"train": "3-0", "connections": spec, "nodes": ["A1-0", "A3-1", "A5-0"]})
    assert chosen.visited_stops[1] is town
    assert chosen.revenue() == 50
    # once built, the signatures describe the route itself
    assert chosen.node_signatures == ["A1-0", "A3-1", "A5-0"]


# --- validation ---------------------------------------------------------------------------------


def test_too_long(line: tuple[Host, dict[str, Hex], Corp]) -> None:
    host, _h, prr = line
    add_train(host, "2", 2, prr)
    (route,) = run(host, {"train": "2-0", "connections": [["A1", "A3", "A5"], ["A5", "A7"]]})
    with pytest.raises(RouteTooLong, match="3 is too many stops for 2 train"):
        route.revenue()


def test_no_token() -> None:
    host, h = build({"A1": CITY_EW, "A3": CITY_EW, "A5": CITY_EW})
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "2", 2, prr)
    (route,) = run(host, {"train": "2-0", "connections": [["A3", "A5"]]})
    with pytest.raises(NoToken):
        route.revenue()


def test_too_short() -> None:
    host, h = build({"A1": "city=revenue:20;city=revenue:20;path=a:_0,b:_1;path=a:1,b:_0"})
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "2", 2, prr)
    # the intra-tile track joins the hex's two cities: a one-hex chain
    route = Route(host, host.trains["2-0"], connections=[["A1"]])
    assert route.revenue() == 40
    route = Route(host, host.trains["2-0"])
    from engine.map.route import Chain, Segment

    city = h["A1"].tile.cities[0]
    route._connection_data = [Segment(city, city, Chain((city, city), [], []))]
    with pytest.raises(RouteTooShort):
        route.revenue()


def test_reuses_city() -> None:
    # a loop A1 -> A3 -> B2 -> A1
    host, h = build(
        {
            "A1": "city=revenue:20;path=a:4,b:_0;path=a:5,b:_0",
            "A3": "city=revenue:30;path=a:1,b:_0;path=a:0,b:_0",
            "B2": "city=revenue:10;path=a:2,b:_0;path=a:3,b:_0",
        }
    )
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "4", 4, prr)
    (route,) = run(host, {"train": "4-0", "connections": [["A1", "A3"], ["A3", "B2"], ["B2", "A1"]]})
    assert [s.hex.id for s in route.visited_stops] == ["A1", "A3", "B2"]
    with pytest.raises(ReusesCity, match="Cannot use A1 twice"):
        route.revenue()


def test_group_used_twice() -> None:
    off = ("offboard=revenue:30,groups:Canada;path=a:1,b:_0;path=a:4,b:_0", "red")
    host, h = build({"A1": off, "A3": CITY_EW, "A5": off})
    prr = Corp("PRR")
    place(prr, h["A3"])
    add_train(host, "3", 3, prr)
    (route,) = run(host, {"train": "3-0", "connections": [["A1", "A3"], ["A3", "A5"]]})
    with pytest.raises(IllegalAction, match="Cannot use group Canada more than once"):
        route.revenue()


def test_terminal_in_the_middle() -> None:
    host, h = build(
        {
            "A1": CITY_EW,
            "A3": "city=revenue:20;path=a:1,b:_0,terminal:1;path=a:_0,b:4,terminal:1",
            "A5": CITY_EW,
        }
    )
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "3", 3, prr)
    (route,) = run(host, {"train": "3-0", "connections": [["A1", "A3"], ["A3", "A5"]]})
    with pytest.raises(IllegalAction, match="terminal"):
        route.revenue()


def test_cannot_run_through_full_foreign_city(line: tuple[Host, dict[str, Hex], Corp]) -> None:
    host, h, prr = line
    place(Corp("NYC"), h["A5"])
    add_train(host, "3", 3, prr)
    (route,) = run(host, {"train": "3-0", "connections": [["A1", "A3", "A5"], ["A5", "A7"]]})
    with pytest.raises(IllegalAction, match="not connected"):
        route.revenue()
    # ending there is fine
    (route,) = run(host, {"train": "3-0", "connections": [["A1", "A3", "A5"]]})
    assert route.revenue() == 40


def test_cannot_run_through_offboard() -> None:
    off = ("offboard=revenue:yellow_30|brown_60;path=a:1,b:_0;path=a:4,b:_0", "red")
    host, h = build({"A1": CITY_EW, "A3": off, "A5": CITY_EW})
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "3", 3, prr)
    (route,) = run(host, {"train": "3-0", "connections": [["A1", "A3"], ["A3", "A5"]]})
    with pytest.raises(IllegalAction, match="not connected"):
        route.revenue()


def test_overlapping_routes(line: tuple[Host, dict[str, Hex], Corp]) -> None:
    host, h, prr = line
    place(prr, h["A7"])
    add_train(host, "2", 2, prr, 0)
    add_train(host, "2", 2, prr, 1)
    # the second route is rebuilt avoiding the first one's track: no chain is left
    first, second = run(
        host,
        {"train": "2-0", "connections": [["A1", "A3", "A5"]]},
        {"train": "2-1", "connections": [["A1", "A3", "A5"]]},
    )
    with pytest.raises(NoToken):
        first.revenue()
    # disjoint routes sharing a stop are fine
    first, second = run(
        host,
        {"train": "2-0", "connections": [["A1", "A3", "A5"]]},
        {"train": "2-1", "connections": [["A5", "A7"]]},
    )
    assert first.revenue() == 40
    assert second.revenue() == 40


def two_routes_on_one_chain(host: Host, h: dict[str, Hex]) -> list[Route]:
    """Two routes of PRR (tokened in A1) given the same A1-A3 track, without rebuilding them from an action."""
    from engine.map.route import Chain, Segment

    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "2", 2, prr, 0)
    add_train(host, "2", 2, prr, 1)
    a, b = h["A1"].tile.cities[0], h["A3"].tile.cities[0]
    chain = Chain((a, b), [h["A1"].tile.paths[1], h["A3"].tile.paths[0]], ["A1", "A3"])
    routes: list[Route] = []
    for train_id in ("2-0", "2-1"):
        route = Route(host, host.trains[train_id], routes=routes)
        route._connection_data = [Segment(a, b, chain)]
        routes.append(route)
    return routes


def test_overlap_detected_when_routes_are_given_track() -> None:
    from engine.map.route import check_overlap

    host, h = build({"A1": CITY_EW, "A3": CITY_EW})
    routes = two_routes_on_one_chain(host, h)
    with pytest.raises(IllegalAction, match="Route cannot reuse track on A1"):
        check_overlap(routes)
    with pytest.raises(IllegalAction, match="reuse track"):
        routes[1].revenue()


def test_track_keys_follow_the_tile_turned_or_moved() -> None:
    """A path's track keys are remembered for its hex and rotation: a turned tile (or a tile laid elsewhere)
    claims the edges it has there, and routes of different overlap groups claim track apart."""
    from engine.map.route import check_overlap, track_keys

    host, h = build({"A1": CITY_EW, "A3": CITY_EW})
    tile = h["A1"].tile
    path = tile.paths[0]
    first = track_keys(path)
    assert track_keys(path) is first  # remembered
    assert first[0][0] is h["A1"] and first[0][1] == (path.a.num + tile.rotation) % 6
    tile.rotation = tile.rotation + 1
    turned = track_keys(path)
    assert turned is not first and turned[0][1] == (first[0][1] + 1) % 6
    tile.rotation = tile.rotation - 1
    assert track_keys(path) == first

    routes = two_routes_on_one_chain(host, h)
    host.route_overlap_group = lambda train: train.id  # type: ignore[attr-defined]  # each train its own group
    try:
        check_overlap(routes)  # the same track in two groups: allowed
    finally:
        del host.route_overlap_group  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="Route cannot reuse track on A1"):
        check_overlap(routes)


# --- revenue ---------------------------------------------------------------------------------


def test_revenue_by_phase_colour() -> None:
    off = ("offboard=revenue:yellow_30|brown_60;path=a:1,b:_0", "red")
    host, h = build({"A1": CITY_EW, "A3": off})
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "2", 2, prr)
    entry = {"train": "2-0", "connections": [["A1", "A3"]]}
    host.phase = SimpleNamespace(tiles=["yellow", "green"])
    assert run(host, entry)[0].revenue() == 50
    host.phase = SimpleNamespace(tiles=["yellow", "green", "brown"])
    assert run(host, entry)[0].revenue() == 80
    # a diesel takes a stop's diesel value when it has one (a flat revenue has one)
    add_train(host, "D", 999, prr)
    assert run(host, {"train": "D-0", "connections": [["A1", "A3"]]})[0].revenue() == 80


def test_stored_revenue_short_circuits(line: tuple[Host, dict[str, Hex], Corp]) -> None:
    host, _h, prr = line
    add_train(host, "2", 2, prr)
    (route,) = run(host, {"train": "2-0", "hexes": ["A1", "A9"], "revenue": 123, "revenue_str": "A1-A9"})
    assert route.revenue() == 123
    assert route.revenue_str() == "A1-A9"
    assert [hx.id for hx in route.hexes] == ["A1", "A9"]
    assert host.revenue_calls == 0
    with pytest.raises(NoToken):
        route.computed_revenue()
    (route,) = run(host, {"train": "2-0", "connections": [["A1", "A3", "A5"]], "revenue": 0})
    assert route.revenue() == 0
    assert route.computed_revenue() == 40


def test_n_m_train_picks_the_best_paying_stops() -> None:
    # A1 (token, 10) - A3 (40) - A5 (30) - A7 (20): a 2/4 train pays two stops incl. a token
    host, h = build(
        {
            "A1": "city=revenue:10;path=a:1,b:_0;path=a:_0,b:4",
            "A3": "city=revenue:40;path=a:1,b:_0;path=a:_0,b:4",
            "A5": "city=revenue:30;path=a:1,b:_0;path=a:_0,b:4",
            "A7": "city=revenue:20;path=a:1,b:_0;path=a:_0,b:4",
        }
    )
    prr = Corp("PRR")
    place(prr, h["A1"])
    distance = [{"nodes": ["city", "offboard"], "pay": 2, "visit": 4}]
    add_train(host, "2/4", distance, prr)
    spec = [["A1", "A3"], ["A3", "A5"], ["A5", "A7"]]
    (route,) = run(host, {"train": "2/4-0", "connections": spec})
    assert [s.hex.id for s in route.stops] == ["A1", "A3"]
    assert route.revenue() == 50
    assert route.distance() == 4

    # the same train cannot visit five
    host2, h2 = build({f"A{i}": "city=revenue:10;path=a:1,b:_0;path=a:_0,b:4" for i in (1, 3, 5, 7, 9)})
    place(prr, h2["A1"])
    add_train(host2, "2/4", distance, prr)
    spec5 = [["A1", "A3"], ["A3", "A5"], ["A5", "A7"], ["A7", "A9"]]
    with pytest.raises(RouteTooLong, match="too many stops"):
        run(host2, {"train": "2/4-0", "connections": spec5})[0].revenue()


def test_n_m_train_without_a_token_requirement() -> None:
    host, h = build(
        {
            "A1": "city=revenue:10;path=a:1,b:_0;path=a:_0,b:4",
            "A3": "city=revenue:40;path=a:1,b:_0;path=a:_0,b:4",
            "A5": "city=revenue:30;path=a:1,b:_0;path=a:_0,b:4",
        }
    )
    prr = Corp("PRR")
    place(prr, h["A1"])
    train = add_train(host, "1/3", [{"nodes": ["city"], "pay": 1, "visit": 3}], prr)
    spec = [["A1", "A3"], ["A3", "A5"]]
    assert [s.hex.id for s in run(host, {"train": "1/3-0", "connections": spec})[0].stops] == ["A1"]
    train.requires_token = False
    assert [s.hex.id for s in run(host, {"train": "1/3-0", "connections": spec})[0].stops] == ["A3"]


def test_towns_cannot_ride_on_a_cities_only_n_m_train() -> None:
    host, h = build({"A1": CITY_EW, "A3": "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4"})
    prr = Corp("PRR")
    place(prr, h["A1"])
    add_train(host, "3/5", [{"nodes": ["city", "offboard"], "pay": 3, "visit": 5}], prr)
    with pytest.raises(RouteTooLong):
        run(host, {"train": "3/5-0", "connections": [["A1", "A3"]]})[0].revenue()


def test_helpers() -> None:
    _host, h = build({"A1": CITY_EW, "A3": "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4"})
    assert stop_type(h["A1"].tile.cities[0]) == "city"
    assert stop_type(h["A3"].tile.towns[0]) == "town"
    assert train_is_local(SimpleNamespace(distance=1))
    assert not train_is_local(SimpleNamespace(distance=2))
    assert train_is_local(SimpleNamespace(distance=[{"nodes": ["city"], "pay": 1, "visit": 1}]))
    assert not train_is_local(SimpleNamespace(distance=1, no_local=True))


def test_preferred_city_town_edges() -> None:
    one_city = Tile.from_code("57", "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", "yellow")
    assert preferred_city_town_edges(one_city) == {one_city.cities[0]: None}
    town = Tile.from_code("3", "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1", "yellow")
    # edge 0 starts with a small weight (room for the location name), so edge 1 wins
    assert preferred_city_town_edges(town) == {town.towns[0]: 1}
    town.rotation = 2
    assert preferred_city_town_edges(town) == {town.towns[0]: 2}
    two_towns = Tile.from_code(
        "1", "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:4;path=a:1,b:_1;path=a:_1,b:3", "yellow"
    )
    assert preferred_city_town_edges(two_towns) == {two_towns.towns[0]: 4, two_towns.towns[1]: 1}
    centre = Tile.from_code("X", "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:_0,b:1", "yellow")
    assert preferred_city_town_edges(centre) == {centre.towns[0]: None}


def test_off_centre_town_claims_its_spot() -> None:
    # tile 3 style: town next to edge 4, track to edges 4 and 5 (rotated); two trains
    # reaching the town from either side would not share an edge but do share the town spot
    host, h = build(
        {
            "A1": CITY_EW,
            "A3": "town=revenue:10;path=a:1,b:_0;path=a:_0,b:5",
            "B4": "city=revenue:20;path=a:2,b:_0",
        }
    )
    prr = Corp("PRR")
    place(prr, h["A1"])
    place(prr, h["B4"])
    add_train(host, "2", 2, prr, 0)
    add_train(host, "2", 2, prr, 1)
    first, second = run(
        host,
        {"train": "2-0", "connections": [["A1", "A3"]]},
        {"train": "2-1", "connections": [["B4", "A3"]]},
    )
    town = h["A3"].tile.towns[0]
    assert preferred_city_town_edges(h["A3"].tile)[town] == 1
    # the path from edge 5 to the town (drawn at edge 1) claims the town's spot only once
    assert first.revenue() == 30
    assert second.revenue() == 30


def test_to_dict(line: tuple[Host, dict[str, Hex], Corp]) -> None:
    host, _h, prr = line
    add_train(host, "2", 2, prr)
    (route,) = run(host, {"train": "2-0", "connections": [["A1", "A3", "A5"]]})
    assert route.to_dict() == {
        "train": "2-0",
        "connections": [["A1", "A3", "A5"]],
        "hexes": ["A1", "A5"],
        "revenue": 40,
        "revenue_str": "A1-A5",
        "nodes": ["A1-0", "A5-0"],
    }


# --- golden check: the 1830 fixtures ---------------------------------------------------------------

TRAIN_DISTANCES_1830 = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "D": 999}
#: Operating steps after Token / after Route (what the reference shows once they are skipped)
AFTER_TOKEN = ("Route", "Dividend", "DiscardTrain", "BuyTrain")
AFTER_ROUTE = ("DiscardTrain", "BuyTrain")


def _fixture_ids() -> list[str]:
    folder = SHARED / "fixtures" / "1830"
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json"))


@pytest.mark.parametrize("fixture_id", _fixture_ids() or ["missing"])
def test_1830_fixture_routes_and_graph(fixture_id: str) -> None:
    """Replay only the map of a real game (tile lays, tokens) and check routes and graph.

    Tiles and tokens come from the fixture's actions; home tokens from the reference trace.
    Every route is rebuilt from its ``connections`` and must pay its stored revenue.  The
    reference's active step after each action says what the graph answered: a Token step
    means ``can_token``, a skipped one (with tokens and cash) means not; likewise for
    Route and ``route_info``.  The graph is cleared only where the game clears it.
    """
    fixture = SHARED / "fixtures" / "1830" / f"{fixture_id}.json"
    trace = SHARED / "reference" / "traces" / "1830" / f"{fixture_id}.trace.jsonl.gz"
    if not fixture.is_file() or not trace.is_file():
        pytest.skip("shared 1830 fixtures not available")
    from engine.map.graph import Graph
    from engine.titles.g1830 import data

    spec = data.TITLE
    hexes = []
    for item in spec.preprinted_hexes():
        try:
            tile = Tile.for_catalogue(item.tile, item.index, preprinted=True)
        except Exception:
            tile = Tile.from_code(item.hex_id, item.tile, item.color, index=item.index, preprinted=True)
        hexes.append(Hex(item.hex_id, spec.layout, tile))
    connect_hexes(hexes)
    host = Host(hexes)
    graph = Graph(host)  # type: ignore[arg-type]  # (Host lacks nothing the graph reads)
    by_id = {h.id: h for h in hexes}
    homes = {c.sym: (c.coordinates, c.city) for c in spec.corporations}
    token_prices = {c.sym: list(c.tokens) for c in spec.corporations}
    phases = {p.name: list(p.tiles) for p in spec.phases}

    actions = json.loads(fixture.read_text())["actions"]
    corps: dict[str, Corp] = {}
    placed: dict[str, list[Token]] = {}

    def corp(sym: str) -> Corp:
        if sym not in corps:
            corps[sym] = Corp(sym, tokens=0)
            corps[sym].tokens = [Token(corps[sym], price) for price in token_prices[sym]]
            placed[sym] = []
        return corps[sym]

    def add_token(sym: str, city: City) -> None:
        token = next(t for t in corp(sym).tokens if not t.used)
        city.exchange_token(token)
        placed[sym].append(token)

    routes_checked = 0
    graph_checks = {"token": 0, "no_token": 0, "route": 0, "no_route": 0}
    phase = "2"
    previous: dict[str, Any] = {}
    tokened_this_turn = False
    with gzip.open(trace, "rt") as lines:
        for line_text in lines:
            line = json.loads(line_text)
            if line.get("type") == "end":
                break
            index = line["index"]
            state = line["state"]
            kind = actions[index]["type"] if index >= 0 else "start"
            if index >= 0:
                action = actions[index]
                if kind == "lay_tile":
                    name, _, copy = action["tile"].rpartition("-")
                    tile = Tile.for_catalogue(name, int(copy))
                    tile.rotation = action["rotation"]
                    by_id[action["hex"]].lay(tile)
                    graph.clear()
                elif kind == "place_token":
                    tile_id, _, part = action["city"].rpartition("-")
                    hex_ = next(hx for hx in hexes if hx.tile.id == tile_id)
                    city = next(c for c in hex_.tile.cities if c.index == int(part))
                    owner = action["entity"]
                    if action.get("entity_type") == "company":
                        owner = next(
                            s for s, c in state["corporations"].items() if len(c["tokens"]) > len(placed.get(s, []))
                        )
                    add_token(owner, city)
                    graph.clear()
                    tokened_this_turn = True
                elif kind == "run_routes":
                    runner = corp(action["entity"])
                    host.phase = SimpleNamespace(tiles=phases[phase])
                    host.trains = {}
                    for entry in action["routes"]:
                        name, _, copy = entry["train"].rpartition("-")
                        host.trains[entry["train"]] = Train(name, TRAIN_DISTANCES_1830[name], runner, int(copy))
                    stripped = [{k: v for k, v in e.items() if k not in ("revenue", "hexes")} for e in action["routes"]]
                    routes = routes_from_action(host, stripped)
                    for route, entry in zip(routes, action["routes"]):
                        assert route.revenue() == entry["revenue"], (index, entry)
                        # the stored hexes follow the order the player clicked; compare as sets
                        assert sorted(hx.id for hx in route.hexes) == sorted(entry["hexes"]), (index, entry)
                        for stop in route.visited_stops:
                            assert stop in graph.connected_nodes(runner), (index, stop)
                        routes_checked += 1
            phase = state["phase"]
            # home tokens (and tokens taken back) from the trace; no graph clear
            for sym, info in state["corporations"].items():
                have = [t.city.hex.id for t in placed.get(sym, []) if t.city is not None]
                for hex_id in info["tokens"]:
                    if hex_id in have:
                        have.remove(hex_id)
                        continue
                    coordinates, city_index = homes[sym]
                    assert hex_id == coordinates, (index, sym, hex_id)
                    add_token(sym, by_id[hex_id].tile.cities[city_index or 0])
                for hex_id in have:
                    token = next(t for t in placed[sym] if t.city is not None and t.city.hex.id == hex_id)
                    token.remove()  # back to the corporation, unused (ERIE's home on E11)
                    placed[sym].remove(token)
            # the map agrees with the reference
            tiles = {hx.id: f"{hx.tile.name}@{hx.tile.rotation}" for hx in hexes if not hx.tile.preprinted}
            assert tiles == state["tiles"], index

            # what the reference's step choice says about the graph
            entity, step = state["entity"], state["step"]
            same_turn = previous.get("entity") == entity and previous.get("round") == "Operating"
            if not same_turn:
                tokened_this_turn = False
            if state["round"] == "Operating" and entity in homes:
                operator = corp(entity)
                info = state["corporations"][entity]
                prices = token_prices[entity][len(info["tokens"]) :]
                earlier = not same_turn or previous.get("step") not in ("Token", *AFTER_TOKEN)
                if step == "Token":
                    assert graph.can_token(operator), (index, entity)
                    graph_checks["token"] += 1
                elif (
                    step in AFTER_TOKEN and earlier and not tokened_this_turn and prices and min(prices) <= info["cash"]
                ):
                    assert not graph.can_token(operator), (index, entity)
                    graph_checks["no_token"] += 1
                if step == "Route":
                    assert graph.can_run_route(operator), (index, entity)
                    graph_checks["route"] += 1
                elif (
                    step in AFTER_ROUTE
                    and info["trains"]
                    and kind not in ("run_routes", "dividend")
                    and (not same_turn or previous.get("step") not in ("Route", "Dividend", *AFTER_ROUTE))
                ):
                    assert not graph.can_run_route(operator), (index, entity)
                    graph_checks["no_route"] += 1
            previous = {"entity": entity, "round": state["round"], "step": step}
    assert routes_checked > 0
    assert graph_checks["token"] > 0 and graph_checks["route"] > 0, graph_checks
