"""1861: The Railways of the Russian Empire (Ian D. Wilson, Grand Trunk Games), the title's facts as data.

1867's rules on a map of Russia: minors with printed homes (Nikolaev first), a national railway (the RSR) that
operates in phases 4 to 7, running trains a player chooses for it and buying trains automatically; the grid market
by default.  Behaviour that is not data lives in ``rules.py``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.titles.g1867 import data as d1867
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    CustomTileSpec,
    OptionalRuleSpec,
    PhaseSpec,
    TitleSpec,
    TrainSpec,
)

RULES = replace(d1867.RULES, currency_format="%s₽")

BONUS_CAPITALS = ("H8",)
BONUS_REVENUE = "Q3"
NATIONAL_RESERVATIONS = ("E1", "H8")
GREEN_CORPORATIONS = ("MB", "Y", "V", "TR", "SV", "E")

OPTIONAL_RULES = (
    OptionalRuleSpec(sym="column_market", short_name="Column Stock Market",
                     desc="Play with the Column (1D) Stock Market from 1867 rather than the default Grid (2D) Stock "
                          "Market"),
)

COMPANIES = (
    CompanySpec(sym="3", name="rules until start of phase 3", value=3, revenue=0,
                desc="Hidden corporation",
                abilities=({'type': 'blocks_hexes', 'hexes': ['E3', 'H6', 'I5', 'I9', 'J10']},)),
    CompanySpec(sym="TSR", name="Tsarskoye Selo Railway", value=30, revenue=10, discount=10,
                desc="No special abilities."),
    CompanySpec(sym="BSS", name="Black Sea Shipping Company", value=45, revenue=15, discount=15,
                desc="When owned by a corporation, they gain 10₽ extra revenue for each of their routes that include Odessa",
                abilities=({'type': 'hex_bonus', 'owner_type': 'corporation', 'hexes': ['D20'], 'amount': 10},)),
    CompanySpec(sym="MYR", name="Moscow - Yaroslavl Railway", value=60, revenue=20, discount=20,
                desc="When owned by a corporation, they gain 10₽ extra revenue for each of their routes that include Moscow",
                abilities=({'type': 'hex_bonus', 'owner_type': 'corporation', 'hexes': ['H8'], 'amount': 10},)),
    CompanySpec(sym="MRR", name="Moscow - Ryazan Railway", value=75, revenue=25, discount=25,
                desc="When owned by a corporation, they gain 10₽ extra revenue for each of their routes that include Moscow",
                abilities=({'type': 'hex_bonus', 'owner_type': 'corporation', 'hexes': ['H8'], 'amount': 10},)),
    CompanySpec(sym="WVR", name="Warsaw - Vienna Railway", value=90, revenue=30, discount=30,
                desc="When owned by a corporation, they gain 10₽ extra revenue for each of their routes that include Poland",
                abilities=({'type': 'hex_bonus', 'owner_type': 'corporation', 'hexes': ['A9', 'A11', 'A13', 'A15'], 'amount': 10},)),
)


def _major(sym: str, name: str, color: str) -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=(0, 20, 40), coordinates=None, color=color, float_percent=20,
                           always_market_price=True, type="major")


def _minor(sym: str, name: str, color: str, home: str, city: int | None = None) -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=(0,), coordinates=home, city=city, color=color,
                           float_percent=100, always_market_price=True, shares=(100,), max_ownership_percent=100,
                           type="minor", min_price=d1867.MINIMUM_MINOR_PRICE)


CORPORATIONS = (
    _major("NW", "North Western Railway", "#000080"),
    _major("SW", "Southwestern Railway", "#d75500"),
    _major("SE", "Southeastern Railway", "#772282"),
    _major("MVR", "Moscow, Vindava & Rybinsk Railway", "#808000"),
    _major("MK", "Moscow & Kazan Railway", "#7b352a"),
    _major("GRR", "Grand Russian Railway", "#ef4223"),
    _major("MKN", "Moscow, Kursk & Nizhnii Novgorod", "#0189d1"),
    _major("MKV", "Moscow, Kiev & Voronezh Railway", "#3c7b5c"),
    _minor("RO", "Riga-Orel Railway", "#009595", "B4"),
    _minor("KB", "Kiev-Brest Railway", "#4cb5d2", "D14", 1),
    _minor("OK", "Odessa-Kiev Railway", "#0097df", "D20"),
    _minor("KK", "Kiev-Kursk Railway", "#0097df", "D14", 2),
    _minor("SPW", "St. Petersburg Warsaw", "#0189d1", "E1", 0),
    _minor("MB", "Moscow-Brest Railway", "#000080", "E9"),
    _minor("KR", "Kharkiv-Rostov Railway", "#772282", "G15"),
    _minor("N", "Nikolaev Railway", "#d30869", "H8", 1),
    _minor("Y", "Yuzovka Railway", "#f3716d", "H18"),
    _minor("M-K", "Moscow-Kursk Railway", "#d75500", "H8", 0),
    _minor("MNN", "Moscow-Nizhnii Novgorod", "#ef4223", "H8", 2),
    _minor("MV", "Moscow-Voronezh Railway", "#b7274c", "I13"),
    _minor("V", "Vladikavkaz Railway", "#7c7b8c", "I19"),
    _minor("TR", "Tsaritsyn-Riga Railway", "#7c7b8c", "K17"),
    _minor("SV", "Samara-Vyazma Railway", "#7c7b8c", "N10"),
    _minor("E", "Ekaterinin Railway", "#000080", "Q3"),
    CorporationSpec(sym="RSR", name="Russian State Railway", tokens=(0,) * 8, coordinates="E1", city=1,
                    color="#fffdd0", text_color="black", shares=(100,), hide_shares=True, type="national",
                    min_price=d1867.MINIMUM_MINOR_PRICE),
)

TILES: dict[str, int | Literal["unlimited"]] = {"3": 2, "4": 4, "5": 2, "6": 2, "7": "unlimited", "8": "unlimited", "9": "unlimited", "14": 2, "15": 2, "16": 2, "17": 2, "18": 2, "19": 2, "20": 2, "21": 2, "22": 2, "23": 5, "24": 5, "25": 4, "26": 2, "27": 2, "28": 2, "29": 2, "30": 2, "31": 2, "39": 2, "40": 2, "41": 2, "42": 2, "43": 2, "44": 2, "45": 2, "46": 2, "47": 2, "57": 2, "58": 4, "63": 3, "87": 2, "88": 2, "201": 3, "202": 3, "204": 2, "207": 5, "208": 2, "611": 3, "619": 2, "621": 2, "622": 2, "623": 3, "624": 1, "625": 1, "626": 1, "635": 1, "636": 1, "637": 1, "638": 1, "639": 1, "640": 1, "641": 1, "642": 1, "801": 2, "911": 3}  # fmt: skip

CUSTOM_TILES = {
    "635": CustomTileSpec(color="green", code="city=revenue:40,loc:0.5;city=revenue:40,loc:2.5;city=revenue:40,loc:4.5;path=a:0,b:_0;path=a:_0,b:1;path=a:4,b:_2;path=a:_2,b:5;path=a:2,b:_1;path=a:_1,b:3;label=K;upgrade=cost:40,terrain:water"),
    "636": CustomTileSpec(color="brown", code="city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=K"),
    "637": CustomTileSpec(color="green", code="city=revenue:50,loc:0.5;city=revenue:50,loc:2.5;city=revenue:50,loc:4.5;path=a:0,b:_0;path=a:_0,b:1;path=a:4,b:_2;path=a:_2,b:5;path=a:2,b:_1;path=a:_1,b:3;label=M"),
    "638": CustomTileSpec(color="brown", code="city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=M"),
    "639": CustomTileSpec(color="gray", code="city=revenue:100,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=M"),
    "640": CustomTileSpec(color="gray", code="city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=Kh"),
    "641": CustomTileSpec(color="brown", code="city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0;label=S"),
    "642": CustomTileSpec(color="gray", code="city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0;label=S"),
}

LOCATION_NAMES = {"A9": "Poland", "B4": "Riga", "B8": "Vilna", "B18": "Romania", "C5": "Dünaberg", "C9": "Minsk", "D14": "Kiev", "D20": "Odessa", "E1": "St. Petersburg", "E9": "Smolensk", "E11": "Gomel", "E13": "Chernigov", "F18": "Ekaterinoslav", "G5": "Tver", "G13": "Kursk", "G15": "Kharkov", "G19": "Alexandrovsk", "H8": "Moscow", "H10": "Tula", "H18": "Yuzovka", "I5": "Yaroslavl", "I13": "Voronezh", "I17": "Lugansk", "I19": "Rostov", "J20": "Caucasus", "K7": "Nizhnii Novgorod", "K11": "Penza", "K17": "Tsaritsyn", "L12": "Saratov", "M7": "Kazan", "M9": "Simbirsk", "M19": "Astrakhan", "N10": "Samara", "P2": "Perm", "P8": "Ufa", "Q3": "Ekaterinburg (₽80 if includes M)", "Q11": "Central Asia"}  # fmt: skip

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "white": {
        "": ('B6', 'B10', 'B12', 'B14', 'B16', 'C3', 'C13', 'C15', 'D6', 'D8', 'D16', 'D18', 'E3', 'E5', 'E7', 'E17', 'F6', 'F8', 'F10', 'F12', 'F14', 'F20', 'G3', 'G9', 'G11', 'G17', 'H2', 'H4', 'H6', 'H12', 'H14', 'H16', 'H20', 'I3', 'I7', 'I9', 'I11', 'J2', 'J4', 'J8', 'J10', 'J12', 'J14', 'K3', 'K5', 'K9', 'K13', 'K15', 'K19', 'L2', 'L4', 'L8', 'L10', 'L14', 'L18', 'L20', 'M3', 'M5', 'N2', 'N4', 'N8', 'N12', 'N20', 'O1', 'O3', 'O7', 'O9', 'O11', 'P6', 'P10', 'P12'),
        "town=revenue:0": ('B8', 'C9', 'E11', 'E13', 'G19', 'G13', 'H10', 'I17', 'K11'),
        "town=revenue:0;upgrade=cost:20,terrain:water": ('I5',),
        "town=revenue:0;upgrade=cost:80,terrain:water": ('M9',),
        "city=revenue:0": ('E9', 'H18', 'I13', 'I19', 'K17', 'L12', 'P8'),
        "city=revenue:0;upgrade=cost:20,terrain:water": ('P2',),
        "city=revenue:0;upgrade=cost:40,terrain:water": ('F18', 'M7'),
        "city=revenue:0;label=Y": ('B4', 'D20', 'M19', 'N10'),
        "city=revenue:0;label=Y;future_label=label:Kh,color:gray": ('G15',),
        "upgrade=cost:80,terrain:water": ('C11', 'D12', 'M11'),
        "upgrade=cost:40,terrain:water": ('E15', 'E19', 'F16', 'I15', 'J16', 'J18'),
        "upgrade=cost:20,terrain:water": ('C17', 'C19', 'D10', 'J6', 'L6', 'N6', 'O5', 'P4'),
    },
    "gray": {
        "path=a:4,b:5": ('A5',),
        "town=revenue:10;path=a:2,b:_0;path=a:5,b:_0;path=a:0,b:4": ('C5',),
        "path=a:4,b:3": ('C21',),
        "path=a:3,b:2": ('M21',),
        "path=a:0,b:1": ('P0',),
        "path=a:1,b:2": ('Q7',),
        "path=a:3,b:2;path=a:3,b:1": ('Q5',),
        "city=revenue:40;path=a:2,b:_0;path=a:1,b:_0;path=a:0,b:_0": ('Q3',),
    },
    "yellow": {
        "path=a:3,b:1": ('C7', 'D4'),
        "path=a:3,b:5": ('F4', 'G7'),
        "path=a:0,b:4": ('D2',),
        "path=a:0,b:2": ('F2',),
        "town=revenue:10;path=a:2,b:_0;path=a:0,b:_0": ('G5',),
        "city=revenue:40;city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;path=a:4,b:_2;label=M": ('H8',),
        "city=revenue:30;city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:2,b:_1;path=a:4,b:_2;label=K": ('D14',),
        "city=revenue:30;path=a:1,b:_0;path=a:5,b:_0;label=Y;upgrade=cost:20,terrain:water": ('K7',),
    },
    "green": {
        "city=revenue:40;city=revenue:40;path=a:1,b:_0;path=a:_1,b:5;label=S": ('E1',),
    },
    "red": {
        "offboard=revenue:yellow_30|green_40|brown_50|gray_70,groups:Poland;path=a:5,b:_0;path=a:4,b:_0;border=edge:0": ('A9',),
        "offboard=revenue:yellow_30|green_40|brown_50|gray_70,hide:1,groups:Poland;path=a:5,b:_0;path=a:4,b:_0;border=edge:3;border=edge:0": ('A11', 'A13'),
        "offboard=revenue:yellow_30|green_40|brown_50|gray_70,hide:1,groups:Poland;path=a:5,b:_0;path=a:4,b:_0;border=edge:3": ('A15',),
        "offboard=revenue:yellow_10|green_20|brown_30|gray_30,groups:Romania;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;border=edge:0": ('B18',),
        "offboard=revenue:yellow_10|green_20|brown_30|gray_30,hide:1,groups:Romania;path=a:4,b:_0;border=edge:3": ('B20',),
        "offboard=revenue:yellow_10|green_20|brown_40|gray_60,groups:Caucasus;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;border=edge:1;border=edge:5": ('J20',),
        "offboard=revenue:yellow_10|green_20|brown_40|gray_60,hide:1,groups:Caucasus;path=a:3,b:_0;border=edge:4": ('I21',),
        "offboard=revenue:yellow_10|green_20|brown_40|gray_60,hide:1,groups:Caucasus;path=a:3,b:_0;path=a:4,b:_0;border=edge:2": ('K21',),
        "offboard=revenue:yellow_10|green_20|brown_30|gray_40,groups:CentralAsia;path=a:1,b:_0;path=a:2,b:_0;border=edge:0": ('Q11',),
        "offboard=revenue:yellow_10|green_20|brown_30|gray_40,hide:1,groups:CentralAsia;path=a:2,b:_0;border=edge:3": ('Q13',),
    },
}  # fmt: skip

_run = d1867._run

#: 1861's trains are 1867's, without the trade-in discounts of phase 8 (and no trade-in event)
TRAINS = (
    *d1867.TRAINS[:6],
    TrainSpec(name="8", distance=_run(8), price=1000, num="unlimited",
              events=({"type": "minors_nationalized"}, {"type": "trainless_nationalization"})),
    TrainSpec(name="2+2", distance=_run(2), multiplier=2, price=600, num="unlimited", available_on="8"),
    TrainSpec(name="5+5E", distance=({"nodes": ["offboard"], "pay": 5, "visit": 5},
                                     {"nodes": ["city", "town"], "pay": 0, "visit": 99}),
              multiplier=2, price=1500, num="unlimited", available_on="8"),
)

_NATIONAL = ("national_operates",)
PHASES = (
    PhaseSpec(name="2", on=None, train_limit={"minor": 2}, tiles=("yellow",), operating_rounds=2),
    PhaseSpec(name="3", on="3", train_limit={"minor": 2, "major": 4}, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="4", on="4", train_limit={"minor": 1, "major": 3, "national": 99}, tiles=("yellow", "green"),
              operating_rounds=2, status=("can_buy_companies", *_NATIONAL)),
    PhaseSpec(name="5", on="5", train_limit={"minor": 1, "major": 3, "national": 99},
              tiles=("yellow", "green", "brown"), operating_rounds=2, status=("can_buy_companies", *_NATIONAL)),
    PhaseSpec(name="6", on="6", train_limit={"minor": 1, "major": 2, "national": 99},
              tiles=("yellow", "green", "brown", "gray"), operating_rounds=2, status=_NATIONAL),
    PhaseSpec(name="7", on="7", train_limit={"minor": 1, "major": 2, "national": 99},
              tiles=("yellow", "green", "brown", "gray"), operating_rounds=2, status=_NATIONAL),
    PhaseSpec(name="8", on="8", train_limit={"major": 2, "national": 99}, tiles=("yellow", "green", "brown", "gray"),
              operating_rounds=2),
)

STATUS_TEXT = {
    "can_buy_companies": d1867.STATUS_TEXT["can_buy_companies"],
    "national_operates": ("National railway operates", "After the minors and majors operates the national runs "
                                                       "trains, withholds and buys as many trains as possible"),
}
EVENTS_TEXT = {k: v for k, v in d1867.EVENTS_TEXT.items() if k != "train_trade_allowed"}

TITLE = TitleSpec(
    title="1861",
    subtitle="The Railways of the Russian Empire",
    designer="Ian D. Wilson",
    publisher="Grand Trunk Games",
    location="Russia",
    rules_url="https://boardgamegeek.com/filepage/212807/18611867-rulebook",
    info_url="https://github.com/tobymao/18xx/wiki/1861",
    layout="flat",
    player_range=d1867.PLAYER_RANGE,
    bank_cash=d1867.BANK_CASH,
    starting_cash=d1867.STARTING_CASH,
    cert_limit=d1867.CERT_LIMIT,
    market=d1867.GRID_MARKET,
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
