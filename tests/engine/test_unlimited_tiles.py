"""Unlimited tiles: each new copy takes the next free index, even when an older copy comes back from the map
(found by a random playout: a second tile with an id already on the map; the reference copies the highest
index)."""

from __future__ import annotations

from engine.titles.g1846.rules import Game1846


def test_a_relaid_older_copy_does_not_duplicate_an_id() -> None:
    game = Game1846([(1, "A"), (2, "B"), (3, "C")], game_id=1, seed=1)
    name = sorted(game.unlimited_tiles)[0]
    first = next(t for t in game.tiles if t.name == name)
    preprinted = game.hexes[0].tile
    game.track_rules.update_tile_lists(first, preprinted)  # laid: copy 1 appears
    second = next(t for t in game.tiles if t.name == name)
    assert second.index == first.index + 1
    game.track_rules.update_tile_lists(second, first)  # laid on top of the first, which goes back to the supply
    assert any(t is first for t in game.tiles)
    game.track_rules.update_tile_lists(first, preprinted)  # the old copy laid again elsewhere
    copies = [t for t in game._tiles_by_id.values() if t.name == name]
    assert len({t.id for t in copies}) == len(copies) == 4
    supply = [t for t in game.tiles if t.name == name]
    assert sorted(t.index for t in supply) == [first.index + 2, first.index + 3]
