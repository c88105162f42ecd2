"""Drivers for routes and dividends (helper ORB): ``run_routes`` by clicking revenue centres on the map (only
where the file's routes differ from the optimiser's) and the route panel's Submit; ``dividend`` by the action
bar's Dividend button and the dialog's choice."""

from __future__ import annotations

from typing import Any

from bench.gui_drivers import DriverError, NotPlayable, driver
from bench.gui_drivers.auction import click, open_from_bar


@driver("dividend")
def dividend(window: Any, action: dict[str, Any]) -> None:
    dialog = open_from_bar(window, "dividend")
    button = dialog.buttons.get(action.get("kind"))
    if button is None:
        dialog.reject()
        raise DriverError(f"the dividend dialog offers no {action.get('kind')!r} ({sorted(dialog.buttons)})")
    click(button)


# --- run_routes -------------------------------------------------------------------------------------------------
ROUTE_KEYS = ("train", "connections", "hexes", "nodes")
#: how long to wait for the optimiser (seconds) before giving up
OPTIMISER_WAIT = 600.0


def same_leg(a: Any, b: Any) -> bool:
    """One leg's hexes as two files write them: the same track, written from either end."""
    return isinstance(a, list) and isinstance(b, list) and (a == b or a == b[::-1])


def crossed_hexes(game: Any, entry: dict[str, Any]) -> list[str] | None:
    """Every hex a route with ``connections`` crosses, in running order (None when it cannot be rebuilt)."""
    from engine.errors import GameError
    from engine.steps.route import build_routes

    local = [leg[1] for leg in entry.get("connections") or () if len(leg) == 2 and leg[0] == "local"]
    if local:
        return local  # a local run: its one city's hex
    try:
        route = build_routes(game, [{"train": entry["train"], "connections": entry["connections"]}])[0]
        return [h.id for h in route.ordered_hexes()] or None
    except (GameError, KeyError):
        return None


def same_stops(wanted: Any, made: Any) -> bool:
    """The same stops in the same hexes' order, the cities of one hex named in either order: a leg inside a
    hex of two cities (18MEX's Mexico City, O10) joins them both ways, and the site named them in whichever order
    its selector of the day did (the connections, compared on their own, say which track the route takes)."""
    if not isinstance(wanted, list) or not isinstance(made, list) or len(wanted) != len(made):
        return False

    def hex_of(node: Any) -> str:
        return str(node).rsplit("-", 1)[0]

    return sorted(map(str, wanted)) == sorted(map(str, made)) and [hex_of(n) for n in wanted] == [
        hex_of(n) for n in made
    ]


def _same_legs(a: Any, b: Any) -> bool:
    """The same legs, each written from either end (see :func:`same_leg`)."""
    return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) > 0 and all(map(same_leg, a, b))


def _once(hexes: list[Any]) -> list[Any]:
    """``hexes`` with a hex named twice in a row named once."""
    return [h for i, h in enumerate(hexes) if i == 0 or hexes[i - 1] != h]


def route_difference(wanted: dict[str, Any], made: dict[str, Any], game: Any = None) -> str | None:
    """None when ``made`` is the route ``wanted`` (the keys the file stores), else the difference.  A leg's
    ``connections`` may be written from either end (18xx.games wrote them in whichever direction its route
    selector of the day walked the track; the engine rebuilds the same track either way).  An early file names
    a route only by the hexes it crosses (``hexes``, no ``connections``): ``made`` must cross the same hexes
    (``game``, the map it runs on, is needed to tell)."""
    old = not wanted.get("connections") and bool(wanted.get("hexes"))
    for key in ROUTE_KEYS:
        value, got = wanted.get(key), made.get(key)
        if value in (None, []):
            continue
        if key == "hexes" and old and made.get("connections") and game is not None:
            crossed = crossed_hexes(game, made)
            if crossed is not None and set(crossed) == set(value):  # early files list a leg's hexes oddly
                continue
            return f"train {wanted.get('train')}: crosses {crossed!r}, the file's route crosses {value!r}"
        if (
            key == "connections"
            and isinstance(value, list)
            and isinstance(got, list)
            and len(value) == len(got)
            and all(same_leg(x, y) for x, y in zip(value, got))
        ):
            continue
        if key == "connections" and loop_home(wanted) is not None and got == [["local", loop_home(wanted)]]:
            continue  # a loop out of the one stop and back: the local run there (see loop_home)
        if key == "nodes" and same_stops(value, got):
            continue
        if (
            key == "hexes"
            and isinstance(value, list)
            and isinstance(got, list)
            and _once(value) == _once(got)
            and _same_legs(wanted.get("connections"), made.get("connections"))
        ):
            continue  # a route switching towns in a hex of two (18ZOO): the site wrote the hex once or twice
        if value != got:
            return f"train {wanted.get('train')}: {key} {got!r}, the file has {value!r}"
    return None


