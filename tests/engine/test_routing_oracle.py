"""The route optimiser against a deliberately simple brute force.

The oracle knows nothing of the optimiser: it lists every sequence of distinct stops, joins
consecutive stops by every track walk the engine itself finds between them
(``Route.node_chains``), keeps the routes the engine's validator accepts (``Route.validate``
and the title's ``revenue_for``), then tries every combination of one route (or none) per
train, again validated by the engine with all routes of the run together (overlap included).
The best total must equal the optimiser's, on hypothesis-generated small maps built with the
engine's own tiles and hexes, and on early positions of the shared fixtures.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import GameError
from engine.map.hexes import Hex, connect_hexes
from engine.map.parts import City
from engine.map.route import Chain, Route, Segment, base_revenue_for
from engine.map.tile import Tile
from engine.model.abilities import make_ability
from engine.model.token import Token
from engine.routing import optimise

# --------------------------------------------------------------------------------------------
# The oracle
# --------------------------------------------------------------------------------------------


class TooBig(Exception):
    """The position is too large for the brute force."""


def _route(host: Any, train: Any, legs: list[tuple[Any, Any, Chain]], routes: list[Route]) -> Route:
    route = Route(host, train, routes=routes)
    route._connection_data = [Segment(a, b, chain) for a, b, chain in legs]
    routes.append(route)
    return route


def oracle_best(host: Any, stops: list[Any], trains: list[Any], *, max_routes: int = 400,
                max_combinations: int = 200_000) -> int:
    """The best total revenue, by brute force (raises TooBig on large positions)."""
    scratch = Route(host, trains[0])
    chains: dict[tuple[Any, Any], list[Chain]] = {}
    for a in stops:
        for b in stops:
            if a is not b:
                found = scratch.node_chains(a, b)
                if found:
                    chains[(a, b)] = found
    longest = max(len(stops) if not isinstance(t.distance, int) else min(t.distance, len(stops)) for t in trains)
    # N/M trains may visit more stops than they are paid for
    longest = max(longest, *(int(r.get("visit", r["pay"])) for t in trains if not isinstance(t.distance, int)
                             for r in t.distance)) if any(not isinstance(t.distance, int) for t in trains) else longest

    sequences: list[list[Any]] = []

    def grow(seq: list[Any]) -> None:
        if len(seq) >= 2:
            sequences.append(list(seq))
        if len(seq) >= longest:
            return
        for b in stops:
            if b not in seq and (seq[-1], b) in chains:
                seq.append(b)
                grow(seq)
                seq.pop()

    for a in stops:
        grow([a])

    per_train: list[list[tuple[list[tuple[Any, Any, Chain]], frozenset[Any]]]] = []
    for train in trains:
        valid: dict[frozenset[Any], list[tuple[Any, Any, Chain]]] = {}
        for seq in sequences:
            options = [chains[(a, b)] for a, b in itertools.pairwise(seq)]
            for picked in itertools.product(*options):
                legs = [(a, b, chain) for (a, b), chain in zip(itertools.pairwise(seq), picked)]
                paths = frozenset(p for _, _, chain in legs for p in chain.paths)
                if paths in valid:
                    continue
                route = _route(host, train, legs, [])
                try:
                    route.computed_revenue()
                except GameError:
                    continue
                valid[paths] = legs
                if len(valid) > max_routes:
                    raise TooBig
        per_train.append([(legs, paths) for paths, legs in valid.items()])

    total_combinations = 1
    for options in per_train:
        total_combinations *= len(options) + 1
    if total_combinations > max_combinations:
        raise TooBig

    best = 0
    for combo in itertools.product(*[[None, *options] for options in per_train]):
        chosen = [(train, option) for train, option in zip(trains, combo) if option is not None]
        if not chosen:
            continue
        used: set[Any] = set()
        clash = False
        for _, (_, paths) in chosen:
            if used & paths:  # a shared path is always a reused track key
                clash = True
                break
            used |= paths
        if clash:
            continue
        routes: list[Route] = []
        built = [_route(host, train, legs, routes) for train, (legs, _) in chosen]
        try:
            total = sum(route.computed_revenue() for route in built)
        except GameError:
            continue
        best = max(best, total)
    return best


# --------------------------------------------------------------------------------------------
# Small maps
# --------------------------------------------------------------------------------------------


class Corp:
    def __init__(self, name: str) -> None:
        self.name = name
        self.id = name
        self.companies: list[Any] = []
        self.tokens = [Token(self) for _ in range(4)]


@dataclass(eq=False)
class Train:
    name: str
    distance: Any
    owner: Any
    index: int = 0
    operated: bool = False

    @property
    def id(self) -> str:
        return f"{self.name}-{self.index}"


@dataclass(eq=False)
class Host:
    hexes: list[Hex]
    phase: Any = field(default_factory=lambda: SimpleNamespace(tiles=["yellow", "green"]))
    trains: dict[str, Train] = field(default_factory=dict)
    #: a non-additive bonus: this much when a route's paying stops include both hexes
    pair_bonus: tuple[str, str, int] | None = None

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
        revenue = base_revenue_for(route, stops)
        if self.pair_bonus is not None:
            first, second, amount = self.pair_bonus
            ids = {s.hex.id for s in stops}
            if first in ids and second in ids:
                revenue += amount
        return revenue


class MailHost(Host):
    """A host with 1846's Mail Contract hooks: +10 per stop on the run's longest route."""

    MAIL_CONTRACT_BONUS = 10

    def __init__(self, hexes: list[Hex], mail: Any) -> None:
        super().__init__(hexes)
        self.mail_contract = mail

    def is_mail_contract_route(self, route: Route) -> bool:
        owner = route.train.owner
        if not any(c is self.mail_contract for c in owner.companies):
            return False
        longest = max(route.routes, key=lambda r: (len(r.visited_stops), str(r.train.id)))
        return longest is route

    def revenue_for(self, route: Route, stops: list[Any]) -> int:
        revenue = super().revenue_for(route, stops)
        if self.is_mail_contract_route(route):
            revenue += len(route.visited_stops) * self.MAIL_CONTRACT_BONUS
        return revenue


def _letters(stops: Any) -> int:
    """A "rooms"-like measure: the distinct hex-id letters among the stops."""
    return len({s.hex.id[0] for s in stops})


class MostHost(Host):
    """A host with a title's own "most" bonus (18 Christmas Eve's Conductor's Hat shape): +10 per unit of a
    measure of the stops (here distinct hex letters) to the run's route counting most (the first of equals)."""

    def most_bonus(self, corporation: Any) -> tuple[int, Any]:
        return 10, _letters

    def revenue_for(self, route: Route, stops: list[Any]) -> int:
        revenue = super().revenue_for(route, stops)
        if any(getattr(r, "OUTRANKS_ALL", False) for r in route.routes):
            return revenue
        if max(route.routes, key=lambda r: _letters(r.visited_stops)) is route:
            revenue += 10 * _letters(route.visited_stops)
        return revenue


