"""Hints for the 1817 family (1817, 1817NA, 1817WO, 18USA, and the titles built on it): corporations run on loans.

A corporation of this family cannot ask its president for a train: one that ends its turn without a train is
liquidated, and one that cannot pay its interest takes its president's cash.  Its money comes from the auction
that started it, its runs and $100 loans (as many as it has shares, at an interest rate that climbs with every loan
in the game: 5% while few are out).  The general rules of thumb (withhold with two loans, a second train only with
twice its price in the treasury) made corporations that withheld every run, bought one 2-train each and were all
liquidated when the 4-train rusted it (18USA, four Beginners, seeds 400-403: total final value 317 against the real
games' 28570).  These rules:

* **trains**: a corporation wants ``TRAINS_WANTED`` trains, and a train that outlives the rust of its own (looking
  ``RUST_HORIZON`` trains ahead in the depot: every title of the family exports or sells trains fast); it buys one
  from the depot when its treasury, with the loans it may still take, pays for it;
* **loans**: taken at the train step for that train (the fewest that pay it and their interest, while the run with
  the new train carries the interest), never for nothing; repaid when the treasury keeps the next train's price and
  the interest;
* **dividends**: paid out (a withheld run moves the price left and pays the shareholders nothing: the presidents
  never had cash for a share or a second corporation); withheld only for a train the corporation needs and cannot
  reach with the loans the loan rule would lend it (:func:`reaches_train`: the two rules agree, or a corporation
  pays out waiting for loans it is then refused), or the interest it could not pay;
* **starts**: no corporation is started with a treasury that, with two loans, does not reach the depot's next train
  (``engine.bots.hints.corporation_auction_worth``);
* **conversion**: a corporation converts to more shares when it needs loans its size does not allow.

The Strong bot plays these rules as they are where they decide a dividend or a loan (and a conversion, a merger,
a company put into a new corporation); where their first choice is another move of theirs (a train, a bid that
starts a corporation) its look-ahead chooses among the moves they leave open (:func:`look_rows`).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "RUST_HORIZON",
    "TRAINS_WANTED",
    "carries_interest",
    "depot_price",
    "dividend_score",
    "loan_score",
    "loan_value",
    "loans_for",
    "look_rows",
    "needs_train",
    "reaches_train",
    "replacement_revenue",
    "train_price",
    "train_score",
]

#: the trains a corporation of the family wants to run
TRAINS_WANTED = 2
#: the depot's next trains looked at for the one that rusts (or makes obsolete) every train a corporation has
RUST_HORIZON = 6
#: ... and the depot's next kinds of train looked at
RUST_TYPES = 3


#: the new tokens a conversion from so many shares needs at most, and what each costs (a converted corporation that
#: cannot pay them liquidates: measured, ATSF converted with $11 and was gone)
CONVERT_TOKENS = {2: 1, 5: 2}
CONVERT_TOKEN_COST = 50
#: cash a converting corporation keeps beyond its tokens and interest
CONVERT_SPARE = 20


def _cash(entity: Any) -> int:
    return int(getattr(entity, "cash", 0) or 0)


def _runs(train: Any) -> bool:
    """Whether ``train`` runs routes (18USA's Pullman, distance 0, only adds to another train's run)."""
    from engine.bots import evaluate

    try:
        return evaluate._train_reach(train) > 0
    except Exception:  # a train model without a distance
        return True


def _trains(corporation: Any) -> list[Any]:
    """The trains of ``corporation`` that run routes."""
    return [t for t in getattr(corporation, "trains", ()) or () if _runs(t)]


def loan_value(game: Any) -> int:
    return int(getattr(game.loan_rules, "LOAN_VALUE", 100) or 100)


def loan_room(game: Any, corporation: Any) -> int:
    """The loans ``corporation`` may still take."""
    try:
        return max(0, int(game.loan_rules.max_loans(corporation)) - len(getattr(corporation, "loans", ()) or ()))
    except Exception:  # a title without loan rules
        return 0


def next_interest(game: Any, corporation: Any, extra: int = 0) -> int:
    """The interest ``corporation`` pays on its loans (with ``extra`` more) at the current rate."""
    try:
        return int(game.loan_rules.interest_for(len(getattr(corporation, "loans", ()) or ()) + extra))
    except Exception:  # a title without loan rules
        return 0


def _upcoming(game: Any) -> list[Any]:
    """The depot's next ``RUST_HORIZON`` trains, and every train of its next ``RUST_TYPES`` kinds (18USA exports
    a whole kind at the end of a round: its twelve 3-trains were gone in one event and the 4-train followed)."""
    try:
        upcoming = list(game.depot.upcoming)
    except Exception:  # a title without a depot
        return []
    names: list[str] = []
    for train in upcoming:
        name = str(getattr(train, "name", ""))
        if name not in names:
            names.append(name)
    kinds = set(names[:RUST_TYPES])
    return [t for i, t in enumerate(upcoming) if i < RUST_HORIZON or str(getattr(t, "name", "")) in kinds]


def _goes(train: Any, upcoming: list[Any]) -> bool:
    """Whether ``train`` rusts, or becomes obsolete, with one of the ``upcoming`` trains."""
    names = {str(getattr(t, "name", "")) for t in upcoming}
    if str(getattr(train, "obsolete_on", None) or "") in names:
        return True
    try:
        return any(train.rusts_by(t) for t in upcoming)
    except Exception:  # a train model without the default rusting rule
        return False


def lasting_trains(game: Any, corporation: Any) -> int:
    """How many of ``corporation``'s trains outlive the depot's next ``RUST_HORIZON`` trains."""
    upcoming = _upcoming(game)
    return sum(1 for t in _trains(corporation) if not _goes(t, upcoming))


def _limit(game: Any, corporation: Any) -> int:
    try:
        return int(game.phase.train_limit(corporation))
    except Exception:  # no limit known
        return 4


def must_replace(game: Any, corporation: Any) -> bool:
    """Whether ``corporation`` has no train that runs, or none that outlives the coming rust: the need a loan or a
    withheld run is for (a second train is bought from the treasury only: measured, 1817 four Beginners borrowing
    for second trains took 75 loans to 35, repaid 12 to 29, and ended with 4994 against 12085)."""
    trains = _trains(corporation)
    if len(trains) >= _limit(game, corporation):
        return False
    return not trains or lasting_trains(game, corporation) == 0


def needs_train(game: Any, corporation: Any) -> bool:
    """Whether ``corporation`` should buy a train now: fewer than it wants, or none that outlives the coming rust,
    with room under the limit."""
    trains = _trains(corporation)
    if len(trains) >= _limit(game, corporation):
        return False
    return len(trains) < TRAINS_WANTED or lasting_trains(game, corporation) == 0


def depot_price(game: Any) -> int:
    """The price of the depot's next train that runs routes."""
    try:
        upcoming = [t for t in game.depot.upcoming if _runs(t)]
        return int(upcoming[0].price) if upcoming else int(game.depot.min_depot_price or 0)
    except Exception:  # no depot
        return 0


