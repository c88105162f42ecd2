"""The market pool: buying, selling and transferring share bundles, and presidency changes.

The pool is itself a share holder (the shares "in the market").  Every movement of certificates
between holders goes through :meth:`SharePool.transfer_shares`, which pays, moves the
certificates (appending to the receiver's list, in bundle order) and then re-checks the
presidency exactly as the reference does:

* the holder(s) with the most shares take over only if they hold *strictly* more than the
  current president (a tie keeps the president) and at least the president's certificate;
* among several, the nearest clockwise from the old president (over non-bankrupt players in the
  current seating order) wins;
* the new president receives the president's certificate and hands over the *first* certificates
  of their own list to make up its percent - to the old president if they still hold at least that
  percent, else to the pool;
* after a partial sale (president's certificate counted short), the surplus goes back from the
  pool's *first* certificates to the seller.

Price movement after a sale is not done here: the selling step moves the price.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

from engine.errors import IllegalAction
from engine.model.bank import Bank
from engine.model.entities import CashReceiver, Company, Corporation, Entity, Player, ShareHolder, Spender
from engine.model.shares import Share, ShareBundle


class SharePoolHost(Protocol):
    """What the pool needs from the game.

    * ``bank``: pays for sales, receives IPO money under full capitalisation.
    * ``players``: the current seating order (clockwise distance for presidency ties).
    * ``log(message)``, ``format_currency(amount)``: log lines.
    * ``corporation_rules.float_corporation(corporation)``: called once when a purchase floats a
      corporation (full capitalisation: the game pays the treasury there).
    """

    @property
    def bank(self) -> Bank: ...

    @property
    def players(self) -> Sequence[Player]: ...

    def log(self, message: str) -> None: ...

    def format_currency(self, amount: int) -> str: ...

    @property
    def corporation_rules(self) -> FloatRules: ...


class FloatRules(Protocol):
    """The part of the game's corporation rules the pool calls."""

    def float_corporation(self, corporation: Corporation) -> None: ...


