"""Players, private companies, corporations and minors, and the behaviours they share.

The reference engine builds these from mix-ins; here they are small base classes:

* :class:`Entity` - type predicates (``is_player``, ``is_corporation``, ``is_company``,
  ``is_minor``, ...) and the ownership chain (``player``, ``corporation``).
* :class:`Spender` - ``cash`` and :meth:`Spender.spend` with its checks.
* :class:`ShareHolder` - certificates grouped by corporation, **in insertion order**.
* :class:`Passer` - the ``passed`` flag.
* :class:`AbilityHolder` - a list of :class:`~engine.model.abilities.Ability`.
* :class:`Operator` - trains, station tokens, operating history (corporations and minors).

Identity: entities compare by identity (one game holds one object per id).  ``id`` is the
printed identifier used by actions: a player's id exactly as in the JSON (int or str), a
company's or corporation's symbol.
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, overload

from engine.errors import IllegalAction
from engine.model.abilities import Ability, make_ability
from engine.model.shares import Share
from engine.model.token import Token

if TYPE_CHECKING:
    from engine.model.market import SharePrice
    from engine.model.trains import Train

AbilityData = Mapping[str, Any] | Ability


class Entity:
    """Base of every game entity: type predicates and the ownership chain."""

    is_player: ClassVar[bool] = False
    is_corporation: ClassVar[bool] = False
    is_company: ClassVar[bool] = False
    is_minor: ClassVar[bool] = False
    is_operator: ClassVar[bool] = False
    is_share_pool: ClassVar[bool] = False
    is_bank: ClassVar[bool] = False
    is_depot: ClassVar[bool] = False
    is_system: ClassVar[bool] = False

    id: Any
    name: str
    #: who owns this entity (a player owns itself; corporations: their president).
    owner: Entity | None = None
    closed: bool = False

    @property
    def player(self) -> Player | None:
        """The player at the end of the ownership chain, if any."""
        owner = self.owner
        if owner is None or owner is self:
            return None
        return owner if isinstance(owner, Player) else owner.player

    @property
    def corporation(self) -> Corporation | None:
        """The corporation at the end of the ownership chain (a corporation is its own)."""
        owner = self.owner
        if owner is None or owner is self:
            return None
        return owner.corporation

    @property
    def receivership(self) -> bool:
        return False

    def owned_by(self, entity: Entity | None) -> bool:
        """The reference ``owned_by?``: owned directly, through the owner, or by the same owner."""
        if entity is None:
            return False
        owner = self.owner
        return owner is entity or (owner is not None and owner.owner is entity) or owner is entity.owner

    @property
    def owned_by_corporation(self) -> bool:
        return self.owner is not None and self.owner.is_corporation

    @property
    def owned_by_player(self) -> bool:
        return self.owner is not None and self.owner.is_player

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.id}>"


class CashReceiver(Protocol):
    """Anything money can be paid to: a spender, or something whose cash goes to one (the depot)."""

    @property
    def spender(self) -> Spender: ...


class Spender(Entity):
    """Holds ``cash``; money only moves through :meth:`spend` so none is created or lost."""

    cash: int = 0
    debt: int = 0

    @property
    def spender(self) -> Spender:
        return self

    def spend(
        self,
        amount: int,
        receiver: CashReceiver,
        check_cash: bool = True,
        check_positive: bool = True,
        borrow_from: Spender | None = None,
    ) -> None:
        """Pay ``amount`` to ``receiver``.

        Raises :class:`IllegalAction` when paying to oneself, when the cash (plus what
        ``borrow_from`` holds) is short and ``check_cash``, or when ``amount`` is not positive and
        ``check_positive``.  With ``borrow_from``, the shortfall is taken from that spender.
        """
        target = receiver.spender
        amount = int(amount)
        if target is self:
            raise IllegalAction(f"Cash spender and receiver must be different entities: {self.name}.spend({amount})")
        if check_cash:
            self.check_cash(amount, borrow_from=borrow_from)
        if check_positive:
            self.check_positive(amount)
        if borrow_from is not None and amount > self.cash:
            borrowed = amount - self.cash
            self.cash = 0
            borrow_from.cash -= borrowed
        else:
            self.cash -= amount
        target.cash += amount

    def set_cash(self, cash: int, other_spender: Spender) -> None:
        """Make this spender's cash exactly ``cash``, the difference coming from ``other_spender``."""
        other_spender.spend(cash - self.cash, self, check_cash=False, check_positive=False)

    def check_cash(self, amount: int, borrow_from: Spender | None = None) -> None:
        """Raise :class:`IllegalAction` unless ``amount`` can be paid."""
        available = self.cash + (borrow_from.cash if borrow_from is not None else 0)
        if available - amount < 0:
            raise IllegalAction(f"{self.name} has ${self.cash}, cannot spend ${amount}")

    def check_positive(self, amount: int) -> None:
        if amount <= 0:
            raise IllegalAction(f"Cannot spend zero or negative money ({self.name} spending {amount})")


