"""States the reference traces never show: games loaded up to an action that a later undo took back.

Found with ``bench/prefix_compare.py`` (every raw prefix of every fixture against the reference engine);
each case here states what the reference engine does at that prefix.
"""

from __future__ import annotations

import json

import pytest

from engine import load_game
from tests.conftest import FIXTURES, shared_or_skip


def _load_prefix(path, n: int, strict: bool = False):
    data = json.loads(shared_or_skip(path).read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:n]
    return load_game(data, strict=strict)


@pytest.mark.parametrize("strict", [False, True])
def test_1846_a_sale_into_the_close_cell_does_not_end_the_stock_round(strict: bool) -> None:
    """1846_game_end_reason_dnf, first 78 raw actions: Player 1 sells IC_0 and IC's price reaches $0.

    Until IC closes (after the action), its pool shares cost $0, so Player 2 (with $10) still has a purchase
    and the round moves to Player 2.  Then IC closes; Player 2 and Player 3 are left with nothing to do and
    pass; Player 1, who acted this turn, is not passed.  The reference engine stays in the stock round with
    Player 3 (id 2) current; a $0 share priced at IC's minimum price instead made everyone pass before IC
    closed and started OR 1.1."""
    game = _load_prefix(FIXTURES / "1846" / "1846_game_end_reason_dnf.json", 78, strict=strict)
    assert game.round.NAME == "Stock"
    assert game.round.active_step().NAME == "BuySellParShares"
    assert game.round.current_entity().id == 2
    assert [p.passed for p in game.round.entities] == [False, True, True]
    assert [(p.id, p.cash) for p in game.players] == [(0, 20), (1, 10), (2, 10)]
    assert "IC" not in [c.name for c in game.corporations]
    tail = game.log_lines[-4:]
    assert tail[0].startswith("IC's share price moves") and tail[0].endswith("from $10 to $0")
    assert tail[1:] == ["IC closes", "Player 2 has no valid actions and passes",
                        "Player 3 has no valid actions and passes"]
