"""1846: The Race for the Midwest (Thomas Lehmann), the title's facts as data.

What is printed in the box or written in the rulebook: bank and certificates by player count, the
private companies (two of them minor railroads), the seven corporations with their reserved
station slots, the one-row stock market with its closing cell, trains with their N/M variants,
the four phases, the tile supply with the Z and Chicago tiles, and the map with its bonus icons.

Set-up facts that the rules in ``rules.py`` act on are here too: the private company groups and
the corporation group from which companies are removed at random, the icons each special ability
leaves on the map, and the number of trains by player count.  The draft itself lives in
``draft.py``.
"""

from __future__ import annotations

from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    Count,
    CustomTileSpec,
    MinorSpec,
    OptionalRuleSpec,
    PhaseSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

# =============================================================================================
# Players, bank and certificates
# =============================================================================================

PLAYER_RANGE = (3, 5)

BANK_CASH = {
    3: 6500,
    4: 7500,
    5: 9000,
}

STARTING_CASH = {
    3: 400,
    4: 400,
    5: 400,
}

#: The certificate limit depends on the players and on how many corporations are left after the
#: set-up removals: players -> {corporations in play: limit}.
CERT_LIMIT = {
    3: {5: 14, 4: 11},
    4: {6: 12, 5: 10, 4: 8},
    5: {7: 11, 6: 10, 5: 8, 4: 6},
}

# =============================================================================================
# Rule switches (everything else is the engine default: see ``RuleSet``)
# =============================================================================================

RULES = RuleSet(
    # Money from the treasury (IPO) goes straight to the corporation, share by share.
    capitalization="incremental",
    # A stock turn: sell first, then buy one certificate.
    sell_buy_order="sell_buy",
    # A president may sell at any time; other holders once the corporation has operated.
    sell_after="p_any_operate",
    # Only a sale by the president moves the price, one step left per sale.
    sell_movement="left_block_pres",
    # All shares of one corporation sold in one turn are sold together.
    must_sell_in_blocks=True,
    # At the end of a stock round, a corporation with shares in the market moves one step left.
    pool_share_drop="down_block",
    # Two tile lays per turn (at $20 each at least), at most one of them an upgrade.
    tile_lays=({"lay": True, "upgrade": True}, {"lay": True, "upgrade": "not_if_upgraded"}),
    tile_cost=20,
    # The home station goes down as soon as the corporation floats.
    home_token_timing="float",
    # A corporation without a train must buy one, route or not.
    must_buy_train="always",
    # Emergency buys: from the depot only, any train, after issuing shares if possible.
    ebuy_from_others="never",
    ebuy_depot_train_must_be_cheapest=False,
    must_emergency_issue_before_ebuy=True,
    # Bankrupt players' corporations go into receivership; the game goes on until one is left.
    bankruptcy_ends_game_after="all_but_one",
    # "final_train" applies to the two-player variant only (``rules.py`` leaves it out).
    game_end_check=(
        ("bankrupt", "immediate"),
        ("bank", "full_or"),
        ("all_closed", "immediate"),
        ("final_train", "one_more_full_or_set"),
    ),
    currency_format="$%s",
)

# =============================================================================================
# Optional rules
# =============================================================================================

FIRST_EDITION = "first_ed"
SECOND_EDITION_GUARANTEED = "second_ed_co"

OPTIONAL_RULES = (
    OptionalRuleSpec(
        sym=FIRST_EDITION,
        short_name="1st Edition Private Companies",
        desc="Play with the first edition's private companies: Boomtown and Little Miami are left out.",
        players=(2, 3, 4, 5),
    ),
    OptionalRuleSpec(
        sym=SECOND_EDITION_GUARANTEED,
        short_name="Guarantee 2E and C&O",
        desc="Boomtown, Little Miami and the Chesapeake & Ohio are never among the companies removed "
        "at set-up.",
        players=(2, 3, 4, 5),
    ),
)

MUTEX_RULES = ((FIRST_EDITION, SECOND_EDITION_GUARANTEED),)

# =============================================================================================
# Private companies (the draft deck; the "Pass" cards are added per player by ``rules.py``)
# =============================================================================================

MICHIGAN_SOUTHERN = CompanySpec(
    sym="MS",
    name="Michigan Southern (Minor)",
    value=60,
    revenue=0,
    # Drafted for $140: the card's $60 treasury plus $80.
    discount=-80,
    desc="A minor railroad: starts with $60, a 2-train and a station in Detroit (C15); always operates "
    "first and shares its revenue half and half with its owner. A corporation that buys it takes over "
    "its cash, train and station, but cannot run that train in the round the minor already ran it.",
)

