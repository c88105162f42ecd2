"""One train's route: rebuilt from a ``run_routes`` action, validated, and paid.

A ``run_routes`` action names each route by ``connections``: a list of *chains*, each the
hex ids crossed going from one stop to the next (one id per track segment, a junction hex
once; ``"G19 0.1"`` names the segment between parts 0 and 1 of a tile with several
intra-tile connections).  :class:`Route` turns those back into track the way the reference
engine does (``Route#connection_data``), because the answer is sometimes ambiguous and
replays must pick the same track:

1. every chain spec is matched against *all* track walks between any node of its first
   hex and any other node of its last hex (per node pair, shortest first);
2. track already used by the action's other routes is excluded.  Those routes are rebuilt
   lazily, in the order their data is first asked for, while this route's own data is still
   empty, exactly like the reference;
3. with one chain, the first match touching a token of the corporation wins; with several,
   consecutive chains are paired through their one shared node, the action's ``nodes``
   signatures deciding between several pairings.

:meth:`Route.revenue` then validates the route (too short, no token, group reused,
terminal in the middle, stop reused, too long, track reused by another route, not
connected) and asks the host's ``revenue_for``.  A revenue stored in the action wins
without any check (:meth:`Route.computed_revenue` computes it anyway, for comparison).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import TYPE_CHECKING, Any, Protocol

from engine.errors import GameError, IllegalAction, InvalidAction, NoToken, ReusesCity, RouteTooLong, RouteTooShort
from engine.map.graph import EdgeCounter, token_starts, walk_path
from engine.map.parts import Junction, Town

if TYPE_CHECKING:
    from engine.map.hexes import Hex
    from engine.map.parts import Node, Path
    from engine.map.tile import Tile

__all__ = [
    "Chain",
    "Route",
    "RouteHost",
    "RoutePhase",
    "RouteTrain",
    "Segment",
    "base_revenue_for",
    "cached_matching_chains",
    "chain_id",
    "check_overlap",
    "hex_bonus",
    "hex_bonus_abilities",
    "matching_chains",
    "overlap_group",
    "paths_connect",
    "preferred_city_town_edges",
    "revenue_multiplier",
    "routes_from_action",
    "stop_revenue",
    "stop_type",
    "track_keys",
    "train_is_local",
]

#: A train's distance: a number of stops, or rows like
#: ``{"nodes": ["city", "offboard"], "pay": 3, "visit": 5}`` (an N/M train).
Distance = int | Sequence[Mapping[str, Any]]


class RouteTrain(Protocol):
    """What a route reads from a train (``multiplier``, ``requires_token`` and ``no_local``
    are read when present; defaults: none, True, False)."""

    @property
    def name(self) -> str: ...

    @property
    def id(self) -> str: ...

    @property
    def distance(self) -> Distance: ...


class RoutePhase(Protocol):
    """The game's phase; ``tiles`` are the tile colours it allows, oldest first."""

    @property
    def tiles(self) -> Sequence[str]: ...


class RouteHost(Protocol):
    """What a route needs from the game.

    - ``phase``: the current phase (captured when the route is built);
    - ``hex_by_id`` / ``train_by_id``: look-ups (unknown ids raise ``InvalidAction``);
    - ``train_owner(train)``: the corporation running it (a game answers through its
      ``train_rules.train_owner``);
    - ``revenue_for(route, stops)``: the revenue of ``stops`` on ``route``; the base rule is
      :func:`base_revenue_for`, titles add bonuses.
    """

    @property
    def phase(self) -> RoutePhase: ...

    def hex_by_id(self, hex_id: str) -> Hex: ...

    def train_by_id(self, train_id: str) -> Any: ...

    def train_owner(self, train: Any) -> Any: ...

    def revenue_for(self, route: Route, stops: list[Node]) -> int: ...


@dataclass(slots=True, eq=False)
class Chain:
    """Track between two nodes: ``paths`` in walk order from ``nodes[0]``; ``id`` is the
    chain's hex-id list as written in actions."""

    nodes: tuple[Node, Node] | None
    paths: list[Path]
    id: list[str] | None


@dataclass(slots=True, eq=False)
class Segment:
    """One leg of a route: ``chain`` run from ``left`` to ``right``."""

    left: Node
    right: Node
    chain: Chain


# --------------------------------------------------------------------------------------
# Stops, trains and revenue
# --------------------------------------------------------------------------------------


def stop_type(stop: Node) -> str:
    """``"city"``, ``"town"``, ``"offboard"``, ``"halt"``, ``"pass"`` or ``"junction"``."""
    if stop.is_halt:
        return "halt"
    if stop.is_pass:
        return "pass"
    if stop.is_city:
        return "city"
    if stop.is_town:
        return "town"
    if stop.is_offboard:
        return "offboard"
    return "junction"


def train_is_local(train: Any) -> bool:
    """A train that may run to a single token city (distance 1, or an N/M train whose city
    row visits 1)."""
    if getattr(train, "no_local", False):
        return False
    distance = train.distance
    if isinstance(distance, int):
        return distance == 1
    city_row = next((row for row in distance if "city" in row["nodes"]), None)
    return city_row is not None and city_row.get("visit") == 1


def revenue_multiplier(stop: Node, train: Any) -> int:
    """The train's multiplier for ``stop`` (an N/M row may set its own)."""
    base = getattr(train, "multiplier", None) or 1
    distance = train.distance
    if isinstance(distance, int):
        return int(base)
    kind = stop_type(stop)
    for row in distance:
        if kind in row["nodes"]:
            return int(row.get("multiplier", base))
    return int(base)


