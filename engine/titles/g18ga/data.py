"""18GA: The Railroads Come to Georgia (Mark Derrick), the title's facts as data.

Georgia in the age of steam: five private railroads, six corporations that float at 60%, a $8,000 bank, a
pointy-topped map with neutral stations in Montgomery and Tallahassee and the Atlantic Coast Line's home in
Jacksonville blocked until it floats.  Behaviour that is not data lives in ``rules.py``.
"""

from __future__ import annotations

from engine.titles.derrick.family import EVENTS_TEXT, STATUS_TEXT, derrick_rules
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    OptionalRuleSpec,
    PhaseSpec,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (3, 5)
BANK_CASH = 8_000
STARTING_CASH = {3: 600, 4: 450, 5: 360}
CERT_LIMIT = {3: 15, 4: 12, 5: 10}

RULES = derrick_rules()

# =============================================================================================
# Optional rules
# =============================================================================================

DOUBLE_YELLOW_FIRST_OR = "double_yellow_first_or"
NEW_GEORGIA_FLORIDA_HOME = "new_georgia_florida_home"
REMOVE_COG_TOKEN = "remove_cog_token"
SOFT_RUST_4T = "soft_rust_4t"
COTTON_PORT = "cotton_port"

OPTIONAL_RULES = (
    OptionalRuleSpec(sym=DOUBLE_YELLOW_FIRST_OR, short_name="Extra yellow",
                     desc="Allow corporation to lay 2 yellows its first OR"),
    OptionalRuleSpec(sym=NEW_GEORGIA_FLORIDA_HOME, short_name="New Georgia & Florida home",
                     desc="The Georgia & Florida Railroad home is moved from Albany to Columbus"),
    OptionalRuleSpec(sym=REMOVE_COG_TOKEN, short_name="Reduce CoG token",
                     desc="CoG has one fewer station token than normal"),
    OptionalRuleSpec(sym=SOFT_RUST_4T, short_name="Soft rust",
                     desc="4 trains run once more after 8 train is bought"),
    OptionalRuleSpec(sym=COTTON_PORT, short_name="Cotton Port",
                     desc="Adds a few new hexes and a second home for Georgia Railroad"),
)

# =============================================================================================
# Private companies
# =============================================================================================

COMPANIES = (
    CompanySpec(sym="LTR", name="Lexington Terminal RR", value=20, revenue=5, desc="No special ability."),
    CompanySpec(
        sym="MRC", name="Midland Railroad Co.", value=40, revenue=10,
        desc="Blocks F12 while owned by a player. A corporation that owns it may lay a tile on F12 for free, "
        "once, without a connection and besides its own lay, in its track step. Does not close when used.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F12"]},
            {"type": "tile_lay", "free": True, "count": 1, "owner_type": "corporation", "hexes": ["F12"],
             "tiles": ["7", "8", "9"], "when": "track"},
        ),
    ),
    CompanySpec(
        sym="W&SR", name="Waycross & Southern RR", value=70, revenue=15,
        desc="A corporation that owns it may place a station token in Waycross (I9) at no cost, if there is "
        "room, without a connection, in its token step, as its one token of the turn. Does not close when used.",
        abilities=(
            {"type": "token", "owner_type": "corporation", "hexes": ["I9"], "price": 0, "teleport_price": 0,
             "count": 1, "from_owner": True},
        ),
    ),
    CompanySpec(
        sym="OSR", name="Ocilla Southern RR", value=100, revenue=20,
        desc="Blocks G7 while owned by a player. A corporation buying it at once gets the free 2 train "
        "(unless a 4 train has been bought or it has four trains). The free train cannot be sold.",
        abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["G7"]},),
    ),
    CompanySpec(
        sym="M&BR", name="Macon & Birmingham RR", value=150, revenue=25,
        desc="Blocks F4 while owned by a player. Its buyer takes a 10% share of the Central of Georgia.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F4"]},
            {"type": "shares", "shares": "CoG_1"},
        ),
    ),
)

