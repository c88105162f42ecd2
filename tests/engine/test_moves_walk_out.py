"""The walk out of a hex (engine/moves/track.py ``_walk_out``: where track leaving a hex by one side comes back in,
and the stops it meets) skips the converging branches that can reach no path unseen yet (``NewPathPruner``): the
same answers as the walk of every branch (``plain_enumeration``), on junction-heavy 1861 maps where the walk of
every branch took seconds."""

from __future__ import annotations

from typing import Any

import pytest

import engine.moves.track as track
from engine.map.graph import NewPathPruner
from engine.moves import legal_moves
from engine.moves.track import plain_enumeration
from tests.engine.moves_b_helpers import fixture, replay

#: states (actions processed) of 1861 167259 whose lays ask for walks out of hexes through converging track
STATES = (598, 604, 607)


def test_the_pruned_walk_out_of_a_hex_sees_what_every_branch_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    walk_out = track._walk_out
    pruned = [0]
    original_call = NewPathPruner.__call__

    def counting(self: Any, *args: Any) -> bool:
        skipped = original_call(self, *args)
        pruned[0] += skipped
        return skipped

    compared = 0
    asked: list[tuple[Any, Any, int]] = []

    def spy(g: Any, entity: Any, hex_: Any, side: int, memo: Any) -> Any:
        asked.append((entity, hex_, side))
        return walk_out(g, entity, hex_, side, memo)

    for processed, (game, _position, _data) in enumerate(replay(fixture("1861", "167259.json"))):
        if processed in STATES:
            asked.clear()
            monkeypatch.setattr(track, "_walk_out", spy)
            legal_moves(game)
            monkeypatch.setattr(track, "_walk_out", walk_out)
            assert asked
            monkeypatch.setattr(NewPathPruner, "__call__", counting)
            fast = [walk_out(game, e, h, s, {}) for e, h, s in asked]
            monkeypatch.setattr(NewPathPruner, "__call__", original_call)
            with plain_enumeration():
                plain = [walk_out(game, e, h, s, {}) for e, h, s in asked]
            assert fast == plain, processed
            compared += 1
        if processed >= max(STATES):
            break
    assert compared == len(STATES) and pruned[0] > 0