class ShareHolder(Entity):
    """Holds share certificates, grouped by corporation.

    ``shares_by_corporation`` keeps the reference's semantics exactly: a corporation's list grows
    by appending on arrival and shrinks by removal on departure, and *reading* the entry of a
    corporation (``shares_of``, ``percent_of``...) creates an empty one, as Ruby's default-proc
    hash does.  The key order therefore matches the reference, which matters for the flat
    ``shares`` list and for iterating holdings (bankruptcy).
    """

    shares_by_corporation: defaultdict[Corporation, list[Share]]

    def _init_share_holder(self) -> None:
        self.shares_by_corporation = defaultdict(list)

    @property
    def shares(self) -> list[Share]:
        """Every certificate held, corporation by corporation in key order."""
        return [share for shares in self.shares_by_corporation.values() for share in shares]

    def shares_of(self, corporation: Corporation | None) -> list[Share]:
        """The (live) list of certificates of ``corporation`` held, in arrival order."""
        if corporation is None:
            return []
        return self.shares_by_corporation[corporation]

    def certs_of(self, corporation: Corporation | None) -> list[Share]:
        return self.shares_of(corporation)

    def delete_share(self, share: Share) -> None:
        shares = self.shares_by_corporation[share.corporation]
        shares[:] = [s for s in shares if s is not share]

    def percent_of(self, corporation: Corporation | None) -> int:
        if corporation is None:
            return 0
        return sum(s.percent for s in self.shares_by_corporation[corporation])

    def common_percent_of(self, corporation: Corporation | None) -> int:
        """Like :meth:`percent_of`, without preferred shares."""
        if corporation is None:
            return 0
        return sum(s.percent for s in self.shares_by_corporation[corporation] if not s.preferred)

    @overload
    def num_shares_of(self, corporation: Corporation, ceil: Literal[True] = ...) -> int: ...

    @overload
    def num_shares_of(self, corporation: Corporation, ceil: Literal[False]) -> float: ...

    def num_shares_of(self, corporation: Corporation, ceil: bool = True) -> int | float:
        """Number of shares held (percent / share percent), rounded up unless ``ceil=False``."""
        num = self.percent_of(corporation) / corporation.share_percent
        return math.ceil(num) if ceil else num

    def presidencies(self) -> list[Corporation]:
        """Corporations whose president's certificate this holder has."""
        return [c for c, shares in self.shares_by_corporation.items() if any(s.president for s in shares)]


class Passer:
    """The ``passed`` flag of players, companies and operators."""

    passed: bool = False

    def pass_(self) -> None:
        self.passed = True

    def unpass(self) -> None:
        self.passed = False


