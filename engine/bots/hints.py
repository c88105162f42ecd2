"""Title-specific evaluation hints: the only place a title tells the bots something of its own.

A hint set is registered under the title's name (``register``).  Every entry is optional; a title without hints
is played with the general evaluation alone (an 18xx title's certificates, treasuries, trains and phase).

* ``extra_value(game, player) -> float``: added to the player's position value;
* ``bid_worth(game, player, move) -> int | None``: the most a bid on ``move``'s item is worth to the player;
* ``score(game, player) -> int``: the victory points a bot records where a title asks players to type in
  what they scored on a physical board (Auction HOW's "Keep score");
* ``switch_margin``: how much more (in the title's money or VP) the Strong bot's look-ahead must value a move
  than the Beginner's first choice before it plays it instead (default ``policy.SWITCH_MARGIN``, set for
  1830's dollars: a title whose players hold tens, not thousands, needs its own);
* ``move_score(game, entity, player, candidate) -> (score, reason) | None``: the Beginner's rules of thumb for
  the title's own moves (the 1817 family: corporation auctions, conversions, mergers, offers for sale);
* ``decisive``: the title's own rules of thumb (``move_score``) decide its own moves for the Strong bot too: when
  the Beginner's first choice is one they score, it is played without looking ahead (the general evaluation does
  not see the title's economy: in the 1817 family a loan's interest, a liquidation, a merger's inherited loans);
* ``bundled_share``: the part of the certificates a private comes with that the Strong bot adds to the private's
  worth in an auction (default ``policy.BUNDLED_SHARE``; measured per title: see ``BUNDLED_SHARE_1830``);
* ``arena_rules``: the optional rules ``python -m engine arena`` plays when given none (Auction HOW: "Keep
  score", without which the result is only what each player bid away).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Hints",
    "auction_least_start",
    "bid_worth",
    "bundled_share",
    "corporation_auction_worth",
    "decisive",
    "extra_value",
    "hints_for",
    "hints_for_title",
    "move_score",
    "register",
    "register_family",
    "score",
    "start_bid_score",
    "switch_margin",
]


@dataclass(frozen=True)
class Hints:
    extra_value: Callable[[Any, Any], float] | None = None
    bid_worth: Callable[[Any, Any, Any], int | None] | None = None
    score: Callable[[Any, Any], int] | None = None
    switch_margin: float | None = None
    #: optional rules the arena plays with when given none (a result that means something for bots)
    arena_rules: tuple[str, ...] = ()
    #: ``move_score(game, entity, player, candidate) -> (score, reason) | None``: the Beginner's rules of thumb
    #: for a move of the title's own (None: the general rules score it)
    move_score: Callable[[Any, Any, Any, Any], tuple[float, str] | None] | None = None
    #: the moves ``move_score`` scores are decided by it for the Strong bot too (see the module docstring)
    decisive: bool = False
    #: the part of a private's bundled certificates the Strong bot adds to its worth (None: the default)
    bundled_share: float | None = None


_HINTS: dict[str, Hints] = {}
#: hints of a family of titles, keyed by the family's game class ("module.QualName"): every title whose game
#: class derives from it plays with them (a title's own registration comes first)
_FAMILY_HINTS: dict[str, Hints] = {}


def register(title: str, hints: Hints) -> None:
    _HINTS[title] = hints


def register_family(game_class: str, hints: Hints) -> None:
    """Hints for every title whose game class is or derives from ``game_class`` ("module.QualName"; the
    class is not imported here)."""
    _FAMILY_HINTS[game_class] = hints


def _class_key(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _family_hints(game_class: type) -> Hints | None:
    for cls in game_class.__mro__:
        found = _FAMILY_HINTS.get(_class_key(cls))
        if found is not None:
            return found
    return None


def hints_for(game: Any) -> Hints:
    own = _HINTS.get(str(getattr(game, "title", "")))
    if own is not None:
        return own
    return _family_hints(type(game)) or Hints()


def hints_for_title(title: str) -> Hints:
    own = _HINTS.get(title)
    if own is not None:
        return own
    from engine.titles import registry

    try:
        game_class = registry.load_title(title)
    except Exception:  # not a registered title
        return Hints()
    return _family_hints(game_class) or Hints()


def extra_value(game: Any, player: Any) -> float:
    fn = hints_for(game).extra_value
    return fn(game, player) if fn is not None else 0.0


def bid_worth(game: Any, player: Any, move: Any) -> int | None:
    fn = hints_for(game).bid_worth
    return fn(game, player, move) if fn is not None else None


def move_score(game: Any, entity: Any, player: Any, candidate: Any) -> tuple[float, str] | None:
    fn = hints_for(game).move_score
    return fn(game, entity, player, candidate) if fn is not None else None


def decisive(game: Any) -> bool:
    return hints_for(game).decisive


def switch_margin(game: Any, default: float) -> float:
    margin = hints_for(game).switch_margin
    return default if margin is None else float(margin)


def bundled_share(game: Any, default: float) -> float:
    share = hints_for(game).bundled_share
    return default if share is None else float(share)


def score(game: Any, player: Any) -> int:
    fn = hints_for(game).score
    return fn(game, player) if fn is not None else 0


# ----------------------------------------------------------------------------------------------------------
# Auction HOW: an empire is worth the victory points it scores on the board.  The bots model that score from
# the empire's printed strength (``HOW_VP_PER_STRENGTH`` a point, plus a little for a capital), record it
# with "Keep score", and value empires not yet scored by it.
# ----------------------------------------------------------------------------------------------------------
HOW_VP_PER_STRENGTH = 2
HOW_CAPITAL_VP = 2
#: the part of an empire's modelled score a bot pays at most
HOW_BID_SHARE = 0.6


def _how_empires() -> dict[str, Any]:
    from engine.titles.auction_how import data

    found: dict[str, Any] = {}
    for epoch in data.EPOCHS:
        for empire in epoch:
            found[empire.name] = empire
    for empire in (*getattr(data, "MINORS", ()), getattr(data, "SUMERIA", None)):
        if empire is not None and hasattr(empire, "name"):
            found[empire.name] = empire
    return found


def _how_vp(name: str | None) -> int:
    if not name:
        return 0
    empire = _how_empires().get(name)
    if empire is None:
        return 0
    return HOW_VP_PER_STRENGTH * int(empire.strength) + (HOW_CAPITAL_VP if empire.capital else 0)


def _how_award_vp(award: Any) -> int:
    return _how_vp(award.empire) + _how_vp(award.minor)


def _how_item_vp(game: Any, item_id: str) -> int:
    vp = _how_vp(item_id)
    if vp:
        return vp
    # a stack ("Stack 2") or a paired item: the empires the bid board shows for it
    step = game.round.active_step()
    item = getattr(step, "items", {}).get(item_id) if step is not None else None
    empires = getattr(item, "empires", None) or ()
    total = sum(_how_vp(e.name) for e in empires)
    minor = getattr(item, "minor", None)
    return total + (_how_vp(minor.name) if minor is not None else 0)


def _how_unscored(game: Any, player: Any) -> list[Any]:
    awards = [a for a in getattr(game, "summary", ()) if a.player == player.id]
    if not game.option("keep_score"):
        return awards
    # scores recorded so far cover the epochs before the current one (and the current one once recorded)
    step = game.round.active_step() if game.round is not None else None
    recorded = getattr(step, "recorded", {}) if step is not None else {}
    current = getattr(game.round, "epoch", getattr(game, "turn", 0))
    return [a for a in awards if a.epoch == current and player.id not in recorded]


def _how_extra(game: Any, player: Any) -> float:
    return float(sum(_how_award_vp(a) for a in _how_unscored(game, player)))


def _how_bid_worth(game: Any, player: Any, move: Any) -> int | None:
    item = getattr(move, "item", None) or getattr(move, "target", None)
    if not item:
        return None
    return int(HOW_BID_SHARE * _how_item_vp(game, str(item)))


def _how_score(game: Any, player: Any) -> int:
    current = getattr(game.round, "epoch", getattr(game, "turn", 0))
    return sum(_how_award_vp(a) for a in getattr(game, "summary", ()) if a.player == player.id and a.epoch == current)


#: the look-ahead's switch margin in victory points (the default 25 is 1830 dollars: measured, Strong against
#: three Beginners, seeds 100-111: 3 of 12 games won with 25, 12 of 12 with 3)
HOW_SWITCH_MARGIN = 3.0

register(
    "Auction HOW",
    Hints(
        extra_value=_how_extra,
        bid_worth=_how_bid_worth,
        score=_how_score,
        switch_margin=HOW_SWITCH_MARGIN,
        arena_rules=("keep_score",),
    ),
)


# ----------------------------------------------------------------------------------------------------------
# Irish Gauge: a share is worth its face value plus what it is expected to pay; a railway's expected
# dividend grows with the cities its track reaches.  Bid at most face value plus a small premium.
# ----------------------------------------------------------------------------------------------------------
IG_PREMIUM = 3


def _ig_bid_worth(game: Any, player: Any, move: Any) -> int | None:
    railway = next((r for r in game.railways if r.id == getattr(move, "target", None)), None)
    if railway is None:
        return None
    share = railway.lowest_unsold()
    face = int(share.face) if share is not None else int(move.min_bid)
    # (adding the share's expected dividends here made the Beginners bid so well that the Strong bot won
    # 4 of 20 games against three of them, against 6 of 8 before: the plain premium stays)
    return face + IG_PREMIUM


#: the part of the expected dividends still to come that a position is credited with
IG_FUTURE_SHARE = 0.7


def _ig_draws(supply: dict[str, int], size: int) -> list[tuple[float, tuple[str, ...]]]:
    """Every set of colours a dividend call may draw from ``supply``, with its probability."""
    from itertools import combinations_with_replacement
    from math import comb

    total = sum(supply.values())
    size = min(size, total)
    if size <= 0:
        return []
    out = []
    for combo in combinations_with_replacement(sorted(supply), size):
        ways = 1
        for color in set(combo):
            ways *= comb(supply[color], combo.count(color))
        if ways:
            out.append((ways / comb(total, size), combo))
    return out


def _ig_expected_per_call(game: Any, player: Any) -> float:
    from engine.titles.irish_gauge import data
    from engine.titles.irish_gauge.rules import income, split

    draws = _ig_draws(dict(game.supply), data.DIVIDEND_DRAW)
    expected = 0.0
    for railway in game.railways:
        for probability, drawn in draws:
            amount = income(game.board, railway, drawn).amount
            if amount:
                expected += probability * sum(a for p, a in split(amount, railway) if p is player)
    return expected


def _ig_extra(game: Any, player: Any) -> float:
    from engine.titles.irish_gauge import data

    calls = game.supply_count() / data.DIVIDEND_DRAW
    return float(IG_FUTURE_SHARE * calls * _ig_expected_per_call(game, player))


#: the look-ahead's switch margin in Irish Gauge pounds (players start with 20: the default 25 meant the Strong
#: bot never overrode the Beginner's first choice)
IG_SWITCH_MARGIN = 1.0

#: 1830: half of the B&O private's president's certificate (and C&A's PRR share) in Strong's auction worth.  Every
#: seat valued B&O at its face and a round's revenue, whoever reached that first won it, and its holder won most
#: games (h-bots13: 1830 Strong vs 3 Beginners, seeds 1/100/300 x 12: 13/36 -> 20/36; seed 400 x 8: 0/8 -> 4/8).
#: Not the default: in 18Chesapeake (CV with a president's certificate, B&OR with a B&O share) the same weight lost
#: (seed 500 x 24: 17/24 -> 8/24; seeds 300 and 400: 10/20 -> 4/20)
BUNDLED_SHARE_1830 = 0.5

register("1830", Hints(bundled_share=BUNDLED_SHARE_1830))
register("Irish Gauge", Hints(bid_worth=_ig_bid_worth, extra_value=_ig_extra, switch_margin=IG_SWITCH_MARGIN))


# ----------------------------------------------------------------------------------------------------------
# The 1817 family (1817, 1817NA, 1817WO, 18USA): corporations are started by auction, and the winning bid is
# the new corporation's treasury (it sets the price: the president's shares are worth about what was bid).  A
# bid is no loss in value, so the bots do not haggle: a player names the part of their bidding power (cash plus
# the companies a bid may include) they put into a corporation, and passes in an auction someone else opened
# (there are corporations enough).  Without this the bots never bid (no corporation in any game), and with the
# least bid ($100) a corporation bought its first train with all it had and could not pay its interest.
# ----------------------------------------------------------------------------------------------------------
#: the part of the bidding power a player puts into their first, second, third ... corporation: several small
#: corporations, each borrowing for its first two trains, as real players start them (18USA 109372: ten
#: corporations in the first stock round at $106-$240; with one corporation each at 70% of their power the bots'
#: corporations could not replace their rusting trains and every one was liquidated)
AUCTION_POWER_SHARE = (0.7, 0.5, 0.35)
#: the least treasury worth starting a corporation with (two loans buy its first trains)
AUCTION_LEAST_START = 150
#: the loans a corporation just started may count on for its first train (a two-share corporation's)
AUCTION_START_LOANS = 2


def corporation_auction_worth(game: Any, player: Any, move: Any) -> int | None:
    """What ``player`` puts into the corporation of ``move`` (a stock-round bid on a corporation); None for
    any other bid, and when the player has too little to start one well."""
    if getattr(move, "target_key", "") != "corporation" or player is None or game.round is None:
        return None
    from engine.steps.shares_via_bid import BuySellParSharesViaBid

    step = game.round.active_step()
    if not isinstance(step, BuySellParSharesViaBid):
        return None
    power = int(getattr(player, "cash", 0) or 0) + sum(int(c.value) for c in getattr(player, "companies", ()))
    held = sum(1 for c in game.corporations if c.owner is player and not getattr(c, "closed", False))
    if held >= len(AUCTION_POWER_SHARE):
        return None
    worth = int(AUCTION_POWER_SHARE[held] * power)
    least = auction_least_start(game, step)
    if held == 0 and least <= power:
        worth = max(worth, least)  # a first corporation with a treasury that works rather than none at all
    return worth if worth >= least else None


def auction_least_start(game: Any, step: Any) -> int:
    """The least bid that starts a corporation of the 1817 family well: ``AUCTION_LEAST_START``, the auction's
    least bid, and a treasury that reaches the depot's next train (:func:`_train_least`)."""
    return max(AUCTION_LEAST_START, int(getattr(step, "MIN_BID", 0) or 0), _train_least(game))


