"""1852: Missouri (Scott Petersen) - the title's facts.

1852: Missouri is 1846 (``engine.titles.g1846.data``: bank, certificate limits, market, share rules) on a
map of Missouri with its own trains and phases.  What is its own: twelve private companies drafted in an
open market (two of them the minors Hannibal & St. Joseph and St. Louis, Salem & Little Rock, bought
with a "debt" on top of their price), seven corporations each with a cheap station in one named city
(reachable or not), trains that pass through towns without counting them (only the E-trains count
towns), and a second tile lay that costs $20 (no minimum cost on the first).
"""

from __future__ import annotations

from dataclasses import replace

from engine.titles.g1846 import data as d1846
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    Count,
    CustomTileSpec,
    MinorSpec,
    PhaseSpec,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 5)

BANK_CASH = {2: 7000, **d1846.BANK_CASH}
STARTING_CASH = {2: 600, 3: 400, 4: 400, 5: 385}
CERT_LIMIT = {2: {5: 19, 4: 16}, **d1846.CERT_LIMIT}

# =============================================================================================
# Rule switches: 1846's, but the first lay of a turn costs only its terrain and the second $20 more
# =============================================================================================

TILE_COST = 0
RULES = replace(
    d1846.RULES,
    tile_lays=({"lay": True, "upgrade": True}, {"lay": True, "upgrade": "not_if_upgraded", "cost": 20}),
    tile_cost=TILE_COST,
)

# =============================================================================================
# Private companies (the draft market)
# =============================================================================================

