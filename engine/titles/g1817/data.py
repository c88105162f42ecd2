"""1817 (Craig Bartell, Tim Flowers; All Aboard Games), the title's facts as data.

Twenty corporations that start with two shares (one 100% certificate in the data: the size a corporation takes
is chosen as it is started, and it may later convert to 5 and then 10 shares); an unlimited bank; a one-row
market with a liquidation cell and three acquisition cells at its left; loans of $100 whose interest follows
how many are taken; private companies sold in a selection auction with $200 seed money.  Behaviour that is not
data lives in ``rules.py``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    CustomTileSpec,
    OptionalRuleSpec,
    PhaseSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (3, 12)
#: the bank is unlimited: it starts empty and may go below zero
BANK_CASH = 0
STARTING_CASH = {3: 420, 4: 315, 5: 252, 6: 210, 7: 180, 8: 158, 9: 140, 10: 126, 11: 115, 12: 105}
CERT_LIMIT = {3: 21, 4: 16, 5: 13, 6: 11, 7: 9, 8: 8, 9: 7, 10: 6, 11: 6, 12: 5}

RULES = RuleSet(
    capitalization="incremental",
    must_sell_in_blocks=False,
    tile_type="lawson",
    tile_upgrades_must_use_max_exits=("cities",),
    home_token_timing="par",
    must_bid_increment_multiple=True,
    must_buy_train="never",
    ebuy_pres_swap=False,
    cert_limit_includes_privates=False,
    pool_share_drop="down_share",
    sell_movement="none",
    all_companies_assignable=True,
    sell_after="after_sr_floated",
    obsolete_trains_count_for_limit=True,
    bankruptcy_ends_game_after="all_but_one",
    game_end_check=(("bankrupt", "immediate"), ("final_phase", "one_more_full_or_set")),
    cert_limit_change_on_bankruptcy=True,
    market_share_limit=1000,
    # Two lays, one of them may be an upgrade; the second costs $20 and not on the same hex.
    tile_lays=(
        {"lay": True, "upgrade": True},
        {"lay": True, "upgrade": "not_if_upgraded", "cost": 20, "cannot_reuse_same_hex": True},
    ),
)

#: the money given to the selection auction (the bank pays what bids on a company fall short of its value)
SEED_MONEY = 200
#: loans: $100 each; the interest rate runs from 5% to 70% in steps of 5%, five loans per step
LOAN_VALUE = 100
MIN_LOAN = 5
MAX_LOAN = 70
LOANS_PER_INCREMENT = 5
LOAN_INTEREST_INCREMENTS = 5
#: the tokens a corporation of each size must hold (the Train Station private adds one)
TOKENS_FOR_SIZE = {2: 1, 5: 2, 10: 4}
#: the most tokens a corporation keeps after a merger
LIMIT_TOKENS_AFTER_MERGER = 8
TRAIN_STATION_PRIVATE = "TS"
MINE_COMPANIES = ("MINC", "CM", "MAJC")
RANCH_COMPANIES = ("P22", "P23")
VOLATILITY_CITY_TILE_COMPANIES = ("PSM", "P16", "P17", "P24")

OPTIONAL_RULES = (
    OptionalRuleSpec(sym="short_squeeze", short_name="Short Squeeze",
                     desc="Corporations with > 100% player ownership move a second time at end of SR"),
    OptionalRuleSpec(sym="five_shorts", short_name="5 Shorts", desc="Only allow 5 shorts on 10 share corporations"),
    OptionalRuleSpec(sym="modern_trains", short_name="Modern Trains",
                     desc="7 & 8 trains earn $10 & $20 respectively for each station marker of the corporation"),
    OptionalRuleSpec(sym="volatility", short_name="Volatility Expansion",
                     desc="13 additional private companies and a modified initial auction"),
)
#: the derived maps' rules (1817NA, 1817WO): the site's menu offers the first three only, but their games inherit
#: 1817's rules, so a file that names ``volatility`` is still played with it (as the reference does)
DERIVED_OPTIONAL_RULES = tuple(dataclasses.replace(r, on_menu=False) if r.sym == "volatility" else r
                               for r in OPTIONAL_RULES)

_MOUNTAINS = ["B25", "C20", "C24", "E18", "F15", "G12", "G14", "H11", "H13", "H15", "I8", "I10"]
RANCH_HEXES = ["B3", "B11", "B15", "B19", "B21", "B23", "C4", "C16", "C18", "D5", "D13", "D15", "D17", "E4", "E6",
               "E8", "E10", "E12", "E14", "F5", "F7", "F11", "G2", "G4", "G8", "G10", "H5", "H7", "I2", "I4"]


def _city_tile(sym: str, name: str, hex_id: str, city: str) -> CompanySpec:
    """A company laying the special X00 tile on one city (1817's Pittsburgh Steel Mill and its kind)."""
    return CompanySpec(
        sym=sym, name=name, value=40, revenue=0,
        desc=f"Owning corp may place a special yellow tile (#X00) on {city} ({hex_id}) during tile-laying, "
             "regardless of connectivity.  The hex is not reserved, and the power is lost if another corp builds "
             "there first.",
        abilities=({"type": "tile_lay", "hexes": [hex_id], "tiles": ["X00"], "when": "track",
                    "owner_type": "corporation", "count": 1, "consume_tile_lay": True, "closed_when_used_up": True,
                    "special": True},))


def _mine(sym: str, name: str, value: int, count: int, hexes: tuple[str, ...] | None = None) -> CompanySpec:
    markers = {1: "ONE coal mine marker", 2: "TWO coal mine markers", 3: "THREE coal mine markers"}[count]
    return CompanySpec(
        sym=sym, name=name, value=value, revenue=0,
        desc=f"Comes with {markers}. Owning corporation may place a marker to build a yellow \"coal mine\" tile on "
             "a mountain hex next to any revenue center (a city or offboard hex). Placing this tile ignores the $15 "
             "mountain terrain cost. Coal mines add a $10 bonus to any route passing through it. Train routes may "
             "not start or end at a coal mine.",
        abilities=({"type": "tile_lay", "hexes": list(hexes or _MOUNTAINS), "tiles": ["7", "8", "9"], "free": False,
                    "when": "track", "discount": 15, "consume_tile_lay": True, "closed_when_used_up": True,
                    "owner_type": "corporation", "count": count},))


def _mail(sym: str, name: str, value: int, revenue: int) -> CompanySpec:
    return CompanySpec(
        sym=sym, name=name, value=value, revenue=0,
        desc=f"Pays owning corp ${revenue} at the start of each operating round, as long as the corp has at least "
             "one train.",
        abilities=({"type": "revenue_change", "revenue": revenue, "when": "has_train",
                    "owner_type": "corporation"},))


def _bridge(sym: str, name: str, value: int, count: int, hexes: tuple[str, ...] = ("H3", "G6", "H9"),
            cities: str = "Louisville, Cincinnati, or Charleston") -> CompanySpec:
    tokens = "one $10 bridge token" if count == 1 else "two $10 bridge token"
    return CompanySpec(
        sym=sym, name=name, value=value, revenue=0,
        desc=f"Comes with {tokens} that may be placed by the owning corp in {cities}, max one token per city, "
             "regardless of connectivity.  Allows owning corp to skip $10 river fee when placing yellow tiles.",
        abilities=({"type": "tile_discount", "discount": 10, "terrain": "water", "owner_type": "corporation"},
                   {"type": "assign_hexes", "hexes": list(hexes), "count": count,
                    "when": "owning_corp_or_turn", "owner_type": "corporation"}))


def _ranch(sym: str, name: str, value: int, count: int) -> CompanySpec:
    return CompanySpec(
        sym=sym, name=name, value=value, revenue=0,
        desc="Comes with ranch tokens placed with a yellow track tile towards an adjacent revenue center; a ranch "
             "adds $10 to any route through the hex and may not start or end a route.",
        abilities=({"type": "tile_lay", "hexes": list(RANCH_HEXES), "tiles": ["7", "8", "9"], "when": "track",
                    "consume_tile_lay": True, "closed_when_used_up": True, "owner_type": "corporation",
                    "count": count},))


def _plain(sym: str, name: str, value: int, desc: str, *abilities: dict[str, Any]) -> CompanySpec:
    return CompanySpec(sym=sym, name=name, value=value, revenue=0, desc=desc, abilities=tuple(abilities))


COMPANIES = (
    _city_tile("PSM", "P4 - Pittsburgh Steel Mill", "F13", "Pittsburgh"),
    _plain("ME", "P3 - Mountain Engineers", 40,
           "Owning corp receives $20 after laying a yellow tile in a mountain hex.  Any fees must be paid first.",
           {"type": "tile_income", "income": 20, "terrain": "mountain", "owner_type": "corporation",
            "owner_only": True}),
    _bridge("OBC", "P2 - Ohio Bridge Company", 40, 1),
    _bridge("UBC", "P8 - Union Bridge Company", 80, 2),
    _plain("TS", "P7 - Train Station", 80,
           "Provides an additional station marker for the owning corp, awarded at time of purchase",
           {"type": "additional_token", "count": 1, "owner_type": "corporation"}),
    _mine("MINC", "P1 - Minor Coal Mine", 30, 1),
    _mine("CM", "P5 - Coal Mine", 60, 2),
    _mine("MAJC", "P10 - Major Coal Mine", 90, 3),
    _mail("MINM", "P6 - Minor Mail Contract", 60, 10),
    _mail("MAIL", "P9 - Mail Contract", 90, 15),
    _mail("MAJM", "P11 - Major Mail Contract", 120, 20),
)

VOLATILITY_COMPANIES = (
    _plain("P12", "P12 - Loan Shark", 60,
           "Owning corp receives $60 along with this private company and pays $10 interest each operating round."),
    _plain("P13", "P13 - Ponzi Scheme", 100, "This private company does nothing."),
    _plain("P14", "P14 - Inventor", 70,
           "The bank pays the owning corp when the first train of each type is purchased or exported."),
    _plain("P15", "P15 - Scrapper", 40,
           "Owning corp receives compensation for each train it owns that become obsolete and are eliminated "
           "(2: $30, 2+: $30, 3: $75, 4: $150).",
           {"type": "train_scrapper", "scrap_values": {"2": 30, "2+": 30, "3": 75, "4": 150}}),
    _city_tile("P16", "P16 - Buffalo Rail Center", "C14", "Buffalo"),
    _city_tile("P17", "P17 - Toledo Industry", "D7", "Toledo"),
    _plain("P18", "P18 - Express Track", 30,
           "Owning corp pays $10 for its first tile operation each operating round; the second is free."),
    _plain("P19", "P19 - Efficient Track", 40, "Owning corp may perform a second tile operation for $10."),
    _plain("P20", "P20 - Golden Parachute", 100,
           "The owning corp's president is paid $100 when the company passes to another president or the bank."),
    _plain("P21", "P21 - Station Subsidy", 70, "Owning corp receives $50 every time it converts (not merges)."),
    _ranch("P22", "P22 - Country Ranch", 30, 1),
    _ranch("P23", "P23 - Rural Ranch", 60, 2),
    _city_tile("P24", "P24 - Indianapolis Market", "F3", "Indianapolis"),
)


def _corporation(sym: str, name: str, color: str, text_color: str = "white") -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=(0,), coordinates=None, color=color, text_color=text_color,
                           float_percent=20, shares=(100,), max_ownership_percent=100, always_market_price=True)


