"""Editing the routes of a ``run_routes`` turn by clicking revenue centres (plain Python, no Qt).

Each train's route is a list of legs (:class:`engine.map.route.Segment`: ``left`` and ``right`` stops and the
chain of track between them), from the route's head to its tail.  A click on a stop (:meth:`RouteEditor.touch`):

- with no route yet, the first click picks the start; a second click on another stop joins them by the first
  track found (fewest paths), the first click on the same stop forgets it;
- on a stop that is not on the route, the route grows from its head if that stop can be reached from there,
  else from its tail, else from another stop of the head's (then the tail's) hex: in a hex of two towns (18ZOO)
  a route may switch towns, a leg ending at one and the next leaving from the other;
- on the route's head (or tail) stop, the leg ending there switches to the next other track from the same
  stop, then to the tracks from the other stops of that stop's hex, and is dropped when there is no other;
- on the stop next to the head (or tail), the end leg is dropped;
- :meth:`RouteEditor.reverse` runs the route the other way (its stops listed from the other end).

Track already used by the train's other legs or by the other trains' routes is never chosen.  These are the
gestures of 18xx.games' route selector, so a game recorded there can be entered again click by click.  The
entries (:meth:`RouteEditor.entries`) are ``run_routes`` routes as the site writes them: ``connections`` (each
leg's hexes from where its track was walked from), ``hexes`` (stops from head to tail), ``nodes``, ``revenue``
and ``revenue_str``; each train's revenue or the engine's reason why its route is not legal is in
:meth:`RouteEditor.check`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import GameError
from engine.map.route import Chain, Route, Segment, train_is_local
from engine.steps.route import build_routes, route_host

__all__ = ["RouteCheck", "RouteEditor", "TrainRoute", "hex_stops", "same_paths"]


def same_paths(a: Chain, b: Chain) -> bool:
    return len(a.paths) == len(b.paths) and all(x is y for x, y in zip(a.paths, b.paths))


def hex_stops(hex_: Any) -> list[Any]:
    """The nodes of a hex a route can stop at (cities, towns, off-board areas)."""
    return [n for n in hex_.tile.nodes if getattr(n, "is_stop", False)]


@dataclass
class TrainRoute:
    """One train's route being edited."""

    train: Any
    segments: list[Segment] = field(default_factory=list)
    #: the first stop clicked, before a second one makes a leg
    pending: Any = None

    @property
    def empty(self) -> bool:
        return not self.segments

    def nodes(self) -> list[Any]:
        """The stops from head to tail, each once in a row."""
        found: list[Any] = []
        for segment in self.segments:
            for node in (segment.left, segment.right):
                if not found or found[-1] is not node:
                    found.append(node)
        return found

    def paths(self) -> list[Any]:
        return [p for s in self.segments for p in s.chain.paths]


@dataclass
class RouteCheck:
    """The engine's view of the edited routes: per train id its revenue or why it is not legal."""

    revenues: dict[str, int]
    reasons: dict[str, str]
    #: why the whole set cannot be submitted (None when it can)
    refusal: str | None

    @property
    def total(self) -> int:
        return sum(self.revenues.values())


