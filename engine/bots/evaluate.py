"""How good a position is for one player: the evaluation every bot level shares.

``position_value(game, player)`` is the player's value now (``game.player_value``: cash, certificates at market,
privates) plus, in an 18xx title, what their certificates are expected to earn before the end: each floated
corporation's expected revenue per operating round (its last run, or an estimate from its trains) times the
operating rounds the bank is expected to last, times the player's percentage; a president whose corporation has
no train while the depot's cheapest train costs more than its treasury is charged part of the difference (the
forced purchase).  A title may add its own term through :mod:`engine.bots.hints`.

``relative_value`` is what the bots maximise: own value minus the best opponent's (a win, not a score).
"""

from __future__ import annotations

from typing import Any

from engine.bots import hints

__all__ = [
    "acting_player",
    "debt",
    "expected_revenue",
    "interest_per_round",
    "interest_shortfall",
    "money_scale",
    "obligations",
    "operating_rounds_left",
    "position_value",
    "relative_value",
    "rust_soon",
    "seat_of",
    "train_shortfall",
]

#: expected revenue per operating round of a floated corporation that has not run yet, per train
UNRUN_PER_TRAIN = 40
#: a parred corporation without a train: this share of UNTRAINED_BASE + UNTRAINED_PER_PHASE per phase
UNTRAINED_SHARE = 0.5
UNTRAINED_BASE = 50
UNTRAINED_PER_PHASE = 30
#: a part of each corporation's revenue counted as paid out (the rest builds the treasury)
PAYOUT_SHARE = 0.8
#: a corporation's treasury counts this much for its shareholders (it buys trains, tokens and track)
TREASURY_SHARE = 0.5
#: share of a looming forced train purchase charged to the president now
FORCED_BUY_SHARE = 0.5
#: share of the train money a corporation whose trains rust soon lacks, charged to its president now.  At 0.25
#: the Strong bot paid out runs the rules of thumb withheld for the coming train (1830, four Beginners' game at
#: seed 1: five times in 500 actions; an arena game at seed 101, seven times) and its corporations' trains came
#: out of its own pocket.  Measured, 1830 Strong vs 3 Beginners, 28 games (seeds 1-16, 100-111): 0.25 won 11
#: (lead over the best other seat -310, 95% CI -710..+91), 0.75 won 12 (-229, -705..+248): neutral within the
#: noise, and the bot no longer pays out the train money its presidency will owe
RUST_SHARE = 0.75
#: the part of a paying corporation's expected climb on the market (one step per operating round left, at
#: most APPRECIATION_STEPS) credited to its shareholders now.  Measured, 1830 Strong vs 3 Beginners (8 games at
#: seeds 1 and 100): crediting the whole climb over up to 10 rounds won 6 of 16 (mean value 100 above the
#: Beginners') where half of it over up to 6 rounds won 3 of 16 (28 below): share prices climbing through a game of
#: some 20 operating rounds are most of an 1830 winner's value
APPRECIATION_SHARE = 1.0
#: a president's own share of a corporation's run counts this much more: the president runs it (lays, tokens,
#: trains, dividends).  Measured in 24 games of 1830 Strong vs 3 Beginners: the corporations the Strong bot
#: presided over ran 210 at the end on average, the Beginners' 170 (+24%); the bot let Beginners buy its
#: presidencies away (seed 100: PRR parred at 100, lost to a Beginner's 50% by the fourth stock round)
PRESIDENT_EDGE = 0.25
APPRECIATION_STEPS = 10


#: the first train's price in 1830, the title the bots' money thresholds were measured in
REFERENCE_TRAIN_PRICE = 80
#: the scale is kept within these bounds (a title whose first train is free, or a typo in a price)
MONEY_SCALE_RANGE = (0.05, 20.0)