CORPORATIONS = (
    _corporation("A&S", "Alton & Southern Railway", "#ee3e80"),
    _corporation("A&A", "Arcade and Attica", "#904098"),
    _corporation("Belt", "Belt Railway of Chicago", "#f2a847", "black"),
    _corporation("Bess", "Bessemer and Lake Erie Railroad", "#16190e"),
    _corporation("B&A", "Boston and Albany Railroad", "#ef4223"),
    _corporation("DL&W", "Delaware, Lackawanna and Western Railroad", "#984573"),
    _corporation("J", "Elgin, Joliet and Eastern Railway", "#bedb86", "black"),
    _corporation("GT", "Grand Trunk Western Railroad", "#e48329"),
    _corporation("H", "Housatonic Railroad", "#bedef3", "black"),
    _corporation("ME", "Morristown and Erie Railway", "#ffdea8", "black"),
    _corporation("NYOW", "New York, Ontario and Western Railway", "#0095da"),
    _corporation("NYSW", "New York, Susquehanna and Western Railway", "#fff36b", "black"),
    _corporation("PSNR", "Pittsburgh, Shawmut and Northern Railroad", "#0a884b"),
    _corporation("PLE", "Pittsburgh and Lake Erie Railroad", "#00afad"),
    _corporation("PW", "Providence and Worcester Railroad", "#bec8cc", "black"),
    _corporation("R", "Rutland Railroad", "#165633"),
    _corporation("SR", "Strasburg Railroad", "#e31f21"),
    _corporation("UR", "Union Railroad", "#003d84"),
    _corporation("WT", "Warren & Trumbull Railroad", "#e96f2c"),
    _corporation("WC", "West Chester Railroad", "#984d2d"),
)

