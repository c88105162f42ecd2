"""The general ReduceTokens step (engine/steps/reduce_tokens.py): after a merger or acquisition the survivor
removes stations until it is within the limit and has no two stations in one hex; then the absorbed
corporation's stations become its own."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.actions import RemoveToken
from engine.errors import IllegalAction
from engine.model.token import Token
from engine.services.mergers import TokenMerger
from engine.steps.reduce_tokens import ReduceTokens


def _station(game: Any, corporation: Any, hex_id: str, city: int = 0) -> Any:
    token = Token(corporation, price=0)
    corporation.tokens.append(token)
    game.hex_by_id(hex_id).tile.cities[city].place_token(corporation, token, free=True, check_tokenable=False)
    return token


def _setup() -> tuple[Any, Any, Any, ReduceTokens]:
    game = new_game("1817", ["P1", "P2", "P3"], seed=1)
    survivor, absorbed = game.corporation_by_id("UR"), game.corporation_by_id("NYSW")
    _station(game, survivor, "E22", 0)   # New York: two cities, one station each
    _station(game, survivor, "F13")
    _station(game, absorbed, "E22", 1)
    _station(game, absorbed, "C22")
    step = ReduceTokens(game, game.round)
    game.round.corporations_removing_tokens = [survivor, absorbed]
    return game, survivor, absorbed, step


def test_two_stations_in_one_hex_must_be_resolved_there_first() -> None:
    game, survivor, absorbed, step = _setup()
    assert step.active() and step.active_entities() == [survivor] and step.limit() == 8
    assert TokenMerger(game, 8).tokens_above_limits(survivor, [absorbed])
    assert step.available_hex(survivor, game.hex_by_id("E22"))
    assert not step.available_hex(survivor, game.hex_by_id("F13"))
    assert not step.available_hex(absorbed, game.hex_by_id("E22"))
    pittsburgh = game.hex_by_id("F13").tile.cities[0]
    with pytest.raises(IllegalAction):
        step.process_remove_token(RemoveToken(entity="UR", entity_type="corporation", city=pittsburgh.id, slot=0))


def test_within_the_limit_the_absorbed_stations_move_to_the_survivor() -> None:
    game, survivor, _, step = _setup()
    city = game.hex_by_id("E22").tile.cities[1]
    step.process_remove_token(RemoveToken(entity="UR", entity_type="corporation", city=city.id, slot=0))
    assert not step.active() and game.round.corporations_removing_tokens is None
    hexes = sorted(t.hex.id for t in survivor.tokens if t.hex is not None)
    assert hexes == ["C22", "E22", "F13"]
    assert all(t.corporation is survivor for t in survivor.tokens)
