"""Shikoku 1889 (Yasutaka Ikeda), the title's facts as data.

The island of Shikoku: seven privately held railways, seven public corporations that float at 50%,
a yen bank of 7,000, a flat-topped map with diesel values on the off-board areas.  Behaviour that is
not data (the Ehime Railway's tile lay paid by its seller, the two-player and beginner set-ups, the
step lists) lives in ``rules.py``.
"""

from __future__ import annotations

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

# =============================================================================================
# Players, bank and certificates
# =============================================================================================

PLAYER_RANGE = (2, 6)

BANK_CASH = 7_000

STARTING_CASH = {
    2: 420,
    3: 420,
    4: 420,
    5: 390,
    6: 390,
}

CERT_LIMIT = {
    2: 25,
    3: 19,
    4: 14,
    5: 12,
    6: 11,
}

# =============================================================================================
# Rule switches (everything else is the engine default: see ``RuleSet``)
# =============================================================================================

RULES = RuleSet(
    # All the shares of one corporation a player sells in a turn go in one sale.
    must_sell_in_blocks=True,
    # A president raising money for a train may not sell so much that another corporation's
    # presidency changes hands ...
    ebuy_pres_swap=False,
    # ... and an emergency purchase comes from the depot only.
    ebuy_from_others="never",
    # Every floated corporation's home station is placed at the start of each operating round
    # (it only has an effect the first time).
    home_token_timing="operating_round",
    currency_format="¥%s",
)

# =============================================================================================
# Optional rules
# =============================================================================================

OPTIONAL_RULES = (
    OptionalRuleSpec(
        sym="beginner_game",
        short_name="Beginner Game",
        desc="Simpler private companies (dealt at random, one per player, at face value), extra "
        "beginner tiles, and the game starts with a stock round.",
    ),
)

# The beginner game: the privates used by player count, and their changed values and revenues.
BEGINNER_GAME_PRIVATES: dict[int, tuple[str, ...]] = {
    2: ("DR", "SIR"),
    3: ("DR", "SIR", "ER"),
    4: ("DR", "SIR", "ER", "SMR"),
    5: ("DR", "SIR", "ER", "SMR", "TR"),
    6: ("DR", "SIR", "ER", "SMR", "TR", "MF"),
}
BEGINNER_GAME_PRIVATE_VALUES: dict[str, int] = {"TR": 20, "MF": 40, "ER": 40, "SMR": 60, "DR": 60, "SIR": 90}
BEGINNER_GAME_PRIVATE_REVENUES: dict[str, int] = {"TR": 5, "MF": 15, "ER": 15, "SMR": 20, "DR": 20, "SIR": 25}
#: hexes whose blockers and port icons the beginner game removes
BEGINNER_GAME_CLEARED_HEXES: tuple[str, ...] = ("C4", "K4", "B11", "G10", "I12", "J9")

# =============================================================================================
# Private companies (auctioned in this order)
# =============================================================================================

TAKAMATSU_E_RAILROAD = CompanySpec(
    sym="TR",
    name="Takamatsu E-Railroad",
    value=20,
    revenue=5,
    desc="No special ability. Blocks Takamatsu (K4) while a player owns it.",
    abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["K4"]},),
)

MITSUBISHI_FERRY = CompanySpec(
    sym="MF",
    name="Mitsubishi Ferry",
    value=30,
    revenue=5,
    desc="The owning player may lay the port tile (437) on one empty coastal town (B11, G10, I12 or J9), "
    "in a stock round, in their own corporation's track step, or between corporations' turns; no "
    "connection is needed. The company stays open.",
    abilities=(
        {
            "type": "tile_lay",
            "when": ["stock_round", "owning_player_track", "or_between_turns"],
            "hexes": ["B11", "G10", "I12", "J9"],
            "tiles": ["437"],
            "owner_type": "player",
            "count": 1,
        },
    ),
)

EHIME_RAILWAY = CompanySpec(
    sym="ER",
    name="Ehime Railway",
    value=40,
    revenue=10,
    desc="When a corporation buys it, the selling player may at once lay a green tile on Ohzu (C4), paid "
    "by the seller, besides the corporation's own lay. The company stays open. "
    "Blocks C4 while a player owns it.",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["C4"]},
        {
            "type": "tile_lay",
            "hexes": ["C4"],
            "tiles": ["12", "13", "14", "15", "205", "206"],
            "when": "sold",
            "owner_type": "corporation",
            "count": 1,
        },
    ),
)