class AbilityHolder(Entity):
    """Holds abilities built from title data dicts."""

    abilities: list[Ability]
    _start_count: int | None = None

    def init_abilities(self, abilities: Iterable[AbilityData] | None) -> None:
        self.abilities = []
        for data in abilities or ():
            ability = make_ability(data)
            ability.owner = self
            self.abilities.append(ability)
        self._update_start_counter()

    def add_ability(self, ability: AbilityData) -> Ability:
        made = make_ability(ability)
        made.owner = self
        self.abilities.append(made)
        self._update_start_counter()
        return made

    def remove_ability(self, ability: Ability) -> None:
        """Tear the ability down (map blockers, reservations) and drop it."""
        ability.teardown()
        self.abilities = [a for a in self.abilities if a is not ability]

    def remove_ability_when(self, time: str) -> None:
        """Drop every ability whose ``remove`` names ``time`` (a phase name or an event)."""
        for ability in list(self.abilities):
            if ability.remove == str(time):
                self.remove_ability(ability)

    def all_abilities(self) -> list[Ability]:
        """Every ability this entity can use (a corporation adds its companies' ones)."""
        return self.abilities

    def abilities_of_type(self, ability_type: str) -> list[Ability]:
        """Abilities (from :meth:`all_abilities`) of one type, in order; no timing checks."""
        return [a for a in self.all_abilities() if a.type == ability_type]

    def reset_ability_count_this_or(self) -> None:
        for ability in list(self.abilities):
            ability.reset_per_or()

    def ability_uses(self) -> tuple[int, int] | None:
        """(uses left, start count) of the ability with a count, for display."""
        if self._start_count is None:
            return None
        count = (0, self._start_count)
        for ability in self.abilities:
            if ability.start_count is not None:
                count = (ability.count or 0, ability.start_count)
        return count

    def _update_start_counter(self) -> None:
        counts = [a.start_count for a in self.abilities if a.start_count is not None]
        self._start_count = max(counts) if counts else None


class Operator(Spender, AbilityHolder, Passer):
    """Shared by corporations and minors: trains, station tokens, operating history."""

    is_operator: ClassVar[bool] = True

    trains: list[Train]
    tokens: list[Token]
    operating_history: dict[Any, Any]
    coordinates: str | Sequence[str] | None
    city: int | Sequence[int] | None
    color: str | None
    text_color: str
    logo: str
    simple_logo: str
    loans: list[Any]
    destination_coordinates: Any

    def _init_operator(
        self,
        tokens: Sequence[int],
        coordinates: str | Sequence[str] | None,
        city: int | Sequence[int] | None,
        color: str | None,
        text_color: str | None,
        logo: str | None,
        simple_logo: str | None,
        destination_coordinates: Any = None,
    ) -> None:
        self.cash = 0
        self.trains = []
        self.operating_history = {}
        self.logo = f"/logos/{logo}.svg"
        self.simple_logo = f"/logos/{simple_logo}.svg" if simple_logo else self.logo
        self.coordinates = coordinates
        self.city = city
        self.tokens = [Token(self, price=price) for price in tokens]
        self.loans = []
        self.color = color
        self.text_color = text_color or "#ffffff"
        self.destination_coordinates = destination_coordinates

    def runnable_trains(self) -> list[Train]:
        return [t for t in self.trains if not t.operated]

    def operated(self) -> bool:
        """True once the operator has an operating-history entry (it has run at least once)."""
        return bool(self.operating_history)

    def next_token(self) -> Token | None:
        return next((t for t in self.tokens if not t.used), None)

    def find_token_by_type(self, token_type: str | None = None) -> Token | None:
        wanted = token_type or "normal"
        return next((t for t in self.tokens if not t.used and t.type == wanted), None)

    def tokens_by_type(self) -> list[Token]:
        """The first unused token of each type."""
        seen: list[str] = []
        result: list[Token] = []
        for token in self.tokens:
            if token.used or token.type in seen:
                continue
            seen.append(token.type)
            result.append(token)
        return result

    def unplaced_tokens(self) -> list[Token]:
        return [t for t in self.tokens if t.city is None]

    def placed_tokens(self) -> list[Token]:
        return [t for t in self.tokens if t.city is not None]


class Player(Spender, ShareHolder, Passer):
    """A seat at the table.  ``id`` is kept exactly as in the JSON (int or str)."""

    is_player: ClassVar[bool] = True

    def __init__(self, id: int | str, name: str) -> None:
        self.id = id
        self.name = name
        self.cash = 0
        self.debt = 0
        self.penalty = 0
        self.bankrupt = False
        self.passed = False
        self.companies: list[Company] = []
        self.history: list[Any] = []
        self.unsold_companies: list[Company] = []
        self.owner = self
        self._init_share_holder()

    @property
    def player(self) -> Player:
        return self

    @property
    def corporation(self) -> None:
        return None

    def value(self) -> int:
        """The score: cash + shares of ipoed corporations at their price + companies' face value."""
        share_value = sum(s.price for s in self.shares if s.corporation.ipoed)
        company_value = sum(c.value for c in self.companies)
        return self.cash + share_value + company_value - self.debt - self.penalty

    def rename(self, new_name: str) -> None:
        self.name = new_name

    def __repr__(self) -> str:
        return f"<Player - {self.name}>"


