"""Bankruptcy: whether a player may (must) go bankrupt, what a player and a corporation could raise in an
emergency, declaring a player bankrupt, and whether bankruptcies end the game.

A game composes one ``BankruptcyRules`` (``game.bankruptcy``); a title with its own emergency money names a
subclass in its game class's ``BANKRUPTCY`` (1846: the corporation's emergency share issue counts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.game import Game


class BankruptcyRules:
    """The bankruptcy rules of one game."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def limit_reached(self) -> bool:
        game = self.game
        after = game.rules.bankruptcy_ends_game_after
        if after == "one":
            return any(p.bankrupt for p in game.players)
        if after == "all_but_one":
            return sum(1 for p in game.players if not p.bankrupt) <= 1
        return False

    def can_go_bankrupt(self, player: Any, corporation: Any) -> bool:
        game = self.game
        if not game.rules.bankruptcy_allowed:
            return False
        return bool(self.total_emr_buying_power(player, corporation) < game.depot.min_depot_price)

    def total_emr_buying_power(self, player: Any, corporation: Any) -> int:
        game = self.game
        power = game.share_rules.liquidity(player, emergency=True)
        if corporation is not None:
            power += corporation.cash
        return power

    def declare_bankrupt(self, player: Any) -> None:
        if player.bankrupt:
            raise IllegalAction(f"{player.name} is already bankrupt")
        player.bankrupt = True
        if self.game.rules.cert_limit_change_on_bankruptcy:
            self.game.cert_limit = self.game.corporation_rules.compute_cert_limit()


__all__ = ["BankruptcyRules"]
