"""18 Los Angeles 2 (Anthony Fryer): Railroading in the City of Angels, second edition - the title's facts.

18 Los Angeles is 1846 on a map of LA County: the bank, certificates, market, trains and phases are 1846's
(``engine.titles.g1846.data``), with two to five players.  What is its own: the two minors (Gardena Tramway,
Orange County Railroad), fourteen private companies, seven corporations (the PER chooses its home when it is
parred), the Long Beach tiles, four more of each plain yellow track tile and the map with its N/S and E/W
bonuses.
"""

from __future__ import annotations

from dataclasses import replace

from engine.titles.g1846 import data as d1846
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    Count,
    CustomTileSpec,
    MinorSpec,
    OptionalRuleSpec,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 5)

BANK_CASH = {2: 7000, **d1846.BANK_CASH}
STARTING_CASH = {2: 600, **d1846.STARTING_CASH}
CERT_LIMIT = {2: {5: 19, 4: 16}, **d1846.CERT_LIMIT}

#: Trains by rank and players (two players: the 1846 two-player counts).
NUM_TRAINS: dict[str, dict[int, int]] = {
    "2": {2: 7, 3: 7, 4: 8, 5: 9},
    "4": {2: 5, 3: 4, 4: 5, 5: 6},
    "5": {2: 3, 3: 3, 4: 4, 5: 5},
    "6": {2: 4, 3: 9, 4: 9, 5: 9},
}
TRAINS: tuple[TrainSpec, ...] = tuple(replace(t, num_by_players=NUM_TRAINS[t.name]) for t in d1846.TRAINS)

DCH = "dch"
LA_TITLE = "la_title"

OPTIONAL_RULES = (
    OptionalRuleSpec(
        sym=DCH,
        short_name="Dewey, Cheatham, and Howe",
        desc="add a private company which allows the owning corporation to place a token in a city that has no "
             "open slots; 3+ players only",
        players=(3, 4, 5),
    ),
    OptionalRuleSpec(
        sym=LA_TITLE,
        short_name="LA Title",
        desc="add a private company which can lay an Open City token; 3+ players only",
        players=(3, 4, 5),
    ),
)

# =============================================================================================
# Private companies (the draft deck)
# =============================================================================================


def _assign_abilities(hexes: list[str], *, per_or: bool = False) -> tuple[dict[str, object], ...]:
    """A marker the owning corporation puts on one of ``hexes`` (and that is assigned to it when sold)."""
    on_hex: dict[str, object] = {"type": "assign_hexes", "when": "owning_corp_or_turn", "hexes": hexes}
    on_hex["count_per_or" if per_or else "count"] = 1
    on_hex["owner_type"] = "corporation"
    return (on_hex, {"type": "assign_corporation", "when": "sold", "count": 1, "owner_type": "corporation"})


def _yellow_lay(hex_id: str) -> tuple[dict[str, object], ...]:
    """Blocks ``hex_id`` while a player owns it; the owning corporation lays a free yellow tile there."""
    return (
        {"type": "blocks_hexes", "owner_type": "player", "hexes": [hex_id]},
        {"type": "tile_lay", "when": "owning_corp_or_turn", "owner_type": "corporation", "free": True,
         "hexes": [hex_id], "tiles": ["7", "8", "9"], "count": 1},
    )


def _special_token(hexes: list[str], **extra: object) -> dict[str, object]:
    token: dict[str, object] = {"type": "token", "when": "owning_corp_or_turn", "owner_type": "corporation",
                                "hexes": hexes, "price": 0, "teleport_price": 0, "count": 1,
                                "extra_action": True, "special_only": True}
    token.update(extra)
    return token


#: Everywhere but Los Angeles, Long Beach and the edges: where the Dump and Redondo Junction tokens go.
TOKEN_ANYWHERE = ["A4", "A6", "A8", "B5", "B9", "B11", "B13", "C4", "C8", "C12", "D5", "D7", "D9", "D11", "D13",
                  "E4", "E6", "E10", "E12", "F9", "F11", "F13"]

