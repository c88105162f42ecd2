"""1836Jr-30 (David G. D. Hecht), the title's facts as data.

The Netherlands and Belgium on the 1830 rules: six private companies, six corporations, a bank of
6,000 F, a smaller train roster, and three ports (Harwich, Dover, Paris) that pay their value once per
station of the running corporation on the route.  Behaviour that is not data (the step lists, the
port rule) lives in ``rules.py``.
"""

from __future__ import annotations

from engine.titles.family1830 import EVENTS_TEXT, MARKET_1830, STATUS_TEXT, phases_2_to_d
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    OptionalRuleSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 4)

BANK_CASH = 6_000

STARTING_CASH = {2: 900, 3: 600, 4: 450}

CERT_LIMIT = {2: 20, 3: 13, 4: 10}

RULES = RuleSet(
    sell_buy_order="sell_buy_sell",
    track_restriction="permissive",
    tile_reservation_blocks_others="always",
    # several brown-zone shares per turn come from the market pool only (the option lifts this)
    multiple_buy_only_from_market=True,
    currency_format="%s F",
)

OPTIONAL_RULES = (
    OptionalRuleSpec(
        sym="multiple_brown_from_ipo",
        short_name="Buy Multiple Brown Shares From IPO",
        desc="Multiple brown shares may be bought from IPO as well as from pool",
        rule_changes={"multiple_buy_only_from_market": False},
    ),
)

# =============================================================================================
# Private companies (auctioned in this order)
# =============================================================================================

COMPANIES = (
    CompanySpec(
        sym="ACC",
        name="Amsterdam Canal Company",
        value=20,
        revenue=5,
        desc="No special ability. Blocks hex D6 while owned by player.",
        abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["D6"]},),
    ),
    CompanySpec(
        sym="E-SF",
        name="Enkhuizen-Stavoren Ferry",
        value=40,
        revenue=10,
        desc="Owning corporation may place a free tile on the E-SF hex B8 (the IJsselmeer Causeway) free of "
        "cost, in addition to its own tile placement. Blocks hex B8 while owned by player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["B8"]},
            {
                "type": "tile_lay",
                "owner_type": "corporation",
                "free": True,
                "hexes": ["B8"],
                "tiles": ["2", "56"],
                "when": "owning_corp_or_turn",
                "count": 1,
            },
        ),
    ),
    CompanySpec(
        sym="CdH",
        name="Charbonnages du Hainaut",
        value=70,
        revenue=15,
        desc="Owning corporation may place a tile and station token in the CdH hex J8 for only the F60 cost "
        "of the mountain, without a connection; it counts as the corporation's tile lay for the turn. "
        "The hex must be empty. Blocks hex J8 while owned by player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["J8"]},
            {"type": "teleport", "owner_type": "corporation", "tiles": ["57"], "hexes": ["J8"]},
        ),
    ),
    CompanySpec(
        sym="GCB",
        name="Grand Central Belge",
        value=110,
        revenue=20,
        desc="Owning player may exchange the GCB for a 10% certificate of the Chemins de Fer de L'Etat Belge "
        "(B) from the bank or the bank pool, in a stock round or between corporations' turns. This closes "
        "the private company. Blocks hexes G7, G9 & H10 while owned by player.",
        abilities=(
            {"type": "exchange", "corporations": ["B"], "owner_type": "player", "from": ["ipo", "market"]},
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["G7", "G9", "H10"]},
        ),
    ),
    CompanySpec(
        sym="CFL",
        name="Chemins de Fer Luxembourgeois",
        value=160,
        revenue=25,
        desc="Upon purchase, the owning player receives a 10% certificate of the Grande Compagnie du "
        "Luxembourg (GCL). Blocks hexes K11 & J12 while owned by player.",
        abilities=(
            {"type": "shares", "shares": "GCL_1"},
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["K11", "J12"]},
        ),
    ),
    CompanySpec(
        sym="CFLV",
        name="Chemin de Fer de Lille à Valenciennes",
        value=220,
        revenue=30,
        desc="Upon purchase, the owning player receives the President's Certificate of the Chemin de Fer du "
        "Nord (Nord) and must immediately set the par price. May not be bought by a corporation; closes "
        "when the Nord buys its first train. Blocks hexes I3 & J4 while owned by player.",
        abilities=(
            {"type": "shares", "shares": "Nord_0"},
            {"type": "close", "when": "bought_train", "corporation": "Nord"},
            {"type": "no_buy"},
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["I3", "J4"]},
        ),
    ),
)

CORPORATIONS = (
    CorporationSpec(sym="B", name="Chemins de Fer de L'État Belge", coordinates="H6", tokens=(0, 40, 100, 100),
                    color="black"),
    CorporationSpec(sym="GCL", name="Grande Compagnie du Luxembourg", coordinates="I9",
                    tokens=(0, 40, 100, 100), color="green"),
    CorporationSpec(sym="Nord", name="Chemin de Fer du Nord", coordinates="I3", tokens=(0, 40, 100),
                    color="darkblue"),
    CorporationSpec(sym="NBDS", name="Noord-Brabantsch-Duitsche Spoorweg-Maatschappij", coordinates="E11",
                    tokens=(0, 40, 100), color="#ffcd05", text_color="black"),
    CorporationSpec(sym="HSM", name="Hollandsche IJzeren Spoorweg Maatschappij", coordinates="D6",
                    tokens=(0, 40), color="#f26722"),
    CorporationSpec(sym="NFL", name="Noord-Friesche Locaal", coordinates="A9", tokens=(0, 40),
                    color="#90ee90", text_color="black"),
)

