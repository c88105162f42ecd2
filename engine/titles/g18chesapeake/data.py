"""18Chesapeake: The Birth of American Railroads (Scott Petersen), the title's facts as data.

The bank, the certificates, the six private companies, the eight railroads, the stock market,
the trains and phases, the tile supply (with the title's own DC and OO tiles X1-X9) and the
preprinted flat-topped map.  Behaviour that is not data (Cornelius Vanderbilt's random
president's certificate, the paired #8/#9 lays of C-P and B&S, the export of a train at the end
of every set of operating rounds, the two-player share rules) lives in ``rules.py``.
"""

from __future__ import annotations

from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    Count,
    CustomTileSpec,
    PhaseSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

# =============================================================================================
# Players, bank and certificates
# =============================================================================================

PLAYER_RANGE = (2, 6)

BANK_CASH = 8_000

STARTING_CASH = {
    2: 1200,
    3: 800,
    4: 600,
    5: 480,
    6: 400,
}

CERT_LIMIT = {
    2: 20,
    3: 20,
    4: 16,
    5: 13,
    6: 11,
}

# =============================================================================================
# Rule switches (everything else is the engine default: see ``RuleSet``)
# =============================================================================================

RULES = RuleSet(
    # A stock turn sells first, then buys one certificate.
    sell_buy_order="sell_buy",
    # Bids in the private auction go up in multiples of $5 ...
    must_bid_increment_multiple=True,
    # ... and only a player's highest bid ties up their cash.
    only_highest_bid_committed=True,
    currency_format="$%s",
)

# =============================================================================================
# Private companies (auctioned in this order)
# =============================================================================================

DELAWARE_RARITAN = CompanySpec(
    sym="D&R",
    name="Delaware and Raritan Canal",
    value=20,
    revenue=5,
    desc="No special ability. Blocks K3 while a player owns it.",
    abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["K3"]},),
)

COLUMBIA_PHILADELPHIA = CompanySpec(
    sym="C-P",
    name="Columbia - Philadelphia Railroad",
    value=40,
    revenue=10,
    desc="The owning corporation may lay two connected #8/#9 tiles on H2 and I3 (both in one turn), "
    "in addition to its normal tile lay and without a route to them. A tile laid there any other way "
    "forfeits the ability. Blocks H2 and I3 while a player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["H2", "I3"]},
        {
            "type": "tile_lay",
            "owner_type": "corporation",
            "must_lay_together": True,
            "must_lay_all": True,
            "hexes": ["H2", "I3"],
            "tiles": ["8", "9"],
            "when": "track",
            "count": 2,
        },
    ),
)

BALTIMORE_SUSQUEHANNA = CompanySpec(
    sym="B&S",
    name="Baltimore and Susquehanna Railroad",
    value=50,
    revenue=10,
    desc="The owning corporation may lay two connected #8/#9 tiles on F4 and G5 (both in one turn), "
    "in addition to its normal tile lay and without a route to them. A tile laid there any other way "
    "forfeits the ability. Blocks F4 and G5 while a player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F4", "G5"]},
        {
            "type": "tile_lay",
            "owner_type": "corporation",
            "must_lay_together": True,
            "must_lay_all": True,
            "hexes": ["F4", "G5"],
            "tiles": ["8", "9"],
            "when": "track",
            "count": 2,
        },
    ),
)

CHESAPEAKE_OHIO_CANAL = CompanySpec(
    sym="C&OC",
    name="Chesapeake and Ohio Canal",
    value=80,
    revenue=15,
    desc="The owning corporation may lay tile 57 on D2 as its tile lay (paying the mountain), without "
    "a route to it, and then place a station token there for free. Blocks D2 while a player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["D2"]},
        {"type": "teleport", "owner_type": "corporation", "tiles": ["57"], "hexes": ["D2"]},
    ),
)

BALTIMORE_OHIO_PRIVATE = CompanySpec(
    sym="B&OR",
    name="Baltimore & Ohio Railroad",
    value=100,
    revenue=0,
    desc="Its buyer also receives a 10% share of the B&O; the private stays open. No other ability.",
    abilities=({"type": "shares", "shares": "B&O_1"},),
)

