"""1882: Assiniboia (Marc Voyer), the title's facts as data.

Bank, certificates, the five privates, the seven railways (CN only owns the neutral stations), the market,
trains, phases, the tile supply and the preprinted map of Saskatchewan.  Behaviour (the neutral stations,
the Saskatchewan Central's par by exchange, the North West Rebellion, the Hudson Bay bonus) is in ``rules.py``.
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


def _water(edge: int, cost: int) -> str:
    return f"border=edge:{edge},type:water,cost:{cost}"


PLAYER_RANGE = (2, 6)
BANK_CASH = 9000
STARTING_CASH = {2: 900, 3: 600, 4: 450, 5: 360, 6: 300}
CERT_LIMIT = {2: 20, 3: 14, 4: 11, 5: 10, 6: 9}

RULES = RuleSet(
    sell_buy_order="sell_buy_sell",
    track_restriction="permissive",
    must_bid_increment_multiple=True,
    discarded_trains="remove",
    game_end_check=(("bankrupt", "immediate"), ("stock_market", "current_round"), ("bank", "full_or")),
    # Two yellow lays or one upgrade; the second tile costs $20.
    tile_lays=({"lay": True, "upgrade": True}, {"lay": "not_if_upgraded", "upgrade": False, "cost": 20}),
    currency_format="$%s",
)

#: The icon marking the hexes of the North West Rebellion.
NWR_ICON = "icon=image:1882/NWR,sticky:1"

COMPANIES = (
    CompanySpec(
        sym="HB",
        name="Hudson Bay",
        value=20,
        revenue=5,
        desc="Blocks hex C11 (Flin Flon) while owned by a player. Closes at the start of Phase 5.",
        abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["C11"]},),
    ),
    CompanySpec(
        sym="SC",
        name="Saskatchewan Central",
        value=50,
        revenue=10,
        desc="Blocks hex H4 while owned by a player. On the owner's turn during a stock round they may convert it"
        " to a President's share of the SC by choosing its par price and using their \"buy action\" to purchase an"
        " additional share of the SC. This is the only way the SC can be started. Place the SC home token in any"
        " available non-reserved city slot or replace a neutral station. If the next available train is a 3, 4, 5"
        " or 6, add one train of that type to the Depot. Closes at the start of Phase 6.",
        abilities=(
            {"type": "close", "on_phase": "6"},
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["H4"]},
            {"type": "exchange", "corporations": ["SC"], "owner_type": "player", "from": "par"},
        ),
    ),
    CompanySpec(
        sym="NWR",
        name="North West Rebellion",
        value=80,
        revenue=15,
        desc="The owning corporation may move a single station token located in a non-NWR hex to any open city in"
        " an NWR hex. This action is free and may be performed at any time during the corporation's turn. An extra"
        " tile lay or upgrade may be performed on the destination hex. If the corporation's home token is moved,"
        " replace it with a neutral station (its home token cannot be moved if a neutral station already exists in"
        " the corporation\u2019s home hex). Closes at the start of Phase 5.",
        abilities=(
            {
                "type": "token",
                "owner_type": "corporation",
                "hexes": ["C3", "D4", "D6", "E5"],
                "price": 0,
                "teleport_price": 0,
                "when": "owning_corp_or_turn",
                "special_only": True,
                "count": 1,
                "from_owner": True,
            },
            {
                "type": "tile_lay",
                "when": "owning_corp_or_turn",
                "owner_type": "corporation",
                "count": 1,
                "hexes": [],
                "tiles": [],
            },
        ),
    ),
    CompanySpec(
        sym="TB",
        name="Trestle Bridge",
        value=140,
        revenue=0,
        desc="Blocks hex G9 while owned by a player. Earns $10 whenever any corporation pays to cross a river."
        " Comes with a 10% share of a randomly selected corporation (excluding SC). Closes at the start of"
        " Phase 5.",
        abilities=(
            {"type": "shares", "shares": "random_share", "corporations": ["CNR", "CPR", "GT", "HBR", "QLL"]},
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["G9"]},
            {"type": "tile_income", "income": 10, "terrain": "water"},
        ),
    ),
    CompanySpec(
        sym="CP",
        name="Canadian Pacific",
        value=180,
        revenue=25,
        desc="Purchasing player immediately takes the 20% President's share of the CPR and chooses its par value."
        " This private closes at the start of phase 5 or when the CPR purchases a train. It cannot be bought by a"
        " corporation.",
        abilities=({"type": "shares", "shares": "CPR_0"}, {"type": "no_buy"}),
    ),
)

CORPORATIONS = (
    # CN has no stations of its own: the neutral stations of the others become its tokens when laid.
    CorporationSpec(sym="CN", name="Canadian National", tokens=(), coordinates=None, color="orange",
                    text_color="black"),
    CorporationSpec(sym="CNR", name="Canadian Northern", tokens=(0, 40, 100), coordinates="D8", color="#237333"),
    CorporationSpec(sym="HBR", name="Hudson Bay Railway", tokens=(0, 40, 100), coordinates="G11", color="gold",
                    text_color="black"),
    CorporationSpec(sym="CPR", name="Canadian Pacific Railway", tokens=(0, 40, 100, 100), coordinates="I5",
                    color="#d81e3e"),
    CorporationSpec(sym="GT", name="Grand Trunk Pacific", tokens=(0, 40, 100), coordinates="L8", color="black"),
    # SC's home is chosen when it is parred.
    CorporationSpec(sym="SC", name="Saskatchewan Central Railroad", tokens=(0,), coordinates=None,
                    color="#0189d1"),
    CorporationSpec(sym="QLL", name="Qu'Appelle, Long Lake Railroad Co.", tokens=(0, 40), coordinates="J10",
                    color="purple"),
)

MARKET = (
    ("76", "82", "90", "100p", "112", "126", "142", "160", "180", "200", "225", "250", "275", "300", "325", "350e"),
    ("70", "76", "82", "90p", "100", "112", "126", "142", "160", "180", "200", "220", "240", "260", "280", "300"),
    ("65", "70", "76", "82p", "90", "100", "111", "125", "140", "155", "170", "185", "200"),
    ("60y", "66", "71", "76p", "82", "90", "100", "110", "120", "130"),
    ("55y", "62", "67", "71p", "76", "82", "90", "100"),
    ("50y", "58y", "65", "67p", "71", "75", "80"),
    ("45o", "54y", "63", "67", "69", "70"),
    ("40o", "50y", "60y", "67", "68"),
    ("30b", "40o", "50y", "60y"),
    ("20b", "30b", "40o", "50y"),
    ("10b", "20b", "30b", "40o"),
)  # fmt: skip

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=6, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=5, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=4, rusts_on="D"),
    TrainSpec(name="5", distance=5, price=450, num=3, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=3),
    TrainSpec(name="D", distance=999, price=1100, num="unlimited", available_on="6",
              discount={"4": 300, "5": 300, "6": 300}),
)

PHASES = (
    PhaseSpec(name="2", on="2", train_limit=4, tiles=("yellow",), operating_rounds=1),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="5", on="5", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=("can_buy_companies",)),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="D", on="D", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
)

STATUS_TEXT = {
    "can_buy_companies": ("Can Buy Companies", "Corporations may buy private companies from players"),
}

EVENTS_TEXT = {
    "close_companies": ("Companies Close", "All private companies close, unless their text says otherwise"),
    "nwr": ("North West Rebellion", "Remove all yellow tiles from NWR-marked hexes. Station markers remain"),
}

TILES: dict[str, Count] = {
    "1": 1, "2": 1, "3": 1, "4": 1, "7": 5, "8": 10, "9": 10, "14": 3, "15": 2, "18": 1, "19": 1, "20": 1,
    "23": 3, "24": 3, "26": 1, "27": 1, "41": 2, "42": 2, "43": 2, "44": 1, "45": 2, "46": 2, "47": 1,
    "55": 1, "56": 1, "57": 4, "58": 1, "59": 1, "63": 3, "66": 1, "67": 1, "68": 1, "69": 1,
    "R1": 1, "R2": 1,
}  # fmt: skip

CUSTOM_TILES = {
    # Regina (Pile o' Bones & Lumsden)
    "R1": CustomTileSpec(color="green", code=_tile("city=revenue:60", "city=revenue:60", "path=a:0,b:_0",
                                                    "path=a:_0,b:1", "path=a:2,b:_1", "path=a:_1,b:3", "label=R")),
    "R2": CustomTileSpec(color="brown", code=_tile("city=revenue:70,slots:2", "path=a:0,b:_0", "path=a:1,b:_0",
                                                    "path=a:2,b:_0", "path=a:3,b:_0", "label=R")),
}

LOCATION_NAMES = {
    "I1": "Western Canada (HB +100)", "B2": "Northern Alberta (HB +100)", "L2": "Lethbridge", "C3": "Lloydminster",
    "G3": "Kindersley", "K3": "Medicine Hat", "M3": "Elkwater", "D4": "Maidstone", "F4": "Wilkie",
    "E5": "North Battleford & Battleford", "I5": "Swift Current", "D6": "Spiritwood", "N6": "Shaunavon",
    "G7": "Saskatoon", "D8": "Prince Albert", "F8": "Rosthern & Melfort", "J8": "Moose Jaw", "L8": "Assiniboia",
    "C9": "Candle Lake", "G9": "Humboldt", "K9": "Rouleau & Mossbank", "J10": "Pile o' Bones & Lumsden",
    "A11": "Sandy Bay", "C11": "Flin Flon", "G11": "Wadena", "I11": "Melville & Fort Qu'Appelle",
    "M11": "Wayburn & Estevan", "O11": "USA", "B12": "Hudson Bay", "J12": "Moosomin", "L12": "Carlyle",
    "N12": "Oxbow", "I13": "Eastern Canada", "K13": "Virden",
}  # fmt: skip

RED_HEXES: dict[str, tuple[str, ...]] = {
    "offboard=revenue:yellow_40|brown_80;path=a:4,b:_0;path=a:5,b:_0": ("I1",),
    _tile("offboard=revenue:yellow_30|brown_60", _water(0, 40), "path=a:0,b:_0;path=a:5,b:_0"): ("B2",),
    "offboard=revenue:yellow_30|brown_30;path=a:3,b:_0": ("O11",),
    _tile("offboard=revenue:yellow_40|brown_50", _water(0, 60), "path=a:0,b:_0;path=a:1,b:_0"): ("B12",),
    "offboard=revenue:yellow_30|brown_40;path=a:1,b:_0;path=a:2,b:_0": ("I13",),
}

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("F2", "H2", "K5", "M5", "L6", "M7", "M9", "B10", "L10", "H12"),
    _water(3, 40): ("K11",),
    _water(4, 20): ("J2",),
    _water(2, 40): ("L4",),
    NWR_ICON: ("B4",),
    "city=revenue:0": ("G3", "L8", "G11", "J12"),
    _tile("city=revenue:0", _water(1, 20), _water(0, 40), NWR_ICON): ("C3",),
    _tile("city=revenue:0", _water(0, 20), _water(1, 40), _water(3, 40), _water(4, 40), _water(5, 40)): ("K3",),
    _tile("city=revenue:0", _water(0, 40), _water(1, 40), _water(5, 20), NWR_ICON): ("D4",),
    _tile("city=revenue:0", _water(0, 40), _water(1, 40), NWR_ICON): ("D6",),
    _tile("city=revenue:0", _water(3, 40), _water(5, 40)): ("G7",),
    _tile("city=revenue:0", _water(2, 40)): ("J8",),
    _tile("city=revenue:0", _water(2, 20), _water(3, 40)): ("G9",),
    _tile("city=revenue:0", _water(0, 60), _water(5, 60)): ("C11",),
    _tile("city=revenue:0", _water(2, 20), _water(3, 40), _water(4, 40)): ("I5",),
    _tile("town=revenue:0", "upgrade=cost:40,terrain:mountain", _water(3, 20)): ("M3",),
    _tile(_water(3, 40), _water(4, 20)): ("D2",),
    _tile(_water(3, 40), _water(4, 20), NWR_ICON): ("F6",),
    _tile(_water(3, 40), _water(4, 40), NWR_ICON): ("E3",),
    _tile(_water(3, 40), _water(4, 40)): ("J6",),
    _tile(_water(0, 40), _water(1, 20), _water(5, 40)): ("I3",),
    _tile(_water(0, 40), _water(1, 20), _water(5, 40), NWR_ICON): ("E7",),
    _tile(_water(1, 40), _water(2, 40), _water(3, 40)): ("J4", "H8"),
    _tile(_water(0, 40), NWR_ICON): ("C5",),
    _water(0, 40): ("G5",),
    _tile(_water(0, 40), _water(5, 20)): ("H4",),
    _tile(_water(0, 40), _water(1, 40)): ("H6",),
    _tile(_water(0, 20), _water(1, 40), _water(4, 40), _water(5, 40)): ("I7",),
    _water(3, 20): ("K7",),
    _tile(_water(0, 40), _water(3, 20), _water(4, 40), _water(5, 40)): ("E9",),
    _water(5, 60): ("I9",),
    _tile(_water(0, 60), _water(1, 40), _water(5, 40)): ("D10",),
    _tile(_water(2, 40), _water(3, 60)): ("F10", "E11"),
    _water(0, 20): ("H10",),
    _tile(_water(3, 60), _water(2, 60)): ("D12",),
    "town=revenue:0": ("L12",),
    _tile("town=revenue:0", _water(3, 40)): ("F4",),
    "town=revenue:0;town=revenue:0": ("K9",),
    _tile("town=revenue:0", "town=revenue:0", _water(0, 40), _water(1, 40)): ("I11",),
    _tile("town=revenue:0", "town=revenue:0", _water(0, 40), _water(2, 40), _water(3, 40), _water(5, 20)): ("F8",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:40", "path=a:4,b:_0", "path=a:_0,b:5", _water(4, 40)): ("L2",),
    "city=revenue:30;path=a:2,b:_0;path=a:_0,b:4": ("N6",),
    "path=a:0,b:1;border=edge:5": ("C7",),
    _tile("city=revenue:30", "path=a:0,b:_0", "path=a:1,b:_0", _water(0, 40), "border=edge:2",
          "border=edge:4"): ("D8",),
    "path=a:3,b:4": ("N8",),
    _tile("town=revenue:10", "path=a:0,b:_0", "path=a:_0,b:4", _water(0, 20), "border=edge:1"): ("C9",),
    "path=a:2,b:4": ("N10",),
    "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1": ("A11",),
    "town=revenue:10;path=a:2,b:_0;path=a:_0,b:3": ("N12",),
    "city=revenue:20;path=a:2,b:_0": ("K13",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    "city=revenue:0;city=revenue:0;label=OO": ("M11",),
    _tile("city=revenue:0", "city=revenue:0", "label=OO", _water(2, 20), _water(3, 40), _water(4, 40),
          NWR_ICON): ("E5",),
    _tile("city=revenue:40", "city=revenue:40", "path=a:1,b:_0", "path=a:4,b:_1", "label=R", _water(2, 60),
          _water(3, 20), _water(4, 40)): ("J10",),
    "path=a:1,b:3": ("F12",),
}

BLUE_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_20|brown_30,visit_cost:0,route:optional", "path=a:0,b:_0", "path=a:1,b:_0",
          "icon=image:1882/fish"): ("B6",),
}

HEXES = {
    "red": RED_HEXES,
    "white": WHITE_HEXES,
    "gray": GRAY_HEXES,
    "yellow": YELLOW_HEXES,
    "blue": BLUE_HEXES,
}

TITLE = TitleSpec(
    title="1882",
    subtitle="Assiniboia",
    designer="Marc Voyer",
    publisher="All Aboard Games",
    location="Assiniboia, Canada",
    rules_url="https://boardgamegeek.com/filepage/206629/1882-rules",
    info_url="https://github.com/tobymao/18xx/wiki/1882",
    layout="flat",
    axes={"x": "number", "y": "letter"},
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