SUMITOMO_MINES_RAILWAY = CompanySpec(
    sym="SMR",
    name="Sumitomo Mines Railway",
    value=50,
    revenue=15,
    desc="The owning corporation pays nothing for mountain hexes (¥80) that have no river as well. "
    "The company stays open.",
    abilities=(
        {"type": "tile_discount", "discount": 80, "terrain": "mountain", "owner_type": "corporation"},
    ),
)

DOUGO_RAILWAY = CompanySpec(
    sym="DR",
    name="Dougo Railway",
    value=60,
    revenue=15,
    desc="The owning player may exchange it for a 10% Iyo Railway share from the initial offering.",
    abilities=(
        {"type": "exchange", "corporations": ["IR"], "owner_type": "player", "when": "any", "from": "ipo"},
    ),
)

SOUTH_IYO_RAILWAY = CompanySpec(
    sym="SIR",
    name="South Iyo Railway",
    value=80,
    revenue=20,
    desc="No special ability. Not used in two-player games.",
)

UNO_TAKAMATSU_FERRY = CompanySpec(
    sym="UTF",
    name="Uno-Takamatsu Ferry",
    value=150,
    revenue=30,
    desc="Only with four or more players. Does not close while a player owns it; if a player owns it "
    "when the first 5-train is bought, it can no longer be sold to a corporation and pays ¥50.",
    min_players=4,
    abilities=(
        {"type": "close", "on_phase": "never", "owner_type": "player"},
        {"type": "revenue_change", "revenue": 50, "on_phase": "5", "owner_type": "player"},
    ),
)

COMPANIES = (
    TAKAMATSU_E_RAILROAD,
    MITSUBISHI_FERRY,
    EHIME_RAILWAY,
    SUMITOMO_MINES_RAILWAY,
    DOUGO_RAILWAY,
    SOUTH_IYO_RAILWAY,
    UNO_TAKAMATSU_FERRY,
)

# =============================================================================================
# Corporations: 50% to float; home hex; station token prices (the home token is free)
# =============================================================================================

CORPORATIONS = (
    CorporationSpec(
        sym="AR",
        name="Awa Railroad",
        coordinates="K8",  # Tokushima
        tokens=(0, 40),
        color="#37383a",
        float_percent=50,
    ),
    CorporationSpec(
        sym="IR",
        name="Iyo Railway",
        coordinates="E2",  # Matsuyama
        tokens=(0, 40),
        color="#f48221",
        float_percent=50,
    ),
    CorporationSpec(
        sym="SR",
        name="Sanuki Railway",
        coordinates="I2",  # Marugame
        tokens=(0, 40),
        color="#76a042",
        float_percent=50,
    ),
    CorporationSpec(
        sym="KO",
        name="Takamatsu & Kotohira Electric Railway",
        coordinates="K4",  # Takamatsu
        tokens=(0, 40),
        color="#d81e3e",
        float_percent=50,
    ),
    CorporationSpec(
        sym="TR",
        name="Tosa Electric Railway",
        coordinates="F9",  # Kouchi
        tokens=(0, 40, 40),
        color="#00a993",
        float_percent=50,
    ),
    CorporationSpec(
        sym="KU",
        name="Tosa Kuroshio Railway",
        coordinates="C10",  # Kubokawa
        tokens=(0,),
        color="#0189d1",
        float_percent=50,
    ),
    CorporationSpec(
        sym="UR",
        name="Uwajima Railway",
        coordinates="B7",  # Uwajima
        tokens=(0, 40, 40),
        color="#6f533e",
        float_percent=50,
    ),
)

# =============================================================================================
# Stock market: 11 rows, par values in column 3.  Letters: p par value, y yellow (shares do not
# count towards the certificate limit), o orange (a player may hold more than 60%).
# =============================================================================================

MARKET = (
    ("75", "80", "90", "100p", "110", "125", "140", "155", "175", "200", "225", "255", "285", "315", "350"),
    ("70", "75", "80", "90p", "100", "110", "125", "140", "155", "175", "200", "225", "255", "285", "315"),
    ("65", "70", "75", "80p", "90", "100", "110", "125", "140", "155", "175", "200"),
    ("60", "65", "70", "75p", "80", "90", "100", "110", "125", "140"),
    ("55", "60", "65", "70p", "75", "80", "90", "100"),
    ("50y", "55", "60", "65p", "70", "75", "80"),
    ("45y", "50y", "55", "60", "65", "70"),
    ("40y", "45y", "50y", "55", "60"),
    ("30o", "40y", "45y", "50y"),
    ("20o", "30o", "40y", "45y"),
    ("10o", "20o", "30o", "40y"),
)  # fmt: skip

