"""18MEX's own steps.

* ``WaterfallAuction18MEX``: buying the private of a minor (A, B, C) floats the minor for its buyer.
* ``BuySellParShares18MEX``: NdM shares are neither bought nor sold while the phase says ``ndm_unavailable``;
  nothing is bought from another player; the certificate limit waives the NdM 5% shares; a player swaps an NdM
  5% share for a 10% one from the pool, or takes a 5% from the pool as part of a sale (``SHARE_SWAPS``,
  ``engine.steps.share_swap``).
* ``Assign18MEX``: after a merger with more stations than exchange tokens, the NdM's president picks the one
  station that becomes an NdM token (an ``assign`` of the NdM to that hex); the round waits for it.
* ``BuyCompany18MEX``: with the KCMO/Baja options a corporation may buy those privates in phase 2.
* ``SpecialTrack18MEX``: the KCMO's Copper Canyon lay only in its corporation's own track step; laying it
  closes the KCMO.
* ``Track18MEX``: a tile laid in Mexico City or Puebla (one double hex) lays its twin in the other hex; the
  KCMO's owner keeps its track step while the KCMO can lay; a minor whose home is still bare may lay only if
  it can pay that hex's terrain.
* ``Dividend18MEX``: minors pay half to themselves and half to their owner (``engine.steps.minor_half_pay``).
* ``SingleDepotTrainBuy18MEX``: the buyer of the first 5 train starts the merger's order of candidates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import LayTile
from engine.errors import IllegalAction
from engine.steps.assign import Assign
from engine.steps.auction import WaterfallAuction
from engine.steps.companies import BuyCompany
from engine.steps.dividend import Dividend
from engine.steps.minor_half_pay import MinorHalfPay
from engine.steps.share_swap import ShareSwapping
from engine.steps.shares import BuySellParShares
from engine.steps.single_depot_train_buy import SingleDepotTrainBuy
from engine.steps.special_track import SpecialTrack
from engine.steps.track import Track
from engine.titles.g18mex.data import (
    COPPER_CANYON_COMPANY,
    COPPER_CANYON_TILE,
    MERGER_TRAIN,
    MEXICO_CITY,
    NDM_UNAVAILABLE,
    PUEBLA,
    SHARE_SWAPS,
)

if TYPE_CHECKING:
    from engine.actions import Action


class WaterfallAuction18MEX(WaterfallAuction):
    NAME: ClassVar[str] = "WaterfallAuction"

    def buy_company(self, player: Any, company: Any, price: int) -> None:
        super().buy_company(player, company, price)
        game = self.game
        minor = next((m for m in game.minors if m.id == company.id), None)
        if minor is None:
            return
        game.log(f"Minor {minor.name} floats")
        minor.owner = player
        minor.floated = True


class BuySellParShares18MEX(ShareSwapping, BuySellParShares):
    NAME: ClassVar[str] = "BuySellParShares"
    SHARE_SWAPS = SHARE_SWAPS

    def ndm_unavailable(self, bundle: Any) -> bool:
        game: Any = self.game
        return bool(bundle.corporation is game.ndm() and NDM_UNAVAILABLE in game.phase.status)

    def can_buy(self, entity: Any, bundle: Any) -> bool:
        return bundle is not None and super().can_buy(entity, bundle) and not self.ndm_unavailable(bundle)

    def can_sell(self, entity: Any, bundle: Any) -> bool:
        return bundle is not None and super().can_sell(entity, bundle) and not self.ndm_unavailable(bundle)

    def can_gain(self, entity: Any, bundle: Any, exchange: bool = False) -> bool:
        if bundle is None or entity is None or self.ndm_unavailable(bundle):
            return False
        if getattr(bundle.owner, "is_player", False):
            return False
        if not bundle.corporation.holding_ok(entity, bundle.percent):
            return False
        return exchange or self.room_to_gain(entity, bundle)

    def room_to_gain(self, entity: Any, bundle: Any) -> bool:
        game: Any = self.game
        certs = game.corporation_rules.num_certs(entity)
        limit = game.corporation_rules.cert_limit_for(entity)
        if certs < limit:
            return True
        price = bundle.corporation.share_price
        if price is not None and not price.counts_for_limit:
            return True
        return bool(certs == limit and bundle.corporation is game.ndm() and bundle.percent == 5)


class Assign18MEX(Assign):
    NAME: ClassVar[str] = "Assign"

    def ongoing(self) -> bool:
        game: Any = self.game
        return bool(game.merged_cities_to_select)

    def actions(self, entity: Any) -> list[str]:
        game: Any = self.game
        return list(self.ACTIONS) if self.ongoing() and entity is game.ndm() else []

    def active(self) -> bool:
        return self.ongoing()

    def blocks(self) -> bool:
        return self.ongoing()

    def blocking(self) -> bool:
        return self.ongoing()

    def active_entities(self) -> list[Any]:
        game: Any = self.game
        return [game.ndm()]

    def current_entity(self) -> Any:
        return self.active_entities()[0]

    def description(self) -> str:
        return "NdM Select Token to Convert"

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        game: Any = self.game
        if not self.ongoing() or entity is not game.ndm():
            return None
        if not any(t.city.hex is hex_ for t in game.merged_cities_to_select):
            return None
        return list(hex_.neighbors.keys())

    def assignable_hexes(self, entity: Any) -> list[str]:
        """The hexes of the merged corporation's stations the NdM may keep (for the legal moves)."""
        game: Any = self.game
        if not self.ongoing() or entity is not game.ndm():
            return []
        return [t.city.hex.id for t in game.merged_cities_to_select]

    def process_assign(self, action: Action) -> None:
        game: Any = self.game
        target = self.resolve_target(action)
        if self.available_hex(game.ndm(), target) is None:
            raise IllegalAction(f"{game.merged_major.name} has no station in {target.id} to convert")
        game.select_ndm_city(target)