def routes_match(wanted: list[dict[str, Any]], made: list[dict[str, Any]], game: Any = None) -> str | None:
    """None when ``made`` are the file's routes ``wanted`` (see :func:`route_difference`), else the difference."""
    if len(wanted) != len(made):
        return f"{len(made)} routes, the file has {len(wanted)}"
    for a, b in zip(wanted, made):
        diff = route_difference(a, b, game)
        if diff is not None:
            return diff
    return None


def _wait_for_optimiser(ctl: Any) -> None:
    import time

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    deadline = time.monotonic() + OPTIMISER_WAIT
    while ctl.computing and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.002)
    if ctl.computing:
        raise DriverError("the optimiser did not finish in time")


def _click_node(window: Any, node: Any) -> None:
    from bench.gui_drivers.operating import click_at
    from desktop.map.route_items import node_point

    where = node_point(window.map_scene, node)
    if where is None:
        raise DriverError(f"stop {node} is not on the map")
    view = window.map_view
    if view.zoom() < 0.6:  # zoom in (as with the wheel) until a city is big enough to click the right one
        view.set_zoom(0.6)
    pos = view.mapFromScene(where)
    panel = window.play.by_name["RoutesController"].panel
    inside = view.viewport().rect().adjusted(8, 8, -8, -8).contains(pos)
    if not inside or (panel.isVisible() and panel.geometry().contains(view.viewport().mapTo(view, pos))):
        view.centerOn(where)
        pos = view.mapFromScene(where)
    click_at(window, pos)


def loop_home(entry: dict[str, Any]) -> str | None:
    """The hex of a route's one stop when the file wrote it as a loop out of that stop's hex and back (one leg
    from and to the hex of the route's only stop: 1822CA/1822CA_game_end_bank action 1128, the LP train's
    ``AF12-AE11-AE13-AF14-AF12`` paying AF12 alone), else None.  No route is rebuilt from such a leg: a walk that
    ends at the stop it starts from is no chain (the reference's ``find_matching_chains`` skips it too), so the
    engine pays the run as recorded; what it runs is its one stop, the local run the table makes by clicking
    that city."""
    connections, hexes, nodes = entry.get("connections") or [], entry.get("hexes") or [], entry.get("nodes") or []
    if len(connections) != 1 or len(hexes) != 1 or len(nodes) != 1:
        return None
    leg = connections[0]
    if not isinstance(leg, list) or len(leg) < 3 or leg[0] != leg[-1] or leg[0] != hexes[0]:
        return None
    if str(nodes[0]).rsplit("-", 1)[0] != hexes[0]:
        return None
    return str(hexes[0])


def _as_local(entry: dict[str, Any]) -> dict[str, Any]:
    """A local run (1822's L train at one city) a file wrote without connections (``[]``, one hex, one stop,
    as the site wrote them for a while) or as a loop out of its city and back (:func:`loop_home`): the
    ``["local", hex]`` leg the table builds by clicking the city."""
    hexes, nodes = entry.get("hexes") or [], entry.get("nodes") or []
    home = loop_home(entry)
    if home is not None:
        return {**entry, "connections": [["local", home]]}
    if entry.get("connections") or len(hexes) != 1 or len(nodes) != 1:
        return entry
    return {**entry, "connections": [["local", hexes[0]]]}


