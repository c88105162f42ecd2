"""1847 AE (Pfalz - Anniversary Edition, Wolfram Janich), the title's facts as data.

The Palatinate around 1847: ten private companies drafted before the first stock round (three of them carry
the presidencies of L, Saar and the locomotive firm Krauss & Co., three more are "investor" companies later
exchanged for reserved shares of Saar and HLB), eight corporations with incremental capitalisation whose
second and/or last IPO certificates are double (20%), and double trains (3+3 ... 6+6) that count towns and
cities alike.  The locomotive firm is modelled, as on 18xx.games, as a one-certificate corporation (LFK)
that never operates.  Behaviour that is not data is in ``rules.py``.
"""

from __future__ import annotations

from typing import Any

from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    PhaseSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)

PLAYER_RANGE = (3, 5)
BANK_CASH = 8_000
STARTING_CASH = {3: 500, 4: 390, 5: 320}
CERT_LIMIT = {3: 16, 4: 12, 5: 9}

RULES = RuleSet(
    home_token_timing="float",
    sell_buy_order="sell_buy",
    sell_after="operate",
    sell_movement="down_block",
    tile_reservation_blocks_others="always",
    capitalization="incremental",
    must_sell_in_blocks=True,
    currency_format="%sM",
)

# =============================================================================================
# Map
# =============================================================================================

