"""18MS: The Railroads Come to Mississippi (Mark Derrick), the title's facts as data.

Mississippi and Alabama in ten operating rounds: a draft of five private companies, five corporations, plus
trains (towns free) that rust on a timetable with a salvage value, double-value diesels, a $100 bonus and a
route bonus for a station in New Orleans, a $50 bonus for the first track reaching Chattanooga.  Behaviour that
is not data lives in ``rules.py``.
"""

from __future__ import annotations

from engine.titles.derrick.family import derrick_rules
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

PLAYER_RANGE = (2, 4)
BANK_CASH = 10_000
STARTING_CASH = {2: 900, 3: 625, 4: 525}
CERT_LIMIT = {2: 20, 3: 14, 4: 10}

RULES = derrick_rules(
    game_end_check=(("fixed_round", "current_or"),),
    bankruptcy_allowed=False,
    ebuy_depot_train_must_be_cheapest=False,
    ebuy_pres_swap=False,
    ebuy_sell_more_than_needed=True,
)

#: a recently floated corporation's lays: two, the second a lay (or an upgrade unless the first was one)
FIRST_OR_TILE_LAYS = ({"lay": True, "upgrade": True}, {"lay": True, "upgrade": "not_if_upgraded"})

OR_11 = "or_11"
ALLOW_BUY_RUSTING = "allow_buy_rusting"
OPTIONAL_RULES = (
    OptionalRuleSpec(sym=OR_11, short_name="11 ORs", desc="There is an extra, final, OR, directly after OR 10"),
    OptionalRuleSpec(sym=ALLOW_BUY_RUSTING, short_name="Allow buy rusting",
                     desc="A corporation is allowed to buy trains that are to be rusted, even if they have already "
                     "run this OR"),
)

# =============================================================================================
# Private companies (drafted, one each, at face value)
# =============================================================================================

COMPANIES = (
    CompanySpec(
        sym="AGS", name="Alabama Great Southern Railroad", value=30, revenue=15,
        desc="The owning corporation may lay an extra yellow tile for free, extending its track, once. Does not "
        "close. May be bought for face value in OR 1 by a corporation whose president owns it.",
        abilities=(
            {"type": "tile_lay", "owner_type": "corporation", "count": 1, "free": True, "special": False,
             "reachable": True, "hexes": [], "tiles": [], "when": ["track", "owning_corp_or_turn"]},
        ),
    ),
    CompanySpec(
        sym="BS", name="Birmingham Southern Railroad", value=40, revenue=10,
        desc="The owning corporation may lay one or two extra yellow tiles for free, extending its track, once per "
        "operating round. Does not close. May be bought for face value in OR 1 by a corporation whose president "
        "owns it.",
        abilities=(
            {"type": "tile_lay", "owner_type": "corporation", "count": 2, "use_across_ors": False, "free": True,
             "special": False, "reachable": True, "must_lay_together": False, "hexes": [], "tiles": [],
             "when": "track"},
        ),
    ),
    CompanySpec(
        sym="M&M", name="Meridian and Memphis Railway", value=50, revenue=15,
        desc="The owning corporation may place its cheapest token for half price, once (not an extra token). "
        "Does not close.",
        abilities=(
            {"type": "token", "owner_type": "corporation", "when": "token", "hexes": [], "discount": 0.5,
             "count": 1, "from_owner": True},
        ),
    ),
    CompanySpec(
        sym="MC", name="Mississippi Central Railway", value=60, revenue=5,
        desc="Exchanged for a special, unsellable 2+ train when a corporation buys it (not over the train limit). "
        "Not sold to corporations after OR 4; closes with phase 6.",
    ),
    CompanySpec(
        sym="M&O", name="Mobile & Ohio Railway", value=70, revenue=5,
        desc="The owning corporation may buy a 3+ or 4+ train from the bank for $100 less, in its train step. "
        "Using the discount closes the company.",
        abilities=(
            {"type": "train_discount", "discount": 100, "owner_type": "corporation", "trains": ["3+", "4+"],
             "count": 1, "closed_when_used_up": True, "when": "buy_train"},
        ),
    ),
)

#: the companies a corporation may buy in OR 1, the one exchanged for the free 2+ train, and that train
OR_ONE_COMPANIES = ("AGS", "BS")
FREE_TRAIN_COMPANY = "MC"
FREE_TRAIN = "2+-4"
#: MC may no longer be bought from this game turn on
FREE_TRAIN_COMPANY_LAST_TURN = 2