# =============================================================================================
# Trains (sold from the depot in this order)
# =============================================================================================

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=6, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=5, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=4, rusts_on="D"),
    # The first 5-train closes the private companies (the UTF stays open while a player owns it).
    TrainSpec(name="5", distance=5, price=450, num=3, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=2),
    # Diesels: unlimited, on sale once the first 6-train is bought; a 4, 5 or 6 may be traded in
    # for ¥300 off.  Off-board areas pay their diesel value to a D train.
    TrainSpec(
        name="D",
        distance=999,
        price=1100,
        num="unlimited",
        available_on="6",
        discount={"4": 300, "5": 300, "6": 300},
    ),
)

# =============================================================================================
# Phases: a phase starts when the first train of its name is bought
# =============================================================================================

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1),
    PhaseSpec(
        name="3",
        on="3",
        train_limit=4,
        tiles=("yellow", "green"),
        operating_rounds=2,
        status=("can_buy_companies",),
    ),
    PhaseSpec(
        name="4",
        on="4",
        train_limit=3,
        tiles=("yellow", "green"),
        operating_rounds=2,
        status=("can_buy_companies",),
    ),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="D", on="D", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
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
        "All private companies close, unless their text says otherwise",
    ),
}

# =============================================================================================
# Tile supply (engine catalogue numbers: count), then the beginner game's own tiles
# =============================================================================================

TILES = {
    "3": 2,  # yellow, town
    "5": 2,  # yellow, city
    "6": 2,  # yellow, city
    "7": 2,  # yellow, sharp curve
    "8": 5,  # yellow, gentle curve
    "9": 5,  # yellow, straight
    "12": 1,  # green, city
    "13": 1,  # green, city
    "14": 1,  # green, city (2 stations)
    "15": 3,  # green, city (2 stations)
    "16": 1,  # green, track
    "19": 1,  # green, track
    "20": 1,  # green, track
    "23": 2,  # green, track
    "24": 2,  # green, track
    "25": 1,  # green, track
    "26": 1,  # green, track
    "27": 1,  # green, track
    "28": 1,  # green, track
    "29": 1,  # green, track
    "39": 1,  # brown, track
    "40": 1,  # brown, track
    "41": 1,  # brown, track
    "42": 1,  # brown, track
    "45": 1,  # brown, track
    "46": 1,  # brown, track
    "47": 1,  # brown, track
    "57": 2,  # yellow, city
    "58": 3,  # yellow, town
    "205": 1,  # green, city
    "206": 1,  # green, city
    "437": 1,  # yellow, port town (Mitsubishi Ferry)
    "438": 1,  # yellow, Kotohira (H)
    "439": 1,  # green, Kotohira (H)
    "440": 1,  # green, Takamatsu (T)
    "448": 4,  # brown, city
    "465": 1,  # brown, Kouchi (K)
    "466": 1,  # brown, Takamatsu (T)
    "492": 1,  # brown, Kotohira (H)
    "611": 2,  # brown, city
    # Beginner game only (removed from the supply otherwise).
    "Beg6": 2,
    "Beg7": 1,
    "Beg8": 1,
    "Beg9": 1,
    "Beg23": 1,
    "Beg24": 1,
}

#: Tiles of the supply that are not engine-catalogue numbers: the beginner game's simplified tiles.
CUSTOM_TILES = {
    "Beg6": CustomTileSpec(color="yellow", code=_tile("city=revenue:20", "path=a:0,b:_0", "path=a:2,b:_0")),
    "Beg7": CustomTileSpec(color="yellow", code="path=a:0,b:1"),
    "Beg8": CustomTileSpec(color="yellow", code="path=a:0,b:2"),
    "Beg9": CustomTileSpec(color="yellow", code="path=a:0,b:3"),
    "Beg23": CustomTileSpec(color="green", code=_tile("path=a:0,b:3", "path=a:0,b:4")),
    "Beg24": CustomTileSpec(color="green", code=_tile("path=a:0,b:3", "path=a:0,b:2")),
}

#: The prefix of the beginner tiles' names.
BEGINNER_TILE_PREFIX = "Beg"

# =============================================================================================
# Place names
# =============================================================================================

LOCATION_NAMES = {
    "F3": "Saijou",
    "G4": "Niihama",
    "H7": "Ikeda",
    "A10": "Sukumo",
    "J11": "Anan",
    "G12": "Nahari",
    "E2": "Matsuyama",
    "I2": "Marugame",
    "K8": "Tokushima",
    "C10": "Kubokawa",
    "J5": "Ritsurin Kouen",
    "G10": "Nangoku",
    "J9": "Komatsujima",
    "I12": "Muki",
    "B11": "Nakamura",
    "I4": "Kotohira",
    "C4": "Ohzu",
    "K4": "Takamatsu",
    "B7": "Uwajima",
    "B3": "Yawatahama",
    "G14": "Muroto",
    "F1": "Imabari",
    "J1": "Sakaide & Okayama",
    "L7": "Naruto & Awaji",
    "F9": "Kouchi",
}

