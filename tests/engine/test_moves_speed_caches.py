"""The legal-move enumeration's speed-ups give the answers of the plain computations they replace (issue 30): the
station search over a per-map link table, a path's kept ends, the tile catalogue kept until the supply changes."""

from __future__ import annotations

from typing import Any

import engine.moves.track as track
from engine.map.parts import Junction
from engine.steps.tracker import Tracker
from tests.engine.moves_b_helpers import fixture, replay


def _plain_station_beyond(game: Any, entity: Any, hex_: Any, side: int, start_ids: set[int]) -> bool:
    """A search over the map's track as it lies (no table): track, junctions and stops the entity may pass."""
    neighbor = hex_.neighbors.get(side)
    if neighbor is None:
        return False
    queue = [p for p in neighbor.tile.paths if (side + 3) % 6 in p.exits]
    seen: set[int] = set()
    while queue:
        path = queue.pop()
        if id(path) in seen:
            continue
        seen.add(id(path))
        here = path.hex
        if here is None or here is hex_:
            continue
        for node in path.nodes:
            if id(node) in start_ids:
                return True
            if not path.terminal and not node.blocks(entity):
                queue.extend(node.paths)
        if path.junction is not None:
            queue.extend(path.junction.paths)
        for exit_ in path.exits:
            other = here.neighbors.get(exit_)
            if other is not None and other is not hex_:
                queue.extend(p for p in other.tile.paths if (exit_ + 3) % 6 in p.exits)
    return False


def test_station_search_by_the_link_table_answers_as_a_plain_search() -> None:
    checked = 0
    for game, position, _data in replay(fixture("1867", "nationalization_cash.json")):
        step = game.round.active_step()
        if not isinstance(step, Tracker) or position % 60:
            continue
        entity = step.current_entity()
        if not getattr(entity, "is_corporation", False):
            continue
        memo: dict[Any, Any] = {}
        graph = track.graph_for_entity(game, entity)
        for hex_ in game.hexes:
            if not hex_.tile.paths:
                continue
            start_ids = {id(t) for t in track._walk_starts(graph, entity, hex_, memo)}
            assert [id(t) for t in track._walk_starts(graph, entity, hex_, memo)] == \
                [id(t) for t in track._walk_starts(graph, entity, hex_)]
            for side in hex_.neighbors:
                got = track._station_beyond(game, entity, hex_, side, start_ids, memo)
                assert got == _plain_station_beyond(game, entity, hex_, side, start_ids), (position, hex_.id, side)
                checked += 1
    assert checked > 100


def _fresh_ends(path: Any) -> list[Any]:
    result: list[Any] = []
    for part in (path.a, path.b):
        if isinstance(part, Junction):
            for other in part.paths:
                if other is not path:
                    result.extend(p for p in (other.a, other.b) if not isinstance(p, Junction))
        else:
            result.append(part)
    return result


def test_a_paths_kept_ends_are_its_ends_and_follow_a_new_junction_list() -> None:
    game, _position, _data = next(iter(replay(fixture("1867", "nationalization_cash.json"))))
    from engine.map.tile import Tile

    junction_tile = Tile.for_catalogue("81")
    junction_paths = [p for p in junction_tile.paths if p.junction is not None]
    assert len(junction_paths) == 3
    for tile in [*game.tiles, *(h.tile for h in game.hexes), junction_tile]:
        for path in tile.paths:
            assert list(path.ends) == _fresh_ends(path)
            assert path.ends is path.ends or (path.a.is_junction and path.b.is_junction)
    path = junction_paths[0]
    junction = path.junction
    before = list(path.ends)
    junction._paths = [path]  # (the junction's other paths gone: only this path's own ends are left)
    assert list(path.ends) == _fresh_ends(path) != before


def test_the_catalogue_sees_a_tile_added_to_the_supply() -> None:
    game, _position, _data = next(iter(replay(fixture("1867", "nationalization_cash.json"))))
    names = set(track._catalogue(game))
    from engine.map.tile import Tile

    extra = Tile.from_code("speed-test-tile", "", "yellow")
    game.tiles.append(extra)
    try:
        assert set(track._catalogue(game)) == names | {"speed-test-tile"}
    finally:
        game.tiles.remove(extra)