#: one row: the liquidation cell, three acquisition cells, then prices (p: par, s: safe par)
MARKET = (
    ("0l", "0a", "0a", "0a", "40", "45", "50p", "55s", "60p", "65p", "70s", "80p", "90p", "100p", "110p", "120s",
     "135p", "150p", "165p", "180p", "200p", "220", "245", "270", "300", "330", "360", "400", "440", "490", "540",
     "600"),
)  # fmt: skip

TRAINS = (
    TrainSpec(name="2", distance=2, price=100, rusts_on="4", num=40),
    TrainSpec(name="2+", distance=2, price=100, obsolete_on="4", num=4),
    TrainSpec(name="3", distance=3, price=250, rusts_on="6", num=12),
    TrainSpec(name="4", distance=4, price=400, rusts_on="8", num=8),
    TrainSpec(name="5", distance=5, price=600, num=5),
    TrainSpec(name="6", distance=6, price=750, num=4),
    TrainSpec(name="7", distance=7, price=900, num=3),
    TrainSpec(name="8", distance=8, price=1100, num="unlimited", events=({"type": "signal_end_game"},)),
)

#: the corporation sizes (share counts) that may be started in each phase
CORPORATION_SIZES = {"2": (2,), "2+": (2,), "3": (2, 5), "4": (5,), "5": (5, 10), "6": (10,), "7": (10,),
                     "8": (10,)}

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=2),
    PhaseSpec(name="2+", on="2+", train_limit=4, tiles=("yellow",), operating_rounds=2),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2),
    PhaseSpec(name="5", on="5", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=2),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=2),
    PhaseSpec(name="7", on="7", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=2),
    PhaseSpec(name="8", on="8", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=2,
              status=("no_new_shorts",)),
)

