"""Legal tile lays: for each hex, the tiles that may go there, their legal rotations and what each costs.

Enumerators for the track-laying steps: ``Track``, ``SpecialTrack`` (1830 CS/DH, 18Chesapeake's paired lays,
1846's LSL/MC/O&I/LM, 1889's ER after its sale) and the lay part of 1846's ``TrackAndToken`` (its token part
lives in :mod:`engine.moves.token`).

Speed: a state's moves are recomputed after every click, and hexes x tiles x rotations is the expensive part.
The rotation checks that do not depend on who lays (:meth:`Tracker.tile_fits_hex`) are cached per game, keyed
by the hex, the tile on it and its neighbours; what does depend on the entity (its reached edges, from the
graph's own cache) is applied on top.  The cost is computed without side effects (no payment, no log line),
per rotation because border costs depend on which sides the new track crosses.

What the enumeration does not decide (the engine still refuses it in live play, with its own message): the
title's ``track_restriction`` for upgrades ("must use new track"), which needs the tile laid to know what it
connects, and 18Chesapeake's "paired lays must connect" for the second tile of a pair.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.moves.base import Move, PassMove, Unusable
from engine.moves.registry import enumerates
from engine.steps.special_track import SpecialTrack
from engine.steps.track import Track
from engine.steps.tracker import (
    Tracker,
    graph_for_entity,
    tile_cost_with_discount,
    tile_valid_for_phase,
)

if TYPE_CHECKING:
    from engine.game import Game
    from engine.steps.base import Step

__all__ = ["LayTileMove", "lay_tile_moves", "quiet"]


@dataclass(frozen=True)
class LayTileMove(Move):
    """Lay tile ``tile`` (its name: "57") on ``hex`` at one of ``rotations``; ``costs[i]`` is what rotation
    ``rotations[i]`` costs the spender.  Any supply copy of the tile (``tile_ids``) may be named."""

    TYPE: ClassVar[str] = "lay_tile"
    hex: str = ""
    tile: str = ""
    tile_ids: tuple[str, ...] = ()
    rotations: tuple[int, ...] = ()
    costs: tuple[int, ...] = ()
    upgrade: bool = False
    #: who pays (a company's lay is paid by its corporation, 1889's ER by the player who sold it)
    spender: str = ""

    @property
    def cost(self) -> int:
        return min(self.costs) if self.costs else 0

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        # (reasons starting with "not " mean "another move": check_action then prefers other reasons)
        if action.get("hex") != self.hex:
            return f"not a lay on {self.hex}"
        tile_id = action.get("tile")
        if tile_id not in self.tile_ids:
            name = str(tile_id).split("-")[0] if isinstance(tile_id, str) else tile_id
            if name == self.tile:
                return f"tile {tile_id} is not in the supply"
            return f"not tile {self.tile}"
        if action.get("combo_entities"):
            return "combined company lays are not available here"
        rotation = action.get("rotation")
        if rotation not in self.rotations:
            shown = ", ".join(str(r) for r in self.rotations)
            return f"tile {self.tile} on {self.hex} cannot be laid with rotation {rotation!r} (legal: {shown})"
        return None

    def affinity(self, action: Mapping[str, Any]) -> int:
        """How closely ``action`` matches this move (picks the most specific refusal)."""
        if action.get("hex") != self.hex:
            return 0
        tile_id = action.get("tile")
        return 2 if isinstance(tile_id, str) and tile_id.split("-")[0] == self.tile else 1

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "hex": self.hex, "tile": self.tile_ids[0], "rotation": rng.choice(self.rotations)}

    def describe(self) -> str:
        cost = self.cost
        price = f" for {cost}" if cost else ""
        return f"lay tile {self.tile} on {self.hex}{price} (rotations {', '.join(map(str, self.rotations))})"


# ------------------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------------------
@contextmanager
def quiet(game: Game) -> Iterator[None]:
    """Run engine cost helpers that log (discounts) without writing to the game log."""
    lines = game.log_lines
    size = len(lines)
    try:
        yield
    finally:
        del lines[size:]


def _ref(entity: Any) -> tuple[str, Any]:
    if getattr(entity, "is_player", False):
        return "player", entity.id
    if getattr(entity, "is_company", False):
        return "company", entity.id
    if getattr(entity, "is_minor", False):
        return "minor", entity.id
    return "corporation", entity.id


_CACHES: weakref.WeakKeyDictionary[Any, dict[Any, Any]] = weakref.WeakKeyDictionary()


def _cache(game: Game) -> dict[Any, Any]:
    found = _CACHES.get(game)
    if found is None:
        found = {}
        _CACHES[game] = found
    return found


def _supply(game: Game) -> dict[str, list[Any]]:
    """Supply tiles by name, in supply order (the first copy is the one sampled)."""
    by_name: dict[str, list[Any]] = {}
    for tile in game.tiles:
        if tile.hex is None:
            by_name.setdefault(tile.name, []).append(tile)
    return by_name


def _upgrades(game: Game, old: Any, new: Any, special: bool) -> bool:
    key = ("up", old.id, old.name, new.name, special)
    cache = _cache(game)
    found = cache.get(key)
    if found is None:
        found = bool(game.upgrades_to(old, new, special))
        cache[key] = found
    return bool(found)


def _static_rotations(step: Tracker, entity: Any, hex_: Any, tile: Any) -> list[tuple[int, tuple[int, ...]]]:
    """(rotation, exits) for every rotation passing the connectivity-free checks (cached per game)."""
    old = hex_.tile
    key = ("rot", type(step).hex_neighbor_exists, hex_.id, old.id, old.rotation, tile.name,
           tuple(sorted(hex_.neighbors)))
    cache = _cache(step.game)
    found: list[tuple[int, tuple[int, ...]]] | None = cache.get(key)
    if found is not None:
        return found
    found = []
    saved = tile.rotation
    try:
        for rotation in range(6):
            tile.rotate(rotation)
            if step.tile_fits_hex(entity, hex_, tile):
                found.append((rotation, tuple(tile.exits)))
    finally:
        tile.rotate(saved)
    cache[key] = found
    return found


def _lay_abilities(step: Tracker, entity: Any, hex_: Any, tile: Any, abilities: list[Any] | None = None) -> list[Any]:
    """The abilities ``lay_tile`` would apply to this lay (as its loop selects them)."""
    found = []
    for ability in step.abilities(entity) if abilities is None else abilities:
        if ability.owner is not entity:
            continue
        hexes = getattr(ability, "hexes", None) or []
        if hexes and hex_.id not in hexes:
            continue
        tiles = getattr(ability, "tiles", None) or []
        if tiles and tile.name not in tiles:
            continue
        found.append(ability)
    return found


def _border_cost(step: Tracker, entity: Any, spender: Any, hex_: Any, exits: tuple[int, ...]) -> int:
    """Border costs the new track (with ``exits``) would pay: borders whose two sides both get track."""
    total = 0
    for border in hex_.tile.borders:
        cost = border.cost
        if cost is None or border.edge not in exits:
            continue
        neighbor = hex_.neighbors.get(border.edge)
        if neighbor is None or (border.edge + 3) % 6 not in neighbor.tile.exits:
            continue
        total += cost - step.border_cost_discount(entity, spender, border, cost, hex_)
    return total


def lay_cost(step: Tracker, entity: Any, spender: Any, hex_: Any, tile: Any, exits: tuple[int, ...],
             extra_cost: int) -> int:
    """What laying ``tile`` (with ``exits``) on ``hex_`` costs ``spender``: ``Tracker.lay_tile``'s price,
    computed without paying or logging."""
    return _Pricer(step, entity, spender, hex_, tile, extra_cost).cost(exits)


class _Pricer:
    """``Tracker.lay_tile``'s price of one tile on one hex, per rotation (border costs depend on the exits)."""

    def __init__(self, step: Tracker, entity: Any, spender: Any, hex_: Any, tile: Any, extra_cost: int,
                 abilities: list[Any] | None = None) -> None:
        self.step, self.entity, self.spender, self.hex, self.tile = step, entity, spender, hex_, tile
        free = False
        discount = 0
        discounted = False
        for ability in _lay_abilities(step, entity, hex_, tile, abilities):
            if ability.type == "teleport":
                if ability.free_tile_lay:
                    free = True
                extra_cost += int(ability.cost or 0)  # the teleport's own price, paid before the lay
            else:
                free = free or bool(ability.free)
                discount += int(ability.discount or 0)
                discounted = discounted or discount > 0
                extra_cost += int(ability.cost or 0)
        self.free = free
        self.discount = discount if discounted else 0
        self.extra = extra_cost
        self.base: int | None = None
        self.borders = any(b.cost is not None for b in hex_.tile.borders)
        self.memo: dict[int, int] = {}

    def cost(self, exits: tuple[int, ...]) -> int:
        if self.free:
            return self.extra
        game = self.step.game
        with quiet(game):
            if self.base is None:
                self.base = int(game.upgrade_cost(self.hex.tile, self.hex, self.entity, self.spender)) + self.extra
            total = self.base
            if self.borders:
                total += _border_cost(self.step, self.entity, self.spender, self.hex, exits)
            found = self.memo.get(total)
            if found is not None:
                return found
            value = total
            if self.discount:
                value -= min(value, self.discount)
            value = int(tile_cost_with_discount(game, self.tile, self.hex, self.entity, self.spender, value))
        self.memo[total] = value
        return value


