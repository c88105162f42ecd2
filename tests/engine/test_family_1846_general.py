"""The general pieces the 1846 family added: draft round orders and the open drafts (engine/steps/draft.py), the
general Assign step (engine/steps/assign.py), route overlap groups (engine/map/route.py), neutral tokens
(engine/steps/tokener.py), the additional_token ability, a home chosen from ``home_token_locations``, an optional
action field written as ``false``, and the titles built on them (1846 2p Variant, 18 Los Angeles 1 and 2,
18Tokaido)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.actions import Action
from engine.errors import GameError
from engine.map.route import check_overlap
from engine.model.abilities import AdditionalToken, make_ability
from engine.steps.assign import Assign, assign, assigned, unassign
from engine.steps.draft import Draft2pDistribution, DraftRound, LimitedDraftDistribution
from engine.steps.tokener import neutral_corporation


def _game(title: str, players: int, seed: int = 7, rules: tuple[str, ...] = ()) -> Any:
    return new_game(title, [f"P{i}" for i in range(1, players + 1)], seed=seed, optional_rules=list(rules))


def _act(game: Any, kind: str, **fields: Any) -> None:
    who = game.round.current_entity()
    game.apply({"type": kind, "entity": who.id, "entity_type": "player", **fields})


# =============================================================================================
# Draft round orders
# =============================================================================================


def _order(order: str, players: int, turns: int) -> list[int]:
    game = _game("18 Los Angeles 2", players)
    round_ = DraftRound(game, [], order=order)
    seen = []
    for _ in range(turns):
        seen.append(game.players.index(round_.entities[round_.entity_index]))
        round_.next_entity_index()
    return seen


def test_draft_round_orders() -> None:
    assert _order("forward", 3, 7) == [0, 1, 2, 0, 1, 2, 0]
    assert _order("reverse", 3, 7) == [2, 1, 0, 2, 1, 0, 2]
    assert _order("snake", 3, 9) == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    assert _order("rotating", 3, 7) == [0, 1, 2, 1, 2, 0, 2]
    with pytest.raises(ValueError):
        DraftRound(_game("18 Los Angeles 2", 3), [], order="sideways")


# =============================================================================================
# Open drafts
# =============================================================================================


def test_two_player_open_draft_alternates_with_operating_rounds() -> None:
    game = _game("1846 2p Variant", 2, rules=("first_ed",))
    first_round = game.round
    step = game.round.active_step()
    assert isinstance(step, Draft2pDistribution) and game.turn == 0
    offered = [c.sym for c in step.available()]
    assert offered == [c.sym for c in sorted(step.available(), key=lambda c: (c.min_bid, c.name))]
    with pytest.raises(GameError):  # nobody may pass before a company is owned
        _act(game, "pass")
    buyer = game.round.current_entity()
    cash = buyer.cash
    cheapest = step.available()[0]
    _act(game, "bid", company=cheapest.sym, price=cheapest.min_bid)
    assert cheapest.owner is buyer and buyer.cash == cash - cheapest.min_bid  # paid at once
    _act(game, "pass")
    # both passed: an operating round (nobody operates yet) and then a new draft round of what is left
    _act(game, "pass")
    assert isinstance(game.round, DraftRound) and game.round is not first_round
    assert game.turn == 0 and cheapest not in game.round.active_step().available()


def test_limited_draft_stops_at_the_company_limit_and_closes_the_rest() -> None:
    game = _game("18 Los Angeles 2", 2, rules=())
    step = game.round.active_step()
    assert isinstance(step, LimitedDraftDistribution)
    first = game.round.current_entity()
    bought = 0
    while isinstance(game.round, DraftRound):
        company = step.available()[-1]
        buyer = game.round.current_entity()
        if buyer.cash < company.min_bid:
            company = step.available()[0]
        _act(game, "bid", company=company.sym, price=company.min_bid)
        bought += 1
    assert bought == game.draft_limit() == 8
    assert all(c.closed or c.player is not None for c in game.companies)
    assert first in game.players  # seats re-ordered by cash for the stock round
    assert [p.cash for p in game.players] == sorted(p.cash for p in game.players)


def test_limited_draft_pass_skips_the_snake_turnaround() -> None:
    game = _game("18 Los Angeles", 3)
    last = game.players[-1]
    _act(game, "pass")
    _act(game, "pass")
    assert game.round.current_entity() is last
    _act(game, "pass")  # the last seat would act twice at the turn of the snake: it is skipped
    assert game.round.current_entity() is not last


# =============================================================================================
# Assign
# =============================================================================================


class _Marked:
    pass


def test_assignment_helpers_work_on_any_entity() -> None:
    thing = _Marked()
    assert not assigned(thing, "X")
    assign(thing, "X")
    assert assigned(thing, "X") and not assigned(thing, None)
    unassign(thing, "X")
    assert not assigned(thing, "X")


def test_general_assign_moves_a_marker_between_hexes() -> None:
    game = _game("18Tokaido", 4, rules=("snake_draft",))
    fish = game.company_by_id("FM")
    corporation = game.corporations[0]
    fish.owner = corporation
    corporation.companies.append(fish)
    for ability in fish.all_abilities():
        if ability.type == "assign_hexes":
            ability.when = ["any"]  # usable now, outside its owner's turn
    step = Assign(game, game.round)
    assert step.actions(fish) == ["assign"] and not step.blocks()
    assert step.actions(corporation) == []
    assert step.available_hex(fish, game.hex_by_id("C13")) is not None
    assert step.available_hex(fish, game.hex_by_id("B12")) is None
    step.process_assign(Action.from_dict({"type": "assign", "entity": "FM", "entity_type": "company",
                                          "target": "C13", "target_type": "hex"}))
    assert game.hex_by_id("C13").assigned("FM")
    with pytest.raises(GameError):  # already there
        step.process_assign(Action.from_dict({"type": "assign", "entity": "FM", "entity_type": "company",
                                              "target": "C13", "target_type": "hex"}))
    with pytest.raises(GameError):  # the ability (count 1) is used up
        step.process_assign(Action.from_dict({"type": "assign", "entity": "FM", "entity_type": "company",
                                              "target": "E3", "target_type": "hex"}))
    # to a corporation: only a floated one
    assert step.assignable_corporations(fish) == []
    corporation.floated = True
    assert step.assignable_corporations(fish) == [corporation]
    step.process_assign(Action.from_dict({"type": "assign", "entity": "FM", "entity_type": "company",
                                          "target": corporation.id, "target_type": "corporation"}))
    assert assigned(corporation, "FM") and step.assignable_corporations(fish) == []


# =============================================================================================
# Routes, tokens, abilities, actions
# =============================================================================================


class _Train:
    def __init__(self, name: str) -> None:
        self.name = name


class _Route:
    def __init__(self, host: Any, train: str, paths: list[Any]) -> None:
        self.host = host
        self.train = _Train(train)
        self.paths = paths


def test_overlap_groups_let_passenger_and_freight_share_track() -> None:
    game = _game("18 Los Angeles 2", 3)
    hex_ = game.hex_by_id("B5")
    path = hex_.tile.paths[0]
    # the same track twice: refused for two passenger trains, allowed for a passenger and a freight train
    with pytest.raises(GameError):
        check_overlap([_Route(game, "2", [path]), _Route(game, "4", [path])])  # type: ignore[list-item]
    check_overlap([_Route(game, "2", [path]), _Route(game, "4/6", [path])])  # type: ignore[list-item]
    plain = _game("1846", 3)
    with pytest.raises(GameError):
        check_overlap([_Route(plain, "2", [path]), _Route(plain, "4/6", [path])])  # type: ignore[list-item]


def test_neutral_corporation_is_nobody() -> None:
    first, second = neutral_corporation(), neutral_corporation()
    assert first.id == "N" and first is not second and first.owner is None


def test_additional_token_ability_is_typed() -> None:
    ability = make_ability({"type": "additional_token", "count": 1, "owner_type": "corporation"})
    assert isinstance(ability, AdditionalToken) and ability.count == 1


def test_home_token_locations_for_a_corporation_without_a_home() -> None:
    game = _game("18 Los Angeles 2", 3)
    per = game.corporation_by_id("PER")
    hexes = game.home_token_locations(per)
    assert hexes and all(h.id in ("A4", "A6", "B5", "B13", "C8", "D7", "D9", "D11", "D13", "E4", "E6", "F9",
                                  "F11", "F13") for h in hexes)
    assert game.home_token_locations(game.corporation_by_id("UP")) == []


def test_an_optional_field_written_false_is_absent() -> None:
    action = Action.from_dict({"type": "buy_shares", "entity": 1, "entity_type": "player", "shares": ["A_1"],
                               "percent": 10, "share_price": False})
    assert action.to_dict()["share_price"] is False  # round-trips as written
    with pytest.raises(GameError):
        Action.from_dict({"type": "buy_shares", "entity": 1, "entity_type": "player", "shares": ["A_1"],
                          "percent": 10, "share_price": [1]})


# =============================================================================================
# The titles' set-ups
# =============================================================================================


def test_two_player_1846_removes_one_north_and_one_south_corporation() -> None:
    game = _game("1846 2p Variant", 2, seed=11)
    names = {c.id for c in game.corporations}
    assert len(names & {"ERIE", "GT", "NYC", "PRR"}) == 3 and len(names & {"B&O", "C&O", "IC"}) == 2
    assert all(c.max_ownership_percent == 70 for c in game.corporations)
    assert not any("Pass" in c.name for c in game.companies)
    assert game.cert_limit == 19


def test_los_angeles_optional_companies() -> None:
    plain = {c.id for c in _game("18 Los Angeles 2", 3).companies}
    assert "DC&H" not in plain and "LAT" not in plain
    with_rules = {c.id for c in _game("18 Los Angeles 2", 3, rules=("dch", "la_title")).companies}
    assert {"DC&H", "LAT"} <= with_rules


def test_tokaido_options_change_the_data() -> None:
    plain = _game("18Tokaido", 4, rules=("snake_draft",))
    express = _game("18Tokaido", 4, rules=("snake_draft", "limited_express"))
    assert all(c.float_percent == 60 for c in plain.corporations)
    assert all(c.float_percent == 50 for c in express.corporations)
    d_train = next(t for t in express.depot.upcoming if t.name == "D")
    assert d_train.price == 1100
    assert sum(1 for t in express.depot.upcoming if t.name == "6") == 2
    assert plain.cert_limit == 14
    three = _game("18Tokaido", 3, rules=("snake_draft",))
    assert len(three.corporations) == 6 and three.corporations[0].id == "YSL" and three.cert_limit == 16
    kept = _game("18Tokaido", 3, rules=("snake_draft", "no_corporation_discard"))
    assert len(kept.corporations) == 7


def test_optimiser_runs_each_overlap_group_on_its_own() -> None:
    """18 Los Angeles: a passenger and a freight train may use the same track, so the best run is the best run of
    each group; the routes found are validated together by the engine (and beat the player's 260)."""
    from engine import load_game
    from engine.routing.optimiser import _trains, best_routes, optimise
    from engine.steps.route import route_host
    from tests.conftest import FIXTURES, shared_or_skip

    game = load_game(shared_or_skip(FIXTURES / "18LosAngeles2" / "101655.json"), upto=269)
    result = best_routes(game)
    trains = _trains(game, result.entity)
    assert sorted(t.name for t in trains) == ["3/5", "4"]
    alone = [optimise(route_host(game), game.hexes, result.entity, [train], rules=game).total for train in trains]
    assert result.total == sum(alone) == 320


@pytest.mark.parametrize("position", [81, 123, 203])
def test_optimiser_counts_the_sleeper_train_per_city_of_the_best_route(position: int) -> None:
    """18Tokaido's Sleeper Train (``most_bonus``): ¥10 per city of the owner's best route; the optimiser's
    run is paid as it scored it and equals the players' best."""
    import json

    from engine import load_game
    from engine.routing.optimiser import best_routes
    from tests.conftest import FIXTURES, shared_or_skip

    path = shared_or_skip(FIXTURES / "18Tokaido" / "18Tokaido_game_end_bankrupt.json")
    action = json.loads(path.read_text())["actions"][position]
    assert action["type"] == "run_routes"
    game = load_game(path, upto=position)
    assert any(c.id == "ST" for c in game.corporation_by_id(action["entity"]).companies)
    assert best_routes(game).total == sum(int(r["revenue"]) for r in action["routes"])