def train_price(game: Any, corporation: Any) -> int:
    """The cheapest depot train ``corporation`` may buy now (the depot's cheapest outside a train step)."""
    step = game.round.active_step() if game.round is not None else None
    prices: list[int] = []
    if step is not None and hasattr(step, "buyable_trains"):
        try:
            prices = [
                int(t.price)
                for t in step.buyable_trains(corporation)
                if getattr(t, "owner", None) is game.depot and _runs(t)
            ]
        except Exception:  # not this corporation's train step
            prices = []
    return min(prices) if prices else depot_price(game)


def _train_step(game: Any) -> bool:
    from engine.steps.trains import BuyTrain

    step = game.round.active_step() if game.round is not None else None
    return isinstance(step, BuyTrain)


def _revenue(game: Any, corporation: Any) -> int:
    """What ``corporation`` earns a round: its last run when it has run (0 when it found no route: a corporation
    that does not run borrows nothing), else the general estimate from its trains."""
    from engine.bots import evaluate

    history = getattr(corporation, "operating_history", None) or {}
    if history:
        return int(getattr(history[list(history)[-1]], "revenue", 0) or 0)
    return int(evaluate.expected_revenue(game, corporation))


def safe_after_left(game: Any, corporation: Any, steps: int = 1) -> bool:
    """Whether ``corporation``'s price stays on a priced cell after ``steps`` moves left (a loan, a withheld run):
    the cells at the market's left end put the corporation up for acquisition or liquidate it (measured: a
    corporation parred at $50 took its second loan into the liquidation cell)."""
    try:
        cell = game.stock_market.find_share_price(corporation, ["left"] * steps)
    except Exception:  # a market without that lookup
        return True
    return cell is None or int(getattr(cell, "price", 0) or 0) > 0


