"""1867 (and 1861): the paying stops of a route, chosen by pricing each stop once, are those that pricing every
choice with ``revenue_for`` chooses (the old way, kept here), at every route of the shared games."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

import engine.steps.route
from engine import GameError, build_game
from engine.core.history import filter_actions
from engine.record import GameRecord
from engine.titles.g1867.rules import Game1867, _stop_kind, _tokened
from tests.conftest import fixture_files

GAMES = [p for title in ("1867", "1861") for p in fixture_files(title)]
pytestmark = pytest.mark.skipif(not GAMES, reason="../shared/fixtures is absent")


def stops_the_old_way(game: Any, route: Any) -> list[Any]:
    """Every choice of the optional stops priced by ``revenue_for`` (the first with the most revenue wins)."""
    visits = list(route.visited_stops)
    if not visits:
        return []
    mandatory = next(row for row in route.train.distance if int(row["pay"]) > 0)
    kinds = mandatory["nodes"]
    stops = [v for v in visits if _stop_kind(v) in kinds]
    optional = [v for v in visits if _stop_kind(v) not in kinds]
    pay = int(mandatory["pay"])
    if len(stops) == pay:
        return stops
    corporation = route.corporation
    need_token = not any(_tokened(s, corporation) for s in stops)
    remaining = pay - len(stops)
    choices = list(combinations(optional, remaining)) if remaining <= len(optional) else []
    if not choices:
        choices = [tuple(optional)]
    best: list[Any] | None = None
    best_revenue = 0
    for chosen in choices:
        if need_token and not any(_tokened(s, corporation) for s in chosen):
            continue
        candidate = stops + list(chosen)
        revenue = game.revenue_for(route, candidate)
        if best is None or revenue > best_revenue:
            best, best_revenue = candidate, revenue
    return best if best is not None and best_revenue > 0 else []


def outcome(call: Any) -> Any:
    try:
        return ("stops", call())
    except (GameError, ValueError) as error:  # ValueError: more stops of the paying kind than it pays
        return ("refused", type(error), str(error))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_stops_as_the_old_way_chose_them(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    new_way = Game1867.compute_stops
    compared: list[int] = []

    def both(self: Any, route: Any) -> list[Any]:
        new = outcome(lambda: new_way(self, route))
        old = outcome(lambda: stops_the_old_way(self, route))
        assert new[0] == old[0] and (
            new[1:] == old[1:] if new[0] == "refused" else [id(s) for s in new[1]] == [id(s) for s in old[1]]
        ), (route, new, old)
        compared.append(len(old[1]) if old[0] == "stops" else -1)
        return new_way(self, route)

    monkeypatch.setattr(Game1867, "compute_stops", both)
    monkeypatch.setattr(engine.steps.route, "VERIFY_RECORDED_RUNS", True)  # every recorded run priced when loading
    record = GameRecord.load(path)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        game.process_action(data, position)
    assert compared, "no route priced"


# --- made-up routes: many stops and tied revenues --------------------------------------------------------------

HEX_POOL = ("F16", "L12", "O7", "D2", *(f"X{i}" for i in range(30)))


def made_up_route(
    cities: list[tuple[int, bool]], towns: list[tuple[int, bool]], hex_order: list[int], pay: int, multiplier: int
) -> tuple[Any, Any]:
    """A game and a route visiting ``cities`` then ``towns`` ((revenue, tokened) each) on distinct hexes."""
    from types import SimpleNamespace

    corporation = SimpleNamespace(name="C")
    hexes = [SimpleNamespace(id=HEX_POOL[i]) for i in hex_order]

    def stop(kind: str, revenue: int, tokened: bool, hex_: Any) -> Any:
        return SimpleNamespace(
            is_halt=False,
            is_pass=False,
            is_city=kind == "city",
            is_town=kind == "town",
            is_offboard=False,
            hex=hex_,
            tokened_by=lambda c, t=tokened: t and c is corporation,
            route_revenue=lambda tiles, name, r=revenue: r,
        )

    visits = [stop("city", r, t, h) for (r, t), h in zip(cities, hexes)]
    visits += [stop("town", r, t, h) for (r, t), h in zip(towns, hexes[len(cities) :])]
    train = SimpleNamespace(
        name="T",
        multiplier=multiplier,
        distance=[
            {"nodes": ["city", "offboard"], "pay": pay, "visit": pay},
            {"nodes": ["town"], "pay": 99, "visit": 99},
        ],
    )
    route = SimpleNamespace(
        visited_stops=visits,
        train=train,
        corporation=corporation,
        host=SimpleNamespace(),
        phase=SimpleNamespace(tiles=["yellow"]),
        hexes=[v.hex for v in visits],
    )
    return object.__new__(Game1867), route


try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover - hypothesis is a test dependency
    given = None

if given is not None:
    stop_lists = st.lists(st.tuples(st.integers(0, 30).map(lambda v: v - v % 10), st.booleans()), max_size=13)

    @settings(max_examples=300, deadline=None)
    @given(
        cities=st.lists(st.tuples(st.sampled_from([0, 10, 20]), st.booleans()), max_size=4),
        towns=stop_lists,
        pay=st.integers(1, 8),
        multiplier=st.integers(1, 2),
        seed=st.randoms(),
    )
    def test_made_up_routes_choose_as_the_old_way(
        cities: list[tuple[int, bool]], towns: list[tuple[int, bool]], pay: int, multiplier: int, seed: Any
    ) -> None:
        """Revenues in steps of 10 (many ties), tokens anywhere, capitals and Timmins among the hexes."""
        order = list(range(len(HEX_POOL)))
        seed.shuffle(order)
        game, route = made_up_route(cities, towns, order[: len(cities) + len(towns)], pay, multiplier)
        new = outcome(lambda: Game1867.compute_stops(game, route))
        old = outcome(lambda: stops_the_old_way(game, route))
        if new[0] == "stops" and old[0] == "stops":
            assert [id(s) for s in new[1]] == [id(s) for s in old[1]]
        else:
            assert new == old
