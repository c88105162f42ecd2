"""Hints for the 1822 family (1822, 1822MRS, 1822NRS, 1822CA and its scenarios, 1822MX, 1822Africa, 1822PNW and
its scenarios): a player's minors are the player's train bill.

A minor never withholds (it pays half its run to its owner), its L-trains all rust with the first 3-train, and a
minor left without a train buys one with its owner's money, then with player debt at 50% interest that grows at
every stock round.  Measured (arena, 1822, four Beginners, seed 1): the bots held three or four minors each, spent
their cash on bids and shares, and at the first 3-train every minor bought one on its owner's debt: £500-750 each
by OR 6, £5147 for one player at the end.  So a player keeps, as the family's train reserve, what each company
they preside over will ask of them for the train that replaces the ones it has (the whole depot ahead, not the
next few trains: the wave comes at once), and bids for a minor, buys or pars only with the cash beyond it; they
hold at most ``MAX_MINORS`` minors.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DEBT_FIRST", "MAX_MINORS", "NEW_MINOR_RESERVE", "VETO", "move_score", "par_cost", "player_reserve", "train_need"]

#: the most minors (held or being won in the bid boxes) a player takes on
MAX_MINORS = 2
#: what a minor just won will ask of its owner for its next train (a 3-train's £200 less about £50 in treasury)
NEW_MINOR_RESERVE = 150
#: the score of a move that would spend the train reserve (below a pass)
SPENDS_RESERVE = -8.0
#: paying back player debt (all that the cash pays: ``payoff_player_debt``) scores this, CLEAR_MARGIN (40) and more
#: above anything else of the stock round, so that the Strong bot pays it without looking ahead: the debt grows by
#: half at every stock round's end, and the look-ahead passed where the Beginner paid (arena 1822 seed 500, Strong
#: against three Beginners, stock round 5: four passes with £179 of debt, ended with £891 against £1405-2227)
DEBT_FIRST = 80.0
#: ... and a part of it (the bots' amounts are samples: all of it comes first)
DEBT_PART = 20.0
#: ... and of such a par or share: below -15, where neither of the Strong bot's own lifts brings it above a pass
#: (a par scored above -10 gains 22 or more while it presides over fewer than three companies, minors included; a
#: share of a company it presides over gains 15 while a rival holds within 10% of it).  At ``SPENDS_RESERVE`` both
#: spent the minors' train money: arena 1822 seed 501, Strong against three Beginners, the Strong bot bought £80 of
#: its major's shares to keep the presidency where the Beginner would par its concession, and ended last
VETO = -16.0


def _depot_upcoming(game: Any) -> list[Any]:
    try:
        return list(game.depot.upcoming)
    except Exception:  # a game without a depot
        return []


def train_need(game: Any, corporation: Any) -> int:
    """What ``corporation``'s president may pay for its next train: the cheapest depot train less its treasury
    when it has none, else the price of the first depot train whose purchase rusts every train it has, less its
    treasury (0 when its trains outlive the depot or it is not running)."""
    if getattr(corporation, "closed", False) or not getattr(corporation, "floated", False):
        return 0
    cash = int(getattr(corporation, "cash", 0) or 0)
    trains = list(getattr(corporation, "trains", ()) or ())
    if not trains:
        try:
            return max(0, int(game.depot.min_depot_price or 0) - cash)
        except Exception:  # no depot
            return 0
    for train in _depot_upcoming(game):
        try:
            if all(t.rusts_by(train) for t in trains):
                return max(0, int(getattr(train, "price", 0) or 0) - cash)
        except Exception:  # a train model without the default rusting rule
            return 0
    return 0


def _minors_of(game: Any, player: Any) -> int:
    return sum(
        1
        for c in game.corporations
        if getattr(c, "type", "") == "minor" and c.owner is player and not getattr(c, "closed", False)
    )


def _bid_step(game: Any) -> Any:
    step = game.round.active_step() if game.round is not None else None
    return step if step is not None and hasattr(step, "winning_bids") else None


def _minors_being_won(game: Any, player: Any) -> int:
    step = _bid_step(game)
    if step is None:
        return 0
    return sum(1 for bid in step.winning_bids(player) if _is_minor_box(getattr(bid.target, "id", "")))


def _is_minor_box(company_id: str) -> bool:
    return company_id.startswith("M") and company_id[1:].isdigit()


def _is_concession_box(company_id: str) -> bool:
    return company_id.startswith("C") and company_id[1:].isdigit()


def player_reserve(game: Any, player: Any, *, minors: bool = True) -> int:
    """The train money ``player`` keeps for the companies they preside over (:func:`train_need` of each) and
    for the minors they are winning in the bid boxes (``NEW_MINOR_RESERVE`` each).  ``minors=False``: the
    reserve of a player starting a major (a concession's bid, a par), whose minors the major will acquire,
    trains and treasury, so their trains are the major's bill: only the majors' needs and the new minors'."""
    held = sum(
        train_need(game, c)
        for c in game.corporations
        if getattr(c, "owner", None) is player and (minors or getattr(c, "type", "") != "minor")
    )
    return held + NEW_MINOR_RESERVE * _minors_being_won(game, player)


def _spendable(game: Any, player: Any, *, minors: bool = True) -> int:
    step = _bid_step(game)
    cash = int(step.available_cash(player)) if step is not None else int(getattr(player, "cash", 0) or 0)
    return cash - player_reserve(game, player, minors=minors)


def par_cost(game: Any, candidate: Any) -> int:
    """What a par costs its president: the president's certificate, less the value of the concession exchanged
    for it (the bank pays that into the major's treasury: a £100 par costs £100, not £200)."""
    action = candidate.action
    prices = dict(getattr(candidate.move, "share_prices", ()) or ())
    par = int(prices.get(action.get("share_price"), 0) or 0)
    try:
        corporation = game.corporation_by_id(action.get("corporation"))
    except Exception:  # not a corporation of this game
        corporation = None
    shares = getattr(corporation, "shares", None) or ()
    certificate = par * (int(shares[0].percent) // 10 if shares else 2)
    concession = getattr(corporation, "par_via_exchange", None)
    if concession is None:
        return certificate
    return max(0, certificate - int(getattr(concession, "value", 0) or 0))


def move_score(game: Any, entity: Any, player: Any, candidate: Any) -> tuple[float, str] | None:
    """The Beginner's rules of thumb for the family's stock round (None: the general rules)."""
    if player is None or not hasattr(player, "cash"):
        return None
    kind = candidate.move.type
    if kind == "payoff_player_debt":
        return DEBT_FIRST, "pays back its debt (it grows by half at every stock round's end)"
    if kind == "payoff_player_debt_partial":
        return DEBT_PART, f"pays back {candidate.action.get('amount')} of its debt"
    action = candidate.action
    if kind == "bid":
        target = str(action.get("company", "") or "")
        price = int(action.get("price", 0) or 0)
        if _is_minor_box(target):
            if _minors_of(game, player) + _minors_being_won(game, player) >= MAX_MINORS:
                return SPENDS_RESERVE, f"bids {price} on {target} (minors enough: each needs its trains)"
            if price + NEW_MINOR_RESERVE > _spendable(game, player):
                return SPENDS_RESERVE, f"bids {price} on {target} (the cash is its minors' next trains)"
            return None
        if price > _spendable(game, player, minors=not _is_concession_box(target)):
            return SPENDS_RESERVE, f"bids {price} on {target} (the cash is its minors' next trains)"
        return None
    if kind in ("buy_shares", "par"):
        if kind == "par":
            price = par_cost(game, candidate)
        else:
            price = int(getattr(candidate.move, "price", 0) or 0)
        if price > _spendable(game, player, minors=kind != "par"):
            return VETO, f"{kind.replace('_', 's ')} for {price} (the cash is its minors' next trains)"
        return None
    return None