BIG_4 = CompanySpec(
    sym="BIG4",
    name="Big 4 (Minor)",
    value=40,
    revenue=0,
    # Drafted for $100: the card's $40 treasury plus $60.
    discount=-60,
    desc="A minor railroad: starts with $40, a 2-train and a station in Indianapolis (G9); operates "
    "after the Michigan Southern and before the corporations, and shares its revenue half and half "
    "with its owner. A corporation that buys it takes over its cash, train and station, but cannot run "
    "that train in the round the minor already ran it.",
)

CHICAGO_WESTERN_INDIANA = CompanySpec(
    sym="C&WI",
    name="Chicago and Western Indiana",
    value=60,
    revenue=10,
    desc="Holds a station slot in the south-east city of Chicago (D6, next to E7). The owning "
    "corporation may place an extra station there for free, without a connection. The slot is "
    "released when a corporation buys this company or when it closes.",
    abilities=(
        {
            "type": "token",
            "when": "owning_corp_or_turn",
            "owner_type": "corporation",
            "hexes": ["D6"],
            "city": 3,
            "price": 0,
            "teleport_price": 0,
            "count": 1,
            "extra_action": True,
        },
        {"type": "reservation", "remove": "sold", "hex": "D6", "city": 3},
    ),
)

MAIL_CONTRACT = CompanySpec(
    sym="MAIL",
    name="Mail Contract",
    value=80,
    revenue=0,
    desc="The owning corporation's longest run earns $10 more per city it visits. Never closes once a "
    "corporation owns it; closes in phase III while a player owns it.",
    abilities=({"type": "close", "on_phase": "never", "owner_type": "corporation"},),
)

TUNNEL_BLASTING = CompanySpec(
    sym="TBC",
    name="Tunnel Blasting Company",
    value=60,
    revenue=20,
    desc="The owning corporation pays $20 less for mountains (brown triangles) and tunnels (brown hex "
    "edges).",
    abilities=(
        {
            "type": "tile_discount",
            "discount": 20,
            "terrain": "mountain",
            "owner_type": "corporation",
        },
    ),
)

MEAT_PACKING = CompanySpec(
    sym="MPC",
    name="Meat Packing Company",
    value=60,
    revenue=15,
    desc="Once a corporation owns it, it places a $30 bonus on St. Louis (I1) or Chicago (D6) for that "
    "corporation. The bonus outlives the company's closing in phase III and is removed in phase IV.",
    abilities=(
        {
            "type": "assign_hexes",
            "when": "owning_corp_or_turn",
            "hexes": ["I1", "D6"],
            "count": 1,
            "owner_type": "corporation",
        },
        {
            "type": "assign_corporation",
            "when": "sold",
            "count": 1,
            "owner_type": "corporation",
        },
    ),
)

STEAMBOAT = CompanySpec(
    sym="SC",
    name="Steamboat Company",
    value=40,
    revenue=10,
    desc="A port bonus: $40 at Wheeling (G19) or Holland (B8), $20 at Chicago Connections (C5), Toledo "
    "(D14) or St. Louis (I1). While a player owns it, the owner may move the bonus to another port "
    "and/or railroad (minors included) at the start of each operating round; once a corporation buys "
    "it, it stays with that corporation. The bonus outlives the company's closing in phase III and is "
    "removed in phase IV.",
    abilities=(
        {
            "type": "assign_hexes",
            "hexes": ["B8", "C5", "D14", "I1", "G19"],
            "count_per_or": 1,
            "when": "or_start",
            "owner_type": "player",
        },
        {
            "type": "assign_corporation",
            "count_per_or": 1,
            "when": "or_start",
            "owner_type": "player",
        },
        {
            "type": "assign_hexes",
            "when": ["track_and_token", "route"],
            "hexes": ["B8", "C5", "D14", "I1", "G19"],
            "count_per_or": 1,
            "owner_type": "corporation",
        },
        {
            "type": "assign_corporation",
            "when": "sold",
            "count": 1,
            "owner_type": "corporation",
        },
    ),
)

LAKE_SHORE_LINE = CompanySpec(
    sym="LSL",
    name="Lake Shore Line",
    value=40,
    revenue=15,
    desc="The owning corporation may make one extra, free green upgrade of Cleveland (E17) or Toledo "
    "(D14).",
    abilities=(
        {
            "type": "tile_lay",
            "when": "owning_corp_or_turn",
            "owner_type": "corporation",
            "free": True,
            "hexes": ["D14", "E17"],
            "tiles": ["14", "15", "619", "294", "295", "296"],
            "special": False,
            "count": 1,
        },
    ),
)

MICHIGAN_CENTRAL = CompanySpec(
    sym="MC",
    name="Michigan Central",
    value=40,
    revenue=15,
    desc="Keeps B10 and B12 free of track while a player owns it. The owning corporation may lay up to "
    "two extra, free yellow tiles there, without a connection; two tiles must connect to each other.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["B10", "B12"]},
        {
            "type": "tile_lay",
            "when": "owning_corp_or_turn",
            "owner_type": "corporation",
            "free": True,
            "must_lay_together": True,
            "hexes": ["B10", "B12"],
            "tiles": ["7", "8", "9"],
            "count": 2,
        },
    ),
)

