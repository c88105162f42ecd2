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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import GameError
from engine.moves.base import Move, PassMove, Unusable
from engine.moves.registry import LAY_FOCUS, PLAIN, entity_ref, enumerates, scope_memo
from engine.moves.traced_walk import OpenHexes, close_hex, traced_walk
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
    #: the other companies whose lay abilities this lay uses too (``combo_entities``), in the action's order
    combo: tuple[str, ...] = ()

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
        combined = tuple(action.get("combo_entities") or ())
        if combined != self.combo:
            if not self.combo:
                return "combined company lays are not available here"
            return f"not a lay combined with {', '.join(self.combo)}"
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
        sampled = {**self.base(), "hex": self.hex, "tile": self.tile_ids[0], "rotation": rng.choice(self.rotations)}
        if self.combo:
            sampled["combo_entities"] = list(self.combo)
        return sampled

    def describe(self) -> str:
        cost = self.cost
        price = f" for {cost}" if cost else ""
        combined = f" with {', '.join(self.combo)}" if self.combo else ""
        return f"lay tile {self.tile} on {self.hex}{combined}{price} (rotations {', '.join(map(str, self.rotations))})"


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


class _ColdOnCopy(dict[Any, Any]):
    """A cache that a copy of its game does not inherit: copied or pickled, it comes out empty."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_ColdOnCopy, ())


#: The attribute of a game holding its track-move cache.
_CACHE_ATTR = "_moves_track_cache"


#: While set (:func:`plain_enumeration`), the enumeration keeps nothing between questions and takes none of its
#: sufficient-answer shortcuts: the plain computation the caches and shortcuts must agree with.
_PLAIN = PLAIN


@contextmanager
def plain_enumeration() -> Iterator[None]:
    """Work out tile lays without the per-game cache, the map's remembered answers and the restriction's shortcuts
    (slow: for tests comparing the answers)."""
    token = _PLAIN.set(True)
    try:
        yield
    finally:
        _PLAIN.reset(token)


def _cache(game: Game) -> dict[Any, Any]:
    """The game's track-move cache.  It lives on the game, so it goes when the game goes (a module-level
    weak-keyed map kept every game alive: the cached tiles refer to their game), and a copy starts without it."""
    if _PLAIN.get():
        return _ColdOnCopy()
    attrs = vars(game)
    found = attrs.get(_CACHE_ATTR)
    if found is None:
        found = _ColdOnCopy()
        attrs[_CACHE_ATTR] = found
    return found


def _supply(game: Game) -> dict[str, list[Any]]:
    """Supply tiles by name, in supply order (the first copy is the one sampled)."""
    by_name: dict[str, list[Any]] = {}
    # (a title whose supply depends on who lays names it in ``supply_tiles``: 1822Africa's reserved tiles)
    supply = getattr(game, "supply_tiles", None)
    for tile in supply() if supply is not None else game.tiles:
        if tile.hex is None and _named_by_its_id(game, tile):
            by_name.setdefault(tile.name, []).append(tile)
    return by_name


def _named_by_its_id(game: Game, tile: Any) -> bool:
    """Whether an action naming ``tile.id`` gets this tile (a copy of an unlimited tile can share the id of
    one already on the map; the action would then name that one, which the engine refuses)."""
    try:
        return game.tile_by_id(tile.id) is tile
    except GameError:
        return False


def _upgrades(game: Game, old: Any, new: Any, special: bool) -> bool:
    # (the hex is part of the key: a tile back in the supply may be laid elsewhere, and titles decide upgrades
    # by hex: 18GA's Augusta takes only its own green tile)
    key = ("up", old.id, old.name, getattr(old.hex, "id", None), new.name, special, game.track_rules.upgrade_context())
    cache = _cache(game)
    found = cache.get(key)
    if found is None:
        found = bool(game.track_rules.upgrades_to(old, new, special))
        cache[key] = found
    return bool(found)


def _static_rotations(step: Tracker, entity: Any, hex_: Any, tile: Any) -> list[tuple[int, tuple[int, ...]]]:
    """(rotation, exits) for every rotation passing the connectivity-free checks (cached per game)."""
    old = hex_.tile
    # (a step whose fit depends on who lays names that in ``fit_key``: 1822's town-removing private)
    fit_key = getattr(step, "fit_key", None)
    key = (
        "rot",
        type(step).hex_neighbor_exists,
        type(step).tile_fits_hex,
        hex_.id,
        old.id,
        old.rotation,
        tile.name,
        tuple(sorted(hex_.neighbors)),
        fit_key(entity) if fit_key is not None else None,
    )
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


def _hooked_rotations(
    hook: Any, entity: Any, hex_: Any, tile: Any, fits: list[tuple[int, tuple[int, ...]]]
) -> list[tuple[int, tuple[int, ...]]]:
    """The rotations of ``fits`` the title's ``legal_tile_rotation`` hook also allows (not cached: it may ask
    who lays)."""
    kept = []
    saved = tile.rotation
    try:
        for rotation, exits in fits:
            tile.rotate(rotation)
            if hook(entity, hex_, tile):
                kept.append((rotation, exits))
    finally:
        tile.rotate(saved)
    return kept


def _lay_abilities(
    step: Tracker, entity: Any, hex_: Any, tile: Any, abilities: list[Any] | None = None, owners: Sequence[Any] = ()
) -> list[Any]:
    """The abilities ``lay_tile`` would apply to this lay (as its loop selects them; ``owners``: the companies
    combined with ``entity``)."""
    found = []
    for ability in step.abilities(entity) if abilities is None else abilities:
        if ability.owner is not entity and not any(ability.owner is o for o in owners):
            continue
        hexes = getattr(ability, "hexes", None) or []
        if hexes and hex_.id not in hexes:
            continue
        tiles = getattr(ability, "tiles", None) or []
        if tiles and tile.name not in tiles:
            continue
        found.append(ability)
    return found


def _border_cost(
    step: Tracker, entity: Any, spender: Any, hex_: Any, exits: tuple[int, ...], combined: Sequence[Any] = ()
) -> int:
    """Border costs the new track (with ``exits``) would pay: borders whose two sides both get track (a step
    with its own rule answers ``exits_border_cost``, given every combined company)."""
    own = getattr(step, "exits_border_cost", None)
    if own is not None:
        return int(own([entity, *combined] if combined else entity, spender, hex_, exits))
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


class _MapMemo(dict[Any, Any]):
    """Answers about the map's connectivity for one entity (entry sides, sides leading back), kept while the map
    is unchanged: the same tiles at the same rotations and the same tokens (the GUI recomputes the moves of a
    state after every click; an issue or a company bought leaves the map as it was).  The key is built only
    when first needed."""

    def __init__(self, game: Game, entity: Any) -> None:
        super().__init__()
        self.game = game
        self.entity = entity
        self.shared: dict[Any, Any] | None = None

    def _store(self) -> dict[Any, Any]:
        if self.shared is None:
            game = self.game
            tokens = tuple(
                (c.id, tuple(id(t.corporation) if t is not None else 0 for t in c.tokens))
                for h in game.hexes
                for c in h.tile.cities
                if c.tokened()
            )
            key = (id(self.entity), tuple((h.tile.id, h.tile.rotation) for h in game.hexes), tokens)
            cache = _cache(game)
            found = cache.get("map-memo")
            if found is None or found[0] != key:
                found = (key, {})
                cache["map-memo"] = found
            self.shared = found[1]
        return self.shared

    # (asked hundreds of thousands of times in a late enumeration: the store is looked up once)
    def get(self, key: Any, default: Any = None) -> Any:
        shared = self.shared
        if shared is None:
            shared = self._store()
        return shared.get(key, default)

    def __setitem__(self, key: Any, value: Any) -> None:
        shared = self.shared
        if shared is None:
            shared = self._store()
        shared[key] = value


def lay_cost(
    step: Tracker, entity: Any, spender: Any, hex_: Any, tile: Any, exits: tuple[int, ...], extra_cost: int
) -> int:
    """What laying ``tile`` (with ``exits``) on ``hex_`` costs ``spender``: ``Tracker.lay_tile``'s price,
    computed without paying or logging."""
    return _Pricer(step, entity, spender, hex_, tile, extra_cost).cost(exits)


class _Pricer:
    """``Tracker.lay_tile``'s price of one tile on one hex, per rotation (border costs depend on the exits)."""

    def __init__(
        self,
        step: Tracker,
        entity: Any,
        spender: Any,
        hex_: Any,
        tile: Any,
        extra_cost: int,
        abilities: list[Any] | None = None,
        owners: Sequence[Any] = (),
    ) -> None:
        self.step, self.entity, self.spender, self.hex, self.tile = step, entity, spender, hex_, tile
        free = False
        discount = 0
        discounted = False
        for ability in _lay_abilities(step, entity, hex_, tile, abilities, owners):
            if ability.type == "teleport":
                if ability.free_tile_lay:
                    free = True
                extra_cost += int(ability.cost or 0)  # the teleport's own price, paid before the lay
            else:
                free = free or bool(ability.free)
                discount += int(ability.discount or 0)
                discounted = discounted or discount > 0
                extra_cost += int(ability.cost or 0)
        self.owners = list(owners)
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
        # (``quiet`` inlined: this runs for every rotation offered)
        lines = game.log_lines
        size = len(lines)
        try:
            if self.base is None:
                self.base = (
                    int(
                        game.track_rules.upgrade_cost_before_lay(
                            self.hex.tile, self.tile, self.hex, self.entity, self.spender
                        )
                    )
                    + self.extra
                )
            total = self.base
            if self.borders:
                total += _border_cost(self.step, self.entity, self.spender, self.hex, exits, self.owners)
            found = self.memo.get(total)
            if found is not None:
                return found
            value = total
            if self.discount:
                value -= min(value, self.discount)
            value = int(tile_cost_with_discount(game, self.tile, self.hex, self.entity, self.spender, value))
        finally:
            del lines[size:]
        self.memo[total] = value
        return value