HANNIBAL_ST_JOSEPH = CompanySpec(
    sym="HSJ", name="Hannibal & St. Joseph Railroad", value=60, discount=-80, revenue=0,
    desc='Starts with $60 in treasury, a 2 train, and a token in Hannibal (H6). In ORs, this is the first minor '
         'to operate. Splits revenue evenly with owner. Buyer pays an extra $80 ("debt").',
)
ST_LOUIS_SALEM = CompanySpec(
    sym="SSL", name="St. Louis, Salem and Little Rock", value=40, discount=-60, revenue=0,
    desc='Starts with $40 in treasury, a 2 train, and a token in Salem (H12). In ORs, this is the second minor '
         'to operate. Splits revenue evenly with owner. Buyer pays an extra $60 ("debt").',
)
MAIL_CONTRACT = CompanySpec(
    sym="MAIL", name="Mail Contract", value=60, revenue=0,
    desc="Adds $10 per paying location visited by any one train of the owning corporation. Never closes once "
         "purchased by a corporation.",
    abilities=({"type": "close", "on_phase": "never", "owner_type": "corporation"},),
)
POOL_SHARE = CompanySpec(
    sym="PS", name="Pool Share", value=80, revenue=10,
    desc="Player may exchange for a share in the bank pool. This share may not be sold.",
    abilities=({"type": "exchange", "corporations": "any", "owner_type": "player", "from": ["market"]},),
)
EXTRA_YELLOW = CompanySpec(
    sym="EXY", name="Extra Yellow Tile", value=40, revenue=15,
    desc="Owning corporation my lay an extra yellow tile for free (including free terrain) one time.",
    abilities=({"type": "tile_lay", "owner_type": "corporation", "count": 1, "free": True, "special": False,
                "reachable": True, "hexes": [], "tiles": [], "when": ["track", "owning_corp_or_turn"]},),
)
EXTRA_GREEN = CompanySpec(
    sym="EXG", name="Extra Green Tile", value=40, revenue=15,
    desc="Owning corporation may upgrade an extra green tile on a connected (non-StL) city for free (including "
         "free terrain) one time.",
    abilities=({"type": "tile_lay", "when": ["track", "owning_corp_or_turn"], "owner_type": "corporation",
                "free": True, "reachable": True, "hexes": [],
                "tiles": ["14", "15", "619", "294", "295", "296", "298"], "special": False, "count": 1},),
)
REVENUE_CHANGE = CompanySpec(
    sym="RC", name="Revenue Change", value=50, revenue=5,
    desc="Revenue increases to 20 when owned by a corporation.",
    abilities=({"type": "revenue_change", "revenue": 20, "when": "sold"},),
)
HALF_PRICE_TOKEN = CompanySpec(
    sym="HPTOK", name="Half-Price Token", value=40, revenue=15,
    desc="Owning corporation may place a token for half price.",
    abilities=({"type": "token", "owner_type": "corporation", "when": "track_and_token", "hexes": [],
                "discount": 0.5, "count": 1, "from_owner": True},),
)
RIVER_BRIDGE = CompanySpec(
    sym="TBC", name="Missouri River Bridge Company", value=40, revenue=10,
    desc="Reduces, for the owning corporation, the cost of laying or upgrading a tile that incurs river terrain "
         "cost by $20 (hexside or printed hex cost).",
    abilities=({"type": "tile_discount", "discount": 20, "terrain": "water", "owner_type": "corporation"},),
)
RANCH_TILE = CompanySpec(
    sym="RT", name="Ranch Tile", value=50, revenue=15,
    desc="May lay the X1 ranch tile on any empty plain hex adjacent to a Z lettered city.",
    abilities=({"type": "tile_lay", "when": ["owning_corp_or_turn"],
                "hexes": ["B6", "B8", "C9", "D6", "C9", "D12", "D14", "E11", "F8", "F10", "F12", "F14", "G11",
                          "H8"],
                "tiles": ["X1"], "owner_type": "corporation", "count": 1},),
)
TRAIN_DISCOUNT = CompanySpec(
    sym="TD", name="Train Discount", value=40, revenue=15,
    desc="Receive a $60 discount on a new train. Closes after use.",
    abilities=({"type": "train_discount", "discount": 60, "owner_type": "corporation",
                "trains": ["Y2", "Y2", "G3", "G4", "3E", "5", "6"], "count": 1, "closed_when_used_up": True,
                "when": "buy_train"},),
)
MOUNTAIN_CONSTRUCTION = CompanySpec(
    sym="MCC", name="Mountain Construction Company", value=60, revenue=0,
    desc="Owner receives $40 whenever a tile is laid on a mountain hex. Never closes.",
    abilities=({"type": "tile_income", "income": 40, "terrain": "mountain"},
               {"type": "close", "on_phase": "never", "owner_type": "corporation"}),
)

COMPANIES = (
    HANNIBAL_ST_JOSEPH, ST_LOUIS_SALEM, MAIL_CONTRACT, POOL_SHARE, EXTRA_YELLOW, EXTRA_GREEN, REVENUE_CHANGE,
    HALF_PRICE_TOKEN, RIVER_BRIDGE, RANCH_TILE, TRAIN_DISCOUNT, MOUNTAIN_CONSTRUCTION,
)

# =============================================================================================
# Set-up removals (by name; "Tunnel Blasting Company" is not in this game: drawing it removes nothing)
# =============================================================================================

ORANGE_GROUP = ("Pool Share", "Extra Yellow Tile", "Extra Green Tile", "Tunnel Blasting Company")
BLUE_GROUP = ("Ranch Tile", "Train Discount", "Revenue Change", "Mountain Construction Company")
GREEN_GROUP = ("ATSF", "MKT", "CBQ", "RI", "MP", "SSW", "SLSF")

#: How many of each private group / of the corporations leave the game, by players.
PRIVATE_REMOVALS = {2: 2, 3: 3, 4: 2, 5: 1}
CORPORATION_REMOVALS = {2: 2, 3: 2, 4: 1, 5: 0}

#: With two players a removed corporation keeps its home and puts a second station here at once.
REMOVED_CORP_SECOND_TOKEN = {
    "ATSF": "H4", "SSW": "J8", "MKT": "E9", "RI": "G9", "MP": "D8", "CBQ": "C7", "SLSF": "E13",
}