OHIO_INDIANA = CompanySpec(
    sym="O&I",
    name="Ohio & Indiana",
    value=40,
    revenue=15,
    desc="Keeps F14 and F16 free of track while a player owns it. The owning corporation may lay up to "
    "two extra, free yellow tiles there, without a connection; two tiles must connect to each other.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F14", "F16"]},
        {
            "type": "tile_lay",
            "when": "owning_corp_or_turn",
            "owner_type": "corporation",
            "free": True,
            "must_lay_together": True,
            "hexes": ["F14", "F16"],
            "tiles": ["7", "8", "9"],
            "count": 2,
        },
    ),
)

BOOMTOWN = CompanySpec(
    sym="BT",
    name="Boomtown",
    value=40,
    revenue=10,
    desc="Once a corporation owns it, it places a $20 bonus on Cincinnati (H12) for that corporation. "
    "The bonus outlives the company's closing in phase III and is removed in phase IV. (Second "
    "edition.)",
    abilities=(
        {
            "type": "assign_hexes",
            "when": "owning_corp_or_turn",
            "hexes": ["H12"],
            "count": 1,
            "owner_type": "corporation",
        },
        {
            "type": "assign_corporation",
            "when": "sold",
            "count": 1,
            "owner_type": "corporation",
        },
    ),
)

LITTLE_MIAMI = CompanySpec(
    sym="LM",
    name="Little Miami",
    value=40,
    revenue=15,
    desc="While no track joins Cincinnati (H12) and Dayton (G13), the owning corporation may lay or "
    "upgrade one extra tile in each of the two hexes ($20 off each) to join them, without a connection. "
    "(Second edition.)",
    abilities=(
        {
            "type": "tile_lay",
            "when": "owning_corp_or_turn",
            "owner_type": "corporation",
            "discount": 20,
            "must_lay_together": True,
            "hexes": ["H12", "G13"],
            "tiles": ["5", "6", "57", "14", "15", "619", "291", "292", "293", "294", "295", "296"],
            "count": 2,
            "special": False,
            "connect": False,
            "reachable": False,
        },
    ),
)

COMPANIES = (
    MICHIGAN_SOUTHERN,
    BIG_4,
    CHICAGO_WESTERN_INDIANA,
    MAIL_CONTRACT,
    TUNNEL_BLASTING,
    MEAT_PACKING,
    STEAMBOAT,
    LAKE_SHORE_LINE,
    MICHIGAN_CENTRAL,
    OHIO_INDIANA,
    BOOMTOWN,
    LITTLE_MIAMI,
)

#: The second-edition companies, left out with the ``first_ed`` option.
SECOND_EDITION_COMPANIES = ("BT", "LM")

#: The draft's "Pass (n)" cards, one per player: choosing one means buying nothing this pick.
PASS_CARD_NAME = "Pass ({})"
PASS_CARD_DESC = "Choose this card to buy none of the offered companies this turn."


def pass_card(number: int) -> CompanySpec:
    """The ``number``-th (1-based) "Pass" card of the draft deck."""
    name = PASS_CARD_NAME.format(number)
    return CompanySpec(sym=name, name=name, value=0, revenue=0, desc=PASS_CARD_DESC)


# =============================================================================================
# Set-up removals: from each group, (5 - players) are removed at random (one more from each
# private group in the second edition).  Groups are written with the companies' names.
# =============================================================================================

ORANGE_GROUP = ("Lake Shore Line", "Michigan Central", "Ohio & Indiana", "Little Miami")
BLUE_GROUP = ("Steamboat Company", "Meat Packing Company", "Tunnel Blasting Company", "Boomtown")
#: The corporations one of which leaves the game with four players (two with three).
GREEN_GROUP = ("C&O", "ERIE", "PRR")
#: Never removed with the ``second_ed_co`` option.
GUARANTEED_BY_SECOND_ED_CO = ("Boomtown", "Little Miami", "C&O")

# =============================================================================================
# Icons: which icon on the map belongs to which special ability (removed with it)
# =============================================================================================

ABILITY_ICONS = {
    "SC": "port",
    "MPC": "meat",
    "LSL": "lsl",
    "BT": "boom",
    "LM": "lm",
    "IC": "ic",
}

BOOMTOWN_HEXES = ("H12",)
LITTLE_MIAMI_HEXES = ("H12", "G13")
LAKE_SHORE_LINE_HEXES = ("D14", "E17")
MEAT_HEXES = ("D6", "I1")
STEAMBOAT_HEXES = ("B8", "C5", "D14", "I1", "G19")