def money_scale(game: Any) -> float:
    """How the title counts money against 1830: the price of its first train (the money a corporation needs to
    start running, and the order of its first runs) over 1830's 80.  1 in 1830 and the titles whose first train
    is an 80 2-train (1889, 18Chesapeake, 1846, ...); 1.25 in the 1817 family and 1867; 0.75 in 1822, 0.625 in
    1822MRS; 0.0875 in 18ZOO (2S at 7).  The bots' thresholds in dollars (estimated revenues, the rules of thumb's
    prices and costs, the look-ahead's margins) are multiplied by it; 1 in a title without a depot."""
    try:
        trains = game.depot.trains
        price = int(getattr(trains[0], "price", 0) or 0) if trains else 0
    except Exception:  # a title without a depot (kernel titles)
        return 1.0
    if price <= 0:
        return 1.0
    low, high = MONEY_SCALE_RANGE
    return max(low, min(high, price / REFERENCE_TRAIN_PRICE))


def acting_player(game: Any, entity: Any) -> Any:
    """The player deciding for ``entity`` (a player itself, or the owner of a corporation / company), or None
    (a corporation nobody presides over)."""
    seen = 0
    start = entity
    while entity is not None and seen < 4:
        if getattr(entity, "is_player", False):
            return entity
        entity = getattr(entity, "owner", None)
        seen += 1
    # a corporation nobody presides over yet, acting in a player's turn (1817: the auction winner places the new
    # corporation's home token before its shares are his): the player whose turn it is decides
    round_ = getattr(game, "round", None)
    turns = getattr(round_, "entities", None)
    index = getattr(round_, "entity_index", None)
    if start is not None and turns and isinstance(index, int) and 0 <= index < len(turns):
        holder = turns[index]
        if getattr(holder, "is_player", False):
            return holder
    return None


def seat_of(game: Any, entity: Any) -> int | None:
    """The seat index (0-based, in ``game.players`` setup order by id) deciding for ``entity``."""
    player = acting_player(game, entity)
    if player is None:
        return None
    ids = [pid for pid, _ in game.setup_args[0]]
    return ids.index(player.id) if player.id in ids else None


def _is_18xx(game: Any) -> bool:
    return hasattr(game, "corporations") and hasattr(game, "depot") and hasattr(game, "stock_market")


def _train_reach(train: Any) -> int:
    distance = train.distance
    if isinstance(distance, int):
        return min(distance, 12)
    return min(12, sum(int(row.get("pay") or 0) for row in distance))


def expected_revenue(game: Any, corporation: Any) -> int:
    """Expected revenue per operating round of ``corporation``."""
    trains = list(getattr(corporation, "trains", ()) or ())
    if not trains:
        # parred but without a train yet: part of what a corporation of this phase earns once it has one
        if getattr(corporation, "share_price", None) is None or getattr(corporation, "closed", False):
            return 0
        odds = 1.0 if getattr(corporation, "floated", True) else _float_odds(corporation)
        return int(odds * UNTRAINED_SHARE * untrained_revenue(game))
    per_train = UNRUN_PER_TRAIN * money_scale(game)
    if not getattr(corporation, "floated", True):
        # parred, trained (a title's starting train) but not floated: earns only once the float is sold
        return int(_float_odds(corporation) * sum(per_train * max(1, _train_reach(t)) / 2 for t in trains))
    history = getattr(corporation, "operating_history", None) or {}
    if history:
        last = history[list(history)[-1]]
        revenue = int(getattr(last, "revenue", 0) or 0)
        if revenue > 0:
            return revenue
    return int(sum(per_train * max(1, _train_reach(t)) / 2 for t in trains))


def untrained_revenue(game: Any) -> float:
    """What a corporation of this phase earns per operating round once it has a train (an estimate)."""
    return (UNTRAINED_BASE + UNTRAINED_PER_PHASE * _phase_index(game)) * money_scale(game)


