"""18NL (Helmut Ohley), the title's facts as data.

The Netherlands on the 1830 rules: six private companies (two of them carry a president's
certificate), nine corporations, a bank of ƒ12,000, the X-labelled city tiles of Amsterdam, Rotterdam
and 's-Gravenzande & Delft.  Behaviour that is not data (the auction's discount on the second private,
the free token of the Geldersch-Overijsselsche, Arnhem & Nijmegen kept for the NZO) lives in
``rules.py`` and ``steps.py``.
"""

from __future__ import annotations

from engine.titles.family1830 import EVENTS_TEXT, MARKET_1830, STATUS_TEXT, phases_2_to_d
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    CustomTileSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (3, 6)

BANK_CASH = 12_000

STARTING_CASH = {3: 800, 4: 600, 5: 480, 6: 400}

CERT_LIMIT = {3: 22, 4: 18, 5: 14, 6: 12}

RULES = RuleSet(
    sell_buy_order="sell_buy_sell",
    track_restriction="permissive",
    tile_reservation_blocks_others="always",
    currency_format="ƒ%s",
)

#: the NZO's home: no corporation may lay a tile there before the NZO's home token is down
NZO = "NZO"
NZO_HOME_HEX = "H13"
#: the private whose free token the owning corporation may place in its token step
TOKEN_PRIVATE = "P2"

# =============================================================================================
# Private companies (auctioned in this order)
# =============================================================================================

COMPANIES = (
    CompanySpec(
        sym="P1",
        name="P1 - Amsterdamsche Omnibus-Maatschappij",
        value=20,
        revenue=0,
        desc="Company may build an extra tile on F5 with a ƒ40 discount. Blocks F5 while owned by a player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F5"]},
            {
                "type": "tile_lay",
                "when": "track",
                "owner_type": "corporation",
                "discount": 40,
                "hexes": ["F5"],
                "tiles": ["7", "8", "9"],
                "special": False,
                "count": 1,
            },
        ),
    ),
    CompanySpec(
        sym="P2",
        name="P2 - Geldersch-Overijsselsche Lokaalspoorweg-Maatschappij",
        value=40,
        revenue=5,
        desc="May lay a free token on a hex without track, no connection needed. Blocks hexes F17 and G16",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F17", "G16"]},
            {
                "type": "token",
                "owner_type": "corporation",
                "price": 0,
                "teleport_price": 0,
                "when": "token",
                "special_only": True,
                "count": 1,
                "from_owner": True,
                "hexes": ["E4", "F9", "F15", "F19", "H13", "I4", "I10", "J5", "K10"],
            },
        ),
    ),
    CompanySpec(
        sym="P3",
        name="P3 - De Veluwe",
        value=70,
        revenue=10,
        desc="A player owning this company may exchange it for a 10% share of the DV if they do not already "
        "hold 60% of the DV and there is DV stock available in the Bank or the Pool, in their stock turn or "
        "between the turns of other players or corporations. This closes the private. Blocks F9 while owned "
        "by a player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F9"]},
            {"type": "exchange", "corporations": ["DV"], "owner_type": "player", "when": "any",
             "from": ["ipo", "market"]},
        ),
    ),
    CompanySpec(
        sym="P4",
        name="P4 - De Twentsche Electrische Tramweg-Maatschappij",
        value=110,
        revenue=10,
        desc="The initial purchaser of this company immediately receives a 10% share of NCS stock without "
        "further payment. Blocks F19 while owned by a player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F19"]},
            {"type": "shares", "shares": "NCS_1"},
        ),
    ),
    CompanySpec(
        sym="P5",
        name="P5 - Hollandsche Ijzeren Spoorweg-Maatschappij",
        value=160,
        revenue=10,
        desc="The owner receives the President's 20% certificate of the HIS and immediately sets its par "
        "price. May not be sold to a corporation; closes when the HIS buys its first train. Blocks E4 & E6 "
        "while owned by a player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["E4", "E6"]},
            {"type": "close", "when": "bought_train", "corporation": "HIS"},
            {"type": "no_buy"},
            {"type": "shares", "shares": "HIS_0"},
        ),
    ),
    CompanySpec(
        sym="P6",
        name="P6 - Spoorweg-Maatschappij Zuid Beveland",
        value=200,
        revenue=15,
        desc="The owner receives the President's 30% certificate of the NFL and immediately sets its par "
        "price. May not be sold to a corporation; closes when the NFL buys its first train. Blocks J3 & K2 "
        "while owned by a player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["J3", "K2"]},
            {"type": "close", "when": "bought_train", "corporation": "NFL"},
            {"type": "no_buy"},
            {"type": "shares", "shares": "NFL_0"},
        ),
    ),
)