class Company(AbilityHolder, Passer):
    """A private company.  ``sym`` is its id; ``name`` is the display name."""

    is_company: ClassVar[bool] = True

    def __init__(
        self,
        sym: str,
        name: str,
        value: int,
        revenue: int = 0,
        desc: str = "",
        abilities: Iterable[AbilityData] | None = None,
        *,
        min_price: int | None = None,
        max_price: int | None = None,
        discount: int | None = 0,
        color: str | None = "yellow",
        text_color: str | None = "black",
        treasury: int | None = None,
        interval: list[int] | None = None,
        type: str | None = None,
        auction_row: int | None = None,
        meta: Mapping[str, Any] | None = None,
        **extra: Any,
    ) -> None:
        self.sym = sym
        self.id = sym
        self.name = name
        self.value = value
        self.treasury = treasury if treasury is not None else value
        self.desc = desc or ""
        self.revenue = revenue
        self.discount = discount or 0
        self.min_auction_price = -self.discount
        self.closed = False
        self.passed = False
        self.owner: Entity | None = None
        self.min_price: int | None = min_price if min_price is not None else math.ceil(value / 2)
        self.max_price: int | None = max_price if max_price is not None else value * 2
        self.interval = interval
        self.color = color or "yellow"
        self.text_color = text_color or "black"
        self.type = type
        self.auction_row = auction_row
        self.meta: dict[str, Any] = dict(meta or {})
        self.extra: dict[str, Any] = extra
        self.init_abilities(abilities)

    @property
    def min_bid(self) -> int:
        return self.value - self.discount

    @property
    def sort_key(self) -> tuple[int, str]:
        """The reference's ``Company#<=>``: by minimum bid, then name."""
        return (self.min_bid, self.name)

    def close(self) -> None:
        """Close: drop every ability (tearing down blockers) and leave the owner."""
        self.closed = True
        for ability in list(self.all_abilities()):
            self.remove_ability(ability)
        owner = self.owner
        if owner is None:
            return
        companies = getattr(owner, "companies", None)
        if isinstance(companies, list):
            companies[:] = [c for c in companies if c is not self]
        self.owner = None

    def reopen(self) -> None:
        self.closed = False


