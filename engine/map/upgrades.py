"""Tile upgrade rules: which tile may replace which, at which rotations, at what cost.

:func:`upgrades_to` is the rule the engine applies to every tile lay (the reference's
``Game#upgrades_to?``):

1. the new colour is exactly one step after the old one (white, yellow, green, brown, gray);
2. for *some* rotation of the old tile's unrotated track, every old path is kept by a path
   of the new tile at its chosen rotation (same edges, nodes of the same kind, gauge);
3. a lay through a company's special ability stops here;
4. the labels are equal (or the old tile's future label applies);
5. the same number of towns; the same number of cities unless the old tile is labelled;
   multi-city to multi-city keeps each old city's edges inside one new city; a labelled
   tile with cities keeps at least one; a white OO hex keeps its city count.

:func:`legal_tile_rotation` / :func:`legal_rotations` are the stricter orientation checks
used when the engine validates a lay strictly and by the GUI to offer rotations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from engine.map.tile import ALL_EDGES, COLORS, Tile

if TYPE_CHECKING:
    from engine.map.hexes import Hex

__all__ = [
    "legal_rotations",
    "legal_tile_rotation",
    "old_paths_maintained",
    "paths_kept",
    "upgrade_cost",
    "upgrades_to",
    "upgrades_to_correct_city_town",
    "upgrades_to_correct_color",
    "upgrades_to_correct_label",
]


def _color_index(color: str) -> int:
    try:
        return COLORS.index(color)
    except ValueError:
        return -10


def upgrades_to_correct_color(old: Tile, new: Tile) -> bool:
    """The new tile's colour is exactly one step after the old one's."""
    return _color_index(new.color) == _color_index(old.color) + 1


def upgrades_to_correct_label(old: Tile, new: Tile) -> bool:
    """Labels match; an old tile's future label applies once the new tile reaches its colour."""
    future = old.future_label
    if future is not None and new.color == future.color:
        return future.label == new.label
    return old.label == new.label


def upgrades_to_correct_city_town(old: Tile, new: Tile, *, ignore_num_cities: bool = False) -> bool:
    """Town and city counts and the grouping of edges around cities are kept."""
    if len(old.towns) != len(new.towns):
        return False
    labelled = bool(old.labels)
    if not labelled and len(old.cities) != len(new.cities) and not ignore_num_cities:
        return False
    if len(old.cities) > 1 and len(new.cities) > 1 and not old.city_town_edges_are_subset_of(new.city_town_edges()):
        return False
    if labelled and old.cities and not new.cities:
        return False
    return not (old.color == "white" and old.label == "OO" and len(old.cities) != len(new.cities))


def upgrades_to(old: Tile, new: Tile, *, from_company: bool = False, ignore_num_cities: bool = False) -> bool:
    """Whether ``new`` (at its current rotation) may be laid over ``old``.

    ``from_company`` is a lay through a company's special ability: only colour and track
    are checked.  ``ignore_num_cities`` is a title switch (the reference's
    ``upgrade_ignore_num_cities``).
    """
    if not upgrades_to_correct_color(old, new):
        return False
    # (the label and city/town checks are cheap and side-effect free: asked before the track comparison, which
    # costs most, they give the same answer sooner for most pairs)
    if not from_company and not (
        upgrades_to_correct_label(old, new)
        and upgrades_to_correct_city_town(old, new, ignore_num_cities=ignore_num_cities)
    ):
        return False
    return paths_kept(old, new)


#: (old tile's code, new tile's code, new tile's rotation) -> :func:`paths_kept`
_PATHS_KEPT: dict[tuple[str, str, int], bool] = {}


def paths_kept(old: Tile, new: Tile) -> bool:
    """``old.paths_are_subset_of(new.paths)``: may ``new``, at its rotation, keep the track of ``old`` at some turn
    of it?  A tile's parts are made from its code alone (``Tile.from_code``) and the answer depends on its paths'
    ends and gauges only: it is kept per pair of codes and rotation (the enumeration asks it for every candidate
    tile, hex and rotation again after every action)."""
    key = (old.code, new.code, new.rotation)
    found = _PATHS_KEPT.get(key)
    if found is None:
        found = _PATHS_KEPT[key] = old.paths_are_subset_of(new.paths)
    return found


