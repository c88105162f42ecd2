"""Tile notation parsing (engine.map.tilecode) and the tile catalogue."""

from __future__ import annotations

import json
from pathlib import Path as FsPath

import pytest

from engine.errors import InvalidAction
from engine.map import parts as p
from engine.map.catalogue import TILE_CATALOGUE, TITLE_TILES
from engine.map.tile import Tile
from engine.map.tilecode import ParsedPart, build_parts, parse_tile_code

SHARED = FsPath(__file__).resolve().parents[2] / ".." / "shared"
TITLES = SHARED / "reference" / "titles"


def test_parse_splits_types_and_params() -> None:
    parsed = parse_tile_code("city=revenue:20,slots:2;path=a:0,b:_0;label=OO;junction")
    assert [x.type for x in parsed] == ["city", "path", "label", "junction"]
    assert parsed[0].params == (("revenue", "20"), ("slots", "2"))
    assert parsed[0].get("slots") == "2"
    assert parsed[0].get("groups") is None
    assert parsed[2].bare == "OO"
    assert parsed[3] == ParsedPart("junction", (), "")


def test_parse_empty_and_memoised() -> None:
    assert parse_tile_code("") == ()
    code = "city=revenue:yellow_30|brown_60;path=a:1,b:_0"
    assert parse_tile_code(code) is parse_tile_code(code)


def test_parse_rejects_malformed_params() -> None:
    with pytest.raises(InvalidAction):
        parse_tile_code("city=revenue:20,slots")


def test_node_references_count_every_node_kind() -> None:
    parts = build_parts(
        "town=revenue:10;city=revenue:20;offboard=revenue:30;junction;path=a:_0,b:_1;path=a:_2,b:_3;path=a:0,b:_3"
    )
    town, city, offboard, junction = parts[:4]
    first, second, third = parts[4:]
    assert isinstance(first, p.Path) and isinstance(second, p.Path) and isinstance(third, p.Path)
    assert first.a is town and first.b is city
    assert second.a is offboard and second.b is junction
    assert isinstance(third.a, p.Edge) and third.a.num == 0 and third.b is junction


def test_unknown_node_reference_raises() -> None:
    with pytest.raises(InvalidAction):
        build_parts("city=revenue:20;path=a:0,b:_1")


def test_lanes_expand_into_consecutive_parts() -> None:
    tile = Tile.from_code("L", "path=a:0,b:3,lanes:2;city=revenue:20;path=a:1,b:_0,lanes:2", "yellow")
    kinds = [type(x).__name__ for x in tile.parts]
    assert kinds == ["Path", "Path", "City", "Path", "Path"]
    assert [x.index for x in tile.parts] == [0, 1, 2, 3, 4]
    edge_to_edge = tile.paths[:2]
    assert [path.lanes for path in edge_to_edge] == [((2, 0), (2, 1)), ((2, 1), (2, 0))]
    to_city = tile.paths[2:]
    assert [path.lanes for path in to_city] == [((2, 0), (2, 0)), ((2, 1), (2, 1))]
    assert tile.cities[0].id == "L-0-2"
    assert all(not path.single for path in tile.paths)


def test_lane_spec_and_track() -> None:
    tile = Tile.from_code("T", "path=a:0,b:3,a_lane:2.1,track:narrow;path=a:1,b:4,track:dual", "yellow")
    assert tile.paths[0].lanes == ((2, 1), (1, 0))
    assert tile.paths[0].track == "narrow"
    assert tile.paths[1].track == "dual"
    assert Tile.for_catalogue("7").paths[0].track == "broad"


def test_flat_revenue_is_stored_for_every_colour() -> None:
    city = Tile.for_catalogue("57").cities[0]
    assert city.revenue == {"yellow": 20, "green": 20, "brown": 20, "gray": 20, "diesel": 20}
    assert city.max_revenue == 20


def test_coloured_revenue_is_stored_as_written() -> None:
    tile = Tile.from_code("F2", "offboard=revenue:yellow_40|brown_70;path=a:3,b:_0", "red")
    assert tile.offboards[0].revenue == {"yellow": 40, "brown": 70}
    assert tile.offboards[0].max_revenue == 70


def test_node_options() -> None:
    tile = Tile.from_code(
        "X",
        "city=revenue:20,slots:3,groups:Chicago|Gulf,visit_cost:0,route:optional,loc:2.5;"
        "town=revenue:10,to_city:1,hide:1",
        "white",
    )
    city = tile.cities[0]
    assert city.normal_slots == 3 and city.slots == 3 and city.tokens == [None, None, None]
    assert city.groups == ["Chicago", "Gulf"]
    assert city.visit_cost == 0 and city.route == "optional" and city.loc == "2.5"
    town = tile.towns[0]
    assert town.to_city and town.hide and town.visit_cost == 1 and town.route == "mandatory"