class BuyCompany18MEX(BuyCompany):
    NAME: ClassVar[str] = "BuyCompany"

    def can_buy_company(self, entity: Any) -> bool:
        if getattr(entity, "is_company", False):
            return False
        game: Any = self.game
        if not game.phase_two_special_buys():
            return super().can_buy_company(entity)
        companies = game.company_rules.purchasable()
        return (entity is self.current_entity() and bool(companies)
                and min(int(c.min_price) for c in companies) <= entity.cash)


class SpecialTrack18MEX(SpecialTrack):
    NAME: ClassVar[str] = "SpecialTrack"

    def _special_abilities(self, entity: Any, time: Any, kwargs: dict[str, Any]) -> tuple[list[Any], Any]:
        found, ability = super()._special_abilities(entity, time, kwargs)
        if ability is None:
            return found, None
        if entity.owner is not self.round.current_entity():
            return [], None
        if not hasattr(self.round.active_step(), "process_lay_tile"):
            return [], None
        return found, ability

    def process_lay_tile(self, action: LayTile) -> None:
        super().process_lay_tile(action)
        game: Any = self.game
        tile = game.tile_by_id(action.tile)
        if tile.name != COPPER_CANYON_TILE:
            return
        tile.label = None
        kcmo = game.company_by_id(COPPER_CANYON_COMPANY)
        game.log(f"{kcmo.name} closes")
        kcmo.close()


