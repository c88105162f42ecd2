"""Mark Derrick's titles (18GA, 18TN, 18MS) and 1850 Jr: registration, and the rules each adds, on states built
by hand (the real games are replayed by test_fixtures.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.map.tile import Tile
from engine.titles.g18ga.rules import Game18GA
from engine.titles.g18ms.rules import Game18MS
from engine.titles.g18tn.rules import Game18TN
from engine.titles.g1850jr.rules import port_bonus, port_of
from engine.titles.registry import load_title, title_spec

PLAYERS = [(1, "a"), (2, "b"), (3, "c")]


def test_titles_are_registered_under_their_export_names() -> None:
    for title, players in (("18GA", (3, 5)), ("18TN", (3, 5)), ("18MS", (2, 4)), ("1850Jr", (3, 6))):
        assert title_spec(title).player_range == players
        assert load_title(title).TITLE.title == title


def test_privates_change_hands_for_half_to_one_and_a_half_face_value() -> None:
    game = Game18GA(PLAYERS)
    prices = {c.id: (c.min_price, c.max_price) for c in game.companies}
    assert prices["LTR"] == (10, 30)
    assert prices["M&BR"] == (75, 225)


def test_18ga_neutral_stations_free_train_and_blocked_jacksonville() -> None:
    game = Game18GA(PLAYERS)
    for city_id in ("E1-0-0", "J4-0-0"):
        assert [t.type for t in game.city_by_id(city_id).tokens if t is not None] == ["neutral"]
    free = game.train_by_id("2-5")
    assert free.owner is game.neutral and not free.buyable
    assert game.depot.upcoming.count(free) == 0
    acl = game.corporation_by_id("ACL")
    assert acl.tokens[0].used and acl.tokens[0].city.hex.id == "J12"


def test_18ga_special_city_upgrades() -> None:
    game = Game18GA(PLAYERS)
    augusta = game.hex_by_id("D10")
    yellow = Tile.for_catalogue("57", 9)
    augusta.lay(yellow)
    assert game.track_rules.upgrades_to(yellow, Tile.for_catalogue("453a", 9))
    assert not game.track_rules.upgrades_to(yellow, Tile.for_catalogue("15", 9))
    rome = game.hex_by_id("C3")
    other = Tile.for_catalogue("57", 8)
    rome.lay(other)
    assert game.track_rules.upgrades_to(other, Tile.for_catalogue("15", 9))
    assert not game.track_rules.upgrades_to(other, Tile.for_catalogue("453a", 9))


def test_extra_first_or_yellow_lays_only_with_the_option_and_only_recently_floated() -> None:
    plain = Game18GA(PLAYERS)
    corp = plain.corporation_by_id("CoG")
    plain.recently_floated.append(corp)
    assert len(plain.track_rules.tile_lays(corp)) == 1
    game = Game18GA(PLAYERS, optional_rules=["double_yellow_first_or"])
    corp = game.corporation_by_id("CoG")
    assert len(game.track_rules.tile_lays(corp)) == 1
    game.recently_floated.append(corp)
    lays = game.track_rules.tile_lays(corp)
    assert len(lays) == 2 and lays[1] == {"lay": "not_if_upgraded", "upgrade": False}
    tn = Game18TN(PLAYERS, optional_rules=["triple_yellow_first_or"])
    sr = tn.corporation_by_id("SR")
    assert len(tn.track_rules.tile_lays(sr)) == 2
    tn.recently_floated.append(sr)
    assert len(tn.track_rules.tile_lays(sr)) == 3


def test_18ga_options_move_a_home_and_remove_a_token() -> None:
    game = Game18GA(PLAYERS, optional_rules=["new_georgia_florida_home", "remove_cog_token"])
    assert game.corporation_by_id("G&F").coordinates == "G3"
    assert len(game.corporation_by_id("CoG").tokens) == 3


def _route(corporation: Any, revenue: int) -> Any:
    return SimpleNamespace(corporation=corporation, revenue=revenue)


def test_18tn_civil_war_costs_the_weakest_run_when_every_train_runs() -> None:
    game = Game18TN(PLAYERS)
    corp = game.corporation_by_id("SR")
    corp.trains.extend([object(), object()])
    routes = [_route(corp, 90), _route(corp, 60)]
    assert game.routes_revenue(routes) == 150
    corp.add_ability({"type": "civil_war", "count": 1})
    assert game.routes_revenue(routes) == 90
    assert game.routes_revenue(routes[:1]) == 90  # one of two trains ran: no loss


def test_18tn_illinois_central_has_a_thirty_percent_president() -> None:
    game = Game18TN(PLAYERS)
    ic = game.corporation_by_id("IC")
    assert ic.presidents_share.percent == 30
    ipo = ic.shares_of(ic)
    assert len(ipo) == 8 and sum(s.percent for s in ipo) == 100  # the last 10% share left the game


def test_1850jr_port_bonus_is_half_rounded_down_to_ten() -> None:
    assert port_bonus(150) == 70
    assert port_bonus(100) == 50
    assert port_bonus(30) == 10
    port = SimpleNamespace(groups=["port"])
    city = SimpleNamespace(groups=[])
    assert port_of([city, port]) is port and port_of([city]) is None


def test_18ms_draft_each_player_buys_one_company_the_rest_leave() -> None:
    game = Game18MS(PLAYERS)
    step = game.round.active_step()
    assert [c.id for c in step.available()] == ["AGS", "BS", "M&M", "MC", "M&O"]
    order = [game.round.current_entity()]
    for sym in ("M&O", "AGS", "BS"):
        player = game.round.current_entity()
        company = game.company_by_id(sym)
        game.process_action({"type": "bid", "entity": player.id, "entity_type": "player", "company": sym,
                             "price": company.value})
        order.append(game.round.current_entity())
    assert order[0] is game.players[-1]  # reverse seat order
    assert sorted(c.id for c in game.companies) == ["AGS", "BS", "M&O"]
    assert type(game.round).__name__ == "StockRound"


def test_18ms_diesels_double_and_plus_trains_carry_salvage() -> None:
    game = Game18MS(PLAYERS)
    assert game.train_by_id("2D-0").multiplier == 2
    assert game.train_by_id("5D-0").multiplier == 2
    assert game.train_by_id("3+-0").salvage == 30