def _candidates(game: Game, old: Any, names: list[str], special: bool) -> list[str]:
    """The tile names (among ``names``, a title's whole tile list) that upgrade ``old`` (cached per game)."""
    key = (
        "cand",
        old.id,
        old.name,
        getattr(old.hex, "id", None),
        special,
        len(names),
        game.track_rules.upgrade_context(),
    )
    cache = _cache(game)
    found: list[str] | None = cache.get(key)
    if found is None:
        by_name = _catalogue(game)
        found = [n for n in names if n in by_name and game.track_rules.upgrades_to(old, by_name[n], special)]
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
    tiles = game.tiles
    # (the supply is looked through again only when it changed: a tile added, removed or put back; a change leaves
    # another list, length or last tile)
    seen = (id(tiles), len(tiles), id(tiles[-1]) if tiles else 0)
    if cache.get("catalogue-supply") != seen:
        for tile in tiles:
            found.setdefault(tile.name, tile)
        cache["catalogue-supply"] = seen
    return found


def _spender_cash(spender: Any) -> int:
    return int(getattr(spender, "cash", 0))


# ------------------------------------------------------------------------------------------------------------
# The title's track restriction on upgrades, without laying the tile
# ------------------------------------------------------------------------------------------------------------
@contextmanager
def _blank(hex_: Any) -> Iterator[None]:
    """The hex without track (a sink for walks), put back afterwards."""
    global _BLANK
    if _BLANK is None:
        from engine.map.tile import Tile

        _BLANK = Tile.from_code("blank", "", "white")
    old = hex_.tile
    try:
        hex_.tile = _BLANK
        _BLANK.hex = hex_
        yield
    finally:
        hex_.tile = old
        _BLANK.hex = None


def _back_sides(game: Game, entity: Any, hex_: Any, side: int, memo: dict[Any, Any]) -> frozenset[int]:
    """Sides of ``hex_`` a walk leaving it by ``side`` comes back in by, through track outside the hex."""
    return _walk_out(game, entity, hex_, side, memo)[0]


def _walk_out(
    game: Game, entity: Any, hex_: Any, side: int, memo: dict[Any, Any]
) -> tuple[frozenset[int], frozenset[int]]:
    """A walk leaving ``hex_`` by ``side`` through the track outside it: the sides it comes back in by, and the
    ids of the stops it meets."""
    from engine.map.graph import NewPathPruner, walk_node, walk_path

    key = ("back", hex_.id, side)
    found: tuple[frozenset[int], frozenset[int]] | None = memo.get(key)
    if found is not None:
        return found
    neighbor = hex_.neighbors.get(side)
    seen: dict[Any, bool] = {}
    if neighbor is not None:
        facing = (side + 3) % 6
        nodes_done: dict[Any, bool] = {}
        # (only what the walk sees counts, not how often: a converging branch that can reach no path unseen yet is
        # skipped, the same answer without walking every chain of a junction-heavy map: 1861, 4 s a state)
        # (its steps shared with the other walks of the map whose stops block the same corporation, as
        # :func:`_entry_edges` shares them; the steps from the emptied hex and its neighbours are its own)
        blocking = not graph_for_entity(game, entity).no_blocking
        shared = memo.get(("pruner-steps",) if blocking else ("pruner-steps", "blocked"))
        if shared is None:
            shared = ({}, {})
            memo[("pruner-steps",) if blocking else ("pruner-steps", "blocked")] = shared
        pruner = NewPathPruner(
            lambda path: path not in seen,
            nodes=nodes_done,
            corporation=entity,
            shared=shared,
            apart={hex_, *hex_.neighbors.values()},
        )

        def on_node_path(path: Any) -> None:
            seen[path] = True

        def on_path(path: Any, visited: Any, counter: Any, converging: bool) -> None:
            seen[path] = True
            if path.terminal:
                return
            for node in path.nodes:
                if not node.blocks(entity):
                    walk_node(
                        node,
                        on_node_path,
                        visited=nodes_done,
                        corporation=entity,
                        visited_paths=visited,
                        counter=counter,
                        converging=False,
                        prune=None if _PLAIN.get() else pruner,
                    )

        with _blank(hex_):
            for start in list(neighbor.paths_at(facing)):
                walk_path(
                    start,
                    on_path,
                    visited={},
                    counter={},
                    skip=facing,
                    converging=False,
                    prune=None if _PLAIN.get() else pruner,
                )
    sides = set()
    for edge, other in hex_.neighbors.items():
        if edge == side:
            continue
        back = (edge + 3) % 6
        if any(seen.get(p) and back in p.exits for p in other.tile.paths):
            sides.add(edge)
    found = (frozenset(sides), frozenset(id(n) for p in seen for n in p.nodes))
    memo[key] = found
    return found


@contextmanager
def _tile_in_place(hex_: Any, tile: Any, rotation: int) -> Iterator[None]:
    """Put ``tile`` (at ``rotation``) on ``hex_`` for a connectivity question only: the tokens of the old cities
    are shown in the new ones; everything is put back afterwards.  Nothing is logged, paid or moved."""
    old = hex_.tile
    saved_rotation, saved_hex = tile.rotation, tile.hex
    tile.rotate(rotation)
    city_map = hex_.city_map_for(tile)
    saved_tokens = [(city, city.tokens) for city in tile.cities]
    try:
        for old_city, new_city in city_map.items():
            if new_city is not None:
                shown = list(old_city.tokens)
                shown.extend([None] * max(0, new_city.normal_slots - len(shown)))
                new_city.tokens = shown
        hex_.tile = tile
        tile.hex = hex_
        yield
    finally:
        hex_.tile = old
        tile.hex = saved_hex
        for city, tokens in saved_tokens:
            city.tokens = tokens
        tile.rotate(saved_rotation)


def _connected_paths_after(game: Game, entity: Any, hex_: Any, tile: Any, rotation: int) -> dict[Any, bool]:
    """The entity's connected paths were ``tile`` laid on ``hex_`` at ``rotation`` (a fresh graph walk; exact
    but a whole walk per question: used by tests to check :func:`_reached_new_paths`)."""
    graph = graph_for_entity(game, entity)
    trial = type(graph)(graph.host, home_as_token=graph.home_as_token, no_blocking=graph.no_blocking)
    with _tile_in_place(hex_, tile, rotation):
        return dict(trial.connected_paths(entity))


_BLANK: Any = None


def _entry_edges(game: Game, entity: Any, hex_: Any, memo: dict[Any, Any]) -> frozenset[int]:
    """Sides of ``hex_`` where the entity's walk arrives from outside: the graph walked with the hex emptied
    (one walk per hex and state, remembered in ``memo``)."""
    key = ("entries", hex_.id)
    found: frozenset[int] | None = memo.get(key)
    if found is not None:
        return found
    sure, rest = _sure_entries(game, entity, hex_, memo)
    if rest is None:
        memo[key] = sure
        return sure
    from engine.map.graph import NewPathPruner, walk_node

    targets, tokens, corporation = rest
    targets = dict(targets)
    entries = set(sure)

    class _Done(Exception):
        pass

    def visit(path: Any) -> None:
        side = targets.pop(path, None)
        if side is not None:
            entries.add(side)
            # the side is an entry: its other facing paths need not be reached any more (stop sooner)
            for other in [p for p, s in targets.items() if s == side]:
                del targets[other]
            if not targets:
                raise _Done

    # (the pruners of every hex's walk share what they work out about the track away from the emptied hex)
    shared = memo.get(("pruner-steps",))
    if shared is None:
        shared = ({}, {})
        memo[("pruner-steps",)] = shared
    apart = {hex_, *hex_.neighbors.values()}
    with _blank(hex_):
        try:
            for token in _nearest_first(tokens, hex_, memo):
                visited = {other: True for other in tokens if other is not token}
                # (a converging branch that can reach no target left is skipped: same answer, bounded)
                pruner = NewPathPruner(
                    targets.__contains__, nodes=visited, corporation=corporation, shared=shared, apart=apart
                )
                walk_node(token, visit, visited=visited, corporation=corporation, converging=False, prune=pruner)
        except _Done:
            pass
    found = frozenset(entries)
    memo[key] = found
    return found


#: What :func:`_sure_entries` leaves to the walk emptied of the hex: the facing paths not decided yet (each with its
#: side), the walk's starting stations and the corporation blocking it (None: nothing blocks).
_Undecided = tuple[dict[Any, int], list[Any], Any]


def _facing_targets(game: Game, entity: Any, hex_: Any, memo: dict[Any, Any]) -> tuple[dict[Any, int], bool]:
    """The neighbours' reached paths facing ``hex_``, each with the side of the hex it faces, and whether the
    entity's walk went through the hex itself (remembered in ``memo``)."""
    key = ("targets", hex_.id)
    found: tuple[dict[Any, int], bool] | None = memo.get(key)
    if found is not None:
        return found
    connected = graph_for_entity(game, entity).connected_paths(entity)
    targets: dict[Any, int] = {}
    for edge, neighbor in hex_.neighbors.items():
        facing = (edge + 3) % 6
        for path in neighbor.tile.paths:
            if connected.get(path) and facing in path.exits:
                targets[path] = edge
    found = (targets, any(connected.get(p) for p in hex_.tile.paths))
    memo[key] = found
    return found