# =============================================================================================
# Corporations: 20% floats, always at the market price; each may station one named city for $40
# when connected, $80 when not
# =============================================================================================


def _corporation(sym: str, name: str, coordinates: str, color: str, token_hex: str, city_name: str,
                 city: int | None = None) -> CorporationSpec:
    token = {"type": "token", "description": f"Token {city_name} ({token_hex}) for $40/$80.",
             "desc_detail": f"May place token in {city_name} ({token_hex}) for $40 if connected, $80 otherwise.",
             "hexes": [token_hex], "price": 40, "count": 1, "teleport_price": 80}
    return CorporationSpec(sym=sym, name=name, tokens=(0, 80, 80, 80), coordinates=coordinates, city=city,
                           color=color, float_percent=20, always_market_price=True, abilities=(token,))


CORPORATIONS = (
    _corporation("ATSF", "Atchison, Topeka and Santa Fe Railway", "A7", "blue", "H4", "Quincy"),
    _corporation("CBQ", "Chicago, Burlington and Quincy Railroad", "J4", "gray", "C7", "Kansas City"),
    _corporation("MKT", "Missouri–Kansas–Texas Railroad", "C13", "green", "E9", "Sedalia"),
    _corporation("MP", "Missouri Pacific Railroad", "J8", "purple", "D8", "Pleasant Hill", city=2),
    _corporation("RI", "Chicago, Rock Island & Pacific Railroad", "K5", "brown", "G9", "Jefferson City"),
    _corporation("SLSF", "St. Louis–San Francisco Railway", "J8", "red", "E13", "Springfield", city=1),
    _corporation("SSW", "St. Louis Southwestern Railway", "J14", "darkblue", "J8", "St. Louis", city=0),
)

MINORS = (
    MinorSpec(sym="HSJ", name="Hannibal and St. Joseph Railroad", coordinates="H6", tokens=(0,), color="pink",
              text_color="black"),
    MinorSpec(sym="SSL", name="St. Louis, Salem and Little Rock", coordinates="H12", tokens=(0,), color="cyan",
              text_color="black"),
)

# =============================================================================================
# Trains: an N train runs through any number of towns without counting them; "E" trains count towns and
# are paid for their best N stops
# =============================================================================================


def _n(pay: int) -> tuple[dict[str, object], ...]:
    return ({"nodes": ["city", "offboard"], "pay": pay, "visit": pay}, {"nodes": ["town"], "pay": 0, "visit": 99})


def _express(pay: int) -> tuple[dict[str, object], ...]:
    return ({"nodes": ["city", "offboard", "town"], "pay": pay, "visit": 99},)


TRAINS = (
    TrainSpec(name="Y2", distance=_n(2), price=100, obsolete_on="3E",
              variants=({"name": "Y3", "distance": _n(3), "price": 150},),
              num=7, num_by_players={2: 7, 3: 7, 4: 8, 5: 9}),
    TrainSpec(name="G3", distance=_n(3), price=180, obsolete_on="5E",
              variants=({"name": "G4", "distance": _n(4), "price": 220},),
              num=4, num_by_players={2: 4, 3: 3, 4: 4, 5: 5}),
    TrainSpec(name="3E", distance=_express(3), price=300, obsolete_on="5E", num=1),
    TrainSpec(name="5", distance=_n(5), price=450,
              variants=({"name": "6", "distance": _n(6), "price": 540},),
              # The first 5 closes the private companies (and the minors).
              events=({"type": "close_companies"},),
              num=3, num_by_players={2: 3, 3: 3, 4: 4, 5: 5}),
    TrainSpec(name="5E", distance=_express(5), price=700, num=1),
    TrainSpec(name="7", distance=_n(7), price=700,
              variants=({"name": "8", "distance": _n(8), "price": 800},),
              num=8, num_by_players={2: 3, 3: 8, 4: 8, 5: 8}),
)

