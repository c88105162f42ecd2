"""1817WO (1817 on a small world map, flat hexes), the title's facts as data: twelve of 1817's corporations,
seven private companies, $100 of seed money, loans up to 65% with three per interest step, and Nieuw Zeeland:
a city blocked by a neutral token until the first 3 train, where a corporation starts with a second station and
one loan's interest paid (or is paid $20 without loans).  Everything else is 1817's (engine/titles/g1817/)."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.titles.g1817 import data as base
from engine.titles.spec import TitleSpec, TrainSpec
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 5)
STARTING_CASH = {2: 330, 3: 240, 4: 195, 5: 168}
CERT_LIMIT = {2: 16, 3: 13, 4: 11, 5: 9}
SEED_MONEY = 100
MAX_LOAN = 65
LOANS_PER_INCREMENT = 3
#: the city only reachable after the first 3 train, and what a station there is worth
NEW_ZEALAND = "L9"
NEW_ZEALAND_INTEREST_BONUS = 20

_LAKES = ("B7", "E4", "E2", "F9", "I8", "K6", "L5")

COMPANIES = (
    base.city_tile_company("PSM", "Pittsburgh Steel Mill", "I6", "New Pittsburgh"),
    base.plain_company("ME", "Mountain (Ocean) Engineers", 40,
                       "Owning corp receives $20 after laying a yellow tile in a lake hex.  Any fees must be paid first.",
                       {"type": "tile_income", "income": 20, "terrain": "lake", "owner_type": "corporation",
                        "owner_only": True}),
    base.bridge_company("OBC", "Ohio Bridge Company", 40, 1, hexes=("G4", "K4"), cities="Mare Nostrum or Dynasties"),
    base.plain_company("TS", "Train Station", 80,
                       "Provides an additional station marker for the owning corp, awarded at time of purchase",
                       {"type": "additional_token", "count": 1, "owner_type": "corporation"}),
    base.mine_company("MINC", "Minor Coal Mine", 30, 1, hexes=_LAKES),
    base.mine_company("CM", "Coal Mine", 60, 2, hexes=_LAKES),
    base.mail_company("MAJM", "Major Mail Contract", 120, 20),
)

_SYMS = ("A&S", "Belt", "Bess", "B&A", "DL&W", "GT", "H", "ME", "PSNR", "R", "UR", "WC")
CORPORATIONS = tuple(next(c for c in base.CORPORATIONS if c.sym == sym) for sym in _SYMS)

TRAINS = (
    TrainSpec(name="2", distance=2, price=100, rusts_on="4", num=48),
    TrainSpec(name="2+", distance=2, price=100, obsolete_on="4", num=2),
    TrainSpec(name="3", distance=3, price=250, rusts_on="6", num=7, events=({"type": "nieuw_zeeland_available"},)),
    TrainSpec(name="4", distance=4, price=400, rusts_on="8", num=5),
    TrainSpec(name="5", distance=5, price=600, num=3),
    TrainSpec(name="6", distance=6, price=750, num=2),
    TrainSpec(name="7", distance=7, price=900, num=2),
    TrainSpec(name="8", distance=8, price=1100, num="unlimited", events=({"type": "signal_end_game"},)),
)

EVENTS_TEXT = {**base.EVENTS_TEXT, "nieuw_zeeland_available": ("Nieuw Zealand opens for new IPOs", "")}

TILES: dict[str, int | Literal["unlimited"]] = {**base.TILES, "X00": "unlimited"}

LOCATION_NAMES = {
    "C2": "Prince of Wales Fort", "D7": "Amazonia", "G4": "Mare Nostrum", "G8": "Beginnings", "I2": "Brrrrrrrrrr!",
    "I6": "New Pittsburgh", "K4": "Dynasties", "K8": "Terra Australis", "A2": "Gold Rush", "A6": "Kingdom of Hawai'i",
    "D9": "Antarctica", "F1": "Vikings", "H9": "Libertalia", "J9": "You are lost", "L1": "Gold Rush",
    "L9": "Nieuw Zeeland", "C4": "NYC",
}  # fmt: skip

_LAKE = "upgrade=cost:15,terrain:lake"
_WATER = "upgrade=cost:10,terrain:water"

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("B3", "B5", "C6", "D3", "D5", "E6", "E8", "F3", "F5", "G2", "G6", "H1", "H5", "H7", "J5", "J7", "L3", "L7"),
    _LAKE: ("B7", "C8", "E2", "E4", "F9", "I8", "K6", "L5"),
    _WATER: ("H3", "I4", "J3"),
    "upgrade=cost:20": ("B1", "F7", "K2"),
    _tile("city=revenue:0", _LAKE): ("C2",),
    "city=revenue:0": ("G8", "I2", "I6", "K8"),
    _tile("city=revenue:0", "upgrade=cost:20"): ("D7",),
    _tile("city=revenue:0", _WATER): ("G4", "K4"),
}  # fmt: skip

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("path=a:0,b:1", "path=a:1,b:5", "path=a:0,b:5"): ("J1",),
    _tile("city=revenue:yellow_10|green_20|brown_30|gray_40", "path=a:4,b:_0", "path=a:_0,b:5"): ("A6",),
    _tile("city=revenue:yellow_20|green_30|brown_40|gray_50,slots:2", "path=a:1,b:_0", "path=a:5,b:_0"): ("F1",),
    _tile("town=revenue:yellow_10|green_20|brown_30|gray_40", "path=a:2,b:_0", "path=a:_0,b:4"): ("H9",),
    "city=revenue:0": ("L9",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:40", "city=revenue:40", "path=a:2,b:_0", "path=a:5,b:_1", "label=NY", "upgrade=cost:20"):
        ("C4",),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_30|green_50|brown_20|gray_60", "path=a:4,b:_0"): ("A2",),
    _tile("offboard=revenue:yellow_20|green_30|brown_50|gray_60", "path=a:2,b:_0", "path=a:4,b:_0"): ("D9",),
    _tile("offboard=revenue:yellow_30|green_40|brown_60|gray_80", "path=a:3,b:_0", "path=a:4,b:_0"): ("J9",),
    _tile("offboard=revenue:yellow_30|green_50|brown_20|gray_60", "path=a:1,b:_0"): ("L1",),
}

HEXES = {"white": WHITE_HEXES, "gray": GRAY_HEXES, "yellow": YELLOW_HEXES, "red": RED_HEXES}

TITLE: TitleSpec = replace(
    base.TITLE,
    title="1817WO",
    location="Earth",
    info_url="https://github.com/tobymao/18xx/wiki/1817WO",
    layout="flat",
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
    events_text=EVENTS_TEXT,
)
