"""Stock-round moves: buy a certificate (IPO, market pool, other players where allowed), sell a bundle, par a
corporation, buy a private, pass.

Rules enforced beyond the reference engine (which accepts these; the printed rules forbid them):

* an IPO certificate of a corporation nobody has parred cannot be bought (the reference sells it, and selling
  it later fails because the corporation has no share price);
* a private bought from the bank costs its face value; one bought from another player costs at least 1 and at
  most the buyer's cash (the reference takes any price, even a negative one).

Reading holdings never creates entries in a holder's insertion-ordered ``shares_by_corporation`` (the order
matters for replay parity), so enumerating moves leaves the game exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from engine.model.shares import ShareBundle
from engine.moves.base import BuyCompanyMove, BuySharesMove, Move, ParMove, PassMove, SellSharesMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.steps.shares import BuySellParShares

#: The share-price moves of a sale, per ``sell_movement`` rule: (direction, "share"/"block"/"per_10", president only)
_SELL_MOVES: dict[str, tuple[str, str, bool]] = {
    "down_share": ("down", "share", False), "down_per_10": ("down", "per_10", False),
    "down_block": ("down", "block", False), "left_share": ("left", "share", False),
    "left_share_pres": ("left", "share", True), "left_block": ("left", "block", False),
    "down_block_pres": ("down", "block", True), "left_block_pres": ("left", "block", True),
}


def held(holder: Any, corporation: Any) -> list[Any]:
    """``holder``'s certificates of ``corporation`` without registering the corporation in its holdings."""
    found: list[Any] = holder.shares_by_corporation.get(corporation) or []
    return found


def price_after_sale(game: Any, bundle: ShareBundle, seller: Any, swap: Any = None) -> int | None:
    """The share price after ``seller`` sells ``bundle`` (taking the certificate ``swap`` from the pool in part
    payment, if given; no change is made), None when not known."""
    corporation = bundle.corporation
    if corporation.share_price is None:
        return None
    how = game.share_rules.sell_movement(corporation)
    if how == "none":
        return int(corporation.share_price.price)
    if how == "left_per_10_if_pres_else_left_one":
        count = int(bundle.percent / 10) if corporation.owner is seller else 1
        target = game.stock_market.find_share_price(corporation, ["left"] * count)
        return int(target.price) if target is not None else None
    rule = _SELL_MOVES.get(how)
    if rule is None:
        return None
    direction, unit, president_only = rule
    if president_only and corporation.owner is not seller:
        return int(corporation.share_price.price)
    percent = bundle.percent - (swap.percent if swap is not None and unit == "per_10" else 0)
    count = {"share": bundle.num_shares, "per_10": int(percent / 10), "block": 1}[unit]
    target = game.stock_market.find_share_price(corporation, [direction] * count)
    return int(target.price) if target is not None else None


def sell_move(game: Any, seller: Any, bundle: ShareBundle, share_price: int | None = None,
              price_after: int | None = None, compute_after: bool = True, exact: bool = False,
              price_optional: bool = False) -> SellSharesMove:
    """The move selling ``bundle`` (used by every family that sells or issues shares)."""
    etype, eid = entity_ref(seller)
    certs = tuple((s.id, int(s.percent)) for s in held(bundle.owner, bundle.corporation))
    president = next((s.id for s in held(bundle.owner, bundle.corporation) if s.president), None)
    if compute_after and price_after is None:
        price_after = price_after_sale(game, bundle, seller)
    return SellSharesMove(
        etype, eid, corporation=bundle.corporation.id, percent=int(bundle.percent),
        shares=tuple(s.id for s in bundle.shares), certs=certs, total=sum(int(s.percent) for s in bundle.shares),
        president=bundle.presidents_share is not None, president_id=president, price=int(bundle.price),
        price_after=price_after, share_price=share_price, exact=exact, price_optional=price_optional)


def sell_moves(game: Any, seller: Any, bundles: list[ShareBundle], **kw: Any) -> list[SellSharesMove]:
    """One move per distinct sale among ``bundles`` (same corporation, percent, total, president flag and
    certificate sizes: 1847 AE's 30% as three single shares or as a double and a single are two sales, as the
    site offers them, since which certificates go to the pool differs)."""
    seen: set[tuple[Any, ...]] = set()
    out: list[SellSharesMove] = []
    for bundle in bundles:
        key: tuple[Any, ...] = (bundle.corporation.id, bundle.percent, sum(s.percent for s in bundle.shares),
                                bundle.presidents_share is not None,
                                tuple(sorted((int(s.percent) for s in bundle.shares), reverse=True)))
        if kw.get("exact"):
            key = tuple(s.id for s in bundle.shares)
        if key in seen:
            continue
        seen.add(key)
        out.append(sell_move(game, seller, bundle, **kw))
    return out


