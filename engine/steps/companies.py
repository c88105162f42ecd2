"""Private companies changing hands outside the auction.

* ``Exchange``: a private with an ``exchange`` ability (1830's Mohawk & Hudson, 1889's Dōgo) is
  swapped by its owner for a certificate of a named corporation, at any time; the private closes.
  The holding limit applies, the certificate limit does not.
* ``BuyCompany``: in an operating turn, a corporation buys a private from a player for between the
  private's minimum and maximum price (1830: half to twice face value), when the phase allows it.
  The step sits twice in the operating round: near the top, never blocking (a purchase may happen
  at any point of the turn), and at the end with ``{"blocks": True}``, where it waits for an explicit
  ``pass`` whenever a purchase is still possible.

Behaviour follows the reference engine's ``exchange.rb`` and ``buy_company.rb``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action, BuyShares
from engine.errors import IllegalAction
from engine.model.shares import ShareBundle
from engine.steps.auction import snake_case
from engine.steps.base import Step
from engine.steps.shares import ShareBuying, bundle_from_action

if TYPE_CHECKING:
    from engine.game import Game
    from engine.model.entities import Corporation
    from engine.model.shares import Share


# ---------------------------------------------------------------------------------------------------------
# Game-level helpers (the lead may move these onto ``Game``; a game method of the same name wins)
# ---------------------------------------------------------------------------------------------------------
def exchange_corporations(game: Game, ability: Any) -> list[Corporation]:
    """The open corporations an ``exchange`` ability may exchange into: ``"any"``, ``"ipoed"`` or a
    list of corporation ids."""
    hook = getattr(game, "exchange_corporations", None)
    if callable(hook):
        return list(hook(ability))
    wanted = ability.corporations
    if wanted == "any":
        candidates = list(game.corporations)
    elif wanted == "ipoed":
        candidates = [c for c in game.corporations if c.ipoed]
    else:
        ids = [wanted] if isinstance(wanted, str) else list(wanted or ())
        candidates = [game.corporation_by_id(cid) for cid in ids]
    return [c for c in candidates if not c.closed]


def company_bought(game: Game, company: Any, buyer: Any) -> None:
    """Title hook after a corporation bought a private (nothing by default)."""
    hook = getattr(game, "company_bought", None)
    if callable(hook):
        hook(company, buyer)


def after_sell_company(game: Game, buyer: Any, company: Any, price: int, seller: Any) -> None:
    """Title hook after a private was sold to a corporation (nothing by default)."""
    hook = getattr(game, "after_sell_company", None)
    if callable(hook):
        hook(buyer, company, price, seller)


def _assignments(entity: Any) -> dict[str, Any]:
    """The markers assigned to an entity (created empty on first use, as the reference does)."""
    found = getattr(entity, "assignments", None)
    if found is None:
        found = {}
        entity.assignments = found
    return found


# ---------------------------------------------------------------------------------------------------------
# Exchange a private for a share
# ---------------------------------------------------------------------------------------------------------
class Exchange(ShareBuying):
    """A private's owner trades it for a share (``buy_shares`` with the company as the acting entity).
    Never blocks; offered whenever a certificate the ability allows could be gained."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_shares",)
    NAME: ClassVar[str] = "Exchange"

    def description(self) -> str:
        return "Exchange"

    def blocks(self) -> bool:
        return False

    def actions(self, entity: Any) -> list[str]:
        return list(self.ACTIONS) if self.can_exchange(entity) else []

    def can_buy(self, entity: Any, bundle: ShareBundle | None) -> bool:
        return self.can_gain(entity, bundle, exchange=True)

    def exchange_ability(self, company: Any) -> Any:
        abilities = self.game.ability_rules.abilities(company, "exchange")
        return abilities[0] if abilities else None

    def exchangeable_shares(self, company: Any) -> list[Share]:
        """One candidate certificate per corporation and source the ability allows (the first
        reserved share, the corporation's first ordinary IPO share, the pool's first share)."""
        ability = self.exchange_ability(company)
        if ability is None:
            return []
        sources = list(ability.from_)
        shares: list[Share | None] = []
        for corporation in exchange_corporations(self.game, ability):
            if "reserved" in sources:
                reserved = corporation.reserved_shares()
                shares.append(reserved[0] if reserved else None)
            if "ipo" in sources:
                shares.append(corporation.available_share())
            if "market" in sources:
                pool = self.game.share_pool.shares_by_corporation.get(corporation)
                shares.append(pool[0] if pool else None)
        return [s for s in shares if s is not None]

    def can_exchange(self, entity: Any, bundle: ShareBundle | None = None) -> bool:
        """May the private ``entity`` be exchanged (for ``bundle``, when given) now?"""
        if not entity.is_company:
            return False
        ability = self.exchange_ability(entity)
        if ability is None:
            return False
        owner = entity.owner
        if bundle is not None:
            return self.can_gain(owner, bundle, exchange=True)
        return any(self.can_gain(owner, s.to_bundle(), exchange=True) for s in self.exchangeable_shares(entity))

    def check_source(self, company: Any, bundle: ShareBundle) -> None:
        """The certificate must be of a corporation the ability names and from a source it allows."""
        ability = self.exchange_ability(company)
        if ability is None:
            raise IllegalAction(f"{company.name} cannot be exchanged now")
        corporation = bundle.corporation
        if not any(c is corporation for c in exchange_corporations(self.game, ability)):
            raise IllegalAction(f"{company.name} cannot be exchanged for {corporation.name}")
        sources = list(ability.from_)
        owner = bundle.owner
        ok = (("ipo" in sources and owner is corporation.ipo_owner and all(s.buyable for s in bundle.shares))
              or ("market" in sources and owner.is_share_pool)
              or ("reserved" in sources and owner is corporation.ipo_owner
                  and all(not s.buyable for s in bundle.shares)))
        if not ok or bundle.presidents_share is not None:
            raise IllegalAction(f"{company.name} cannot be exchanged for that certificate")

    def process_buy_shares(self, action: Action) -> None:
        assert isinstance(action, BuyShares)
        company = self.game.resolve_entity(action)
        bundle = bundle_from_action(self.game, action)
        if not self.can_exchange(company, bundle):
            raise IllegalAction(f"Cannot exchange {company.id} for {bundle.corporation.id}")
        self.check_source(company, bundle)
        owner = company.owner
        self.buy_shares(owner, bundle, exchange=company)
        history = getattr(self.round, "players_history", None)
        if history is not None:
            history[owner][bundle.corporation].append(action)
        company.close()