def _traced_sides(
    game: Game, entity: Any, hex_: Any, targets: dict[Any, int], tokens: list[Any], memo: dict[Any, Any]
) -> tuple[set[int], bool]:
    """The sides of ``targets`` the shared walks surely reach with the hex emptied, and whether some station's
    walk is left undecided by them (no trace, or its trace parts from the emptied walk)."""
    # The shared walks (one per starting station and map, for every hex): the walk emptied of the hex takes the
    # same steps as the full walk from the same station, minus the hex's subtrees, until that one refuses a path
    # or node marked inside them; a target the full walk met outside them before then is met by the walk emptied
    # of the hex too; when it never does, what it did not meet that walk cannot.  (a check of one hex's lays asks
    # this once: one walk emptied of the hex costs less than the traced walks, which pay off over the many hexes
    # of a whole enumeration)
    focus = LAY_FOCUS.get()
    traces = dict(_shared_walks(game, entity, memo)) if focus is None or len(focus) > 1 else {}
    reached: set[int] = set()
    undecided = False
    for token in tokens:
        trace = traces.get(token)
        if trace is None or not trace.decides(hex_.id):
            undecided = True
        if trace is not None:
            reached.update(side for path, side in targets.items() if trace.reached_without(path, hex_.id))
    return reached, undecided


def _sure_entries(game: Game, entity: Any, hex_: Any, memo: dict[Any, Any]) -> tuple[frozenset[int], _Undecided | None]:
    """The entry sides of ``hex_`` (:func:`_entry_edges`) found without a walk of the map emptied of the hex: every
    one when the second item is None, else some of them and what the walk still has to decide (remembered in
    ``memo``)."""
    key = ("sure-entries", hex_.id)
    cached: tuple[frozenset[int], _Undecided | None] | None = memo.get(key)
    if cached is not None:
        return cached
    targets, walked = _facing_targets(game, entity, hex_, memo)
    entries: set[int] = set()
    rest: _Undecided | None = None
    if targets and not walked:
        # the walk never went through the hex: emptying it changes nothing, every facing path came from outside
        entries = set(targets.values())
    elif targets:
        graph = graph_for_entity(game, entity)
        tokens = _walk_starts(graph, entity, hex_, memo)
        reached, undecided = _traced_sides(game, entity, hex_, targets, tokens, memo)
        # a side whose track outside the hex meets none of the walk's starting stations is not reached from
        # outside (its own walk outwards would have found one): drop it, so the walk emptied of the hex can stop
        # early
        start_ids = {id(t) for t in tokens}
        entries.update(side for side in reached if _station_beyond(game, entity, hex_, side, start_ids, memo))
        targets = {p: s for p, s in targets.items() if s not in reached} if undecided else {}
        for side in set(targets.values()):
            if not _station_beyond(game, entity, hex_, side, start_ids, memo):
                targets = {p: s for p, s in targets.items() if s != side}
        if targets:
            rest = (targets, tokens, None if graph.no_blocking else entity)
    found = (frozenset(entries), rest)
    memo[key] = found
    return found


def _surely_entered(game: Game, entity: Any, hex_: Any, sides: set[int], memo: dict[Any, Any]) -> bool:
    """Is one of ``sides`` among :func:`_sure_entries` (asked side by side, each side's answer remembered in
    ``memo``: the station search is made for these sides only)?"""
    known = memo.get(("entries", hex_.id))
    if known is not None:
        return not sides.isdisjoint(known)
    done: tuple[frozenset[int], _Undecided | None] | None = memo.get(("sure-entries", hex_.id))
    if done is not None:
        return not sides.isdisjoint(done[0])
    targets, walked = _facing_targets(game, entity, hex_, memo)
    wanted = sides.intersection(targets.values())
    if not wanted:
        return False
    if not walked:
        return True
    answers: dict[int, bool] = memo.get(("sure-sides", hex_.id)) or {}
    if any(answers.get(side) for side in wanted):
        return True
    asked = {side for side in wanted if side not in answers}
    if not asked:
        return False
    memo[("sure-sides", hex_.id)] = answers
    tokens = _walk_starts(graph_for_entity(game, entity), entity, hex_, memo)
    reached, _ = _traced_sides(game, entity, hex_, {p: s for p, s in targets.items() if s in asked}, tokens, memo)
    start_ids = {id(t) for t in tokens}
    for side in asked:
        answers[side] = side in reached and _station_beyond(game, entity, hex_, side, start_ids, memo)
    return any(answers[side] for side in asked)


def _nearest_first(tokens: list[Any], hex_: Any, memo: dict[Any, Any]) -> list[Any]:
    """``tokens`` (starting stations) nearest ``hex_`` first.  In :func:`_entry_edges` the stations' walks are
    independent (each starts afresh, the other stations barred) and the answer is the union of what they reach, so
    their order changes only how soon every target is found (and the walks stop): a walk from a far station
    crosses most of the network first.  (A station whose hex is unknown keeps its place at the front.)"""
    where = dict(memo.get(("walk-starts",)) or ())
    return sorted(tokens, key=lambda t: where[t].distance(hex_) if t in where else 0)


#: Steps (over all stations' walks together) after which the shared walks are given up (the walks per hex, which
#: can prune, answer instead): a walk cannot skip a converging branch, and through junction-heavy track those
#: branches multiply (a late 1867 map: tens of thousands of steps per station).  Measured on the late 1867 and
#: 1822 maps: a budget of 2000 over all stations costs less in total and in the worst states than 5000 each.
SHARED_WALK_STEPS = 2_000


class _TraceTooLong(Exception):
    """A shared walk went past :data:`SHARED_WALK_STEPS`."""


#: Where a path or node was met or marked: the open hexes then and the hex of the path or node (None: none).
_Where = tuple[OpenHexes, str | None]


class _Trace:
    """What a walk did, recorded through the dicts it keeps (its visited paths and nodes, its edge counter): when
    each path was met and inside which hexes' subtrees, and for each hex the first step at which a walk emptied
    of that hex could differ (a path or node refused as visited, marked inside that hex's subtree).  A path or
    node met or marked is inside the subtrees of the hexes open then and of its own hex (:func:`_inside`)."""

    def __init__(self, game: Game, neighbor_ids: dict[tuple[str, int], str] | None = None) -> None:
        self.step = 0
        self.limit = SHARED_WALK_STEPS  # steps after which the walk is given up
        #: False when the walk was given up at ``limit``: what it met until then it met (the walks emptied of a hex
        #: take the same first steps), but it decides no hex
        self.whole = True
        #: path -> its visits: (step, open hexes, its hex); a converging branch may visit a path again after
        #: unmarking it
        self.visits: dict[Any, list[tuple[int, OpenHexes, str | None]]] = {}
        self.marked: dict[Any, _Where] = {}  # path or node -> where it was marked visited
        self.diverge_at: dict[str, int] = {}
        self.open_into: dict[str, int] = {}  # hex id -> edges into it on the current branch
        self._open = OpenHexes(None, None)  # the hexes with an edge into them on the current branch
        #: (hex id, side) -> the neighbour's id there (shared by the traces of one map)
        self.neighbor_ids = neighbor_ids if neighbor_ids is not None else _neighbor_ids(game)

    def open(self) -> frozenset[str]:
        return self._open.hexes()

    def edge(self, hex_id: str, delta: int) -> None:
        """``delta`` more edges into ``hex_id`` on the current branch."""
        before = self.open_into.get(hex_id, 0)
        after = before + delta
        self.open_into[hex_id] = after
        if before <= 0 < after:
            self._open = OpenHexes(self._open, hex_id)
        elif after <= 0 < before:
            self._open = close_hex(self._open, hex_id)

    def mark(self, key: Any, extra: str | None = None) -> None:
        self.marked[key] = (self._open, extra)

    def refused(self, key: Any) -> None:
        where = self.marked.get(key)
        if where is None:
            return
        open_into = self.open_into
        diverge_at = self.diverge_at
        step = self.step
        opened, extra = where
        if extra is not None and not open_into.get(extra):
            diverge_at.setdefault(extra, step)
        for hex_id in opened.ids():
            if not open_into.get(hex_id):
                diverge_at.setdefault(hex_id, step)

    def visit(self, path: Any) -> None:
        step = self.step
        if step >= self.limit:
            raise _TraceTooLong
        here = path.hex
        entry = (step, self._open, here.id if here is not None else None)
        found = self.visits.get(path)
        if found is None:
            self.visits[path] = [entry]
        else:
            found.append(entry)
        self.step = step + 1

    def decides(self, hex_id: str) -> bool:
        """Is the walk emptied of ``hex_id`` known whole (it never parts from this one, minus the hex's subtrees),
        so that what it does not meet by :meth:`reached_without` it does not meet at all?"""
        return self.whole and hex_id not in self.diverge_at

    def reached_without(self, path: Any, hex_id: str) -> bool:
        """Does the walk emptied of ``hex_id`` meet ``path``?  (True only when sure.)"""
        limit = self.diverge_at.get(hex_id)
        return any(
            here != hex_id and (limit is None or step < limit) and hex_id not in opened.hexes()
            for step, opened, here in self.visits.get(path, ())
        )


def _inside(where: _Where) -> frozenset[str]:
    """The hexes whose subtrees a mark or a visit ``where`` is inside."""
    opened, extra = where
    hexes = opened.hexes()
    return hexes | {extra} if extra is not None else hexes


def _neighbor_ids(game: Game) -> dict[tuple[str, int], str]:
    """(hex id, side) -> the id of the neighbour there."""
    return {(h.id, side): other.id for h in game.hexes for side, other in h.neighbors.items()}


def _shared_walks(game: Game, entity: Any, memo: dict[Any, Any]) -> list[tuple[Any, _Trace]]:
    """The walk :func:`_entry_edges` makes from each starting station, on the whole map, traced (kept for the
    map's lifetime in ``memo``): a walk emptied of a hex takes the same steps as this one, minus the hex's
    subtrees, until this one refuses something marked inside such a subtree (:meth:`_Trace.reached_without`)."""
    found: list[tuple[Any, _Trace]] | None = memo.get(("shared-walks",))
    if found is not None:
        return found
    graph = graph_for_entity(game, entity)
    tokens = _walk_starts(graph, entity, None, memo)
    corporation = None if graph.no_blocking else entity
    found = []
    neighbor_ids = _neighbor_ids(game)
    budget = SHARED_WALK_STEPS
    for token in tokens:
        if budget <= 0:
            break  # (the other stations' hexes are decided by their own walks)
        trace = _Trace(game, neighbor_ids)
        trace.limit = budget
        try:
            # (walk_node's walk with the trace written in: see engine/moves/traced_walk.py)
            traced_walk(token, trace, {other: True for other in tokens if other is not token}, corporation)
        except _TraceTooLong:
            # (what the walk met before it was given up stays: the sides it surely reaches need no walk per hex;
            # every hex is decided by its own walk)
            budget = 0
            trace.whole = False
            found.append((token, trace))
            continue
        budget -= trace.step
        found.append((token, trace))
    memo[("shared-walks",)] = found
    return found