def swap_buy_moves(step: BuySellParShares, entity: Any) -> Iterator[BuySharesMove]:
    """The share swaps ``entity`` may buy (``engine.steps.share_swap``): a large certificate for a small one and
    the difference."""
    etype, eid = entity_ref(entity)
    for large, small in step.swap_buys(entity):
        corporation = small.corporation
        smalls = tuple(s.id for s in held(entity, corporation) if s.percent == small.percent)
        source = "market" if large[0].owner is step.game.share_pool else "ipo"
        bundle = large[0].to_bundle()
        yield BuySharesMove(etype, eid, corporation=corporation.id, source=source, shares=tuple(s.id for s in large),
                            percent=int(large[0].percent), price=int(bundle.price) - int(small.price),
                            swaps=(small.id, *(sid for sid in smalls if sid != small.id)))


def swap_sell_moves(step: BuySellParShares, entity: Any) -> Iterator[SellSharesMove]:
    """The sales ``entity`` may make taking a small certificate from the pool in part payment."""
    game = step.game
    seen: set[tuple[Any, ...]] = set()
    for bundle, small in step.swap_sells(entity):
        key = (bundle.corporation.id, bundle.percent, bundle.presidents_share is not None,
               tuple(sorted((int(s.percent) for s in bundle.shares), reverse=True)))
        if key in seen:
            continue
        seen.add(key)
        pool = held(game.share_pool, small.corporation)
        smalls = tuple(s.id for s in pool if s.percent == small.percent)
        move = sell_move(game, entity, bundle, price_after=price_after_sale(game, bundle, entity, swap=small))
        yield replace(move, price=int(bundle.price) - int(small.price),
                      swaps=(small.id, *(sid for sid in smalls if sid != small.id)))


def _certificate_groups(shares: list[Any]) -> dict[tuple[int, bool], list[Any]]:
    groups: dict[tuple[int, bool], list[Any]] = {}
    for share in shares:
        groups.setdefault((int(share.percent), bool(share.president)), []).append(share)
    return groups


def buy_moves(step: BuySellParShares, entity: Any) -> Iterator[Move | Unusable]:
    game = step.game
    etype, eid = entity_ref(entity)
    sources: list[tuple[Any, str | int, list[Any]]] = []
    # certificates of other players: where the rules allow it, or where the step offers such a purchase now
    # (1847 AE's nationalisation)
    from_players = bool(game.rules.buy_share_from_other_player) or bool(step.can_buy_any_from_player(entity))
    for corporation in step.corporations():
        if corporation.closed:
            continue
        if corporation.ipoed:
            ipo = [s for s in held(corporation.ipo_owner, corporation) if not s.president]
            sources.append((corporation, "ipo", ipo))
        pool = held(game.share_pool, corporation)
        if pool:
            sources.append((corporation, "market", list(pool)))
        if from_players:
            for player in game.players:
                if player is not entity and held(player, corporation):
                    sources.append((corporation, player.id, list(held(player, corporation))))
    for corporation, source, shares in sources:
        for (percent, president), group in _certificate_groups(shares).items():
            ok = [s for s in group if step.can_buy(entity, s.to_bundle())]
            if not ok:
                continue
            bundle = ok[0].to_bundle()
            fixed: tuple[tuple[str, Any], ...] = ()
            # (1846: a president's certificate in the market is bought as one share; a step may say it is bought
            # whole, 18Rhl)
            if president and corporation.receivership and getattr(step, "RECEIVERSHIP_PRESIDENT_AS_ONE_SHARE", True):
                fixed = (("percent", int(corporation.share_percent)),)
                bundle = ShareBundle(bundle.shares, corporation.share_percent)
            move = BuySharesMove(etype, eid, corporation=corporation.id, source=source,
                                 shares=tuple(s.id for s in ok), percent=percent,
                                 price=int(step.modify_purchase_price(bundle)), president=president, fixed=fixed)
            yield move


