"""Rebuilding ``run_routes`` chains fast: the pruned walk (``matching_chains``) and its cache on the start hex
(``cached_matching_chains``) must give exactly what filtering every walk between the end hexes' nodes gives
(the plain algorithm, written out here), on every route of real games."""

from __future__ import annotations

from typing import Any

import pytest

from engine import build_game
from engine.map.graph import walk_path
from engine.map.route import Chain, cached_matching_chains, chain_id, matching_chains
from engine.record import GameRecord
from tests.conftest import fixture_files

GAMES = [p for title in ("1830", "1846", "1889", "18Chesapeake", "SteamOverHolland", "18Texas", "1882")
         for p in fixture_files(title)[:2]]


def plain_chains(start_hex: Any, end_hex: Any, hex_ids: list[str]) -> list[Chain]:
    """Every walk from each node of the first hex to each other node of the last, fewest paths first,
    filtered by id: the reference's way, with no pruning and no cache."""
    matching: list[Chain] = []
    for start in start_hex.tile.nodes:
        for end in end_hex.tile.nodes:
            if start is end:
                continue
            found: list[Chain] = []

            def on_path(current: Any, visited: dict[Any, bool], _c: Any, _v: bool,
                        start: Any = start, end: Any = end, found: list[Chain] = found) -> None:
                if end in current.nodes:
                    paths = list(visited)
                    found.append(Chain((start, end), paths, chain_id(paths)))

            for path in start.paths:
                walk_path(path, on_path, visited={}, counter={})
            found.sort(key=lambda chain: len(chain.paths))
            matching.extend(chain for chain in found if chain.id == hex_ids)
    return matching


def shape(chains: list[Chain]) -> list[tuple[Any, ...]]:
    return [(chain.nodes, tuple(chain.paths), tuple(chain.id or ())) for chain in chains]


def route_specs(action: dict[str, Any]) -> list[list[str]]:
    return [spec for route in action.get("routes") or [] for spec in route.get("connections") or []
            if spec and "local" not in spec]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_pruned_and_cached_chains_equal_the_plain_walk(path: Any) -> None:
    record = GameRecord.load(path)
    game = build_game(record)
    checked = 0
    for position in game.replay(record.actions):
        action = record.actions[position]
        if action.get("type") != "run_routes":
            continue
        for spec in route_specs(action):  # run_routes lays no track: the map is the one the routes ran on
            start_hex = game.hex_by_id(spec[0].split()[0])
            end_hex = game.hex_by_id(spec[-1].split()[0])
            expected = shape(plain_chains(start_hex, end_hex, spec))
            assert shape(matching_chains(start_hex, end_hex, spec)) == expected, (position, spec)
            assert shape(cached_matching_chains(game.hex_by_id, spec)) == expected, (position, spec)
            checked += 1
    if any(a.get("type") == "run_routes" and route_specs(a) for a in record.actions):
        assert checked


def test_cache_forgets_a_chain_when_a_listed_tile_turns_or_changes() -> None:
    games = fixture_files("1830")
    if not games:
        pytest.skip("no 1830 fixtures")
    record = GameRecord.load(games[0])
    game = build_game(record)
    last: list[str] | None = None
    for position in game.replay(record.actions):
        specs = route_specs(record.actions[position])
        long_specs = [spec for spec in specs if len(spec) >= 3]
        if long_specs:
            last = long_specs[0]
    assert last is not None
    start_hex = game.hex_by_id(last[0].split()[0])
    found = cached_matching_chains(game.hex_by_id, last)
    assert found
    key = tuple(last)
    sentinel: list[Chain] = []

    def forge() -> None:  # the remembered answer replaced by a recognisable one
        start_hex._chain_cache[key] = (start_hex._chain_cache[key][0], sentinel)

    forge()
    assert cached_matching_chains(game.hex_by_id, last) == []  # remembered
    middle = game.hex_by_id(last[1].split()[0])
    tile = middle.tile
    old = tile.rotation
    tile.rotation = old + 1
    try:
        assert shape(cached_matching_chains(game.hex_by_id, last)) == shape(
            matching_chains(start_hex, game.hex_by_id(last[-1].split()[0]), last))
    finally:
        tile.rotation = old
    assert shape(cached_matching_chains(game.hex_by_id, last)) == shape(found)  # turned back: found again
    forge()
    original = middle.tile
    middle.tile = original.__class__.for_catalogue("blank")
    try:
        assert cached_matching_chains(game.hex_by_id, last) == []  # no track there any more: recomputed
        assert start_hex._chain_cache[key][1] is not sentinel
    finally:
        middle.tile = original


