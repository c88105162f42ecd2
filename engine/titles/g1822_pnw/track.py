"""1822PNW's track: builder cubes (a lay may instead put a cube on a hex with terrain; each cube takes $40 off the
terrain cost of the tile later laid there), forests (a tile laid on a forest hex keeps a forest marker; a marked
hex is not upgraded again), and the two token cities (Seattle, Portland) upgraded along their own tile ladders."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from engine.errors import IllegalAction
from engine.map.parts import Icon
from engine.model.shares import ShareBundle
from engine.steps.trains import bundle_from_action
from engine.titles.family1822.operating import Dividend1822, IssueShares1822, Route1822, SpecialTrack1822, Track1822

#: the icon a builder cube leaves on a hex
CUBE_ICON = "block"
CUBE_IMAGE = "../icons/1822_mx/red_cube"


class BuilderCubes:
    """The game's builder cube rules (a mix-in of the title's game)."""

    #: what a cube takes off a tile's terrain cost; the river edges (hex -> edge) whose crossing counts as terrain
    CUBE_VALUE: ClassVar[int] = 40
    RIVER_EDGES: ClassVar[dict[str, int]] = {"M4": 5, "N5": 2, "H13": 1}
    RIVER_COST: ClassVar[int] = 75
    CUBE_TILE: ClassVar[str] = "BC-0"

    @staticmethod
    def total_terrain_cost(tile: Any) -> int:
        return sum(u.cost for u in tile.upgrades if u.terrains)

    def can_place_river(self, tile: Any) -> bool:
        hex_ = tile.hex
        edge = self.RIVER_EDGES.get(hex_.id) if hex_ is not None else None
        if edge is None:
            return False
        return not any(p.edges and p.edges[0].rotated == edge for p in tile.paths)

    def max_builder_cubes(self, tile: Any) -> int:
        river = self.RIVER_COST if self.can_place_river(tile) else 0
        return math.ceil((self.total_terrain_cost(tile) + river) / self.CUBE_VALUE)

    @staticmethod
    def current_builder_cubes(tile: Any) -> int:
        return sum(1 for i in tile.icons if i.name.startswith(CUBE_ICON))

    def can_hold_builder_cubes(self, tile: Any) -> bool:
        return self.current_builder_cubes(tile) < self.max_builder_cubes(tile)

    def cube_tile(self) -> Any:
        return self.tile_by_id(self.CUBE_TILE)  # type: ignore[attr-defined]

    def place_builder_cube(self, entity: Any, hex_: Any) -> None:
        self.log(f"{entity.name} places builder cube on {hex_.id}")  # type: ignore[attr-defined]
        hex_.tile.icons.append(Icon(CUBE_ICON, CUBE_IMAGE, sticky=True))

    def tile_cost_with_discount(self, tile: Any, hex_: Any, entity: Any, spender: Any, cost: int) -> int:
        """Each cube on the hex takes $40 off (the boomtown tile is free)."""
        if tile.name == "PNW3":
            return 0
        # the hex's tile: the new one once laid (the cubes move onto it), the old one while moves are listed
        return max(cost - self.CUBE_VALUE * self.current_builder_cubes(hex_.tile), 0)


class TokenCityLays:
    """Seattle's and Portland's tiles: every lay there is an upgrade; Seattle's water border costs nothing.
    Leavenworth's white hex (a city and a town) takes its city-and-town yellow tiles at any rotation."""

    game: Any
    SEATTLE: ClassVar[str] = "H11"

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        """A forest hex with track is not upgraded again."""
        if hex_.assigned("forest"):
            return None
        return super().available_hex(entity, hex_)  # type: ignore[misc]

    def city_and_town_lay(self, hex_: Any, tile: Any) -> bool:
        rules = self.game.track_rules
        return bool(
            hex_.id in rules.CITY_AND_TOWN_HEXES
            and hex_.tile.color == "white"
            and tile.name in rules.CITY_AND_TOWN_TILES
        )

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        if self.city_and_town_lay(hex_, tile):
            return True
        return bool(super().legal_tile_rotation(entities, hex_, tile))  # type: ignore[misc]

    def tile_fits_hex(self, entity: Any, hex_: Any, tile: Any) -> bool:
        if self.city_and_town_lay(hex_, tile):
            return True
        return bool(super().tile_fits_hex(entity, hex_, tile))  # type: ignore[misc]

    def track_upgrade(self, old_tile: Any, new_tile: Any, hex_: Any) -> bool:
        if hex_.id in self.game.track_rules.TOKEN_CITIES:
            return True
        return bool(super().track_upgrade(old_tile, new_tile, hex_))  # type: ignore[misc]

    def border_cost_discount(self, entity: Any, spender: Any, border: Any, cost: int, hex_: Any) -> int:
        if hex_.id == self.SEATTLE:
            return 75
        return int(super().border_cost_discount(entity, spender, border, cost, hex_))  # type: ignore[misc]