CORPORATIONS = (
    CorporationSpec(sym="AS", name="Almelo-Salzbergen", coordinates="E16", tokens=(0, 40, 100, 100), color="red"),
    CorporationSpec(sym="NCS", name="Nederlandsche Centraal", coordinates="F13", tokens=(0, 40, 100, 100),
                    color="green"),
    CorporationSpec(sym="DV", name="De Veluwe", coordinates="G8", tokens=(0, 40, 100, 100), color="black"),
    CorporationSpec(sym="MES", name="Maatschappij tot Exploitatie van Staatsspoorwegen", coordinates="J7",
                    tokens=(0, 40, 100), color="lightBlue", text_color="black"),
    CorporationSpec(sym="HIS", name="Hollandsche IJzeren Spoorweg", coordinates="E6", city=0, tokens=(0, 40, 100),
                    color="blue"),
    CorporationSpec(sym="NZO", name="Nederlansche Zuid-Ooster", coordinates="H13", city=0, tokens=(0, 40, 100),
                    color="yellow", text_color="black"),
    # (the printed name starts with a tab, as the site has it)
    CorporationSpec(sym="ZHE", name="\tZuid-Hollandsche Electrische Spoorweg-Maatschappij", coordinates="G2",
                    city=1, tokens=(0, 40), color="purple"),
    CorporationSpec(sym="NRS", name="Nederlansche Rhijnspoorweg-Maatschappij", coordinates="E6", city=1,
                    tokens=(0, 40), color="orange", text_color="black"),
    CorporationSpec(sym="NFL", name="Noord Friesche Lokaal", coordinates="B15", tokens=(0, 40),
                    shares=(30, 10, 10, 10, 10, 10, 10, 10), color="magenta", text_color="black"),
)

MARKET = MARKET_1830

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=6, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=5, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=5, rusts_on="D"),
    TrainSpec(name="5", distance=5, price=450, num=3, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=3),
    TrainSpec(name="D", distance=999, price=1100, num="unlimited", available_on="6",
              discount={"4": 300, "5": 300, "6": 300}),
)

PHASES = phases_2_to_d()

TILES = {
    # yellow
    "3": 2, "4": 2, "6": 3, "7": 4, "8": 8, "9": 7, "57": 4, "58": 2,
    # green
    "14": 3, "15": 2, "16": 1, "18": 1, "19": 1, "20": 1, "23": 3, "24": 3, "25": 1, "26": 1, "27": 1, "28": 1,
    "29": 1, "59": 2, "87": 2, "88": 2, "NL1": 1, "NL2": 1, "NL3": 1, "NL4": 1,
    # brown
    "39": 1, "40": 1, "41": 2, "42": 2, "43": 2, "44": 1, "45": 2, "46": 2, "47": 1, "63": 3, "64": 1, "65": 1,
    "66": 1, "67": 1, "68": 1, "70": 1, "NL5": 1, "NL6": 1, "NL7": 1,
}  # fmt: skip

#: the X cities (Amsterdam, Rotterdam, 's-Gravenzande & Delft) and Heerenveen's Z tile
CUSTOM_TILES = {
    "NL1": CustomTileSpec(color="green", code=_tile("city=revenue:50,slots:2", "path=a:2,b:_0", "path=a:3,b:_0",
                                                    "path=a:4,b:_0", "label=X")),
    "NL2": CustomTileSpec(color="green", code=_tile("city=revenue:50,slots:2", "path=a:2,b:_0", "path=a:4,b:_0",
                                                    "path=a:0,b:_0", "label=X")),
    "NL3": CustomTileSpec(color="green", code=_tile("city=revenue:50,slots:2", "path=a:2,b:_0", "path=a:3,b:_0",
                                                    "path=a:5,b:_0", "label=X")),
    "NL4": CustomTileSpec(color="green", code=_tile("city=revenue:50,slots:2", "path=a:2,b:_0", "path=a:5,b:_0",
                                                    "path=a:4,b:_0", "label=X")),
    "NL5": CustomTileSpec(color="brown", code=_tile("city=revenue:70,slots:2", "path=a:1,b:_0", "path=a:2,b:_0",
                                                    "path=a:4,b:_0", "path=a:5,b:_0", "label=X")),
    "NL6": CustomTileSpec(color="brown", code=_tile("city=revenue:70,slots:2", "path=a:0,b:_0", "path=a:2,b:_0",
                                                    "path=a:3,b:_0", "path=a:4,b:_0", "label=X")),
    "NL7": CustomTileSpec(color="brown", code=_tile("city=revenue:50", "path=a:2,b:_0", "path=a:4,b:_0",
                                                    "label=Z")),
}

