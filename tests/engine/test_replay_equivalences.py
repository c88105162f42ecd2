"""Replay-speed shortcuts (issue 30) answer exactly what the long way answers, at every action of real games: the
depot's cheapest train for an operator (without listing every other operator's trains), the read guard's marks
(holdings and graph caches a read adds are taken back, nothing else)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.record import GameRecord
from tests.engine.moves_b_helpers import fixture, replay

#: one game of each train-buying family: private sales only (1830), 1846's, the 1822 family's (minors, exports),
#: the 1817 family's (18DE: loans, mergers), 18USA's, 1867's (minors, nationalisation)
GAMES = [
    ("1830", "26855.json"),
    ("1846", "19962.json"),
    ("1822", "1822_game_end_stock_market.json"),
    ("18DE", "18DE_game_end_final_phase.json"),
    ("18USA", "109372.json"),
    ("1867", "hs_wuveadew_21268.json"),
]


def _listed_min_price(depot: Any, operator: Any) -> int | None:
    """The long way: every available train listed, its own cheapest price asked."""
    prices = [t.min_price(None) for t in depot.available(operator)]
    return min(prices) if prices else None


@pytest.mark.parametrize(("title", "name"), GAMES, ids=[t for t, _ in GAMES])
def test_the_cheapest_train_is_the_listed_one_at_every_action(title: str, name: str) -> None:
    path = fixture(title, name)
    checked = others = 0
    game = None
    for game, _, _ in replay(path):
        depot = game.depot
        for operator in (*game.corporations, *game.minors):
            expected = _listed_min_price(depot, operator)
            assert depot.min_price(operator) == expected, f"{operator.name} at action {len(game.actions)}"
            assert depot.has_other_train(operator) == bool(depot.other_trains(operator))
            checked += 1
            others += bool(depot.other_trains(operator))
    assert game is not None and checked > 0
    record = GameRecord.load(path)
    assert game.finished and game.result() == {str(k): v for k, v in record.result.items()}
    if game.depot.allow_train_buy_from_others:
        assert others > 0  # the shortcut's other branch was exercised


def test_the_read_guard_takes_back_only_what_a_read_added() -> None:
    path = fixture("1830", "26855.json")
    for game, position, _ in replay(path):
        player = game.players[-1]
        held_before = {corporation: list(shares) for corporation, shares in player.shares_by_corporation.items()}
        unread = [c for c in game.corporations if c not in player.shares_by_corporation]
        if position < 30 or not any(held_before.values()) or not unread:
            continue  # a state where the player holds shares and has never held some corporation
        for corporation in unread:
            assert player.shares_of(corporation) == []  # a read: the reference's hash gains an empty entry
        assert len(player.shares_by_corporation) == len(held_before) + len(unread)
        game.read_guard.forget()
        assert dict(player.shares_by_corporation) == held_before  # the read's entries gone, the rest kept in order
        assert list(player.shares_by_corporation) == list(held_before)
        game.read_guard.forget()  # a second take-back changes nothing
        assert dict(player.shares_by_corporation) == held_before
        return
    pytest.fail("no state where the player holds shares and has never held some corporation")