CORNELIUS_VANDERBILT = CompanySpec(
    sym="CV",
    name="Cornelius Vanderbilt",
    value=200,
    revenue=30,
    desc="Its buyer also receives the president's certificate of a corporation drawn at random (and "
    "sets its par price). Closes when that corporation buys its first train. It may not be sold to "
    "a corporation.",
    abilities=(
        {"type": "shares", "shares": "random_president"},
        {"type": "no_buy"},
    ),
)

COMPANIES = (
    DELAWARE_RARITAN,
    COLUMBIA_PHILADELPHIA,
    BALTIMORE_SUSQUEHANNA,
    CHESAPEAKE_OHIO_CANAL,
    BALTIMORE_OHIO_PRIVATE,
    CORNELIUS_VANDERBILT,
)

# =============================================================================================
# Corporations: 60% to float; home hex; station token prices (the home token is free)
# =============================================================================================

CORPORATIONS = (
    CorporationSpec(
        sym="PRR",
        name="Pennsylvania Railroad",
        coordinates="F2",  # Harrisburg
        tokens=(0, 40, 60, 80),
        color="#237333",
    ),
    CorporationSpec(
        sym="PLE",
        name="Pittsburgh and Lake Erie Railroad",
        coordinates="A3",  # the Pittsburgh off-board city
        tokens=(0, 40, 60),
        color="black",
    ),
    CorporationSpec(
        sym="SRR",
        name="Strasburg Rail Road",
        coordinates="H4",  # Strasburg
        tokens=(0, 40),
        color="#d81e3e",
    ),
    CorporationSpec(
        sym="B&O",
        name="Baltimore & Ohio Railroad",
        coordinates="H6",  # Baltimore
        city=0,  # the first of Baltimore's two cities
        tokens=(0, 40, 60),
        color="#0189d1",
    ),
    CorporationSpec(
        sym="C&O",
        name="Chesapeake & Ohio Railroad",
        coordinates="G13",  # Richmond
        tokens=(0, 40, 60, 80),
        color="#a2dced",
        text_color="black",
    ),
    CorporationSpec(
        sym="LV",
        name="Lehigh Valley Railroad",
        coordinates="J2",  # Allentown
        tokens=(0, 40),
        color="#FFF500",
        text_color="black",
    ),
    CorporationSpec(
        sym="C&A",
        name="Camden & Amboy Railroad",
        coordinates="J6",  # Camden
        tokens=(0, 40),
        color="#f48221",
    ),
    CorporationSpec(
        sym="N&W",
        name="Norfolk & Western Railway",
        coordinates="C13",  # Lynchburg
        tokens=(0, 40, 60),
        color="#7b352a",
    ),
)

# =============================================================================================
# Stock market: 8 rows, par values 95/80/70 (p); y yellow (shares do not count towards the
# certificate limit).
# =============================================================================================

MARKET = (
    ("80", "85", "90", "100", "110", "125", "140", "160", "180", "200", "225", "250", "275", "300", "325", "350", "375"),
    ("75", "80", "85", "90", "100", "110", "125", "140", "160", "180", "200", "225", "250", "275", "300", "325", "350"),
    ("70", "75", "80", "85", "95p", "105", "115", "130", "145", "160", "180", "200"),
    ("65", "70", "75", "80p", "85", "95", "105", "115", "130", "145"),
    ("60", "65", "70p", "75", "80", "85", "95", "105"),
    ("55y", "60", "65", "70", "75", "80"),
    ("50y", "55y", "60", "65"),
    ("40y", "45y", "50y"),
)  # fmt: skip

# =============================================================================================
# Trains (sold from the depot in this order).  At the end of every set of operating rounds the
# next 2, 3 or 4 train still in the depot is exported (see ``rules.py``).
# =============================================================================================

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=7, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=6, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=5, rusts_on="D"),
    # The first 5-train closes all private companies.
    TrainSpec(name="5", distance=5, price=500, num=3, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=2),
    # Diesels: unlimited, on sale once the first 6-train is bought; a 4, 5 or 6 may be traded in
    # for $200 off.
    TrainSpec(
        name="D",
        distance=999,
        price=900,
        num="unlimited",
        available_on="6",
        discount={"4": 200, "5": 200, "6": 200},
    ),
)