def test_other_parts() -> None:
    tile = Tile.from_code(
        "C17",
        "offboard=revenue:yellow_40|brown_60,groups:E;icon=image:1846/30;path=a:1,b:_0;label=E;"
        "border=edge:1,type:mountain,cost:60;upgrade=cost:120,terrain:mountain|water;icon=image:port,sticky:1,blocks_lay:1",
        "red",
    )
    assert tile.label == "E"
    icon, port = tile.icons
    assert icon.name == "30" and icon.image == "/icons/1846/30.svg" and not icon.sticky and not icon.blocks_lay
    assert port.name == "port" and port.sticky and port.blocks_lay
    assert tile.blocks_lay
    (border,) = tile.borders
    assert (border.edge, border.type, border.cost) == (1, "mountain", 60)
    (upgrade,) = tile.upgrades
    assert upgrade.cost == 120 and upgrade.terrains == ["mountain", "water"]
    assert tile.terrain == ["mountain", "water"]


def test_ignored_parts_parse() -> None:
    tile = Tile.from_code(
        "Z",
        "stub=edge:2;partition=a:0,b:3,type:water;frame=color:red;stripes=color:brown;"
        "future_label=label:Y,color:green;halt=symbol:x;pass=revenue:0;unknown=foo:1;path=a:_0,b:_1",
        "white",
    )
    assert len(tile.stubs) == 1 and len(tile.partitions) == 1
    assert tile.frame is not None and tile.stripes is not None
    assert tile.future_label is not None and tile.future_label.label == "Y"
    assert len(tile.halts) == 1 and tile.towns == tile.halts
    assert isinstance(tile.cities[0], p.Pass)
    assert tile.paths[0].a is tile.halts[0] and tile.paths[0].b is tile.cities[0]


@pytest.mark.parametrize("name", sorted(TILE_CATALOGUE))
def test_every_catalogue_tile_builds(name: str) -> None:
    color, code = TILE_CATALOGUE[name]
    tile = Tile.for_catalogue(name, 3)
    assert tile.id == f"{name}-3" and tile.color == color
    assert len(tile.parts) == len([c for c in code.split(";") if c])
    assert [x.index for x in tile.parts] == list(range(len(tile.parts)))
    for part in tile.parts:
        assert part.tile is tile
    for path in tile.paths:
        assert len(path.edges) + len(path.nodes) + (path.junction is not None) == 2


def test_unknown_catalogue_tile() -> None:
    with pytest.raises(InvalidAction):
        Tile.for_catalogue("no-such-tile")


def _reference_catalogue() -> dict[str, tuple[str, str]]:
    path = TITLES / "tiles.json"
    if not path.exists():
        pytest.skip("shared reference data not available")
    data = json.loads(path.read_text())["tiles"]
    result: dict[str, tuple[str, str]] = {}
    for group, tiles in data.items():
        for name, code in tiles.items():
            color = group
            if group in ("greenbrown", "browngray", "brownsepia"):
                color, stripe = {
                    "greenbrown": ("green", "brown"),
                    "browngray": ("brown", "gray"),
                    "brownsepia": ("brown", "sepia"),
                }[group]
                code = f"stripes=color:{stripe};{code}" if code else f"stripes=color:{stripe}"
            result[name] = (color, code)
    return result


def test_catalogue_matches_reference() -> None:
    reference = _reference_catalogue()
    assert set(reference) <= set(TILE_CATALOGUE), sorted(set(reference) - set(TILE_CATALOGUE))
    for name, entry in TILE_CATALOGUE.items():
        assert name in reference, name
        assert entry == reference[name], name


def test_catalogue_covers_the_four_titles() -> None:
    reference = _reference_catalogue()
    for title in ("1830", "1889", "18Chesapeake", "1846"):
        data = json.loads((TITLES / f"{title}.json").read_text())["own"]
        for name, value in data["TILES"].items():
            if isinstance(value, dict):
                assert TITLE_TILES[title][name] == (value["color"], value["code"])
            else:
                assert name in TILE_CATALOGUE, (title, name)
        for hexes in data["HEXES"].values():
            for code in hexes.values():
                if code in reference:
                    assert code in TILE_CATALOGUE, (title, code)


def test_title_tiles_build() -> None:
    for tiles in TITLE_TILES.values():
        for name, (color, code) in tiles.items():
            tile = Tile.from_code(name, code, color)
            assert tile.color == color
