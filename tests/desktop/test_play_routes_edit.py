"""The route editor's click rules (plain Python): first and second stop make a leg, new stops extend the head or
the tail, a click on an end cycles its track and then drops the leg, reverse and the listing order."""

from __future__ import annotations

from typing import Any

import pytest

from desktop.controllers.route_edit import RouteEditor, same_paths
from engine import load_game
from engine.moves import legal_moves
from engine.moves.route import RunRoutesMove
from engine.routing import best_routes
from engine.steps.route import build_routes
from tests.desktop.play_helpers import fixture_path


def editor_at(title: str, name: str, skip: int) -> tuple[Any, RouteEditor, RunRoutesMove]:
    path = fixture_path(title, name)
    import json

    actions = json.loads(path.read_text())["actions"]
    cut = [i for i, a in enumerate(actions) if a["type"] == "run_routes"][skip]
    game = load_game(path, upto=cut)
    move = next(m for m in legal_moves(game).of_type("run_routes") if isinstance(m, RunRoutesMove))
    entity = game.entity_by(move.entity_type, move.entity)
    return game, RouteEditor(game, entity, [game.train_by_id(t) for t in move.trains], refusal=move.refusal), move


def test_two_clicks_make_a_leg_walked_from_the_first_and_a_third_extends_it() -> None:
    game, editor, _move = editor_at("1830", "26855.json", 20)
    best = best_routes(game)
    entry = max(best.routes, key=lambda e: len(e["connections"]))
    stops = build_routes(game, [entry])[0].visited_stops
    assert len(stops) >= 3
    train = entry["train"]
    editor.choose(train)
    assert editor.touch(train, stops[0]) is None
    route = editor.route_of(train)
    assert route.pending is stops[0] and route.empty
    editor.touch(train, stops[1])
    assert route.pending is None and len(route.segments) == 1
    leg = route.segments[0]
    assert (leg.left, leg.right) == (stops[1], stops[0])  # the head is the second click
    assert leg.chain.nodes[0] is stops[0]  # the track is walked from the first click
    editor.touch(train, stops[2])
    assert len(route.segments) == 2 and stops[2] in (route.segments[0].left, route.segments[-1].right)
    for stop in stops[3:]:
        editor.touch(train, stop)
    check = editor.check()
    assert check.revenues.get(train) == entry["revenue"], check  # the same stops earn what the optimiser said
    # clicking the stop next to an end drops that end's leg
    count, inner, head = len(route.segments), route.segments[0].right, route.segments[1]
    editor.touch(train, inner)
    assert len(route.segments) == count - 1 and route.segments[0] is head


def test_clicking_an_end_cycles_its_track_then_drops_the_leg() -> None:
    game, editor, _move = editor_at("1846", "3099.json", 30)
    for route in editor.routes:
        train = str(route.train.id)
        for a in [n for h in game.hexes for n in h.tile.nodes if n.is_stop][:60]:
            for b in [n for h in game.hexes for n in h.tile.nodes if n.is_stop][:60]:
                if a is not b and len(editor.chains(route, a, b)) >= 2:
                    editor.touch(train, a)
                    editor.touch(train, b)
                    first = route.segments[0].chain
                    editor.touch(train, b)  # the head: other track between the same stops
                    assert len(route.segments) == 1 and not same_paths(route.segments[0].chain, first)
                    for _ in range(len(editor.chains(route, a, b)) + 1):
                        if route.empty:
                            break
                        editor.touch(train, b)
                    assert route.empty  # every track offered, then the leg is dropped
                    return
    pytest.skip("no pair of stops joined by two tracks here")


def test_reverse_and_listing_order() -> None:
    game, editor, move = editor_at("1830", "26855.json", 20)
    best = best_routes(game)
    editor.set_entries(best.routes)
    assert [e["train"] for e in editor.entries()] == [e["train"] for e in best.routes]
    assert editor.check().total == best.total and editor.check().refusal is None
    first = best.routes[0]["train"]
    before = editor.entries()[0]
    editor.reverse(first)
    assert editor.entries()[0]["hexes"] == before["hexes"][::-1]
    if len(best.routes) > 1:
        editor.clear(first)
        for stop in build_routes(game, [best.routes[0]])[0].visited_stops:
            editor.touch(first, stop)
        listed = [e["train"] for e in editor.entries()]
        assert listed[-1] == first and len(listed) == len(best.routes)  # a cleared train is listed last
    # an action of these entries passes the legal move's own check
    assert move.refusal({**move.base(), "routes": editor.entries()}) is None