def _candidates(game: Game, old: Any, names: list[str], special: bool) -> list[str]:
    """The tile names (among ``names``, a title's whole tile list) that upgrade ``old`` (cached per game)."""
    key = ("cand", old.id, old.name, special, len(names))
    cache = _cache(game)
    found: list[str] | None = cache.get(key)
    if found is None:
        by_name = _catalogue(game)
        found = [n for n in names if n in by_name and game.upgrades_to(old, by_name[n], special)]
        cache[key] = found
    return found


def _catalogue(game: Game) -> dict[str, Any]:
    """One tile object per tile name the game has ever had in its supply (kept for upgrade questions)."""
    cache = _cache(game)
    found: dict[str, Any] | None = cache.get("catalogue")
    if found is None:
        found = {}
        cache["catalogue"] = found
        for hex_ in game.hexes:
            if not hex_.tile.preprinted:
                found.setdefault(hex_.tile.name, hex_.tile)
    for tile in game.tiles:
        found.setdefault(tile.name, tile)
    return found


def _spender_cash(spender: Any) -> int:
    return int(getattr(spender, "cash", 0))


# ------------------------------------------------------------------------------------------------------------
# Enumeration
# ------------------------------------------------------------------------------------------------------------
def lay_tile_moves(step: Tracker, entity: Any, hexes: Iterable[tuple[Any, list[int] | None]], *, spender: Any,
                   extra: Any = None, special: bool = False, tile_names: list[str] | None = None,
                   colors: list[str] | None = None, with_unusable: bool = True) -> Iterator[LayTileMove | Unusable]:
    """Lay moves of ``entity`` on ``hexes`` (hex, reached edges or None for "any side").

    ``extra(tile, hex)`` gives the turn allowance's extra cost (None: none); ``tile_names`` restricts the tiles
    (a company's ability); ``colors`` are the phase's colours (the step's ``potential_tile_colors``)."""
    game = step.game
    supply = _supply(game)
    entity_type, entity_id = _ref(entity)
    cash = _spender_cash(spender)
    all_names = list(_catalogue(game))
    abilities = step.abilities(entity)
    for hex_, edges in hexes:
        old = hex_.tile
        phase_colors = colors if colors is not None else list(step.potential_tile_colors(entity, hex_))
        names = tile_names if tile_names is not None else _candidates(game, old, all_names, special)
        for name in names:
            copies = supply.get(name)
            if not copies:
                if with_unusable:
                    yield Unusable("tile", name, f"no tile {name} left", hex=hex_.id)
                continue
            tile = copies[0]
            if tile.blocks_lay and not special:
                continue
            if tile_names is not None and not _upgrades(game, old, tile, special):
                continue
            if not tile_valid_for_phase(game, tile, hex_, phase_colors):
                if with_unusable:
                    yield Unusable("tile", name, f"tile {name} ({tile.color}) is not available before a later "
                                                 "phase", hex=hex_.id)
                continue
            fits = _static_rotations(step, entity, hex_, tile)
            if edges is not None:
                fits = [(r, exits) for r, exits in fits if any(e in edges for e in exits)]
            if not fits:
                if with_unusable and edges is not None:
                    yield Unusable("tile", name, f"tile {name} cannot connect to {entity_id}'s track on {hex_.id} "
                                                 "at any rotation", hex=hex_.id)
                continue
            extra_cost = int(extra(tile, hex_)) if extra is not None else 0
            pricer = _Pricer(step, entity, spender, hex_, tile, extra_cost, abilities)
            rotations: list[int] = []
            costs: list[int] = []
            too_dear: list[int] = []
            for rotation, exits in fits:
                cost = pricer.cost(exits)
                if cost > cash:
                    too_dear.append(cost)
                    continue
                rotations.append(rotation)
                costs.append(cost)
            if not rotations:
                if with_unusable:
                    yield Unusable("tile", name, f"tile {name} on {hex_.id} costs {min(too_dear)}; "
                                                 f"{getattr(spender, 'name', spender)} has {cash}", hex=hex_.id)
                continue
            yield LayTileMove(entity_type, entity_id, hex=hex_.id, tile=name,
                              tile_ids=tuple(t.id for t in copies), rotations=tuple(rotations), costs=tuple(costs),
                              upgrade=old.color != "white", spender=str(getattr(spender, "id", "")))


