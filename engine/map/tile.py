"""Tiles: a named, coloured set of parts that can be rotated and laid on a hex.

A tile's id is ``<name>-<index>`` (``57-2``: the third copy of tile 57).  A preprinted map
tile is named by its catalogue name (``blank``, ``city``, ``town``) or by its hex coordinate,
with the coordinate's position in its map group as index (``E11-1``).

Orders follow the reference engine, because graph walks and routes depend on them:

- ``parts``, ``cities``, ``towns``, ``offboards``, ``city_towns``, ``all_nodes``: declaration order;
- ``nodes`` and ``stops``: the nodes (stops) touched by paths, in path order, each once
  (a city without track is in ``cities`` but not in ``nodes``);
- ``exits``: rotated exit edges in path order, each once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import InvalidAction
from engine.map import slotstate
from engine.map.parts import (
    Border,
    City,
    Edge,
    Frame,
    FutureLabel,
    Halt,
    Icon,
    Junction,
    Label,
    Node,
    Offboard,
    Part,
    Partition,
    Path,
    RevenueCenter,
    Stripes,
    Stub,
    Town,
    Upgrade,
    rotation_table,
)
from engine.map.tilecode import build_parts

if TYPE_CHECKING:
    from engine.map.hexes import Hex

__all__ = ["ALL_EDGES", "COLORS", "Tile", "rotate_edge"]

#: Tile colours in upgrade order: an upgrade moves exactly one step along this list.
COLORS: tuple[str, ...] = (
    "white",
    "yellow",
    "green",
    "brown",
    "gray",
    "blue",
    "sepia",
    "greenbrown",
    "browngray",
    "brownsepia",
    "none",
    "pink",
    "red",
    "purple",
    "orange",
    "gray60",
    "gray50",
    "gray40",
    "salmon",
    "navy",
)

ALL_EDGES: tuple[int, ...] = (0, 1, 2, 3, 4, 5)


def rotate_edge(num: int, ticks: int = 1) -> int:
    return (num + ticks) % 6


class Tile:
    """A tile (a numbered tile from the supply, or a hex's preprinted tile)."""

    __slots__ = (
        "_blocks_lay",
        "_edge_paths",
        "_exit_count_by_rotation",
        "_exits_by_rotation",
        "_rotation",
        "_spots_by_rotation",
        "all_nodes",
        "blockers",
        "borders",
        "cities",
        "city_towns",
        "code",
        "color",
        "edges",
        "frame",
        "future_label",
        "future_paths",
        "halts",
        "hex",
        "hidden",
        "hidden_blockers",
        "icons",
        "id",
        "index",
        "junctions",
        "labels",
        "legal_rotations",
        "location_name",
        "name",
        "nodes",
        "offboards",
        "opposite",
        "original_borders",
        "partitions",
        "parts",
        "paths",
        "preprinted",
        "reservation_blocks",
        "reservations",
        "revenue_stops",
        "stops",
        "stripes",
        "stubs",
        "towns",
        "unlimited",
        "upgrades",
    )

    def __init__(
        self,
        name: str,
        *,
        code: str,
        color: str,
        parts: list[Part],
        rotation: int = 0,
        preprinted: bool = False,
        index: int = 0,
        location_name: str | None = None,
        reservation_blocks: str = "never",
        unlimited: bool = False,
        hidden: bool = False,
    ) -> None:
        self.name = name
        self.code = code
        self.color = color
        self.index = index
        self.id = f"{name}-{index}"
        self._rotation = rotation % 6
        self.hex: Hex | None = None
        self.preprinted = preprinted
        self.unlimited = unlimited
        self.hidden = hidden
        #: "never", "always" or "single_slot_cities": when tile-level reservations block others
        self.reservation_blocks = reservation_blocks
        self.location_name = location_name
        self.parts = parts
        self.paths: list[Path] = []
        self.future_paths: list[Path] = []
        self.cities: list[City] = []
        self.towns: list[Town] = []
        self.halts: list[Halt] = []
        self.city_towns: list[RevenueCenter] = []
        self.offboards: list[Offboard] = []
        self.junctions: list[Junction] = []
        self.all_nodes: list[Node] = []
        self.labels: list[Label] = []
        self.upgrades: list[Upgrade] = []
        self.borders: list[Border] = []
        self.original_borders: list[Border] = []
        self.icons: list[Icon] = []
        self.stubs: list[Stub] = []
        self.partitions: list[Partition] = []
        self.frame: Frame | None = None
        self.stripes: Stripes | None = None
        self.future_label: FutureLabel | None = None
        #: tile-level reservations (entities), for reservations not tied to a city slot
        self.reservations: list[Any] = []
        #: companies blocking laying on this hex (filled by the game)
        self.blockers: list[Any] = []
        self.hidden_blockers: list[Any] = []
        self.legal_rotations: list[int] = []
        self.opposite: Tile | None = None
        self._blocks_lay = False
        #: rotation -> where each city and town is drawn (engine.map.route.preferred_city_town_edges)
        self._spots_by_rotation: dict[int, Any] = {}
        #: rotation -> edge -> the paths reaching that edge (a cache for graph walks; the paths never change)
        self._edge_paths: list[dict[int, list[Path]] | None] = [None] * 6
        self._separate_parts()

    # --- construction ------------------------------------------------------------------

    @classmethod
    def from_code(
        cls,
        name: str,
        code: str,
        color: str,
        index: int = 0,
        preprinted: bool = False,
        location_name: str | None = None,
        *,
        rotation: int = 0,
        reservation_blocks: str = "never",
        unlimited: bool = False,
        hidden: bool = False,
    ) -> Tile:
        """Build a tile from a code string in the 18xx tile notation."""
        return cls(
            name,
            code=code,
            color=color,
            parts=build_parts(code),
            rotation=rotation,
            preprinted=preprinted,
            index=index,
            location_name=location_name,
            reservation_blocks=reservation_blocks,
            unlimited=unlimited,
            hidden=hidden,
        )

    @classmethod
    def for_catalogue(
        cls,
        name: str,
        index: int = 0,
        *,
        preprinted: bool = False,
        location_name: str | None = None,
        reservation_blocks: str = "never",
        unlimited: bool = False,
        hidden: bool = False,
    ) -> Tile:
        """Build catalogue tile ``name`` (``"57"``, ``"blank"``...); InvalidAction if unknown."""
        from engine.map.catalogue import TILE_CATALOGUE

        entry = TILE_CATALOGUE.get(name)
        if entry is None:
            raise InvalidAction(f"Tile '{name}' not found")
        color, code = entry
        return cls.from_code(
            name,
            code,
            color,
            index,
            preprinted,
            location_name,
            reservation_blocks=reservation_blocks,
            unlimited=unlimited,
            hidden=hidden,
        )

    @staticmethod
    def in_catalogue(name: str) -> bool:
        from engine.map.catalogue import TILE_CATALOGUE

        return name in TILE_CATALOGUE

    def dup(self) -> Tile:
        """A fresh copy with the next index (how an unlimited tile makes its next copy)."""
        return Tile.from_code(
            self.name,
            self.code,
            self.color,
            self.index + 1,
            self.preprinted,
            self.location_name,
            rotation=self._rotation,
            reservation_blocks=self.reservation_blocks,
            unlimited=self.unlimited,
            hidden=self.hidden,
        )

    def _separate_parts(self) -> None:
        for index, part in enumerate(self.parts):
            part.index = index
            part.tile = self
            if part.blocks_lay:
                self._blocks_lay = True
            if isinstance(part, Path):
                if part.track == "future":
                    self.future_paths.append(part)
                else:
                    self.paths.append(part)
                for edge in part.edges:
                    edge.tile = self
                    edge.index = index
            elif isinstance(part, City):
                self.cities.append(part)
                self.city_towns.append(part)
                self.all_nodes.append(part)
            elif isinstance(part, Town):
                self.towns.append(part)
                self.city_towns.append(part)
                self.all_nodes.append(part)
                if isinstance(part, Halt):
                    self.halts.append(part)
            elif isinstance(part, Offboard):
                self.offboards.append(part)
                self.all_nodes.append(part)
            elif isinstance(part, Junction):
                self.junctions.append(part)
                self.all_nodes.append(part)
            elif isinstance(part, Label):
                self.labels.append(part)
            elif isinstance(part, Upgrade):
                self.upgrades.append(part)
            elif isinstance(part, Border):
                self.original_borders.append(part)
                self.borders.append(part)
            elif isinstance(part, Icon):
                self.icons.append(part)
            elif isinstance(part, Stub):
                self.stubs.append(part)
            elif isinstance(part, Partition):
                self.partitions.append(part)
            elif isinstance(part, Frame):
                self.frame = part
            elif isinstance(part, Stripes):
                self.stripes = part
            elif isinstance(part, FutureLabel):
                self.future_label = part

        nodes: list[Node] = []
        stops: list[RevenueCenter] = []
        edges: list[Edge] = []
        for path in self.paths:
            for node in path.nodes:
                if node not in nodes:
                    nodes.append(node)
            for stop in path.stops:
                if stop not in stops:
                    stops.append(stop)
            for edge in path.edges:
                if edge not in edges:
                    edges.append(edge)
        self.nodes = nodes
        self.stops = stops
        self.edges = edges
        self.revenue_stops: list[RevenueCenter] = stops + [o for o in self.offboards if o not in stops]

        for node in self.all_nodes:
            if isinstance(node, Junction):
                node._paths = [p for p in self.paths if p.junction is node]
            else:
                node._paths = [p for p in self.paths if node in p.nodes]

        nums = tuple(edge.num for edge in edges)
        self._exits_by_rotation: tuple[list[int], ...] = rotation_table("tile_exits", nums)
        self._exit_count_by_rotation: tuple[dict[int, int], ...] = rotation_table("tile_counts", nums)

    # --- rotation and geometry -----------------------------------------------------------

    def edge_paths(self, rotation: int) -> dict[int, list[Path]]:
        """Edge -> the paths reaching it (tile path order) with the tile at ``rotation`` (do not modify)."""
        found = self._edge_paths[rotation]
        if found is None:
            found = {}
            for path in self.paths:
                for edge in path.exits_at(rotation):
                    found.setdefault(edge, []).append(path)
            self._edge_paths[rotation] = found
        return found

    @property
    def rotation(self) -> int:
        return self._rotation

    @rotation.setter
    def rotation(self, value: int) -> None:
        self._rotation = value % 6

    def rotate(self, absolute: int | None = None) -> Tile:
        """Turn the tile to ``absolute`` (0-5); with None, to the next legal rotation."""
        if absolute is None:
            legal = self.legal_rotations
            later = [r for r in legal if r > self._rotation]
            absolute = later[0] if later else (legal[0] if legal else self._rotation)
        self._rotation = absolute % 6
        return self

    @property
    def exits(self) -> list[int]:
        """Rotated exit edges, each once, in path order (do not modify the list)."""
        return self._exits_by_rotation[self._rotation]

    def exits_at(self, rotation: int) -> list[int]:
        return self._exits_by_rotation[rotation % 6]

    @property
    def exit_count(self) -> dict[int, int]:
        """Rotated edge -> number of path ends at that edge."""
        return self._exit_count_by_rotation[self._rotation]

    def converging_exit(self, num: int) -> bool:
        return self.exit_count.get(num, 0) > 1

    def city_town_edges(self) -> list[list[int]]:
        """For each city or town with track, the rotated edges its paths reach (path order)."""
        result: dict[int, list[int]] = {}
        order: list[RevenueCenter] = []
        for path in self.paths:
            ct: RevenueCenter | None = path.city if path.city is not None else path.town
            if ct is None:
                continue
            key = id(ct)
            for edge in path.exits:  # a city or town only appears once one of its paths reaches an edge
                if key not in result:
                    result[key] = []
                    order.append(ct)
                result[key].append(edge)
        return [result[id(ct)] for ct in order]

    def city_town_edges_are_subset_of(self, other_cte: list[list[int]]) -> bool:
        """Under some rotation, each of this tile's city/town edge sets fits in one of ``other_cte``."""
        cte = self.city_town_edges()
        for rotation in ALL_EDGES:
            if all(any(all((edge + rotation) % 6 in other for edge in city) for other in other_cte) for city in cte):
                return True
        return False

    def paths_are_subset_of(self, other_paths: list[Path], other_rotation: int | None = None) -> bool:
        """Whether, for some rotation of this tile's *unrotated* paths, each is "<=" a path of
        ``other_paths`` (taken at ``other_rotation``, default their own tile's rotation)."""
        if self.junctions and any(p.junction is not None for p in other_paths):
            other_exits: list[int] = []
            for path in other_paths:
                rot = other_rotation if other_rotation is not None else path.rotation
                for e in path.exits_at(rot):
                    if e not in other_exits:
                        other_exits.append(e)
            own = self.exits
            return any(all(e in [(o + ticks) % 6 for o in other_exits] for e in own) for ticks in ALL_EDGES)
        # ``Path.subset_at`` for every rotation, with each path's ends sorted once: its edges (turned) and its
        # nodes; an edge matches the same turned edge only, a node only another end that is no edge.
        others: list[tuple[set[int], list[Any]]] = []
        for other in other_paths:
            rotation = other_rotation if other_rotation is not None else other.rotation
            ends = other.ends
            others.append(
                (
                    {(o.num + rotation) % 6 for o in ends if isinstance(o, Edge)},
                    [o for o in ends if not isinstance(o, Edge)],
                )
            )
        mine: list[tuple[list[int], list[Any], list[bool]]] = []
        for path in self.paths:
            ends = path.ends
            gauges = [path.ignore_gauge_compare or path.tracks_match(other) for other in other_paths]
            mine.append(
                ([o.num for o in ends if isinstance(o, Edge)], [o for o in ends if not isinstance(o, Edge)], gauges)
            )
        for ticks in ALL_EDGES:
            if all(
                any(
                    gauge
                    and all((num + ticks) % 6 in other_edges for num in edges)
                    and all(any(node.matches(o) for o in other_nodes) for node in nodes)
                    for (other_edges, other_nodes), gauge in zip(others, gauges)
                )
                for edges, nodes, gauges in mine
            ):
                return True
        return False

    def rotated_paths_are_subset_of(self, other: Tile) -> bool:
        """Whether this tile's paths, at its current rotation, are kept by ``other`` at its rotation."""
        rotation = self._rotation
        other_rotation = other.rotation
        return all(any(p.subset_at(rotation, o, other_rotation) for o in other.paths) for p in self.paths)

    # --- labels, terrain, misc -------------------------------------------------------------

    @property
    def label(self) -> str | None:
        return self.labels[-1].value if self.labels else None

    @label.setter
    def label(self, value: str | None) -> None:
        self.labels.clear()
        if value:
            label = Label(value)
            label.tile = self
            self.labels.append(label)

    @property
    def terrain(self) -> list[str]:
        result: list[str] = []
        for upgrade in self.upgrades:
            for terrain in upgrade.terrains:
                if terrain not in result:
                    result.append(terrain)
        return result

    @property
    def blocks_lay(self) -> bool:
        return self._blocks_lay

    @blocks_lay.setter
    def blocks_lay(self, value: bool) -> None:
        self._blocks_lay = value

    @property
    def junction(self) -> Junction | None:
        return self.junctions[-1] if self.junctions else None

    @property
    def ambiguous_connection(self) -> bool:
        """More than one path joins two nodes: a hex id alone cannot name a connection."""
        return sum(1 for p in self.paths if len(p.nodes) > 1) > 1

    # --- blockers and reservations ----------------------------------------------------------

    def add_blocker(self, entity: Any, hidden: bool = False) -> None:
        self.blockers.append(entity)
        if hidden:
            self.hidden_blockers.append(entity)

    def remove_blocker(self, entity: Any) -> None:
        self.blockers = [b for b in self.blockers if b is not entity]
        self.hidden_blockers = [b for b in self.hidden_blockers if b is not entity]

    def reserved_by(self, corporation: Any) -> bool:
        return any(r is corporation or getattr(r, "owner", None) is corporation for r in self.reservations)

    def add_reservation(
        self, entity: Any, city: int | None = None, slot: int | None = None, reserve_city: bool = True
    ) -> None:
        """Reserve a slot for ``entity``: in city ``city`` (the only city when there is one),
        at ``slot`` or the slot it would take; otherwise a tile-level reservation."""
        if len(self.cities) == 1 and reserve_city:
            city = 0
        if city is not None and slot is None and city < len(self.cities):
            slot = self.cities[city].get_slot(entity)
        if city is not None and slot is not None and city < len(self.cities):
            self.cities[city].add_reservation(entity, slot)
        else:
            self.reservations.append(entity)

    def remove_reservation(self, entity: Any) -> None:
        for city in self.cities:
            if city.reserved_by(entity):
                city.remove_reservation(entity)
                return
        self.reservations[:] = [r for r in self.reservations if r is not entity]

    def token_blocked_by_reservation(self, corporation: Any) -> bool:
        """Whether tile-level reservations of others leave no slot for ``corporation``."""
        reservations = self.reservations
        if not reservations:
            return False
        mode = self.reservation_blocks
        if mode == "always" or (mode == "single_slot_cities" and any(c.normal_slots == 1 for c in self.cities)):
            return not any(r is corporation for r in reservations)
        others = sum(1 for r in reservations if r is not corporation)
        return others >= sum(c.available_slots for c in self.cities)

    def restore_borders(self, edges: list[int] | None = None) -> None:
        """Put back the printed borders of ``edges`` (all edges by default) that track had removed, and the
        matching borders of the neighbours (a downgrade to the preprinted tile: 1882's North West Rebellion)."""
        missing = []
        for edge in range(6) if edges is None else edges:
            original = next((b for b in self.original_borders if b.edge == edge), None)
            if original is None or any(b is original for b in self.borders):
                continue
            self.borders.append(original)
            missing.append(edge)
        hex_ = self.hex
        if hex_ is None:
            return
        for edge in missing:
            neighbor = hex_.neighbors.get(edge)
            if neighbor is not None:
                neighbor.tile.restore_borders([(edge + 3) % 6])

    def available_slot(self) -> bool:
        return sum(c.available_slots for c in self.cities) > 0

    # --- misc -------------------------------------------------------------------------------

    def __repr__(self) -> str:
        where = f" @{self.hex.id}" if self.hex is not None else ""
        return f"<Tile {self.id} {self.color} r{self._rotation}{where}>"


# The graph walks' per-rotation path index and the drawn spots of cities and towns are worked out again on demand.
slotstate.install(Tile, {"_edge_paths": "[None] * 6", "_spots_by_rotation": "{}"})