# =============================================================================================
# Corporations: 20% floats; the market price is always the share price; home hex; token prices
# =============================================================================================


def _reserved_slot(hex_id: str, price: int, teleport_price: int | None = None, *, count: int | None = None,
                   slot: int | None = None, description: str, detail: str) -> tuple[dict[str, object], ...]:
    """A station slot held for the corporation until phase IV, and the cheap token that may use it."""
    token: dict[str, object] = {"type": "token", "description": description, "desc_detail": detail,
                                "hexes": [hex_id]}
    if count is not None:
        token["count"] = count
    token["price"] = price
    if teleport_price is not None:
        token["teleport_price"] = teleport_price
    reservation: dict[str, object] = {"type": "reservation", "hex": hex_id}
    if slot is not None:
        reservation["slot"] = slot
    reservation["remove"] = "IV"
    return (token, reservation)


PENNSYLVANIA = CorporationSpec(
    sym="PRR",
    name="Pennsylvania Railroad",
    coordinates="F20",  # Homewood
    tokens=(0, 80, 80, 80, 80),
    color="#FF0000",
    float_percent=20,
    always_market_price=True,
    abilities=_reserved_slot(
        "E11", 40, 60,
        description="Reserved $40 token/$60 teleport on E11",
        detail="A station in Fort Wayne (E11) costs $40 with a connection, $60 without. The slot is held "
        "until phase IV.",
    ),
)

NEW_YORK_CENTRAL = CorporationSpec(
    sym="NYC",
    name="New York Central Railroad",
    coordinates="D20",  # Erie
    tokens=(0, 80, 80, 80),
    color="#110a0c",
    float_percent=20,
    always_market_price=True,
)

BALTIMORE_OHIO = CorporationSpec(
    sym="B&O",
    name="Baltimore & Ohio Railroad",
    coordinates="G19",  # Wheeling
    tokens=(0, 80, 80, 80),
    color="#025aaa",
    float_percent=20,
    always_market_price=True,
    abilities=_reserved_slot(
        "H12", 40, 100, count=1,
        description="Reserved $40 token/$100 teleport on H12",
        detail="A station in Cincinnati (H12) costs $40 with a connection, $100 without. The slot is held "
        "until phase IV.",
    ),
)

CHESAPEAKE_OHIO = CorporationSpec(
    sym="C&O",
    name="Chesapeake & Ohio Railroad",
    coordinates="I15",  # Huntington
    tokens=(0, 80, 80, 80),
    color="#ADD8E6",
    text_color="black",
    float_percent=20,
    always_market_price=True,
)

ERIE = CorporationSpec(
    sym="ERIE",
    name="Erie Railroad",
    coordinates="E21",  # Salamanca
    tokens=(0, 80, 80, 80),
    color="#FFF500",
    text_color="black",
    float_percent=20,
    always_market_price=True,
    abilities=_reserved_slot(
        "D20", 40, count=1, slot=1,
        description="Reserved $40 token in Erie (D20)",
        detail="A station in Erie (D20) costs $40 with a connection. The slot is held until phase IV.",
    ),
)

GRAND_TRUNK = CorporationSpec(
    sym="GT",
    name="Grand Trunk Railway",
    coordinates="B16",  # Port Huron
    tokens=(0, 80, 80),
    color="#f58121",
    float_percent=20,
    always_market_price=True,
)

ILLINOIS_CENTRAL = CorporationSpec(
    sym="IC",
    name="Illinois Central Railroad",
    coordinates="K3",  # Cairo
    tokens=(0, 80, 80, 80),
    color="#32763f",
    float_percent=20,
    always_market_price=True,
    abilities=(
        # The subsidy (its par price, paid when it pars) is paid by ``rules.py``; this flag goes
        # away at par.
        {
            "type": "base",
            "description": "Receives an initial subsidy of 1x par value",
            "desc_detail": "The IC receives its par price from the bank once, when it is parred.",
            "remove": "par",
        },
        {
            "type": "tile_lay",
            "discount": 20,
            "description": 'Free yellow tile lays on "IC" hexes',
            "desc_detail": "Yellow tiles on the hexes with an IC icon (E5, F6, G5, H6 and J4) cost the "
            "IC nothing.",
            "passive": True,
            "when": "track_and_token",
            "hexes": ["E5", "F6", "G5", "H6", "J4"],
            "tiles": ["7", "8", "9"],
        },
        *_reserved_slot(
            "I5", 40, count=1,
            description="Reserved $40 Centralia (I5) token",
            detail="A station in Centralia (I5) costs $40 with a connection. The slot is held until "
            "phase IV.",
        ),
    ),
)

CORPORATIONS = (
    PENNSYLVANIA,
    NEW_YORK_CENTRAL,
    BALTIMORE_OHIO,
    CHESAPEAKE_OHIO,
    ERIE,
    GRAND_TRUNK,
    ILLINOIS_CENTRAL,
)