class EastWestHost(Host):
    """A host shaped like 1846's rules: a per-stop marker bonus (+20 at one hex) and a bonus
    for an eastern (group ``E``) and a western (label ``W``) stop on the same route."""

    MARKER_BONUSES = (("X", 20, None),)

    def __init__(self, hexes: list[Hex], marked: str) -> None:
        super().__init__(hexes)
        self.marked = marked

    def east_west_bonus(self, stops: list[Any]) -> int:
        east = any("E" in s.groups for s in stops)
        west = any(s.tile is not None and s.tile.label == "W" for s in stops)
        return 40 if east and west else 0

    def revenue_for(self, route: Route, stops: list[Any]) -> int:
        revenue = base_revenue_for(route, stops) + self.east_west_bonus(stops)
        if any(s.hex.id == self.marked for s in stops):
            revenue += 20
        return revenue


class _HexBonusRules:
    """The ability rules of a host whose corporation holds ``hex_bonus`` abilities."""

    def __init__(self, bonuses: list[Any]) -> None:
        self.bonuses = bonuses

    def hex_bonuses(self, corporation: Any) -> list[Any]:
        return list(self.bonuses)


class HexBonusHost(Host):
    """A host whose corporation has hex bonuses (general route revenue adds them; the revenue stays
    additive): +30 at one hex, a stop paying twice at another."""

    def __init__(self, hexes: list[Hex], plus: str, double: str) -> None:
        super().__init__(hexes)
        self.ability_rules = _HexBonusRules([
            make_ability({"type": "hex_bonus", "hexes": [plus], "amount": 30}),
            make_ability({"type": "hex_bonus", "hexes": [double], "amount": 0, "multiplier": 2}),
        ])


#: a small pointy map: rows A and C (odd columns), B (even columns)
GRID = ("A1", "A3", "A5", "B2", "B4", "B6", "C3", "C5")