def par_moves(step: BuySellParShares, entity: Any) -> Iterator[Move | Unusable]:
    game = step.game
    etype, eid = entity_ref(entity)
    for corporation in step.corporations():
        if corporation.closed or not game.corporation_rules.can_par(corporation, entity):
            continue
        kind = step.ipo_type(corporation)  # "par", "bid" (started by auction: the bid moves), or why not
        if kind != "par":
            if kind != "bid":
                yield Unusable("corporation", corporation.id, kind)
            continue
        prices = tuple((sp.id, int(sp.price)) for sp in step.get_par_prices(entity, corporation)
                       if sp.can_par and step.can_par_at(entity, corporation, sp))
        if prices:
            yield ParMove(etype, eid, corporation=corporation.id, share_prices=prices)
        else:
            yield Unusable("corporation", corporation.id, f"{entity.name} cannot afford to par {corporation.name}")


def company_moves(step: BuySellParShares, entity: Any) -> Iterator[Move | Unusable]:
    etype, eid = entity_ref(entity)
    cash = int(step.available_cash(entity))
    for company in step.purchasable_companies(entity):
        if step.game.ability_rules.abilities(company, "shares"):
            # The certificates such a private brought went to its first owner: buying it from that player would
            # make the engine (and the reference, which fails the same way) take them again.  Not offered.
            yield Unusable("company", company.id, f"{company.name} cannot change hands between players")
            continue
        if cash >= 1:
            yield BuyCompanyMove(etype, eid, company=company.id, seller=company.owner.id, min_price=1, max_price=cash,
                                 needs_consent=True)
    for company in step.buyable_bank_owned_companies(entity):
        yield BuyCompanyMove(etype, eid, company=company.id, seller="bank", min_price=int(company.value),
                             max_price=int(company.value))


def sale_moves(step: BuySellParShares, entity: Any, keeps_acting: frozenset[str] = frozenset()
               ) -> Iterator[Move | Unusable]:
    """The sales ``entity`` may make now.  ``keeps_acting`` names corporations the player could buy or par now:
    such a choice stays open after a sale of another corporation (see :func:`stalling_sale`)."""
    game = step.game
    found: list[SellSharesMove] = []
    for corporation in step.corporations():
        if not corporation.ipoed or not held(entity, corporation):
            continue
        bundles = [b for b in game.share_rules.bundles_for_corporation(entity, corporation) if step.can_sell(entity, b)]
        sellable = getattr(game.share_rules, "sellable_bundles", None)
        if bundles and sellable is not None and game.round.active_step() is step:
            allowed = sellable(entity, corporation)
            bundles = [b for b in bundles if any(b.shares == a.shares and b.percent == a.percent for a in allowed)]
        found.extend(sell_moves(game, entity, bundles))
    if hasattr(step, "swap_sells"):
        found.extend(swap_sell_moves(step, entity))
    sold = {move.corporation for move in found}
    for move in found:
        # Something else to do after this sale (another corporation to sell, buy or par): the seller goes on
        # acting, so the sale cannot stall the round (no need to try it).
        others = (sold | keeps_acting) - {move.corporation}
        reason = None if others else stalling_sale(game, move)
        if reason is None:
            yield move
        else:
            yield Unusable("share", move.corporation, reason)


from engine.core.game import STALLS  # noqa: E402  (the reason's words, shared with the kernel's live check)


def _close_prices(game: Any) -> set[int]:
    market = game.stock_market
    if not market.has_close_cell:
        return set()
    return {sp.price for row in market.market for sp in row if sp is not None and sp.type == "close"}


def stalls_round(game: Any, move: Move) -> bool:
    """Would the engine take ``move`` (its action drawn with a fixed seed) and leave the game unfinished with
    no legal move?  Tried on a copy (:func:`engine.moves.registry.trial_copy`: the state is pickled once for all
    the moves tried in it); the search for a legal move there stops at the first one."""
    from engine.actions import Action
    from engine.errors import GameError
    from engine.moves.registry import has_legal_move, trial_copy

    trial = trial_copy(game)
    try:
        trial.process_single_action(Action.from_dict(move.sample(random.Random(0))))
    except GameError:
        return False  # the engine refuses it anyway: its own message will say why
    return not trial.finished and not has_legal_move(trial)