#: Where a removed corporation's second station would go (two-player variant only).
REMOVED_CORP_SECOND_TOKEN = {
    "B&O": "H12",
    "C&O": "H12",
    "ERIE": "D20",
    "GT": "D14",
    "IC": "G7",
    "NYC": "E17",
    "PRR": "E11",
}

# =============================================================================================
# Minors: the two minor railroads behind the MS and BIG4 cards
# =============================================================================================

MINORS = (
    MinorSpec(
        sym="MS",
        name="Michigan Southern",
        coordinates="C15",  # Detroit
        tokens=(0,),
        color="pink",
        text_color="black",
    ),
    MinorSpec(
        sym="BIG4",
        name="Big 4",
        coordinates="G9",  # Indianapolis
        tokens=(0,),
        color="cyan",
        text_color="black",
    ),
)

# =============================================================================================
# Stock market: one row.  "c": a corporation whose price reaches $0 closes; "p": par prices.
# =============================================================================================

MARKET = (
    (
        "0c", "10", "20", "30",
        "40p", "50p", "60p", "70p", "80p", "90p", "100p", "112p", "124p", "137p", "150p",
        "165", "180", "195", "212", "230", "250", "270", "295", "320", "345", "375", "405", "440", "475",
        "510", "550",
    ),
)  # fmt: skip

# =============================================================================================
# Trains (sold from the depot in this order).  Every rank but the 2 can be bought as its cheaper
# or dearer N/M variant: an N/M train visits up to M stops and is paid for the best N of them.
# =============================================================================================

#: An N/M train's distance: visit up to ``visit`` cities/off-boards, paid for ``pay`` of them.
def _n_m(pay: int, visit: int) -> list[dict[str, object]]:
    return [{"nodes": ["city", "offboard"], "pay": pay, "visit": visit}]


TRAINS = (
    TrainSpec(
        name="2", distance=2, price=80, obsolete_on="5", rusts_on="6",
        num=9, num_by_players={3: 7, 4: 8, 5: 9},
    ),
    TrainSpec(
        name="4", distance=4, price=180, obsolete_on="6",
        variants=({"name": "3/5", "distance": _n_m(3, 5), "price": 160},),
        num=6, num_by_players={3: 4, 4: 5, 5: 6},
    ),
    TrainSpec(
        name="5", distance=5, price=500,
        variants=({"name": "4/6", "distance": _n_m(4, 6), "price": 450},),
        # The first 5 closes the private companies (and the minors).
        events=({"type": "close_companies"},),
        num=5, num_by_players={3: 3, 4: 4, 5: 5},
    ),
    TrainSpec(
        name="6", distance=6, price=800,
        variants=({"name": "7/8", "distance": _n_m(7, 8), "price": 900},),
        # The first 6 ends the assigned bonuses and the reserved station slots.
        events=({"type": "remove_bonuses"}, {"type": "remove_reservations"}),
        num=9,
    ),
)

# =============================================================================================
# Phases: two operating rounds per set throughout
# =============================================================================================

PHASES = (
    PhaseSpec(
        name="I", on=None, train_limit=4, tiles=("yellow",), operating_rounds=2,
        status=("can_buy_companies",),
    ),
    PhaseSpec(
        name="II", on="4", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
        status=("can_buy_companies",),
    ),
    PhaseSpec(name="III", on="5", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=2),
    PhaseSpec(name="IV", on="6", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=2),
)

STATUS_TEXT = {
    "can_buy_companies": (
        "Can Buy Companies",
        "Corporations may buy private companies from players",
    ),
}

EVENTS_TEXT = {
    "close_companies": (
        "Companies Close",
        "The private companies and the minors close, unless their text says otherwise",
    ),
    "remove_bonuses": (
        "Remove Bonuses",
        "The Steamboat, Meat Packing and Boomtown bonuses are removed",
    ),
    "remove_reservations": (
        "Remove Reservations",
        "The corporations' reserved station slots are released",
    ),
}

# =============================================================================================
# Tile supply: engine catalogue numbers, then 1846's own Z and Chicago tiles
# =============================================================================================

