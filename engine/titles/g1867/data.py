"""1867: Railways of Canada (Ian D. Wilson, Grand Trunk Games), the title's facts as data.

Sixteen minors (single 100% certificates, auctioned in the stock round) and eight majors (ten 10% shares, from
phase 4) on a flat-topped map of Ontario and Quebec; corporate loans of $50 (interest $5); a merger round after
each operating round of phases 3 to 7 in which minors merge into majors or convert into 5-share majors; the
Canadian National (CN) holds the tokens and the trains of what is nationalised.  Behaviour that is not data lives
in ``rules.py``.
"""

from __future__ import annotations

from typing import Literal

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

PLAYER_RANGE = (2, 6)
#: trains taken out of a two-player game (the last ones of each kind)
TRAINS_REMOVED_TWO_PLAYERS = {"2": 3, "3": 2, "4": 1, "5": 1, "6": 1, "7": 1}
BANK_CASH = 15_000
STARTING_CASH = {2: 420, 3: 420, 4: 315, 5: 252, 6: 210}
CERT_LIMIT = {2: 21, 3: 21, 4: 16, 5: 13, 6: 11}

RULES = RuleSet(
    capitalization="incremental",
    must_sell_in_blocks=False,
    tile_upgrades_must_use_max_exits=("cities",),
    home_token_timing="par",
    must_bid_increment_multiple=True,
    must_buy_train="always",
    pool_share_drop="none",
    sell_movement="down_block_pres",
    all_companies_assignable=True,
    sell_after="operate",
    sell_buy_order="sell_buy",
    ebuy_depot_train_must_be_cheapest=False,
    game_end_check=(("bank", "current_or"), ("final_phase", "one_more_full_or_set")),
    game_end_timing_priority=("one_more_full_or_set", "current_or"),
    cert_limit_change_on_bankruptcy=True,
    # Two lays, one of them may be an upgrade; the second costs $20 and not on the same hex.
    tile_lays=(
        {"lay": True, "upgrade": True},
        {"lay": True, "upgrade": "not_if_upgraded", "cost": 20, "cannot_reuse_same_hex": True},
    ),
)

#: the capitals and Timmins: a route with both earns $40 more (doubled for a doubled train)
BONUS_CAPITALS = ("F16", "L12", "O7")
BONUS_REVENUE = "D2"
BONUS_AMOUNT = 40
#: the Montreal token kept for the national
NATIONAL_RESERVATIONS = ("L12",)
#: minors that start only in phase 3 (green minors)
GREEN_CORPORATIONS = ("BBG", "LPS", "QLS", "SLA", "TGB", "THB")
#: trains left out with two players: name -> how many
TRAINS_REMOVE_2_PLAYER = {"2": 3, "3": 2, "4": 1, "5": 1, "6": 1, "7": 1}
#: the lowest price a minor may start at; the highest par of a minor; the least opening bid for a minor
MINIMUM_MINOR_PRICE = 50
MAX_MINOR_PAR = 135
MIN_MINOR_BID = 100
#: majors may be started from this phase
MAJOR_PHASE = 4
#: a major formed by a merger keeps at most this many tokens
LIMIT_TOKENS_AFTER_MERGER = 2

OPTIONAL_RULES = (
    OptionalRuleSpec(sym="grid_market", short_name="Grid Stock Market",
                     desc="Play with the Grid (2D) Stock Market from 1861 rather than the default Column (1D) "
                          "Stock Market"),
)

COMPANIES = (
    CompanySpec(sym="3", name="rules until start of phase 3", value=3, revenue=0, desc="Hidden corporation",
                abilities=({"type": "blocks_hexes", "hexes": ["M13"]},)),
    CompanySpec(sym="C&SL", name="Champlain & St. Lawrence", value=30, revenue=10, discount=10,
                desc="No special abilities."),
    CompanySpec(sym="NFB", name="Niagara Falls Bridge", value=45, revenue=15, discount=15,
                desc="When owned by a corporation, they gain $10 extra revenue for each of their routes that "
                     "include Buffalo",
                abilities=({"type": "hex_bonus", "owner_type": "corporation", "hexes": ["F18"], "amount": 10},)),
    CompanySpec(sym="MB", name="Montreal Bridge", value=60, revenue=20, discount=20,
                desc="When owned by a corporation, they gain $10 extra revenue for each of their routes that "
                     "include Montreal",
                abilities=({"type": "hex_bonus", "owner_type": "corporation", "hexes": ["L12"], "amount": 10},)),
    CompanySpec(sym="QB", name="Quebec Bridge", value=75, revenue=25, discount=25,
                desc="When owned by a corporation, they gain $10 extra revenue for each of their routes that "
                     "include Quebec",
                abilities=({"type": "hex_bonus", "owner_type": "corporation", "hexes": ["O7"], "amount": 10},)),
    CompanySpec(sym="SCT", name="St. Clair Tunnel", value=90, revenue=30, discount=30,
                desc="When owned by a corporation, they gain $10 extra revenue for each of their routes that "
                     "include Detroit",
                abilities=({"type": "hex_bonus", "owner_type": "corporation", "hexes": ["A19", "A17"],
                            "amount": 10},)),
)