def stop_revenue(stop: Node, phase_tiles: Sequence[str], train: Any) -> int:
    """What ``stop`` pays ``train`` in a phase allowing ``phase_tiles`` (multiplier included)."""
    return revenue_multiplier(stop, train) * stop.route_revenue(tuple(phase_tiles), train.name)


def hex_bonus_abilities(host: Any, corporation: Any) -> list[Any]:
    """The ``hex_bonus`` abilities of ``corporation`` (none when the host has no ability rules)."""
    rules = getattr(host, "ability_rules", None)
    return rules.hex_bonuses(corporation) if rules is not None else []


def hex_bonus(bonuses: Sequence[Any], stop: Node, value: int) -> int:
    """What ``bonuses`` (``hex_bonus`` abilities) add to ``stop`` worth ``value``."""
    hex_ = stop.hex
    if not bonuses or hex_ is None:
        return 0
    return sum(ability.bonus(hex_.id, value) for ability in bonuses)


def base_revenue_for(route: Route, stops: Sequence[Node]) -> int:
    """The base ``revenue_for``: the sum of what each paying stop pays, with the running corporation's hex
    bonuses (``hex_bonus`` abilities: a stop on a named hex pays more)."""
    phase_tiles = route.phase.tiles
    train = route.train
    bonuses = hex_bonus_abilities(route.host, route.corporation)
    if not bonuses:
        return sum(stop_revenue(stop, phase_tiles, train) for stop in stops)
    total = 0
    for stop in stops:
        value = stop_revenue(stop, phase_tiles, train)
        total += value + hex_bonus(bonuses, stop, value)
    return total


# --------------------------------------------------------------------------------------
# Track helpers
# --------------------------------------------------------------------------------------


def chain_id(paths: Sequence[Path]) -> list[str]:
    """The hex-id list naming a chain of ``paths`` in an action.

    One id per path, but a junction's hex once; a single path between two nodes of a tile
    that has several such paths is named ``"<hex> <i>.<j>"`` by its nodes' part indexes.
    """
    if len(paths) == 1 and paths[0].tile.ambiguous_connection:
        path = paths[0]
        first, second = sorted(node.index for node in path.nodes)
        return [f"{_hex_of(path).id} {first}.{second}"]
    seen_junctions: dict[Junction, bool] = {}
    hex_ids: list[str] = []
    for path in paths:
        a, b = path.a, path.b
        if not (isinstance(a, Junction) and a in seen_junctions) and not (
            isinstance(b, Junction) and b in seen_junctions
        ):
            hex_ids.append(_hex_of(path).id)
        if isinstance(a, Junction):
            seen_junctions[a] = True
        if isinstance(b, Junction):
            seen_junctions[b] = True
    return hex_ids


def _hex_of(path: Path) -> Hex:
    hex_ = path.hex
    if hex_ is None:
        raise IllegalAction(f"Track {path.id} is not on the map")
    return hex_


def _to_float(text: str) -> float:
    """Ruby's lenient ``to_f`` for a location such as ``"2.5"``."""
    try:
        return float(text)
    except ValueError:
        digits = ""
        for char in text.strip():
            if char.isdigit() or (char == "." and "." not in digits) or (char in "+-" and not digits):
                digits += char
            else:
                break
        try:
            return float(digits)
        except ValueError:
            return 0.0


def _compute_loc(loc: str | None, rotation: int) -> float | None:
    if not loc or loc == "center":
        return None
    return (_to_float(loc) + rotation) % 6


def preferred_city_town_edges(tile: Tile) -> dict[Node, float | None]:
    """Where each city or town is drawn: the edge it sits next to, or None in the centre.

    This is drawing logic, but routes depend on it: track from an edge to a town that is
    drawn off-centre, next to another edge, counts as using the town's spot (see
    :func:`check_overlap`).  The edge counts use the reference's floating-point weights in
    the same order, so ties break the same way.  The answer is remembered per tile and rotation
    (a tile's parts never change once built).
    """
    cache = tile._spots_by_rotation
    spots = cache.get(tile.rotation)
    if spots is None:
        spots = cache[tile.rotation] = _preferred_city_town_edges(tile)
    return spots


def _preferred_city_town_edges(tile: Tile) -> dict[Node, float | None]:
    cities = tile.cities
    towns = tile.towns
    rotation = tile.rotation
    if not tile.paths and len(cities) == 2 and len(towns) == 2:
        spots: dict[Node, float | None] = {}
        for index, city in enumerate(cities):
            spots[city] = index * 3
        for index, town in enumerate(towns):
            spots[town] = index * 3
        return spots
    if not tile.paths and len(cities) >= 2:
        step = 6 // len(cities)
        return {city: index * step for index, city in enumerate(cities)}
    if len(cities) == 1 and not towns and _compute_loc(cities[0].loc, rotation) is None:
        return {cities[0]: None}
    if not cities and len(towns) == 1 and len(towns[0].exits) != 2 and _compute_loc(towns[0].loc, rotation) is None:
        return {towns[0]: None}

    edge_count: dict[float, float] = {}

    def bump(edge: float, amount: float) -> None:
        edge_count[edge] = edge_count.get(edge, 0) + amount

    bump(0, 0.1)
    ct_edges: dict[Node, list[int]] = {}
    for path in tile.paths:
        ct: Node | None = path.city if path.city is not None else path.town
        if ct is None:
            continue
        for edge in path.exits:
            ct_edges.setdefault(ct, []).append(edge)
            bump(edge, 1)
            bump((edge + 1) % 6, 0.1)
            bump((edge - 1) % 6, 0.1)

    ordered = sorted(((ct, sorted(edges)) for ct, edges in ct_edges.items()), key=lambda item: item[1])
    result: dict[Node, float | None] = {}
    for ct, edges in ordered:
        spot: float | None
        if ct.loc:
            spot = _compute_loc(ct.loc, rotation)
        else:
            best = edges[0]
            for edge in edges[1:]:
                if edge_count.get(edge, 0) < edge_count.get(best, 0):
                    best = edge
            spot = best
            bump(best, 1)
            bump((best + 1) % 6, 0.1)
            bump((best - 1) % 6, 0.1)
        result[ct] = spot

    city_towns = tile.city_towns
    pathless = [ct for ct in city_towns if not ct.paths]
    if len(pathless) == 1 and len(city_towns) == 2 and result:
        first = next(iter(result.values()))
        if first is not None:
            result[pathless[0]] = (first + 3) % 6
    for ct in city_towns:
        if not ct.exits and ct.loc:
            result[ct] = _compute_loc(ct.loc, rotation)
    return result


