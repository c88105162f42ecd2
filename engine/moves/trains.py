"""Legal train moves: buying (depot, discard pile, other corporations, trade-ins), the emergency sales and
issues that raise money for a forced purchase, and discarding trains over the limit.

Prices (issue 7): a depot or discard-pile train costs exactly its price (the variant's, or the trade-in price
when exchanging); the reference engine accepts any price from 1 to the buying power for it, which the printed
rules forbid ("a depot 3-train bought for $1").  A train bought from another corporation costs any whole amount
in the step's own range (``TrainBuying.spend_minmax``, face value where a rule or ability says so).

Who buys: only the operating corporation, in its BuyTrain step (1846's step does not check whose turn it is; the
enumeration offers no purchase to anyone else, so strict play refuses it).  Emergency money: when the step lets
the president contribute, a depot train dearer than the corporation's cash is offered when the president's cash
covers the rest; otherwise the president's sellable bundles are the moves (``SellSharesMove``) and the train is
listed as unusable with what is missing.  1846's emergency issue is the corporation's ``sell_shares``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.live import STALLS
from engine.errors import GameError
from engine.moves.base import Move, PassMove, Unusable, in_range
from engine.moves.registry import entity_ref, enumerates
from engine.moves.stock import sell_moves, stalling_sale
from engine.steps.special_buy_train import SpecialBuyTrain
from engine.steps.trains import BuyTrain, DiscardTrain, TrainBuying, discountable_trains_for

if TYPE_CHECKING:
    from engine.steps.base import Step

__all__ = ["BuyTrainMove", "DiscardTrainMove", "special_buy_train_moves"]


@dataclass(frozen=True)
class BuyTrainMove(Move):
    """Buy train ``train`` (id) as ``variant`` from ``source`` ("depot", "discard" or the selling corporation's
    id) for ``min_price``..``max_price`` (equal for the depot), trading in ``exchange`` (a train id) if set.
    ``contribution`` is the most the president adds from their own cash."""

    TYPE: ClassVar[str] = "buy_train"
    train: str = ""
    variant: str = ""
    source: str = "depot"
    min_price: int = 0
    max_price: int = 0
    exchange: str | None = None
    contribution: int = 0
    #: a train bought from a corporation another player presides over: legal only when that president agrees
    #: (the engine, like the site, takes the buyer's word for it); bots and random playouts leave these out
    needs_consent: bool = False

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("train") != self.train:
            return f"not train {self.train}"
        variant = action.get("variant")
        if variant is not None and variant != self.variant:
            return f"not the {self.variant} variant of {self.train}"
        if (action.get("exchange") or None) != self.exchange:
            if self.exchange is None:
                return f"no train can be traded in for {self.train} here"
            return f"buying {self.train} for {self.min_price} needs trading in {self.exchange}"
        for key in ("shell", "slots", "extra_due", "warranties"):
            if action.get(key):
                return f"{key.replace('_', ' ')} is not available here"
        what = f"price of the {self.variant} train from {self.source}"
        if self.min_price == self.max_price and action.get("price") != self.min_price:
            return f"the {self.variant} train from {self.source} costs {self.min_price}, not {action.get('price')!r}"
        return in_range(action.get("price"), self.min_price, self.max_price, what)

    def affinity(self, action: Mapping[str, Any]) -> int:
        if action.get("train") != self.train:
            return 0
        return 2 if (action.get("exchange") or None) == self.exchange else 1

    def sample(self, rng: random.Random) -> dict[str, Any]:
        action = {**self.base(), "train": self.train, "price": rng.randint(self.min_price, self.max_price),
                  "variant": self.variant}
        if self.exchange is not None:
            action["exchange"] = self.exchange
        return action

    def describe(self) -> str:
        price = str(self.min_price) if self.min_price == self.max_price else f"{self.min_price} to {self.max_price}"
        swap = f", trading in {self.exchange}" if self.exchange else ""
        return f"buy a {self.variant} train ({self.train}) from {self.source} for {price}{swap}"


@dataclass(frozen=True)
class DiscardTrainMove(Move):
    """Discard ``train`` (over the train limit)."""

    TYPE: ClassVar[str] = "discard_train"
    train: str = ""
    name: str = ""

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("train") != self.train:
            return f"not train {self.train}"
        return None

    def affinity(self, action: Mapping[str, Any]) -> int:
        return 1 if action.get("train") == self.train else 0

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "train": self.train}

    def describe(self) -> str:
        return f"discard the {self.name} train ({self.train})"


def _other_presidents(buyer: Any, seller: Any) -> bool:
    """A train changing hands between corporations of two presidents needs the seller's president's word (a price
    below the train's worth is a gift); one president's corporations trade freely."""
    president = getattr(seller, "owner", None)
    return bool(getattr(president, "is_player", False)) and president is not getattr(buyer, "owner", None)


def _owned_by_corporation(train: Any) -> bool:
    owner = train.owner
    return owner is not None and bool(getattr(owner, "is_corporation", False))


def _source(step: TrainBuying, train: Any) -> str:
    if any(t is train for t in step.depot.discarded):
        return "discard"
    owner = train.owner
    if owner is None or owner is step.depot:
        return "depot"
    return str(owner.id)


def _cheapest_ok(step: TrainBuying, train: Any) -> bool:
    try:
        step.check_for_cheapest_train(train)
    except GameError:
        return False
    return True


def buy_train_moves(step: TrainBuying, entity: Any) -> Iterator[Move | Unusable]:
    """The operating corporation's purchases."""
    if entity is not step.current_entity():
        return
    game = step.game
    entity_type, entity_id = entity_ref(entity)
    cash = int(entity.cash)
    power = int(step.buying_power(entity))
    contribute = bool(step.president_may_contribute(entity))
    president = getattr(entity, "owner", None)
    president_cash = int(getattr(president, "cash", 0)) if contribute and getattr(president, "is_player", False) \
        else 0
    # ``train_discount`` abilities (Steam Over Holland's Werkspoor) lower the price of depot trains.
    discounts = list(game.ability_rules.abilities(entity, "train_discount", time=step.ability_timing()))
    if any(isinstance(s, SpecialBuyTrain) for s in step.round.steps):
        # a private's discount is then the private's own purchase (SpecialBuyTrain uses it up), not the
        # corporation's: 18MS's Mobile & Ohio
        discounts = [a for a in discounts if not getattr(a.owner, "is_company", False)]
    for train in step.buyable_trains(entity):
        if train.owner is entity:
            continue
        source = _source(step, train)
        if _owned_by_corporation(train):
            low, high = step.spend_minmax(entity, train)
            if step.must_buy_at_face_value(train, entity):
                low, high = max(low, int(train.price)), min(high, int(train.price))
            if not contribute:
                high = min(high, cash)
            low = max(low, 1)
            if low > high:
                yield Unusable("train", str(train.id), f"{entity_id} cannot pay what {train.owner.name}'s "
                                                       f"{train.name} train may be bought for")
                continue
            variants = [v for v in step.buyable_exchangeable_train_variants(train, entity, None)
                        if v.get("name") == train.name] or [{"name": train.name}]
            yield BuyTrainMove(entity_type, entity_id, train=str(train.id), variant=str(variants[0]["name"]),
                               source=source, min_price=int(low), max_price=int(high),
                               contribution=max(0, high - cash) if contribute else 0,
                               needs_consent=_other_presidents(entity, train.owner))
            continue
        saved = train.name
        try:
            for variant in step.buyable_exchangeable_train_variants(train, entity, None):
                name = str(variant["name"])
                price = int(variant["price"])
                train.set_variant(name)
                if discounts and train.from_depot:
                    price = min(int(a.discounted_price(train, price)) for a in discounts)
                if price <= 0:
                    # a depot train priced nothing (18ZOO's patched 1S discarded over the train limit lands in
                    # the discard): the purchase would spend zero, which the buy refuses, as the reference's does
                    yield Unusable("train", str(train.id), f"the {name} train costs nothing: a purchase cannot "
                                                          "spend zero")
                    continue
                if price <= cash + step.automatic_funds(entity, train):
                    needed = 0
                elif contribute and power <= cash and _cheapest_ok(step, train) and (
                        price - cash <= president_cash or _loan_covers(step, president)):
                    needed = price - cash
                elif contribute and power <= cash and _cheapest_ok(step, train) and _loan_covers(step, president):
                    needed = price - cash  # the president borrows what they lack (player debt)
                else:
                    short = price - cash - president_cash
                    money = game.format_currency
                    why = (f"the {name} train costs {money(price)}; {entity_id} has {money(cash)}"
                           + (f" and its president {money(president_cash)} ({money(short)} short: sell shares)"
                              if contribute and _cheapest_ok(step, train) else ""))
                    yield Unusable("train", str(train.id), why)
                    continue
                yield BuyTrainMove(entity_type, entity_id, train=str(train.id), variant=name, source=source,
                                   min_price=price, max_price=price, contribution=needed)
        finally:
            train.set_variant(saved)
    # trade-ins (no contribution when exchanging)
    if step.discountable_trains_allowed(entity):
        offers = discountable_trains_for(game, entity)
        for owned, depot_train, name, price in offers:
            if price > cash:
                continue
            if price < 0:
                # a trade-in worth more than the new train (1867's 5+5E for a 2+2: -150): an action cannot carry a
                # negative price, so live play does not offer it
                yield Unusable("train", str(depot_train.id), f"trading in {owned.name} for a {name} would cost "
                               f"{price}: a purchase cannot pay the buyer")
                continue
            names = [str(v["name"]) for v in step.buyable_exchangeable_train_variants(depot_train, entity, owned)]
            if name not in names:
                continue
            yield BuyTrainMove(entity_type, entity_id, train=str(depot_train.id), variant=name, source="depot",
                               min_price=int(price), max_price=int(price), exchange=str(owned.id))


def _loan_covers(step: Any, president: Any) -> bool:
    """Would the bank lend the president what is missing (``RuleSet.ebuy_can_take_player_loan``: "after_sell"
    once nothing is left to sell, "no_sell" before any sale, True always)?"""
    game = step.game
    mode = game.rules.ebuy_can_take_player_loan
    if not mode or not getattr(president, "is_player", False):
        return False
    if mode == "after_sell":
        return not any(step.sellable_shares(president))
    if mode == "no_sell":
        return not getattr(step, "corporations_sold", None)
    return True


def emergency_sell_moves(step: TrainBuying, seller: Any) -> Iterator[Move | Unusable]:
    """The president's sellable bundles (only bundles the step's ``can_sell`` accepts)."""
    game = step.game
    for corporation in list(seller.shares_by_corporation):
        if not seller.shares_by_corporation[corporation]:
            continue
        bundles = [b for b in game.share_rules.sellable_bundles(seller, corporation) if step.can_sell(seller, b)]
        for move in sell_moves(game, seller, bundles):
            reason = stalling_sale(game, move)
            yield move if reason is None else Unusable("share", move.corporation, reason)


def issue_moves(step: Any, corporation: Any) -> Iterator[Move | Unusable]:
    """1846: the corporation's emergency issue (once, before its president may help)."""
    for bundle in step.issuable_shares(corporation):
        yield from sell_moves(step.game, corporation, [bundle], compute_after=False,
                              share_price=int(bundle.price_per_share))


def _forced_buy_stalls(step: Any, corporation: Any) -> bool:
    """A corporation that must buy a train has no purchase open, cannot issue, its president (a player) has no
    share to sell and may not go bankrupt: nobody can act (the reference stops there too; 1852: Missouri's
    variant rule after a president's sale can lead there)."""
    if "pass" in step.actions(corporation) or not getattr(corporation, "is_corporation", False):
        return False
    can_issue = getattr(step, "can_issue", None)
    if callable(can_issue) and can_issue(corporation):
        return False
    president = corporation.owner
    if president is None or not getattr(president, "is_player", False):
        return False
    if any(isinstance(m, Move) for m in emergency_sell_moves(step, president)):
        return False
    game = step.game
    return not game.bankruptcy.can_go_bankrupt(president, corporation)


@enumerates(BuyTrain)
def buy_train_step_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, BuyTrain)
    kinds = step.actions(entity)
    if "buy_train" in kinds:
        found = list(buy_train_moves(step, entity))
        yield from found
        if not any(isinstance(m, Move) for m in found) and _forced_buy_stalls(step, entity):
            yield Unusable("train", "", f"{entity.name} must buy a train it cannot pay for, its president has no "
                                        f"share to sell and may not go bankrupt: {STALLS}")
    if "sell_shares" in kinds:
        if getattr(entity, "is_player", False):
            current = step.current_entity()
            if current is not None and entity is current.owner:
                yield from emergency_sell_moves(step, entity)
        elif getattr(entity, "is_corporation", False) and entity is step.current_entity():
            if hasattr(step, "can_issue"):
                if step.can_issue(entity):
                    yield from issue_moves(step, entity)
            else:
                yield from emergency_sell_moves(step, entity)
    if "pass" in kinds and entity is step.current_entity():
        yield PassMove(*entity_ref(entity), label=step.pass_description())


