"""The set-up service (engine/services/setup.py): the model built from the title data; title variants."""

from __future__ import annotations

import pytest

from engine.services.setup import ModelSetup
from engine.titles.g18chesapeake.rules import Game18Chesapeake
from engine.titles.g1830.rules import Game1830
from engine.titles.g1846.rules import Game1846
from engine.titles.g1889.rules import Game1889

FOUR = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


def test_the_model_follows_the_title_data() -> None:
    game = Game1830(FOUR, seed=1)
    spec = game.spec
    assert [c.sym for c in game.corporations] == [c.sym for c in spec.corporations]
    assert [c.sym for c in game.companies] == [c.sym for c in spec.companies]
    assert len(game.hexes) == len(list(spec.preprinted_hexes()))
    assert all(p.cash == spec.starting_cash_for(4) for p in game.players)
    assert game.cert_limit == spec.cert_limit_for(4, len(game.corporations))
    # every hex knows its neighbours once connected
    assert any(h.neighbors for h in game.hexes)


def test_1889_leaves_the_beginner_tiles_out_unless_chosen() -> None:
    plain = Game1889(FOUR, seed=1)
    beginner = Game1889(FOUR, seed=1, optional_rules=["beginner_game"])
    assert not any(t.name.startswith("Beg") for t in plain.tiles)
    assert any(t.name.startswith("Beg") for t in beginner.tiles)


def test_1846_adds_one_pass_card_per_player() -> None:
    game = Game1846(FOUR, seed=1)
    assert sum(1 for c in game.companies if "Pass" in c.name) == 4


@pytest.mark.parametrize("cls", [Game1830, Game1846, Game18Chesapeake, Game1889])
def test_each_title_names_a_setup(cls: type) -> None:
    assert issubclass(cls.SETUP, ModelSetup)