PINK = "icon=image:1847_ae/pink"
BLUE = "icon=image:1847_ae/blue"
GREEN = "icon=image:1847_ae/green"
MINE = "icon=image:1847_ae/mine,sticky:1"

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "white": {
        PINK: ("F6", "G5"),
        GREEN: ("B16", "C15", "E21"),
        BLUE: ("H12", "H14", "H18", "H20", "I9", "I17"),
        f"city=revenue:0;{BLUE}": ("G9", "H10", "H16"),
        f"town=revenue:0;{BLUE}": ("G17", "H8"),
        f"town=revenue:0;town=revenue:0;upgrade=cost:40,terrain:mountain;{BLUE}": ("F10", "F14"),
        f"upgrade=cost:40,terrain:mountain;{PINK}": ("B4", "F4"),
        f"upgrade=cost:70,terrain:mountain;{PINK}": ("C5", "D4", "D8", "E3", "E7"),
        f"upgrade=cost:70,terrain:mountain;{BLUE}": ("D10", "D12", "E11", "E15", "G11", "G13"),
        f"city=revenue:0;upgrade=cost:50,terrain:water;{PINK}": ("C3", "H4"),
        f"city=revenue:0;upgrade=cost:40,terrain:water;label=Y;{GREEN}": ("B18",),
        f"town=revenue:0;upgrade=cost:40,terrain:water;{GREEN}": ("B20",),
        f"city=revenue:0;{PINK}": ("C13",),
        f"border=edge:4,type:impassable;{GREEN}": ("C17",),
        f"border=edge:0,type:impassable;border=edge:1,type:impassable;{GREEN}": ("C19",),
        f"city=revenue:0;{GREEN}": ("C21",),
        f"upgrade=cost:70,terrain:mountain;{BLUE};{GREEN}": ("D14",),
        f"town=revenue:0;{GREEN}": ("D16",),
        f"town=revenue:0;town=revenue:0;upgrade=cost:40,terrain:mountain;{GREEN}": ("D20",),
        f"town=revenue:0;upgrade=cost:40,terrain:mountain;{PINK}": ("E5",),
        "town=revenue:0;upgrade=cost:40,terrain:mountain;frame=color:green": ("E9",),
        f"town=revenue:0;town=revenue:0;{BLUE};{GREEN}": ("E17",),
        f"{PINK};{BLUE}": ("F8",),
        f"city=revenue:0;{MINE};{PINK}": ("G7",),
        f"town=revenue:0;town=revenue:0;upgrade=cost:50,terrain:water;{PINK}": ("G3",),
        f"city=revenue:0;upgrade=cost:80,terrain:water;border=edge:3,type:impassable;{BLUE}": ("G19",),
        f"city=revenue:0;label=Y;{MINE};{PINK}": ("H6",),
        f"upgrade=cost:50,terrain:water;{PINK}": ("I5",),
        f"town=revenue:0;{PINK};{BLUE}": ("I7",),
        f"upgrade=cost:40,terrain:mountain;{BLUE}": ("I15",),
        f"town=revenue:0;upgrade=cost:80,terrain:water;{BLUE}": ("I19",),
    },
    "yellow": {
        "path=a:0,b:4;upgrade=cost:40,terrain:mountain": ("C7",),
        "path=a:1,b:4": ("C11",),
        "path=a:0,b:3;upgrade=cost:40,terrain:mountain": ("D6",),
        "city=revenue:20;path=a:2,b:_0;upgrade=cost:40,terrain:water;border=edge:3,type:impassable": ("D18",),
        "city=revenue:30;path=a:1,b:_0;path=a:4,b:_0;label=Y": ("F12",),
        "city=revenue:30;path=a:0,b:_0;path=a:5,b:_0;upgrade=cost:40,terrain:water;label=Y": ("F18",),
        "city=revenue:30;path=a:2,b:_0;upgrade=cost:40,terrain:water;label=Y;border=edge:0,type:impassable":
            ("F20",),
        "city=revenue:20;path=a:2,b:_0;path=a:3,b:_0": ("I11",),
    },
    "gray": {
        "path=a:2,b:3": ("J6", "J18"),
        "city=revenue:20,loc:2.5;town=revenue:10;path=a:1,b:_0;path=a:4,b:_0;path=a:1,b:_1;path=a:4,b:_1":
            ("C9",),
        "path=a:5,b:0": ("A17",),
        "path=a:3,b:5": ("D2",),
        "path=a:0,b:2": ("D22",),
        "path=a:0,b:3;path=a:3,b:5": ("E13",),
        "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:5": ("E19",),
        "town=revenue:10;path=a:3,b:_0;path=a:5,b:_0": ("F2",),
        "city=revenue:20,loc:1.5;town=revenue:10;path=a:0,b:_0;path=a:3,b:_0;path=a:0,b:_1;path=a:3,b:_1":
            ("F16",),
        "path=a:1,b:2": ("F22",),
        "city=revenue:30,slots:3;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0": ("G15",),
    },
    "red": {
        "offboard=revenue:yellow_30|green_40|brown_50;path=a:4,b:_0;path=a:5,b:_0;label=A": ("B2",),
        "offboard=revenue:yellow_30|green_40|brown_50;path=a:0,b:_0;path=a:4,b:_0;label=A": ("B14",),
        "offboard=revenue:yellow_20|green_40|brown_50;path=a:1,b:_0;label=A": ("B22",),
        "offboard=revenue:yellow_30|green_20|brown_10;path=a:4,b:_0": ("C1",),
        "offboard=revenue:yellow_10|green_20|brown_50;path=a:1,b:_0;path=a:2,b:_0;label=Z": ("G21",),
        "offboard=revenue:yellow_10|green_30|brown_40;path=a:3,b:_0": ("H2",),
        "offboard=revenue:yellow_20|green_40|brown_50;path=a:4,b:_0;label=B": ("I3",),
        "offboard=revenue:yellow_30|green_40|brown_50;path=a:4,b:_0;label=B": ("I13",),
        "offboard=revenue:yellow_0|green_30|brown_40;path=a:1,b:_0;label=Z": ("I21",),
    },
}

LOCATION_NAMES = {
    "B2": "Rheinland", "B14": "Köln", "B18": "Mainz", "B22": "Frankfurt", "C1": "Luxemburg", "C3": "Trier",
    "C9": "Birkenfeld", "C13": "Bad Kreuznach", "C21": "Darmstadt", "D18": "Worms", "F12": "Kaiserslautern",
    "F16": "Bad Dürkheim", "F18": "Ludwigshafen", "F20": "Mannheim", "G7": "Neunkirchen", "G9": "Homburg",
    "G15": "Neunstadt", "G19": "Speyer", "G21": "Stuttgart/München", "H2": "Thionville", "H4": "Völklingen",
    "H10": "Zweibrücken", "H16": "Landau", "I3": "Paris", "I11": "Pirmasens", "I13": "Strassburg",
    "I21": "Karlsruhe",
}