STATUS_TEXT = {
    "no_new_shorts": ("Cannot gain new shorts", "Short selling is not permitted, existing shorts remain"),
}
EVENTS_TEXT = {
    "signal_end_game": ("Signal End Game", "Game Ends 3 ORs after purchase/export of first 8 train"),
}

TILES: dict[str, int | Literal["unlimited"]] = {
    "5": "unlimited", "6": "unlimited", "7": "unlimited", "8": "unlimited", "9": "unlimited", "14": "unlimited",
    "15": "unlimited", "54": "unlimited", "57": "unlimited", "62": "unlimited", "63": "unlimited", "80": "unlimited",
    "81": "unlimited", "82": "unlimited", "83": "unlimited", "448": "unlimited", "544": "unlimited",
    "545": "unlimited", "546": "unlimited", "592": "unlimited", "593": "unlimited", "597": "unlimited",
    "611": "unlimited", "619": "unlimited", "X00": 1, "X30": "unlimited",
}  # fmt: skip

CUSTOM_TILES = {
    "X00": CustomTileSpec(color="yellow", code=_tile("city=revenue:30", "path=a:1,b:_0", "path=a:3,b:_0",
                                                     "path=a:5,b:_0", "label=B")),
    "X30": CustomTileSpec(color="gray", code=_tile("city=revenue:100,slots:4", "path=a:2,b:_0", "path=a:3,b:_0",
                                                   "path=a:4,b:_0", "path=a:5,b:_0", "label=NY")),
}

LOCATION_NAMES = {
    "A20": "Montréal", "A28": "Maritime Prov.", "B5": "Lansing", "B13": "Toronto", "B17": "Rochester",
    "C8": "Detroit", "C14": "Buffalo", "C22": "Albany", "C26": "Boston", "D1": "Chicago", "D7": "Toledo",
    "D9": "Cleveland", "D19": "Scranton", "E22": "New York", "F3": "Indianapolis", "F13": "Pittsburgh",
    "F19": "Philadelphia", "G6": "Cincinnati", "G18": "Baltimore", "H1": "St. Louis", "H3": "Louisville",
    "H9": "Charleston", "I12": "Blacksburg", "I16": "Richmond", "J7": "Atlanta", "J15": "Raleigh-Durham",
}  # fmt: skip