def _float_odds(corporation: Any) -> float:
    """How likely a parred corporation that has not floated yet is to float: the part of its float already
    sold (a corporation parred and left at its president's certificate often never runs: measured, the
    Strong bot ended 2 of 6 1830 games holding such a corporation when it counted as floated)."""
    float_percent = int(getattr(corporation, "float_percent", 0) or 0)
    to_float = getattr(corporation, "percent_to_float", None)
    if float_percent <= 0 or not callable(to_float):
        return 1.0
    try:
        missing = max(0, int(to_float()))
    except Exception:  # a corporation model without an IPO owner
        return 1.0
    return max(0.0, min(1.0, 1 - missing / float_percent))


def expected_climb(game: Any, corporation: Any, rounds: float) -> float:
    """The share price ``corporation`` is expected to gain before the end, per unit of its current price: a
    corporation that earns moves right once per operating round (``rounds`` of them, at most
    ``APPRECIATION_STEPS``); one that does not is not expected to move."""
    market = getattr(game, "stock_market", None)
    price = getattr(corporation, "share_price", None)
    if market is None or price is None or not getattr(corporation, "floated", False):
        return 0.0
    if not getattr(corporation, "trains", None) or not getattr(price, "price", 0):
        return 0.0
    steps = max(0, min(APPRECIATION_STEPS, int(rounds)))
    if not steps:
        return 0.0
    try:
        later = market.find_share_price(corporation, ["right"] * steps)
    except Exception:  # a market without the usual movement
        return 0.0
    if later is None:
        return 0.0
    return max(0.0, (int(later.price) - int(price.price)) / int(price.price))


#: the depot's next trains looked at for a rust that strands a corporation (about one round of purchases)
RUST_HORIZON = 4


def rust_soon(game: Any, corporation: Any, horizon: int = RUST_HORIZON) -> Any:
    """The train among the depot's next ``horizon`` whose purchase rusts every train ``corporation`` has (None
    when its trains outlive them, or it has none)."""
    trains = list(getattr(corporation, "trains", ()) or ())
    if not trains:
        return None
    try:
        upcoming = list(game.depot.upcoming)[:horizon]
    except Exception:  # a title without a depot
        return None
    for train in upcoming:
        try:
            if all(t.rusts_by(train) for t in trains):
                return train
        except Exception:  # a train model without the default rusting rule
            return None
    return None


def train_shortfall(game: Any, corporation: Any) -> int:
    """What ``corporation``'s president may have to add for its next train: the cheapest depot train less its
    treasury when it has no train, or the price of the train that comes once its trains rust when they rust
    soon (:func:`rust_soon`); 0 otherwise."""
    if getattr(corporation, "closed", False) or not getattr(corporation, "floated", False):
        return 0
    cash = int(getattr(corporation, "cash", 0) or 0)
    if not getattr(corporation, "trains", None):
        try:
            cheapest = int(game.depot.min_depot_price or 0)
        except Exception:  # no depot
            return 0
        return max(0, cheapest - cash)
    rusting = rust_soon(game, corporation)
    if rusting is None:
        return 0
    return max(0, int(getattr(rusting, "price", 0) or 0) - cash)


def debt(corporation: Any) -> int:
    """What ``corporation`` owes on its loans (0 without loans)."""
    return sum(int(getattr(loan, "amount", 0) or 0) for loan in getattr(corporation, "loans", ()) or ())


def interest_per_round(game: Any, corporation: Any) -> int:
    """The interest ``corporation`` pays each operating round on its loans (0 without loans or loan rules)."""
    if not getattr(corporation, "loans", None):
        return 0
    rules: Any = getattr(game, "loan_rules", None)
    try:  # at the rate of the loans held now (what a title counted as the round began may be fewer)
        return max(int(rules.interest_for(len(corporation.loans))), int(rules.interest_owed(corporation)))
    except Exception:  # a title without loan rules
        return 0


def interest_shortfall(game: Any, corporation: Any) -> int:
    """What ``corporation``'s president pays when it cannot pay the interest on its loans still due this round
    (the 1817 family: the corporation is liquidated, the president pays the interest and settles the loans):
    that interest plus the loans, or 0 when the treasury covers it (or it owes none)."""
    loans = list(getattr(corporation, "loans", ()) or ())
    if not loans:
        return 0
    paid = getattr(game.round, "paid_loans", None)
    if isinstance(paid, dict) and paid.get(corporation):
        return 0
    try:
        owed = int(game.loan_rules.interest_owed(corporation))
    except Exception:  # a title without loan rules
        return 0
    if int(getattr(corporation, "cash", 0) or 0) >= owed:
        return 0
    return owed + sum(int(getattr(loan, "amount", 0) or 0) for loan in loans)


