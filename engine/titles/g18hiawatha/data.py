"""18 Hiawatha (Michael Carter, Anthony Fryer, Nick Neylon; 1817's rules around Chicago and Milwaukee), the title's
facts as data: twelve corporations that start with five shares (may grow to ten in phase 4), four train types
(the first 4 train ends the game), a short market, Milwaukee blocked until the first 3 train, eight private
companies (farms, ports, a freight token, a free 2 train, a green home tile, a postal contract) and $160 of seed
money.  Behaviour that is not data lives in ``rules.py``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from engine.titles.g1817 import data as base
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    CustomTileSpec,
    OptionalRuleSpec,
    PhaseSpec,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (3, 6)
STARTING_CASH = {3: 435, 4: 325, 5: 260, 6: 220}
CERT_LIMIT = {3: 15, 4: 12, 5: 10, 6: 8}
SEED_MONEY = 160
TOKENS_FOR_SIZE = {5: 2, 10: 4}
CORPORATION_SIZES: dict[str, tuple[int, ...]] = {"2": (5,), "2+": (5,), "3": (5,), "4": (5, 10)}

MILWAUKEE = "A7"
TRAIN_STATION_PRIVATE = "US"
KENOSHA_PRIVATE = "MB"
FARM_PRIVATE = "FU"
#: the route bonuses: both hexes as stops
BONUSES = ((("A7", "D10"), 20, "Milwaukee-Great Lakes"), (("A7", "E1"), 40, "Milwaukee-Rockford"))


def _company(sym: str, name: str, value: int, desc: str, *abilities: dict[str, Any]) -> CompanySpec:
    return CompanySpec(sym=sym, name=name, value=value, revenue=0, desc=desc, abilities=tuple(abilities))


COMPANIES = (
    _company("MB", "Muntzenberger Brewery", 60,
             "Owning corporation may place the Kenosha yellow tile during the tile-laying phase, counts as a yellow "
             "tile lay. No connectivity requirement. The Kenosha hex is not reserved for this tile, power is lost if "
             "another company builds a regular tile there first.",
             {"type": "tile_lay", "hexes": ["D6"], "tiles": ["X00H"], "when": "track", "owner_type": "corporation",
              "count": 1, "closed_when_used_up": True, "consume_tile_lay": True, "special": True}),
    _company("US", "Union Station", 60,
             "Provides an additional station marker for the owning corp, awarded at time of purchase",
             {"type": "additional_token", "count": 1, "owner_type": "corporation"}),
    _company("FU", "Farmer's Union", 60,
             "Comes with two Farm markers. They may be placed on a connected Farm hex along with a yellow tile as a "
             "regular tile placement. Marked yellow hexes cannot be upgraded. Hexes pay $10 extra revenue and do not "
             "count as a stop. May not start or end a route at a Farm.",
             {"type": "tile_lay", "hexes": ["B2", "C1", "E3", "F2"], "tiles": ["7", "8", "9"], "when": "track",
              "consume_tile_lay": True, "closed_when_used_up": True, "owner_type": "corporation", "count": 2}),
    _company("GLS", "Great Lakes Shipping", 40,
             "Owning corporation gets one Port token. It may be placed on an offboard location that has a Port "
             "(anchor) symbol. All trains of all corporations gain +10 revenue to the routes of all trains running "
             "to this Port.",
             {"type": "assign_hexes", "when": "owning_corp_or_turn", "hexes": ["A9", "D10", "G13"], "count": 1,
              "owner_type": "corporation"}),
    _company("FC", "Freight Company", 50,
             "Owning corporation can place a freight token on any one offboard location. The token cannot be moved "
             "once placed. The owning corporation gains +10 revenue to the routes of all trains running to this "
             "token.",
             {"type": "assign_hexes", "when": "owning_corp_or_turn", "hexes": ["A1", "A9", "D10", "E1", "G13", "I3",
                                                                               "I13"],
              "count": 1, "owner_type": "corporation"},
             {"type": "assign_corporation", "count": 1, "owner_type": "corporation"}),
    _company("RR", "Receivership Railroad", 120,
             "Owning corporation immediately gets a free 2-train (labelled 2RR), regardless of the current phase, "
             "unless in Phase 4 (in which case 2-trains have been rusted.)"),
    _company("JLBC", "Jacob Leinenkugel Brewing Company", 60,
             "The owning corporation may lay a green city tile on their home location instead of a yellow city tile, "
             "or upgrade their home location to a green city tile if already yellow. This may be used during any "
             "phase.",
             {"type": "tile_lay", "hexes": [], "tiles": ["14", "15", "619", "592H", "592H2"], "special": False,
              "when": ["track", "special_track"], "count": 1, "consume_tile_lay": True}),
    _company("PC", "Postal Contract", 90,
             "Pays owning corporation $20 at the start of each operating round. Corporation is not required to own a "
             "train to receive this bonus."),
)


def _corporation(spec: CorporationSpec) -> CorporationSpec:
    return replace(spec, shares=(40, 20, 20, 20), max_ownership_percent=60)


_SYMS = ("DL&W", "J", "GT", "H", "ME", "NYOW", "NYSW", "PSNR", "PLE", "PW", "R", "UR")
CORPORATIONS = tuple(_corporation(next(c for c in base.CORPORATIONS if c.sym == sym)) for sym in _SYMS)

MARKET = (
    ("0l", "0a", "0a", "0a", "45", "45", "50p", "55p", "60p", "65p", "70p", "80p", "90p", "100p", "110p", "120p",
     "135p", "150p", "165p", "180p", "200p", "220", "245", "270", "300", "330", "360", "400", "440", "490"),
)  # fmt: skip

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=2),
    PhaseSpec(name="2+", on="2+", train_limit=4, tiles=("yellow",), operating_rounds=2),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=2),
)

TRAINS = (
    TrainSpec(name="2", distance=2, price=100, obsolete_on="3", rusts_on="4", num=31),
    TrainSpec(name="2+", distance=2, price=100, obsolete_on="4", num=3),
    TrainSpec(name="3", distance=3, price=250, num=10, events=({"type": "remove_blocking_token"},)),
    TrainSpec(name="4", distance=4, price=400, num=8, events=({"type": "signal_end_game"},)),
)

EVENTS_TEXT = {
    **base.EVENTS_TEXT,
    "remove_blocking_token": ("Remove Blocking Token", f"Blocking token in Milwaukee ({MILWAUKEE}) is removed."),
    "signal_end_game": ("Signal End Game",
                        "Game Ends at the end of the OR set after purchase/export of first 4 train."),
}

TILES: dict[str, int | Literal["unlimited"]] = {
    "5": 5, "6": 5, "7": 6, "8": 6, "9": 6, "57": 5, "X00H": 1, "14": 3, "15": 3, "80": 2, "81": 2, "82": 2, "83": 2,
    "619": 3, "592H": 2, "592H2": 1, "63": 3, "448": 2, "544": 1, "545": 1, "546": 1, "611": 2, "593H": 2,
    "593H2": 1,
}  # fmt: skip

CUSTOM_TILES = {
    "X00H": CustomTileSpec(color="yellow", code=_tile("city=revenue:30", "path=a:1,b:_0", "path=a:3,b:_0",
                                                      "path=a:5,b:_0", "label=KEN")),
    "592H": CustomTileSpec(color="green", code=_tile("city=revenue:20,slots:2", "path=a:1,b:_0", "path=a:3,b:_0",
                                                     "path=a:5,b:_0", "label=CHI")),
    "592H2": CustomTileSpec(color="green", code=_tile("city=revenue:50,slots:2", "path=a:1,b:_0", "path=a:3,b:_0",
                                                      "path=a:5,b:_0", "label=KEN")),
    "593H": CustomTileSpec(color="brown", code=_tile("city=revenue:60,slots:3", "path=a:1,b:_0", "path=a:2,b:_0",
                                                     "path=a:3,b:_0", "path=a:5,b:_0", "label=CHI")),
    "593H2": CustomTileSpec(color="brown", code=_tile("city=revenue:60,slots:3", "path=a:1,b:_0", "path=a:2,b:_0",
                                                      "path=a:3,b:_0", "path=a:5,b:_0", "label=KEN")),
}

LOCATION_NAMES = {
    "A1": "Madison", "A5": "Waukesha", "A7": "Milwaukee", "A9": "Green Bay", "B6": "Oak Creek", "C3": "East Troy",
    "C7": "Racine", "D2": "Elkhorn", "D6": "Kenosha", "D10": "Great Lakes (+20 Milwaukee)",
    "E1": "Rockford (+40 Milwaukee)", "E7": "Waukegan", "F4": "Elgin", "F6": "Arlington Heights", "F8": "Skokie",
    "G7": "Des Plaines", "G9": "North Chicago", "G13": "Great Lakes", "H4": "Naperville", "H8": "Oak Park",
    "H10": "South Chicago", "I3": "Saint Louis", "I5": "Joliet", "I9": "Oak Lawn", "I11": "Gary",
    "I13": "Indianapolis",
}  # fmt: skip

_WATER = "upgrade=cost:15,terrain:water"

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "blue": {
        "": ("B8", "C9", "E9", "F10"),
        _tile("path=a:0,b:4", "path=a:1,b:4", "path=a:2,b:4"): ("D8",),
        _tile("path=a:0,b:4", "path=a:1,b:4"): ("G11",),
        _tile("path=a:0,b:3", "path=a:1,b:3"): ("H12",),
    },
    "gray": {
        _tile("city=revenue:yellow_20|green_60|brown_40,slots:2", "path=a:0,b:_0", "path=a:1,b:_0",
              "path=a:4,b:_0"): ("A7",),
    },
    "white": {
        "": ("A3", "C5", "D4", "G3", "G5", "H2", "H6"),
        _WATER: ("B4", "E5", "I7"),
        "city=revenue:0": ("B6", "C3", "C7", "D2", "D6", "E7", "F4", "F6", "F8", "G7", "H4", "I5", "I9", "I11"),
        _tile("city=revenue:0", _WATER): ("A5", "H8"),
        "icon=image:18_hiawatha/wheat": ("B2", "C1", "E3", "F2"),
    },
    "yellow": {
        _tile("city=revenue:40", "path=a:0,b:_0", "path=a:2,b:_0", _WATER, "label=CHI"): ("G9",),
        _tile("city=revenue:40", "path=a:1,b:_0", "path=a:5,b:_0", "label=CHI"): ("H10",),
    },
    "red": {
        _tile("offboard=revenue:yellow_30|green_40|brown_50", "path=a:4,b:_0,terminal:1",
              "path=a:5,b:_0,terminal:1"): ("A1",),
        _tile("offboard=revenue:yellow_20|green_30|brown_50", "path=a:1,b:_0", "icon=image:port"): ("A9",),
        _tile("offboard=revenue:green_30|brown_50", "path=a:1,b:_0", "icon=image:port"): ("D10",),
        _tile("offboard=revenue:yellow_30|green_40|brown_40", "path=a:3,b:_0,terminal:1", "path=a:4,b:_0,terminal:1",
              "path=a:5,b:_0,terminal:1"): ("E1",),
        _tile("offboard=revenue:green_30|brown_40", "path=a:0,b:_0,terminal:1", "path=a:1,b:_0,terminal:1",
              "icon=image:port"): ("G13",),
        _tile("offboard=revenue:yellow_30|green_40|brown_60", "path=a:2,b:_0,terminal:1", "path=a:3,b:_0,terminal:1",
              "path=a:4,b:_0,terminal:1"): ("I3",),
        _tile("offboard=revenue:yellow_20|green_30|brown_40", "path=a:1,b:_0"): ("I13",),
    },
}

OPTIONAL_RULES = (
    OptionalRuleSpec(sym="no_privates", short_name="No privates",
                     desc="This variant removes all private companies from the game."),
)

RULES = replace(
    base.RULES,
    sell_after="any_time",
    always_buy_trains_at_face_value=True,
    tile_lays=({"lay": True, "upgrade": True},
               {"lay": True, "upgrade": "not_if_upgraded", "cannot_reuse_same_hex": True}),
)

TITLE: TitleSpec = replace(
    base.TITLE,
    title="18 Hiawatha",
    designer="Michael Carter, Anthony Fryer, & Nick Neylon",
    publisher="",
    location="Midwestern USA",
    rules_url="https://boardgamegeek.com/filepage/279677/18-hiawatha-rules-from-mainline-issue-1",
    info_url="https://github.com/tobymao/18xx/wiki/18Hiawatha",
    layout="pointy",
    player_range=PLAYER_RANGE,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    market=MARKET,
    hexes=HEXES,
    location_names=LOCATION_NAMES,
    tiles=TILES,
    custom_tiles=CUSTOM_TILES,
    companies=COMPANIES,
    corporations=CORPORATIONS,
    trains=TRAINS,
    phases=PHASES,
    rules=RULES,
    optional_rules=OPTIONAL_RULES,
    status_text={},
    events_text=EVENTS_TEXT,
)
