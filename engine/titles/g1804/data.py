"""1804 (Joe Clancy): 1830's rules on a map of the American political landscape, as data.

Bank, certificates, five privates without abilities, eight "corporations" (70% may be held), the market, trains,
phases, the tile supply and the map.  Behaviour (the exploratory committee, train purchases moving prices) is in
``rules.py``.
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

PLAYER_RANGE = (2, 6)
BANK_CASH = 12_000
STARTING_CASH = {2: 1200, 3: 800, 4: 600, 5: 480, 6: 400}
CERT_LIMIT = {2: 28, 3: 20, 4: 16, 5: 13, 6: 11}

RULES = RuleSet(
    sell_buy_order="sell_buy_sell",
    track_restriction="permissive",
    tile_reservation_blocks_others="always",
    market_share_limit=40,
    currency_format="$%s",
)

COMPANIES = (
    CompanySpec(sym="AP", name="Ankara Penthouse", value=30, revenue=0),
    CompanySpec(sym="BD", name="Book Deal", value=60, revenue=5),
    CompanySpec(sym="CL", name="Cessna Lease", value=60, revenue=10),
    CompanySpec(sym="VMS", name="Vox Media Stake", value=60, revenue=20),
    CompanySpec(sym="BMSK", name="Black, Manafort, Stone, and Kelly", value=60, revenue=40),
)


def _corporation(sym: str, name: str, home: str, color: str, text_color: str = "white") -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=(0, 100, 100), coordinates=home, color=color,
                           text_color=text_color, float_percent=60, max_ownership_percent=70)


CORPORATIONS = (
    _corporation("AC", "Amanda Clarke", "G12", "#ADD8E6", "black"),
    _corporation("BS", "Barry Stein", "E2", "#32763f"),
    _corporation("CK", "Charlotte Kim", "B13", "#474548"),
    _corporation("DT", "David Tusk", "J7", "#d1232a"),
    _corporation("EM", "Emily MacGregor", "D7", "#025aaa"),
    _corporation("FA", "Firoz Anand", "I16", "#FFF500", "black"),
    _corporation("GP", "Greg Pope", "J13", "#d88e39"),
    _corporation("HW", "Henry Washington", "F7", "#95c054"),
)

MARKET = (
    ("", "", "129", "148", "165", "190", "215", "240", "275", "300", "325", "350", "375", "400"),
    ("90y", "100p", "115", "129", "148", "165", "190", "215", "240", "275", "300", "325", "350", "375"),
    ("82y", "90", "100", "114", "128", "146", "165", "190", "215", "240", "275", "300", "325", "350"),
    ("76y", "82y", "90p", "100", "114", "128", "146", "160", "180", "200", "225", "250", "275", "300"),
    ("71y", "76y", "82", "90", "100", "113", "127", "144", "160", "180", "200", "225", "250", "275"),
    ("67y", "71y", "76y", "82p", "90", "100", "113", "126", "144", "160", "180", "200", "225", "250"),
    ("60y", "67y", "71y", "76", "82", "90", "100", "112", "126", "142", "160", "180", "200", "220"),
    ("53y", "60y", "66y", "70y", "76p", "82", "90", "100", "112", "126", "142", "155", "170", "185"),
    ("46y", "55y", "60y", "65y", "70", "76", "82", "90", "100", "111", "125", "140", "155", "170"),
    ("39b", "48y", "54y", "60y", "66y", "71p", "76", "82", "90", "100", "110", "120", "130"),
    ("32b", "41y", "48y", "55y", "62y", "67", "71", "76", "82", "90", "100"),
    ("25b", "34b", "42y", "50y", "58y", "65y", "67p", "71", "75", "80"),
    ("18b", "27b", "36b", "45y", "54y", "63y", "67"),
    ("10b", "20b", "30b", "40b", "50y", "60y", "67"),
    ("", "10b", "20b", "30b", "40b", "50y", "60y"),
    ("", "", "10b", "20b", "30b", "40b", "50y"),
    ("", "", "", "10b", "20b", "30b", "40b"),
)  # fmt: skip

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=7, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=6, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=5, rusts_on="D"),
    TrainSpec(name="5", distance=5, price=450, num=4, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=3),
    TrainSpec(name="D", distance=999, price=1100, num="unlimited", available_on="6",
              discount={"4": 300, "5": 300, "6": 300}),
)

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=5, tiles=("yellow",), operating_rounds=1,
              status=("can_buy_companies_from_other_players",)),
    PhaseSpec(name="3", on="3", train_limit=5, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "can_buy_companies_from_other_players")),
    PhaseSpec(name="4", on="4", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "can_buy_companies_from_other_players")),
    PhaseSpec(name="5", on="5", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="D", on="D", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=3),
)

STATUS_TEXT = {
    "can_buy_companies": ("Can Buy Companies", "Corporations may buy private companies from players"),
    "can_buy_companies_from_other_players": (
        "Interplayer Company Buy", "Companies can be bought between players after first stock round"),
}

EVENTS_TEXT = {
    "close_companies": ("Companies Close", "All private companies close, unless their text says otherwise"),
}

TILES: dict[str, Count] = {
    "1": 1, "7": "unlimited", "8": "unlimited", "9": "unlimited", "14": 3, "15": 3, "16": "unlimited",
    "17": "unlimited", "18": "unlimited", "19": "unlimited", "20": "unlimited", "21": "unlimited",
    "22": "unlimited", "23": "unlimited", "24": "unlimited", "28": "unlimited", "29": "unlimited",
    "43": "unlimited", "47": "unlimited", "53": 1, "54": 1, "55": 1, "56": 1, "57": 6, "59": 1, "61": 1,
    "62": 1, "64": 1, "65": 1, "66": 1, "67": 1, "68": 1, "611": 4, "625": "unlimited", "626": "unlimited",
    "633": 1, "778": "unlimited", "779": "unlimited", "780": "unlimited", "781": "unlimited", "798": "unlimited",
    "1804_1": 1,
}  # fmt: skip

CUSTOM_TILES = {
    "778": CustomTileSpec(color="brown", code="path=a:0,b:3;path=a:1,b:5;path=a:2,b:4"),
    "779": CustomTileSpec(color="brown", code="path=a:4,b:5;path=a:1,b:3;path=a:0,b:2"),
    "780": CustomTileSpec(color="brown", code="path=a:1,b:2;path=a:4,b:5;path=a:0,b:3"),
    "781": CustomTileSpec(color="brown", code="path=a:0,b:1;path=a:2,b:3;path=a:4,b:5"),
    "798": CustomTileSpec(color="brown", code="path=a:0,b:3;path=a:1,b:4;path=a:2,b:5"),
    "1804_1": CustomTileSpec(color="yellow", code="city=revenue:30,slots:1;path=a:0,b:_0;path=a:4,b:_0;label=B"),
}

LOCATION_NAMES = {
    "A10": "Philanthropy Class", "B3": "Hollywood", "B7": "Progressive Caucus", "B13": "New Democrats",
    "C4": "Socialists", "C10": "Neoliberals", "C12": "Wonks", "C14": "Silicon Valley", "D1": "Influencers",
    "D7": "Liberals", "E2": "Populist Left", "E4": "Democratic Socialists", "E10": "Blue Dog Coalition",
    "F7": "Black Caucus", "F9": "Centrists", "F15": "Chamber of Commerce", "G4": "Labor Unions",
    "G10": "Problem Solvers Caucus", "G12": "Republican Governance Group", "G14": "Neoconservatives",
    "G18": "Wall Street", "H15": "Liberty Caucus", "I12": "Main Street Caucus", "I16": "Libertarian Party",
    "I18": "Crypto Whales", "J7": "Populist Right & Nationalists", "J9": "Paleoconservatives",
    "J13": "Freedom Caucus", "K14": "Evangelicals",
}  # fmt: skip

RED_HEXES: dict[str, tuple[str, ...]] = {
    "offboard=revenue:yellow_30|brown_50,hide:1,groups:Philanthropy;path=a:0,b:_0;border=edge:4": ("A8",),
    "offboard=revenue:yellow_30|brown_50,groups:Philanthropy;path=a:0,b:_0": ("A10",),
    "offboard=revenue:yellow_30|brown_50,hide:1,groups:Philanthropy;path=a:0,b:_0;border=edge:1": ("A12",),
    "offboard=revenue:yellow_30|brown_60;path=a:0,b:_0;path=a:5,b:_0": ("B3",),
    "offboard=revenue:yellow_20|brown_50;path=a:0,b:_0;path=a:1,b:_0": ("C14",),
    "offboard=revenue:yellow_30|brown_50;path=a:0,b:_0;path=a:1,b:_0": ("F15",),
    "offboard=revenue:yellow_20|green_30;path=a:2,b:_0;path=a:4,b:_0": ("G4",),
    "offboard=revenue:yellow_20|green_30|brown_40;path=a:0,b:_0;path=a:1,b:_0": ("G18",),
    "offboard=revenue:yellow_10|green_40;path=a:1,b:_0;path=a:3,b:_0": ("K14",),
}

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "town=revenue:0;town=revenue:0": ("C4", "C12", "G14", "J9"),
    "city=revenue:0;upgrade=cost:120,terrain:mountain": ("C10", "G10"),
    "upgrade=cost:80,terrain:mountain": ("E12", "F11", "F13", "G6", "G8", "H7"),
    "upgrade=cost:120,terrain:mountain": ("I8",),
    "city": ("B7", "E2", "E4", "E10", "F7", "G12", "H15", "I12", "I16", "J13"),
    "blank": ("B9", "B11", "C6", "C8", "D3", "D5", "D9", "D11", "E6", "E8", "F3", "F5", "G16", "H9", "H11", "H13",
              "H17", "I10", "I14", "J11", "J15", "K8", "K10", "K12"),
    "city=revenue:0;label=B": ("D7",),
}

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0": ("B13",),
    "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0": ("I18",),
    "town=revenue:10;path=a:3,b:_0;path=a:5,b:_0": ("D1",),
    "path=a:2,b:3": ("G2", "J17"),
    "path=a:3,b:5": ("F1", "I6"),
    "path=a:0,b:4": ("B5",),
    "path=a:0,b:3": ("D13",),
    "path=a:3,b:0;path=a:3,b:5": ("C2",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    "city=revenue:0;city=revenue:0;label=OO;upgrade=cost:80,terrain:mountain": ("F9",),
    "city=revenue:40;city=revenue:40;path=a:2,b:_0;path=a:5,b:_1;label=NY;upgrade=cost:80,terrain:mountain": ("J7",),
}

HEXES = {
    "red": RED_HEXES,
    "white": WHITE_HEXES,
    "gray": GRAY_HEXES,
    "yellow": YELLOW_HEXES,
}

TITLE = TitleSpec(
    title="1804",
    designer="Joe Clancy",
    location="American Political Landscape",
    rules_url="https://boardgamegeek.com/filepage/304000/1804-truncated-rules-v1",
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
