"""18TN: The Railroads Come to Tennessee (Mark Derrick), the title's facts as data.

Tennessee: five private companies (four free yellow tiles in their hexes, and the Louisville and Nashville's
president's certificate), six corporations (the Illinois Central with a 30% president's certificate, the L&N
floating at 20%), two tile lays a turn, and a Civil War that costs each corporation with trains its weakest run once.  Behaviour that
is not data lives in ``rules.py``.
"""

from __future__ import annotations

from engine.titles.derrick.family import EVENTS_TEXT, STATUS_TEXT, derrick_rules
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    CustomTileSpec,
    OptionalRuleSpec,
    PhaseSpec,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (3, 5)
BANK_CASH = 8_000
STARTING_CASH = {3: 600, 4: 450, 5: 360}
CERT_LIMIT = {3: 16, 4: 12, 5: 10}

#: two lays a turn: a lay or upgrade, then a second yellow unless the first was an upgrade
RULES = derrick_rules(tile_lays=({"lay": True, "upgrade": True}, {"lay": "not_if_upgraded", "upgrade": False}))

TRIPLE_YELLOW_FIRST_OR = "triple_yellow_first_or"
OPTIONAL_RULES = (
    OptionalRuleSpec(sym=TRIPLE_YELLOW_FIRST_OR, short_name="Extra yellow",
                     desc="Allow corporations to lay 3 yellow tiles their first OR"),
)

# =============================================================================================
# Private companies
# =============================================================================================


def _free_yellow(hex_id: str, tiles: tuple[str, ...] = ("7", "8", "9")) -> dict[str, object]:
    return {"type": "tile_lay", "free": True, "count": 1, "owner_type": "corporation", "hexes": [hex_id],
            "tiles": list(tiles), "when": "track"}


_FREE_TILE_DESC = ("Corporation owner may lay a free yellow tile in {hex}, without a connection to its "
                   "stations and besides its two yellow tile lays of the turn.")

COMPANIES = (
    CompanySpec(sym="TCC", name="Tennessee Copper Co.", value=20, revenue=5,
                desc=_FREE_TILE_DESC.format(hex="H17"), abilities=(_free_yellow("H17"),)),
    CompanySpec(sym="ETWCR", name="East Tennessee & Western Carolina Railroad", value=40, revenue=10,
                desc=_FREE_TILE_DESC.format(hex="F19"), abilities=(_free_yellow("F19"),)),
    CompanySpec(sym="MCR", name="Memphis & Charleston Railroad", value=70, revenue=15,
                desc=_FREE_TILE_DESC.format(hex="H3"), abilities=(_free_yellow("H3", ("5", "6", "57")),)),
    CompanySpec(sym="OWR", name="Oneida & Western Railroad", value=100, revenue=20,
                desc=_FREE_TILE_DESC.format(hex="E16"), abilities=(_free_yellow("E16"),)),
    CompanySpec(
        sym="LNR", name="Louisville and Nashville Railroad", value=175, revenue=0,
        desc="The buyer receives the L&N's president's certificate and at once sets its par value; the L&N "
        "floats then. The company closes as soon as the par value is set.",
        abilities=(
            {"type": "shares", "shares": "L&N_0"},
            {"type": "close", "when": "par", "corporation": "L&N"},
        ),
    ),
)

#: the corporation whose president's certificate is 30% (its last 10% share leaves the game)
THIRTY_PERCENT_PRESIDENT = "IC"

CORPORATIONS = (
    CorporationSpec(sym="SR", name="Southern Railway", tokens=(0, 40, 100, 100), coordinates="F17",
                    color="yellow", text_color="green"),
    CorporationSpec(sym="GMO", name="Gulf, Mobile, and Ohio Railroad", tokens=(0, 40, 100, 100),
                    coordinates="G6", color="red"),
    CorporationSpec(sym="L&N", name="Louisville and Nashville Railroad", tokens=(0, 40, 100, 100),
                    coordinates="B13", color="blue", float_percent=20),
    CorporationSpec(sym="IC", name="Illinois Central Railroad", tokens=(0, 40, 100), coordinates="D7",
                    color="green"),
    CorporationSpec(sym="NC&StL", name="Nashville, Chattanooga, and St. Louis Railroad", tokens=(0, 40),
                    coordinates="H15", color="orange", text_color="black"),
    CorporationSpec(sym="TC", name="Tennessee Central Railway", tokens=(0, 40), coordinates="F11",
                    color="black"),
)