def _major(sym: str, name: str, color: str) -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=(0, 20, 40), coordinates=None, color=color, float_percent=20,
                           always_market_price=True, type="major")


def _minor(sym: str, name: str, color: str) -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=(0,), coordinates=None, color=color, float_percent=100,
                           always_market_price=True, shares=(100,), max_ownership_percent=100, type="minor",
                           min_price=MINIMUM_MINOR_PRICE)


CORPORATIONS = (
    _major("CNR", "Canadian Northern Railway", "#3c7b5c"),
    _major("CPR", "Canadian Pacific Railway", "#ef4223"),
    _major("C&O", "Chesapeake and Ohio Railway", "#0189d1"),
    _major("GTR", "Grand Trunk Railway", "#d75500"),
    _major("GWR", "Great Western Railway", "darkBlue"),
    _major("ICR", "Intercolonial Railway", "#7b352a"),
    _major("NTR", "National Transcontinental Railway", "#3c7b5c"),
    _major("NYC", "New York Central Railroad", "#772282"),
    _minor("BBG", "Buffalo, Brantford, and Goderich", "#7c7b8c"),
    _minor("BO", "Brockville and Ottawa", "#009595"),
    _minor("CS", "Canada Southern", "#4cb5d2"),
    _minor("CV", "Credit Valley Railway", "#0097df"),
    _minor("KP", "Kingston and Pembroke", "#0097df"),
    _minor("LPS", "London and Port Stanley", "#7c7b8c"),
    _minor("OP", "Ottawa and Prescott", "#d30869"),
    _minor("SLA", "St. Lawrence and Atlantic", "#7c7b8c"),
    _minor("TGB", "Toronto, Grey, and Bruce", "darkBlue"),
    _minor("TN", "Toronto and Nipissing", "#7b352a"),
    _minor("AE", "Algoma Eastern Railway", "#d75500"),
    _minor("CA", "Canada Atlantic Railway", "#772282"),
    _minor("NO", "New York and Ottawa", "#d75500"),
    _minor("PM", "Pere Marquette Railway", "#4cb5d2"),
    _minor("QLS", "Quebec and Lake St. John", "#0189d1"),
    _minor("THB", "Toronto, Hamilton and Buffalo", "#d75500"),
    CorporationSpec(sym="CN", name="Canadian National", tokens=(0,) * 8, coordinates=None, color="#ef4223",
                    shares=(100,), hide_shares=True, type="national", min_price=MINIMUM_MINOR_PRICE),
)

COLUMN_MARKET = (
    ("35", "40", "45", "50x", "55x", "60x", "65x", "70p", "80p", "90p", "100pC", "110pC", "120pC", "135pC", "150zC",
     "165zCm", "180z", "200z", "220", "245", "270", "300", "330", "360", "400", "440", "490", "540"),
)  # fmt: skip

GRID_MARKET = (
    ("", "", "", "", "135", "150", "165mC", "180", "200z", "220", "245", "270", "300", "330", "360", "400", "440",
     "490", "540"),
    ("", "", "", "110", "120", "135", "150mC", "165z", "180z", "200", "220", "245", "270", "300", "330", "360", "400",
     "440", "490"),
    ("", "", "90", "100", "110", "120", "135pmC", "150z", "165", "180", "200", "220", "245", "270", "300", "330",
     "360", "400", "440"),
    ("", "70", "80", "90", "100", "110p", "120pmC", "135", "150", "165", "180", "200"),
    ("60", "65", "70", "80", "90p", "100p", "110mC", "120", "135", "150"),
    ("55", "60", "65", "70p", "80p", "90", "100mC", "110"),
    ("50", "55", "60x", "65x", "70", "80"),
    ("45", "50x", "55x", "60", "65"),
    ("40", "45", "50", "55"),
    ("35", "40", "45"),
)  # fmt: skip