_CAN_BUY = ("can_buy_companies",)
PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=2, status=_CAN_BUY),
    PhaseSpec(name="3", on="G3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2, status=_CAN_BUY),
    PhaseSpec(name="4", on="3E", train_limit=4, tiles=("yellow", "green"), operating_rounds=2, status=_CAN_BUY),
    PhaseSpec(name="5", on="5", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=2),
    PhaseSpec(name="6", on="5E", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=2),
    PhaseSpec(name="7", on="7", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=2),
)

EVENTS_TEXT = {"close_companies": d1846.EVENTS_TEXT["close_companies"]}

#: The Mail Contract pays this per paying stop of the owner's longest run.
MAIL_CONTRACT_BONUS = 10

# =============================================================================================
# Tiles
# =============================================================================================

_ST_LOUIS_PATHS = ("path=a:0,b:_0", "path=a:_0,b:4", "path=a:1,b:_1", "path=a:_1,b:4", "path=a:2,b:_2",
                   "path=a:_2,b:4")


def _st_louis(revenue: int, *, river: bool) -> str:
    parts = [f"city=revenue:{revenue}"] * 3 + list(_ST_LOUIS_PATHS)
    if river:
        parts.append("upgrade=cost:40,terrain:water")
    return _tile(*parts, "label=StL")


