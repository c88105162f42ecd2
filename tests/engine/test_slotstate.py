"""Compact pickles of tiles and parts (engine.map.slotstate): every slot but the caches survives a round trip."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from engine.map import slotstate
from engine.map.hexes import Hex, connect_hexes
from engine.map.parts import City, Node, Part, Path
from engine.map.tile import Tile
from engine.model.token import Token

X3 = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:5;label=OO"


class Corp:
    def __init__(self, name: str) -> None:
        self.name = name
        self.tokens = [Token(self, 0)]


def _slots_of(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in slotstate.slot_names(type(obj)) if hasattr(obj, name)}


def _shape(value: Any) -> Any:
    """A value with the tile's objects replaced by their kind and place (comparable across copies)."""
    if isinstance(value, Tile):
        return ("tile", value.id)
    if isinstance(value, Hex):
        return ("hex", value.id)
    if isinstance(value, Part):
        return (type(value).__name__, value.tile.id if value.tile is not None else None, value.index)
    if isinstance(value, Corp):
        return ("corp", value.name)
    if isinstance(value, Token):
        return ("token", value.corporation.name, value.price, value.used)
    if isinstance(value, list | tuple):
        return [_shape(item) for item in value]
    if isinstance(value, dict):
        return {_shape(key) if isinstance(key, Part) else key: _shape(item) for key, item in value.items()}
    return value


def _tile_state(tile: Tile) -> list[tuple[str, dict[str, Any]]]:
    objects: list[Any] = [tile, *tile.parts, *(edge for path in tile.paths for edge in path.edges)]
    states = []
    for obj in objects:
        transient = type(obj).TRANSIENT if isinstance(obj, Part) else {"_edge_paths", "_spots_by_rotation"}
        states.append((type(obj).__name__, {k: _shape(v) for k, v in _slots_of(obj).items() if k not in transient}))
    return states


def _used_tile() -> tuple[Tile, Corp]:
    tile = Tile.from_code("X3", X3, "green", index=2)
    tile.rotate(4)
    corp = Corp("PRR")
    tile.cities[1].place_token(corp, corp.tokens[0])
    tile.legal_rotations = [1, 4]
    # the caches filled as graph walks and drawing fill them
    tile.edge_paths(tile.rotation)
    for node in tile.all_nodes:
        assert node.exits
    for path in tile.paths:
        assert path.ends
    return tile, corp


def test_a_tile_and_its_parts_keep_every_slot_but_the_caches_through_a_pickle() -> None:
    tile, corp = _used_tile()
    loaded, loaded_corp = pickle.loads(pickle.dumps((tile, corp), protocol=pickle.HIGHEST_PROTOCOL))
    assert _tile_state(loaded) == _tile_state(tile)
    assert loaded.cities[1].tokens[0].corporation is loaded_corp
    assert all(part.tile is loaded for part in loaded.parts)
    # the caches start empty and give the same answers again
    assert loaded._edge_paths == [None] * 6 and loaded._spots_by_rotation == {}
    assert all(path._ends is None and path._walk_keys is None for path in loaded.paths)
    assert {e: [p.index for p in ps] for e, ps in loaded.edge_paths(loaded.rotation).items()} == {
        e: [p.index for p in ps] for e, ps in tile.edge_paths(tile.rotation).items()
    }
    assert [node.exits for node in loaded.all_nodes] == [node.exits for node in tile.all_nodes]
    assert [_shape(path.ends) for path in loaded.paths] == [_shape(path.ends) for path in tile.paths]
    assert loaded.exits == tile.exits and loaded.rotation == 4


def test_a_deep_copy_is_a_separate_tile_with_the_same_state() -> None:
    tile, _ = _used_tile()
    clone = copy.deepcopy(tile)
    assert _tile_state(clone) == _tile_state(tile)
    clone.rotate(5)
    clone.cities[0].tokens[0] = None
    assert tile.rotation == 4 and clone.rotation == 5


def test_the_state_holds_every_slot_of_the_class_and_its_bases_but_the_transient_ones() -> None:
    names = slotstate.slot_names(City)
    assert names[:3] == ["index", "loc", "tile"]  # bases first
    assert {"_paths", "_revenue", "tokens", "reservations"} <= set(names)
    city = City("20", slots=2)
    state = city.__getstate__()  # type: ignore[attr-defined]
    assert isinstance(state, tuple)
    assert len(state) == len(names) - len(Node.TRANSIENT)
    path = next(p for p in Tile.from_code("X3", X3, "green").paths)
    assert len(path.__getstate__()) == len(slotstate.slot_names(Path)) - len(Path.TRANSIENT)  # type: ignore[attr-defined]


def test_an_unset_slot_falls_back_to_the_set_ones_by_name() -> None:
    city = City("20")
    del city.outline
    loaded = pickle.loads(pickle.dumps(city))
    assert not hasattr(loaded, "outline")
    assert loaded.revenue == city.revenue and loaded.tokens == [None]
    assert loaded._exits_rotation == -1  # a transient slot still gets its fresh value


def test_a_class_with_a_dict_is_refused() -> None:
    class Loose:
        pass

    with pytest.raises(TypeError, match="Loose keeps a __dict__"):
        slotstate.install(Loose, {})


def test_a_hex_keeps_every_slot_but_its_caches_through_a_pickle() -> None:
    """Hexes pickle by their slots too (the history's snapshots hold a whole map): the paths-by-edge cache, keyed by
    the tile's ``id()`` (another object's after a copy), and the run_routes chains start empty and are worked out
    again."""
    west = Hex("A2", tile=Tile.from_code("X3", X3, "green", index=1))
    east = Hex("A4")
    connect_hexes([west, east])
    west.assign("steamboat", 20)
    paths = west.paths  # the caches filled as walks fill them
    west._chain_cache[("A2", "A4")] = ([], [])
    assert paths and west._paths_key is not None
    loaded, loaded_east = pickle.loads(pickle.dumps((west, east), protocol=pickle.HIGHEST_PROTOCOL))
    kept = [n for n in slotstate.slot_names(Hex) if n not in ("_paths_cache", "_paths_key", "_chain_cache")]
    assert {n: _shape(getattr(loaded, n)) for n in kept if n not in ("neighbors", "all_neighbors", "tile")} == {
        n: _shape(getattr(west, n)) for n in kept if n not in ("neighbors", "all_neighbors", "tile")
    }
    assert _tile_state(loaded.tile) == _tile_state(west.tile) and loaded.tile.hex is loaded
    assert {e: h.id for e, h in loaded.all_neighbors.items()} == {e: h.id for e, h in west.all_neighbors.items()}
    assert all(h is loaded_east for h in loaded.neighbors.values())
    assert loaded._paths_key is None and loaded._paths_cache == {} and loaded._chain_cache == {}
    # worked out again, from the loaded tile's own paths
    assert {e: [p.index for p in ps] for e, ps in loaded.paths.items()} == {
        e: [p.index for p in ps] for e, ps in paths.items()
    }
    assert all(p.tile is loaded.tile for ps in loaded.paths.values() for p in ps)
