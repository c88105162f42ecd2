"""1822 at the table (issue 29): a minor's home token in a full London city (a slot beyond the printed one) made the
city a two-slot capsule running over its neighbour, and London's name sat under the revenue circle its six cities
share.  A token beyond a city's printed slots is now a smaller token on that city's rim where it covers the least;
a shared revenue circle goes before the name where that leaves the name clear of it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from desktop.map.items import _CITY_R, _EXTRA_TOKEN_SCALE, _TOKEN_R
from desktop.map.scene import MapScene
from engine import load_game
from tests.conftest import FIXTURES, shared_or_skip

#: our own game, played in the window: 81 actions; minor 14's home token in the extra slot of GWR's London city
GAME = Path(__file__).parent.parent / "engine" / "data" / "1822_gui_81_minor_in_a_london_extra_slot.json"


_SCENES: list[MapScene] = []


def _drawing(game: Any, hex_id: str) -> tuple[Any, Any, float]:
    scene = MapScene()
    _SCENES[:] = [scene]  # (kept while the test looks at its items)
    scene.set_game(game)
    item = scene.item_for_hex(hex_id)
    assert item is not None and item.drawing is not None
    return item, item.drawing, item.geometry.radius / 100.0


def _extra_cities(game: Any, hex_id: str) -> list[int]:
    cities = game.hex_by_id(hex_id).tile.cities
    return [i for i, c in enumerate(cities) if len(c.tokens) > c.normal_slots and c.tokens[c.normal_slots] is not None]


@pytest.mark.parametrize(
    ("path", "upto", "hex_id"),
    [
        (GAME, None, "M38"),  # London: six one-slot cities round the middle
        (None, 954, "L19"),  # York: NER at home, MR beside it
    ],
)
def test_a_token_beyond_the_printed_slots_sits_on_its_citys_rim(
    qapp: Any, path: Path | None, upto: int | None, hex_id: str
) -> None:
    path = path or shared_or_skip(FIXTURES / "1822" / "1822_game_end_stock_market.json")
    game = load_game(path, upto=upto)
    extra = _extra_cities(game, hex_id)
    assert extra, "the state has a token beyond a city's printed slots"
    item, drawing, k = _drawing(game, hex_id)
    city_r, ring = _CITY_R * k, (_TOKEN_R * _EXTRA_TOKEN_SCALE + 2.0) * k
    cities = game.hex_by_id(hex_id).tile.cities
    for index in extra:
        city = cities[index]
        slots = drawing.slot_positions[index]
        assert len(slots) == len(city.tokens)
        printed, beside = slots[: city.normal_slots], slots[city.normal_slots :]
        # the printed slot where the city is drawn, not moved aside for a second slot
        assert printed[0] == pytest.approx(drawing.city_positions[index], abs=1e-6)
        for pos in beside:
            # on the city's rim (its centre on the city's edge), inside the hex
            assert min(math.dist(pos, c) for c in printed) == pytest.approx(city_r, abs=1.0)
            assert item.geometry.inside_margin(pos) >= ring - 1.0
            # clear of every other city's slots (the capsule ran over the neighbouring city)
            for other, others in enumerate(drawing.slot_positions):
                if other != index:
                    assert all(math.dist(pos, c) >= city_r + ring - 1.0 for c in others[: cities[other].normal_slots])
            # and the token there is found where it is drawn (a click on it is a click on that slot)
            local = item.mapToScene(*pos)
            assert item.slot_at(local) == (index, slots.index(pos))


def test_londons_name_is_clear_of_its_revenue_circle(qapp: Any) -> None:
    game = load_game(GAME)
    _item, drawing, _k = _drawing(game, "M38")
    assert drawing.name_box is not None and len(drawing.revenue_discs) == 1
    (x, y), w, h = drawing.name_box
    (cx, cy), r = drawing.revenue_discs[0]
    nearest = (min(max(cx, x - w / 2), x + w / 2), min(max(cy, y - h / 2), y + h / 2))
    assert math.dist(nearest, (cx, cy)) >= r - 0.5, (drawing.name_box, drawing.revenue_discs)


def test_new_yorks_name_keeps_its_place_before_the_shared_circle(qapp: Any) -> None:
    """The circle goes first only for a clear gain: 1830's New York & Newark keeps its name in the large size."""
    game = load_game(shared_or_skip(FIXTURES / "1830" / "1830_game_end_bank.json"), upto=200)
    _item, drawing, k = _drawing(game, "G19")
    assert drawing.name_box is not None and len(drawing.revenue_discs) == 1
    (x, y), w, h = drawing.name_box
    (cx, cy), r = drawing.revenue_discs[0]
    nearest = (min(max(cx, x - w / 2), x + w / 2), min(max(cy, y - h / 2), y + h / 2))
    assert math.dist(nearest, (cx, cy)) >= r - 0.5
    assert h >= 2 * 13.5 * 0.88 * k  # two lines, not shrunk to its smallest size


def test_a_reservation_in_a_crowded_london_goes_to_a_free_corner(qapp: Any) -> None:
    """Minor 14's reservation of London (a hex reservation, not a slot's) was drawn over LYR's and LNWR's cities: the
    hex's corners are now among a badge's places, the only room London's six cities leave."""
    game = load_game(shared_or_skip(FIXTURES / "1822" / "1822_game_end_stock_market.json"), upto=960)
    assert [getattr(e, "name", e) for e in game.hex_by_id("M38").tile.reservations] == ["14"]
    item, drawing, k = _drawing(game, "M38")
    badge = next(b for b in drawing.badge_boxes if b[0] == "14")
    _text, (x, y), w, h = badge
    for slots in drawing.slot_positions:
        for cx, cy in slots:
            nearest = (min(max(cx, x - w / 2), x + w / 2), min(max(cy, y - h / 2), y + h / 2))
            assert math.dist(nearest, (cx, cy)) >= _CITY_R * k - 0.5, (badge, (cx, cy))
    for corner in ((x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x - w / 2, y + h / 2), (x + w / 2, y + h / 2)):
        assert item.geometry.inside_margin(corner) >= -0.5


@pytest.mark.parametrize("upto", [0, None])
def test_londons_cost_to_lay_track_is_clear_of_its_cities(qapp: Any, upto: int | None) -> None:
    """1822's London costs £20 to lay track: the amount was drawn in the one gap its six cities leave at the
    middle, against their tokens (LBSCR's under it at some zooms).  The hex's corners are among its places now."""
    game = load_game(GAME, upto=upto)
    item, drawing, k = _drawing(game, "M38")
    assert len(drawing.cost_boxes) == 1
    (x, y), w, h = drawing.cost_boxes[0]
    for slots in drawing.slot_positions:
        for cx, cy in slots:
            nearest = (min(max(cx, x - w / 2), x + w / 2), min(max(cy, y - h / 2), y + h / 2))
            assert math.dist(nearest, (cx, cy)) >= _CITY_R * k - 0.5, ((x, y), (cx, cy))
    if drawing.name_box is not None:  # nor over the name
        (nx, ny), nw, nh = drawing.name_box
        assert abs(nx - x) >= (nw + w) / 2 or abs(ny - y) >= (nh + h) / 2
    for corner in ((x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x - w / 2, y + h / 2), (x + w / 2, y + h / 2)):
        assert item.geometry.inside_margin(corner) >= -0.5