def overlap_group(route: Route) -> Any:
    """The group of trains ``route``'s train shares track with: the host's ``route_overlap_group`` (18 Los
    Angeles: passenger and freight trains may use the same track), else one group for every train."""
    group = getattr(route.host, "route_overlap_group", None)
    return group(route.train) if group is not None else None


def check_overlap(routes: Sequence[Route]) -> None:
    """Raise when two routes (or one route twice) of the same overlap group use the same track.

    A hex side is identified with its lane; track between an edge and an off-centre town
    also claims the town's spot; a path between two nodes may be used once (see :func:`track_keys`).
    """
    used: dict[Any, set[tuple[Any, ...]]] = {}
    for route in routes:
        claimed = used.setdefault(overlap_group(route), set())
        for path in route.paths:
            for key in track_keys(path):
                if key in claimed:
                    raise IllegalAction(f"Route cannot reuse track on {key[0].id}")
                claimed.add(key)


def track_keys(path: Path) -> tuple[tuple[Any, ...], ...]:
    """The track ``path`` claims in a route, each key starting with its hex: ``(hex, rotated edge, lane)``
    per edge, ``(hex, town, lane)`` for track from an edge to a town drawn off-centre elsewhere (the town's
    spot), ``(hex, path)`` for a path between two nodes.  Remembered on the path for its hex and rotation (a
    tile's parts never change; its spots depend on its rotation only)."""
    hex_ = _hex_of(path)
    rotation = path.tile._rotation
    cached = path._track_keys
    if cached is not None and cached[0] is hex_ and cached[1] == rotation:
        return cached[2]
    a, b = path.a, path.b
    keys: list[tuple[Any, ...]] = []
    if a.is_edge or b.is_edge:
        lanes = (path.lanes[0][1], path.lanes[1][1])
        for end, other, lane, other_lane in ((a, b, lanes[0], lanes[1]), (b, a, lanes[1], lanes[0])):
            if not end.is_edge:
                continue
            rotated = (end.num + rotation) % 6  # type: ignore[union-attr]
            keys.append((hex_, rotated, lane))
            if isinstance(other, Town):  # edge track to a town drawn off-centre elsewhere claims its spot
                spot = preferred_city_town_edges(other.tile).get(other)
                if spot is not None and spot != rotated:
                    keys.append((hex_, other, other_lane))
    if len(path.nodes) > 1:
        keys.append((hex_, path))
    found = tuple(keys)
    path._track_keys = (hex_, rotation, found)
    return found


def paths_connect(path: Path, other: Path, corporation: Any) -> bool:
    """Whether a train may go from ``path`` straight on to ``other``.

    They connect through facing edges of neighbouring hexes, a shared junction, or a
    shared node that does not block ``corporation``.
    """
    hex_ = _hex_of(path)
    rotation = path.tile._rotation
    for part in (path.a, path.b):
        if part.is_edge:
            edge = (part.num + rotation) % 6  # type: ignore[union-attr]  # the edge's rotated number
            neighbor = hex_.neighbors.get(edge)
            if neighbor is not None and neighbor is other.hex and (
                    (edge + 3) % 6 in other._exits_by_rotation[other.tile._rotation]):
                return True
        elif part.is_junction:
            if other.junction is part:
                return True
        elif part in other.nodes and not part.blocks(corporation):
            return True
    return False


# --------------------------------------------------------------------------------------
# The route
# --------------------------------------------------------------------------------------


