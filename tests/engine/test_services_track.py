"""The track service (engine/services/track.py): home tokens, tile costs (terrain, discounts, 1846's minimum),
lays per turn, upgrades and the tile supply."""

from __future__ import annotations

from engine.map.tile import Tile
from engine.services.track import TrackRules
from engine.titles.g1830.rules import Game1830
from engine.titles.g1846.operating import TrackRules1846
from engine.titles.g1846.rules import Game1846

FOUR = [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]


def test_terrain_costs_and_1846s_minimum() -> None:
    game = Game1830(FOUR, seed=1)
    assert type(game.track_rules) is TrackRules
    prr = game.corporation_by_id("PRR")
    costly = next(h for h in game.hexes if sum(u.cost for u in h.tile.upgrades) > 0)
    plain = next(h for h in game.hexes if not h.tile.upgrades and h.tile.color == "white")
    assert game.track_rules.upgrade_cost(costly.tile, costly, prr, prr) == sum(u.cost for u in costly.tile.upgrades)
    assert game.track_rules.upgrade_cost(plain.tile, plain, prr, prr) == 0
    g46 = Game1846(FOUR, seed=1)
    assert type(g46.track_rules) is TrackRules1846
    plain46 = next(h for h in g46.hexes if not h.tile.upgrades and h.tile.color == "white")
    assert g46.track_rules.upgrade_cost(plain46.tile, plain46, None, None) == 20


def test_lays_and_upgrades_come_from_the_title() -> None:
    game = Game1830(FOUR, seed=1)
    assert list(game.track_rules.tile_lays(None)) == list(game.rules.tile_lays)
    blank = Tile.for_catalogue("blank", 0)
    assert game.track_rules.upgrades_to(blank, Tile.for_catalogue("7", 0))
    assert not game.track_rules.upgrades_to(blank, Tile.for_catalogue("14", 0))


def test_a_home_token_lands_in_the_home_city() -> None:
    game = Game1830(FOUR, seed=1)
    prr = game.corporation_by_id("PRR")
    game.track_rules.place_home_token(prr)
    home = game.hex_by_id(prr.coordinates)
    assert any(t is not None and t.corporation is prr for c in home.tile.cities for t in c.tokens)
    assert game.log_lines[-1] == f"PRR places a token on {home.id}"