def _target_segments(game: Any, entries: list[dict[str, Any]]) -> dict[str, list[Any]]:
    """The file's routes rebuilt (read only), per train: their legs head to tail."""
    from contextlib import suppress

    from engine.errors import GameError
    from engine.steps.route import build_routes

    found: dict[str, Any] = {}
    entries = [_as_local(e) for e in entries]
    for entry in entries:
        if not entry.get("connections") and entry.get("hexes"):
            found[str(entry["train"])] = [str(h) for h in entry["hexes"]]  # an early file: the hexes crossed
    built = build_routes(game, [e for e in entries if str(e["train"]) not in found])
    for entry, route in zip([e for e in entries if str(e["train"]) not in found], built):
        route.connection_data()
        with suppress(GameError):  # legs matched pair by pair that do not join are taken joined up where the
            route.validate()  # engine does (18ZOO F/6535)
        legs = list(route.connection_data())
        if not legs:
            raise DriverError(
                f"the file's route of {entry['train']} cannot be rebuilt from its track "
                f"({'hex ids only' if not entry.get('connections') else entry.get('connections')})"
            )
        if len(legs) == 1 and legs[0].chain.nodes is not None:
            # one leg: its stops' order is only in the file's hexes (rebuilding puts the walk's start first)
            from engine.map.route import Segment

            start, end = legs[0].chain.nodes
            hexes = entry.get("hexes") or []
            if hexes and start.hex is not None and hexes[0] != start.hex.id:
                legs = [Segment(end, start, legs[0].chain)]
        found[str(entry["train"])] = legs
    return found


def _cycle(window: Any, ctl: Any, train: str, index_of: Any, target: Any, click_node: Any, exact: bool = True) -> None:
    """Click ``click_node`` until the leg ``index_of()`` of the train's route runs on ``target``'s track."""
    from desktop.controllers.route_edit import same_paths

    for _ in range(40):
        segments = ctl.editor.route_of(train).segments
        index = index_of(segments)
        if index is None and len(segments) > 1 and segments[0].left is click_node:
            # a stop both ends can reach joins the head first; clicking it again offers the head's other tracks,
            # then moves it to the tail (the site's route selector does the same)
            _click_node(window, click_node)
            continue
        if index is None:
            raise DriverError(f"the leg to {click_node.hex.id} was dropped before its track matched")
        if same_paths(segments[index].chain, target.chain) or (
            exact is False and {id(p) for p in segments[index].chain.paths} == {id(p) for p in target.chain.paths}
        ):
            return
        _click_node(window, click_node)
    raise DriverError("could not reach the file's track by clicking")


def _chain_hexes(chain: Any) -> list[str]:
    found: list[str] = []
    for path in chain.paths:
        if not found or found[-1] != path.hex.id:
            found.append(path.hex.id)
    return found