class Route:
    """The route one train runs in a ``run_routes`` action.

    ``routes`` is the list of all routes of the action, shared by them and including this
    one (reconstruction and the overlap check look at the others).  ``connections``,
    ``hexes``, ``revenue``, ``revenue_str``, ``nodes``, ``subsidy``, ``halts`` and
    ``abilities`` are the action's stored fields (hex ids for ``hexes``).
    """

    def __init__(
        self,
        host: RouteHost,
        train: Any,
        *,
        routes: list[Route] | None = None,
        connections: list[list[str]] | None = None,
        hexes: list[str] | None = None,
        revenue: int | None = None,
        revenue_str: str | None = None,
        nodes: list[str] | None = None,
        subsidy: int | None = None,
        halts: int | None = None,
        abilities: list[str] | None = None,
    ) -> None:
        self.host = host
        self.phase: RoutePhase = host.phase
        self.train = train
        self.routes: list[Route] = routes if routes is not None else []
        self.stored_revenue = revenue
        self.stored_revenue_str = revenue_str
        self.subsidy = subsidy
        self.halts = halts
        self.abilities = abilities
        self._connection_hexes: list[list[str]] | None = (
            [list(chain) for chain in connections] if connections is not None else None
        )
        self._stored_hexes: list[Hex] | None = [host.hex_by_id(h) for h in hexes] if hexes is not None else None
        self._node_signatures: list[str] | None = list(nodes) if nodes is not None else None
        self._revenue: int | None = revenue
        self._computed_revenue: int | None = None
        self._node_chains: dict[tuple[Node, Node], list[Chain]] = {}
        self._connection_data: list[Segment] | None = None
        self._paths: list[Path] | None = None
        self._stops: list[Node] | None = None
        self._visited_stops: list[Node] | None = None
        self._ordered_paths: list[Path] | None = None
        self._connected_checked = False
        #: legs matched pair by pair that do not join: what a joined choice is made from (``connection_data``)
        self._joined_choice: tuple[list[list[Chain]], list[Path]] | None = None

    @classmethod
    def from_dict(cls, host: RouteHost, entry: Mapping[str, Any], routes: list[Route]) -> Route:
        """A route from one entry of a ``run_routes`` action's ``routes`` list (not added to ``routes``)."""
        return cls(
            host,
            host.train_by_id(entry["train"]),
            routes=routes,
            connections=entry.get("connections"),
            hexes=entry.get("hexes"),
            revenue=entry.get("revenue"),
            revenue_str=entry.get("revenue_str"),
            nodes=entry.get("nodes"),
            subsidy=entry.get("subsidy"),
            halts=entry.get("halts"),
            abilities=entry.get("abilities"),
        )

    def __repr__(self) -> str:
        return f"<Route {self.train.id} {self.connection_hexes}>"

    # --- identity -----------------------------------------------------------------------

    @property
    def corporation(self) -> Any:
        """The corporation running the train."""
        owner_of = getattr(self.host, "train_owner", None)
        if owner_of is None:  # a game: its train rules know
            owner_of = self.host.train_rules.train_owner  # type: ignore[attr-defined]
        return owner_of(self.train)

    @property
    def is_local(self) -> bool:
        return train_is_local(self.train)

    # --- reconstruction ---------------------------------------------------------------------

    def connection_data(self) -> list[Segment]:
        """The route's legs, rebuilt from ``connections`` on first use (empty if impossible)."""
        if self._connection_data is not None:
            return self._connection_data
        data: list[Segment] = []
        self._connection_data = data
        specs = self._connection_hexes
        if specs is None:
            return data

        if len(specs) == 1 and "local" in specs[0]:
            if self.is_local and len(specs[0]) > 1:
                corporation = self.corporation
                tokened_by = token_starts(self.host)
                hex_ = self.host.hex_by_id(specs[0][1])
                # a token city without track yet (a white hex's city) is no path's node: the site's client
                # runs a local train there all the same (for that city's printed revenue)
                city = next((n for n in (*hex_.tile.nodes, *hex_.tile.cities) if tokened_by(n, corporation)), None)
                if city is not None:
                    data.append(Segment(city, city, Chain(None, [], None)))
                    return data
            specs = self._connection_hexes = []

        possibilities = [self._find_matching_chains(hex_ids) for hex_ids in specs]
        other_paths = self._compute_other_paths()

        if len(possibilities) == 1:
            self._node_signatures = None
            corporation = self.corporation
            tokened_by = token_starts(self.host)
            excluded = set(other_paths)
            chosen = next(
                (
                    chain
                    for chain in possibilities[0]
                    if chain.nodes is not None
                    and any(tokened_by(node, corporation) for node in chain.nodes)
                    and not any(path in excluded for path in chain.paths)
                ),
                None,
            )
            if chosen is None or chosen.nodes is None:
                return data
            left, right = chosen.nodes
            data.append(Segment(left, right, chosen))
        else:
            excluded = set(other_paths)  # grows by each pair's first leg, as the reference's list does
            for index, (chains_a, chains_b) in enumerate(pairwise(possibilities)):
                found = self._find_pairwise_chain(chains_a, chains_b, excluded)
                if found is None:
                    self._node_signatures = None
                    data.clear()
                    return data
                a, b, left, right, middle = found
                if left.hex is None or right.hex is None or middle.hex is None:
                    self._node_signatures = None
                    data.clear()
                    return data
                if index == 0:
                    data.append(Segment(left, middle, a))
                data.append(Segment(middle, right, b))
                excluded.update(a.paths)
            if any(data[i].left is not data[i - 1].right for i in range(1, len(data))):
                # Each pair of legs was matched on its own (as the reference does): a leg may then end at one
                # stop of a hex and the next start at another.  The site ran such routes as recorded (18ZOO
                # C/5774 action 440: both towns of F6's X27 paid); one that today's checks refuse is taken as
                # the route that joins up, when there is one (``validate``; 18ZOO F/6535: M15 used twice).
                self._joined_choice = (possibilities, self._compute_other_paths())

        self._node_signatures = None
        return data

    def _take_joined_legs(self) -> bool:
        """Replace legs matched pair by pair that do not join by a choice that joins up (see
        :meth:`connection_data`); False when there is none (or the legs join already)."""
        choice = getattr(self, "_joined_choice", None)
        self._joined_choice = None
        if choice is None:
            return False
        joined = self._joined_legs(*choice)
        if joined is None:
            return False
        self._connection_data = joined
        self._paths = self._stops = self._visited_stops = self._ordered_paths = None
        self._connected_checked = False
        for route in self.routes:
            route._paths = None
        return True

    def _joined_legs(self, possibilities: list[list[Chain]], other_paths: list[Path]) -> list[Segment] | None:
        """The first choice of one chain per leg where each leg starts at the stop the previous one ended at,
        no two legs share a path or other routes' paths, and no stop is used twice (None: there is none)."""
        excluded = set(other_paths)

        def extend(index: int, at: Node | None, used: set[Path], seen: list[Node]) -> list[Segment] | None:
            if index == len(possibilities):
                return []
            for chain in possibilities[index]:
                if chain.nodes is None or any(p in excluded or p in used for p in chain.paths):
                    continue
                first, second = chain.nodes
                ends = [(first, second), (second, first)] if at is None else (
                    [(at, second if first is at else first)] if at in chain.nodes else [])
                for left, right in ends:
                    if left is right or left.hex is None or right.hex is None or any(n is right for n in seen):
                        continue
                    if at is None and any(n is left for n in seen):
                        continue
                    rest = extend(index + 1, right, used | set(chain.paths),
                                  [*seen, *([left] if at is None else []), right])
                    if rest is not None:
                        return [Segment(left, right, chain), *rest]
            return None

        return extend(0, None, set(), [])

    def _compute_other_paths(self) -> list[Path]:
        """Paths of the action's other routes (building them if needed); then forget every
        route's memoised paths, since some were taken while a route was still being built."""
        group = overlap_group(self)
        others = [path for route in self.routes if route is not self and overlap_group(route) == group
                  for path in route.paths]
        for route in self.routes:
            route._paths = None
        return others

    def _find_matching_chains(self, hex_ids: list[str]) -> list[Chain]:
        """The chains named ``hex_ids``: for every node pair (first hex's node, last hex's node), the
        walks of :meth:`node_chains` whose id is ``hex_ids``, in that order (see :func:`matching_chains`;
        remembered until a tile of a listed hex changes, see :func:`cached_matching_chains`)."""
        if not hex_ids:
            return []
        return cached_matching_chains(self.host.hex_by_id, hex_ids)

    def node_chains(self, start: Node, end: Node) -> list[Chain]:
        """Every track walk from ``start`` that reaches ``end``, fewest paths first (cached)."""
        key = (start, end)
        cached = self._node_chains.get(key)
        if cached is not None:
            return cached
        found: list[Chain] = []

        def on_path(current: Path, visited: dict[Path, bool], _counter: EdgeCounter, _converging: bool) -> None:
            if end not in current.nodes:
                return
            paths = list(visited)
            found.append(Chain((start, end), paths, chain_id(paths)))

        for start_path in start.paths:
            walk_path(start_path, on_path, visited={}, counter={})
        found.sort(key=lambda chain: len(chain.paths))
        self._node_chains[key] = found
        return found

    def _find_pairwise_chain(
        self, chains_a: list[Chain], chains_b: list[Chain], excluded: set[Path]
    ) -> tuple[Chain, Chain, Node, Node, Node] | None:
        """The first pairing of a chain of ``chains_a`` with one of ``chains_b`` through exactly one shared node,
        neither using a path of ``excluded`` nor each other's (the action's ``nodes`` decide among several)."""
        if excluded:
            usable_a = [a for a in chains_a if a.nodes is not None and excluded.isdisjoint(a.paths)]
            usable_b = [b for b in chains_b if b.nodes is not None and excluded.isdisjoint(b.paths)]
        else:
            usable_a = [a for a in chains_a if a.nodes is not None]
            usable_b = [b for b in chains_b if b.nodes is not None]
        candidates: list[tuple[Chain, Chain, Node, Node, Node]] = []
        for a in usable_a:
            a0, a1 = a.nodes  # type: ignore[misc]  # usable chains have nodes
            a_paths: set[Path] | None = None
            for b in usable_b:
                b0, b1 = b.nodes  # type: ignore[misc]
                # the one node both legs share (in ``a``'s order); none or two: no pairing
                first_shared = a0 is b0 or a0 is b1
                second_shared = a1 is not a0 and (a1 is b0 or a1 is b1)
                if first_shared == second_shared:
                    continue
                middle = a0 if first_shared else a1
                if a_paths is None:
                    a_paths = set(a.paths)
                if not a_paths.isdisjoint(b.paths):
                    continue
                left = a1 if first_shared else a0
                right = b1 if b0 is middle else b0
                if left is middle or right is middle:
                    continue
                candidates.append((a, b, left, right, middle))
        if not candidates:
            return None
        signatures = self._node_signatures
        if len(candidates) == 1 or signatures is None:
            return candidates[0]
        best = candidates[0]
        best_score = -1
        for candidate in candidates:
            _, _, left, right, middle_node = candidate
            score = sum(1 for node in (left, right, middle_node) if node.signature in signatures)
            if score > best_score:
                best, best_score = candidate, score
        return best

    # --- derived views ------------------------------------------------------------------------

    def chains(self) -> list[Chain]:
        return [segment.chain for segment in self.connection_data()]

    @property
    def paths(self) -> list[Path]:
        """Every path of the route, leg after leg."""
        if self._paths is None:
            self._paths = [path for chain in self.chains() for path in chain.paths]
        return self._paths

    @property
    def head(self) -> Segment | None:
        data = self.connection_data()
        return data[0] if data else None

    @property
    def tail(self) -> Segment | None:
        data = self.connection_data()
        return data[-1] if data else None

    @property
    def connection_hexes(self) -> list[list[str]] | None:
        """The ``connections`` of the action (rebuilt from the track when not given)."""
        if self._connection_hexes is not None:
            return self._connection_hexes
        data = self.connection_data()
        if self.is_local and len(data) == 1 and not data[0].chain.paths:
            hex_ = data[0].left.hex
            return [["local", hex_.id if hex_ is not None else ""]]
        return [chain_id(chain.paths) for chain in self.chains()]

    @property
    def node_signatures(self) -> list[str]:
        """``HEX-index`` of every node of the route (the action's ``nodes``)."""
        if self._node_signatures is not None:
            return self._node_signatures
        return list(dict.fromkeys(node.signature for chain in self.chains() for node in chain.nodes or ()))

    def stop_kind(self, stop: Node) -> str:
        """The stop's type for this route's train: ``stop_type``, or the host's ``stop_type_for(stop, train)``
        when the title has one (1822CA: a grain elevator for the train carrying the grain train)."""
        hook = getattr(self.host, "stop_type_for", None)
        return str(hook(stop, self.train)) if hook is not None else stop_type(stop)

    @property
    def visited_stops(self) -> list[Node]:
        """The legs' end nodes in route order, each once."""
        if self._visited_stops is None:
            stops: list[Node] = []
            for segment in self.connection_data():
                for node in (segment.left, segment.right):
                    if node not in stops:
                        stops.append(node)
            self._visited_stops = stops
        return self._visited_stops

    @property
    def stops(self) -> list[Node]:
        """The stops that pay (all visited stops, or the best subset for an N/M train)."""
        if self._stops is None:
            self._stops = self.compute_stops()
        return self._stops

    @property
    def hexes(self) -> list[Hex]:
        """Hexes of the route's stops in order (the stored ``hexes`` when given)."""
        if self._stored_hexes is not None:
            return self._stored_hexes
        result: list[Hex] = []
        previous: Node | None = None
        for segment in self.connection_data():
            for node in (segment.left, segment.right):
                if node is previous:
                    continue
                previous = node
                if node.hex is not None:
                    result.append(node.hex)
        return result

    def all_hexes(self) -> list[Hex]:
        """Every hex the route's track crosses, each once."""
        result: list[Hex] = []
        for path in self.paths:
            hex_ = _hex_of(path)
            if hex_ not in result:
                result.append(hex_)
        return result

    def ordered_paths(self) -> list[Path]:
        """The route's paths in running order (each leg turned to start at its left node)."""
        if self._ordered_paths is None:
            ordered: list[Path] = []
            for segment in self.connection_data():
                paths = segment.chain.paths
                if not paths:
                    continue
                if segment.left in paths[0].nodes:
                    ordered.extend(paths)
                else:
                    ordered.extend(reversed(paths))
            self._ordered_paths = ordered
        return self._ordered_paths

    def ordered_hexes(self) -> list[Hex]:
        result: list[Hex] = []
        for path in self.ordered_paths():
            hex_ = _hex_of(path)
            if not result or result[-1] is not hex_:
                result.append(hex_)
        return result

    def distance(self) -> int:
        """Stops visited, counted by their visit cost."""
        return sum(stop.visit_cost for stop in self.visited_stops)

    def revenue_str(self) -> str:
        """``A1-B2-C3`` (the stored text when given)."""
        if self.stored_revenue_str is not None:
            return self.stored_revenue_str
        return "-".join(hex_.id for hex_ in self.hexes)

    # --- validation -----------------------------------------------------------------------------

    def check_terminals(self) -> None:
        if len(self.paths) < 3:
            return
        if any(path.terminal for path in self.ordered_paths()[1:-1]):
            raise IllegalAction("Route cannot pass through terminal")

    def check_cycles(self) -> None:
        data = self.connection_data()
        if self.is_local and len(data) == 1 and data[0].left is data[0].right:
            return
        seen: list[Node] = []
        for segment in data:
            if segment.left not in seen:
                seen.append(segment.left)
            if segment.right in seen:
                hex_ = segment.right.hex
                raise ReusesCity(f"Cannot use {hex_.id if hex_ is not None else segment.right.id} twice")
            seen.append(segment.right)

    def check_distance(self, visits: Sequence[Node]) -> None:
        """Raise RouteTooLong when ``visits`` do not fit the train's distance."""
        distance = self.train.distance
        if isinstance(distance, int):
            needed = sum(stop.visit_cost for stop in visits)
            if distance < needed:
                raise RouteTooLong(f"{needed} is too many stops for {distance} train")
            return

        budgets: dict[str, list[dict[str, int]]] = {}
        for row in distance:
            pay = int(row["pay"])
            visit = row.get("visit")
            budget = {"pay": pay, "visit": int(visit) if visit is not None else pay}
            for kind in row["nodes"]:
                budgets.setdefault(kind, []).append(budget)

        grouped: dict[str, list[Node]] = {}
        for stop in visits:
            grouped.setdefault(self.stop_kind(stop), []).append(stop)

        for kind, group in sorted(grouped.items(), key=lambda item: len(budgets.get(item[0], []))):
            remaining = sum(stop.visit_cost for stop in group)
            for budget in budgets.get(kind, []):
                if budget["visit"] <= 0:
                    continue
                if remaining <= budget["visit"]:
                    budget["visit"] -= remaining
                    remaining = 0
                else:
                    remaining -= budget["visit"]
                    budget["visit"] = 0
                if remaining <= 0:
                    break
            if remaining > 0:
                raise RouteTooLong("Route has too many stops")

    def check_connected(self) -> None:
        if self._connected_checked:
            return
        hook = getattr(self.host, "check_connected", None)
        if callable(hook):  # the title's connectivity rule (18ZOO: "Wings" runs through one tokened-out city)
            hook(self)
            self._connected_checked = True
            return
        corporation = self.corporation
        ordered = self.ordered_paths()
        for path, following in pairwise(ordered):
            if not paths_connect(path, following, corporation):
                raise IllegalAction("Route is not connected")
        self._connected_checked = True

    def check_overlap(self) -> None:
        check_overlap(self.routes)
        together = getattr(self.host, "check_routes_together", None)
        if callable(together):
            together(self.routes)  # the title's rule on the run's routes together (1822: a local train's token once)

    def compute_stops(self) -> list[Node]:
        """The paying stops: the title's ``compute_stops`` hook when it has one (it may fall back on
        :meth:`default_stops`), else :meth:`default_stops`."""
        hook = getattr(self.host, "compute_stops", None)
        if callable(hook):
            stops: list[Node] = hook(self)
            return stops
        return self.default_stops()

    def default_stops(self) -> list[Node]:
        """The paying stops: every visited stop, or for an N/M train the best allowed subset.

        Subsets are tried from the largest size down; at each size the first subset with the
        highest ``revenue_for`` wins, and the first size with positive revenue is taken.  (A title's
        ``compute_stops(route)`` hook decides instead, through :meth:`compute_stops`.)
        """
        visits = self.visited_stops
        distance = self.train.distance
        if isinstance(distance, int):
            return list(visits)
        if not visits:
            return []
        rows = sorted(distance, key=lambda row: len(row["nodes"]))
        corporation = self.corporation
        tokened_by = token_starts(self.host)
        requires_token = getattr(self.train, "requires_token", True)
        most = min(sum(int(row.get("pay") or 0) for row in rows), len(visits))
        for size in range(most, 0, -1):
            best: list[Node] | None = None
            best_revenue = 0
            for combo in combinations(visits, size):
                if requires_token and not any(tokened_by(stop, corporation) for stop in combo):
                    continue
                if not _fits_rows(combo, rows, self.stop_kind):
                    continue
                stops = list(combo)
                revenue = self.host.revenue_for(self, stops)
                if best is None or revenue > best_revenue:
                    best, best_revenue = stops, revenue
            if best is not None and best_revenue > 0:
                return best
        return []

    def validate(self, *, suppress_route_token_check: bool = False) -> None:
        """Run every check of the reference, in its order; raise on the first failure.  Legs matched pair by
        pair that do not join and fail a check are tried once more joined up (:meth:`_take_joined_legs`)."""
        try:
            self._validate(suppress_route_token_check=suppress_route_token_check)
        except GameError:
            if not self._take_joined_legs():
                raise
            self._validate(suppress_route_token_check=suppress_route_token_check)

    def _validate(self, *, suppress_route_token_check: bool = False) -> None:
        visited = self.visited_stops
        if self.connection_data() and len(visited) < 2 and not self.is_local:
            raise RouteTooShort("Route must have at least 2 stops")
        corporation = self.corporation
        tokened_by = token_starts(self.host)
        token = next((stop for stop in visited if tokened_by(stop, corporation)), None)
        if not suppress_route_token_check and token is None:
            raise NoToken("Route must contain token")
        counts: dict[str, int] = {}
        for stop in visited:
            for group in stop.groups:
                counts[group] = counts.get(group, 0) + 1
        for group, count in counts.items():
            if count > 1:
                raise IllegalAction(f"Cannot use group {group} more than once")
        self.check_terminals()
        self.check_cycles()
        check_distance = getattr(self.host, "check_distance", None)
        if callable(check_distance):
            check_distance(self, visited)  # the title's distance rule (18Rhl: a Trajekt crossing counts once)
        else:
            self.check_distance(visited)
        check_visits = getattr(self.host, "check_route_visits", None)
        if callable(check_visits):
            check_visits(visited)  # the title's own rule on the stops (Steam Over Holland: no town at an end)
        self.check_overlap()
        self.check_connected()

    def computed_revenue(self, *, suppress_route_token_check: bool = False) -> int:
        """Validate the route and compute its revenue, ignoring any stored revenue."""
        if self._computed_revenue is None:
            self.validate(suppress_route_token_check=suppress_route_token_check)
            self._computed_revenue = self.host.revenue_for(self, self.stops)
        return self._computed_revenue

    def revenue(self) -> int:
        """The stored revenue if the action had one, else :meth:`computed_revenue` (memoised)."""
        if self._revenue is None:
            self._revenue = self.computed_revenue()
        return self._revenue

    # --- serialisation --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The action entry for this route (fields without a value are left out)."""
        entry: dict[str, Any] = {
            "train": self.train.id,
            "connections": self.connection_hexes,
            "hexes": [hex_.id for hex_ in self.hexes],
            "revenue": self.revenue(),
            "revenue_str": self.revenue_str(),
            "subsidy": self.subsidy,
            "halts": self.halts,
            "abilities": self.abilities,
            "nodes": self.node_signatures,
        }
        return {key: value for key, value in entry.items() if value is not None}


