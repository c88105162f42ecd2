"""Long trains on dense maps: the bounds that make diesels fast must never cut an optimum.

The stop-sequence search prunes a route that grows from one end with a block-cut-tree bound
(a simple route runs through one chain of biconnected blocks of the stops it can still
reach), and never lets a route end at a stop the search already started from.  Both are
checked here against the deliberately simple brute force of ``test_routing_oracle`` on
maps full of cities, crossings and off-boards with D trains, and against the independent
route listing (every track variant of every route) on the final maps of real games, where
a corporation gets diesels.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.map.hexes import Hex, connect_hexes
from engine.map.tile import Tile
from engine.model.token import Token
from engine.routing import Cancelled, optimise
from tests.conftest import FIXTURES
from tests.engine.test_routing_oracle import Corp, Host, TooBig, Train, oracle_best

#: a 3 x 4 pointy map (rows A-D): every hex with its sides that face another map hex
DENSE_GRID = {
    "A1": [4, 5], "A3": [0, 1, 4, 5], "A5": [0, 1, 4, 5], "A7": [0, 1, 5],
    "B2": [1, 2, 3, 4, 5], "B4": [0, 1, 2, 3, 4, 5], "B6": [0, 1, 2, 3, 4, 5], "B8": [1, 2, 3],
    "C1": [3, 4, 5], "C3": [0, 1, 2, 3, 4, 5], "C5": [0, 1, 2, 3, 4, 5], "C7": [0, 1, 2, 3, 5],
    "D2": [2, 3, 4], "D4": [1, 2, 3, 4], "D6": [1, 2, 3, 4], "D8": [1, 2, 3],
}


def dense_code(rng: random.Random, useful: list[int]) -> tuple[str, str]:
    """One hex of a dense map: most exits face other map hexes, so the track meshes."""
    kind = rng.choices(["city", "cross", "offboard", "town", "blank"], [45, 30, 10, 8, 7])[0]
    revenue = rng.choice([10, 20, 30, 40])
    exits = rng.sample(useful, rng.randint(min(2, len(useful)), len(useful)))
    if kind == "blank":
        return "", "white"
    if kind == "cross":
        pool = useful if len(useful) >= 4 else [0, 1, 2, 3, 4, 5]
        e = rng.sample(pool, 4)
        return f"path=a:{e[0]},b:{e[1]};path=a:{e[2]},b:{e[3]}", "green"
    if kind == "city":
        return (f"city=revenue:{revenue},slots:2;" + ";".join(f"path=a:{e},b:_0" for e in exits)), "brown"
    if kind == "town":
        return (f"town=revenue:{revenue // 2};" + ";".join(f"path=a:{e},b:_0" for e in exits[:2])), "yellow"
    return (f"offboard=revenue:yellow_{revenue}|brown_{revenue * 2};"
            + ";".join(f"path=a:{e},b:_0" for e in exits[:3])), "red"


DENSE_TRAINS = [[("D", 999)], [("D", 999)], [("8", 8)], [("D", 999), ("2", 2)], [("D", 999), ("D", 999)],
                [("4", 4), ("D", 999)]]


def dense_spec(seed: int, trains: int, tokens: int) -> dict[str, Any]:
    """A dense map drawn from ``seed``; ``trains`` indexes DENSE_TRAINS; ``tokens`` stations."""
    rng = random.Random(seed)
    codes = {hex_id: dense_code(rng, edges) for hex_id, edges in DENSE_GRID.items()}
    return {"codes": codes, "trains": trains, "seed": seed, "tokens": tokens}


@st.composite
def dense_positions(draw: Any) -> dict[str, Any]:
    return dense_spec(draw(st.integers(0, 1_000_000)), draw(st.sampled_from(range(len(DENSE_TRAINS)))),
                      draw(st.integers(1, 3)))


def build_dense(spec: dict[str, Any]) -> tuple[Host, Corp, list[Train], list[Any]] | None:
    rng = random.Random(spec["seed"])
    hexes = [Hex(hex_id, "pointy", Tile.from_code(hex_id, code, color, preprinted=True))
             for hex_id, (code, color) in spec["codes"].items() if code]
    connect_hexes(hexes)
    corp = Corp("PRR")
    other = Corp("NYC")
    cities = [c for h in hexes for c in h.tile.cities]
    if not cities:
        return None
    ours = rng.sample(cities, min(len(cities), spec["tokens"]))
    for city in ours:
        city.exchange_token(next(t for t in corp.tokens if not t.used))
    for city in cities:
        if city not in ours and rng.random() < 0.2:
            while any(t is None for t in city.tokens):
                city.exchange_token(Token(other))
    host = Host(hexes)
    host.phase.tiles = ["yellow", "green", "brown"]
    trains: list[Train] = []
    for index, (name, distance) in enumerate(DENSE_TRAINS[spec["trains"]]):
        train = Train(name, distance, corp, index)
        host.trains[train.id] = train
        trains.append(train)
    stops = [n for h in hexes for n in h.tile.nodes if n.is_stop]
    return host, corp, trains, stops


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(dense_positions())
def test_long_trains_agree_with_brute_force_on_dense_maps(spec: dict[str, Any]) -> None:
    built = build_dense(spec)
    if built is None:
        return
    host, corp, trains, stops = built
    try:
        expected = oracle_best(host, stops, trains, max_routes=3000, max_combinations=400_000)
    except TooBig:
        return
    result = optimise(host, host.hexes, corp, trains, rules=object())
    assert result.total == expected


@pytest.mark.parametrize(("seed", "tokens"), [(314, 1), (340, 2), (132, 1), (154, 2)])
def test_dense_maps_that_caught_wrong_chain_bounds(seed: int, tokens: int) -> None:
    # Each of these maps made an earlier version of the chain bound cut the optimum: 314 and
    # 340 when the first stop (an off-board) was taken for a stop that only ends a route,
    # 132 and 154 when the track back to the first stop was left out of the blocks.
    built = build_dense(dense_spec(seed, 0, tokens))
    assert built is not None
    host, corp, trains, stops = built
    expected = oracle_best(host, stops, trains, max_routes=3000)
    assert expected > 0
    assert optimise(host, host.hexes, corp, trains, rules=object()).total == expected


# --------------------------------------------------------------------------------------------
# Final maps of real games: the stop-sequence search against the independent route listing
# --------------------------------------------------------------------------------------------

END_POSITIONS = [("1830/26855.json", ["D", "D"]), ("1830/29133.json", ["6", "D"]),
                 ("1889/314.json", ["D", "D"]), ("18Chesapeake/1277.json", ["5", "D"]),
                 ("18Chesapeake/14377.json", ["D"])]


def _end_game(name: str, train_names: list[str]) -> tuple[Any, Any, list[Any]]:
    from engine import load_game
    from engine.model.trains import Train as EngineTrain

    path = Path(FIXTURES) / name
    if not path.exists():
        pytest.skip(f"no shared fixture {name}")
    game = load_game(path)
    cities = [city for hex_ in game.hexes for city in hex_.tile.cities]
    corporations = [c for c in game.corporations if getattr(c, "tokens", None)]
    corporation = max(corporations, key=lambda c: (sum(1 for city in cities if city.tokened_by(c)),
                                                   -corporations.index(c)))
    trains = []
    for index, name_ in enumerate(train_names):
        train = EngineTrain(name_, 999 if name_ == "D" else int(name_), 1000, index=90 + index)
        train.owner = corporation
        game._trains_by_id[train.id] = train
        trains.append(train)
    return game, corporation, trains


@pytest.mark.parametrize(("name", "train_names"), END_POSITIONS)
def test_diesels_on_final_maps_agree_with_the_route_listing(name: str, train_names: list[str]) -> None:
    from engine.steps.route import route_host

    game, corporation, trains = _end_game(name, train_names)
    host = route_host(game)
    fast = optimise(host, game.hexes, corporation, trains, rules=game, method="sequences")
    deadline = time.perf_counter() + 120
    try:
        listed = optimise(host, game.hexes, corporation, trains, rules=game, method="routes",
                          cancel=lambda: time.perf_counter() > deadline)
    except Cancelled:
        pytest.skip("the route listing takes too long here")
    assert fast.total == listed.total > 0
