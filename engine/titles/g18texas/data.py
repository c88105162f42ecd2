"""18Texas (Scott Petersen), the title's facts as data.

Bank, certificates, the five privates (Jay Gould's president's share and the matching shares of two others go
to one corporation drawn at set-up), the six railways (half to float, incremental capital, a token fee paid
at float), the market, trains, phases, the tile supply and the preprinted map of Texas.  Behaviour is in
``rules.py`` and ``steps.py``.
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

PLAYER_RANGE = (3, 5)
BANK_CASH = 8_000
STARTING_CASH = {2: 670, 3: 500, 4: 430, 5: 400}
CERT_LIMIT = {2: 21, 3: 15, 4: 12, 5: 10}

RULES = RuleSet(
    capitalization="incremental",
    home_token_timing="float",
    track_restriction="semi_restrictive",
    sell_buy_order="sell_buy",
    sell_after="operate",
    ebuy_from_others="never",
    discarded_trains="remove",
    # Two yellow lays, or one lay and one upgrade... the second lay never an upgrade.
    tile_lays=({"lay": True, "upgrade": True, "cost": 0}, {"lay": "not_if_upgraded", "upgrade": False}),
    currency_format="$%s",
)

#: The most percent of its own shares a corporation may hold in its treasury (redeeming).
TREASURY_SHARE_LIMIT = 50

#: The token fee a corporation pays when it floats.
TOKEN_FEE = {"T&P": 140, "SP": 140, "MP": 100, "MKT": 100, "SSW": 60, "SAA": 60}

COMPANIES = (
    CompanySpec(
        sym="BBBCRC",
        name="Buffalo Bayou, Brazos and Colorado Railway Company",
        value=50,
        revenue=10,
        desc="Blocks hex J13 until Phase 5.",
        abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["J13"]},),
    ),
    CompanySpec(
        sym="GRRRC",
        name="Galveston and Red River Railway Company",
        value=80,
        revenue=20,
        desc="Teleport to Houston. Phases 3-4. The owning president may place a #511 tile in hex I14 during the "
        "track laying step of a corporation for which they are president. The corporation does not need to have a "
        "route to this hex. The tile placed counts as the corporation\u2019s tile lay action and the corporation "
        "must pay the terrain cost. The corporation may then immediately place a station token there.",
        abilities=({"type": "teleport", "when": "owning_player_track", "owner_type": "player", "tiles": ["511"],
                    "hexes": ["I14"]},),
    ),
    CompanySpec(
        sym="JG",
        name="Jay Gould",
        value=200,
        revenue=5,
        abilities=({"type": "shares", "shares": "random_president"},),
    ),
    CompanySpec(
        sym="IGN",
        name="International\u2013Great Northern",
        value=210,
        revenue=30,
        min_players=4,
        desc="Extra Tile Lay. Phases 3-4. Blocks hexes D13 and E12 until Phase 5. The owning president may place #8 "
        "and #9 tiles in these hexes as an extra tile lay during the track laying step of a corporation for which "
        "they are president. The tiles must connect to each other.",
        abilities=(
            {"type": "shares", "shares": "match_share"},
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["D13", "E12"]},
            {"type": "tile_lay", "when": "owning_player_track", "owner_type": "player", "hexes": ["D13", "E12"],
             "tiles": ["8", "9"], "count": 2},
        ),
    ),
    CompanySpec(
        sym="NOPR",
        name="New Orleans Pacific Railroad",
        value=240,
        revenue=40,
        min_players=5,
        desc="Teleport to San Antonio. Phases 3-4. The owning player may place a #511 tile in hex J5 during the "
        "track laying step of a corporation for which they are president. The corporation does not need to have a "
        "route to this hex and the hex may be unbuilt or have a yellow tile. The tile placed counts as the "
        "corporation\u2019s tile lay action. The corporation may then immediately place a station token there.",
        abilities=(
            {"type": "shares", "shares": "match_share"},
            {"type": "teleport", "when": "owning_player_track", "owner_type": "player", "tiles": ["511"],
             "hexes": ["J5"]},
        ),
    ),
)

CORPORATIONS = (
    CorporationSpec(sym="T&P", name="Texas and Pacific Railway", tokens=(0, 0, 0, 0, 0), coordinates="D9", city=1,
                    color="darkmagenta", float_percent=50, always_market_price=True),
    CorporationSpec(sym="MKT", name="Missouri\u2013Kansas\u2013Texas Railway", tokens=(0, 0, 0, 0), coordinates="B11",
                    color="green", float_percent=50, always_market_price=True),
    CorporationSpec(sym="SP", name="Southern Pacific Railroad", tokens=(0, 0, 0, 0, 0), coordinates="I14",
                    color="orange", float_percent=50, always_market_price=True),
    CorporationSpec(sym="MP", name="Missouri Pacific Railroad", tokens=(0, 0, 0, 0), coordinates="G10", color="red",
                    float_percent=50, always_market_price=True),
    CorporationSpec(sym="SSW", name="St. Louis Southwestern Railway", tokens=(0, 0, 0), coordinates="D15",
                    color="blue", float_percent=50, always_market_price=True),
    CorporationSpec(sym="SAA", name="San Antonio and Aransas Pass", tokens=(0, 0, 0), coordinates="J5",
                    color="black", float_percent=50, always_market_price=True),
)

MARKET = (
    ("82", "90", "100", "110", "122", "135", "150", "165", "180", "200", "220", "245", "270", "300", "330", "360", "400"),
    ("75", "82", "90", "100", "110", "122", "135", "150", "165", "180", "200", "220", "245", "270"),
    ("70", "75", "82", "90", "100p", "110", "122", "135", "150", "165", "180"),
    ("65", "70", "75", "82p", "90p", "100", "110", "122"),
    ("60", "65", "70p", "75p", "82", "90"),
    ("50", "60", "65", "70", "75"),
    ("40", "50", "60", "65"),
)  # fmt: skip

TRAINS = (
    TrainSpec(name="2", distance=2, price=100, num=5, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=200, num=4, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=3, rusts_on="8"),
    TrainSpec(name="5", distance=5, price=500, num=2, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=600, num=2),
    TrainSpec(name="8", distance=8, price=800, num=4),
)

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="8", on="8", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=3),
)

EVENTS_TEXT = {
    "close_companies": ("Companies Close", "All private companies close, unless their text says otherwise"),
}

TILES: dict[str, Count] = {
    "5": 4, "6": 4, "7": 5, "8": 18, "9": 18, "57": 4, "202": 3, "14": 3, "15": 4, "16": 1, "17": 1, "18": 1,
    "19": 1, "20": 1, "21": 1, "22": 1, "23": 4, "24": 4, "25": 2, "26": 1, "27": 1, "28": 1, "29": 1, "30": 1,
    "31": 1, "619": 3, "624": 1, "625": 1, "626": 1, "39": 1, "40": 1, "41": 3, "42": 3, "43": 2, "44": 1,
    "45": 2, "46": 2, "47": 1, "70": 1, "216": 3, "611": 5, "627": 1, "628": 1, "629": 1, "511": 4, "512": 1,
}  # fmt: skip

CUSTOM_TILES = {
    "511": CustomTileSpec(color="green",
                          code="city=revenue:40,slots:2;label=Y;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"),
}

LOCATION_NAMES = {
    "A12": "Oklahoma City", "A18": "Little Rock", "B11": "Denison", "C16": "Texarkana", "D1": "El Paso",
    "D9": "Fort Worth & Dallas", "D15": "Marshall", "D19": "Shreveport", "E4": "Cisco", "F9": "Waco",
    "F13": "Palestine", "F15": "Lufkin", "G10": "College Station", "H7": "Austin", "H19": "Lafayette",
    "I14": "Houston", "J1": "Piedras Negras", "J5": "San Antonio", "J15": "Galveston", "K10": "Victoria",
    "M2": "Laredo", "M8": "Corpus Christi", "N1": "Monterrey",
}  # fmt: skip

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("B9", "B13", "B15", "B17", "B19", "C8", "C10", "C12", "C14", "C18", "D7", "D11", "D13", "D17", "E6", "E8",
         "E10", "E12", "E14", "E16", "E18", "F7", "F11", "F17", "G6", "G8", "G12", "G14", "G16", "G18", "H5", "H9",
         "H11", "H13", "H15", "H17", "I6", "I8", "I10", "I12", "I16", "I18", "J7", "J9", "J11", "J13", "K2", "K4",
         "K6", "K8", "L1", "L3", "L5", "L7", "M4", "M6", "N3", "N5"),
    "upgrade=cost:40,terrain:water": ("K12", "L9"),
    "upgrade=cost:40,terrain:desert": ("D5", "F5", "G4", "I4"),
    "upgrade=cost:60,terrain:desert": ("D3", "E2", "F3", "G2", "H3", "I2", "J3"),
    "city=revenue:0;upgrade=cost:40,terrain:desert": ("E4",),
    "city=revenue:0": ("B11", "F13", "C16", "D15", "F9", "F15", "G10", "M2"),
    "city=revenue:0;upgrade=cost:40,terrain:water": ("K10",),
    "city=revenue:0;label=Y": ("H7", "J5"),
}  # fmt: skip

RED_HEXES: dict[str, tuple[str, ...]] = {
    "offboard=revenue:yellow_20|brown_40;path=a:0,b:_0": ("A12",),
    "offboard=revenue:yellow_30|brown_50;path=a:0,b:_0;path=a:5,b:_0": ("A18",),
    "offboard=revenue:yellow_50|brown_80;path=a:5,b:_0": ("D1",),
    "offboard=revenue:yellow_30|brown_50;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0": ("D19",),
    "offboard=revenue:yellow_30|brown_50;path=a:1,b:_0;path=a:2,b:_0": ("H19",),
    "offboard=revenue:yellow_60|brown_80;path=a:3,b:_0;path=a:4,b:_0": ("N1",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    "town=revenue:yellow_10|brown_40;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0": ("J1",),
    "town=revenue:yellow_20|brown_50;path=a:1,b:_0;path=a:2,b:_0": ("J15",),
    "town=revenue:yellow_30|brown_50;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0": ("M8",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    "city=revenue:10;city=revenue:20;label=Y;path=a:1,b:_0;path=a:_0,b:_1;path=a:_1,b:3;"
    "upgrade=cost:60,terrain:water": ("D9",),
    "city=revenue:30;label=Y;path=a:1,b:_0;path=a:5,b:_0;upgrade=cost:60,terrain:water": ("I14",),
}

HEXES = {
    "white": WHITE_HEXES,
    "red": RED_HEXES,
    "gray": GRAY_HEXES,
    "yellow": YELLOW_HEXES,
}

TITLE = TitleSpec(
    title="18Texas",
    location="Texas, USA",
    designer="Scott Petersen",
    publisher="All Aboard Games",
    rules_url="https://boardgamegeek.com/filepage/269592",
    info_url="https://github.com/tobymao/18xx/wiki/18Texas",
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
    events_text=EVENTS_TEXT,
)
