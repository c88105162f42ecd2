"""1850 Jr (Gabriele Callari, Fabio Pellegrino), the title's facts as data.

Sicily: three private companies, four corporations, a lire bank of 6,000, a flat-topped map whose blue
ports add half a route's value (rounded down to ten) to a route that reaches them through two other stops.
One depot train per corporation and operating round in every phase.  Behaviour that is not data lives in
``rules.py``.
"""

from __future__ import annotations

from engine.steps.single_depot_train_buy import STATUS_TEXT as SINGLE_DEPOT_STATUS_TEXT
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    CustomTileSpec,
    PhaseSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (3, 6)
BANK_CASH = 6_000
STARTING_CASH = {3: 680, 4: 510, 5: 408, 6: 340}
CERT_LIMIT = {3: 10, 4: 8, 5: 6, 6: 5}

RULES = RuleSet(
    track_restriction="permissive",
    sell_buy_order="sell_buy_sell",
    tile_reservation_blocks_others="always",
    currency_format="L.%s",
)

#: the group of the port off-boards, and the fewest stops of a route through a port (the port included)
PORT_GROUP = "port"
PORT_MIN_STOPS = 3

COMPANIES = (
    CompanySpec(
        sym="TCM", name="Trenino Corleone-Monreale", value=40, revenue=10,
        desc="A corporation owning the TCM may lay a tile on D4 without cost, even if this hex is not connected "
        "to the corporation's track, in addition to its normal tile placement. Blocks D4 while owned by a player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["D4"]},
            {"type": "tile_lay", "owner_type": "corporation", "hexes": ["D4"], "free": True,
             "tiles": ["7", "8", "9"], "when": "owning_corp_or_turn", "count": 1},
        ),
    ),
    CompanySpec(
        sym="FSM", name="Ferrovia Siracusana Marittima", value=110, revenue=20,
        desc="The owning player may exchange it for a 10% share of the SFA from the bank or the pool (not above "
        "60%), in a stock round turn or between other turns. This closes the company. Blocks G9 while owned by a "
        "player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["G9"]},
            {"type": "exchange", "corporations": ["SFA"], "owner_type": "player", "when": "any",
             "from": ["ipo", "market"]},
        ),
    ),
    CompanySpec(
        sym="SFT", name="Strada di Ferro Trinacria", value=220, revenue=30,
        desc="The owner receives the IFT's president's certificate. Never sold to a corporation; closes when the "
        "IFT buys its first train. Blocks F6 and G5 while owned by a player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["F6", "G5"]},
            {"type": "close", "when": "bought_train", "corporation": "IFT"},
            {"type": "no_buy"},
            {"type": "shares", "shares": "IFT_0"},
        ),
    ),
)

CORPORATIONS = (
    CorporationSpec(sym="IFT", name="Impresa Ferroviaria Trinacria", tokens=(0, 40, 100), coordinates="G5",
                    color="#0189d1"),
    CorporationSpec(sym="SFA", name="Società Ferroviaria Akragas", tokens=(0, 40, 100, 100), coordinates="D6",
                    color="pink", text_color="black"),
    CorporationSpec(sym="CTL", name="Compagnia Transporti Lilibeo", tokens=(0, 40, 100), coordinates="B4",
                    color="#FFF500", text_color="black"),
    CorporationSpec(sym="RCS", name="Rete Centrale Sicula", tokens=(0, 40), coordinates="D2", city=1,
                    color="#f48221"),
)

MARKET = (
    ("60y", "67", "71", "76", "82", "90", "100p", "112", "126", "142", "160", "180", "200", "225", "250", "275",
     "300", "325", "350"),
    ("53y", "60y", "66", "70", "76", "82", "90p", "100", "112", "126", "142", "160", "180", "200", "220", "240",
     "260", "280", "300"),
    ("46y", "55y", "60y", "65", "70", "76", "82p", "90", "100", "111", "125", "140", "155", "170", "185", "200"),
    ("39o", "48y", "54y", "60y", "66", "71", "76p", "82", "90", "100", "110", "120", "130"),
    ("32o", "41o", "48y", "55y", "62", "67", "71p", "76", "82", "90", "100"),
    ("25b", "34o", "42o", "50y", "58y", "65", "67p", "71", "75", "80"),
    ("18b", "27b", "36o", "45o", "54y", "63", "67", "69", "70"),
    ("10b", "20b", "30b", "40o", "50y", "60y", "67", "68"),
    ("", "10b", "20b", "30b", "40o", "50y", "60y"),
    ("", "", "10b", "20b", "30b", "40o", "50y"),
    ("", "", "", "10b", "20b", "30b", "40o"),
)  # fmt: skip

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=3, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=3, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=2, rusts_on="D"),
    TrainSpec(name="5", distance=5, price=450, num=1, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=1),
    TrainSpec(name="D", distance=999, price=1100, num=4, discount={"4": 300, "5": 300, "6": 300}),
)

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1,
              status=("limited_train_buy",)),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "limited_train_buy")),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "limited_train_buy")),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=("limited_train_buy",)),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=("limited_train_buy",)),
    PhaseSpec(name="D", on="D", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=("limited_train_buy",)),
)