def upgrade_cost(tile: Tile, discount: int = 0) -> int:
    """Terrain cost of building on ``tile`` (the sum of its ``upgrade`` parts) less ``discount``,
    never below zero.  Titles add their own rules (1846: at least $20)."""
    total = sum(upgrade.cost for upgrade in tile.upgrades)
    return total - min(total, max(0, discount))


def old_paths_maintained(hex_: Hex, tile: Tile) -> bool:
    """Every path of the hex's tile, as it lies, is kept by ``tile`` at its current rotation."""
    return hex_.tile.rotated_paths_are_subset_of(tile)


def _city_sizes_maintained(hex_: Hex, tile: Tile) -> bool:
    old_cities = hex_.tile.cities
    if len({c.normal_slots for c in old_cities}) <= 1:
        return True
    for old_city, new_city in hex_.city_map_for(tile).items():
        if new_city is None or new_city.normal_slots < old_city.normal_slots:
            return False
    return True


def legal_tile_rotation(
    hex_: Hex,
    tile: Tile,
    connected_exits: Iterable[int] | None = None,
    *,
    neighbor_exists: Callable[[Hex, int], bool] | None = None,
) -> bool:
    """Whether ``tile`` at its current rotation may be laid on ``hex_`` (the reference's
    ``Tracker#legal_tile_rotation?``, without title hooks).

    - every exit of the new tile leads to a neighbour (``neighbor_exists``, default: a
      linked neighbour in ``hex_.neighbors``);
    - when ``connected_exits`` is given (the edges of ``hex_`` the operator's network reaches),
      at least one new exit is among them;
    - the old track is kept at its exact orientation;
    - no more cities appear out of nowhere than the new tile adds, each old city of a
      multi-city upgrade lies inside exactly one new city, and city sizes do not shrink.
    """
    old_tile = hex_.tile
    old_ctedges = old_tile.city_town_edges()
    new_exits = tile.exits
    new_ctedges = tile.city_town_edges()
    added_cities = max(0, len(new_ctedges) - len(old_ctedges))
    multi_city_upgrade = len(tile.cities) > 1 and len(old_tile.cities) > 1

    if neighbor_exists is None:
        if not all(edge in hex_.neighbors for edge in new_exits):
            return False
    elif not all(neighbor_exists(hex_, edge) for edge in new_exits):
        return False

    if connected_exits is not None:
        connected = list(connected_exits)
        if not any(edge in connected for edge in new_exits):
            return False

    if not old_paths_maintained(hex_, tile):
        return False

    unrelated = sum(1 for new_ct in new_ctedges if all(not (set(new_ct) & set(old_ct)) for old_ct in old_ctedges))
    if added_cities < unrelated:
        return False

    if multi_city_upgrade:
        for old_ct in old_ctedges:
            matches = 0
            for new_ct in new_ctedges:
                common = list(dict.fromkeys(e for e in old_ct if e in new_ct))
                if common == old_ct:
                    matches += 1
            if matches != 1:
                return False

    return _city_sizes_maintained(hex_, tile)


def legal_rotations(
    hex_: Hex,
    tile: Tile,
    connected_exits: Iterable[int] | None = None,
    *,
    neighbor_exists: Callable[[Hex, int], bool] | None = None,
    check_upgrade: bool = True,
) -> list[int]:
    """Rotations (0-5) at which ``tile`` may be laid on ``hex_``; the tile's rotation is restored.

    With ``check_upgrade`` the rotation must also pass :func:`upgrades_to`.  Meant for the
    GUI and for strict validation; replay itself only needs :func:`upgrades_to`.
    """
    connected = list(connected_exits) if connected_exits is not None else None
    original = tile.rotation
    result: list[int] = []
    try:
        for rotation in ALL_EDGES:
            tile.rotate(rotation)
            if check_upgrade and not upgrades_to(hex_.tile, tile):
                continue
            if legal_tile_rotation(hex_, tile, connected, neighbor_exists=neighbor_exists):
                result.append(rotation)
    finally:
        tile.rotate(original)
    return result