def test_chains_through_a_junction_equal_the_plain_walk() -> None:
    """A junction's hex is named once although the walk crosses two of its paths (no fixture route does)."""
    from engine.map.hexes import Hex, connect_hexes
    from engine.map.tile import Tile

    spec = {
        "A1": "city=revenue:20;path=a:4,b:_0",
        "A3": "junction;path=a:1,b:_0;path=a:4,b:_0;path=a:0,b:_0",
        "A5": "city=revenue:30;path=a:1,b:_0",
        "B2": "city=revenue:40;path=a:3,b:_0",
    }
    hexes = [Hex(hex_id, "pointy", Tile.from_code(hex_id, code, "green", preprinted=True))
             for hex_id, code in spec.items()]
    connect_hexes(hexes)
    by_id = {h.id: h for h in hexes}
    lookup = by_id.__getitem__
    found_any = False
    for ids in (["A1", "A3", "A5"], ["A5", "A3", "B2"], ["B2", "A3", "A1"], ["A1", "A3", "A3", "A5"],
                ["A1", "A5"], ["A1", "A3"]):
        expected = shape(plain_chains(by_id[ids[0]], by_id[ids[-1]], ids))
        found_any = found_any or bool(expected)
        assert shape(matching_chains(by_id[ids[0]], by_id[ids[-1]], ids)) == expected, ids
        assert shape(matching_chains(by_id[ids[0]], by_id[ids[-1]], ids, [by_id[i] for i in set(ids)])) == expected
        assert shape(cached_matching_chains(lookup, ids)) == expected, ids
        assert shape(cached_matching_chains(lookup, ids)) == expected, ids  # remembered
    assert found_any
    assert len(plain_chains(by_id["A1"], by_id["A5"], ["A1", "A3", "A5"])) == 1



def test_legs_matched_pair_by_pair_that_do_not_join_are_joined() -> None:
    """Legs K-M, M-L, L-N, N-M where the hex M has two stops (m0, m1) and only m1 leads to L: the joined choice
    runs k-m1, m1-l, l-n and n-m0 (each leg starts where the last ended, no stop twice, no path twice)."""
    from types import SimpleNamespace

    from engine.map.route import Route

    def node(name: str) -> Any:
        return SimpleNamespace(name=name, hex=SimpleNamespace(id=name[0].upper()))

    k, m0, m1, lx, n = node("k"), node("m0"), node("m1"), node("l"), node("n")

    def chain(a: Any, b: Any) -> Chain:
        return Chain((a, b), [object()], [a.hex.id, b.hex.id])

    possibilities = [[chain(m0, k), chain(m1, k)], [chain(lx, m1)], [chain(n, lx)], [chain(n, m0), chain(n, m1)]]
    legs = Route._joined_legs(None, possibilities, [])  # type: ignore[arg-type]
    assert legs is not None
    assert [(s.left.name, s.right.name) for s in legs] == [("k", "m1"), ("m1", "l"), ("l", "n"), ("n", "m0")]
    # a path another route took is not taken again: no joined choice is left
    assert Route._joined_legs(None, possibilities, possibilities[1][0].paths) is None  # type: ignore[arg-type]
