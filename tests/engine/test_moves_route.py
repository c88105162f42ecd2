"""Legal route runs: real runs are accepted, broken ones refused with a readable reason, and the random route
generator only produces route sets the engine accepts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.moves import legal_moves
from engine.moves.route import RunRoutesMove
from tests.engine.moves_b_helpers import (
    action_at,
    fixture,
    live_game,
    positions,
    refused_without_change,
    replay,
    step_moves,
)

ROUTE_GAMES = [("1830", "26855.json"), ("1846", "19962.json"), ("18Chesapeake", "1277.json"), ("1889", "962.json")]


def _run_with(title: str, name: str, predicate: Any) -> tuple[Any, dict[str, Any]]:
    path = fixture(title, name)
    for position in positions(path, lambda a: a["type"] == "run_routes"):
        data = action_at(path, position)
        if predicate(data):
            return live_game(path, position), data
    raise AssertionError("no such run")


def _move(game: Any) -> RunRoutesMove:
    found = legal_moves(game).of_type("run_routes")
    assert len(found) == 1 and isinstance(found[0], RunRoutesMove)
    return found[0]


def test_the_move_lists_the_trains_that_may_run() -> None:
    game, data = _run_with("1830", "26855.json", lambda a: len(a["routes"]) >= 2)
    move = _move(game)
    corporation = game.corporation_by_id(data["entity"])
    assert set(move.trains) == {t.id for t in corporation.trains}
    assert move.refusal(data) is None


def test_a_route_reusing_track_is_refused() -> None:
    game, data = _run_with("1830", "26855.json", lambda a: len(a["routes"]) >= 2)
    first, second = data["routes"][0], data["routes"][1]
    copy = {**second, "connections": first["connections"], "hexes": first.get("hexes"),
            "revenue": first.get("revenue"), "revenue_str": first.get("revenue_str"), "nodes": first.get("nodes")}
    bad = {**data, "routes": [first, copy, *data["routes"][2:]]}
    reason = _move(game).refusal(bad)
    assert reason is not None and "already uses" in reason
    refused_without_change(game, bad)


def test_wrong_revenue_twice_run_train_and_foreign_train_are_refused() -> None:
    game, data = _run_with("1830", "26855.json", lambda a: len(a["routes"]) >= 2)
    move = _move(game)
    route = data["routes"][0]
    inflated = {**data, "routes": [{**route, "revenue": route["revenue"] + 100}, *data["routes"][1:]]}
    assert "earns" in (move.refusal(inflated) or "")
    refused_without_change(game, inflated)
    twice = {**data, "routes": [route, {**data["routes"][1], "train": route["train"]}]}
    assert move.refusal(twice) is not None
    refused_without_change(game, twice)
    entity = game.corporation_by_id(data["entity"])
    foreign = next(t for c in game.corporations if c is not entity for t in c.trains)
    stolen = {**data, "routes": [{**route, "train": foreign.id}]}
    assert move.refusal(stolen) is not None
    refused_without_change(game, stolen)
    no_track = {**data, "routes": [{"train": route["train"], "revenue": 999}]}
    assert move.refusal(no_track) is not None
    game.apply(data)


@pytest.mark.parametrize(("title", "name"), ROUTE_GAMES)
def test_sampled_routes_are_legal_and_the_engine_accepts_them(title: str, name: str) -> None:
    rng = random.Random(7)
    sampled = nonempty = 0
    for game, _position, data in replay(fixture(title, name)):
        if data["type"] != "run_routes" or game.finished or sampled >= 25:
            continue
        _, moves, _ = step_moves(game, data)
        move = moves[0]
        assert isinstance(move, RunRoutesMove) and move.refusal(data) is None
        action = move.sample(rng)
        assert move.refusal(action) is None, action
        trial = game.copy()
        trial.finish_loading()  # live play: the strict checks run too
        trial.process_action(action)
        sampled += 1
        nonempty += bool(action["routes"])
    assert sampled >= 10 and nonempty >= sampled // 2


def test_live_play_refuses_what_loading_takes_as_written() -> None:
    """A saved game's stored revenue (hexes-only route) and extra revenue are taken as written when loading, as
    on 18xx.games; live play refuses a revenue the stops cannot earn and extra revenue 1830 has no source for."""
    from tests.engine.test_steps_route import BOSTON_MANSFIELD, give_train, goto_step, new_game, par, start_or

    game = new_game()
    bm = par(game, "B&M", 67, [(0, 4), (1, 1)])
    give_train(game, bm, "2")
    start_or(game)
    goto_step(game, "Route")
    base = {"type": "run_routes", "entity": "B&M", "entity_type": "corporation"}
    inflated = {**base, "routes": [{"train": "2-0", "hexes": ["E23", "F24"], "revenue": 45}]}
    assert "cannot earn 45" in refused_without_change(game, inflated)
    extra = {**base, "routes": [{"train": "2-0", "connections": BOSTON_MANSFIELD}], "extra_revenue": 20}
    assert "extra revenue" in refused_without_change(game, extra)
    game.apply({**base, "routes": [{"train": "2-0", "hexes": ["E23", "F24"], "revenue": 40}]})
    assert game.round.active_step().total_revenue() == 40


def test_a_corporation_in_receivership_must_run_a_route() -> None:
    """A saved 1846 playout (seed 1053, 76 actions) stops where PRR, in receivership, runs its 2 train.  The round
    withholds for a receivership corporation right after its run; with no route run there is nothing to withhold
    and no Dividend step takes it (the reference engine refuses that run too).  An empty run is therefore not
    offered: refused with the reason and nothing changed, while a sampled run is non-empty and accepted."""
    import json
    from pathlib import Path

    from engine import load_game
    from engine.errors import GameError
    from engine.trace import state_of

    raw = json.loads((Path(__file__).parent / "data" / "1846_receivership_run.json").read_text())
    game = load_game(raw)
    game.finish_loading()
    moves = legal_moves(game)
    [move] = [m for m in moves.moves if isinstance(m, RunRoutesMove)]
    assert move.entity == "PRR" and move.receivership
    empty = {**move.base(), "routes": [], "id": len(game.raw_actions) + 1}
    reason = move.refusal(empty)
    assert reason is not None and "receivership" in reason
    state = state_of(game)
    with pytest.raises(GameError, match=r"receivership|cannot dividend"):
        game.process_action(empty)
    assert state_of(game) == state
    for seed in range(5):
        action = move.sample(random.Random(seed))
        assert action["routes"], seed
        assert move.refusal(action) is None
    action = {**move.sample(random.Random(0)), "id": len(game.raw_actions) + 1}
    game.process_action(action)
    assert game.round.active_step() is not None and game.raw_actions[-1]["type"] in ("run_routes", "dividend")


def test_a_run_that_must_be_made_falls_back_to_the_best_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Receivership (the corporation must run): when random walks find no route, the sample is the optimiser's
    best run, which the move accepts (an empty run would be refused and stall a playout)."""
    import engine.moves.route as route_module

    game, data = _run_with("1830", "26855.json", lambda a: len(a["routes"]) >= 1)
    move = _move(game)
    monkeypatch.setattr(route_module, "random_routes", lambda *args: [])
    plain = move.sample(random.Random(1))
    assert plain["routes"] == []  # a corporation that may run nothing: the empty run stays possible
    forced = RunRoutesMove(move.entity_type, move.entity, trains=move.trains, names=move.names, receivership=True,
                           game=game)
    sampled = forced.sample(random.Random(1))
    assert sampled["routes"], "the best run is offered"
    assert forced.refusal(sampled) is None
    assert sum(r["revenue"] for r in sampled["routes"]) >= sum(r["revenue"] for r in data["routes"])


