"""Trains and the depot (the train supply).

Train ids are ``"<name>-<index>"`` in manifest order and never change: buying a variant (1846's
``3/5``) changes ``name``, not ``id`` (the id uses ``sym``, the base name).  An ``unlimited`` train
type (the D) is topped up: taking the last copy from the depot's queue inserts a clone with index
+1 at the same place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from engine.model.entities import Entity

if TYPE_CHECKING:
    from engine.model.abilities import TrainDiscount
    from engine.model.bank import Bank
    from engine.model.entities import Corporation, Minor, Player, Spender
    from engine.model.phase import Phase

Distance = int | list[dict[str, Any]]

#: variant keys that map onto train attributes
_VARIANT_ATTRIBUTES: tuple[str, ...] = (
    "name",
    "distance",
    "multiplier",
    "price",
    "rusts_on",
    "obsolete_on",
    "discount",
    "salvage",
    "track_type",
    "buyable",
)


class Train:
    """One train card.

    ``distance`` is an int (cities visited; 999 for D) or a list of ``{"nodes": [...], "pay": n,
    "visit": m}`` dicts for N/M trains.  ``events`` keeps only the events that fire on *this* copy
    (an event's ``when`` is the 1-based copy number, default 1).  ``variants`` maps a variant name
    to its (possibly partial) attribute dict; the primary variant comes first.
    """

    def __init__(
        self,
        name: str,
        distance: Distance,
        price: int,
        index: int = 0,
        rusts_on: str | list[str] | None = None,
        obsolete_on: str | None = None,
        available_on: str | None = None,
        variants: Sequence[Mapping[str, Any]] | None = None,
        events: Sequence[Mapping[str, Any]] | None = None,
        discount: Mapping[str, int] | None = None,
        *,
        num: int | str | None = None,
        salvage: int | None = None,
        multiplier: int | None = None,
        no_local: bool | None = None,
        reserved: bool = False,
        requires_token: bool | None = None,
        track_type: str | None = None,
        **extra: Any,
    ) -> None:
        self.sym = name
        self.name = name
        self.distance: Distance = distance
        self.price = price
        self.index = index
        self.rusts_on = rusts_on
        self.obsolete_on = obsolete_on
        self.available_on = available_on
        self.discount: dict[str, int] | None = dict(discount) if discount else None
        self.salvage = salvage
        self.multiplier = multiplier
        self.no_local = no_local
        self.buyable = True
        self.rusted = False
        self.obsolete = False
        self._operated = False
        self.ever_operated = False
        self.track_type = track_type or "broad"
        self.events: list[dict[str, Any]] = [dict(e) for e in (events or []) if index == (e.get("when") or 1) - 1]
        self.reserved = reserved
        self.requires_token = True if requires_token is None else requires_token
        self.unlimited = num == "unlimited"
        self.owner: Entity | None = None
        self.extra: dict[str, Any] = extra
        self._opts: dict[str, Any] = {
            "rusts_on": rusts_on,
            "obsolete_on": obsolete_on,
            "available_on": available_on,
            "variants": variants,
            "events": events,
            "discount": discount,
            "num": num,
            "salvage": salvage,
            "multiplier": multiplier,
            "no_local": no_local,
            "reserved": reserved,
            "requires_token": requires_token,
            "track_type": track_type,
            **extra,
        }
        self._local: bool | None = None
        self.variant: dict[str, Any] = {
            "name": self.name,
            "distance": self.distance,
            "multiplier": self.multiplier,
            "price": self.price,
            "rusts_on": self.rusts_on,
            "obsolete_on": self.obsolete_on,
            "discount": self.discount,
            "salvage": self.salvage,
            "track_type": self.track_type,
            "buyable": self.buyable,
            "ignore_rust_obsolete_schedule": False,
        }
        self.variants: dict[str, dict[str, Any]] = {}
        for v in [self.variant, *(dict(v) for v in (variants or []))]:
            self.variants.setdefault(str(v["name"]), v)

    # -- identity ------------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return f"{self.sym}-{self.index}"

    @property
    def player(self) -> Player | None:
        return self.owner.player if self.owner is not None else None

    @property
    def corporation(self) -> Corporation | None:
        return self.owner.corporation if self.owner is not None else None

    # -- state ---------------------------------------------------------------------------------
    @property
    def operated(self) -> bool:
        return self._operated

    @operated.setter
    def operated(self, value: bool) -> None:
        self.ever_operated = self.ever_operated or value
        self._operated = value

    @property
    def from_depot(self) -> bool:
        return isinstance(self.owner, Depot)

    def is_buyable(self, allow_obsolete_buys: bool = False) -> bool:
        return self.buyable and (not self.obsolete or allow_obsolete_buys)

    @property
    def is_local(self) -> bool:
        """A 1-train (or an N/M train visiting one city)."""
        if self.no_local:
            return False
        if self._local is None:
            if isinstance(self.distance, int):
                self._local = self.distance == 1
            else:
                city = next((d for d in self.distance if "city" in d.get("nodes", [])), None)
                self._local = bool(city is not None and city.get("visit") == 1)
        return self._local

    # -- variants ------------------------------------------------------------------------------
    def set_variant(self, variant_name: str | None) -> None:
        """Switch to a variant (``name``, ``distance``, ``price``... change; ``id`` does not)."""
        if not variant_name:
            return
        self.variant = self.variants[variant_name]
        for key, value in self.variant.items():
            if key in _VARIANT_ATTRIBUTES:
                setattr(self, key, value)
        self._local = None

    def add_variant(self, new_variant: Mapping[str, Any]) -> None:
        if new_variant["name"] in self.variants:
            return
        merged = {**self.variant, **new_variant}
        self.variants[str(merged["name"])] = merged

    def remove_variants(self) -> None:
        """Keep only the current variant (the card may no longer be flipped)."""
        self.variants = {k: v for k, v in self.variants.items() if k == self.name}

    @property
    def names_to_prices(self) -> dict[str, int]:
        return {k: int(v["price"]) for k, v in self.variants.items()}

    def price_for(self, exchange_train: Train | None = None, variant: Mapping[str, Any] | None = None) -> int:
        """List price (of ``variant`` if given) less the trade-in discount for ``exchange_train``."""
        discount = variant.get("discount") if variant is not None else self.discount
        price = int(variant["price"]) if variant is not None else self.price
        if discount and exchange_train is not None:
            return price - int(discount.get(exchange_train.name, 0) or 0)
        return price

    def min_price(self, ability: TrainDiscount | Sequence[TrainDiscount] | None = None) -> int:
        """Cheapest price of this train: 1 when bought from a corporation, else its cheapest
        variant (after ``train_discount`` abilities, if given)."""
        if not self.from_depot:
            return 1
        abilities = [] if ability is None else ([ability] if not isinstance(ability, Sequence) else list(ability))
        prices: list[int] = []
        for name, variant in self.variants.items():
            price = int(variant["price"])
            view = _NamedTrain(name)
            if abilities:
                price = min(a.discounted_price(view, price) for a in abilities)
            prices.append(price)
        return min(prices)

    def rusts_by(self, purchased: Train, discarded: Sequence[Train] = ()) -> bool:
        """The reference's default ``rust?``: rusts on the purchased type, or is an obsolete train
        of that type lying in the depot's ``discarded`` pile."""
        rusts_on = self.rusts_on
        names = rusts_on if isinstance(rusts_on, list) else ([rusts_on] if rusts_on is not None else [])
        if purchased.sym in names:
            return True
        return self.obsolete_on == purchased.sym and any(t is self for t in discarded)

    def obsolete_by(self, purchased: Train) -> bool:
        """The reference's default ``obsolete?``: becomes obsolete when this type is bought."""
        return self.obsolete_on == purchased.sym

    def clone_unlimited(self) -> Train:
        """The next copy of an unlimited train type (base variant, index + 1)."""
        if not self.unlimited:
            raise ValueError(f"Cannot clone {self.id}: not an unlimited train")
        base = next(iter(self.variants.values()))
        opts = dict(self._opts)
        return Train(base["name"], base["distance"], int(base["price"]), self.index + 1, **opts)

    def __repr__(self) -> str:
        return f"<Train: {self.id}>"


@dataclass(frozen=True)
class _NamedTrain:
    name: str


def make_trains(
    specs: Iterable[Mapping[str, Any]], num_of: Callable[[Mapping[str, Any]], int] | None = None
) -> list[Train]:
    """Build every train card of a title, in manifest order (indexes 0..n-1 per type).

    ``num_of(spec)`` gives the number of copies; by default the spec's ``num``, and for
    ``"unlimited"`` the largest event ``when`` (or 1), as the reference does.
    """
    trains: list[Train] = []
    for spec in specs:
        count = num_of(spec) if num_of is not None else default_num_trains(spec)
        kwargs = {k: v for k, v in spec.items() if k not in ("name", "distance", "price")}
        for index in range(count):
            trains.append(Train(spec["name"], spec["distance"], spec["price"], index, **kwargs))
    return trains


def default_num_trains(spec: Mapping[str, Any]) -> int:
    num = spec.get("num")
    if num == "unlimited":
        whens = [e["when"] for e in spec.get("events", []) or [] if e.get("when")]
        return max(whens) if whens else 1
    if num is None:
        raise ValueError(f"train {spec.get('name')!r} has no 'num'")
    return int(num)


class DepotHost(Protocol):
    """What the depot needs from the game."""

    @property
    def bank(self) -> Bank: ...

    @property
    def phase(self) -> Phase: ...

    def log(self, message: str) -> None: ...

    @property
    def train_rules(self) -> Any:
        """Its ``remove_train(train)`` detaches ``train`` from its owner (the depot's
        :meth:`Depot.remove_train` for depot trains)."""
        ...


class Depot(Entity):
    """The train supply: the ``upcoming`` queue plus the ``discarded`` pile.

    ``trains`` is every train that ever existed (including clones), in creation order.
    """

    is_depot: ClassVar[bool] = True

    def __init__(
        self,
        trains: Iterable[Train],
        host: DepotHost,
        *,
        discarded_train_placement: str = "discard",
        allow_train_buy_from_others: bool = True,
        allow_train_buy_from_other_players: bool = True,
        allow_obsolete_train_buy: bool = False,
    ) -> None:
        self.id = "depot"
        self.name = "The Depot"
        self.host = host
        self.trains: list[Train] = list(trains)
        for train in self.trains:
            train.owner = self
        self.upcoming: list[Train] = list(self.trains)
        self.discarded: list[Train] = []
        self.discarded_train_placement = discarded_train_placement
        self.allow_train_buy_from_others = allow_train_buy_from_others
        self.allow_train_buy_from_other_players = allow_train_buy_from_other_players
        self.allow_obsolete_train_buy = allow_obsolete_train_buy
        self._depot_trains: list[Train] | None = None

    @property
    def spender(self) -> Spender:
        """Money paid to the depot goes to the bank."""
        return self.host.bank

    # -- what is on sale -------------------------------------------------------------------
    def depot_trains(self, clear: bool = False) -> list[Train]:
        """Trains for sale from the depot: the next one, those whose ``available_on`` phase has
        been reached (one per name), then the discarded ones (one per name)."""
        if clear:
            self._depot_trains = None
        if self._depot_trains is None:
            self._depot_trains = self.available_upcoming_trains() + _unique_by_name(self.discarded)
        return self._depot_trains

    def available_upcoming_trains(self) -> list[Train]:
        candidates: list[Train] = []
        if self.upcoming:
            candidates.append(self.upcoming[0])
        phase = self.host.phase
        candidates.extend(t for t in self.upcoming if phase.available(t.available_on))
        return _unique_by_name(candidates)

    def available(self, corporation: Corporation | Minor) -> list[Train]:
        """Depot trains plus the trains ``corporation`` could buy from other operators."""
        return self.depot_trains() + self.other_trains(corporation)

    def other_trains(self, corporation: Corporation | Minor) -> list[Train]:
        if not self.allow_train_buy_from_others:
            return []
        others = [
            t
            for t in self.trains
            if t.is_buyable(self.allow_obsolete_train_buy)
            and t.owner is not None
            and t.owner is not corporation
            and t.owner is not self
        ]
        if self.allow_train_buy_from_other_players:
            return others
        return [t for t in others if t.owner is not None and t.owner.owner is corporation.owner]

    def min_price(self, corporation: Corporation | Minor, ability: TrainDiscount | None = None) -> int | None:
        """The cheapest ``min_price`` of the trains ``available`` to ``corporation``.  A train another operator
        holds always costs 1 (``Train.min_price``), so those are only looked for, not listed (the list walks every
        train of the game, and every train-buying step asks this after every action)."""
        prices = [t.min_price(ability) for t in self.depot_trains()]
        if self.has_other_train(corporation):
            prices.append(1)
        return min(prices) if prices else None

    def has_other_train(self, corporation: Corporation | Minor) -> bool:
        """Is ``other_trains(corporation)`` not empty?"""
        if not self.allow_train_buy_from_others:
            return False
        obsolete_ok = self.allow_obsolete_train_buy
        from_any_player = self.allow_train_buy_from_other_players
        for t in self.trains:
            owner = t.owner
            if owner is None or owner is corporation or owner is self or not t.is_buyable(obsolete_ok):
                continue
            if from_any_player or owner.owner is corporation.owner:
                return True
        return False

    @property
    def min_depot_train(self) -> Train | None:
        trains = self.depot_trains()
        return min(trains, key=lambda t: t.price) if trains else None

    @property
    def min_depot_price(self) -> int:
        """Cheapest depot train's cheapest variant (0 if the depot is empty)."""
        train = self.min_depot_train
        if train is None:
            return 0
        return min(int(v["price"]) for v in train.variants.values())

    @property
    def max_depot_price(self) -> int:
        trains = self.depot_trains()
        if not trains:
            return 0
        train = max(trains, key=lambda t: t.price)
        return max(int(v["price"]) for v in train.variants.values())

    def empty(self) -> bool:
        return not self.depot_trains()

    # -- moving trains -----------------------------------------------------------------------
    def remove_train(self, train: Train) -> None:
        """Take ``train`` out of the queue / discard pile (an unlimited type is topped up)."""
        self._delete_from_upcoming(train)
        self.discarded[:] = [t for t in self.discarded if t is not train]
        self._depot_trains = None

    def forget_train(self, train: Train) -> None:
        self.trains[:] = [t for t in self.trains if t is not train]
        self.remove_train(train)

    def _delete_from_upcoming(self, train: Train) -> None:
        index = next((i for i, t in enumerate(self.upcoming) if t is train), None)
        if index is None:
            return
        del self.upcoming[index]
        if not train.unlimited:
            return
        if index < len(self.upcoming) and self.upcoming[index].name == train.name:
            return
        self.insert_train(train.clone_unlimited(), index)
        # optional host hook: refresh id lookups now that a train was added
        update = getattr(self.host, "update_trains_cache", None)
        if update is not None:
            update()

    def add_train(self, train: Train) -> None:
        self.insert_train(train, len(self.upcoming))

    def insert_train(self, train: Train, index: int = 0) -> None:
        train.owner = self
        self.trains.append(train)
        self.upcoming.insert(index, train)
        self._depot_trains = None

    def reclaim_train(self, train: Train) -> None:
        """A train comes back (discard, trade-in): it joins the discard pile unless obsolete."""
        if train.owner is None:
            return
        self.host.train_rules.remove_train(train)
        train.owner = self
        if self.discarded_train_placement == "discard" and not train.obsolete:
            self.discarded.append(train)
        self._depot_trains = None

    def export(self) -> Train:
        """Remove the next train as if bought by nobody (18Chesapeake OR-set end); the phase reacts."""
        train = self.upcoming[0]
        self.host.log(f"-- Event: A {train.name} train exports --")
        self.host.train_rules.remove_train(train)
        self.host.phase.buying_train(None, train, self)
        return train

    def export_all(self, name: str, silent: bool = False) -> None:
        if not silent:
            self.host.log(f"-- Event: All {name} trains are exported --")
        while self.upcoming and self.upcoming[0].name == name:
            train = self.upcoming[0]
            self.host.train_rules.remove_train(train)
            self.host.phase.buying_train(None, train, self)

    def reclaim_all(self, name: str) -> None:
        self.host.log(f"-- Event: All {name} trains are discarded to the Bank Pool --")
        while self.upcoming and self.upcoming[0].name == name:
            train = self.upcoming[0]
            self.reclaim_train(train)
            self.host.phase.buying_train(None, train, self)

    def __repr__(self) -> str:
        return "<Depot>"


def _unique_by_name(trains: Iterable[Train]) -> list[Train]:
    seen: list[str] = []
    result: list[Train] = []
    for train in trains:
        if train.name not in seen:
            seen.append(train.name)
            result.append(train)
    return result


@dataclass
class RustResult:
    """What :func:`rust_trains` did, for the game's log lines."""

    obsolete: list[str] = field(default_factory=list)
    removed_obsolete: list[str] = field(default_factory=list)
    rusted: list[str] = field(default_factory=list)
    #: owner name -> number of its trains that rusted, in first-seen order
    owners: dict[str, int] = field(default_factory=dict)


def rust_trains(
    trains: Sequence[Train],
    purchased: Train,
    depot: Depot,
    remove_train: Callable[[Train], None],
    rusts: Callable[[Train, Train], bool] | None = None,
    obsoletes: Callable[[Train, Train], bool] | None = None,
) -> RustResult:
    """The default rusting pass after the first train of a type is bought.

    First marks obsolete trains, then rusts: a rusted train is flagged, detached through
    ``remove_train`` (the game's) and loses its owner.  ``rusts``/``obsoletes`` override the
    default tests (title hooks).  The game logs from the returned :class:`RustResult`.
    """
    does_rust = rusts or (lambda t, p: t.rusts_by(p, depot.discarded))
    does_obsolete = obsoletes or (lambda t, p: t.obsolete_by(p))
    result = RustResult()
    for train in list(trains):
        if train.obsolete or not does_obsolete(train, purchased):
            continue
        result.obsolete.append(train.name)
        train.obsolete = True
    for train in list(trains):
        if train.rusted or not does_rust(train, purchased):
            continue
        if train.obsolete and train.owner is depot:
            result.removed_obsolete.append(train.name)
        else:
            result.rusted.append(train.name)
            owner_name = train.owner.name if train.owner is not None else ""
            result.owners[owner_name] = result.owners.get(owner_name, 0) + 1
        train.rusted = True
        remove_train(train)
        train.owner = None
    return result
