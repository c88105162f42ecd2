"""Steam Over Holland (Bart van Dijk), the title's facts as data.

The Netherlands on a pointy map crossed by rivers (water borders cost fl. 50 to cross), seven
corporations with incremental capitalisation and a four-token charter, seven private companies of
which as many as there are players are drawn at random and sold in a selection auction, a one-row
market with "ledges" that stop non-president sales from dropping the price, and trains whose towns
are free stops.  The game lasts exactly five stock rounds, each followed by two operating rounds.
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
from engine.titles.spec import tile_code as _tile


def _water(*edges: int, free: tuple[int, ...] = ()) -> str:
    """River borders on these edges (fl. 50 each to cross; ``free`` edges are water without a cost)."""
    parts = [f"border=edge:{edge},type:water,cost:50" for edge in edges]
    parts += [f"border=edge:{edge},type:water" for edge in free]
    return ";".join(parts)


# =============================================================================================
# Players, bank and certificates
# =============================================================================================

PLAYER_RANGE = (2, 5)

#: The bank never runs out: it starts empty and may go below zero (the game does not end on it).
BANK_CASH = 0

STARTING_CASH = {2: 600, 3: 400, 4: 300, 5: 240}

CERT_LIMIT = {2: 18, 3: 16, 4: 14, 5: 12}

#: The game ends after the tenth operating round (the second of the fifth set).
LAST_OR = 10
#: Operating rounds after each stock round.
OPERATING_ROUNDS_PER_SET = 2

# =============================================================================================
# Rule switches (everything else is the engine default: see ``RuleSet``)
# =============================================================================================

RULES = RuleSet(
    # A stock turn: sell first, then buy.
    sell_buy_order="sell_buy",
    # Each share sold moves the price one step left (the market's ledges may stop it: rules.py).
    sell_movement="left_share",
    must_sell_in_blocks=True,
    # No rise for sold-out corporations at the end of a stock round.
    sold_out_increase=False,
    # The treasury pays the corporation share by share.
    capitalization="incremental",
    # Two tile lays: the second may not be an upgrade after an upgrade, nor on the same hex.
    tile_lays=(
        {"lay": True, "upgrade": True},
        {"lay": True, "upgrade": "not_if_upgraded", "cannot_reuse_same_hex": True},
    ),
    home_token_timing="operate",
    # A corporation short of money for a forced train issues shares before its president pays.
    must_emergency_issue_before_ebuy=True,
    bankruptcy_allowed=False,
    # Five sets of operating rounds; or a corporation reaching fl. 360.
    game_end_check=(("fixed_round", "current_or"), ("stock_market", "current")),
    currency_format="fl. %s",
)

# =============================================================================================
# Private companies (the auction draws as many as there are players, then sorts them by number)
# =============================================================================================

SMAS = CompanySpec(
    sym="SMAS",
    name="1. Spoorweg Maatschappij Almelo - Salzbergen",
    value=20,
    revenue=5,
    desc="Place or upgrade one extra tile, free of charge. Closes after use.",
    abilities=(
        {"type": "tile_lay", "owner_type": "corporation", "when": "track", "count": 1, "free": True,
         "special": False, "tiles": [], "hexes": [], "closed_when_used_up": True},
    ),
)

KKI = CompanySpec(
    sym="KKI",
    name="2. Koninklijk Korps van Ingenieurs",
    value=40,
    revenue=10,
    desc="Pays the costs for crossing a river one time. Closes after use.",
    abilities=(
        {"type": "tile_discount", "when": "track", "owner_type": "corporation", "discount": 50,
         "terrain": "water", "count": 1},
        {"type": "tile_lay", "when": "track", "owner_type": "corporation", "tiles": [], "hexes": [],
         "reachable": True, "special": False, "consume_tile_lay": True, "count": 1,
         "closed_when_used_up": True},
    ),
)

VES = CompanySpec(
    sym="VES",
    name="3. Veerdienst Enkhuizen - Stavoren",
    value=75,
    revenue=15,
    desc="Fl. 20 bonus revenue for the owning company if it uses the ferry across the Zuiderzee at "
    "Enkhuizen (D9).",
    abilities=({"type": "hex_bonus", "owner_type": "corporation", "hexes": ["D9"], "amount": 20},),
)

VVL = CompanySpec(
    sym="VVL",
    name="4. Veerdienst Vlissingen - Londen",
    value=75,
    revenue=15,
    desc="Fl. 20 bonus for the owning company each time it starts or ends a route in Vlissingen (J1).",
    abilities=({"type": "hex_bonus", "owner_type": "corporation", "hexes": ["J1"], "amount": 20},),
)

RW = CompanySpec(
    sym="RW",
    name="5. Rijks Waterstaat",
    value=80,
    revenue=20,
    desc="Allows the owning company to lay one station token for free. Closes after use.",
    abilities=(
        {"type": "token", "owner_type": "corporation", "count": 1, "from_owner": True, "special_only": True,
         "connected": True, "price": 0, "when": "token",
         "hexes": ["B13", "B17", "E14", "H5", "H9", "H13", "I6", "I12", "J7", "K12"],
         "closed_when_used_up": True},
    ),
)

WERKSPOOR = CompanySpec(
    sym="W",
    name="6. Werkspoor",
    value=100,
    revenue=20,
    desc="Gives a 10% discount on all trains the owning company buys from the bank.",
    abilities=({"type": "train_discount", "discount": 0.1, "trains": ["3", "4", "5"]},),
)

KO = CompanySpec(
    sym="KO",
    name="7. Koninklijke Ondersteuning ",
    value=100,
    revenue=10,
    desc="Comes with a share of the NRS",
    abilities=({"type": "shares", "shares": "NRS_1"},),
)

COMPANIES = (SMAS, KKI, VES, VVL, RW, WERKSPOOR, KO)

# =============================================================================================
# Corporations: 20% floats at first (more with each new phase); stations 0 / 40 / 100 / 100
# =============================================================================================

_TOKENS = (0, 40, 100, 100)

CORPORATIONS = (
    CorporationSpec(sym="NBD", name="Noord Brabantsch Duitsche Spoorweg Maatschappij", tokens=_TOKENS,
                    coordinates="K12", color="blue", float_percent=20, always_market_price=True),
    CorporationSpec(sym="HYSM", name="Hollandsche IJzeren Spoorweg Maatschappij", tokens=_TOKENS,
                    coordinates="F9", city=1, color="green", float_percent=20, always_market_price=True),
    CorporationSpec(sym="NRS", name="Nederlandsche Rhijnspoorweg", tokens=_TOKENS, coordinates="F9", city=0,
                    color="yellow", text_color="black", float_percent=20, always_market_price=True),
    CorporationSpec(sym="OSM", name="Overijsselsche Spoorweg Maatschappij", tokens=_TOKENS, coordinates="E14",
                    color="black", float_percent=20, always_market_price=True),
    CorporationSpec(sym="AR", name="Société Anonyme des Chemins de Fer d'Anvers à Rotterdam", tokens=_TOKENS,
                    coordinates="J7", color="red", float_percent=20, always_market_price=True),
    CorporationSpec(sym="NCS", name="Nederlandsche Centraal Spoorweg Maatschappij", tokens=_TOKENS,
                    coordinates="H9", color="purple", float_percent=20, always_market_price=True),
    CorporationSpec(sym="NSM", name="Nijmeegsche Spoorweg Maatschappij", tokens=_TOKENS, coordinates="I12",
                    color="white", text_color="black", float_percent=20, always_market_price=True),
)

# =============================================================================================
# Stock market: one row.  Par between fl. 65 and fl. 100.  Letters: p par, n "max_price_1" (the
# black line), I "ignore_sale_unless_president", O "max_one_drop_unless_president",
# T "max_two_drops_unless_president", e end of game.
# =============================================================================================

MARKET = (
    (
        "50", "55", "60", "65p", "70p", "75p", "80p", "90p", "100pn",
        "110I", "125O", "140Tn", "160I", "180O", "210Tn", "240I", "270O", "300Tn", "330I", "360e",
    ),
)  # fmt: skip

# =============================================================================================
# Trains: a train counts cities and off-boards; towns are free extra stops.  The 6 may be bought
# as a 3E (three stops, paid double, towns skipped).
# =============================================================================================


def _runs(stops: int, *, towns_pay: int = 99, multiplier: int | None = None) -> tuple[dict[str, object], ...]:
    cities: dict[str, object] = {"nodes": ["city", "offboard"], "pay": stops, "visit": stops}
    if multiplier is not None:
        cities["multiplier"] = multiplier
    return (cities, {"nodes": ["town"], "pay": towns_pay, "visit": 99})


TRAINS = (
    TrainSpec(name="2", distance=_runs(2), price=100, rusts_on="4", num=5),
    TrainSpec(name="3", distance=_runs(3), price=200, rusts_on="5", num=4, events=({"type": "float_30"},)),
    TrainSpec(name="4", distance=_runs(4), price=300, rusts_on="6", num=3, events=({"type": "float_40"},)),
    TrainSpec(name="5", distance=_runs(5), price=400, num=3,
              events=({"type": "close_companies"}, {"type": "float_50"})),
    TrainSpec(name="6", distance=_runs(6), price=500, num=6,
              variants=({"name": "3E", "distance": _runs(3, towns_pay=0, multiplier=2), "price": 600},),
              events=({"type": "float_60"},)),
)

# =============================================================================================
# Phases (the operating rounds per set are fixed at two by the rules, whatever the phase)
# =============================================================================================

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=2),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=2),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=2),
)

#: The share a corporation must sell to float, by phase.
FLOAT_PERCENT_BY_PHASE = {"2": 20, "3": 30, "4": 40, "5": 50, "6": 60}

STATUS_TEXT = {
    "can_buy_companies": ("Can Buy Companies", "All corporations can buy companies from players"),
}

EVENTS_TEXT = {
    "close_companies": ("Companies Close", "All companies unless otherwise noted are discarded from the game"),
    "float_30": ("30% to Float", "Players must buy 30% of a corporation to float"),
    "float_40": ("40% to Float", "Players must buy 40% of a corporation to float"),
    "float_50": ("50% to Float", "Players must buy 50% of a corporation to float"),
    "float_60": ("60% to Float", "Players must buy 60% of a corporation to float"),
}

# =============================================================================================
# Tiles
# =============================================================================================

TILES: dict[str, Count] = {
    # yellow
    "3": 6, "4": 6, "6": 8, "7": 3, "8": 8, "9": 8, "57": 7, "58": 6, "SOH1": 1,
    # green
    "14": 4, "15": 4, "16": 1, "20": 1, "23": 3, "24": 3, "25": 3, "26": 2, "27": 2, "28": 2, "29": 2,
    "30": 2, "31": 2, "981": 3, "991": 3, "SOH2": 3, "SOH3": 3, "SOH4": 3, "SOH5": 3, "SOH6": 1,
    # brown
    "39": 1, "40": 2, "41": 1, "42": 1, "43": 1, "44": 1, "45": 1, "46": 1, "47": 1, "125": 3, "217": 3,
    "SOH7": 1,
}  # fmt: skip


def _two_towns(a: int, b: int) -> str:
    """A green tile of two towns (fl. 10 each), both joined to edge 2."""
    return _tile(f"town=revenue:10,loc:{a}", f"town=revenue:10,loc:{b}",
                 "path=a:2,b:_0", f"path=a:_0,b:{a}", "path=a:2,b:_1", f"path=a:_1,b:{b}")


def _amsterdam(revenue: int) -> str:
    """Amsterdam's two cities (AM)."""
    return _tile(f"city=revenue:{revenue},loc:5.5", f"city=revenue:{revenue},loc:1.5",
                 "path=a:0,b:_0", "path=a:_0,b:5", "path=a:2,b:_1", "path=a:_1,b:1", "label=AM")