class RouteEditor:
    """The routes of ``trains`` (the trains the operating ``entity`` may run now) on ``game`` (not changed)."""

    def __init__(self, game: Any, entity: Any, trains: Sequence[Any], refusal: Any = None) -> None:
        self.game = game
        self.entity = entity
        self.host = route_host(game)
        self.routes: list[TrainRoute] = [TrainRoute(t) for t in trains]
        #: the trains in the order their routes are listed in the action: the order they were first chosen
        #: (or given a stop) since their route was last cleared
        self.order: list[str] = [str(trains[0].id)] if trains else []
        self._finders: dict[str, Route] = {}
        #: ``refusal(action) -> reason | None``: the legal move's check of a whole run
        self._refusal = refusal

    # --- lookups -----------------------------------------------------------------------------------------
    def route_of(self, train_id: str) -> TrainRoute:
        for route in self.routes:
            if route.train.id == train_id:
                return route
        raise KeyError(train_id)

    def train_ids(self) -> list[str]:
        return [str(r.train.id) for r in self.routes]

    def _finder(self, train: Any) -> Route:
        finder = self._finders.get(train.id)
        if finder is None:
            finder = self._finders[train.id] = Route(self.host, train)
        return finder

    def chains(self, route: TrainRoute, start: Any, end: Any, keep: Segment | None = None) -> list[Chain]:
        """Track walks from ``start`` to ``end`` (fewest paths first) using no track the other trains' routes (of
        the same overlap group: 18 Los Angeles's passenger and freight trains share track) or this route's other
        legs (all but ``keep``) use."""
        used: set[int] = set()
        group_of = getattr(self.host, "route_overlap_group", None)  # trains of other groups share track freely
        group = group_of(route.train) if group_of is not None else None
        for other in self.routes:
            if group_of is not None and group_of(other.train) != group:
                continue
            for segment in other.segments:
                if other is route and segment is keep:
                    continue
                used.update(id(p) for p in segment.chain.paths)
        found = self._finder(route.train).node_chains(start, end)
        return [c for c in found if not any(id(p) in used for p in c.paths)]

    # --- editing -----------------------------------------------------------------------------------------
    def choose(self, train_id: str) -> None:
        """The player chose this train to edit: its route is listed after those chosen before."""
        self.route_of(train_id)
        if train_id not in self.order:
            self.order.append(train_id)

    def clear(self, train_id: str) -> None:
        route = self.route_of(train_id)
        route.segments = []
        route.pending = None
        if train_id in self.order:
            self.order.remove(train_id)

    def reverse(self, train_id: str) -> None:
        """Run the route the other way (same stops, same track, same revenue): head and tail swap."""
        route = self.route_of(train_id)
        route.segments = [Segment(s.right, s.left, s.chain) for s in reversed(route.segments)]

    def set_entries(self, entries: Sequence[Mapping[str, Any]]) -> None:
        """Show these ``run_routes`` routes (the optimiser's answer, a file's action)."""
        for route in self.routes:
            route.segments = []
            route.pending = None
        self.order = [str(e["train"]) for e in entries]
        if not entries:
            return
        built = build_routes(self.game, list(entries))
        for entry, rebuilt in zip(entries, built):
            route = self.route_of(str(entry["train"]))
            segments = list(rebuilt.connection_data())
            if len(segments) == 1 and segments[0].left is segments[0].right and not segments[0].chain.paths:
                route.segments = []  # a local run: its city, as if clicked alone
                route.pending = segments[0].left
                continue
            if len(segments) == 1:
                # one leg: as if its walk's start was clicked first (the head is the second click)
                only = segments[0]
                if only.chain.nodes is not None:
                    start, end = only.chain.nodes
                    segments = [Segment(end, start, only.chain)]
            route.segments = segments

    def touch(self, train_id: str, node: Any) -> str | None:
        """A click on ``node`` while editing ``train_id``'s route; returns a line saying what happened when
        nothing did (no track to it), else None."""
        route = self.route_of(train_id)
        self.choose(train_id)
        segments = route.segments
        if segments:
            head, tail = segments[0], segments[-1]
            if node is head.left:
                option = self._next_option(route, 0, node)
                if option is not None:
                    segments[0] = Segment(node, option[0], option[1])
                    return None
                segments.pop(0)
                if segments:
                    tail = segments[-1]
                    found = self.chains(route, tail.right, node)
                    if found:
                        segments.append(Segment(tail.right, node, found[0]))
                return None
            if node is tail.right:
                option = self._next_option(route, -1, node)
                if option is not None:
                    segments[-1] = Segment(option[0], node, option[1])
                else:
                    segments.pop()
                return None
            if node is head.right:
                segments.pop(0)
                return None
            if node is tail.left:
                segments.pop()
                return None
            # from the head, else the tail; only then from another stop of the head's (tail's) hex
            for at_head, start in ((True, head.left), (False, tail.right),
                                   *((True, n) for n in self._switches(route, head.left)),
                                   *((False, n) for n in self._switches(route, tail.right))):
                found = self.chains(route, start, node)
                if found:
                    if at_head:
                        segments.insert(0, Segment(node, start, found[0]))
                    else:
                        segments.append(Segment(start, node, found[0]))
                    return None
            return f"no free track joins {_name(node)} to either end of the route"
        if route.pending is node:
            route.pending = None
            return None
        if route.pending is not None:
            found = self.chains(route, route.pending, node)
            if not found:
                return f"no free track joins {_name(route.pending)} and {_name(node)}"
            route.segments = [Segment(node, route.pending, found[0])]
            route.pending = None
            return None
        route.pending = node
        return None

    def _switches(self, route: TrainRoute, end: Any, keep: Segment | None = None) -> list[Any]:
        """The other stops of the hex of the route's stop ``end`` (a hex of two towns: 18ZOO's) that no leg of the
        route but ``keep`` visits: a leg may leave from one of them, the route switching towns inside the hex (the
        site ran such routes and paid both towns: 18ZOO C/5774's F6)."""
        hex_ = getattr(end, "hex", None)
        if hex_ is None:
            return []
        on_route = [n for s in route.segments if s is not keep for n in (s.left, s.right)]
        return [n for n in hex_stops(hex_) if n is not end and not any(n is m for m in on_route)]

    def _next_option(self, route: TrainRoute, index: int, node: Any) -> tuple[Any, Chain] | None:
        """The end leg ``index`` (0: the head's, -1: the tail's) reaching ``node`` run on the next other track:
        from the stop where the rest of the route ends, then from that hex's other stops (see
        :meth:`_switches`); None after the last."""
        segments = route.segments
        current = segments[index]
        at_head = index == 0
        start = current.right if at_head else current.left
        if len(segments) > 1:
            anchor = segments[1].left if at_head else segments[-2].right
            starts = [anchor, *self._switches(route, anchor, keep=current)]
        else:
            starts = [start]
        options = [(s, c) for s in starts for c in self.chains(route, s, node, keep=current)]
        position = next((i for i, (s, c) in enumerate(options) if s is start and same_paths(c, current.chain)),
                        len(options))
        return options[position + 1] if position + 1 < len(options) else None

    # --- the action ----------------------------------------------------------------------------------------
    def listed(self) -> list[TrainRoute]:
        """The routes in the action's order."""
        rank = {t: i for i, t in enumerate(self.order)}
        return sorted(self.routes, key=lambda r: rank.get(str(r.train.id), len(rank)))

    def local_stop(self, route: TrainRoute) -> Any:
        """The city of a local run (a train that may run to a single city of its corporation's: 1822's L train),
        when the route is that one stop: the stop clicked alone, or a leg from the city to itself (as rebuilt
        from a file's ``["local", hex]``); else None."""
        if route.segments:
            only = route.segments[0]
            if len(route.segments) == 1 and only.left is only.right and not only.chain.paths:
                return only.left
            return None
        node = route.pending
        if node is None or not train_is_local(route.train):
            return None
        tokens = getattr(node, "tokens", None) or ()
        return node if any(t is not None and t.corporation is self.entity for t in tokens) else None

    def _raw_entries(self) -> list[dict[str, Any]]:
        entries = []
        for route in self.listed():
            local = self.local_stop(route)
            if local is not None and local.hex is not None:
                entries.append({"train": str(route.train.id), "connections": [["local", local.hex.id]],
                                "hexes": [local.hex.id], "nodes": [local.signature]})
                continue
            if route.empty:
                continue
            nodes: list[str] = []
            for segment in route.segments:
                for node in segment.chain.nodes or ():
                    if node.signature not in nodes:
                        nodes.append(node.signature)
            entries.append({
                "train": str(route.train.id),
                "connections": [list(s.chain.id or []) for s in route.segments],
                "hexes": [n.hex.id for n in route.nodes() if n.hex is not None],
                "nodes": nodes,
            })
        return entries

    def check(self) -> RouteCheck:
        """Each train's revenue (what the engine will pay) or the reason its route is refused."""
        entries = self._raw_entries()
        revenues: dict[str, int] = {}
        reasons: dict[str, str] = {}
        for route in self.routes:
            if route.empty and route.pending is not None and self.local_stop(route) is None:
                reasons[str(route.train.id)] = f"click a second stop to join {_name(route.pending)} to it"
        if entries:
            try:
                built = build_routes(self.game, entries)
            except GameError as exc:
                return RouteCheck({}, reasons, exc.message if hasattr(exc, "message") else str(exc))
            for entry, rebuilt in zip(entries, built):
                train = entry["train"]
                try:
                    revenues[train] = int(rebuilt.computed_revenue())
                except GameError as exc:
                    reasons[train] = str(getattr(exc, "message", None) or exc)
        refusal = None
        if reasons:
            refusal = next(iter(reasons.values()))
        elif self._refusal is not None:
            refusal = self._refusal(self._action_of(entries, revenues))
        return RouteCheck(revenues, reasons, refusal)

    def entries(self, check: RouteCheck | None = None) -> list[dict[str, Any]]:
        """The routes as a ``run_routes`` action carries them (revenue and its text included when legal)."""
        check = check or self.check()
        return self._finish(self._raw_entries(), check.revenues)

    def _finish(self, entries: list[dict[str, Any]], revenues: Mapping[str, int]) -> list[dict[str, Any]]:
        for entry in entries:
            if entry["train"] in revenues:
                entry["revenue"] = revenues[entry["train"]]
                entry["revenue_str"] = "-".join(entry["hexes"])
        return entries

    def _action_of(self, entries: list[dict[str, Any]], revenues: Mapping[str, int]) -> dict[str, Any]:
        return {"routes": self._finish([dict(e) for e in entries], revenues)}


def _name(node: Any) -> str:
    hex_ = getattr(node, "hex", None)
    return str(hex_.id) if hex_ is not None else "that stop"
