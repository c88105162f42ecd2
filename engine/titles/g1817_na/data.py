"""1817NA (1817 on a map of North America), the title's facts as data: fifteen of 1817's corporations, eight
private companies, fewer trains, $150 of seed money and four loans per interest step.  Everything else is
1817's (engine/titles/g1817/)."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.titles.g1817 import data as base
from engine.titles.spec import TitleSpec, TrainSpec
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 6)
STARTING_CASH = {2: 420, 3: 315, 4: 252, 5: 210, 6: 180}
CERT_LIMIT = {2: 21, 3: 16, 4: 13, 5: 11, 6: 9}
SEED_MONEY = 150
LOANS_PER_INCREMENT = 4
PITTSBURGH_PRIVATE = "DTC"

_MOUNTAINS = ("A3", "B4", "B8", "B10", "D10", "E11", "E13", "F12", "G13", "G19", "H12", "J14")

COMPANIES = (
    base.city_tile_company("DTC", "Denver Telecommunications", "F14", "Denver"),
    base.plain_company("ME", "Mountain Engineers", 40,
                       "Owning corp receives $20 after laying a yellow tile in a mountain hex.  Any fees must be paid "
                       "first.",
                       {"type": "tile_income", "income": 20, "terrain": "mountain", "owner_type": "corporation",
                        "owner_only": True}),
    base.bridge_company("UBC", "Union Bridge Company", 80, 2, hexes=("D16", "H18"),
                        cities="Winnipeg or New Orleans"),
    base.plain_company("TS", "Train Station", 80,
                       "Provides an additional station marker for the owning corp, awarded at time of purchase",
                       {"type": "additional_token", "count": 1, "owner_type": "corporation"}),
    base.mine_company("MINC", "Minor Coal Mine", 30, 1, hexes=_MOUNTAINS),
    base.mine_company("MAJC", "Major Coal Mine", 90, 3, hexes=_MOUNTAINS),
    base.mail_company("MINM", "Minor Mail Contract", 60, 10),
    base.mail_company("MAJM", "Major Mail Contract", 120, 20),
)

#: 1817's corporations from the Delaware, Lackawanna and Western on
CORPORATIONS = base.CORPORATIONS[5:]

TRAINS = (
    TrainSpec(name="2", distance=2, price=100, rusts_on="4", num=31),
    TrainSpec(name="2+", distance=2, price=100, obsolete_on="4", num=3),
    TrainSpec(name="3", distance=3, price=250, rusts_on="6", num=8),
    TrainSpec(name="4", distance=4, price=400, rusts_on="8", num=6),
    TrainSpec(name="5", distance=5, price=600, num=4),
    TrainSpec(name="6", distance=6, price=750, num=3),
    TrainSpec(name="7", distance=7, price=900, num=2),
    TrainSpec(name="8", distance=8, price=1100, num="unlimited", events=({"type": "signal_end_game"},)),
)

TILES: dict[str, int | Literal["unlimited"]] = {**base.TILES, "X00": "unlimited"}

LOCATION_NAMES = {
    "A7": "Dawson City", "B2": "Anchorage", "B6": "The Klondike", "B18": "Arctic", "C3": "Asia", "C9": "Hazelton",
    "D12": "Edmonton", "D16": "Winnipeg", "D22": "Quebec", "D26": "Europe", "E9": "Seattle", "F14": "Denver",
    "F20": "Toronto", "F22": "New York", "H8": "Hawaii", "H10": "Los Angeles", "H18": "New Orleans",
    "I13": "Guadalajara", "I15": "Mexico City", "I21": "Miami", "J18": "Belize", "K21": "South America",
}  # fmt: skip

_MOUNTAIN = "upgrade=cost:15,terrain:mountain"
_WATER = "upgrade=cost:10,terrain:water"
_LAKE = "upgrade=cost:20,terrain:lake"
_SEA = "offboard=revenue:yellow_0,visit_cost:99"

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    _MOUNTAIN: _MOUNTAINS,
    "": ("A5", "A9", "B12", "C7", "C11", "C13", "C15", "C17", "C23", "D18", "D20", "D24", "E21", "E23", "F10", "G9",
         "G11", "G15", "G21", "H14", "H16", "H20", "J16", "K17", "K19"),
    _tile("border=edge:0,type:impassable", "border=edge:1,type:impassable"): ("E19",),
    "border=edge:4,type:impassable": ("E17",),
    "border=edge:3,type:impassable": ("F18",),
    _tile("city=revenue:0", _MOUNTAIN): ("A7",),
    "city=revenue:0": ("B2", "C9", "D22", "E9", "F14", "F20", "H10", "I13"),
    _tile("city=revenue:0", "border=edge:3,type:impassable"): ("J18",),
    _LAKE: ("D8", "E25", "J20"),
    _tile(_LAKE, "border=edge:0,type:impassable"): ("I19",),
    _WATER: ("D14", "E15", "F16", "G17"),
    _tile("city=revenue:0", _WATER): ("H18", "D16"),
}  # fmt: skip

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("town=revenue:yellow_50|green_20|brown_40", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0"): ("B6",),
    "path=a:1,b:4": ("B14", "C19"),
    "path=a:1,b:5": ("B16", "C21"),
    _tile("city=revenue:yellow_20|green_30|brown_50|gray_60", "path=a:1,b:_0", "path=a:_0,b:2", "path=a:0,b:_0",
          "path=a:_0,b:1"): ("I21",),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_20|green_30|brown_50|gray_60", "path=a:0,b:_0"): ("B18",),
    _tile("offboard=revenue:yellow_30|green_50|brown_60|gray_80", "path=a:2,b:_0", "path=a:3,b:_0"): ("C3",),
    _tile("offboard=revenue:yellow_30|green_50|brown_60|gray_80", "path=a:1,b:_0", "path=a:0,b:_0"): ("D26",),
    _tile("offboard=revenue:yellow_20|green_30|brown_50|gray_60", "path=a:3,b:_0", "path=a:4,b:_0"): ("H8",),
    _tile("offboard=revenue:yellow_20|green_30|brown_50|gray_60", "path=a:1,b:_0", "path=a:2,b:_0"): ("K21",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:30", "path=a:2,b:_0", "path=a:_0,b:4", "label=B"): ("D12",),
    _tile("city=revenue:40", "city=revenue:40", "path=a:3,b:_1", "path=a:0,b:_0", "label=NY", _LAKE): ("F22",),
    _tile("city=revenue:30", "path=a:1,b:_0", "path=a:_0,b:5", "label=B", _LAKE): ("I15",),
}

BLUE_HEXES: dict[str, tuple[str, ...]] = {
    _tile(_SEA, "path=a:3,b:_0"): ("I17", "C1", "F8"),
    _tile(_SEA, "path=a:3,b:_0", "border=edge:4"): ("I9",),
    _tile(_SEA, "path=a:3,b:_0", "border=edge:2"): ("J12",),
    _tile(_SEA, "path=a:2,b:_0", _SEA, "path=a:4,b:_0", "border=edge:1", "border=edge:5"): ("I11",),
    _tile(_SEA, "path=a:5,b:_0"): ("A1",),
}

HEXES = {"white": WHITE_HEXES, "gray": GRAY_HEXES, "red": RED_HEXES, "yellow": YELLOW_HEXES, "blue": BLUE_HEXES}

TITLE: TitleSpec = replace(
    base.TITLE,
    title="1817NA",
    location="North America",
    info_url="https://github.com/tobymao/18xx/wiki/1817NA",
    player_range=PLAYER_RANGE,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    hexes=HEXES,
    location_names=LOCATION_NAMES,
    tiles=TILES,
    companies=COMPANIES + base.VOLATILITY_COMPANIES,
    optional_rules=base.DERIVED_OPTIONAL_RULES,
    corporations=CORPORATIONS,
    trains=TRAINS,
)
