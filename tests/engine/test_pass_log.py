"""A pass is logged with the passer's name (the reference's ``entity.name``): a player's pass through the generic
step (18ZOO's powers step, played at the table) read "1 passes buy / use powers", the player's id, before."""

from __future__ import annotations

from engine import new_game
from engine.core.actions import Action
from engine.core.step import Step


class _Powers(Step):
    NAME = "Buy / use powers"


def test_a_players_pass_names_the_player() -> None:
    game = new_game("18ZOO - Map A", ["Ann", "Bob", "Cid"], seed=1)
    player = game.players[0]
    assert str(player.id) != player.name
    step = _Powers(game, game.round)
    step.process_pass(Action.from_dict({"type": "pass", "entity": player.id, "entity_type": "player"}))
    assert game.log_lines[-1] == f"{player.name} passes buy / use powers"
    step.process_pass(Action.from_dict({"type": "pass", "entity": "LI", "entity_type": "corporation"}))
    assert game.log_lines[-1] == "LI passes buy / use powers"
    assert step.passed
