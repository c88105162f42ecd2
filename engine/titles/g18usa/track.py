"""18USA's track: resource tiles (engine/titles/g18usa/resources.py), the Denver metropolis tile turned once after
it is laid, the Track Engineers' three lays, plain track upgraded past a colour for $10 a colour skipped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from engine.model.token import Token
from engine.titles.g18usa import data, resources
from engine.titles.g1817.operating import SpecialTrack1817, Track1817
from engine.titles.g1817.volatility import TrackRulesVolatility

if TYPE_CHECKING:
    from engine.actions import LayTile

COLORS = ("white", "yellow", "green", "brown", "gray")

#: the Track Engineers (P7): three lays, one an upgrade; the second costs $20, the third nothing
TRACK_ENGINEER_TILE_LAYS = (
    {"lay": True, "upgrade": True},
    {"lay": True, "upgrade": "not_if_upgraded", "cost": 20, "cannot_reuse_same_hex": True},
    {"lay": True, "upgrade": "not_if_upgraded", "cost": 0, "cannot_reuse_same_hex": True},
)


def laying_corporation(game: Any) -> Any:
    entity = game.round.current_entity() if callable(getattr(game.round, "current_entity", None)) else None
    if entity is not None and not getattr(entity, "is_corporation", False):
        owner = getattr(entity, "owner", None)
        entity = owner if getattr(owner, "is_corporation", False) else entity
    return entity


class TrackRules18USA(TrackRulesVolatility):
    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        if any(c.id == "P7" for c in getattr(entity, "companies", ())):
            return TRACK_ENGINEER_TILE_LAYS
        return super().tile_lays(entity)

    def upgrade_context(self) -> Any:
        """What of the laying corporation its upgrades depend on, not the corporation itself (the answers are
        shared by every corporation alike): its companies' lay abilities (resource tiles) and, from the phase of
        brown tiles until its first run, its home hex (a white home city may turn brown at once); of the phase,
        its tile colours."""
        game = self.game
        entity = laying_corporation(game)
        home = None
        operated = getattr(entity, "operated", None)
        if callable(operated) and "brown" in game.phase.tiles and not operated():
            home = getattr(game.home_hex_for(entity), "id", None)  # type: ignore[attr-defined]
        companies = []
        for company in getattr(entity, "companies", ()):
            counts = tuple(a.count for a in company.all_abilities() if a.type == "tile_lay")
            if counts:
                companies.append((company.id, counts))
        return (tuple(companies), tuple(game.phase.tiles), home)

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        game = self.game
        if new.name in data.ORE20_TILES:  # the ore's own label: 8ore10 becomes 8ore20, never 8coalore20
            return "green" in game.phase.tiles and old.name in data.ORE10_TILES and self.correct_label(old, new)
        if new.color == "yellow" and resources.is_resource_tile(new):
            entity = laying_corporation(game)
            companies = list(getattr(entity, "companies", ()))
            return bool(old.color == "white" and resources.can_lay_resource_tile(old, new, companies))
        if old.name == "X04s":
            return bool(new.name == "X04")
        if new.name in data.SPECIAL_TILES:  # laid by a company only, on any colour
            return bool(special) and old.rotated_paths_are_subset_of(new)
        from engine.map import upgrades as up

        if not self.correct_color(old, new):
            return False
        # (label and cities first: cheap, and the same answer as after the track comparison, which costs most)
        if not special and not (self.correct_label(old, new) and up.upgrades_to_correct_city_town(old, new)):
            return False
        return bool(old.paths_are_subset_of(new.paths))

    def correct_label(self, old: Any, new: Any) -> bool:
        """Cleveland (D24) turns brown only as the CLE tile; the metropolises of Atlanta, Chicago, Denver and New
        Orleans turn green as the 592 tile."""
        from engine.map import upgrades as up

        hex_id = old.hex.id if old.hex is not None else None
        if hex_id == "D24":
            if new.name == "X13":
                return True
            if new.color == "brown":
                return False
        if new.name == "592":
            return old.name in ("X01", "X02", "X04", "X06")
        return up.upgrades_to_correct_label(old, new)

    def correct_color(self, old: Any, new: Any) -> bool:
        """From phase 5 plain track may skip colours, a white city turns green at once (brown for the home of a
        corporation that has not operated)."""
        from engine.map import upgrades as up

        game = self.game
        if "brown" in game.phase.tiles:
            if not old.cities:
                if new.color not in COLORS or old.color not in COLORS:
                    return False
                return COLORS.index(new.color) > COLORS.index(old.color)
            if old.color == "white":
                entity = laying_corporation(game)
                colors = ["green"]
                if entity is not None and not entity.operated() and game.home_hex_for(entity) is old.hex:  # type: ignore[attr-defined]
                    colors.append("brown")
                return new.color in colors
        return up.upgrades_to_correct_color(old, new)


def owns(entity: Any, company_id: str) -> bool:
    return any(c.id == company_id for c in getattr(entity, "companies", ()))


class ResourceLays:
    """A yellow resource tile laid by the corporation or by one of its companies (the Great Northern's lays)
    uses up the resource abilities of the corporation's companies, one per resource."""

    game: Any

    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        game = self.game
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        tile = game.tile_by_id(getattr(action, "tile", None))
        acting = entity if entity is not None else game.resolve_entity(action)
        corporation = acting if getattr(acting, "is_corporation", False) else getattr(acting, "owner", acting)
        # the resource tile's hex is priced on the white hex: the markers' discount is found before the lay
        companies = list(getattr(corporation, "companies", ()))
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)  # type: ignore[misc]
        if resources.is_resource_tile(tile) and tile.color == "yellow" and tile.name not in data.ORE20_TILES:
            resources.consume(game, hex_, tile, companies)


