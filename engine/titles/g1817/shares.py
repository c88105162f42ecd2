"""1817's share rules: a two-share corporation is never sold out; a corporation is sold out when the players
hold at least all of it (shorts not counted against it), and with the Short Squeeze option moves twice when they
hold more than all of it."""

from __future__ import annotations

from typing import Any

from engine.services.shares import ShareRules


class ShareRules1817(ShareRules):
    def bundles_for_corporation(self, holder: Any, corporation: Any, shares: list[Any] | None = None) -> list[Any]:
        """Short certificates are never part of a bundle."""
        if shares is None:
            shares = [s for s in holder.shares_of(corporation) if s.percent > 0]
        return super().bundles_for_corporation(holder, corporation, shares)

    def sell_shares_and_change_price(self, bundle: Any, allow_president_change: bool = True, swap: Any = None,
                                     movement: str | None = None) -> None:
        """After any sale the market closes the shorts it holds."""
        super().sell_shares_and_change_price(bundle, allow_president_change=allow_president_change, swap=swap,
                                             movement=movement)
        self.game.close_market_shorts()  # type: ignore[attr-defined]

    def sold_out(self, corporation: Any) -> bool:
        held = sum(p for p in corporation.player_share_holders().values() if p > 0)
        return bool(corporation.total_shares > 2 and held >= 100)

    def sold_out_stock_movement(self, corporation: Any) -> None:
        market = self.game.stock_market
        market.move_up(corporation)
        if "short_squeeze" in self.game.optional_rules:
            held = sum(p for p in corporation.player_share_holders().values() if p > 0)
            if held > 100:
                market.move_up(corporation)


__all__ = ["ShareRules1817"]
