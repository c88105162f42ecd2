"""The legal moves worked out with the track enumeration's caches and shortcuts (the per-game cache, the map's
remembered answers, the restriction's sufficient answers) are those of the plain computation
(``engine.moves.track.plain_enumeration``), on states of real games where tiles are laid (issue 30)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.moves import legal_moves
from engine.moves.track import plain_enumeration
from engine.steps.tracker import Tracker
from tests.engine.moves_b_helpers import fixture, replay

#: (title, fixture, every how many track states one is compared)
GAMES = [
    ("1822", "33845.json", 5),
    ("1846", "3099.json", 3),
    ("1830", "1830_game_end_bank.json", 3),
    ("1889", "962.json", 2),
    # (the steps' reach on destination hexes and the title's fresh walks, asked once per state: per_state)
    ("1822CA", "loan_payments_preserve_bank.json", 8),
]


def _answer(game: Any) -> tuple[list[str], list[str]]:
    """The moves and unusable entries, each sorted (the tile catalogue kept by the cache lists a hex's tiles in the
    order the game first showed them, the plain one in the supply's order)."""
    found = legal_moves(game)
    return sorted(map(repr, found.moves)), sorted(map(repr, found.unusable))


@pytest.mark.parametrize(("title", "name", "every"), GAMES)
def test_cached_track_moves_are_the_plain_computations(title: str, name: str, every: int) -> None:
    compared = 0
    seen = 0
    laid = 0
    for game, _position, _data in replay(fixture(title, name)):
        if not isinstance(game.round.active_step(), Tracker):
            continue
        seen += 1
        if seen % every:
            legal_moves(game)  # (the caches fill as in play: from every state)
            continue
        fast = _answer(game)
        # asked again on the same map: answered from what the map's memo kept (the restriction's verdicts)
        again = _answer(game)
        with plain_enumeration():
            plain = _answer(game)
        assert fast == plain, (title, name, _position)
        assert again == plain, (title, name, _position)
        compared += 1
        laid += sum(1 for m in fast[0] if m.startswith("LayTileMove("))
    assert compared > 20 and laid > 200
