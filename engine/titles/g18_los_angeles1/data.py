"""18 Los Angeles, first edition: the facts that differ from the second edition (``g18_los_angeles.data``).

Twelve private companies (the South Bay Line and a Chino Hills Excavation with a terrain discount are
first-edition only; the Citrus, Steamship and Puente Trolley cards differ), the ELA, PER, SF and SP charters,
random removals from two private groups and one corporation group as in 1846, and its own map.
"""

from __future__ import annotations

from dataclasses import replace

from engine.titles.g18_los_angeles import data as la2
from engine.titles.spec import CompanySpec, CorporationSpec, TitleSpec
from engine.titles.spec import tile_code as _tile

SOUTH_BAY_LINE = CompanySpec(
    sym="SBL", name="South Bay Line", value=40, revenue=15,
    desc="The owning corporation may make an extra $0 cost tile upgrade of either Redondo Beach (E4) or Torrance "
         "(E6), but not both.",
    abilities=(
        {"type": "tile_lay", "when": "owning_corp_or_turn", "owner_type": "corporation", "free": True,
         "hexes": ["E4", "E6"], "tiles": ["14", "15", "619"], "special": False, "count": 1},
    ),
)
CHINO_HILLS = CompanySpec(
    sym="CHE", name="Chino Hills Excavation", value=60, revenue=20,
    desc="Reduces, for the owning corporation, the cost of laying all hill tiles and tunnel/pass hexsides by $20.",
    abilities=({"type": "tile_discount", "discount": 20, "terrain": "mountain", "owner_type": "corporation"},),
)
CITRUS = replace(
    la2.CITRUS,
    desc="The owning corporation may assign Los Angeles Citrus to either Riverside (C14) or Port of Long Beach "
         "(F7), to add $30 to all routes it runs to this location.",
    abilities=la2._assign_abilities(["C14", "F7"]),
)
STEAMSHIP = replace(
    la2.STEAMSHIP,
    desc="The owning corporation may assign the Los Angeles Steamship to one of Oxnard (B1), Santa Monica (C2), "
         "Port of Long Beach (F7), or Westminster (F9), to add $20 per port symbol to all routes it runs to this "
         "location.",
    abilities=la2._assign_abilities(["B1", "C2", "F7", "F9"], per_or=True),
)
PUENTE_TROLLEY = replace(la2.PUENTE_TROLLEY, revenue=15)

COMPANIES = (
    SOUTH_BAY_LINE, CHINO_HILLS, la2.GARDENA_TRAMWAY, la2.ORANGE_COUNTY, la2.PACIFIC_MARITIME, la2.MAIL_CONTRACT,
    CITRUS, STEAMSHIP, PUENTE_TROLLEY, la2.BEVERLY_HILLS, la2.DEWEY_CHEATHAM_HOWE, la2.LA_TITLE_COMPANY,
)

EAST_LA: CorporationSpec = replace(
    la2.EAST_LA, abilities=la2._reserved("C4", "Reserved $40/$60 Culver City (C4) token", 40, 60))
PACIFIC_ELECTRIC: CorporationSpec = replace(la2.PACIFIC_ELECTRIC, coordinates="F13")
SANTA_FE: CorporationSpec = replace(
    la2.SANTA_FE, coordinates="D13", abilities=la2._reserved("C8", "Reserved $40 Montebello (C8) token", 40, count=1))
SOUTHERN_PACIFIC: CorporationSpec = replace(
    la2.SOUTHERN_PACIFIC,
    abilities=la2._reserved("C6", "Reserved $40/$100 Los Angeles (C6) token", 40, 100, count=1))

CORPORATIONS = (EAST_LA, la2.LA_RAILWAY, la2.LA_INDEPENDENCE, PACIFIC_ELECTRIC, SANTA_FE, SOUTHERN_PACIFIC,
                la2.UNION_PACIFIC)

#: Set-up removals (by name): with four players one of each group leaves, with two or three one private of
#: each private group and two corporations.
ORANGE_GROUP = ("Beverly Hills Carriage", "South Bay Line")
BLUE_GROUP = ("Chino Hills Excavation", "Los Angeles Citrus", "Los Angeles Steamship")
GREEN_GROUP = ("LA", "SF", "SP")
#: Each removed corporation puts a second station here.
REMOVED_CORP_SECOND_TOKEN = {"LA": "B9", "SF": "C8", "SP": "C6"}

#: The South Bay Line (1846's Lake Shore Line): its hexes.
SBL_HEXES = ("E4", "E6")

EVENTS_TEXT = {**la2.EVENTS_TEXT,
               "remove_bonuses": ("Remove Bonuses", "Remove LA Steamship and LA Citrus bonuses")}



WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("C10",),
    _tile("upgrade=cost:40,terrain:water"): ("D3",),
    _tile("city=revenue:0", "border=edge:0,type:mountain,cost:20"): ("A4",),
    _tile("border=edge:3,type:mountain,cost:20", "border=edge:4,type:mountain,cost:20"): ("B3",),
    _tile("city=revenue:0", "border=edge:3,type:mountain,cost:20", "border=edge:1,type:water,cost:40"): ("B9",),
    _tile("city=revenue:0", "border=edge:2,type:mountain,cost:20", "border=edge:3,type:mountain,cost:20",
          "label=Z"): ("B13",),
    _tile("city=revenue:0", "border=edge:4,type:water,cost:40", "border=edge:5,type:water,cost:40"): ("B7",),
    _tile("city=revenue:0", "border=edge:2,type:water,cost:40"): ("C8",),
    _tile("city=revenue:0", "border=edge:3,type:water,cost:40"): ("D5",),
    _tile("city=revenue:0", "upgrade=cost:40,terrain:mountain"): ("C12",),
    _tile("city=revenue:0", "border=edge:4,type:water,cost:40", "stub=edge:0"): ("D9",),
    _tile("city=revenue:0", "border=edge:1,type:water,cost:40"): ("D11",),
    _tile("city=revenue:0", "icon=image:18_los_angeles/sbl,sticky:1"): ("E4",),
    _tile("city=revenue:0", "icon=image:18_los_angeles/sbl,sticky:1", "stub=edge:4"): ("E6",),
    _tile("city=revenue:0", "border=edge:0,type:water,cost:40", "stub=edge:1"): ("E10",),
    _tile("city=revenue:0", "label=Z"): ("E12",),
    _tile("upgrade=cost:40,terrain:mountain", "border=edge:5,type:mountain,cost:20"): ("E14",),
    _tile("city=revenue:0"): ("A6", "C4", "F11"),
    _tile("city=revenue:0", "stub=edge:5"): ("D7",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:20", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:4,b:_0", "path=a:5,b:_0",
          "border=edge:1,type:mountain,cost:20"): ("B5",),
    _tile("city=revenue:10", "icon=image:port", "icon=image:port", "path=a:2,b:_0", "path=a:4,b:_0",
          "path=a:5,b:_0"): ("C2",),
    _tile("city=revenue:20,slots:2", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:4,b:_0", "path=a:5,b:_0"): ("D13",),
    _tile("city=revenue:10", "border=edge:3,type:water,cost:40", "icon=image:port", "icon=image:port",
          "path=a:3,b:_0", "path=a:4,b:_0"): ("F9",),
    _tile("path=a:2,b:3"): ("F5",),
    _tile("offboard=revenue:0,visit_cost:100", "path=a:0,b:_0"): ("a9",),
    _tile("offboard=revenue:0,visit_cost:100", "path=a:2,b:_0"): ("G14",),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:yellow_30|brown_50,groups:NW", "label=N/W", "icon=image:1846/20",
          "path=a:4,b:_0,terminal:1", "path=a:5,b:_0,terminal:1"): ("A2",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:N|NW|NE", "label=N", "border=edge:0,type:mountain,cost:20",
          "border=edge:1,type:mountain,cost:20", "border=edge:5,type:mountain,cost:20", "icon=image:1846/30",
          "path=a:0,b:_0", "path=a:1,b:_0", "path=a:5,b:_0"): ("A10",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:N|NW|NE", "label=N", "border=edge:0,type:mountain,cost:20",
          "border=edge:5,type:mountain,cost:20", "icon=image:1846/20", "path=a:0,b:_0", "path=a:5,b:_0"): ("A12",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:NE", "label=N/E", "border=edge:0,type:mountain,cost:20",
          "icon=image:1846/20", "path=a:0,b:_0"): ("A14",),
    _tile("offboard=revenue:yellow_40|brown_10,groups:W|NW|SW", "label=W", "icon=image:port", "icon=image:1846/30",
          "path=a:4,b:_0", "path=a:5,b:_0"): ("B1",),
    _tile("offboard=revenue:yellow_20|brown_50,groups:E|NE|SE", "label=E", "icon=image:1846/30",
          "path=a:1,b:_0"): ("B15",),
    _tile("offboard=revenue:yellow_30|brown_70,groups:E|NE|SE", "label=E", "icon=image:1846/30",
          "icon=image:18_los_angeles/meat", "path=a:1,b:_0", "path=a:2,b:_0"): ("C14",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:E|NE|SE", "label=E", "icon=image:1846/30", "path=a:0,b:_0",
          "path=a:1,b:_0"): ("D15",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:SE", "label=S/E", "icon=image:1846/20",
          "path=a:1,b:_0"): ("E16",),
    _tile("offboard=revenue:yellow_20|brown_50,groups:SE", "label=S/E", "border=edge:2,type:mountain,cost:20",
          "path=a:1,b:_0", "path=a:2,b:_0", "icon=image:1846/20"): ("F15",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:S|SE|SW", "label=S", "path=a:3,b:_0", "icon=image:1846/50",
          "icon=image:18_los_angeles/meat", "icon=image:port"): ("F7",),
}

HEXES = {
    "white": WHITE_HEXES,
    "gray": GRAY_HEXES,
    "red": RED_HEXES,
    "yellow": la2.YELLOW_HEXES,
}

TITLE: TitleSpec = replace(
    la2.TITLE,
    title="18 Los Angeles",
    subtitle="Railroading in the City of Angels (1st Edition)",
    rules_url="https://drive.google.com/file/d/16di_KBlGYnmdAMvjl2ZiqvyeB7wTAJ_4/view?usp=sharing",
    hexes=HEXES,
    companies=COMPANIES,
    corporations=CORPORATIONS,
    events_text=EVENTS_TEXT,
)