MARKET = (
    ("60", "70", "80", "90", "100", "110", "120", "130", "150", "170", "190", "210", "230", "250", "275", "300e"),
    ("55", "60", "70", "80", "90p", "100", "110", "120", "130", "150", "170", "190", "210", "230", "250"),
    ("50", "55", "60", "70p", "80p", "90", "100", "110", "120", "130", "150", "170"),
    ("45y", "50y", "55", "65p", "75p", "80", "90", "100"),
    ("40o", "45y", "50y", "60", "70", "75", "80"),
    ("35o", "40o", "45y", "55y", "65y"),
    ("25o", "30o", "40o", "50y", "60y"),
)  # fmt: skip

# =============================================================================================
# Trains and phases: the first 3' train starts the Civil War
# =============================================================================================

CIVIL_WAR = "civil_war"

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=5, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=3, rusts_on="6"),
    TrainSpec(name="3'", distance=3, price=180, num=2, rusts_on="6", events=({"type": CIVIL_WAR},)),
    TrainSpec(name="4", distance=4, price=300, num=3, obsolete_on="6'"),
    TrainSpec(name="5", distance=5, price=450, num=2, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=600, num=1),
    TrainSpec(name="6'", distance=6, price=600, num=1),
    TrainSpec(name="8", distance=8, price=700, num=7),
)

#: the phase status under which, in the first operating round, corporations buy privates at face value
OR_ONE_STATUS = "can_buy_companies_operation_round_one"

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1,
              status=("can_buy_companies_from_other_players", OR_ONE_STATUS, "limited_train_buy")),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies_from_other_players", "can_buy_companies", "limited_train_buy")),
    PhaseSpec(name="3½", on="3'", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies_from_other_players", "can_buy_companies", "limited_train_buy")),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies_from_other_players", "can_buy_companies")),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6½", on="6'", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="8", on="8", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=3),
)

TN_STATUS_TEXT = {
    **STATUS_TEXT,
    OR_ONE_STATUS: ("Can Buy Companies OR 1", "Corporations can buy companies for face value in OR 1"),
}
TN_EVENTS_TEXT = {
    **EVENTS_TEXT,
    CIVIL_WAR: ("Civil War", "Companies with trains lose revenue of one train its next OR"),
}

# =============================================================================================
# Tiles
# =============================================================================================

TILES = {
    "3": 2, "4": 3, "5": 3, "6": 3, "7": 4, "8": 13, "9": 12, "14": 3, "15": 3, "16": 1, "17": 1, "18": 1,
    "19": 1, "20": 2, "23": 4, "24": 4, "25": 2, "28": 2, "29": 2, "39": 2, "40": 2, "41": 3, "42": 3, "43": 2,
    "44": 1, "45": 1, "46": 1, "47": 2, "57": 4, "58": 4, "63": 4, "70": 1, "141": 2, "142": 2, "143": 1,
    "144": 1, "145": 2, "146": 2, "147": 2, "170": 2, "619": 2, "TN1": 1, "TN2": 1, "TN3": 1,
}  # fmt: skip

CUSTOM_TILES = {
    # Chattanooga (C), green
    "TN1": CustomTileSpec(color="green", code=_tile(
        "city=revenue:40,slots:2", "path=a:1,b:_0", "path=a:3,b:_0", "path=a:5,b:_0", "label=C",
        "future_label=label:P,color:brown")),
    # Nashville (N), green
    "TN2": CustomTileSpec(color="green", code=_tile(
        "city=revenue:40,slots:2", "path=a:1,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0",
        "path=a:0,b:_0", "label=N", "future_label=label:P,color:brown")),
    # the P cities, gray
    "TN3": CustomTileSpec(color="gray", code=_tile(
        "city=revenue:60,slots:3", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0",
        "path=a:5,b:_0", "path=a:0,b:_0", "label=P")),
}

# =============================================================================================
# The map (pointy-topped)
# =============================================================================================