def _tokens_due(game: Any, corporation: Any) -> int:
    """The tokens a corporation started (or grown) in this stock round must still buy before the round ends."""
    from engine.steps.shares_via_bid import BuySellParSharesViaBid

    step = game.round.active_step() if game.round is not None else None
    if not isinstance(step, BuySellParSharesViaBid):
        return 0
    operated = getattr(corporation, "operated", None)
    if callable(operated) and operated():
        return 0
    try:
        return max(0, int(game.tokens_needed(corporation)))
    except Exception:  # a title without token sizes
        return 0


def _reach(train: Any) -> int:
    from engine.bots import evaluate

    try:
        return int(evaluate._train_reach(train))
    except Exception:  # a train model without a distance
        return 0


def replacement_revenue(game: Any, corporation: Any) -> int:
    """What ``corporation`` would earn with the depot's next train in place of its best one: its last run
    scaled by the two trains' reach (a 6-train runs about twice a 3-train's cities)."""
    revenue = _revenue(game, corporation)
    best = max((_reach(t) for t in _trains(corporation)), default=0)
    try:
        upcoming = [t for t in game.depot.upcoming if _runs(t)]
    except Exception:  # no depot
        upcoming = []
    new = _reach(upcoming[0]) if upcoming else 0
    if best <= 0 or new <= best:
        return revenue
    return revenue * new // best


def carries_interest(game: Any, corporation: Any) -> bool:
    """Whether the run of ``corporation`` with the train a loan buys carries the interest of one more loan (one
    without a train: the train the loan buys is what it runs).  The run is the one with the new train
    (:func:`replacement_revenue`): with its last run, a 3-train's, no corporation ever borrowed for the 6-train
    that replaces it and every one was liquidated when the 3s rusted (1817WO, four Strong bots, seed 900)."""
    if not _trains(corporation):
        return True
    return replacement_revenue(game, corporation) >= 2 * next_interest(game, corporation, 1)


def loans_for(game: Any, corporation: Any, price: int) -> int | None:
    """The fewest loans with which ``corporation``'s treasury pays ``price`` and the interest of all its loans
    (0: the treasury alone does), None when even every loan it may still take does not."""
    cash = _cash(corporation)
    for k in range(loan_room(game, corporation) + 1):
        if cash + k * loan_value(game) >= price + next_interest(game, corporation, k):
            return k
    return None


def reaches_train(game: Any, corporation: Any, price: int) -> bool:
    """Whether ``corporation`` pays ``price`` for a train at its next train step, its interest paid: with its
    treasury, or with the loans :func:`loan_score` lends it for the train (on a priced cell, a run that carries
    the interest: :func:`carries_interest`).  A dividend paid out while it does not, with a train to replace,
    leaves it without one when its trains rust: liquidated, its president settling its loans (measured, 1817WO
    Strong against three Beginners seed 900: every corporation, a 3-train each, paid out for eight operating
    rounds counting on loans the loan rule then refused, lost its train to the 6 and every player went
    bankrupt)."""
    if _cash(corporation) >= price + next_interest(game, corporation):
        return True
    if not safe_after_left(game, corporation) or not carries_interest(game, corporation):
        return False
    return loans_for(game, corporation, price) is not None


def loan_score(game: Any, corporation: Any, kind: str) -> tuple[float, str]:
    name = getattr(corporation, "name", "")
    cash = _cash(corporation)
    price = train_price(game, corporation)
    if kind == "take_loan":
        tokens = _tokens_due(game, corporation)
        if tokens:
            if cash < tokens * CONVERT_TOKEN_COST:
                return 14.0, f"{name} takes a loan for its tokens (else it liquidates)"
            return -5.0, f"{name} takes a loan"
        if not safe_after_left(game, corporation):
            return -5.0, f"{name} takes a loan (its price would fall to acquisition)"
        if (
            not _train_step(game)
            or not must_replace(game, corporation)
            or cash >= price + next_interest(game, corporation)
        ):
            return -5.0, f"{name} takes a loan"
        if loans_for(game, corporation, price) is None:
            return -5.0, f"{name} takes a loan (it would not reach a train and its interest)"
        if not carries_interest(game, corporation):
            return -5.0, f"{name} takes a loan (its run would not carry the interest)"
        return 12.0, f"{name} takes a loan to buy a train"
    loans = list(getattr(corporation, "loans", ()) or ())
    amount = int(getattr(loans[-1], "amount", 0) or 0) if loans else 0
    keep = (price if must_replace(game, corporation) else 0) + next_interest(game, corporation)
    if loans and cash - amount >= keep:
        return 4.0, f"{name} pays off a loan"
    return -5.0, f"{name} pays off a loan"