#: A path's exits, and the paths of a hex at a side (see :func:`_track_index`).
_TrackIndex = tuple[dict[Any, tuple[int, ...]], dict[tuple[Any, int], list[Any]]]

#: For each path of the map (see :func:`_map_links`): its hex, its stops, the paths it leads to through each stop
#: (empty for a terminal path) and the paths it leads to otherwise, each with its hex.
_Links = dict[Any, tuple[Any, list[Any], list[tuple[Any, list[tuple[Any, Any]]]], list[tuple[Any, Any]]]]


def _map_key(game: Game) -> tuple[tuple[str, int], ...]:
    """The map's tiles and their rotations (what the track as it lies depends on)."""
    return tuple((h.tile.id, h.tile.rotation) for h in game.hexes)


def _track_index(game: Game, memo: dict[Any, Any]) -> _TrackIndex:
    """The map's track as it lies (kept with the map's answers in ``memo``, and for every entity while the tiles stay
    as they are): each path's exits, and the paths of each hex at each side."""
    key = ("track-index",)
    found: _TrackIndex | None = memo.get(key)
    if found is None:
        found = _map_links(game)[0]
        memo[key] = found
    return found


def _map_links(game: Game) -> tuple[_TrackIndex, _Links]:
    """:func:`_track_index` and each path's links (for :func:`_station_beyond`), worked out once per map (the same
    tiles at the same rotations) for every entity: a stop's links are followed only when the entity may pass it."""
    cache = _cache(game)
    map_key = _map_key(game)
    kept = cache.get("map-links")
    if kept is not None and kept[0] == map_key:
        return kept[1]  # type: ignore[no-any-return]
    exits: dict[Any, tuple[int, ...]] = {}
    facing: dict[tuple[Any, int], list[Any]] = {}
    for hex_ in game.hexes:
        for path in hex_.tile.paths:
            path_exits = tuple(path.exits)
            exits[path] = path_exits
            for exit_ in path_exits:
                facing.setdefault((hex_, exit_), []).append(path)
    links: _Links = {}
    for here in game.hexes:
        for path in here.tile.paths:
            through: list[tuple[Any, list[tuple[Any, Any]]]] = []
            joined: list[tuple[Any, Any]] = []
            nodes = list(path.nodes)
            if not path.terminal:
                through = [(node, [(p, here) for p in getattr(node, "paths", ())]) for node in nodes]
            junction = path.junction
            if junction is not None:
                joined.extend((p, here) for p in junction.paths)
            for exit_ in exits[path]:
                other = here.neighbors.get(exit_)
                if other is not None:
                    joined.extend((p, other) for p in facing.get((other, (exit_ + 3) % 6), ()))
            links[path] = (here, nodes, through, joined)
    found = ((exits, facing), links)
    cache["map-links"] = (map_key, found)
    return found


def _station_beyond(game: Game, entity: Any, hex_: Any, side: int, start_ids: set[int], memo: dict[Any, Any]) -> bool:
    """Whether track leaving ``hex_`` by ``side`` is joined, outside the hex, to one of the walk's starting
    stations (a plain search over track and passable stops: it finds every station a walk could, and maybe more).
    ``start_ids``: the ids of the starting stations outside ``hex_`` (a station inside it is never met: the search
    does not enter the hex)."""
    key = ("beyond", hex_.id, side)
    found: bool | None = memo.get(key)
    if found is not None:
        return found
    found = False
    neighbor = hex_.neighbors.get(side)
    if neighbor is not None:
        links = _track_links(game, entity, memo)
        _, facing = _track_index(game, memo)
        passable = _passable(entity, memo)
        queue = [p for p in facing.get((neighbor, (side + 3) % 6), ())]
        seen: set[Any] = set()
        while queue:
            path = queue.pop()
            if path in seen:
                continue
            seen.add(path)
            link = links.get(path)
            if link is None:  # (a path on no hex)
                continue
            here, nodes, through, joined = link
            if here is hex_:
                continue
            # (loops, not generators: a call per path of the search)
            for node in nodes:
                if id(node) in start_ids:
                    found = True
                    break
            if found:
                break
            for node, onward in through:
                open_ = passable.get(id(node))
                if open_ is None:
                    open_ = passable[id(node)] = not node.blocks(entity)
                if open_:
                    for p, where in onward:
                        if where is not hex_ and p not in seen:
                            queue.append(p)
            for p, where in joined:
                if where is not hex_ and p not in seen:
                    queue.append(p)
    memo[key] = found
    return found


def _passable(entity: Any, memo: dict[Any, Any]) -> dict[int, bool]:
    """id(stop) -> may the entity's walk pass through it (filled as asked; kept with the map's answers)."""
    key = ("passable",)
    found: dict[int, bool] | None = memo.get(key)
    if found is None:
        found = {}
        memo[key] = found
    return found


def _track_links(game: Game, entity: Any, memo: dict[Any, Any]) -> _Links:
    """For :func:`_station_beyond` (kept with the map's answers in ``memo``): each path of the map with its hex,
    the stops a search meets on it, the paths it leads to through each stop (when the path is not terminal: a
    search goes on through the stops the entity may pass) and through its junction and the track facing its
    exits."""
    key = ("track-links",)
    found: _Links | None = memo.get(key)
    if found is None:
        found = _map_links(game)[1]
        memo[key] = found
    return found


def _walk_starts(graph: Any, entity: Any, hex_: Any, memo: dict[Any, Any] | None = None) -> list[Any]:
    """The nodes a graph walk of ``entity`` starts from (``Graph.compute``'s tokens) outside ``hex_``.  With
    ``memo`` (the map's answers), the whole map's starts are found once and each hex's are those outside it."""
    if memo is not None:
        every: list[tuple[Any, Any]] | None = memo.get(("walk-starts",))
        if every is None:
            every = _starts_by_hex(graph, entity, None)
            memo[("walk-starts",)] = every
        return [node for node, where in every if where is not hex_]
    return [node for node, _ in _starts_by_hex(graph, entity, hex_)]


def _starts_by_hex(graph: Any, entity: Any, hex_: Any) -> list[tuple[Any, Any]]:
    """:func:`_walk_starts`, each node with the hex it was found on (first occurrence kept, in walk order)."""
    starts: dict[Any, Any] = {}
    for other in graph.host.hexes:
        if other is hex_:
            continue
        for city in other.tile.cities:
            if city.tokened_by(entity):
                starts.setdefault(city, other)
    if graph.home_as_token and getattr(entity, "coordinates", None):
        home_city = getattr(entity, "city", None)
        for home in graph._home_hexes(entity):
            if home is hex_:
                continue
            tile = home.tile
            if home_city is not None:
                indexes = home_city if isinstance(home_city, list) else [home_city]
                for i in indexes:
                    if 0 <= i < len(tile.cities):
                        starts.setdefault(tile.cities[i], home)
            else:
                for node in tile.city_towns:
                    starts.setdefault(node, home)
    return list(starts.items())


def _own_and_full_cities(
    entity: Any, hex_: Any, tile: Any, city_map: dict[Any, Any] | None
) -> tuple[set[int], set[int]]:
    """The ids of ``tile``'s cities (laid on ``hex_``; ``city_map``: ``hex_.city_map_for(tile)`` when known) that
    hold the entity's token, and of those its walk may not pass through (blocked for it, no slot added)."""
    own: set[int] = set()
    full: set[int] = set()
    for old_city, new_city in (hex_.city_map_for(tile) if city_map is None else city_map).items():
        if new_city is None:
            continue
        if old_city.tokened_by(entity):
            own.add(id(new_city))
        elif old_city.blocks(entity) and new_city.normal_slots <= old_city.normal_slots:
            full.add(id(new_city))
    return own, full


def _reached_new_paths(
    game: Game,
    entity: Any,
    hex_: Any,
    tile: Any,
    memo: dict[Any, Any],
    city_map: dict[Any, Any] | None = None,
    cities: tuple[set[int], set[int]] | None = None,
) -> list[Any]:
    """The paths of ``tile`` (rotated as it would be laid) the entity's walk would reach: those at a side where
    the walk arrives, or at a city holding its token, then on through the tile's stops it may pass.  (A walk
    leaving the hex and looping back into it by another side is not followed: such a lay may be refused.)
    ``city_map``: ``hex_.city_map_for(tile)`` when known."""
    entries = set(_entry_edges(game, entity, hex_, memo))
    own, full = _own_and_full_cities(entity, hex_, tile, city_map) if cities is None else cities
    reached: list[Any] = []
    left: set[int] = set()
    frontier = [p for p in tile.paths if any(e in entries for e in p.exits) or any(id(n) in own for n in p.nodes)]
    while frontier:
        path = frontier.pop()
        if path in reached:
            continue
        reached.append(path)
        # leaving the hex by a side the walk did not come in by: where does the track outside lead back in?
        for side in path.exits:
            if side not in entries and side not in left:
                left.add(side)
                for back in _back_sides(game, entity, hex_, side, memo):
                    # (the walk may not take a side of the hex it is still using: the path it left by)
                    frontier.extend(
                        p
                        for p in tile.paths
                        if back in p.exits and p not in reached and not any(x in path.exits for x in p.exits)
                    )
        if path.terminal:
            continue
        for node in path.nodes:
            if id(node) in full:
                continue
            frontier.extend(p for p in tile.paths if p not in reached and any(n is node for n in p.nodes))
    return reached


