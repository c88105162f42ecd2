"""Hints for the 18ZOO family (maps A to F): a small fixed game whose shares pay by the market, not by the run.

The game lasts three days: a stock round, then two operating rounds (three on Wednesday), seven in all.  A share
pays the dividend its market cell prints (1 to 6, whatever the run) and its price moves one step right when the
run reaches the cell's threshold; the general evaluation (a share earns its percentage of the run, the bank's cash
says how many rounds are left) knows neither: with no bank cash it saw one round left, valued every share below
its price and the Beginner never bought one.  A family's train comes out of its president's pocket as a loan when
its treasury falls short, and a loan is a penalty at the end: measured (arena 18ZOO Map A seed 700, Beginner vs
3 Random), the Beginner parred two families with all its cash, bought no share in the whole game, paid two
trains by loans and ended last with 36 against 32-83.  So a player presides over ``MAX_FAMILIES`` family, keeps
the president's train money, and buys the shares that pay (:func:`share_return`) with the rest.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_FAMILIES", "ORS_BY_DAY", "VETO", "move_score", "operating_rounds_left", "share_return"]

#: operating rounds on Monday, Tuesday and Wednesday
ORS_BY_DAY = (2, 2, 3)
#: the most families a player presides over (each one's trains may come out of their pocket)
MAX_FAMILIES = 1
#: the score of a move the hints advise against (below a pass)
ADVISED_AGAINST = -8.0
#: the score of a par of a second family, and of a share bought with the family's train money: below -15, where
#: neither of the Strong bot's own lifts brings it above a pass (a par scored above -10 gains 22 or more while it
#: presides over fewer than three corporations; a share of its own family gains 15 while a rival holds within 10%):
#: at ``ADVISED_AGAINST`` a second family ranked 14, above a pass
VETO = -16.0
#: the score of a power bought by a player (below a pass)
POWER_SCORE = -1.0
#: score per $N a share is expected to return over its price before the end
RETURN_WEIGHT = 4.0


def operating_rounds_left(game: Any) -> int:
    """The operating rounds still to come (the one running counts)."""
    day = max(1, min(len(ORS_BY_DAY), int(getattr(game, "turn", 1) or 1)))
    later = sum(ORS_BY_DAY[day:])
    round_ = getattr(game, "round", None)
    if round_ is not None and "Operating" in type(round_).__name__:
        done = max(0, int(getattr(round_, "round_num", 1) or 1) - 1)
        return max(0, ORS_BY_DAY[day - 1] - done) + later
    return ORS_BY_DAY[day - 1] + later


def _last_revenue(corporation: Any) -> int:
    history = getattr(corporation, "operating_history", None) or {}
    return int(getattr(history[list(history)[-1]], "revenue", 0) or 0) if history else 0


def share_return(game: Any, corporation: Any) -> float:
    """What one share of ``corporation`` is expected to return before the end ($N): per operating round left,
    its cell's dividend and one price step when its last run reached the cell's threshold; half of that for a
    family that has not run yet, a quarter for one whose last run fell short or that lost its trains."""
    if getattr(corporation, "share_price", None) is None or getattr(corporation, "closed", False):
        return 0.0
    try:
        threshold = int(game.threshold(corporation))
        dividend = int(game.gain_per_share(corporation.share_price))
    except Exception:  # not an 18ZOO market cell
        return 0.0
    revenue = _last_revenue(corporation)
    if revenue >= threshold > 0:
        odds = 1.0
    elif revenue > 0 or (getattr(corporation, "operating_history", None) and not getattr(corporation, "trains", None)):
        odds = 0.25  # ran short of its threshold, or lost its trains
    else:
        odds = 0.5  # not run yet
    return odds * (dividend + 1) * operating_rounds_left(game)


def _families_of(game: Any, player: Any) -> int:
    return sum(1 for c in game.corporations if c.owner is player and not getattr(c, "closed", False))


def _train_money(game: Any, player: Any) -> int:
    from engine.bots import evaluate

    return int(evaluate.obligations(game, player))


def move_score(game: Any, entity: Any, player: Any, candidate: Any) -> tuple[float, str] | None:
    """The Beginner's rules of thumb for the family's stock round (None: the general rules)."""
    if player is None or not getattr(player, "is_player", False):
        return None
    kind = candidate.move.type
    action = candidate.action
    if kind == "par":
        if _families_of(game, player) >= MAX_FAMILIES:
            return VETO, f"pars {action.get('corporation')} (a family is train bill enough)"
        return None
    if kind == "buy_shares":
        corporation = game.corporation_by_id(candidate.move.corporation)
        price = int(action.get("price", 0) or getattr(candidate.move, "price", 0) or 0)
        back = share_return(game, corporation)
        name = getattr(corporation, "name", corporation)
        if price > int(getattr(player, "cash", 0) or 0) - _train_money(game, player):
            return VETO, f"buys a share of {name} for {price} (the cash is its family's next train)"
        if back <= 0:
            return ADVISED_AGAINST / 2, f"buys a share of {name} for {price} (it pays nothing yet)"
        return RETURN_WEIGHT * back, f"buys a share of {name} for {price} (about {back:.0f} to come)"
    if kind == "buy_company" and getattr(entity, "is_player", False):
        # a power is worth nothing at the end (only ZOOTickets count) and the rules of thumb do not play them
        # for what they do: its price is a share's climb lost
        return (
            POWER_SCORE,
            f"buys {action.get('company')} for {action.get('price')} (a power counts nothing at the end)",
        )
    return None