# =============================================================================================
# Phases: a phase starts when the first train of its name is bought (or exported)
# =============================================================================================

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1),
    PhaseSpec(
        name="3",
        on="3",
        train_limit=4,
        tiles=("yellow", "green"),
        operating_rounds=2,
        status=("can_buy_companies",),
    ),
    PhaseSpec(
        name="4",
        on="4",
        train_limit=3,
        tiles=("yellow", "green"),
        operating_rounds=2,
        status=("can_buy_companies",),
    ),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="D", on="D", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=3),
)

STATUS_TEXT = {
    "can_buy_companies": (
        "Can Buy Companies",
        "Corporations may buy private companies from players",
    ),
}

EVENTS_TEXT = {
    "close_companies": (
        "Companies Close",
        "All private companies close",
    ),
}

# =============================================================================================
# Tile supply (engine catalogue numbers, then the title's own tiles: count)
# =============================================================================================

TILES: dict[str, Count] = {
    "1": 1,  # yellow, two towns
    "2": 1,  # yellow, two towns
    "3": 2,  # yellow, town
    "4": 2,  # yellow, town
    "7": "unlimited",  # yellow, sharp curve
    "8": "unlimited",  # yellow, gentle curve
    "9": "unlimited",  # yellow, straight
    "14": 5,  # green, city (2 stations)
    "15": 6,  # green, city (2 stations)
    "16": 1,  # green, track
    "19": 1,  # green, track
    "20": 1,  # green, track
    "23": 3,  # green, track
    "24": 3,  # green, track
    "25": 2,  # green, track
    "26": 1,  # green, track
    "27": 1,  # green, track
    "28": 1,  # green, track
    "29": 1,  # green, track
    "39": 1,  # brown, track
    "40": 1,  # brown, track
    "41": 1,  # brown, track
    "42": 1,  # brown, track
    "43": 2,  # brown, track
    "44": 1,  # brown, track
    "45": 1,  # brown, track
    "46": 1,  # brown, track
    "47": 2,  # brown, track
    "55": 1,  # yellow, two towns
    "56": 1,  # yellow, two towns
    "57": 7,  # yellow, city
    "58": 2,  # yellow, town
    "69": 1,  # yellow, two towns
    "70": 1,  # brown, track
    "611": 5,  # brown, city (2 stations)
    "915": 1,  # gray, city (3 stations)
    "X1": 1,  # yellow, Washington DC
    "X2": 1,  # green, Washington DC
    "X3": 1,  # green, two cities (OO)
    "X4": 1,  # green, two cities (OO)
    "X5": 1,  # green, two cities (OO)
    "X6": 1,  # brown, Washington DC
    "X7": 2,  # brown, OO cities joined into one city of two stations
    "X8": 1,  # gray, Washington DC
    "X9": 1,  # gray, OO (one city of three stations)
}

