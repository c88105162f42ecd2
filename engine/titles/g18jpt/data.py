"""18JP-T (Toryo Hojo), the title's facts as data.

Greater Tokyo on the 1830 rules: six private companies, eleven corporations each with its own
destination or bonus, a bank of ¥12,000, "T" city tiles.  Most corporations earn double from a
destination stop (a ``hex_bonus`` with ``multiplier`` 2); Tobu and Tokyu gain an ability once they
token their destination (rules.py / steps.py), Seibu and Tokyu profit from town tiles, Tokyo Metro
builds "T" tiles without terrain cost.
"""

from __future__ import annotations

from typing import Any

from engine.titles.family1830 import EVENTS_TEXT, STATUS_TEXT, phases_2_to_d
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    CustomTileSpec,
    RuleSet,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 7)

BANK_CASH = 12_000

STARTING_CASH = {2: 1200, 3: 800, 4: 600, 5: 480, 6: 400, 7: 400}

CERT_LIMIT = {2: 28, 3: 20, 4: 16, 5: 13, 6: 11, 7: 11}

RULES = RuleSet(
    sell_buy_order="sell_buy_sell",
    track_restriction="permissive",
    tile_reservation_blocks_others="always",
    currency_format="¥%s",
)

# --- title constants used by rules.py and steps.py ------------------------------------------------------
#: Tobu's second home token
TR_SECOND_HOME_HEX = "H76"
#: Seibu's subsidy for each tile laid on a town hex; TMGBT's subsidy for each green "T" tile
TOWN_TILE_SUBSIDY = 100
T_TILE_SUBSIDY = 50
#: Kamata (F92): its green tile upgrades only to 611 (the two cities merge)
KAMATA_HEX = "F92"
KAMATA_UPGRADE = "611"
#: the ability a corporation gains when it tokens its destination (the ``assign_hexes`` ability's hexes)
DOUBLE_TILE_LAY_DESC = "Lay or upgrade two tiles"
DELAYED_ABILITIES: dict[str, dict[str, Any]] = {
    "TC": {
        "type": "train_discount",
        "discount": 0.2,
        "trains": ["2", "3", "4", "5", "6", "D"],
        "description": "Buy trains at 20% discount",
        "desc_detail": "May purchase trains from the bank or open market at a 20% discount.",
    },
    "TR": {
        "type": "description",
        "description": DOUBLE_TILE_LAY_DESC,
        "desc_detail": "Lay or upgrade a tile twice in each operating round. The same hex may be upgraded twice.",
    },
}
DOUBLE_TILE_LAYS = ({"lay": True, "upgrade": True}, {"lay": True, "upgrade": True})

# =============================================================================================
# Private companies
# =============================================================================================

COMPANIES = (
    CompanySpec(sym="TH", name="Tokyo Horsecar", value=20, revenue=5, desc="No special abilities."),
    CompanySpec(
        sym="TER",
        name="Teito Electric Railway",
        value=40,
        revenue=10,
        desc="The corporation owning the TER may place a green tile on Shimokitazawa (E87) in addition to its "
        "normal tile placement during its turn. A route to Shimokitazawa is not required. Blocks E87 while "
        "owned by player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["E87"]},
            {"type": "tile_lay", "owner_type": "corporation", "hexes": ["E87"], "tiles": ["14", "611"],
             "when": "owning_corp_or_turn", "count": 1},
        ),
    ),
    CompanySpec(
        sym="TMGBT",
        name="Tokyo Metropolitan Government Bureau of Transportation",
        value=70,
        revenue=15,
        desc="The corporation owning the TMGBT gets a subsidy of 50 yen from the bank to its treasury every time "
        'after it places green "T" tiles.',
    ),
    CompanySpec(
        sym="RRET",
        name="Railway Regiments Exercise Line",
        value=110,
        revenue=20,
        desc="The initial purchaser of the RRET immediately receives a 10% share of Keisei (Pink) without further "
        "payment.",
        abilities=({"type": "shares", "shares": "KER_1"},),
    ),
    CompanySpec(
        sym="KR",
        name="Kawagoe Railway",
        value=160,
        revenue=25,
        desc="The initial purchaser of the KR immediately receives a 10% share of Seibu (Yellow) without further "
        "payment. Tiles may not be placed on B82 and C83 if KR is owned by a player.",
        abilities=(
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["B82", "C83"]},
            {"type": "shares", "shares": "SER_1"},
        ),
    ),
    CompanySpec(
        sym="TR",
        name="Tojo Railway",
        value=220,
        revenue=0,
        desc="The initial purchaser of the TR private company immediately exchanges it for President's "
        "certificate and a 10% share of the TR corporation without further payment.",
        abilities=(
            {"type": "close", "when": "par", "corporation": "TR"},
            {"type": "shares", "shares": ["TR_0", "TR_1"]},
        ),
    ),
)