def _allowance_hexes(step: Tracker, entity: Any, corporation: Any) -> Iterator[tuple[Any, list[int] | None]]:
    """The hexes where the turn's lay allowance lets ``entity`` lay now (``tracker_available_hex``), each with
    the reached edges; hexes blocked by a company's ability are skipped."""
    tile_lay = step.get_tile_lay(entity)
    if tile_lay is None:
        return
    connected = graph_for_entity(step.game, corporation).connected_hexes(corporation)
    laid = step.state.laid_hexes
    for hex_, edges in connected.items():
        color = hex_.tile.color
        if color == "white" and not tile_lay["lay"]:
            continue
        if color != "white" and not tile_lay["upgrade"]:
            continue
        if color != "white" and tile_lay["cannot_reuse_same_hex"] and any(h is hex_ for h in laid):
            continue
        if step.ability_blocking_hex(entity, hex_) is not None:
            continue
        yield hex_, list(edges)


def _allowance_extra(step: Tracker, entity: Any) -> Any:
    tile_lay = step.get_tile_lay(entity)
    if tile_lay is None:
        return None

    def extra(tile: Any, hex_: Any) -> int:
        return step.extra_cost(tile, tile_lay, hex_)

    return extra


def track_lay_moves(step: Track, entity: Any) -> Iterator[Move | Unusable]:
    """The operating corporation's own lays (the turn's allowance)."""
    if getattr(entity, "is_company", False) or entity is not step.current_entity():
        return
    if step.get_tile_lay(entity) is None:
        return
    yield from lay_tile_moves(step, entity, _allowance_hexes(step, entity, entity), spender=entity,
                              extra=_allowance_extra(step, entity))