class TrackPNW(TokenCityLays, Track1822):
    """The corporation's lays, a builder cube counting as one."""

    def is_cube(self, tile: Any) -> bool:
        return tile is not None and tile.name == "BC"

    def process_lay_tile(self, action: Any) -> None:
        game: Any = self.game
        entity, hex_, tile, _ = self.resolve_lay(action)
        if getattr(self.round, "num_laid_portage", 0):
            raise IllegalAction("Cannot place a tile or cube now")
        if self.is_cube(tile):
            tile_lay = self.get_tile_lay(entity)
            if not tile_lay or not tile_lay["lay"]:
                raise IllegalAction("Cannot lay a builder cube now")
            if game.strict and not game.can_hold_builder_cubes(hex_.tile):
                raise IllegalAction(f"{hex_.id} cannot hold another builder cube")
            game.place_builder_cube(entity, hex_)
            self.state.num_laid_track += 1
            self.state.laid_hexes.append(hex_)
            if not self.can_lay_tile(entity):
                self.pass_()
            return
        forest = "forest" in hex_.tile.terrain
        if hex_.assigned("forest"):
            raise IllegalAction("Cannot upgrade forests")
        super().process_lay_tile(action)
        hex_.tile.icons = [i for i in hex_.tile.icons if i.name != CUBE_ICON]
        if forest:
            hex_.assign("forest")