class Track18USA(ResourceLays, Track1817):
    """Plus the Pettibone & Mulliken (P11): two upgrades (one a city at most), non-city track one colour beyond
    the phase."""

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["city_upgraded"] = False
        return state

    def setup(self) -> None:
        super().setup()
        self.state.city_upgraded = False

    def can_lay_tile(self, entity: Any) -> bool:
        """The step also waits while the Law Firm (P20) could place its token or the Import/Export Hub (P6) could
        be assigned."""
        return super().can_lay_tile(entity) or self.can_use_p20(entity) or self.can_assign_p6(entity)

    def can_use_p20(self, entity: Any) -> bool:
        if not owns(entity, "P20") or all(t.used for t in entity.tokens):
            return False
        # the cities the corporation reaches (not every city of a hex it reaches: an OO hex's other city)
        nodes: list[Any] = list(self.game.graph.connected_nodes(entity))
        return any(
            getattr(node, "is_city", False)
            and node.available_slots == 0
            and not node.tokened_by(entity)
            and node.tile.name not in data.COMPANY_TOWN_TILES
            for node in nodes
        )

    def can_assign_p6(self, entity: Any) -> bool:
        return owns(entity, "P6") and any(h.tile.color == "red" for h in self.game.graph.connected_hexes(entity))

    def get_tile_lay(self, entity: Any) -> dict[str, Any] | None:
        lay = super().get_tile_lay(entity)
        if lay is not None and owns(self.get_tile_lay_corporation(entity), "P11") and self.state.num_upgraded_track < 2:
            lay["upgrade"] = True
        return lay

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        tile = hex_.tile
        if tile.color != "white" and tile.cities and getattr(self.state, "city_upgraded", False):
            return None
        return super().available_hex(entity, hex_)

    def potential_tile_colors(self, entity: Any, hex_: Any) -> list[str]:
        colors = super().potential_tile_colors(entity, hex_)
        if hex_.tile.cities or not owns(self.get_tile_lay_corporation(entity), "P11"):
            return colors
        colors.append("gray" if "brown" in colors else "brown" if "green" in colors else "green")
        return colors

    def track_restrictions_apply(self, entity: Any, old_tile: Any, new_tile: Any) -> bool:
        """An ore tile improved to the $20 one lays no new track."""
        return not ("ore" in old_tile.name and "ore" in new_tile.name)

    def track_upgrade(self, old_tile: Any, new_tile: Any, hex_: Any) -> bool:
        if super().track_upgrade(old_tile, new_tile, hex_) or new_tile.name in data.ORE20_TILES:
            return True
        return bool(
            not old_tile.cities
            and new_tile.color in COLORS
            and old_tile.color in COLORS
            and COLORS.index(new_tile.color) - COLORS.index(old_tile.color) > 1
        )

    def extra_cost(self, tile: Any, tile_lay: Any, hex_: Any) -> int:
        """A lay on a hex without a city that skips colours costs $10 per colour skipped (priced here, where the
        legal moves see it: a bot laid a brown tile on a white hex with $9)."""
        cost = super().extra_cost(tile, tile_lay, hex_)
        previous = hex_.tile
        if not previous.cities and tile.color != previous.color and tile.color in COLORS and previous.color in COLORS:
            cost += 10 * (COLORS.index(tile.color) - COLORS.index(previous.color) - 1)
        return cost

    def process_lay_tile(self, action: LayTile) -> None:
        """A corporation that has not operated yet turns its white home city brown without using a tile lay
        (the lay is counted only as a hex laid this turn)."""
        acting, hex_, tile, _ = self.resolve_lay(action)
        if self.free_brown_home_upgrade(acting, hex_, tile):
            self.lay_tile(action)
            self.state.laid_hexes.append(hex_)
            return
        super().process_lay_tile(action)

    def free_brown_home_upgrade(self, entity: Any, hex_: Any, tile: Any) -> bool:
        return bool(
            getattr(entity, "is_corporation", False)
            and not entity.operated()
            and self.game.home_hex_for(entity) is hex_
            and tile.color == "brown"
        )  # type: ignore[attr-defined]

    def lay_tile_action(self, action: LayTile, entity: Any = None, spender: Any = None) -> None:
        game = self.game
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        tile = game.tile_by_id(getattr(action, "tile", None))
        if resources.is_resource_tile(tile) and tile.color == "yellow" and tile.name not in data.ORE20_TILES:
            acting = entity if entity is not None else game.resolve_entity(action)
            corporation = acting if getattr(acting, "is_corporation", False) else getattr(acting, "owner", acting)
            found = resources.abilities_to_lay(hex_, tile, list(getattr(corporation, "companies", ())))
            if any(a is not None and not getattr(a, "consume_tile_lay", False) for a in found.values()):
                # a resource laid by an ability that does not use up a lay (the subsidies' markers)
                self.lay_tile(action, entity=entity, spender=spender)
                return
        if self.track_upgrade(hex_.tile, tile, hex_) and hex_.tile.cities:
            self.state.city_upgraded = True
        super().lay_tile_action(action, entity=entity, spender=spender)

    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        game = self.game
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        from engine.titles.g18usa.denver import DENVER, denver_unsettled, queue_denver

        if denver_unsettled(game) and any(n.id == DENVER and e in hex_.tile.exits for e, n in hex_.neighbors.items()):
            queue_denver(game, entity if entity is not None else game.resolve_entity(action))