def _run(n: int) -> tuple[dict[str, object], ...]:
    """A train that counts ``n`` cities and off-boards and runs through any number of towns (pays nothing)."""
    return ({"nodes": ["city", "offboard"], "pay": n, "visit": n}, {"nodes": ["town"], "pay": 0, "visit": 99})


PHASE_8_DISCOUNT = {"5": 275, "6": 325, "7": 400, "8": 500, "2+2": 300, "5+5E": 750}

TRAINS = (
    TrainSpec(name="2", distance=_run(2), price=100, rusts_on="4", num=10),
    TrainSpec(name="3", distance=_run(3), price=225, rusts_on="6", num=7,
              events=({"type": "green_minors_available"},)),
    TrainSpec(name="4", distance=_run(4), price=350, rusts_on="8", num=4,
              events=({"type": "majors_can_ipo"}, {"type": "trainless_nationalization"})),
    TrainSpec(name="5", distance=_run(5), price=550, num=4, events=({"type": "minors_cannot_start"},)),
    TrainSpec(name="6", distance=_run(6), price=650, num=2,
              events=({"type": "nationalize_companies"}, {"type": "trainless_nationalization"})),
    TrainSpec(name="7", distance=_run(7), price=800, num=2),
    TrainSpec(name="8", distance=_run(8), price=1000, num="unlimited",
              events=({"type": "minors_nationalized"}, {"type": "trainless_nationalization"},
                      {"type": "train_trade_allowed"}),
              discount=PHASE_8_DISCOUNT),
    TrainSpec(name="2+2", distance=_run(2), multiplier=2, price=600, num="unlimited", available_on="8",
              discount=PHASE_8_DISCOUNT),
    TrainSpec(name="5+5E", distance=({"nodes": ["offboard"], "pay": 5, "visit": 5},
                                     {"nodes": ["city", "town"], "pay": 0, "visit": 99}),
              multiplier=2, price=1500, num="unlimited", available_on="8", discount=PHASE_8_DISCOUNT),
)

PHASES = (
    PhaseSpec(name="2", on=None, train_limit={"minor": 2}, tiles=("yellow",), operating_rounds=2),
    PhaseSpec(name="3", on="3", train_limit={"minor": 2, "major": 4}, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="4", on="4", train_limit={"minor": 1, "major": 3}, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "export_train")),
    PhaseSpec(name="5", on="5", train_limit={"minor": 1, "major": 3}, tiles=("yellow", "green", "brown"),
              operating_rounds=2, status=("can_buy_companies", "export_train")),
    PhaseSpec(name="6", on="6", train_limit={"minor": 1, "major": 2}, tiles=("yellow", "green", "brown"),
              operating_rounds=2, status=("export_train",)),
    PhaseSpec(name="7", on="7", train_limit={"minor": 1, "major": 2}, tiles=("yellow", "green", "brown", "gray"),
              operating_rounds=2, status=("export_train",)),
    PhaseSpec(name="8", on="8", train_limit={"major": 2}, tiles=("yellow", "green", "brown", "gray"),
              operating_rounds=2),
)

STATUS_TEXT = {
    "can_buy_companies": ("Can Buy Companies", "All corporations can buy companies from players"),
    "export_train": ("Train Export to CN", "At the end of each OR the next available train will be exported (given "
                                           "to the CN, triggering phase change as if purchased)"),
}
EVENTS_TEXT = {
    "green_minors_available": ("Green Minors become available", ""),
    "majors_can_ipo": ("Majors can be started", ""),
    "minors_cannot_start": ("Minors cannot start", ""),
    "minors_nationalized": ("Minors are nationalized", ""),
    "nationalize_companies": ("Nationalize Private Companies", "Private companies close, paying their owner their "
                                                               "value"),
    "train_trade_allowed": ("Train trade in allowed", "Trains can be traded in for 50% towards Phase 8 trains"),
    "trainless_nationalization": ("Trainless Nationalization", "Operating Trainless Minors are nationalized, "
                                                               "Operating Trainless Majors may nationalize"),
}

