"""The Tracker mix-in: laying and upgrading tiles.

Every step that lays track (``Track``, ``SpecialTrack``, 1846's ``TrackAndToken``) mixes this in.
It owns the whole life of a ``lay_tile`` action:

1. which lay of the turn this is (the title's ``tile_lays``: lay and/or upgrade, extra cost),
2. the legality checks (blocked hexes, the upgrade rules, legal rotations, track restrictions),
3. the tile bookkeeping (supply lists, ``Hex.lay`` moving tokens and reservations, impassable
   neighbours opening up, the graph cache),
4. the price (terrain, borders, tile-lay abilities' free lays and discounts, title discounts),
5. tokens lifted from a pathless multi-city tile (1830's ERIE home E11) and queued for the
   HomeToken step.

The reference engine skips some checks while loading a saved game (``game.loading``); they are
implemented here and run only when ``game.strict`` is set.  Answers that decide whether the step is
skipped (``can_lay_tile``) are exactly the reference's, because replay parity depends on them.

A few game-level helpers the steps need but :class:`engine.game.Game` does not (yet) provide are
module functions taking the game first (``graph_for_entity``, ``clear_graph_for_entity``,
``tile_cost_with_discount``, ...).  Each first looks for a method of the same name on the game, so a
title can override it there.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction, InvalidAction
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import LayTile
    from engine.game import Game
    from engine.map.hexes import Hex
    from engine.map.tile import Tile

__all__ = [
    "Tracker",
    "all_abilities",
    "clear_graph_for_entity",
    "graph_for_entity",
    "legal_tile_rotation_hook",
    "log_cost_discount",
    "snake_case",
    "tile_cost_with_discount",
    "tile_valid_for_phase",
    "token_graph_for_entity",
    "token_owner",
    "tokens_by_type",
]

_CAMEL = re.compile(r"(.)([A-Z])")


@functools.cache  # a handful of step names, asked after every action
def snake_case(name: str) -> str:
    """``SpecialTrack`` -> ``special_track`` (the reference's step ``type``)."""
    return _CAMEL.sub(r"\1_\2", name).lower()


# ---------------------------------------------------------------------------------------------------
# Game-level helpers (the lead may move them onto Game; each defers to a Game method when present)
# ---------------------------------------------------------------------------------------------------


def _game_hook(game: Game, name: str) -> Any:
    return getattr(game, name, None)


def all_abilities(entity: Any) -> list[Any]:
    """``entity.all_abilities`` whether it is a property or a method."""
    if entity is None:
        return []
    value = getattr(entity, "all_abilities", None)
    if value is None:
        return []
    if callable(value):
        value = value()
    return list(value)


def graph_for_entity(game: Game, entity: Any) -> Any:
    """The graph used for ``entity``'s track questions (the game's single graph by default)."""
    hook = _game_hook(game, "graph_for_entity")
    return hook(entity) if hook is not None else game.graph


def token_graph_for_entity(game: Game, entity: Any) -> Any:
    """The graph used for ``entity``'s token questions (the game's single graph by default)."""
    hook = _game_hook(game, "token_graph_for_entity")
    return hook(entity) if hook is not None else game.graph


def clear_graph_for_entity(game: Game, entity: Any) -> None:
    """Forget cached connectivity after ``entity`` laid a tile or a token (the reference's
    ``clear_graph_for_entity``: both graphs are cleared, sticky route entries survive)."""
    hook = _game_hook(game, "clear_graph_for_entity")
    if hook is not None:
        hook(entity)
        return
    graph_for_entity(game, entity).clear()
    token_graph_for_entity(game, entity).clear()


def tokens_by_type(entity: Any) -> list[Any]:
    """The first unused token of each type (``tokens_by_type`` as a property or a method)."""
    value = getattr(entity, "tokens_by_type", None)
    if value is not None:
        return list(value() if callable(value) else value)
    seen: list[str] = []
    result: list[Any] = []
    for token in getattr(entity, "tokens", ()):
        if token.used or token.type in seen:
            continue
        seen.append(token.type)
        result.append(token)
    return result


def token_owner(game: Game, entity: Any) -> Any:
    """Whose tokens ``entity`` places: a company places its owner's."""
    hook = _game_hook(game, "token_owner")
    if hook is not None:
        return hook(entity)
    if entity is not None and getattr(entity, "is_company", False):
        return entity.owner
    return entity


def _discount_entity(entity: Any) -> Any:
    """Terrain discounts belong to the corporation a company acts for."""
    owner = getattr(entity, "owner", None)
    if not getattr(entity, "is_corporation", False) and owner is not None and getattr(owner, "is_corporation", False):
        return owner
    return entity


def log_cost_discount(game: Game, spender: Any, abilities: Sequence[Any], discount: int) -> None:
    """Log "X receives a discount of $D from A, B" when the discount is positive."""
    hook = _game_hook(game, "log_cost_discount")
    if hook is not None:
        hook(spender, abilities, discount)
        return
    if discount <= 0:
        return
    names = ", ".join(str(a.owner.name) for a in abilities)
    game.log(f"{spender.name} receives a discount of {game.format_currency(discount)} from {names}")


def tile_cost_with_discount(game: Game, tile: Any, hex_: Any, entity: Any, spender: Any, cost: int) -> int:
    """The tile cost after ``tile_discount`` abilities without a terrain (any tile on their hexes)."""
    hook = _game_hook(game, "tile_cost_with_discount")
    if hook is not None:
        return int(hook(tile, hex_, entity, spender, cost))
    holder = _discount_entity(entity)
    abilities = [
        a for a in all_abilities(holder)
        if a.type == "tile_discount" and not getattr(a, "terrain", None)
        and (getattr(a, "hexes", None) is None or hex_.id in a.hexes)
    ]
    if not abilities:
        return cost
    discount = min(cost, sum(int(a.discount) for a in abilities))
    log_cost_discount(game, spender, abilities, discount)
    return cost - discount


def legal_tile_rotation_hook(game: Game, entity: Any, hex_: Any, tile: Any) -> bool:
    """Title hook on top of the engine's rotation checks (always True in the base rules)."""
    hook = _game_hook(game, "legal_tile_rotation")
    return bool(hook(entity, hex_, tile)) if hook is not None else True


def tile_valid_for_phase(game: Game, tile: Any, hex_: Any = None, phase_colors: Sequence[str] | None = None) -> bool:
    """Whether the phase allows ``tile``'s colour (only used to list candidate tiles)."""
    hook = _game_hook(game, "tile_valid_for_phase")
    if hook is not None:
        return bool(hook(tile, hex=hex_, phase_color_cache=phase_colors))
    colors = phase_colors if phase_colors is not None else game.phase.tiles
    return tile.color in colors


def _array_and(left: Sequence[int], right: Sequence[int]) -> list[int]:
    """Ruby's ``left & right``: the distinct items of ``left`` (in order) that are in ``right``."""
    result: list[int] = []
    for item in left:
        if item in right and item not in result:
            result.append(item)
    return result


def _edge_num(path: Any, endpoint: Any) -> int:
    """The rotated number of an edge endpoint of ``path``."""
    return int((endpoint.num + path.rotation) % 6)


def paths_connect(path: Any, other: Any, corporation: Any = None) -> bool:
    """Whether ``path`` joins ``other`` (the reference's ``Path#connects_to?``): across a shared hex
    side, through the same junction, or through a shared node that does not block ``corporation``."""
    hex_ = path.hex
    for part in (path.a, path.b):
        if getattr(part, "is_edge", False):
            if hex_ is None:
                continue
            edge = _edge_num(path, part)
            neighbor = hex_.neighbors.get(edge)
            if neighbor is not None:
                facing = (edge + 3) % 6
                if neighbor is other.hex and facing in other.exits:
                    return True
        elif getattr(part, "is_junction", False):
            if other.junction is part:
                return True
        elif any(n is part for n in other.nodes) and not part.blocks(corporation):
            return True
    return False


# ---------------------------------------------------------------------------------------------------
# The mix-in
# ---------------------------------------------------------------------------------------------------


class Tracker(Step):
    """Tile-lay rules shared by every track-laying step (the reference's ``Step::Tracker``)."""

    # --- step protocol ---------------------------------------------------------------------------------
    def type_name(self) -> str:
        """The reference step type used for ability timing ("track", "special_track", ...)."""
        return snake_case(self.NAME)

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state.update(num_laid_track=0, upgraded_track=False, num_upgraded_track=0, laid_hexes=[])
        return state

    def setup(self) -> None:
        super().setup()
        state = self.state
        state.num_laid_track = 0
        state.num_upgraded_track = 0
        state.upgraded_track = False
        state.laid_hexes = []

    @property
    def state(self) -> Any:
        """The round, seen as the holder of the per-round variables (``num_laid_track``, ...)."""
        return self.round

    # --- the turn's tile lays --------------------------------------------------------------------------
    def can_lay_tile(self, entity: Any) -> bool:
        """Whether ``entity`` may still lay a tile this turn (decides whether Track is skipped)."""
        if self.tile_lay_abilities_should_block(entity):
            return True
        if self.can_buy_tile_laying_company(entity, time=self.type_name()):
            return True
        tile_lay = self.get_tile_lay(entity)
        if tile_lay is None:
            return False
        return (bool(entity.tokens) and self.affords(entity, tile_lay["cost"])
                and bool(tile_lay["lay"] or tile_lay["upgrade"]))

    def get_tile_lay(self, entity: Any) -> dict[str, Any] | None:
        """The current lay allowance (``lay``, ``upgrade``, ``cost``, ``upgrade_cost``,
        ``cannot_reuse_same_hex``), or None when the turn's lays are used up."""
        corporation = self.get_tile_lay_corporation(entity)
        lays: Sequence[Mapping[str, Any]] = self.game.track_rules.tile_lays(corporation)
        index = self.tile_lay_index()
        if not 0 <= index < len(lays):
            return None
        lay = dict(lays[index])
        upgraded = bool(self.state.upgraded_track)
        if lay.get("lay") == "not_if_upgraded":
            lay["lay"] = not upgraded
        if lay.get("upgrade") == "not_if_upgraded":
            lay["upgrade"] = not upgraded
        lay.setdefault("lay", False)
        lay.setdefault("upgrade", False)
        lay["cost"] = lay.get("cost") or 0
        lay["upgrade_cost"] = lay.get("upgrade_cost") or lay["cost"]
        lay["cannot_reuse_same_hex"] = bool(lay.get("cannot_reuse_same_hex") or False)
        return lay

    def tile_lay_index(self) -> int:
        return int(self.state.num_laid_track)

    def get_tile_lay_corporation(self, entity: Any) -> Any:
        return entity.owner if getattr(entity, "is_company", False) else entity

    def track_upgrade(self, old_tile: Any, new_tile: Any, hex_: Any) -> bool:
        """Whether laying ``new_tile`` over ``old_tile`` counts as an upgrade."""
        return bool(old_tile.color != "white")

    def extra_cost(self, tile: Any, tile_lay: Mapping[str, Any], hex_: Any) -> int:
        return int(tile_lay["cost"] if tile.color == "yellow" else tile_lay["upgrade_cost"])

    def tile_lay_abilities_should_block(self, entity: Any) -> bool:
        """An active tile-lay ability that does not use up a normal lay keeps the step open."""
        found: list[Any] = []
        for time in (self.type_name(), "owning_player_track"):
            found.extend(self.abilities(entity, time=time, passive_ok=False))
        return any(not getattr(a, "consume_tile_lay", False) for a in found)

    def abilities(self, entity: Any, time: Any = None, **kwargs: Any) -> list[Any]:
        """The entity's ``tile_lay`` abilities usable now (timed to this step by default)."""
        if time is None:
            time = [self.type_name()]
        return list(self.game.ability_rules.abilities(entity, "tile_lay", time=time, **kwargs))

    def can_buy_tile_laying_company(self, entity: Any, time: str) -> bool:
        """A company with a tile-lay ability the corporation could buy now keeps the step open."""
        if entity is not self.current_entity():
            return False
        if "can_buy_companies" not in self.game.phase.status:
            return False
        for company in self.game.company_rules.purchasable(entity):
            if company.min_price is None:
                continue
            if any(a.type == "tile_lay" and a.matches_when(time) for a in all_abilities(company)) and self.affords(
                    entity, company.min_price):
                return True
        return False

    # --- laying a tile ---------------------------------------------------------------------------------
    def resolve_lay(self, action: LayTile) -> tuple[Any, Hex, Tile, list[Any]]:
        """The acting entity, hex, tile and combo companies named by a ``lay_tile`` action."""
        game = self.game
        entity = game.resolve_entity(action)
        hex_ = game.hex_by_id(action.hex)
        tile = game.tile_by_id(action.tile)
        combos = [game.company_by_id(cid) for cid in (action.combo_entities or [])]
        return entity, hex_, tile, combos

    def lay_tile_action(self, action: LayTile, entity: Any = None, spender: Any = None) -> None:
        """A lay that uses up one of the turn's tile lays (checks the allowance, then lays)."""
        acting, hex_, tile, _ = self.resolve_lay(action)
        old_tile = hex_.tile
        tile_lay = self.get_tile_lay(acting)
        upgrade = self.track_upgrade(old_tile, tile, hex_)
        if upgrade and not (tile_lay and tile_lay["upgrade"]):
            raise IllegalAction("Cannot lay an upgrade now")
        if tile.color == "yellow" and not (tile_lay and tile_lay["lay"]):
            raise IllegalAction("Cannot lay a yellow now")
        if tile_lay is None:
            raise IllegalAction(f"{self.game.entity_name(acting)} has no tile lay left this turn")
        if tile_lay["cannot_reuse_same_hex"] and any(h is hex_ for h in self.state.laid_hexes):
            raise IllegalAction(f"{hex_.id} cannot be laid as this hex was already laid on this turn")

        extra = self.extra_cost(tile, tile_lay, hex_)
        self.lay_tile(action, extra_cost=extra, entity=entity, spender=spender)
        state = self.state
        if upgrade:
            state.upgraded_track = True
            state.num_upgraded_track += 1
        state.num_laid_track += 1
        state.laid_hexes.append(hex_)

    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        """Lay the action's tile: check it, put it on the hex, apply abilities, pay for it."""
        game = self.game
        acting, hex_, tile, combos = self.resolve_lay(action)
        entity = entity if entity is not None else acting
        entities = [entity, *combos]
        spender = spender if spender is not None else entity
        rotation = action.rotation
        if not isinstance(rotation, int) or not 0 <= rotation <= 5:
            raise InvalidAction(f"tile rotation must be 0 to 5, not {rotation!r}")
        old_tile = hex_.tile
        graph = graph_for_entity(game, spender)
        is_company = bool(getattr(entity, "is_company", False))

        if game.strict:
            blocking = self.ability_blocking_hex(entity, hex_)
            if blocking is not None:
                raise IllegalAction(f"{hex_.id} is blocked by {blocking.owner.name}")

        tile.rotate(rotation)

        if not game.track_rules.upgrades_to(old_tile, tile, is_company):
            raise IllegalAction(f"{old_tile.name} is not upgradeable to {tile.name}")
        if game.strict and not self.legal_tile_rotation(entities if combos else entity, hex_, tile):
            raise IllegalAction(f"{old_tile.name} is not legally rotated for {tile.name}")

        self.update_tile_lists(tile, old_tile)

        hex_.lay(tile)

        # An impassable hex (a gray or red one, say) opens up towards the new tile's exits.
        if old_tile.color in game.rules.impassable_hex_colors:
            for direction, neighbor in list(hex_.all_neighbors.items()):
                if any(b.edge == direction and b.type == "impassable" for b in hex_.tile.borders):
                    continue
                if direction not in tile.exits:
                    continue
                back = neighbor.neighbor_direction(hex_)
                if back is not None:
                    neighbor.neighbors[back] = hex_
                hex_.neighbors[direction] = neighbor

        clear_graph_for_entity(game, entity)

        free = False
        discount = 0
        teleport = False
        ability_found = False
        discount_abilities: list[Any] = []

        for each in entities:
            for ability in self.abilities(each):
                if ability.owner is not each:
                    continue
                hexes = getattr(ability, "hexes", None) or []
                if hexes and hex_.id not in hexes:
                    continue
                tiles = getattr(ability, "tiles", None) or []
                if tiles and tile.name not in tiles:
                    continue

                ability_found = True
                if ability.type == "teleport":
                    teleport = True
                    if ability.free_tile_lay:
                        free = True
                    if ability.cost and ability.cost > 0:
                        spender.spend(ability.cost, game.bank)
                        game.log(f"{spender.name} ({ability.owner.sym}) spends {game.format_currency(ability.cost)} "
                                 f"and teleports to {hex_.id} ({hex_.location_name})")
                else:
                    if (ability.reachable and hex_.id != getattr(spender, "coordinates", None) and game.strict
                            and not graph.reachable_hexes(spender).get(hex_)):
                        raise IllegalAction(f"Track laid must be connected to one of {spender.id}'s stations")
                    free = free or bool(ability.free)
                    discount += int(ability.discount or 0)
                    if discount > 0:
                        discount_abilities.append(ability)
                    extra_cost += int(ability.cost or 0)

        if is_company and not ability_found:
            raise IllegalAction(f"{entity.name} does not have an ability that allows them to lay this tile")

        if not teleport:
            self.check_track_restrictions(entity, old_tile, tile)

        terrain = list(old_tile.terrain)
        if free:
            # Called for its side effect: a border whose both sides now have track loses its cost.
            self.remove_border_calculate_cost(tile, entities, spender)
            cost = extra_cost
        else:
            border, border_types = self.remove_border_calculate_cost(tile, entities, spender)
            if border > 0:
                terrain.extend(border_types)
            base_cost = int(game.track_rules.upgrade_cost(old_tile, hex_, entity, spender)) + border + extra_cost
            if discount_abilities:
                discount = min(base_cost, discount)
                log_cost_discount(game, spender, discount_abilities, discount)
            cost = tile_cost_with_discount(game, tile, hex_, entity, spender, base_cost - discount)

        self.pay_tile_cost(entities, tile, rotation, hex_, spender, cost, extra_cost)

        self.update_token(action, entity, tile, old_tile)

        for company in game.companies:
            for ability in game.ability_rules.abilities(company, "tile_income"):
                if not getattr(ability, "terrain", None):
                    self.pay_all_tile_income(company, ability)
                else:
                    self.pay_terrain_tile_income(company, ability, terrain, entity, spender)

    def pay_all_tile_income(self, company: Any, ability: Any) -> None:
        income = int(ability.income)
        self.game.bank.spend(income, company.owner)
        self.game.log(f"{company.owner.name} earns {self.game.format_currency(income)} for the tile built by "
                      f"{company.name}")

    def pay_terrain_tile_income(self, company: Any, ability: Any, terrain: list[str], entity: Any,
                                spender: Any) -> None:
        if ability.terrain not in terrain:
            return
        if getattr(ability, "owner_only", False) and company.owner is not entity and company.owner is not spender:
            return
        income = int(ability.income) * sum(1 for t in terrain if t == ability.terrain)
        self.game.bank.spend(income, company.owner)
        self.game.log(f"{company.owner.name} earns {self.game.format_currency(income)} for the {ability.terrain} "
                      f"tile built by {company.name}")

    def update_tile_lists(self, tile: Any, old_tile: Any) -> None:
        """The new tile leaves the supply (an unlimited tile makes its next copy), the old one returns
        unless it was preprinted.  A tile already on the map cannot be laid again."""
        on_hex = tile.hex
        if on_hex is not None and any(h is on_hex for h in self.game.hexes):
            raise IllegalAction(f"Cannot lay tile {tile.id}; it is already on hex {on_hex.id}")
        self.game.track_rules.update_tile_lists(tile, old_tile)

    def try_take_loan(self, entity: Any, cost: int) -> None:
        """Before paying a lay: a title with automatic loans takes them here (1867); nothing by default."""
        return None

    def automatic_funds(self, entity: Any) -> int:
        """Money a lay would raise by itself beyond the cash (1867's automatic loans); 0 by default."""
        return 0

    def pay_tile_cost(self, entities: Sequence[Any], tile: Any, rotation: int, hex_: Any, spender: Any,
                      cost: int, extra_cost: int) -> None:
        """Pay the bank and log the lay."""
        game = self.game
        entity = entities[0]
        self.try_take_loan(spender, cost)
        if cost > 0:
            spender.spend(cost, game.bank)
        via = ""
        if spender is not entity and getattr(entity, "is_company", False):
            via = f" ({'+'.join(str(e.sym) for e in entities)})"
        spends = "" if cost == 0 else f" spends {game.format_currency(cost)} and"
        where = f" ({tile.location_name})" if tile.location_name else ""
        game.log(f"{spender.name}{via}{spends} lays tile #{tile.name} with rotation {rotation} on {hex_.id}{where}")

    def update_token(self, action: LayTile, entity: Any, tile: Any, old_tile: Any) -> None:
        """Track on a pathless multi-city tile (ERIE's home E11 in 1830): its tokens come off and the
        HomeToken step makes someone choose their city."""
        cities = tile.cities
        if old_tile.paths or not tile.paths or len(cities) <= 1:
            return
        tokens = [t for city in cities for t in city.tokens if t is not None]
        if not tokens:
            return
        state = self.state
        pending = getattr(state, "pending_tokens", None)
        if pending is None:
            pending = []
            state.pending_tokens = pending
        mode = self.game.rules.token_placement_on_tile_lay_entity
        hex_ = tile.hex
        for token in tokens:
            if mode == "owner":
                actor = token.corporation
            else:
                actor = entity.owner if getattr(entity, "is_company", False) else entity
            pending.append({"entity": actor, "hexes": [hex_], "token": token})
            self.game.log(f"{actor.name} must choose city for token")
            token.remove()

    def remove_border_calculate_cost(self, tile: Any, entities: Sequence[Any] | Any,
                                     spender: Any) -> tuple[int, list[str]]:
        """Borders with a cost whose both sides now have track: removed from both tiles, and paid."""
        entity_list = list(entities) if isinstance(entities, list | tuple) else [entities]
        entity = entity_list[0]
        hex_ = tile.hex
        types: list[str] = []
        total = 0
        for border in list(tile.borders):
            cost = border.cost
            if cost is None:
                continue
            edge = border.edge
            neighbor = hex_.neighbors.get(edge)
            if neighbor is None or not hex_.targeting(neighbor) or not neighbor.targeting(hex_):
                continue
            types.append(border.type)
            tile.borders.remove(border)
            facing = (edge + 3) % 6
            neighbor.tile.borders[:] = [b for b in neighbor.tile.borders if b.edge != facing]
            total += cost - self.border_cost_discount(entity, spender, border, cost, hex_)
        return total, types

    def border_cost_discount(self, entity: Any, spender: Any, border: Any, cost: int, hex_: Any) -> int:
        holder = _discount_entity(entity)
        for ability in all_abilities(holder):
            if ability.type != "tile_discount" or not getattr(ability, "terrain", None):
                continue
            if border.type != ability.terrain:
                continue
            hexes = getattr(ability, "hexes", None)
            if hexes is not None and hex_.id not in hexes:
                continue
            discount = min(int(ability.discount), cost)
            if discount > 0:
                self.game.log(f"{spender.name} receives a discount of {self.game.format_currency(discount)} from "
                              f"{ability.owner.name}")
            return discount
        return 0

    def track_restrictions_apply(self, entity: Any, old_tile: Any, new_tile: Any) -> bool:
        """Does the track rule (``check_track_restrictions``) apply to this upgrade at all?  A title's step may
        lift it for some upgrades (1847 AE: yellow double towns; 18Rhl: the 4-spoke town tiles); the legal-move
        enumeration asks the same."""
        return True

    def track_restriction_entity(self, entity: Any) -> Any:
        """Whose track the rule on reusing track looks at for a lay by ``entity``: the one laying (a company's
        lay is then not checked); a title may name another (18ZOO: a power's lay is its family's)."""
        return entity

    def check_track_restrictions(self, entity: Any, old_tile: Any, new_tile: Any) -> None:
        """(Strict) the title's rule on reusing track (``track_restriction``)."""
        game = self.game
        entity = self.track_restriction_entity(entity)
        if game.loading or not (getattr(entity, "is_corporation", False) or getattr(entity, "is_minor", False)):
            return
        if not self.track_restrictions_apply(entity, old_tile, new_tile):
            return
        graph = graph_for_entity(game, entity)
        if not game.rules.allow_removing_towns:
            for old_ct in old_tile.city_towns:
                old_exits = list(old_ct.exits)
                if not any(all(e in new_ct.exits for e in old_exits) for new_ct in new_tile.city_towns):
                    raise IllegalAction("New track must override old one")

        old_paths = old_tile.paths
        changed_city = False
        used_new_track = not old_paths
        connected = graph.connected_paths(entity)
        for new_path in new_tile.paths:
            if not connected.get(new_path):
                continue
            old_path = next((p for p in old_paths if new_path <= p), None)
            if old_path is None:
                used_new_track = True
            old_revenues = sorted(n.max_revenue for n in old_path.nodes) if old_path is not None else None
            new_revenues = sorted(n.max_revenue for n in new_path.nodes)
            if old_revenues != new_revenues:
                changed_city = True

        restriction = game.rules.track_restriction
        if restriction == "permissive":
            return
        if restriction == "city_permissive":
            if not new_tile.cities and not used_new_track:
                raise IllegalAction("Must be city tile or use new track")
        elif restriction == "restrictive":
            if not used_new_track:
                raise IllegalAction("Must use new track")
        elif restriction == "semi_restrictive":
            if not used_new_track and not changed_city:
                raise IllegalAction("Must use new track or change city value")
        elif restriction == "station_restrictive":
            if not used_new_track and not new_tile.nodes:
                raise IllegalAction("Must use new track")
        else:
            raise NotImplementedError(f"track restriction {restriction!r}")

    # --- legality of a tile at a rotation ----------------------------------------------------------------
    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        """Whether ``tile`` at its current rotation may go on ``hex_`` for the entity."""
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        if not legal_tile_rotation_hook(self.game, entity, hex_, tile):
            return False
        neighbors = self.hex_neighbors(entity, hex_) or []
        if not any(e in neighbors for e in tile.exits):
            return False
        return self.tile_fits_hex(entity, hex_, tile)

    def tile_fits_hex(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """The rotation checks that do not depend on the entity's connectivity: every exit has a
        neighbour, old track kept, cities not merged or lost, city sizes kept (``legal_tile_rotation``
        adds "some exit is reached"; the legal-move enumeration caches this part per hex and tile)."""
        old_tile = hex_.tile
        old_ctedges = old_tile.city_town_edges()
        new_exits = list(tile.exits)
        new_ctedges = tile.city_town_edges()
        added_cities = max(0, len(new_ctedges) - len(old_ctedges))
        multi_city_upgrade = len(tile.cities) > 1 and len(old_tile.cities) > 1

        if not all(self.hex_neighbor_exists(entity, hex_, edge) for edge in new_exits):
            return False
        if not self.old_paths_maintained(hex_, tile):
            return False
        disjoint = sum(1 for new in new_ctedges if all(not _array_and(new, old) for old in old_ctedges))
        if added_cities < disjoint:
            return False
        if multi_city_upgrade and not all(
                sum(1 for new in new_ctedges if _array_and(old, new) == list(old)) == 1 for old in old_ctedges):
            return False
        return self.city_sizes_maintained(hex_, tile)

    def hex_neighbor_exists(self, entity: Any, hex_: Any, edge: int) -> bool:
        return edge in hex_.neighbors

    def old_paths_maintained(self, hex_: Any, tile: Any) -> bool:
        new_paths = tile.paths
        return all(any(path <= new for new in new_paths) for path in hex_.tile.paths)

    def city_sizes_maintained(self, hex_: Any, tile: Any) -> bool:
        """A city never loses printed slots (only matters where a hex mixes city sizes)."""
        sizes: list[int] = []
        for city in hex_.tile.cities:
            if city.normal_slots not in sizes:
                sizes.append(city.normal_slots)
        if len(sizes) <= 1:
            return True
        return all(new is not None and new.normal_slots >= old.normal_slots
                   for old, new in hex_.city_map_for(tile).items())

    def legal_tile_rotations(self, entities: Any, hex_: Any, tile: Any) -> list[int]:
        """Every rotation at which ``tile`` may go on ``hex_`` (the tile's rotation is restored)."""
        saved = tile.rotation
        try:
            result = []
            for rotation in range(6):
                tile.rotate(rotation)
                if self.legal_tile_rotation(entities, hex_, tile):
                    result.append(rotation)
            return result
        finally:
            tile.rotate(saved)

    def hex_neighbors(self, entity: Any, hex_: Any) -> list[int] | None:
        """Edges of ``hex_`` the entity's track reaches, or None when it does not reach the hex."""
        edges = graph_for_entity(self.game, entity).connected_hexes(entity).get(hex_)
        return None if edges is None else list(edges)

    # --- what the GUI may offer ----------------------------------------------------------------------
    def potential_tile_colors(self, entity: Any, hex_: Any) -> list[str]:
        return list(self.game.phase.tiles)

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        """Distinct supply tiles of the phase's colours that upgrade ``hex_``'s tile."""
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        colors = self.potential_tile_colors(entity, hex_)
        seen: list[str] = []
        result: list[Any] = []
        for tile in self.game.tiles:
            if not tile_valid_for_phase(self.game, tile, hex_, colors) or tile.name in seen:
                continue
            seen.append(tile.name)
            if self.game.track_rules.upgrades_to(hex_.tile, tile) and not tile.blocks_lay:
                result.append(tile)
        return result

    def upgradeable_tiles(self, entities: Any, hex_: Any) -> list[tuple[Any, list[int]]]:
        """(tile, legal rotations) for every tile the entity may lay on ``hex_`` now."""
        hex_ = self.game.hex_by_id(hex_.id)
        options: list[tuple[Any, list[int]]] = []
        for tile in self.potential_tiles(entities, hex_):
            rotations = self.legal_tile_rotations(entities, hex_, tile)
            if rotations:
                options.append((tile, rotations))
        must = self.game.rules.tile_upgrades_must_use_max_exits
        old = hex_.tile
        if ((old.cities and "cities" in must)
                or (old.cities and not old.labels and "unlabeled_cities" in must)
                or (not old.cities and not old.towns and "track" in must)):
            return self.max_exits(options)
        return options

    @staticmethod
    def max_exits(options: Iterable[tuple[Any, list[int]]]) -> list[tuple[Any, list[int]]]:
        """Per colour, keep only the tiles with the most track edges."""
        by_color: dict[str, list[tuple[Any, list[int]]]] = {}
        for option in options:
            by_color.setdefault(option[0].color, []).append(option)
        result: list[tuple[Any, list[int]]] = []
        for group in by_color.values():
            most = max(len(t.edges) for t, _ in group)
            result.extend(o for o in group if len(o[0].edges) == most)
        return result

    # --- blocked and available hexes -------------------------------------------------------------------
    def ability_blocking_hex(self, entity: Any, hex_: Any) -> Any:
        """The first active ``blocks_hexes`` ability of another entity covering ``hex_``, or None."""
        game = self.game
        indexed = game.ability_rules.blockers_of(hex_)
        if indexed is not None:  # (the legal-move enumeration: the state cannot change, the index is kept)
            for holder, ability in indexed:
                if holder is not entity and game.ability_rules.hex_blocked(entity, ability, hex_):
                    return ability
            return None
        for holder in (*game.companies, *game.minors, *game.corporations):
            if holder.closed or holder is entity:
                continue
            for ability in game.ability_rules.abilities(holder, "blocks_hexes"):
                if game.ability_rules.hex_blocked(entity, ability, hex_):
                    return ability
        return None

    def lay_forbidden(self, entity: Any, hex_: Any) -> bool:
        """A title's own rule keeping ``hex_`` closed to this step's lays now (18NL: Arnhem & Nijmegen before
        the NZO's home token).  The reference's steps say it by overriding ``available_hex``, which only
        the site's interface asks; here the legal moves ask it."""
        return False

    def tracker_available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        """The reached edges of ``hex_`` when the entity may lay or upgrade there now, else None."""
        if self.lay_forbidden(entity, hex_):
            return None
        connected = self.hex_neighbors(entity, hex_)
        if connected is None:
            return None
        tile_lay = self.get_tile_lay(entity)
        if tile_lay is None:
            return None
        color = hex_.tile.color
        if color == "white" and not tile_lay["lay"]:
            return None
        if color != "white" and not tile_lay["upgrade"]:
            return None
        if color != "white" and tile_lay["cannot_reuse_same_hex"] and any(h is hex_ for h in self.state.laid_hexes):
            return None
        if self.ability_blocking_hex(entity, hex_) is not None:
            return None
        return connected