GARDENA_TRAMWAY = CompanySpec(
    sym="GT", name="Gardena Tramway", value=140, treasury=60, revenue=0,
    desc="Starts with $60 in treasury, a 2 train, and a token in Gardena (D5). In ORs, this is the first minor to "
         "operate. May only lay or upgrade 1 tile per OR. Splits revenue evenly with owner. May be sold to a "
         "corporation for up to $140.",
)
ORANGE_COUNTY = CompanySpec(
    sym="OCR", name="Orange County Railroad", value=100, treasury=40, revenue=0,
    desc="Starts with $40 in treasury, a 2 train, and a token in Cypress (E10). In ORs, this is the second minor "
         "to operate. May only lay or upgrade 1 tile per OR. Splits revenue evenly with owner. May be sold to a "
         "corporation for up to $100.",
)
PACIFIC_MARITIME = CompanySpec(
    sym="PMC", name="Pacific Maritime", value=60, revenue=10,
    desc="Reserves a token slot in Long Beach (E8), in the city next to Norwalk (D9). The owning corporation may "
         "place an extra token there at no cost, with no connection needed. Once this company is purchased by a "
         "corporation, the slot that was reserved may be used by other corporations.",
    abilities=(
        {"type": "token", "when": "owning_corp_or_turn", "owner_type": "corporation", "hexes": ["E8"], "city": 2,
         "price": 0, "teleport_price": 0, "count": 1, "extra_action": True},
        {"type": "reservation", "remove": "sold", "hex": "E8", "city": 2},
    ),
)
MAIL_CONTRACT = CompanySpec(
    sym="MAIL", name="United States Mail Contract", value=80, revenue=0,
    desc="Adds $10 per location visited by any one train of the owning corporation. Never closes once purchased "
         "by a corporation.",
    abilities=({"type": "close", "on_phase": "never", "owner_type": "corporation"},),
)
CITRUS = CompanySpec(
    sym="LAC", name="Los Angeles Citrus", value=60, revenue=15,
    desc="The owning corporation may assign Los Angeles Citrus to Oxnard (B1), LAX (D1), Yorba Linda (D13), or "
         "Irvine (F15), to add $30 to all routes it runs to this location.",
    abilities=_assign_abilities(["B1", "D1", "D13", "F15"]),
)
STEAMSHIP = CompanySpec(
    sym="LAS", name="Los Angeles Steamship", value=40, revenue=10,
    desc="The owning corporation may assign the Los Angeles Steamship to Oxnard (B1), Santa Monica (C2), LAX (D1), "
         "or Westminster (F9), to add $20 per port symbol to all routes it runs to this location.",
    abilities=_assign_abilities(["B1", "C2", "F9"], per_or=True),
)
PUENTE_TROLLEY = CompanySpec(
    sym="PT", name="Puente Trolley", value=40, revenue=10,
    desc="The owning corporation may lay an extra $0 cost yellow tile in Puente (C10), even if they are not "
         "connected to Puente.",
    abilities=_yellow_lay("C10"),
)
BEVERLY_HILLS = CompanySpec(
    sym="BHC", name="Beverly Hills Carriage", value=40, revenue=15,
    desc="The owning corporation may lay an extra $0 cost yellow tile in Beverly Hills (B3), even if they are not "
         "connected to Beverly Hills. Any terrain costs are ignored.",
    abilities=_yellow_lay("B3"),
)
DEWEY_CHEATHAM_HOWE = CompanySpec(
    sym="DC&H", name="Dewey, Cheatham, and Howe", value=40, revenue=10, min_players=3,
    desc="The owning corporation may place a token (from their charter, paying the normal cost) in a city they "
         "are connected to that does not have any open token slots. If a later tile placement adds a new slot, "
         "this token fills that slot. This ability may not be used in Long Beach (E8).",
    abilities=(
        {"type": "token", "when": "owning_corp_or_turn", "owner_type": "corporation", "count": 1,
         "extra_action": True, "from_owner": True, "cheater": True, "special_only": True, "discount": 0,
         "hexes": ["A2", "A4", "A6", "A8", "B5", "B7", "B9", "B11", "B13", "C2", "C4", "C6", "C8", "C12", "D5",
                   "D7", "D9", "D11", "D13", "E4", "E6", "E10", "E12", "F7", "F9", "F11", "F13"]},
    ),
)
LA_TITLE_COMPANY = CompanySpec(
    sym="LAT", name="Los Angeles Title", value=40, revenue=10, min_players=3,
    desc="The owning corporation may place an Open City token in any unreserved slot except for Long Beach (E8). "
         "The owning corporation need not be connected to the city where the token is placed.",
    abilities=(
        _special_token(["A4", "A6", "A8", "B5", "B7", "B9", "B11", "B13", "C4", "C6", "C8", "C12", "D5", "D7",
                        "D9", "D11", "D13", "E4", "E6", "E10", "E12", "F7", "F9", "F11", "F13"], neutral=True),
    ),
)
CHINO_HILLS = CompanySpec(
    sym="CHE2", name="Chino Hills Excavation", value=50, revenue=20,
    desc="Reduces, for the owning corporation, the total terrain cost for all tile lays by $20.",
)
PUBLIC_DUMP = CompanySpec(
    sym="APD", name="Angeles Public Dump", value=40, revenue=10,
    desc="Place the -20 station token in any location except for Los Angeles or Long Beach. This token cannot be "
         "used by any corporation and reduces revenue in its location by $20 for all corporations and minors.",
    # check_tokenable: the Dump may go next to the owning corporation's own station
    abilities=(_special_token(TOKEN_ANYWHERE, check_tokenable=False),),
)
PAVING = CompanySpec(
    sym="LAP", name="Los Angeles Paving", value=60, revenue=15,
    desc="The owning corporation may lay an extra $0 cost plain yellow track on a city hexagon. Cannot be used in "
         "any corporation or minor's home station location.",
    abilities=(
        {"type": "tile_lay", "when": "owning_corp_or_turn", "tiles": ["7", "8", "9"],
         "hexes": ["A4", "A6", "B9", "B13", "C4", "C8", "D7", "D9", "D11", "E4", "E6", "F11"], "free": True,
         "special": True, "count": 1},
    ),
)
REDONDO_JUNCTION = CompanySpec(
    sym="RJ", name="Redondo Junction", value=50, revenue=10,
    desc='Place the "RJ" token in any location except Los Angeles or Long Beach. This token acts as a station '
         "token for the owning corporation until Phase IV.",
    abilities=(_special_token(TOKEN_ANYWHERE),),
)
RKO_PICTURES = CompanySpec(
    sym="RKO", name="RKO Pictures", value=40, revenue=10,
    desc="Place a +20 token on the Hollywood location (B5).",
    abilities=_assign_abilities(["B5"]),
)