def stalling_sale(game: Any, move: SellSharesMove) -> str | None:
    """Why a sale must be refused in live play although the engine takes it, or ``None``.

    A sale that sends a corporation into a ``close`` cell closes it; if the seller then has nothing left to do,
    the reference engine (whose files we keep compatible) can stop the stock round on a player with no legal
    move, and no game can go on from there.  In an operating round (a president's emergency sale), a corporation
    closed that way can be the next to operate: the round then waits for it to act, and it cannot (1846 playout
    seed 100020; the reference fails the same way, even on its bankruptcy).  Only such sales are tried on a copy
    (in a stock round, a seller who could also sell another corporation, or buy or par one, keeps acting after
    the sale: the caller skips those)."""
    if move.price_after is None or move.price_after not in _close_prices(game):
        return None
    if not stalls_round(game, move):
        return None
    where = "the stock round" if getattr(game.round, "stock", False) else "the game"
    return (f"selling {move.percent}% of {move.corporation} now would close it and leave {where} with {STALLS} "
            "(the 18xx.games engine stops there too); choose another move")


def doomed_corporations(step: BuySellParShares) -> list[Any]:
    """Corporations left in a ``close`` cell that close after the next action (an 1846 corporation whose
    bankruptcy sent its price to $0 at the end of an operating round)."""
    close_prices = _close_prices(step.game)
    if not close_prices:
        return []
    return [c for c in step.corporations() if not c.closed and c.share_price is not None
            and c.share_price.price in close_prices]


def without_stalling_moves(step: BuySellParShares, items: list[Move | Unusable], doomed: list[Any]
                           ) -> Iterator[Move | Unusable]:
    """``items`` with every move that would stall the round replaced by an :class:`Unusable` saying so.

    While a corporation sits in a ``close`` cell, the next action closes it; when its actor then has nothing
    left to do, the reference engine stops the stock round exactly as after a stalling sale (found by a
    playout: 1846 seed 37, a $0 share bought or a pass after a receivership corporation's bankruptcy).  Each
    move is tried on a copy (rare: only in such a state).  When every move stalls, the reference engine cannot
    go on either and there is no legal move: the playout reports the game as "reference would stall"."""
    names = ", ".join(c.name for c in doomed)
    for item in items:
        if isinstance(item, Move) and stalls_round(step.game, item):
            target = str(getattr(item, "corporation", None) or item.type)
            yield Unusable(item.type if item.type == "pass" else "share", target,
                           f"{item.describe()}: this would close {names} and leave the stock round with {STALLS} "
                           "(the 18xx.games engine stops there too); choose another move")
        else:
            yield item


@enumerates(BuySellParShares)
def stock_turn(step: BuySellParShares, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    doomed = doomed_corporations(step)
    if doomed:
        yield from without_stalling_moves(step, list(_stock_turn(step, entity, kinds)), doomed)
    else:
        yield from _stock_turn(step, entity, kinds)


def _stock_turn(step: BuySellParShares, entity: Any, kinds: list[str]) -> Iterator[Move | Unusable]:
    keeps_acting: set[str] = set()  # corporations the player could buy or par (or any private to buy)
    if "buy_shares" in kinds:
        for item in buy_moves(step, entity):
            if isinstance(item, BuySharesMove):
                keeps_acting.add(item.corporation)
            yield item
    if "par" in kinds:
        for item in par_moves(step, entity):
            if isinstance(item, ParMove):
                keeps_acting.add(item.corporation)
            yield item
    if "buy_company" in kinds:
        for item in company_moves(step, entity):
            if isinstance(item, BuyCompanyMove):
                keeps_acting.add("")  # not a corporation: another thing to do whatever is sold
            yield item
    if "buy_shares" in kinds:
        for swap in swap_buy_moves(step, entity):
            keeps_acting.add(swap.corporation)
            yield swap
    if "sell_shares" in kinds:
        sales = list(sale_moves(step, entity, frozenset(keeps_acting)))
        yield from sales
        if kinds == ["sell_shares"] and not any(isinstance(m, Move) for m in sales):
            yield forced_sale_stalls(step, entity)
    if "pass" in kinds:
        etype, eid = entity_ref(entity)
        yield PassMove(etype, eid, label=step.pass_description())


def forced_sale_stalls(step: BuySellParShares, entity: Any) -> Unusable:
    """A player who must sell (only ``sell_shares`` is open: over the certificate limit) and has no sale live play
    takes: the reference's test of "can sell" counts a sale it then cannot carry out (1822: a president's
    certificate dumped where only the tax haven holds as much, ``ShareRules1822.can_dump``), so it stops there
    too (1822NRS playout 7003: 10 certificates of 8 after selling what could be sold)."""
    name = getattr(entity, "name", entity)
    return Unusable("share", "", f"{name} must sell shares (over the certificate limit) and no sale can be made: "
                                 f"{STALLS}")
