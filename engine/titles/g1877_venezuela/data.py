"""1877: Venezuela (Scott Petersen & Toby Mao; All Aboard Games), the title's facts as data: twelve corporations of
five shares, 1817's private companies (never sold: the game opens with a stock round), 60% of a new corporation's
shares go to the market, four train types (the first 4 train ends the game), two mine hexes drawn at random, a flat
map.
Behaviour that is not data lives in ``rules.py``."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.titles.g1817 import data as base
from engine.titles.spec import CorporationSpec, CustomTileSpec, OptionalRuleSpec, PhaseSpec, TitleSpec, TrainSpec
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 7)
STARTING_CASH = {2: 420, 3: 315, 4: 252, 5: 210, 6: 180, 7: 142}
CERT_LIMIT = {2: 21, 3: 16, 4: 13, 5: 11, 6: 9, 7: 9}
CORPORATION_SIZES: dict[str, tuple[int, ...]] = {"2": (5,), "2+": (5,), "3": (5,), "4": (5,)}
TOKENS_FOR_SIZE = {5: 2, 10: 4}
#: the hexes two of which (drawn at random) take the mine label
MINE_HEXES = ("B5", "C4", "D3", "E2", "F3", "F5", "G4", "G6", "H3", "H5", "I4")
MINE_LABEL = "⛏️"
MINE_TILES = ("X5", "X6", "X7")


def _corporation(sym: str, name: str, color: str, text_color: str = "white") -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=(0,), coordinates=None, color=color, text_color=text_color,
                           float_percent=20, shares=(40, 20, 20, 20), max_ownership_percent=60,
                           always_market_price=True)


CORPORATIONS = (
    _corporation("BPC", "Ferroviario de Barquisimento y Puerto Caballo", "dodgerblue"),
    _corporation("BSC", "Ferroviario de Barinas y San Cristobál", "lightgreen", "black"),
    _corporation("Cap", "Capital Line", "#FFD700", "black"),
    _corporation("CLG", "Ferroviario de Caracas y La Guaira", "deeppink"),
    _corporation("E&M", "Ferroviario de Encontrados y Machiques", "darkmagenta"),
    _corporation("FCC", "Ferroviario de Caracas y Cúa", "#ef4223"),
    _corporation("LESJ", "Ferroviario de La Encrucijada y San Juan de Los Morros", "#f2a847", "black"),
    _corporation("M&M", "Ferroviario de Machiques y Maracaibo", "saddlebrown"),
    _corporation("PCB", "Ferroviario de Puerto Cabello y Barquisimeto", "darkgreen"),
    _corporation("Sans", "Ferroviario de San Juan de Los Morros y San Fernando de Apure", "aqua", "black"),
    _corporation("SMB", "Ferroviario de Sabana de Mendoza y Barquisimeto", "silver", "black"),
    _corporation("TCM", "Tucucas Copper Mining Railway", "#16190e"),
)

MARKET = (
    ("0l", "0a", "0a", "0a", "40", "45", "50p", "55p", "60p", "65p", "70p", "80p", "90p", "100p", "110p", "120p",
     "135p", "150p", "165p", "180p", "200p", "220", "245", "270", "300", "330", "360", "400", "440", "490", "540",
     "600"),
)  # fmt: skip

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=2),
    PhaseSpec(name="2+", on="2+", train_limit=4, tiles=("yellow",), operating_rounds=2),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=2),
)

TRAINS = (
    TrainSpec(name="2", distance=2, price=100, rusts_on="4", num=40),
    TrainSpec(name="2+", distance=2, price=100, obsolete_on="4", num=3),
    TrainSpec(name="3", distance=3, price=250, num=10),
    TrainSpec(name="4", distance=4, price=300, num="unlimited", events=({"type": "signal_end_game"},)),
)

EVENTS_TEXT = {"signal_end_game": ("Signal End Game", "Game ends 3 ORs after purchase/export of first 4 train")}

_U: Literal["unlimited"] = "unlimited"
TILES: dict[str, int | Literal["unlimited"]] = {
    "5": _U, "7": _U, "8": _U, "9": _U, "441": _U, "442": _U, "444": _U, "80": _U, "81": _U, "82": _U, "83": _U,
    "38": _U, "X1": _U, "X2": _U, "X3": _U, "X4": _U, "X5": _U, "X6": _U, "X7": _U,
}  # fmt: skip

CUSTOM_TILES = {
    "X1": CustomTileSpec(color="green", code=_tile("city=revenue:50", "city=revenue:50", "path=a:1,b:_0",
                                                   "path=a:_1,b:5", "label=C")),
    "X2": CustomTileSpec(color="green", code=_tile("city=revenue:50", "path=a:0,b:_0", "label=M")),
    "X3": CustomTileSpec(color="brown", code=_tile("city=revenue:60,slots:2", "path=a:1,b:_0", "path=a:_0,b:5",
                                                   "label=C")),
    "X4": CustomTileSpec(color="brown", code=_tile("city=revenue:60", "path=a:0,b:_0", "label=M")),
    "X5": CustomTileSpec(color="yellow", code=_tile("city=revenue:30", "path=a:0,b:_0", "path=a:3,b:_0",
                                                    f"label={MINE_LABEL}")),
    "X6": CustomTileSpec(color="green", code=_tile("city=revenue:20", "path=a:0,b:_0", "path=a:3,b:_0",
                                                   f"label={MINE_LABEL}")),
    "X7": CustomTileSpec(color="brown", code=_tile("city=revenue:10", "path=a:0,b:_0", "path=a:3,b:_0",
                                                   f"label={MINE_LABEL}")),
}

LOCATION_NAMES = {
    "E2": "Acarigua", "H3": "Barcelona", "D3": "Barquisimeto", "G6": "Cabruta", "F5": "Calabozo", "F1": "Caracas",
    "A6": "Colombia", "B5": "San Cristobal", "H5": "El Pilar", "I4": "Guayana City", "L5": "Guyana",
    "B1": "Maracaibo", "C4": "El Vigía", "F3": "San Juan de Los Morros", "J1": "Trinidad & Tobago", "G4": "Zaraza",
}  # fmt: skip

_MOUNTAIN = "upgrade=cost:15,terrain:mountain"
_WATER = "upgrade=cost:10,terrain:water"

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "white": {
        "": ("C6", "D5", "E4", "E6", "G2", "G8", "H7", "I6", "J5", "D1"),
        _tile("border=edge:2,type:impassable", "border=edge:1,type:impassable"): ("C2",),
        "border=edge:4,type:impassable": ("B3",),
        "border=edge:2,type:impassable": ("K4",),
        "border=edge:5,type:impassable": ("J3",),
        _MOUNTAIN: ("I2",),
        _tile("city=revenue:0", _MOUNTAIN): ("D3", "C4"),
        "city=revenue:0": ("E2", "H3", "F5", "B5", "F3", "G4"),
        _WATER: ("F7",),
        _tile("city=revenue:0", _WATER): ("G6", "I4", "H5"),
    },
    "red": {
        _tile("offboard=revenue:yellow_20|green_30", "path=a:4,b:_0"): ("A6",),
        _tile("offboard=revenue:yellow_20|green_30|brown_40", "path=a:2,b:_0"): ("L5",),
        _tile("offboard=revenue:yellow_20|green_30|brown_40", "path=a:1,b:_0"): ("J1",),
    },
    "yellow": {
        _tile("city=revenue:40", "city=revenue:40", "path=a:1,b:_0", "path=a:_1,b:5", "label=C"): ("F1",),
        _tile("city=revenue:40", "path=a:0,b:_0", "label=M", "border=edge:5,type:impassable"): ("B1",),
    },
}

OPTIONAL_RULES = (
    OptionalRuleSpec(sym="cross_train", short_name="Cross Train Purchases",
                     desc="Allows corporations to purchase trains from others"),
    OptionalRuleSpec(sym="no_mines", short_name="No Mine Tiles", desc="Do not use the mine tiles"),
)

RULES = replace(base.RULES, currency_format="Bs.%s", sell_after="any_time", discarded_trains="remove")

TITLE: TitleSpec = replace(
    base.TITLE,
    title="1877: Venezuela",
    designer="Scott Petersen & Toby Mao",
    location="Venezuela",
    rules_url="https://docs.google.com/document/d/1HlnW2jPCMcxYisDX_CjNLMkwBz3nmwOQItsNKm13HRc",
    info_url="https://github.com/tobymao/18xx/wiki/1877",
    layout="flat",
    player_range=PLAYER_RANGE,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    market=MARKET,
    hexes=HEXES,
    location_names=LOCATION_NAMES,
    tiles=TILES,
    custom_tiles=CUSTOM_TILES,
    companies=base.COMPANIES,
    corporations=CORPORATIONS,
    trains=TRAINS,
    phases=PHASES,
    rules=RULES,
    optional_rules=OPTIONAL_RULES,
    status_text={},
    events_text=EVENTS_TEXT,
)