class Corporation(Operator, ShareHolder):
    """A public company.

    ``id == name == sym``; ``full_name`` is the display name.  Its certificates (``all_shares``,
    ids ``SYM_0`` .. ``SYM_n``, index 0 the president's) start with ``ipo_owner`` (the corporation
    itself unless told otherwise).  ``shares`` - as in the reference, which mixes ``ShareHolder``
    into the corporation - is what the corporation *holds*, i.e. the IPO when it is its own IPO
    owner.
    """

    is_corporation: ClassVar[bool] = True
    DEFAULT_SHARES: ClassVar[tuple[int, ...]] = (20, 10, 10, 10, 10, 10, 10, 10, 10)

    def __init__(
        self,
        sym: str,
        name: str,
        tokens: Sequence[int],
        coordinates: str | Sequence[str] | None = None,
        city: int | Sequence[int] | None = None,
        *,
        float_percent: int = 60,
        max_ownership_percent: int = 60,
        capitalization: str = "full",
        always_market_price: bool = False,
        shares: Sequence[int] | None = None,
        abilities: Iterable[AbilityData] | None = None,
        color: str | None = None,
        text_color: str | None = None,
        logo: str | None = None,
        simple_logo: str | None = None,
        ipo_owner: ShareHolder | None = None,
        min_price: int | None = None,
        type: str | None = None,
        floatable: bool = True,
        float_excludes_market: bool = False,
        float_includes_reserved: bool = False,
        treasury_as_holding: bool = False,
        fraction_shares: bool | None = None,
        hide_shares: bool = False,
        reservation_color: str | None = None,
        needs_token_to_par: bool = False,
        price_percent: int | None = None,
        corporation_can_ipo: bool = False,
        forced_share_percent: int | None = None,
        destination_coordinates: Any = None,
        **extra: Any,
    ) -> None:
        self.sym = sym
        self.id = sym
        self.name = sym
        self.full_name = name
        self.extra: dict[str, Any] = extra
        self.owner: Entity | None = None
        self.closed = False
        self.passed = False
        self._init_share_holder()
        self.share_holders: dict[ShareHolder, int] = {}
        self.forced_share_percent = forced_share_percent

        self.ipo_owner: ShareHolder = ipo_owner if ipo_owner is not None else self
        percents = list(shares) if shares is not None else list(self.DEFAULT_SHARES)
        certificates = [
            Share(self, owner=self.ipo_owner, president=index == 0, percent=percent, index=index)
            for index, percent in enumerate(percents)
        ]
        self.ipo_owner.shares_by_corporation[self].extend(certificates)
        self.share_holders[self.ipo_owner] = sum(s.percent for s in certificates)
        #: every certificate of this corporation, in index order (wherever it is now).
        self.all_shares: list[Share] = list(certificates)

        if fraction_shares is None:
            whole = [s.percent for s in certificates[:2]]
            distinct: list[int] = []
            for s in certificates:
                if s.percent not in distinct:
                    distinct.append(s.percent)
            fraction_shares = len(certificates) > 1 and any(p not in whole for p in distinct)
        self.fraction_shares = fraction_shares

        self.presidents_share: Share = certificates[0]
        self.second_share: Share | None = certificates[1] if len(certificates) > 1 else None

        self._share_price: SharePrice | None = None
        self._par_price: SharePrice | None = None
        self.original_par_price: SharePrice | None = None
        self.ipoed = False
        self.floated = False
        self.companies: list[Company] = []

        self.capitalization = capitalization or "full"
        self.float_percent = float_percent
        self.float_excludes_market = float_excludes_market
        self.float_includes_reserved = float_includes_reserved
        self.floatable = floatable
        self.max_ownership_percent = max_ownership_percent
        self.min_price = min_price
        self.always_market_price = always_market_price
        self.needs_token_to_par = needs_token_to_par
        self.par_via_exchange: Any = None
        self.type = type
        self.hide_shares = hide_shares
        self.reservation_color = reservation_color
        base_percent = self.second_share.percent if self.second_share else self.presidents_share.percent // 2
        self.price_percent = price_percent or base_percent
        self.price_multiplier = base_percent // self.price_percent
        self.treasury_as_holding = treasury_as_holding
        self.corporation_can_ipo = corporation_can_ipo

        self.init_abilities(abilities)
        self._init_operator(tokens, coordinates, city, color, text_color, logo, simple_logo, destination_coordinates)

    # -- ownership -----------------------------------------------------------------------------
    @property
    def corporation(self) -> Corporation:
        return self

    @property
    def player(self) -> Player | None:
        """The president player, following chains of corporate owners (cycles give ``None``)."""
        seen: list[Entity] = []
        current = self.owner
        while current is not None and current.is_corporation:
            seen.append(current)
            nxt = current.owner
            if nxt is None or any(nxt is s for s in seen):
                return None
            current = nxt
        if current is None:
            return None
        return current if isinstance(current, Player) else current.player

    @property
    def receivership(self) -> bool:
        return self.owner is not None and self.owner.is_share_pool

    def is_president(self, player: Entity | None) -> bool:
        return player is not None and self.owner is player

    #: the reference's ``president?`` (brief name)
    president = is_president

    # -- prices ------------------------------------------------------------------------------
    @property
    def share_price(self) -> SharePrice | None:
        return None if self.closed else self._share_price

    @share_price.setter
    def share_price(self, value: SharePrice | None) -> None:
        self._share_price = value

    @property
    def par_price(self) -> SharePrice | None:
        if self.closed:
            return None
        return self._share_price if self.always_market_price else self._par_price

    @par_price.setter
    def par_price(self, value: SharePrice | None) -> None:
        self._par_price = value

    def sort_order_key(self) -> tuple[int, int, int, int, str] | None:
        """Operating order: higher price, further right, higher row, earlier arrival in the cell, name."""
        sp = self.share_price
        if sp is None:
            return None
        row, col = sp.coordinates
        index = next((i for i, c in enumerate(sp.corporations) if c is self), 0)
        return (-sp.price, -col, row, index, self.name)

    def counts_for_limit(self) -> bool:
        sp = self._share_price
        return sp.counts_for_limit if sp is not None else True

    def buy_multiple(self) -> bool:
        sp = self._share_price
        return sp.buy_multiple if sp is not None else False

    def holding_ok(self, share_holder: ShareHolder, extra_percent: int = 0) -> bool:
        """May ``share_holder`` hold its shares plus ``extra_percent`` (60% limit, waived in o/b cells)?"""
        if share_holder is self:
            return True
        common = share_holder.common_percent_of(self) + extra_percent
        sp = self._share_price
        if sp is not None and sp.type in ("multiple_buy", "unlimited"):
            return True
        return common <= self.max_ownership_percent

    # -- share counts --------------------------------------------------------------------------
    @property
    def presidents_percent(self) -> int:
        return self.presidents_share.percent

    @property
    def share_percent(self) -> int:
        if self.forced_share_percent:
            return self.forced_share_percent
        if self.second_share is not None:
            return self.second_share.percent
        return self.presidents_percent // 2

    @property
    def total_shares(self) -> int:
        return 100 // self.share_percent

    def num_ipo_shares(self) -> int:
        return self.ipo_owner.num_shares_of(self)

    def reserved_shares(self) -> list[Share]:
        return [s for s in self.ipo_owner.shares_by_corporation[self] if not s.buyable]

    def num_ipo_reserved_shares(self) -> int:
        return sum(s.percent for s in self.reserved_shares()) // self.share_percent

    def num_treasury_shares(self) -> int:
        return 0 if self.treasury_as_holding else self.num_shares_of(self)

    def num_player_shares(self) -> int:
        return sum(self.player_share_holders().values()) // self.share_percent

    def num_corporate_shares(self) -> int:
        return sum(self.corporate_share_holders().values()) // self.share_percent

    def num_market_shares(self) -> int:
        """Shares in the market pool (read from ``share_holders``; no pool needed)."""
        return sum(p for h, p in self.share_holders.items() if h.is_share_pool) // self.share_percent

    def percent_in_market(self) -> int:
        return self.num_market_shares() * self.share_percent

    def percent_in_reserved(self) -> int:
        return self.num_ipo_reserved_shares() * self.share_percent

    def player_share_holders(self, corporate: bool = False) -> dict[ShareHolder, int]:
        """Holders that can be president (players; corporations too when ``corporate``), holder -> percent."""
        return {
            h: p
            for h, p in self.share_holders.items()
            if h.is_player or ((corporate or self.corporation_can_ipo) and h.is_corporation and h is not self)
        }

    def corporate_share_holders(self) -> dict[ShareHolder, int]:
        return {
            h: p
            for h, p in self.share_holders.items()
            if h.is_corporation and (h is not self or self.treasury_as_holding)
        }

    @property
    def ipo_is_treasury(self) -> bool:
        return self.ipo_owner is self

    def ipo_shares(self) -> list[Share]:
        return [s for s in self.ipo_owner.shares if s.corporation is self]

    def treasury_shares(self) -> list[Share]:
        return [s for s in self.shares if s.corporation is self and not self.treasury_as_holding]

    def corporate_shares(self) -> list[Share]:
        """Shares of *other* corporations this corporation holds."""
        return [s for s in self.shares if not (s.corporation is self and not self.treasury_as_holding)]

    def available_share(self) -> Share | None:
        """The first non-president certificate the corporation holds itself."""
        return next((s for s in self.shares_by_corporation[self] if not s.president), None)

    # -- floating ------------------------------------------------------------------------------
    def _float_threshold(self) -> int:
        threshold = 100 - self.float_percent
        if self.float_excludes_market:
            threshold -= self.percent_in_market()
        if self.float_includes_reserved:
            threshold += self.percent_in_reserved()
        return threshold

    def is_floated(self) -> bool:
        """Sticky float test: the IPO owner holds at most ``100 - float_percent`` percent."""
        if not self.floatable:
            return False
        if not self.floated:
            self.floated = self.ipo_owner.percent_of(self) <= self._float_threshold()
        return self.floated

    def percent_to_float(self) -> int:
        if self.floated:
            return 0
        return self.ipo_owner.percent_of(self) - self._float_threshold()

    def unfloat(self) -> None:
        self.floated = False

    # -- abilities -----------------------------------------------------------------------------
    def all_abilities(self) -> list[Ability]:
        """Own abilities after those of owned companies, plus the president's 'owning_player' ones."""
        result = [a for c in self.companies for a in c.all_abilities()] + self.abilities
        owner_companies = getattr(self.owner, "companies", None)
        if isinstance(owner_companies, list):
            for company in owner_companies:
                for ability in company.all_abilities():
                    for when in ability.when:
                        if "owning_player" in when:
                            result.append(ability)
                            break
        return result

    def remove_ability(self, ability: Ability) -> None:
        if ability.owner is self:
            super().remove_ability(ability)
            return
        for company in self.companies:
            company.remove_ability(ability)

    # -- life cycle ------------------------------------------------------------------------------
    def close(self) -> None:
        """Model part of closing: leave the market cell, lose IPO/float status and president.

        The game does the rest (tokens, reservations, shares, companies).
        """
        if self.cash != 0:
            raise IllegalAction(f"{self.name} cannot close with cash {self.cash}")
        sp = self.share_price
        if sp is not None:
            sp.corporations[:] = [c for c in sp.corporations if c is not self]
        self.closed = True
        self.ipoed = False
        self.floated = False
        self.owner = None

    def reopen(self) -> None:
        self.closed = False


