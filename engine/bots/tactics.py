"""Classic 18xx tactics the Strong bot knows and the Beginner does not (issue 28).

* **The dump**: a president whose corporation has no train, and whose treasury cannot pay for the cheapest
  train in the depot, will have to pay the difference from their own pocket at the next train purchase.
  Selling enough shares that another player becomes president hands that bill over.  ``dump_sale`` picks out
  the legal sales of such a corporation by its president; the Strong bot lets its look-ahead weigh them (the
  evaluation charges the looming purchase to whoever presides after the sale, so a sale that passes the
  presidency gains and one that does not only loses the price drop).
* **A private's certificate**: a private that comes with a certificate (1830's B&O with the B&O president's
  certificate, C&A with a PRR share) is worth its certificate on top of its face and revenue: the Beginner bids
  the face and a round's revenue, so the Strong bot outbids it (``bundled_shares_value``).
* **The forced sale**: a player over the certificate limit must sell and has no pass; the rules of thumb score every
  sale alike.  ``sale_cost`` is what a sale costs its seller beyond the cash it brings: the presidency it hands
  over, the drop on the shares kept, the dividends the sold shares would have paid.
* **A private at the right price**: a president selling their own private to their corporation moves money
  from a treasury they own a part of into their own pocket; the best price is the highest one that still leaves
  the treasury the cheapest train when it needs one.  ``private_price`` is that price (or None when no price
  in the move's range leaves enough).

Each tactic is a pure reading of the game (duck-typed on the 18xx model: corporations with ``owner``,
``trains``, ``cash``, ``floated``; the depot's ``min_depot_price``): a title whose model lacks them simply
never offers the tactic.
"""

from __future__ import annotations

from typing import Any

__all__ = ["bundled_shares_value", "cheapest_train", "dump_sale", "faces_forced_purchase", "private_price", "sale_cost"]


def cheapest_train(game: Any) -> int:
    try:
        return int(game.depot.min_depot_price or 0)
    except Exception:  # a title without a depot price
        return 0


def faces_forced_purchase(game: Any, corporation: Any) -> bool:
    """Will ``corporation``'s president have to add money for its next train?  (Floated, open, no train, and
    a treasury below the cheapest depot train.)"""
    if corporation is None or getattr(corporation, "closed", False) or not getattr(corporation, "floated", False):
        return False
    if getattr(corporation, "trains", None):
        return False
    cheapest = cheapest_train(game)
    return cheapest > 0 and int(getattr(corporation, "cash", 0) or 0) < cheapest


def dump_sale(game: Any, player: Any, move: Any) -> bool:
    """Is ``move`` a sale by ``player`` of shares of a corporation they preside over that faces a forced train
    purchase (a candidate dump: whether it passes the presidency the look-ahead sees)?"""
    if player is None or getattr(move, "type", "") != "sell_shares":
        return False
    try:
        corporation = game.corporation_by_id(move.corporation)
    except Exception:  # not a corporation of this game
        return False
    return getattr(corporation, "owner", None) is player and faces_forced_purchase(game, corporation)


def private_price(game: Any, corporation: Any, player: Any, move: Any) -> int | None:
    """The best price for ``player``'s own private sold to ``corporation`` (which ``player`` presides over):
    the highest in the move's range that leaves the treasury the cheapest train when it has none; None when the
    sale is not between a president and their corporation or no price leaves enough."""
    if player is None or getattr(move, "type", "") != "buy_company":
        return None
    if getattr(move, "seller", None) != getattr(player, "id", object()):
        return None
    if getattr(corporation, "owner", None) is not player:
        return None
    low, high = int(move.min_price), int(move.max_price)
    cash = int(getattr(corporation, "cash", 0) or 0)
    reserve = 0 if getattr(corporation, "trains", None) else cheapest_train(game)
    price = min(high, cash - reserve)
    return price if price >= low else None


# ----------------------------------------------------------------------------------------------------------
# The train rush: buying the first train of a type that rusts the trains rival corporations run on leaves
# them trainless, their presidents to pay for the next (dear) train.  The Strong bot saves for it (withholds
# when that makes the rush train affordable) and buys it.
# ----------------------------------------------------------------------------------------------------------
def stranded(game: Any, train: Any) -> list[Any]:
    """Open corporations every one of whose trains the first purchase of ``train``'s type would rust."""
    out = []
    for corp in getattr(game, "corporations", ()):
        trains = list(getattr(corp, "trains", ()) or ())
        if getattr(corp, "closed", False) or not trains:
            continue
        if all(_rusts(t, train) for t in trains):
            out.append(corp)
    return out