COMPANIES = (
    GARDENA_TRAMWAY, ORANGE_COUNTY, PACIFIC_MARITIME, MAIL_CONTRACT, CITRUS, STEAMSHIP, PUENTE_TROLLEY,
    BEVERLY_HILLS, DEWEY_CHEATHAM_HOWE, LA_TITLE_COMPANY, CHINO_HILLS, PUBLIC_DUMP, PAVING, REDONDO_JUNCTION,
    RKO_PICTURES,
)

# =============================================================================================
# Corporations: 20% floats, always at the market price
# =============================================================================================


def _corporation(sym: str, name: str, tokens: tuple[int, ...], coordinates: str | None, color: str,
                 text_color: str = "white", abilities: tuple[dict[str, object], ...] = ()) -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=tokens, coordinates=coordinates, color=color,
                           text_color=text_color, float_percent=20, always_market_price=True, abilities=abilities)


def _reserved(hex_id: str, description: str, price: int, teleport_price: int | None = None,
              count: int | None = None) -> tuple[dict[str, object], ...]:
    token: dict[str, object] = {"type": "token", "description": description, "hexes": [hex_id]}
    if count is not None:
        token["count"] = count
    token["price"] = price
    if teleport_price is not None:
        token["teleport_price"] = teleport_price
    return (token, {"type": "reservation", "hex": hex_id, "remove": "IV"})


