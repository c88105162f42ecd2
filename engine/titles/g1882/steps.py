"""1882's own steps: the auction's falling cheapest private, the Saskatchewan Central's par by exchange, a home
token that may replace a neutral station, the North West Rebellion's token move, the NWR track bonus and the
fishing exit that lets a president help buy the first train."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.model.token import Token
from engine.steps.auction import WaterfallAuction
from engine.steps.home_token import HomeToken
from engine.steps.shares import BuySellParShares
from engine.steps.tokener import Tokener
from engine.steps.track import Track
from engine.steps.tracker import Tracker
from engine.steps.trains import BuyTrain

if TYPE_CHECKING:
    from engine.actions import Action, LayTile, Par, PlaceToken, RemoveToken

#: The icon of the hexes of the North West Rebellion.
NWR_ICON = "NWR"
#: The corporation owning the neutral stations.
NEUTRAL_OWNER = "CN"
#: The bonus for a yellow tile laid in the NWR area.
NWR_TRACK_BONUS = 20


def tile_nwr(tile: Any) -> bool:
    return any(icon.name == NWR_ICON for icon in tile.icons)


def gain_nwr_bonus(game: Any, tile: Any, entity: Any) -> None:
    """A yellow tile laid in an NWR hex earns its corporation $20 from the bank."""
    if not tile_nwr(tile) or tile.color != "yellow":
        return
    game.log(f"{entity.name} gains {game.format_currency(NWR_TRACK_BONUS)} for laying yellow tile in NWR area")
    game.bank.spend(NWR_TRACK_BONUS, entity)


class WaterfallAuction1882(WaterfallAuction):
    """After a sale the new cheapest private is the one whose price falls when everybody passes."""

    def buy_company(self, player: Any, company: Any, price: int) -> None:
        super().buy_company(player, company, price)
        self.cheapest = self.companies[0] if self.companies else None


class BuySellParShares1882(BuySellParShares):
    """The Saskatchewan Central is parred by exchanging its private (which pays one share's price) for the
    president's certificate."""

    @staticmethod
    def _par_by_exchange(corporation: Any) -> bool:
        return corporation.par_via_exchange is not None

    def can_buy(self, entity: Any, bundle: Any) -> bool:
        if bundle is None:
            return False
        corporation = bundle.corporation
        if self._par_by_exchange(corporation) and not corporation.ipoed:
            return (entity.cash >= bundle.price_per_share and self.can_gain(entity, bundle)
                    and not self.players_sold[entity].get(corporation)
                    and (self.can_buy_multiple(entity, corporation, bundle.owner) or not self.bought()))
        return super().can_buy(entity, bundle)

    def get_par_prices(self, entity: Any, corporation: Any = None) -> list[Any]:
        if corporation is not None and self._par_by_exchange(corporation):
            return [p for p in self.game.stock_market.par_prices if p.price <= entity.cash]
        return super().get_par_prices(entity, corporation)

    def can_par_at(self, entity: Any, corporation: Any, share_price: Any) -> bool:
        if self._par_by_exchange(corporation):
            return share_price.price <= entity.cash and not self.bought()
        return super().can_par_at(entity, corporation, share_price)

    def process_par(self, action: Action) -> None:
        game = self.game
        corporation = game.corporation_by_id(getattr(action, "corporation", None))
        if not self._par_by_exchange(corporation):
            super().process_par(action)
            return
        par: Par = action  # type: ignore[assignment]
        entity = game.resolve_entity(par)
        share_price = game.share_price_by_id(par.share_price)
        if not game.corporation_rules.can_par(corporation, entity):
            raise IllegalAction(f"{corporation.name} cannot be parred")
        company = corporation.par_via_exchange
        game.stock_market.set_par(corporation, share_price)
        bundle = corporation.shares[0].to_bundle()
        game.share_pool.buy_shares(entity, bundle, exchange=company, exchange_price=bundle.price_per_share)
        game.add_extra_train_when_sc_pars(corporation)  # type: ignore[attr-defined]
        game.track_rules.place_home_token(corporation)
        company.close()
        self.track_action(action, entity, corporation)


class HomeToken1882(HomeToken):
    """A home token chosen on the map may replace a neutral station (which leaves the game)."""

    def can_replace_token(self, entity: Any, token: Any) -> bool:
        return token is None or token.corporation.name == NEUTRAL_OWNER

    def process_place_token(self, action: PlaceToken) -> None:
        game = self.game
        city = game.city_by_id(action.city)
        slot = action.slot if action.slot is not None else 0
        token = city.tokens[slot] if 0 <= slot < len(city.tokens) else None
        if token is not None:
            if token.corporation.name != NEUTRAL_OWNER:
                raise IllegalAction(f"Cannot replace {token.corporation.name} token")
            game.log(f"{game.resolve_entity(action).name} removes neutral token from {city.hex.id}")
            game.graph.clear_graph_for(token.corporation)
            token.corporation.tokens.remove(token)
            token.remove()
        super().process_place_token(action)


class Track1882(Track):
    """Yellow track in an NWR hex earns $20."""

    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        if entity is None:
            entity = self.game.resolve_entity(action)
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        gain_nwr_bonus(self.game, self.game.tile_by_id(action.tile), entity)


class BuyTrain1882(BuyTrain):
    """A corporation that must buy a train offers no pass; a president may also contribute when the only
    run is to the fishing exit."""

    def actions(self, entity: Any) -> list[str]:
        current = self.current_entity()
        if current is not None and entity is current.owner and self.can_ebuy_sell_shares(current):
            return ["sell_shares"]
        if entity is not current:
            return []
        if self.must_buy_train(entity):
            return ["buy_train"]
        if self.can_buy_train(entity):
            return ["buy_train", "pass"]
        return []

    def president_may_contribute(self, entity: Any, shell: Any = None) -> bool:
        if entity.trains:
            return False
        game = self.game
        info = game.graph.route_info(entity)
        if info and info.get("route_train_purchase"):
            return True
        return bool(game.graph.reachable_hexes(entity).get(game.fishing_exit))  # type: ignore[attr-defined]


class SpecialNWR(Tracker, Tokener):
    """The North West Rebellion private: its corporation takes one of its tokens off a non-NWR hex
    (``remove_token``; a home token leaves a neutral station behind), places it in an open city of an NWR hex
    (``place_token``), then may lay or upgrade a tile there (``lay_tile`` or ``pass``)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("remove_token", "place_token", "lay_tile", "pass")
    NAME: ClassVar[str] = "SpecialNWR"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        #: None (remove a token), "place_token" or "lay_tile"
        self.stage: str | None = None
        self.company: Any = None
        self.destination: Any = None

    def actions(self, entity: Any) -> list[str]:
        if self.ability(entity) is None:
            return []
        # Not on the dividend screen.
        if getattr(self.round, "routes", None):
            return []
        if self.stage is None:
            return ["remove_token"]
        if self.stage == "place_token":
            return ["place_token"]
        return ["lay_tile", "pass"]

    def pass_(self) -> None:
        super().pass_()
        self.stage = None

    def description(self) -> str:
        if self.stage == "place_token":
            return "NWR: Place Token"
        if self.stage == "lay_tile":
            return "NWR: Lay Track"
        return "NWR"

    def pass_description(self) -> str:
        return "NWR: Skip (Track)"

    def active_entities(self) -> list[Any]:
        return [self.company]

    def blocks(self) -> bool:
        return self.stage is not None

    def blocking(self) -> bool:
        return self.stage is not None and bool(self.current_actions())

    def ability(self, entity: Any) -> Any:
        if entity is None or not getattr(entity, "is_company", False):
            return None
        kind = "tile_lay" if self.stage == "lay_tile" else "token"
        return self.game.ability_rules.ability(entity, kind)

    # --- the three parts ----------------------------------------------------------------------------------
    def process_remove_token(self, action: RemoveToken) -> None:
        game = self.game
        company = game.resolve_entity(action)
        if self.ability(company) is None or self.stage is not None:
            raise IllegalAction(f"{game.entity_name(company)} cannot remove a token now")
        self.company = company
        owner = company.owner
        city = game.city_by_id(action.city)
        hex_ = city.hex
        slot = action.slot
        token = city.tokens[slot] if 0 <= slot < len(city.tokens) else None
        if token is None:
            raise IllegalAction(f"No token in slot {slot} of {city.id}")
        if token.corporation is not owner:
            raise IllegalAction(f"Cannot remove {token.corporation.name} token")
        if game.strict and not self.removable_token_hex(company, hex_):
            raise IllegalAction(f"{owner.name} cannot move its token from {hex_.id}")
        home_token = bool(owner.tokens) and owner.tokens[0] is token
        token.remove()
        if home_token:
            game.log(f"Remove token from {hex_.id} and replace with neutral token")
            neutral_owner = game.corporation_by_id(NEUTRAL_OWNER)
            neutral = Token(neutral_owner, price=0, type="neutral")
            neutral_owner.tokens.append(neutral)
            city.remove_reservation(owner)
            neutral.place(city)
            city.tokens[slot] = neutral
        else:
            game.log(f"Remove token from {hex_.id}")
        self.stage = "place_token"

    def removable_token_hex(self, company: Any, hex_: Any) -> bool:
        """May the corporation's token on ``hex_`` be moved: not from an NWR hex, and its home token only
        where no neutral station stands yet."""
        if tile_nwr(hex_.tile):
            return False
        owner = company.owner
        token = next((t for t in owner.tokens if t.used and t.city is not None and t.city.hex is hex_), None)
        if token is None:
            return False
        if token is owner.tokens[0]:
            neutral_owner = self.game.corporation_by_id(NEUTRAL_OWNER)
            return not any(c.tokened_by(neutral_owner) for c in hex_.tile.cities)
        return True

    def process_place_token(self, action: PlaceToken) -> None:
        game = self.game
        company = game.resolve_entity(action)
        if self.stage != "place_token" or company is not self.company:
            raise IllegalAction(f"{game.entity_name(company)} cannot place a token now")
        owner = company.owner
        city = game.city_by_id(action.city)
        if game.strict and not self.placeable_city(company, city):
            raise IllegalAction(f"Cannot place token on {city.hex.id}")
        self.place_token(owner, city, owner.next_token(), connected=False, extra_action=True,
                         special_ability=self.ability(company))
        self.destination = city.hex
        # The owner may have no route any more (even a remembered one).
        game.graph.clear_graph_for(owner)
        self.stage = "lay_tile"

    def placeable_city(self, company: Any, city: Any) -> bool:
        ability = self.ability(company)
        hex_ = city.hex
        return (ability is not None and hex_ is not None and hex_.id in ability.hexes
                and city.tokenable(company.owner, free=True))

    def process_lay_tile(self, action: LayTile) -> None:
        game = self.game
        company = game.resolve_entity(action)
        if self.stage != "lay_tile" or company is not self.company:
            raise IllegalAction(f"{game.entity_name(company)} cannot lay a tile now")
        owner = company.owner
        hex_ = game.hex_by_id(action.hex)
        if hex_ is not self.destination:
            raise IllegalAction(f"The NWR tile lay must be on {self.destination.id}")
        ability = self.ability(company)
        self.lay_tile(action, entity=owner)
        self.state.laid_hexes.append(hex_)
        if getattr(owner, "is_corporation", False):
            info = owner.operating_history.get((game.turn, self.round.round_num))
            if info is not None and hasattr(info, "laid_hexes"):
                info.laid_hexes = self.state.laid_hexes
        gain_nwr_bonus(game, game.tile_by_id(action.tile), owner)
        if ability is not None:
            ability.use()
        self.stage = None

    def process_pass(self, action: Action) -> None:
        game = self.game
        game.log(f"{game.entity_name(game.resolve_entity(action))} passes {self.description().lower()}")
        self.pass_()

    # --- questions for the GUI and legal moves -----------------------------------------------------------
    def available_tokens(self, entity: Any) -> list[Any]:
        """The neutral stations are never placed this way: the owner's next token."""
        owner = entity.owner if getattr(entity, "is_company", False) else entity
        token = owner.next_token() if owner is not None else None
        return [token] if token is not None else []

    def upgradeable_tiles(self, entities: Any, hex_: Any) -> list[tuple[Any, list[int]]]:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        owner = entity.owner if getattr(entity, "is_company", False) else entity
        return super().upgradeable_tiles(owner, hex_)

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        if self.stage is None:
            return self.removable_token_hex(entity, hex_)
        if self.stage == "place_token":
            return any(self.placeable_city(entity, c) for c in hex_.tile.cities)
        if hex_ is self.destination:
            return list(self.game.hex_by_id(hex_.id).neighbors.keys())
        return None


__all__ = [
    "BuySellParShares1882", "BuyTrain1882", "HomeToken1882", "SpecialNWR", "Track1882", "WaterfallAuction1882",
    "gain_nwr_bonus", "tile_nwr",
]