def dividend_score(game: Any, corporation: Any, candidate: Any) -> tuple[float, str]:
    kind = str(getattr(candidate.move, "kind", ""))
    cash = _cash(corporation)
    revenue = int(getattr(candidate.move, "revenue", 0) or 0)
    price = depot_price(game)
    after = getattr(candidate.move, "price_after", None)
    if kind == "withhold" and after is not None and int(after) <= 0:
        return -1.0, "withholds (its price would fall to acquisition)"
    if not _trains(corporation):
        wanted, why = "withhold", "withholds to buy a train"
    elif must_replace(game, corporation) and not reaches_train(game, corporation, price):
        wanted, why = "withhold", "withholds for the train it needs (its loans do not reach it)"
    elif cash < next_interest(game, corporation):
        wanted, why = "withhold", "withholds for its interest"
    else:
        wanted, why = "payout", "pays out"
    if kind == wanted:
        return 10.0, why
    if kind == "half":
        return 5.0, "pays half"
    return (1.0 if kind == "payout" else 0.0), f"{kind}s" if revenue else kind


def train_score(game: Any, corporation: Any, candidate: Any) -> tuple[float, str] | None:
    """A depot train while the corporation needs one and its treasury pays it; None: the general rules (a first
    train, another corporation's trains)."""
    move, action = candidate.move, candidate.action
    price = int(action.get("price", 0))
    variant = action.get("variant")
    try:
        train = game.train_by_id(action["train"])
    except Exception:  # an unknown train id
        train = None
    if train is not None and not _runs(train):
        return -5.0, f"buys a {variant} train for {price} (it runs no route of its own)"
    if getattr(move, "source", "depot") not in ("depot", "discard"):
        return None
    if not _trains(corporation):
        return 100.0 - price / 50, f"buys a {variant} train: it has none that runs"
    if needs_train(game, corporation) and price <= _cash(corporation) - next_interest(game, corporation):
        return 20.0 - price / 200, f"buys a {variant} train for {price}"
    return -5.0, f"buys a {variant} train for {price}"


def convert_score(game: Any, corporation: Any) -> tuple[float, str]:
    """Convert (more shares, more loans) when the corporation runs and either has the cash for its new tokens or
    needs loans its size does not allow."""
    name = getattr(corporation, "name", "")
    if not _trains(corporation):
        return -3.0, f"converts {name} (it has no train)"
    tokens = CONVERT_TOKENS.get(int(getattr(corporation, "total_shares", 0) or 0), 0)
    if _cash(corporation) >= tokens * CONVERT_TOKEN_COST + next_interest(game, corporation) + CONVERT_SPARE:
        return 3.0, f"converts {name}: more shares to sell, more loans"
    return -3.0, f"converts {name} (cannot pay the tokens its new size needs)"


#: the family's own moves its rules of thumb decide alone for the Strong bot too, whichever they choose: the
#: look-ahead's evaluation pays out what the rules withhold for the rust, takes loans as cash, merges into loans
#: (see ``policy.StrongBot._decided_by_hints``)
DECIDED_TYPES = ("dividend", "take_loan", "payoff_loan", "convert", "merge", "assign")
#: a move left open to the look-ahead scores above this in the rules of thumb (a pass scores 0, and the ranking adds
#: under 0.01 of noise: a move they score at or below a pass is one they advise against)
OPEN_ABOVE = 0.5


def look_rows(ranked: list[tuple[float, str, Any]], own: bool = True) -> list[tuple[float, str, Any]]:
    """The rows of ``ranked`` (score, reason, candidate; the rules' first choice first) the Strong bot's look-ahead
    chooses among: the first, and every other the rules score above ``OPEN_ABOVE`` (a move they score at or below
    a pass is theirs to veto: the look-ahead bought shares of a corporation whose interest ate its runs, 1817 seed
    500 actions 1060-1061).  When the first is one of the family's own moves (``own``): the first alone when it is of
    ``DECIDED_TYPES``; else none of ``DECIDED_TYPES`` beside it, and each move at the amount the rules rank first (the
    rules price a bid and a train: the look-ahead chooses which corporation to start, which train to buy, or a share
    instead).  The look-ahead had never been asked about the family's own moves: the Strong bot bought the train and
    started the corporation the Beginner did."""
    if not ranked:
        return ranked
    first = ranked[0]
    if own and first[2].move.type in DECIDED_TYPES:
        return [first]
    rows = [first]
    seen = {id(first[2].move)}
    for row in ranked[1:]:
        move = row[2].move
        if row[0] <= OPEN_ABOVE:
            continue
        if own and (id(move) in seen or move.type in DECIDED_TYPES):
            continue
        seen.add(id(move))
        rows.append(row)
    return rows