def _old_legs(finder: Any, game: Any, hexes: list[str]) -> Any:
    """An early file's ``hexes``: each leg's hexes, stop to stop, one leg after the other (a hex shared by two
    legs written once when one ends where the next begins).  Yields the possible routes as legs (stop, stop,
    hexes) in route order; when the list cannot be read that way, routes through the same stops whose legs
    cross exactly the same hexes."""
    from itertools import pairwise, permutations

    from desktop.controllers.route_edit import hex_stops

    stops_at = [hex_stops(game.hex_by_id(h)) for h in hexes]

    def leg_options(start: int) -> list[tuple[int, Any, Any, list[str]]]:
        found = []
        for end in range(start + 1, len(hexes)):
            chunk = hexes[start : end + 1]
            for a in stops_at[start]:
                for b in stops_at[end]:
                    if a is not b and any(_chain_hexes(c) in (chunk, chunk[::-1]) for c in finder.node_chains(a, b)):
                        found.append((end, a, b, chunk))
        return found

    def parse(start: int, legs: list[tuple[Any, Any, list[str]]]) -> Any:
        for end, a, b, chunk in leg_options(start):
            if legs:
                shared = {a, b} & {legs[-1][0], legs[-1][1]}
                visited = {n for leg in legs for n in leg[:2]}
                if len(shared) != 1 or len({a, b} - visited) != 1:
                    continue
            found = [*legs, (a, b, chunk)]
            if end == len(hexes) - 1:
                yield found
                continue
            for nxt in (end, end + 1):  # the next leg starts in the shared hex (written once) or the next one
                if nxt <= len(hexes) - 2:
                    yield from parse(nxt, found)

    def oriented(legs: list[tuple[Any, Any, list[str]]]) -> list[tuple[Any, Any, list[str]]]:
        ordered: list[tuple[Any, Any, list[str]]] = []
        for i, (a, b, chunk) in enumerate(legs):
            if i + 1 < len(legs):
                nxt = {legs[i + 1][0], legs[i + 1][1]}
                if a in nxt and b not in nxt:
                    a, b = b, a
            elif ordered and ordered[-1][1] is b:
                a, b = b, a
            ordered.append((a, b, chunk))
        return ordered

    for legs in parse(0, []):
        yield oriented(legs)
    # not readable as legs one after the other: the same stops, legs crossing exactly the file's hexes
    wanted = set(hexes)
    nodes = list(dict.fromkeys(n for found in stops_at for n in found))
    if len(nodes) > 7:
        return
    for order in permutations(nodes):
        if order[0].hex.id > order[-1].hex.id:
            continue
        legs = []
        for a, b in pairwise(order):
            chain = next((c for c in finder.node_chains(a, b) if set(_chain_hexes(c)) <= wanted), None)
            if chain is None:
                break
            legs.append((a, b, _chain_hexes(chain)))
        else:
            if {h for leg in legs for h in leg[2]} == wanted:
                yield legs


def _build_by_hexes(window: Any, ctl: Any, train: str, hexes: list[str]) -> None:
    """A route an early file names by the hexes it crosses: click its stops from the tail, each leg's end again
    until the leg's track crosses the file's hexes; if the engine refuses the route, clear it and try the next
    reading of the file's hexes."""
    game = window.session.live
    finder = ctl.editor._finder(ctl.editor.route_of(train).train)

    def cycle(node: Any, index_of: Any, wanted: list[str]) -> bool:
        for _ in range(40):
            segments = ctl.editor.route_of(train).segments
            index = index_of(segments)
            if index is None:
                return False
            got = _chain_hexes(segments[index].chain)
            if got in (wanted, wanted[::-1]):
                return True
            _click_node(window, node)
        return False

    def attempt(legs: list[tuple[Any, Any, list[str]]]) -> bool:
        a, b, chunk = legs[-1]
        _click_node(window, b)
        _click_node(window, a)
        if not cycle(a, lambda s: 0 if s else None, chunk):
            return False
        for k in range(len(legs) - 2, -1, -1):
            a, _b, chunk = legs[k]
            _click_node(window, a)
            if not cycle(a, lambda s, n=a: 0 if s and s[0].left is n else None, chunk):
                return False
        return train not in ctl.editor.check().reasons

    readings = []
    for tries, legs in enumerate(_old_legs(finder, game, hexes)):
        if tries >= 12:
            break
        readings.append(legs)
        if attempt(legs):
            return
        click(ctl.panel.clears[train])
        radio = ctl.panel.radios[train]
        if not radio.isChecked():
            click(radio)
    refusals = _refusals(window, train, readings, finder)
    if readings and len(refusals) == len(readings):
        raise NotPlayable(
            f"every reading of the file's route of {train} crossing {hexes} is refused today "
            f"({'; '.join(sorted(set(refusals)))}); the file stores it by hexes only, which "
            "the site's loading does not check (its stored revenue is trusted)"
        )
    raise DriverError(f"no legal route crossing {hexes} found by clicking")


