"""18MEX (Mark Derrick), the title's facts as data.

Mexico: eight private companies, three of them the minors A, B and C (which close into the NdM and the UdY when
the first 3' train is bought), eight corporations floating at 50%, the National Railways of Mexico (NdM) with
5% trade-in shares, an extra train and face-value train trades, and a merger of one corporation into the NdM
when the first 5 train is bought.  Behaviour that is not data lives in ``rules.py``.
"""

from __future__ import annotations

from engine.steps.share_swap import ShareSwap
from engine.titles.derrick.family import EVENTS_TEXT, STATUS_TEXT, derrick_rules
from engine.titles.spec import (
    CompanySpec,
    CorporationSpec,
    CustomTileSpec,
    MinorSpec,
    OptionalRuleSpec,
    PhaseSpec,
    TitleSpec,
    TrainSpec,
)
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (3, 5)
BANK_CASH = 9_000
STARTING_CASH = {3: 625, 4: 500, 5: 450}
CERT_LIMIT = {3: 19, 4: 14, 5: 11}

#: two lays a turn (the second a yellow unless the first was an upgrade); minors lay one yellow
TILE_LAYS = ({"lay": True, "upgrade": True}, {"lay": "not_if_upgraded", "upgrade": False})
MINOR_TILE_LAYS = ({"lay": True, "upgrade": False},)

RULES = derrick_rules(
    sell_movement="down_per_10",
    track_restriction="city_permissive",
    ebuy_from_others="never",
    tile_lays=TILE_LAYS,
)

# =============================================================================================
# Optional rules
# =============================================================================================

TRIPLE_YELLOW_FIRST_OR = "triple_yellow_first_or"
EARLY_BUY_OF_KCMO = "early_buy_of_kcmo"
DELAY_MINOR_CLOSE = "delay_minor_close"
HARD_RUST_T4 = "hard_rust_t4"
BAJA_VARIANT = "baja_variant"

OPTIONAL_RULES = (
    OptionalRuleSpec(sym=TRIPLE_YELLOW_FIRST_OR, short_name="Extra yellow",
                     desc="Allow corporations to lay 3 yellow tiles their first OR"),
    OptionalRuleSpec(sym=EARLY_BUY_OF_KCMO, short_name="Early buy of KCM&O private",
                     desc="KCM&O private may be bought in for up to face value"),
    OptionalRuleSpec(sym=DELAY_MINOR_CLOSE, short_name="Delay minor close",
                     desc="Minor closes at the start of the SR following buy of first 3'"),
    OptionalRuleSpec(sym=HARD_RUST_T4, short_name="Hard rust", desc="4 trains rust when 6' train is bought"),
    OptionalRuleSpec(sym=BAJA_VARIANT, short_name="Baja Variant",
                     desc="adds a private company which provides a teleport token to a new map hex."),
)

# =============================================================================================
# Private companies
# =============================================================================================

#: the Baja variant's company (only in play with the option)
BAJA_COMPANY = "CdB"
#: the Copper Canyon company, its tile and hex
COPPER_CANYON_COMPANY = "KCMO"
COPPER_CANYON_TILE = "470"
COPPER_CANYON_HEX = "F5"
#: the companies that are minors: company -> (minor, corporation it closes into)
MINOR_COMPANIES = {"A": "NdM", "B": "NdM", "C": "UdY"}

_MINOR_DESC = ("Owner takes control of minor corporation {sym}. Begins in {home}. This private cannot be sold. When "
               "Phase 3½ begins, the minor corporation closes, but its owner receives a {share} share in {major}.")

