"""Train steps: buying trains (with emergency money raising) and discarding trains over the limit.

* :class:`EmergencyMoney` - the president sells shares to help the corporation buy a train: which
  bundles may be sold (never more than needed, never into a full pool, never so that the buying
  corporation changes president, ...).
* :class:`TrainBuying` - the reference engine's ``Step::Train`` rules: which trains are on sale
  (depot, discard pile, other corporations), variants, the D trade-in, forced purchases with the
  president's contribution, and the money checks.
* :class:`BuyTrain` - the operating-round step built from them (reference ``Step::BuyTrain``).
* :class:`DiscardTrain` - corporations over the train limit discard, in any round.

Prices come from the action: the engine checks only ``1 <= price <= buying power`` (capped at face
value in an emergency buy from another corporation), exactly as the reference does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction, InvalidAction
from engine.model.shares import ShareBundle
from engine.services.player_debt import take_player_loan
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game
    from engine.model.trains import Train


# ----------------------------------------------------------------------------------------------
# Game-level helpers (the reference keeps these on the game; the lead may move them there)
# ----------------------------------------------------------------------------------------------
def can_buy_train_from_others(game: Game) -> bool:
    """May corporations buy trains from each other at all (reference ``can_buy_train_from_others?``)."""
    hook = getattr(game, "can_buy_train_from_others", None)
    if hook is not None:
        return bool(hook())
    return bool(game.rules.allow_train_buy_from_others)


def emergency_issuable_bundles(game: Game, corporation: Any) -> list[Any]:
    """Shares a corporation could issue before an emergency buy (none in the base game; 1846 has some)."""
    hook = getattr(game, "emergency_issuable_bundles", None)
    if hook is not None:
        return list(hook(corporation))
    return []


def discountable_trains_for(game: Game, corporation: Any) -> list[tuple[Any, Any, str, int]]:
    """Trade-in offers for ``corporation``: ``(owned train, depot train, variant name, price)``.

    For every train the corporation owns and every depot train that has a trade-in discount (on
    itself or on one of its variants), each variant whose price drops when trading that train in.
    The order is the reference's: owned trains, then depot trains, then variants.
    """
    hook = getattr(game, "discountable_trains_for", None)
    if hook is not None:
        return list(hook(corporation))
    return depot_trade_ins(game, corporation)


def depot_trade_ins(game: Game, corporation: Any) -> list[tuple[Any, Any, str, int]]:
    """The trade-in offers of the depot's discounted trains (what ``discountable_trains_for`` gives without a
    title hook; a hook adding offers of its own starts from these)."""
    depot_trains = [
        t for t in game.depot.depot_trains() if t.discount or any(v.get("discount") for v in t.variants.values())
    ]
    offers: list[tuple[Any, Any, str, int]] = []
    for train in corporation.trains:
        for discount_train in depot_trains:
            name = discount_train.name
            price = discount_train.price_for(train)
            if discount_train.price > price:
                offers.append((train, discount_train, name, price))
            for variant in discount_train.variants.values():
                if variant["name"] == name:
                    continue
                variant_price = discount_train.price_for(train, variant=variant)
                if int(variant["price"]) > variant_price:
                    offers.append((train, discount_train, str(variant["name"]), variant_price))
    return offers


def bundle_from_action(game: Game, action: Action) -> ShareBundle:
    """The bundle named by a ``sell_shares`` action (certificate ids, optional percent and price)."""
    ids = getattr(action, "shares", None) or []
    if not ids:
        raise InvalidAction("sell_shares names no certificates")
    shares = [game.share_by_id(sid) for sid in ids]
    percent = getattr(action, "percent", None)
    bundle = ShareBundle(shares, int(percent) if percent is not None else None)
    price = getattr(action, "share_price", None)
    if isinstance(price, int | float) and not isinstance(price, bool):
        bundle.share_price = int(price) if float(price).is_integer() else price  # type: ignore[assignment]
    return bundle


def _owned_by_corporation(train: Any) -> bool:
    """Is the train held by a corporation (not the depot, not a minor)?"""
    owner = train.owner
    return owner is not None and bool(getattr(owner, "is_corporation", False))


def _train_discount_abilities(abilities: Sequence[Any]) -> Any:
    """What ``Train.min_price`` takes: the ``train_discount`` abilities, or None when there are none."""
    return list(abilities) if abilities else None


# ----------------------------------------------------------------------------------------------
# Emergency money
# ----------------------------------------------------------------------------------------------
class EmergencyMoney(Step):
    """A player sells shares to raise money the current entity needs (reference ``EmergencyMoney``)."""

    def needed_cash(self, entity: Any) -> int:
        raise NotImplementedError

    def available_cash(self, entity: Any) -> int:
        raise NotImplementedError

    def process_sell_shares(self, action: Action) -> None:
        seller = self.game.resolve_entity(action)
        self.emergency_sell(seller, bundle_from_action(self.game, action))

    def emergency_sell(self, seller: Any, bundle: ShareBundle) -> None:
        if not self.can_sell(seller, bundle):
            raise IllegalAction(f"Cannot sell shares of {bundle.corporation.name}")
        self.game.share_rules.sell_shares_and_change_price(bundle)
        recalculate = getattr(self.round, "recalculate_order", None)
        if recalculate is not None:
            recalculate()

    def can_sell(self, entity: Any, bundle: ShareBundle) -> bool:
        if entity is not bundle.owner:
            return False
        if not self.game.share_rules.check_sale_timing(entity, bundle):
            return False
        if not self.sellable_bundle(bundle):
            return False
        if self.game.rules.ebuy_sell_more_than_needed:
            return True
        return self.selling_minimum_shares(bundle)

    def selling_minimum_shares(self, bundle: ShareBundle) -> bool:
        """True when the next smaller bundle would not raise enough."""
        seller = bundle.owner
        additional_cash_needed = self.needed_cash(seller) - self.available_cash(seller)
        next_smaller_bundle_price = bundle.price - min(s.price for s in bundle.shares)
        return next_smaller_bundle_price < additional_cash_needed

    def sellable_bundle(self, bundle: ShareBundle) -> bool:
        seller = bundle.owner
        if not self.may_dump(seller, bundle):
            return False
        if not self.game.share_pool.fit_in_bank(bundle):
            return False
        corporation = bundle.corporation
        if corporation.owner is not seller:
            return True
        if not self.president_swap_concern(corporation):
            return True
        return not self.causes_president_swap(corporation, bundle)

    def may_dump(self, seller: Any, bundle: ShareBundle) -> bool:
        """May the bundle leave the seller (a president's certificate only if another holder can take it)?"""
        return bool(self.game.share_rules.can_dump(seller, bundle))

    def president_swap_concern(self, corporation: Any) -> bool:
        return not self.game.rules.ebuy_pres_swap or corporation is self.current_entity()

    def causes_president_swap(self, corporation: Any, bundle: ShareBundle) -> bool:
        seller = bundle.owner
        holders = corporation.player_share_holders(corporate=True)
        remaining = holders.get(seller, 0) - bundle.percent
        next_highest = max((p for h, p in holders.items() if h is not seller), default=0)
        return bool(remaining < next_highest)

    def issuable_shares(self, entity: Any) -> list[Any]:
        if not getattr(entity, "is_corporation", False):
            return []
        return emergency_issuable_bundles(self.game, entity)


# ----------------------------------------------------------------------------------------------
# Train buying rules
# ----------------------------------------------------------------------------------------------
class TrainBuying(EmergencyMoney):
    """The rules of buying trains (reference ``Step::Train``), shared by every train-buying step."""

    def __init__(self, game: Game, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.last_share_sold_price: int | None = None
        self.last_share_issued_price: int | None = None
        self.corporations_sold: list[Any] = []

    def setup(self) -> None:
        self.last_share_sold_price = None
        self.last_share_issued_price = None
        self.corporations_sold = []

    @property
    def depot(self) -> Any:
        return self.game.depot

    # --- may the entity buy? -----------------------------------------------------------------------------
    def ability_timing(self) -> list[str]:
        return ["%current_step%", "buying_train", "owning_corp_or_turn"]

    def can_buy_train(self, entity: Any = None, shell: Any = None) -> bool:
        """Room for a train and enough buying power for the cheapest one on offer (or a trade-in)."""
        if entity is None:
            entity = self.current_entity()
        power = self.buying_power(entity)
        if self.room(entity):  # (the cheapest price is only asked for when a train would fit)
            abilities = self.game.ability_rules.abilities(entity, "train_discount", time=self.ability_timing())
            min_price = self.depot.min_price(entity, ability=_train_discount_abilities(abilities))
            if min_price is not None and power >= min_price:
                return True
        if not self.discountable_trains_allowed(entity):
            return False
        return any(power >= price for _, _, _, price in discountable_trains_for(self.game, entity))

    def room(self, entity: Any, shell: Any = None) -> bool:
        return self.game.train_rules.num_corp_trains(entity) < self.game.train_rules.train_limit(entity)

    def can_entity_buy_train(self, entity: Any) -> bool:
        return not getattr(entity, "is_minor", False)

    def must_buy_train(self, entity: Any) -> bool:
        return self.game.train_rules.must_buy_train(entity)

    def president_may_contribute(self, entity: Any, shell: Any = None) -> bool:
        return self.must_buy_train(entity)

    def should_buy_train(self, entity: Any) -> Any:
        return None

    def discountable_trains_allowed(self, entity: Any) -> bool:
        return True

    def pass_if_cannot_buy_train(self, entity: Any) -> bool:
        return True

    def can_ebuy_sell_shares(self, entity: Any) -> bool:
        return bool(self.game.rules.ebuy_can_sell_shares)

    def can_finance(self, entity: Any) -> bool:
        return False

    # --- what is on sale ---------------------------------------------------------------------------------
    def ebuy_offer_only_cheapest_depot_train(self) -> bool:
        return bool(self.game.rules.ebuy_depot_train_must_be_cheapest)

    def other_trains(self, entity: Any) -> list[Any]:
        return list(self.depot.other_trains(entity))

    def buyable_trains(self, entity: Any) -> list[Any]:
        """Depot trains (only the cheapest when the corporation cannot afford any) and other
        corporations' trains, filtered by the emergency rules."""
        rules = self.game.rules
        depot_trains = list(self.depot.depot_trains())
        others = self.other_trains(entity) if can_buy_train_from_others(self.game) else []
        if entity.cash < self.depot.min_depot_price:
            if self.ebuy_offer_only_cheapest_depot_train():
                depot_trains = [self.depot.min_depot_train]
            if rules.ebuy_sell_more_than_needed_sets_purchase_min:
                depot_trains = [t for t in depot_trains if not t.price < self.spend_minmax(entity, t)[0]]
            if self.last_share_sold_price is not None:
                if rules.ebuy_from_others != "never":
                    others = [t for t in others if not t.price < self.spend_minmax(entity, t)[0]]
                else:
                    others = []
        if entity.cash == 0 and rules.ebuy_from_others == "never":
            others = []
        if not self.president_may_contribute(entity):
            others = [t for t in others if not (entity.cash < t.price and self.must_buy_at_face_value(t, entity))]
        return depot_trains + others

    def buyable_exchangeable_train_variants(self, train: Any, entity: Any, exchange: Any) -> list[dict[str, Any]]:
        if exchange is not None:
            return self.exchangeable_train_variants(train, entity)
        return self.buyable_train_variants(train, entity)

    def buyable_train_variants(self, train: Any, entity: Any) -> list[dict[str, Any]]:
        if not any(bt.variants.get(bt.name) for bt in self.buyable_trains(entity)):
            return []
        return self.train_variant_helper(train, entity)

    def exchangeable_train_variants(self, train: Any, entity: Any) -> list[dict[str, Any]]:
        offers = discountable_trains_for(self.game, entity)
        if not any(offer[1].variants.get(offer[1].name) for offer in offers):
            return []
        return self.train_variant_helper(train, entity)

    def train_variant_helper(self, train: Any, entity: Any) -> list[dict[str, Any]]:
        variants = list(train.variants.values())
        if _owned_by_corporation(train):
            return variants
        if self.must_issue_before_ebuy(entity):
            variants = [v for v in variants if not entity.cash < v["price"]]
        return variants

    def must_issue_before_ebuy(self, corporation: Any) -> bool:
        return bool(
            self.game.rules.must_emergency_issue_before_ebuy
            and self.last_share_issued_price is None
            and emergency_issuable_bundles(self.game, corporation)
        )

    def ebuy_president_can_contribute(self, corporation: Any) -> bool:
        if not corporation.cash < self.depot.min_depot_price:
            return False
        return not self.must_issue_before_ebuy(corporation)

    # --- prices ------------------------------------------------------------------------------------------
    def must_pay_face_value(self, train: Any, entity: Any, price: int) -> bool:
        if train.from_depot or not self.must_buy_at_face_value(train, entity):
            return False
        return bool(train.price != price)

    def must_buy_at_face_value(self, train: Any, entity: Any) -> bool:
        return bool(
            self.game.rules.always_buy_trains_at_face_value
            or self.face_value_ability(entity)
            or self.face_value_ability(train.owner)
        )

    def face_value_ability(self, entity: Any) -> bool:
        abilities = self.game.ability_rules.abilities(entity, "train_buy")
        if not abilities:
            return False
        ability = abilities[0]
        return bool(getattr(ability, "face_value", None) or ability.extra.get("face_value"))

    def spend_minmax(self, entity: Any, train: Any) -> tuple[int, int]:
        """The range of prices the corporation may pay for ``train``."""
        rules = self.game.rules
        power = self.buying_power(entity)
        if rules.ebuy_from_others != "never" and power < train.price:
            max_possible = power + entity.owner.cash
            if self.last_share_sold_price is not None:
                low = max_possible - self.last_share_sold_price + 1
            else:
                low = 1
            high = min(train.price, max_possible) if rules.ebuy_from_others == "value" else max_possible
            return low, high
        return 1, power

    def check_spend(self, entity: Any, train: Any, price: int) -> None:
        low, high = self.spend_minmax(entity, train)
        if low <= price <= high:
            return
        rules = self.game.rules
        if rules.ebuy_sell_more_than_needed_sets_purchase_min and price < low:
            raise IllegalAction("Cannot sell shares in excess of what is needed to buy this train")
        if not _owned_by_corporation(train):
            return
        money = self.game.format_currency
        if high == 0 and rules.ebuy_from_others == "never":
            raise IllegalAction(f"{entity.name} may not buy a train from another corporation.")
        raise IllegalAction(
            f"{entity.name} may not spend {money(price)} on {train.owner.name}'s {train.name} train; "
            f"may only spend between {money(low)} and {money(high)}."
        )

    def check_for_cheapest_train(self, train: Any) -> None:
        rules = self.game.rules
        cheapest = self.depot.min_depot_train
        if cheapest is None:
            return
        names = self.names_of_cheapest_variants(cheapest)
        if (
            train.name not in names
            and rules.ebuy_depot_train_must_be_cheapest
            and (rules.ebuy_from_others == "never" or train.from_depot)
        ):
            raise IllegalAction(f"Cannot purchase {train.name} train: cheaper train available ({names[0]})")

    @staticmethod
    def names_of_cheapest_variants(train: Any) -> list[str]:
        groups: dict[int, list[str]] = {}
        for name, variant in train.variants.items():
            groups.setdefault(int(variant["price"]), []).append(str(name))
        cheapest = min(groups)
        return groups[cheapest]

    def try_take_player_loan(self, player: Any, cost: int) -> None:
        if player is None:  # a corporation without a president (receivership): nobody to contribute
            if cost > 0:
                raise IllegalAction(f"no president can contribute the missing {self.game.format_currency(cost)}")
            return
        if cost <= 0 or cost <= player.cash:
            return
        mode = self.game.rules.ebuy_can_take_player_loan
        if mode is False:
            return
        if mode == "after_sell" and any(self.sellable_shares(player)):
            raise IllegalAction(f"{player.name} still needs to sell shares before a loan can be granted.")
        if mode == "no_sell" and self.corporations_sold:
            raise IllegalAction(f"{player.name} already sold shares this round. Cannot take loans.")
        take = getattr(self.game, "take_player_loan", None)
        if take is None:  # the general player debt, shaped by the title's RuleSet facts
            take_player_loan(self.game, player, cost - player.cash)
        else:
            take(player, cost - player.cash)

    def sellable_shares(self, player: Any) -> list[Any]:
        result: list[Any] = []
        for corporation in list(player.shares_by_corporation):
            result.extend(self.game.share_rules.sellable_bundles(player, corporation))
        return result

    def try_take_loan(self, entity: Any, price: int) -> None:
        return None

    def automatic_funds(self, entity: Any, train: Any) -> int:
        """Money the purchase of ``train`` would raise by itself beyond the cash (1867's automatic loans)."""
        return 0

    # --- emergency selling -------------------------------------------------------------------------------
    def needed_cash(self, entity: Any) -> int:
        if self.game.rules.ebuy_depot_train_must_be_cheapest:
            return int(self.depot.min_depot_price)
        return int(self.depot.max_depot_price)

    def available_cash(self, entity: Any) -> int:
        current = self.current_entity()
        if entity is current:
            return int(current.cash)
        return int(entity.cash + current.cash)

    def can_sell(self, entity: Any, bundle: ShareBundle) -> bool:
        if self.game.rules.must_sell_in_blocks and any(c is bundle.corporation for c in self.corporations_sold):
            return False
        current = self.current_entity()
        if current is not entity and self.must_issue_before_ebuy(current):
            return False
        return super().can_sell(entity, bundle)

    def process_sell_shares(self, action: Action) -> None:
        seller = self.game.resolve_entity(action)
        bundle = bundle_from_action(self.game, action)
        price_per_share = bundle.price_per_share
        by_president = seller is not self.current_entity()
        self.emergency_sell(seller, bundle)
        if by_president:
            self.last_share_sold_price = price_per_share
            self.corporations_sold.append(bundle.corporation)

    # --- buying ------------------------------------------------------------------------------------------
    def buy_train_action(self, action: Action, entity: Any = None, borrow_from: Any = None) -> None:
        """Buy the action's train at the action's price, with the president's help if allowed."""
        game = self.game
        if entity is None:
            entity = game.resolve_entity(action)
        train = game.train_by_id(getattr(action, "train", None))
        price = int(getattr(action, "price", 0))
        exchange_id = getattr(action, "exchange", None)
        exchange = game.train_by_id(exchange_id) if exchange_id else None
        variant = getattr(action, "variant", None)
        if variant and variant not in train.variants:
            raise InvalidAction(f"train {train.id} has no variant {variant!r}")

        previous_variant = train.name
        train.set_variant(variant)
        try:
            self._check_buyable(entity, train, price, exchange)
        except Exception:
            train.set_variant(previous_variant)
            raise

        remaining = price - self.buying_power(entity)
        financer: Any = None
        financed_cash = 0
        if remaining > 0 and self.can_finance(entity):
            financed_cash = remaining
            financer = game.bank
            financer.spend(financed_cash, entity)
            game.log(f"{financer.name} finances {game.format_currency(financed_cash)}")
            remaining = 0

        if remaining > 0 and self.president_may_contribute(entity, getattr(action, "shell", None)):
            self.check_for_cheapest_train(train)
            if exchange is not None:
                raise IllegalAction("Cannot contribute funds when exchanging")
            if price > train.price and not _owned_by_corporation(train):
                raise IllegalAction("Cannot buy for more than cost")
            player = entity.owner
            self.try_take_player_loan(player, remaining)
            if borrow_from is not None and player.cash < remaining:
                current_cash = player.cash
                extra_needed = remaining - current_cash
                player.spend(current_cash, entity)
                game.log(f"{player.name} contributes {game.format_currency(current_cash)}")
                borrow_from.spend(extra_needed, entity)
                game.log(f"{borrow_from.name} contributes {game.format_currency(extra_needed)}")
            else:
                player.spend(remaining, entity)
                game.log(f"{player.name} contributes {game.format_currency(remaining)}")

        self.try_take_loan(entity, price)

        if exchange is not None:
            verb = f"exchanges a {exchange.name} for"
            self.depot.reclaim_train(exchange)
        else:
            verb = "buys"
        source = train.owner
        from_discard = any(t is train for t in self.depot.discarded)
        source_name = "The Discard" if from_discard else source.name
        game.log(f"{entity.name} {verb} a {train.name} train for {game.format_currency(price)} from {source_name}")

        game.train_rules.buy_train(entity, train, price)
        game.phase.buying_train(entity, train, source)

        if financed_cash:
            entity.spend(financed_cash, financer)
        if not self.can_buy_train(entity) and self.pass_if_cannot_buy_train(entity):
            self.pass_()

    def _check_buyable(self, entity: Any, train: Train, price: int, exchange: Any) -> None:
        variants = self.buyable_exchangeable_train_variants(train, entity, exchange)
        variant_ok = any(v.get("name") == train.name for v in variants)
        on_sale = any(t is train for t in self.depot.available(entity)) or any(
            t is train for t in self.buyable_trains(entity)
        )
        if not variant_ok or not on_sale:
            raise IllegalAction(f"Not a buyable train: {train.id}")
        if self.must_pay_face_value(train, entity, price):
            raise IllegalAction("Must pay face value")
        if train.owner is entity:
            raise IllegalAction("An entity cannot buy a train from itself")
        if exchange is not None and exchange.owner is not entity:
            raise IllegalAction(f"{entity.name} does not own the {exchange.name} train it trades in")


# ----------------------------------------------------------------------------------------------
# Steps
# ----------------------------------------------------------------------------------------------
class BuyTrain(TrainBuying):
    """The operating round's train purchase (reference ``Step::BuyTrain``)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_train", "sell_shares", "pass")
    NAME: ClassVar[str] = "BuyTrain"

    def type_name(self) -> str:
        return "buy_train"

    def description(self) -> str:
        return "Buy Trains"

    def pass_description(self) -> str:
        return "Done (Trains)" if self.acted else "Skip (Trains)"

    def actions(self, entity: Any) -> list[str]:
        if not self.can_entity_buy_train(entity):
            return []
        current = self.current_entity()
        if current is not None and entity is current.owner and self.can_ebuy_sell_shares(current):
            return ["sell_shares"]
        if entity is not current:
            return []
        if self.president_may_contribute(entity):
            return ["sell_shares", "buy_train"]
        if self.can_buy_train(entity):
            return ["buy_train", "pass"]
        return []

    def pass_(self) -> None:
        self.last_share_sold_price = None
        self.last_share_issued_price = None
        super().pass_()

    def skip(self) -> None:
        entity = self.current_entity()
        if not self.acted and entity is not None:
            if self.game.train_rules.num_corp_trains(entity) < self.game.train_rules.train_limit(entity):
                self.game.log(f"{entity.name} skips {self.description().lower()}")
            else:
                self.game.log(
                    f"{entity.name} automatically skips {self.description().lower()} "
                    "because it has no room for more trains"
                )
        self.pass_()

    def process_buy_train(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        train = self.game.train_by_id(getattr(action, "train", None))
        self.check_spend(entity, train, int(getattr(action, "price", 0)))
        self.buy_train_action(action, entity)
        if not self.can_buy_train(entity) and self.pass_if_cannot_buy_train(entity):
            self.pass_()

    def swap_sell(self, player: Any, corporation: Any, bundle: Any, pool_share: Any) -> None:
        return None


class DiscardTrain(Step):
    """A corporation over its train limit discards trains to the depot (reference ``Step::DiscardTrain``).

    Active whenever some corporation is crowded, in any round; the first crowded one acts.
    """

    ACTIONS: ClassVar[tuple[str, ...]] = ("discard_train",)
    NAME: ClassVar[str] = "DiscardTrain"

    def type_name(self) -> str:
        return "discard_train"

    def description(self) -> str:
        return "Discard Trains"

    def crowded_corps(self) -> list[Any]:
        return list(self.game.train_rules.crowded_corps())

    def actions(self, entity: Any) -> list[str]:
        if not any(c is entity for c in self.crowded_corps()):
            return []
        return list(self.ACTIONS)

    def active_entities(self) -> list[Any]:
        return self.crowded_corps()[:1]

    def active(self) -> bool:
        return bool(self.crowded_corps())

    def trains(self, corporation: Any) -> list[Any]:
        return list(corporation.trains)

    def process_discard_train(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        train = self.game.train_by_id(getattr(action, "train", None))
        if train.owner is not entity:
            raise IllegalAction(f"{entity.name} does not own the {train.name} train ({train.id})")
        self.game.depot.reclaim_train(train)
        self.game.log(f"{entity.name} discards {train.name}")


__all__ = [
    "BuyTrain",
    "DiscardTrain",
    "EmergencyMoney",
    "TrainBuying",
    "bundle_from_action",
    "can_buy_train_from_others",
    "discountable_trains_for",
    "emergency_issuable_bundles",
]