EAST_LA = _corporation("ELA", "East Los Angeles & San Pedro Railroad", (0, 80, 80, 80, 80, 80), "C12", "#ff0000",
                       abilities=_reserved("C4", "Reserved $40/$100 Culver City (C4) token", 40, 100))
LA_RAILWAY = _corporation("LA", "Los Angeles Railway", (0, 80, 80, 80, 80), "A8", "#00830e",
                          abilities=_reserved("B9", "Reserved $40 Alhambra (B9) token", 40, count=1))
LA_INDEPENDENCE = _corporation("LAIR", "Los Angeles and Independence Railroad", (0, 80, 80, 80, 80), "A2",
                               "#b8ffff", "black")
PACIFIC_ELECTRIC = _corporation("PER", "Pacific Electric Railroad", (0, 80, 80, 80), None, "#ff6a00", "black")
SANTA_FE = _corporation("SF", "Santa Fe Railroad", (0, 80, 80, 80, 80), "E12", "#ff7fed", "black")
SOUTHERN_PACIFIC = _corporation("SP", "Southern Pacific Railroad", (0, 80, 80, 80, 80), "C2", "#0026ff",
                                abilities=_reserved("C6", "Reserved $40/$100 Los Angeles (C6) token", 40, 60,
                                                    count=1))
UNION_PACIFIC = _corporation("UP", "Union Pacific Railroad", (0, 80, 80, 80, 80), "B11", "#727272")

CORPORATIONS = (EAST_LA, LA_RAILWAY, LA_INDEPENDENCE, PACIFIC_ELECTRIC, SANTA_FE, SOUTHERN_PACIFIC, UNION_PACIFIC)

#: The PER has no printed home: it chooses one of these cities (with a free slot) when it is parred.
PER_HEXES = ("A4", "A6", "B5", "B13", "C8", "D7", "D9", "D11", "D13", "E4", "E6", "F9", "F11", "F13")

MINORS = (
    MinorSpec(sym="GT", name="Gardena Tramway", coordinates="D5", tokens=(0,), color="#644c00", text_color="white"),
    MinorSpec(sym="OCR", name="Orange County Railroad", coordinates="E10", tokens=(0,), color="#832e9a",
              text_color="white"),
)

# =============================================================================================
# Set-up and play facts used by rules.py
# =============================================================================================

#: Two players: two of these corporations leave the game, each keeping its home and a second station.
CORPORATIONS_GROUP = ("ELA", "LA", "LAIR", "PER", "SF", "SP", "UP")
REMOVED_CORP_SECOND_TOKEN = {"ELA": "C4", "LA": "B9", "LAIR": "E6", "SF": "D11", "SP": "C6", "UP": "B13"}

#: How many corporations may be started, by players (all of them with five).
CORPORATION_START_LIMIT = {2: 5, 3: 5, 4: 6, 5: 7}
#: How many companies may be drafted, by players.
COMPANY_DRAFT_LIMIT = {2: 8, 3: 9, 4: 10, 5: 11}

ABILITY_ICONS = {"LAC": "meat", "LAS": "port", "RKO": "boom"}
MEAT_HEXES = ("C14", "F7")
STEAMBOAT_HEXES = ("B1", "C2", "F7", "F9")
BOOMTOWN_HEXES = ("B5",)