COMPANIES = (
    CompanySpec(sym="MCAR", name="Mexico City-Acapulco Railroad", value=20, revenue=5, desc="No special abilities."),
    CompanySpec(
        sym=BAJA_COMPANY, name="Compagnie Du Boleo", value=30, revenue=5,
        desc="May play token in Santa Rosalia at no cost and in addition to regular token lay. May be purchased by a "
        "corporation for $15-$30, from Phase 2.",
        abilities=({"type": "token", "when": "owning_corp_or_turn", "owner_type": "corporation", "hexes": ["H3"],
                    "price": 0, "teleport_price": 0, "extra_action": True, "from_owner": True, "count": 1},),
    ),
    CompanySpec(
        sym=COPPER_CANYON_COMPANY, name="Kansas City, Mexico, & Orient Railroad", value=40, revenue=10,
        desc="Owning corporation may place the non-upgradeable Copper Canyon tile in F5 for $60 (instead of the "
        "normal $120) unless that hex is already built. The tile lay does not have to be connected to an existing "
        "station token of the owning corporation. The lay does not count toward the normal lay limit but must be "
        "done during tile lay. Using this tile laying ability closes the private company.",
        abilities=({"type": "tile_lay", "discount": 60, "owner_type": "corporation", "tiles": [COPPER_CANYON_TILE],
                    "hexes": [COPPER_CANYON_HEX], "count": 1, "when": "track"},),
    ),
    CompanySpec(sym="A", name="Interoceanic Railroad", value=50, revenue=0,
                desc=_MINOR_DESC.format(sym="A", home="Tampico (M12)", share="5%", major="NdM"),
                abilities=({"type": "no_buy", "owner_type": "player"},)),
    CompanySpec(sym="B", name="Sonora-Baja California Railway", value=50, revenue=0,
                desc=_MINOR_DESC.format(sym="B", home="Mazatlán (K6)", share="5%", major="NdM"),
                abilities=({"type": "no_buy", "owner_type": "player"},)),
    CompanySpec(sym="C", name="Southeastern Railway", value=50, revenue=0,
                desc=_MINOR_DESC.format(sym="C", home="Oaxaca (S12)", share="10%", major="UdY"),
                abilities=({"type": "no_buy", "owner_type": "player"},)),
    CompanySpec(
        sym="MIR", name="Mexican International Railroad", value=100, revenue=20,
        desc="Comes with a 10% share of the Chihuahua Pacific Railway (CHI).",
        abilities=({"type": "shares", "shares": "CHI_1"},
                   {"type": "blocks_hexes", "owner_type": "player", "hexes": ["K11", "J12"]}),
    ),
    CompanySpec(
        sym="MNR", name="Mexican National Railroad", value=140, revenue=20,
        desc="Comes with President's Certificate of NdM. Owner must immediately set NdM's par price. Closes when NdM "
        "buys a train. May not be sold to a corporation.",
        abilities=({"type": "shares", "shares": "NdM_0"},
                   {"type": "close", "when": "bought_train", "corporation": "NdM"},
                   {"type": "no_buy"}),
    ),
)

# =============================================================================================
# Corporations and minors
# =============================================================================================

NDM = "NdM"
UDY = "UdY"
#: the corporations that never merge into the NdM (their ``base`` ability says so until the first 5 train)
NEVER_MERGED = ("FCP", "TM")

CORPORATIONS = (
    CorporationSpec(sym="CHI", name="Chihuahua Pacific Railway", tokens=(0, 40, 60, 80), coordinates="E6",
                    color="#FF4136", float_percent=50),
    CorporationSpec(
        sym=NDM, name="National Railways of Mexico", tokens=(0, 40, 60, 80), coordinates="O10", color="#00AC00",
        float_percent=50, shares=(20, 10, 10, 10, 10, 10, 10, 5, 5, 10),
        abilities=({"type": "train_buy", "description": "Inter train buy/sell at face value", "face_value": True},
                   {"type": "train_limit", "description": "+1 train limit", "increase": 1},
                   {"type": "no_buy", "description": "Unavailable in SR before phase 3½"}),
    ),
    CorporationSpec(sym="MC", name="Mexican Central Railway", tokens=(0, 40), coordinates="I8", color="#232b2b",
                    float_percent=50),
    CorporationSpec(sym="FCP", name="Pacific Railroad", tokens=(0, 40, 60, 80), coordinates="B3", color="#FFF128",
                    text_color="black", float_percent=50,
                    abilities=({"type": "base", "description": "Cannot be merged into NdM"},)),
    CorporationSpec(sym="TM", name="Texas-Mexican Railway", tokens=(0, 40), coordinates="I12", color="#FFC502",
                    text_color="black", float_percent=50,
                    abilities=({"type": "base", "description": "Cannot be merged into NdM"},)),
    CorporationSpec(sym="MEX", name="Mexican Railway", tokens=(0, 40, 60), coordinates="P13", color="darkGray",
                    text_color="black", float_percent=50),
    CorporationSpec(sym="SPM", name="Southern Pacific Railroad of Mexico", tokens=(0, 40, 60), coordinates="O8",
                    color="#0080FF", float_percent=50),
    CorporationSpec(sym=UDY, name="United Railways of Yucatan", tokens=(0, 40), coordinates="Q14",
                    color="darkMagenta", float_percent=50),
)