def _fits_rows(stops: Sequence[Node], rows: Sequence[Mapping[str, Any]],
               kind_of: Callable[[Node], str] = stop_type) -> bool:
    """Whether each stop finds a row of an N/M distance that accepts its type and still pays."""
    used = [0] * len(rows)
    for stop in stops:
        kind = kind_of(stop)
        for index, row in enumerate(rows):
            if kind in row["nodes"] and used[index] < row["pay"]:
                used[index] += 1
                break
        else:
            return False
    return True


#: chains remembered per start hex (beyond it the hex's cache starts again empty)
CHAIN_CACHE_SIZE = 64


def cached_matching_chains(hex_by_id: Callable[[str], Hex], hex_ids: Sequence[str]) -> list[Chain]:
    """:func:`matching_chains` for ``hex_ids``, remembered on the start hex until the tile (or its rotation)
    of one of the listed hexes changes.

    The walk only ever looks at the listed hexes' tiles (it is pruned as soon as it leaves them), and a tile's
    track is fixed once laid, so the listed hexes' tiles and rotations decide the answer.  ``hex_by_id`` raises
    ``InvalidAction`` for an unknown first or last hex, as the reference does (a remembered answer had both);
    an unknown hex in between names no track (the answer is empty and not remembered)."""
    start_hex = hex_by_id((hex_ids[0].split() or [""])[0])
    key = tuple(hex_ids)
    cache = start_hex._chain_cache
    entry = cache.get(key)
    if entry is not None:
        for hex_, tile, rotation in entry[0]:
            current = hex_.tile
            if current is not tile or current._rotation != rotation:
                break
        else:
            return list(entry[1])
    end_hex = hex_by_id((hex_ids[-1].split() or [""])[0])
    listed = []
    for hex_id in dict.fromkeys((text.split() or [""])[0] for text in hex_ids):
        try:
            listed.append(hex_by_id(hex_id))
        except InvalidAction:
            return matching_chains(start_hex, end_hex, hex_ids)
    found = matching_chains(start_hex, end_hex, hex_ids, listed)
    if len(cache) >= CHAIN_CACHE_SIZE:
        cache.clear()
    cache[key] = ([(h, h.tile, h.tile._rotation) for h in listed], found)
    return list(found)