def _double(hexes: list[str], description: str, detail: str | None = None) -> dict[str, object]:
    """A corporation's destination bonus: its stops on ``hexes`` pay double."""
    ability: dict[str, object] = {"type": "hex_bonus", "amount": 0, "multiplier": 2, "description": description,
                                  "hexes": hexes}
    if detail is not None:
        ability["desc_detail"] = detail
    return ability


CORPORATIONS = (
    CorporationSpec(
        sym="TR", name="Tobu Railway", coordinates="A77", tokens=(0, 0, 40, 100, 100), color="grey",
        abilities=({"type": "assign_hexes", "count": 1, "hexes": ["H84"],
                    "description": "Double tile lay if H84 was tokened",
                    "desc_detail": "If Tobu places a token in Asakusa (H84), it may lay or upgrade a tile twice in "
                                   "each subsequent operating round. The same hex may be upgraded twice."},),
    ),
    CorporationSpec(
        sym="SER", name="Seibu Railway", coordinates="F84", city=0, tokens=(0, 40, 100, 100, 100), color="yellow",
        text_color="black",
        abilities=(
            _double(["A81"], "Double income from Tokorozawa (A81)"),
            {"type": "description", "description": "¥100 subsidy after laying town tiles",
             "desc_detail": "Gets a subsidy of ¥100 from the bank to treasury whenever it places a tile with a "
                            "town"},
        ),
    ),
    CorporationSpec(sym="OER", name="Odakyu Electric Railway", coordinates="F86", city=0,
                    tokens=(0, 40, 100, 100, 100), color="darkgreen",
                    abilities=(_double(["A91"], "Double income from Odawara (A91)"),)),
    CorporationSpec(sym="KC", name="Keio Corporation", coordinates="F86", city=0, tokens=(0, 40, 100, 100, 100),
                    color="purple", abilities=(_double(["A87"], "Double income from Hachioji (A87)"),)),
    CorporationSpec(
        sym="TC", name="Tokyu Corporation", coordinates="F88", city=0, tokens=(0, 40, 100, 100, 100),
        color="lightBlue", text_color="black",
        abilities=(
            {"type": "description", "description": "Additional tile lays after laying town tiles",
             "desc_detail": "For each town tile it places, Tokyu may lay or upgrade one extra tile in the current "
                            "operating round. Only one extra tile is received for a double town."},
            {"type": "assign_hexes", "count": 1, "hexes": ["A93"],
             "description": "Buy trains at 20% discount if A93 tokened",
             "desc_detail": "If Tokyu places a token in Nagatsuda (A93), it may purchase trains from the bank or "
                            "open market at a 20% discount."},
        ),
    ),
    CorporationSpec(sym="KEER", name="Keihin Electric Express Railway", coordinates="G89", city=1,
                    tokens=(0, 40, 100, 100, 100), color="red",
                    abilities=(_double(["D98", "H92"], "Double income from D98 and H92",
                                       "Double income from Yokosuka (D98) and Haneda airport (H92)"),)),
    CorporationSpec(sym="KER", name="Keisei Electric Railway", coordinates="H84", city=1,
                    tokens=(0, 40, 100, 100, 100), color="pink", text_color="black",
                    abilities=(_double(["L84"], "Double income from Narita (L84)"),)),
    CorporationSpec(
        sym="TM", name="Tokyo Metro", coordinates="G87", city=0, tokens=(0, 40, 100, 100, 100), color="brown",
        abilities=({"type": "tile_discount", "description": 'Place "T" tiles for free',
                    "desc_detail": 'Place green and brown "T" tiles without terrain costs',
                    "hexes": ["F84", "F86", "F88", "G85", "G87", "G89", "H84"], "discount": 80},),
    ),
    CorporationSpec(sym="SAR", name="Sagami Railway", coordinates="D96", city=0, tokens=(0, 40, 100, 100, 100),
                    color="lightGreen", text_color="black",
                    abilities=(_double(["A95"], "Double income from Yamato (A95)"),)),
    CorporationSpec(sym="TX", name="Tsukuba eXpress", coordinates="J78", tokens=(0, 40, 100, 100, 100),
                    color="orange", text_color="black",
                    abilities=(_double(["L76"], "Double income from Tsukuba (L76)"),)),
    CorporationSpec(sym="HR", name="Hokuso Railway", coordinates="I83", tokens=(0, 40, 100, 100, 100),
                    color="darkBlue", abilities=(_double(["L80"], "Double income from Shiroi (L80)"),)),
)

