"""1852: Missouri's own steps, on 1846's (``engine.titles.g1846.steps``):

* ``Exchange``: the Pool Share company is traded for a market share, which may never be sold (the game remembers
  it: ``Game1852Missouri.exchanged_share``);
* ``SpecialToken``: a company's token (the Half-Price Token) needs a connection unless its ability has a
  teleport price; the ability is spent by the placement itself (the token's price);
* ``TrackAndToken``: a corporation may station its named city (its ``token`` ability's hex) unconnected;
* ``Route``: recorded runs are paid as written, even above what today's rule gives (the site counted East St.
  Louis in place of the cheapest city until November 2025, and replays take the recorded revenue);
* ``BuyTrain``: the cheaper variant only when the corporation can afford it but not the dearer one (after the
  Train Discount), without counting the president's cash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps import companies as base_companies
from engine.steps import special_token as base_special_token
from engine.steps.route import RouteStep
from engine.steps.tracker import token_owner
from engine.steps.trains import bundle_from_action
from engine.titles.g1846 import steps as steps1846

if TYPE_CHECKING:
    from engine.actions import Action, PlaceToken


class Exchange(base_companies.Exchange):
    """The exchanged share is remembered: it is never part of a sellable bundle."""

    def process_buy_shares(self, action: Action) -> None:
        super().process_buy_shares(action)
        bundle = bundle_from_action(self.game, action)
        self.game.exchanged_share = bundle.shares[0]  # type: ignore[attr-defined]


class SpecialToken(base_special_token.SpecialToken):
    """A company's token: connected unless the ability has a teleport price; no separate use of the ability."""

    def process_place_token(self, action: PlaceToken) -> None:
        game = self.game
        entity, city, token = self.resolve_place_token(action)
        hex_ = city.hex
        if hex_ is None or not self.available_hex(entity, hex_):
            where = hex_.id if hex_ is not None else city.id
            city_string = f" city {city.index}" if hex_ is not None and len(hex_.tile.cities) > 1 else ""
            raise IllegalAction(f"Cannot place token on {where}{city_string}")
        ability = self.ability(entity)
        self.place_token(token_owner(game, entity), city, token, connected=self.connection_required(ability),
                         special_ability=ability)
        if self.state.teleported is not None:
            self.teleport_complete()


    def connection_required(self, ability: Any) -> bool:
        return ability.type == "token" and ability.teleport_price is None


class TrackAndToken(steps1846.TrackAndToken):
    """A corporation's own ``token`` ability names a city it may station without reaching it."""

    def tokener_available_hex(self, entity: Any, hex_: Any) -> bool:
        for ability in entity.all_abilities():
            if ability.type == "token" and hex_.id in (ability.hexes or ()):
                return True
        return super().tokener_available_hex(entity, hex_)


class Route(RouteStep):
    """Recorded runs stand as written (games before November 2025 counted East St. Louis differently)."""

    CHECK_STORED_REVENUE: ClassVar[bool] = False


class BuyTrain(steps1846.BuyTrain):
    """Variants: the Train Discount counts; the president's cash does not."""

    def buyable_train_variants(self, train: Any, entity: Any) -> list[dict[str, Any]]:
        if not any(bt.variants.get(bt.name) for bt in self.buyable_trains(entity)):
            return []
        variants = list(train.variants.values())
        owner = train.owner
        if owner is not None and getattr(owner, "is_corporation", False):
            return variants
        found = self.game.ability_rules.abilities(entity, "train_discount", time=self.ability_timing())
        ability = found[0] if found else None

        def price(variant: dict[str, Any]) -> int:
            if ability is None or variant["name"] not in ability.trains:
                return int(variant["price"])
            return int(variant["price"]) - int(ability.discount)

        if self.must_issue_before_ebuy(entity):
            variants = [v for v in variants if not entity.cash < price(v)]
        if len(variants) < 2:
            return variants
        ordered = sorted(variants, key=lambda v: int(v["price"]))
        cheapest, dearest = ordered[0], ordered[1]
        if (price(cheapest) <= entity.cash < price(dearest)) or getattr(entity, "receivership", False):
            return [cheapest]
        raised = self.last_share_sold_price if self.last_share_sold_price is not None else self.last_share_issued_price
        if raised is not None:
            must_spend = int(entity.cash) - int(raised) + 1
            if self.last_share_sold_price is not None and entity.owner is not None:
                must_spend += int(entity.owner.cash)
            variants = [v for v in variants if not int(v["price"]) < must_spend]
        return variants


__all__ = ["BuyTrain", "Exchange", "Route", "SpecialToken", "TrackAndToken"]
