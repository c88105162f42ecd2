"""1888 (Leonhard "Lonny" Orgler), the title's facts as data: the North map of China, and the East map.

Four ways to play: the prototype rules (no option: ¥10,000 bank, corporations float at 50%, the first
Forbidden City private), the published 1888-N (``north``: ¥9,000 bank, 60% floats, more tiles and the
published Forbidden City), the deprecated smaller bank (``small_bank``: ¥9,000, 60%, the prototype's
privates and tiles) and the East map (``east``, 1888-E: its own hexes, corporations and destinations, as the
site's draft has them).  Behaviour that is not data (destinations, the mine's subsidy, the special tiles, the
Forbidden City exchange, privates sold at 50% to 150% of face value) lives in ``rules.py`` and ``steps.py``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    CustomTileSpec,
    OptionalRuleSpec,
    PhaseSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 6)
BANK_CASH = 9_000
PROTOTYPE_BANK_CASH = 10_000
STARTING_CASH = {2: 1200, 3: 800, 4: 600, 5: 480, 6: 400}
CERT_LIMIT = {2: 20, 3: 20, 4: 16, 5: 13, 6: 11}

RULES = RuleSet(
    sell_buy_order="sell_buy",
    # a corporation without a train must buy one, route or not
    must_buy_train="always",
    # emergency buys only from the depot
    ebuy_from_others="never",
    track_restriction="permissive",
    currency_format="¥%s",
)

NORTH = "north"
EAST = "east"
SMALL_BANK = "small_bank"

OPTIONAL_RULES = (
    OptionalRuleSpec(sym=NORTH, short_name="1888-N", desc="North Map", players=(3, 4, 5, 6),
                     default=True),
    OptionalRuleSpec(sym=EAST, short_name="1888-E", desc="East Map", players=(3, 4, 5, 6)),
    OptionalRuleSpec(sym=SMALL_BANK, short_name="Smaller Bank, 60% float",
                     desc="1888-N rules - Use bank of ¥9000, require 60% to float"),
)

# =============================================================================================
# Private companies
# =============================================================================================

GREAT_WALL_HEXES = ["B4", "B6", "B8", "B10", "B16", "C3", "C7", "C11", "C13", "C15", "D2", "D4", "D6", "E3", "F4"]

KAIPING = CompanySpec(sym="KT", name="Kaiping Tramway", value=25, revenue=5, desc="No special ability")

TERRACOTTA = CompanySpec(
    sym="TA",
    name="Terracotta Army",
    value=50,
    revenue=10,
    desc="Comes with the red Xi'an tile (L39), showing a higher value for that off-board area. The owning "
    "corporation may lay it on H2 in addition to its normal tile lay, without a connection. The private stays "
    "open. Not laid when the private closes: the tile is out of the game.",
    abilities=({"type": "tile_lay", "when": "owning_corp_or_turn", "owner_type": "corporation", "free": True,
                "special": True, "hexes": ["H2"], "tiles": ["L39"], "count": 1},),
)

HENG_SHAN = CompanySpec(
    sym="HS",
    name="Heng Shan",
    value=75,
    revenue=15,
    desc="Comes with the yellow mine tile (L41). The owning corporation may lay it on C5 in addition to its "
    "normal tile lay, without a connection. A train running to or through the mine earns its corporation a "
    "¥40 subsidy (the mine counts against the train's range). Once the private is sold to a corporation or "
    "closed, anyone may lay a normal tile on C5 (¥40) and the mine can no longer be laid. Blocks C5 while a "
    "player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["C5"]},
        {"type": "tile_lay", "when": "owning_corp_or_turn", "owner_type": "corporation", "free": True,
         "hexes": ["C5"], "tiles": ["L41"], "count": 1},
    ),
)

GREAT_WALL = CompanySpec(
    sym="CW",
    name="Great Wall of China",
    value=100,
    revenue=20,
    desc="The owning corporation may lay one or two yellow tiles for free on Great Wall hexes in addition to "
    "its normal tile lay, without a connection; two tiles are laid in the same turn and must connect. The "
    "private stays open.",
    abilities=({"type": "tile_lay", "when": "owning_corp_or_turn", "owner_type": "corporation", "free": True,
                "must_lay_together": True, "special": False, "hexes": GREAT_WALL_HEXES,
                "tiles": ["1", "2", "3", "4", "5", "6", "7", "8", "9", "55", "56", "57", "58", "69"],
                "count": 2},),
)

YANDA_FERRY = CompanySpec(
    sym="YRF",
    name="Yanda Railway Ferry",
    value=125,
    revenue=25,
    desc="Comes with the two blue ferry tiles. The owning corporation may lay them, both in one turn, on "
    "Dalian (E17) and Yantai (F16) in addition to its normal tile lay, without a connection. Not laid when "
    "the private closes: the tiles are out of the game.",
    abilities=({"type": "tile_lay", "when": "owning_corp_or_turn", "owner_type": "corporation",
                "tiles": ["L40a", "L40b"], "hexes": ["E17", "F16"], "special": True, "blocks": True,
                "connect": False, "must_lay_together": True, "must_lay_all": True, "count": 2},),
)

#: The prototype's Forbidden City: exchanged for an IPO share, at any time in a stock round.
FORBIDDEN_CITY_PROTOTYPE = CompanySpec(
    sym="FC",
    name="Forbidden City",
    value=150,
    revenue=30,
    desc="A player owning this private may exchange it for an IPO share of a corporation with a token in "
    "Beijing (at the time of exchange). Sold to a corporation, it loses this ability.",
    abilities=({"type": "exchange", "owner_type": "player", "corporations": "any", "from": "ipo"},),
)

#: The published Forbidden City: an IPO or market share, in the owner's stock-round turn, as its purchase.
FORBIDDEN_CITY = CompanySpec(
    sym="FC",
    name="Forbidden City",
    value=150,
    revenue=30,
    desc="In a stock round, a player owning this private may close it to take one share, from the IPO or the "
    "market, of a corporation with a token in Beijing (at that time). This is the turn's purchase, and the "
    "player may not sell in that turn. Sold to a corporation, it loses this ability.",
    abilities=({"type": "exchange", "owner_type": "player", "corporations": "any", "when": "owning_player_sr_turn",
                "from": ["ipo", "market"]},),
)

COMPANIES = (KAIPING, TERRACOTTA, HENG_SHAN, GREAT_WALL, YANDA_FERRY, FORBIDDEN_CITY)
PROTOTYPE_COMPANIES = (KAIPING, TERRACOTTA, HENG_SHAN, GREAT_WALL, YANDA_FERRY, FORBIDDEN_CITY_PROTOTYPE)

# =============================================================================================
# Corporations
# =============================================================================================

CORPORATIONS = (
    CorporationSpec(sym="JHR", name="Jingha Railway", tokens=(0, 40, 60), coordinates="C9", city=1,
                    color="#C93A1E"),
    CorporationSpec(sym="SSL", name="Shenshan Line", tokens=(0, 40, 60), coordinates="B18", city=0,
                    color="#A7A6A6", text_color="black"),
    CorporationSpec(sym="CDL", name="Changda Line", tokens=(0, 40, 60, 80), coordinates="A19", color="#44BC4F",
                    text_color="black"),
    CorporationSpec(sym="HJR", name="Hanji Ralwway", tokens=(0, 40, 60, 80), coordinates="F6", color="#CBA375",
                    text_color="black"),
    CorporationSpec(sym="TJL", name="Taijiao Line", tokens=(0, 40, 60, 80), coordinates="E3", color="#231F20"),
    CorporationSpec(sym="LYR", name="Lanyan Railway", tokens=(0, 40, 60), coordinates="F16", color="#FCC707",
                    text_color="black"),
    CorporationSpec(sym="JZR", name="Jingzhan Railway", tokens=(0, 40, 60), coordinates="C9", city=0,
                    color="#9D65B9"),
    CorporationSpec(sym="ZDR", name="Zidong Railway", tokens=(0, 40, 60), coordinates="G11", color="#00ACD0"),
)
PROTOTYPE_CORPORATIONS = tuple(replace(c, float_percent=50) for c in CORPORATIONS)

#: Each corporation's destination hexes and the bonus a route joining its home and a destination earns.
DESTINATIONS: dict[str, tuple[tuple[str, ...], int]] = {
    "JHR": (("D12",), 30),
    "SSL": (("C13",), 20),
    "CDL": (("E17",), 20),
    "HJR": (("G9",), 20),
    "TJL": (("H4",), 20),
    "LYR": (("H14",), 20),
    "JZR": (("B6",), 40),
    "ZDR": (("F12",), 40),
}

# =============================================================================================
# Market, trains, phases
# =============================================================================================

MARKET = (
    ("", "", "95", "100", "110", "120", "130", "145", "160", "180", "200", "225", "250", "275", "300", "330",
     "360", "400"),
    ("", "85", "90", "95p", "100", "110", "120", "130", "145", "160", "180", "200", "225", "250", "275", "300",
     "330", "360"),
    ("75", "80", "85", "90p", "95", "100", "110", "120", "130", "145", "160", "180", "200", "225", "250"),
    ("70", "75", "80", "85p", "90", "95", "100", "110", "120", "130", "145", "160"),
    ("65", "70", "75", "80p", "85", "90", "95", "100", "110", "120"),
    ("60y", "65", "70", "75p", "80", "85", "90", "95"),
    ("55y", "60y", "65", "70p", "75", "80", "85"),
    ("50y", "55y", "60y", "65", "70", "75"),
    ("40y", "50y", "55y", "60y", "65"),
)  # fmt: skip

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=7, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=6, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=5, rusts_on="D"),
    TrainSpec(name="5", distance=5, price=500, num=3, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=2),
    TrainSpec(name="D", distance=999, price=900, num="unlimited", discount={"4": 200, "5": 200, "6": 200}),
)

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="D", on="D", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=3),
)

STATUS_TEXT = {"can_buy_companies": ("Can Buy Companies", "Corporations may buy private companies from players")}
EVENTS_TEXT = {"close_companies": ("Companies Close", "All private companies close")}

# =============================================================================================
# Tiles
# =============================================================================================

TILES: dict[str, int] = {
    "1": 1, "2": 1, "3": 2, "4": 5, "5": 3, "6": 3, "7": 4, "8": 11, "9": 9, "14": 3, "15": 3, "16": 1, "18": 1,
    "19": 1, "20": 1, "23": 3, "24": 3, "25": 2, "26": 1, "27": 1, "28": 1, "29": 1, "39": 1, "40": 1, "41": 2,
    "42": 2, "43": 2, "44": 1, "45": 2, "46": 2, "47": 2, "51": 1, "55": 1, "56": 1, "57": 3, "58": 4, "69": 1,
    "70": 1, "611": 5, "8858": 1, "8859": 1, "8860": 1, "8863": 1, "8864": 1, "8865": 1,
    "L39": 1, "L40a": 1, "L40b": 1, "L41": 1, "L42": 1, "X7": 2, "512": 1, "8892": 1, "8893": 1,
}  # fmt: skip

#: 1888-N's other tile counts.
NORTH_VARIANT_TILES = {"4": 4, "15": 4, "43": 1, "51": 2, "58": 5, "611": 6}

CUSTOM_TILES = {
    # Xi'an with the Terracotta Army (Terracotta Army's tile)
    "L39": CustomTileSpec("red", _tile("offboard=revenue:yellow_40|green_50|brown_60|gray_70", "path=a:4,b:_0",
                                       "path=a:5,b:_0")),
    # the ferries of Dalian and Yantai (Yanda Railway Ferry's tiles)
    "L40a": CustomTileSpec("blue", _tile("city=revenue:yellow_20|green_30|brown_40|gray_50,slots:2", "path=a:2,b:_0",
                                         "path=a:3,b:_0", "path=a:0,b:_0")),
    "L40b": CustomTileSpec("blue", _tile("city=revenue:40,slots:2", "path=a:0,b:_0", "path=a:1,b:_0",
                                         "path=a:5,b:_0", "path=a:3,b:_0")),
    # the mine of Heng Shan (Heng Shan's tile)
    "L41": CustomTileSpec("yellow", _tile("town=revenue:0", "path=a:0,b:_0", "path=a:2,b:_0", "path=a:4,b:_0",
                                          "icon=image:1888/mine,large:1")),
    # Beijing's four stations
    "L42": CustomTileSpec("green", _tile("city=revenue:40", "city=revenue:40,loc:2.5", "city=revenue:40",
                                         "city=revenue:40,loc:5.5", "path=a:1,b:_0", "path=a:3,b:_1",
                                         "path=a:4,b:_2", "path=a:5,b:_3", "label=B")),
    "X7": CustomTileSpec("brown", _tile("city=revenue:50,slots:2", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0",
                                        "path=a:5,b:_0", "path=a:4,b:_0", "label=OO")),
    "512": CustomTileSpec("gray", _tile("city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:1,b:_0",
                                        "path=a:3,b:_0", "path=a:5,b:_0", "path=a:4,b:_0", "label=OO")),
    "8892": CustomTileSpec("brown", _tile("city=revenue:60,slots:4", "path=a:0,b:_0", "path=a:1,b:_0",
                                          "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0",
                                          "label=B")),
    "8893": CustomTileSpec("gray", _tile("city=revenue:70,slots:4", "path=a:0,b:_0", "path=a:1,b:_0",
                                         "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0",
                                         "label=B")),
}

# =============================================================================================
# The North map (pointy-topped)
# =============================================================================================

LOCATION_NAMES = {
    "A1": "Baotou", "A19": "Changchun", "B2": "Hohhot", "B6": "Zhangijakou & Xuanhua", "B12": "Chengde",
    "B16": "Chaoyang & Jinzhou", "B18": "Shenyang & Anshan", "B20": "Fushun & Benxi", "C3": "Datong",
    "C5": "Heng Shan", "C9": "Beijing", "C13": "Qinhuangdao", "C17": "Yingkou", "D10": "Tianjin",
    "D12": "Tangshan", "D20": "Dandong", "E3": "Taiyuan", "E5": "Shijiazhuang", "E7": "Boading", "E17": "Dalian",
    "F2": "Cangzhi", "F6": "Handan", "F16": "Yantai", "G5": "Anyang & Hebi", "G9": "Jinan", "F12": "Dongying",
    "G13": "Weifang", "H2": "Xi'an", "H4": "Xinxiang & Jiaozuo", "H8": "Jining", "G11": "Zibo", "H14": "Qingdao",
    "H16": "harbor", "I7": "Zhengzhou", "I11": "Xuzhou",
}  # fmt: skip


def _dest(corporation: str) -> str:
    return f"icon=image:1888/{corporation}_dest,sticky:1"


_TOWN = "town=revenue:0"
_CITY = "city=revenue:0"


def _cost(cost: int, terrain: str) -> str:
    return f"upgrade=cost:{cost},terrain:{terrain}"


def _impassable(edge: int) -> str:
    return f"border=edge:{edge},type:impassable"


WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("D8", "D18", "E9", "F8", "G17"),
    _impassable(1): ("F14",),
    _impassable(2): ("D16",),
    _TOWN: ("E7", "G13", "H8"),
    _tile(_TOWN, _impassable(1)): ("C17",),
    _tile(_TOWN, _TOWN): ("G5",),
    _tile(_TOWN, _dest("JHR")): ("D12",),
    _tile(_TOWN, _cost(20, "water"), _dest("ZDR"), _impassable(4)): ("F12",),
    _tile(_CITY, _dest("LYR")): ("H14",),
    _CITY: ("D10", "E5", "F6"),
    _cost(10, "wall"): ("C7",),
    _tile(_cost(10, "wall"), _impassable(4), _impassable(5)): ("C15",),
    _tile(_TOWN, _TOWN, _cost(10, "wall")): ("B16",),
    _cost(20, "water"): ("F10", "G7", "H6"),
    _tile(_CITY, _cost(20, "water"), _dest("HJR")): ("G9",),
    _cost(30, "mountain"): ("C19", "G15"),
    _cost(20, "mountain"): ("B14", "H12"),
    _cost(20, "wall|mountain"): ("B10", "C11"),
    _tile(_TOWN, _cost(20, "mountain")): ("B12",),
    # groups of their own in the reference's map, after B12's (a tile is numbered within its group: G11-0, H10-0)
    _CITY + "~2": ("G11",),
    _cost(20, "mountain") + "~2": ("H10",),
    _tile(_CITY, _cost(20, "wall|mountain"), _dest("SSL")): ("C13",),
    _cost(30, "wall|mountain"): ("B8",),
    _tile(_TOWN, _TOWN, _cost(30, "wall|mountain"), _dest("JZR")): ("B6",),
    _cost(40, "wall|mountain"): ("B4", "D2", "D4", "D6", "F4"),
    _cost(40, "mountain"): ("C5", "G3"),
    _tile(_CITY, _cost(40, "wall|mountain")): ("C3", "E3"),
    _tile(_TOWN, _cost(40, "mountain")): ("B2", "F2"),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:40,hide:1,groups:Baotou", "path=a:5,b:_0", "border=edge:4"): ("A1",),
    _tile("offboard=revenue:40,groups:Baotou", "path=a:5,b:_0", "border=edge:1"): ("A3",),
    _tile("city=revenue:yellow_20|green_30|brown_40|gray_50", "path=a:0,b:_0,terminal:1", "path=a:1,b:_0,terminal:1",
          "path=a:5,b:_0,terminal:1", "path=a:4,b:_0,terminal:1", "border=edge:4"): ("A19",),
    _tile("path=a:0,b:1", "border=edge:1"): ("A21",),
    _tile("offboard=revenue:yellow_20|green_30|brown_40|gray_50", "path=a:3,b:_0", "path=a:4,b:_0"): ("H2",),
    _tile("offboard=revenue:yellow_30|green_40|brown_50|gray_60", "path=a:2,b:_0", "path=a:3,b:_0"): ("I11",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    "path=a:0,b:5": ("A7",),
    "path=a:0,b:4": ("A15",),
    _tile("town=revenue:20", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:4,b:_0", "path=a:5,b:_0"): ("A17",),
    "path=a:0,b:2": ("C21",),
    _tile("town=revenue:30", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0"): ("D20",),
    _tile("city=revenue:yellow_30|green_40|brown_50|gray_60,slots:2", "path=a:2,b:_0", "path=a:3,b:_0"): ("I5",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:30", "city=revenue:0", "path=a:1,b:_0", "label=OO"): ("B18",),
    _tile("city=revenue:0", "city=revenue:30", "label=OO"): ("B20",),
    _tile("city=revenue:30", "city=revenue:30", "path=a:1,b:_0", "path=a:5,b:_1", "label=B",
          _cost(10, "wall")): ("C9",),
    _tile(_CITY, _CITY, "label=OO", _cost(20, "mountain"), _dest("TJL")): ("H4",),
}

BLUE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("D14", "E11", "E13", "E15", "E19", "F18"),
    _tile("city=revenue:yellow_20|green_30|brown_40|gray_50,slots:2", "path=a:2,b:_0", "path=a:3,b:_0",
          _dest("CDL")): ("E17",),
    _tile("city=revenue:40,slots:2", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:5,b:_0"): ("F16",),
    _tile("offboard=revenue:10,visit_cost:0", "path=a:1,b:_0"): ("H16",),
}

HEXES = {
    "white": WHITE_HEXES,
    "red": RED_HEXES,
    "gray": GRAY_HEXES,
    "yellow": YELLOW_HEXES,
    "blue": BLUE_HEXES,
}

TITLE = TitleSpec(
    title="1888",
    designer='Leonhard "Lonny" Orgler',
    publisher="Lonny Games",
    location="China",
    rules_url="https://www.lonnygames.com/app/download/13341543331/Rules_ENG.pdf",
    info_url="https://github.com/tobymao/18xx/wiki/1888",
    layout="pointy",
    player_range=PLAYER_RANGE,
    bank_cash=BANK_CASH,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    market=MARKET,
    hexes=HEXES,
    location_names=LOCATION_NAMES,
    tiles={**TILES, **NORTH_VARIANT_TILES},
    custom_tiles=CUSTOM_TILES,
    companies=COMPANIES,
    corporations=CORPORATIONS,
    trains=TRAINS,
    phases=PHASES,
    rules=RULES,
    optional_rules=OPTIONAL_RULES,
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)

#: The prototype rules (no option chosen) and the smaller bank: the same game with other facts.
PROTOTYPE_TITLE = replace(TITLE, bank_cash=PROTOTYPE_BANK_CASH, tiles=TILES, companies=PROTOTYPE_COMPANIES,
                          corporations=PROTOTYPE_CORPORATIONS)
SMALL_BANK_TITLE = replace(TITLE, tiles=TILES, companies=PROTOTYPE_COMPANIES)

# =============================================================================================
# The East map (1888-E, ``east``): the reference engine's own data is a draft (one private, the Kaiping
# Tramway; every corporation names city 1 of its home, which a one-city home reads as its only city; hex G5 is
# written twice, the later plain city being the one on the map).  Written here as the site plays it.
# =============================================================================================

EAST_LOCATION_NAMES = {"B12": "Xuzhou"}

EAST_COMPANIES = (KAIPING,)

EAST_CORPORATIONS = (
    CorporationSpec(sym="LHR", name="Longhai Railway", tokens=(0, 40, 60), coordinates="A9", city=1,
                    color="#9800FF"),
    CorporationSpec(sym="YTR", name="Yongtaiwen Railway", tokens=(0, 40, 60), coordinates="G19", city=1,
                    color="#1240E4"),
    CorporationSpec(sym="XYR", name="Xiaoyong Railway", tokens=(0, 40, 60), coordinates="G17", city=1,
                    color="#FF0000"),
    CorporationSpec(sym="HUN", name="Huning Railway", tokens=(0, 40, 60), coordinates="E15", city=1,
                    color="#9DFFFD", text_color="black"),
    CorporationSpec(sym="WJR", name="Wujiu Railway", tokens=(0, 40, 60), coordinates="F8", city=1,
                    color="#983C3C"),
    CorporationSpec(sym="HHR", name="Huhang Railway", tokens=(0, 40, 60), coordinates="F20", city=1,
                    color="#98FF00", text_color="black"),
    CorporationSpec(sym="HEN", name="Hening Railway", tokens=(0, 40, 60), coordinates="F20", city=1,
                    color="#FF98CE", text_color="black"),
    CorporationSpec(sym="XGY", name="Xiangyu Railway", tokens=(0, 40, 60), coordinates="G1", city=1,
                    color="#FFE532", text_color="black"),
)

#: The East corporations' destinations (their ids differ from the North's: one table serves both maps).
DESTINATIONS.update({
    "LHR": (("B12", "C3"), 20),
    "XGY": (("D8",), 50),
    "HEN": (("E15",), 20),
    "HUN": (("F20",), 10),
    "WJR": (("G11",), 30),
    "XYR": (("G19",), 20),
    "YTR": (("I19",), 30),
    "HHR": (("G17",), 20),
})

EAST_WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("B8", "B10", "B16", "B18", "C7", "C9", "C11", "C13", "C19", "D4", "D6", "D10", "D14", "D18", "E5", "H4",
         "H20", "G3", "B14", "C15"),
    _impassable(5): ("E13",),
    _tile(_impassable(0), _impassable(5)): ("F6",),
    _impassable(0): ("E3", "F10"),
    _tile(_impassable(4), _impassable(5)): ("F12",),
    _tile(_impassable(1), _impassable(2)): ("F14",),
    _tile(_impassable(2), _cost(20, "mountain")): ("G7",),
    _impassable(3): ("G9",),
    _tile(_impassable(2), _cost(30, "mountain")): ("G13",),
    _cost(20, "mountain"): ("E7", "E9", "E11", "F16", "H6", "G15", "H18"),
    _cost(30, "mountain"): ("H8", "H14"),
    _cost(40, "mountain"): ("B4", "B6", "H2"),
    _tile(_impassable(3), _cost(50, "mountain")): ("F2",),
    _CITY: ("G5", "H10", "H16"),
    _tile(_TOWN, _cost(20, "mountain")): ("H12",),
    _TOWN: ("C5", "C17"),
    _tile(_TOWN, _TOWN, _cost(20, "water")): ("F4", "D16"),
    _tile(_CITY, _impassable(2), _dest("XYR")): ("G19",),
    _tile(_CITY, _impassable(5)): ("F18",),
    _tile(_CITY, _cost(20, "mountain"), _dest("HHR")): ("G17",),
    _tile(_TOWN, _dest("WJR")): ("G11",),
    _tile(_TOWN, _dest("XGY")): ("D8",),
    _tile(_CITY, _dest("LHR")): ("B12",),
}

EAST_HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "white": EAST_WHITE_HEXES,
    "red": {
        _tile("offboard=revenue:yellow_20|green_30|brown_40|gray_50", "path=a:3,b:_0", "path=a:4,b:_0",
              "path=a:5,b:_0", _dest("LHR")): ("C3",),
        _tile("city=revenue:40", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0"): ("G1",),
    },
    "gray": {
        "path=a:0,b:5": ("A5",),
        _tile("city=revenue:yellow_30|green_40|brown_50|gray_60,slots:2", "path=a:0,b:_0", "path=a:5,b:_0"): ("A9",),
        _tile("city=revenue:yellow_30|green_40|brown_50|gray_60,slots:2", "path=a:2,b:_0", "path=a:3,b:_0"): ("I5",),
        _tile("city=revenue:30", "path=a:2,b:_0", "path=a:3,b:_0", _dest("YTR")): ("I19",),
        _tile("city=revenue:yellow_20|green_30|brown_50|gray_70,slots:2", "path=a:0,b:_0", "path=a:1,b:_0",
              "path=a:2,b:_0", _dest("HUN")): ("F20",),
    },
    "yellow": {
        _tile("city=revenue:30", "path=a:0,b:_0", "path=a:5,b:_0", _cost(20, "water"), "label=NW"): ("F8",),
        _tile(_CITY, _CITY, "label=OO"): ("D12", "E17"),
        _tile("city=revenue:20", "city=revenue:20", "label=NW", "path=a:2,b:_0", "path=a:5,b:_1", _cost(20, "water"),
              _dest("HEN")): ("E15",),
    },
    "green": {
        _tile("city=revenue:40", _CITY, "label=NT", "path=a:2,b:_0", "path=a:1,b:5", _cost(40, "water")): ("E19",),
    },
    "blue": {
        _tile("offboard=revenue:10,visit_cost:0", "path=a:1,b:_0"): ("G21",),
    },
}

#: 1888-E: the East map, its corporations and its one private, with 1888-N's bank and floats (the North map's
#: tile counts only with 1888-N chosen too).
EAST_TITLE = replace(TITLE, hexes=EAST_HEXES, location_names=EAST_LOCATION_NAMES, companies=EAST_COMPANIES,
                     corporations=EAST_CORPORATIONS, tiles=TILES)