MARKET = (
    ("75", "80", "90", "100p", "110", "120", "140", "170", "200", "230", "260", "290", "320", "350", "380", "420", "460"),
    ("70", "75", "80", "90p", "100", "110", "120", "140", "170", "200", "230", "260", "290", "320", "350", "380", "420"),
    ("65", "70", "75", "80p", "90", "100", "110", "120", "140", "170", "200", "230"),
    ("60y", "65", "70", "75p", "80", "90", "100", "110", "120", "140"),
    ("55y", "60", "65", "70p", "75", "80", "90", "100"),
    ("50y", "55y", "60", "65p", "70", "75", "80"),
    ("45y", "50y", "55", "60", "65", "70"),
    ("40y", "45y", "50y", "55", "60"),
    ("30y", "40y", "45y", "50"),
    ("20y", "30y", "40y", "45y"),
    ("10y", "20y", "30y", "40y"),
)  # fmt: skip

TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=7, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=7, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=4, rusts_on="D"),
    TrainSpec(name="5", distance=5, price=450, num=2, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=7),
    TrainSpec(name="D", distance=999, price=1100, num="unlimited", available_on="6"),
)

PHASES = phases_2_to_d(d_tiles=("yellow", "green", "brown", "gray"))

TILES = {
    "1": 1, "4": 4, "6": 4, "8": 10, "9": 12, "14": 4, "15": 4, "16": 1, "17": 1, "18": 1, "19": 2, "20": 1,
    "23": 4, "24": 4, "25": 2, "26": 1, "27": 1, "28": 1, "29": 1, "39": 1, "40": 1, "41": 1, "42": 1, "43": 1,
    "44": 1, "45": 2, "46": 2, "47": 2, "55": 1, "56": 1, "57": 4, "58": 5, "69": 1, "70": 1, "611": 8,
    "J1": 3, "J2": 1, "J3": 1, "J4": 1, "J5": 1, "J6": 1, "J7": 1, "J8": 3, "J9": 2, "J10": 1, "J11": 1, "J12": 1,
    "J13": 1, "J14": 2, "J15": 1,
}  # fmt: skip

CUSTOM_TILES = {
    "J1": CustomTileSpec(color="green", code=_tile(
        "city=revenue:40,loc:1.5,slots:2", "city=revenue:40,loc:4.5", "path=a:0,b:_0", "path=a:3,b:_0",
        "path=a:4,b:_1", "upgrade=cost:80", "label=T")),
    "J2": CustomTileSpec(color="green", code=_tile(
        "city=revenue:40,loc:1.5", "city=revenue:40,loc:4,slots:2", "path=a:2,b:_0", "path=a:3,b:_1",
        "path=a:5,b:_1", "upgrade=cost:80", "label=T")),
    "J3": CustomTileSpec(color="green", code=_tile(
        "city=revenue:40,loc:1.5", "city=revenue:40,loc:4.5,slots:2", "path=a:0,b:_1", "path=a:2,b:_0",
        "path=a:3,b:_1", "upgrade=cost:80", "label=T")),
    "J4": CustomTileSpec(color="green", code=_tile(
        "city=revenue:40,loc:1,slots:2", "city=revenue:40,loc:3.5", "path=a:0,b:_0", "path=a:2,b:_0",
        "path=a:3,b:_1", "upgrade=cost:80", "label=T")),
    "J5": CustomTileSpec(color="green", code=_tile(
        "city=revenue:40,loc:1.5,slots:2", "city=revenue:40,loc:4", "path=a:0,b:_1", "path=a:4,b:_1",
        "path=a:5,b:_0", "upgrade=cost:80", "label=T")),
    "J6": CustomTileSpec(color="green", code=_tile(
        "city=revenue:40", "city=revenue:40,slots:2,loc:3.5", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:5,b:_1",
        "upgrade=cost:80", "label=T")),
    "J7": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "label=Y")),
    "J8": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "label=T")),
    "J9": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:60,slots:3", "path=a:0,b:_0", "path=a:2,b:_0", "path=a:3,b:_0", "label=T")),
    "J10": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:60,slots:3", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "label=T")),
    "J11": CustomTileSpec(color="gray", code=_tile(
        "city=revenue:80,slots:3", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "label=T")),
    "J12": CustomTileSpec(color="gray", code=_tile(
        "city=revenue:80,slots:3", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0", "label=T")),
    "J13": CustomTileSpec(color="gray", code=_tile(
        "city=revenue:80,slots:3", "path=a:0,b:_0", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "label=T")),
    "J14": CustomTileSpec(color="gray", code=_tile(
        "city=revenue:50,slots:3", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:4,b:_0",
        "path=a:5,b:_0", "label=KU")),
    "J15": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:50,slots:2", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0", "label=M")),
}

