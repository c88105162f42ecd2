"""Share swaps in the stock turn: a corporation with certificates of two sizes lets a player trade a small one
against a large one (18MEX's NdM: its 5% trade-in shares and its 10% shares).

* **swap buy**: a player holding a small certificate buys a large one (from the market pool only, unless the
  title allows the IPO) by handing in his small certificate, which goes to the pool, and paying the difference;
  allowed when an ordinary purchase of ``large - small`` percent would be (cash, certificate limit, holding
  limit, one purchase a turn...).  A player exactly at the certificate limit cannot swap.
* **swap sell**: a player selling a bundle (not a lone small certificate) takes a small certificate from the pool
  as part of the price, the bundle fetching its price less that certificate's; allowed when a sale of the bundle
  less ``small`` percent would be (pool limit, presidency...).

A title declares its swappable corporations as data, :class:`ShareSwap` entries in ``SHARE_SWAPS`` of its stock
step, which mixes in :class:`ShareSwapping` (before :class:`engine.steps.shares.BuySellParShares`).  The action's
``swap`` field names the small certificate (bought: the player's; sold: the pool's), as on 18xx.games; moving the
certificates and the money is the share pool's (``ShareRules.sell_shares_and_change_price``, ``SharePool``), and
the price moves as if only the difference were sold.  The site's engine takes any action with a ``swap`` without
checking it; the legal moves (``engine/moves/stock.py``) offer exactly the swaps its page offers.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.model.shares import ShareBundle

if TYPE_CHECKING:
    from engine.model.shares import Share


@dataclass(frozen=True)
class ShareSwap:
    """A corporation (by id) whose ``small`` certificates trade against its ``large`` ones."""

    corporation: str
    small: int = 5
    large: int = 10
    #: may a swap buy take the large certificate from the IPO (18MEX: no, rule 3.2.c(5): the pool only)
    from_ipo: bool = False


def reduced_bundle(shares: list[Share], by: int) -> ShareBundle:
    """``shares`` as a bundle whose first certificate counts ``by`` percent less (copies: the certificates
    themselves are not changed), to ask whether the difference alone could change hands."""
    copies = [copy.copy(s) for s in shares]
    copies[0].percent -= by
    return ShareBundle(copies)


class ShareSwapping:
    """Mixin for a stock-turn step (``BuySellParShares``): the swaps ``SHARE_SWAPS`` declares."""

    SHARE_SWAPS: ClassVar[tuple[ShareSwap, ...]] = ()

    game: Any

    def share_swap(self, corporation: Any) -> ShareSwap | None:
        return next((s for s in self.SHARE_SWAPS if s.corporation == corporation.id), None)

    def swap_buy(self, player: Any, corporation: Any, share: Share) -> Share | None:
        """The small certificate ``player`` hands in to buy ``share`` (a large certificate), or None."""
        rule = self.share_swap(corporation)
        game = self.game
        if rule is None or share.corporation is not corporation or share.percent != rule.large:
            return None
        if int(game.corporation_rules.num_certs(player)) == int(game.corporation_rules.cert_limit_for(player)):
            return None
        in_pool = share in game.share_pool.shares_by_corporation[corporation]
        in_ipo = rule.from_ipo and share.owner is corporation.ipo_owner
        if not (in_pool or in_ipo):
            return None
        small = next((s for s in player.shares_of(corporation) if s.percent == rule.small), None)
        if small is None:
            return None
        bundle = reduced_bundle([share], rule.small)
        return small if self.can_buy(player, bundle) else None  # type: ignore[attr-defined]

    def swap_sell(self, player: Any, corporation: Any, bundle: ShareBundle, pool_share: Share) -> Share | None:
        """The pool's small certificate ``player`` takes when selling ``bundle``, or None."""
        rule = self.share_swap(corporation)
        if rule is None or pool_share.percent != rule.small or bundle.percent == rule.small:
            return None
        if bundle.corporation is not corporation or pool_share.corporation is not corporation:
            return None
        return pool_share if self.can_sell(player, reduced_bundle(bundle.shares, rule.small)) else None  # type: ignore[attr-defined]

    def can_buy_any(self, entity: Any) -> bool:
        if super().can_buy_any(entity):  # type: ignore[misc]
            return True
        # a player who can do nothing but swap is still given the turn for it
        for rule in self.SHARE_SWAPS:
            corporation = self.game.corporation_by_id(rule.corporation)
            large = [s for s in self.game.share_pool.shares_by_corporation[corporation] if s.percent == rule.large]
            if large and self.swap_buy(entity, corporation, large[0]) is not None:
                return True
        return False

    # --- every swap on offer (the legal moves and the table's dialog) ------------------------------------------
    def swap_buys(self, player: Any) -> list[tuple[list[Share], Share]]:
        """(the interchangeable large certificates, the small one handed in) for each swap buy ``player`` may make;
        reads holdings without registering corporations in them."""
        found: list[tuple[list[Share], Share]] = []
        for rule in self.SHARE_SWAPS:
            corporation = self.game.corporation_by_id(rule.corporation)
            if corporation is None or not player.shares_by_corporation.get(corporation):
                continue
            holders = [self.game.share_pool] + ([corporation.ipo_owner] if rule.from_ipo else [])
            for holder in holders:
                large = [s for s in holder.shares_by_corporation.get(corporation) or [] if s.percent == rule.large]
                if not large:
                    continue
                small = self.swap_buy(player, corporation, large[0])
                if small is not None:
                    found.append((large, small))
        return found

    def swap_sells(self, player: Any) -> list[tuple[ShareBundle, Share]]:
        """(bundle, the pool's small certificate taken) for each swap sale ``player`` may make."""
        found: list[tuple[ShareBundle, Share]] = []
        for rule in self.SHARE_SWAPS:
            corporation = self.game.corporation_by_id(rule.corporation)
            if corporation is None or not player.shares_by_corporation.get(corporation):
                continue
            small = next((s for s in self.game.share_pool.shares_by_corporation.get(corporation) or []
                          if s.percent == rule.small), None)
            if small is None:
                continue
            for bundle in self.game.share_rules.bundles_for_corporation(player, corporation):
                if self.swap_sell(player, corporation, bundle, small) is not None:
                    found.append((bundle, small))
        return found


__all__ = ["ShareSwap", "ShareSwapping", "reduced_bundle"]
