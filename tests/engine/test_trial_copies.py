"""Trying moves on copies, cheaply: ``Game.snapshot`` (history lists shared item by item, not pickled), the
legal-move existence check that stops at the first move (``has_legal_move``) and the one snapshot per state
that all trials of that state share (``trial_copy``)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import build_game
from engine.core.history import filter_actions
from engine.moves import legal_moves, registry
from engine.moves.registry import has_legal_move, trial_copy
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import fixture_files

GAMES = [p for title in ("1830", "1846", "SteamOverHolland") for p in fixture_files(title)[:1]]


def replayed(path: Any, upto: int | None = None) -> Any:
    record = GameRecord.load(path)
    game = build_game(record)
    for _ in game.replay(record.actions, upto=upto):
        pass
    return game


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_a_copy_is_the_same_game_and_independent_of_it(path: Any) -> None:
    record = GameRecord.load(path)
    half = len(record.actions) // 2
    game = replayed(path, half)
    copy = game.copy()
    assert state_of(copy) == state_of(game)
    for name in game.HISTORY:
        assert getattr(copy, name) == getattr(game, name)
        assert getattr(copy, name) is not getattr(game, name)
    before = (state_of(game), len(game.log_lines), len(game.actions), len(game.raw_actions))
    kept, _ = filter_actions(record.actions)
    for position in range(half, half + 20):  # the copy goes on: the original stays where it was
        if kept[position] is None:
            copy.raw_actions.append(dict(record.actions[position]))
        else:
            copy.process_action(kept[position], position)
    twin = replayed(path, half + 20)
    assert state_of(copy) == state_of(twin)
    assert copy.log_lines == twin.log_lines
    assert (state_of(game), len(game.log_lines), len(game.actions), len(game.raw_actions)) == before


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_has_legal_move_agrees_with_legal_moves(path: Any) -> None:
    record = GameRecord.load(path)
    game = build_game(record)
    checked = 0
    for position in game.replay(record.actions):
        if position % 7:
            continue
        assert has_legal_move(game) == bool(legal_moves(game).moves), position
        checked += 1
    assert checked
    assert has_legal_move(game) == bool(legal_moves(game).moves)


def test_trials_of_one_state_share_one_snapshot_and_nothing_outlives_the_state() -> None:
    games = fixture_files("1830")
    if not games:
        pytest.skip("no 1830 fixtures")
    game = replayed(games[0], 100)
    pickled: list[Any] = []
    original = registry.game_snapshot

    def counting(g: Any) -> Any:
        pickled.append(g)
        return original(g)

    registry.game_snapshot = counting  # type: ignore[assignment]
    try:
        first, second = trial_copy(game), trial_copy(game)  # no state being worked out: a fresh copy each
        assert len(pickled) == 2
        with registry._memoized_actions(game):
            third, fourth = trial_copy(game), trial_copy(game)
            assert len(pickled) == 3  # one snapshot for the state
        assert not registry._trial_snapshots and not registry._trial_scopes
    finally:
        registry.game_snapshot = original  # type: ignore[assignment]
    copies = [first, second, third, fourth]
    assert len({id(c) for c in copies}) == 4
    assert all(state_of(c) == state_of(game) for c in copies)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_bundles_of_a_holders_own_certificates_equal_checked_bundles(path: Any) -> None:
    """``all_bundles_for_corporation`` builds a holder's own bundles without checking each again: the same
    bundles as when every one is checked (certificates given explicitly)."""
    from engine.model.shares import all_bundles_for_corporation

    record = GameRecord.load(path)
    game = build_game(record)
    holders = [*game.players, *game.corporations, game.share_pool]
    compared = 0
    for position in game.replay(record.actions):
        if position % 25:
            continue
        for holder in holders:
            for corporation in game.corporations:
                own = list(holder.shares_by_corporation.get(corporation, ()))
                fast = all_bundles_for_corporation(holder, corporation)
                checked = all_bundles_for_corporation(holder, corporation, own)
                assert fast == checked
                assert [(b.shares, b.percent, b.share_price) for b in fast] == [
                    (b.shares, b.percent, b.share_price) for b in checked]
                compared += len(fast)
        game.read_guard.forget()
    assert compared
