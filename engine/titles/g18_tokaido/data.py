"""18Tokaido (Douglas Triggs): railways of central Japan - the title's facts.

Two to four players; five private companies (drafted in a snake, auctioned in a waterfall, or bought in the
first stock round), seven corporations (fewer than four players: one leaves at random unless "No Discard"),
trains from 2 to the D, which ends the game; the next train is exported after each set of operating rounds.
Its optional rules change the data: "Local" (a few more tiles, no yellow market zone), "Limited Express"
(50% floats, one 6 train less, a dearer D, an 1882-like market with an end-game cell).
"""

from __future__ import annotations

from dataclasses import replace

from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    Count,
    CustomTileSpec,
    OptionalRuleSpec,
    PhaseSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 4)
BANK_CASH = 12_000
STARTING_CASH = {2: 820, 3: 550, 4: 480}
#: Eight certificates per corporation in play, shared among the players (rounded down).
CERT_LIMIT = {
    2: {6: 24, 7: 28},
    3: {6: 16, 7: 18},
    4: {6: 12, 7: 14},
}

NEWBIE = "newbie_rules"
LIMITED_EXPRESS = "limited_express"
PASS_PRIORITY = "pass_priority"
NO_CORPORATION_DISCARD = "no_corporation_discard"
SNAKE_DRAFT = "snake_draft"
WATERFALL_AUCTION = "waterfall_auction"

OPTIONAL_RULES = (
    OptionalRuleSpec(sym=NEWBIE, short_name="Local 普通",
                     desc="[newbie variant] slightly expanded tileset, removes yellow zone from stock market"),
    OptionalRuleSpec(sym=LIMITED_EXPRESS, short_name="Limited Express 特急",
                     desc="[brutal variant] one less 6 train, 50% to float, 1882-like stock market",
                     # sales before and after the buy of a stock turn; the end-game cell ends the round
                     rule_changes={"sell_buy_order": "sell_buy_sell",
                                   "game_end_check": (("bankrupt", "immediate"), ("stock_market", "current_round"),
                                                      ("final_phase", "full_or"))}),
    OptionalRuleSpec(sym=PASS_PRIORITY, short_name="Pass Priority", players=(3, 4),
                     desc="player order in stock round determined by order of passing in previous stock round",
                     rule_changes={"next_sr_player_order": "first_to_pass"}),
    OptionalRuleSpec(sym=NO_CORPORATION_DISCARD, short_name="No Discard", players=(2, 3),
                     desc="skips removing a random railroad corporation from the game"),
    OptionalRuleSpec(sym=SNAKE_DRAFT, short_name="Snake Draft", desc="snake draft for privates"),
    OptionalRuleSpec(sym=WATERFALL_AUCTION, short_name="Waterfall Auction",
                     desc="standard waterfall auction for privates"),
)
MUTEX_RULES = ((SNAKE_DRAFT, WATERFALL_AUCTION), (LIMITED_EXPRESS, NEWBIE))

RULES = RuleSet(
    capitalization="full",
    must_sell_in_blocks=False,
    # a stock turn: sell, then buy (Limited Express: sell, buy, sell)
    sell_buy_order="sell_buy",
    game_end_check=(("bankrupt", "immediate"), ("final_phase", "full_or")),
    currency_format="¥%s",
)

# =============================================================================================
# Private companies
# =============================================================================================

COMPANIES = (
    CompanySpec(
        sym="KRC", name="Kyoto Railway Company", value=20, revenue=5,
        desc="No special ability. Blocks hex D8 while owned by a player.",
        abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["D8"]},),
    ),
    CompanySpec(
        sym="SRT", name="Sasago Railway Tunnel", value=40, revenue=10,
        desc="Reduces, for the owning corporation, the cost of laying all mountain tiles by ¥20.",
        abilities=({"type": "tile_discount", "discount": 20, "terrain": "mountain", "owner_type": "corporation"},),
    ),
    CompanySpec(
        sym="FM", name="Fish Market", value=60, revenue=10,
        desc="The owning corporation may assign the Fish Market to any port location (C13, E3, F10, G1, or J10) to "
             "add ¥10 to all routes it runs to this location until the end of the game. Pays no other revenue to a "
             "corporation.",
        abilities=(
            {"type": "close", "on_phase": "never", "owner_type": "corporation"},
            {"type": "assign_hexes", "when": "owning_corp_or_turn", "hexes": ["C13", "E3", "F10", "G1", "J10"],
             "count": 1, "owner_type": "corporation"},
            {"type": "assign_corporation", "when": "any", "count": 1, "owner_type": "corporation"},
        ),
    ),
    CompanySpec(
        sym="SMT", name="Stationmaster Tama", value=60, revenue=10,
        desc="Provides an additional station marker (that costs ¥40 to place) to corporation that buys this private "
             "from a player, awarded at time of purchase.  Closes when purchased by a corporation.",
        abilities=({"type": "additional_token", "count": 1, "owner_type": "corporation"},),
    ),
    CompanySpec(
        sym="ST", name="Sleeper Train", value=80, revenue=15,
        desc="Adds ¥10 per city (not town, port, or connection) visited by any one train of the owning corporation. "
             "Pays no other revenue to a corporation. Never closes once purchased by a corporation.",
        abilities=({"type": "close", "on_phase": "never", "owner_type": "corporation"},),
    ),
)

