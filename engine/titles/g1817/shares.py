"""1817's share rules: a two-share corporation is never sold out; a corporation is sold out when the players
hold at least all of it (shorts not counted against it), and with the Short Squeeze option moves twice when they
hold more than all of it."""

from __future__ import annotations

from typing import Any

from engine.services.shares import ShareRules


class ShareRules1817(ShareRules):
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