def _start_bid_1817(game: Any, player: Any, candidate: Any) -> tuple[float, str] | None:
    """A stock-round bid that opens the auction of a corporation: :func:`start_bid_score`, and never one below
    :func:`auction_least_start` or by a player with too little to start one well (the look-ahead chose such
    starts where these rules had no answer: measured, 18 Hiawatha Strong against three Beginners seed 901, a
    second corporation started with $100, no train at its first run, liquidated, and its president bankrupt in
    the first operating round)."""
    from engine.steps.shares_via_bid import BuySellParSharesViaBid

    started = start_bid_score(game, player, candidate, corporation_auction_worth)
    step = game.round.active_step() if game.round is not None else None
    if (
        getattr(candidate.move, "target_key", "") != "corporation"
        or not isinstance(step, BuySellParSharesViaBid)
        or getattr(step, "auction_target", None) is not None
    ):
        return started
    price = int(candidate.action.get("price", 0))
    target = candidate.action.get("corporation", "")
    if started is None:
        return -2.0, f"bids {price} on {target} (too little cash to start a corporation that runs)"
    least = auction_least_start(game, step)
    if price < least:
        return -1.0 - (least - price) / 10, f"starts {target} with {price} (less than {least}: no train)"
    return started


def _train_least(game: Any) -> int:
    """The least treasury that, with ``AUCTION_START_LOANS`` loans, buys the depot's next train: a corporation
    started late with less has no train at its first run and is liquidated, its president settling its loans
    (measured, 1817 four Strong bots seed 700: a $150 start in phase 7, $60 in its treasury against $900
    trains, liquidated at once; its president went bankrupt on its loans)."""
    from engine.bots import hints_1817

    return hints_1817.depot_price(game) - AUCTION_START_LOANS * hints_1817.loan_value(game)