LOCATION_NAMES = {
    "A12": "Leeuwarden",
    "A16": "Groningen",
    "B5": "Den Helder",
    "B15": "Heerenveen",
    "B19": "Bremen",
    "C8": "Enkhuizen",
    "C18": "Emmem",
    "D5": "Alkmaar",
    "D15": "Zwolle",
    "E4": "Haarlem",
    "E6": "Amsterdam",
    "E12": "Elburg",
    "E16": "Ommen",
    "E18": "Almelo",
    "E20": "Salzbergen",
    "F3": "Leiden",
    "F7": "Abcoude",
    "F9": "Amersfoort",
    "F13": "Apeldoorn",
    "F15": "Deventer",
    "F19": "Hengelo & Enschede",
    "F21": "Münster",
    "G2": "'s-Gravenzande & Delft",
    "G4": "Gouda",
    "G8": "Utrecht",
    "H3": "Rotterdam",
    "H11": "Ede",
    "H13": "Arnhem & Nijmegen",
    "H15": "Doetichem",
    "I4": "Barendrecht & Dordrecht",
    "I10": "'s Hertogenbosch & Oss",
    "I14": "Ruhrgebiet",
    "J5": "Breda",
    "J7": "Tilburg",
    "K10": "Eindhoven",
    "L1": "Antwerpen",
    "M12": "Maastricht",
}

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "gray": {
        _tile("town=revenue:10", "path=a:5,b:_0"): ("A12",),
        _tile("city=revenue:20", "path=a:5,b:_0"): ("B5",),
        _tile("city=revenue:20,loc:5.5", "path=a:1,b:_0", "path=a:4,b:_0", "path=a:1,b:4"): ("F13",),
        "path=a:3,b:4": ("K6", "L9"),
    },
    "green": {
        _tile("city=revenue:10", "path=a:1,b:_0", "label=Z"): ("B15",),
    },
    "red": {
        _tile("offboard=revenue:yellow_30|brown_50", "path=a:0,b:_0"): ("A16",),
        _tile("offboard=revenue:yellow_30|brown_50,hide:1,groups:Bremen", "path=a:5,b:_0", "border=edge:4"):
            ("B17",),
        _tile("offboard=revenue:yellow_30|brown_50,groups:Bremen", "path=a:0,b:_0", "border=edge:1"): ("B19",),
        _tile("offboard=revenue:yellow_10|brown_70", "path=a:0,b:_0", "path=a:1,b:_0"): ("E20",),
        _tile("offboard=revenue:yellow_0|brown_40", "path=a:1,b:_0"): ("F21",),
        _tile("offboard=revenue:yellow_40|brown_70", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0"): ("I14",),
        _tile("offboard=revenue:yellow_40|brown_80,groups:Antwerpen", "path=a:3,b:_0", "border=edge:4"): ("L1",),
        _tile("offboard=revenue:yellow_40|brown_80,hide:1,groups:Antwerpen", "path=a:2,b:_0", "border=edge:1"):
            ("L3",),
        _tile("offboard=revenue:yellow_30|brown_60", "path=a:2,b:_0", "path=a:3,b:_0"): ("M12",),
    },
    "white": {
        "": ("B13", "C6", "C14", "C16", "D7", "D13", "D17", "E14", "F11", "F17", "G6", "G10", "G12", "G14", "G16",
             "G18", "H17", "J3", "J9", "J11", "J13", "K8", "K12", "K14", "L11", "L13"),
        "upgrade=cost:80,terrain:water": ("F5", "H1", "H5", "H7", "H9", "I6", "I8", "I12", "K2"),
        "upgrade=cost:120,terrain:water": ("I2", "J1"),
        "town=revenue:0": ("C8", "C18", "D5", "D15", "E12", "E18", "F7", "G4", "H15"),
        _tile("town=revenue:0", "upgrade=cost:80,terrain:water"): ("F3", "H11"),
        "city=revenue:0": ("E16", "F9", "F15", "G8", "J5", "J7", "K10"),
        _tile("city=revenue:0", "upgrade=cost:80,terrain:water"): ("E4",),
    },
    "yellow": {
        _tile("city=revenue:40,loc:2", "city=revenue:40,loc:5", "path=a:1,b:_0", "path=a:5,b:_1",
              "upgrade=cost:80,terrain:water", "label=X"): ("E6",),
        _tile("city=revenue:30", "city=revenue:30,loc:5", "path=a:3,b:_0", "path=a:4,b:_1", "label=X"): ("G2",),
        _tile("city=revenue:30", "city=revenue:30,loc:5", "path=a:3,b:_0", "path=a:5,b:_1",
              "upgrade=cost:80,terrain:water", "label=X"): ("H3",),
        _tile("city=revenue:0", "city=revenue:0", "upgrade=cost:80,terrain:water", "label=OO"): ("H13", "I4"),
        _tile("city=revenue:0", "city=revenue:0", "label=OO"): ("F19", "I10"),
    },
}  # fmt: skip

TITLE = TitleSpec(
    title="18NL",
    designer="Helmut Ohley",
    location="Netherlands",
    rules_url="http://ohley.de/18nl/1830NLSummaryofrules.pdf",
    info_url="https://github.com/tobymao/18xx/wiki/18NL",
    layout="pointy",
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