TILES: dict[str, int | Literal["unlimited"]] = {
    "3": 2, "4": 4, "5": 2, "6": 2, "7": "unlimited", "8": "unlimited", "9": "unlimited", "14": 2, "15": 4, "16": 2,
    "17": 2, "18": 2, "19": 2, "20": 2, "21": 2, "22": 2, "23": 5, "24": 5, "25": 4, "26": 2, "27": 2, "28": 2,
    "29": 2, "30": 2, "31": 2, "39": 2, "40": 2, "41": 2, "42": 2, "43": 2, "44": 2, "45": 2, "46": 2, "47": 2,
    "57": 2, "58": 4, "63": 3, "70": 2, "87": 2, "88": 2, "120": 1, "122": 1, "124": 1, "201": 3, "202": 3, "204": 2,
    "207": 5, "208": 2, "611": 3, "619": 2, "621": 2, "622": 2, "623": 3, "624": 1, "625": 1, "626": 1, "637": 1,
    "639": 1, "801": 2, "911": 3, "X1": 1, "X2": 1, "X3": 1, "X4": 1, "X5": 1, "X6": 1, "X7": 1, "X8": 1,
}  # fmt: skip

_M3 = ("city=revenue:50", "city=revenue:50", "city=revenue:50")
CUSTOM_TILES = {
    "X1": CustomTileSpec(color="green", code=_tile(*_M3, "path=a:0,b:_0", "path=a:_0,b:3", "path=a:1,b:_1",
                                                   "path=a:_1,b:4", "path=a:2,b:_2", "path=a:_2,b:5", "label=M")),
    "X2": CustomTileSpec(color="green", code=_tile(*_M3, "path=a:0,b:_0", "path=a:_0,b:3", "path=a:1,b:_1",
                                                   "path=a:_1,b:5", "path=a:2,b:_2", "path=a:_2,b:4", "label=M")),
    "X3": CustomTileSpec(color="green", code=_tile(*_M3, "path=a:0,b:_0", "path=a:_0,b:4", "path=a:1,b:_1",
                                                   "path=a:_1,b:2", "path=a:3,b:_2", "path=a:_2,b:5", "label=M")),
    "X4": CustomTileSpec(color="green", code=_tile(*_M3, "path=a:0,b:_0", "path=a:_0,b:3", "path=a:1,b:_1",
                                                   "path=a:_1,b:2", "path=a:4,b:_2", "path=a:_2,b:5", "label=M")),
    "X5": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:70,slots:2", "city=revenue:70", "path=a:0,b:_1", "path=a:1,b:_0", "path=a:2,b:_0",
        "path=a:3,b:_1", "path=a:4,b:_0", "path=a:5,b:_0", "label=M")),
    "X6": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:70,slots:2", "city=revenue:70", "path=a:0,b:_0", "path=a:3,b:_0", "path=a:4,b:_0",
        "path=a:5,b:_0", "path=a:1,b:_1", "path=a:2,b:_1", "label=M")),
    "X7": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:70,slots:2", "city=revenue:70", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_1",
        "path=a:3,b:_0", "path=a:4,b:_1", "path=a:5,b:_0", "label=M")),
    "X8": CustomTileSpec(color="gray", code=_tile(
        "city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0",
        "path=a:4,b:_0", "path=a:5,b:_0", "label=O")),
}

LOCATION_NAMES = {
    "D2": "Timmins ($80 if includes T/M/Q)", "D8": "Sudbury", "F8": "North Bay", "E13": "Barrie", "E15": "Guelph",
    "E17": "Hamilton", "D16": "Berlin", "C17": "London", "G15": "Peterborough", "I15": "Kingston", "J12": "Ottawa",
    "M9": "Trois-Rivières", "O7": "Quebec", "N12": "Sherbrooke", "C15": "Goderich", "B18": "Sarnia",
    "H14": "Belleville", "H10": "Pembroke", "K13": "Cornwall", "L10": "St. Jerome", "M13": "Granby",
    "L12": "Montreal", "F16": "Toronto", "A7": "Sault Ste. Marie", "F18": "Buffalo", "M15": "New England",
    "O13": "Maine", "P8": "Maritime Provinces", "A19": "Detroit",
}  # fmt: skip

