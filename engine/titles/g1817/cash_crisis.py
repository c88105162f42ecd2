"""1817's cash crisis: a player left with negative cash (interest a liquidated corporation could not pay, the
debts of a liquidated corporation) must sell shares until the cash is no longer negative, or go bankrupt: all
their shares are sold, corporations left without a president are liquidated, the bank covers the debt."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.model.shares import ShareBundle
from engine.steps.bankrupt import Bankrupt, sort_holdings
from engine.steps.trains import EmergencyMoney

if TYPE_CHECKING:
    from engine.actions import Action


def first_in_debt(game: Any, round_: Any) -> Any:
    """The first player with negative cash, counting from the round's cash-crisis player."""
    start = getattr(round_, "cash_crisis_player", None)
    if start is None or start not in game.players:
        return None
    players = list(game.players)
    i = players.index(start)
    return next((p for p in players[i:] + players[:i] if p.cash < 0), None)


class CashCrisis(EmergencyMoney):
    ACTIONS: ClassVar[tuple[str, ...]] = ("sell_shares",)
    NAME: ClassVar[str] = "CashCrisis"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.active_entity: Any = None

    def description(self) -> str:
        return "Cash Crisis"

    def active(self) -> bool:
        return bool(self.active_entities())

    def active_entities(self) -> list[Any]:
        player = first_in_debt(self.game, self.round)
        return [player] if player is not None else []

    def actions(self, entity: Any) -> list[str]:
        if entity is None or entity is not self.current_entity():
            return []
        if self.active_entity is None:
            self.active_entity = entity
            self.game.log(f"{entity.name} enters Cash Crisis and owes the bank "
                          f"{self.game.format_currency(self.needed_cash(entity))}")
        return list(self.ACTIONS)

    def needed_cash(self, entity: Any) -> int:
        return -int(entity.cash)

    def available_cash(self, entity: Any) -> int:
        return 0

    def can_sell(self, entity: Any, bundle: Any) -> bool:
        price = bundle.corporation.share_price
        return super().can_sell(entity, bundle) and price is not None and price.type not in ("acquisition",
                                                                                             "liquidation")

    def process_sell_shares(self, action: Action) -> None:
        super().process_sell_shares(action)
        if self.game.resolve_entity(action).cash >= 0:
            self.active_entity = None


class Bankrupt1817(Bankrupt):
    """The player in debt may go bankrupt."""

    def active(self) -> bool:
        return bool(self.active_entities())

    def active_entities(self) -> list[Any]:
        player = first_in_debt(self.game, self.round)
        return [player] if player is not None else []

    def process_bankrupt(self, action: Action) -> None:
        game = self.game
        player = game.resolve_entity(action)
        if player not in self.active_entities():
            raise IllegalAction(f"{player.name} cannot go bankrupt")
        game.log(f"-- {player.name} goes bankrupt and sells remaining shares --")
        rules = game.share_rules
        for corporation in sort_holdings(player):
            if corporation.share_price is None:
                continue
            bundles = rules.sellable_bundles(player, corporation)
            if bundles:
                rules.sell_shares_and_change_price(max(bundles, key=lambda b: b.price))
        for corporation in sort_holdings(player):
            shares = list(player.shares_of(corporation))
            if not shares:
                continue
            rules.sell_shares_and_change_price(ShareBundle(shares), allow_president_change=False)
            if corporation.owner is not player:
                continue
            if corporation.share_price.type != "liquidation":
                game.log(f"-- {corporation.name} enters liquidation (it has no president) --")
            game.liquidate(corporation)  # type: ignore[attr-defined]
            corporation.owner = game.share_pool
        recalculate = getattr(self.round, "recalculate_order", None)
        if recalculate is not None:
            recalculate()
        if player.cash < 0:
            game.bank.spend(-player.cash, player)
        if player.cash > 0:
            player.spend(player.cash, game.bank)
        game.bankruptcy.declare_bankrupt(player)
        game.close_market_shorts()  # type: ignore[attr-defined]


__all__ = ["Bankrupt1817", "CashCrisis", "first_in_debt"]