CORPORATIONS = tuple(
    CorporationSpec(sym=sym, name=name, tokens=tokens, coordinates=home, color=color, text_color=text,
                    float_percent=60, max_ownership_percent=70)
    for sym, name, tokens, home, color, text in (
        ("GMO", "Gulf, Mobile and Ohio Railroad", (0, 40, 100, 100), "H6", "black", "white"),
        ("IC", "Illinois Central Railroad", (0, 40, 100), "A1", "#397641", "white"),
        ("L&N", "Louisville and Nashville Railroad", (0, 40, 100), "C9", "#0d5ba5", "white"),
        ("Fr", "Frisco", (0, 40, 100), "E1", "#ed1c24", "white"),
        ("WRA", "Western Railway of Alabama", (0, 40, 100), "E11", "#c7c4e2", "black"),
    )
)

MARKET = (
    ("65y", "70", "75", "80", "90p", "100", "110", "130", "150", "170", "200", "230", "265", "300"),
    ("60y", "65y", "70p", "75p", "80p", "90", "100", "110", "130", "150", "170", "200", "230", "265"),
    ("50y", "60y", "65y", "70", "75", "80", "90", "100", "110", "130", "150"),
    ("45y", "50y", "60y", "65y", "70", "75", "80"),
    ("40y", "45y", "50y", "60y"),
)  # fmt: skip

# =============================================================================================
# Trains: plus trains (towns free) rust on a timetable; diesels double the revenue
# =============================================================================================


def _plus(n: int) -> tuple[dict[str, object], ...]:
    return ({"nodes": ["city", "offboard"], "pay": n, "visit": n}, {"nodes": ["town"], "pay": 99, "visit": 99})


TRAINS = (
    TrainSpec(name="2+", distance=_plus(2), price=80, num=5, salvage=20),
    TrainSpec(name="3+", distance=_plus(3), price=180, num=4, salvage=30),
    TrainSpec(name="4+", distance=_plus(4), price=300, num=3, salvage=60),
    TrainSpec(name="5", distance=5, price=500, num=2),
    TrainSpec(name="6", distance=6, price=550, num=2,
              events=({"type": "close_companies"}, {"type": "remove_tokens"})),
    TrainSpec(name="2D", distance=2, price=500, num=4, available_on="6", multiplier=2,
              variants=({"name": "4D", "price": 750, "multiplier": 2, "available_on": "6", "distance": 4},)),
    TrainSpec(name="5D", distance=5, price=850, num=1, available_on="6", multiplier=2),
)

#: at the end of the operating rounds of these game turns, these trains rust (each paying its salvage)
RUSTING_SCHEDULE: dict[int, str] = {3: "2+", 4: "3+", 5: "4+"}

#: phases change by the game's timetable (phase 3 at OR 2) and by the first 6 and diesel bought
PHASES = (
    PhaseSpec(name="2", on=None, train_limit=3, tiles=("yellow",), operating_rounds=2,
              status=("can_buy_companies_operation_round_one",)),
    PhaseSpec(name="3", on=None, train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="6", on=None, train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=2),
    PhaseSpec(name="D", on=None, train_limit=3, tiles=("yellow", "green", "brown", "gray"), operating_rounds=2),
)

STATUS_TEXT = {
    "can_buy_companies": ("Can Buy Companies", "All corporations can buy companies from players"),
    "can_buy_companies_operation_round_one": (
        "Can Buy Companies OR 1", "Corporations can buy AGS/BS companies for face value in OR 1"),
}
EVENTS_TEXT = {
    "close_companies": ("Companies Close", "All companies unless otherwise noted are discarded from the game"),
    "remove_tokens": ("Remove Tokens", "New Orleans route bonus removed"),
}

# =============================================================================================
# Bonuses
# =============================================================================================

#: New Orleans: a token there pays once and gives a route bonus until phase 6
NEW_ORLEANS = "I1"
NEW_ORLEANS_TOKEN_BONUS = 100
NEW_ORLEANS_ROUTE_BONUS = 10
#: Chattanooga: the first tile on B10 whose track reaches it pays its layer once
CHATTANOOGA = "B12"
CHATTANOOGA_APPROACH = "B10"
CHATTANOOGA_BONUS = 50
#: the extra interest a player pays after borrowing for a forced train, and the fee for a president's help
LOAN_INTEREST = 50
PRESIDENT_ASSIST_FEE = 50