MINORS = (
    MinorSpec(sym="A", name="Interoceanic Railroad", tokens=(0,), coordinates="M12", color="limeGreen"),
    MinorSpec(sym="B", name="Sonora-Baja Railway", tokens=(0,), coordinates="K6", color="darkGreen"),
    MinorSpec(sym="C", name="Southeastern Railway", tokens=(0,), coordinates="S12", color="darkMagenta"),
)

# =============================================================================================
# Stock market
# =============================================================================================

MARKET = (
    ("60", "65", "70", "75", "80p", "90p", "100", "110", "120", "130", "140", "150", "165", "180", "200e"),
    ("55", "60", "65", "70p", "75p", "80", "90", "100", "110", "120", "130", "140", "150", "165", "180"),
    ("50", "55", "60p", "65", "70", "75", "80", "90", "100", "110", "120", "130", "140", "150"),
    ("45", "50", "55", "60", "65", "70", "75", "80", "90", "100", "110", "120"),
    ("40y", "45", "50", "55", "60", "65", "70", "75", "80"),
    ("30y", "40y", "45y", "50y", "55y"),
    ("20y", "30y", "40y", "45y", "50y"),
    ("10y",),
)  # fmt: skip

# =============================================================================================
# Trains and phases
# =============================================================================================


def _n_plus_towns(n: int, multiplier: int | None = None) -> tuple[dict[str, object], ...]:
    cities: dict[str, object] = {"nodes": ["city", "offboard"], "pay": n, "visit": n}
    if multiplier is not None:
        cities["multiplier"] = multiplier
    return (cities, {"nodes": ["town"], "pay": 99, "visit": 99})


#: the train whose first purchase starts the NdM merger, and the one that closes the minors
MERGER_TRAIN = "5-0"

TRAINS = (
    TrainSpec(name="2", distance=_n_plus_towns(2), price=100, num=9, rusts_on="4"),
    TrainSpec(name="3", distance=_n_plus_towns(3), price=180, num=4, rusts_on="6",
              events=({"type": "companies_buyable"},)),
    TrainSpec(name="3'", distance=_n_plus_towns(3), price=180, num=2, rusts_on="6",
              events=({"type": "minors_closed"},)),
    TrainSpec(name="4", distance=_n_plus_towns(4), price=300, num=3, obsolete_on="6'"),
    TrainSpec(name="5", distance=_n_plus_towns(5), price=450, num=2,
              events=({"type": "close_companies"}, {"type": "ndm_merger"})),
    TrainSpec(name="6", distance=_n_plus_towns(6), price=600, num=1),
    TrainSpec(name="6'", distance=_n_plus_towns(6), price=600, num=1),
    TrainSpec(name="4D", distance=_n_plus_towns(4, multiplier=2), price=700, num=7),
)

NDM_UNAVAILABLE = "ndm_unavailable"