#: the sides of each grid hex that face another grid hex (exits are mostly drawn from these)
NEIGHBOR_EDGES = {"A1": [4, 5], "A3": [0, 1, 4, 5], "A5": [0, 1, 5], "B2": [2, 3, 4, 5], "B4": [0, 1, 2, 3, 4, 5],
                  "B6": [0, 1, 2], "C3": [2, 3, 4], "C5": [1, 2, 3]}


@st.composite
def hex_codes(draw: Any, useful: list[int]) -> tuple[str, str]:
    kind = draw(st.sampled_from(["track", "track", "cross", "city", "city", "town", "offboard", "oo", "citytown",
                                 "blank"]))
    revenue = draw(st.sampled_from([10, 20, 30, 40, 50]))
    pool = useful if len(useful) >= 2 and draw(st.integers(0, 4)) else list(range(6))
    exits = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=min(4, len(pool)), unique=True))
    if kind == "blank":
        return "", "white"
    if kind == "track":
        a, b = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True))
        return f"path=a:{a},b:{b}", "yellow"
    if kind == "cross":
        e = draw(st.permutations(pool if len(pool) >= 4 else [0, 1, 2, 3, 4, 5]))
        return f"path=a:{e[0]},b:{e[1]};path=a:{e[2]},b:{e[3]}", "green"
    if kind == "city":
        slots = draw(st.integers(1, 2))
        return f"city=revenue:{revenue},slots:{slots};" + ";".join(f"path=a:{e},b:_0" for e in exits), "green"
    if kind == "town":
        return f"town=revenue:{revenue // 2};" + ";".join(f"path=a:{e},b:_0" for e in exits[:3]), "yellow"
    if kind == "offboard":
        return f"offboard=revenue:yellow_{revenue}|green_{revenue * 2};" + ";".join(
            f"path=a:{e},b:_0" for e in exits), "red"
    if kind == "citytown":
        code = f"city=revenue:{revenue};town=revenue:10;path=a:_0,b:_1;path=a:{exits[0]},b:_0"
        if len(exits) > 1:
            code += f";path=a:{exits[1]},b:_1"
        return code, "green"
    # two cities
    code = f"city=revenue:{revenue};city=revenue:{revenue};path=a:{exits[0]},b:_0"
    if len(exits) > 1:
        code += f";path=a:{exits[1]},b:_1"
    if len(exits) > 2:
        code += f";path=a:{exits[2]},b:_0"
    return code, "green"


TRAIN_KINDS = [("2", 2), ("3", 3), ("4", 4), ("D", 999), ("2/3", [{"nodes": ["city", "offboard"], "pay": 2,
                                                                     "visit": 3}])]


@st.composite
def positions(draw: Any) -> dict[str, Any]:
    codes = {hex_id: draw(hex_codes(NEIGHBOR_EDGES[hex_id])) for hex_id in GRID}
    trains = draw(st.lists(st.sampled_from(range(len(TRAIN_KINDS))), min_size=1, max_size=3))
    seed = draw(st.integers(0, 10_000))
    hook = draw(st.sampled_from(["additive", "hook", "pair", "mail", "eastwest", "most", "hexbonus"]))
    return {"codes": codes, "trains": sorted(trains), "seed": seed, "hook": hook}