TILES: dict[str, int] = {
    "1": 1, "3": 2, "4": 2, "5": 4, "6": 4, "7": 5, "8": 7, "9": 7, "12": 3, "13": 3, "14": 3, "15": 3,
    "16": 1, "18": 1, "19": 1, "20": 1, "23": 2, "24": 2, "25": 1, "26": 2, "27": 2, "28": 1, "29": 1,
    "39": 1, "40": 1, "41": 1, "42": 1, "43": 1, "44": 1, "45": 1, "46": 1, "47": 1, "55": 2, "56": 2,
    "57": 2, "58": 5, "63": 4, "69": 2, "70": 1, "87": 5, "88": 4, "201": 2, "202": 2, "203": 2, "204": 4,
    "205": 3, "206": 3, "207": 4, "208": 4, "216": 4,
}

# =============================================================================================
# Market
# =============================================================================================

MARKET: tuple[tuple[str, ...], ...] = (
    ("", "", "", "", "130", "150", "170", "190", "210", "230", "255", "285", "315", "350", "385", "420"),
    ("", "", "98", "108", "120", "135", "150", "170", "190", "210", "235", "260", "285", "315", "350", "385"),
    ("82", "86p", "92", "100p", "110", "125", "140", "155", "170", "190", "210", "235", "260", "290", "320"),
    ("78", "84p", "88", "94", "104", "112", "125", "140", "155", "170", "190", "215"),
    ("72", "80p", "86", "90", "96", "104", "115", "125", "140"),
    ("62", "74p", "82", "88", "92", "98", "105"),
    ("50", "66p", "76", "84", "90"),
)

# =============================================================================================
# Companies
# =============================================================================================

MOUNTAIN_HEXES = ("B4", "C5", "D4", "D8", "D10", "D12", "D14", "D20", "E3", "E5", "E7", "E9", "E11", "E15",
                  "F4", "F10", "F14", "G11", "G13", "I15")
YELLOW_TILES = ("1", "3", "4", "7", "8", "9", "55", "56", "58", "69")


def _mountain_lay() -> dict[str, Any]:
    return {"type": "tile_lay", "hexes": list(MOUNTAIN_HEXES), "tiles": list(YELLOW_TILES), "free": True,
            "when": "track", "owner_type": "corporation", "reachable": True, "count": 1,
            "consume_tile_lay": False, "closed_when_used_up": True, "special": False}


def _investor(corporation: str) -> tuple[dict[str, Any], ...]:
    return ({"type": "no_buy"},
            {"type": "exchange", "corporations": [corporation], "owner_type": "player",
             "when": "owning_player_sr_turn", "from": ["reserved"]})