MARKET = MARKET_1830

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=5, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=4, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=3, rusts_on="D"),
    TrainSpec(name="5", distance=5, price=450, num=2, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=2),
    TrainSpec(name="D", distance=999, price=1100, num=5, available_on="6", discount={"4": 300, "5": 300, "6": 300}),
)

PHASES = phases_2_to_d()

TILES = {
    "2": 1, "3": 2, "4": 2, "7": 4, "8": 8, "9": 7, "14": 3, "15": 2, "16": 1, "18": 1, "19": 1, "20": 1,
    "23": 3, "24": 3, "25": 1, "26": 1, "27": 1, "28": 1, "29": 1, "39": 1, "40": 1, "41": 2, "42": 2,
    "43": 2, "44": 1, "45": 2, "46": 2, "47": 1, "53": 2, "54": 1, "56": 1, "57": 4, "58": 2, "59": 2,
    "61": 2, "62": 1, "63": 3, "64": 1, "65": 1, "66": 1, "67": 1, "68": 1, "70": 1,
}  # fmt: skip

LOCATION_NAMES = {
    "A9": "Leeuwarden",
    "A13": "Hamburg",
    "B8": "Enkhuizen & Stavoren",
    "B10": "Groningen",
    "D6": "Amsterdam",
    "E5": "Rotterdam & Den Haag",
    "E7": "Utrecht",
    "E11": "Arnhem & Nijmegen",
    "F4": "Hoek van Holland",
    "F10": "Eindhoven",
    "G7": "Antwerp",
    "H2": "Bruges",
    "H4": "Gand",
    "H6": "Brussels",
    "H10": "Maastricht & Liège",
    "I3": "Lille",
    "I9": "Namur",
    "J6": "Charleroi",
    "J8": "Hainaut Coalfields",
    "E3": "Harwich",
    "G1": "Dover",
    "J2": "Paris",
    "E13": "Dortmund",
    "H12": "Cologne",
    "K11": "Arlon & Luxembourg",
    "K13": "Strasbourg",
}

#: a port: pays its value once per station of the running corporation on the route (rules.py)
PORT_GROUP = "port"
_PORT = "offboard=revenue:green_20|brown_30,format:+%s,groups:port,route:never"

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "gray": {
        _tile("city=revenue:10", "path=a:0,b:_0", "path=a:_0,b:5"): ("A9",),
    },
    "white": {
        "blank": ("A11", "B12", "C11", "D12", "E9", "H8", "I5", "I7", "K5", "J4"),
        _tile("border=edge:4,type:impassable,color:blue"): ("C7",),
        _tile("border=edge:1,type:impassable,color:blue"): ("C9",),
        _tile("border=edge:3,type:impassable,color:blue"): ("G3",),
        _tile("border=edge:2,type:impassable,color:blue", "border=edge:3,type:impassable,color:blue"): ("G5",),
        _tile("town=revenue:0", "town=revenue:0", "upgrade=cost:80,terrain:water"): ("B8",),
        "city=revenue:0": ("B10", "E7", "G7", "H4", "J6"),
        _tile("upgrade=cost:40,terrain:water"): ("D8", "D10", "F8", "G9", "G11"),
        _tile(
            "town=revenue:0",
            "upgrade=cost:40,terrain:water",
            "border=edge:0,type:impassable,color:blue",
            "border=edge:5,type:impassable,color:blue",
        ): ("F4",),
        _tile("upgrade=cost:80,terrain:water", "border=edge:0,type:impassable,color:blue"): ("F6",),
        "town=revenue:0": ("F10", "H2"),
        _tile("upgrade=cost:60,terrain:mountain"): ("I11", "J10", "J12", "K7", "K9"),
        _tile("city=revenue:0", "upgrade=cost:40,terrain:water"): ("I9",),
        _tile("city=revenue:0", "upgrade=cost:60,terrain:mountain"): ("J8",),
        _tile("town=revenue:0", "town=revenue:0", "upgrade=cost:60,terrain:mountain"): ("K11",),
    },
    "red": {
        _tile("offboard=revenue:yellow_40|brown_70", "path=a:0,b:_0", "path=a:1,b:_0"): ("A13",),
        _tile("offboard=revenue:yellow_30|brown_50", "path=a:1,b:_0"): ("E13", "H12"),
        _tile("offboard=revenue:yellow_40|brown_70", "path=a:1,b:_0", "path=a:2,b:_0"): ("K13",),
    },
    "yellow": {
        _tile("city=revenue:40", "path=a:0,b:_0", "path=a:_0,b:5", "label=NY", "upgrade=cost:40,terrain:water"):
            ("D6",),
        _tile("city=revenue:0", "city=revenue:0", "label=OO"): ("E5",),
        _tile("city=revenue:0", "city=revenue:0", "label=OO", "upgrade=cost:40,terrain:water"): ("E11", "H10"),
        _tile("city=revenue:30", "path=a:1,b:_0", "path=a:_0,b:3", "label=B"): ("H6",),
        _tile("city=revenue:30", "path=a:0,b:_0", "path=a:_0,b:4", "label=B"): ("I3",),
    },
    "blue": {
        _tile(_PORT, "path=a:4,b:_0", "path=a:5,b:_0"): ("E3", "G1"),
    },
    "green": {
        _tile(_PORT, "path=a:3,b:_0", "path=a:4,b:_0"): ("J2",),
    },
}

TITLE = TitleSpec(
    title="1836Jr30",
    subtitle="",
    designer="David G. D. Hecht",
    location="Netherlands",
    rules_url="https://boardgamegeek.com/filepage/114572/1836jr-30-rules",
    info_url="https://github.com/tobymao/18xx/wiki/1836Jr-30",
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