CUSTOM_TILES = {
    "SOH1": CustomTileSpec(color="yellow", code=_amsterdam(30)),
    "981": CustomTileSpec(color="green", code=_two_towns(5, 4)),
    "991": CustomTileSpec(color="green", code=_two_towns(5, 0)),
    "SOH2": CustomTileSpec(color="green", code=_two_towns(5, 1)),
    "SOH3": CustomTileSpec(color="green", code=_two_towns(5, 3)),
    "SOH4": CustomTileSpec(color="green", code=_two_towns(0, 1)),
    "SOH5": CustomTileSpec(color="green", code=_two_towns(3, 4)),
    "SOH6": CustomTileSpec(color="green", code=_amsterdam(40)),
    "217": CustomTileSpec(color="brown", code=_tile("city=revenue:40,slots:2", "path=a:0,b:_0", "path=a:1,b:_0",
                                                     "path=a:2,b:_0", "path=a:5,b:_0")),
    "SOH7": CustomTileSpec(color="brown", code=_tile("city=revenue:60,slots:2", "path=a:0,b:_0", "path=a:1,b:_0",
                                                      "path=a:2,b:_0", "path=a:5,b:_0", "label=AM")),
}

# =============================================================================================
# The map
# =============================================================================================

LOCATION_NAMES = {
    "B13": "Leeuwarden", "B17": "Groningen", "C8": "Den Helder", "C16": "Assen", "C20": "Papenburg",
    "D9": "Enkhuizen", "E14": "Zwolle", "F7": "Haarlem", "F9": "Amsterdam", "F17": "Almelo", "G6": "Leiden",
    "G12": "Amersfoort", "G14": "Apeldoorn", "G18": "Enschede", "G20": "Salzbergen", "H5": "Den Haag",
    "H7": "Gouda", "H9": "Utrecht", "H13": "Arnhem", "I6": "Rotterdam", "I10": "Den Bosch", "I12": "Nijmegen",
    "I16": "Emmerich am Rhein", "J1": "Vlissingen", "J7": "Breda", "J9": "Tilburg", "J15": "Kleve",
    "K2": "Middelburg", "K12": "Eindhoven", "K14": "Venlo", "L5": "Antwerpen", "N13": "Maastricht",
    "O12": "Liège",
}  # fmt: skip