#: a player swaps an NdM 5% share for a 10% one from the pool (paying the difference), or takes a 5% one from the
#: pool as part of a sale (rule 3.2.c(5))
SHARE_SWAPS = (ShareSwap(NDM, small=5, large=10, from_ipo=False),)

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=3, tiles=("yellow",), operating_rounds=1,
              status=("can_buy_companies_from_other_players", "limited_train_buy", NDM_UNAVAILABLE)),
    PhaseSpec(name="3", on="3", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "can_buy_companies_from_other_players", "limited_train_buy",
                      NDM_UNAVAILABLE)),
    PhaseSpec(name="3½", on="3'", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "can_buy_companies_from_other_players", "limited_train_buy")),
    PhaseSpec(name="4", on="4", train_limit=2, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "can_buy_companies_from_other_players")),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="6½", on="6'", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3),
    PhaseSpec(name="4D", on="4D", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=3),
)

EVENTS_TEXT_18MEX = {
    **EVENTS_TEXT,
    "companies_buyable": ("Companies become buyable", "All companies may now be bought in by corporation"),
    "minors_closed": ("Minors closed", "Minors closed, NdM becomes available for buy & sell during stock round"),
    "ndm_merger": ("NdM merger", "Potential NdM merger if NdM has floated"),
}
STATUS_TEXT_18MEX = {**STATUS_TEXT, NDM_UNAVAILABLE: ("NdM unavailable", "NdM shares unavailable during stock round")}

# =============================================================================================
# Tiles (Mexico City and Puebla are one double hex: a tile laid in one lays its twin in the other)
# =============================================================================================

TILES = {
    "3": 3, "4": 3, "5": 2, "6": 2, "7": 5, "8": 11, "9": 11, "14": 3, "15": 3, "16": 1, "17": 1, "18": 1,
    "19": 1, "20": 1, "23": 4, "24": 4, "25": 3, "26": 1, "27": 1, "28": 1, "29": 1, "39": 1, "40": 2, "41": 3,
    "42": 3, "43": 2, "44": 1, "45": 2, "46": 2, "47": 2, "57": 4, "58": 4, "63": 7, "70": 1, "141": 2,
    "142": 2, "143": 2, "455": 1, "470": 1, "471": 1, "472": 1, "473": 1, "474": 2, "475": 1, "476": 1,
    "477": 1, "478": 1, "479MC": 1, "479P": 1, "480": 1, "481": 1, "482": 1, "483": 1, "484": 1, "485MC": 1,
    "485P": 1, "486MC": 1, "486P": 1, "619": 2,
}  # fmt: skip

CUSTOM_TILES = {
    "470": CustomTileSpec(color="yellow", code=_tile(
        "town=revenue:20,loc:0,style:rect", "path=a:0,b:_0", "path=a:3,b:_0", "path=a:3,b:4", "path=a:4,b:_0",
        "label=CC")),
    "479MC": CustomTileSpec(color="green", code=_tile(
        "city=revenue:40,slots:2,loc:center", "town=revenue:0,loc:2.5", "path=a:3,b:_0", "path=a:5,b:_0",
        "label=MC", "border=edge:5")),
    "479P": CustomTileSpec(color="green", code=_tile(
        "town=revenue:10", "path=a:2,b:_0", "path=a:_0,b:5", "upgrade=cost:40,terrain:mountain", "label=P",
        "border=edge:2")),
    "480": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:50,slots:2", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0", "path=a:3,b:_0",
        "path=a:4,b:_0", "path=a:5,b:_0", "label=G", "future_label=color:gray")),
    "485MC": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:60,slots:3,loc:center", "town=revenue:10,loc:2", "path=a:0,b:_0", "path=a:1,b:_0",
        "path=a:3,b:_0", "path=a:2,b:_1", "path=a:5,b:_0,lanes:2", "path=a:_1,b:_0", "label=MC")),
    "485P": CustomTileSpec(color="brown", code=_tile(
        "town=revenue:10,loc:5", "path=a:2,b:_0,a_lane:2.1", "path=a:5,b:_0", "path=a:2,b:4,a_lane:2.0",
        "label=P")),
    "486MC": CustomTileSpec(color="brown", code=_tile(
        "city=revenue:50,slots:4,loc:center", "town=revenue:10,loc:2", "path=a:0,b:_0", "path=a:1,b:_0",
        "path=a:3,b:_0", "path=a:2,b:_1", "path=a:5,b:_0,lanes:2", "path=a:_1,b:_0", "label=MC", "border=edge:5")),
    "486P": CustomTileSpec(color="brown", code=_tile(
        "town=revenue:10,loc:5", "path=a:2,b:_0,a_lane:2.1", "path=a:5,b:_0", "path=a:2,b:4,a_lane:2.0",
        "label=P", "border=edge:2")),
}

