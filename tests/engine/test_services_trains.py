"""The train rules service (engine/services/trains.py): buying, limits and crowding, rusting and train events."""

from __future__ import annotations

import pytest

from engine.services.trains import TrainRules
from engine.titles.g18chesapeake.rules import Game18Chesapeake
from engine.titles.g1830.rules import Game1830
from engine.titles.g1846.operating import TrainRules1846
from engine.titles.g1846.rules import Game1846

FOUR = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


@pytest.mark.parametrize(("cls", "rules"), [(Game1830, TrainRules), (Game1846, TrainRules1846),
                                            (Game18Chesapeake, TrainRules)])
def test_each_title_composes_its_train_rules(cls: type, rules: type) -> None:
    game = cls(FOUR, seed=1)
    assert type(game.train_rules) is rules and game.train_rules.game is game
    twin = game.copy()
    assert twin.train_rules is not game.train_rules and twin.train_rules.game is twin


def test_buying_a_train_pays_the_depot_and_moves_the_train() -> None:
    game = Game1830(FOUR, seed=1)
    prr = game.corporation_by_id("PRR")
    game.bank.spend(500, prr)
    train = game.depot.upcoming[0]
    bank_cash = game.bank.cash
    game.train_rules.buy_train(prr, train)
    assert prr.trains == [train] and train.owner is prr and prr.cash == 500 - train.price
    assert game.bank.cash == bank_cash + train.price
    assert train not in game.depot.upcoming
    assert game.train_rules.route_trains(prr) == [train] and game.train_rules.train_owner(train) is prr


def test_crowding_follows_the_limit_and_is_recomputed_after_a_purchase() -> None:
    game = Game1830(FOUR, seed=1)
    prr = game.corporation_by_id("PRR")
    rules = game.train_rules
    limit = rules.train_limit(prr)
    assert limit == 4 and rules.crowded_corps() == []
    for _ in range(limit + 1):
        rules.buy_train(prr, game.depot.upcoming[0], "free")
    assert rules.num_corp_trains(prr) == limit + 1
    assert rules.crowded_corps() == [prr]
    rules.remove_train(prr.trains[0])
    assert rules.crowded_corps() == []


def test_rusting_trains_leave_their_owner() -> None:
    game = Game1830(FOUR, seed=1)
    prr = game.corporation_by_id("PRR")
    two = game.depot.upcoming[0]
    game.train_rules.buy_train(prr, two, "free")
    four = next(t for t in game.depot.trains if t.name == "4")
    game.train_rules.rust_trains(four, prr)
    assert two.rusted and two.owner is None and prr.trains == []
    assert game.log_lines[-1] == "-- Event: 2 trains rust --"


def test_a_train_event_runs_the_services_handler_and_unknown_events_are_bugs() -> None:
    game = Game1830(FOUR, seed=1)
    sv = game.company_by_id("SV")
    sv.owner = game.player_by_id(1)
    game.train_rules.trigger_train_event("close_companies", game.depot.upcoming[0])
    assert sv.closed and "-- Event: Private companies close --" in game.log_lines
    with pytest.raises(NotImplementedError):
        game.train_rules.trigger_train_event("no_such_event", game.depot.upcoming[0])
