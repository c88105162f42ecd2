"""The legal-move vocabulary: what an entity may do now, as plain data a GUI, a bot or the strict checker reads.

A :class:`Move` is one *family* of legal actions for one acting entity: "bid on SV, from $45 to $160",
"lay tile 57 on G15 at rotations 0, 2 or 3 for $80", "buy the 40% bundle of PRR from the pool for $268".
Discrete choices are listed; prices and bids are ranges.  Every move can

* say whether a concrete action falls inside it (:meth:`Move.refusal` returns ``None`` or a reason a player
  can read), which is how strict (live) play refuses anything that is not a legal move, and
* draw a concrete action from itself (:meth:`Move.sample`) for random playouts and fuzzing.

:class:`LegalMoves` is the whole answer for a game state: the step, a sentence saying what to do now, the
acting entities, the moves, and :class:`Unusable` entries for things that exist but cannot be used now
(a tile of a later phase, a train nobody can afford) with the reason, for the GUI to show stamped.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core.actions import describe_value

EntityRef = tuple[str, int | str]  # (entity_type, id) as actions name them: ("player", 3), ("corporation", "PRR")


@dataclass(frozen=True)
class Move:
    """One family of legal actions of one entity.  Subclasses name their action ``TYPE``."""

    TYPE: ClassVar[str] = ""

    entity_type: str
    entity: int | str

    @property
    def type(self) -> str:
        return self.TYPE

    def base(self) -> dict[str, Any]:
        """The common keys of an action of this move."""
        return {"type": self.TYPE, "entity": self.entity, "entity_type": self.entity_type}

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        """``None`` when the action (its 18xx.games dict) is one of this move's actions, else why not.

        Only called for actions of the same type and entity.  The default accepts them (a move with no
        parameters, like ``pass``)."""
        return None

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """One concrete action of this move, drawn with ``rng`` (prices and bids uniformly in range)."""
        return self.base()

    def describe(self) -> str:
        return self.TYPE.replace("_", " ")


@dataclass(frozen=True)
class Unusable:
    """Something a player can see but not use now, and why ("tile 15: not before phase 4")."""

    kind: str  # "tile", "train", "share", "company", "token", ...
    id: str
    reason: str
    hex: str | None = None


@dataclass
class LegalMoves:
    """Every legal move of the current state."""

    step: str  # the active step's name ("Track", "WaterfallAuction", ...); "" when the game is over
    description: str  # what to do now, in words ("PRR: lay or upgrade a tile, or pass")
    acting: list[EntityRef]  # the entities that may act now (usually one)
    moves: list[Move] = field(default_factory=list)
    unusable: list[Unusable] = field(default_factory=list)
    finished: bool = False

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def of_type(self, kind: str) -> list[Move]:
        return [m for m in self.moves if m.type == kind]

    def for_entity(self, entity_type: str, entity: int | str) -> list[Move]:
        return [m for m in self.moves if m.entity_type == entity_type and m.entity == entity]

    def types(self) -> list[str]:
        seen: dict[str, None] = {}
        for m in self.moves:
            seen.setdefault(m.type, None)
        return list(seen)


def _corporation_of(share_id: Any) -> str:
    """The corporation a certificate id names ("B&O_7" -> "B&O")."""
    return str(share_id).rsplit("_", 1)[0]


def in_range(value: Any, low: int, high: int, what: str) -> str | None:
    """A reason when ``value`` is not an integer within ``low..high`` (money: ``what`` names it)."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            return f"{what} must be a whole amount, not {value!r}"
    if value < low:
        return f"{what} {value} is below the minimum of {low}"
    if value > high:
        return f"{what} {value} is above the maximum of {high}"
    return None


def one_of(value: Any, allowed: Sequence[Any], what: str) -> str | None:
    if value in allowed:
        return None
    shown = ", ".join(str(a) for a in list(allowed)[:12]) + (" ..." if len(allowed) > 12 else "")
    return f"{what} {value!r} is not one of the choices ({shown})" if allowed else f"no {what} is possible now"


def _ids(value: Any) -> tuple[Any, ...]:
    if isinstance(value, list | tuple):
        return tuple(value)
    return () if value is None else (value,)