def test_a_corporation_that_must_run_without_a_route_stalls_with_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """No route and it must run (receivership): no run is offered, the reason says the game cannot go on (the
    reference stops there too: it refuses both the empty run and a pass; 18LA playout seed 5125)."""
    import engine.moves.route as route_module
    from engine.core.live import STALLS

    game, _data = _run_with("1830", "26855.json", lambda a: len(a["routes"]) >= 1)
    step = game.round.active_step()
    entity = game.round.current_entity()
    monkeypatch.setattr(type(step), "RECEIVERSHIP_MUST_RUN", True, raising=False)
    monkeypatch.setattr(type(entity), "receivership", property(lambda self: True))
    assert isinstance(next(route_module.route_moves(step, entity)), RunRoutesMove)  # it has a route: it runs
    monkeypatch.setattr(route_module, "best_run", lambda *args: [])
    found = list(route_module.route_moves(step, entity))
    assert not any(isinstance(m, RunRoutesMove) for m in found)
    assert any(STALLS in u.reason for u in found)


def test_a_run_the_step_pays_as_recorded_is_a_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """1822CA/3 action 942: the 5P train's recorded run crosses C11, whose tile does not lead to B10; the site pays
    it as written and so does the title's route step (``pays_as_recorded``): the legal move takes it too; a step
    that follows every route refuses it with the route's reason."""
    from engine.steps.route import RouteStep

    path = fixture("1822CA", "3.json")
    position = next(positions(path, lambda a: a.get("id") == 942))
    game, data = live_game(path, position), action_at(path, position)
    move = _move(game)
    assert move.refusal(data) is None
    step = game.round.active_step()
    assert step.pays_as_recorded(step_route(game, data), data["routes"][0])
    monkeypatch.setattr(type(step), "pays_as_recorded", RouteStep.pays_as_recorded)
    reason = move.refusal(data)
    assert reason is not None and "Route must contain token" in reason


def step_route(game: Any, data: dict[str, Any]) -> Any:
    from engine.steps.route import build_routes

    return build_routes(game, data["routes"])[0]
