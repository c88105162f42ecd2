"""Legal moves of the general issue-shares step (``engine.steps.issue_shares``): a corporation issues treasury
shares (``sell_shares`` by it) or redeems market shares (``buy_shares`` by it) at the current price.

The engine compares a named bundle with the offered ones exactly (certificates in order), so each move names one
bundle.  The share price after an issue is given when the title's share rules can say it without changing
anything (``share_rules.price_drop``: Steam Over Holland); otherwise it is left unknown.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from engine.moves.base import BuySharesMove, Move, PassMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.moves.stock import sell_moves
from engine.steps.issue_shares import IssueShares


def price_after_issue(game: Any, bundle: Any) -> int | None:
    """The share price after issuing ``bundle`` (one step left fewer than the shares issued, within the market's
    ledges), from the title's share rules when they can say it without changing anything; else None."""
    drop_of = getattr(game.share_rules, "price_drop", None)
    corporation = bundle.corporation
    if not callable(drop_of) or corporation.share_price is None:
        return None
    drop = int(drop_of(bundle))
    if drop <= 0:
        return int(corporation.share_price.price)
    target = game.stock_market.find_share_price(corporation, ["left"] * drop)
    return int(target.price) if target is not None else None


def price_optional(step: IssueShares, bundle: Any) -> bool:
    """May an action name ``bundle`` without its price per share?  Asked of the step, which decides what an
    offered bundle is (1846 compares the price too; 18Texas and Steam Over Holland only the certificates)."""
    unpriced = copy.copy(bundle)
    unpriced.share_price = None
    return bool(step.is_offered(unpriced, [bundle]))


@enumerates(IssueShares)
def issue_or_redeem(step: IssueShares, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    game = step.game
    etype, eid = entity_ref(entity)
    if "sell_shares" in kinds:
        for bundle in step.issuable_shares(entity):
            yield from sell_moves(game, entity, [bundle], share_price=int(bundle.price_per_share),
                                  price_after=price_after_issue(game, bundle), compute_after=False, exact=True,
                                  price_optional=price_optional(step, bundle))
    if "buy_shares" in kinds:
        for bundle in step.redeemable_shares(entity):
            yield BuySharesMove(etype, eid, corporation=entity.id, source="market",
                                shares=tuple(s.id for s in bundle.shares), percent=int(bundle.percent),
                                price=int(bundle.price), count=len(bundle.shares),
                                share_price=int(bundle.price_per_share), exact=True,
                                price_optional=price_optional(step, bundle))
    if "pass" in kinds:  # a title whose step waits for the corporation (18Texas)
        yield PassMove(etype, eid, label=step.pass_description())
