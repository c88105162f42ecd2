"""Nearest-slot snapping for drops (shapely): a token dropped on a hex with several cities that can take it, but
not exactly on a slot, goes to the city whose nearest open slot is closest -- if it is close enough to mean it."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from desktop.map.geometry import Point

__all__ = ["nearest_target"]


def nearest_target(point: Point, targets: Mapping[Hashable, Sequence[Point]],
                   max_distance: float) -> tuple[Hashable, Point] | None:
    """The key of ``targets`` (each a group of points: a city's slots) nearest to ``point`` and the nearest of
    its points; None when none is within ``max_distance`` or two groups are about as near (an ambiguous drop
    is not guessed: within 15% of each other)."""
    # (shapely, and numpy under it, are imported at the first drop: not needed to open a game)
    from shapely.geometry import MultiPoint
    from shapely.geometry import Point as ShapelyPoint
    from shapely.ops import nearest_points

    here = ShapelyPoint(point)
    ranked: list[tuple[float, Hashable, Point]] = []
    for key, points in targets.items():
        if not points:
            continue
        group = MultiPoint([tuple(p) for p in points])
        _mine, theirs = nearest_points(here, group)
        ranked.append((here.distance(theirs), key, (theirs.x, theirs.y)))
    if not ranked:
        return None
    ranked.sort(key=lambda r: r[0])
    best = ranked[0]
    if best[0] > max_distance:
        return None
    if len(ranked) > 1 and ranked[1][0] <= best[0] * 1.15 + 1e-9:
        return None
    return best[1], best[2]