def start_bid_score(
    game: Any, player: Any, candidate: Any, worth_of: Callable[[Any, Any, Any], int | None], noun: str = "corporation"
) -> tuple[float, str] | None:
    """The rules of thumb for a stock-round bid that starts a corporation whose treasury is the bid (the 1817
    and 1867 families): bid what ``worth_of(game, player, move)`` says the player puts into it, pass in an
    auction someone else opened (there are ``noun``s enough).  None when ``worth_of`` has no answer."""
    move, action = candidate.move, candidate.action
    worth = worth_of(game, player, move)
    if worth is None:
        return None
    price = int(action.get("price", 0))
    target = action.get("corporation", "")
    if getattr(game.round.active_step(), "auction_target", None) is not None:
        return -1.0, f"bids {price} on {target}: someone else's {noun} (passes and starts its own)"
    if price > worth:
        return -1.0 - (price - worth) / 10, f"bids {price} on {target}"
    return 15.0 - (worth - price) / 20, f"starts {target} with {price} (a treasury for its trains)"


def _assign_score(game: Any, player: Any, step: Any, candidate: Any) -> tuple[float, str]:
    """A company put into the corporation just won pays its value out of the new treasury: only while the
    treasury keeps what a start needs (18USA: four companies took all but $50 of a $220 bid, the corporation
    borrowed for its first train and its liquidation bankrupted its president), or to cover a bid beyond cash."""
    company_id = candidate.action.get("target")
    company = next((c for c in getattr(player, "companies", ()) if c.id == company_id), None)
    winning = getattr(step, "winning_bid", None)
    if company is None or winning is None:
        return 0.5, "puts a company into the new corporation"
    if int(getattr(player, "cash", 0) or 0) < 0:
        return 2.0, f"puts {company.name} into {winning.target.name} (the bid is beyond cash)"
    if int(winning.target.cash) - int(company.value) >= AUCTION_LEAST_START:
        return 0.5, f"puts {company.name} into {winning.target.name}"
    return -1.0, f"keeps {company.name} (the treasury needs the cash)"


