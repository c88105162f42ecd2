"""A random player's prudence: the few rules of thumb that keep a random playout from ruining its players.

Uniform play among the legal moves ruins players in titles with player debt (the 1822 family: a president
whose corporation must buy a train it cannot pay for borrows the rest from the bank, and the debt grows by 50%
at the end of every stock round with no bankruptcy to stop it).  Random corporations pay out everything, so
when their trains rust they have no money for the next one; random players with cash and debt pass instead of
paying it back.  The games then run to debts of millions and twice the length of a real game (1822CA ERS seed
7005: three players at -3 to -5 million after 19 stock rounds), which makes them slow to check and unlike any
real game.  In such a title (one that lends presidents the money, :func:`lends_to_players`) the rules, each only narrowing the choice among moves that are all legal:

* a player in debt pays it off (``payoff_player_debt``: all of it, or all their cash), selling shares for it
  when they have no cash;
* a president selling shares for a forced train sells the bundle that raises the most (selling a small one
  first can leave only shares a second sale may not touch, and the game stuck in both engines: 1822 seed
  10005, CR's president sold one NBR share, was still £13 short and could sell nothing more);
* a corporation whose president is in debt pays out the most it can (towards the debt); otherwise, one whose
  cash is below the train it will need (:func:`_train_needed`) keeps the most of its revenue;
* a corporation does not buy another one's only train (the seller would have to buy one, in the 1822
  family with its president's money: 1822 seed 10000, a minor sold its 3 train to a sister minor for $40 and
  bought the next from the depot with $200 of debt);
* a purchase its president must add to is taken only when no purchase of the corporation's own means is
  offered, and then the one that takes least from the president;
* a corporation runs the best of a few random runs (:func:`prudent_action`).

A title may add its own rule (:func:`title_prudence`), in any title: 1822MX's players bid on the minor the
NdeM would take when the NdeM has no token left for it (engine/moves/g1822_mx_prudence.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.errors import GameError

__all__ = ["RUN_DRAWS", "lends_to_players", "prudent_action", "prudent_moves", "title_prudence"]

#: A prudent random corporation runs the best (most revenue) of this many random runs.
RUN_DRAWS = 6


#: A title's own rule of thumb (``title_prudence``): the moves a prudent player chooses from, by game class.
TitlePrudence = Callable[[Any, list[Any]], list[Any]]
_TITLE_PRUDENCE: dict[type, TitlePrudence] = {}


def title_prudence(game_class: type) -> Callable[[TitlePrudence], TitlePrudence]:
    """Register a title's own prudence (in the title's moves module): ``rule(game, moves)`` returns the moves to
    choose from (a non-empty subset).  It applies to the class's subclasses too."""

    def register(rule: TitlePrudence) -> TitlePrudence:
        _TITLE_PRUDENCE[game_class] = rule
        return rule

    return register


def lends_to_players(game: Any) -> bool:
    """Does the title lend a president the cash for a forced train (player debt)?"""
    return bool(getattr(getattr(game, "rules", None), "ebuy_can_take_player_loan", False))


def _in_operating_round(game: Any) -> bool:
    from engine.rounds.operating import OperatingRound

    return isinstance(getattr(game, "round", None), OperatingRound)


def _entity(game: Any, move: Any) -> Any:
    try:
        return game.entity_by(move.entity_type, move.entity)
    except GameError:  # an entity the game cannot look up (a kernel title's own): no opinion about it
        return None


def _train_needed(game: Any, entity: Any) -> int:
    """What the corporation should save for: the cheapest train in the depot, or where all its trains will
    rust, the price of the train that rusts them (the next one it would have to buy; 1822's minors lose their
    L trains to the first 3 train, $200)."""
    depot = getattr(game, "depot", None)
    if depot is None:
        return 0
    need = int(getattr(depot, "min_depot_price", 0) or 0)
    trains = list(getattr(entity, "trains", ()) or ())
    rusting = [t.rusts_on for t in trains if getattr(t, "rusts_on", None)]
    if trains and len(rusting) == len(trains):
        names = {n for r in rusting for n in ([r] if isinstance(r, str) else r)}
        prices = [int(t.price) for t in getattr(depot, "upcoming", ()) if t.name in names]
        if prices:
            need = max(need, min(prices))
    return need


