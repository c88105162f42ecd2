"""1822MX's operating steps: the NdeM's turn (each shareholder lays its track in seat order, its revenue is paid
out or withheld without a choice, it places no tokens, its price moves one step right per share price earned)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import Dividend as DividendAction
from engine.errors import IllegalAction
from engine.map.parts import Icon
from engine.steps.choose_ability import SpecialChoose
from engine.steps.dividend import _entity_type, routes_revenue
from engine.titles.family1822.acquisition import MinorAcquisition
from engine.titles.family1822.operating import (
    BuyTrain1822,
    DiscardTrain1822,
    Dividend1822,
    IssueShares1822,
    Route1822,
    SpecialTrack1822,
    Token1822,
    Track1822,
)

#: the hidden supply tile that stands for a builder cube, and the cube's icon on the hex
CUBE_TILE = "BC"
CUBE_ICON = "block"
CUBE_IMAGE = "1822_mx/red_cube"
#: cubes a hex holds per terrain (each terrain's cube takes this much off the upgrade)
CUBES_PER_TERRAIN = {"mountain": 2, "hill": 1, "river": 1}


def has_terrain(tile: Any, terrain: str) -> bool:
    return any(u.terrains and u.terrains[0] == terrain for u in tile.upgrades)


def max_builder_cubes(tile: Any) -> int:
    return sum(n for terrain, n in CUBES_PER_TERRAIN.items() if has_terrain(tile, terrain))


def builder_cubes(tile: Any) -> int:
    return sum(1 for icon in tile.icons if icon.name.startswith(CUBE_ICON))


def can_hold_builder_cubes(tile: Any) -> bool:
    return builder_cubes(tile) < max_builder_cubes(tile)


def cube_discount(tile: Any) -> int:
    """What the cubes on ``tile`` take off its terrain cost (the best use: a mountain's two, else a hill's one,
    then a river's one)."""
    cubes = builder_cubes(tile)
    discount = 0
    if cubes >= 2 and has_terrain(tile, "mountain"):
        cubes -= 2
        discount += 80
    elif cubes >= 1 and has_terrain(tile, "hill"):
        cubes -= 1
        discount += 40
    if cubes >= 1 and has_terrain(tile, "river"):
        discount += 20
    return discount


def place_cube(game: Any, entity: Any, hex_: Any) -> None:
    game.log(f"{entity.name} places builder cube on {hex_.id}")
    hex_.tile.icons.append(Icon(CUBE_ICON, CUBE_IMAGE, sticky=True))


def drop_cubes(hex_: Any) -> None:
    """Cubes are spent by the upgrade that follows them."""
    hex_.tile.icons = [icon for icon in hex_.tile.icons if icon.name != CUBE_ICON]


def is_cube(tile: Any) -> bool:
    return bool(tile.name == CUBE_TILE)


def is_ndem(game: Any, entity: Any) -> bool:
    return bool(getattr(entity, "id", None) == game.NDEM)


def ndem_shareholders(game: Any) -> list[Any]:
    """The players holding NdeM shares, in seat order."""
    ndem = game.ndem
    return [p for p in game.players if ndem.share_holders.get(p, 0) > 0]


class TrackMX(Track1822):
    """The NdeM's track is laid by each of its shareholders in turn (seat order), each with a full set of lays."""

    def setup(self) -> None:
        super().setup()
        game: Any = self.game
        self.ndem_tile_layers: list[Any] = []
        self.ndem_tiles_laid: list[Any] = []
        if is_ndem(game, self.current_entity()):
            self.ndem_tile_layers = ndem_shareholders(game)

    def actions(self, entity: Any) -> list[str]:
        if is_ndem(self.game, self.current_entity()) and not self.ndem_tile_layers:
            return []
        return super().actions(entity)

    def ndem_acting_player(self) -> Any:
        return self.ndem_tile_layers[0] if self.ndem_tile_layers else None

    def process_lay_tile(self, action: Any) -> None:
        game: Any = self.game
        if is_ndem(game, self.current_entity()) and self.ndem_tile_layers:
            game.log(f"Tile placement for NDEM by {self.ndem_tile_layers[0].name}")
        entity, hex_, tile, _ = self.resolve_lay(action)
        if not is_cube(tile):
            super().process_lay_tile(action)
            drop_cubes(hex_)
            return
        tile_lay = self.get_tile_lay(entity)
        if not tile_lay or not tile_lay["lay"]:
            raise IllegalAction("Cannot lay a builder cube now")
        place_cube(game, entity, hex_)
        self.state.num_laid_track += 1
        self.state.laid_hexes.append(hex_)
        if not self.can_lay_tile(entity):
            self.pass_()

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        tiles = list(super().potential_tiles(entities, hex_))
        if can_hold_builder_cubes(hex_.tile):
            tiles.append(self.game.tile_by_id(f"{CUBE_TILE}-0"))
        return tiles

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        if is_cube(tile):
            return True
        return bool(super().legal_tile_rotation(entities, hex_, tile))

    def available_hex(self, entities: Any, hex_: Any) -> list[int] | None:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        if can_hold_builder_cubes(hex_.tile):
            return self.hex_neighbors(entity, hex_)
        return super().available_hex(entities, hex_)

    def pass_(self) -> None:
        if not is_ndem(self.game, self.current_entity()) or not self.ndem_tile_layers:
            super().pass_()
            return
        state = self.state
        self.ndem_tiles_laid.extend(state.laid_hexes)
        self.ndem_tile_layers.pop(0)
        if not self.ndem_tile_layers:
            state.laid_hexes = self.ndem_tiles_laid
            super().pass_()
            return
        state.num_laid_track = 0
        state.upgraded_track = False
        state.num_upgraded_track = 0
        state.laid_hexes = []


class TokenMX(Token1822):
    """The NdeM places no tokens. A major holding P18 (the id of 1822's station-swap private, which the
    reference keeps checking here) and an exchange token stops at this step even without a token to place."""

    #: the reference's 1822 station-swap id, still looked at by its token step in 1822MX
    SWAP_PRIVATE_ID: ClassVar[str] = "P18"

    def can_place_token(self, entity: Any) -> bool:
        return not is_ndem(self.game, entity) and bool(super().can_place_token(entity))

    def swap_private(self, entity: Any) -> bool:
        game: Any = self.game
        if not getattr(entity, "is_corporation", False):
            return False
        return (
            any(c.sym == self.SWAP_PRIVATE_ID for c in entity.companies) and game.exchange_tokens.get(entity.id, 0) > 0
        )


class DividendMX(Dividend1822):
    """The NdeM pays out what it earns (withholds nothing earned); its price moves one step right for each time its
    share price it earned, one left when it earned nothing."""

    def actions(self, entity: Any) -> list[str]:
        if is_ndem(self.game, self.current_entity()):
            return []
        return super().actions(entity)

    def skip(self) -> None:
        entity = self.current_entity()
        if not is_ndem(self.game, entity):
            super().skip()
            return
        revenue = routes_revenue(self.game, self.routes())
        kind = "payout" if revenue > 0 else "withhold"
        self._process_dividend(DividendAction(entity=entity.id, entity_type=_entity_type(entity), kind=kind), entity)

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        if not is_ndem(self.game, entity):
            return super().share_price_change(entity, revenue)
        if revenue <= 0:
            return "left", 1
        times = revenue // entity.share_price.price
        return ("right", times) if times > 0 else (None, 0)


class SpecialTrackMX(SpecialTrack1822):
    """The builder-cube privates (P10, P11) place cubes on hexes their corporation reaches; a private's lay may
    be a cube instead of a tile; the port privates (P17, P18) lay their port tile on a sea hex, keeping its
    track."""

    TILES_BY_POTENTIAL_TILES: ClassVar[bool] = True
    PORT_TILES: ClassVar[tuple[str, ...]] = ("P1-0", "P2-0")

    def company_sym(self, entities: Any) -> str | None:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        return getattr(entity, "sym", None) if getattr(entity, "is_company", False) else None

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        game: Any = self.game
        sym = self.company_sym(entities)
        cube = game.tile_by_id(f"{CUBE_TILE}-0")
        if sym in game.PORT_COMPANIES:
            if hex_.tile.id in self.PORT_TILES:
                return []
            ability = self.ability(entities[0] if isinstance(entities, list | tuple) else entities)
            name = ability.tiles[0] if ability is not None and ability.tiles else None
            tile = next((t for t in game.tiles if t.name == name), None)
            return [tile] if tile is not None else []
        if sym in game.CUBE_COMPANIES:
            return [cube] if can_hold_builder_cubes(hex_.tile) else []
        tiles = list(super().potential_tiles(entities, hex_))
        if can_hold_builder_cubes(hex_.tile):
            tiles.append(cube)
        return tiles

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        game: Any = self.game
        sym = self.company_sym(entities)
        if sym in game.PORT_COMPANIES:
            return bool(hex_.tile.paths and sorted(hex_.tile.paths[0].exits) == sorted(tile.exits))
        if sym in game.CUBE_COMPANIES or is_cube(tile):
            return True
        return bool(super().legal_tile_rotation(entities, hex_, tile))

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        game: Any = self.game
        sym = self.company_sym(entity)
        if sym in game.PORT_COMPANIES:
            return list(hex_.tile.exits) if hex_.tile.color == "blue" and hex_.tile.id not in self.PORT_TILES else None
        if sym in game.CUBE_COMPANIES:
            return self.hex_neighbors(entity, hex_) if can_hold_builder_cubes(hex_.tile) else None
        return super().available_hex(entity, hex_)

    def process_lay_tile(self, action: Any) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        hex_ = game.hex_by_id(action.hex)
        tile = game.tile_by_id(action.tile)
        if entity.sym in game.CUBE_COMPANIES:
            ability = self.ability(entity)
            if ability is None:
                raise IllegalAction(f"{entity.name} has no cubes to place now")
            place_cube(game, entity, hex_)
            ability.use()
            self.close_if_used_up(ability)
            return
        if entity.sym in game.EXTRA_TRACK_COMPANIES and is_cube(tile):
            ability = self.ability(entity)
            if ability is None:
                raise IllegalAction(f"{entity.name} has no tile lay to use now")
            place_cube(game, entity, hex_)
            ability.use(upgrade=hex_.tile.color in ("green", "brown", "gray"))
            if getattr(entity.owner, "type", None) == "minor":
                ability.use()
            else:
                self.extra_laid = True
            self.close_if_used_up(ability)
            self.lay_together_goes_on(entity, ability)
            return
        super().process_lay_tile(action)
        drop_cubes(hex_)

    def close_if_used_up(self, ability: Any) -> None:
        if (
            ability.type == "tile_lay"
            and ability.closed_when_used_up
            and ability.count is not None
            and ability.count <= 0
        ):
            self.game.log(f"{ability.owner.name} closes")
            ability.owner.close()


class DiscardTrainMX(DiscardTrain1822):
    """The NdeM's discarded trains leave the game."""

    def process_discard_train(self, action: Any) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        train = game.train_by_id(getattr(action, "train", None))
        if not is_ndem(game, entity) or train.owner is not entity:
            super().process_discard_train(action)
            return
        if not any(t is train for t in self.trains(entity)):
            raise IllegalAction(f"{entity.name} cannot discard the {train.name} train ({train.id})")
        game.train_rules.remove_train(train)
        train.owner = None
        game.train_rules.crowded_cache = None
        game.log(f"{entity.name} discards {train.name}")


class IssueSharesMX(IssueShares1822):
    """Issued shares move the price one step left each; the NdeM neither issues nor redeems."""

    def actions(self, entity: Any) -> list[str]:
        if is_ndem(self.game, entity):
            return []
        return super().actions(entity)

    def process_sell_shares(self, action: Any) -> None:
        entity = self.game.resolve_entity(action)
        bundle = self._checked_bundle(action, self.issuable_shares(entity), "issue")
        self.game.share_rules.sell_shares_and_change_price(bundle, movement="left_share")
        self.pass_()


class SpecialChooseMX(SpecialChoose):
    """The stock-drop private's owner may close it (its price drop then happens at once)."""

    CLOSE_STOCK_DROP: ClassVar[str] = "close_p16"

    def ability_chosen(self, company: Any, choice: Any) -> None:
        if choice != self.CLOSE_STOCK_DROP:
            return
        game: Any = self.game
        game.log(f"{company.owner.name} chooses to close {company.sym}")
        game.close_stock_drop(company)


class MinorAcquisitionMX(MinorAcquisition):
    """A major also reaches a minor when both reach a port (the sea hexes of the west coast)."""

    PORT_HEXES: ClassVar[tuple[str, ...]] = ("F7", "G8", "H9", "I10", "J11")

    def connected_to_port(self, entity: Any) -> bool:
        connected = self.game.graph.connected_hexes(entity)
        return any(hex_.id in self.PORT_HEXES for hex_ in connected)

    def connects(self, entity: Any, minor: Any) -> bool:
        return bool(super().connects(entity, minor)) or (
            self.connected_to_port(minor) and self.connected_to_port(entity)
        )


class RouteMX(Route1822):
    """The NdeM (owned by the market) need not run a train."""

    RECEIVERSHIP_MUST_RUN: ClassVar[bool] = False


class BuyTrainMX(BuyTrain1822):
    """No train changes hands with the NdeM (it could not close holding the money: the reference fails then)."""

    def other_trains(self, entity: Any) -> list[Any]:
        game: Any = self.game
        if is_ndem(game, entity):
            return []
        return [t for t in super().other_trains(entity) if not is_ndem(game, t.owner)]
