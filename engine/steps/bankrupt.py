"""The Bankrupt step: a president who cannot raise enough for a forced train purchase goes bankrupt.

Bankruptcy is allowed only when the corporation's cash plus the president's cash and sellable
shares stays below the cheapest depot train (``game.can_go_bankrupt``).  The player then sells every
sellable share (per corporation, the largest allowed bundle, again and again), the rest of the
player's cash goes to the bank and the player is declared bankrupt (``game.declare_bankrupt``); the
game end check that follows decides what happens next.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action


def _compare_corporations(a: Any, b: Any) -> int:
    """Operating order (the reference ``Corporation#<=>``); corporations without a price first."""
    key_a = _sort_key(a)
    if key_a is None:
        return -1
    key_b = _sort_key(b)
    if key_b is None:
        return 1
    return int((key_a > key_b) - (key_a < key_b))


def _sort_key(corporation: Any) -> Any:
    key = getattr(corporation, "sort_order_key", None)
    return key() if callable(key) else key


def sort_holdings(holder: Any) -> list[Any]:
    """Re-order ``holder.shares_by_corporation`` in operating order, in place, and return the keys.

    The reference sorts the holder's hash permanently when it liquidates a bankrupt player, so later
    iterations over that player's holdings see the new order too.
    """
    holdings = holder.shares_by_corporation
    corporations: list[Any] = sorted(holdings, key=functools.cmp_to_key(_compare_corporations))
    ordered = [(corporation, holdings[corporation]) for corporation in corporations]
    holdings.clear()
    for corporation, shares in ordered:
        holdings[corporation] = shares
    return corporations


class Bankrupt(Step):
    """Declare bankruptcy for the operating corporation's president (never blocks)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("bankrupt",)
    NAME: ClassVar[str] = "Bankrupt"

    def type_name(self) -> str:
        return "bankrupt"

    def description(self) -> str:
        return "Bankrupt"

    def blocks(self) -> bool:
        return False

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        return list(self.ACTIONS)

    def process_bankrupt(self, action: Action) -> None:
        game = self.game
        corporation = game.resolve_entity(action)
        player = game.acting_for_entity(corporation.owner)
        if not game.bankruptcy.can_go_bankrupt(player, corporation):
            power = game.format_currency(game.bankruptcy.total_emr_buying_power(player, corporation))
            price = game.format_currency(_min_depot_price(game))
            raise IllegalAction(
                f"Cannot go bankrupt. {corporation.name}'s cash plus {player.name}'s cash and sellable shares "
                f"total {power}, and the cheapest train in the Depot costs {price}.")
        self.sell_bankrupt_shares(player, corporation)
        recalculate = getattr(self.round, "recalculate_order", None)
        if recalculate is not None:
            recalculate()
        player.set_cash(0, game.bank)
        game.bankruptcy.declare_bankrupt(player)

    def sell_bankrupt_shares(self, player: Any, corporation: Any) -> None:
        """Sell, corporation by corporation in operating order, the largest sellable bundle until none is
        left (a title with mixed certificate sizes may need several sales per corporation)."""
        game = self.game
        game.log(f"-- {player.name} goes bankrupt and sells remaining shares --")
        for held in sort_holdings(player):
            if held.share_price is None:
                continue
            while True:
                bundles = game.share_rules.sellable_bundles(player, held)
                if not bundles:
                    break
                best = bundles[0]
                for bundle in bundles[1:]:
                    if bundle.price > best.price:
                        best = bundle
                game.share_rules.sell_shares_and_change_price(best)


def _min_depot_price(game: Any) -> int:
    value = game.depot.min_depot_price
    return int(value() if callable(value) else value)


__all__ = ["Bankrupt", "sort_holdings"]
