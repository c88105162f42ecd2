"""18AL (Mark Derrick), the title's facts as data.

Alabama: five private companies (the Warrior Coal Field token, the Lumber Terminal, the Robert E. Lee and Pan
American route markers, a half-price train), six corporations that float at 60%, each with a historical
objective city that pays $100 when it places a station there, an $8,000 bank and a flat map.  Behaviour that
is not data lives in ``rules.py``.
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
STARTING_CASH = {3: 600, 4: 500, 5: 400}
CERT_LIMIT = {3: 15, 4: 12, 5: 10}

RULES = derrick_rules()

# =============================================================================================
# Optional rules
# =============================================================================================

DOUBLE_YELLOW_FIRST_OR = "double_yellow_first_or"
LN_HOME_CITY_MOVED = "LN_home_city_moved"
UNLIMITED_4D = "unlimited_4d"
HARD_RUST_T4 = "hard_rust_t4"

OPTIONAL_RULES = (
    OptionalRuleSpec(sym=DOUBLE_YELLOW_FIRST_OR, short_name="Extra yellow",
                     desc="Allow corporation to lay 2 yellows its first OR"),
    OptionalRuleSpec(sym=LN_HOME_CITY_MOVED, short_name="Move L&N home",
                     desc="Move L&N home city to Decatur - Nashville becomes off board hex"),
    OptionalRuleSpec(sym=UNLIMITED_4D, short_name="Unlimited 4D", desc="Unlimited number of 4D"),
    OptionalRuleSpec(sym=HARD_RUST_T4, short_name="Hard rust", desc="4 trains rust when 7 train is bought"),
)

# =============================================================================================
# Private companies
# =============================================================================================

#: the Warrior Coal Field company and the mining cities its token may go to
COAL_COMPANY = "SNAR"
COAL_HEXES = ("H3", "G4", "H5", "G6", "E6")
COAL_BONUS = 10
#: the company whose buyer receives the two route markers
ROUTE_MARKER_COMPANY = "M&C"
#: route marker ability type -> (marker name, the two hexes a route must include, bonus)
ROUTE_MARKERS: dict[str, tuple[str, tuple[str, str], int]] = {
    "atlanta_birmingham": ("Robert E. Lee", ("G8", "G4"), 20),
    "mobile_nashville": ("Pan American", ("Q2", "A4"), 40),
}
#: the Lumber Terminal tile, which is never upgraded
LUMBER_TERMINAL = "445"
#: a corporation's historical objective pays this much when it places a station there
OBJECTIVE_BONUS = 100

COMPANIES = (
    CompanySpec(sym="TR", name="Tuscumbia Railway", value=20, revenue=5, desc="No special abilities."),
    CompanySpec(
        sym=COAL_COMPANY, name="South & North Alabama Railroad", value=40, revenue=10,
        desc="Owning corporation may place the Warrior Coal Field token in one of the city hexes with a mining "
        "symbol (Gadsden, Anniston, Oxmoor, Birmingham, or Tuscaloosa) provided that the corporation can reach "
        "the city with a route that is in the range of a train owned by the corporation (i.e. not an infinite "
        "route). Placing the token does not close the company. The owning corporation adds 10 to revenue for "
        "all trains whose route includes the city with the token. The token is removed from the game at the "
        "beginning of phase 6.",
        abilities=({"type": "assign_hexes", "hexes": list(COAL_HEXES), "count": 1, "owner_type": "corporation"},),
    ),
    CompanySpec(
        sym="BLC", name="Brown & Sons Lumber Co.", value=70, revenue=15,
        desc="Owning corporation may during the track laying step lay the Lumber Terminal track tile (# 445) in "
        "an empty swamp hex, which need not be connected to the corporation's station(s). The tile is free and "
        "does not count as the corporation's one tile lay per turn. Laying the tile does not close the company. "
        "The tile is permanent and cannot be upgraded.",
        abilities=({"type": "tile_lay", "free": True, "owner_type": "corporation", "tiles": [LUMBER_TERMINAL],
                    "hexes": ["G2", "M2", "O4", "N5", "P5"], "count": 1, "when": "track"},),
    ),
    CompanySpec(
        sym=ROUTE_MARKER_COMPANY, name="Memphis & Charleston Railroad", value=100, revenue=20,
        desc="Owning corporation receives the Robert E. Lee marker which adds +20 to revenue if a route includes "
        "Atlanta and Birmingham and the Pan American marker which adds +40 to revenue if a route includes "
        "Nashville and Mobile. Each marker may be assigned to one train each operating round and both markers "
        "may be assigned to a single train. The bonuses are permanent unless a new player becomes president of "
        "the corporation, in which case they are removed from the game.",
    ),
    CompanySpec(
        sym="NDY", name="New Decatur Yards", value=120, revenue=20,
        desc="Owning corporation may purchase one new train from the bank with a discount of 50%, which closes "
        "the company.",
        abilities=({"type": "train_discount", "discount": 0.5, "owner_type": "corporation",
                    "trains": ["3", "4", "5"], "count": 1, "closed_when_used_up": True,
                    "when": "single_depot_train_buy"},),
    ),
)

# =============================================================================================
# Corporations (each with its historical objective: an ``assign_hexes`` ability naming one city)
# =============================================================================================


def _objective(hex_id: str) -> dict[str, object]:
    return {"type": "assign_hexes", "hexes": [hex_id], "count": 1}


CORPORATIONS = (
    CorporationSpec(sym="L&N", name="Louisville & Nashville Railroad", tokens=(0, 40, 100, 100), coordinates="A4",
                    color="blue", abilities=(_objective("G4"),)),
    CorporationSpec(sym="M&O", name="Mobile & Ohio Railroad", tokens=(0, 40, 100, 100), coordinates="Q2",
                    color="orange", abilities=(_objective("K2"),)),
    CorporationSpec(sym="WRA", name="Western Railway of Alabama", tokens=(0, 40, 100, 100), coordinates="L5",
                    color="red", abilities=(_objective("J7"),)),
    CorporationSpec(sym="ATN", name="Alabama, Tennessee & Northern Railroad", tokens=(0, 40, 100),
                    coordinates="F1", color="black", abilities=(_objective("L1"),)),
    CorporationSpec(sym="ABC", name="Atlanta, Birmingham & Coast Railroad", tokens=(0, 40), coordinates="G6",
                    color="green", abilities=(_objective("G4"),)),
    CorporationSpec(sym="TAG", name="Tennessee, Alabama & Georgia Railway", tokens=(0, 40), coordinates="E6",
                    color="yellow", text_color="black", abilities=(_objective("G4"),)),
)

#: the "Move L&N home" option: the L&N's new home, and Nashville as a plain off-board
MOVED_LN = "L&N"
MOVED_LN_OLD_HOME = "A4"
MOVED_LN_NEW_HOME = "C4"
NASHVILLE_OFFBOARD = _tile("offboard=revenue:yellow_40|brown_50", "path=a:0,b:_0", "path=a:1,b:_0")

# =============================================================================================
# Stock market
# =============================================================================================

MARKET = (
    ("60", "65", "70", "75", "80", "90p", "105p", "120", "135", "150", "170", "190", "215", "240", "270", "300e"),
    ("55", "60", "65", "70p", "75p", "80", "90", "105", "120", "135", "150", "170", "190", "215", "240"),
    ("50y", "55", "60p", "65", "70", "75", "80", "90", "105", "120", "135", "150", "170"),
    ("45y", "50y", "55", "60", "65", "70", "75", "80", "90", "105", "120"),
    ("40y", "45y", "50y", "55", "60", "65", "70", "75"),
    ("35y", "40y", "45y", "50y", "55y"),
    ("30y", "35y", "40y", "45y", "50y"),
)  # fmt: skip

# =============================================================================================
# Trains: towns are free stops (a train counts only cities and off-boards)
# =============================================================================================


def _n_plus_towns(n: int, multiplier: int | None = None) -> tuple[dict[str, object], ...]:
    cities: dict[str, object] = {"nodes": ["city", "offboard"], "pay": n, "visit": n}
    if multiplier is not None:
        cities["multiplier"] = multiplier
    return (cities, {"nodes": ["town"], "pay": 99, "visit": 99})


TRAINS = (
    TrainSpec(name="2", distance=_n_plus_towns(2), price=100, num=5, rusts_on="4"),
    TrainSpec(name="3", distance=_n_plus_towns(3), price=180, num=4, rusts_on="6"),
    TrainSpec(name="4", distance=_n_plus_towns(4), price=300, num=3, obsolete_on="7"),
    TrainSpec(name="5", distance=_n_plus_towns(5), price=450, num=2, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=_n_plus_towns(6), price=630, num=1, events=({"type": "remove_tokens"},)),
    TrainSpec(name="7", distance=_n_plus_towns(7), price=700, num=1),
    TrainSpec(name="4D", distance=_n_plus_towns(4, multiplier=2), price=800, num=5,
              num_by_option={UNLIMITED_4D: 8}),
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
    PhaseSpec(name="7", on="7", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="4D", on="4D", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=3),
)

EVENTS_TEXT_18AL = {**EVENTS_TEXT, "remove_tokens": ("Remove Tokens", "Warrior Coal Field token removed")}

# =============================================================================================
# Tiles
# =============================================================================================

TILES = {
    "3": 3, "4": 3, "5": 3, "6": 3, "7": 5, "8": 11, "9": 10, "14": 4, "15": 4, "16": 1, "17": 1, "19": 1,
    "20": 1, "23": 4, "24": 4, "25": 1, "26": 1, "27": 1, "28": 1, "29": 1, "39": 1, "40": 1, "41": 3, "42": 3,
    "43": 2, "44": 1, "45": 2, "46": 2, "47": 2, "57": 4, "58": 3, "63": 7, "70": 1, "142": 2, "143": 2,
    "144": 2, "445": 1, "446": 1, "441a": 1, "442a": 1, "443a": 1, "444b": 1, "444m": 1,
}  # fmt: skip

#: Montgomery (L5) upgrades from yellow only to its own green M tile
MONTGOMERY = "L5"
MONTGOMERY_GREEN = "443a"

# =============================================================================================
# The map (flat-topped, x numbers and y letters)
# =============================================================================================

LOCATION_NAMES = {
    "A4": "Nashville", "B1": "Corinth", "B7": "Chattanooga", "C2": "Florence", "C4": "Decatur",
    "C6": "Stevenson", "D7": "Rome", "E6": "Gadsden", "F1": "Tupelo", "G4": "Birmingham", "G6": "Anniston",
    "G8": "Atlanta", "H3": "Tuscaloosa", "H5": "Oxmoor", "J7": "West Point", "K2": "York", "K4": "Selma",
    "L1": "Meridian", "L5": "Montgomery", "M8": "Phenix City", "O6": "Dothan", "P7": "Gulf of Mexico",
    "Q2": "Mobile",
}  # fmt: skip

_COAL = "icon=image:18_al/coal,sticky:1"

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "white": {
        "": ("A2", "B5", "D1", "E2", "E4", "F3", "F5", "H1", "H7", "I2", "I4", "I6", "I8", "J1", "J3", "J5", "K6",
             "K8", "L7", "M4", "M6", "N1", "N7", "P1", "P3"),
        "border=edge:0,type:impassable": ("B3",),
        _tile("upgrade=cost:20,terrain:water", "border=edge:3,type:impassable"): ("D3",),
        _tile("town=revenue:0", "upgrade=cost:20,terrain:water"): ("C2", "C6"),
        _tile("city=revenue:0", "upgrade=cost:20,terrain:water"): ("C4",),
        "upgrade=cost:20,terrain:water": ("L3", "N3", "O2"),
        "upgrade=cost:20,terrain:swamp": ("G2", "M2", "N5", "O4", "P5"),
        "upgrade=cost:60,terrain:mountain|water": ("D5",),
        "upgrade=cost:60,terrain:mountain": ("F7",),
        _tile("city=revenue:0", "upgrade=cost:60,terrain:mountain", "label=B", _COAL): ("G4",),
        "city=revenue:0": ("J7", "K2"),
        _tile("city=revenue:0", "future_label=label:M,color:green"): ("L5",),
        _tile("city=revenue:0", _COAL): ("G6", "H3"),
        "town=revenue:0": ("O6",),
    },
    "red": {
        _tile("city=revenue:yellow_40|brown_50", "path=a:0,b:_0,terminal:1", "path=a:1,b:_0,terminal:1"): ("A4",),
        _tile("offboard=revenue:yellow_40|brown_30", "path=a:5,b:_0"): ("B1",),
        _tile("offboard=revenue:yellow_30|brown_50", "path=a:1,b:_0"): ("B7",),
        _tile("offboard=revenue:yellow_40|brown_70", "path=a:0,b:_0", "path=a:1,b:_0"): ("G8",),
        _tile("offboard=revenue:yellow_30|brown_40", "path=a:2,b:_0", "path=a:3,b:_0"): ("P7",),
        _tile("city=revenue:yellow_40|brown_50", "path=a:2,b:_0,terminal:1", "path=a:3,b:_0,terminal:1",
              "path=a:4,b:_0,terminal:1"): ("Q2",),
    },
    "gray": {
        _tile("town=revenue:10", "path=a:0,b:_0", "path=a:_0,b:1"): ("D7",),
        _tile("city=revenue:30", "path=a:0,b:_0", "path=a:4,b:_0", "path=a:5,b:_0"): ("F1",),
        _tile("city=revenue:30", "path=a:0,b:_0", "path=a:2,b:_0", "path=a:4,b:_0", _COAL): ("H5",),
        _tile("city=revenue:yellow_30|brown_40,slots:2", "path=a:0,b:_0", "path=a:3,b:_0", "path=a:4,b:_0"): ("L1",),
        _tile("town=revenue:10", "path=a:1,b:_0", "path=a:_0,b:2"): ("M8",),
    },
    "yellow": {
        _tile("city=revenue:20", "path=a:3,b:_0", "path=a:4,b:_0", _COAL): ("E6",),
        _tile("city=revenue:20", "path=a:1,b:_0", "path=a:_0,b:5"): ("K4",),
    },
}

TITLE = TitleSpec(
    title="18AL",
    subtitle="",
    designer="Mark Derrick",
    location="Alabama, USA",
    rules_url="https://boardgamegeek.com/filepage/80315/18al-rules-v17",
    info_url="https://github.com/tobymao/18xx/wiki/18AL",
    layout="flat",
    axes={"x": "number", "y": "letter"},
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
    events_text=EVENTS_TEXT_18AL,
)