MEXICO_CITY = "O10"
PUEBLA = "P11"

# =============================================================================================
# The map (flat-topped, x numbers and y letters)
# =============================================================================================

LOCATION_NAMES = {
    "A6": "Ciudad Juárez / El Paso", "B1": "Baja California", "B3": "Nogales / Tucson", "D3": "Hermosillo",
    "E6": "Chihuahua", "F5": "Copper Canyon", "D11": "San Antonio", "G10": "Nuevo Laredo", "H3": "Santa Rosalia",
    "I4": "Los Mochis", "I8": "Torreón", "I10": "Monterrey", "I12": "Matamoros", "J5": "Culiacán",
    "J7": "Durango", "K8": "Zacatecas", "K6": "Mazatlán", "L9": "San Luis Potosí", "M10": "Querétaro",
    "M12": "Tampico", "O8": "Guadalajara", "O10": "Mexico City", "P7": "Puerto Vallarta", "P11": "Puebla",
    "P13": "Veracruz", "Q14": "Mérida", "S10": "Acapulco", "S12": "Oaxaca", "U14": "Guatemala",
}  # fmt: skip

HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "red": {
        _tile("offboard=revenue:yellow_30|brown_60", "path=a:0,b:_0", "path=a:1,b:_0"): ("A6",),
        _tile("offboard=revenue:yellow_30|brown_50", "path=a:5,b:_0"): ("B1",),
        _tile("city=revenue:yellow_10|brown_50", "path=a:1,b:_0,terminal:1", "path=a:2,b:_0,terminal:1"): ("Q14",),
        _tile("offboard=revenue:yellow_30|brown_40", "path=a:2,b:_0"): ("U14",),
    },
    "gray": {
        _tile("city=revenue:yellow_30|brown_50", "path=a:0,b:_0", "path=a:1,b:_0"): ("B3",),
        _tile("city=revenue:yellow_30|brown_60,slots:2", "path=a:0,b:_0", "path=a:1,b:_0"): ("D11",),
        _tile("city=revenue:yellow_20|brown_40,slots:2", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0",
              "path=a:3,b:_0"): ("I12",),
        "path=a:3,b:4": ("U12",),
    },
    "white": {
        "upgrade=cost:120,terrain:mountain": ("B5", "C4", "D7", "E4", "F7", "F9", "G8", "H5", "I6", "N9", "P9"),
        _tile("upgrade=cost:120,terrain:mountain", "icon=image:18_al/coal"): ("F5",),
        _tile("upgrade=cost:120,terrain:mountain", "border=edge:4,type:impassable"): ("Q10",),
        _tile("upgrade=cost:120,terrain:mountain", "border=edge:3,type:impassable"): ("R11",),
        "upgrade=cost:60,terrain:mountain": ("C2", "L11", "Q8", "Q12"),
        _tile("upgrade=cost:60,terrain:mountain", "border=edge:0,type:impassable",
              "border=edge:1,type:impassable"): ("N11",),
        _tile("upgrade=cost:60,terrain:mountain", "border=edge:5,type:impassable"): ("O12",),
        "upgrade=cost:20,terrain:desert": ("E2", "C6", "D5", "E8", "E10", "F3", "G6", "H9", "J9", "J11"),
        _tile("city=revenue:0", "upgrade=cost:60,terrain:mountain"): ("D3", "M10"),
        "upgrade=cost:20,terrain:water": ("D9", "H11", "N7", "T11", "T13"),
        "": ("F11", "G4", "H7", "K10", "L7", "M8", "R9"),
        _tile("city=revenue:0", "upgrade=cost:20,terrain:water"): ("G10",),
        _tile("city=revenue:0", "upgrade=cost:20,terrain:water", "future_label=label:L,color:green"): ("I4",),
        _tile("city=revenue:0", "upgrade=cost:20,terrain:water", "future_label=label:G,color:brown"): ("O8",),
        "upgrade=cost:40,terrain:swamp": ("G12", "K12"),
        "city=revenue:0": ("I8", "I10"),
        "town=revenue:0": ("J5", "L9", "P7"),
        _tile("town=revenue:0", "upgrade=cost:60,terrain:mountain"): ("J7",),
        _tile("town=revenue:0", "upgrade=cost:20,terrain:desert"): ("K8",),
        _tile("city=revenue:20,loc:center", "town=revenue:10,loc:1", "path=a:_1,b:_0",
              "upgrade=cost:20,terrain:water", "label=M"): ("K6",),
        _tile("city=revenue:20,loc:center", "town=revenue:10,loc:4", "path=a:_0,b:_1",
              "upgrade=cost:40,terrain:swamp", "label=T"): ("M12",),
        _tile("city=revenue:0,loc:center", "town=revenue:0,loc:5", "upgrade=cost:40,terrain:swamp",
              "border=edge:2,type:impassable", "label=V"): ("P13",),
        _tile("town=revenue:0", "upgrade=cost:120,terrain:mountain"): ("S10",),
        _tile("city=revenue:20", "path=a:4,b:_0", "upgrade=cost:20,terrain:water"): ("S12",),
    },
    "yellow": {
        _tile("city=revenue:20", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:3,b:_0"): ("E6",),
        _tile("city=revenue:20,loc:center", "town=revenue:0,loc:2", "path=a:3,b:_0", "path=a:5,b:_0",
              "border=edge:4,type:impassable", "label=MC", "border=edge:5"): (MEXICO_CITY,),
        _tile("town=revenue:10", "path=a:2,b:_0", "path=a:_0,b:5", "upgrade=cost:60,terrain:mountain",
              "border=edge:0,type:impassable", "border=edge:1,type:impassable", "border=edge:3,type:impassable",
              "label=P", "border=edge:2"): (PUEBLA,),
        _tile("path=a:1,b:4", "upgrade=cost:60,terrain:mountain"): ("R13",),
    },
}

