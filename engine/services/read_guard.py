"""What reading an 18xx game leaves behind, taken back before the next action (see ``engine.core.live``):

* reading a holder's certificates of a corporation adds an empty entry to its holdings (as the reference's hashes
  do, whose key order matters later).  The guard remembers how many entries each holder has after an action and
  drops the empty ones reads added (no certificate moves between actions);
* asking a graph (connectivity, tokenable cities, route availability) fills its per-corporation caches, which
  the reference fills only when its own processing asks: the entries reads added are dropped
  (``Graph.forget_added``), every graph the game holds."""

from __future__ import annotations

from typing import Any

from engine.core.live import ReadGuard

_SHARE_HOLDER: list[type] = []


def _share_holder() -> type:
    """The model's ``ShareHolder`` class (imported on first use: the model imports the services)."""
    if not _SHARE_HOLDER:
        from engine.model.entities import ShareHolder

        _SHARE_HOLDER.append(ShareHolder)
    return _SHARE_HOLDER[0]


_GRAPH: list[type] = []


def _graph_class() -> type:
    """The map's ``Graph`` class (imported on first use)."""
    if not _GRAPH:
        from engine.map.graph import Graph

        _GRAPH.append(Graph)
    return _GRAPH[0]


class ShareHoldingsReadGuard(ReadGuard):
    def _holders(self) -> list[Any]:
        holder = _share_holder()
        game = self.game
        found = [*game.players, *game.corporations, *game.minors, game.share_pool, game.bank]
        return [h for h in found if isinstance(h, holder)]

    def _holdings(self) -> list[dict[Any, Any]]:
        """The holdings (``shares_by_corporation``) of every holder.  Remembered with the entities they were
        taken from, and taken again when any of them is another object (a holder added, gone or replaced in its
        list: a corporation reset); a holder's holdings dictionary is made once, with the holder."""
        game = self.game
        found = [*game.players, *game.corporations, *game.minors, game.share_pool, game.bank]
        cached: tuple[list[Any], list[dict[Any, Any]]] | None = getattr(self, "_holdings_of", None)
        if cached is not None and cached[0] == found:  # item by item, by identity first (entities compare so)
            return cached[1]
        held = [h.shares_by_corporation for h in self._holders()]
        self._holdings_of = (found, held)
        return held

    def _graphs(self) -> list[Any]:
        graph_class = _graph_class()
        # Which attributes hold graphs is looked up again only when the game gains or loses an attribute (graphs
        # are made at setup); ``issubclass(type(...))``, not ``isinstance``, which asks an object for its
        # ``__class__`` (a service answering ``__getattr__`` would look it up on every action).
        attributes = vars(self.game)
        names: tuple[int, list[str]] | None = getattr(self, "_graph_names", None)
        if names is None or names[0] != len(attributes):
            names = (
                len(attributes),
                [name for name, value in attributes.items() if issubclass(type(value), graph_class)],
            )
            self._graph_names = names
        found = [attributes.get(name) for name in names[1]]
        if not all(issubclass(type(graph), graph_class) for graph in found):  # one rebound since: look again
            del self._graph_names
            return self._graphs()
        return found

    def mark(self) -> None:
        # The holdings of every holder and their sizes, the sizes counted in C (``map(len, ...)``): a mark runs
        # after every action, so it is kept to a few list builds (it was a tenth of a cheap action's cost).
        held = self._holdings()
        self._marked = (held, list(map(len, held)))
        # Each graph cache and its size: a read only adds entries (it computes what is not cached; only an action
        # clears), and a dictionary keeps its keys in insertion order, so what a read added is what lies past the
        # marked size, as for the holdings.
        marked_graphs = []
        for graph in self._graphs():
            caches = [getattr(graph, name) for name in graph.CACHES]
            marked_graphs.append((graph, caches, list(map(len, caches))))
        self._graphs_marked = marked_graphs

    def cached_before_reads(self, graph: Any, cache_name: str, key: Any) -> bool:
        """Did ``graph``'s cache ``cache_name`` hold ``key`` when the state was last marked (an entry the
        reference holds too), not only since a read between two actions added it?  (Asked between two actions:
        what the next action will find once :meth:`forget` has run.)"""
        cache = getattr(graph, cache_name)
        for marked, caches, sizes in getattr(self, "_graphs_marked", ()):
            if marked is graph:
                index = graph.CACHES.index(cache_name)
                return caches[index] is cache and key in list(cache)[: sizes[index]]
        return key in cache

    def forget(self) -> None:
        for graph, caches, sizes in getattr(self, "_graphs_marked", ()):
            if list(map(len, caches)) != sizes:
                graph.forget_added([set(list(cache)[:size]) for cache, size in zip(caches, sizes, strict=True)])
        marked: tuple[list[dict[Any, Any]], list[int]] | None = getattr(self, "_marked", None)
        if marked is None:
            return
        held_now, sizes = marked  # the holdings marked (no holder comes or goes between two actions)
        if list(map(len, held_now)) == sizes:
            return
        for held, size in zip(held_now, sizes, strict=True):
            if len(held) > size:
                for key in list(held)[size:]:
                    if not held[key]:
                        del held[key]


__all__ = ["ShareHoldingsReadGuard"]
