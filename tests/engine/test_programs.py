"""Programmed actions in live play (engine.programs): what a program makes its player do, as the site runs it."""

from __future__ import annotations

from typing import Any

import pytest

from engine import build_game
from engine.core.actions import Action
from engine.core.history import filter_actions
from engine.game import Game
from engine.moves.registry import legal_moves
from engine.programs import auto_actions, program_of, programmed_after
from engine.record import GameRecord
from tests.conftest import FIXTURES

GAME_1830 = FIXTURES / "1830" / "26855.json"


def _replay_until(wanted: Any) -> Game:
    """1830 (a real game) replayed until ``wanted(game, legal moves)``; then live (every action checked)."""
    if not GAME_1830.exists():
        pytest.skip("../shared is absent")
    record = GameRecord.load(GAME_1830)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    for position, data in enumerate(kept):
        if data is None:
            continue
        if wanted(game, legal_moves(game)):
            game.finish_loading()
            return game
        game.process_action(data, position)
    raise AssertionError("never reached")


def _first_stock_turn() -> Game:
    return _replay_until(lambda game, moves: moves.step == "BuySellParShares")


def _act(game: Game, data: dict[str, Any]) -> Action:
    return game.process_action({**data, "id": game.current_action_id() + 1})


def _plain(actions: list[Action]) -> list[dict[str, Any]]:
    return [{k: v for k, v in a.to_dict().items() if k not in ("id", "created_at")} for a in actions]


def test_a_pass_program_passes_for_its_player_after_the_others_move() -> None:
    game = _first_stock_turn()
    first = game.round.current_entity()
    order = game.round.entities
    second = order[(order.index(first) + 1) % len(order)]
    _act(game, {"type": "program_share_pass", "entity": second.id, "entity_type": "player",
                "unconditional": False, "indefinite": False})
    assert program_of(game, second) is not None
    assert auto_actions(game) == []  # it is not the programmed player's turn
    autos = programmed_after(game, Action.from_dict({"type": "pass", "entity": first.id, "entity_type": "player"}))
    assert _plain(autos)[0] == {"type": "pass", "entity": second.id, "entity_type": "player"}
    assert game.round.current_entity() is first  # tried on a copy


def test_a_sale_stops_a_pass_program_with_the_reason() -> None:
    game = _replay_until(lambda game, moves: moves.step == "BuySellParShares" and bool(moves.of_type("sell_shares")))
    sells = legal_moves(game).of_type("sell_shares")
    seller = game.round.current_entity()
    order = game.round.entities
    programmed = order[(order.index(seller) + 1) % len(order)]
    _act(game, {"type": "program_share_pass", "entity": programmed.id, "entity_type": "player"})
    sale = sells[0]
    action = Action.from_dict({**sale.base(), "shares": list(sale.shares), "percent": sale.percent,
                               "id": game.current_action_id() + 1})
    after_sale = programmed_after(game, action)
    # the seller's turn goes on (a sale does not end it); when it ends, the program sees the sale and stops
    assert after_sale == []
    trial = game.copy()
    trial.process_action(action)
    autos = programmed_after(trial, Action.from_dict({"type": "pass", "entity": seller.id, "entity_type": "player"}))
    assert _plain(autos)[:1] == [{"type": "program_disable", "entity": programmed.id, "entity_type": "player",
                                  "reason": "Shares were sold"}]


def test_a_buy_program_buys_until_the_corporation_floats_then_stops() -> None:
    game = _first_stock_turn()
    buyer = game.round.current_entity()
    par = next(m for m in legal_moves(game).of_type("par"))
    corporation = game.corporation_by_id(par.corporation)
    _act(game, {"type": "program_buy_shares", "entity": buyer.id, "entity_type": "player",
                "corporation": corporation.id, "until_condition": "float", "from_market": False,
                "auto_pass_after": False})
    # parring is the player's own move; then every turn of theirs buys one certificate until it floats
    _act(game, {**par.base(), "corporation": corporation.id, "share_price": par.share_prices[0][0]})
    bought = 0
    for _ in range(40):
        entity = game.round.current_entity()
        if game.round.stock is False or corporation.floated:
            break
        data: dict[str, Any] = {"type": "pass", "entity": entity.id, "entity_type": "player"}
        if entity is buyer and not game.round.active_step().turn_actions:
            autos = auto_actions(game)
            assert autos and autos[0].type in ("buy_shares", "program_disable")
            for auto in autos:
                game.process_single_action(auto)
            bought += sum(1 for a in autos if a.type == "buy_shares")
            continue
        _act(game, data)
    assert corporation.floated and bought >= 3
    # floated: the program says so and stops
    while game.round.current_entity() is not buyer and game.round.stock:
        _act(game, {"type": "pass", "entity": game.round.current_entity().id, "entity_type": "player"})
    if game.round.stock:
        autos = auto_actions(game)
        assert _plain(autos)[0]["type"] == "program_disable"
        assert "floated" in _plain(autos)[0]["reason"]
