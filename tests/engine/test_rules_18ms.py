"""18MS: the New Orleans route bonus ends with phase 6, and recorded runs are taken as written.

18MS/67889 records four IC runs through New Orleans (I1) $10 above what the rules give: IC's $10 route bonus
for its New Orleans station is removed by the 6 train's ``remove_tokens`` event, but those runs (phase 6 and D)
still carry it.  The reference engine today computes the same lower revenues as we do (E1-I1-I1 for $150 at
action 180, E1-I1 by a 2D for $280 at action 266) and accepts the recorded $160/$290 only because a stored
revenue is paid as written (also in its strict mode): an older site engine wrote them, not a rule we lack.
"""

from __future__ import annotations

from typing import Any

from engine import load_game
from engine.moves.registry import check_action
from engine.record import GameRecord
from engine.steps.route import RouteStep, build_routes
from tests.conftest import FIXTURES, shared_or_skip

GAME = FIXTURES / "18MS" / "67889.json"


def _at(position: int) -> tuple[Any, dict[str, Any]]:
    record = GameRecord.load(shared_or_skip(GAME))
    return load_game(record, upto=position), record.actions[position]


def test_new_orleans_route_bonus_is_gone_in_phase_6() -> None:
    game, action = _at(180)
    assert game.phase.name == "6"
    ic = game.corporation_by_id("IC")
    assert list(game.ability_rules.abilities(ic, "hexes_bonus")) == []
    entry = next(r for r in action["routes"] if r["train"] == "4+-2")
    assert entry["revenue"] == 160  # recorded by an older site engine, with the removed bonus
    assert isinstance(game.round.active_step(), RouteStep)
    routes = build_routes(game, [{k: v for k, v in entry.items() if k != "revenue"}])
    assert [r.revenue() for r in routes] == [150]  # what the reference computes today


def test_recorded_runs_above_the_rules_are_let_through_as_the_site_does() -> None:
    game, action = _at(180)
    assert check_action(game, action) is True  # the legal-move check takes the recorded revenue
    game.process_action(action)
    assert any("runs a 4+ train for $160" in line for line in game.log_lines[-10:])
