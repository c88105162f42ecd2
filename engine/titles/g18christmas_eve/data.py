"""Uncle Lachlan's 18 Christmas Eve (Lachlan Kingsford): how its facts differ from 18Chesapeake's.

The game is played on the rooms of a house: every room is a coloured frame around its hexes, and a tile laid
there keeps the room's frame.  The tiles, phases and stock market are 18Chesapeake's
(``engine.titles.g18chesapeake.data``); the privates, the railroads' homes, the map and the end are its own.
"""

from __future__ import annotations

from dataclasses import replace

from engine.titles.g18chesapeake import data as base
from engine.titles.spec import CompanySpec, TitleSpec
from engine.titles.spec import tile_code as _tile

BANK_CASH = 12_000



# =============================================================================================
# Private companies (auctioned in this order)
# =============================================================================================

STAIR_CASE_CLEANUP = CompanySpec(
    sym="SCCC",
    name="Stair Case Cleanup Co",
    value=20,
    revenue=5,
    desc="Blocks hex H9 while owned by a player.",
    abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["H9"]},),
)

DUMBWAITER = CompanySpec(
    sym="DW",
    name="Dumbwaiter Excavation",
    value=50,
    revenue=10,
    desc="Blocks building a station at F3 while owned by a player.",
    abilities=({"type": "reservation", "remove": "sold", "hex": "F3"},),
)

DADS_INTERVENTION = CompanySpec(
    sym="DI",
    name="Dad's Intervention",
    value=100,
    revenue=0,
    desc="Its buyer also receives a 10% share of the B&O.",
    abilities=({"type": "shares", "shares": "B&O_1"},),
)

#: 18Chesapeake's Cornelius Vanderbilt under another name: a random president's certificate, closing when
#: that railroad buys its first train.
SANTA = CompanySpec(
    sym="SC",
    name='"Santa"?',
    value=200,
    revenue=30,
    desc="Its buyer also receives the president's certificate of a railroad drawn at random. Closes when that "
    "railroad buys its first train. It cannot be bought by a corporation.",
    abilities=({"type": "shares", "shares": "random_president"}, {"type": "no_buy"}),
)

EGG_NOG_EXPRESS = CompanySpec(
    sym="ENX",
    name="Egg Nog Express",
    value=80,
    revenue=15,
    desc="The owning railroad adds $40 to any train run that includes both the Bar (F7) and the DC hex (C10).",
)

CONDUCTORS_HAT = CompanySpec(
    sym="CH",
    name="Conductor's Hat",
    value=40,
    revenue=10,
    desc="Adds $10 per room stopped at at least once by any one train of the owning railroad (the one train "
    "stopping in the most rooms). Red off-board locations do not count.",
)

COMPANIES = (STAIR_CASE_CLEANUP, DUMBWAITER, DADS_INTERVENTION, SANTA, EGG_NOG_EXPRESS, CONDUCTORS_HAT)

# Same railroads, new homes.
_HOMES: dict[str, tuple[str, int | None]] = {
    "PRR": ("L11", None),
    "PLE": ("B3", None),
    "SRR": ("E12", 1),
    "B&O": ("J5", 0),
    "C&O": ("K2", None),
    "LV": ("F9", None),
    "C&A": ("J11", None),
    "N&W": ("E6", None),
}
CORPORATIONS = tuple(
    replace(c, coordinates=_HOMES[c.sym][0], city=_HOMES[c.sym][1]) for c in base.CORPORATIONS
)

# =============================================================================================
# Trains: 18Chesapeake's; the first D ends the game after the next complete set of operating rounds.
# =============================================================================================

TRAINS = tuple(
    replace(t, events=({"type": "d_trigger"},)) if t.name == "D" else t for t in base.TRAINS
)

EVENTS_TEXT = {
    **base.EVENTS_TEXT,
    "d_trigger": ("D Trigger", "After the purchase of the first D, game ends end of the following OR set"),
}

RULES = replace(
    base.RULES,
    sell_buy_order="sell_buy_sell",
    game_end_check=(("bankrupt", "immediate"), ("bank", "full_or"), ("final_phase", "one_more_full_or_set")),
)

# =============================================================================================
# The house
# =============================================================================================

LOCATION_NAMES = {
    "J11": "Basement",
    "E14": "Front Door",
    "B11": "Christmas Tree",
    "L13": "Balcony",
    "F7": "Bar",
    "L7": "Bathroom",
    "B1": "Back Door",
    "A6": "Forgotten Cupboard",
    "A8": "Garage",
    "G8": "Staircase",
    "D3": "Kitchen",
    "D7": "Dining",
    "H11": "Study",
    "C8": "Lounge",
    "L9": "Master",
    "J7": "Hall",
    "K4": "Bedroom",
    "L3": "Bedroom",
    "I2": "Rec Room",
    "F11": "Foyer",
    "F9": "Utilities",
}

#: The rooms: frame colour of each.
KITCHEN = "frame=color:#CE95C3"
DINING = "frame=color:#F7FFB6"
LOUNGE = "frame=color:#FFFFFF"
FOYER = "frame=color:#7D96CD"
UTILITIES = "frame=color:#CCCCC1"
STAIRCASE = "frame=color:#C4E4CD"
STUDY = "frame=color:#BBBBB6"
MASTER = "frame=color:#E6C4AF"
HALL = "frame=color:#F5846B"
REC_ROOM = "frame=color:#9FCAA1"
BEDROOM_1 = "frame=color:#AB9E7F"
BEDROOM_2 = "frame=color:#AFDFE0"

