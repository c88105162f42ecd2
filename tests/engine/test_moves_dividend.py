"""Legal dividends: each kind with its per-share amount and price move, as the engine then pays and moves."""

from __future__ import annotations

import math

import pytest

from engine.moves import legal_moves
from engine.moves.dividend import DividendMove
from tests.engine.moves_b_helpers import fixture, refused_without_change, replay, step_moves

GAMES = [("1830", "26855.json", ("payout", "withhold")), ("1846", "3099.json", ("payout", "half", "withhold")),
         ("18Chesapeake", "1905.json", ("payout", "withhold")), ("1889", "962.json", ("payout", "withhold"))]


@pytest.mark.parametrize(("title", "name", "kinds"), GAMES)
def test_dividend_moves_say_what_the_engine_pays_and_where_the_price_goes(title: str, name: str,
                                                                          kinds: tuple[str, ...]) -> None:
    checked = 0
    for game, _position, data in replay(fixture(title, name)):
        if data["type"] != "dividend" or game.finished:
            continue
        _, moves, _ = step_moves(game, data)
        assert tuple(m.kind for m in moves) == kinds  # type: ignore[attr-defined]
        move = next(m for m in moves if m.refusal(data) is None)
        assert isinstance(move, DividendMove)
        corporation = game.corporation_by_id(data["entity"]) if data["entity_type"] == "corporation" else None
        if corporation is None or checked > 15:
            continue
        holder = corporation.owner
        before_cash = holder.cash
        shares = holder.num_shares_of(corporation, ceil=False)
        trial = game.copy()
        trial.process_action(data)
        after = trial.corporation_by_id(corporation.id)
        if after.share_price is not None and move.price_after is not None:
            assert after.share_price.price == move.price_after
        paid = trial.player_by_id(holder.id).cash - before_cash if getattr(holder, "is_player", False) else None
        if paid is not None:
            assert paid == math.ceil(shares * move.per_share)
        checked += 1
    assert checked > 5


def test_an_unknown_dividend_kind_is_refused() -> None:
    path = fixture("1846", "3099.json")
    position, data = next((p, d) for _g, p, d in replay(path) if d["type"] == "dividend")
    from engine import load_game
    from engine.record import GameRecord

    live = load_game(GameRecord.load(path), upto=position)
    assert {m.kind for m in legal_moves(live).of_type("dividend")} == {"payout", "half", "withhold"}  # type: ignore[attr-defined]
    refused_without_change(live, {**data, "kind": "double"})
    live.apply(data)