# The title's own tiles: the DC label (Washington, F8) and OO (Baltimore H6, Philadelphia J4).
CUSTOM_TILES = {
    "X1": CustomTileSpec("yellow", _tile("city=revenue:30", "path=a:0,b:_0", "path=a:4,b:_0", "label=DC")),
    "X2": CustomTileSpec(
        "green",
        _tile(
            "city=revenue:40,slots:2",
            "path=a:0,b:_0",
            "path=a:2,b:_0",
            "path=a:1,b:_0",
            "path=a:4,b:_0",
            "path=a:5,b:_0",
            "label=DC",
        ),
    ),
    "X3": CustomTileSpec(
        "green",
        _tile(
            "city=revenue:40",
            "city=revenue:40",
            "path=a:0,b:_0",
            "path=a:_0,b:2",
            "path=a:3,b:_1",
            "path=a:_1,b:5",
            "label=OO",
        ),
    ),
    "X4": CustomTileSpec(
        "green",
        _tile(
            "city=revenue:40",
            "city=revenue:40",
            "path=a:0,b:_0",
            "path=a:_0,b:1",
            "path=a:2,b:_1",
            "path=a:_1,b:3",
            "label=OO",
        ),
    ),
    "X5": CustomTileSpec(
        "green",
        _tile(
            "city=revenue:40",
            "city=revenue:40",
            "path=a:3,b:_0",
            "path=a:_0,b:5",
            "path=a:0,b:_1",
            "path=a:_1,b:4",
            "label=OO",
        ),
    ),
    "X6": CustomTileSpec(
        "brown",
        _tile(
            "city=revenue:70,slots:3",
            "path=a:0,b:_0",
            "path=a:1,b:_0",
            "path=a:2,b:_0",
            "path=a:3,b:_0",
            "path=a:4,b:_0",
            "path=a:5,b:_0",
            "label=DC",
        ),
    ),
    # A labelled OO tile may merge its two cities into one.
    "X7": CustomTileSpec(
        "brown",
        _tile(
            "city=revenue:50,slots:2",
            "path=a:0,b:_0",
            "path=a:1,b:_0",
            "path=a:2,b:_0",
            "path=a:5,b:_0",
            "path=a:4,b:_0",
            "label=OO",
        ),
    ),
    "X8": CustomTileSpec(
        "gray",
        _tile(
            "city=revenue:100,slots:4",
            "path=a:0,b:_0",
            "path=a:1,b:_0",
            "path=a:2,b:_0",
            "path=a:3,b:_0",
            "path=a:4,b:_0",
            "path=a:5,b:_0",
            "label=DC",
        ),
    ),
    "X9": CustomTileSpec(
        "gray",
        _tile(
            "city=revenue:70,slots:3",
            "path=a:0,b:_0",
            "path=a:1,b:_0",
            "path=a:2,b:_0",
            "path=a:4,b:_0",
            "path=a:5,b:_0",
            "label=OO",
        ),
    ),
}

# =============================================================================================
# Place names
# =============================================================================================

LOCATION_NAMES = {
    "B2": "Pittsburgh",
    "A7": "Ohio",
    "B14": "West Virginia Coal",
    "B4": "Charleroi & Connellsville",
    "C5": "Green Spring",
    "C13": "Lynchburg",
    "D2": "Berlin",
    "D8": "Leesburg",
    "D12": "Charlottesville",
    "E3": "Hagerstown",
    "E11": "Fredericksburg",
    "F2": "Harrisburg",
    "F8": "Washington DC",
    "G3": "Columbia",
    "G13": "Richmond",
    "H4": "Strasburg",
    "H6": "Baltimore",
    "H14": "Norfolk",
    "I5": "Wilmington",
    "I9": "Delmarva Peninsula",
    "J2": "Allentown",
    "J4": "Philadelphia",
    "J6": "Camden",
    "K1": "Easton",
    "K3": "Trenton & Amboy",
    "K5": "Burlington & Princeton",
    "L2": "New York",
}

# =============================================================================================
# The preprinted map (flat-topped hexes: letters are columns, numbers rows)
# =============================================================================================

_MOUNTAIN = "upgrade=cost:80,terrain:mountain"
_WATER = "upgrade=cost:40,terrain:water"

# White hexes: empty land, with terrain costs, cities and towns waiting for their first tile.
WHITE_HEXES: dict[str, tuple[str, ...]] = {
    # plain land (F4/G5 and H2/I3 are the B&S and C-P hexes)
    "": (
        "B6",
        "B8",
        "B10",
        "C3",
        "C7",
        "C9",
        "C11",
        "E7",
        "E9",
        "E13",
        "F6",
        "F12",
        "G7",
        "I7",
        "J8",
        "J10",
        "L4",
        "F4",
        "G5",
        "H2",
        "I3",
    ),
    # mountains ($80)
    _MOUNTAIN: ("B12", "D4", "D6", "D10", "E5"),
    # rivers and the bay ($40)
    _WATER: ("F10", "G9", "G11", "H12"),
    # Charleroi & Connellsville, Trenton & Amboy, Burlington & Princeton: two towns each
    _tile("town=revenue:0", "town=revenue:0"): ("B4", "K3", "K5"),
    # Green Spring, Charlottesville, Hagerstown, Harrisburg (PRR), Richmond (C&O), Allentown (LV)
    "city=revenue:0": ("C5", "D12", "E3", "F2", "G13", "J2"),
    # Lynchburg (N&W), Berlin (C&OC's hex), Leesburg: cities in the mountains ($80)
    _tile("city=revenue:0", _MOUNTAIN): ("C13", "D2", "D8"),
    # Fredericksburg
    "town=revenue:0": ("E11",),
    # Washington DC
    _tile("city=revenue:0", "label=DC"): ("F8",),
    # Columbia, Wilmington: towns across water ($40)
    _tile("town=revenue:0", _WATER): ("G3", "I5"),
    # Strasburg (SRR), Camden (C&A): cities across water ($40)
    _tile("city=revenue:0", _WATER): ("H4", "J6"),
}

