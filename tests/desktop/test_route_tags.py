"""Route tags ("4 train $110") stay inside the map, so that a fitted view shows them whole."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QGraphicsRectItem

from desktop.map import MapScene
from desktop.map.route_items import RouteLine, RouteOverlay
from engine import new_game


def _scene(title: str) -> MapScene:
    scene = MapScene()
    scene.set_game(new_game(title, ["Ann", "Bob", "Cy"], seed=1))
    return scene


def _tags(overlay: RouteOverlay) -> list[QGraphicsRectItem]:
    return [item for item in overlay.items if isinstance(item, QGraphicsRectItem)]


def _edge_hexes(scene: MapScene) -> dict[str, str]:
    items = scene.hex_items()
    return {
        "right": max(items, key=lambda i: i.pos().x()).hex_id,
        "left": min(items, key=lambda i: i.pos().x()).hex_id,
        "top": min(items, key=lambda i: i.pos().y()).hex_id,
        "bottom": max(items, key=lambda i: i.pos().y()).hex_id,
    }


@pytest.mark.parametrize("title", ["1846", "1830"])
def test_tags_of_routes_ending_at_the_map_edges_stay_inside_the_map(qapp, title: str) -> None:
    scene = _scene(title)
    edges = _edge_hexes(scene)
    # a route from the middle of the map to each edge, several ending on the same hex (they stack)
    middle = min(scene.hex_items(), key=lambda i: (i.pos() - scene.map_rect().center()).manhattanLength())
    lines = [RouteLine(name=str(n + 2), style=n, hex_chains=[[middle.hex_id, hex_id]], revenue="$110")
             for n, hex_id in enumerate([*edges.values(), edges["right"], edges["right"], edges["bottom"]])]
    overlay = RouteOverlay(scene)
    overlay.show(lines)
    tags = _tags(overlay)
    assert len(tags) == len(lines)
    area = scene.map_rect()
    for tag in tags:
        box = tag.sceneBoundingRect()
        assert area.contains(box), (title, box, area)
    # stacked tags do not cover each other
    for i, a in enumerate(tags):
        for b in tags[i + 1:]:
            assert not a.mapRectToScene(a.rect()).intersects(b.mapRectToScene(b.rect()))


def test_a_tag_with_room_stays_to_the_right_of_its_route_end(qapp) -> None:
    scene = _scene("1846")
    middle = min(scene.hex_items(), key=lambda i: (i.pos() - scene.map_rect().center()).manhattanLength())
    overlay = RouteOverlay(scene)
    right = _edge_hexes(scene)["right"]
    overlay.show([RouteLine(name="4", style=0, hex_chains=[[right, middle.hex_id]], revenue="$110")])
    (tag,) = _tags(overlay)
    assert tag.sceneBoundingRect().left() > middle.pos().x()
