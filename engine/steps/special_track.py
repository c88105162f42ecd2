"""The SpecialTrack step: tile lays granted by private companies' abilities.

In 1830: Champlain & St.Lawrence (CS) lays one extra tile on B20 during its owning corporation's
turn, and Delaware & Hudson (DH) teleports tile 57 onto F16 as the turn's tile lay, after which the
SpecialToken step lets the corporation place a station there.  Other titles add paired lays that must
be laid together and connect (18Chesapeake's C-P and B&S), lays right after a company is sold (1889's
ER, through ``round.just_sold_company``), free or discounted lays, and so on.

The step never blocks unless a company must finish its paired lays (``company``).  The acting entity
is the company; its owning corporation (or, for a player-owned company, the current operator) pays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.tracker import Tracker, paths_connect, tile_valid_for_phase, tokens_by_type

if TYPE_CHECKING:
    from engine.actions import Action, LayTile

#: The ability timings a company's tile lay may use (``%current_step%`` is the blocking step's type).
POSSIBLE_TIMES: tuple[str, ...] = (
    "%current_step%",
    "owning_corp_or_turn",
    "owning_player_or_turn",
    "owning_player_track",
    "or_between_turns",
    "stock_round",
)


class SpecialTrack(Tracker):
    """Lay track for a company (the reference's ``Step::SpecialTrack``)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("lay_tile",)
    ACTIONS_WITH_PASS: ClassVar[tuple[str, ...]] = ("lay_tile", "pass")
    NAME: ClassVar[str] = "SpecialTrack"
    #: a title whose companies lay tiles by their own rules (which tiles, before their phase, over labels)
    #: answers ``potential_tiles`` itself: the legal-move enumeration then takes the tiles it names (the
    #: reference's UI does the same) instead of asking the track rules and the phase
    TILES_BY_POTENTIAL_TILES: ClassVar[bool] = False

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        #: the company in the middle of lays that must be made together (blocks the step)
        self.company: Any = None

    # --- step protocol ---------------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        ability = self.ability(entity)
        if ability is None:
            return []
        if ability.type == "tile_lay" and ability.blocks:
            return list(self.ACTIONS)
        return list(self.ACTIONS_WITH_PASS)

    def description(self) -> str:
        name = self.company.name if self.company is not None else "a company"
        return f"Lay Track for {name}"

    def active_entities(self) -> list[Any]:
        if self.company is not None:
            return [self.company]
        return super().active_entities()

    def blocks(self) -> bool:
        return self.company is not None

    def round_state(self) -> dict[str, Any]:
        state: dict[str, Any] = {}
        if not hasattr(self.round, "teleported"):
            state.update(teleported=None, teleport_tokener=None)
        state.update(super().round_state())
        return state

    # --- abilities -------------------------------------------------------------------------------------
    def abilities(self, entity: Any, time: Any = None, **kwargs: Any) -> list[Any]:
        """Every tile-lay ability of the company usable now or, when it has none, every teleport
        ability (the abilities the reference's ``abilities`` hands to a block)."""
        return self._special_abilities(entity, time, kwargs)[0]

    def ability(self, entity: Any, **kwargs: Any) -> Any:
        """The company's ability this step would use now: a tile-lay ability, else an unused
        teleport; None if neither."""
        return self._special_abilities(entity, kwargs.pop("time", None), kwargs)[1]

    def _special_abilities(self, entity: Any, time: Any, kwargs: dict[str, Any]) -> tuple[list[Any], Any]:
        if entity is None or not getattr(entity, "is_company", False):
            return [], None
        game = self.game
        if entity is getattr(self.round, "just_sold_company", None):
            sold = list(game.ability_rules.abilities(entity, "tile_lay", time="sold", **kwargs))
            if sold:
                return sold, sold[0]
        times = list(POSSIBLE_TIMES) if time is None else time
        seen: list[Any] = []
        for kind in ("tile_lay", "teleport"):
            found = list(game.ability_rules.abilities(entity, kind, time=times, **kwargs))
            seen = found
            if found:
                first = found[0]
                if first.type != "teleport" or not first.used:
                    return found, first
        return seen, None

    def consumes_tile_lay(self, entity: Any, ability: Any) -> bool:
        """Is a lay with ``ability`` one of the operator's tile lays (a teleport, or a ``consume_tile_lay``
        ability; a title may count others: 1822's privates)?"""
        return bool(ability.type == "teleport" or (ability.type == "tile_lay" and ability.consume_tile_lay))

    # --- actions ---------------------------------------------------------------------------------------
    def process_lay_tile(self, action: LayTile) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        if self.company is not None and self.company is not entity:
            together = game.ability_rules.abilities(self.company, "tile_lay", time="track")
            if together and together[0].must_lay_together and together[0].must_lay_all:
                raise IllegalAction(f"Cannot interrupt {self.company.name}'s tile lays")

        ability = self.ability(entity)
        if ability is None:
            raise IllegalAction(f"{game.entity_name(entity)} has no tile lay to use now")
        owner = entity.owner
        if owner is None:
            spender = None
        elif getattr(owner, "is_corporation", False):
            spender = owner
        else:
            spender = self.round.current_entity()
        hex_ = game.hex_by_id(action.hex)
        tile = game.tile_by_id(action.tile)

        if self.consumes_tile_lay(entity, ability):
            self.lay_tile_action(action, spender=spender)
        else:
            self.lay_tile(action, spender=spender)
            ability.laid_hexes.append(hex_.id)
            self.state.laid_hexes.append(hex_)
            self.check_connect(action, ability)
        ability.use(upgrade=tile.color in ("green", "brown", "gray"))

        # Track laid after the dividend is recorded in the corporation's operating history.
        if spender is not None and getattr(spender, "is_corporation", False):
            info = spender.operating_history.get((game.turn, self.round.round_num))
            if info is not None and hasattr(info, "laid_hexes"):
                info.laid_hexes = self.state.laid_hexes

        if ability.type == "tile_lay":
            if ability.count is not None and ability.count == 0 and ability.closed_when_used_up:
                company = ability.owner
                game.company_rules.closing_after_using_ability(company)
                company.close()
            if ability.must_lay_together:
                self.company = entity if (ability.count or 0) > 0 else None

        if ability.type != "teleport":
            return
        company = ability.owner
        tokener = company.owner
        if getattr(tokener, "is_player", False):
            tokener = self.round.current_entity()
        if not tokens_by_type(tokener):
            company.remove_ability(ability)
        else:
            self.state.teleported = company
            self.state.teleport_tokener = tokener

    def process_pass(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        if entity is not self.company:
            raise IllegalAction(f"Not {self.game.entity_name(entity)}'s turn to pass laying track")
        ability = self.ability(entity)
        if ability is not None and ability.must_lay_all and (ability.count or 0) > 0:
            raise IllegalAction(f"{entity.name} must use all its tile lays")
        if ability is not None:
            entity.remove_ability(ability)
        self.game.log(f"{entity.owner.name} passes laying additional track with {entity.name}")
        self.company = None

    # --- legality --------------------------------------------------------------------------------------
    def hex_neighbors(self, entity: Any, hex_: Any) -> list[int] | None:
        """A company's lay need not connect: every side of an allowed hex counts (a ``reachable``
        ability still needs the operator's track to reach the hex)."""
        ability = self.ability(entity)
        if ability is None:
            return None
        hexes = getattr(ability, "hexes", None)
        if hexes is None or (hexes and hex_.id not in hexes):
            # (an ability without a hex list names no hex, as in the reference)
            return None
        owner = entity.owner
        operator = owner if getattr(owner, "is_corporation", False) else self.round.current_entity()
        if (ability.type == "tile_lay" and ability.reachable
                and self.game.graph.connected_hexes(operator).get(hex_) is None):
            return None
        return list(self.game.hex_by_id(hex_.id).neighbors.keys())

    def check_connect(self, action: LayTile, ability: Any) -> None:
        """(Strict) tiles laid together by one ability must join each other."""
        game = self.game
        if game.loading or ability.type == "teleport" or not ability.connect:
            return
        hexes = getattr(ability, "hexes", None) or []
        if len(hexes) < 2:
            return
        start = ability.start_count
        if start is None or start < 2 or start == ability.count:
            return
        laid = [game.hex_by_id(h) for h in ability.laid_hexes]
        connected: list[Any] = []
        for hex_ in laid:
            if any(h is hex_ for h in connected):
                continue
            for other in laid:
                if other is hex_:
                    continue
                if any(paths_connect(a, b) for a in hex_.tile.paths for b in other.tile.paths):
                    for h in (hex_, other):
                        if not any(c is h for c in connected):
                            connected.append(h)
        if len(connected) != len(laid):
            raise IllegalAction("Paths must be connected")

    def tile_refusal(self, entity: Any, tile: Any) -> str | None:
        """Why ``entity``'s ability may never lay ``tile`` whatever the hex (None: it may); the step's lay refuses
        it with this reason and the legal moves leave it out."""
        return None

    def hex_refusal(self, entity: Any, hex_: Any) -> str | None:
        """Why ``entity``'s ability may never lay on ``hex_`` whatever the tile (None: it may), for a company
        whose own rule narrows the hexes its owner's lay reaches (1822's town remover: a hex with one town);
        live play refuses it with this reason and the legal moves leave it out.  A lay that counts as the
        owner's turn lay is offered on the owner's hexes, which only this narrows."""
        return None

    def lay_refusal(self, entity: Any, hex_: Any, tile: Any) -> str | None:
        """Why the rules forbid ``entity``'s ability laying ``tile`` on ``hex_`` although the step's lay takes it
        (the reference's lay does not check it; None: allowed).  Live play refuses it with this reason and the
        legal moves leave it out; a record that made it still loads (``tolerates_recorded``)."""
        return None

    def tolerates_recorded(self, action: Action) -> bool:
        """A recorded lay that only :meth:`lay_refusal` forbids is taken, as the reference takes it."""
        if action.type != "lay_tile":
            return False
        game = self.game
        entity = game.resolve_entity(action)
        if self.ability(entity) is None:
            return False
        lay: Any = action
        return self.lay_refusal(entity, game.hex_by_id(lay.hex), game.tile_by_id(lay.tile)) is not None

    # --- GUI queries -----------------------------------------------------------------------------------
    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        ability = self.ability(entity)
        if ability is None:
            return None
        hexes = getattr(ability, "hexes", None)
        if hexes is not None and not hexes and getattr(ability, "consume_tile_lay", False):
            return self.tracker_available_hex(entity, hex_)
        return self.hex_neighbors(entity, hex_)

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        ability = self.ability(entity)
        if ability is None:
            return []
        game = self.game
        if ability.tiles:
            tiles = [next((t for t in game.tiles if t.name == name), None) for name in ability.tiles]
        else:
            names: list[str] = []
            tiles = []
            for t in game.tiles:
                if t.name not in names:
                    names.append(t.name)
                    tiles.append(t)
        special = ability.special if ability.type == "tile_lay" else False
        colors = self.potential_tile_colors(entity, hex_)
        return [t for t in tiles if t is not None and tile_valid_for_phase(game, t, hex_, colors)
                and game.track_rules.upgrades_to(hex_.tile, t, special)]


__all__ = ["POSSIBLE_TIMES", "SpecialTrack"]
