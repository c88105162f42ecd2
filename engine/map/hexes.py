"""Hexes of the map: coordinates, neighbours, and laying tiles.

Coordinates such as ``G15`` are mapped to "doubled" coordinates (neighbours differ by 2
along the doubled axis):

- flat-topped maps (1889, 18Chesapeake): ``x`` = letter index, ``y`` = number - 1;
- pointy-topped maps (1830, 1846): ``x`` = number - 1, ``y`` = letter index.

Edge ``e`` of a hex faces edge ``(e + 3) % 6`` of its neighbour; :data:`DIRECTIONS` gives
the coordinate step for every edge of each layout.
"""

from __future__ import annotations

import re
from typing import Any

from engine.errors import IllegalAction, InvalidAction
from engine.map import slotstate
from engine.map.parts import City, Icon, Path
from engine.map.tile import Tile

__all__ = [
    "DIRECTIONS",
    "IMPASSABLE_HEX_COLORS",
    "LETTERS",
    "Hex",
    "connect_hexes",
    "coordinates_to_xy",
    "invert",
]

#: (dx, dy) -> edge, per layout, in the reference's order.
DIRECTIONS: dict[str, dict[tuple[int, int], int]] = {
    "flat": {
        (0, 2): 0,
        (-1, 1): 1,
        (-1, -1): 2,
        (0, -2): 3,
        (1, -1): 4,
        (1, 1): 5,
    },
    "pointy": {
        (-1, 1): 0,
        (-2, 0): 1,
        (-1, -1): 2,
        (1, -1): 3,
        (2, 0): 4,
        (1, 1): 5,
    },
}

#: Tile colours a neighbour may only be entered through an exit pointing back.
IMPASSABLE_HEX_COLORS: tuple[str, ...] = ("blue", "gray", "red")

LETTERS: tuple[str, ...] = tuple(chr(c) for c in range(ord("A"), ord("Z") + 1)) + tuple(
    "A" + chr(c) for c in range(ord("A"), ord("Z") + 1)
)
_NEGATIVE_LETTERS: tuple[str, ...] = ("", *(chr(c) for c in range(ord("a"), ord("z") + 1)))

_COORD_LETTER = re.compile(r"([A-Za-z]+)")
_COORD_NUMBER = re.compile(r"(-?[0-9]+)")


def invert(edge: int) -> int:
    """The edge of the neighbour facing ``edge``."""
    return (edge + 3) % 6


def _letter_index(letter: str) -> int:
    if letter in LETTERS:
        return LETTERS.index(letter)
    if letter in _NEGATIVE_LETTERS:
        return -_NEGATIVE_LETTERS.index(letter)
    raise InvalidAction(f"bad hex coordinate letter {letter!r}")


def default_axes(layout: str) -> dict[str, str]:
    """Which coordinate part is ``x`` and which ``y`` for a layout."""
    if layout == "flat":
        return {"x": "letter", "y": "number"}
    return {"x": "number", "y": "letter"}


def coordinates_to_xy(coordinates: str, axes: dict[str, str]) -> tuple[int, int, str | int, str | int]:
    """``(x, y, column, row)`` of a coordinate such as ``"G15"``."""
    letter_match = _COORD_LETTER.search(coordinates)
    number_match = _COORD_NUMBER.search(coordinates)
    if letter_match is None or number_match is None:
        raise InvalidAction(f"bad hex coordinate {coordinates!r}")
    letter = letter_match.group(1)
    number = int(number_match.group(1))
    x = _letter_index(letter) if axes.get("x") == "letter" else number - 1
    y = _letter_index(letter) if axes.get("y") == "letter" else number - 1
    column: str | int
    row: str | int
    if axes.get("x") == "letter":
        column, row = letter, number
    else:
        column, row = number, letter
    return x, y, column, row


