"""1882's rules and the general pieces it brought: the ``tile_income`` ability, the ``remove_token`` action,
``random_share`` certificates, parring by exchange, restored borders, neutral stations and the NWR private."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.actions import Action, RemoveToken
from engine.errors import InvalidAction
from engine.model.abilities import TileIncome, make_ability
from engine.steps.tracker import Tracker
from engine.titles.g1882.data import TITLE

PLAYERS = ["Ann", "Bob", "Cy"]


def game(seed: int = 7) -> Any:
    return new_game("1882", PLAYERS, seed=seed)


# --- tile_income ------------------------------------------------------------------------------------------
def test_tile_income_ability_reads_income_terrain_and_owner_only() -> None:
    ability = make_ability({"type": "tile_income", "income": 10, "terrain": "water"})
    assert isinstance(ability, TileIncome)
    assert (ability.income, ability.terrain, ability.owner_only) == (10, "water", False)
    every = make_ability({"type": "tile_income", "income": 5, "owner_only": True})
    assert isinstance(every, TileIncome)
    assert (every.income, every.terrain, every.owner_only) == (5, None, True)


def _tb_owned_by_first_player(g: Any) -> tuple[Any, Any, Any]:
    company = g.company_by_id("TB")
    player = g.players[0]
    company.owner = player
    player.companies.append(company)
    ability = next(a for a in company.all_abilities() if a.type == "tile_income")
    return company, player, ability


def test_terrain_tile_income_pays_once_per_crossed_border_of_its_terrain() -> None:
    g = game()
    company, player, ability = _tb_owned_by_first_player(g)
    step = Tracker(g, g.round)
    cash = player.cash
    step.pay_terrain_tile_income(company, ability, ["water", "water", "mountain"], g.players[1], g.players[1])
    assert player.cash == cash + 20
    step.pay_terrain_tile_income(company, ability, ["mountain"], g.players[1], g.players[1])
    assert player.cash == cash + 20


def test_owner_only_tile_income_ignores_other_builders() -> None:
    g = game()
    company, player, _ = _tb_owned_by_first_player(g)
    ability = make_ability({"type": "tile_income", "income": 10, "terrain": "water", "owner_only": True})
    step = Tracker(g, g.round)
    cash = player.cash
    step.pay_terrain_tile_income(company, ability, ["water"], g.players[1], g.players[1])
    assert player.cash == cash
    step.pay_terrain_tile_income(company, ability, ["water"], player, player)
    assert player.cash == cash + 10


def test_tile_income_without_terrain_pays_for_every_tile() -> None:
    g = game()
    company, player, _ = _tb_owned_by_first_player(g)
    ability = make_ability({"type": "tile_income", "income": 10})
    cash = player.cash
    Tracker(g, g.round).pay_all_tile_income(company, ability)
    assert player.cash == cash + 10


# --- remove_token -----------------------------------------------------------------------------------------
def test_remove_token_round_trips_and_needs_city_and_slot() -> None:
    data = {"type": "remove_token", "entity": "NWR", "entity_type": "company", "id": 127, "city": "57-0-0",
            "slot": 0}
    action = Action.from_dict(data)
    assert isinstance(action, RemoveToken)
    assert (action.city, action.slot) == ("57-0-0", 0)
    assert action.to_dict() == data
    with pytest.raises(InvalidAction):
        Action.from_dict({"type": "remove_token", "entity": "NWR", "entity_type": "company", "city": "57-0-0"})


# --- set-up ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_random_share_is_a_ten_percent_share_of_a_named_corporation(seed: int) -> None:
    g = game(seed)
    shares = next(a for a in g.company_by_id("TB").all_abilities() if a.type == "shares").shares
    assert len(shares) == 1
    share = shares[0]
    assert not share.president and share.percent == 10
    assert share.corporation.id in ("CNR", "CPR", "GT", "HBR", "QLL")
    again = next(a for a in game(seed).company_by_id("TB").all_abilities() if a.type == "shares").shares[0]
    assert again.id == share.id


def test_sc_is_parred_only_by_its_private_and_cn_never() -> None:
    g = game()
    sc = g.corporation_by_id("SC")
    assert sc.par_via_exchange is g.company_by_id("SC")
    assert not g.corporation_rules.can_par(sc, g.players[0])
    g.company_by_id("SC").owner = g.players[0]
    assert g.corporation_rules.can_par(sc, g.players[0])
    assert not g.corporation_rules.can_par(g.corporation_by_id("CN"), g.players[0])


def test_neutral_stations_belong_to_cn_and_the_sc_reserve_trains_are_held_back() -> None:
    g = game()
    cn = g.corporation_by_id("CN")
    for corporation in g.corporations:
        neutral = [t for t in corporation.tokens if t.type == "neutral"]
        if corporation.id in ("CPR", "CN"):
            assert not neutral
        else:
            assert len(neutral) == 1 and neutral[0].corporation is cn and neutral[0].price == 0
    spec = {t.name: t.num for t in TITLE.trains}
    upcoming = [t.name for t in g.depot.upcoming]
    for name in ("3", "4", "5", "6"):
        assert upcoming.count(name) == int(spec[name]) - 1
    assert sum(1 for t in g.depot.upcoming for e in t.events if e["type"] == "nwr") == 1


def test_home_token_locations_offer_open_and_neutral_cities() -> None:
    g = game()
    sc = g.corporation_by_id("SC")
    hexes = {h.id for h in g.home_token_locations(sc)}
    assert {"G3", "J12", "C3"} <= hexes
    assert "L8" not in hexes  # GT's reserved home
    assert "B12" not in hexes  # an off-board


# --- the map ------------------------------------------------------------------------------------------------
def test_restore_borders_puts_back_printed_borders_on_both_sides() -> None:
    g = game()
    hex_ = g.hex_by_id("G7")
    tile = hex_.tile
    border = next(b for b in tile.borders if b.edge == 3)
    neighbor = hex_.neighbors[3].tile
    back = next(b for b in neighbor.borders if b.edge == 0)
    tile.borders.remove(border)
    neighbor.borders.remove(back)
    tile.restore_borders()
    assert any(b is border for b in tile.borders)
    assert any(b is back for b in neighbor.borders)
    count = len(tile.borders)
    tile.restore_borders()
    assert len(tile.borders) == count


def test_hudson_bay_bonus_needs_an_eastern_offboard_and_hudson_bay() -> None:
    g = game()

    class Stop:
        def __init__(self, hex_id: str, revenue: int) -> None:
            self.hex = g.hex_by_id(hex_id)
            self.revenue = revenue

    class Route:
        pass

    import engine.map.route as route_module

    original = route_module.base_revenue_for
    route_module.base_revenue_for = lambda _route, stops: sum(s.revenue for s in stops)  # type: ignore[assignment]
    try:
        assert g.revenue_for(Route(), [Stop("I1", 40), Stop("B12", 40)]) == 180
        assert g.revenue_for(Route(), [Stop("B2", 30), Stop("G7", 20)]) == 50
    finally:
        route_module.base_revenue_for = original  # type: ignore[assignment]


# --- the NWR private's legal moves (remove, place, lay) ------------------------------------------------------
def test_nwr_legal_moves_follow_its_three_parts() -> None:
    import json

    from engine import load_game
    from engine.moves.registry import check_action, legal_moves
    from engine.moves.token import PlaceTokenMove, RemoveTokenMove
    from tests.conftest import FIXTURES

    path = FIXTURES / "1882" / "10526.json"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    actions = json.loads(path.read_text())["actions"]
    index = next(i for i, a in enumerate(actions) if a["type"] == "remove_token")
    game = load_game(path, upto=index)
    game.finish_loading()
    remove = actions[index]
    moves = legal_moves(game)
    removals = [m for m in moves.of_type("remove_token") if isinstance(m, RemoveTokenMove)]
    assert any((m.city, m.slot) == (remove["city"], remove["slot"]) for m in removals)
    wrong = {**remove, "slot": remove["slot"] + 1}
    assert all(m.refusal(wrong) is not None for m in removals if m.city == remove["city"])
    check_action(game, remove)
    game.process_action(remove)
    places = [m for m in legal_moves(game).of_type("place_token") if isinstance(m, PlaceTokenMove)]
    assert places and {m.hex for m in places} <= {"C3", "D4", "D6", "E5"}
    assert not legal_moves(game).of_type("remove_token")
    place = actions[index + 1]
    check_action(game, place)
    game.process_action(place)
    lays = legal_moves(game).of_type("lay_tile")
    assert lays and {getattr(m, "hex", None) for m in lays} == {"E5"}
    assert legal_moves(game).of_type("pass")
