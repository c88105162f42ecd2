"""Legal token placements: real placements are moves at the engine's price; a full city, an unreached city and
an unaffordable token are refused in live play and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from engine.moves import legal_moves
from engine.moves.token import PlaceTokenMove
from tests.engine.moves_b_helpers import (
    action_at,
    fixture,
    live_game,
    positions,
    refused_without_change,
    replay,
    step_moves,
)

TOKEN_GAMES = [("1830", "26855.json"), ("1846", "3099.json"), ("18Chesapeake", "1277.json"), ("1889", "314.json"),
               # 18GA: the W&SR's free Waycross token through the company only, corporations' own tokens at
               # their price
               ("18GA", "18GA_game_end_bank.json")]


@pytest.mark.parametrize(("title", "name"), TOKEN_GAMES)
def test_every_real_placement_is_a_move_at_the_engines_price(title: str, name: str) -> None:
    checked = 0
    pending: tuple[Any, int, int] | None = None
    for game, position, data in replay(fixture(title, name)):
        if pending is not None:
            payer, before, cost = pending
            assert before - payer.cash == cost, f"move said {cost}, engine charged {before - payer.cash}"
            pending = None
        if data["type"] != "place_token" or game.finished:
            continue
        _, moves, _ = step_moves(game, data)
        matching = [m for m in moves if isinstance(m, PlaceTokenMove) and m.refusal(data) is None]
        assert matching, f"{position}: {data} not among {[m.describe() for m in moves]}"
        move = matching[0]
        payer = next(c for c in (*game.corporations, *game.minors) if c.id == move.tokener)
        pending = (payer, payer.cash, move.cost)
        checked += 1
    assert checked > 3


def _first_turn_token(title: str, name: str) -> tuple[Any, dict[str, Any]]:
    path = fixture(title, name)
    for position in positions(path, lambda a: a["type"] == "place_token" and a.get("entity_type") == "corporation"):
        game = live_game(path, position)
        if type(game.round.active_step()).__name__ == "TokenStep":
            return game, action_at(path, position)
    raise AssertionError("no turn token placement")


def test_token_in_a_full_city_is_refused() -> None:
    game, data = _first_turn_token("1830", "26855.json")
    entity = game.corporation_by_id(data["entity"])
    full = next(c for h in game.hexes for c in h.tile.cities
                if c.tokens and all(t is not None for t in c.tokens) and not c.tokened_by(entity))
    assert not [m for m in legal_moves(game).of_type("place_token") if getattr(m, "city", None) == full.id]
    refused_without_change(game, {**data, "city": full.id, "slot": 0})


def test_token_in_an_unreached_city_is_refused() -> None:
    game, data = _first_turn_token("1830", "26855.json")
    entity = game.corporation_by_id(data["entity"])
    reached = game.graph.reachable_hexes(entity)
    far = next(c for h in game.hexes if h not in reached for c in h.tile.cities
               if None in c.tokens and not c.reservations)
    refused_without_change(game, {**data, "city": far.id, "slot": 0})


def test_unaffordable_token_is_listed_and_refused() -> None:
    game, data = _first_turn_token("1830", "26855.json")
    move = next(m for m in legal_moves(game).of_type("place_token") if m.refusal(data) is None)
    assert isinstance(move, PlaceTokenMove) and move.cost > 0
    corporation = game.corporation_by_id(data["entity"])
    corporation.spend(corporation.cash - (move.cost - 1), game.bank)
    moves = legal_moves(game)
    assert not [m for m in moves.of_type("place_token") if m.refusal(data) is None]
    refused_without_change(game, data)


def test_token_moves_name_the_slot_the_engine_fills() -> None:
    game, data = _first_turn_token("1830", "26855.json")
    move = next(m for m in legal_moves(game).of_type("place_token") if m.refusal(data) is None)
    assert isinstance(move, PlaceTokenMove)
    city = game.city_by_id(move.city)
    game.apply(data)
    entity = game.corporation_by_id(data["entity"])
    assert city.tokens[move.slot] is not None and city.tokens[move.slot].corporation is entity


def test_1846_reserved_token_without_connection_and_home_token() -> None:
    """Every 1846 token placement (B&O/PRR reserved hexes included) and 1830 ERIE's home choice are moves."""
    for title, name in (("1846", "10264.json"), ("1846", "12666.json"), ("1830", "29133.json")):
        for game, _position, data in replay(fixture(title, name)):
            if data["type"] == "place_token" and not game.finished:
                _, moves, _ = step_moves(game, data)
                assert any(m.refusal(data) is None for m in moves), data


def test_a_company_token_naming_no_hex_goes_on_any_reached_city_at_its_price() -> None:
    """18MS's Meridian and Memphis: half the cheapest token, on a city the owner's track reaches; the corporation's
    own token step does not take the discount."""
    path = fixture("18MS", "14375.json")
    position = next(positions(path, lambda a: a["type"] == "place_token" and a.get("entity") == "M&M"))
    game = live_game(path, position)
    data = action_at(path, position)
    _, moves, _ = step_moves(game, data)
    matching = [m for m in moves if isinstance(m, PlaceTokenMove) and m.refusal(data) is None]
    assert matching and matching[0].cost == 50
    own = [m for m in legal_moves(game).moves if isinstance(m, PlaceTokenMove) and m.entity == "GMO"]
    assert own and all(m.cost == 100 for m in own)