#: The Chino Hills Excavation's discount on the terrain of a lay.
CHE_DISCOUNT = 20
#: The Dump's revenue penalty (Westminster's own $10 cannot go below $0 unless the Steamship is there).
DUMP_PENALTY = 20
DUMP_PENALTY_WESTMINSTER = 10
WESTMINSTER_HEX = "F9"

EVENTS_TEXT = {
    **d1846.EVENTS_TEXT,
    "remove_bonuses": ("Remove Tokens & Bonuses",
                       "Remove RJ token and LA Steamship, LA Citrus, and RKO Pictures bonuses"),
}

# =============================================================================================
# Tiles: 1846's (Long Beach replaces Chicago), four of each plain yellow track tile
# =============================================================================================

_LONG_BEACH_PATHS = ("path=a:1,b:_0", "path=a:2,b:_1", "path=a:3,b:_2", "path=a:4,b:_3", "path=a:0,b:_0",
                     "path=a:0,b:_1", "path=a:0,b:_2", "path=a:0,b:_3")


def _long_beach(revenue: int) -> str:
    return _tile(*(f"city=revenue:{revenue}",) * 4, "label=LB", *_LONG_BEACH_PATHS)


CUSTOM_TILES = {
    **{k: v for k, v in d1846.CUSTOM_TILES.items() if k not in ("298", "299", "300")},
    "298LA": CustomTileSpec("green", _long_beach(40)),
    "299LA": CustomTileSpec("brown", _long_beach(70)),
    "300LA": CustomTileSpec("gray", _long_beach(90)),
}

TILES: dict[str, Count] = {
    **{k: v for k, v in d1846.TILES.items() if k not in ("298", "299", "300")},
    "7": 4,
    "8": 4,
    "9": 4,
    "298LA": 1,
    "299LA": 1,
    "300LA": 1,
}

LOCATION_NAMES = {
    "A2": "Reseda", "A4": "Van Nuys", "A6": "Burbank", "A8": "Pasadena", "A10": "Lancaster", "A12": "Victorville",
    "A14": "San Bernardino", "B1": "Oxnard", "B3": "Beverly Hills", "B5": "Hollywood", "B7": "South Pasadena",
    "B9": "Alhambra", "B11": "Azusa", "B13": "San Dimas", "B15": "Pomona", "C2": "Santa Monica",
    "C4": "Culver City", "C6": "Los Angeles", "C8": "Montebello", "C10": "Puente", "C12": "Walnut",
    "C14": "Riverside", "D1": "LAX", "D3": "El Segundo", "D5": "Gardena", "D7": "Compton", "D9": "Norwalk",
    "D11": "La Habra", "D13": "Yorba Linda", "D15": "Palm Springs", "E4": "Redondo Beach", "E6": "Torrance",
    "E8": "Long Beach", "E10": "Cypress", "E12": "Anaheim", "E14": "Alta Vista", "E16": "Corona",
    "F5": "San Pedro", "F7": "Port of Long Beach", "F9": "Westminster", "F11": "Garden Grove", "F13": "Santa Ana",
    "F15": "Irvine",
}