COMPANIES = (
    CompanySpec(sym="PLP", name="Pfälzische Ludwigsbahn presidency", value=172, revenue=0,
                desc="Comes with two shares of Pfälzische Ludwigsbahn (L). Closes immediately.",
                abilities=({"type": "shares", "shares": ["L_4", "L_5"]},)),
    CompanySpec(sym="SPR", name="Saarbrücker Private Railway", value=190, revenue=15,
                desc="Comes with the president's certificate of Saarbrücker Eisenbahn (Saar). May not be sold to "
                     "a corporation. Closes when Saar buys its first train.",
                abilities=({"type": "no_buy"}, {"type": "shares", "shares": ["Saar_0"]},
                           {"type": "close", "when": "bought_train", "corporation": "Saar"})),
    CompanySpec(sym="LFKC", name="Locomotive Firm Krauss & Co.", value=130, revenue=0,
                desc="Comes with the President's certificate of Locomotive Firm Krauss & Co. (LFK).",
                abilities=({"type": "shares", "shares": ["LFK_0"]},)),
    CompanySpec(sym="R", name="Rammelsbach", value=150, revenue=30,
                desc="Revenue increases to 50M when a tile is laid in E9 (Phase 5 or later). May be sold to a "
                     "corporation for 100 to 200M. Never closes."),
    CompanySpec(sym="K", name="Königsbach", value=110, revenue=5,
                desc="Owning corporation may close this company to place a yellow tile on a mountain hex for "
                     "free, in addition to normal track action. Otherwise closes in Phase 6E. May be sold to a "
                     "corporation for 15 to 40M. Comes with a share of Pfälzische Ludwigsbahn (L).",
                abilities=({"type": "close", "on_phase": "6E"}, {"type": "shares", "shares": ["L_1"]},
                           _mountain_lay())),
    CompanySpec(sym="H", name="Hochstätten", value=160, revenue=15,
                desc="Owning corporation may close this company to place a yellow tile on a mountain hex for "
                     "free, in addition to normal track action. Otherwise closes in Phase 6E. May be sold to a "
                     "corporation for 40 to 120M. Comes with a share of Pfälzische Ludwigsbahn (L).",
                abilities=({"type": "close", "on_phase": "6E"}, {"type": "shares", "shares": ["L_2"]},
                           _mountain_lay())),
    CompanySpec(sym="W", name="Weidenthal", value=135, revenue=10,
                desc="Owning corporation may close this company to place a token for half the price. Otherwise "
                     "closes in Phase 6E. May be sold to a corporation for 25 to 75M. Comes with a share of "
                     "Pfälzische Ludwigsbahn (L).",
                abilities=({"type": "close", "on_phase": "6E"}, {"type": "shares", "shares": ["L_3"]},
                           {"type": "token", "owner_type": "corporation", "when": "token", "connected": True,
                            "hexes": [], "discount": 0.5, "count": 1, "from_owner": True,
                            "closed_when_used_up": True})),
    CompanySpec(sym="MNR", name="Main-Neckar-Railway", value=90, revenue=20,
                desc="May be exchanged for an Investor share of the Hessische Ludwigsbahn (HLB), instead of "
                     "buying a share, during a stock round in Phase 3+3 or later. Automatically exchanged at the "
                     "beginning of the first stock round in Phase 5+5. May not be sold to a corporation.",
                abilities=_investor("HLB")),
    CompanySpec(sym="SCR", name="Saarland Coal Mines", value=75, revenue=15,
                desc="May be exchanged for an Investor share of the Saarbrücker Eisenbahn (Saar), instead of "
                     "buying a share, during a stock round in Phase 3+3 or later. Automatically exchanged at the "
                     "beginning of the first stock round in Phase 5+5. May not be sold to a corporation.",
                abilities=_investor("Saar")),
    CompanySpec(sym="VIW", name="Völklinger Iron Works", value=85, revenue=20,
                desc="May be exchanged for an Investor share of the Saarbrücker Eisenbahn (Saar), instead of "
                     "buying a share, during a stock round in Phase 3+3 or later. Automatically exchanged at the "
                     "beginning of the first stock round in Phase 5+5. May not be sold to a corporation.",
                abilities=_investor("Saar")),
)

#: what a corporation may pay for a private (min, max); the others may not be sold to corporations
COMPANY_PRICES: dict[str, tuple[int, int]] = {"R": (100, 200), "K": (15, 40), "H": (40, 120), "W": (25, 75)}

# =============================================================================================
# Corporations
# =============================================================================================


def _builds_in(colour: str, letter: str) -> dict[str, Any]:
    return {"type": "base", "description": f"Builds in {colour} ({letter}) hexes in yellow phase", "remove": "4"}


def _note(text: str) -> dict[str, Any]:
    return {"type": "base", "description": text}


LFK_DETAIL = ("This is the Locomotive Firm Krauss & Co. private company. Every OR, first time a train is purchased "
              "from supply, this corporation pays revenue equal to 10% of the train's cost to its president and the "
              "stock price marker is moved right. If no train is purchased from supply in OR, no revenue is paid "
              "and the stock price marker is moved left. May not be sold to a corporation. May be sold to or "
              "purchased from the market. Never closes.")

#: "the first two certificates sold are 20%": 2nd and last IPO certificates double
TEN_SHARES_SEVEN_CERTS = (20, 10, 20, 10, 10, 10, 20)
TEN_SHARES_EIGHT_CERTS = (20, 10, 10, 10, 10, 10, 10, 20)