# ---------------------------------------------------------------------------------------------------------
# A corporation buys a private
# ---------------------------------------------------------------------------------------------------------
class BuyCompany(Step):
    """The operating corporation buys a private from a player (phase status ``can_buy_companies``)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_company", "pass")
    ACTIONS_NO_PASS: ClassVar[tuple[str, ...]] = ("buy_company",)
    PASS: ClassVar[tuple[str, ...]] = ("pass",)
    NAME: ClassVar[str] = "BuyCompany"

    def type_name(self) -> str:
        return snake_case(self.NAME)

    def description(self) -> str:
        return "Buy Companies"

    def pass_description(self) -> str:
        return "Done (Companies)" if self.acted else "Skip (Companies)"

    #: may a company change hands for nothing (18ZOO: a power's price runs from 0; nothing is paid then)
    FREE_PURCHASE: ClassVar[bool] = False

    def blocks(self) -> bool:
        return bool(self.opts.get("blocks"))

    def round_state(self) -> dict[str, Any]:
        return {"just_sold_company": None, "company_sellers": {}}

    def actions(self, entity: Any) -> list[str]:
        if entity.is_minor:
            return []
        if self.can_buy_company(entity):
            return list(self.ACTIONS if self.blocks() else self.ACTIONS_NO_PASS)
        if self.blocks() and entity.is_corporation and bool(self.game.ability_rules.abilities(entity, passive_ok=False)):
            return list(self.PASS)
        return []

    def can_buy_company(self, entity: Any) -> bool:
        """Is it ``entity``'s turn, does the phase allow purchases, and can it afford one?"""
        if entity is not self.current_entity():
            return False
        if "can_buy_companies" not in self.game.phase.status:
            return False
        companies = self.game.company_rules.purchasable(entity)
        if not companies:
            return False
        return bool(min(int(c.min_price) for c in companies) <= self.buying_power(entity))

    def max_price(self, company: Any, buyer: Any) -> int:
        limit = company.max_price
        return int(limit(buyer) if callable(limit) else limit)

    def process_buy_company(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        company = self.game.company_by_id(getattr(action, "company", None))
        price = getattr(action, "price", 0)
        if not any(c is company for c in self.game.company_rules.purchasable(entity)):
            raise IllegalAction(f"{entity.name} cannot buy {company.name}")
        self.buy_company(entity, company, int(price), company.owner)

    def buy_company(self, entity: Any, company: Any, price: int, owner: Any) -> None:
        """``entity`` buys ``company`` from ``owner`` (None: the market) for ``price``."""
        fmt = self.game.format_currency
        if not self.game.company_rules.sellable(company):
            raise IllegalAction(f"Cannot buy {company.name} from {self.game.entity_name(owner)}")
        low, high = int(company.min_price), self.max_price(company, entity)
        if not low <= price <= high:
            raise IllegalAction(f"Price must be between {fmt(low)} and {fmt(high)}")
        entity.check_cash(price)
        if price != 0 or not self.FREE_PURCHASE:
            entity.check_positive(price)

        log_later: list[str] = []
        company.owner = entity
        owner_companies = getattr(owner, "companies", None)
        if isinstance(owner_companies, list):
            owner_companies[:] = [c for c in owner_companies if c is not company]

        for ability in self.game.ability_rules.abilities(company, "assign_corporation", time="sold"):
            for corporation in self.assignable_corporations(company):
                assigned = _assignments(corporation)
                if company.id in assigned:
                    del assigned[company.id]
                    if corporation.name != entity.name:
                        log_later.append(f"{company.name} is unassigned from {corporation.name}")
            _assignments(entity)[company.id] = True
            ability.use()
            log_later.append(f"{company.name} is assigned to {entity.name}")
            hex_ = next((h for h in self.game.hexes if h.assigned(company.id)), None)
            log_later.append(f"{company.name} is still assigned to {hex_.name}" if hex_ is not None
                             else f"{company.name} is not assigned to a hex")

        for ability in self.game.ability_rules.abilities(company, "revenue_change", time="sold"):
            company.revenue = ability.revenue

        company.remove_ability_when("sold")

        self.round.just_sold_company = company  # type: ignore[attr-defined]
        self.round.company_sellers[company] = owner  # type: ignore[attr-defined]

        entity.companies.append(company)
        self.pay(entity, owner, price, company)
        for line in log_later:
            self.game.log(line)
        after_sell_company(self.game, entity, company, price, owner)

    def assignable_corporations(self, company: Any = None) -> list[Any]:
        return list(self.game.corporations)

    def pay(self, entity: Any, owner: Any, price: int, company: Any) -> None:
        if price != 0 or not self.FREE_PURCHASE:
            entity.spend(price, owner if owner is not None else self.game.bank)
        company_bought(self.game, company, entity)
        seller = "the market" if owner is None else owner.name
        self.game.log(f"{entity.name} buys {company.name} from {seller} for {self.game.format_currency(price)}")