def _refusals(window: Any, train: str, readings: list[Any], finder: Any) -> list[str]:
    """The engine's refusal of each reading of an early file's route (the train's route alone, on a copy)."""
    from engine.errors import GameError

    game = window.session.live
    moves = window.play.moves
    if moves is None or not moves.acting:
        return []
    entity_type, entity = moves.acting[0]
    found = []
    for legs in readings:
        connections = []
        for a, b, _chunk in legs:
            chain = next((c for c in finder.node_chains(a, b) if _chain_hexes(c) in (_chunk, _chunk[::-1])), None)
            if chain is None or chain.id is None:
                break
            connections.append(list(chain.id))
        else:
            action = {
                "type": "run_routes",
                "entity": entity,
                "entity_type": entity_type,
                "routes": [{"train": train, "connections": connections}],
            }
            try:
                game.validate(action)
            except GameError as exc:
                found.append(exc.message)
    return found


def _build(window: Any, ctl: Any, train: str, legs: Any) -> None:
    """Click the stops of a route as the panel's rules build it: the first leg by its walk's start then end,
    legs before it from the head, legs after it from the tail.  A leg's track walked from its left stop can only
    come from the tail, from its right stop only from the head (or as the first leg): a route whose legs do not
    fit that is built the other way round and then reversed (the panel's \u21c4)."""
    from engine.map.route import Segment

    if legs and isinstance(legs[0], str):
        _build_by_hexes(window, ctl, train, legs)
        return
    if len(legs) == 1 and legs[0].left is legs[0].right and not legs[0].chain.paths:
        _click_node(window, legs[0].left)  # a local run: its one city, clicked alone
        return

    def from_right(leg: Any) -> bool:
        return leg.chain.nodes is not None and leg.chain.nodes[0] is leg.right

    flags = [from_right(leg) for leg in legs]
    reverse = not _fits(flags)
    if reverse:
        turned = [Segment(leg.right, leg.left, leg.chain) for leg in reversed(legs)]
        if not _fits([from_right(leg) for leg in turned]):
            # written by an older route selector: build it from the tail, leg by leg from the head (the same
            # track; a leg's hexes may come out written from its other end)
            _build_from_tail(window, ctl, train, legs)
            return
        legs = turned
        flags = [from_right(leg) for leg in legs]
    first = max(i for i, f in enumerate(flags) if f)
    leg = legs[first]
    _click_node(window, leg.right)
    _click_node(window, leg.left)
    _cycle(window, ctl, train, lambda s: 0 if s else None, leg, leg.left)
    for i in range(first - 1, -1, -1):
        leg = legs[i]
        _click_node(window, leg.left)
        _cycle(window, ctl, train, lambda s, n=leg.left: 0 if s and s[0].left is n else None, leg, leg.left)
    for i in range(first + 1, len(legs)):
        leg = legs[i]
        _click_node(window, leg.right)
        _cycle(
            window, ctl, train, lambda s, n=leg.right: len(s) - 1 if s and s[-1].right is n else None, leg, leg.right
        )
    if reverse:
        click(ctl.panel.reverses[train])


def _build_from_tail(window: Any, ctl: Any, train: str, legs: list[Any]) -> None:
    last = legs[-1]
    _click_node(window, last.right)
    _click_node(window, last.left)
    _cycle(window, ctl, train, lambda s: 0 if s else None, last, last.left, exact=False)
    for i in range(len(legs) - 2, -1, -1):
        leg = legs[i]
        _click_node(window, leg.left)
        _cycle(
            window, ctl, train, lambda s, n=leg.left: 0 if s and s[0].left is n else None, leg, leg.left, exact=False
        )


