"""A sale of the same size made of different certificates is its own move (1847 AE's double certificates).

1847AE/1847AE_game_end_bank.json action 354: the player sells 30% of M as three single shares (M_1, M_2, M_3);
they also hold a 20% double certificate, so 30% can also be a double and a single.  The site offers both
bundles; the legal moves used to offer one sale per percent (the double and a single), so the table could not
make the file's sale."""

from __future__ import annotations

import pytest

from engine import load_game
from engine.moves import check_action, legal_moves
from engine.moves.base import SellSharesMove
from tests.conftest import FIXTURES

GAME = FIXTURES / "1847AE" / "1847AE_game_end_bank.json"


@pytest.mark.skipif(not GAME.exists(), reason="../shared/fixtures is absent")
def test_a_sale_of_singles_and_a_sale_with_a_double_certificate_are_two_moves() -> None:
    game = load_game(GAME, upto=354)
    sales = [m for m in legal_moves(game).of_type("sell_shares")
             if isinstance(m, SellSharesMove) and m.corporation == "M" and m.percent == 30]
    held = {m: dict(m.certs) for m in sales}
    sizes = sorted(tuple(sorted((held[m][s] for s in m.shares), reverse=True)) for m in sales)
    assert sizes == [(10, 10, 10), (20, 10)]
    singles = next(m for m in sales if len(m.shares) == 3)
    assert singles.shares == ("M_1", "M_2", "M_3")  # the file's sale, as the site's first such bundle
    action = {"type": "sell_shares", "entity": singles.entity, "entity_type": "player",
              "shares": ["M_1", "M_2", "M_3"], "percent": 30}
    assert check_action(game, action) is True
