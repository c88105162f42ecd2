"""18 Hiawatha: 1817's family base with five-share corporations, Milwaukee's blocking token, the reserved 2 train
of the Receivership Railroad, shorts and loan repayment rules, its route bonuses."""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.titles.g18hiawatha.rules import BuySellParSharesHiawatha, LoanStepHiawatha, OperatingRoundHiawatha


def game_of(rules: tuple[str, ...] = ()) -> Any:
    return new_game("18 Hiawatha", ["A", "B", "C", "D"], seed=5, optional_rules=list(rules))


def test_facts() -> None:
    g = game_of()
    assert len(g.corporations) == 12
    assert all(c.total_shares == 5 and c.max_ownership_percent == 60 for c in g.corporations)
    assert g.SEED_MONEY == 160 and [p.cash for p in g.players] == [325] * 4
    assert g.pittsburgh_private.id == "MB"
    assert g.corporation_sizes() == (5,)
    corporation = g.corporations[0]
    assert g.tokens_needed(corporation) == 2 - len(corporation.tokens)


def test_blocking_token_and_reserved_train() -> None:
    g = game_of()
    city = g.hex_by_id("A7").tile.cities[0]
    assert g.blocking_token in city.tokens
    assert g.rr_train.reserved and g.rr_train not in g.depot.upcoming
    assert sum(1 for t in g.depot.upcoming if t.name == "2") == 30
    g.remove_blocking_token()
    assert g.blocking_token is None and all(t is None for t in city.tokens)


def test_steps_and_no_privates_variant() -> None:
    g = game_of()
    assert BuySellParSharesHiawatha in g.stock_round_steps()
    assert LoanStepHiawatha in g.operating_round_steps()
    assert g.operating_round_class() is OperatingRoundHiawatha
    plain = game_of(("no_privates",))
    assert type(plain.round).__name__ == "StockRound1817"
