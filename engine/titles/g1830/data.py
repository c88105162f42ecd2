"""1830: Railways & Robber Barons (Francis Tresham), the title's facts as data.

Everything that is printed in the box or written in the rulebook: bank, certificates, the six
private companies, the eight railroads, the stock market, the trains and phases, the tile supply
and the preprinted map.  Behaviour that is not data (step lists, the rule that privates change
hands between players only after the first stock round) lives in ``rules.py``.
"""

from __future__ import annotations

from engine.titles.family1830 import MARKET_1830
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    OptionalRuleSpec,
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

BANK_CASH = 12_000

STARTING_CASH = {
    2: 1200,
    3: 800,
    4: 600,
    5: 480,
    6: 400,
}

CERT_LIMIT = {
    2: 28,
    3: 20,
    4: 16,
    5: 13,
    6: 11,
}

# =============================================================================================
# Rule switches (everything else is the engine default: see ``RuleSet``)
# =============================================================================================

RULES = RuleSet(
    # A stock turn may sell, then buy one certificate, then sell again.
    sell_buy_order="sell_buy_sell",
    # Track may be reused freely within a route (only the same city may not be visited twice).
    track_restriction="permissive",
    # A home reserved for a corporation that has not yet placed its token cannot take others.
    tile_reservation_blocks_others="always",
    # Several brown-zone shares per turn may come from the market pool only (the option
    # "multiple_brown_from_ipo" below lifts this).
    multiple_buy_only_from_market=True,
    currency_format="$%s",
)

# =============================================================================================
# Optional rules
# =============================================================================================

OPTIONAL_RULES = (
    OptionalRuleSpec(
        sym="multiple_brown_from_ipo",
        short_name="Multiple brown shares from the IPO",
        desc="Several shares of a corporation in the brown zone may be bought per turn from the IPO, "
        "not only from the market pool.",
        # The base game allows multiple brown buys from the pool only.
        rule_changes={"multiple_buy_only_from_market": False},
    ),
    OptionalRuleSpec(
        sym="optional_6_train",
        short_name="Third 6-train",
        desc="The depot holds three 6-trains instead of two.",
    ),
)

# =============================================================================================
# Private companies (auctioned in this order)
# =============================================================================================

SCHUYLKILL_VALLEY = CompanySpec(
    sym="SV",
    name="Schuylkill Valley",
    value=20,
    revenue=5,
    desc="No special ability. Blocks G15 while a player owns it.",
    abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["G15"]},),
)

CHAMPLAIN_ST_LAWRENCE = CompanySpec(
    sym="CS",
    name="Champlain & St.Lawrence",
    value=40,
    revenue=10,
    desc="The owning corporation may lay one extra tile (3, 4 or 58) on B20 during its turn, "
    "without a connection to its track. Blocks B20 while a player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["B20"]},
        {
            "type": "tile_lay",
            "owner_type": "corporation",
            "hexes": ["B20"],
            "tiles": ["3", "4", "58"],
            "when": "owning_corp_or_turn",
            "count": 1,
        },
    ),
)

DELAWARE_HUDSON = CompanySpec(
    sym="DH",
    name="Delaware & Hudson",
    value=70,
    revenue=15,
    desc="The owning corporation may lay tile 57 on F16 (paying the $120 mountain) as its tile lay "
    "for the turn, then place a station token there, without a connection. F16 must be empty. "
    "Blocks F16 while a player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F16"]},
        {"type": "teleport", "owner_type": "corporation", "tiles": ["57"], "hexes": ["F16"]},
    ),
)

MOHAWK_HUDSON = CompanySpec(
    sym="MH",
    name="Mohawk & Hudson",
    value=110,
    revenue=20,
    desc="The owning player may exchange it for a 10% NYC share from the IPO or the market pool, in "
    "their stock turn or between other turns, unless they already hold 60% of NYC. The exchange "
    "closes the MH. Blocks D18 while a player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["D18"]},
        {
            "type": "exchange",
            "corporations": ["NYC"],
            "owner_type": "player",
            "when": "any",
            "from": ["ipo", "market"],
        },
    ),
)

