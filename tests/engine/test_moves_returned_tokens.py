"""The 1822 family's lays that return a token (engine/moves/family1822.py ``foresee_returned_tokens``): a rotation is
tried on a copy of the game only where the lay joins one corporation's two tokens into a city whose tokens and
reservations outnumber its printed slots (``_slot_may_be_kept``); the moves equal those with every rotation tried."""

from __future__ import annotations

from typing import Any

import pytest

import engine.moves.family1822 as family1822
from engine.moves import legal_moves
from engine.titles.family1822.operating import Track1822
from tests.engine.moves_b_helpers import fixture, replay


def test_only_rotations_that_may_keep_an_extra_slot_are_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    may_be_kept = family1822._slot_may_be_kept
    skipped = 0  # rotations on a hex with a corporation twice that needed no copy
    compared = 0
    for game, _position, _data in replay(fixture("1822", "33845.json")):
        if not isinstance(game.round.active_step(), Track1822):
            continue
        shortcut = legal_moves(game)
        twice = [
            m
            for m in shortcut.of_type("lay_tile")
            if family1822._a_corporation_twice(game.hex_by_id(m.hex))  # type: ignore[attr-defined]
        ]
        if not twice:
            continue
        for move in twice:
            tile = game.tile_by_id(move.tile_ids[0])
            skipped += sum(not may_be_kept(game.hex_by_id(move.hex), tile, r) for r in move.rotations)
        monkeypatch.setattr(family1822, "_slot_may_be_kept", lambda *_a: True)
        try:
            tried: Any = legal_moves(game)
        finally:
            monkeypatch.setattr(family1822, "_slot_may_be_kept", may_be_kept)
        assert shortcut.moves == tried.moves and shortcut.unusable == tried.unusable
        compared += 1
        if compared >= 6:
            break
    assert compared >= 6 and skipped > 0