LOCATION_NAMES = {
    "A77": "Kawagoe", "A81": "Tokorozawa", "A85": "Kokubunji", "A87": "Hachioji", "A89": "Tama",
    "A91": "Odawara", "A93": "Nagatsuta", "A95": "Yamato", "A97": "Izumino",
    "B82": "Akitsu & Higashimurayama", "B84": "Kodaira", "B88": "Chofu", "B96": "Futamatagawa",
    "B98": "Kamakura", "C79": "Shiki", "C83": "Tanashi", "C85": "Kichijoji", "C89": "Noborito",
    "C91": "Mizonoguchi", "D76": "Omiya", "D80": "Wako", "D84": "Saginomiya", "D90": "Futakotamagawa",
    "D94": "Kikuna", "D96": "Yokohama", "D98": "Yokosuka", "E77": "Urawa", "E79": "Toda & Warabi",
    "E83": "Nerima", "E87": "Shimokitazawa", "E91": "Den-en chofu", "F80": "Kawaguchi", "F82": "Itabashi",
    "F84": "Ikebukuro", "F86": "Shijuku", "F88": "Shibuya", "F92": "Kamata", "F94": "Kawasaki",
    "G81": "Toneri", "G85": "Ueno", "G87": "Otemachi & Akihabara", "G89": "Meguro & Shinigawa",
    "G95": "Daishi", "H76": "Koshigaya", "H80": "Soka", "H84": "Asakusa & Oshiage", "H88": "Odaiba",
    "H92": "Haneda airport", "I77": "Yoshikawa", "I79": "Misato", "I83": "Takasago", "J78": "Nagareyama",
    "J88": "Maihama", "K81": "Matsudo", "K85": "Funabashi", "L76": "Tsukuba", "L78": "Mito", "L80": "Shiroi",
    "L84": "Narita", "L86": "Chiba",
}  # fmt: skip

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "red": {
        "city=revenue:yellow_30|brown_50|gray_60;path=a:5,b:_0,terminal:1": ("A77",),
        "offboard=revenue:yellow_30|brown_40|gray_60;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0": ("A85",),
        "offboard=revenue:yellow_30|brown_40|gray_60;path=a:5,b:_0": ("A87",),
        "offboard=revenue:yellow_20|brown_40|gray_50;path=a:4,b:_0;path=a:5,b:_0": ("A89",),
        "offboard=revenue:yellow_30|brown_50|gray_60;path=a:4,b:_0": ("A91",),
        "offboard=revenue:yellow_20|brown_30|gray_50;path=a:3,b:_0;path=a:5,b:_0": ("A95",),
        "offboard=revenue:yellow_10|brown_20|gray_30;path=a:4,b:_0": ("A97",),
        # (the same code as Odawara's: the trailing ";" keeps it a separate group, so Kamakura's tile is B98-0)
        "offboard=revenue:yellow_30|brown_50|gray_60;path=a:4,b:_0;": ("B98",),
        "offboard=revenue:yellow_50|brown_60|gray_80;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0": ("D76",),
        "offboard=revenue:yellow_20|brown_40|gray_30;path=a:3,b:_0": ("D98",),
        "offboard=revenue:yellow_0|gray_60;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0": ("H88",),
        "offboard=revenue:yellow_0|brown_30|gray_60;path=a:1,b:_0": ("H92",),
        "offboard=revenue:yellow_20|brown_30|gray_60;path=a:1,b:_0": ("L76",),
        "offboard=revenue:yellow_40|brown_50|gray_60;path=a:1,b:_0": ("L78",),
        "offboard=revenue:yellow_20|brown_30|gray_50;path=a:1,b:_0": ("L80",),
        "offboard=revenue:yellow_30|brown_40|gray_60;path=a:1,b:_0": ("L84",),
        "offboard=revenue:yellow_40|brown_60|gray_80;path=a:1,b:_0;path=a:2,b:_0": ("L86",),
    },
    "yellow": {
        "city=revenue:20;upgrade=cost:120,terrain:mountain;path=a:3,b:_0;path=a:4,b:_0": ("B84",),
        "city=revenue:20;path=a:2,b:_0;path=a:4,b:_0": ("B88",),
        "city=revenue:20;path=a:2,b:_0;path=a:5,b:_0": ("E83",),
        "city=revenue:20;path=a:1,b:_0;path=a:4,b:_0": ("E87",),
        "city=revenue:30,loc:1.5;city=revenue:30,loc:4;path=a:2,b:_0;path=a:3,b:_1;upgrade=cost:80;label=T":
            ("F84",),
        "city=revenue:30,slots:2,loc:0;city=revenue:30,loc:2.5;path=a:1,b:_0;path=a:2,b:_1;upgrade=cost:80;label=T":
            ("F86",),
        "city=revenue:30,loc:0;city=revenue:30,loc:3;path=a:1,b:_0;path=a:2,b:_1;upgrade=cost:80;label=T": ("F88",),
        "city=revenue:30,loc:1;city=revenue:30;path=a:3,b:_1;upgrade=cost:80;label=T": ("G85",),
        "city=revenue:30,loc:1.5;city=revenue:30;path=a:3,b:_0;path=a:4,b:_1;upgrade=cost:80;label=T": ("G87",),
        "city=revenue:30,loc:1.5;city=revenue:30,loc:5.5;path=a:0,b:_1;path=a:1,b:_0;upgrade=cost:80;label=T":
            ("G89",),
        "city=revenue:30,loc:1.5;city=revenue:30,loc:4;path=a:3,b:_0;path=a:4,b:_1;"
        "upgrade=cost:80,terrain:river;label=T": ("H84",),
    },
    "green": {
        "city=revenue:20;upgrade=cost:80;label=M": ("J88",),
        "city=revenue:50,loc:1.5;city=revenue:50,slots:2,loc:5;path=a:0,b:_1;path=a:1,b:_0;path=a:3,b:_1;"
        "path=a:4,b:_1;label=Y": ("D96",),
        "city=revenue:30,slots:2;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0": ("E91",),
        "city=revenue:30,loc:2.5;city=revenue:30,loc:5;path=a:0,b:_1;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_1;"
        "path=a:5,b:_1;upgrade=cost:80,terrain:river": ("F92",),
    },
    "gray": {
        "city=revenue:30;path=a:0,b:_0;path=a:4,b:_0;path=a:5,b:_0": ("A81",),
        "path=a:0,b:4;path=a:3,b:5;path=a:4,b:5": ("A83",),
        "city=revenue:20;path=a:0,b:_0;path=a:4,b:_0;path=a:5,b:_0": ("A93",),
        "city=revenue:40;path=a:5,b:_0": ("C85",),
        "path=a:0,b:1;path=a:1,b:5;path=a:5,b:0": ("F76",),
        "city=revenue:20;path=a:2,b:_0": ("G95",),
        "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0": ("H76",),
    },
    "white": {
        "upgrade=cost:120,terrain:mountain": ("B94", "C95"),
        "upgrade=cost:40,terrain:river": ("C77", "D78", "E81"),
        "upgrade=cost:80,terrain:river": ("E93", "G83", "G93", "I85", "I87", "K77"),
        "city=revenue:20": ("B96", "C79", "C89", "F80", "H80", "I83", "J78", "K81", "K85"),
        "city=revenue:20;future_label=label:KU,color:gray": ("E77", "F94"),
        "city=revenue:20;upgrade=cost:40,terrain:river": ("D80", "F82"),
        "town=revenue:10": ("C83", "C91", "D84", "D90", "D94", "G81", "I77", "I79"),
        "town=revenue:10,loc:1;town=revenue:10,loc:4": ("B82", "E79"),
        "blank": ("B78", "B80", "B86", "B90", "B92", "C81", "C87", "C93", "C97", "D82", "D86", "D88", "D92", "E85",
                  "E89", "E95", "F78", "F90", "G77", "G79", "G91", "H78", "H82", "H86", "I81", "J80", "J82", "J84",
                  "J86", "K79", "K83", "K87"),
    },
}  # fmt: skip

TITLE = TitleSpec(
    title="18JP-T",
    subtitle="Railroading in Japan",
    designer="Toryo Hojo",
    location="Greater Tokyo, Japan",
    rules_url="https://github.com/tobymao/18xx/wiki/18JPT",
    info_url="https://github.com/tobymao/18xx/wiki/18JPT",
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
