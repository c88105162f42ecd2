"""Certificates added to or taken from a corporation after it was built: re-sizing a corporation (1817's 2 -> 5 ->
10 shares), and short positions (a holding that can be negative).

A **short position** is a pair of certificates made at once: a positive certificate of one share that goes to the
market pool (it can be bought like any other) and a negative certificate of one share held by the player who sold
short.  Every count of shares therefore stays right by plain sums: a holder's percent of a corporation, the
corporation's ``share_holders``, the shares in the pool, the 100% a corporation's certificates total.  A short is
closed (``unshort``) when its holder owns a positive certificate of the same size again: both certificates are
removed.  Negative certificates do not count towards the certificate limit and cannot be bought.

**Re-sizing** (``resize_corporation``): every existing certificate keeps its holder and becomes one share of the
new size (the president's two, a short minus one), and as many new single-share certificates as the size grows go
to the corporation's treasury (numbered on from the old size's last normal certificate, as the reference does).  The president's certificate being twice a share, the share size is read from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.model.shares import Share

if TYPE_CHECKING:
    from engine.game import Game

#: the indices below this are the normal certificates; short pairs and merger certificates are numbered above it
NORMAL_CERTIFICATES = 10


def add_certificate(game: Game, share: Share) -> None:
    """Register a new certificate with its holder, its corporation and the game."""
    corporation = share.corporation
    owner = share.owner
    corporation.share_holders[owner] = corporation.share_holders.get(owner, 0) + share.percent
    owner.shares_by_corporation[corporation].append(share)
    corporation.all_shares.append(share)
    game._shares_by_id[share.id] = share


def remove_certificate(game: Game, share: Share) -> None:
    """Take a certificate out of the game (a closed short pair)."""
    corporation = share.corporation
    owner = share.owner
    corporation.share_holders[owner] = corporation.share_holders.get(owner, 0) - share.percent
    owner.shares_by_corporation[corporation].remove(share)
    corporation.all_shares.remove(share)
    game._shares_by_id.pop(share.id, None)


def rebuild_share_holders(corporation: Any) -> None:
    corporation.share_holders.clear()
    for share in corporation.all_shares:
        corporation.share_holders[share.owner] = corporation.share_holders.get(share.owner, 0) + share.percent


def resize_corporation(game: Game, corporation: Any, size: int, max_ownership_percent: int | None = None) -> list[Share]:
    """Make ``corporation`` a ``size``-share corporation; returns the new (treasury) certificates."""
    percent = 100 // size
    old = list(corporation.all_shares)
    old_size = int(corporation.total_shares)
    for share in old:
        if share.president:
            share.percent = 2 * percent
        else:
            share.percent = percent if share.percent > 0 else -percent
    if max_ownership_percent is not None:
        corporation.max_ownership_percent = max_ownership_percent
    rebuild_share_holders(corporation)
    # as many new certificates as the size grows (a closed short may have taken a normal certificate with it: its
    # twin, numbered above the normal ones, stands in for it), numbered on from the old size's last
    added = [Share(corporation, owner=corporation, percent=percent, index=old_size - 1 + i)
             for i in range(size - old_size)]
    for share in added:
        add_certificate(game, share)
    return added


def move_certificate(share: Share, to: Any) -> None:
    """Move one certificate to a new holder, holder totals included."""
    corporation = share.corporation
    holders = corporation.share_holders
    holders[share.owner] = holders.get(share.owner, 0) - share.percent
    share.owner.shares_by_corporation[corporation].remove(share)
    to.shares_by_corporation[corporation].append(share)
    share.owner = to
    holders[to] = holders.get(to, 0) + share.percent


def next_free_index(corporation: Any) -> int:
    return int(max([NORMAL_CERTIFICATES - 1, *(s.index for s in corporation.all_shares)])) + 1


def shorts(corporation: Any) -> list[Share]:
    """Every short certificate of ``corporation``."""
    return [s for s in corporation.all_shares if s.percent < 0]


def holder_shorts(holder: Any, corporation: Any) -> list[Share]:
    return [s for s in holder.shares_of(corporation) if s.percent < 0]


def short(game: Game, player: Any, corporation: Any) -> None:
    """``player`` sells one share of ``corporation`` short: a new share goes to the market, a negative one to the
    player, who is paid the share price by the bank."""
    price = int(corporation.share_price.price)
    percent = int(corporation.share_percent)
    index = next_free_index(corporation)
    pool_share = Share(corporation, owner=game.share_pool, percent=percent, index=index)
    short_share = Share(corporation, owner=player, percent=-percent, index=index + 1)
    short_share.buyable = False
    short_share.counts_for_limit = False
    game.log(f"{player.name} shorts a {percent}% share of {corporation.name} for {game.format_currency(price)}")
    game.bank.spend(price, player)
    add_certificate(game, short_share)
    add_certificate(game, pool_share)


def unshort(game: Game, holder: Any, share: Share) -> None:
    """``holder`` closes a short with the positive certificate ``share`` it holds: both leave the game."""
    negative = next(s for s in holder.shares_of(share.corporation) if s.percent == -share.percent)
    remove_certificate(game, share)
    remove_certificate(game, negative)


__all__ = ["add_certificate", "holder_shorts", "move_certificate", "next_free_index", "rebuild_share_holders", "remove_certificate", "resize_corporation",
           "short", "shorts", "unshort"]