STATUS_TEXT = {
    "can_buy_companies": ("Can Buy Companies", "All corporations can buy companies from players"),
    **SINGLE_DEPOT_STATUS_TEXT,
}
EVENTS_TEXT = {
    "close_companies": ("Companies Close", "All companies unless otherwise noted are discarded from the game"),
}

TILES = {
    "1": 1, "2": 1, "3": 2, "4": 2, "7": 4, "8": 8, "9": 7, "55": 1, "56": 1, "57": 4, "58": 2, "69": 1,
    "14": 3, "15": 2, "16": 1, "18": 1, "19": 1, "20": 1, "23": 3, "24": 3, "25": 1, "26": 1, "27": 1, "28": 1,
    "29": 1, "53": 1, "54": 1, "59": 1,
    "39": 1, "40": 1, "41": 2, "42": 2, "43": 2, "44": 1, "45": 2, "46": 2, "47": 1, "61": 1, "62": 1, "63": 2,
    "64": 1, "65": 1, "66": 1, "67": 1, "68": 1, "70": 1,
}  # fmt: skip

#: 1850 Jr's own versions of the C (Catania) and P (Palermo) city tiles
CUSTOM_TILES = {
    "53": CustomTileSpec(color="green", code=_tile(
        "city=revenue:50", "path=a:0,b:_0", "path=a:2,b:_0", "path=a:4,b:_0", "label=C")),
    "54": CustomTileSpec(color="green", code=_tile(
        "city=revenue:60", "city=revenue:60", "path=a:0,b:_0", "path=a:5,b:_0", "path=a:1,b:_1", "path=a:2,b:_1",
        "label=P")),
    "61": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:60", "path=a:0,b:_0", "path=a:2,b:_0", "path=a:4,b:_0", "path=a:1,b:_0", "label=C")),
    "62": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:80,slots:2", "city=revenue:80,slots:2", "path=a:0,b:_0", "path=a:5,b:_0", "path=a:1,b:_1",
        "path=a:2,b:_1", "label=P")),
}

LOCATION_NAMES = {
    "A5": "Tunisia", "B4": "Trapani & Marsala", "C1": "Genova", "C3": "Partinico & Alcamo", "D2": "Palermo",
    "D6": "Girgenti", "E5": "Caltanissetta", "E9": "Malta", "F2": "San Stefano", "F6": "Caltagirone",
    "F8": "Terranova", "G5": "Catania", "H0": "Napoli", "H2": "Messina", "H8": "Siracusa",
    "I1": "Villa San Giovanni", "I3": "Taranto",
}  # fmt: skip

_PORT = "offboard=revenue:yellow_0,groups:port,route:never"

BLUE_HEXES: dict[str, tuple[str, ...]] = {
    _tile(_PORT, "path=a:4,b:_0", "icon=image:port"): ("A5", "E9"),
    _tile(_PORT, "path=a:5,b:_0", "icon=image:port", "border=edge:0,type:impassable"): ("C1",),
    _tile(_PORT, "path=a:0,b:_0", "icon=image:port"): ("H0",),
    _tile(_PORT, "path=a:1,b:_0", "icon=image:port"): ("I1",),
    _tile(_PORT, "path=a:2,b:_0", "icon=image:port"): ("I3",),
}

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("B2", "E3", "E7", "G9", "H4"),
    "upgrade=cost:120,terrain:mountain": ("C5", "D4", "F4", "G7"),
    "city=revenue:0": ("D6", "F8", "H2"),
    _tile("town=revenue:0", "upgrade=cost:120,terrain:mountain"): ("F2", "F6"),
    _tile("upgrade=cost:120,terrain:mountain", "border=edge:0,type:impassable"): ("G3",),
    _tile("town=revenue:0", "town=revenue:0", "border=edge:3,type:impassable"): ("C3",),
    _tile("city=revenue:0", "upgrade=cost:120,terrain:mountain"): ("E5",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:0", "city=revenue:0", "label=OO"): ("B4",),
    _tile("city=revenue:40", "city=revenue:40", "path=a:2,b:_0", "path=a:5,b:_1", "label=P"): ("D2",),
    _tile("city=revenue:30", "path=a:0,b:_0", "path=a:4,b:_0", "border=edge:3,type:impassable", "label=C"): ("G5",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    "path=a:4,b:5": ("A3",),
    "path=a:1,b:5": ("G1",),
    "path=a:0,b:1": ("H6",),
    _tile("city=revenue:30", "path=a:1,b:_0", "path=a:3,b:_0"): ("H8",),
}

HEXES = {"blue": BLUE_HEXES, "white": WHITE_HEXES, "yellow": YELLOW_HEXES, "gray": GRAY_HEXES}

TITLE = TitleSpec(
    title="1850Jr",
    designer="Gabriele Callari, Fabio Pellegrino",
    location="Sicily",
    rules_url="https://boardgamegeek.com/filepage/268508/rules-english",
    info_url="https://github.com/tobymao/18xx/wiki/1850jr",
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
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)
