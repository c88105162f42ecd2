"""The ability rules service (engine/services/abilities.py): composed by every 18xx game, chosen per title, bound
to its own game (also in copies); owner types, closing on an event, the graph's teleports."""

from __future__ import annotations

from typing import Any

import pytest

from engine.services.abilities import AbilityRules, ability_corporation, ability_player
from engine.titles.g18chesapeake.rules import Game18Chesapeake
from engine.titles.g1830.rules import Game1830
from engine.titles.g1846.operating import AbilityRules1846
from engine.titles.g1846.rules import Game1846

FOUR = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


def give(game: Any, company: Any, owner: Any) -> None:
    if company.owner is not None and company in company.owner.companies:
        company.owner.companies.remove(company)
    company.owner = owner
    owner.companies.append(company)


@pytest.mark.parametrize(("cls", "rules"), [(Game1830, AbilityRules), (Game1846, AbilityRules1846),
                                            (Game18Chesapeake, AbilityRules)])
def test_each_title_composes_its_ability_rules(cls: type, rules: type) -> None:
    game = cls(FOUR, seed=1)
    assert type(game.ability_rules) is rules and game.ability_rules.game is game
    twin = game.copy()
    assert twin.ability_rules is not game.ability_rules and twin.ability_rules.game is twin


def test_owner_type_player_abilities_stop_once_a_corporation_owns_the_company() -> None:
    game = Game1830(FOUR, seed=1)
    sv = game.company_by_id("SV")
    ann = game.player_by_id(1)
    give(game, sv, ann)
    blocks = game.ability_rules.abilities(sv, "blocks_hexes")
    assert [a.hexes for a in blocks] == [["G15"]]
    assert ability_player(blocks[0]) is ann and ability_corporation(blocks[0]) is None
    prr = game.corporation_by_id("PRR")
    give(game, sv, prr)
    assert game.ability_rules.abilities(sv, "blocks_hexes") == []
    assert game.ability_rules.ability(sv, "blocks_hexes") is None


def test_the_b_and_o_private_closes_when_the_b_and_o_buys_a_train() -> None:
    game = Game1830(FOUR, seed=1)
    bo_private = game.company_by_id("BO")
    give(game, bo_private, game.player_by_id(2))
    prr, bo = game.corporation_by_id("PRR"), game.corporation_by_id("B&O")
    game.ability_rules.close_companies_on_event(prr, "bought_train")
    assert not bo_private.closed  # another corporation's purchase does nothing
    game.ability_rules.close_companies_on_event(bo, "par")
    assert not bo_private.closed  # nor another event
    game.ability_rules.close_companies_on_event(bo, "bought_train")
    assert bo_private.closed and game.log_lines[-1] == f"{bo_private.name} closes"


def test_a_corporation_owned_teleport_reaches_the_graph() -> None:
    game = Game1830(FOUR, seed=1)
    dh = game.company_by_id("DH")
    prr = game.corporation_by_id("PRR")
    assert game.ability_rules.graph_teleports(prr) == []
    give(game, dh, prr)
    # the teleport is the company's, not the corporation's own: the graph only follows the corporation's
    assert game.ability_rules.graph_teleports(prr) == []
    assert [a.type for a in game.ability_rules.abilities(dh, "teleport", time="any")] == ["teleport"]