def matching_chains(start_hex: Hex, end_hex: Hex, hex_ids: Sequence[str],
                    listed: Collection[Hex] | None = None) -> list[Chain]:
    """Every track walk from a node of ``start_hex`` to another node of ``end_hex`` whose chain id
    (:func:`chain_id`) is ``hex_ids``: per start node, per end node (tile order), fewest paths first,
    walk order among equals -- what filtering :meth:`Route.node_chains` by id gives.

    One walk per start node serves every end node, and a branch is pruned as soon as the hexes it
    names stop being a prefix of ``hex_ids`` (a pruned branch cannot produce a match: the id of a
    walk's prefix is a prefix of the walk's id), so the walk stays within the listed hexes however
    full the map is.  ``listed``, the hexes ``hex_ids`` name when the caller knows them, lets the walk
    skip other hexes without entering them (the same answer, sooner).
    """
    within = set(listed) if listed is not None else None
    wanted = [(text.split() or [""])[0] for text in hex_ids]
    size = len(wanted)
    target = list(hex_ids)
    # a walk whose paths name ``wanted`` hex by hex has the id ``hex_ids`` unless the id is the one-path form
    # ``"<hex> i.j"`` (:func:`chain_id`): only then is the walk's id worth computing
    check_id = size == 1 or wanted != target
    #: the hex a walk's second path must be on (a walk goes on from its first path through its edges only, or
    #: through a junction: a start path without either towards this hex cannot be the start of a match)
    second = wanted[1] if size > 1 else None
    ends = end_hex.tile.nodes
    matching: list[Chain] = []
    for start in start_hex.tile.nodes:
        found: dict[Node, list[Chain]] = {end: [] for end in ends if end is not start}
        if not found:
            continue
        #: ids named by the branch's paths so far, one entry per path of the branch
        named: list[int] = []

        def on_path(current: Path, visited: dict[Path, bool], _counter: EdgeCounter, _converging: bool,
                    start: Node = start, found: dict[Node, list[Chain]] = found, named: list[int] = named) -> bool:
            depth = len(visited) - 1
            del named[depth:]
            count = named[-1] if named else 0
            if current.junction is not None and _junction_seen(current.a, current.b, visited, current):
                pass  # a junction's hex is named once
            else:
                count += 1
                if count > size or current.tile.hex.id != wanted[count - 1]:  # type: ignore[union-attr]
                    return True
            named.append(count)
            if count == size:
                paths: list[Path] | None = None
                for node in current.nodes:
                    bucket = found.get(node)
                    if bucket is None:
                        continue
                    if paths is None:
                        paths = list(visited)
                        if check_id and chain_id(paths) != target:
                            break
                    bucket.append(Chain((start, node), paths, list(target)))
            return False

        for start_path in start.paths:
            if second is not None and start_path.junction is None and not _leads_to(start_path, second):
                continue  # its walk names the start hex, then only hexes other than the second: no match
            walk_path(start_path, on_path, visited={}, counter={}, within=within)
        for chains in found.values():
            if len(chains) > 1:
                chains.sort(key=lambda chain: len(chain.paths))
            matching.extend(chains)
    return matching


def _leads_to(path: Path, hex_id: str) -> bool:
    """Whether one of ``path``'s edges faces the hex ``hex_id``."""
    tile = path.tile
    neighbors = tile.hex.neighbors  # type: ignore[union-attr]  # a path of a laid tile
    for edge in path._exits_by_rotation[tile._rotation]:
        neighbor = neighbors.get(edge)
        if neighbor is not None and neighbor.id == hex_id:
            return True
    return False


def _junction_seen(a: Any, b: Any, visited: dict[Path, bool], current: Path) -> bool:
    """Whether ``a`` or ``b`` (a path's ends) is a junction an earlier path of the branch touches."""
    for path in visited:
        if path is current:
            break
        for part in (path.a, path.b):
            if isinstance(part, Junction) and (part is a or part is b):
                return True
    return False


def routes_from_action(host: RouteHost, entries: Sequence[Mapping[str, Any]]) -> list[Route]:
    """The routes of a ``run_routes`` action, sharing one list (nothing is computed yet)."""
    routes: list[Route] = []
    for entry in entries:
        routes.append(Route.from_dict(host, entry, routes))
    return routes