@enumerates(Track)
def track_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, Track)
    kinds = step.actions(entity)
    if "lay_tile" in kinds:
        yield from track_lay_moves(step, entity)
    if "pass" in kinds:
        entity_type, entity_id = _ref(entity)
        yield PassMove(entity_type, entity_id, label=step.pass_description())


# ------------------------------------------------------------------------------------------------------------
# Company lays
# ------------------------------------------------------------------------------------------------------------
def _special_spender(step: SpecialTrack, entity: Any) -> Any:
    seller = getattr(step, "seller", None)
    if seller is not None and getattr(step, "company", None) is entity:
        sold = getattr(step, "sold_lay_ability", None)
        if sold is not None and sold(entity) is not None:
            return seller(entity)
    owner = entity.owner
    if owner is None:
        return None
    if getattr(owner, "is_corporation", False):
        return owner
    return step.round.current_entity()


def special_lay_moves(step: SpecialTrack, entity: Any) -> Iterator[Move | Unusable]:
    game = step.game
    ability = step.ability(entity)
    if ability is None:
        return
    spender = _special_spender(step, entity)
    if spender is None:
        return
    hexes_listed = list(getattr(ability, "hexes", None) or [])
    consumes = ability.type == "teleport" or bool(getattr(ability, "consume_tile_lay", False))
    extra = _allowance_extra(step, entity) if consumes else None
    if consumes and step.get_tile_lay(entity) is None:
        return
    targets: list[tuple[Any, list[int] | None]] = []
    if hexes_listed:
        for hex_id in hexes_listed:
            hex_ = game.hex_by_id(hex_id)
            edges = step.available_hex(entity, hex_)
            if edges is None:
                continue
            if step.ability_blocking_hex(entity, hex_) is not None:
                continue
            targets.append((hex_, list(edges)))
    elif consumes:
        corporation = step.get_tile_lay_corporation(entity)
        targets = list(_allowance_hexes(step, entity, corporation))
    # 1846: Little Miami may not lay and upgrade the same hex.
    little_miami = getattr(game, "little_miami", None)
    if little_miami is not None and entity is little_miami:
        laid = getattr(game, "little_miami_hexes_laid", [])
        if len(laid) == 1:
            targets = [(h, e) for h, e in targets if h is not laid[0]]
    if consumes:
        tile_lay = step.get_tile_lay(entity)
        if tile_lay is not None:
            targets = [(h, e) for h, e in targets
                       if (h.tile.color == "white" and tile_lay["lay"]) or (h.tile.color != "white"
                                                                             and tile_lay["upgrade"])]
    tiles = list(getattr(ability, "tiles", None) or []) or None
    special = bool(ability.special) if ability.type == "tile_lay" else False
    yield from lay_tile_moves(step, entity, targets, spender=spender, extra=extra, special=special,
                              tile_names=tiles)


@enumerates(SpecialTrack)
def special_track_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, SpecialTrack)
    kinds = step.actions(entity)
    if "lay_tile" in kinds:
        yield from special_lay_moves(step, entity)
    if "pass" in kinds and step.company is entity:  # process_pass refuses anyone else
        entity_type, entity_id = _ref(entity)
        yield PassMove(entity_type, entity_id, label=step.pass_description())
