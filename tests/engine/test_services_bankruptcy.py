"""The bankruptcy service (engine/services/bankruptcy.py): emergency money, may a player go bankrupt, declaring
it, and bankruptcies ending the game."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.services.bankruptcy import BankruptcyRules
from engine.titles.g1830.rules import Game1830
from engine.titles.g1846.operating import BankruptcyRules1846
from engine.titles.g1846.rules import Game1846

FOUR = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


@pytest.mark.parametrize(("cls", "rules"), [(Game1830, BankruptcyRules), (Game1846, BankruptcyRules1846)])
def test_each_title_composes_its_bankruptcy_rules(cls: type, rules: type) -> None:
    game = cls(FOUR, seed=1)
    assert type(game.bankruptcy) is rules and game.bankruptcy.game is game


def test_a_player_who_can_buy_the_cheapest_train_may_not_go_bankrupt() -> None:
    game = Game1830(FOUR, seed=1)
    ann = game.player_by_id(1)
    prr = game.corporation_by_id("PRR")
    cheapest = game.depot.min_depot_price
    assert game.bankruptcy.total_emr_buying_power(ann, prr) == ann.cash + prr.cash
    assert ann.cash >= cheapest and not game.bankruptcy.can_go_bankrupt(ann, prr)
    ann.spend(ann.cash - (cheapest - 1), game.bank)
    assert game.bankruptcy.can_go_bankrupt(ann, prr)


def test_declaring_bankruptcy_twice_is_refused_and_one_bankruptcy_ends_1830() -> None:
    game = Game1830(FOUR, seed=1)
    ann = game.player_by_id(1)
    assert not game.bankruptcy.limit_reached()
    game.bankruptcy.declare_bankrupt(ann)
    assert ann.bankrupt and game.bankruptcy.limit_reached()
    with pytest.raises(IllegalAction, match="already bankrupt"):
        game.bankruptcy.declare_bankrupt(ann)