def build_position(spec: dict[str, Any]) -> tuple[Host, Corp, list[Train], list[Any], Any] | None:
    import random

    rng = random.Random(spec["seed"])
    codes = dict(spec["codes"])
    if spec["hook"] == "eastwest":
        # off-boards are eastern, the first city hex is western
        west_done = False
        for hex_id, (code, color) in codes.items():
            if code.startswith("offboard="):
                head, _, rest = code.partition(";")
                codes[hex_id] = (f"{head},groups:E;{rest}", color)
            elif code.startswith("city=") and not west_done:
                codes[hex_id] = (f"{code};label=W", color)
                west_done = True
    hexes = [Hex(hex_id, "pointy", Tile.from_code(hex_id, code, color, preprinted=True))
             for hex_id, (code, color) in codes.items() if code]
    connect_hexes(hexes)
    corp = Corp("PRR")
    other = Corp("NYC")
    cities = [c for h in hexes for c in h.tile.cities]
    if not cities:
        return None
    ours = rng.sample(cities, min(len(cities), rng.choice([1, 1, 2])))
    for city in ours:
        city.exchange_token(next(t for t in corp.tokens if not t.used))
    for city in cities:
        if city not in ours and rng.random() < 0.4:
            while any(t is None for t in city.tokens):
                city.exchange_token(Token(other))
    hook = spec["hook"]
    if hook == "mail":
        mail = object()
        corp.companies.append(mail)
        host: Host = MailHost(hexes, mail)
    elif hook == "eastwest":
        host = EastWestHost(hexes, hexes[len(hexes) // 2].id)
    elif hook == "most":
        host = MostHost(hexes)
    elif hook == "hexbonus":
        stop_hexes = [h.id for h in hexes if any(n.is_stop for n in h.tile.nodes)] or [hexes[0].id]
        host = HexBonusHost(hexes, stop_hexes[-1], stop_hexes[len(stop_hexes) // 2])
    else:
        host = Host(hexes)
        if hook == "pair":
            ids = [h.id for h in hexes]
            host.pair_bonus = (ids[0], ids[-1], 50)
    trains: list[Train] = []
    for index, kind in enumerate(spec["trains"]):
        name, distance = TRAIN_KINDS[kind]
        train = Train(name, distance, corp, index)
        host.trains[train.id] = train
        trains.append(train)
    stops = [n for h in hexes for n in h.tile.nodes if n.is_stop]
    rules = object() if hook in ("additive", "hexbonus") else host
    return host, corp, trains, stops, rules


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_optimiser_agrees_with_brute_force_on_small_maps(spec: dict[str, Any]) -> None:
    built = build_position(spec)
    if built is None:
        return
    host, corp, trains, stops, rules = built
    try:
        expected = oracle_best(host, stops, trains)
    except TooBig:
        return
    result = optimise(host, host.hexes, corp, trains, rules=rules)
    assert result.total == expected
    # the entries are what the engine pays (checked inside optimise), and they add up
    assert sum(result.revenues.values()) == result.total


def test_brute_force_finds_the_obvious_line() -> None:
    # A1 (token) - A3 - A5 cities in a row, 2-train and 3-train: the oracle itself is sane
    spec_codes = {
        "A1": ("city=revenue:20;path=a:1,b:_0;path=a:4,b:_0", "green"),
        "A3": ("city=revenue:30;path=a:1,b:_0;path=a:4,b:_0", "green"),
        "A5": ("city=revenue:40;path=a:1,b:_0;path=a:4,b:_0", "green"),
    }
    hexes = [Hex(h, "pointy", Tile.from_code(h, code, color, preprinted=True)) for h, (code, color) in
             spec_codes.items()]
    connect_hexes(hexes)
    host = Host(hexes)
    corp = Corp("PRR")
    city = hexes[0].tile.cities[0]
    assert isinstance(city, City)
    city.exchange_token(corp.tokens[0])
    three = Train("3", 3, corp, 0)
    two = Train("2", 2, corp, 1)
    host.trains = {three.id: three, two.id: two}
    stops = [n for h in hexes for n in h.tile.nodes if n.is_stop]
    assert oracle_best(host, stops, [three]) == 90
    assert oracle_best(host, stops, [two]) == 50
    # both trains cannot share the A1-A3 track: the 3-train takes all
    assert oracle_best(host, stops, [three, two]) == 90
    result = optimise(host, hexes, corp, [three, two])
    assert result.total == 90
    assert [e["train"] for e in result.routes] == ["3-0"]
    assert result.routes[0]["revenue"] == 90


@pytest.mark.parametrize("hook", ["additive", "hook", "pair", "mail", "eastwest", "most", "hexbonus"])
def test_every_scoring_path_on_a_fixed_map(hook: str) -> None:
    spec = {
        "codes": {
            "A1": ("city=revenue:20,slots:2;path=a:1,b:_0;path=a:4,b:_0;path=a:2,b:_0", "green"),
            "A3": ("city=revenue:30;path=a:1,b:_0;path=a:4,b:_0;path=a:3,b:_0", "green"),
            "A5": ("offboard=revenue:yellow_40|green_60;path=a:4,b:_0;path=a:3,b:_0", "red"),
            "B2": ("town=revenue:10;path=a:5,b:_0;path=a:2,b:_0", "yellow"),
            "B4": ("path=a:0,b:3;path=a:5,b:1", "green"),
            "C3": ("city=revenue:50;path=a:5,b:_0;path=a:0,b:_0", "green"),
            "B6": ("path=a:0,b:3", "yellow"),
            "C5": ("path=a:0,b:5", "yellow"),
        },
        "trains": [0, 1, 3],
        "seed": 7,
        "hook": hook,
    }
    built = build_position(spec)
    assert built is not None
    host, corp, trains, stops, rules = built
    expected = oracle_best(host, stops, trains, max_combinations=2_000_000)
    assert expected > 0
    assert optimise(host, host.hexes, corp, trains, rules=rules).total == expected
