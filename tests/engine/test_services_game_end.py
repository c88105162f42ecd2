"""The game-end service (engine/services/game_end.py): a title's checks and each condition."""

from __future__ import annotations

from engine.services.game_end import GameEndRules
from engine.titles.g1830.rules import Game1830
from engine.titles.g1846.operating import GameEndRules1846
from engine.titles.g1846.rules import Game1846

FOUR = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


def test_1830_ends_on_a_broken_bank_or_a_bankruptcy() -> None:
    game = Game1830(FOUR, seed=1)
    assert type(game.end_rules) is GameEndRules
    reasons = [reason for reason, _ in game.end_rules.checks()]
    assert "bank" in reasons and "bankrupt" in reasons
    assert not game.end_rules.condition("bank") and not game.end_rules.condition("bankrupt")
    game.player_by_id(1).bankrupt = True
    assert game.end_rules.condition("bankrupt")
    assert not game.end_rules.condition("no_such_reason")


def test_1846_leaves_the_last_train_to_the_two_player_variant() -> None:
    game = Game1846(FOUR, seed=1)
    assert type(game.end_rules) is GameEndRules1846
    assert "final_train" in [reason for reason, _ in game.rules.game_end_check]
    assert "final_train" not in [reason for reason, _ in game.end_rules.checks()]