def _good_path_surely_reached(
    game: Game,
    entity: Any,
    hex_: Any,
    tile: Any,
    good: list[Any],
    memo: dict[Any, Any],
    city_map: dict[Any, Any] | None = None,
    cities: tuple[set[int], set[int]] | None = None,
) -> bool:
    """Cheap sufficient answer: one of the ``good`` paths of ``tile`` (rotated as laid) is surely among
    :func:`_reached_new_paths`: those it starts from (at a side surely entered from outside, :func:`_surely_entered`,
    no walk emptied of the hex, or at a city holding the entity's token) and those it goes on to through the tile's
    stops (the walk back into the hex from outside, which only adds paths, is left out)."""
    own, full = _own_and_full_cities(entity, hex_, tile, city_map) if cities is None else cities
    if own and any(id(n) in own for p in good for n in p.nodes):
        return True
    if _surely_entered(game, entity, hex_, {e for p in good for e in p.exits}, memo):
        return True
    if not any(p.nodes for p in good):
        return False  # (no stop leads to a good path: only the sides could)
    targets, _walked = _facing_targets(game, entity, hex_, memo)
    sure = {side for side in set(targets.values()) if _surely_entered(game, entity, hex_, {side}, memo)}
    paths = tile.paths
    frontier = [p for p in paths if any(e in sure for e in p.exits) or any(id(n) in own for n in p.nodes)]
    reached: list[Any] = []
    while frontier:
        path = frontier.pop()
        if any(path is r for r in reached):
            continue
        if any(path is g for g in good):
            return True
        reached.append(path)
        if path.terminal:
            continue
        for node in path.nodes:
            if id(node) not in full:
                frontier.extend(p for p in paths if any(n is node for n in p.nodes))
    return False


def _good_path_maybe_reached(
    game: Game,
    entity: Any,
    hex_: Any,
    tile: Any,
    good: list[Any],
    memo: dict[Any, Any],
    city_map: dict[Any, Any] | None = None,
    cities: tuple[set[int], set[int]] | None = None,
) -> bool:
    """Cheap necessary condition: could one of the ``good`` paths of ``tile`` (rotated as laid) be among
    :func:`_reached_new_paths`?  The same search from more and with fewer limits: from every side where a reached
    neighbour's track faces the hex (the entry sides are some of them), back into the hex from every side a reached
    path leaves by (each path its own, not the first path's only), and on through the tile's stops; everything that
    search reaches is a superset of what it reaches, and no walk is needed."""
    own, full = _own_and_full_cities(entity, hex_, tile, city_map) if cities is None else cities
    targets, _walked = _facing_targets(game, entity, hex_, memo)
    sides = set(targets.values())
    # (the sides a walk out of the hex can come back in by, :func:`_back_sides`, are among those where the
    # neighbour has track facing the hex: no walk is made here)
    tracked = _tracked_sides(hex_, memo)
    paths = tile.paths
    frontier = [p for p in paths if any(e in sides for e in p.exits) or any(id(n) in own for n in p.nodes)]
    reached: list[Any] = []
    while frontier:
        path = frontier.pop()
        if any(path is r for r in reached):
            continue
        if any(path is g for g in good):
            return True
        reached.append(path)
        for side in path.exits:
            if side not in tracked:
                continue  # (no track outside that side: the walk out of it comes back nowhere)
            for back in tracked:
                if back != side:
                    frontier.extend(p for p in paths if back in p.exits and not any(x in path.exits for x in p.exits))
        if path.terminal:
            continue
        for node in path.nodes:
            if id(node) not in full:
                frontier.extend(p for p in paths if any(n is node for n in p.nodes))
    return False


def _tracked_sides(hex_: Any, memo: dict[Any, Any]) -> set[int]:
    """The sides of ``hex_`` where the neighbour has track facing it (remembered with the map's answers)."""
    key = ("tracked", hex_.id)
    found: set[int] | None = memo.get(key)
    if found is None:
        found = {
            edge for edge, other in hex_.neighbors.items() if any((edge + 3) % 6 in p.exits for p in other.tile.paths)
        }
        memo[key] = found
    return found


def _new_track_surely_reached(
    game: Game, entity: Any, hex_: Any, tile: Any, city_map: dict[Any, Any] | None = None
) -> bool:
    """Cheap sufficient answer: some new track of ``tile`` (rotated as laid) starts at a reached stop of the hex
    the entity may pass (the walk goes on along every path of a stop).  (A side the track reaches is not enough:
    the walk may have come through the hex itself and may not use a side twice.)"""
    old = hex_.tile
    counterparts = _old_counterparts(game, old, tile)
    new_paths = [p for p, o in zip(tile.paths, counterparts) if o is None]
    if not new_paths:
        return False
    graph = graph_for_entity(game, entity)
    nodes = graph.connected_nodes(entity)
    reached_new_stops: set[int] = set()
    for old_city, new_city in (hex_.city_map_for(tile) if city_map is None else city_map).items():
        if (
            new_city is not None
            and nodes.get(old_city)
            and (old_city.tokened_by(entity) or not old_city.blocks(entity))
        ):
            reached_new_stops.add(id(new_city))
    return any(id(n) in reached_new_stops for p in new_paths for n in p.nodes if not p.terminal)


def _old_counterparts(game: Game, old: Any, tile: Any) -> list[Any]:
    """For each path of ``tile`` (as rotated now), the first path of ``old`` containing it, or None (new track);
    cached per game (tile name, rotations)."""
    key = ("counterparts", old.id, old.rotation, tile.name, tile.rotation)
    cache = _cache(game)
    found: list[int] | None = cache.get(key)
    if found is None:
        found = [next((i for i, o in enumerate(old.paths) if p <= o), -1) for p in tile.paths]
        cache[key] = found
    return [old.paths[i] if i >= 0 else None for i in found]


def _restriction_met(restriction: str, old: Any, tile: Any, reached: list[Any], game: Any = None) -> bool:
    """``check_track_restrictions``'s verdict given the new tile's reached paths."""
    old_paths = old.paths
    used_new_track = not old_paths
    changed_city = False
    counterparts = dict(zip(tile.paths, _old_counterparts(game, old, tile))) if game is not None and reached else None
    for new_path in reached:
        if counterparts is not None:
            old_path = counterparts.get(new_path)
        else:
            old_path = next((p for p in old_paths if new_path <= p), None)
        if old_path is None:
            used_new_track = True
        old_revenues = sorted(n.max_revenue for n in old_path.nodes) if old_path is not None else None
        if old_revenues != sorted(n.max_revenue for n in new_path.nodes):
            changed_city = True
    if restriction == "city_permissive":
        return bool(tile.cities) or used_new_track
    if restriction == "restrictive":
        return used_new_track
    if restriction == "semi_restrictive":
        return used_new_track or changed_city
    if restriction == "station_restrictive":
        return used_new_track or bool(tile.nodes)
    return True


_UNSET: Any = object()


def _good_paths(game: Game, restriction: str, old: Any, tile: Any) -> list[Any] | None:
    """The paths of ``tile`` (as rotated now) that alone meet the track restriction over ``old`` (new track, or a
    changed city): past a rule met whatever is reached (None), the rule is met when one of them is reached.  Cached
    per game by the tiles, rotations and the old stops' revenues."""
    key = ("good", restriction, old.id, old.rotation, tuple(n.max_revenue for n in old.nodes), tile.name, tile.rotation)
    cache = _cache(game)
    found: tuple[int, ...] | None = cache.get(key, _UNSET)
    if found is _UNSET:
        if _restriction_met(restriction, old, tile, [], game):
            found = None
        else:
            found = tuple(i for i, p in enumerate(tile.paths) if _restriction_met(restriction, old, tile, [p], game))
        cache[key] = found
    if found is None:
        return None
    paths = tile.paths
    return [paths[i] for i in found]


def exact_restriction(step: Tracker, hex_: Any) -> bool:
    """Does the step want the track restriction on ``hex_`` answered by a fresh graph walk (its
    ``exact_track_restriction(hex)``, e.g. 18MEX's Mexico City double hex, whose twin lays fool the cheap
    estimate)?"""
    hook = getattr(step, "exact_track_restriction", None)
    return bool(hook(hex_)) if callable(hook) else False


def restriction_allows(
    step: Tracker,
    entity: Any,
    hex_: Any,
    tile: Any,
    rotation: int,
    memo: dict[Any, Any] | None = None,
    exact: bool = False,
) -> bool:
    """``Tracker.check_track_restrictions`` answered before laying (the new tile's reach is worked out from
    the reached sides of the hex and its cities): False when live play would refuse the lay."""
    game = step.game
    entity = step.track_restriction_entity(entity)
    if not (getattr(entity, "is_corporation", False) or getattr(entity, "is_minor", False)):
        return True
    old = hex_.tile
    if not step.track_restrictions_apply(entity, old, tile):
        return True
    restriction = game.rules.track_restriction
    check_towns = not game.rules.allow_removing_towns and bool(old.city_towns)
    if not old.paths and not check_towns:
        return True
    if restriction == "permissive" and not check_towns:
        return True
    # (what follows depends on the map, the entity, the hex, the tile and its rotation only: the same question on the
    # same map, asked again after an action that left the map as it was, is answered from the map's memo)
    verdict_key = ("allows", id(entity), hex_.id, tile.name, rotation, exact)
    if isinstance(memo, _MapMemo) and not _PLAIN.get():
        known: bool | None = memo.get(verdict_key)
        if known is None:
            known = _restriction_verdict(game, restriction, check_towns, entity, hex_, tile, rotation, memo, exact)
            memo[verdict_key] = known
        return known
    return _restriction_verdict(game, restriction, check_towns, entity, hex_, tile, rotation, memo, exact)