LOCATION_NAMES = {
    "A16": "Cincinnati", "C4": "St. Louis", "E22": "Bristol Coalfields", "H1": "Little Rock", "J5": "Gulf Coast",
    "J17": "Atlanta", "B13": "Louisville", "B17": "Lexington", "C16": "Danville", "D7": "Paducah",
    "D11": "Bowling Green", "E10": "Clarksville", "F5": "Dyersburg", "F11": "Nashville", "F13": "Lebanon",
    "F17": "Knoxville", "G6": "Jackson", "G12": "Murfreesboro", "H3": "Memphis", "H7": "Corinth",
    "H15": "Chattanooga", "I10": "Huntsville", "J11": "Birmingham",
}  # fmt: skip

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_50|brown_80", "path=a:5,b:_0", "path=a:0,b:_0"): ("A16",),
    _tile("offboard=revenue:yellow_40|brown_60", "path=a:4,b:_0", "path=a:5,b:_0"): ("C4",),
    _tile("offboard=revenue:yellow_60|brown_40", "path=a:1,b:_0", "path=a:0,b:_0"): ("E22",),
    _tile("offboard=revenue:yellow_20|brown_40", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0"): ("H1",),
    _tile("offboard=revenue:yellow_30|brown_50", "path=a:2,b:_0", "path=a:3,b:_0"): ("J5",),
    _tile("offboard=revenue:yellow_40|brown_60", "path=a:1,b:_0", "path=a:2,b:_0"): ("J17",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:30,loc:2", "path=a:0,b:_0", "path=a:4,b:_0", "path=a:0,b:4"): ("B13",),
    _tile("town=revenue:yellow_30|brown_40", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0"): ("J11",),
}

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "city=revenue:0": ("B17", "G12"),
    "town=revenue:0": ("C16", "E10", "F5", "F13"),
    _tile("city=revenue:0", "upgrade=cost:40,terrain:water"): ("D7", "F17", "H7"),
    _tile("city=revenue:0", "upgrade=cost:40,terrain:water", "future_label=label:N,color:green"): ("F11",),
    "upgrade=cost:60,terrain:mountain": ("B15", "C14", "C18", "D15", "D19", "F15", "G14", "H11", "H13", "I14",
                                         "I16", "J13"),
    _tile("upgrade=cost:60,terrain:mountain", "icon=image:18_tn/owr"): ("E16",),
    "upgrade=cost:120,terrain:mountain": ("F21", "G18", "G20"),
    _tile("upgrade=cost:120,terrain:mountain", "icon=image:18_tn/etwcr"): ("F19",),
    _tile("upgrade=cost:120,terrain:mountain", "icon=image:18_tn/tcc"): ("H17",),
    _tile("city=revenue:0", "upgrade=cost:60,terrain:water", "icon=image:18_tn/mcr",
          "future_label=label:P,color:brown"): ("H3",),
    _tile("town=revenue:0", "upgrade=cost:40,terrain:water"): ("I10",),
    "upgrade=cost:40,terrain:water": ("C8", "E8", "F9", "G8", "H9", "I12", "G16"),
    "upgrade=cost:60,terrain:water": ("D5", "E4", "F3", "G2"),
    "": ("C6", "D9", "D13", "D17", "E6", "E12", "E14", "E18", "E20", "F7", "G4", "G10", "H5", "I2", "I4", "I6",
         "I8", "J15"),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    "path=a:0,b:3": ("C12",),
    _tile("town=revenue:10", "path=a:0,b:_0", "path=a:_0,b:3"): ("D11",),
    _tile("city=revenue:20", "path=a:3,b:_0", "path=a:5,b:_0"): ("G6",),
    _tile("city=revenue:20", "path=a:1,b:_0", "path=a:5,b:_0", "label=C"): ("H15",),
}

HEXES = {"red": RED_HEXES, "gray": GRAY_HEXES, "white": WHITE_HEXES, "yellow": YELLOW_HEXES}

TITLE = TitleSpec(
    title="18TN",
    subtitle="The Railroads Come to Tennessee",
    designer="Mark Derrick",
    publisher="Golden Spike Games",
    location="Tennessee, USA",
    rules_url="https://drive.google.com/file/d/1r0qnCWW-Qf9ETyXV_jIfHcnn9O5cJcmC/view?usp=sharing",
    info_url="https://github.com/tobymao/18xx/wiki/18TN",
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
    optional_rules=OPTIONAL_RULES,
    status_text=TN_STATUS_TEXT,
    events_text=TN_EVENTS_TEXT,
)