#: the Baja variant: Los Mochis leaves the map's white hexes for a red city, Santa Rosalia (H3) is added
BAJA_REMOVED_HEX = "I4"
BAJA_ADDED_HEXES: dict[str, dict[str, tuple[str, ...]]] = {
    "gray": {_tile("city=revenue:30,loc:center", "town=revenue:20,loc:3", "path=a:5,b:_0", "path=a:_0,b:_1"): ("H3",)},
    "red": {_tile("city=revenue:yellow_30|brown_40", "path=a:2,b:_0", "path=a:3,b:_0", "path=a:4,b:_0",
                  "path=a:5,b:_0"): ("I4",)},
}

TITLE = TitleSpec(
    title="18MEX",
    designer="Mark Derrick",
    publisher="All Aboard Games",
    location="Mexico",
    rules_url="https://drive.google.com/file/d/17ahTfEG04vHhLiJ8fVsp2ya_-pCEt6q0/view?usp=sharing",
    info_url="https://github.com/tobymao/18xx/wiki/18MEX",
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
    minors=MINORS,
    trains=TRAINS,
    phases=PHASES,
    rules=RULES,
    optional_rules=OPTIONAL_RULES,
    status_text=STATUS_TEXT_18MEX,
    events_text=EVENTS_TEXT_18MEX,
)