def _restriction_verdict(
    game: Game,
    restriction: str,
    check_towns: bool,
    entity: Any,
    hex_: Any,
    tile: Any,
    rotation: int,
    memo: dict[Any, Any] | None,
    exact: bool,
) -> bool:
    """:func:`restriction_allows` past the questions that need no map: does the track ``tile`` laid at ``rotation``
    would give ``entity`` meet the title's restriction?"""
    old = hex_.tile
    saved = tile.rotation
    try:
        tile.rotate(rotation)
        if check_towns:
            for old_ct in old.city_towns:
                old_exits = list(old_ct.exits)
                if not any(all(e in new_ct.exits for e in old_exits) for new_ct in tile.city_towns):
                    return False
        if restriction == "permissive":
            return True
        city_map = hex_.city_map_for(tile)
        if restriction == "semi_restrictive" and old.paths:
            # a reached city whose value changes: the track reaching it still does, so the city "changed"
            nodes = graph_for_entity(game, entity).connected_nodes(entity)
            for old_city, new_city in city_map.items():
                if new_city is not None and nodes.get(old_city) and old_city.max_revenue != new_city.max_revenue:
                    return True
        if exact:
            connected = _connected_paths_after(game, entity, hex_, tile, rotation)
            return _restriction_met(restriction, old, tile, [p for p in tile.paths if connected.get(p)])
        # (the verdict only grows with the reached paths: when even every path of the tile, or none, decides it,
        # no walk is needed)
        good = _good_paths(game, restriction, old, tile)
        if good is None:
            return True
        if not good:
            return False
        if restriction in ("semi_restrictive", "restrictive", "city_permissive") and _new_track_surely_reached(
            game, entity, hex_, tile, city_map
        ):
            return True
        memo = {} if memo is None else memo
        cities = _own_and_full_cities(entity, hex_, tile, city_map)  # (the same for each question below)
        if not _PLAIN.get():
            if _good_path_surely_reached(game, entity, hex_, tile, good, memo, city_map, cities):
                return True
            if not _good_path_maybe_reached(game, entity, hex_, tile, good, memo, city_map, cities):
                return False
        reached = _reached_new_paths(game, entity, hex_, tile, memo, city_map, cities)
        return any(p is g for p in reached for g in good)
    finally:
        tile.rotate(saved)


# ------------------------------------------------------------------------------------------------------------
# Enumeration
# ------------------------------------------------------------------------------------------------------------
def lay_tile_moves(
    step: Tracker,
    entity: Any,
    hexes: Iterable[tuple[Any, list[int] | None]],
    *,
    spender: Any,
    extra: Any = None,
    special: bool = False,
    tile_names: list[str] | None = None,
    colors: list[str] | None = None,
    with_unusable: bool = True,
    potential: Any = None,
    combined: Sequence[Any] = (),
) -> Iterator[LayTileMove | Unusable]:
    """Lay moves of ``entity`` on ``hexes`` (hex, reached edges or None for "any side").

    ``extra(tile, hex)`` gives the turn allowance's extra cost (None: none); ``tile_names`` restricts the tiles
    (a company's ability); ``colors`` are the phase's colours (the step's ``potential_tile_colors``);
    ``potential(hex)``, when given, names the tiles itself (the step's ``potential_tiles``: upgrade and phase
    already decided); ``combined``: companies whose lay abilities this lay uses too (their discounts and free lays
    count)."""
    game = step.game
    rotation_hook = getattr(game, "legal_tile_rotation", None)
    supply = _supply(game)
    entity_type, entity_id = entity_ref(entity)
    cash = _spender_cash(spender) + int(step.automatic_funds(spender))
    all_names: list[str] | None = None  # (the catalogue's names, asked for once a hex needs them)
    abilities = step.abilities(entity) + [a for c in combined for a in step.abilities(c)]
    # (teleports skip the restriction, as Tracker.lay_tile does)
    restricted = not any(a.type == "teleport" for a in abilities)
    memo = _MapMemo(game, entity)
    for hex_, edges in hexes:
        old = hex_.tile
        phase_colors = colors if colors is not None else list(step.potential_tile_colors(entity, hex_))
        decided = [t.name for t in potential(hex_)] if potential is not None else None
        if decided is None and tile_names is None and all_names is None:
            all_names = list(_catalogue(game))
        names = (
            decided
            if decided is not None
            else (tile_names if tile_names is not None else _candidates(game, old, all_names or [], special))
        )
        if not names and with_unusable:
            yield Unusable(
                "hex",
                hex_.id,
                f"no tile of the game upgrades the {old.color} tile {old.name} on {hex_.id}",
                hex=hex_.id,
            )
        for name in names:
            copies = supply.get(name)
            if not copies:
                if with_unusable:
                    yield Unusable("tile", name, f"no tile {name} left", hex=hex_.id)
                continue
            tile = copies[0]
            if tile.blocks_lay and not special:
                continue
            if decided is None and tile_names is not None and not _upgrades(game, old, tile, special):
                continue
            if decided is None and not tile_valid_for_phase(game, tile, hex_, phase_colors):
                if with_unusable:
                    yield Unusable(
                        "tile", name, f"tile {name} ({tile.color}) is not available before a later phase", hex=hex_.id
                    )
                continue
            if not tile.cities and any(t is not None for c in old.cities for t in (*c.tokens, *c.extra_tokens)):
                if with_unusable:
                    yield Unusable("tile", name, f"tile {name} has no city for the tokens on {hex_.id}", hex=hex_.id)
                continue
            fits = _static_rotations(step, entity, hex_, tile)
            if rotation_hook is not None:
                fits = _hooked_rotations(rotation_hook, entity, hex_, tile, fits)
            if edges is not None:
                fits = [(r, exits) for r, exits in fits if any(e in edges for e in exits)]
            if not fits:
                if with_unusable and edges is not None:
                    yield Unusable(
                        "tile",
                        name,
                        f"tile {name} cannot connect to {entity_id}'s track on {hex_.id} at any rotation",
                        hex=hex_.id,
                    )
                continue
            extra_cost = int(extra(tile, hex_)) if extra is not None else 0
            pricer = _Pricer(step, entity, spender, hex_, tile, extra_cost, abilities, combined)
            rotations: list[int] = []
            costs: list[int] = []
            too_dear: list[int] = []
            refused = False
            for rotation, exits in fits:
                cost = pricer.cost(exits)
                if cost > cash:
                    too_dear.append(cost)
                    continue
                # (the title's track restriction last: it is the expensive question)
                if restricted and not restriction_allows(
                    step, entity, hex_, tile, rotation, memo, exact=exact_restriction(step, hex_)
                ):
                    refused = True
                    continue
                rotations.append(rotation)
                costs.append(cost)
            if not rotations:
                if with_unusable and refused:
                    yield Unusable(
                        "tile",
                        name,
                        f"tile {name} on {hex_.id} would not use new track ({step.game.rules.track_restriction} rule)",
                        hex=hex_.id,
                    )
                elif with_unusable and too_dear:
                    yield Unusable(
                        "tile",
                        name,
                        f"tile {name} on {hex_.id} costs {min(too_dear)}; "
                        f"{getattr(spender, 'name', spender)} has {cash}",
                        hex=hex_.id,
                    )
                continue
            yield LayTileMove(
                entity_type,
                entity_id,
                hex=hex_.id,
                tile=name,
                tile_ids=tuple(t.id for t in copies),
                rotations=tuple(rotations),
                costs=tuple(costs),
                upgrade=old.color != "white",
                spender=str(getattr(spender, "id", "")),
            )


def narrows_reach(step: Tracker) -> bool:
    """Does the step say itself which reached hexes it lays on (its own ``hex_neighbors``, as the reference's
    track legality asks it: 18ZOO's home track lays on the home hex only)?"""
    return type(step).hex_neighbors is not Tracker.hex_neighbors


def _step_reach(step: Tracker, entity: Any, hex_: Any) -> Any:
    """``step.hex_neighbors(entity, hex_)``, asked once per state (the lays and the reasons for the other hexes ask
    it of every reached hex, and 1822CA's destination hexes answer it with a fresh walk of the map)."""
    memo = scope_memo(step.game)
    if memo is None:
        return step.hex_neighbors(entity, hex_)
    key = ("reach", id(step), id(entity), hex_.id)
    found = memo.get(key)
    if found is None:
        # (the step and the entity kept with the answer: their ids are not reused while the memo lives)
        found = (step, entity, step.hex_neighbors(entity, hex_))
        memo[key] = found
    return found[2]


def _allowance_hexes(step: Tracker, entity: Any, corporation: Any) -> Iterator[tuple[Any, list[int] | None]]:
    """The hexes where the turn's lay allowance lets ``entity`` lay now (``tracker_available_hex``), each with
    the reached edges; hexes blocked by a company's ability are skipped."""
    tile_lay = step.get_tile_lay(entity)
    if tile_lay is None:
        return
    connected = graph_for_entity(step.game, corporation).connected_hexes(corporation)
    laid = step.state.laid_hexes
    focus = LAY_FOCUS.get()
    narrowed = narrows_reach(step)
    for hex_, edges in connected.items():
        if focus is not None and hex_.id not in focus:
            continue
        if narrowed:  # the step's own reach (18ZOO's home track: the home hex only)
            reach = _step_reach(step, entity, hex_)
            if not reach:
                continue
            edges = reach
        color = hex_.tile.color
        if color == "white" and not tile_lay["lay"]:
            continue
        if color != "white" and not tile_lay["upgrade"]:
            continue
        if color != "white" and tile_lay["cannot_reuse_same_hex"] and any(h is hex_ for h in laid):
            continue
        if step.ability_blocking_hex(entity, hex_) is not None or step.lay_forbidden(entity, hex_):
            continue
        yield hex_, list(edges)