CUSTOM_TILES = {
    # Z cities (Detroit, Cleveland, Cincinnati): yellow 291-293, green 294-296, brown 297, gray 290
    "290": CustomTileSpec(
        "gray",
        _tile("city=revenue:70,slots:3", "label=Z", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0",
              "path=a:3,b:_0", "path=a:4,b:_0"),
    ),
    "291": CustomTileSpec("yellow", _tile("city=revenue:40", "path=a:0,b:_0", "path=a:1,b:_0", "label=Z")),
    "292": CustomTileSpec("yellow", _tile("city=revenue:40", "path=a:0,b:_0", "path=a:2,b:_0", "label=Z")),
    "293": CustomTileSpec("yellow", _tile("city=revenue:40", "path=a:0,b:_0", "path=a:3,b:_0", "label=Z")),
    "294": CustomTileSpec(
        "green",
        _tile("city=revenue:50,slots:2", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:3,b:_0", "path=a:4,b:_0",
              "label=Z"),
    ),
    "295": CustomTileSpec(
        "green",
        _tile("city=revenue:50,slots:2", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0",
              "label=Z"),
    ),
    "296": CustomTileSpec(
        "green",
        _tile("city=revenue:50,slots:2", "path=a:0,b:_0", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0",
              "label=Z"),
    ),
    "297": CustomTileSpec(
        "brown",
        _tile("city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0",
              "path=a:4,b:_0", "label=Z"),
    ),
    # Chicago: four one-slot cities, each joined to the west edge (2)
    "298": CustomTileSpec(
        "green",
        _tile("city=revenue:40", "city=revenue:40", "city=revenue:40", "city=revenue:40",
              "path=a:0,b:_0", "path=a:_0,b:2", "path=a:3,b:_1", "path=a:_1,b:2", "path=a:4,b:_2",
              "path=a:_2,b:2", "path=a:5,b:_3", "path=a:_3,b:2", "label=Chi"),
    ),
    "299": CustomTileSpec(
        "brown",
        _tile("city=revenue:70", "city=revenue:70", "city=revenue:70", "city=revenue:70",
              "path=a:0,b:_0", "path=a:_0,b:2", "path=a:3,b:_1", "path=a:_1,b:2", "path=a:4,b:_2",
              "path=a:_2,b:2", "path=a:5,b:_3", "path=a:_3,b:2", "label=Chi"),
    ),
    "300": CustomTileSpec(
        "gray",
        _tile("city=revenue:90", "city=revenue:90", "city=revenue:90", "city=revenue:90",
              "path=a:0,b:_0", "path=a:_0,b:2", "path=a:3,b:_1", "path=a:_1,b:2", "path=a:4,b:_2",
              "path=a:_2,b:2", "path=a:5,b:_3", "path=a:_3,b:2", "label=Chi"),
    ),
}

TILES: dict[str, Count] = {
    "5": 3,  # yellow, city
    "6": 4,  # yellow, city
    "7": "unlimited",  # yellow, sharp curve
    "8": "unlimited",  # yellow, gentle curve
    "9": "unlimited",  # yellow, straight
    "14": 4,  # green, city (2 stations)
    "15": 5,  # green, city (2 stations)
    "16": 2,  # green, track
    "17": 1,  # green, track
    "18": 1,  # green, track
    "19": 2,  # green, track
    "20": 2,  # green, track
    "21": 1,  # green, track
    "22": 1,  # green, track
    "23": 4,  # green, track
    "24": 4,  # green, track
    "25": 2,  # green, track
    "26": 1,  # green, track
    "27": 1,  # green, track
    "28": 1,  # green, track
    "29": 1,  # green, track
    "30": 1,  # green, track
    "31": 1,  # green, track
    "39": 1,  # brown, track
    "40": 1,  # brown, track
    "41": 2,  # brown, track
    "42": 2,  # brown, track
    "43": 2,  # brown, track
    "44": 1,  # brown, track
    "45": 2,  # brown, track
    "46": 2,  # brown, track
    "47": 2,  # brown, track
    "51": 2,  # gray, city
    "57": 4,  # yellow, city
    "70": 1,  # brown, track
    "290": 1,  # gray, Z city
    "291": 1,  # yellow, Z city
    "292": 1,  # yellow, Z city
    "293": 1,  # yellow, Z city
    "294": 2,  # green, Z city
    "295": 2,  # green, Z city
    "296": 1,  # green, Z city
    "297": 2,  # brown, Z city
    "298": 1,  # green, Chicago
    "299": 1,  # brown, Chicago
    "300": 1,  # gray, Chicago
    "611": 4,  # brown, city
    "619": 3,  # green, city
}

# =============================================================================================
# Place names
# =============================================================================================

LOCATION_NAMES = {
    "B8": "Holland",
    "B16": "Port Huron",
    "B18": "Sarnia",
    "C5": "Chicago Connections",
    "C9": "South Bend",
    "C15": "Detroit",
    "C17": "Windsor",
    "D6": "Chicago",
    "D14": "Toledo",
    "D20": "Erie",
    "D22": "Buffalo",
    "E11": "Fort Wayne",
    "E17": "Cleveland",
    "E21": "Salamanca",
    "E23": "Binghamton",
    "F20": "Homewood",
    "G3": "Springfield",
    "G7": "Terre Haute",
    "G9": "Indianapolis",
    "G13": "Dayton",
    "G15": "Columbus",
    "G19": "Wheeling",
    "G21": "Pittsburgh",
    "H12": "Cincinnati",
    "H20": "Cumberland",
    "I1": "St. Louis",
    "I5": "Centralia",
    "I15": "Huntington",
    "I17": "Charleston",
    "J10": "Louisville",
    "K3": "Cairo",
}