# =============================================================================================
# The map (pointy-topped).  Mountain and water hexsides cost extra; "stub" edges must be used by the
# first tile; the off-boards marked visit_cost 100 only bound the map.
# =============================================================================================

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("C10",),
    _tile("upgrade=cost:30,terrain:water"): ("D3",),
    _tile("city=revenue:0", "border=edge:0,type:mountain,cost:20"): ("A4",),
    _tile("border=edge:3,type:mountain,cost:20", "border=edge:4,type:mountain,cost:20"): ("B3",),
    _tile("city=revenue:0", "border=edge:3,type:mountain,cost:20", "border=edge:1,type:water,cost:40"): ("B9",),
    _tile("city=revenue:0", "border=edge:2,type:mountain,cost:20", "border=edge:4,type:mountain,cost:20",
          "label=Z"): ("B13",),
    _tile("border=edge:4,type:water,cost:40", "border=edge:5,type:water,cost:40"): ("B7",),
    _tile("city=revenue:0", "border=edge:2,type:water,cost:40"): ("C8",),
    _tile("city=revenue:0", "border=edge:3,type:water,cost:40"): ("D5",),
    _tile("city=revenue:0", "upgrade=cost:40,terrain:mountain"): ("C12",),
    _tile("city=revenue:0", "border=edge:4,type:water,cost:40", "stub=edge:0"): ("D9",),
    _tile("city=revenue:0", "border=edge:1,type:water,cost:40"): ("D11",),
    # Redondo Beach is its own group (so the tile ids follow the published groups: E4-0, then A6-0, C4-1,
    # F11-2); the trailing separator only keeps the two equal codes apart.
    "city=revenue:0;": ("E4",),
    _tile("city=revenue:0", "stub=edge:4"): ("E6",),
    _tile("city=revenue:0", "border=edge:0,type:water,cost:20", "stub=edge:1"): ("E10",),
    _tile("city=revenue:0", "label=Z"): ("E12",),
    _tile("upgrade=cost:40,terrain:mountain", "border=edge:5,type:mountain,cost:20"): ("E14",),
    _tile("city=revenue:0"): ("A6", "C4", "F11"),
    _tile("city=revenue:0", "stub=edge:5"): ("D7",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:0,visit_cost:100", "path=a:0,b:_0", "path=a:5,b:_0"): ("a5",),
    _tile("city=revenue:20", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:4,b:_0", "path=a:5,b:_0",
          "border=edge:1,type:mountain,cost:20", "icon=image:18_los_angeles/boom"): ("B5",),
    _tile("city=revenue:10", "icon=image:port", "icon=image:port", "path=a:2,b:_0", "path=a:4,b:_0",
          "path=a:5,b:_0", "path=a:0,b:_0"): ("C2",),
    _tile("city=revenue:20,slots:2", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:4,b:_0", "path=a:5,b:_0",
          "icon=image:18_los_angeles/meat"): ("D13",),
    _tile("city=revenue:10", "border=edge:3,type:water,cost:20", "icon=image:port", "icon=image:port",
          "path=a:3,b:_0", "path=a:4,b:_0"): ("F9",),
    _tile("offboard=revenue:0,visit_cost:100", "path=a:3,b:_0"): ("F3",),
    _tile("path=a:2,b:3"): ("F5",),
    _tile("offboard=revenue:0,visit_cost:100", "path=a:0,b:_0"): ("a9",),
    _tile("offboard=revenue:0,visit_cost:100", "path=a:2,b:_0"): ("G14",),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:yellow_30|brown_50,groups:NW", "label=N/W", "icon=image:1846/20",
          "path=a:4,b:_0,terminal:1", "path=a:5,b:_0,terminal:1"): ("A2",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:NE", "label=N/E", "border=edge:0,type:mountain,cost:20",
          "border=edge:1,type:mountain,cost:20", "border=edge:5,type:mountain,cost:20", "icon=image:1846/20",
          "path=a:0,b:_0", "path=a:1,b:_0", "path=a:5,b:_0"): ("A10",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:NE", "label=N/E", "border=edge:0,type:mountain,cost:20",
          "border=edge:5,type:mountain,cost:20", "icon=image:1846/20", "path=a:0,b:_0", "path=a:5,b:_0"): ("A12",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:NE", "label=N/E", "icon=image:1846/20",
          "path=a:0,b:_0"): ("A14",),
    _tile("offboard=revenue:yellow_40|brown_10,groups:W|NW|SW", "label=W", "icon=image:1846/30", "icon=image:port",
          "icon=image:18_los_angeles/meat", "path=a:4,b:_0", "path=a:5,b:_0"): ("B1",),
    _tile("offboard=revenue:yellow_30|brown_50,groups:E|NE|SE", "label=E", "icon=image:1846/30", "path=a:1,b:_0",
          "border=edge:1,type:mountain,cost:20"): ("B15",),
    _tile("offboard=revenue:yellow_20|brown_70,groups:E|NE|SE", "label=E", "icon=image:1846/30", "path=a:1,b:_0",
          "path=a:2,b:_0"): ("C14",),
    _tile("offboard=revenue:yellow_0|brown_60,groups:W|NW|SW", "label=W", "icon=image:1846/20", "icon=image:port",
          "icon=image:18_los_angeles/meat", "path=a:3,b:_0", "path=a:4,b:_0"): ("D1",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:E|NE|SE", "label=E", "icon=image:1846/30", "path=a:0,b:_0",
          "path=a:1,b:_0"): ("D15",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:SE", "label=S/E", "icon=image:1846/20",
          "path=a:1,b:_0"): ("E16",),
    _tile("offboard=revenue:yellow_20|brown_50,groups:SE", "label=S/E", "border=edge:2,type:mountain,cost:20",
          "path=a:1,b:_0", "path=a:2,b:_0", "icon=image:1846/20", "icon=image:18_los_angeles/meat"): ("F15",),
    _tile("offboard=revenue:yellow_20|brown_40,groups:SW", "label=S/W", "path=a:3,b:_0",
          "icon=image:1846/50"): ("F7",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:20", "path=a:1,b:_0", "path=a:5,b:_0", "border=edge:4,type:mountain,cost:20"): ("A8",),
    _tile("city=revenue:20", "border=edge:2,type:mountain,cost:20", "border=edge:3,type:mountain,cost:20",
          "path=a:1,b:_0", "path=a:4,b:_0"): ("B11",),
    _tile("city=revenue:40,slots:2", "path=a:0,b:_0", "path=a:4,b:_0", "label=Z",
          "border=edge:0,type:water,cost:40"): ("C6",),
    _tile(*("city=revenue:10,groups:LongBeach",) * 4, "path=a:1,b:_0", "path=a:2,b:_1", "path=a:3,b:_2",
          "path=a:4,b:_3", "stub=edge:0", "label=LB"): ("E8",),
    _tile("city=revenue:20,slots:2", "path=a:1,b:_0", "path=a:3,b:_0"): ("F13",),
}