def _alone_revenue(game: Any, entries: list[dict[str, Any]], train: str) -> int | None:
    """What ``train``'s route of the run ``entries`` earns as if it ran alone (the title's
    ``most_recorded_revenue``: 1822's best-route bonuses), None when the title has no such rule."""
    from engine.errors import GameError
    from engine.steps.route import build_routes

    hook = getattr(game, "most_recorded_revenue", None)
    if not callable(hook):
        return None
    try:
        routes = build_routes(game, [{"train": e["train"], "connections": e["connections"]} for e in entries])
        route = next(r for r, e in zip(routes, entries) if str(e["train"]) == train)
        return int(hook(route))
    except (GameError, StopIteration):
        return None


def _fits(flags: list[bool]) -> bool:
    """Legs walked from their right stop, then legs walked from their left stop (at least one of the first)."""
    if not flags or not flags[0]:
        return False
    seen_left = False
    for flag in flags:
        if not flag:
            seen_left = True
        elif seen_left:
            return False
    return True


@driver("run_routes")
def run_routes(window: Any, action: dict[str, Any]) -> None:
    """Wait for the best routes; where the file ran other routes, clear those trains (panel) and click the file's
    stops on the map; then Run (the bar's button)."""
    from bench.gui_drivers.operating import click_button

    ctl = window.play.by_name.get("RoutesController")
    if ctl is None or not ctl.routing:
        raise DriverError("no trains to run now")
    _wait_for_optimiser(ctl)
    wanted = list(action.get("routes") or [])
    game = window.session.live
    if routes_match(wanted, ctl.editor.entries(), game) is not None:
        targets = _target_segments(window.session.live, wanted) if wanted else {}
        wanted_order = [str(e["train"]) for e in wanted]
        wanted_by_train = {str(e["train"]): e for e in wanted}
        # a route run the other way round: the panel's reverse button
        for train in ctl.editor.train_ids():
            current = {e["train"]: e for e in ctl.editor.entries()}
            if (
                train in wanted_by_train
                and train in current
                and route_difference(wanted_by_train[train], current[train], game) is not None
            ):
                ctl.editor.reverse(train)
                turned = {e["train"]: e for e in ctl.editor.entries()}[train]
                ctl.editor.reverse(train)
                if route_difference(wanted_by_train[train], turned, game) is None:
                    click(ctl.panel.reverses[train])
        # else every route again, in the file's order (routes are listed in the order their trains were chosen)
        redo = ctl.editor.train_ids() if routes_match(wanted, ctl.editor.entries(), game) is not None else []
        for train in redo:
            click(ctl.panel.clears[train])
        for train in wanted_order:
            if train not in redo:
                continue
            radio = ctl.panel.radios[train]
            if not radio.isChecked():
                click(radio)
            if ctl.selected != train:
                raise DriverError(f"could not choose train {train} in the route panel")
            _build(window, ctl, train, targets[train])
        diff = routes_match(wanted, ctl.editor.entries(), game)
        if diff is not None:
            ctl.restore_best()
            raise DriverError(f"the clicked routes differ from the file's: {diff}")
    # A file may record a run below what its stops earn (18Texas/65394: $230 where the route makes $240), or above
    # it where the title's rule changed since (1852: Missouri's East St. Louis before November 2025; 18MS/67889:
    # IC's New Orleans bonus of an older site engine); the table pays what the route earns, the site's loading
    # pays what the file says.
    made = {str(e["train"]): e for e in ctl.editor.entries()}
    for entry in wanted:
        stored, earned = entry.get("revenue"), made.get(str(entry["train"]), {}).get("revenue")
        if isinstance(stored, int) and isinstance(earned, int) and stored != earned:
            if stored == _alone_revenue(game, ctl.editor.entries(), str(entry["train"])):
                raise NotPlayable(
                    f"the file records {stored} for the {entry['train']} train's route: a bonus "
                    "paid once per run (to another of its routes) counted again on this one, as if it "
                    f"ran alone (the site's client did so at times); the table pays {earned}, the "
                    "site's loading the recorded revenue"
                )
            raise NotPlayable(
                f"the file records {stored} for the {entry['train']} train's route, which earns "
                f"{earned} today: the table pays what a route earns, the site's loading pays the "
                "recorded revenue"
            )
    click_button(window, "run_routes")
