"""The 18xx game-end conditions: which (reason, timing) checks the title has and whether each holds now (a
bankruptcy, a broken bank, everything closed, the top of the market, the last train, the last phase).  When a
triggered end takes effect is ``Game.game_end_check``/``end_now`` (the kernel's hooks).

A game composes one ``GameEndRules`` (``game.end_rules``); a title with other conditions names a subclass in
its game class's ``END_RULES`` (1846: the last train ends only the two-player variant).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


class GameEndRules:
    """The game-end conditions of one game."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def set_final_turn(self, reason: str, timing: str) -> None:
        """With a triggered end (checked again after every check): "one more full set of operating rounds" makes
        the next turn the last one."""
        game = self.game
        if timing == "one_more_full_or_set" and game.final_turn is None:
            game.final_turn = game.turn + 1

    def checks(self) -> Sequence[tuple[str, str]]:
        game = self.game
        return game.rules.game_end_check

    def condition(self, reason: str) -> bool:
        game = self.game
        if reason == "bankrupt":
            return game.bankruptcy.limit_reached()
        if reason == "bank":
            return bool(game.bank.broken)
        if reason == "all_closed":
            return all(e.closed for e in (*game.corporations, *game.companies))
        if reason == "stock_market":
            return bool(game.stock_market.max_reached)
        if reason == "final_train":
            return bool(game.depot.empty())
        if reason == "final_phase":
            return game.phase.is_last()
        return False


__all__ = ["GameEndRules"]