CAMDEN_AMBOY = CompanySpec(
    sym="CA",
    name="Camden & Amboy",
    value=160,
    revenue=25,
    desc="Its first buyer also receives a 10% PRR share for free; the CA stays open. "
    "Blocks H18 while a player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["H18"]},
        {"type": "shares", "shares": "PRR_1"},
    ),
)

BALTIMORE_OHIO = CompanySpec(
    sym="BO",
    name="Baltimore & Ohio",
    value=220,
    revenue=30,
    desc="Its buyer also receives the B&O president's certificate (and sets its par price). It may not "
    "be sold to a corporation, and closes when the B&O buys its first train. "
    "Blocks I13 and I15 while a player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["I13", "I15"]},
        {"type": "close", "when": "bought_train", "corporation": "B&O"},
        {"type": "no_buy"},
        {"type": "shares", "shares": "B&O_0"},
    ),
)

COMPANIES = (
    SCHUYLKILL_VALLEY,
    CHAMPLAIN_ST_LAWRENCE,
    DELAWARE_HUDSON,
    MOHAWK_HUDSON,
    CAMDEN_AMBOY,
    BALTIMORE_OHIO,
)

# =============================================================================================
# Corporations: 60% to float; home hex; station token prices (the home token is free)
# =============================================================================================

CORPORATIONS = (
    CorporationSpec(
        sym="PRR",
        name="Pennsylvania Railroad",
        coordinates="H12",  # Altoona
        tokens=(0, 40, 100, 100),
        color="#32763f",
    ),
    CorporationSpec(
        sym="NYC",
        name="New York Central Railroad",
        coordinates="E19",  # Albany
        tokens=(0, 40, 100, 100),
        color="#474548",
    ),
    CorporationSpec(
        sym="CPR",
        name="Canadian Pacific Railroad",
        coordinates="A19",  # Montreal
        tokens=(0, 40, 100, 100),
        color="#d1232a",
    ),
    CorporationSpec(
        sym="B&O",
        name="Baltimore & Ohio Railroad",
        coordinates="I15",  # Baltimore
        tokens=(0, 40, 100),
        color="#025aaa",
    ),
    CorporationSpec(
        sym="C&O",
        name="Chesapeake & Ohio Railroad",
        coordinates="F6",  # Cleveland
        tokens=(0, 40, 100),
        color="#ADD8E6",
        text_color="black",
    ),
    CorporationSpec(
        sym="ERIE",
        name="Erie Railroad",
        coordinates="E11",  # Dunkirk & Buffalo (no fixed city of the two)
        tokens=(0, 40, 100),
        color="#FFF500",
        text_color="black",
    ),
    CorporationSpec(
        sym="NYNH",
        name="New York, New Haven & Hartford Railroad",
        coordinates="G19",  # New York & Newark
        city=0,  # the New York city (the first city of the NY tile)
        tokens=(0, 40),
        color="#d88e39",
    ),
    CorporationSpec(
        sym="B&M",
        name="Boston & Maine Railroad",
        coordinates="E23",  # Boston
        tokens=(0, 40),
        color="#95c054",
    ),
)

# =============================================================================================
# Stock market: 11 rows. Letters: p par value, y yellow (shares do not count towards the
# certificate limit), o orange (a player may hold more than 60%), b brown (several shares may be
# bought in one turn).  Blank cells are off the market.
# =============================================================================================

MARKET = MARKET_1830

# =============================================================================================
# Trains (sold from the depot in this order)
# =============================================================================================

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=6, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=5, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=4, rusts_on="D"),
    # The first 5-train closes all private companies.
    TrainSpec(name="5", distance=5, price=450, num=3, events=({"type": "close_companies"},)),
    # Two 6-trains, three with the optional rule.
    TrainSpec(name="6", distance=6, price=630, num=2, num_by_option={"optional_6_train": 3}),
    # Diesels: unlimited, on sale once the first 6-train is bought; a 4, 5 or 6 may be traded in
    # for $300 off.
    TrainSpec(
        name="D",
        distance=999,
        price=1100,
        num="unlimited",
        available_on="6",
        discount={"4": 300, "5": 300, "6": 300},
    ),
)