_CITY = "city=revenue:0"
_TOWN = "town=revenue:0"
_MOUNTAIN = "upgrade=cost:80,terrain:mountain"

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    KITCHEN: ("D3", "E4"),
    _tile(KITCHEN, _CITY): ("B3", "F3"),
    _tile(KITCHEN, _TOWN): ("C4",),
    _tile(DINING, _CITY): ("D5", "E6"),
    DINING: ("D7", "F5"),
    LOUNGE: ("C8", "D9", "D11"),
    _tile(LOUNGE, _TOWN, _TOWN): ("B7",),
    _tile(LOUNGE, _TOWN): ("B9", "C12"),
    _tile(LOUNGE, _CITY, "label=DC"): ("C10",),
    FOYER: ("F11",),
    _tile(FOYER, _CITY): ("E10",),
    _tile(UTILITIES, _CITY): ("F9",),
    _tile(_MOUNTAIN, STAIRCASE): ("G8", "G10", "H7", "H9"),
    _tile(STUDY, _CITY): ("G12",),
    STUDY: ("H11",),
    _tile(STUDY, _TOWN): ("I12",),
    _tile(MASTER, _CITY): ("K10", "L11"),
    MASTER: ("L9", "K12"),
    HALL: ("I4", "I8", "J7"),
    _tile(HALL, _TOWN, _TOWN): ("I6",),
    _tile(HALL, _CITY): ("K8",),
    REC_ROOM: ("I2", "J1"),
    _tile(REC_ROOM, _TOWN, _TOWN): ("J3",),
    BEDROOM_1: ("L1", "L3"),
    _tile(BEDROOM_1, _CITY): ("K2",),
    BEDROOM_2: ("K4", "L5"),
    _tile(BEDROOM_2, _CITY): ("J5",),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_20|green_40|brown_60|gray_80", "path=a:2,b:_0", "path=a:3,b:_0",
          "path=a:4,b:_0"): ("E14",),
    _tile("offboard=revenue:yellow_20|green_80|gray_120", "path=a:2,b:_0", "path=a:3,b:_0",
          "path=a:4,b:_0"): ("L13",),
    _tile("offboard=revenue:yellow_20|green_30|brown_40|gray_60", "path=a:4,b:_0"): ("A8",),
    _tile("city=revenue:yellow_20|brown_40", "path=a:1,b:_0"): ("J11",),
    _tile("offboard=revenue:20", "path=a:5,b:_0"): ("A6",),
    # The Bathroom: two hexes in one group, L7 does not print its revenue
    _tile("offboard=revenue:20,groups:Bathroom", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0",
          "path=a:4,b:_0", "path=a:0,b:_0", "border=edge:5"): ("K6",),
    _tile("offboard=revenue:20,hide:1,groups:Bathroom", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:3,b:_0",
          "border=edge:2"): ("L7",),
    # The Back Door: pays less as the game goes on
    _tile("offboard=revenue:yellow_60|brown_20|gray_10,groups:Back Door", "path=a:5,b:_0",
          "border=edge:4"): ("A2",),
    _tile("offboard=revenue:yellow_60|brown_20|gray_10,hide:1,groups:Back Door", "path=a:0,b:_0",
          "border=edge:1"): ("B1",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile(FOYER, "city=revenue:30", "city=revenue:30", "path=a:3,b:_0", "path=a:0,b:_1", "label=OO"): ("E12",),
    _tile(HALL, "city=revenue:30", "city=revenue:30", "path=a:2,b:_0", "path=a:5,b:_1", "label=OO"): ("H3",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    "path=a:4,b:5": ("D13", "G4"),
    _tile("path=a:1,b:2", "path=a:3,b:4"): ("F13",),
    "path=a:1,b:2": ("M12",),
    "path=a:0,b:3": ("B5",),
    _tile("path=a:2,b:3", "path=a:2,b:4"): ("H13",),
    _tile("path=a:1,b:5", "path=a:2,b:5"): ("G2",),
    _tile("path=a:2,b:5", "path=a:3,b:5"): ("H5",),
    # The Christmas Tree
    _tile("town=revenue:yellow_20|brown_40", "path=a:3,b:_0", "path=a:4,b:_0"): ("B11",),
    # The Bar
    _tile("town=revenue:20", "path=a:2,b:_0", "path=a:3,b:_0"): ("F7",),
    "path=a:0,b:5": ("F1",),
}

HEXES = {
    "white": WHITE_HEXES,
    "red": RED_HEXES,
    "yellow": YELLOW_HEXES,
    "gray": GRAY_HEXES,
}

TITLE: TitleSpec = replace(
    base.TITLE,
    title="Uncle Lachlan's 18 Christmas Eve",
    subtitle="",
    designer="Lachlan Kingsford",
    publisher="self-published",
    location="a house on Christmas Eve",
    rules_url="https://www.dropbox.com/s/on6r5df7vf2pjpt/Rules.pdf?dl=0",
    info_url="https://github.com/tobymao/18xx/wiki/Uncle-Lachlan's-18-Christmas-Eve",
    bank_cash=BANK_CASH,
    companies=COMPANIES,
    corporations=CORPORATIONS,
    trains=TRAINS,
    events_text=EVENTS_TEXT,
    rules=RULES,
    hexes=HEXES,
    location_names=LOCATION_NAMES,
)