_MOUNTAIN = "upgrade=cost:15,terrain:mountain"
_WATER = "upgrade=cost:10,terrain:water"
_LAKE = "upgrade=cost:20,terrain:lake"

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_20|green_30|brown_50|gray_60", "path=a:5,b:_0", "path=a:0,b:_0"): ("A20",),
    _tile("offboard=revenue:yellow_20|green_30|brown_50|gray_60", "path=a:0,b:_0"): ("A28",),
    _tile("offboard=revenue:yellow_30|green_50|brown_60|gray_80", "path=a:4,b:_0", "path=a:5,b:_0"): ("D1",),
    _tile("offboard=revenue:yellow_20|green_30|brown_50|gray_60", "path=a:3,b:_0", "path=a:4,b:_0",
          "path=a:5,b:_0"): ("H1",),
    _tile("offboard=revenue:yellow_30|green_50|brown_60|gray_80", "path=a:2,b:_0", "path=a:3,b:_0"): ("J7",),
    _tile("offboard=revenue:yellow_20|green_30|brown_50|gray_60", "path=a:2,b:_0", "path=a:3,b:_0"): ("J15",),
}

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "city=revenue:0": ("B5", "B17", "C14", "C22", "F3", "F13", "F19", "I16"),
    _tile("city=revenue:0", _LAKE): ("D7",),
    _tile("city=revenue:0", _MOUNTAIN): ("D19", "I12"),
    _tile("city=revenue:0", _WATER): ("G6", "H3", "H9"),
    _MOUNTAIN: ("B25", "C20", "C24", "E16", "E18", "F15", "G12", "G14", "H11", "H13", "H15", "I8", "I10"),
    _WATER: ("D13", "E12", "F11", "G4", "G10", "H7"),
    _LAKE: ("B9", "B27", "D25", "D27", "G20", "H17"),
    "": ("B3", "B7", "B11", "B15", "B19", "B21", "B23", "C4", "C6", "C16", "C18", "D3", "D5", "D15", "D17", "D21",
         "D23", "E2", "E4", "E6", "E8", "E10", "E14", "E20", "F5", "F7", "F9", "F17", "F21", "G2", "G8", "G16", "H5",
         "I2", "I4", "I6", "I14"),
    "border=edge:5,type:impassable": ("C10",),
    "border=edge:2,type:impassable": ("D11",),
}  # fmt: skip

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("town=revenue:yellow_20|green_30|brown_40", "path=a:1,b:_0", "path=a:4,b:_0", "path=a:5,b:_0"): ("B13",),
    _tile("city=revenue:yellow_30|green_40|brown_50|gray_60,slots:2", "path=a:5,b:_0", "path=a:0,b:_0"): ("D9",),
    _tile("junction", "path=a:4,b:_0", "path=a:3,b:_0", "path=a:5,b:_0"): ("F1",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:30", "path=a:4,b:_0", "path=a:0,b:_0", "label=B", _LAKE): ("C8",),
    _tile("city=revenue:30", "path=a:3,b:_0", "path=a:5,b:_0", "label=B"): ("C26",),
    _tile("city=revenue:40", "city=revenue:40", "path=a:0,b:_0", "path=a:3,b:_1", "label=NY", _LAKE): ("E22",),
    _tile("city=revenue:30", "path=a:4,b:_0", "path=a:0,b:_0", "label=B"): ("G18",),
}

BLUE_HEXES: dict[str, tuple[str, ...]] = {"": ("C12",)}

#: the family's company and corporation makers (the titles built on 1817 use them with their own facts)
city_tile_company = _city_tile
mine_company = _mine
mail_company = _mail
bridge_company = _bridge
plain_company = _plain
corporation = _corporation

HEXES = {"red": RED_HEXES, "white": WHITE_HEXES, "gray": GRAY_HEXES, "yellow": YELLOW_HEXES, "blue": BLUE_HEXES}

TITLE = TitleSpec(
    title="1817",
    designer="Craig Bartell, Tim Flowers",
    publisher="All Aboard Games",
    location="NYSE, USA",
    rules_url="https://cdn.shopify.com/s/files/1/0252/9371/7588/files/1817_Rules_v1.0_-_5_March_2015.pdf",
    info_url="https://github.com/tobymao/18xx/wiki/1817",
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
    companies=COMPANIES + VOLATILITY_COMPANIES,
    corporations=CORPORATIONS,
    trains=TRAINS,
    phases=PHASES,
    rules=RULES,
    optional_rules=OPTIONAL_RULES,
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)