#: What the Stationmaster Tama's extra station costs to place.
ADDITIONAL_TOKEN_PRICE = 40
#: The companies that pay nothing once a corporation owns them.
NO_CORPORATE_REVENUE = ("FM", "ST")
#: The Fish Market's bonus at its port; the Sleeper Train's per city of the owner's best train.
FISH_MARKET_BONUS = 10
SLEEPER_BONUS = 10

# =============================================================================================
# Corporations
# =============================================================================================


def _corp(sym: str, name: str, tokens: tuple[int, ...], coordinates: str, color: str, text_color: str = "white",
          city: int | None = None) -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=tokens, coordinates=coordinates, city=city, color=color,
                           text_color=text_color, float_percent=60)


CORPORATIONS = (
    _corp("YSL", "Yokohama-Shinbashi Line", (0, 40), "I9", "#d81e3e"),
    _corp("SRC", "San'yo Railway Co.", (0, 40, 60), "B12", "#7b352a"),
    _corp("KAN", "Kansai Railway Co.", (0, 40, 60), "C11", "#237333", city=1),
    _corp("ARC", "Aichi Railway Co.", (0, 40), "F8", "#FFF500", "black"),
    _corp("NRC", "Nippon Railway Co.", (0, 40, 60), "J8", "black", city=1),
    _corp("SHI", "Shinano Railway Co.", (0, 40, 60), "J2", "#0189d1"),
    _corp("NAN", "Nanao Railway Co.", (0, 40, 60), "F4", "#a2dced", "black"),
)

# =============================================================================================
# Market
# =============================================================================================

MARKET = (
    ("80", "85", "90", "100", "110", "125", "140", "160", "180", "200", "225", "250", "275", "300", "325", "350",
     "375"),
    ("75", "80", "85", "90", "100", "110", "125", "140", "160", "180", "200", "225", "250", "275", "300", "325",
     "350"),
    ("70", "75", "80", "85", "95p", "105", "115", "130", "145", "160", "180", "200"),
    ("65", "70", "75", "80p", "85", "95", "105", "115", "130", "145"),
    ("60", "65", "70p", "75", "80", "85", "95", "105"),
    ("55y", "60", "65", "70", "75", "80"),
    ("50y", "55y", "60", "65"),
    ("40y", "45y", "50y"),
)

#: "Local": no yellow zone.
NEWBIE_MARKET = tuple(tuple(cell.removesuffix("y") for cell in row) for row in MARKET)

#: "Limited Express": an 1882-like market with an end-game cell.
LIMITED_EXPRESS_MARKET = (
    ("76", "82", "90", "100p", "112", "126", "142", "160", "180", "200", "225", "250", "275", "300e"),
    ("70", "76", "82", "90p", "100", "112", "126", "142", "160", "180", "200", "220", "240", "260"),
    ("65", "70", "76", "82p", "90", "100", "111", "125", "140", "155", "170", "185"),
    ("60y", "66", "71", "76p", "82", "90", "100", "110", "120", "130"),
    ("55y", "62", "67", "71p", "76", "82", "90", "100"),
    ("50y", "58y", "65", "67p", "71", "75", "80"),
    ("45o", "54y", "63", "67", "69", "70"),
    ("40o", "50y", "60y", "67", "68"),
    ("30b", "40o", "50y", "60y"),
    ("20b", "30b", "40o", "50y"),
    ("10b", "20b", "30b", "40o"),
)

# =============================================================================================
# Trains and phases
# =============================================================================================

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, rusts_on="4", num=7, num_by_players={4: 8}),
    TrainSpec(name="3", distance=3, price=180, rusts_on="6", num=5),
    TrainSpec(name="4", distance=4, price=300, rusts_on="D", num=4),
    TrainSpec(name="5", distance=5, price=500, num=3, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=3, num_by_option={LIMITED_EXPRESS: 2}),
    TrainSpec(name="D", distance=999, price=900, num=20, available_on="6",
              events=({"type": "signal_end_game"},), discount={"4": 200, "5": 200, "6": 200}),
)