#: the private whose buyer gets the free 2 train, and that train
FREE_TRAIN_COMPANY = "OSR"
FREE_TRAIN = "2-5"
#: the private whose token goes to Waycross, and Waycross
WAYCROSS_COMPANY = "W&SR"
WAYCROSS = "I9"
#: the corporation whose home (Jacksonville) is blocked by its own flipped token until it floats
BLOCKED_HOME_CORPORATION = "ACL"
#: the neutral stations in the off-board cities
NEUTRAL_CITIES = ("E1-0-0", "J4-0-0")

# =============================================================================================
# Corporations
# =============================================================================================

CORPORATIONS = (
    CorporationSpec(sym="ACL", name="Atlantic Coast Line", tokens=(0, 40, 100, 100), coordinates="J12",
                    color="black"),
    CorporationSpec(sym="CoG", name="Central of Georgia Railroad", tokens=(0, 40, 100, 100), coordinates="F6",
                    color="red"),
    CorporationSpec(sym="G&F", name="Georgia and Florida Railroad", tokens=(0, 40), coordinates="H4",
                    color="deepskyblue", text_color="black"),
    CorporationSpec(sym="GA", name="Georgia Railroad", tokens=(0, 40, 100, 100), coordinates="D10", city=0,
                    color="green"),
    CorporationSpec(sym="W&A", name="Western and Atlantic Railroad", tokens=(0, 40), coordinates="D4",
                    color="purple"),
    CorporationSpec(sym="SAL", name="Seaboard Air Line", tokens=(0, 40, 100), coordinates="G13", color="gold",
                    text_color="black"),
)

#: the Georgia & Florida's home with the "new home" option
NEW_GEORGIA_FLORIDA_HOME_HEX = "G3"

# =============================================================================================
# Stock market
# =============================================================================================

MARKET = (
    ("60", "70", "80", "90", "100", "110p", "120", "135", "150", "170", "190", "210", "230", "250", "275", "300e"),
    ("55", "60", "70", "80", "90p", "100", "110", "120", "135", "150", "170", "190", "210", "230", "250"),
    ("50y", "55", "60", "70p", "80", "90", "100", "110", "120", "135", "150", "170", "190"),
    ("45y", "50y", "55p", "60", "70", "80", "90", "100", "110", "120", "135"),
    ("40y", "45y", "50y", "55", "60", "70", "80", "90"),
    ("35y", "40y", "45y", "50y", "55y"),
    ("30y", "35y", "40y", "45y", "50y"),
)  # fmt: skip

# =============================================================================================
# Trains: towns are free stops (a train counts only cities and off-boards)
# =============================================================================================


def _n_plus_towns(n: int) -> tuple[dict[str, object], ...]:
    return ({"nodes": ["city", "offboard"], "pay": n, "visit": n}, {"nodes": ["town"], "pay": 99, "visit": 99})


TRAINS = (
    TrainSpec(name="2", distance=_n_plus_towns(2), price=100, num=6, rusts_on="4"),
    TrainSpec(name="3", distance=_n_plus_towns(3), price=180, num=4, rusts_on="6"),
    TrainSpec(name="4", distance=_n_plus_towns(4), price=300, num=3, rusts_on="8"),
    TrainSpec(name="5", distance=_n_plus_towns(5), price=450, num=2, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=_n_plus_towns(6), price=630, num=2),
    TrainSpec(name="8", distance=_n_plus_towns(8), price=800, num=5),
)

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1,
              status=("can_buy_companies_from_other_players", "limited_train_buy")),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "can_buy_companies_from_other_players", "limited_train_buy")),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "can_buy_companies_from_other_players")),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="8", on="8", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
)

# =============================================================================================
# Tiles
# =============================================================================================

TILES = {
    "3": 3, "4": 3, "5": 2, "6": 2, "7": 5, "8": 11, "9": 10, "57": 4, "58": 3, "451a": 1,
    "14": 4, "15": 4, "16": 1, "17": 1, "19": 1, "20": 1, "23": 4, "24": 4, "25": 1, "26": 1, "27": 1,
    "28": 2, "29": 2, "141": 2, "142": 2, "143": 2, "452a": 1, "453a": 1, "454a": 1,
    "39": 2, "40": 1, "41": 3, "42": 3, "43": 2, "44": 1, "45": 2, "46": 2, "47": 2, "63": 4, "70": 1,
    "455a": 1, "456a": 1, "457a": 1, "458a": 1, "459a": 1,
}  # fmt: skip