def _acquisition_bid_score(game: Any, candidate: Any) -> tuple[float, str] | None:
    """A bid for a corporation offered in the acquisition round: never one in debt (the buyer takes its loans:
    measured, 18USA seed 100, a corporation won for $10 brought ten loans at 30% and its buyer went bankrupt);
    None (the general rules) for one without loans."""
    target = candidate.action.get("corporation")
    try:
        corporation = game.corporation_by_id(target)
    except Exception:  # not a corporation of this game
        return None
    loans = len(getattr(corporation, "loans", ()) or ())
    step = game.round.active_step() if game.round is not None else None
    if getattr(step, "auction_target", None) is corporation:
        loans = max(loans, len(getattr(step, "liquidation_loans", ()) or ()))  # a liquidation holds them aside
    if not loans:
        return None
    return -3.0, f"bids {candidate.action.get('price')} on {target} (its {loans} loans come with it)"


def _family1817_score(game: Any, entity: Any, player: Any, candidate: Any) -> tuple[float, str] | None:
    from engine.bots import hints_1817

    kind = candidate.move.type
    if kind == "bid":
        started = _start_bid_1817(game, player, candidate)
        if started is not None:
            return started
        return _acquisition_bid_score(game, candidate)
    if kind in ("take_loan", "payoff_loan"):
        corporation = entity
        if not getattr(entity, "is_corporation", False):  # the president borrows for their corporation
            corporation = game.entity_by(candidate.move.entity_type, candidate.move.entity)
        return hints_1817.loan_score(game, corporation, kind)
    if getattr(entity, "is_corporation", False):
        if kind == "dividend":
            return hints_1817.dividend_score(game, entity, candidate)
        if kind == "buy_train":
            return hints_1817.train_score(game, entity, candidate)
    name = getattr(entity, "name", "")
    if kind == "convert":
        return hints_1817.convert_score(game, entity)
    if kind == "merge":
        return -2.0, f"merges {name}"
    if kind == "assign":
        from engine.steps.shares_via_bid import BuySellParSharesViaBid

        step = game.round.active_step()
        if isinstance(step, BuySellParSharesViaBid):
            return _assign_score(game, player, step, candidate)
        return -2.0, f"offers {name} for sale"
    return None


