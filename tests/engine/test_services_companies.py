"""The company rules service (engine/services/companies.py): revenue, who may buy privates, title variants."""

from __future__ import annotations

import pytest

from engine.services.companies import CompanyRules
from engine.titles.g18chesapeake.rules import Game18Chesapeake
from engine.titles.g1830.rules import CompanyRules1830, Game1830
from engine.titles.g1846.operating import CompanyRules1846
from engine.titles.g1846.rules import Game1846

FOUR = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


@pytest.mark.parametrize(("cls", "rules"), [(Game1830, CompanyRules1830), (Game1846, CompanyRules1846),
                                            (Game18Chesapeake, CompanyRules)])
def test_each_title_composes_its_company_rules(cls: type, rules: type) -> None:
    game = cls(FOUR, seed=1)
    assert type(game.company_rules) is rules and game.company_rules.game is game
    twin = game.copy()
    assert twin.company_rules is not game.company_rules and twin.company_rules.game is twin


def test_companies_pay_their_owners() -> None:
    game = Game1830(FOUR, seed=1)
    ann, bob = game.player_by_id(1), game.player_by_id(2)
    sv, bo = game.company_by_id("SV"), game.company_by_id("BO")
    sv.owner, bo.owner = bob, ann
    before = (ann.cash, bob.cash)
    game.company_rules.payout_companies()
    assert (ann.cash, bob.cash) == (before[0] + bo.revenue, before[1] + sv.revenue)
    assert game.log_lines[-2:] == [f"Ann collects ${bo.revenue} from {bo.name}",
                                   f"Bob collects ${sv.revenue} from {sv.name}"]


def test_purchasable_companies_are_player_owned_open_and_not_the_buyers() -> None:
    game = Game1830(FOUR, seed=1)
    ann = game.player_by_id(1)
    sv, bo = game.company_by_id("SV"), game.company_by_id("BO")
    sv.owner, bo.owner = ann, ann
    prr = game.corporation_by_id("PRR")
    assert game.company_rules.purchasable(prr) == [sv]  # 1830's B&O private is never for sale
    assert game.company_rules.purchasable(ann) == []
    sv.close()
    assert game.company_rules.purchasable(prr) == []
    assert game.company_rules.sellable(bo)
    bo.owner = prr
    assert not game.company_rules.sellable(bo)


def test_1846_minors_never_buy_privates() -> None:
    game = Game1846(FOUR, seed=1)
    private = next(c for c in game.companies if "Pass" not in c.name)
    private.owner = game.player_by_id(1)
    minor = game.minors[0]
    assert game.company_rules.purchasable(minor) == []
    assert private in game.company_rules.purchasable(game.corporations[0])


def test_1830_players_trade_privates_only_after_the_first_stock_round() -> None:
    game = Game1830(FOUR, seed=1)
    assert "can_buy_companies_from_other_players" in game.phase.status
    assert not game.company_rules.can_buy_from_player()
    game.turn = 2
    assert game.company_rules.can_buy_from_player()
    assert CompanyRules.can_buy_from_player(game.company_rules)