def _hex_reasons(step: Tracker, entity: Any, corporation: Any) -> Iterator[Unusable]:
    """Why the other hexes take no tile from ``entity`` now: none ever does (an off-board, a gray city), not
    reached, blocked by a company, no lay left of that kind, already laid this turn."""
    tile_lay = step.get_tile_lay(entity)
    connected = graph_for_entity(step.game, corporation).connected_hexes(corporation)
    name = getattr(corporation, "name", corporation)
    laid = step.state.laid_hexes
    all_names = list(_catalogue(step.game))
    narrowed = narrows_reach(step)
    for hex_ in step.game.hexes:
        color = hex_.tile.color
        if color in ("gray", "red", "blue") or (
            not hex_.tile.paths and color != "white" and not hex_.tile.cities and not hex_.tile.towns
        ):
            if hex_ not in connected and not _candidates(step.game, hex_.tile, all_names, False):
                yield Unusable("hex", hex_.id, f"{hex_.id} takes no tile", hex=hex_.id)
            continue
        if hex_ not in connected:
            yield Unusable("hex", hex_.id, f"{hex_.id} is not reached by {name}'s track", hex=hex_.id)
            continue
        if narrowed and not _step_reach(step, entity, hex_):
            yield Unusable("hex", hex_.id, f"{hex_.id} is not where {step.description()} goes", hex=hex_.id)
            continue
        blocking = step.ability_blocking_hex(entity, hex_)
        if blocking is not None:
            yield Unusable("hex", hex_.id, f"{hex_.id} is blocked by {blocking.owner.name}", hex=hex_.id)
        elif tile_lay is not None and color == "white" and not tile_lay["lay"]:
            yield Unusable("hex", hex_.id, f"{name} may only upgrade now", hex=hex_.id)
        elif tile_lay is not None and color != "white" and not tile_lay["upgrade"]:
            yield Unusable("hex", hex_.id, f"{name} may not upgrade again this turn", hex=hex_.id)
        elif (
            tile_lay is not None
            and color != "white"
            and tile_lay["cannot_reuse_same_hex"]
            and any(h is hex_ for h in laid)
        ):
            yield Unusable("hex", hex_.id, f"{hex_.id} was already laid on this turn", hex=hex_.id)


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
    tile_lay = step.get_tile_lay(entity)
    if tile_lay is None:
        return
    for move in lay_tile_moves(
        step, entity, _allowance_hexes(step, entity, entity), spender=entity, extra=_allowance_extra(step, entity)
    ):
        # the step's own idea of an upgrade decides (1822PNW: a token city's first tile is one)
        if not isinstance(move, LayTileMove) or _allowance_takes(step, tile_lay, move):
            yield move
    yield from _hex_reasons(step, entity, entity)


@enumerates(Track)
def track_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, Track)
    kinds = step.actions(entity)
    if "lay_tile" in kinds:
        yield from track_lay_moves(step, entity)
    if "pass" in kinds:
        entity_type, entity_id = entity_ref(entity)
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
    consumes = step.consumes_tile_lay(entity, ability)
    extra = _allowance_extra(step, entity) if consumes else None
    if consumes and step.get_tile_lay(entity) is None:
        return
    targets: list[tuple[Any, list[int] | None]] = []
    # A ``reachable`` lay must leave its hex reached by the corporation's routes (the engine checks it after the
    # lay, as the reference does; the home hex is exempt): on a hex not reached yet, the new tile must join the
    # track that comes to one of its sides.
    reach: dict[Any, Any] | None = None
    joins: dict[Any, Any] = {}
    home = getattr(spender, "coordinates", None)
    if ability.type == "tile_lay" and getattr(ability, "reachable", False):
        spender_graph = graph_for_entity(game, spender)
        reach = dict(spender_graph.reachable_hexes(spender))
        joins = dict(spender_graph.connected_hexes(spender))
    if hexes_listed:
        on_map = {h.id for h in game.hexes}
        for hex_id in hexes_listed:
            if hex_id not in on_map:
                # an ability written for a larger map (a scenario's company) names hexes this map lacks
                continue
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
    elif getattr(ability, "hexes", None) is not None:
        # An empty hex list (not a missing one) opens every hex of the map, connected or not (Steam Over
        # Holland's SMAS: one free extra tile anywhere), as the step's ``hex_neighbors`` does.
        for hex_ in game.hexes:
            edges = step.available_hex(entity, hex_)
            if edges is not None and step.ability_blocking_hex(entity, hex_) is None:
                targets.append((hex_, list(edges)))
    # 1846: Little Miami may not lay and upgrade the same hex, nor be used once its two cities are joined.
    little_miami = getattr(game, "little_miami", None)
    if little_miami is not None and entity is little_miami:
        laid = getattr(game, "little_miami_hexes_laid", [])
        if len(laid) == 1:
            targets = [(h, e) for h, e in targets if h is not laid[0]]
        if not laid and little_miami_joined(game):
            yield Unusable("company", str(entity.id), "Little Miami's two cities are already joined")
            return
        if not laid:
            # the first tile only where the other hex can take its tile afterwards (or the company is stuck)
            able = [h for h, _ in targets if _little_miami_can_lay(step, entity, spender, h, ability)]
            targets = [(h, e) for h, e in targets if any(o is not h for o in able)]
    kept_targets = []
    for hex_, edges in targets:
        refusal = step.hex_refusal(entity, hex_)
        if refusal is None:
            kept_targets.append((hex_, edges))
        else:
            yield Unusable("hex", hex_.id, refusal, hex=hex_.id)
    targets = kept_targets
    if reach is not None:
        targets = [(h, e) if reach.get(h) or h.id == home else (h, list(joins.get(h) or [])) for h, e in targets]
        targets = [(h, e) for h, e in targets if e is None or e]
    tile_lay = step.get_tile_lay(entity) if consumes else None
    if tile_lay is not None:
        targets = [(h, e) for h, e in targets if tile_lay["upgrade" if _uses_upgrade(step, entity, h) else "lay"]]
    tiles = list(getattr(ability, "tiles", None) or []) or None
    # A teleport is a company's lay (the engine checks it as one: colour and track only).
    special = bool(ability.special) if ability.type == "tile_lay" else ability.type == "teleport"
    potential = None
    if step.TILES_BY_POTENTIAL_TILES:

        def potential(hex_: Any) -> list[Any]:
            return list(step.potential_tiles(entity, hex_))

    for item in lay_tile_moves(
        step, entity, targets, spender=spender, extra=extra, special=special, tile_names=tiles, potential=potential
    ):
        if isinstance(item, LayTileMove) and little_miami is not None and entity is little_miami:
            item = _little_miami_rotations(game, item)
            if not item.rotations:
                continue
        if isinstance(item, LayTileMove) and _paired(ability):
            item = _connected_rotations(game, ability, item)
            if not item.rotations:
                continue
        if (
            isinstance(item, LayTileMove)
            and tile_lay is not None
            and not _allowance_takes(step, tile_lay, item, entity)
        ):
            continue
        if isinstance(item, LayTileMove) and step.tile_refusal(entity, game.tile_by_id(item.tile_ids[0])):
            continue
        if isinstance(item, LayTileMove):
            refusal = step.lay_refusal(entity, game.hex_by_id(item.hex), game.tile_by_id(item.tile_ids[0]))
            if refusal is not None:
                yield Unusable("tile", item.tile, refusal, hex=item.hex)
                continue
        if isinstance(item, LayTileMove) and not _counts_allow(ability, game.tile_by_id(item.tile_ids[0])):
            continue
        yield item


def _counts_allow(ability: Any, tile: Any) -> bool:
    """Does an ability with separate lay and upgrade counts (1822's extra-tile privates: two yellow lays or one
    upgrade) still have one of the kind ``tile`` needs (the ability refuses the other kind once one is used)?"""
    lays, upgrades = getattr(ability, "lay_count", None), getattr(ability, "upgrade_count", None)
    if lays is None or upgrades is None:
        return True
    return bool((upgrades if tile.color in ("green", "brown", "gray") else lays) > 0)


def _interrupts(step: SpecialTrack, entity: Any) -> bool:
    """Would a lay by ``entity`` interrupt another company's lays that must all be made together (the step
    refuses it)?"""
    company = step.company
    if company is None or company is entity:
        return False
    together = step.game.ability_rules.abilities(company, "tile_lay", time="track")
    return bool(together and together[0].must_lay_together and together[0].must_lay_all)


def _uses_upgrade(step: Any, entity: Any, hex_: Any) -> bool:
    """Does a private's lay on ``hex_`` take the turn's upgrade (else its lay)?  The step's optional hook
    ``lay_uses_upgrade(entity, hex_)`` answers for its privates (None: a hex with a tile takes the upgrade)."""
    hook = getattr(step, "lay_uses_upgrade", None)
    answer = hook(entity, hex_) if hook is not None else None
    return hex_.tile.color != "white" if answer is None else bool(answer)


def _allowance_takes(step: Tracker, tile_lay: Any, move: LayTileMove, entity: Any = None) -> bool:
    """Whether the turn's tile lay allows this lay as the engine judges it (``track_upgrade`` decides what is an
    upgrade: 18Texas counts a private's green tile on a blank hex as one; the step's ``lay_uses_upgrade`` hook
    may say a private's lay is a lay whatever the hex holds)."""
    game = step.game
    hex_ = game.hex_by_id(move.hex)
    hook = getattr(step, "lay_uses_upgrade", None)
    if entity is not None and hook is not None and hook(entity, hex_) is False:
        return bool(tile_lay["lay"])
    tile = _catalogue(game).get(move.tile)
    if tile is None:
        return True
    if step.track_upgrade(hex_.tile, tile, hex_) and not tile_lay["upgrade"]:
        return False
    return not (tile.color == "yellow" and not tile_lay["lay"])


def little_miami_joined(game: Game) -> bool:
    """1846: whether track already joins Little Miami's two cities (then the company may not lay)."""
    hexes = list(getattr(game, "LITTLE_MIAMI_HEXES", ()))
    check = getattr(game, "little_miami_reached_hexes", None)
    if check is None or len(hexes) < 2:
        return False
    return set(hexes) <= set(check())