class Hex:
    """One map hex and the tile on it."""

    __slots__ = (
        "_chain_cache",
        "_paths_cache",
        "_paths_key",
        "all_neighbors",
        "assignments",
        "axes",
        "column",
        "empty",
        "hide_location_name",
        "id",
        "ignore_for_axes",
        "layout",
        "location_name",
        "neighbors",
        "original_tile",
        "row",
        "tile",
        "x",
        "y",
    )

    def __init__(
        self,
        id: str,
        layout: str = "pointy",
        tile: Tile | None = None,
        location_name: str | None = None,
        *,
        axes: dict[str, str] | None = None,
        hide_location_name: bool = False,
        empty: bool = False,
    ) -> None:
        if layout not in DIRECTIONS:
            raise InvalidAction(f"unknown map layout {layout!r}")
        self.id = id
        self.layout = layout
        self.axes = axes if axes is not None else default_axes(layout)
        self.x, self.y, self.column, self.row = coordinates_to_xy(id, self.axes)
        #: edge -> neighbour reachable through that edge (impassable links removed)
        self.neighbors: dict[int, Hex] = {}
        #: edge -> every adjacent hex
        self.all_neighbors: dict[int, Hex] = {}
        self.location_name = location_name
        self.hide_location_name = hide_location_name
        self.empty = empty
        self.ignore_for_axes = False
        #: markers assigned to this hex (1846 steamboat, meat packing...): key -> value
        self.assignments: dict[str, Any] = {}
        if tile is None:
            tile = Tile.for_catalogue("blank")
        tile.location_name = location_name
        self.tile: Tile = tile
        self.original_tile: Tile = tile
        tile.hex = self
        self._paths_key: tuple[int, int] | None = None
        self._paths_cache: dict[int, list[Path]] = {}
        #: track walks named by ``run_routes`` chains starting here (see engine.map.route.matching_chains)
        self._chain_cache: dict[Any, Any] = {}

    # --- identity ------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self.id

    @property
    def coordinates(self) -> str:
        return self.id

    @property
    def full_name(self) -> str:
        return f"{self.id} ({self.location_name})"

    def __repr__(self) -> str:
        return f"<Hex {self.id} tile={self.tile.id}>"

    # --- geometry ------------------------------------------------------------------------

    def neighbor_direction(self, other: Hex) -> int | None:
        """The edge of this hex that touches ``other``, or None if not adjacent."""
        return DIRECTIONS[self.layout].get((other.x - self.x, other.y - self.y))

    def targeting(self, other: Hex) -> bool:
        """Whether this hex's tile has an exit towards ``other``."""
        direction = self.neighbor_direction(other)
        return direction is not None and direction in self.tile.exits

    @staticmethod
    def invert(edge: int) -> int:
        return (edge + 3) % 6

    def distance(self, other: Hex) -> int:
        """Distance in hexes as the crow flies."""
        dx = abs(other.x - self.x)
        dy = abs(other.y - self.y)
        if self.layout == "pointy":
            return dy + max(0, (dx - dy) // 2)
        return dx + max(0, (dy - dx) // 2)

    @property
    def paths(self) -> dict[int, list[Path]]:
        """Rotated edge -> paths of the current tile that reach it (tile path order)."""
        tile = self.tile
        key = (id(tile), tile.rotation)
        if self._paths_key != key:
            result: dict[int, list[Path]] = {}
            for path in tile.paths:
                for edge in path.exits:
                    result.setdefault(edge, []).append(path)
            self._paths_cache = result
            self._paths_key = key
        return self._paths_cache

    def paths_at(self, edge: int) -> list[Path]:
        return self.paths.get(edge, [])

    # --- assignments ---------------------------------------------------------------------

    def assigned(self, key: str) -> bool:
        return key in self.assignments

    def assign(self, key: str, value: Any = True) -> None:
        self.assignments[key] = value

    def remove_assignment(self, key: str) -> None:
        self.assignments.pop(key, None)

    # --- tiles ---------------------------------------------------------------------------

    def set_tile(self, tile: Tile) -> None:
        """Replace the tile outright (setup only: no tokens or reservations are moved)."""
        self.tile = tile
        self.original_tile = tile
        tile.hex = self
        self._paths_key = None

    def city_map_for(self, tile: Tile) -> dict[City, City | None]:
        """Which city of ``tile`` each city of the current tile becomes when ``tile`` is laid.

        A current tile whose cities have no track maps by position when the city counts
        match; otherwise each old city goes to the first new city whose exits include all of
        its exits.  Cities still unmapped take the new city at the same position, or the
        first one not taken yet.
        """
        old_cities = self.tile.cities
        new_cities_all = tile.cities
        city_map: dict[City, City | None] = {}
        if not any(city.exits for city in old_cities) and len(old_cities) == len(new_cities_all):
            for old_city, new_city in zip(old_cities, new_cities_all):
                city_map[old_city] = new_city
        else:
            for old_city in old_cities:
                old_exits = old_city.exits
                found: City | None = None
                if old_exits:
                    for city in new_cities_all:
                        city_exits = city.exits
                        if all(e in city_exits for e in old_exits):
                            found = city
                            break
                city_map[old_city] = found

        taken: list[City | None] = [c for c in city_map.values() if c is not None]
        for index, old_city in enumerate(old_cities):
            if city_map.get(old_city) is not None:
                continue
            candidate: City | None = new_cities_all[index] if index < len(new_cities_all) else None
            if candidate is not None and any(candidate is t for t in taken):
                candidate = next((c for c in new_cities_all if not any(c is t for t in taken)), None)
            city_map[old_city] = candidate
            taken.append(candidate)
        return city_map

    def lay_downgrade(self, tile: Tile) -> None:
        """Lay ``tile`` back (a preprinted tile replacing the track laid on it) with its printed borders."""
        self.lay(tile)
        tile.restore_borders()

    def lay(self, tile: Tile) -> None:
        """Lay ``tile`` (already rotated) on this hex, replacing the current tile.

        Reservations and tokens move to the mapped cities (tokens beyond the new city's
        printed slots become "cheater" slots), sticky icons are copied, and tile-level
        reservations, borders, partitions and the location name move to the new tile.
        """
        old_tile = self.tile
        city_map = self.city_map_for(tile)

        for old_city, new_city in city_map.items():
            if new_city is not None:
                for entity in old_city.reservations:
                    if entity is not None:
                        self._retarget_reservation_abilities(entity, new_city)
                new_city.reservations.extend(old_city.reservations)
                new_city.groups = old_city.groups
            old_city.reservations.clear()

        old_tile.hex = None
        tile.hex = self

        if len(city_map) == 1:
            old_city, maybe_new = next(iter(city_map.items()))
            if maybe_new is None:
                if any(t is not None for t in old_city.tokens) or old_city.extra_tokens:
                    raise IllegalAction(f"No city on tile {tile.id} for the tokens on {self.id}")
            else:
                for index, token in enumerate(old_city.tokens):
                    if token is not None:
                        maybe_new.exchange_token(token, cheater=index >= old_city.normal_slots)
                for token in old_city.extra_tokens:
                    maybe_new.exchange_token(token, extra_slot=True)
            old_city.reset()
        elif len(city_map) > 1:
            self._move_tokens_multi_city(tile, city_map)

        self._move_icons(old_tile, tile)

        if tile.future_label is not None:
            tile.future_label.sticker = tile.future_label
        if old_tile.future_label is not None:
            if old_tile.future_label.color != tile.color:
                tile.future_label = old_tile.future_label
            old_tile.future_label = old_tile.future_label.sticker

        tile.reservations = old_tile.reservations
        old_tile.reservations = []

        tile.borders.extend(old_tile.borders)
        old_tile.borders.clear()

        tile.partitions.extend(old_tile.partitions)
        old_tile.partitions.clear()

        tile.location_name = self.location_name
        old_tile.location_name = None

        self.tile = tile
        self._paths_key = None

    def _retarget_reservation_abilities(self, entity: Any, new_city: City) -> None:
        """Point ``entity``'s reservation abilities for this hex at the new tile and city."""
        all_abilities = getattr(entity, "all_abilities", None)
        if all_abilities is None:
            return
        abilities = all_abilities() if callable(all_abilities) else all_abilities
        for ability in abilities:
            if getattr(ability, "type", None) != "reservation" or getattr(ability, "hex", None) != self.id:
                continue
            ability.tile = new_city.tile
            ability.city = next(i for i, c in enumerate(new_city.tile.cities) if c is new_city)

    def _move_tokens_multi_city(self, tile: Tile, city_map: dict[City, City | None]) -> None:
        grouped: dict[City, list[Any]] = {}
        for old_city, new_city in city_map.items():
            if new_city is None:
                if not grouped:
                    continue
                raise IllegalAction(f"No city found on new tile {tile.id} for the tokens on {self.id}")
            grouped.setdefault(new_city, []).extend(t for t in old_city.tokens if t is not None)

        for new_city, tokens in grouped.items():
            reserved = len(new_city.reservations)
            for index, token in enumerate(tokens):
                new_city.exchange_token(token, cheater=(reserved + index) >= new_city.normal_slots)

        for old_city, new_city in city_map.items():
            if new_city is not None:
                for token in old_city.extra_tokens:
                    new_city.exchange_token(token, extra_slot=True)
            elif old_city.extra_tokens:
                raise IllegalAction(f"No city found on new tile {tile.id} for the tokens on {self.id}")
            old_city.reset()

    @staticmethod
    def _move_icons(old_tile: Tile, tile: Tile) -> None:
        new_icons: dict[str, list[Icon]] = {}
        for icon in tile.icons:
            new_icons.setdefault(icon.name, []).append(icon)
        for icon in old_tile.icons:
            if not icon.sticky:
                continue
            same = new_icons.get(icon.name)
            if same:
                same.pop()
                continue
            copy = icon.copy()
            copy.preprinted = False
            copy.tile = tile
            tile.icons.append(copy)
        old_tile.icons = [icon for icon in old_tile.icons if icon.preprinted]


def connect_hexes(hexes: list[Hex], impassable_colors: tuple[str, ...] | list[str] = IMPASSABLE_HEX_COLORS) -> None:
    """Fill ``neighbors`` and ``all_neighbors`` of every hex.

    A neighbour whose tile colour is impassable (blue, gray, red by default) is linked only
    when its tile has an exit pointing back; an impassable border on an edge cuts the link.
    """
    by_xy: dict[tuple[int, int], Hex] = {(h.x, h.y): h for h in hexes}
    for hex_ in hexes:
        for (dx, dy), direction in DIRECTIONS[hex_.layout].items():
            neighbor = by_xy.get((hex_.x + dx, hex_.y + dy))
            if neighbor is None:
                continue
            hex_.all_neighbors[direction] = neighbor
            if neighbor.tile.color in impassable_colors and not neighbor.targeting(hex_):
                continue
            if any(b.edge == direction and b.type == "impassable" for b in hex_.tile.borders):
                continue
            hex_.neighbors[direction] = neighbor


# A hex pickles as a tuple of its slots (engine/map/slotstate.py) without its caches: the paths by edge (keyed by
# the tile's ``id()``, which means nothing in another process or after a copy) and the run_routes chains.
slotstate.install(Hex, {"_paths_cache": "{}", "_paths_key": "None", "_chain_cache": "{}"})