# =============================================================================================
# Tiles and map (pointy-topped)
# =============================================================================================

TILES = {
    "3": 3, "4": 3, "5": 2, "6": 3, "7": 4, "8": 10, "9": 10, "57": 3, "58": 3, "14": 3, "15": 3, "16": 1,
    "19": 1, "20": 1, "23": 4, "24": 4, "25": 2, "26": 1, "27": 1, "28": 1, "29": 1, "87": 2, "88": 2, "143": 2,
    "204": 2, "619": 3, "39": 1, "40": 2, "41": 2, "42": 2, "43": 1, "45": 1, "46": 1, "47": 2, "63": 4,
    "446": 1, "X31b": 1,
}  # fmt: skip

CUSTOM_TILES = {
    # Birmingham and Montgomery, gray
    "446": CustomTileSpec(color="gray", code=_tile(
        "city=revenue:70,slots:3", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0",
        "path=a:4,b:_0", "path=a:5,b:_0", "label=BM")),
    # Mobile, brown
    "X31b": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:50,slots:3", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0",
        "label=Mob")),
}

LOCATION_NAMES = {
    "A1": "Memphis", "B2": "Grenada", "B12": "Chattanooga", "C5": "Starkville", "C7": "Tuscaloosa",
    "C9": "Birmingham", "D6": "York", "E1": "Jackson", "E5": "Meridian", "E9": "Selma", "E11": "Montgomery",
    "E15": "Atlanta", "G3": "Hattiesburg", "H4": "Gulfport", "H6": "Mobile", "H8": "Pensacola",
    "H10": "Tallahassee", "I1": "New Orleans",
}  # fmt: skip

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "empty": {"": ("B14",)},
    "white": {
        "": ("B4", "B6", "B8", "B10", "C1", "C3", "C11", "D2", "D4", "D8", "D10", "E3", "F4", "F10", "G5", "G9",
             "G11"),
        "upgrade=cost:20,terrain:water": ("E7", "F2", "F6", "F8", "G1", "G7"),
        "upgrade=cost:40,terrain:water": ("H2",),
        _tile("town=revenue:0", "upgrade=cost:20,terrain:water"): ("H8",),
        "city=revenue:0": ("C7", "E5", "E9"),
        _tile("city=revenue:0", "future_label=label:Mob,color:brown"): ("H6",),
        _tile("city=revenue:0", "future_label=label:BM,color:gray"): ("C9", "E11"),
        "town=revenue:0": ("B2", "C5", "D6", "G3", "H4"),
    },
    "red": {
        _tile("offboard=revenue:yellow_40|brown_60", "path=a:1,b:_0", "icon=image:18_ms/coins"): ("B12",),
        _tile("offboard=revenue:yellow_30|brown_50", "path=a:1,b:_0"): ("H10",),
        _tile("city=revenue:yellow_40|brown_50", "path=a:5,b:_0", "path=a:4,b:_0", "border=edge:4"): ("A1",),
        _tile("city=revenue:yellow_50|brown_80,loc:center", "town=revenue:10,loc:5.5", "path=a:3,b:_0",
              "path=a:_1,b:_0", "icon=image:18_ms/coins"): ("I1",),
        _tile("path=a:1,b:5", "border=edge:1"): ("A3",),
        _tile("path=a:0,b:5", "border=edge:5"): ("D12",),
        _tile("path=a:0,b:4", "path=a:1,b:4", "path=a:2,b:4", "border=edge:0", "border=edge:2",
              "border=edge:4"): ("E13",),
        _tile("path=a:2,b:3", "border=edge:3"): ("F12",),
        _tile("offboard=revenue:yellow_40|brown_50", "path=a:1,b:_0", "border=edge:1"): ("E15",),
    },
    "gray": {
        _tile("city=revenue:yellow_30|brown_60,slots:2", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0"): ("E1",),
    },
}

TITLE = TitleSpec(
    title="18MS",
    subtitle="The Railroads Come to Mississippi",
    designer="Mark Derrick",
    publisher="All Aboard Games",
    location="Mississippi, USA",
    rules_url="https://boardgamegeek.com/filepage/209791",
    info_url="https://github.com/tobymao/18xx/wiki/18MS",
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
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)
