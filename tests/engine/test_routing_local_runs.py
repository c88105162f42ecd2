"""Local runs beside the optimiser's routes (``engine/routing/local_runs.py``): an L train of 1822 with no track
runs in its home city alone, as the real game's file did; titles without local trains are untouched."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine import load_game
from engine.record import GameRecord
from engine.routing import best_routes
from engine.routing.local_runs import with_local_runs
from tests.conftest import FIXTURES


def _before(folder: str, name: str, index: int) -> tuple[object, dict]:
    path = FIXTURES / folder / name
    if not path.exists():
        pytest.skip(f"{path} is absent")
    record = GameRecord.load(str(path))
    raw = dict(record.raw)
    raw["actions"] = record.actions[:index]
    return load_game(raw), record.actions[index]


def test_an_l_train_without_track_runs_in_its_home_city() -> None:
    game, action = _before("1822", "hs_lxemeslq_30797.json", 103)
    result = best_routes(game)
    assert result.total == 20 and result.method.endswith("local")
    entry = result.routes[0]
    wanted = action["routes"][0]
    keys = ("train", "connections", "hexes", "revenue", "revenue_str")
    assert [entry[k] for k in keys] == [wanted[k] for k in keys]
    game.process_action({**action, "routes": result.routes})  # the engine takes it


def test_no_local_train_no_change() -> None:
    result = SimpleNamespace(routes=[], method="routes")
    train = SimpleNamespace(distance=2, id="2-0", no_local=False)
    assert with_local_runs(None, [], None, [train], result) is result  # type: ignore[arg-type]