def _rusts(train: Any, purchased: Any) -> bool:
    rusts_by = getattr(train, "rusts_by", None)
    try:
        return bool(rusts_by(purchased)) if callable(rusts_by) else False
    except Exception:  # a train model without the default rusting rule
        return False


def rush_gain(game: Any, player: Any, buyer: Any, train: Any) -> int:
    """Rival-presided corporations the purchase of ``train`` by ``buyer`` strands, minus ``player``'s own
    (the buyer itself gets the new train)."""
    if player is None or train is None:
        return 0
    gain = 0
    for corp in stranded(game, train):
        if corp is buyer:
            continue
        gain += -1 if getattr(corp, "owner", None) is player else 1
    return gain


def rush_train(game: Any, player: Any, buyer: Any) -> Any:
    """The depot's next train when buying it would strand more rival corporations than ``player``'s own, or
    when it is the last of its type and the type it brings on sale would (the two-step rush: buy out the
    last 6 and the D is on sale); None otherwise."""
    try:
        train = game.depot.min_depot_train
        upcoming = list(game.depot.upcoming)
    except Exception:  # a title without a depot
        return None
    if train is None:
        return None
    if rush_gain(game, player, buyer, train) > 0:
        return train
    same = [t for t in upcoming if getattr(t, "sym", None) == getattr(train, "sym", None)]
    if same != [train]:
        return None
    after = next((t for t in upcoming if t is not train), None)
    return train if after is not None and rush_gain(game, player, buyer, after) > 0 else None


def withhold_for_rush(game: Any, player: Any, corporation: Any, revenue: int) -> bool:
    """Should ``corporation`` keep this run's ``revenue`` so that it can buy the rush train now (it cannot
    without, it can with)?"""
    if getattr(corporation, "owner", None) is not player or not getattr(corporation, "trains", None):
        return False
    train = rush_train(game, player, corporation)
    if train is None:
        return False
    cash = int(getattr(corporation, "cash", 0) or 0)
    price = int(getattr(train, "price", 0) or 0)
    return cash < price <= cash + revenue


# ----------------------------------------------------------------------------------------------------------
# A private's certificate and the forced sale
# ----------------------------------------------------------------------------------------------------------
def bundled_shares_value(game: Any, company: Any) -> int:
    """The market value of the certificates ``company`` comes with (its ``shares`` abilities): each at its
    corporation's share price, or at the lowest par price while the corporation is not parred (its new
    president chooses the par); 0 for a company without certificates."""
    abilities = getattr(company, "abilities_of_type", None)
    if not callable(abilities):
        return 0
    try:
        pars = [int(p.price) for p in game.stock_market.par_prices]
    except Exception:  # a title without a market
        return 0
    lowest_par = min(pars) if pars else 0
    total = 0
    for ability in abilities("shares"):
        for share in getattr(ability, "shares", ()) or ():
            corporation = getattr(share, "corporation", None)
            percent = int(getattr(share, "percent", 0) or 0)
            if corporation is None or not percent:
                continue  # an id not resolved to a certificate (a random share of a title's choosing)
            price = getattr(corporation, "share_price", None)
            per_ten = int(price.price) if price is not None else lowest_par
            total += per_ten * percent // 10
    return total


def sale_cost(game: Any, player: Any, corporation: Any, percent: int, expected_revenue: int, rounds: float) -> float:
    """What selling ``percent`` of ``corporation`` costs ``player`` beyond the money it brings: the dividends the
    sold shares would pay over ``rounds`` operating rounds (at ``expected_revenue`` a round), the price drop on the
    shares kept (one step down per certificate sold, at most), and the presidency when the sale hands it over
    (the corporation's president's certificate's worth twice over: the run, the trains and the dividends are a
    rival's to decide)."""
    price = getattr(corporation, "share_price", None)
    if price is None or player is None:
        return 0.0
    per_ten = int(price.price)
    held = int(player.percent_of(corporation))
    kept = max(0, held - percent)
    dividends = percent / 100 * expected_revenue * rounds
    drop = 0
    try:
        lower = game.stock_market.find_share_price(corporation, ["down"] * max(1, percent // 10))
        if lower is not None:
            drop = max(0, per_ten - int(lower.price))
    except Exception:  # a market without the usual movement
        drop = 0
    cost = dividends + drop * kept / 10
    if getattr(corporation, "owner", None) is player:
        rival = max((int(p.percent_of(corporation)) for p in game.players if p is not player), default=0)
        if rival >= kept:
            cost += 2 * 2 * per_ten  # the president's certificate (20%), twice
    return cost
