"""18DE (Scott Petersen; 1817 on a map of Germany), the title's facts as data: fifteen German corporations,
seven private companies, 1817NA's train roster, 150 ℳ of seed money, a flat map with two-city (OO) hexes and
their gray upgrade.  Everything else is 1817's (engine/titles/g1817/)."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.titles.g1817 import data as base
from engine.titles.g1817_na import data as na
from engine.titles.spec import CustomTileSpec, TitleSpec
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 6)
STARTING_CASH = {2: 630, 3: 420, 4: 315, 5: 252, 6: 210}
CERT_LIMIT = {2: 21, 3: 16, 4: 13, 5: 11, 6: 9}
SEED_MONEY = 150

_MINE_HEXES = ("D14", "D22", "D24", "E15", "G11", "G13", "G17")

COMPANIES = (
    base.plain_company("ME", "Mountain Engineers", 40,
                       "Owning company receives 20 ℳ after laying a yellow tile in a mountain hex.  Any fees must be "
                       "paid first.",
                       {"type": "tile_income", "income": 20, "terrain": "mountain", "owner_type": "corporation",
                        "owner_only": True}),
    base.bridge_company("UBC", "Bridge Company", 80, 2, hexes=("D16", "J14"), cities="Frankfurt and Dresden"),
    base.plain_company("TS", "Train Station", 80,
                       "Provides an additional station marker for the owning corp, awarded at time of purchase",
                       {"type": "additional_token", "count": 1, "owner_type": "corporation"}),
    base.mine_company("MINC", "Minor Coal Mine", 30, 1, hexes=_MINE_HEXES),
    base.mine_company("MAJC", "Major Coal Mine", 90, 3, hexes=_MINE_HEXES),
    base.mail_company("MINM", "Minor Mail Contract", 60, 10),
    base.mail_company("MAJM", "Major Mail Contract", 120, 20),
)

CORPORATIONS = (
    base.corporation("BD", "Badische Eisenbahn", "maroon"),
    base.corporation("BY", "Bayrische Eisenbahn", "dodgerblue"),
    base.corporation("HE", "Hessische Eisenbahn", "darkgreen"),
    base.corporation("OL", "Oldenburgische Eisenbahn", "darkgray"),
    base.corporation("MS", "Eisenbahn Mecklenburg Schwerin", "indigo"),
    base.corporation("SX", "Sächsische Eisenbahn", "red"),
    base.corporation("WT", "Württembergische Eisenbahn", "yellow", "black"),
    base.corporation("BM", "Bergisch Märkische Bahn", "lime", "black"),
    base.corporation("BP", "Berlin Potsdamer Bahn", "hotpink"),
    base.corporation("BS", "Berlin Stettiner Bahn", "#003d84"),
    base.corporation("KM", "Köln-Mindener Bahn", "black"),
    base.corporation("LD", "Leipzig-Dresdner Bahn", "#ADD8E6", "black"),
    base.corporation("MB", "Magdeburger-Bahn", "Burlywood", "black"),
    base.corporation("NF", "Nürnberg-Fürth", "#e48329"),
    base.corporation("OB", "Ostbayrische Bahn", "#bedb86", "black"),
)

#: 1817's phases without its "no new shorts" status (18DE has no shorts)
PHASES = tuple(replace(p, status=()) for p in base.PHASES)

_U: Literal["unlimited"] = "unlimited"
TILES: dict[str, int | Literal["unlimited"]] = {
    "5": _U, "6": _U, "7": _U, "8": _U, "9": _U, "14": _U, "15": _U, "57": _U, "59": 3, "63": _U, "64": 1, "65": 1,
    "66": 1, "67": 1, "68": 1, "80": _U, "81": _U, "82": _U, "83": _U, "448": _U, "544": _U, "545": _U, "546": _U,
    "592": _U, "593": _U, "597": _U, "611": _U, "619": _U, "OO167": 3,
}  # fmt: skip

CUSTOM_TILES = {
    "OO167": CustomTileSpec(color="gray", code=_tile(
        "city=revenue:70,loc:0", "city=revenue:70,loc:3", "path=a:0,b:_0", "path=a:_0,b:1", "path=a:2,b:_1",
        "path=a:_1,b:3", "path=a:4,b:_0", "path=a:5,b:_1", "label=OO")),
}

LOCATION_NAMES = {
    "E1": "Copenhagen", "A15": "Brussels", "B20": "Paris", "C25": "Bern", "J22": "Vienna", "J16": "Prague",
    "B8": "Amsterdam", "E7": "Bremen", "F6": "Hamburg", "D10": "Osnabrück", "I9": "Berlin", "F10": "Hannover",
    "G11": "Harz Mountains", "G15": "Weimar", "B14": "Köln and Düsseldorf", "C13": "Essen and Dortmund",
    "I13": "Leipzig", "J14": "Dresden", "D16": "Frankfurt", "G19": "Nürnberg", "E21": "Stuttgart",
    "H22": "München", "K7": "Warsaw",
}  # fmt: skip

_MOUNTAIN = "upgrade=cost:15,terrain:mountain"
_WATER = "upgrade=cost:10,terrain:water"
_RED_SMALL = "offboard=revenue:yellow_10|green_20|brown_30|gray_40"

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    _MOUNTAIN: ("D14", "D22", "D24", "E13", "E15", "G11", "G13", "G17"),
    "": ("B12", "B16", "B18", "C11", "C17", "C19", "C7", "C9", "C23", "D12", "D6", "D8", "E11", "E19", "E23", "E3",
         "F4", "E5", "E9", "F12", "F14", "F16", "F18", "F20", "F22", "F24", "F8", "G23", "G7", "G9", "H12", "H14",
         "H16", "H18", "H24", "H4", "I15", "I3", "I5", "I7", "I19", "I23", "J10", "J4", "J6", "J8", "K11", "K13",
         "K9"),
    "city=revenue:0": ("D10", "E21", "F10", "G15", "I13"),
    _tile("city=revenue:0", _MOUNTAIN): ("G19",),
    _tile("city=revenue:0", _WATER): ("D16", "J14"),
    _WATER: ("C15", "D18", "D20", "E17", "G21", "G5", "H20", "H6", "H8", "H10", "I21", "I11", "J12", "J20"),
}  # fmt: skip

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_20|green_30|brown_40|gray_60", "path=a:3,b:_0"): ("B20",),
    _tile(_RED_SMALL, "path=a:4,b:_0", "path=a:3,b:_0"): ("C25",),
    _tile(_RED_SMALL, "path=a:1,b:_0"): ("J22",),
    _tile(_RED_SMALL, "path=a:1,b:_0", "path=a:2,b:_0"): ("K7",),
    _tile(_RED_SMALL, "path=a:3,b:_0"): ("J16",),
    _tile(_RED_SMALL, "path=a:4,b:_0", "path=a:5,b:_0"): ("B8",),
    _tile(_RED_SMALL, "path=a:0,b:_0"): ("E1",),
    _tile(_RED_SMALL, "path=a:4,b:_0", "path=a:5,b:_0", "path=a:3,b:_0"): ("A15",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:30", "path=a:0,b:_0", "path=a:_0,b:2", "label=B"): ("I9",),
    _tile("city=revenue:30", "path=a:2,b:_0", "path=a:_0,b:4", "label=B"): ("H22",),
    _tile("city=revenue:0", "city=revenue:0", "label=OO"): ("B14",),
    # (the same code as B14's: the trailing ";" keeps it a separate group, so its tile is C13-0 as the reference's)
    _tile("city=revenue:0", "city=revenue:0", "label=OO") + ";": ("C13",),
    _tile("city=revenue:30", "city=revenue:30", "path=a:1,b:_0", "path=a:5,b:_1", "label=OO"): ("F6",),
    _tile("city=revenue:20", "path=a:4,b:_0"): ("E7",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {"path=a:0,b:5": ("A13",)}

HEXES = {"white": WHITE_HEXES, "red": RED_HEXES, "yellow": YELLOW_HEXES, "gray": GRAY_HEXES}

OPTIONAL_RULES = tuple(r for r in base.OPTIONAL_RULES if r.sym == "modern_trains")

TITLE: TitleSpec = replace(
    base.TITLE,
    title="18DE",
    designer="Scott Petersen",
    publisher="",
    location="Germany",
    rules_url="https://docs.google.com/document/d/1lH3TcQc6etptZDWMbX1oZe7ne2VbbinAYkX8W_lpu-c/edit",
    info_url="https://github.com/tobymao/18xx/wiki/18DE",
    layout="flat",
    player_range=PLAYER_RANGE,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    hexes=HEXES,
    location_names=LOCATION_NAMES,
    tiles=TILES,
    custom_tiles=CUSTOM_TILES,
    companies=COMPANIES,
    corporations=CORPORATIONS,
    trains=na.TRAINS,
    phases=PHASES,
    optional_rules=OPTIONAL_RULES,
    status_text={},
    rules=replace(base.RULES, currency_format="%s ℳ"),
)
