"""18Rhl: Rhineland (Wolfram Janich, Marflow Games), the title's facts as data.

Eight corporations (KEG with two double certificates, CCE with two homes, RhE parred through private No. 6),
the six privates (No. 1 is the Prinz Wilhelm-Bahn, or the Angertalbahn in the Ratingen variant), the Rhine
metropolises Duisburg, Duesseldorf and Koeln (three cities on yellow, two joined by a ferry "Trajekt" on
green, one on brown), the trains 2 to 8 (towns are free; the 8-train is the Rheingold Express) and the four
optional rules.  ``title_for(optional_rules)`` gives the facts in play: the Ratingen variant changes two hexes
and private No. 1, the promotion tiles change the gray tiles.  Behaviour is in ``rules.py`` and ``steps.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

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

OPTIONAL_2_TRAIN = "optional_2_train"
LOWER_STARTING_CAPITAL = "lower_starting_capital"
PROMOTION_TILES = "promotion_tiles"
RATINGEN_VARIANT = "ratingen_variant"

PLAYER_RANGE = (3, 6)
BANK_CASH = 9_000
STARTING_CASH = {3: 600, 4: 450, 5: 360, 6: 300}
LOWER_STARTING_CASH = {3: 500, 4: 375, 5: 300, 6: 250}
CERT_LIMIT = {3: 20, 4: 15, 5: 12, 6: 10}

RULES = RuleSet(
    capitalization="full",
    must_sell_in_blocks=False,
    game_end_check=(("bank", "full_or"),),
    sell_movement="down_block",
    sell_after="operate",
    sell_buy_order="sell_buy",
    track_restriction="semi_restrictive",
    ebuy_from_others="never",
    currency_format="%sM",
)

OPTIONAL_RULES = (
    OptionalRuleSpec(sym=OPTIONAL_2_TRAIN, short_name="Optional 2-Train", desc="Add a 7th 2-train"),
    OptionalRuleSpec(sym=LOWER_STARTING_CAPITAL, short_name="Lower total Starting Capital",
                     desc="Reducing the total Starting Capital to 1500M. Recommended only for 3-4 players."),
    OptionalRuleSpec(sym=PROMOTION_TILES, short_name="Promotion Tiles", desc="Adds some extra tiles."),
    OptionalRuleSpec(sym=RATINGEN_VARIANT, short_name="Ratingen Variant",
                     desc="Based on construction of Angertalbahn (Anger valley railway)"),
)

# =============================================================================================
# Hexes named in the rules
# =============================================================================================

#: Duisburg, Duesseldorf, Koeln: three cities on yellow, two (west and east bank, joined by the Trajekt) on green
RHINE_METROPOLIS_HEXES = ("D9", "F9", "I10")
AACHEN, DUREN, COLOGNE, DUISBURG, DUSSELDORF, ROERMOND = "K2", "K6", "I10", "D9", "F9", "G2"
MOERS, ESSEN, OSTERATH = "D7", "D13", "E8"
RATINGEN_HEX = "E12"
PWB_HEX = "E14"
#: the Eastern Ruhr off-boards (coal and steel), and the track ends counted as links to them
EASTERN_RUHR_HEXES = ("C14", "D15")
EASTERN_RUHR_LINKS = (("C12", 4), ("D13", 3), ("D13", 4), ("E14", 3))
#: off-boards that pay nothing to a corporation another corporation has tokened out
OUT_TOKENED_HEXES = ("A14", "B15", "C2")
#: the Rheingold Express (8-train) termini
RGE_HEXES = ("A4", "A6", "L11", "L13")
NIMWEGEN_ARNHEIM = ("A4", "A6")
BASEL_FRANKFURT = ("L11", "L13")

# =============================================================================================
# Privates
# =============================================================================================

MOUNTAIN_HEXES = ["D13", "E12", "E14", "F11", "F13", "G12", "G14", "H13", "I12", "I14", "J13", "K2", "K12"]

PWB = CompanySpec(
    sym="PWB", name="No. 1 Prinz Wilhelm-Bahn", value=20, revenue=5,
    desc="Blocks Hex E14. As director of a corporation the owner may place the first tile on this hex. An upgrade "
    "follows the normal track building rules. If there is still no tile on hex E14 after the purchase of the first 5 "
    "train, the blocking by the PWB ends.",
    abilities=({"type": "blocks_hexes", "owner_type": "player", "hexes": ["E14"]},),
)
ATB = CompanySpec(
    sym="ATB", name="No. 1 Angertalbahn", value=20, revenue=5,
    desc="When acting as a director of a corporation the owner may place a tile on hex E12 for free during the green "
    "phase. The placement of this tile is in addition to the normal tile placement of the corporation. However the "
    "corporation needs an unblocked track link from one of its stations to the hex E12. This action closes the "
    "\"Angertalbahn\".",
    abilities=(
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["E12"]},
        {"type": "tile_lay", "owner_type": "player", "hexes": ["E12"], "tiles": ["1", "2", "55", "56", "69"],
         "free": True, "reachable": True, "special": True, "count": 1, "when": ["owning_player_or_turn"],
         "consume_tile_lay": False, "closed_when_used_up": True},
    ),
)

OTHER_COMPANIES = (
    CompanySpec(
        sym="KEO", name="No. 2 Konzession Essen-Osterath", value=30, revenue=0,
        desc="With the beginning of the green phase this special function can be used. As director of a corporation "
        "the owner may lay the orange tile #935 on hex E8 regardless whether there is a tile on that hex or not. "
        "Directly after this tile placement the operating corporation may directly place a station token for free on "
        "that hex (the cheapest available token will be used. This tile placement of is in addition to corporation's "
        "normal tile lay. There need not be a link to the corporation's network. If the token is placed as part of "
        "this ability no further tile lays or upgrades are allowed in this turn. After the purchase of the first "
        "5-train the #935 tile may no longer be laid.",
        abilities=({"type": "teleport", "owner_type": "player", "tiles": ["935"], "hexes": ["E8"], "count": 1,
                    "when": ["owning_player_or_turn"], "free_tile_lay": True},),
    ),
    CompanySpec(
        sym="Szl", name="No. 3 Seilzuganlage", value=50, revenue=15,
        desc="As director of a corporation the owner may place a tile on a mountain hex for free during the "
        "corporation's track building phase. This tile placement is in addition to the corporation's normal tile lay "
        "and there need not be a link to the corporation's network. This function can only be used once during the "
        "game.",
        abilities=({"type": "tile_lay", "owner_type": "player", "hexes": MOUNTAIN_HEXES,
                    "tiles": ["1", "2", "3", "4", "5", "6", "7", "8", "9", "23", "24", "25", "30", "55", "56", "57",
                              "58", "69", "930", "934", "937"],
                    "free": True, "reachable": False, "count": 1, "when": ["owning_player_or_turn"],
                    "consume_tile_lay": False},),
    ),
    CompanySpec(
        sym="Tjt", name="No. 4 Trajektanstalt", value=80, revenue=20,
        desc="As director of a corporation the owner may upgrade *one* of the yellow hexes of Köln / Düsseldorf / "
        "Duisburg for free. This tile placement is in addition to the corporation's normal tile lay. The corporation "
        "may place a station token there in the same OR by paying the appropriate costs. There need not be a link to "
        "the corporation's network. If the token is placed as part of this ability no further tile lays or upgrades "
        "are allowed in this turn. Note! Token can only be used together with the upgrade to green and not as a "
        "token-only action. If no applicable hexes are yellow the special ability is no longer usable.",
        abilities=({"type": "teleport", "owner_type": "player",
                    "tiles": ["X921", "X922", "X923", "X924", "X925", "X926"], "hexes": ["D9", "F9", "I10"],
                    "count": 1, "when": ["owning_player_or_turn"], "free_tile_lay": True},),
    ),
    CompanySpec(
        sym="NLK", name="No. 5 Niederrheinische Licht- und Kraftwerke", value=120, revenue=25,
        desc="The player who purchased the Niederrheinische Licht- und Kraftwerke immediately receives a 10% share of "
        "the GVE for free. In order to float the GVE only 40% of the GVE needs to be sold from the Initial Offering.",
        abilities=({"type": "shares", "shares": "GVE_1"},),
    ),
    CompanySpec(
        sym="RhE", name="No. 6 Director's Certificate of Rheinischen Eisenbahngesellschaft", value=140, revenue=0,
        desc="The player who purchased this must immediately set the par value for the RhE. The par can only be 70M, "
        "75M or 80M. The money RhE receives for the presidency will be the winning bid. Three 10% shares of the RhE "
        "will be placed in the Bank Pool. The Bank will delay paying the par value of these three 10% shares to the "
        "RhE treasury until there is a track link from Köln to Aachen via Düren (cannot be blocked by non-RhE station "
        "tokens).",
        abilities=({"type": "shares", "shares": "RhE_0"}, {"type": "close", "when": "par", "corporation": "RhE"}),
    ),
)

# =============================================================================================
# Corporations
# =============================================================================================


def _corporation(sym: str, name: str, tokens: tuple[int, ...], coordinates: str | tuple[str, ...], color: str,
                 **kwargs: object) -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=tokens, coordinates=coordinates, color=color,
                           float_percent=int(kwargs.pop("float_percent", 50)),  # type: ignore[call-overload]
                           always_market_price=True, max_ownership_percent=100, **kwargs)  # type: ignore[arg-type]


CORPORATIONS = (
    _corporation("ADR", "Aachen-Düsseldorf-Ruhrorter E.", (0, 60, 80), "K2", "green"),
    _corporation("BME", "Bergisch-Märkische Eisenbahngesell.", (0, 60, 80, 100), "F13", "brown", city=1),
    _corporation("CME", "Cöln-Mindener Eisenbahngesellschaft", (0, 60, 80, 100), "I10", "#CD5C5C", city=2),
    _corporation("DEE", "Düsseldorf Elberfelder Eisenbahn", (0, 60), "F9", "yellow", city=1, text_color="black"),
    _corporation("KEG", "Krefelder Eisenbahngesellschaft", (0, 60), "D7", "orange", float_percent=60,
                 shares=(20, 10, 20, 20, 10, 10, 10), text_color="black",
                 abilities=({"type": "base", "description": "Two double (20%) certificates",
                             "desc_detail": "The first two (non-president) shares sold from IPO are double (20%) "
                             "certificates"},)),
    _corporation("GVE", "Gladbach-Venloer Eisenbahn", (0, 60), "G6", "gray", city=1),
    _corporation("CCE", "Cöln-Crefelder Eisenbahn", (0, 0, 80), ("E6", "I10"), "blue", city=1,
                 abilities=({"type": "base", "description": "Two home stations (Köln & Krefeld)"},)),
    _corporation("RhE", "Rheinische Eisenbahngesellschaft", (0, 60, 80, 100), "I10", "purple", city=0,
                 abilities=({"type": "base", "description": "Special par/float rules",
                             "desc_detail": "When the president's share is acquired (via private No. 6) three 10% "
                             "shares are moved from IPO to the Market, and the initial par value of the 3 shares will "
                             "be paid to RhE's treasury as soon as there is a track link from Köln to Aachen via "
                             "Düren. RhE floats directly, and the starting treasury is the winning bid for private 6. "
                             "Note! RhE can only be parred at 70, 75, or 80."},)),
)

MARKET = (
    ("75", "80", "90", "100p", "110", "120", "135", "150", "165", "180", "200", "220", "240", "265", "290", "320",
     "350"),
    ("70", "75", "80p", "90p", "100", "110", "120", "135", "150", "165", "180", "200", "220", "240"),
    ("65", "70p", "75p", "80", "90", "100", "110", "120", "135", "150", "165"),
    ("60p", "65p", "70", "75", "80", "90", "100"),
    ("55", "60", "65", "70"),
    ("50", "55", "60"),
)  # fmt: skip


def _distance(cities: int, town_pay: int = 99) -> tuple[dict[str, object], ...]:
    """Cities and off-boards up to ``cities``; towns without limit (the 8-train runs through them unpaid)."""
    visit = 99 if town_pay == 0 else cities
    return ({"nodes": ["city", "offboard"], "pay": cities, "visit": visit},
            {"nodes": ["town"], "pay": town_pay, "visit": 99})


TRAINS = (
    TrainSpec(name="2", distance=_distance(2), price=100, num=6, rusts_on="4", num_by_option={OPTIONAL_2_TRAIN: 7}),
    TrainSpec(name="3", distance=_distance(3), price=200, num=5, rusts_on="6"),
    TrainSpec(name="4", distance=_distance(4), price=300, num=3, rusts_on="8"),
    TrainSpec(name="5", distance=_distance(5), price=500, num=3, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=_distance(6), price=600, num=6, available_on="5"),
    TrainSpec(name="8", distance=_distance(8, town_pay=0), price=800, num=4, available_on="6"),
)

PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=("yellow",), operating_rounds=1, status=("incremental",)),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("incremental",)),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("incremental",)),
    PhaseSpec(name="5", on="5", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=("fullcap",)),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=3,
              status=("fullcap",)),
    PhaseSpec(name="8", on="8", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=3,
              status=("fullcap",)),
)

STATUS_TEXT = {
    "incremental": ("Incremental Cap",
                    "Newly floated corporations used incremental capitalization for all shares sold during the whole "
                    "game. These corporation also get a one time stock price bump up one step if parring at less than "
                    "100. Unsold shares moved to Treasury."),
    "fullcap": ("Full Cap",
                "Newly floated corporations use 100% capitalization when floated, and no one time stock price bump. "
                "Not yet sold shares moved to Market."),
}
EVENTS_TEXT = {
    "close_companies": ("Companies Close", "All private companies close, unless their text says otherwise"),
    "remove_tile_block": ("Remove tile block", "Hex E12 can now be upgraded to yellow"),
}

# =============================================================================================
# Tiles
# =============================================================================================

STANDARD_TILES = {
    "1": 2, "2": 1, "3": 2, "4": 3, "5": 1, "6": 1, "7": 2, "8": 9, "9": 9, "15": 3, "16": 1, "18": 1, "19": 1,
    "20": 1, "23": 2, "24": 2, "25": 2, "26": 1, "27": 1, "28": 1, "29": 1, "30": 1, "31": 1, "39": 1, "40": 1,
    "41": 1, "42": 1, "43": 1, "44": 1, "45": 1, "46": 1, "47": 1, "55": 2, "56": 2, "57": 1, "58": 3, "69": 2,
    "70": 1, "87": 2, "88": 1, "141": 2, "142": 2, "143": 1, "144": 1, "201": 1, "202": 1, "204": 1, "216": 3,
}  # fmt: skip

#: the title's own tiles: name -> (count, colour, code)
OWN_TILES: dict[str, tuple[int, str, str]] = {
    "916": (1, "brown", "city=revenue:40;city=revenue:40;path=a:0,b:_1;path=a:1,b:_0;path=a:3,b:_1;path=a:4,b:_0;label=OO"),
    "917": (1, "brown", "city=revenue:40;city=revenue:40;path=a:0,b:_1;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_1;label=OO"),
    "918": (1, "brown", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_1;path=a:4,b:_1;label=OO"),
    "919": (1, "brown", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_1;path=a:5,b:_1;label=OO"),
    "920": (2, "brown", "city=revenue:40;city=revenue:40;path=a:0,b:_1;path=a:1,b:_0;path=a:3,b:_1;path=a:5,b:_0;label=OO"),
    "X921": (1, "green", "city=revenue:40,slots:1,loc:1;city=revenue:40,slots:2,loc:4;label=D;path=a:0,b:_0;path=a:3,b:_1;path=a:4,b:_1;path=a:5,b:_1;path=a:_0,b:_1,track:narrow;upgrade=cost:50,terrain:river;icon=image:18_rhl/trajekt,sticky:0"),
    "X922": (1, "green", "city=revenue:40,slots:1,loc:1;city=revenue:40,slots:2,loc:4;label=D;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_1;path=a:5,b:_1;path=a:_0,b:_1,track:narrow;upgrade=cost:50,terrain:river;icon=image:18_rhl/trajekt,sticky:0"),
    "X923": (1, "green", "city=revenue:40,slots:2,loc:1;city=revenue:40,slots:1,loc:4;label=K;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_1;path=a:_0,b:_1,track:narrow;upgrade=cost:50,terrain:river;icon=image:18_rhl/trajekt,sticky:0"),
    "X924": (1, "green", "city=revenue:40,slots:2,loc:1;city=revenue:40,slots:1,loc:4;label=K;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_1;path=a:4,b:_1;path=a:_0,b:_1,track:narrow;upgrade=cost:50,terrain:river;icon=image:18_rhl/trajekt,sticky:0"),
    "X925": (1, "green", "city=revenue:40,slots:1,loc:1;city=revenue:40,slots:2,loc:4;label=DU;path=a:0,b:_0;path=a:3,b:_1;path=a:4,b:_1;path=a:5,b:_1;path=a:_0,b:_1,track:narrow;upgrade=cost:50,terrain:river;icon=image:18_rhl/trajekt,sticky:0"),
    "X926": (1, "green", "city=revenue:40,slots:1,loc:1;city=revenue:40,slots:2,loc:4;label=DU;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_1;path=a:5,b:_1;path=a:_0,b:_1,track:narrow;upgrade=cost:50,terrain:river;icon=image:18_rhl/trajekt,sticky:0"),
    "927": (1, "brown", "city=revenue:50,slots:3;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=D;upgrade=cost:50,terrain:river"),
    "928": (1, "brown", "city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=K;upgrade=cost:50,terrain:river"),
    "929": (1, "brown", "city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=DU;upgrade=cost:50,terrain:river"),
    "930": (1, "green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;upgrade=cost:30,terrain:mountain;label=AC"),
    "931": (1, "brown", "city=revenue:40,slots:3;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=AC"),
    "932": (2, "gray", "city=revenue:60,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=D/DU/K"),
    "932V": (2, "gray", "city=revenue:60,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=D/K"),
    "933": (2, "brown", "town=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0;"),
    "934": (3, "green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Y"),
    "935": (1, "orange", "city=revenue:20,loc:center;town=revenue:10,loc:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_1;path=a:_1,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=Osterath"),
    "937": (3, "yellow", "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:4,b:_1;label=OO"),
    "938": (2, "green", "city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:2,b:_1;path=a:4,b:_1;label=OO"),
    "941": (2, "green", "city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:2,b:_1;path=a:5,b:_1;label=OO"),
    "942": (2, "green", "city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:3,b:_0;path=a:5,b:_1;label=OO"),
    "947": (1, "brown", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0;label=Moers"),
    "948": (1, "gray", "city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=OO"),
    "949": (1, "gray", "city=revenue:60,slots:3,loc:center;town=revenue:20,loc:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_1;path=a:_1,b:_0;path=a:5,b:_0;label=DU"),
    "950": (1, "gray", "city=revenue:30,slots:2,loc:center;town=revenue:10,loc:4;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_1;path=a:_1,b:_0;path=a:5,b:_0;label=Moers"),
    "1910": (1, "yellow", "city=revenue:10,loc:4;path=a:0,b:2;path=a:0,b:_0;path=a:2,b:_0;label=R"),
    "1911": (1, "green", "city=revenue:20,loc:4;path=a:0,b:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=R"),
    "Essen": (1, "gray", "city=revenue:60,slots:3,loc:center;town=revenue:20,loc:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_1;path=a:_1,b:_0;path=a:5,b:_0;label=Essen"),
}  # fmt: skip

#: tiles only with the promotion tiles, tiles only without them, tiles only in the Ratingen variant
PROMOTION_ONLY = ("Essen", "949", "950", "932V")
NOT_WITH_PROMOTION = ("932",)
RATINGEN_ONLY = ("1910", "1911")

CUSTOM_TILES = {name: CustomTileSpec(color=color, code=code) for name, (_, color, code) in OWN_TILES.items()}

# =============================================================================================
# The map
# =============================================================================================

LOCATION_NAMES = {
    "A4": "Nimwegen", "A6": "Arnheim", "A14": "Hamburg Münster", "B9": "Wesel", "B15": "Berlin Minden",
    "C2": "Boxtel", "C12": "Herne Gelsenkirchen", "C14": "Östliches Ruhrgebiet", "D7": "Moers", "D9": "Duisburg",
    "D11": "Oberhausen Mülheim", "D13": "Essen", "E2": "Venio", "E6": "Krefeld", "E12": "Ratingen",
    "F9": "Neuss Düsseldorf", "F13": "Elberfeld Barmen", "G2": "Roermond", "G6": "M-Gladbach Rheydt",
    "G12": "Remshcheid Solingen", "I10": "Köln Deutz", "K2": "Aachen", "K6": "Düren", "K10": "Bonn",
    "J1": "Maastrict", "J15": "Siegerland", "L1": "Liege", "L11": "Basel", "L13": "Frankfurt",
}  # fmt: skip

RIVER = "type:impassable,color:blue"



def _hexes(ratingen: bool) -> dict[str, dict[str, tuple[str, ...]]]:
    e10 = f"border=edge:1,{RIVER}"
    e12 = "town=revenue:0;town=revenue:0;upgrade=cost:30,terrain:mountain"
    if ratingen:
        e10 += ";stub=edge:0;stub=edge:2;city=revenue:0"
        e12 += ";stub=edge:1;icon=image:1893/green_hex;label=R;icon=image:18_rhl/white_wooden_cube,sticky:1"
    return {
        "red": {
            _tile("offboard=revenue:yellow_40|brown_60,groups:NorthWest", "path=a:0,b:_0,terminal:1",
                  "icon=image:18_rhl/RGE"): ("A4",),
            _tile("offboard=revenue:yellow_40|brown_60,groups:NorthWest", "path=a:5,b:_0,terminal:1",
                  f"border=edge:0,{RIVER}", "icon=image:18_rhl/RGE"): ("A6",),
            _tile("city=revenue:yellow_40|brown_60", "path=a:0,b:_0,terminal:1"): ("A14",),
            _tile("city=revenue:yellow_50|brown_80", "path=a:1,b:_0,terminal:1"): ("B15",),
            _tile("city=revenue:yellow_10|brown_30", "path=a:4,b:_0,terminal:1"): ("C2",),
            _tile("city=revenue:10", "city=revenue:10", "path=a:0,b:_0,terminal:1", "path=a:1,b:_1,terminal:1",
                  "icon=image:18_rhl/ERh"): ("C14",),
            _tile("city=revenue:10", "city=revenue:10", "path=a:0,b:_0,terminal:1", "path=a:1,b:_1,terminal:1",
                  "label=+10/link", "icon=image:18_rhl/ERh"): ("D15",),
            _tile("city=revenue:yellow_20|brown_40", "path=a:3,b:_0", "path=a:5,b:_0"): ("E2",),
            _tile("city=revenue:yellow_10|brown_20,groups:Roermond", "path=a:4,b:_0,terminal:1",
                  "icon=image:18_rhl/ERh"): ("G2",),
            _tile("offboard=revenue:yellow_10|brown_30", "path=a:5,b:_0,terminal:1"): ("J1",),
            _tile("offboard=revenue:yellow_30|brown_60", "path=a:3,b:_0,terminal:1"): ("L1",),
            _tile("town=revenue:10", "path=a:2,b:_0", "path=a:3,b:_0"): ("L9",),
            _tile("offboard=revenue:yellow_30|brown_70", f"border=edge:3,{RIVER}", "path=a:2,b:_0",
                  "icon=image:18_rhl/RGE"): ("L11",),
            _tile("offboard=revenue:yellow_30|brown_60", "path=a:2,b:_0", "icon=image:18_rhl/RGE"): ("L13",),
        },
        "gray": {
            "": ("A2", "A8", "A10", "A12", "B1", "D1", "F1", "H1", "L3", "L5", "L7"),
            "path=a:0,b:2": ("F15", "H15"),
            "path=a:0,b:3": ("I4",),
            _tile("city=revenue:yellow_20|brown_40,loc:1", "path=a:0,b:_0", "path=a:1,b:_0", "path=a:2,b:_0",
                  "icon=image:../logos/18_rhl/S"): ("J15",),
            "path=a:1,b:3": ("K14",),
        },
        "white": {
            _tile(f"border=edge:3,{RIVER}", f"border=edge:4,{RIVER}"): ("B5",),
            _tile(f"border=edge:0,{RIVER}", f"border=edge:1,{RIVER}", f"border=edge:5,{RIVER}"): ("B7",),
            "city=revenue:0": ("B9",),
            # (G8 is listed here too in the publisher's data; the later entry with its river border wins)
            "": ("B11", "D3", "D5", "E4", "F3", "F7", "G4", "G8", "H3", "H5", "H7", "I2", "I8", "J5", "J7", "K8"),
            "town=revenue:0;town=revenue:0": ("B13", "F5", "J3"),
            "town=revenue:0": ("C4", "I6", "K4"),
            _tile("town=revenue:0", f"border=edge:3,{RIVER}"): ("C6",),
            _tile("stub=edge:3", "upgrade=cost:30,terrain:water", f"border=edge:2,{RIVER}",
                  f"border=edge:4,{RIVER}"): ("C8",),
            _tile("town=revenue:0", "town=revenue:0", f"border=edge:1,{RIVER}"): ("C10",),
            "city=revenue:0;city=revenue:0;label=OO": ("C12", "D11"),
            "city=revenue:0;upgrade=cost:30,terrain:mountain;label=Y": ("D13",),
            "city=revenue:0;label=Y": ("E6",),
            _tile("town=revenue:0", "town=revenue:0", f"border=edge:4,{RIVER}"): ("E8",),
            e10: ("E10",),
            e12: ("E12",),
            "upgrade=cost:30,terrain:mountain": ("E14", "J13"),
            "upgrade=cost:60,terrain:mountain": ("F11", "G14", "H13"),
            _tile("town=revenue:0", "town=revenue:0", f"border=edge:0,{RIVER}", f"border=edge:1,{RIVER}"): ("G10",),
            _tile("city=revenue:0", "city=revenue:10", "upgrade=cost:30,terrain:mountain", "path=a:4,b:_1",
                  "label=OO"): ("G12",),
            _tile("town=revenue:0", f"border=edge:3,{RIVER}", f"border=edge:4,{RIVER}"): ("H9",),
            # (written in another order than E10's equal code, so that the two stay separate groups)
            "border=edge:1,color:blue,type:impassable": ("H11",),
            "town=revenue:0;upgrade=cost:30,terrain:mountain": ("I12",),
            _tile(f"border=edge:0,{RIVER}", f"border=edge:1,{RIVER}"): ("J11",),
            _tile("city=revenue:0", f"border=edge:3,{RIVER}", f"border=edge:4,{RIVER}"): ("K10",),
            _tile("town=revenue:0", "upgrade=cost:30,terrain:mountain", f"border=edge:0,{RIVER}",
                  f"border=edge:1,{RIVER}"): ("K12",),
            f"border=edge:4,{RIVER}": ("G8", "J9"),
        },
        "yellow": {
            "path=a:3,b:5": ("B3",),
            _tile("city=revenue:20", "city=revenue:30", "city=revenue:30", "upgrade=cost:30,terrain:water",
                  "path=a:0,b:_0", "path=a:3,b:_1", "path=a:5,b:_2", "label=DU", "partition=a:0,b:3,type:water"):
                ("D9",),
            _tile("city=revenue:20", "city=revenue:30,loc:3.5", "city=revenue:30", "upgrade=cost:30,terrain:water",
                  "path=a:0,b:_0", "path=a:4,b:_1", "path=a:5,b:_2", "label=D", "partition=a:0,b:3,type:water"):
                ("F9",),
            _tile("city=revenue:30", "city=revenue:30", "upgrade=cost:30,terrain:mountain", "path=a:1,b:_0",
                  "path=a:_0,b:2", "path=a:3,b:_1", "path=a:_1,b:5", "label=Y"): ("F13",),
            _tile("city=revenue:20", "city=revenue:20", "path=a:0,b:_0", "path=a:2,b:_1", "label=OO"): ("G6",),
            _tile("city=revenue:30", "city=revenue:30", "city=revenue:20", "upgrade=cost:30,terrain:water",
                  "path=a:0,b:_0", "path=a:2,b:_1", "path=a:3,b:_2", "label=K", "partition=a:0,b:3,type:water"):
                ("I10",),
            _tile("upgrade=cost:60,terrain:mountain", "path=a:3,b:5"): ("I14",),
            _tile("city=revenue:20", "upgrade=cost:30,terrain:mountain", "path=a:3,b:_0", "path=a:4,b:_0",
                  "label=AC"): ("K2",),
            _tile("city=revenue:20", "path=a:1,b:_0", "path=a:4,b:_0"): ("K6",),
        },
        "green": {
            "city=revenue:0;icon=image:../logos/18_rhl/K": ("D7",),
        },
    }


def _tiles(optional_rules: Iterable[str]) -> dict[str, int]:
    chosen = set(optional_rules)
    leave_out = set(NOT_WITH_PROMOTION if PROMOTION_TILES in chosen else PROMOTION_ONLY)
    if RATINGEN_VARIANT not in chosen:
        leave_out.update(RATINGEN_ONLY)
    tiles = dict(STANDARD_TILES)
    tiles.update({name: count for name, (count, _, _) in OWN_TILES.items() if name not in leave_out})
    return tiles


TITLE = TitleSpec(
    title="18Rhl",
    subtitle="Rhineland",
    designer="Wolfram Janich",
    publisher="Marflow Games",
    location="Rhineland, Germany",
    rules_url="https://18xx-marflow-games.de/onewebmedia/18Rhl%20-%20Rules%20%20EN.pdf",
    info_url="https://github.com/tobymao/18xx/wiki/18Rhl:-Rhineland",
    layout="pointy",
    player_range=PLAYER_RANGE,
    bank_cash=BANK_CASH,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    market=MARKET,
    hexes=_hexes(ratingen=False),
    location_names=LOCATION_NAMES,
    tiles=_tiles(()),
    custom_tiles=CUSTOM_TILES,
    companies=(PWB, *OTHER_COMPANIES),
    corporations=CORPORATIONS,
    trains=TRAINS,
    phases=PHASES,
    rules=RULES,
    optional_rules=OPTIONAL_RULES,
    status_text=STATUS_TEXT,
    events_text=EVENTS_TEXT,
)


def title_for(optional_rules: Iterable[str]) -> TitleSpec:
    """The facts in play with these optional rules."""
    chosen = set(optional_rules)
    if not chosen:
        return TITLE
    ratingen = RATINGEN_VARIANT in chosen
    trains: tuple[TrainSpec, ...] = TRAINS
    if ratingen:
        trains = tuple(dataclasses.replace(t, events=({"type": "remove_tile_block"},)) if t.name == "3" else t
                       for t in TRAINS)
    return dataclasses.replace(
        TITLE,
        hexes=_hexes(ratingen),
        tiles=_tiles(chosen),
        companies=((ATB if ratingen else PWB), *OTHER_COMPANIES),
        trains=trains,
        starting_cash=LOWER_STARTING_CASH if LOWER_STARTING_CAPITAL in chosen else STARTING_CASH,
    )
