"""1822MX: the NdeM set-up (a minor replaced, market shares outside the certificate limit), builder cubes (room
per terrain, the upgrade discount, the cube "tile" in the legal moves), the optional higher certificate limit, the
home token next to a token of one's own in Mexico City, and the local train on a trackless token city."""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.map.parts import Icon
from engine.services.track import TrackRules
from engine.titles.g1822_mx.operating import (
    CUBE_ICON,
    builder_cubes,
    can_hold_builder_cubes,
    cube_discount,
    max_builder_cubes,
)


def mx(players: int = 3, **kwargs: Any) -> Any:
    return new_game("1822MX", [f"P{i}" for i in range(players)], seed=7, **kwargs)


def test_ndem_replaces_the_first_of_its_minors_and_holds_market_shares() -> None:
    game = mx()
    ndem = game.ndem
    in_play = {c.sym for c in game.companies}
    replaced = [m for m in game.NDEM_MINORS if m not in in_play]
    assert len(replaced) == 1
    assert ndem.floated and ndem.share_price.price == 100
    assert game.share_pool.percent_of(ndem) == 40
    assert all(not s.counts_for_limit for s in ndem.all_shares)
    minor = game.corporation_by_id(replaced[0][1:])
    city = next(c for c in game.hex_by_id(minor.coordinates).tile.cities if c.tokened_by(ndem))
    assert not city.reserved_by(minor)
    # minor 18 waits at the bottom of the minors for concession C1
    minors = [c.sym for c in game.companies if c.sym.startswith("M")]
    assert minors[-1] == "M18"


def test_builder_cubes_room_and_discount() -> None:
    game = mx()
    mountain_river = game.hex_by_id("G14").tile  # mountain and river
    assert max_builder_cubes(mountain_river) == 3
    assert can_hold_builder_cubes(mountain_river) and cube_discount(mountain_river) == 0
    for _ in range(3):
        mountain_river.icons.append(Icon(CUBE_ICON, "1822_mx/red_cube"))
    assert builder_cubes(mountain_river) == 3 and not can_hold_builder_cubes(mountain_river)
    assert cube_discount(mountain_river) == 100
    plain = game.hex_by_id("B5").tile
    assert max_builder_cubes(plain) == 0 and not can_hold_builder_cubes(plain)
    cost = game.track_rules.upgrade_cost(mountain_river, game.hex_by_id("G14"), None, None)
    assert cost == 0  # 80 + 20 of terrain, all paid by the cubes


def test_higher_certificate_limit_option_survives_a_recount() -> None:
    game = mx(5, optional_rules=["higher_cert_limit"])
    assert game.cert_limit == 11
    assert game.corporation_rules.compute_cert_limit() == 11
    assert mx(5).cert_limit == 10


def test_home_token_beside_own_token_only_where_the_title_allows() -> None:
    assert TrackRules.multiple_tokens_allowed_on_home_hex(TrackRules(mx())) is False
    game = mx()
    assert game.track_rules.multiple_tokens_allowed_on_home_hex() is True
    mc = game.corporation_by_id("MC")
    n23 = game.hex_by_id("N23")
    fcm = game.corporation_by_id("FCM")
    other = next(c for c in n23.tile.cities if c.reserved_by(fcm))
    other.remove_reservation(fcm)
    extra = mc.tokens[-1]
    other.place_token(mc, extra, check_tokenable=False)
    game.track_rules.place_home_token(mc)
    assert mc.tokens[0].used and mc.tokens[0].city.hex is n23


def test_local_route_runs_from_a_token_city_without_track() -> None:
    from engine.map.route import Route

    game = mx()
    ndem = game.ndem
    hex_ = next(h for h in game.hexes for c in h.tile.cities if c.tokened_by(ndem) and not h.tile.paths) \
        if any(not h.tile.paths for h in game.hexes for c in h.tile.cities if c.tokened_by(ndem)) else None
    if hex_ is None:  # the NdeM's first token is in Mexico City: give it one on a trackless city
        hex_ = game.hex_by_id("B3")
        hex_.tile.cities[0].place_token(ndem, next(t for t in ndem.tokens if not t.used), check_tokenable=False)
    train = game.depot.upcoming[0]
    train.owner = ndem
    ndem.trains.append(train)
    route = Route(game, train, connections=[["local", hex_.id]])
    assert route.visited_stops and route.visited_stops[0].hex is hex_
