"""Loading a saved game trusts a recorded run's stored revenue (as the reference engine does) instead of rebuilding
and checking the route (``engine.steps.route.VERIFY_RECORDED_RUNS``): on real games of several titles the trusted
load reaches the same state as the checked one after every run, and the same end."""

from __future__ import annotations

import pytest

import engine.steps.route
from engine import build_game
from engine.core.history import filter_actions
from engine.record import GameRecord
from engine.titles.registry import fixture_folder
from engine.trace import state_of
from tests.conftest import fixture_files

TITLES = ("1830", "18Chesapeake: Off the Rails", "1847 AE", "18Rhl", "18DE", "1867", "18 Los Angeles")
GAMES = [path for title in TITLES for path in fixture_files(fixture_folder(title))[:1]]
# 1822CA's game 3: a run whose track cannot be followed, paid as recorded (``RouteCA.pays_as_recorded``)
GAMES += [path for path in fixture_files(fixture_folder("1822CA")) if path.name == "3.json"]


def states_after_runs(path, verify: bool, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The traced state after every ``run_routes`` of the game, and its log and result at the end."""
    monkeypatch.setattr(engine.steps.route, "VERIFY_RECORDED_RUNS", verify)
    record = GameRecord.load(path)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    states: list[object] = []
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        game.process_action(data, position)
        if data.get("type") == "run_routes":
            states.append(state_of(game))
    states.append((list(game.log_lines), game.finished, game.result() if game.finished else None))
    return states


@pytest.mark.skipif(not GAMES, reason="../shared/fixtures is absent")
@pytest.mark.parametrize("path", GAMES, ids=[p.parent.name for p in GAMES])
def test_a_trusted_load_reaches_the_states_of_a_checked_one(path, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = states_after_runs(path, True, monkeypatch)
    trusted = states_after_runs(path, False, monkeypatch)
    assert len(checked) > 1, "no run in the game"
    assert trusted == checked


@pytest.mark.skipif(not GAMES, reason="../shared/fixtures is absent")
def test_a_trusted_load_builds_no_legs_for_a_stored_revenue(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trusted load takes a stored revenue before a title's ``pays_as_recorded`` is asked (1822CA's builds the
    route's legs to see whether it visits any stop): no recorded run of 1822CA's game 3 builds its legs then."""
    from engine.titles.g1822_ca.rules import RouteCA

    paths = [p for p in GAMES if p.parent.name == "1822CA"]
    if not paths:
        pytest.skip("no 1822CA fixture 3.json")

    asked: list[object] = []
    pays = RouteCA.pays_as_recorded

    def asking(self: RouteCA, route: object, entry: object) -> bool:
        asked.append(route)
        return pays(self, route, entry)

    monkeypatch.setattr(RouteCA, "pays_as_recorded", asking)
    trusted = states_after_runs(paths[0], False, monkeypatch)
    assert asked == [] and trusted[-1][1]  # never asked, and the game still ends
    monkeypatch.setattr(engine.steps.route, "VERIFY_RECORDED_RUNS", True)  # a checked load asks it
    states_after_runs(paths[0], True, monkeypatch)
    assert asked