@enumerates(SpecialBuyTrain)
def special_buy_train_moves(step: Step, company: Any) -> Iterator[Move | Unusable]:
    """A company's discounted purchase for the corporation owning it: each depot train its ability covers, at the
    discounted price, while the corporation's own train-buying step is the one blocking and it has room and cash
    (no president's help with a company's discount)."""
    assert isinstance(step, SpecialBuyTrain)
    if "buy_train" not in step.actions(company):
        return
    corporation = step.corporation()
    buying = step.round.active_step()
    if corporation is None or company.owner is not corporation or not isinstance(buying, TrainBuying):
        return
    if not buying.room(corporation):
        yield Unusable("company", str(company.id), f"{corporation.name} has no room for another train")
        return
    entity_type, entity_id = entity_ref(company)
    for train in buying.buyable_trains(corporation):
        if not train.from_depot:
            continue
        ability = step.ability(company, train=train)
        if ability is None or (ability.trains and train.name not in ability.trains):
            continue
        variants = step.buyable_exchangeable_train_variants(train, corporation, None)
        if not any(v.get("name") == train.name for v in variants):
            # (the emergency issue comes first: a variant the corporation cannot pay in full is not sold now)
            yield Unusable("train", str(train.id), f"the {train.name} train is not for sale to {corporation.name} now")
            continue
        price = int(ability.discounted_price(train, int(train.price)))
        if price > int(corporation.cash):
            yield Unusable("train", str(train.id), f"{corporation.name} cannot pay {game_money(step, price)} "
                                                   f"for the {train.name} train")
            continue
        yield BuyTrainMove(entity_type, entity_id, train=str(train.id), variant=str(train.name),
                           source=_source(step, train), min_price=price, max_price=price)


def game_money(step: Step, amount: int) -> str:
    return str(step.game.format_currency(amount))


@enumerates(DiscardTrain)
def discard_train_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, DiscardTrain)
    if "discard_train" not in step.actions(entity):
        return
    entity_type, entity_id = entity_ref(entity)
    for train in step.trains(entity):
        yield DiscardTrainMove(entity_type, entity_id, train=str(train.id), name=str(train.name))
