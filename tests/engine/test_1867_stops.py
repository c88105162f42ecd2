"""1867 (and 1861): the paying stops of a route, chosen by pricing each stop once, are those that pricing every
choice with ``revenue_for`` chooses (the old way, kept here), at every route of the shared games."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

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
    except GameError as error:
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
    record = GameRecord.load(path)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        game.process_action(data, position)
    assert compared, "no route priced"
