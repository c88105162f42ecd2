"""Issue 29: at the fitted zoom of a big map (1822, 18USA) location names were drawn 6-7 px tall (grown only
MAX_LABEL_GROWTH past their slot).  A name that cannot reach MIN_LABEL_PX that way is drawn at MIN_LABEL_PX in the
free part of its hex (inside the hex, clear of the stops, track and labels), on two lines or shortened if it
must, and not at all when no form fits."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QPainterPath

from desktop.map import HexGeometry
from desktop.map.items import MIN_LABEL_PX, _LegibleName, _Placer, _short_name, map_font


def _legible(name: str, city: float = 26.0) -> tuple[_LegibleName, HexGeometry]:
    g = HexGeometry("flat")
    placer = _Placer(g, 1.0)
    placer.add_disc((0.0, 0.0), city, 4.0)  # a city in the middle of the hex
    font = map_font(13.5, condensed=True)
    own = len(placer.rects)
    placer.add_rect((0.0, -62.0), 90.0, 18.0, 3.0)  # the name's own slot (left out of its room)
    return _LegibleName(name, [name], font, (0.0, -62.0), placer, own, g.radius, 1.0), g


def _box(path: QPainterPath, centre: tuple[float, float], grow: float) -> tuple[float, float, float, float]:
    r = path.boundingRect()
    cx, cy = centre
    return (cx + (r.left() - cx) * grow, cy + (r.top() - cy) * grow,
            cx + (r.right() - cx) * grow, cy + (r.bottom() - cy) * grow)


def test_a_name_too_small_at_the_fitted_zoom_is_drawn_legible_inside_the_free_part_of_its_hex(qapp: Any) -> None:
    legible, g = _legible("Middlesbrough")
    zoom = 0.22  # 13.5 px names at 3 px: 1.8 times that is still 5.3 px
    shown = legible.at(zoom)
    assert shown is not None
    path, centre, grow = shown
    assert legible.font.pixelSize() * zoom * grow >= MIN_LABEL_PX - 1e-6
    left, top, right, bottom = _box(path, centre, grow)
    for corner in ((left, top), (right, top), (left, bottom), (right, bottom)):
        assert g.inside_margin(corner) >= -1.0, corner
    # clear of the city in the middle
    assert bottom <= -26.0 or top >= 26.0 or right <= -26.0 or left >= 26.0
    # the same answer for the same zoom (kept), and nothing drawn when no form can be legible
    assert legible.at(zoom) is shown
    assert legible.at(0.04) is None


def test_a_short_form_for_a_long_name() -> None:
    assert _short_name("Middlesbrough") == "Middl."
    assert _short_name("Hull") is None
    assert _short_name("St. Ives") is None  # a first word too short to stand for the name
    assert _short_name("Kansas City") == "Kansas C."
    assert _short_name("Deep South") == "Deep S."
    assert _short_name("Port of New Orleans") == "Port N."
    assert _short_name("Akron & Canton") == "Akron C."
    assert _short_name("Philadelphia & Trenton") == "Phila."
