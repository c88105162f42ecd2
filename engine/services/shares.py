"""Share rules of an 18xx game: when and what a player may sell, what shares are worth in an emergency, the
share-price moves of a sale, a sold-out corporation and the end of a stock round.

A game composes one ``ShareRules`` (``game.share_rules``); a title with its own share rules names a subclass in
its game class's ``SHARE_RULES`` (18Chesapeake: "sold out" with two players; 1846: receivership).  The rules
read the title's data (``game.rules``: ``sell_after``, ``sell_movement``, ``sold_out_increase``,
``pool_share_drop`` ...), the share pool and the stock market.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.model.shares import bundles_for_corporation as model_bundles_for_corporation

if TYPE_CHECKING:
    from engine.game import Game


class ShareRules:
    """The share-selling and price-movement rules of one game."""

    #: with ``pool_share_drop = "down_share"``: the steps down for each share in the pool at a stock round's end
    #: (18USA: two)
    POOL_DROP_STEPS_PER_SHARE: ClassVar[int] = 1

    def __init__(self, game: Game) -> None:
        self.game = game

    def sellable_turn(self) -> bool:
        if self.game.rules.sell_after == "first":
            return self.game.turn > 1 or not self.game.round.stock
        return True

    def check_sale_timing(self, entity: Any, bundle: Any) -> bool:
        corporation = bundle.corporation
        after = self.game.rules.sell_after
        if after == "first":
            return self.game.turn > 1 or self.game.round.operating
        if after == "after_sr_floated":
            return corporation.operated() or self.game.round.operating
        if after == "operate":
            return bool(corporation.operated())
        if after == "p_any_operate":
            return bool(corporation.operated() or corporation.owner is entity)
        if after == "any_time":
            return True
        if after == "full_or_turn":
            # after the corporation's first complete operating turn (during its turn: an earlier one)
            round_: Any = self.game.round
            if round_.operating and corporation is getattr(round_, "current_operator", None):
                return len(getattr(corporation, "operating_history", ())) > 1
            return bool(corporation.operated())
        raise NotImplementedError(after)

    def bundles_for_corporation(self, holder: Any, corporation: Any, shares: list[Any] | None = None) -> list[Any]:
        return model_bundles_for_corporation(holder, corporation, shares)

    def can_dump(self, entity: Any, bundle: Any) -> bool:
        return bool(bundle.can_dump(entity))

    def sellable_bundles(self, player: Any, corporation: Any) -> list[Any]:
        step = self.game.round.active_step()
        can_sell = getattr(step, "can_sell", None)
        if can_sell is None:
            return []
        return [b for b in self.bundles_for_corporation(player, corporation) if can_sell(player, b)]

    def value_for_sellable(self, player: Any, corporation: Any) -> int:
        bundles = self.sellable_bundles(player, corporation)
        return max((b.price for b in bundles), default=0) if bundles else 0

    def value_for_dumpable(self, player: Any, corporation: Any) -> int:
        if self.game.rules.president_sales_to_market:
            return self.value_for_sellable(player, corporation)
        best = 0
        for bundle in self.bundles_for_corporation(player, corporation):
            if self.can_dump(player, bundle) and self.game.share_pool.fit_in_bank(bundle):
                best = max(best, bundle.price)
        return best

    def liquidity(self, player: Any, emergency: bool = False) -> int:
        if not self.sellable_turn():
            return int(player.cash)
        value = int(player.cash)
        if emergency:
            for corporation, shares in player.shares_by_corporation.items():
                if shares:
                    value += self.value_for_sellable(player, corporation)
            return value
        for corporation, shares in player.shares_by_corporation.items():
            if not shares:
                continue
            after = self.game.rules.sell_after
            if after in ("operate", "full_or_turn") and not corporation.operated():
                continue
            if after == "p_any_operate" and not corporation.operated() and corporation.owner is not player:
                continue
            value += self.value_for_dumpable(player, corporation)
        return value

    def sell_movement(self, corporation: Any = None) -> str:
        return str(self.game.rules.sell_movement)

    def sell_shares_and_change_price(
        self, bundle: Any, allow_president_change: bool = True, swap: Any = None, movement: str | None = None
    ) -> None:
        corporation = bundle.corporation
        old_price = corporation.share_price
        was_president = corporation.owner is bundle.owner
        self.game.share_pool.sell_shares(bundle, allow_president_change=allow_president_change, swap=swap)
        market = self.game.stock_market
        how = movement or self.sell_movement(corporation)
        if how == "down_share":
            for _ in range(bundle.num_shares):
                market.move_down(corporation)
        elif how == "down_per_10":
            percent = bundle.percent - (swap.percent if swap is not None else 0)
            for _ in range(int(percent / 10)):
                market.move_down(corporation)
        elif how == "down_block":
            market.move_down(corporation)
        elif how == "left_share":
            for _ in range(bundle.num_shares):
                market.move_left(corporation)
        elif how == "left_share_pres":
            if was_president:
                for _ in range(bundle.num_shares):
                    market.move_left(corporation)
        elif how == "left_block":
            market.move_left(corporation)
        elif how == "left_per_10_if_pres_else_left_one":
            # the president: one step per 10% sold (less a swapped share); anyone else: one step
            percent = bundle.percent - (swap.percent if swap is not None else 0)
            for _ in range(round(percent / 10) if was_president else 1):
                market.move_left(corporation)
        elif how == "down_block_pres":
            if was_president:
                market.move_down(corporation)
        elif how == "left_block_pres":
            if was_president:
                market.move_left(corporation)
        elif how != "none":
            raise NotImplementedError(how)
        self.log_share_price(corporation, old_price)

    def log_share_price(self, corporation: Any, old: Any) -> None:
        new = corporation.share_price
        if old is None or new is None or old is new:
            return
        self.game.log(
            f"{corporation.name}'s share price moves from {self.game.format_currency(old.price)} to "
            f"{self.game.format_currency(new.price)}"
        )

    def sold_out(self, corporation: Any) -> bool:
        return bool(sum(corporation.player_share_holders().values()) == 100)

    def sold_out_increase(self, corporation: Any) -> bool:
        return bool(self.game.rules.sold_out_increase)

    def sold_out_stock_movement(self, corporation: Any) -> None:
        self.game.stock_market.move_up(corporation)

    def finish_stock_round(self, round_: Any) -> None:
        """End of a stock round: sold-out and pool-share price moves, in operating order."""
        corps = [c for c in self.game.corporations if c.floated and getattr(c, "type", None) != "minor"]
        corps.sort(key=lambda c: c.sort_order_key())
        drop = self.game.rules.pool_share_drop
        for corp in corps:
            if corp.share_price is None:
                continue
            old = corp.share_price
            if self.sold_out(corp) and self.sold_out_increase(corp):
                self.sold_out_stock_movement(corp)
            if drop != "none" and corp.num_market_shares() > 0:
                if drop == "down_block":
                    self.game.stock_market.move_down(corp)
                elif drop == "down_share":
                    for _ in range(corp.num_market_shares() * self.POOL_DROP_STEPS_PER_SHARE):
                        self.game.stock_market.move_down(corp)
                elif drop == "left_block":
                    self.game.stock_market.move_left(corp)
            self.log_share_price(corp, old)