class Minor(Operator):
    """A minor company (1846 MS / BIG4): an operator with no shares, owned by a player."""

    is_minor: ClassVar[bool] = True

    def __init__(
        self,
        sym: str,
        name: str,
        tokens: Sequence[int] = (),
        coordinates: str | Sequence[str] | None = None,
        city: int | Sequence[int] | None = None,
        abilities: Iterable[AbilityData] | None = None,
        *,
        type: str | None = None,
        reservation_color: str | None = None,
        color: str | None = None,
        text_color: str | None = None,
        logo: str | None = None,
        simple_logo: str | None = None,
        **extra: Any,
    ) -> None:
        self.sym = sym
        self.id = sym
        self.name = sym
        self.full_name = name
        self.extra: dict[str, Any] = extra
        self.owner: Entity | None = None
        self.floated = False
        self.closed = False
        self.passed = False
        self.type = type
        self.reservation_color = reservation_color
        self.companies: list[Company] = []
        self._init_operator(tokens, coordinates, city, color, text_color, logo, simple_logo)
        self.init_abilities(abilities)

    @property
    def total_shares(self) -> int:
        return 1

    @property
    def share_percent(self) -> int:
        return 100

    @property
    def share_price(self) -> None:
        return None

    @property
    def par_price(self) -> None:
        return None

    def num_shares_of(self, _corporation: Any, ceil: bool = True) -> int:
        return 0

    def is_floated(self) -> bool:
        return self.floated

    def float_(self) -> None:
        self.floated = True

    def is_president(self, player: Entity | None) -> bool:
        return player is not None and self.owner is player

    president = is_president

    def close(self) -> None:
        self.closed = True
        self.floated = False
        self.owner = None

    def reopen(self) -> None:
        self.closed = False


def _compare_operating(a: Corporation, b: Corporation) -> int:
    key_a = a.sort_order_key()
    if key_a is None:
        return -1
    key_b = b.sort_order_key()
    if key_b is None:
        return 1
    return (key_a > key_b) - (key_a < key_b)


def sort_corporations(corporations: Iterable[Corporation]) -> list[Corporation]:
    """Corporations in operating order (the reference's ``Corporation#<=>``; unpriced ones first)."""
    return sorted(corporations, key=functools.cmp_to_key(_compare_operating))
