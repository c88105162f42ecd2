"""The 18Chesapeake market pool: the two-player rule that buyers shrink the game.

With two players, every corporation's remaining IPO shares go to the market when it floats.
When someone other than the president then buys a share of it, the pool's *last* certificate
of that corporation is first taken out of the game (moved to the bank); if that was the very
certificate being bought, the purchase does not happen at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.model.entities import ShareHolder
from engine.model.share_pool import SharePool
from engine.model.shares import Share, ShareBundle


class ChesapeakeSharePool(SharePool):
    """``SharePool`` with the two-player removal of the pool's last share on each purchase."""

    def __init__(self, host: Any, *, two_player: bool, **kwargs: Any) -> None:
        super().__init__(host, **kwargs)
        self.two_player = two_player

    def buy_shares(
        self,
        entity: ShareHolder,
        shares: ShareBundle | Share | Sequence[Share],
        *args: Any,
        **kwargs: Any,
    ) -> None:
        if not self.two_player:
            super().buy_shares(entity, shares, *args, **kwargs)
            return
        bundle = shares if isinstance(shares, ShareBundle) else ShareBundle(shares)
        corporation = bundle.corporation
        pool_shares = self.shares_of(corporation)
        last = pool_shares[-1] if pool_shares else None
        if last is None or entity is corporation.owner or last.owner is not self:
            super().buy_shares(entity, shares, *args, **kwargs)
            return
        self.transfer_shares(last.to_bundle(), self.host.bank)
        self._log(f"{entity.name} removes a 10% share of {corporation.name} from the game")
        if bundle.shares[0] is not last:
            super().buy_shares(entity, shares, *args, **kwargs)
