"""The collector's young generation during a replay (``engine.core.game.young_collections_for_replay``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from engine.core.game import REPLAY_YOUNG_GENERATION, young_collections_for_replay


@pytest.fixture
def default_threshold() -> Iterator[tuple[int, int, int]]:
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield gc.get_threshold()
    gc.set_threshold(*saved)


def test_raised_while_replaying_and_put_back(default_threshold: tuple[int, int, int]) -> None:
    with young_collections_for_replay():
        assert gc.get_threshold() == (REPLAY_YOUNG_GENERATION, 10, 10)
    assert gc.get_threshold() == default_threshold


def test_a_higher_setting_is_kept(default_threshold: tuple[int, int, int]) -> None:
    gc.set_threshold(REPLAY_YOUNG_GENERATION * 2, 10, 10)
    with young_collections_for_replay():
        assert gc.get_threshold()[0] == REPLAY_YOUNG_GENERATION * 2
    assert gc.get_threshold()[0] == REPLAY_YOUNG_GENERATION * 2


def test_overlapping_replays_leave_the_default(default_threshold: tuple[int, int, int]) -> None:
    first = young_collections_for_replay()
    second = young_collections_for_replay()
    first.__enter__()
    second.__enter__()  # already raised: the second changes nothing
    first.__exit__(None, None, None)
    assert gc.get_threshold() == default_threshold
    second.__exit__(None, None, None)
    assert gc.get_threshold() == default_threshold


def test_a_replay_puts_it_back_even_when_left_early(default_threshold: tuple[int, int, int]) -> None:
    from engine import new_game

    game = new_game("1830", ["A", "B", "C", "D"])
    actions = [{"type": "pass", "entity": game.players[0].id, "entity_type": "player", "id": 1}]
    replay = game.replay(actions)
    next(replay)
    assert gc.get_threshold()[0] == REPLAY_YOUNG_GENERATION
    replay.close()
    assert gc.get_threshold() == default_threshold