register_family(
    "engine.titles.g1817.rules.Game1817",
    Hints(bid_worth=corporation_auction_worth, move_score=_family1817_score, decisive=True),
)


# ----------------------------------------------------------------------------------------------------------
# The 1867 family (1867, 1861): minors started by auction in the stock round (engine.bots.hints_1867)
# ----------------------------------------------------------------------------------------------------------
def _register_1867() -> None:
    from engine.bots import hints_1867

    register_family(
        "engine.titles.g1867.rules.Game1867",
        Hints(bid_worth=hints_1867.minor_auction_worth, move_score=hints_1867.move_score),
    )


_register_1867()


# ----------------------------------------------------------------------------------------------------------
# The 1822 family: a player's minors are the player's train bill (engine.bots.hints_1822)
# ----------------------------------------------------------------------------------------------------------
def _register_1822() -> None:
    from engine.bots import hints_1822

    register_family("engine.titles.family1822.rules.Game1822Family", Hints(move_score=hints_1822.move_score))


_register_1822()


# ----------------------------------------------------------------------------------------------------------
# The 18ZOO family (maps A to F): shares pay by the market over seven operating rounds (engine.bots.hints_18zoo)
# ----------------------------------------------------------------------------------------------------------
def _register_18zoo() -> None:
    from engine.bots import hints_18zoo

    register_family("engine.titles.g18zoo.rules.Game18ZOO", Hints(move_score=hints_18zoo.move_score))


_register_18zoo()


# ----------------------------------------------------------------------------------------------------------
# The 1846 family: a corporation of one's own before shares of another's (engine.bots.hints_1846)
# ----------------------------------------------------------------------------------------------------------
def _register_1846() -> None:
    from engine.bots import hints_1846

    register_family("engine.titles.g1846.rules.Game1846", Hints(move_score=hints_1846.move_score))


_register_1846()