def obligations(game: Any, player: Any) -> int:
    """The train money ``player`` may owe their corporations soon (:func:`train_shortfall` of each one they
    preside over): cash a player keeps rather than bid or buy shares with (1822: measured, presidents spent it
    at the stock round and took player debt at 50% interest when their minors' trains rusted)."""
    if not _is_18xx(game):
        return 0
    return sum(train_shortfall(game, c) for c in game.corporations if getattr(c, "owner", None) is player)


def _phase_index(game: Any) -> int:
    phase = getattr(game, "phase", None)
    return int(getattr(phase, "index", 0) or 0)


#: the least the corporations are counted to earn together per operating round (in 1830 dollars)
ROUND_EARNING_FLOOR = 150


def operating_rounds_left(game: Any) -> float:
    """Operating rounds the game is expected to last: the bank's cash over what all corporations earn per
    round (from 1 to 10)."""
    corps = [c for c in game.corporations if getattr(c, "floated", False) and not getattr(c, "closed", False)]
    earning = sum(expected_revenue(game, c) for c in corps)
    cash = int(getattr(game.bank, "cash", 0) or 0)
    return max(1.0, min(10.0, cash / max(ROUND_EARNING_FLOOR * money_scale(game), earning)))


def _future_18xx(game: Any, player: Any) -> float:
    rounds = operating_rounds_left(game)
    total = 0.0
    try:
        cheapest = int(game.depot.min_depot_price or 0)
    except Exception:  # a title without a depot price (nothing to charge)
        cheapest = 0
    for corp in game.corporations:
        if getattr(corp, "closed", False):
            continue
        percent = player.percent_of(corp)
        if not percent:
            continue
        revenue = expected_revenue(game, corp)
        # a corporation's loans are its shareholders' debt: the interest comes out of every run, the loans out
        # of the treasury (measured, 18USA: without this the Strong bot's look-ahead valued every loan as cash)
        interest = interest_per_round(game, corp)
        total += percent / 100 * max(0, revenue - interest) * rounds * PAYOUT_SHARE
        if corp.owner is player:
            total += PRESIDENT_EDGE * percent / 100 * max(0, revenue - interest) * rounds * PAYOUT_SHARE
        total += percent / 100 * (int(getattr(corp, "cash", 0) or 0) - debt(corp)) * TREASURY_SHARE
        climb = expected_climb(game, corp, rounds)
        if climb:
            held = sum(int(s.price) for s in player.shares_of(corp))
            total += APPRECIATION_SHARE * climb * held
        if corp.owner is player and getattr(corp, "floated", False) and not corp.trains and cheapest:
            total -= FORCED_BUY_SHARE * max(0, cheapest - int(corp.cash))
        elif corp.owner is player:
            total -= RUST_SHARE * train_shortfall(game, corp)
        if corp.owner is player:
            # measured: the Strong bot paid out a run its corporation needed for its interest (1817NA seed 1)
            # and went bankrupt settling the loans
            total -= interest_shortfall(game, corp)
    return total


def position_value(game: Any, player: Any) -> float:
    """The value of the position for ``player`` (see the module docstring)."""
    value = float(game.player_value(player))
    if _is_18xx(game):
        value += _future_18xx(game, player)
    value += hints.extra_value(game, player)
    return value


def relative_value(game: Any, player: Any) -> float:
    """Own value minus the best opponent's."""
    mine = position_value(game, player)
    others = [position_value(game, p) for p in game.players if p is not player]
    if not others:
        return mine
    best = max(others)
    mean = sum(others) / len(others)
    return mine - 0.7 * best - 0.3 * mean