class Track18MEX(Track):
    NAME: ClassVar[str] = "Track"

    def setup(self) -> None:
        super().setup()
        self.twin_lay = False

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or getattr(entity, "is_company", False):
            return []
        return list(self.ACTIONS) if self.remaining_tile_lay(entity) else []

    def remaining_tile_lay(self, entity: Any) -> bool:
        if self.can_lay_tile(entity):
            return True
        game: Any = self.game
        kcmo = game.company_by_id(COPPER_CANYON_COMPANY)
        if kcmo.owner is not entity:
            return False
        abilities = game.ability_rules.abilities(kcmo, "tile_lay", time="track")
        return bool(abilities) and bool(abilities[0].count) and abilities[0].count > 0

    def can_lay_tile(self, entity: Any) -> bool:
        if not getattr(entity, "is_minor", False):
            return super().can_lay_tile(entity)
        game: Any = self.game
        home = game.hex_by_id(entity.coordinates)
        if home.tile.color == "white":
            return bool(game.track_rules.upgrade_cost(home.tile, home, entity, entity) <= entity.cash)
        return super().can_lay_tile(entity)

    def process_lay_tile(self, action: LayTile) -> None:
        self.twin_lay = False
        entity = self.game.resolve_entity(action)
        if not self.can_lay_tile(entity):
            raise IllegalAction("Cannot do normal tile lay")
        self.lay_tile_action(action)
        if action.hex in (MEXICO_CITY, PUEBLA):
            self.lay_twin(action, entity)
        if not self.remaining_tile_lay(entity):
            self.pass_()

    def lay_twin(self, action: LayTile, entity: Any) -> None:
        """Mexico City and Puebla are one double hex: the twin tile goes into the other half."""
        game: Any = self.game
        self.twin_lay = True
        laid = game.tile_by_id(action.tile)
        other = MEXICO_CITY if action.hex == PUEBLA else PUEBLA
        name = laid.name.replace("P", "MC") if laid.name.endswith("P") else laid.name.replace("MC", "P")
        twin = next(t for t in game.tiles if t.name == name and t.hex is None)
        twin_action = LayTile(entity=action.entity, entity_type=action.entity_type, hex=other, tile=twin.id,
                              rotation=0)
        try:
            self.lay_tile(twin_action, entity=entity)
        finally:
            self.twin_lay = False

    def extra_cost(self, tile: Any, tile_lay: Mapping[str, Any], hex_: Any) -> int:
        """A lay in Mexico City or Puebla also pays the other half's terrain (its twin is laid there at once): the
        whole price is asked of the first lay, so that a corporation that cannot pay both cannot start it."""
        cost = super().extra_cost(tile, tile_lay, hex_)
        if hex_.id not in (MEXICO_CITY, PUEBLA) or getattr(self, "twin_lay", False):
            return cost
        game: Any = self.game
        entity = self.current_entity()
        twin = game.hex_by_id(PUEBLA if hex_.id == MEXICO_CITY else MEXICO_CITY)
        return cost + int(game.track_rules.upgrade_cost(twin.tile, twin, entity, entity))

    def pay_tile_cost(self, entities: Sequence[Any], tile: Any, rotation: int, hex_: Any, spender: Any,
                      cost: int, extra_cost: int) -> None:
        if getattr(self, "twin_lay", False):
            cost = 0  # (paid with the first half)
        super().pay_tile_cost(entities, tile, rotation, hex_, spender, cost, extra_cost)

    def exact_track_restriction(self, hex_: Any) -> bool:
        """(Legal moves) the double hex's restriction is worked out exactly."""
        return bool(hex_.id in (MEXICO_CITY, PUEBLA))

    def check_track_restrictions(self, entity: Any, old_tile: Any, new_tile: Any) -> None:
        if getattr(self, "twin_lay", False):
            return
        super().check_track_restrictions(entity, old_tile, new_tile)


class Dividend18MEX(MinorHalfPay, Dividend):
    NAME: ClassVar[str] = "Dividend"


class SingleDepotTrainBuy18MEX(SingleDepotTrainBuy):
    NAME: ClassVar[str] = "SingleDepotTrainBuy"

    def process_buy_train(self, action: Action) -> None:
        if getattr(action, "train", None) == MERGER_TRAIN:
            game: Any = self.game
            game.buy_first_5_train(game.entity_player(game.resolve_entity(action)))
        super().process_buy_train(action)


__all__ = [
    "Assign18MEX",
    "BuyCompany18MEX",
    "BuySellParShares18MEX",
    "Dividend18MEX",
    "SingleDepotTrainBuy18MEX",
    "SpecialTrack18MEX",
    "Track18MEX",
    "WaterfallAuction18MEX",
]