class SpecialTrack18USA(ResourceLays, SpecialTrack1817):
    """The companies' lays: Boomtown (P9) and the boomtown subsidy (S8) upgrade a plain yellow city to green;
    the Regional Headquarters (P16) from phase 5 on a green or brown non-metropolis city; the Rural Junction
    (P26) on an empty white hex, never next to another; the Company Town (P27) on an empty white hex not next to
    a metropolis, with a free station of its corporation."""

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "id", None) == "P16" and "brown" not in self.game.phase.tiles:
            return []
        return super().actions(entity)

    def potential_tile_colors(self, entity: Any, hex_: Any) -> list[str]:
        colors = super().potential_tile_colors(entity, hex_)
        if entity.id in ("P9", "S8"):
            colors.append("green")
        if entity.id in ("P16", "P27"):
            colors.append("gray")
        return colors

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        found = super().available_hex(entity, hex_)
        if found is None:
            return None
        game = self.game
        tile = hex_.tile
        metros = game.active_metropolis_hexes  # type: ignore[attr-defined]
        if entity.id == "P9" and tile.name not in data.PLAIN_YELLOW_CITY_TILES:
            return None
        if entity.id == "P16" and (tile.color not in ("green", "brown") or hex_ in metros):
            return None
        if entity.id == "P26" and (tile.color != "white" or game.home_hex_for(entity.owner) is hex_):  # type: ignore[attr-defined]
            return None
        if entity.id == "P27" and (
            tile.color != "white"
            or any(c.tokened() for c in tile.cities)
            or any(n in metros for n in hex_.neighbors.values())
        ):
            return None
        return found

    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        game = self.game
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        tile = game.tile_by_id(getattr(action, "tile", None))
        if tile.name in data.RURAL_TILES and any(n.tile.name in data.RURAL_TILES for n in hex_.neighbors.values()):
            raise IllegalAction("Cannot place rural junctions adjacent to each other")
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        if tile.name in data.COMPANY_TOWN_TILES:
            self.company_town(tile)

    def company_town(self, tile: Any) -> None:
        game = self.game
        company = game.company_by_id("P27")
        corporation = company.owner
        if len(corporation.tokens) < 8:
            game.log(f"{corporation.name} gets a free token to place on the Company Town")
            token = Token(corporation, price=0)
            corporation.tokens.append(token)
            tile.cities[0].place_token(corporation, token, free=True, check_tokenable=False)
        else:
            game.log(f"{corporation.name} forfeits the Company Town token as they are at token limit of 8")
        game.graph.clear()
        company.close()


__all__ = ["SpecialTrack18USA", "Track18USA", "TrackRules18USA"]