class SharePool(ShareHolder):
    """The market pool (the reference's ``SharePool``).

    Rule switches come from the title: ``market_share_limit`` (percent of a corporation the pool
    may hold), ``sold_shares_destination`` (``"bank"`` = this pool, or ``"corporation"``),
    ``allow_president_sale`` (president's certificate may go to the pool: receivership), who may
    buy from players.  Titles needing more subclass and override the hook methods.
    """

    is_share_pool: ClassVar[bool] = True

    def __init__(
        self,
        host: SharePoolHost,
        *,
        market_share_limit: int = 50,
        sold_shares_destination: str = "bank",
        allow_president_sale: bool = False,
        no_rebundle_president_buy: bool = False,
        buy_share_from_other_player: bool = False,
        corporate_buy_share_allow_buy_from_president: bool = False,
        swap_presidents_share_directly_from_corporation: bool = True,
    ) -> None:
        self.id = "market"
        self.name = "Market"
        self.host = host
        self.market_share_limit_percent = market_share_limit
        self.sold_shares_destination_kind = sold_shares_destination
        self.allow_president_sale = allow_president_sale
        self.no_rebundle_president_buy = no_rebundle_president_buy
        self.buy_share_from_other_player = buy_share_from_other_player
        self.corporate_buy_share_allow_buy_from_president = corporate_buy_share_allow_buy_from_president
        self.swap_presidents_share_directly_from_corporation = swap_presidents_share_directly_from_corporation
        self._init_share_holder()

    @property
    def cash(self) -> int:
        return 0

    @property
    def bank(self) -> Bank:
        return self.host.bank

    # -- hooks (override per title) -------------------------------------------------------------
    def market_share_limit(self, corporation: Corporation | None = None) -> int:
        return self.market_share_limit_percent

    def sold_shares_destination(self, corporation: Corporation) -> str:
        return self.sold_shares_destination_kind

    def can_gain_from_player(self, entity: Entity, bundle: ShareBundle) -> bool:
        return (self.buy_share_from_other_player and entity.is_player) or (
            self.corporate_buy_share_allow_buy_from_president
            and entity.is_corporation
            and bundle.owner is entity.owner
        )

    def possible_presidents(self) -> list[Player]:
        """Players who may become president, in seating order (bankrupt players excluded)."""
        return [p for p in self.host.players if not p.bankrupt]

    def shares_for_presidency_swap(self, shares: list[Share], num_shares: int) -> list[Share]:
        """Which of the new president's certificates go back for the president's certificate."""
        return shares[:num_shares]

    def possible_reorder(self, shares: list[Share]) -> list[Share]:
        return shares

    def additional_price_adjustments(self, bundle: ShareBundle) -> int:
        return 0

    def ipo_name(self, corporation: Corporation) -> str:
        hook = getattr(self.host, "ipo_name", None)  # a title's name for it (Steam Over Holland: "Treasury")
        return str(hook(corporation)) if callable(hook) else "IPO"

    def ipo_verb(self, corporation: Corporation) -> str:
        return "pars"

    def presidency_check_shares(self, corporation: Corporation) -> dict[ShareHolder, int]:
        return corporation.player_share_holders()

    def _fmt(self, amount: int) -> str:
        return self.host.format_currency(amount)

    def _log(self, message: str) -> None:
        self.host.log(message)

    # -- queries ---------------------------------------------------------------------------------
    def fit_in_bank(self, bundle: ShareBundle) -> bool:
        """Would the pool stay within its limit after taking ``bundle``?"""
        return bundle.percent + self.percent_of(bundle.corporation) <= self.market_share_limit(bundle.corporation)

    def bank_at_limit(self, corporation: Corporation) -> bool:
        return self.common_percent_of(corporation) >= self.market_share_limit(corporation)

    def distance(self, player_a: Entity | None, player_b: Entity | None) -> int:
        """Seats clockwise from ``player_a`` to ``player_b`` among possible presidents."""
        if player_a is None or player_b is None:
            return 0
        entities = self.possible_presidents()
        a = next(i for i, p in enumerate(entities) if p is player_a)
        b = next(i for i, p in enumerate(entities) if p is player_b)
        return b - a if a < b else b - (a - len(entities))

    @staticmethod
    def num_presentation(bundle: ShareBundle) -> str:
        num_shares = bundle.num_shares
        if num_shares == 1:
            return f"a {bundle.percent}% share"
        return f"{num_shares} shares"

    # -- buying and selling ------------------------------------------------------------------
    def buy_shares(
        self,
        entity: ShareHolder,
        shares: ShareBundle | Share | Sequence[Share],
        exchange: Company | str | None = None,
        exchange_price: int | None = None,
        swap: Share | None = None,
        allow_president_change: bool = True,
        silent: bool = False,
        borrow_from: Spender | None = None,
        discounter: Entity | None = None,
    ) -> None:
        """``entity`` buys ``shares`` from whoever holds them.

        ``exchange`` (a company, or ``"free"``) makes it an exchange paid ``exchange_price`` (or
        nothing); ``swap`` is a certificate handed over as part payment.  The buyer pays the
        seller (a player, a corporation selling treasury shares, or - incremental capitalisation -
        the corporation for IPO shares); IPO shares under full capitalisation pay the bank.  Calls
        ``host.float_corporation`` when this purchase floats the corporation.
        """
        bundle = shares if isinstance(shares, ShareBundle) else ShareBundle(shares)
        if (
            self.allow_president_sale
            and not self.no_rebundle_president_buy
            and bundle.presidents_share is not None
            and bundle.owner is self
        ):
            bundle = ShareBundle(bundle.shares, bundle.corporation.share_percent)

        if bundle.owner.is_player and not self.can_gain_from_player(entity, bundle):
            raise IllegalAction("Cannot buy share from player")

        corporation = bundle.corporation
        ipoed = corporation.ipoed
        floated = corporation.is_floated()
        name = entity.name

        if bundle.presidents_share is not None or (corporation.owner is not None and corporation.owner.is_player):
            corporation.ipoed = True
        price = bundle.price
        par = corporation.par_price
        par_price = par.price if par is not None else None

        if ipoed != corporation.ipoed and par_price and not silent:
            self._log(f"{name} {self.ipo_verb(corporation)} {corporation.name} at {self._fmt(par_price)}")

        share_str = f"a {bundle.percent}% share "
        if entity is not corporation:
            share_str += f"of {corporation.name}"

        seller = bundle.owner
        if seller is corporation.ipo_owner:
            source = f"the {self.ipo_name(corporation)}"
        elif seller.is_corporation and seller is corporation:
            source = "the Treasury"
        elif seller.is_corporation or seller.is_player:
            source = seller.name
        else:
            source = "the market"

        if exchange is not None:
            price = exchange_price or 0
            if not silent:
                if isinstance(exchange, Company):
                    if exchange_price:
                        self._log(
                            f"{name} exchanges {exchange.name} and {self._fmt(price)} for {share_str} from {source}"
                        )
                    else:
                        self._log(f"{name} exchanges {exchange.name} for {share_str} from {source}")
                else:
                    self._log(f"{name} receives {share_str}")
        else:
            if swap is not None:
                price -= swap.price
            swap_text = f" + swap of a {swap.percent}% share" if swap is not None else ""
            buyer_cash = entity.cash if isinstance(entity, Spender) else 0
            borrowed = price - buyer_cash if borrow_from is not None else 0
            borrowed_text = (
                f" by borrowing {self._fmt(borrowed)} from {borrow_from.name}"
                if borrow_from is not None and borrowed > 0
                else ""
            )
            verb = "redeems" if entity is corporation else "buys"
            if not silent:
                discounter_str = f"({discounter.name}) " if discounter is not None else ""
                self._log(
                    f"{name} {discounter_str}{verb} {share_str} from {source} "
                    f"for {self._fmt(price)}{swap_text}{borrowed_text}"
                )

        if price == 0:
            self.transfer_shares(bundle, entity, allow_president_change=allow_president_change)
        else:
            receiver: ShareHolder
            if (
                (corporation.capitalization in ("escrow", "incremental") and seller.is_corporation)
                or (seller.is_corporation and not corporation.ipo_is_treasury)
                or (seller.is_corporation and seller is not corporation)
                or seller.is_player
            ):
                receiver = seller
            else:
                receiver = self.host.bank
            payer = self.host.bank if entity is self else entity
            self.transfer_shares(
                bundle,
                entity,
                spender=_as_spender(payer),
                receiver=_as_spender(receiver),
                price=price,
                swap=swap,
                swap_to_entity=self if swap is not None else None,
                borrow_from=borrow_from,
                allow_president_change=allow_president_change,
            )

        if corporation.floatable and floated != corporation.is_floated():
            self.host.corporation_rules.float_corporation(corporation)

    def sell_shares(
        self,
        bundle: ShareBundle,
        allow_president_change: bool = True,
        swap: Share | None = None,
        silent: bool = False,
    ) -> None:
        """The bundle's owner sells it to the pool (or the corporation, per title); the bank pays."""
        entity = bundle.owner
        verb = "issues" if entity.is_corporation and entity is bundle.corporation else "sells"
        price = bundle.price
        if swap is not None:
            price -= swap.price
        price -= self.additional_price_adjustments(bundle)
        swap_text = f" and a {swap.percent}% share" if swap is not None else ""
        if not silent:
            self._log(
                f"{entity.name} {verb} {self.num_presentation(bundle)} of {bundle.corporation.name} "
                f"and receives {self._fmt(price)}{swap_text}"
            )
        transfer_to: ShareHolder = (
            bundle.corporation if self.sold_shares_destination(bundle.corporation) == "corporation" else self
        )
        self.transfer_shares(
            bundle,
            transfer_to,
            spender=self.host.bank,
            receiver=_as_spender(entity),
            price=price,
            allow_president_change=allow_president_change,
            swap=swap,
            swap_to_entity=entity if swap is not None else None,
        )

    def transfer_shares(
        self,
        bundle: ShareBundle,
        to_entity: ShareHolder,
        spender: Spender | None = None,
        receiver: CashReceiver | None = None,
        price: int | None = None,
        allow_president_change: bool = True,
        swap: Share | None = None,
        borrow_from: Spender | None = None,
        swap_to_entity: ShareHolder | None = None,
        corporate_transfer: bool = False,
    ) -> None:
        """Move ``bundle`` to ``to_entity``; ``spender`` pays ``receiver`` ``price`` (if positive);
        ``swap`` goes to ``swap_to_entity``; then the presidency is re-checked."""
        corporation = bundle.corporation
        owner = bundle.owner
        previous_president: Entity | None = bundle.president
        if price is None:
            price = bundle.price

        holders = corporation.share_holders
        holders[owner] = holders.get(owner, 0) - bundle.percent
        holders[to_entity] = holders.get(to_entity, 0) + bundle.percent

        if swap is not None:
            if swap_to_entity is None:
                raise IllegalAction("A share swap needs a destination")
            holders[swap.owner] = holders.get(swap.owner, 0) - swap.percent
            holders[swap_to_entity] = holders.get(swap_to_entity, 0) + swap.percent
            self.move_share(swap, swap_to_entity)

        if spender is not None and receiver is not None and price > 0:
            spender.spend(price, receiver, borrow_from=borrow_from)

        for share in list(bundle.shares):
            self.move_share(share, to_entity)

        if not allow_president_change:
            return

        check = self.presidency_check_shares(corporation)
        max_shares = max(check.values(), default=0)

        # president's certificate sold into the pool: receivership (titles allowing it)
        if (
            self.allow_president_sale
            and max_shares < corporation.presidents_percent
            and bundle.presidents_share is not None
            and to_entity is self
        ):
            corporation.owner = self
            self._log(f"President's share sold to pool. {corporation.name} enters receivership")
            if bundle.partial:
                self.handle_partial(bundle, self, owner)
            return

        # president's certificate bought from the pool: leave receivership
        if self.allow_president_sale and owner is self and bundle.presidents_share is not None:
            corporation.owner = to_entity
            self._log(f"{to_entity.name} becomes the president of {corporation.name}")
            self._log(f"{corporation.name} exits receivership")
            self.handle_partial(bundle, to_entity, self)
            return

        if self.allow_president_sale and max_shares < corporation.presidents_percent:
            return

        majority = [h for h, p in check.items() if p == max_shares]
        if any(h is previous_president for h in majority):
            return

        president: ShareHolder | None = None
        if previous_president is None:
            president = next((h for h in majority if h is corporation.presidents_share.owner), None)
        if president is None:
            eligible = [h for h in majority if h.percent_of(corporation) >= corporation.presidents_percent]
            if previous_president is not self and previous_president is not None:
                # only a possible president can take over (1822CA's tax haven, holding CPR's 10% like its
                # 10% director's certificate, is not one)
                possible = self.possible_presidents()
                eligible = [h for h in eligible if any(h is p for p in possible)]
            if eligible:
                if previous_president is self:
                    president = eligible[0]
                else:
                    president = min(eligible, key=lambda h: self.distance(previous_president, h))
        if president is None:
            return

        corporation.owner = president
        self._log(f"{president.name} becomes the president of {corporation.name}")

        # the new president just received the whole certificate from the outgoing one
        if (
            to_entity is president
            and previous_president is owner
            and bundle.presidents_share is not None
            and not bundle.partial
        ):
            return

        if (
            owner is corporation
            and bundle.presidents_share is None
            and self.swap_presidents_share_directly_from_corporation
            and previous_president is None
        ):
            previous_president = corporation
        if owner is president or previous_president is None:
            return
        if not isinstance(previous_president, ShareHolder):
            return

        presidents_share = bundle.presidents_share or next(
            (s for s in previous_president.shares_of(corporation) if s.president), None
        )
        if presidents_share is None:
            return

        transfer_to: ShareHolder
        swap_to: ShareHolder
        if ((owner.is_player and to_entity.is_player) or corporate_transfer) and bundle.presidents_share is not None:
            transfer_to = to_entity
            swap_to = to_entity
        else:
            transfer_to = corporation if self.sold_shares_destination(corporation) == "corporation" else self
            swap_to = (
                previous_president
                if previous_president.percent_of(corporation) >= presidents_share.percent
                else transfer_to
            )

        self.change_president(presidents_share, swap_to, president, previous_president)

        if bundle.partial:
            self.handle_partial(bundle, transfer_to, owner)

    def change_president(
        self,
        presidents_share: Share,
        swap_to: ShareHolder,
        president: ShareHolder,
        previous_president: Entity | None = None,
    ) -> None:
        """``president`` takes the president's certificate and gives the first certificates of
        their own list, worth its percent, to ``swap_to``."""
        corporation = presidents_share.corporation
        num_shares = presidents_share.percent // corporation.share_percent
        own = self.possible_reorder(list(president.shares_of(corporation)))
        for share in self.shares_for_presidency_swap(own, num_shares):
            self.move_share(share, swap_to)
        self.move_share(presidents_share, president)

    def handle_partial(self, bundle: ShareBundle, source: ShareHolder, destination: ShareHolder) -> None:
        """After a partial bundle moved, give back the surplus: ``source``'s first certificates."""
        corporation = bundle.corporation
        difference = sum(s.percent for s in bundle.shares) - bundle.percent
        for _ in range(difference // corporation.share_percent):
            self.move_share(source.shares_of(corporation)[0], destination)

    @staticmethod
    def move_share(share: Share, to_entity: ShareHolder) -> None:
        """Move one certificate (lists only; holder totals are the caller's business)."""
        corporation = share.corporation
        share.owner.delete_share(share)
        to_entity.shares_by_corporation[corporation].append(share)
        share.owner = to_entity

    def __repr__(self) -> str:
        return "<SharePool>"


def _as_spender(entity: ShareHolder) -> Spender:
    if not isinstance(entity, Spender):
        raise IllegalAction(f"{entity.name} cannot pay or receive money")
    return entity