# =============================================================================================
# The preprinted map (pointy-topped hexes).  Icons mark bonuses: the numbers on the eastern
# off-boards and on the "W" (west) hexes are the East-West bonus; "port", "meat", "boom", "lsl",
# "lm" and "ic" mark the hexes of those abilities.
# =============================================================================================

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    # plain land
    "": (
        "B14", "C11", "C13", "D8", "D10", "D12", "E7", "E9", "E13", "E15", "F4", "F8", "F10", "F12",
        "G11", "H2", "H4", "H8", "H10", "I3", "I7", "I9", "J8", "D18", "B10", "B12", "F14", "F16",
    ),
    # a mountain pass edge ($40)
    _tile("border=edge:5,type:mountain,cost:40"): ("E19",),
    # the IC's free yellow tile hexes
    _tile("icon=image:1846/ic"): ("E5", "F6", "G5", "H6"),
    _tile("border=edge:4,type:water,cost:40", "icon=image:1846/ic"): ("J4",),
    # river edges ($40)
    _tile("border=edge:1,type:water,cost:40"): ("J6",),
    _tile("border=edge:3,type:water,cost:40"): ("I11",),
    # South Bend, Fort Wayne, Springfield, Terre Haute, Indianapolis, Columbus: cities
    _tile("city=revenue:0"): ("C9", "E11", "G3", "G7", "G9", "G15"),
    # Dayton (Little Miami)
    _tile("city=revenue:0", "icon=image:1846/lm,sticky:1"): ("G13",),
    # Port Huron (GT home), behind a mountain edge
    _tile("city=revenue:0", "border=edge:4,type:mountain,cost:40"): ("B16",),
    # Toledo: a port, and a Lake Shore Line city
    _tile("city=revenue:0", "icon=image:port,sticky:1", "icon=image:1846/lsl,sticky:1"): ("D14",),
    # Cleveland: a Z city of the Lake Shore Line
    _tile("city=revenue:0", "label=Z", "icon=image:1846/lsl,sticky:1"): ("E17",),
    # Cincinnati: a Z city across the river, Little Miami and Boomtown
    _tile(
        "city=revenue:0",
        "label=Z",
        "border=edge:0,type:water,cost:40",
        "icon=image:1846/lm,sticky:1",
        "icon=image:1846/boom,sticky:1",
    ): ("H12",),
    # mountains
    _tile("upgrade=cost:40,terrain:mountain", "border=edge:5,type:water,cost:40"): ("F18",),
    _tile("upgrade=cost:40,terrain:mountain"): ("H16",),
    _tile("upgrade=cost:40,terrain:mountain", "border=edge:4,type:water,cost:20"): ("G17",),
    _tile("upgrade=cost:60,terrain:mountain"): ("H14",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    # plain track
    _tile("path=a:0,b:5"): ("A15", "C7"),
    # Homewood (PRR home)
    _tile(
        "city=revenue:10",
        "path=a:1,b:_0",
        "path=a:2,b:_0",
        "path=a:4,b:_0",
        "path=a:5,b:_0",
        "border=edge:2,type:mountain,cost:40",
    ): ("F20",),
    # Centralia: two slots, one held for the IC
    _tile("city=revenue:10,slots:2", "path=a:1,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:0,b:_0"): ("I5",),
    # Huntington (C&O home)
    _tile("city=revenue:20", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0"): ("I15",),
    # Salamanca (ERIE home)
    _tile("city=revenue:10", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:4,b:_0"): ("E21",),
    # Cairo (IC home)
    _tile("city=revenue:20", "path=a:3,b:_0"): ("K3",),
}

RED_HEXES: dict[str, tuple[str, ...]] = {
    # Holland: a $40 port, off-board
    _tile("offboard=revenue:yellow_40|brown_10", "path=a:4,b:_0", "icon=image:port", "icon=image:port"): ("B8",),
    # Sarnia
    _tile(
        "offboard=revenue:yellow_30|brown_50,groups:E",
        "icon=image:1846/20",
        "path=a:1,b:_0",
        "label=E",
        "border=edge:1,type:mountain,cost:40",
    ): ("B18",),
    # Chicago Connections: west end, a port
    _tile(
        "offboard=revenue:yellow_20|brown_40",
        "icon=image:1846/50",
        "path=a:5,b:_0",
        "label=W",
        "icon=image:port",
    ): ("C5",),
    # Windsor
    _tile(
        "offboard=revenue:yellow_40|brown_60,groups:E",
        "icon=image:1846/30",
        "path=a:1,b:_0",
        "label=E",
        "border=edge:1,type:mountain,cost:60",
    ): ("C17",),
    # Buffalo: two hexes (C21 does not print its revenue)
    _tile(
        "offboard=revenue:yellow_30|brown_60,hide:1,groups:E",
        "icon=image:1846/30",
        "path=a:0,b:_0",
        "border=edge:5",
    ): ("C21",),
    _tile(
        "offboard=revenue:yellow_30|brown_60,groups:E",
        "icon=image:1846/30",
        "path=a:1,b:_0",
        "label=E",
        "border=edge:2",
    ): ("D22",),
    # Binghamton
    _tile("offboard=revenue:yellow_20|brown_50,groups:E", "icon=image:1846/30", "path=a:1,b:_0", "label=E"): ("E23",),
    # Charleston
    _tile("offboard=revenue:yellow_20|brown_50,groups:E", "icon=image:1846/20", "path=a:1,b:_0", "label=E"): ("I17",),
    # Pittsburgh: two hexes (F22 does not print its revenue)
    _tile(
        "offboard=revenue:yellow_30|brown_70,hide:1,groups:E",
        "icon=image:1846/20",
        "path=a:1,b:_0",
        "border=edge:0",
    ): ("F22",),
    _tile(
        "offboard=revenue:yellow_30|brown_70,groups:E",
        "border=edge:1,type:mountain,cost:20",
        "icon=image:1846/20",
        "path=a:1,b:_0",
        "path=a:2,b:_0",
        "label=E",
        "border=edge:3",
    ): ("G21",),
    # Cumberland
    _tile("offboard=revenue:yellow_20|brown_40,groups:E", "icon=image:1846/30", "path=a:2,b:_0", "label=E"): ("H20",),
    # St. Louis: west end, a port and a meat-packing city
    _tile(
        "offboard=revenue:yellow_50|brown_70,groups:St. Louis",
        "path=a:3,b:_0",
        "path=a:4,b:_0",
        "label=W",
        "icon=image:port",
        "icon=image:1846/meat",
        "icon=image:1846/20",
    ): ("I1",),
    # Louisville
    _tile("offboard=revenue:yellow_50|brown_70,groups:Louisville", "path=a:2,b:_0", "path=a:3,b:_0"): ("J10",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    # Detroit (MS home): a Z city across water, behind a mountain edge
    _tile(
        "city=revenue:40,slots:2",
        "path=a:1,b:_0",
        "path=a:3,b:_0",
        "label=Z",
        "upgrade=cost:40,terrain:water",
        "border=edge:4,type:mountain,cost:60",
    ): ("C15",),
    # Chicago: four cities (the C&WI holds a slot in the fourth), meat packing
    _tile(
        "city=revenue:10,groups:Chicago",
        "city=revenue:10,groups:Chicago",
        "city=revenue:10,groups:Chicago",
        "city=revenue:10,groups:Chicago",
        "path=a:0,b:_0",
        "path=a:3,b:_1",
        "path=a:4,b:_2",
        "path=a:5,b:_3",
        "label=Chi",
        "icon=image:1846/meat,sticky:1",
    ): ("D6",),
    # Erie (NYC home; a slot held for the ERIE)
    _tile("city=revenue:10,slots:2", "path=a:1,b:_0", "path=a:3,b:_0", "path=a:0,b:_0"): ("D20",),
    # Wheeling (B&O home): a port between rivers and a mountain
    _tile(
        "city=revenue:10",
        "path=a:5,b:_0",
        "border=edge:1,type:water,cost:20",
        "border=edge:2,type:water,cost:40",
        "border=edge:4,type:mountain,cost:20",
        "icon=image:port,sticky:1",
        "icon=image:port,sticky:1",
    ): ("G19",),
}

BLUE_HEXES: dict[str, tuple[str, ...]] = {
    # Lake Erie
    "": ("D16",),
}

HEXES = {
    "white": WHITE_HEXES,
    "gray": GRAY_HEXES,
    "red": RED_HEXES,
    "yellow": YELLOW_HEXES,
    "blue": BLUE_HEXES,
}

# =============================================================================================
# The title
# =============================================================================================

TITLE = TitleSpec(
    title="1846",
    subtitle="The Race for the Midwest",
    designer="Thomas Lehmann",
    publisher="GMT Games",
    location="Midwestern USA",
    rules_url="https://gmtwebsiteassets.s3.us-west-2.amazonaws.com/1846/1846-RULES-2021.pdf",
    info_url="https://github.com/tobymao/18xx/wiki/1846",
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
    minors=MINORS,
    corporations=CORPORATIONS,
    trains=TRAINS,
    phases=PHASES,
    rules=RULES,
    optional_rules=OPTIONAL_RULES,
    mutex_rules=MUTEX_RULES,
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)
