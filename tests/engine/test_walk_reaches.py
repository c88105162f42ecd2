"""``walk_reaches`` (engine/map/graph.py): does the reference's converging walk from one node reach a path holding
another (1822's destination check)?  The whole walk enumerates every simple chain of track (a PNW playout's pass
took minutes); the pruned walk must answer exactly as the whole walk, on toy maps and on real games' states."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from engine.map.graph import walk_node, walk_reaches
from tests.conftest import fixture_files
from tests.engine.test_graph import Corp, build, place
from tests.engine.test_graph_pruning import _counted

ALL_PAIRS = ";".join(f"path=a:{a},b:{b}" for a, b in itertools.combinations(range(6), 2))
CITY6 = "city=revenue:20;" + ";".join(f"path=a:{e},b:_0" for e in range(6))
#: a one-slot city: a token of another corporation blocks it
CITY6_ONE = "city=revenue:20,slots:1;" + ";".join(f"path=a:{e},b:_0" for e in range(6))


class _Budget(Exception):
    pass


def whole_walk(start: Any, goal: Any, corporation: Any, budget: int | None = None) -> bool:
    """The old answer: the unpruned walk (``budget`` visits at most; ``_Budget`` beyond)."""
    seen = [0]

    class Found(Exception):
        pass

    def visit(path: Any) -> bool:
        seen[0] += 1
        if budget is not None and seen[0] > budget:
            raise _Budget
        if goal in path.nodes:
            raise Found
        return False

    try:
        walk_node(start, visit, visited={}, corporation=corporation)
    except Found:
        return True
    return False


def _grid(rows: int, cols: int, cities: dict[tuple[int, int], str]) -> dict[str, Any]:
    spec = {}
    for r in range(rows):
        for c in range(cols):
            spec[f"{chr(65 + r)}{2 * c + 1 + (r % 2)}"] = cities.get((r, c), ALL_PAIRS)
    return build(spec)[1]


def test_reached_goal_over_junction_track_in_few_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    hexes = _grid(3, 3, {(0, 0): CITY6, (2, 2): CITY6})
    corp = Corp("X")
    home = place(corp, hexes["A1"])
    destination = hexes["C5"].tile.cities[0]
    steps = _counted(monkeypatch)
    assert walk_reaches(destination, home, corp)
    assert steps[0] < 200
    assert whole_walk(destination, home, corp)


def test_unreachable_goal_is_answered_by_one_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The goal's hex is walled off by blocking cities: the whole walk tries every chain, the pruned one stops."""
    cities = {(0, 0): CITY6, (2, 2): CITY6, (0, 1): CITY6_ONE, (1, 0): CITY6_ONE, (1, 1): CITY6_ONE}
    hexes = _grid(3, 4, cities)
    corp, other = Corp("X"), Corp("Y")
    home = place(corp, hexes["A1"])
    for hex_id in ("A3", "B2", "B4"):
        place(other, hexes[hex_id])
    destination = hexes["C5"].tile.cities[0]
    steps = _counted(monkeypatch)
    assert not walk_reaches(destination, home, corp)
    pruned = steps[0]
    steps[0] = 0
    assert not whole_walk(destination, home, corp)
    assert pruned * 100 < steps[0]
    # without a corporation nothing blocks
    assert walk_reaches(destination, home, None)


def test_goal_on_a_blocking_city_is_still_reached() -> None:
    """The walk sees the path into a blocking city (it only does not go through it)."""
    hexes = _grid(2, 2, {(0, 0): CITY6_ONE, (1, 1): CITY6})
    corp, other = Corp("X"), Corp("Y")
    goal = place(other, hexes["A1"])
    start = hexes["B4"].tile.cities[0]
    assert walk_reaches(start, goal, corp) and whole_walk(start, goal, corp)


FAMILY = ("1822", "1822PNW", "1822PNWShortScenario", "1822CA", "1822MRS", "1822MX", "1822Africa")


def _states(path: Path, every: int) -> Any:
    from engine import build_game
    from engine.record import GameRecord

    record = GameRecord.load(path)
    game = build_game(record)
    for count, _ in enumerate(game.replay(record.actions), start=1):
        if count % every == 0:
            yield game
    yield game


def _compare(game: Any, budget: int) -> tuple[int, int]:
    """Every major's destination against every tokened city: the pruned and the whole walk agree (pairs the whole
    walk cannot settle within ``budget`` are skipped).  Returns (compared, true answers)."""
    compared = found = 0
    cities = [city for hex_ in game.hexes for city in hex_.tile.cities if any(city.tokens)]
    for corporation in game.corporations:
        destination = game.destination_of(corporation) if hasattr(game, "destination_of") else None
        if destination is None or not game.hex_by_id(destination).tile.nodes:
            continue
        start = game.hex_by_id(destination).tile.nodes[0]
        for goal in cities:
            try:
                old = whole_walk(start, goal, corporation, budget)
            except _Budget:
                continue
            assert walk_reaches(start, goal, corporation) == old, (corporation.id, goal.id)
            compared += 1
            found += old
    return compared, found


@pytest.mark.parametrize("folder", ["1822PNW", "1822CA"])
def test_same_answers_as_the_whole_walk_on_a_real_game(folder: str) -> None:
    files = fixture_files(folder)
    if not files:
        pytest.skip("../shared/fixtures is absent")
    compared = found = 0
    for game in _states(files[0], 150):
        c, f = _compare(game, 3_000)
        compared += c
        found += f
    assert compared > 50 and 0 < found < compared


@pytest.mark.slow
@pytest.mark.parametrize("folder", FAMILY)
def test_same_answers_as_the_whole_walk_on_every_game(folder: str) -> None:
    files = fixture_files(folder)
    if not files:
        pytest.skip("../shared/fixtures is absent")
    for path in files:
        for game in _states(path, 40):
            _compare(game, 20_000)