#: Cities that upgrade from a standard yellow or green tile to their own labelled tile only:
#: (hex, colour of the tile being upgraded) -> the only tile that may replace it.
CITY_UPGRADES: dict[tuple[str, str], str] = {
    ("D10", "yellow"): "453a",  # Augusta
    ("G13", "yellow"): "454a",  # Savannah
    ("I11", "green"): "457a",  # Brunswick
    ("F6", "green"): "458a",  # Macon
}

# =============================================================================================
# The map (pointy-topped)
# =============================================================================================

LOCATION_NAMES = {
    "I11": "Brunswick", "C3": "Rome", "D4": "Atlanta", "D10": "Augusta", "E7": "Milledgeville",
    "F6": "Macon", "G3": "Columbus", "H4": "Albany", "I9": "Waycross", "J12": "Jacksonville",
    "E1": "Montgomery", "J4": "Tallahassee", "A3": "Chattanooga", "B10": "Greeneville", "G13": "Savannah",
    "G11": "Statesboro", "I7": "Valdosta", "E15": "Charleston",
}  # fmt: skip

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("B4", "C7", "C9", "D2", "D6", "D8", "E5", "E9", "F4", "F10", "G1", "G5", "G7", "H6", "H8", "I5", "J6",
         "J8", "E11"),
    "upgrade=cost:20,terrain:water": ("C5", "E3", "F2", "F8", "G9", "H2", "H10", "H12", "I3"),
    "upgrade=cost:40,terrain:water": ("F12", "J10"),
    "upgrade=cost:60,terrain:water": ("B2", "B6", "B8", "C1"),
    _tile("city=revenue:0", "city=revenue:0", "city=revenue:0", "label=ATL"): ("D4",),
    "city=revenue:0": ("I11", "C3", "D10", "F6", "G3", "H4", "G13"),
    _tile("city=revenue:0", "icon=image:18_ga/wsr,sticky:1"): ("I9",),
    "town=revenue:0": ("G11", "I7"),
    _tile("town=revenue:0", "upgrade=cost:20,terrain:water"): ("E7",),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:yellow_30|brown_60", "path=a:1,b:_0", "path=a:2,b:_0"): ("J12",),
    _tile("offboard=revenue:yellow_30|brown_60", "path=a:0,b:_0", "path=a:5,b:_0"): ("A3",),
    _tile("offboard=revenue:yellow_30|brown_40", "path=a:0,b:_0", "path=a:1,b:_0"): ("B10",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:yellow_30|brown_40", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0"): ("E1",),
    _tile("city=revenue:yellow_20|brown_50", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0"): ("J4",),
}

HEXES = {"white": WHITE_HEXES, "red": RED_HEXES, "gray": GRAY_HEXES}

# =============================================================================================
# The Cotton Port variant: Savannah becomes a gray two-station city, Charleston (E15) a red city that is the
# Georgia Railroad's second home, two more white hexes (the map's other hexes keep their order)
# =============================================================================================

COTTON_PORT_HEXES = {
    "white": {
        **{code: tuple(h for h in hexes if h != "G13") for code, hexes in WHITE_HEXES.items()},
        "": (*(h for h in WHITE_HEXES[""]), "E13"),
        "upgrade=cost:20,terrain:water": (*WHITE_HEXES["upgrade=cost:20,terrain:water"], "F14"),
    },
    "red": {
        **RED_HEXES,
        _tile("city=revenue:yellow_30|brown_60", "path=a:0,b:_0,terminal:1", "path=a:1,b:_0,terminal:1"): ("E15",),
    },
    "gray": {
        **GRAY_HEXES,
        _tile("city=revenue:yellow_30|brown_60,slots:2", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0",
              "path=a:3,b:_0"): ("G13",),
    },
}

COTTON_PORT_GEORGIA_RAILROAD = CorporationSpec(
    sym="GA", name="Georgia Railroad", tokens=(0, 0, 40, 100), coordinates=("D10", "E15"), city=0, color="green")

TITLE = TitleSpec(
    title="18GA",
    subtitle="The Railroads Come to Georgia",
    designer="Mark Derrick",
    location="Georgia, USA",
    rules_url="http://www.18xx.net/18GA/18GAr.txt",
    info_url="https://github.com/tobymao/18xx/wiki/18GA",
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