#: "Limited Express": the D costs ¥1100, ¥300 off for a 4, 5 or 6.
LIMITED_EXPRESS_D = {"price": 1100, "discount": {"4": 300, "5": 300, "6": 300}}

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="D", on="D", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=3),
)

STATUS_TEXT = {"can_buy_companies": ("Can Buy Companies", "Corporations may buy private companies from players")}
EVENTS_TEXT = {
    "signal_end_game": ("Triggers End Game",
                        "Game ends after next set of ORs when D train purchased or exported, purchasing a D train "
                        "triggers a stock round immediately after current OR"),
}

# =============================================================================================
# Tiles
# =============================================================================================


def _two_cities(revenue: int, paths: tuple[str, ...], label: str) -> str:
    return _tile(f"city=revenue:{revenue}", f"city=revenue:{revenue}", *paths, f"label={label}")


CUSTOM_TILES = {
    "X3": CustomTileSpec("green", _two_cities(40, ("path=a:0,b:_0", "path=a:_0,b:2", "path=a:3,b:_1",
                                                   "path=a:_1,b:5"), "OO")),
    "X5": CustomTileSpec("green", _two_cities(40, ("path=a:3,b:_0", "path=a:_0,b:5", "path=a:0,b:_1",
                                                   "path=a:_1,b:4"), "OO")),
    "X10": CustomTileSpec("green", _two_cities(40, ("path=a:0,b:_0", "path=a:_0,b:1", "path=a:3,b:_1",
                                                    "path=a:_1,b:4"), "O")),
    "X11": CustomTileSpec("green", _two_cities(40, ("path=a:0,b:_0", "path=a:_0,b:3", "path=a:2,b:_1",
                                                    "path=a:_1,b:5"), "O")),
    "X12": CustomTileSpec("green", _two_cities(40, ("path=a:0,b:_0", "path=a:_0,b:1", "path=a:3,b:_1",
                                                    "path=a:_1,b:4"), "OO")),
    "X13": CustomTileSpec("brown", _tile("city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:1,b:_0",
                                         "path=a:2,b:_0", "path=a:5,b:_0", "path=a:4,b:_0", "label=O")),
    "X14": CustomTileSpec("brown", _tile("city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:1,b:_0",
                                         "path=a:2,b:_0", "path=a:5,b:_0", "path=a:4,b:_0", "label=OO")),
    "X15": CustomTileSpec("gray", _tile("city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:1,b:_0",
                                        "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "label=Y")),
    "X16": CustomTileSpec("gray", _tile("city=revenue:80,slots:3", "path=a:0,b:_0", "path=a:1,b:_0",
                                        "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0",
                                        "label=O")),
    "X17": CustomTileSpec("gray", _tile("city=revenue:100,slots:3", "path=a:0,b:_0", "path=a:1,b:_0",
                                        "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "path=a:5,b:_0",
                                        "label=OO")),
}

TILES: dict[str, Count] = {
    # yellow
    "3": 2, "4": 3, "5": 2, "6": 2, "7": "unlimited", "8": "unlimited", "9": "unlimited", "57": 2, "58": 3,
    "201": 1, "202": 1, "621": 1,
    # green
    "14": 4, "15": 4, "16": 1, "19": 1, "20": 1, "23": 3, "24": 3, "25": 2, "26": 1, "27": 1, "28": 1, "29": 1,
    "30": 1, "31": 1, "87": 1, "88": 1, "204": 1, "207": 1, "208": 1, "619": 1, "622": 1,
    "X3": 1, "X5": 1, "X10": 1, "X11": 1, "X12": 1,
    # brown
    "39": 1, "40": 1, "41": 1, "42": 1, "43": 2, "44": 1, "45": 1, "46": 1, "47": 2, "70": 1, "216": 3, "611": 3,
    "X13": 1, "X14": 1,
    # gray
    "915": 1, "X15": 1, "X16": 1, "X17": 1,
}

#: "Local": one more of each of these.
NEWBIE_EXTRA_TILES = ("204", "207", "208", "619", "622")

# =============================================================================================
# The map (flat-topped)
# =============================================================================================

LOCATION_NAMES = {
    "A7": "North Chūgoku", "A11": "South Chūgoku", "A13": "Shikoku", "B6": "Maizuru", "B12": "Kōbe",
    "C9": "Kyōto", "C11": "Ōsaka", "C13": "Ōsaka-wan", "D6": "Tsuruga", "D10": "Nara", "D12": "Wakayama",
    "E3": "Nihon-kai", "E7": "Biwa-ko", "F4": "Kanazawa", "F8": "Nagoya", "F10": "Ise-wan", "G1": "Toyama-wan",
    "G3": "Toyama", "G5": "Takayama", "G9": "Hamamatsu", "H8": "Fuji-san", "H10": "Shizuoka", "I3": "Matsumoto",
    "I7": "Hachiōji", "I9": "Yokohama", "J2": "Nagano", "J6": "Takasaki", "J8": "Tōkyō", "J10": "Tōkyō-wan",
    "K1": "West Tōhoku", "K7": "Tsukuba", "K9": "Chiba", "L6": "East Tōhoku",
}

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "white": {
        "": ("C7", "D8", "E5", "E9", "E11", "F2", "G7", "K5"),
        "upgrade=cost:40,terrain:mountain": ("B8", "B10", "F6", "H2", "H4", "H6", "H8", "I1", "I5", "J4", "K3"),
        "town=revenue:0": ("B6", "D10", "D6", "D12", "I3", "I7", "J6", "K7", "K9"),
        _tile("town=revenue:0", "upgrade=cost:40,terrain:mountain"): ("G5",),
        "city=revenue:0": ("B12", "G3", "I9"),
        _tile("city=revenue:0", "label=Y"): ("C9", "F8"),
    },
    "yellow": {
        _tile("city=revenue:30", "city=revenue:30", "path=a:1,b:_0", "path=a:3,b:_1", "label=O"): ("C11",),
        _tile("city=revenue:20", "path=a:2,b:_0", "path=a:4,b:_0"): ("F4",),
        _tile("city=revenue:30", "city=revenue:30", "path=a:1,b:_0", "path=a:4,b:_1", "label=OO"): ("J8",),
        _tile("city=revenue:30", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:4,b:_0", "label=Y"): ("J2",),
    },
    "gray": {
        "path=a:2,b:3": ("E13",),
        _tile("town=revenue:20", "path=a:2,b:_0", "path=a:_0,b:5"): ("G9",),
        _tile("town=revenue:20", "path=a:2,b:_0", "path=a:_0,b:4"): ("H10",),
    },
    "red": {
        _tile("offboard=revenue:yellow_10|green_20|brown_30|gray_40", "path=a:4,b:_0", "path=a:5,b:_0"): ("A7",),
        _tile("offboard=revenue:yellow_20|green_30|brown_40|gray_50,groups:Chuugoku", "path=a:4,b:_0",
              "path=a:5,b:_0"): ("A11",),
        _tile("offboard=revenue:yellow_10|green_20|brown_30|gray_40", "path=a:4,b:_0"): ("A13",),
        _tile("offboard=revenue:yellow_20|green_30|brown_40", "path=a:0,b:_0", "path=a:1,b:_0"): ("K1",),
        _tile("offboard=revenue:yellow_20|green_30|brown_40|gray_50", "path=a:1,b:_0", "path=a:2,b:_0"): ("L6",),
    },
    "blue": {
        "": ("E7",),
        _tile("offboard=revenue:yellow_30|green_40|brown_60|gray_80", "path=a:2,b:_0", "path=a:3,b:_0"): ("C13",),
        _tile("offboard=revenue:yellow_30|green_40|brown_60", "path=a:5,b:_0"): ("E3",),
        _tile("offboard=revenue:yellow_20|green_30|brown_40|gray_60", "path=a:3,b:_0"): ("F10",),
        _tile("offboard=revenue:yellow_20|green_30|brown_40", "path=a:0,b:_0"): ("G1",),
        _tile("offboard=revenue:yellow_40|green_60|brown_80|gray_100", "path=a:2,b:_0", "path=a:3,b:_0"): ("J10",),
    },
}

TITLE = TitleSpec(
    title="18Tokaido",
    designer="Douglas Triggs",
    location="Central Japan",
    rules_url="https://github.com/tobymao/18xx/wiki/18Tokaido",
    info_url="https://github.com/tobymao/18xx/wiki/18Tokaido",
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
    mutex_rules=MUTEX_RULES,
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)


def spec_for(optional_rules: list[str] | tuple[str, ...]) -> TitleSpec:
    """The title's data with the optional rules' changes to the market, tiles, trains and floats."""
    spec = TITLE
    if NEWBIE in optional_rules:
        tiles = dict(TILES)
        for name in NEWBIE_EXTRA_TILES:
            count = tiles[name]
            assert isinstance(count, int)
            tiles[name] = count + 1
        spec = replace(spec, market=NEWBIE_MARKET, tiles=tiles)
    elif LIMITED_EXPRESS in optional_rules:
        trains = tuple(replace(t, **LIMITED_EXPRESS_D) if t.name == "D" else t for t in TRAINS)  # type: ignore[arg-type]
        corporations = tuple(replace(c, float_percent=50) for c in CORPORATIONS)
        spec = replace(spec, market=LIMITED_EXPRESS_MARKET, trains=trains, corporations=corporations)
    return spec
