"""Preprinted tiles are numbered as the reference numbers them: within the group of hexes the map prints them in
(``<hex>-<index in its group>``), in the map's order; a saved game names cities by these ids ("G11-0-0"), so a
different number makes our saved games unreadable in the reference (1822MX playout 12007: "G24-1-0")."""

from __future__ import annotations

from typing import Any

import pytest

from engine import load_game
from engine.titles.spec import group_code


def _fresh(title: str) -> Any:
    players = [{"id": i, "name": f"Player {i}"} for i in range(1, 5)]
    return load_game({"id": 1, "title": title, "players": players, "settings": {"seed": 1}, "actions": []})


def test_a_tagged_group_code_is_its_code() -> None:
    assert group_code("city=revenue:0~2") == "city=revenue:0"
    assert group_code("") == "" and group_code("~hole-ring") == ""


def test_1888_prints_zibo_and_h10_in_groups_of_their_own() -> None:
    # the reference's map: G11 (a city) and H10 (a 20 mountain) each head a group after B12's, so each is the
    # first tile of its group
    game = _fresh("1888")
    assert game.hex_by_id("G11").tile.id == "G11-0"
    assert game.hex_by_id("H10").tile.id == "H10-0"
    assert game.hex_by_id("F6").tile.id == "F6-2"  # the city group D10, E5, F6 without G11
    order = [h.id for h in game.hexes]
    assert order.index("B12") < order.index("G11") < order.index("H10") < order.index("C13")


def test_1847ae_lists_bad_durkheim_before_f22() -> None:
    order = [h.id for h in _fresh("1847 AE").hexes]
    assert order.index("F2") < order.index("F16") < order.index("F22") < order.index("G15")


def test_an_empty_hex_is_no_hex_with_the_blank_tile() -> None:
    # 18MS's B14: the reference makes a hex marked empty, its tile the catalogue's blank ("blank-0"); the map
    # draws nothing there
    hex_ = _fresh("18MS").hex_by_id("B14")
    assert hex_.empty
    assert hex_.tile.id == "blank-0"
    assert not hex_.neighbors


@pytest.mark.parametrize("title", ["18MS", "1888"])
def test_a_hex_named_twice_in_a_map_is_never_built(title: str) -> None:
    ids = [h.id for h in _fresh(title).hexes]
    assert len(ids) == len(set(ids))