# Red off-board areas: revenue in yellow | green | brown | gray phases.
RED_HEXES: dict[str, tuple[str, ...]] = {
    # Pittsburgh: two hexes in one group; A3 is a city (PLE's home) and does not print the revenue
    _tile(
        "city=revenue:yellow_40|green_50|brown_60|gray_80,hide:1,groups:Pittsburgh",
        "path=a:5,b:_0",
        "border=edge:4",
    ): ("A3",),
    _tile(
        "offboard=revenue:yellow_40|green_50|brown_60|gray_80,groups:Pittsburgh",
        "path=a:0,b:_0",
        "border=edge:1",
    ): ("B2",),
    # Ohio
    _tile("offboard=revenue:yellow_40|green_60|brown_80|gray_100", "path=a:4,b:_0", "path=a:5,b:_0"): ("A7",),
    # West Virginia Coal: two hexes in one group, A13 does not print its revenue
    _tile(
        "offboard=revenue:yellow_40|green_50|brown_60|gray_80,hide:1,groups:West Virginia Coal",
        "path=a:4,b:_0",
        "border=edge:5",
    ): ("A13",),
    _tile(
        "offboard=revenue:yellow_40|green_50|brown_60|gray_80,groups:West Virginia Coal",
        "path=a:3,b:_0",
        "path=a:4,b:_0",
        "border=edge:2",
    ): ("B14",),
    # Norfolk
    _tile("offboard=revenue:yellow_30|green_40|brown_50|gray_60", "path=a:2,b:_0"): ("H14",),
    # New York
    _tile("offboard=revenue:yellow_40|green_60|brown_80|gray_100", "path=a:0,b:_0", "path=a:1,b:_0"): ("L2",),
}

# Gray hexes: fixed track, never upgraded.
GRAY_HEXES: dict[str, tuple[str, ...]] = {
    "path=a:1,b:5": ("E1",),
    "path=a:3,b:4": ("F14",),
    _tile("path=a:1,b:5", "path=a:0,b:1"): ("G1",),
    # Delmarva Peninsula
    _tile("town=revenue:30", "path=a:3,b:_0", "path=a:_0,b:5"): ("I9",),
    # Easton
    _tile("town=revenue:30", "path=a:0,b:_0", "path=a:_0,b:1"): ("K1",),
    "path=a:2,b:3": ("K7",),
}

# Yellow hexes: printed yellow, upgraded to green with the matching label.
YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    # Baltimore (B&O home in the first city), across water ($40)
    _tile(
        "city=revenue:30",
        "city=revenue:30",
        "path=a:1,b:_0",
        "path=a:4,b:_1",
        "label=OO",
        _WATER,
    ): ("H6",),
    # Philadelphia
    _tile("city=revenue:30", "city=revenue:30", "path=a:0,b:_0", "path=a:3,b:_1", "label=OO"): ("J4",),
}

HEXES = {
    "white": WHITE_HEXES,
    "red": RED_HEXES,
    "gray": GRAY_HEXES,
    "yellow": YELLOW_HEXES,
}

# =============================================================================================
# The title
# =============================================================================================

TITLE = TitleSpec(
    title="18Chesapeake",
    subtitle="The Birth of American Railroads",
    designer="Scott Petersen",
    publisher="All-Aboard Games",
    location="Chesapeake Bay Region, USA",
    rules_url="https://www.dropbox.com/s/x0dsehrxqr1tl6w/18Chesapeake_Rules.pdf",
    info_url="https://github.com/tobymao/18xx/wiki/18Chesapeake",
    layout="flat",
    player_range=PLAYER_RANGE,
    bank_cash=BANK_CASH,
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
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)
