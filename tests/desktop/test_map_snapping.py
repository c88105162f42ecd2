"""Nearest-slot snapping for token drops (shapely)."""

from __future__ import annotations

from desktop.map.snapping import nearest_target


def test_snapping_picks_the_city_whose_slot_is_nearest_within_reach() -> None:
    cities = {"west": [(-20.0, 0.0)], "east": [(20.0, 0.0), (32.0, 0.0)]}
    assert nearest_target((12.0, 6.0), cities, 25.0) == ("east", (20.0, 0.0))
    assert nearest_target((-14.0, -3.0), cities, 25.0) == ("west", (-20.0, 0.0))


def test_snapping_refuses_a_drop_too_far_or_halfway_between() -> None:
    cities = {"west": [(-20.0, 0.0)], "east": [(20.0, 0.0)]}
    assert nearest_target((0.0, 60.0), cities, 25.0) is None  # too far from every slot
    assert nearest_target((0.5, 0.0), cities, 25.0) is None  # about as near to both: not guessed
    assert nearest_target((0.0, 0.0), {}, 25.0) is None