HEXES = {
    "white": WHITE_HEXES,
    "gray": GRAY_HEXES,
    "red": RED_HEXES,
    "yellow": YELLOW_HEXES,
}

#: Hexes outside the printed grid (drawn without coordinates).
IGNORE_FOR_AXES = ("a5", "a9", "G14")

TITLE: TitleSpec = replace(
    d1846.TITLE,
    title="18 Los Angeles 2",
    subtitle="Railroading in the City of Angels (2nd Edition)",
    designer="Anthony Fryer",
    publisher="Traxx",
    location="LA County, California, USA",
    rules_url="https://drive.google.com/file/d/1mno-8gmYlSjUSB91IcfW_Pvtcr1xUWiy/view?usp=sharing",
    info_url="https://github.com/tobymao/18xx/wiki/18LosAngeles",
    player_range=PLAYER_RANGE,
    bank_cash=BANK_CASH,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    hexes=HEXES,
    location_names=LOCATION_NAMES,
    tiles=TILES,
    custom_tiles=CUSTOM_TILES,
    companies=COMPANIES,
    minors=MINORS,
    corporations=CORPORATIONS,
    trains=TRAINS,
    optional_rules=OPTIONAL_RULES,
    mutex_rules=(),
    events_text=EVENTS_TEXT,
    # The home station goes down when the corporation is parred (the PER chooses it then); seats are
    # re-ordered by cash, the poorest first, before every stock round.
    rules=replace(d1846.RULES, home_token_timing="par", next_sr_player_order="least_cash"),
)