def _takes_last_train(game: Any, move: Any) -> bool:
    """Does ``move`` buy another corporation's only train (which leaves it to buy one, perhaps with its
    president's money)?"""
    source = getattr(move, "source", "depot")
    if source in ("depot", "discard"):
        return False
    try:
        seller = game.entity_by("corporation", source)
    except GameError:
        return False
    return len(getattr(seller, "trains", ()) or ()) <= 1


def prudent_moves(game: Any, moves: Sequence[Any]) -> list[Any]:
    """The moves among ``moves`` a prudent random player chooses from (never empty when ``moves`` is not): all of
    them in a title where presidents never borrow (uniform play there is the playouts' coverage)."""
    left = list(moves)
    for cls in type(game).__mro__:
        rule = _TITLE_PRUDENCE.get(cls)
        if rule is not None:
            left = rule(game, left) or left
            break
    if not lends_to_players(game):
        return left
    payoff = [m for m in left if m.type == "payoff_player_debt"]
    if payoff:
        return payoff
    sales = [m for m in left if m.type == "sell_shares" and m.entity_type == "player"]
    if sales and int(getattr(_entity(game, sales[0]), "debt", 0) or 0) > 0:
        return sales  # raise the money to pay it off next (the debt grows by half every stock round)
    if sales and _in_operating_round(game):
        # a president raising money for a forced train: the sale that raises the most
        most = max(int(getattr(m, "price", 0) or 0) for m in sales)
        left = [m for m in left if m not in sales or int(getattr(m, "price", 0) or 0) == most]
    dividends = [m for m in left if m.type == "dividend"]
    if len(dividends) > 1:
        entity = _entity(game, dividends[0])
        kept = [int(getattr(m, "to_corporation", 0)) for m in dividends]
        keep = None
        if entity is not None and int(getattr(getattr(entity, "owner", None), "debt", 0) or 0) > 0:
            keep = min(kept)  # its president's debt grows faster than anything the corporation could save
        elif entity is not None and int(getattr(entity, "cash", 0)) < _train_needed(game, entity):
            keep = max(kept)
        if keep is not None:
            left = [m for m in left if m.type != "dividend" or int(getattr(m, "to_corporation", 0)) == keep]
    stripping = [m for m in left if m.type == "buy_train" and _takes_last_train(game, m)]
    if stripping and len(stripping) < len(left):
        left = [m for m in left if m not in stripping]
    buys = [m for m in left if m.type == "buy_train"]
    helped = [m for m in buys if int(getattr(m, "contribution", 0)) > 0]
    if helped:
        if len(helped) < len(buys):
            left = [m for m in left if m not in helped]
        else:
            least = min(int(m.contribution) for m in helped)
            left = [m for m in left if m not in helped or int(m.contribution) == least]
    return left


def _revenue(action: dict[str, Any]) -> int:
    return sum(int(r.get("revenue", 0) or 0) for r in action.get("routes") or ())


def prudent_action(game: Any, move: Any, rng: random.Random) -> dict[str, Any]:
    """The concrete action a prudent random player takes for ``move``: its own random sample, except that a
    corporation runs the best of ``RUN_DRAWS`` random runs (one random run earns so little that the bank never
    breaks: the games ran to 20 stock rounds, and their debts with them)."""
    action: dict[str, Any] = move.sample(rng)
    if move.type != "run_routes" or not lends_to_players(game):
        return action
    for _ in range(RUN_DRAWS - 1):
        other: dict[str, Any] = move.sample(rng)
        if _revenue(other) > _revenue(action):
            action = other
    return action