def test_a_freight_train_may_use_the_track_of_a_passenger_route() -> None:
    """18 Los Angeles: passenger (N) and freight (N/M) trains do not block each other's track; the editor offers
    the freight train the track the passenger route holds."""
    path = fixture_path("18LosAngeles2", "101655.json")
    game = load_game(path, upto=269)
    move = next(m for m in legal_moves(game).of_type("run_routes") if isinstance(m, RunRoutesMove))
    entity = game.entity_by(move.entity_type, move.entity)
    trains = [game.train_by_id(t) for t in move.trains]
    editor = RouteEditor(game, entity, trains, refusal=move.refusal)
    passenger = next(t for t in trains if "/" not in t.name)
    freight = next(t for t in trains if "/" in t.name)
    best = best_routes(game)
    entry = next(e for e in best.routes if e["train"] == passenger.id)
    editor.set_entries([entry])
    leg = editor.route_of(passenger.id).segments[0]
    offered = editor.chains(editor.route_of(freight.id), leg.left, leg.right)
    assert any(same_paths(chain, leg.chain) for chain in offered)


def _click_legs(editor: RouteEditor, train: str, legs: list[Any]) -> list[str | None]:
    """Click a route's stops head to tail as a player would: the first leg's tail stop, then its head stop, then
    each next stop, clicking a stop again until the leg ending there runs on the wanted track."""
    said = [editor.touch(train, legs[0].right), editor.touch(train, legs[0].left)]
    route = editor.route_of(train)

    def on(index: int, leg: Any) -> bool:
        return {id(p) for p in route.segments[index].chain.paths} == {id(p) for p in leg.chain.paths}

    for _ in range(20):
        if on(0, legs[0]):
            break
        editor.touch(train, legs[0].left)
    for leg in legs[1:]:
        said.append(editor.touch(train, leg.right))
        for _ in range(20):
            if route.segments and route.segments[-1].right is leg.right and on(-1, leg):
                break
            editor.touch(train, leg.right)
    return said


def test_a_route_switching_towns_inside_a_hex_of_two_is_built_by_clicks() -> None:
    """18ZOO: a route may arrive at one town of a two-town hex and leave from the other (C/5774: the 5S train's
    run to F2 through both towns of F6, the site paid both).  The editor could only leave from the stop the route
    ended at: the click on F2 said "no free track joins F2 to either end of the route"."""
    path = fixture_path("18ZOOMapC", "5774.json")
    import json

    action = json.loads(path.read_text())["actions"][440]
    assert action["type"] == "run_routes"
    game = load_game(path, upto=440)
    move = next(m for m in legal_moves(game).of_type("run_routes") if isinstance(m, RunRoutesMove))
    entity = game.entity_by(move.entity_type, move.entity)
    editor = RouteEditor(game, entity, [game.train_by_id(t) for t in move.trains], refusal=move.refusal)
    wanted = action["routes"][0]
    legs = list(build_routes(game, [wanted])[0].connection_data())
    switch = next(i for i in range(1, len(legs)) if legs[i].left is not legs[i - 1].right)
    assert legs[switch].left.hex is legs[switch - 1].right.hex  # the route switches towns in that hex
    said = _click_legs(editor, wanted["train"], legs)
    assert not any(said), said
    made = next(e for e in editor.entries() if e["train"] == wanted["train"])
    assert made["hexes"] == wanted["hexes"]  # F6 named twice, as the site wrote it
    assert all(c in (w, w[::-1]) for c, w in zip(made["connections"], wanted["connections"], strict=True))
    assert editor.check().revenues[wanted["train"]] == wanted["revenue"]  # both towns of F6 paid


def test_the_leg_at_a_switch_cycles_through_the_other_towns_track() -> None:
    """Clicking the tail stop again offers the tracks from the other town of the hex the route ended in, after
    those from the town itself, then drops the leg."""
    path = fixture_path("18ZOOMapC", "5774.json")
    game = load_game(path, upto=440)
    move = next(m for m in legal_moves(game).of_type("run_routes") if isinstance(m, RunRoutesMove))
    entity = game.entity_by(move.entity_type, move.entity)
    editor = RouteEditor(game, entity, [game.train_by_id(t) for t in move.trains], refusal=move.refusal)
    train = move.trains[0]
    f6 = [n for n in game.hex_by_id("F6").tile.nodes if getattr(n, "is_stop", False)]
    e9 = next(n for n in game.hex_by_id("E9").tile.nodes if getattr(n, "is_stop", False))
    f2 = next(n for n in game.hex_by_id("F2").tile.nodes if getattr(n, "is_stop", False))
    editor.touch(train, e9)
    editor.touch(train, f6[0])  # one leg, E9 to F6's first town: the head is F6-0
    editor.reverse(train)  # the tail is F6-0 now
    route = editor.route_of(train)
    assert route.segments[-1].right is f6[0]
    assert editor.touch(train, f2) is None
    starts = []
    while route.segments and route.segments[-1].right is f2:
        starts.append(route.segments[-1].left)
        editor.touch(train, f2)
    assert f6[1] in starts and len(route.segments) == 1  # the other town's track offered; then the leg dropped