# =============================================================================================
# The preprinted map (flat-topped hexes: letters are columns, numbers rows)
# =============================================================================================

# White hexes: empty land, with terrain costs, cities and towns waiting for their first tile.
WHITE_HEXES: dict[str, tuple[str, ...]] = {
    # plain land (written as an empty code: the tiles are named after their hex, "D3-0")
    "": ("D3", "H3", "J3", "B5", "C8", "E8", "I8", "D9", "I10"),
    # cities (Matsuyama E2, Marugame I2, Tokushima K8 and Kubokawa C10 are homes)
    "city=revenue:0": ("F3", "G4", "H7", "A10", "J11", "G12", "E2", "I2", "K8", "C10"),
    # Ritsurin Kouen
    "town=revenue:0": ("J5",),
    # the coastal towns where the Mitsubishi Ferry may lay its port
    _tile("town=revenue:0", "icon=image:port"): ("B11", "G10", "I12", "J9"),
    # river (¥80)
    "upgrade=cost:80,terrain:water": ("K6",),
    # river and mountain (¥80; the Sumitomo Mines discount does not apply)
    "upgrade=cost:80,terrain:water|mountain": ("H5", "I6"),
    # mountains (¥80)
    "upgrade=cost:80,terrain:mountain": (
        "E4",
        "D5",
        "F5",
        "C6",
        "E6",
        "G6",
        "D7",
        "F7",
        "A8",
        "G8",
        "B9",
        "H9",
        "H11",
        "H13",
    ),
    # Kotohira (H), ¥80 to build
    _tile("city=revenue:0", "label=H", "upgrade=cost:80"): ("I4",),
}

# Yellow hexes: printed yellow.
YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    # Ohzu (blocked by the Ehime Railway)
    _tile("city=revenue:20", "path=a:2,b:_0"): ("C4",),
    # Takamatsu (T), KO home (blocked by the Takamatsu E-Railroad)
    _tile("city=revenue:30", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "label=T"): ("K4",),
}

# Gray hexes: fixed track, never upgraded.
GRAY_HEXES: dict[str, tuple[str, ...]] = {
    # Uwajima, UR home (two stations)
    _tile("city=revenue:40,slots:2", "path=a:1,b:_0", "path=a:3,b:_0", "path=a:5,b:_0"): ("B7",),
    # Yawatahama
    _tile("town=revenue:20", "path=a:0,b:_0", "path=a:_0,b:5"): ("B3",),
    # Muroto
    _tile("town=revenue:20", "path=a:3,b:_0", "path=a:_0,b:4"): ("G14",),
    # plain track
    "path=a:1,b:5": ("J7",),
}

# Red off-board areas: revenue in yellow/green phases | in brown phases | to a D train.
RED_HEXES: dict[str, tuple[str, ...]] = {
    # Imabari
    _tile("offboard=revenue:yellow_30|brown_60|diesel_100", "path=a:0,b:_0", "path=a:1,b:_0"): ("F1",),
    # Sakaide & Okayama
    _tile("offboard=revenue:yellow_20|brown_40|diesel_80", "path=a:0,b:_0", "path=a:1,b:_0"): ("J1",),
    # Naruto & Awaji
    _tile("offboard=revenue:yellow_20|brown_40|diesel_80", "path=a:1,b:_0", "path=a:2,b:_0"): ("L7",),
}

# Green hexes: printed green.
GREEN_HEXES: dict[str, tuple[str, ...]] = {
    # Kouchi (K), TR home: two stations, ¥80 to upgrade
    _tile(
        "city=revenue:30,slots:2",
        "path=a:2,b:_0",
        "path=a:3,b:_0",
        "path=a:4,b:_0",
        "path=a:5,b:_0",
        "label=K",
        "upgrade=cost:80",
    ): ("F9",),
}

HEXES = {
    "white": WHITE_HEXES,
    "yellow": YELLOW_HEXES,
    "gray": GRAY_HEXES,
    "red": RED_HEXES,
    "green": GREEN_HEXES,
}

# =============================================================================================
# The title
# =============================================================================================

TITLE = TitleSpec(
    title="1889",
    subtitle="",
    designer="Yasutaka Ikeda (池田 康隆)",
    publisher="Grand Trunk Games",
    location="Japan",
    rules_url="https://boardgamegeek.com/filepage/267620/shikoku-1889-rulebook-compressed",
    info_url="https://github.com/tobymao/18xx/wiki/1889",
    layout="flat",
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
