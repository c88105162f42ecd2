"""Legal train moves: depot trains at their price, other corporations' trains in range, 1846's turn order,
discards only over the limit, emergency sales; each real action of the fixtures is a move."""

from __future__ import annotations

from typing import Any

import pytest

from engine.moves import legal_moves
from engine.moves.trains import BuyTrainMove, DiscardTrainMove
from tests.engine.moves_b_helpers import (
    action_at,
    fixture,
    live_game,
    positions,
    refused_without_change,
    replay,
    step_moves,
)

TRAIN_GAMES = [("1830", "26855.json"), ("1830", "29133.json"), ("1846", "1846_game_end_reason_bankrupt.json"),
               ("1846", "10264.json"), ("18Chesapeake", "14377.json")]


@pytest.mark.parametrize(("title", "name"), TRAIN_GAMES)
def test_every_real_purchase_sale_and_discard_is_a_move(title: str, name: str) -> None:
    kinds = {"buy_train": 0, "sell_shares": 0, "discard_train": 0}
    for game, position, data in replay(fixture(title, name)):
        if data["type"] not in kinds or game.finished:
            continue
        step, moves, _ = step_moves(game, data)
        if data["type"] == "sell_shares" and "BuyTrain" not in type(step).__name__:
            continue  # a stock-round sale (helper A's family)
        assert any(m.refusal(data) is None for m in moves), f"{position}: {data}"
        kinds[data["type"]] += 1
    assert kinds["buy_train"] > 10


def _first_buy(title: str, name: str, predicate: Any) -> tuple[Any, dict[str, Any]]:
    path = fixture(title, name)
    for position in positions(path, lambda a: a["type"] == "buy_train"):
        game = live_game(path, position)
        data = action_at(path, position)
        if predicate(game, data):
            return game, data
    raise AssertionError("no such purchase")


def _from_depot(game: Any, data: dict[str, Any]) -> bool:
    return game.train_by_id(data["train"]).owner is game.depot


def test_depot_train_below_its_price_is_refused() -> None:
    """The reference accepts a depot train for $1 (issue 7: it changed a game's final score); the printed rules
    say a depot train costs its price."""
    game, data = _first_buy("1830", "26855.json", lambda g, d: _from_depot(g, d) and d["price"] > 1)
    moves = [m for m in legal_moves(game).of_type("buy_train") if isinstance(m, BuyTrainMove)]
    move = next(m for m in moves if m.refusal(data) is None)
    assert move.min_price == move.max_price == data["price"]
    message = refused_without_change(game, {**data, "price": 1})
    assert str(data["price"]) in message or "price" in message
    refused_without_change(game, {**data, "price": data["price"] + 10})
    game.apply(data)


def test_train_from_another_corporation_has_a_price_range() -> None:
    game, data = _first_buy("1830", "26855.json", lambda g, d: not _from_depot(g, d)
                            and g.train_by_id(d["train"]).owner is not None
                            and getattr(g.train_by_id(d["train"]).owner, "is_corporation", False))
    move = next(m for m in legal_moves(game).of_type("buy_train") if m.refusal(data) is None)
    assert isinstance(move, BuyTrainMove)
    assert move.min_price == 1 and move.max_price >= data["price"]
    assert move.source == game.train_by_id(data["train"]).owner.id
    refused_without_change(game, {**data, "price": 0})
    refused_without_change(game, {**data, "price": move.max_price + 1})


def test_1846_depot_purchase_out_of_turn_is_refused() -> None:
    """1846's BuyTrain step does not check whose turn it is; the legal moves offer no purchase to another
    corporation, so live play refuses it."""
    game, data = _first_buy("1846", "10264.json", _from_depot)
    current = game.corporation_by_id(data["entity"])
    other = next(c for c in game.corporations if c is not current and c.floated and c.cash >= data["price"])
    move_entities = {m.entity for m in legal_moves(game).of_type("buy_train")}
    assert move_entities == {current.id}
    refused_without_change(game, {**data, "entity": other.id})
    game.apply(data)


def test_discarding_a_train_not_over_the_limit_is_refused() -> None:
    path = fixture("1830", "26855.json")
    position = next(positions(path, lambda a: a["type"] == "discard_train"))
    game = live_game(path, position)
    data = action_at(path, position)
    crowded = game.corporation_by_id(data["entity"])
    moves = [m for m in legal_moves(game).of_type("discard_train") if isinstance(m, DiscardTrainMove)]
    assert {m.train for m in moves} == {t.id for t in crowded.trains}
    other = next(c for c in game.corporations if c is not crowded and c.trains
                 and len(c.trains) <= game.train_rules.train_limit(c))
    refused_without_change(game, {**data, "entity": other.id, "train": other.trains[0].id})
    game.apply(data)
    # once back within the limit, discarding again is refused
    if not game.train_rules.crowded_corps():
        refused_without_change(game, {**data, "train": crowded.trains[0].id})


def test_emergency_sale_moves_are_the_presidents_sellable_bundles() -> None:
    path = fixture("1830", "26855.json")
    for position in positions(path, lambda a: a["type"] == "sell_shares"):
        game = live_game(path, position)
        if type(game.round.active_step()).__name__ == "BuyTrain":
            break
    else:
        pytest.skip("no emergency sale")
    data = action_at(path, position)
    moves = [m for m in legal_moves(game).of_type("sell_shares") if m.entity == data["entity"]]
    assert any(m.refusal(data) is None for m in moves)
    step = game.round.active_step()
    player = game.player_by_id(data["entity"])
    for move in moves:
        shares = [game.share_by_id(s) for s in move.shares]  # type: ignore[attr-defined]
        from engine.model.shares import ShareBundle

        assert step.can_sell(player, ShareBundle(shares, move.percent))  # type: ignore[attr-defined]


def test_forced_purchase_lists_what_is_missing_and_the_sales_that_raise_it() -> None:
    path = fixture("1830", "26855.json")
    for position in positions(path, lambda a: a["type"] == "sell_shares"):
        game = live_game(path, position)
        if type(game.round.active_step()).__name__ == "BuyTrain":
            break
    else:
        pytest.skip("no emergency sale")
    moves = legal_moves(game)
    corporation = game.round.active_step().current_entity()
    short = [u for u in moves.unusable if u.kind == "train" and "short" in u.reason]
    assert short, [u.reason for u in moves.unusable]
    assert not [m for m in moves.of_type("buy_train") if isinstance(m, BuyTrainMove)
                and m.min_price > corporation.cash + corporation.owner.cash]
    assert [m for m in moves.of_type("sell_shares") if m.entity == corporation.owner.id]


def test_a_train_too_dear_says_its_price_and_the_cash_in_money() -> None:
    """"the 5 train costs 450; B&O has 310" read as bare numbers next to dollar prices everywhere else."""
    seen = 0
    for game, _position, _data in replay(fixture("1830", "26855.json")):
        if game.finished:
            continue
        for u in legal_moves(game).unusable:
            if u.kind == "train" and " costs " in u.reason:
                price = u.reason.split(" costs ", 1)[1].split(";", 1)[0]
                assert price.startswith("$"), u.reason
                assert " has $" in u.reason, u.reason
                seen += 1
        if seen >= 3:
            break
    assert seen >= 3
