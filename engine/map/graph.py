"""Connectivity: which hexes, track and stations a corporation reaches from its tokens.

The :class:`Graph` answers, per corporation, the questions that tile lays, token placement
and the operating steps ask ("may PRR lay track into G15?", "can NYC place a token at all?",
"can B&O run a route?").  Each answer comes from one depth-first walk of the track network
that starts at every city holding one of the corporation's tokens.  The walk is the
reference engine's (``Node#walk`` / ``Path#walk``) step for step, because some answers
depend on its order:

- from a node, each of the node's paths is walked in tile order;
- a path walk crosses each of its edges into the neighbouring hex's paths on the facing
  edge (lanes and gauges must match) and through a junction into the junction's other paths;
- one counter per branch forbids leaving a hex by the same edge twice (and entering a
  junction more than twice);
- every node of a reached path is walked in turn, except nodes that *block* the
  corporation (a city whose slots all hold other corporations' tokens, any offboard): those
  are recorded as reached but not passed through; a ``terminal`` path is not continued;
- when the walk for one token starts, the corporation's other token cities count as
  already visited.

Results are cached per corporation until :meth:`Graph.clear`, which the game calls after
every tile lay or token placement.  ``route_info`` entries that have found a route worth a
forced train purchase survive :meth:`Graph.clear` (the reference keeps them, and replay
parity may depend on it); :meth:`Graph.clear_graph_for` drops them for one corporation.

Walks can run deep on a late-game map (a few frames per track segment), so the module
raises the interpreter's recursion limit to :data:`RECURSION_LIMIT` when it first walks.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from engine.map.parts import City

if TYPE_CHECKING:
    from engine.map.hexes import Hex
    from engine.map.parts import Junction, Node, Path

__all__ = [
    "RECURSION_LIMIT",
    "BranchPruner",
    "Graph",
    "GraphHost",
    "GraphTeleport",
    "NewPathPruner",
    "RouteInfo",
    "lane_match",
    "walk_node",
    "walk_path",
    "walk_reaches",
]

#: Minimum recursion limit while walking (Python 3.11 keeps pure-Python recursion off the C stack).
RECURSION_LIMIT = 20_000

#: ``{"route_available": bool, "route_train_purchase": bool}``; keys are absent until set
#: (an empty dict means "no route").
RouteInfo = dict[str, bool]

#: Counter of a walk branch: edge keys ``(hex id, rotated edge, lane index)`` and junctions.
EdgeCounter = dict[Any, int]

#: Called for every path a path walk reaches: ``(path, visited paths, counter, converging)``; returning
#: True stops the walk from going on beyond that path (a pruned branch leaves no trace in ``visited`` or
#: the counter).
PathVisitor = Callable[["Path", "dict[Path, bool]", EdgeCounter, bool], "bool | None"]

#: Called for every path a node walk reaches; returning True stops the walk from going on
#: through that path's nodes (the reference's ``:abort``).
NodeVisitor = Callable[["Path"], "bool | None"]


#: Asked before a converging branch is entered: ``(path, visited paths, counter, edge it is entered by, junction
#: it is entered through)``; True skips the branch.
BranchPruner = Callable[["Path", "dict[Path, bool]", EdgeCounter, "int | None", Any], bool]


def _ensure_recursion_limit() -> None:
    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)


# --------------------------------------------------------------------------------------
# The walk
# --------------------------------------------------------------------------------------


def lane_match(lanes0: tuple[int, int] | None, lanes1: tuple[int, int] | None) -> bool:
    """Whether two facing exits' lanes ``(width, index)`` line up across a hex side.

    Equal widths must mirror each other (index ``i`` faces ``width - i - 1``); for unequal
    widths the narrower side is centred in the wider one first.
    """
    if lanes0 is None or lanes1 is None:
        return False
    if lanes0[0] == lanes1[0]:
        return lanes1[1] == lanes0[0] - lanes0[1] - 1
    narrow, wide = sorted((lanes0, lanes1))
    index = narrow[1] + (wide[0] - narrow[0]) // 2
    return index == wide[0] - wide[1] - 1


#: gauges that match their own kind in a walk (``Path.tracks_match`` with ``dual_ok``)
_SELF_MATCHING = ("broad", "narrow", "dual")


def walk_path(
    path: Path,
    visitor: PathVisitor,
    *,
    visited: dict[Path, bool],
    counter: EdgeCounter,
    skip: int | None = None,
    jskip: Junction | None = None,
    converging: bool = True,
    skip_track: str | None = None,
    skip_paths: dict[Path, bool] | None = None,
    within: Container[Hex] | None = None,
    prune: BranchPruner | None = None,
) -> None:
    """Depth-first walk of track from ``path`` (the reference's ``Path#walk``).

    ``visitor`` sees each path reached, in walk order, with the live ``visited`` map (the
    current branch, in order, when ``converging``) and ``counter``; when it returns True the
    walk does not go on beyond that path (a visitor prunes branches it has no use for).
    With ``within``, the walk never crosses into a hex outside it (the same walk, pruned).  ``skip`` is the edge the
    walk came in by; ``jskip`` the junction it came through.  With ``converging`` False a
    path stays visited after its branch is done, so each path is reached at most once.

    ``prune`` (see :class:`NewPathPruner`) is asked before a *converging* branch is entered: a converging branch
    leaves ``visited`` and ``counter`` as it found them, so when ``prune(path, visited, counter, skip, jskip)`` is True (the
    branch cannot reach a path the visitor still wants) skipping it changes nothing but the time spent.  Without
    it a walk through junction-heavy track enumerates every simple chain of track, exponentially many.
    """
    _walk_path(path, visitor, visited, counter, skip, jskip, converging, skip_track, skip_paths, within, prune)


def _walk_path(
    path: Path,
    visitor: PathVisitor,
    visited: dict[Path, bool],
    counter: EdgeCounter,
    skip: int | None,
    jskip: Junction | None,
    converging: bool,
    skip_track: str | None,
    skip_paths: dict[Path, bool] | None,
    within: Container[Hex] | None,
    prune: BranchPruner | None = None,
) -> None:
    """:func:`walk_path` with its arguments in order (the recursion's calls are cheaper so)."""
    if path in visited or (skip_paths is not None and path in skip_paths):
        return
    junction = path.junction
    if junction is not None and counter.get(junction, 0) > 1:
        return
    tile = path.tile
    hex_ = tile.hex if tile is not None else None
    assert hex_ is not None, "walking a path that is not on the map"
    hex_id = hex_.id
    edges = path.edges
    rotation = tile._rotation
    exits = path._exits_by_rotation[rotation]  # path.exits without the property calls
    keys: list[tuple[str, int, int]] = []
    if edges:
        cached = path._walk_keys
        if cached is not None and cached[0] is hex_ and cached[1] == rotation:
            keys = cached[2]
        else:
            keys = [(hex_id, num, edge.lanes[1]) for edge, num in zip(edges, exits)]
            path._walk_keys = (hex_, rotation, keys)
        for key in keys:
            if counter.get(key, 0) > 0:
                return
    if skip_track is not None and path.track == skip_track:
        return
    if junction is not None and path.terminal:
        return
    if converging and prune is not None and prune(path, visited, counter, skip, jskip):
        return

    visited[path] = True
    if junction is not None:
        counter[junction] = counter.get(junction, 0) + 1

    if visitor(path, visited, counter, converging):
        if converging:
            del visited[path]
        if junction is not None:
            counter[junction] -= 1
        return

    if junction is not None and junction is not jskip:
        for junction_path in junction.paths:
            _walk_path(
                junction_path,
                visitor,
                visited,
                counter,
                None,
                junction,
                converging,
                skip_track,
                skip_paths,
                within,
                prune,
            )

    if edges:
        exit_lanes = path._exit_lanes_by_rotation[rotation]
        neighbors = hex_.neighbors
        gauge_free = path.ignore_gauge_walk
        track = path.track
        exit_count = tile._exit_count_by_rotation[rotation]  # tile.converging_exit without the calls
        for key, num in zip(keys, exits):
            if num == skip:
                continue
            neighbor = neighbors.get(num)
            if neighbor is None or (within is not None and neighbor not in within):
                continue
            facing = (num + 3) % 6
            next_tile = neighbor.tile
            next_rotation = next_tile._rotation
            next_paths = next_tile._edge_paths[next_rotation]
            if next_paths is None:
                next_paths = next_tile.edge_paths(next_rotation)
            next_paths = next_paths.get(facing)
            if not next_paths:
                continue
            counter[key] = counter.get(key, 0) + 1
            lanes = exit_lanes.get(num)
            next_converging = converging or exit_count.get(num, 0) > 1
            for next_path in next_paths:
                if not lane_match(lanes, next_path._exit_lanes_by_rotation[next_rotation].get(facing)):
                    continue
                if (
                    not gauge_free
                    and not (next_path.track == track and track in _SELF_MATCHING)
                    and not (path.tracks_match(next_path, dual_ok=True))
                ):
                    continue
                _walk_path(
                    next_path,
                    visitor,
                    visited,
                    counter,
                    facing,
                    None,
                    next_converging,
                    skip_track,
                    skip_paths,
                    within,
                    prune,
                )
            counter[key] -= 1

    if converging:
        del visited[path]
    if junction is not None:
        counter[junction] -= 1


def walk_node(
    node: Node,
    visitor: NodeVisitor,
    *,
    visited: dict[Node, bool],
    corporation: Any = None,
    visited_paths: dict[Path, bool] | None = None,
    counter: EdgeCounter | None = None,
    converging: bool = True,
    skip_track: str | None = None,
    skip_paths: dict[Path, bool] | None = None,
    prune: BranchPruner | None = None,
) -> None:
    """Walk the track network from ``node`` (the reference's ``Node#walk``).

    Each of the node's paths is walked with :func:`walk_path`; ``visitor`` sees every path
    reached.  From each reached path that is not terminal, the walk goes on through the
    path's other nodes, except those that block ``corporation`` (with ``corporation`` None,
    nothing blocks).  ``visited`` holds the nodes already walked (pre-mark nodes to keep the
    walk out of them).  ``prune`` is handed to every path walk (see :func:`walk_path`).
    """
    if node in visited:
        return
    visited[node] = True
    paths_seen: dict[Path, bool] = {} if visited_paths is None else visited_paths
    branch_counter: EdgeCounter = {} if counter is None else counter

    def on_path(path: Path, vp: dict[Path, bool], ct: EdgeCounter, path_converging: bool) -> None:
        if visitor(path):
            return
        if path.terminal:
            return
        for next_node in path.nodes:
            if next_node is node:
                continue
            if corporation is not None and next_node.blocks(corporation):
                continue
            walk_node(
                next_node,
                visitor,
                visited=visited,
                corporation=corporation,
                visited_paths=vp,
                counter=ct,
                converging=converging or path_converging,
                skip_track=skip_track,
                skip_paths=skip_paths,
                prune=prune,
            )

    for node_path in node.paths:
        if skip_track is not None and node_path.track == skip_track:
            continue
        if node_path.ignore:
            continue
        walk_path(
            node_path,
            on_path,
            visited=paths_seen,
            counter=branch_counter,
            converging=converging,
            skip_track=skip_track,
            skip_paths=skip_paths,
            prune=prune,
        )

    if converging:
        del visited[node]


def _edge_keys(path: Path) -> list[tuple[str, int, int]]:
    """The walk's edge-counter keys of ``path``'s edges where it lies now (cached as :func:`_walk_path` does)."""
    tile = path.tile
    hex_ = tile.hex if tile is not None else None
    if hex_ is None or tile is None or not path.edges:
        return []
    rotation = tile._rotation
    cached = path._walk_keys
    if cached is not None and cached[0] is hex_ and cached[1] == rotation:
        return cached[2]
    keys = [(hex_.id, num, edge.lanes[1]) for edge, num in zip(path.edges, path._exits_by_rotation[rotation])]
    path._walk_keys = (hex_, rotation, keys)
    return keys


def _facing_paths(path: Path) -> list[tuple[int, list[Path]]]:
    """For each exit of ``path``: the exit and the facing paths across it that match lanes and gauge (the paths
    :func:`_walk_path` crosses into, in its order)."""
    tile = path.tile
    hex_ = tile.hex if tile is not None else None
    if tile is None or hex_ is None:
        return []
    found: list[tuple[int, list[Path]]] = []
    rotation = tile._rotation
    exit_lanes = path._exit_lanes_by_rotation[rotation]
    for num in path._exits_by_rotation[rotation]:
        neighbor = hex_.neighbors.get(num)
        if neighbor is None:
            continue
        facing = (num + 3) % 6
        next_tile = neighbor.tile
        next_rotation = next_tile._rotation
        across = []
        for next_path in next_tile.edge_paths(next_rotation).get(facing, ()):
            if not lane_match(exit_lanes.get(num), next_path._exit_lanes_by_rotation[next_rotation].get(facing)):
                continue
            if (
                not path.ignore_gauge_walk
                and not (next_path.track == path.track and path.track in _SELF_MATCHING)
                and not path.tracks_match(next_path, dual_ok=True)
            ):
                continue
            across.append(next_path)
        found.append((num, across))
    return found


#: What :class:`NewPathPruner` s of walks over the same track (the same corporation blocking, nothing skipped) may
#: share: each state's onward states, and each path's edge-counter keys.  A walk whose track differs on some hexes
#: (a hex emptied) names them and their neighbours as ``apart``: the onward states from a path there are its own
#: (they may lead into those hexes); from anywhere else they are the same for every such walk.
PrunerSteps = tuple[
    dict[tuple["Path", Any], list[tuple[tuple["Path", Any], "Node | None"]]],
    dict["Path", "list[tuple[str, int, int]] | None"],
]


class NewPathPruner:
    """A :data:`BranchPruner` for walks that only care about reaching paths they have not reached yet.

    ``wanted(path)`` says whether the walk still has a use for reaching ``path`` (``Graph.compute``: a path not
    recorded yet); what is wanted may only shrink as the walk goes on.  Before a converging branch into ``path``
    is entered, a plain search over the track from ``path`` looks for a wanted path, moving as the walk moves
    (into a path by one end, out by its other ends: across an edge, through a junction, or through a node when
    the path is not terminal) and going only where the branch could: not into a path the branch has visited,
    across an edge it has used, through a node it has walked (``nodes``, the walk's visited nodes) or one that
    blocks ``corporation``.  The search ignores the rest of the walk's rules (it may go where the walk cannot,
    never the reverse), so a branch it finds nothing for would have reached nothing wanted: skipping the branch
    leaves the walk's answer, and the order of what it reaches, unchanged.

    A walk asks again and again from the same places under much the same branch: each search remembers what
    decided it (the chain of states to the wanted path it found, or what stopped it when it found none) and the
    next search from the same place first checks whether that still decides it (:meth:`_holds`).

    The track must not change while the walk runs (each path's neighbours are remembered).
    """

    #: whether a search first checks what decided the last search from the same place (off: every search is
    #: done in full, the same answers more slowly; tests compare the two)
    REMEMBERS: ClassVar[bool] = True

    __slots__ = (
        "_apart",
        "_keys",
        "_known",
        "_shared_steps",
        "_steps",
        "corporation",
        "nodes",
        "skip_paths",
        "skip_track",
        "wanted",
    )

    def __init__(
        self,
        wanted: Callable[[Path], bool],
        *,
        nodes: Container[Node] = (),
        corporation: Any = None,
        skip_track: str | None = None,
        skip_paths: Container[Path] | None = None,
        shared: PrunerSteps | None = None,
        apart: Container[Hex] = (),
    ) -> None:
        self.wanted = wanted
        self.nodes = nodes
        self.corporation = corporation
        self.skip_track = skip_track
        self.skip_paths = skip_paths
        #: (path, how it was entered) -> the states it leads to, each with the node passed (None: none)
        self._steps: dict[tuple[Path, Any], list[tuple[tuple[Path, Any], Node | None]]] = {}
        #: path -> its edge-counter keys, or None when the walk never enters it
        self._keys: dict[Path, list[tuple[str, int, int]] | None] = {}
        #: what pruners of other walks on the same track worked out (see :data:`PrunerSteps`); the steps from a path
        #: on a hex of ``apart`` (where this walk's track differs from theirs) are this pruner's own
        self._shared_steps: dict[tuple[Path, Any], list[tuple[tuple[Path, Any], Node | None]]] | None = None
        self._apart = apart
        if shared is not None:
            self._shared_steps, self._keys = shared
        #: state -> what decided the last search from it (see :meth:`_holds`)
        self._known: dict[tuple[Path, Any], tuple[Any, ...]] = {}

    def _enterable_keys(self, path: Path) -> list[tuple[str, int, int]] | None:
        """``path``'s edge keys, or None when a walk never enters it (skipped track or path, terminal junction)."""
        if path in self._keys:
            return self._keys[path]
        keys: list[tuple[str, int, int]] | None = _edge_keys(path)
        if (
            (self.skip_paths is not None and path in self.skip_paths)
            or (self.skip_track is not None and path.track == self.skip_track)
            or (path.junction is not None and path.terminal)
        ):
            keys = None
        self._keys[path] = keys
        return keys

    def _following(self, state: tuple[Path, Any]) -> list[tuple[tuple[Path, Any], Node | None]]:
        found = self._steps.get(state)
        if found is not None:
            return found
        current, entry = state
        shared = self._shared_steps
        if shared is not None:
            tile = current.tile
            if tile is not None and tile.hex in self._apart:
                shared = None
            else:
                found = shared.get(state)
                if found is not None:
                    self._steps[state] = found
                    return found
        found = []
        junction = current.junction
        if junction is not None and junction is not entry:
            found.extend(((p, junction), None) for p in junction.paths if p is not current)
        for num, next_paths in _facing_paths(current):
            if num != entry:
                facing = (num + 3) % 6
                found.extend(((p, facing), None) for p in next_paths)
        if not current.terminal:
            corporation = self.corporation
            skip_track = self.skip_track
            for node in current.nodes:
                if node is entry or (corporation is not None and node.blocks(corporation)):
                    continue
                found.extend(
                    ((p, node), node)
                    for p in node.paths
                    if p is not current and not p.ignore and (skip_track is None or p.track != skip_track)
                )
        found = [(s, n) for s, n in found if self._enterable_keys(s[0]) is not None]
        self._steps[state] = found
        if shared is not None:
            shared[state] = found
        return found

    def __call__(
        self, path: Path, visited: dict[Path, bool], counter: EdgeCounter, skip: int | None = None, jskip: Any = None
    ) -> bool:
        """True when no wanted path can be reached from ``path``, entered by edge ``skip`` or through junction
        ``jskip`` (neither: from a node)."""
        wanted = self.wanted
        if wanted(path):
            return False
        start: tuple[Path, Any] = (path, skip if skip is not None else jskip)
        # The walk's next branches mostly ask from places it asked from before, under much the same constraints:
        # what decided the last search from here is checked first.
        known = self._known.get(start) if self.REMEMBERS else None
        if known is not None and self._holds(known, visited, counter):
            return known[0] is None
        in_visited = dict.__contains__  # (a visited map may report lookups: look past that)
        nodes = self.nodes
        keys_of = self._keys
        following = self._following
        counted = counter.get
        came_from: dict[tuple[Path, Any], tuple[tuple[Path, Any], Node | None] | None] = {start: None}
        walked: list[Node] = []  # what stopped the search: nodes walked, paths visited, edges used
        closed: list[Path] = []
        used: list[tuple[str, int, int]] = []
        stack = [start]
        while stack:
            current = stack.pop()
            for state, node in following(current):
                if state in came_from:
                    continue
                if node is not None and node in nodes:
                    walked.append(node)
                    continue
                came_from[state] = (current, node)
                candidate = state[0]
                if in_visited(visited, candidate):
                    closed.append(candidate)
                    continue
                if counter:
                    keys = keys_of[candidate]
                    if keys:
                        blocking = [key for key in keys if counted(key, 0) > 0]
                        if blocking:
                            used.extend(blocking)
                            continue
                if wanted(candidate):
                    self._remember(start, state, came_from)
                    return False
                stack.append(state)
        self._known[start] = (None, tuple(walked), frozenset(closed), tuple(used))
        return True

    def _remember(
        self,
        start: tuple[Path, Any],
        end: tuple[Path, Any],
        came_from: dict[tuple[Path, Any], tuple[tuple[Path, Any], Node | None] | None],
    ) -> None:
        """Keep the chain of states from ``start`` to ``end`` (a wanted path) as what decided the search from
        ``start`` (and each of its tails for the state it starts from): its paths, the nodes it passes and the
        edges it crosses, each in order, with where each state's tail starts in them."""
        chain: list[tuple[tuple[Path, Any], Node | None]] = []
        state = end
        while state != start:
            entry = came_from[state]
            assert entry is not None
            chain.append((state, entry[1]))
            state = entry[0]
        chain.reverse()
        keys_of = self._keys
        paths: list[Path] = []
        nodes: list[Node] = []
        keys: list[tuple[str, int, int]] = []
        tails: list[tuple[int, int, int]] = []
        for (path, _), node in chain:
            tails.append((len(paths), len(nodes), len(keys)))
            paths.append(path)
            if node is not None:
                nodes.append(node)
            keys.extend(keys_of[path] or ())
        found = (end[0], tuple(paths), tuple(nodes), tuple(keys))
        known = self._known
        known[start] = (found, tails[0])
        for index in range(len(chain) - 1):
            known[chain[index][0]] = (found, tails[index + 1])

    def _holds(self, known: tuple[Any, ...], visited: dict[Path, bool], counter: EdgeCounter) -> bool:
        """Whether what decided an earlier search from the same place decides this one the same way.

        A chain to a wanted path (``((end, paths, nodes, edges), where this tail starts in them)``): the search
        could go along it again (no path on it visited, edge used or node walked by the branch) and its end is
        still wanted.  Nothing found (``(None, nodes, paths, edges)``, what stopped that search): every one of them
        still stops it, so this search goes nowhere the earlier one did not, where nothing was wanted (and what is
        wanted only shrinks).
        """
        nodes = self.nodes
        found = known[0]
        if found is None:
            _, walked, closed, used = known
            return (
                all(map(nodes.__contains__, walked))
                and dict.keys(visited) >= closed  # (a visited map may report lookups: look past that)
                and all(map(counter.get, used))
            )
        end, paths, passed, crossed = found
        if not self.wanted(end):
            return False
        first_path, first_node, first_key = known[1]
        if not dict.keys(visited).isdisjoint(paths[first_path:] if first_path else paths):
            return False
        if first_node < len(passed):
            tail = passed[first_node:] if first_node else passed
            if type(nodes) is dict:
                if not nodes.keys().isdisjoint(tail):
                    return False
            elif any(map(nodes.__contains__, tail)):
                return False
        return not (counter and any(map(counter.get, crossed[first_key:] if first_key else crossed)))


class _Reached(Exception):
    pass


def walk_reaches(start: Node, goal: Node, corporation: Any = None) -> bool:
    """Whether the reference's walk from ``start`` (``Node#walk`` for ``corporation``, every branch converging)
    reaches a path holding ``goal`` (1822's "is the destination connected to the home token").

    The walk enumerates every simple chain of track, exponentially many on a dense map; a
    :class:`NewPathPruner` wanting ``goal``'s paths skips each branch from which a plain search finds none,
    which leaves the answer unchanged (an unreachable goal is answered by one search).
    """
    _ensure_recursion_limit()
    visited: dict[Node, bool] = {}
    pruner = NewPathPruner(lambda path: goal in path.nodes, nodes=visited, corporation=corporation)

    def visit(path: Path) -> bool:
        if goal in path.nodes:
            raise _Reached
        return False

    try:
        walk_node(start, visit, visited=visited, corporation=corporation, prune=pruner)
    except _Reached:
        return True
    return False


# --------------------------------------------------------------------------------------
# The graph
# --------------------------------------------------------------------------------------


def token_starts(host: Any) -> Callable[[Node, Any], bool]:
    """Does a node count as one of a corporation's tokens for its graph and routes?  The host's optional
    ``city_tokened_by(city, corporation)`` decides (1822PNW: normal and destination tokens, not the coal mine);
    by default a city holding any token of the corporation.  Routes need one such stop (the reference's
    ``city_tokened_by?`` in ``Route#revenue`` and its chain matching)."""
    rule = getattr(host, "city_tokened_by", None)
    if rule is None:
        return _holds_token
    return lambda node, corporation: isinstance(node, City) and bool(rule(node, corporation))


def _holds_token(node: Node, corporation: Any) -> bool:
    return isinstance(node, City) and node.tokened_by(corporation)


@dataclass(frozen=True, slots=True)
class GraphTeleport:
    """An activated ability that puts a corporation on the map away from its track.

    ``kind`` is ``"teleport"`` (the hexes count as reached; their cities are offered for a
    token once ``used``) or ``"token"`` (a token ability with a teleport price: its hexes'
    cities are offered for a token).  Only abilities the corporation itself holds count.
    """

    kind: str
    hexes: tuple[str, ...]
    used: bool = False


class GraphHost(Protocol):
    """What the graph needs from the game.

    - ``hexes``: every hex of the map, in the game's order (start cities are found in it);
    - ``hex_by_id``: a hex by its id (for teleport abilities and home hexes).

    Optional: ``graph_teleports(corporation) -> Sequence[GraphTeleport]``, the
    corporation's activated ``teleport`` and teleporting ``token`` abilities (``Game``
    answers it from the corporation's own abilities: 1846's PRR and B&O reserved slots).
    A host without it has none.  ``city_tokened_by(city, corporation) -> bool``: is the city one of the
    corporation's starts (default: it holds a token of the corporation)?
    """

    @property
    def hexes(self) -> Sequence[Hex]: ...

    def hex_by_id(self, hex_id: str) -> Hex: ...


class _StopCompute(Exception):
    """Raised by a node callback to end a computation early (``can_token``)."""


class Graph:
    """Per-corporation connectivity over a game's map.

    ``home_as_token`` makes a corporation's home hexes count as tokened (1846's Little
    Miami check); ``no_blocking`` lets walks pass through full foreign cities and offboards.
    Both read ``corporation.coordinates`` (a hex id or list) and ``corporation.city`` (a city
    index or list, or None for every city and town of the hex) when set.
    """

    def __init__(self, host: GraphHost, *, home_as_token: bool = False, no_blocking: bool = False) -> None:
        self.host = host
        self.home_as_token = home_as_token
        self.no_blocking = no_blocking
        self._connected_hexes: dict[Any, dict[Hex, list[int]]] = {}
        self._connected_nodes: dict[Any, dict[Node, bool]] = {}
        self._connected_paths: dict[Any, dict[Path, bool]] = {}
        self._reachable_hexes: dict[Any, dict[Hex, bool]] = {}
        self._tokenable_cities: dict[Any, list[Node]] = {}
        self._routes: dict[Any, RouteInfo] = {}
        self._tokens: dict[Any, bool] = {}
        self._cheater_tokens: dict[Any, bool] = {}

    # --- cache control -----------------------------------------------------------------

    #: the per-corporation caches (what a read may fill)
    CACHES: tuple[str, ...] = (
        "_connected_hexes",
        "_connected_nodes",
        "_connected_paths",
        "_reachable_hexes",
        "_tokenable_cities",
        "_routes",
        "_tokens",
        "_cheater_tokens",
    )

    def cached_keys(self) -> list[set[Any]]:
        """Who each cache holds an entry for now (see :meth:`forget_added`)."""
        return [set(getattr(self, name)) for name in self.CACHES]

    def forget_added(self, marked: list[set[Any]]) -> None:
        """Drop the entries added since ``marked`` (:meth:`cached_keys`): a read between two actions (a legal-move
        check, the table) fills caches the reference has not filled, and some outlive a clear (sticky
        ``route_info``) or a change that clears nothing (a token removed): the next question must find them as
        the reference does.  1822PNW SRS playout 5104: a check at action 28 stored minor 9's two-city route
        availability, which the reference first computes at action 66 on a one-city tile."""
        for name, keys in zip(self.CACHES, marked, strict=True):
            cache = getattr(self, name)
            for key in [k for k in cache if k not in keys]:
                del cache[key]

    def clear(self) -> None:
        """Forget everything except ``route_info`` entries with ``route_train_purchase``."""
        self._connected_hexes.clear()
        self._connected_nodes.clear()
        self._connected_paths.clear()
        self._reachable_hexes.clear()
        self._tokenable_cities.clear()
        self._tokens.clear()
        self._cheater_tokens.clear()
        for corporation in [c for c, info in self._routes.items() if not info.get("route_train_purchase")]:
            del self._routes[corporation]

    def clear_graph_for_entity(self, entity: Any) -> None:
        """What the game does after a tile lay or token placement by ``entity``: :meth:`clear`.

        (The sticky ``route_info`` entries stay, as in the reference.)
        """
        self.clear()

    def clear_graph_for(self, corporation: Any) -> None:
        """:meth:`clear`, and drop ``corporation``'s ``route_info`` even if it is sticky."""
        self.clear()
        self._routes.pop(corporation, None)

    def clear_graph_for_all(self) -> None:
        """Forget everything, sticky ``route_info`` entries included."""
        self.clear()
        self._routes.clear()

    # --- questions ----------------------------------------------------------------------

    def connected_hexes(self, corporation: Any) -> dict[Hex, list[int]]:
        """Hex -> edges through which the corporation's track reaches (or may leave) it.

        A token hex counts all its neighbours' edges.  Tile lays must connect to these.
        """
        if corporation not in self._connected_hexes:
            self.compute(corporation)
        return self._connected_hexes[corporation]

    def connected_nodes(self, corporation: Any) -> dict[Node, bool]:
        """Nodes (cities, towns, offboards) reached, blocked ones included, in walk order."""
        if corporation not in self._connected_nodes:
            self.compute(corporation)
        return self._connected_nodes[corporation]

    def connected_paths(self, corporation: Any) -> dict[Path, bool]:
        """Paths reached, in walk order."""
        if corporation not in self._connected_paths:
            self.compute(corporation)
        return self._connected_paths[corporation]

    def reachable_hexes(self, corporation: Any) -> dict[Hex, bool]:
        """Hexes holding a reached path."""
        if corporation not in self._reachable_hexes:
            self.compute(corporation)
        return self._reachable_hexes[corporation]

    def route_info(self, corporation: Any) -> RouteInfo:
        """``{"route_available": .., "route_train_purchase": ..}`` (keys absent when false).

        The dict is the cache entry itself: read it, do not change it.

        ``route_available``: from one token, the walk reached two mandatory stops, or one
        mandatory and one optional stop; ``route_train_purchase``: two mandatory stops.
        """
        if corporation not in self._routes:
            self.compute(corporation, routes_only=True)
        return self._routes[corporation]

    def can_run_route(self, corporation: Any) -> bool:
        """``route_info(corporation)["route_available"]``."""
        return bool(self.route_info(corporation).get("route_available"))

    def route_train_purchase(self, corporation: Any) -> bool:
        """``route_info(corporation)["route_train_purchase"]``."""
        return bool(self.route_info(corporation).get("route_train_purchase"))

    def can_token(
        self, corporation: Any, *, cheater: bool = False, same_hex_allowed: bool = False, tokens: Any = None
    ) -> bool:
        """Whether some reached city would take one of the corporation's tokens (cost ignored).

        ``tokens`` defaults to the corporation's next unused token of each type.  The answer
        is cached per corporation (whatever the arguments) until :meth:`clear`.
        """
        cache = self._cheater_tokens if cheater else self._tokens
        if corporation in cache:
            return cache[corporation]

        def check(node: Node) -> None:
            if isinstance(node, City) and node.tokenable(
                corporation, free=True, cheater=cheater, same_hex_allowed=same_hex_allowed, tokens=tokens
            ):
                cache[corporation] = True
                raise _StopCompute

        with contextlib.suppress(_StopCompute):
            self.compute(corporation, on_node=check)
        return cache.setdefault(corporation, False)

    def tokenable_cities(self, corporation: Any) -> list[Node]:
        """Every reached city that would take one of the corporation's tokens, in walk order."""
        if corporation in self._tokenable_cities:
            return self._tokenable_cities[corporation]
        cities: list[Node] = []

        def collect(node: Node) -> None:
            if isinstance(node, City) and node.tokenable(corporation, free=True):
                cities.append(node)

        self.compute(corporation, on_node=collect)
        if cities:
            self._tokenable_cities[corporation] = cities
        return cities

    # --- the computation ------------------------------------------------------------------

    def _home_hexes(self, corporation: Any) -> list[Hex]:
        coordinates = getattr(corporation, "coordinates", None)
        if not coordinates:
            return []
        ids = [coordinates] if isinstance(coordinates, str) else list(coordinates)
        return [self.host.hex_by_id(hex_id) for hex_id in ids]

    def compute(
        self,
        corporation: Any,
        *,
        routes_only: bool = False,
        on_node: Callable[[Node], None] | None = None,
    ) -> None:
        """Walk from every token of ``corporation`` and fill the caches.

        ``on_node`` sees every node as it is reached (teleport cities first, then nodes in
        walk order, repeats included); it may raise to stop the computation, in which case
        no cache but ``route_info`` is filled.  With ``routes_only`` the computation ends as
        soon as ``route_train_purchase`` is known.
        """
        _ensure_recursion_limit()
        host = self.host
        hexes: dict[Hex, dict[int, bool]] = {}
        nodes: dict[Node, bool] = {}
        paths: dict[Path, bool] = {}

        # a title may count only some of a corporation's tokens as the walk's starts (1822PNW: not its coal mine)
        starts = token_starts(host)
        for hex_ in host.hexes:
            for city in hex_.tile.cities:
                if not starts(city, corporation):
                    continue
                for edge in hex_.neighbors:
                    hexes.setdefault(hex_, {})[edge] = True
                nodes[city] = True

        if self.home_as_token and getattr(corporation, "coordinates", None):
            home_city = getattr(corporation, "city", None)
            for hex_ in self._home_hexes(corporation):
                if hex_.neighbors:
                    hexes[hex_] = {edge: True for edge in hex_.neighbors}
            for hex_ in self._home_hexes(corporation):
                tile = hex_.tile
                if home_city is not None:
                    indexes = home_city if isinstance(home_city, list) else [home_city]
                    for index in indexes:
                        if 0 <= index < len(tile.cities):
                            nodes[tile.cities[index]] = True
                else:
                    for city_town in tile.city_towns:
                        nodes[city_town] = True

        tokens = list(nodes)

        teleports_of = getattr(getattr(host, "ability_rules", host), "graph_teleports", None)
        teleports: Sequence[GraphTeleport] = teleports_of(corporation) if teleports_of is not None else ()
        for teleport in teleports:
            if teleport.kind != "token":
                continue
            for hex_id in teleport.hexes:
                for city in host.hex_by_id(hex_id).tile.cities:
                    nodes[city] = True
                    if on_node is not None:
                        on_node(city)
        for teleport in teleports:
            if teleport.kind != "teleport":
                continue
            for hex_id in teleport.hexes:
                hex_ = host.hex_by_id(hex_id)
                for edge in hex_.neighbors:
                    hexes.setdefault(hex_, {})[edge] = True
                for city in hex_.tile.cities:
                    nodes[city] = True
                    if teleport.used and on_node is not None:
                        on_node(city)

        routes = self._routes.get(corporation)
        if routes is None:
            routes = {}
        walk_corporation = None if self.no_blocking else corporation

        # (one pruner for every token's walk: it remembers the track's shape)
        pruner = NewPathPruner(lambda path: path not in paths, corporation=walk_corporation)

        def walk_from(token: Node) -> dict[Node, bool]:
            """Walk from one token; record what it reaches first; return the nodes it added."""
            visited: dict[Node, bool] = {other: True for other in tokens if other is not token}
            local_nodes: dict[Node, bool] = {}

            def on_path(path: Path) -> None:
                if path in paths:
                    return
                paths[path] = True
                for node in path.nodes:
                    nodes[node] = True
                    local_nodes[node] = True
                    if on_node is not None:
                        on_node(node)
                path_hex = path.hex
                assert path_hex is not None
                neighbors = path_hex.neighbors
                for edge in path.exits:
                    hexes.setdefault(path_hex, {})[edge] = True
                    neighbor = neighbors.get(edge)
                    if neighbor is not None:
                        hexes.setdefault(neighbor, {})[(edge + 3) % 6] = True

            pruner.nodes = visited
            walk_node(token, on_path, visited=visited, corporation=walk_corporation, converging=False, prune=pruner)
            return local_nodes

        for token in tokens:
            if routes_only and routes.get("route_train_purchase"):
                return
            local_nodes = walk_from(token)

            if routes.get("route_train_purchase"):
                continue
            mandatory = sum(1 for node in local_nodes if node.route == "mandatory")
            optional = sum(1 for node in local_nodes if node.route == "optional")
            if mandatory > 1:
                routes["route_available"] = True
                routes["route_train_purchase"] = True
                self._routes[corporation] = routes
            elif mandatory == 1 and optional > 0:
                routes["route_available"] = True

        self._routes[corporation] = routes
        self._connected_hexes[corporation] = {hex_: list(edges) for hex_, edges in hexes.items()}
        self._connected_nodes[corporation] = nodes
        self._connected_paths[corporation] = paths
        reachable: dict[Hex, bool] = {}
        for path in paths:
            path_hex = path.hex
            assert path_hex is not None
            reachable[path_hex] = True
        self._reachable_hexes[corporation] = reachable