def _little_miami_can_lay(step: SpecialTrack, entity: Any, spender: Any, hex_: Any, ability: Any) -> bool:
    """Whether Little Miami could lay one of its tiles on ``hex_`` now, running new track to the other hex."""
    tiles = list(getattr(ability, "tiles", None) or []) or None
    for item in lay_tile_moves(
        step, entity, [(hex_, None)], spender=spender, special=False, tile_names=tiles, with_unusable=False
    ):
        if isinstance(item, LayTileMove) and _little_miami_rotations(step.game, item).rotations:
            return True
    return False


def _little_miami_rotations(game: Game, move: LayTileMove) -> LayTileMove:
    """Little Miami's tiles must join its two cities with new track: keep the rotations whose tile runs new
    track from its city straight to the other hex (the two lays then join the cities; a join by a detour
    through other hexes is not offered)."""
    from dataclasses import replace

    hex_ = game.hex_by_id(move.hex)
    other_id = next((h for h in getattr(game, "LITTLE_MIAMI_HEXES", ()) if h != move.hex), None)
    side = next((e for e, n in hex_.neighbors.items() if n.id == other_id), None)
    if side is None or side in hex_.tile.exits:
        return replace(move, rotations=(), costs=())
    tile = game.tile_by_id(move.tile_ids[0])
    keep: list[int] = []
    costs: list[int] = []
    saved = tile.rotation
    try:
        for rotation, cost in zip(move.rotations, move.costs):
            tile.rotate(rotation)
            if any(side in p.exits and any(getattr(n, "is_city", False) for n in p.nodes) for p in tile.paths):
                keep.append(rotation)
                costs.append(cost)
    finally:
        tile.rotate(saved)
    return replace(move, rotations=tuple(keep), costs=tuple(costs))


def _paired(ability: Any) -> bool:
    """A paired lay whose tiles must join each other (``SpecialTrack.check_connect``)."""
    if ability.type == "teleport" or not ability.connect or len(getattr(ability, "hexes", None) or []) < 2:
        return False
    start = ability.start_count
    return start is not None and start >= 2


def _connected_rotations(game: Game, ability: Any, move: LayTileMove) -> LayTileMove:
    """``move`` keeping the rotations whose track joins the pair's other tiles, every tile to another."""
    from dataclasses import replace

    laid = [game.hex_by_id(h) for h in ability.laid_hexes]
    hex_ = game.hex_by_id(move.hex)
    tile = game.tile_by_id(move.tile_ids[0])
    first = ability.start_count == ability.count or not laid
    if first and not getattr(ability, "must_lay_all", False):
        return move  # "up to two" tiles (1846 MC, O&I): one alone need not join anything
    # the pair's other hexes still to lay: the first tile must point at one of them, so that the lay it
    # forces next can join it (the engine refuses to pass before the last lay: a dead end would block the game)
    open_hexes = [game.hex_by_id(h) for h in ability.hexes if h not in ability.laid_hexes and h != move.hex]
    keep: list[int] = []
    costs: list[int] = []
    for rotation, cost in zip(move.rotations, move.costs):
        mine = set(tile.exits_at(rotation))
        if first:
            if any(_faces(hex_, mine, other, None) for other in open_hexes):
                keep.append(rotation)
                costs.append(cost)
            continue
        exits = {h: set(h.tile.exits) for h in laid if h is not hex_}
        exits[hex_] = mine
        hexes = list(exits)
        if all(any(_faces(a, exits[a], b, exits[b]) for b in hexes if b is not a) for a in hexes):
            keep.append(rotation)
            costs.append(cost)
    return replace(move, rotations=tuple(keep), costs=tuple(costs))


def _faces(a: Any, a_exits: set[int], b: Any, b_exits: set[int] | None) -> bool:
    """Track of ``a`` (``a_exits``) runs into neighbour ``b`` (and meets track there, when ``b_exits`` is
    given; else ``b`` must still be free to take track: no tile laid on it yet)."""
    for edge in a_exits:
        if a.neighbors.get(edge) is not b:
            continue
        if b_exits is None:
            if b.tile.color == "white" or (edge + 3) % 6 in b.tile.exits:
                return True
        elif (edge + 3) % 6 in b_exits:
            return True
    return False


@enumerates(SpecialTrack)
def special_track_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, SpecialTrack)
    kinds = step.actions(entity)
    if "lay_tile" in kinds and not _interrupts(step, entity):
        yield from special_lay_moves(step, entity)
        yield from combined_lay_moves(step, entity)
    ability = step.ability(entity)
    must_lay_all = ability is not None and bool(getattr(ability, "must_lay_all", False)) and (ability.count or 0) > 0
    little_miami = getattr(step.game, "little_miami", None)
    if little_miami is not None and entity is little_miami and not little_miami_joined(step.game):
        must_lay_all = True  # 1846: its lays must join its two cities (the reference checks when it passes)
    if "pass" in kinds and step.company is entity and not must_lay_all:  # process_pass refuses these
        entity_type, entity_id = entity_ref(entity)
        yield PassMove(entity_type, entity_id, label=step.pass_description())


# ------------------------------------------------------------------------------------------------------------
# Combined company lays (``combo_entities``)
# ------------------------------------------------------------------------------------------------------------
def lay_combinations(game: Game, entity: Any) -> Iterator[list[Any]]:
    """The other companies ``entity``'s lay may be combined with: companies its ability names, held by the same
    owner, with a lay ability of their own; each company of a combination names the ones after it (the
    reference's ``valid_combos?``)."""
    from itertools import combinations

    lay = next((a for a in entity.all_abilities() if a.type == "tile_lay"), None)
    named = list(getattr(lay, "combo_entities", None) or [])
    owner = entity.owner
    if not named or owner is None:
        return
    by_id = {c.id: c for c in game.companies}
    partners = [
        c
        for c in (by_id.get(cid) for cid in named)
        if c is not None and c.owner is owner and not c.closed and any(a.type == "tile_lay" for a in c.all_abilities())
    ]

    def names(company: Any) -> list[str]:
        ability = next((a for a in company.all_abilities() if a.type == "tile_lay"), None)
        return list(getattr(ability, "combo_entities", None) or [])

    for size in range(1, len(partners) + 1):
        for combo in combinations(partners, size):
            chain = [entity, *combo]
            if all(later.id in names(company) for i, company in enumerate(chain) for later in chain[i + 1 :]):
                yield list(combo)


def combined_lay_moves(step: SpecialTrack, entity: Any) -> Iterator[Move]:
    """Lays of ``entity`` combined with other companies' lay abilities (named as ``entity``'s lay with the others
    in ``combo_entities``): on the hexes every company of the combination may lay on; the tiles the abilities
    naming tiles allow (else the usual ones), placed as the first of those companies places them; priced with
    every company's discounts and free lays."""
    from dataclasses import replace

    game = step.game
    if step.ability(entity) is None:
        return
    spender = _special_spender(step, entity)
    if spender is None:
        return
    entity_type, entity_id = entity_ref(entity)
    for combo in lay_combinations(game, entity):
        members = [entity, *combo]
        abilities = [step.ability(m) for m in members]
        if any(a is None for a in abilities):
            continue
        # with no extra-lay company among them the lay is one of the corporation's (its allowance decides)
        consumes = all(step.consumes_tile_lay(m, a) for m, a in zip(members, abilities, strict=True))
        tile_lay = step.get_tile_lay(entity) if consumes else None
        if consumes and tile_lay is None:
            continue
        named = [m for m, a in zip(members, abilities, strict=True) if getattr(a, "tiles", None)]
        lead = named[0] if named else entity
        tiles = sorted({t for a in abilities for t in (getattr(a, "tiles", None) or [])}) or None
        special = any(a.type == "tile_lay" and a.special for a in abilities)
        targets: list[tuple[Any, list[int] | None]] = []
        for hex_ in game.hexes:
            edges = None
            for member, ability in zip(members, abilities, strict=True):
                listed = getattr(ability, "hexes", None) or []
                found = step.available_hex(member, hex_) if not listed or hex_.id in listed else None
                if found is None:
                    break
                if member is entity:
                    edges = list(found)
            else:
                if tile_lay is not None and not (
                    tile_lay["lay"] if hex_.tile.color == "white" else tile_lay["upgrade"]
                ):
                    continue
                if step.ability_blocking_hex(entity, hex_) is None:
                    targets.append((hex_, edges))
        others = [m for m in members if m is not lead]
        for move in lay_tile_moves(
            step,
            lead,
            targets,
            spender=spender,
            special=special,
            tile_names=tiles,
            with_unusable=False,
            combined=others,
        ):
            if not isinstance(move, LayTileMove):
                continue
            move = _combined_rotations(step, members, move)
            if move.rotations and (tile_lay is None or _allowance_takes(step, tile_lay, move)):
                yield replace(move, entity_type=entity_type, entity=entity_id, combo=tuple(str(m.id) for m in combo))


def _combined_rotations(step: SpecialTrack, members: list[Any], move: LayTileMove) -> LayTileMove:
    """``move`` at the rotations the step allows the whole combination (the acting company first, as the lay
    names them: ``Tracker.lay_tile`` asks ``legal_tile_rotation`` of that list): a partner's own rule counts too
    (1822's estuary private: the track crosses the estuary, also when the town remover leads the lay)."""
    from dataclasses import replace

    game = step.game
    hex_ = game.hex_by_id(move.hex)
    tile = game.tile_by_id(move.tile_ids[0])
    saved = tile.rotation
    kept: list[tuple[int, int]] = []
    try:
        for rotation, cost in zip(move.rotations, move.costs, strict=True):
            tile.rotate(rotation)
            if step.legal_tile_rotation(members, hex_, tile):
                kept.append((rotation, cost))
    finally:
        tile.rotate(saved)
    if len(kept) == len(move.rotations):
        return move
    return replace(move, rotations=tuple(r for r, _ in kept), costs=tuple(c for _, c in kept))
