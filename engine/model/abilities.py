"""Ability records: the special powers of companies, corporations and minors.

An ability is built from a plain dict using the reference engine's keys (``type``, ``owner_type``,
``when``, ``count``, ``count_per_or``, ``hexes``, ``tiles``, ...).  :func:`make_ability` picks the
typed subclass for the ``type`` key; unknown types and unknown keys are kept (the latter in
``extra``) so that title data never fails to load.

This module only holds the records and their bookkeeping (``use``, per-OR counters, removal from
the owner when used up).  *Whether* an ability may be used now (owner type, timing words,
phases) is decided by the game's ``abilities`` query.

Naming note: the reference's ``Ownable#corporation``/``#player`` on an ability are spelled
``owning_corporation`` / ``player`` here, because several ability types carry a *data* field
called ``corporation`` (the ``close`` ability names the corporation whose event closes it).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.model.entities import AbilityHolder, Corporation, Player


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def _as_list(value: Any) -> list[Any]:
    """Ruby's ``Array(x)``: ``None`` -> ``[]``, a list stays, anything else is wrapped."""
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return list(value)
    return [value]


class Ability:
    """Common fields of every ability (the reference's ``Ability::Base``).

    ``count`` is the number of uses left (``None`` = unlimited); ``count_per_or`` limits uses per
    operating round, with ``count_this_or`` counting them.  ``when`` is a list of timing words;
    an ability with no ``when`` is *passive* unless told otherwise.  ``remove`` names a phase (or
    event) at which the owner drops the ability.
    """

    TYPE: ClassVar[str] = "base"

    type: str
    description: str | None
    desc_detail: str | None
    owner_type: str | None
    when: list[str]
    on_phase: str | None
    after_phase: str | None
    count: int | None
    count_per_or: int | None
    count_this_or: int
    use_across_ors: bool
    used: bool
    remove: str | None
    start_count: int | None
    passive: bool
    remove_when_used_up: bool
    owner: AbilityHolder | None
    extra: dict[str, Any]

    def __init__(self, data: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        opts: dict[str, Any] = dict(data or {})
        opts.update(kwargs)
        raw_type = opts.pop("type", None)
        self.type = str(raw_type) if raw_type is not None else self.TYPE
        description = opts.pop("description", None)
        self.description = None if description is None else str(description)
        desc_detail = opts.pop("desc_detail", None)
        self.desc_detail = None if desc_detail is None else str(desc_detail)
        owner_type = opts.pop("owner_type", None)
        self.owner_type = None if owner_type is None else str(owner_type)
        self.when = [str(w) for w in _as_list(opts.pop("when", None))]
        self.on_phase = opts.pop("on_phase", None)
        self.after_phase = opts.pop("after_phase", None)
        self.count = opts.pop("count", None)
        self.count_per_or = opts.pop("count_per_or", None)
        self.count_this_or = 0
        use_across_ors = opts.pop("use_across_ors", None)
        self.use_across_ors = True if use_across_ors is None else bool(use_across_ors)
        self.used = False
        remove = opts.pop("remove", None)
        self.remove = None if remove is None else str(remove)
        self.start_count = self.count
        passive = opts.pop("passive", None)
        self.passive = (not self.when) if passive is None else bool(passive)
        remove_when_used_up = opts.pop("remove_when_used_up", None)
        self.remove_when_used_up = True if remove_when_used_up is None else bool(remove_when_used_up)
        self.owner = None
        self._setup(opts)
        self.extra = opts

    def _setup(self, opts: dict[str, Any]) -> None:
        """Subclasses pop their own keys from ``opts`` here."""

    # -- ownership ---------------------------------------------------------------------------
    @property
    def player(self) -> Player | None:
        """The player at the end of the owner chain (owner itself if it is a player)."""
        owner = self.owner
        if owner is None:
            return None
        return owner.player

    @property
    def owning_corporation(self) -> Corporation | None:
        """The corporation that owns this ability directly or through a company/minor."""
        owner = self.owner
        if owner is None:
            return None
        return owner.corporation

    # -- use ---------------------------------------------------------------------------------
    def use(self, **_kwargs: Any) -> None:
        """Record one use: count down, count this OR, drop from the owner when used up."""
        self.used = True
        if self.count_per_or:
            self.count_this_or += 1
        if self.count is None:
            return
        self.count -= 1
        if self.count <= 0 and self.remove_when_used_up and self.owner is not None:
            self.owner.remove_ability(self)

    def use_up(self) -> None:
        """Use the ability until no count is left."""
        while self.count is not None and self.count > 0:
            self.use()

    def reset_per_or(self) -> None:
        """Start of an OR: clear the per-OR counter; abilities not usable across ORs are used up."""
        self.count_this_or = 0
        if self.used and not self.use_across_ors:
            self.use_up()

    def add_count(self, amount: int) -> None:
        self.count = (self.count or 0) + amount

    def matches_when(self, *times: str) -> bool:
        """True if one of ``times`` is among this ability's ``when`` words (reference ``when?``)."""
        return any(t in self.when for t in times)

    def teardown(self) -> None:
        """Hook run when the ability is removed from its owner (undo map side effects)."""

    def __repr__(self) -> str:
        owner = getattr(self.owner, "id", None)
        return f"<{type(self).__name__} {self.type} of {owner}>"


class BlocksHexes(Ability):
    """Blocks tile lays on ``hexes`` (ids, replaced by the game with Hex objects) while active."""

    TYPE = "blocks_hexes"
    hexes: list[Any]
    #: the Hex objects the game attached the blocker to (filled in by the game at setup)
    hex_objects: list[Any]
    hidden: bool

    def _setup(self, opts: dict[str, Any]) -> None:
        self.hexes = list(opts.pop("hexes", []) or [])
        self.hex_objects = []
        self.hidden = bool(opts.pop("hidden", False))

    def teardown(self) -> None:
        """Lift the blocker from the tiles of the blocked hexes (``hex_objects``, or ``hexes``
        when the game replaced the ids by Hex objects there)."""
        for hex_ in [*self.hex_objects, *self.hexes]:
            tile = getattr(hex_, "tile", None)
            if tile is not None:
                tile.remove_blocker(self.owner)


class BlocksHexesConsent(BlocksHexes):
    TYPE = "blocks_hexes_consent"


class Close(Ability):
    """When the company closes: ``when`` words (``bought_train``, ``par``, ``never``...) or ``on_phase``.

    ``corporation`` is the *name* of the corporation whose event closes the company.
    """

    TYPE = "close"
    corporation: str | None
    silent: bool

    def _setup(self, opts: dict[str, Any]) -> None:
        self.corporation = opts.pop("corporation", None)
        self.silent = bool(opts.pop("silent", False))


class Exchange(Ability):
    """Exchange the company for a share of one of ``corporations`` taken ``from`` ipo/market."""

    TYPE = "exchange"
    corporations: Any
    from_: list[str]

    def _setup(self, opts: dict[str, Any]) -> None:
        self.corporations = opts.pop("corporations", None)
        self.from_ = [str(f) for f in _as_list(opts.pop("from", None))]


class NoBuy(Ability):
    TYPE = "no_buy"


class Shares(Ability):
    """Shares that come with the company.  ``shares`` starts as ids and is resolved by the game."""

    TYPE = "shares"
    shares: list[Any]
    corporations: list[str] | None

    def _setup(self, opts: dict[str, Any]) -> None:
        self.shares = _as_list(opts.pop("shares", None))
        self.corporations = opts.pop("corporations", None)


class Teleport(Ability):
    TYPE = "teleport"
    hexes: list[Any]
    tiles: list[str]
    cost: int | None
    free_tile_lay: bool
    from_owner: bool
    extra_action: bool

    def _setup(self, opts: dict[str, Any]) -> None:
        self.hexes = list(opts.pop("hexes", []) or [])
        self.tiles = list(opts.pop("tiles", []) or [])
        self.cost = opts.pop("cost", None)
        self.free_tile_lay = bool(opts.pop("free_tile_lay", False))
        if not self.when:
            self.when = ["track"]
        self.passive = False
        from_owner = opts.pop("from_owner", None)
        self.from_owner = True if from_owner is None else bool(from_owner)
        self.extra_action = bool(opts.pop("extra_action", False))


class TileLay(Ability):
    """Extra or special tile lays (CS, MC, O&I, C-P, B&S, IC ...)."""

    TYPE = "tile_lay"
    hexes: list[Any] | None
    tiles: list[str]
    free: bool
    discount: int
    special: bool
    connect: bool
    closed_when_used_up: bool
    blocks: bool
    reachable: bool
    must_lay_together: bool
    must_lay_all: bool
    cost: int
    consume_tile_lay: bool
    laid_hexes: list[Any]
    upgrade_count: int | None
    lay_count: int | None
    combo_entities: list[str]

    def _setup(self, opts: dict[str, Any]) -> None:
        self.hexes = opts.pop("hexes", None)
        self.tiles = list(opts.pop("tiles", []) or [])
        self.free = bool(opts.pop("free", False))
        self.discount = opts.pop("discount", None) or 0
        special = opts.pop("special", None)
        self.special = True if special is None else bool(special)
        connect = opts.pop("connect", None)
        self.connect = True if connect is None else bool(connect)
        self.closed_when_used_up = bool(opts.pop("closed_when_used_up", False))
        self.blocks = bool(opts.pop("blocks", False))
        self.reachable = bool(opts.pop("reachable", False))
        self.must_lay_together = bool(opts.pop("must_lay_together", False))
        must_lay_all = bool(opts.pop("must_lay_all", False))
        self.must_lay_all = self.must_lay_together and must_lay_all
        self.cost = opts.pop("cost", None) or 0
        self.consume_tile_lay = bool(opts.pop("consume_tile_lay", False))
        self.laid_hexes = []
        self.upgrade_count = opts.pop("upgrade_count", None)
        self.lay_count = opts.pop("lay_count", None)
        if self.count is None:
            self.count = self.lay_count
        self.start_count = self.count
        self.combo_entities = list(opts.pop("combo_entities", None) or [])

    def use(self, upgrade: bool = False, **_kwargs: Any) -> None:
        if self.count is not None and self.count <= 0:
            return
        super().use()
        if self.upgrade_count is None or self.lay_count is None:
            return
        if upgrade:
            if self.upgrade_count <= 0:
                raise IllegalAction("Cannot use this ability to upgrade a tile now")
            self.lay_count = 0
            self.upgrade_count -= 1
            if self.upgrade_count <= 0:
                if self.owner is not None:
                    self.owner.remove_ability(self)
                self.count = 0
        else:
            if self.lay_count <= 0:
                raise IllegalAction("Cannot use this ability to lay a tile now")
            self.upgrade_count = 0
            self.lay_count -= 1
            if self.lay_count <= 0:
                if self.owner is not None:
                    self.owner.remove_ability(self)
                self.count = 0


class TokenAbility(Ability):
    """Special token placement (DH/C&OC teleport token, C&WI, 1846 reserved tokens)."""

    TYPE = "token"
    hexes: list[Any]
    teleport_price: int | None
    extra_action: bool
    from_owner: bool
    discount: float | None
    city: int | None
    neutral: bool
    cheater: bool
    cheater_mark: Any
    extra_slot: bool
    special_only: bool
    check_tokenable: bool
    closed_when_used_up: bool
    connected: bool
    same_hex_allowed: bool
    _price: int | None

    def _setup(self, opts: dict[str, Any]) -> None:
        self.hexes = list(opts.pop("hexes", []) or [])
        self._price = opts.pop("price", None)
        self.teleport_price = opts.pop("teleport_price", None)
        self.extra_action = bool(opts.pop("extra_action", False))
        self.from_owner = bool(opts.pop("from_owner", False))
        self.discount = opts.pop("discount", None)
        self.city = opts.pop("city", None)
        self.neutral = bool(opts.pop("neutral", False))
        mark = opts.pop("cheater", False)
        self.cheater = bool(mark)
        # the value as the title writes it (true, or a slot number as 18India's): the site's client writes it as
        # the slot of a token its player placed by clicking an occupied slot
        self.cheater_mark = mark if mark else None
        self.extra_slot = bool(opts.pop("extra_slot", False))
        self.special_only = bool(opts.pop("special_only", False))
        check_tokenable = opts.pop("check_tokenable", None)
        self.check_tokenable = True if check_tokenable is None else bool(check_tokenable)
        self.closed_when_used_up = bool(opts.pop("closed_when_used_up", False))
        self.connected = bool(opts.pop("connected", False))
        self.same_hex_allowed = bool(opts.pop("same_hex_allowed", False))

    def price(self, token: Any = None) -> int | None:
        """The token's price: the fixed ``price``, or the token's price less the ``discount`` fraction."""
        if token is None or not self.discount:
            return self._price
        return int(token.price - token.price * self.discount)


class Reservation(Ability):
    """Reserves a city slot on ``hex`` (city index ``city``, slot ``slot``)."""

    TYPE = "reservation"
    hex: str
    city: int
    slot: int
    tile: Any
    icon: str | None

    def _setup(self, opts: dict[str, Any]) -> None:
        self.hex = opts.pop("hex", "")
        self.city = opts.pop("city", None) or 0
        self.slot = opts.pop("slot", None) or 0
        self.tile = None
        icon = opts.pop("icon", None)
        self.icon = f"/icons/{icon}.svg" if icon else None

    def teardown(self) -> None:
        if self.tile is not None:
            self.tile.cities[self.city].remove_reservation(self.owner)


class TileDiscount(Ability):
    """Terrain discount (SMR in 1889, TBC in 1846)."""

    TYPE = "tile_discount"
    discount: int
    terrain: str | None
    hexes: list[Any] | None
    exact_match: bool

    def _setup(self, opts: dict[str, Any]) -> None:
        self.discount = opts.pop("discount", 0)
        terrain = opts.pop("terrain", None)
        self.terrain = None if terrain is None else str(terrain)
        self.hexes = opts.pop("hexes", None)
        exact = opts.pop("exact_match", None)
        self.exact_match = True if exact is None else bool(exact)

    def discounts_tile(self, terrain: list[str]) -> bool:
        """Whether a tile with this list of terrain types (duplicates allowed) is discounted."""
        if self.exact_match:
            unique: list[str] = []
            for t in terrain:
                if t not in unique:
                    unique.append(t)
            return unique == [self.terrain]
        return self.terrain in terrain


class RevenueChange(Ability):
    TYPE = "revenue_change"
    revenue: int

    def _setup(self, opts: dict[str, Any]) -> None:
        self.revenue = opts.pop("revenue", 0)


class AssignHexes(Ability):
    TYPE = "assign_hexes"
    hexes: list[Any]
    closed_when_used_up: bool | None
    cost: int

    def _setup(self, opts: dict[str, Any]) -> None:
        self.hexes = list(opts.pop("hexes", []) or [])
        self.closed_when_used_up = opts.pop("closed_when_used_up", None)
        self.cost = opts.pop("cost", None) or 0


class AssignCorporation(Ability):
    TYPE = "assign_corporation"
    closed_when_used_up: bool | None

    def _setup(self, opts: dict[str, Any]) -> None:
        self.closed_when_used_up = opts.pop("closed_when_used_up", None)


class HexBonus(Ability):
    """Extra revenue for a stop on one of ``hexes`` in a route of the owning corporation: ``amount`` more,
    and with ``multiplier`` (ours; default 1) the stop pays that many times its value (18JP-T doubles its
    corporations' destinations).  Route revenue adds it for every route (``AbilityRules.hex_bonus``)."""

    TYPE = "hex_bonus"
    hexes: list[Any]
    amount: int
    multiplier: int

    def _setup(self, opts: dict[str, Any]) -> None:
        self.hexes = list(opts.pop("hexes", []) or [])
        self.amount = opts.pop("amount", 0)
        self.multiplier = int(opts.pop("multiplier", 1))

    def bonus(self, hex_id: str, stop_value: int) -> int:
        """What a stop worth ``stop_value`` on ``hex_id`` earns on top of its value."""
        if hex_id not in self.hexes:
            return 0
        return int(self.amount) + (self.multiplier - 1) * stop_value


class TileIncome(Ability):
    """Its owner earns ``income`` from the bank for every tile laid (``terrain`` None), or for every
    ``terrain`` the lay pays for (a water border crossed counts once per border); ``owner_only``: only for
    lays by (or paid by) the company's owner."""

    TYPE = "tile_income"
    income: int
    terrain: str | None
    owner_only: bool

    def _setup(self, opts: dict[str, Any]) -> None:
        self.income = int(opts.pop("income", 0))
        terrain = opts.pop("terrain", None)
        self.terrain = None if terrain is None else str(terrain)
        self.owner_only = bool(opts.pop("owner_only", False))


class TrainDiscount(Ability):
    """A discount on buying trains (``discount`` is an amount > 1, a fraction, or per-train dict)."""

    TYPE = "train_discount"
    discount: Any
    trains: list[str]
    closed_when_used_up: bool | None

    def _setup(self, opts: dict[str, Any]) -> None:
        self.discount = opts.pop("discount", 0)
        self.trains = list(opts.pop("trains", []) or [])
        self.closed_when_used_up = opts.pop("closed_when_used_up", None)

    def discounted_price(self, train: _Named, price: int) -> int:
        if self.trains and train.name not in self.trains:
            return price
        value = self.discount[train.name] if isinstance(self.discount, dict) else self.discount
        if value > 1:
            return int(price - value)
        return int(price - math.floor(price * value))


class TrainLimit(Ability):
    TYPE = "train_limit"
    increase: int | None
    constant: int | None

    def _setup(self, opts: dict[str, Any]) -> None:
        self.increase = opts.pop("increase", None)
        self.constant = opts.pop("constant", None)


class PurchaseTrain(Ability):
    TYPE = "purchase_train"
    free: bool

    def _setup(self, opts: dict[str, Any]) -> None:
        self.free = bool(opts.pop("free", False))


class Description(Ability):
    TYPE = "description"


class SellCompany(Ability):
    TYPE = "sell_company"


class AdditionalToken(Ability):
    """A station token the company brings to the corporation that buys it (18Tokaido's Stationmaster Tama); the
    title's company purchase acts on it."""

    TYPE = "additional_token"


class Generic(Ability):
    """A named flag; its ``type`` is the ``subtype`` key."""

    TYPE = "generic"

    def _setup(self, opts: dict[str, Any]) -> None:
        subtype = opts.pop("subtype", None)
        if subtype is not None:
            self.type = str(subtype)


ABILITY_CLASSES: dict[str, type[Ability]] = {
    cls.TYPE: cls
    for cls in (
        Ability,
        BlocksHexes,
        BlocksHexesConsent,
        Close,
        Exchange,
        NoBuy,
        Shares,
        Teleport,
        TileLay,
        TokenAbility,
        Reservation,
        TileDiscount,
        RevenueChange,
        AssignHexes,
        AssignCorporation,
        HexBonus,
        TileIncome,
        TrainDiscount,
        TrainLimit,
        PurchaseTrain,
        Description,
        SellCompany,
        AdditionalToken,
        Generic,
    )
}


def make_ability(data: Mapping[str, Any] | Ability) -> Ability:
    """Build the typed ability for ``data["type"]`` (unknown types give a plain :class:`Ability`)."""
    if isinstance(data, Ability):
        return data
    cls = ABILITY_CLASSES.get(str(data.get("type", "base")), Ability)
    return cls(data)
