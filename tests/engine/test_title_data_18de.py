"""18DE: 1817's family base with German facts: no shorts, the OO hexes' gray tile, the home-token step in the
operating round."""

from __future__ import annotations

from engine import new_game
from engine.steps.home_token import HomeToken
from engine.titles.g18de.rules import BuySellParShares18DE


def test_facts() -> None:
    game = new_game("18DE", ["A", "B", "C"], seed=3, optional_rules=["modern_trains"])
    assert len(game.corporations) == 15 and {c.id for c in game.companies} == {
        "ME", "UBC", "TS", "MINC", "MAJC", "MINM", "MAJM"}
    assert game.SEED_MONEY == 150 and game.pittsburgh_private is None
    assert game.format_currency(100) == "100 ℳ"
    assert [p.cash for p in game.players] == [420] * 3
    assert game.hex_by_id("B14").tile.cities and len(game.hex_by_id("B14").tile.cities) == 2
    assert HomeToken in game.operating_round_steps()


def test_no_shorts() -> None:
    game = new_game("18DE", ["A", "B", "C"], seed=3)
    assert BuySellParShares18DE in game.stock_round_steps()
    step = object.__new__(BuySellParShares18DE)
    assert step.can_short(game.players[0], game.corporations[0]) is False