class SpecialTrackPNW(TokenCityLays, SpecialTrack1822):
    """The privates' lays: the builder-cube private places cubes, the coal-mine private lays its mine tile (a
    yellow lay of the corporation) and leaves a mine token there for its corporation."""

    def tile_refusal(self, entity: Any, tile: Any) -> str | None:
        """The coal-mine, boom-town, portage and builder-cube privates lay their own way (their lays below never
        reach the family's colour rule for minors)."""
        game: Any = self.game
        if entity.sym in (game.COAL_COMPANY, game.BOOMTOWN_COMPANY, game.PORTAGE_COMPANY, game.CUBE_COMPANY):
            return None
        return super().tile_refusal(entity, tile)

    def process_lay_tile(self, action: Any) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        tile = game.tile_by_id(action.tile)
        hex_ = game.hex_by_id(action.hex)
        if hex_.assigned("forest"):
            raise IllegalAction("Cannot upgrade forests")
        if entity.sym == game.COAL_COMPANY:
            self.lay_coal_mine(action, entity, hex_, tile)
            return
        if entity.sym == game.BOOMTOWN_COMPANY:
            ability = self.ability(entity)
            self.lay_tile(action)
            if ability is not None:
                self.use_ability(ability)
            return
        if entity.sym == game.PORTAGE_COMPANY:
            if self.state.num_laid_track > 0:
                raise IllegalAction("Cannot play portage now")
            ability = self.ability(entity)
            self.lay_tile(action)
            if ability is not None:
                ability.use()
            self.round.num_laid_portage += 1  # type: ignore[attr-defined]
            entity.revenue = 0
            return
        if entity.sym == game.CUBE_COMPANY:
            ability = self.ability(entity)
            if ability is None:
                raise IllegalAction(f"{entity.name} has no cube to place now")
            game.place_builder_cube(entity, hex_)
            self.use_ability(ability)
            return
        if entity.sym in game.EXTRA_TRACK_COMPANIES and tile is not None and tile is game.cube_tile():
            self.extra_track_cube(entity, hex_)
            return
        forest = "forest" in hex_.tile.terrain
        super().process_lay_tile(action)  # the family's lay, combined privates included
        hex_.tile.icons = [i for i in hex_.tile.icons if i.name != CUBE_ICON]
        if forest:
            hex_.assign("forest")

    def extra_track_cube(self, entity: Any, hex_: Any) -> None:
        """An extra-track private (P11-P13) may put a builder cube where it could lay a tile: an extra lay of a
        major; a minor's uses the whole private (twice its count, as the reference: a count of 1 then stands at
        -1 and the private does not close)."""
        game: Any = self.game
        ability = self.ability(entity)
        if ability is None:
            raise IllegalAction(f"{entity.name} has no tile lay to use now")
        game.place_builder_cube(entity, hex_)
        ability.use()
        if getattr(self._spender(entity), "type", None) == "minor":
            ability.use()
        else:
            self.extra_laid = True
        if ability.closed_when_used_up and ability.count == 0:
            game.log(f"{entity.name} closes")
            entity.close()
        self.lay_together_goes_on(entity, ability)

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["num_laid_portage"] = 0
        return state

    def setup(self) -> None:
        super().setup()
        self.round.num_laid_portage = 0  # type: ignore[attr-defined]

    def get_tile_lay(self, entity: Any) -> dict[str, Any] | None:
        """After the portage no other lay this turn."""
        if getattr(self.round, "num_laid_portage", 0) and getattr(entity, "sym", None) != self.game.PORTAGE_COMPANY:
            return None
        return super().get_tile_lay(entity)

    def fit_key(self, entity: Any) -> Any:
        return (super().fit_key(entity), self.own_rotation_rule(entity))

    def own_rotation_rule(self, entity: Any) -> str | None:
        game: Any = self.game
        sym = getattr(entity, "sym", None)
        rules = {
            game.COAL_COMPANY: "coal",
            game.PORTAGE_COMPANY: "portage",
            game.BOOMTOWN_COMPANY: "boomtown",
            **{port: "port" for port in game.PORT_COMPANIES},
        }
        return rules.get(sym) if sym is not None else None

    def own_rotation_ok(self, rule: str, entity: Any, hex_: Any, tile: Any) -> bool:
        """The coal mine: an exit towards a hex its corporation reaches; the portage: every exit to a hex, none to
        Seattle; the boom town: any."""
        game: Any = self.game
        if rule == "coal":
            reach = game.graph.connected_hexes(entity.owner)
            return any(hex_.neighbors.get(e) is not None and hex_.neighbors.get(e) in reach for e in tile.exits)
        if rule == "port":
            # the long spikes of the water hex show where a port tile may point
            exits = sorted(tile.exits)
            return any(str(p.terminal) == "1" and sorted(p.exits) == exits for p in hex_.tile.paths)
        if rule == "portage":
            neighbors = hex_.all_neighbors
            return all(e in neighbors for e in tile.exits) and not any(
                neighbors[e].id == self.SEATTLE for e in tile.exits
            )
        return True

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        rule = self.own_rotation_rule(entity)
        if rule is not None:
            return self.own_rotation_ok(rule, entity, hex_, tile)
        return bool(super().legal_tile_rotation(entities, hex_, tile))

    def tile_fits_hex(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """The mine, portage and boom town have their own rules (``legal_tile_rotation``); the town removers the
        family's."""
        if self.own_rotation_rule(entity) is not None:
            return True
        return bool(super().tile_fits_hex(entity, hex_, tile))

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        game: Any = self.game
        rule = self.own_rotation_rule(entity)
        if rule is not None:
            ability = self.ability(entity)
            if ability is None:
                return None
            if rule == "boomtown":
                return list(hex_.neighbors.keys()) if hex_.tile.name in ("7", "8", "9") else None
            if rule == "port":
                if hex_.id not in (ability.hexes or []) or hex_.tile.color != "blue" or hex_.tile.id in game.PORT_TILES:
                    return None
                return list(hex_.tile.exits)
            if hex_.id not in (ability.hexes or []):
                return None
            if rule == "coal":
                if hex_.assigned(game.MILL_COMPANY) or hex_.assigned(game.SKI_COMPANY):
                    return None
                if game.graph.connected_hexes(entity.owner).get(hex_) is None:
                    return None
            return list(hex_.all_neighbors.keys())
        if getattr(entity, "sym", None) == game.CUBE_COMPANY:
            owner = entity.owner
            reach = game.graph.connected_hexes(owner).get(hex_) if owner is not None else None
            return list(reach) if game.can_hold_builder_cubes(hex_.tile) and reach is not None else None
        return super().available_hex(entity, hex_)

    def lay_uses_upgrade(self, entity: Any, hex_: Any) -> bool | None:
        """The coal mine is one of the corporation's lays (not its upgrade), even on a brown mountain hex."""
        return False if getattr(entity, "sym", None) == self.game.COAL_COMPANY else None

    def consumes_tile_lay(self, entity: Any, ability: Any) -> bool:
        """The boom town's upgrade is not one of the corporation's lays (it may follow them)."""
        if getattr(entity, "sym", None) == self.game.BOOMTOWN_COMPANY:
            return False
        return bool(super().consumes_tile_lay(entity, ability))

    def use_ability(self, ability: Any) -> None:
        ability.use()
        if ability.closed_when_used_up and ability.count is not None and ability.count <= 0:
            self.game.log(f"{ability.owner.name} closes")
            ability.owner.close()

    def lay_coal_mine(self, action: Any, entity: Any, hex_: Any, tile: Any) -> None:
        game: Any = self.game
        if hex_.assigned(game.MILL_COMPANY) or hex_.assigned(game.SKI_COMPANY):
            raise IllegalAction(f"Cannot lay Rockport Coal Mine in {hex_.id}")
        tile_lay = self.get_tile_lay(entity)
        if not tile_lay or not tile_lay["lay"]:
            raise IllegalAction("Cannot lay coal company now")
        ability = self.ability(entity)
        self.lay_tile(action)
        self.state.num_laid_track += 1
        owner = entity.owner
        token = game.coal_token
        token.corporation = owner
        tile.cities[0].place_token(owner, token, check_tokenable=False)
        owner.tokens.append(token)
        entity.revenue = 0
        if ability is not None:
            ability.use()


class IssueSharesPNW(IssueShares1822):
    """Minors never issue; an issue moves the price one step left per share issued."""

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_corporation", False) and getattr(entity, "type", None) == "minor":
            return []
        return list(super().actions(entity))

    def is_offered(self, bundle: ShareBundle, offered: list[ShareBundle]) -> bool:
        """An offered bundle; read from a record, the offered certificates at the price it names too."""
        return super().is_offered(bundle, offered) or (self.game.recorded and self._offered_shares(bundle, offered))

    @staticmethod
    def _offered_shares(bundle: ShareBundle, offered: list[ShareBundle]) -> bool:
        ids = sorted(s.id for s in bundle.shares)
        return any(sorted(s.id for s in b.shares) == ids for b in offered)

    def tolerates_recorded(self, action: Any) -> bool:
        """The reference's issue takes the price the action names, unchecked, in live play too (the PNW step
        sells the bundle as written; p19_merge_coal_company_3@84 issues at $100 where the legal price is $65):
        a recorded issue of offered certificates at another price is taken; the table offers the legal price."""
        if action.type != "sell_shares":
            return False
        entity = self.game.resolve_entity(action)
        return self._offered_shares(bundle_from_action(self.game, action), self.issuable_shares(entity))

    def process_sell_shares(self, action: Any) -> None:
        entity = self.game.resolve_entity(action)
        bundle = self._checked_bundle(action, self.issuable_shares(entity), "issue")
        self.game.share_rules.sell_shares_and_change_price(bundle, movement="left_share")
        self.pass_()


class DividendPNW(Dividend1822):
    """The portage private's corporation earns the portage penalties of the routes; a major's price moves three
    steps right for a dividend of three times its price (at most 150)."""

    def _process_dividend(self, action: Any, entity: Any) -> None:
        game: Any = self.game
        fee = sum(game.portage_penalty(route) for route in self.routes())
        company = next((c for c in game.companies if c.sym == game.PORTAGE_COMPANY), None)
        holder: Any = company.owner if company is not None else None
        if fee > 0 and getattr(holder, "is_corporation", False):
            game.log(f"{holder.name} receives {game.format_currency(fee)} usage fee for portage tiles")
            game.bank.spend(fee, holder)
        super()._process_dividend(action, entity)

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        direction, times = super().share_price_change(entity, revenue)
        price = entity.share_price.price
        if direction == "right" and getattr(entity, "type", None) == "major" and revenue >= price * 3 and price <= 150:
            return "right", 3
        return direction, times


class RouteAsRecorded(Route1822):
    """The family's route step, paying a recorded run as written even above what its stops make."""

    CHECK_STORED_REVENUE: ClassVar[bool] = False