# =============================================================================================
# Phases: a phase starts when the first train of its name is bought
# =============================================================================================

PHASES = (
    PhaseSpec(
        name="2",
        on=None,
        train_limit=4,
        tiles=("yellow",),
        operating_rounds=1,
        status=("can_buy_companies_from_other_players",),
    ),
    PhaseSpec(
        name="3",
        on="3",
        train_limit=4,
        tiles=("yellow", "green"),
        operating_rounds=2,
        status=("can_buy_companies", "can_buy_companies_from_other_players"),
    ),
    PhaseSpec(
        name="4",
        on="4",
        train_limit=3,
        tiles=("yellow", "green"),
        operating_rounds=2,
        status=("can_buy_companies", "can_buy_companies_from_other_players"),
    ),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="D", on="D", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
)

STATUS_TEXT = {
    "can_buy_companies": (
        "Can Buy Companies",
        "Corporations may buy private companies from players",
    ),
    "can_buy_companies_from_other_players": (
        "Interplayer Company Buy",
        "Players may buy private companies from each other after the first stock round",
    ),
}

EVENTS_TEXT = {
    "close_companies": (
        "Companies Close",
        "All private companies close, unless their text says otherwise",
    ),
}

# =============================================================================================
# Tile supply (engine catalogue numbers: count)
# =============================================================================================

TILES = {
    "1": 1,  # yellow, two towns
    "2": 1,  # yellow, two towns
    "3": 2,  # yellow, town
    "4": 2,  # yellow, town
    "7": 4,  # yellow, sharp curve
    "8": 8,  # yellow, gentle curve
    "9": 7,  # yellow, straight
    "14": 3,  # green, city (2 stations)
    "15": 2,  # green, city (2 stations)
    "16": 1,  # green, track
    "18": 1,  # green, track
    "19": 1,  # green, track
    "20": 1,  # green, track
    "23": 3,  # green, track
    "24": 3,  # green, track
    "25": 1,  # green, track
    "26": 1,  # green, track
    "27": 1,  # green, track
    "28": 1,  # green, track
    "29": 1,  # green, track
    "39": 1,  # brown, track
    "40": 1,  # brown, track
    "41": 2,  # brown, track
    "42": 2,  # brown, track
    "43": 2,  # brown, track
    "44": 1,  # brown, track
    "45": 2,  # brown, track
    "46": 2,  # brown, track
    "47": 1,  # brown, track
    "53": 2,  # green, Boston/Baltimore (B)
    "54": 1,  # green, New York (NY)
    "55": 1,  # yellow, two towns
    "56": 1,  # yellow, two towns
    "57": 4,  # yellow, city
    "58": 2,  # yellow, town
    "59": 2,  # green, two cities (OO)
    "61": 2,  # brown, Boston/Baltimore (B)
    "62": 1,  # brown, New York (NY)
    "63": 3,  # brown, city (2 stations)
    "64": 1,  # brown, two cities (OO)
    "65": 1,  # brown, two cities (OO)
    "66": 1,  # brown, two cities (OO)
    "67": 1,  # brown, two cities (OO)
    "68": 1,  # brown, two cities (OO)
    "69": 1,  # yellow, two towns
    "70": 1,  # brown, track
}

# =============================================================================================
# Place names
# =============================================================================================

LOCATION_NAMES = {
    "D2": "Lansing",
    "F2": "Chicago",
    "J2": "Gulf",
    "F4": "Toledo",
    "J14": "Washington",
    "F22": "Providence",
    "E5": "Detroit & Windsor",
    "D10": "Hamilton & Toronto",
    "F6": "Cleveland",
    "E7": "London",
    "A11": "Canadian West",
    "K13": "Deep South",
    "E11": "Dunkirk & Buffalo",
    "H12": "Altoona",
    "D14": "Rochester",
    "C15": "Kingston",
    "I15": "Baltimore",
    "K15": "Richmond",
    "B16": "Ottawa",
    "F16": "Scranton",
    "H18": "Philadelphia & Trenton",
    "A19": "Montreal",
    "E19": "Albany",
    "G19": "New York & Newark",
    "I19": "Atlantic City",
    "F24": "Mansfield",
    "B20": "Burlington",
    "E23": "Boston",
    "B24": "Maritime Provinces",
    "D4": "Flint",
    "F10": "Erie",
    "G7": "Akron & Canton",
    "G17": "Reading & Allentown",
    "F20": "New Haven & Hartford",
    "H4": "Columbus",
    "B10": "Barrie",
    "H10": "Pittsburgh",
    "H16": "Lancaster",
}

