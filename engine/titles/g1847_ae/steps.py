"""1847 AE's rounds and steps.

* ``DraftRound1847`` / ``Draft1847``: the private companies are drafted before the first stock round, each at its
  face value, the first pass in reverse seat order and then in seat order; a player who cannot afford any company
  left passes; when everybody has passed and companies are left, a short operating round follows and the draft
  goes on (``Game1847AE.next_round``).
* the stock round (``Game1847AE.start_stock_round``: the investor companies are exchanged at its start once the
  5+5 train was bought): ``Exchange1847`` exchanges an investor company for its reserved share (phases 3+3 to 5) instead of a purchase,
  and ``BuySellParShares1847`` sells the IPO's double certificates in order, nationalises (a holder of 70% buys
  out another player's share at 150% of the price) and sells the locomotive firm at any time.
* ``OperatingRound1847``: remembers whether a train was bought from the depot (the locomotive firm's income).
* ``Track1847``: the yellow-phase colour restriction, E9 from phase 5 on, double towns upgrade without the track
  restrictions; ``Dividend1847``: the corporation earns only for its shares in the market pool;
  ``BuyTrain1847``: no trains between corporations in phase 3, the locomotive firm pays on the first depot train
  of each operating round.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import GameError, IllegalAction
from engine.rounds.operating import OperatingRound
from engine.steps.base import Step
from engine.steps.companies import Exchange
from engine.steps.dividend import Dividend
from engine.steps.draft import DraftRound
from engine.steps.shares import BuySellParShares, bundle_from_action
from engine.steps.single_train import BuySingleTrainOfType
from engine.steps.track import Track

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.model.shares import ShareBundle


# ---------------------------------------------------------------------------------------------------------
# The draft
# ---------------------------------------------------------------------------------------------------------
class DraftRound1847(DraftRound):
    """The draft round: the first pass in reverse seat order, then in seat order; it ends when every company is
    drafted or every player has passed."""

    def __init__(self, game: Any, steps: list[Any], *, reverse: bool = False) -> None:
        super().__init__(game, steps, order="reverse" if reverse else "forward")

    def setup(self) -> None:
        self.skip_steps()
        if self.active_step() is None:
            self.next_entity()

    def next_entity_index(self) -> None:
        # after the first pass in reverse order, the seats are read forwards again
        if self.order == "reverse" and self.entity_index == len(self.entities) - 1:
            self.entities.reverse()
            self.order = "forward"
        self.entity_index = (self.entity_index + 1) % len(self.entities)

    def after_process(self, action: Action) -> None:
        if self.active_step() is not None:
            return
        self.next_entity()

    def next_entity(self) -> None:
        self.next_entity_index()
        if self.finished():
            game: Any = self.game
            game.draft_finished = self.all_drafted()
            return
        for step in self.steps:
            step.unpass()
        self.skip_steps()
        if self.active_step() is None:
            self.next_entity()

    def all_drafted(self) -> bool:
        return all(c.owner is not None or c.closed for c in self.game.companies)

    def finished(self) -> bool:
        return self.all_drafted() or all(e.passed for e in self.entities)


class Draft1847(Step):
    """Take one company at its face value, or pass; a player who cannot afford any company passes."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "pass")
    NAME: ClassVar[str] = "Draft"

    def setup(self) -> None:
        companies = [c for c in self.game.companies if c.owner is None and not c.closed]
        self.companies = sorted(companies, key=lambda c: (c.revenue, c.value))

    def description(self) -> str:
        return "Draft Private Companies"

    def active(self) -> bool:
        return True

    def available(self) -> list[Any]:
        return list(self.companies)

    def min_bid(self, company: Any) -> int:
        return int(company.value)

    def can_buy_any(self, player: Any) -> bool:
        return any(player.cash >= self.min_bid(c) for c in self.companies)

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or self.acted or not self.can_buy_any(entity):
            return []
        return list(self.ACTIONS)

    def process_bid(self, action: Action) -> None:
        from engine.steps.auction import after_buy_company

        player = self.game.resolve_entity(action)
        player.unpass()
        company = self.game.company_by_id(getattr(action, "company", None))
        if company not in self.companies:
            raise IllegalAction(f"{company.name} is not in the draft")
        price = int(getattr(action, "price", 0) or 0)
        if price != self.min_bid(company):
            raise IllegalAction(f"{company.name} costs {self.game.format_currency(self.min_bid(company))}")
        company.owner = player
        player.companies.append(company)
        player.spend(price, self.game.bank)
        self.companies.remove(company)
        self.game.log(f"{player.name} buys {company.name} for {self.game.format_currency(price)}")
        after_buy_company(self.game, player, company, price)

    def process_pass(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        self.game.log(f"{player.name} passes")
        self.pass_()
        player.pass_()

    def skip(self) -> None:
        current = self.current_entity()
        if not self.acted and current is not None:
            self.game.log(f"{current.name} cannot afford any company and passes")
        self.pass_()
        if not self.acted and current is not None:
            current.pass_()


# ---------------------------------------------------------------------------------------------------------
# The stock round
# ---------------------------------------------------------------------------------------------------------
def can_gain(game: Any, entity: Any, bundle: ShareBundle | None, exchange: bool) -> bool:
    """The holding limit; the certificate limit, but not for an exchange, which only an investor company's
    corporation takes, and only while it may (no exemption for market colours: this market has none)."""
    if bundle is None or entity is None:
        return False
    corporation = bundle.corporation
    if exchange and not game.can_corporation_have_investor_shares_exchanged(corporation):
        return False
    return bool(corporation.holding_ok(entity, bundle.common_percent)) and (
        exchange or game.corporation_rules.num_certs(entity) < game.corporation_rules.cert_limit_for(entity))


class Exchange1847(Exchange):
    """An investor company for its reserved share, in place of a purchase, while its corporation may take it."""

    def can_exchange(self, entity: Any, bundle: ShareBundle | None = None) -> bool:
        if not entity.is_company:
            return False
        ability = self.exchange_ability(entity)
        if ability is None:
            return False
        from engine.steps.companies import exchange_corporations

        corporations = exchange_corporations(self.game, ability)
        game: Any = self.game
        return bool(corporations) and bool(game.can_corporation_have_investor_shares_exchanged(corporations[0]))

    def can_gain(self, entity: Any, bundle: ShareBundle | None, exchange: bool = False) -> bool:
        return can_gain(self.game, entity, bundle, exchange)

    def process_buy_shares(self, action: Action) -> None:
        company = self.game.resolve_entity(action)
        bundle = bundle_from_action(self.game, action)
        if not self.can_exchange(company, bundle):
            raise IllegalAction(f"Cannot exchange {company.id} for {bundle.corporation.id}")
        self.check_source(company, bundle)
        for share in bundle.shares:
            share.buyable = True
        owner = company.owner
        self.buy_shares(owner, bundle, exchange=company)
        company.close()
        # the exchange takes the place of a purchase
        self.round.current_actions.append(action)  # type: ignore[attr-defined]


class BuySellParShares1847(BuySellParShares):
    def get_par_prices(self, entity: Any, corporation: Any = None) -> list[Any]:
        return [corporation.par_price] if corporation is not None else []

    def can_par_at(self, entity: Any, corporation: Any, share_price: Any) -> bool:
        return share_price is corporation.par_price and super().can_par_at(entity, corporation, share_price)

    def can_buy(self, entity: Any, bundle: ShareBundle | None) -> bool:
        if bundle is None:
            return False
        if bundle.owner.is_player:
            # nationalisation: 70% of the corporation, 150% of the price
            corporation = bundle.corporation
            if not self.can_nationalize(entity, corporation):
                return False
            return (entity.cash >= self.nationalization_price(bundle.price)
                    and not self.players_sold[entity].get(corporation)
                    and self.can_gain(entity, bundle))
        if not super().can_buy(entity, bundle):
            return False
        corporation = bundle.corporation
        cert = bundle.shares[0]
        if cert.owner is corporation.ipo_owner:
            # the 2nd and the last IPO certificates may be double; they are sold in order
            ipo_shares = [s for s in corporation.ipo_owner.shares_of(corporation) if s.buyable]
            facts = corporation.extra
            if facts.get("second_double") and len(ipo_shares) == 6:
                return bool(cert.double_cert)
            if facts.get("last_double") and len(ipo_shares) == 1:
                return bool(cert.double_cert)
            if cert.double_cert:
                return False
        return True

    def can_gain(self, entity: Any, bundle: ShareBundle | None, exchange: bool = False) -> bool:
        return can_gain(self.game, entity, bundle, exchange)

    def can_buy_any_from_player(self, entity: Any) -> bool:
        if self.bought():
            return False
        return any(self.can_nationalize(entity, c)
                   and entity.cash >= self.nationalization_price(c.share_price.price)
                   for c in self.game.corporations if c.floated)

    def can_nationalize(self, player: Any, corporation: Any) -> bool:
        game: Any = self.game
        if corporation is game.lfk:
            return False
        return bool(player.num_shares_of(corporation) >= 7)

    @staticmethod
    def nationalization_price(price: int) -> int:
        return math.ceil(price * 1.5)

    def modify_purchase_price(self, bundle: ShareBundle) -> int:
        if bundle.owner.is_player:
            return self.nationalization_price(bundle.price)
        return super().modify_purchase_price(bundle)

    def process_buy_shares(self, action: Action) -> None:
        bundle = bundle_from_action(self.game, action)
        if not bundle.owner.is_player:
            super().process_buy_shares(action)
            return
        player = self.game.resolve_entity(action)
        price = self.nationalization_price(bundle.price)
        owner = bundle.owner
        corporation = bundle.corporation
        if not self.can_nationalize(player, corporation):
            raise GameError("Cannot nationalize this corporation")
        if player.cash < price:
            raise GameError("Not enough cash for nationalization")
        self.game.log(f"-- Nationalization: {player.name} buys a {bundle.percent}% share of {corporation.name} "
                      f"from {owner.name} for {self.game.format_currency(price)} --")
        self.game.share_pool.transfer_shares(bundle, player, spender=player, receiver=owner, price=price)
        game: Any = self.game
        game.nationalization_actions_this_round.append(action)
        self.track_action(action, player, corporation)

    def program_stop_reason(self, entity: Any, other: Any, action: Action, corporation: Any, share: Any) -> str | None:
        """(engine.programs) Another player's nationalisation this round stops a program."""
        game: Any = self.game
        if any(a is action for a in game.nationalization_actions_this_round):
            return "Nationalization"
        return None

    def can_sell(self, entity: Any, bundle: ShareBundle | None) -> bool:
        game: Any = self.game
        # the locomotive firm is a private company sold through the market
        if bundle is not None and bundle.corporation is game.lfk and not self.bought():
            return True
        return super().can_sell(entity, bundle)


# ---------------------------------------------------------------------------------------------------------
# The operating round
# ---------------------------------------------------------------------------------------------------------
class OperatingRound1847(OperatingRound):
    def setup(self) -> None:
        game: Any = self.game
        game.train_bought_this_round = False
        super().setup()


class Track1847(Track):
    def available_hex(self, entities: Any, hex_: Any) -> list[int] | None:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        game: Any = self.game
        if hex_.id == "E9" and not game.can_build_in_e9():
            return None
        if game.yellow_tracks_restricted and not any(
                i.name == getattr(entity, "extra", {}).get("hex_color") for i in hex_.tile.icons):
            return None
        return super().available_hex(entities, hex_)

    def track_restrictions_apply(self, entity: Any, old_tile: Any, new_tile: Any) -> bool:
        """Not for a yellow double town becoming one green town."""
        game: Any = self.game
        return old_tile.name not in game.DOUBLE_TOWN_TILES


class Dividend1847(Dividend):
    def holder_for_corporation(self, entity: Any) -> Any:
        """A corporation earns for its shares in the market pool only."""
        return self.game.share_pool


class BuyTrain1847(BuySingleTrainOfType):
    def buyable_trains(self, entity: Any) -> list[Any]:
        trains = super().buyable_trains(entity)
        if "can_buy_trains" in self.game.phase.status:
            return trains
        return [t for t in trains if t.from_depot]

    def process_buy_train(self, action: Action) -> None:
        game: Any = self.game
        train = game.train_by_id(getattr(action, "train", None))
        new_train = any(t is train for t in game.depot.upcoming)
        super().process_buy_train(action)
        lfk = game.lfk
        if game.train_bought_this_round or not lfk.floated or not new_train:
            return
        owner = lfk.owner
        if owner is not None and owner.is_player:
            revenue = train.price // 10
            game.bank.spend(revenue, owner)
            game.log(f"{lfk.name} pays {game.format_currency(revenue)} to {owner.name}")
        old = lfk.share_price
        game.stock_market.move_right(lfk)
        game.share_rules.log_share_price(lfk, old)
        game.train_bought_this_round = True

    def can_sell(self, entity: Any, bundle: ShareBundle) -> bool:
        game: Any = self.game
        if bundle.corporation is not game.lfk:
            return super().can_sell(entity, bundle)
        if entity is not bundle.owner:
            return False
        return bool(self.selling_minimum_shares(bundle))


__all__ = [
    "BuySellParShares1847",
    "BuyTrain1847",
    "Dividend1847",
    "Draft1847",
    "DraftRound1847",
    "Exchange1847",
    "OperatingRound1847",
    "Track1847",
]