CORPORATIONS = (
    CorporationSpec(sym="LFK", name="Locomotive Firm Krauss & Co.", tokens=(), coordinates=None, color="white",
                    text_color="black", float_percent=100, max_ownership_percent=100, shares=(100,),
                    abilities=({"type": "base", "description": "Click to see details", "desc_detail": LFK_DETAIL},)),
    CorporationSpec(sym="L", name="Pfälzische Ludwigsbahn", tokens=(0, 60, 80, 100), coordinates="F18",
                    color="#4682b4", float_percent=50, max_ownership_percent=100,
                    abilities=(_builds_in("blue", "B"),)),
    CorporationSpec(sym="Saar", name="Saarbrücker Eisenbahn", tokens=(0, 60, 80, 100), coordinates="H6",
                    color="#ff4040", float_percent=50, max_ownership_percent=100, shares=TEN_SHARES_EIGHT_CERTS,
                    abilities=(_builds_in("pink", "P"), _note("IPO: last cert is double"))),
    CorporationSpec(sym="HLB", name="Hessische Ludwigsbahn", tokens=(0, 0, 80, 100), coordinates=("D18", "C21"),
                    color="#dda0dd", text_color="black", float_percent=50, max_ownership_percent=100,
                    shares=TEN_SHARES_EIGHT_CERTS,
                    abilities=(_builds_in("green", "G"), _note("May not be started until Saar floats"),
                               _note("Two home stations (D18 and C21)"), _note("IPO: last cert is double"))),
    CorporationSpec(sym="NDB", name="Neustadt-Dürkheimer Bahn", tokens=(0, 60), coordinates="G15",
                    color="#61b229", float_percent=50, max_ownership_percent=100, shares=TEN_SHARES_SEVEN_CERTS,
                    abilities=(_builds_in("blue", "B"), _note("May not be started until HLB floats"),
                               _note("IPO: 2nd and last certs are double"))),
    CorporationSpec(sym="M", name="Pfälzische Maximiliansbahn", tokens=(0, 60, 80), coordinates="H16",
                    color="#fafa37", text_color="black", float_percent=50, max_ownership_percent=100,
                    shares=TEN_SHARES_EIGHT_CERTS,
                    abilities=(_builds_in("blue", "B"), _note("May not be started until HLB floats"),
                               _note("IPO: last cert is double"))),
    CorporationSpec(sym="N", name="Pfälzische Nordbahn", tokens=(0, 60, 80), coordinates="F12",
                    color="#ffc04d", text_color="black", float_percent=50, max_ownership_percent=100,
                    shares=TEN_SHARES_SEVEN_CERTS,
                    abilities=(_builds_in("blue", "B"), _note("May not be started until HLB floats"),
                               _note("IPO: 2nd and last cert are double"))),
    CorporationSpec(sym="RNB", name="Rhein-Nahe-Bahn", tokens=(0, 60, 80), coordinates="C13",
                    color="#ffc0cb", text_color="black", float_percent=50, max_ownership_percent=100,
                    shares=TEN_SHARES_SEVEN_CERTS,
                    abilities=(_builds_in("pink", "P"), _note("May not be started until HLB floats"),
                               _note("IPO: 2nd and last cert are double"))),
)


class CorporationFacts:
    """What the charters say beyond ``CorporationSpec``: the fixed par price, the colour of the hexes a
    corporation may build in during the yellow phase, which IPO certificates are double, whether the reserved
    (investor) shares count as sold for floating."""

    __slots__ = ("float_includes_reserved", "hex_color", "ipo_note", "last_double", "par", "second_double")

    def __init__(self, par: int, hex_color: str | None = None, *, second_double: bool = False,
                 last_double: bool = False, float_includes_reserved: bool = False, ipo_note: bool = False) -> None:
        self.par = par
        self.hex_color = hex_color
        self.second_double = second_double
        self.last_double = last_double
        self.float_includes_reserved = float_includes_reserved
        self.ipo_note = ipo_note


CORPORATION_FACTS: dict[str, CorporationFacts] = {
    "LFK": CorporationFacts(100),
    "L": CorporationFacts(86, "blue"),
    "Saar": CorporationFacts(84, "pink", last_double=True, float_includes_reserved=True, ipo_note=True),
    "HLB": CorporationFacts(80, "green", last_double=True, float_includes_reserved=True, ipo_note=True),
    "NDB": CorporationFacts(74, "blue", second_double=True, last_double=True, ipo_note=True),
    "M": CorporationFacts(80, "blue", last_double=True, ipo_note=True),
    "N": CorporationFacts(66, "blue", second_double=True, last_double=True, ipo_note=True),
    "RNB": CorporationFacts(66, "pink", second_double=True, last_double=True, ipo_note=True),
}

INVESTOR_COMPANIES = ("MNR", "SCR", "VIW")
COMPANIES_PURCHASABLE_BY_PLAYERS = ("R", "K", "W", "H", "MNR", "SCR", "VIW")
#: may not be started before HLB floats (HLB itself: not before Saar floats)
LAST_TRANCHE = ("NDB", "M", "N", "RNB")