# Water: the Zuiderzee ferry at Enkhuizen, open water and a channel.
BLUE_HEXES: dict[str, tuple[str, ...]] = {
    _tile("town=revenue:10", "path=a:0,b:_0", "path=a:_0,b:4"): ("D9",),  # Enkhuizen ferry
    "path=a:1,b:3": ("D11",),
    "": ("E10", "E12", "F11"),
}

# Off-board areas: revenue in yellow/green phases | in brown phases.
RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_30|brown_40", "path=a:0,b:_0"): ("C8",),  # Den Helder
    _tile("offboard=revenue:yellow_40|brown_60", "path=a:2,b:_0"): ("C20",),  # Papenburg
    _tile("offboard=revenue:yellow_40|brown_60", "path=a:1,b:_0"): ("G20",),  # Salzbergen
    _tile("offboard=revenue:yellow_40|brown_50", "path=a:1,b:_0"): ("I16",),  # Emmerich
    _tile("offboard=revenue:yellow_40|brown_60", "path=a:5,b:_0"): ("J1",),  # Vlissingen
    _tile("offboard=revenue:yellow_40|brown_50", "path=a:0,b:_0", _water(0, free=(1,))): ("J15",),  # Kleve
    _tile("offboard=revenue:yellow_40|brown_50", "path=a:3,b:_0"): ("L5",),  # Antwerpen
    _tile("offboard=revenue:yellow_40|brown_60", "path=a:3,b:_0"): ("O12",),  # Liège
}

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "blank": ("A14", "A16", "A18", "B15", "B19", "C12", "C14", "C18", "D7", "D13", "D15", "D17", "D19", "E8",
              "E16", "E18", "F19", "G8", "G10", "H17", "J11", "K6", "K8", "K10", "L11", "L13", "M12", "M14"),
    "town": ("C16", "F7", "F17", "G6", "G12", "G18", "H7", "N13"),
    "city": ("B13", "B17", "H5", "K12"),
    # Amsterdam: two cities (HYSM and NRS at home)
    _tile("city=revenue:0", "city=revenue:0", "label=AM"): ("F9",),
    # river crossings
    _water(3, 4): ("F13",),
    _water(0, 1): ("F15",),
    _water(1): ("G16",),
    _water(0, 5): ("H11",),
    _water(0, 1, 2): ("H15",),
    _water(5, 0): ("I4",),  # (edges written 5, 0: same borders as H11, its own group)
    _water(0, 4, 5): ("I8",),
    _water(0, 1, 2, 3): ("I14",),
    _water(0, 3, 4, 5): ("J3",),
    _water(1, 2, 3): ("J5",),
    _water(3, free=(4,)): ("J13",),
    _water(1, 2): ("K4",),
    # towns by a river
    _tile("town=revenue:0", _water(3, 4, 5)): ("G14",),
    _tile("town=revenue:0", _water(1, 2, 3)): ("I10",),
    _tile("town=revenue:0", _water(2)): ("J9",),
    _tile("town=revenue:0", _water(3, 4)): ("K2",),
    _tile("town=revenue:0", _water(3)): ("K14",),
    # cities by a river
    _tile("city=revenue:0", _water(0)): ("E14",),
    _tile("city=revenue:0", _water(5)): ("H9",),
    _tile("city=revenue:0", _water(0, 4, 5)): ("H13",),
    _tile("city=revenue:0", _water(0, 5)): ("I6",),
    _tile("city=revenue:0", _water(2, 3, 4)): ("I12",),
    _tile("city=revenue:0", _water(2, 3)): ("J7",),
}

HEXES = {
    "blue": BLUE_HEXES,
    "red": RED_HEXES,
    "white": WHITE_HEXES,
}

# =============================================================================================
# The title
# =============================================================================================

TITLE = TitleSpec(
    title="Steam Over Holland",
    designer="Bart van Dijk",
    location="Netherlands",
    rules_url="https://boardgamegeek.com/filepage/47246/corrected-english-manual-v2",
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