_WATER80 = "type:water,cost:80"
WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("B6", "B8", "C5", "C7", "C19", "D4", "D6", "D14", "E3", "E5", "E7", "E9", "F2", "F4", "F6", "F10", "F12",
         "F14", "G3", "G5", "G7", "G9", "G11", "G13", "H4", "H6", "H8", "H12", "I5", "I7", "I9", "I11", "I13", "J6",
         "J8", "J10", "J14", "K5", "K7", "K9", "L6", "L8", "M5", "M7", "N6", "O11"),
    "border=edge:5,type:impassable": ("D18",),
    _tile("border=edge:0,type:impassable", "border=edge:5,type:impassable"): ("C9",),
    _tile("border=edge:2,type:impassable", "border=edge:1,type:impassable", "border=edge:0,type:impassable",
          "border=edge:5,type:impassable"): ("D10",),
    _tile("border=edge:2,type:impassable", "border=edge:1,type:impassable"): ("E11",),
    _tile("border=edge:0,type:impassable", "border=edge:3,type:impassable", "border=edge:4,type:impassable"):
        ("C11",),
    _tile("border=edge:3,type:impassable", "border=edge:4,type:impassable"): ("D12",),
    "border=edge:3,type:impassable": ("C13",),
    "upgrade=cost:20,terrain:water": ("K11",),
    _tile(f"border=edge:0,{_WATER80}", f"border=edge:5,{_WATER80}"): ("N8",),
    _tile(f"border=edge:2,{_WATER80}", f"border=edge:3,{_WATER80}"): ("N10", "M11"),
    f"border=edge:2,{_WATER80}": ("O9",),
    _tile("city=revenue:0", f"border=edge:5,{_WATER80}", f"border=edge:0,{_WATER80}"): ("M9",),
    "city=revenue:0": ("D8", "F8", "E13", "E15", "C17", "I15", "N12"),
    _tile("city=revenue:0", "stub=edge:1"): ("G15",),
    _tile("city=revenue:0", "label=Y"): ("E17", "D16", "O7"),
    _tile("city=revenue:0", "label=Y", "future_label=label:O,color:gray", "upgrade=cost:20,terrain:water"):
        ("J12",),
    _tile("town=revenue:0", f"border=edge:5,{_WATER80}", "stub=edge:0"): ("L10",),
    _tile("town=revenue:0", "border=edge:0,type:impassable"): ("H14",),
    "town=revenue:0": ("C15", "B18", "H10", "M13"),
    _tile("town=revenue:0", "stub=edge:4"): ("K13",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:40", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:4,b:_0", "path=a:5,b:_0", "border=edge:1",
          "border=edge:4"): ("D2",),
    _tile("path=a:0,b:4", "border=edge:4"): ("C3",),
    _tile("path=a:1,b:5", "border=edge:1"): ("E1",),
    "path=a:0,b:5": ("B16",),
    "path=a:2,b:3": ("L14",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:40", "city=revenue:40", "city=revenue:40,loc:5", "path=a:1,b:_0", "path=a:3,b:_1",
          "label=M", "upgrade=cost:20,terrain:water"): ("L12",),
    _tile("city=revenue:30", "city=revenue:30", "path=a:1,b:_0", "path=a:4,b:_1", "label=T"): ("F16",),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_20|green_30|brown_40|gray_40", "path=a:4,b:_0", "path=a:5,b:_0"): ("A7",),
    _tile("offboard=revenue:yellow_30|green_40|brown_50|gray_60", "path=a:2,b:_0"): ("F18",),
    _tile("offboard=revenue:yellow_30|green_40|brown_50|gray_60", "path=a:3,b:_0"): ("M15",),
    _tile("offboard=revenue:yellow_20|green_30|brown_40|gray_40", "path=a:2,b:_0", "path=a:3,b:_0"): ("O13",),
    _tile("offboard=revenue:yellow_30|green_30|brown_40|gray_40", "path=a:2,b:_0", "path=a:1,b:_0"): ("P8",),
    _tile("offboard=revenue:yellow_30|green_40|brown_50|gray_70,hide:1,groups:Detroit", "path=a:5,b:_0",
          "border=edge:0"): ("A17",),
    _tile("offboard=revenue:yellow_30|green_40|brown_50|gray_70,groups:Detroit", "path=a:4,b:_0",
          "border=edge:3"): ("A19",),
}

BLUE_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:10", "path=a:3,b:_0", "border=edge:2,type:impassable"): ("E19",),
    _tile("offboard=revenue:10", "path=a:2,b:_0", "path=a:4,b:_0", "border=edge:3,type:impassable"): ("H16",),
}

HEXES = {"white": WHITE_HEXES, "gray": GRAY_HEXES, "yellow": YELLOW_HEXES, "red": RED_HEXES, "blue": BLUE_HEXES}

TITLE = TitleSpec(
    title="1867",
    subtitle="Railways of Canada",
    designer="Ian D. Wilson",
    publisher="Grand Trunk Games",
    location="Canada",
    rules_url="https://boardgamegeek.com/filepage/212807/18611867-rulebook",
    info_url="https://github.com/tobymao/18xx/wiki/1867",
    layout="flat",
    player_range=PLAYER_RANGE,
    bank_cash=BANK_CASH,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    market=COLUMN_MARKET,
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