def _percent_of(action: Mapping[str, Any]) -> Any:
    """The action's ``percent`` as a whole number, None when absent, or (anything else: a list, a text, a
    fraction) its short description, which equals no percent and can be compared and hashed safely."""
    percent = action.get("percent")
    if isinstance(percent, float) and percent.is_integer():
        return int(percent)
    if percent is None or (isinstance(percent, int) and not isinstance(percent, bool)):
        return percent
    return describe_value(percent)


# ---------------------------------------------------------------------------------------------------------
# Moves shared by several families
# ---------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PassMove(Move):
    """Pass (end the turn, skip the step, decline the auction): no parameters."""

    TYPE: ClassVar[str] = "pass"
    label: str = "Pass"

    def describe(self) -> str:
        return self.label


@dataclass(frozen=True)
class BidMove(Move):
    """Bid on (or, when ``purchase``, buy outright at exactly ``min_bid``) a company, minor or corporation.

    ``target_key`` is the action field naming the item ("company", "minor" or "corporation").  Bids must be
    ``min_bid`` + a multiple of ``step`` when ``step`` > 0 (titles that require bid multiples)."""

    TYPE: ClassVar[str] = "bid"
    target: str = ""
    min_bid: int = 0
    max_bid: int = 0
    purchase: bool = False
    target_key: str = "company"
    step: int = 0
    #: the action's price is not used (1846's draft: the card's current price is paid at the end of the draft)
    price_ignored: bool = False

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get(self.target_key) != self.target:
            return f"not a bid on {self.target}"
        price = action.get("price")
        if self.price_ignored:
            return None
        if self.purchase and price != self.min_bid:
            return f"{self.target} is bought at its price of {self.min_bid}, not {price!r}"
        reason = in_range(price, self.min_bid, self.max_bid, "bid")
        if reason is None and self.step > 0 and (int(price or 0) - self.min_bid) % self.step:
            reason = f"a bid on {self.target} must raise by a multiple of {self.step}"
        return reason

    def sample(self, rng: random.Random) -> dict[str, Any]:
        if self.purchase or self.max_bid <= self.min_bid:
            price = self.min_bid
        elif self.step > 0:
            price = self.min_bid + self.step * rng.randint(0, (self.max_bid - self.min_bid) // self.step)
        else:
            price = rng.randint(self.min_bid, self.max_bid)
        return {**self.base(), self.target_key: self.target, "price": price}

    def describe(self) -> str:
        if self.purchase:
            return f"buy {self.target} for {self.min_bid}"
        return f"bid on {self.target} ({self.min_bid} to {self.max_bid})"


@dataclass(frozen=True)
class ParMove(Move):
    """Par ``corporation`` at one of ``share_prices`` (share-price id, price) pairs."""

    TYPE: ClassVar[str] = "par"
    corporation: str = ""
    share_prices: tuple[tuple[str, int], ...] = ()
    #: the president's certificate comes free (with a private company: 1830's B&O, parred in the auction)
    free: bool = False

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("corporation") != self.corporation:
            return f"not a par of {self.corporation}"
        if action.get("purchase_for") is not None:
            return "cannot par on behalf of another entity"
        return one_of(action.get("share_price"), [sp for sp, _ in self.share_prices], f"par price for {self.corporation}")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        sp, _ = rng.choice(self.share_prices)
        return {**self.base(), "corporation": self.corporation, "share_price": sp}

    def describe(self) -> str:
        prices = ", ".join(str(p) for _, p in self.share_prices)
        return f"par {self.corporation} at {prices}"


def swap_refusal(swaps: tuple[str, ...], named: Any) -> str | None:
    """Why a share action's ``swap`` field does not fit a move offering ``swaps`` (None when it does): a swap
    move needs one of its certificates named, any other move none."""
    if not swaps:
        return None if named is None else "no share swap is possible in this move"
    if named is None:
        return f"this is a swap: name one of {', '.join(swaps)} as the swap"
    if named not in swaps:
        return f"{describe_value(named)} cannot be swapped here (one of {', '.join(swaps)})"
    return None


@dataclass(frozen=True)
class BuySharesMove(Move):
    """Buy one certificate of ``corporation`` from ``source`` ("ipo", "market", a player id, or for an exchange
    "reserved").  ``shares`` lists the interchangeable certificates (any one of them may be named), each of
    ``percent`` percent, costing ``price``.  ``swaps`` (a share swap, ``engine.steps.share_swap``): the buyer's
    interchangeable certificates one of which the action hands in (its ``swap``), ``price`` then being what is
    paid besides; empty for an ordinary purchase (no ``swap``)."""

    TYPE: ClassVar[str] = "buy_shares"
    corporation: str = ""
    source: str | int = "ipo"
    shares: tuple[str, ...] = ()
    percent: int = 10
    price: int = 0
    president: bool = False
    count: int = 1  # how many certificates one action takes (a bundle of several, e.g. 1846 redemption)
    #: extra action fields that must be given as listed (e.g. 1846 receivership president's share percent)
    fixed: tuple[tuple[str, Any], ...] = ()
    #: the per-share price the action states (1846 redemption), None when actions state none
    share_price: int | None = None
    #: an action may leave ``share_price`` out (the step takes the bundle without it: 18Texas, Steam Over Holland)
    price_optional: bool = False
    #: the action must name exactly ``shares``, in this order (a bundle the engine compares as it is)
    exact: bool = False
    swaps: tuple[str, ...] = ()

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        named = _ids(action.get("shares"))
        if not named:
            return "the purchase names no certificate"
        if any(_corporation_of(s) != self.corporation for s in named):
            return f"not a purchase of {self.corporation}"  # another move's (check_action prefers other reasons)
        if any(s not in self.shares for s in named):
            return f"not one of the {self.corporation} certificates offered from {self._where()}"
        if len(named) != self.count or len(set(named)) != len(named):
            return f"buy {self.count} certificate(s) of {self.corporation} at a time, not {len(named)}"
        if self.exact and tuple(named) != self.shares:
            return f"{', '.join(str(s) for s in named)} cannot be bought from {self._where()} now"
        percent = _percent_of(action)
        allowed = {self.percent, dict(self.fixed).get("percent", self.percent)}
        if percent is not None and percent not in allowed:
            return f"that purchase is {self.percent}%, not {percent}%"
        price = action.get("share_price")
        # A bundle is the certificates and its price per share: an issue or a redemption must state the price
        # where the engine, as the reference, compares the bundle with its price (1846).
        if self.share_price is not None and (isinstance(price, bool) or price != self.share_price) \
                and not (price is None and self.price_optional):
            return f"the price per share is {self.share_price}, not {describe_value(price)}"
        refused = swap_refusal(self.swaps, action.get("swap"))
        if refused is not None:
            return refused
        for key in ("purchase_for", "borrow_from", "discounter"):
            if action.get(key) is not None:
                return f"{key.replace('_', ' ')} is not available here"
        return None

    def _where(self) -> str:
        return self.source if isinstance(self.source, str) else f"player {self.source}"

    def sample(self, rng: random.Random) -> dict[str, Any]:
        shares = list(self.shares[: self.count]) if self.count > 1 else [rng.choice(self.shares)]
        action = {**self.base(), "shares": shares, "percent": dict(self.fixed).get("percent", self.percent)}
        if self.share_price is not None:
            action["share_price"] = self.share_price
        if self.swaps:
            action["swap"] = self.swaps[0]
        return action

    def describe(self) -> str:
        swap = f" and the certificate {self.swaps[0]}" if self.swaps else ""
        return f"buy {self.percent}% of {self.corporation} from {self._where()} for {self.price}{swap}"


@dataclass(frozen=True)
class SellSharesMove(Move):
    """Sell (or, for a corporation, issue) ``percent`` percent of ``corporation`` in one bundle.

    ``shares`` is one bundle that makes this sale; any other set of the seller's certificates ``certs``
    ((id, percent) pairs) with the same certificate total ``total`` and the same ``president`` flag is the same
    sale.  ``price`` is what it fetches; ``price_after`` the share price after the sale (None when unknown);
    ``share_price`` the per-share price an issue states (1846).  ``swaps`` (a share swap,
    ``engine.steps.share_swap``): the pool's interchangeable certificates one of which the seller takes (the
    action's ``swap``), ``price`` then being the money received besides; empty for an ordinary sale."""

    TYPE: ClassVar[str] = "sell_shares"
    corporation: str = ""
    percent: int = 10
    shares: tuple[str, ...] = ()
    certs: tuple[tuple[str, int], ...] = ()
    total: int = 0
    president: bool = False
    president_id: str | None = None
    price: int = 0
    price_after: int | None = None
    share_price: int | None = None
    #: an action may leave ``share_price`` out (the step takes the bundle without it)
    price_optional: bool = False
    #: the action must name exactly ``shares``, in this order (a bundle the engine compares as it is)
    exact: bool = False
    swaps: tuple[str, ...] = ()

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        named = _ids(action.get("shares"))
        if not named:
            return "the sale names no certificate"
        if any(_corporation_of(s) != self.corporation for s in named):
            return f"not a sale of {self.corporation}"  # another move's (check_action prefers other reasons)
        percent = _percent_of(action)
        if percent is not None and percent != self.percent:
            return f"not a sale of {self.percent}% of {self.corporation}"
        refused = swap_refusal(self.swaps, action.get("swap"))
        if refused is not None:
            return refused
        if self.exact and tuple(named) != self.shares:
            return f"{', '.join(str(s) for s in named)} is not the bundle {', '.join(self.shares)}"
        held = dict(self.certs)
        if len(set(named)) != len(named) or any(s not in held for s in named):
            return f"{', '.join(str(s) for s in named)} is not a sellable bundle of {self.corporation} now"
        if sum(held[s] for s in named) != self.total or (self.president_id in named) != self.president:
            return f"{', '.join(str(s) for s in named)} is not a sellable bundle of {self.corporation} now"
        price = action.get("share_price")
        # A bundle is the certificates and its price per share: an issue or a redemption must state the price
        # where the engine, as the reference, compares the bundle with its price (1846).
        if self.share_price is not None and (isinstance(price, bool) or price != self.share_price) \
                and not (price is None and self.price_optional):
            return f"the price per share is {self.share_price}, not {describe_value(price)}"
        return None

    def sample(self, rng: random.Random) -> dict[str, Any]:
        action = {**self.base(), "shares": list(self.shares), "percent": self.percent}
        if self.share_price is not None:
            action["share_price"] = self.share_price
        if self.swaps:
            action["swap"] = self.swaps[0]
        return action

    def describe(self) -> str:
        after = f", price to {self.price_after}" if self.price_after is not None else ""
        swap = f" and the certificate {self.swaps[0]}" if self.swaps else ""
        return f"sell {self.percent}% of {self.corporation} for {self.price}{swap}{after}"


@dataclass(frozen=True)
class BuyCompanyMove(Move):
    """Buy the private ``company`` from ``seller`` (a player id, "bank" or "market") for a price in range."""

    TYPE: ClassVar[str] = "buy_company"
    company: str = ""
    seller: str | int = "bank"
    min_price: int = 0
    max_price: int = 0
    #: a sale between players: legal only when the seller agrees (the engine, like the site, takes the buyer's
    #: word for it); random playouts leave these out, since nobody is there to agree
    needs_consent: bool = False

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("company") != self.company:
            return f"not a purchase of {self.company}"
        return in_range(action.get("price"), self.min_price, self.max_price, f"price for {self.company}")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "company": self.company, "price": rng.randint(self.min_price, self.max_price)}

    def describe(self) -> str:
        if self.min_price == self.max_price:
            return f"buy {self.company} for {self.min_price}"
        return f"buy {self.company} for {self.min_price} to {self.max_price}"


@dataclass(frozen=True)
class CorporationMove(Move):
    """An action naming one of ``corporations`` in its ``corporation`` field (a merger partner, a corporation to
    sell short); subclasses give the type."""

    corporations: tuple[str, ...] = ()
    label: str = ""

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        return one_of(action.get("corporation"), self.corporations, "corporation")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "corporation": rng.choice(self.corporations)}

    def describe(self) -> str:
        return f"{self.label or self.TYPE}: {', '.join(self.corporations)}"


@dataclass(frozen=True)
class SimpleMove(Move):
    """An action with no parameters other than its type (end_game, bankrupt, ...).  ``kind`` names the type."""

    kind: str = ""
    label: str = ""

    @property
    def type(self) -> str:
        return self.kind

    def base(self) -> dict[str, Any]:
        return {"type": self.kind, "entity": self.entity, "entity_type": self.entity_type}

    def describe(self) -> str:
        return self.label or self.kind.replace("_", " ")