CUSTOM_TILES = {
    "290": CustomTileSpec("gray", _tile("city=revenue:70,slots:3", "label=Z", "path=a:0,b:_0", "path=a:1,b:_0",
                                        "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0")),
    "296": CustomTileSpec("green", _tile("city=revenue:50,slots:2", "path=a:0,b:_0", "path=a:2,b:_0",
                                         "path=a:3,b:_0", "path=a:4,b:_0", "label=Z")),
    "297": CustomTileSpec("brown", _tile("city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:1,b:_0",
                                         "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "label=Z")),
    # the ranch: an off-board-like stop for the Ranch Tile's owner
    "X1": CustomTileSpec("yellow", _tile("offboard=revenue:yellow_40|brown_50", "path=a:0,b:_0", "label=R")),
    # St. Louis: three one-slot cities, each joined to the east edge (4)
    "X2": CustomTileSpec("green", _st_louis(40, river=True)),
    "X3": CustomTileSpec("brown", _st_louis(70, river=True)),
    "X4": CustomTileSpec("gray", _st_louis(90, river=False)),
}

TILES: dict[str, Count] = {
    "5": 3, "6": 4, "7": "unlimited", "8": "unlimited", "9": "unlimited",
    "14": 4, "15": 5, "16": 2, "17": 1, "18": 1, "19": 2, "20": 2, "21": 1, "22": 1, "23": 4, "24": 4,
    "25": 2, "26": 1, "27": 1, "28": 1, "29": 1, "30": 1, "31": 1,
    "39": 1, "40": 1, "41": 2, "42": 2, "43": 2, "44": 1, "45": 2, "46": 2, "47": 2, "51": 2, "57": 4, "70": 1,
    "290": 1, "296": 3, "297": 2, "611": 4, "619": 3,
    "X1": 1, "X2": 1, "X3": 1, "X4": 1,
}  # fmt: skip

LOCATION_NAMES = {
    "A7": "Topeka", "C13": "Joplin", "A15": "Dallas", "C5": "St. Joseph", "C7": "Kansas City", "D4": "Cameron",
    "D8": "Pleasant Hill", "E9": "Sedalia", "E1": "Des Moines", "E13": "Springfield, MO", "E15": "Branson",
    "E17": "Little Rock", "F4": "Chillicothe", "G7": "Columbia", "G9": "Jefferson City", "H4": "Quincy",
    "H6": "Hannibal", "H10": "Cuba", "H12": "Salem", "I7": "St. Charles", "J2": "Aurora", "J4": "Chapin",
    "J8": "St. Louis", "J14": "Poplar Bluff", "K3": "Joliet", "K5": "Springfield, IL", "K7": "East St. Louis",
    "K13": "Cape Girardeau", "K17": "Memphis", "L14": "Cairo",
}

# =============================================================================================
# The map (flat-topped), in the published order of its hex groups (the preprinted tiles' ids follow it)
# =============================================================================================

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("A9", "A11", "B6", "B8", "B10", "B12", "C3", "C9", "C11", "C15", "D2", "D14", "E3", "F12", "L6", "L8",
         "L10", "I11", "J12", "K15"),
    "city=revenue:0": ("C5", "D4", "E15", "F4", "H12"),
    "upgrade=cost:20,terrain:mountain": ("D16", "F14", "F16", "G13", "H14", "G15", "I13", "I15"),
    _tile("city=revenue:10", "path=a:1,b:_0"): ("C13",),
    _tile("city=revenue:0", "border=edge:2,type:water,cost:20"): ("H10",),
    "border=edge:3,type:water,cost:20": ("G11",),
    "border=edge:4,type:water,cost:40": ("J10",),
    _tile("border=edge:4,type:water,cost:40", "border=edge:5,type:water,cost:40"): ("G3",),
    _tile("border=edge:4,type:water,cost:40", "border=edge:5,type:water,cost:20"): ("D10",),
    _tile("city=revenue:0", "border=edge:0,type:water,cost:20", "border=edge:1,type:water,cost:20"): ("G7",),
    "upgrade=cost:20,terrain:water": ("F10", "H8"),
    "upgrade=cost:40,terrain:water": ("K11",),
    _tile("border=edge:0,type:impassable", "border=edge:1,type:water,cost:60",
          "border=edge:2,type:water,cost:40"): ("J6",),
    _tile("city=revenue:0", "border=edge:0,type:water,cost:40", "border=edge:1,type:water,cost:40"): ("E9",),
    _tile("city=revenue:0", "border=edge:4,type:water,cost:40"): ("K13",),
    "border=edge:1,type:water,cost:40": ("L12",),
    _tile("border=edge:1,type:water,cost:20", "border=edge:2,type:water,cost:20",
          "border=edge:3,type:water,cost:40"): ("E11",),
    "border=edge:0,type:water,cost:20": ("E5",),
    "border=edge:4,type:water,cost:20": ("D12",),
    # the same code as L12's, written with a trailing separator to keep the two groups apart
    "border=edge:1,type:water,cost:40;": ("H2",),
    _tile("border=edge:0,type:water,cost:20", "border=edge:5,type:water,cost:20"): ("D6",),
    # the same code as J10's
    "border=edge:4,type:water,cost:40;": ("G5",),
    _tile("city=revenue:0", "border=edge:0,type:water,cost:40", "border=edge:1,type:water,cost:40",
          "border=edge:2,type:water,cost:40"): ("H4",),
    _tile("city=revenue:0", "border=edge:0,type:water,cost:40", "border=edge:3,type:water,cost:40",
          "border=edge:4,type:water,cost:60"): ("I7",),
    "border=edge:3,type:water,cost:40": ("I9",),
    "border=edge:5,type:water,cost:20": ("I3",),
    _tile("border=edge:0,type:water,cost:40", "border=edge:1,type:water,cost:40", "border=edge:4,type:water,cost:20",
          "border=edge:5,type:water,cost:40"): ("I5",),
    # the same code as L12's and H2's
    "border=edge:1,type:water,cost:40;;": ("K9",),
    _tile("border=edge:3,type:water,cost:20", "city=revenue:0"): ("D8",),
    _tile("border=edge:2,type:water,cost:20", "border=edge:3,type:water,cost:20",
          "border=edge:4,type:water,cost:20"): ("E7",),
    _tile("border=edge:0,type:water,cost:20", "border=edge:1,type:water,cost:20"): ("F6",),
    _tile("border=edge:3,type:water,cost:20", "border=edge:4,type:water,cost:20"): ("F8",),
    _tile("city=revenue:10", "path=a:_0,b:3", "border=edge:1,type:water,cost:20",
          "border=edge:2,type:water,cost:20"): ("J4",),
    _tile("city=revenue:10", "path=a:_0,b:3"): ("K5",),
    "city=revenue:10;path=a:0,b:_0;": ("J14",),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:yellow_30|brown_40,groups:W", "icon=image:1846/50", "path=a:0,b:_0", "path=a:5,b:_0",
          "label=W"): ("A7",),
    _tile("offboard=revenue:yellow_30|brown_60,groups:W", "icon=image:1846/30", "path=a:4,b:_0", "label=W;"): ("A15",),
    _tile("offboard=revenue:yellow_20|brown_50", "path=a:0,b:_0"): ("E1",),
    _tile("offboard=revenue:yellow_20|brown_50", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0"): ("E17",),
    _tile("offboard=revenue:yellow_30|brown_40,groups:E", "icon=image:1846/50", "path=a:0,b:_0", "path=a:1,b:_0",
          "label=E"): ("J2", "K3"),
    _tile("offboard=revenue:yellow_30|brown_60,groups:E", "icon=image:1846/30", "path=a:2,b:_0",
          "label=E"): ("K17",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    "path=a:1,b:4": ("B14",),
    _tile("city=revenue:40,slots:2", "path=a:1,b:_0", "path=a:5,b:_0", "label=Z",
          "upgrade=cost:40,terrain:water"): ("C7",),
    _tile("city=revenue:40,slots:2", "path=a:0,b:_0", "path=a:2,b:_0", "path=a:4,b:_0", "label=Z"): ("E13",),
    _tile("city=revenue:40,slots:2", "path=a:2,b:_0", "path=a:4,b:_0", "label=Z", "upgrade=cost:40,terrain:water",
          "border=edge:0,type:water,cost:20", "border=edge:5,type:water,cost:20",
          "border=edge:3,type:water,cost:20"): ("G9",),
    _tile("city=revenue:20", "path=a:2,b:_0", "border=edge:3,type:water,cost:40",
          "border=edge:4,type:water,cost:40"): ("H6",),
    _tile("city=revenue:10", "city=revenue:10", "city=revenue:10", "path=a:0,b:_0", "path=a:1,b:_1",
          "path=a:2,b:_2", "label=StL", "upgrade=cost:40,terrain:water", "border=edge:3,type:impassable"): ("J8",),
    "path=a:3,b:5": ("J16",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("town=revenue:30", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0"): ("K7",),
    _tile("city=revenue:20", "path=a:1,b:_0"): ("L14",),
}

HEXES = {
    "white": WHITE_HEXES,
    "red": RED_HEXES,
    "yellow": YELLOW_HEXES,
    "gray": GRAY_HEXES,
}

TITLE: TitleSpec = replace(
    d1846.TITLE,
    title="1852: Missouri",
    subtitle="",
    designer="Scott Petersen",
    publisher="All-Aboard Games",
    location="Missouri, USA",
    rules_url="https://github.com/tobymao/18xx/wiki/1852:-Missouri",
    info_url="https://github.com/tobymao/18xx/wiki/1852:-Missouri",
    layout="flat",
    player_range=PLAYER_RANGE,
    bank_cash=BANK_CASH,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    hexes=HEXES,
    location_names=LOCATION_NAMES,
    tiles=TILES,
    custom_tiles=CUSTOM_TILES,
    companies=COMPANIES,
    minors=MINORS,
    corporations=CORPORATIONS,
    trains=TRAINS,
    phases=PHASES,
    rules=RULES,
    optional_rules=(),
    mutex_rules=(),
    events_text=EVENTS_TEXT,
)