# =============================================================================================
# The preprinted map (pointy-topped hexes; edges 0-5 clockwise from the lower left)
# =============================================================================================

# Red off-board areas: revenue in yellow/green phases | in brown phases and later.
RED_HEXES: dict[str, tuple[str, ...]] = {
    # Chicago
    _tile("offboard=revenue:yellow_40|brown_70", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0"): ("F2",),
    # Gulf: two hexes; I1 does not print its revenue (it is shown on J2)
    _tile("offboard=revenue:yellow_30|brown_60,hide:1,groups:Gulf", "path=a:4,b:_0", "border=edge:5"): ("I1",),
    _tile("offboard=revenue:yellow_30|brown_60", "path=a:3,b:_0", "path=a:4,b:_0", "border=edge:2"): ("J2",),
    # Canadian West: two hexes in one group, A9 does not print its revenue (it is shown on A11)
    _tile("offboard=revenue:yellow_30|brown_50,hide:1,groups:Canada", "path=a:5,b:_0", "border=edge:4"): ("A9",),
    _tile(
        "offboard=revenue:yellow_30|brown_50,groups:Canada",
        "path=a:5,b:_0",
        "path=a:0,b:_0",
        "border=edge:1",
    ): ("A11",),
    # Deep South
    _tile("offboard=revenue:yellow_30|brown_40", "path=a:2,b:_0", "path=a:3,b:_0"): ("K13",),
    # Maritime Provinces
    _tile("offboard=revenue:yellow_20|brown_30", "path=a:1,b:_0", "path=a:0,b:_0"): ("B24",),
}

# Gray hexes: fixed track, never upgraded.
GRAY_HEXES: dict[str, tuple[str, ...]] = {
    # Lansing
    _tile("city=revenue:20", "path=a:5,b:_0", "path=a:4,b:_0"): ("D2",),
    # Cleveland (C&O home)
    _tile("city=revenue:30", "path=a:5,b:_0", "path=a:0,b:_0"): ("F6",),
    # plain track
    _tile("path=a:2,b:3"): ("E9",),
    # Altoona (PRR home): the city sits off-centre; a second track runs straight through
    _tile("city=revenue:10,loc:2.5", "path=a:1,b:_0", "path=a:4,b:_0", "path=a:1,b:4"): ("H12",),
    # Rochester
    _tile("city=revenue:20", "path=a:1,b:_0", "path=a:4,b:_0", "path=a:0,b:_0"): ("D14",),
    # Kingston
    _tile("town=revenue:10", "path=a:1,b:_0", "path=a:3,b:_0"): ("C15",),
    # Richmond
    _tile("city=revenue:20", "path=a:2,b:_0"): ("K15",),
    # plain track
    _tile("path=a:0,b:5"): ("A17",),
    # Montreal (CPR home)
    _tile("city=revenue:40", "path=a:5,b:_0", "path=a:0,b:_0"): ("A19",),
    # Atlantic City, Mansfield
    _tile("town=revenue:10", "path=a:1,b:_0", "path=a:2,b:_0"): ("I19", "F24"),
    # plain track
    _tile("path=a:1,b:0"): ("D24",),
}

# White hexes: empty land, with terrain costs, cities and towns waiting for their first tile.
WHITE_HEXES: dict[str, tuple[str, ...]] = {
    # Toledo, Washington, Providence: a city across water ($80)
    _tile("city=revenue:0", "upgrade=cost:80,terrain:water"): ("F4", "J14", "F22"),
    # London: a town beside an impassable border (the lake shore)
    _tile("town=revenue:0", "border=edge:5,type:impassable"): ("E7",),
    # impassable borders along the lakes
    _tile("border=edge:2,type:impassable"): ("F8",),
    _tile("border=edge:5,type:impassable"): ("C11",),
    _tile("border=edge:0,type:impassable"): ("C13",),
    _tile("border=edge:2,type:impassable", "border=edge:3,type:impassable"): ("D12",),
    # Ottawa
    _tile("city=revenue:0", "border=edge:5,type:impassable"): ("B16",),
    # mountain ($120) beside the lake
    _tile("upgrade=cost:120,terrain:mountain", "border=edge:2,type:impassable"): ("C17",),
    # Burlington, Flint, Erie: towns
    "town": ("B20", "D4", "F10"),
    # plain land
    "blank": (
        "I13",
        "D18",
        "B12",
        "B14",
        "B22",
        "C7",
        "C9",
        "C23",
        "D8",
        "D16",
        "D20",
        "E3",
        "E13",
        "E15",
        "F12",
        "F14",
        "F18",
        "G3",
        "G5",
        "G9",
        "G11",
        "H2",
        "H6",
        "H8",
        "H14",
        "I3",
        "I5",
        "I7",
        "I9",
        "J4",
        "J6",
        "J8",
    ),
    # mountains ($120)
    _tile("upgrade=cost:120,terrain:mountain"): ("G15", "C21", "D22", "E17", "E21", "G13", "I11", "J10", "J12"),
    # Albany (NYC home), Columbus, Barrie, Pittsburgh, Lancaster: cities
    "city": ("E19", "H4", "B10", "H10", "H16"),
    # Scranton: a city in the mountains ($120)
    _tile("city=revenue:0", "upgrade=cost:120,terrain:mountain"): ("F16",),
    # Akron & Canton, Reading & Allentown, New Haven & Hartford: two towns each
    _tile("town=revenue:0", "town=revenue:0"): ("G7", "G17", "F20"),
    # rivers ($80)
    _tile("upgrade=cost:80,terrain:water"): ("D6", "I17", "B18", "C19"),
}

# Yellow hexes: printed yellow, upgraded to green with the matching label.
YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    # Detroit & Windsor, Hamilton & Toronto: two cities (OO) across water ($80)
    _tile("city=revenue:0", "city=revenue:0", "label=OO", "upgrade=cost:80,terrain:water"): ("E5", "D10"),
    # Dunkirk & Buffalo (ERIE home), Philadelphia & Trenton: two cities (OO)
    _tile("city=revenue:0", "city=revenue:0", "label=OO"): ("E11", "H18"),
    # Baltimore (B&O home)
    _tile("city=revenue:30", "path=a:4,b:_0", "path=a:0,b:_0", "label=B"): ("I15",),
    # New York & Newark (NYNH home in the first city), across water ($80)
    _tile(
        "city=revenue:40",
        "city=revenue:40",
        "path=a:3,b:_0",
        "path=a:0,b:_1",
        "label=NY",
        "upgrade=cost:80,terrain:water",
    ): ("G19",),
    # Boston (B&M home)
    _tile("city=revenue:30", "path=a:3,b:_0", "path=a:5,b:_0", "label=B"): ("E23",),
}

HEXES = {
    "red": RED_HEXES,
    "gray": GRAY_HEXES,
    "white": WHITE_HEXES,
    "yellow": YELLOW_HEXES,
}

# =============================================================================================
# The title
# =============================================================================================

TITLE = TitleSpec(
    title="1830",
    subtitle="Railways & Robber Barons",
    designer="Francis Tresham",
    publisher="Lookout Games",
    location="NE USA and SE Canada",
    rules_url="https://lookout-spiele.de/upload/en_1830re.html_Rules_1830-RE_EN.pdf",
    info_url="https://github.com/tobymao/18xx/wiki/1830",
    layout="pointy",
    player_range=PLAYER_RANGE,
    bank_cash=BANK_CASH,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    market=MARKET,
    hexes=HEXES,
    location_names=LOCATION_NAMES,
    tiles=TILES,
    companies=COMPANIES,
    corporations=CORPORATIONS,
    trains=TRAINS,
    phases=PHASES,
    rules=RULES,
    optional_rules=OPTIONAL_RULES,
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)