COAL_HEXES = ("G7", "H6")
Z_HEXES = ("G21", "I21")
A_HEXES = ("B2", "B14", "B22")
B_HEXES = ("I3", "I13")
COAL_BONUS = 70
LOCAL_BONUS = 40

DOUBLE_TOWN_TILES = ("1", "55", "56", "69")
DOUBLE_SLOT_GREEN_CITIES = ("14", "15")
#: yellow double towns upgrade to one green town tile only
DOUBLE_TOWN_UPGRADES = {"1": "88", "55": "88", "56": "87", "69": "204"}
E9_PHASES = ("5", "5+5", "6E", "6+6")
INVESTOR_EXCHANGE_PHASES = ("3+3", "4", "4+4", "5")

# =============================================================================================
# Trains and phases
# =============================================================================================


def _double(n: int) -> tuple[dict[str, Any], ...]:
    return ({"nodes": ["town"], "pay": n, "visit": n}, {"nodes": ["city", "offboard", "town"], "pay": n, "visit": n})


TRAINS = (
    TrainSpec(name="3", distance=3, price=150, rusts_on="4+4", num=3),
    TrainSpec(name="3+3", distance=_double(3), price=300, rusts_on="5+5", num=2),
    TrainSpec(name="4", distance=4, price=300, rusts_on="6+6", num=2,
              events=({"type": "only_one_yellow"}, {"type": "yellow_tracks_not_restricted"})),
    TrainSpec(name="4+4", distance=_double(4), price=500, num=1),
    TrainSpec(name="5", distance=5, price=450, num=2),
    TrainSpec(name="5+5", distance=_double(5), price=550, num=1,
              events=({"type": "must_exchange_investor_companies"},)),
    TrainSpec(name="6E", distance=({"nodes": ["city", "offboard"], "pay": 6, "visit": 6},
                                   {"nodes": ["town"], "pay": 0, "visit": 99}), price=550, num=1),
    TrainSpec(name="6+6", distance=_double(6), price=700, num=9),
)

_LATE = ("can_buy_companies", "can_buy_companies_from_other_players", "can_buy_trains")

PHASES = (
    PhaseSpec(name="3", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1,
              status=("two_yellow_tracks",)),
    PhaseSpec(name="3+3", on="3+3", train_limit=4, tiles=("yellow",), operating_rounds=1,
              status=("investor_exchange", "two_yellow_tracks", "can_buy_trains")),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("investor_exchange", *_LATE)),
    PhaseSpec(name="4+4", on="4+4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("investor_exchange", *_LATE)),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=("investor_exchange", *_LATE)),
    PhaseSpec(name="5+5", on="5+5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=_LATE),
    PhaseSpec(name="6E", on="6E", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=_LATE),
    PhaseSpec(name="6+6", on="6+6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=_LATE),
)

STATUS_TEXT = {
    "can_buy_trains": ("Can buy trains", "Can buy trains from other corporations"),
    "investor_exchange": ("May exchange investor company",
                          "In Stock Round, instead of buying a share, a player may exchange an entitled company "
                          "against the corresponding investor share"),
    "two_yellow_tracks": ("Two yellow tracks", "A corporation may lay two yellow tracks"),
}

EVENTS_TEXT = {
    "only_one_yellow": ("Only one yellow track", "From now on, corporations may only lay one yellow track except "
                                                 "for their very first operation"),
    "yellow_tracks_not_restricted": ("Yellow tracks not restricted",
                                     "From now on, corporations may lay yellow tracks in any hexes they can reach, "
                                     "not only in hexes of a given color"),
    "must_exchange_investor_companies": ("Must exchange Investor companies",
                                         "Must exchange Investor companies for the associated Investor shares in "
                                         "the next Stock Round"),
}

TITLE = TitleSpec(
    title="1847 AE",
    subtitle="Pfalz - Anniversary Edition",
    designer="Wolfram Janich",
    publisher="Marflow Games",
    location="Pfalz, Germany",
    rules_url="https://18xx-marflow-games.de/onewebmedia/1847%20AE%20-%20Rules%20EN%20-%20Final.pdf",
    info_url="https://github.com/tobymao/18xx/wiki/1847-AE",
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
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)
