"""18USA (Mark Voss, Shawn Fox; All Aboard Games): 1817 (engine/titles/g1817/) across the whole United States,
its facts as data.  Twenty-four corporations; thirty private companies of which a random set takes part; a
one-row market from $42 to $800; 2+, 3+ and 4+ trains and the Pullman ("P") car; resource hexes (coal, ore, oil)
built with tiles carrying a resource label; potential metropolises, three of them drawn at set-up; subsidies
lying face down on fourteen cities, claimed by the corporation starting there; red areas whose values are drawn
at set-up.  Behaviour that is not data lives in ``rules.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal

from engine.titles.g1817 import data as base
from engine.titles.spec import CompanySpec, CustomTileSpec, OptionalRuleSpec, PhaseSpec, TitleSpec, TrainSpec
from engine.titles.spec import tile_code as _tile

PLAYER_RANGE = (2, 7)
STARTING_CASH = {2: 630, 3: 420, 4: 315, 5: 300, 6: 250, 7: 225}
CERT_LIMIT = {2: 32, 3: 21, 4: 16, 5: 16, 6: 13, 7: 11}

#: resource labels and the map icons marking resource hexes
COAL, ORE, OIL = "⛏️", "⚒️", "🛢️"
RESOURCE_LABELS = {"coal": COAL, "ore": ORE, "oil": OIL}
RESOURCE_ICONS = {"coal": "coalcar", "ore": "mine", "oil": "oil-derrick"}

CITY_HEXES = ("B8", "B14", "C3", "C17", "C29", "D6", "D14", "D20", "D24", "E3", "E7", "E11", "E15", "E17", "E23",
              "F20", "F26", "G3", "G7", "G11", "G17", "G27", "H8", "H14", "H20", "H22", "I13", "I15", "I19", "I25")
OIL_HEXES = ("B12", "G15", "H4", "I17", "I21", "I23", "J14")
ORE_HEXES = ("B10", "C7", "C19", "D16", "E5", "E9", "G21", "H6")
COAL_HEXES = ("B6", "B10", "B12", "C9", "D8", "D10", "D26", "E19", "E25", "F8", "F10", "F16", "F22", "F24")
RIVER_HEXES = ("B4", "D18", "E21", "F18", "H18", "I19", "C3", "C17", "D14", "E15", "E17", "F20", "G17")
MEXICO_HEXES = ("I5", "I7", "I9", "I11", "J12", "K13")
#: the potential metropolises (New York is always one); three are drawn at set-up
METROPOLIS_HEXES = ("G3", "E11", "H14", "H22", "I19", "D20")
POTENTIAL_METROPOLIS_HEXES = ("D20", "E11", "G3", "H14", "H22", "I19")
#: the metropolis tile laid on each drawn hex, with its rotation
METROPOLIS_TILE_FOR_HEX = {"H14": ("X03", 0), "E11": ("X04s", 0), "G3": ("X05", 3), "D20": ("X02", 1),
                           "I19": ("X06", 0), "H22": ("X01", 0)}
SUBSIDIZED_HEXES = ("B8", "B14", "C3", "D6", "D14", "E3", "E7", "E23", "G7", "G11", "G27", "H8", "I13", "I25")
GNR_HEXES = ("B4", "B6", "B8", "B10", "B12", "B14", "B16", "B18", "C19", "D20")
GNR_FULL_BONUS, GNR_FULL_BONUS_HEXES = 60, ("B2", "B8", "B14", "D20")
GNR_HALF_BONUS, GNR_HALF_BONUS_HEXES = 30, ("B8", "B14")

# --- tiles -------------------------------------------------------------------------------------------------
RURAL_TILES = ("X07", "X08", "X09")
COMPANY_TOWN_TILES = ("X20", "X21", "X22")
SPECIAL_TILES = (*RURAL_TILES, *COMPANY_TOWN_TILES, "X23")
PLAIN_YELLOW_CITY_TILES = ("5", "6", "57")
PLAIN_GREEN_CITY_TILES = ("14", "15", "619")
PLAIN_BROWN_CITY_TILES = ("63", "611", "448")

#: the exits of the plain track tiles resource tiles are made from
_YELLOW_TRACK = {"7": "path=a:0,b:1", "8": "path=a:0,b:2", "9": "path=a:0,b:3"}
_JUNCTION_TRACK = {
    "80": (0, 1, 2), "81": (0, 2, 4), "82": (0, 1, 3), "83": (0, 5, 3),
    "544": (0, 1, 3, 4), "545": (0, 1, 2, 3), "546": (0, 2, 3, 4),
    "60": (0, 1, 2, 3, 4, 5), "X17": (0, 1, 2, 3, 4),
}
_COLOR_OF = {"7": "yellow", "8": "yellow", "9": "yellow", "80": "green", "81": "green", "82": "green", "83": "green",
             "544": "brown", "545": "brown", "546": "brown", "60": "gray", "X17": "gray"}
#: the (hidden) offboard value each resource variant carries, by track colour: (suffix, label, revenue)
_YELLOW_VARIANTS = (("coal", COAL, "10"), ("ore10", ORE, "10"), ("ore20", ORE, "20"), ("oil", OIL, "yellow_10|brown_20"),
                    ("coalore10", COAL + ORE, "20"), ("coalore20", COAL + ORE, "30"),
                    ("coaloil", COAL + OIL, "yellow_20|brown_30"))
_GREEN_VARIANTS = (("coal", COAL, "10"), ("oil", OIL, "yellow_10|brown_20"), ("coaloil", COAL + OIL, "yellow_20|brown_30"))
_LATE_VARIANTS = (("coal", COAL, "10"), ("oil", OIL, "20"), ("coaloil", COAL + OIL, "30"))

ORE10_TILES = tuple(f"{t}{v}" for v in ("ore10", "coalore10") for t in ("7", "8", "9"))
ORE20_TILES = tuple(f"{t}{v}" for v in ("ore20", "coalore20") for t in ("7", "8", "9"))


def _resource_tiles() -> dict[str, CustomTileSpec]:
    """Every plain track tile with a resource label (hidden from the supply until a resource ability lays it)."""
    tiles: dict[str, CustomTileSpec] = {}
    for name, path in _YELLOW_TRACK.items():
        for suffix, label, revenue in _YELLOW_VARIANTS:
            tiles[f"{name}{suffix}"] = CustomTileSpec(
                color="yellow", code=_tile(f"offboard=revenue:{revenue},hide:1", path, f"label={label}"))
    for name, exits in _JUNCTION_TRACK.items():
        variants = _GREEN_VARIANTS if _COLOR_OF[name] == "green" else _LATE_VARIANTS
        for suffix, label, revenue in variants:
            paths = [f"path=a:{e},b:_0" for e in exits]
            tiles[f"{name}{suffix}"] = CustomTileSpec(
                color=_COLOR_OF[name],
                code=_tile("junction", f"offboard=revenue:{revenue},hide:1", *paths, f"label={label}"))
    return tiles


RESOURCE_TILES = _resource_tiles()
RESOURCE_TILE_NAMES = tuple(RESOURCE_TILES)

YELLOW_PLAIN_TRACK_TILES = ("7", "8", "9", *(n for n in RESOURCE_TILE_NAMES if n[0] in "789" and len(n) > 1
                                            and not n.startswith(("80", "81", "82", "83"))))
GREEN_PLAIN_TRACK_TILES = tuple(n for n in ("80", "81", "82", "83", *RESOURCE_TILE_NAMES)
                                if n.startswith(("80", "81", "82", "83")))
BROWN_PLAIN_TRACK_TILES = tuple(n for n in ("544", "545", "546", *RESOURCE_TILE_NAMES) if n.startswith("54"))
GRAY_PLAIN_TRACK_TILES = tuple(n for n in ("X17", "60", *RESOURCE_TILE_NAMES) if n.startswith(("X17", "60")))


def _city(revenue: str, *paths: str, label: str, slots: int | None = None) -> str:
    city = f"city=revenue:{revenue}" + (f",slots:{slots}" if slots else "")
    return _tile(city, *(f"path=a:{p},b:_0" for p in paths), f"label={label}")


_U: Literal["unlimited"] = "unlimited"
CUSTOM_TILES: dict[str, CustomTileSpec] = {
    "X01": CustomTileSpec(color="yellow", code=_city("30", "1", "3", "5", label="ATL")),
    "X02": CustomTileSpec(color="yellow", code=_city("30", "1", "3", "5", label="CHI")),
    "X03": CustomTileSpec(color="yellow", code=_city("30", "1", "3", "5", label="DFW")),
    "X04s": CustomTileSpec(color="yellow", code=_city("30", "1", "3", "5", label="DEN")),
    "X04": CustomTileSpec(color="yellow", code=_city("30", "1", "3", "5", label="DEN")),
    "X05": CustomTileSpec(color="yellow", code=_city("30", "1", "2", "5", label="LA")),
    "X06": CustomTileSpec(color="yellow", code=_city("30", "1", "3", "5", label="NO")),
    "X07": CustomTileSpec(color="yellow", code=_tile("town=revenue:10,visit_cost:0", "path=a:1,b:_0", "path=a:2,b:_0",
                                                     "path=a:3,b:_0", "path=a:4,b:_0", "label=R.J.")),
    "X08": CustomTileSpec(color="yellow", code=_tile("town=revenue:10,visit_cost:0", "path=a:1,b:_0", "path=a:2,b:_0",
                                                     "path=a:4,b:_0", "path=a:5,b:_0", "label=R.J.")),
    "X09": CustomTileSpec(color="yellow", code=_tile("town=revenue:10,visit_cost:0", "path=a:1,b:_0", "path=a:3,b:_0",
                                                     "path=a:4,b:_0", "path=a:5,b:_0", "label=R.J.")),
    "X10": CustomTileSpec(color="green", code=_city("50", "0", "1", "3", "5", label="DFW", slots=2)),
    "X11": CustomTileSpec(color="green", code=_city("50", "1", "2", "5", label="LA", slots=2)),
    "X12": CustomTileSpec(color="green", code=_tile("city=revenue:60,slots:2", "city=revenue:60", "path=a:0,b:_0",
                                                    "path=a:3,b:_0", "path=a:1,b:_1", "path=a:2,b:_1", "label=NY")),
    "X13": CustomTileSpec(color="brown", code=_city("50", "0", "1", "2", "5", label="CLE", slots=3)),
    "X14": CustomTileSpec(color="brown", code=_city("60", "0", "1", "3", "4", "5", label="DFW", slots=3)),
    "X15": CustomTileSpec(color="brown", code=_city("70", "0", "3", "4", "5", label="LA", slots=3)),
    "X16": CustomTileSpec(color="brown", code=_city("80", "0", "1", "2", "3", label="NY", slots=4)),
    "X17": CustomTileSpec(color="gray", code=_tile("junction", *(f"path=a:{e},b:_0" for e in range(5)))),
    "X18": CustomTileSpec(color="gray", code=_city("80", "0", "1", "2", "3", "4", "5", label="DFW", slots=3)),
    "X19": CustomTileSpec(color="gray", code=_city("90", "0", "3", "4", "5", label="LA", slots=4)),
    "X20": CustomTileSpec(color="gray", code=_city("yellow_30|green_40|brown_50", "1", "2", "3", "4", label="C.T.",
                                                   slots=2)),
    "X21": CustomTileSpec(color="gray", code=_city("yellow_30|green_40|brown_50", "1", "2", "4", "5", label="C.T.",
                                                   slots=2)),
    "X22": CustomTileSpec(color="gray", code=_city("yellow_30|green_40|brown_50", "1", "3", "4", "5", label="C.T.",
                                                   slots=2)),
    "X23": CustomTileSpec(color="gray", code=_city("50", "0", "1", "2", "3", "4", "5", label="RHQ", slots=3)),
    "X30": CustomTileSpec(color="gray", code=_city("100", "2", "3", "4", "5", label="NY", slots=4)),
    **RESOURCE_TILES,
}

#: tiles kept out of the supply shown to players (laid only by the title's own rules)
HIDDEN_TILES = ("X04s", *RESOURCE_TILE_NAMES)

TILES: dict[str, int | Literal["unlimited"]] = {
    "5": _U, "6": _U, "7": _U, "8": _U, "9": _U, "57": _U, "14": _U, "15": _U, "80": _U, "81": _U, "82": _U,
    "83": _U, "592": _U, "619": _U, "63": _U, "448": _U, "544": _U, "545": _U, "546": _U, "593": _U, "611": _U,
    "597": _U, "60": _U,
    "X01": 1, "X02": 1, "X03": 1, "X04s": 1, "X04": 1, "X05": 1, "X06": 1, "X07": 1, "X08": 1, "X09": 1, "X10": 1,
    "X11": 1, "X12": 1, "X13": 1, "X14": 1, "X15": 1, "X16": 1, "X17": _U, "X18": 1, "X19": 1, "X20": 1, "X21": 1,
    "X22": 1, "X23": 1, "X30": _U,
    **{name: _U for name in RESOURCE_TILE_NAMES},
}  # fmt: skip

# --- companies -----------------------------------------------------------------------------------------------


def _resource(sym: str, name: str, value: int, kinds: tuple[str, ...], hexes: tuple[str, ...], count: int,
              discount: int, *, closes: bool = True) -> dict[str, Any]:
    ability: dict[str, Any] = {"type": "tile_lay", "hexes": list(dict.fromkeys(hexes)),
                               "tiles": [RESOURCE_LABELS[k] for k in kinds], "when": "track", "reachable": True,
                               "consume_tile_lay": True, "owner_type": "corporation", "count": count}
    if discount:
        ability["discount"] = discount
    if closes:
        ability["closed_when_used_up"] = True
    return ability


def _company(sym: str, name: str, value: int, desc: str, *abilities: dict[str, Any]) -> CompanySpec:
    return CompanySpec(sym=sym, name=f"{sym} - {name}", value=value, revenue=0, desc=desc, abilities=tuple(abilities))


_WATER = {"type": "tile_discount", "discount": 10, "terrain": "water", "owner_type": "corporation"}


def _bridges(count: int) -> dict[str, Any]:
    return {"type": "assign_hexes", "hexes": list(RIVER_HEXES), "count": count, "when": "owning_corp_or_turn",
            "owner_type": "corporation"}


_COAL_DESC = ("Comes with {n} coal marker(s): a yellow tile in a coal hex pointing to a revenue location may carry one "
              "(no $15 terrain fee); the hex pays $10 more, is no stop and may not start or end a route.")
_ORE_DESC = ("Comes with {n} ore marker(s): a yellow tile in a mining hex pointing to a revenue location may carry one "
             "(no $15 terrain fee); the hex pays $10 more ($20 after an upgrade in phase 3), is no stop and may not "
             "start or end a route.")
_OIL_DESC = ("Comes with {n} oil marker(s): a yellow tile in an oilfield hex pointing to a revenue location may carry "
             "one; the hex pays $10 more ($20 from phase 5), is no stop and may not start or end a route.")

COMPANIES = (
    _company("P1", "Lehigh Coal Mine Co.", 30, _COAL_DESC.format(n="one"),
             _resource("P1", "", 30, ("coal",), COAL_HEXES, 1, 15)),
    _company("P2", "Fox Bridge Works", 40,
             "One $10 bridge token for a city with a $10 water cost; no $10 river fee when laying track.",
             dict(_WATER), _bridges(1)),
    _company("P3", "Reece Oil and Gas", 30, _OIL_DESC.format(n="one"),
             _resource("P3", "", 30, ("oil",), OIL_HEXES, 1, 0)),
    _company("P4", "Hendrickson Iron", 40, _ORE_DESC.format(n="one"),
             _resource("P4", "", 40, ("ore",), ORE_HEXES, 1, 15)),
    _company("P5", "Nobel's Blasting Powder", 30, "$15 discount on mountains.",
             {"type": "tile_discount", "discount": 15, "terrain": "mountain", "owner_type": "corporation"}),
    _company("P6", "Import/Export Hub", 30,
             "Discard while laying track to give one connected red area the 30/40/50/80 values.",
             {"type": "assign_hexes", "when": "track", "owner_type": "corporation", "hexes": []}),
    _company("P7", "Track Engineers", 40, "May lay two extra yellow tiles instead of one when paying $20."),
    _company("P8", "Express Freight Service", 40,
             "An extra station marker in one red area: each train running there earns $10 more.",
             {"type": "assign_hexes", "when": "track", "owner_type": "corporation", "hexes": []}),
    _company("P9", "Boomtown", 40,
             "Discard while laying track to upgrade a reachable yellow non-metropolis city to green (an extra lay).",
             {"type": "tile_lay", "when": "track", "owner_type": "corporation", "reachable": True,
              "closed_when_used_up": True, "count": 1, "hexes": list(CITY_HEXES), "tiles": ["14", "15", "619"]}),
    _company("P10", "Carnegie Steel Company", 40,
             "A corporation started with it in an unselected, unimproved potential metropolis makes it a metropolis."),
    _company("P11", "Pettibone & Mulliken", 40,
             "Two upgrades for $20 (one a city at most); non-city track may go one colour beyond the phase."),
    _company("P12", "Standard Oil Co.", 60, _OIL_DESC.format(n="two"),
             _resource("P12", "", 60, ("oil",), OIL_HEXES, 2, 0)),
    _company("P13", "Pennsy Boneyard", 60,
             "Discard as the first 4, 6 or 8 train comes to keep one of the owner's trains from rusting (it becomes "
             "obsolete)."),
    _company("P14", "Pyramid Scheme", 60, "No special ability."),
    _company("P15", "Western Land Grant", 60, "One extra loan at a fixed $5 interest."),
    _company("P16", "Regional Headquarters", 60,
             "From phase 5, upgrade a green or brown non-metropolis city to the RHQ tile.",
             {"type": "tile_lay", "when": "track", "owner_type": "corporation", "reachable": True,
              "consume_tile_lay": True, "hexes": list(CITY_HEXES), "tiles": ["X23"], "count": 1,
              "closed_when_used_up": True}),
    _company("P17", "Great Northern Railway", 60,
             "One extra free yellow lay a turn on the northern track hexes; Fargo-Helena earns $30 more, "
             "Seattle-Fargo-Helena-Chicago $60 (one train).",
             {"type": "tile_lay", "when": "track", "owner_type": "corporation", "reachable": True,
              "hexes": list(GNR_HEXES), "tiles": [*YELLOW_PLAIN_TRACK_TILES, *PLAIN_YELLOW_CITY_TILES], "free": True,
              "special": False, "count_per_or": 1}),
    _company("P18", "Peabody Coal Company", 60, _COAL_DESC.format(n="two"),
             _resource("P18", "", 60, ("coal",), COAL_HEXES, 2, 15)),
    _company("P19", "Union Switch & Signal", 80, "One train a turn may skip over a city (even a blocked one)."),
    _company("P20", "Suem & Wynn Law Firm", 80,
             "Discard while laying track to place a station token in a city without a free slot (an extra token).",
             {"type": "token", "when": "track", "hexes": [], "price": 0, "extra_action": True, "from_owner": True,
              "special_only": True, "cheater": True}),
    _company("P21", "Keystone Bridge Co.", 80,
             "One bridge token, no river fee; also one coal or one ore marker (using one forfeits the other).",
             dict(_WATER), _bridges(1),
             _resource("P21", "", 80, ("coal", "ore"), (*COAL_HEXES, *ORE_HEXES), 1, 15, closes=False)),
    _company("P22", "American Bridge Company", 80, "Two bridge tokens; no river fee when laying track.",
             dict(_WATER), _bridges(2)),
    _company("P23", "Bailey Yard", 80, "An additional station marker for the owning corporation.",
             {"type": "additional_token", "count": 1, "owner_type": "corporation"}),
    _company("P24", "Anaconda Copper", 90, _ORE_DESC.format(n="two"),
             _resource("P24", "", 90, ("ore",), ORE_HEXES, 2, 15)),
    _company("P25", "American Locomotive Co.", 90,
             "10% off trains from the bank; closes when the first 6 train is bought.",
             {"type": "train_discount", "when": "owning_corp_or_turn", "discount": 0.1,
              "trains": ["2", "2+", "3", "3+", "4", "4+", "5", "6"]},
             {"type": "close", "on_phase": "6"}),
    _company("P26", "Rural Junction", 90,
             "Three rural junction tiles for empty city hexes (no stop, never upgraded).",
             {"type": "tile_lay", "hexes": list(CITY_HEXES), "tiles": list(RURAL_TILES), "reachable": True,
              "when": "track", "consume_tile_lay": True, "closed_when_used_up": True, "owner_type": "corporation",
              "count": 3}),
    _company("P27", "Company Town", 90,
             "One company town tile on an empty hex not next to a metropolis, with a bonus station on it.",
             {"type": "tile_lay", "when": "track", "owner_type": "corporation", "reachable": True,
              "consume_tile_lay": True, "hexes": [], "tiles": list(COMPANY_TOWN_TILES)}),
    _company("P28", "Consolidation Coal Co.", 90, _COAL_DESC.format(n="three"),
             _resource("P28", "", 90, ("coal",), COAL_HEXES, 3, 15)),
    _company("P29", "Bankrupt Railroad", 120,
             "A corporation started with it in a city with a No Subsidy tile takes a free 2 train."),
    _company("P30", "Double Heading", 120, "Each turn one non-permanent train may run to one extra city."),
)

#: the privates always in the game (P10 too with five or more players); of the others, how many of each value stay
ALWAYS_IN = ("P1", "P2", "P3", "P4")
ALWAYS_IN_FIVE_PLAYERS = "P10"
PRIVATES_KEPT_BY_VALUE = {30: 1, 40: 2, 60: 3, 80: 2, 90: 2, 120: 1}

# --- subsidies: face-down tiles on cities, claimed by the corporation starting there ---------------------------
NO_SUBSIDIES = ("S1", "S2", "S3", "S4", "S5", "S6", "S7")
CASH_SUBSIDIES = ("S12", "S13", "S14", "S15")


def _subsidy(sid: str, name: str, icon: str, desc: str, value: int = 0,
             *abilities: dict[str, Any]) -> dict[str, Any]:
    return {"id": sid, "name": name, "icon": icon, "desc": desc, "value": value, "abilities": list(abilities)}


SUBSIDIES: tuple[dict[str, Any], ...] = (
    *(_subsidy(s, "No Subsidy", "subsidy_none", "No effect") for s in NO_SUBSIDIES),
    _subsidy("S8", "Boomtown Subsidy", "subsidy_boomtown",
             "On its first turn the corporation may upgrade its home to green for free (no track lay used).", 0,
             {"type": "tile_lay", "when": "track", "owner_type": "corporation", "closed_when_used_up": True,
              "count": 1, "hexes": [], "tiles": ["14", "15", "619"]},
             {"type": "close", "when": "operated", "corporation": None}),
    _subsidy("S9", "Free Station", "subsidy_free_station",
             "A special token for any city the corporation can reach, even without a free slot.", 0,
             {"type": "token", "when": "owning_corp_or_turn", "owner_type": "corporation", "price": 0, "count": 1,
              "from_owner": False, "cheater": True, "special_only": True, "hexes": []}),
    _subsidy("S10", "+10", "subsidy_plus_ten", "The home city is worth $10 more for the rest of the game."),
    _subsidy("S11", "+10 / +20", "subsidy_plus_ten_twenty",
             "The home city is worth $10 more, $20 more from phase 5."),
    _subsidy("S12", "$30 Subsidy", "subsidy_thirty", "The bank pays $30 of the bid for this corporation.", 30),
    _subsidy("S13", "$30 Subsidy", "subsidy_thirty", "The bank pays $30 of the bid for this corporation.", 30),
    _subsidy("S14", "$40 Subsidy", "subsidy_forty", "The bank pays $40 of the bid for this corporation.", 40),
    _subsidy("S15", "$50 Subsidy", "subsidy_fifty", "The bank pays $50 of the bid for this corporation.", 50),
    _subsidy("S16", "Resource Subsidy", "subsidy_resource", "", 0,
             {"type": "tile_lay", "hexes": [], "tiles": [], "when": "track", "reachable": True,
              "consume_tile_lay": False, "closed_when_used_up": True, "owner_type": "corporation", "count": 1}),
)

# --- corporations, market, trains, phases ----------------------------------------------------------------------
_c = base.corporation
CORPORATIONS = (
    _c("ATSF", "Atchison, Topeka, and Santa Fe", "#7090c9"),
    _c("B&O", "Baltimore and Ohio Railroad", "#025aaa"),
    _c("C&O", "Chesapeake and Ohio", "#ADD8E6", "black"),
    _c("DRG", "Denver and Rio Grande", "Sienna"),
    _c("GN", "Great Northern Railway", "LightSkyBlue", "black"),
    _c("IC", "Illinois Central Railroad", "#32763f"),
    _c("KCS", "Kansas City Southern Railroad", "Red"),
    _c("MILW", "Milwaukee Road", "Gray"),
    _c("MKT", "Missouri-Kansas-Texas Railroad", "#018471"),
    _c("MP", "Missouri Pacific Railroad", "Indigo"),
    _c("NYC", "New York Central Railroad", "#110a0c"),
    _c("N&W", "Norfolk and Western Railway", "DarkRed"),
    _c("NP", "Northern Pacific Railway", "Black"),
    _c("PRR", "Pennsylvania Railroad", "YellowGreen", "black"),
    _c("SP", "Southern Pacific Railroad", "#f48221"),
    _c("SR", "Southern Railway", "ForestGreen"),
    _c("SLSF", "St. Louis-San Francisco Railway", "#d02020"),
    _c("TP", "Texas and Pacific Railway", "Purple"),
    _c("UP", "Union Pacific Railroad", "Gold", "black"),
    _c("WP", "Western Pacific Railroad", "Brown"),
)

MARKET = (
    ("0l", "0a", "0a", "0a", "42", "44", "46", "48", "50p", "53s", "56p", "59p", "62p", "66p", "70p", "74s", "78p",
     "82p", "86p", "90p", "95p", "100p", "105p", "110p", "115p", "120s", "127p", "135p", "142p", "150p", "157p",
     "165p", "172p", "180p", "190p", "200p", "210", "220", "230", "240", "250", "260", "270", "285", "300", "315",
     "330", "345", "360", "375", "390", "405", "420", "440", "460", "480", "500", "520", "540", "560", "580", "600",
     "625", "650", "675", "700", "725", "750", "775", "800"),
)  # fmt: skip

TRAINS = (
    TrainSpec(name="2", distance=2, price=100, rusts_on="4", num=40),
    TrainSpec(name="2+", distance=2, price=100, obsolete_on="4", num=5),
    TrainSpec(name="3", distance=3, price=250, rusts_on="6", num=12),
    TrainSpec(name="3+", distance=3, price=250, obsolete_on="6", num=2),
    TrainSpec(name="4", distance=4, price=400, rusts_on="8", num=8),
    TrainSpec(name="4+", distance=4, price=400, obsolete_on="8", num=1),
    TrainSpec(name="5", distance=5, price=600, num=6),
    TrainSpec(name="6", distance=6, price=750, num=5),
    TrainSpec(name="7", distance=7, price=900, num=3),
    TrainSpec(name="8", distance=8, price=1100, num="unlimited", events=({"type": "signal_end_game"},)),
    TrainSpec(name="P", distance=0, price=200, available_on="5", num="unlimited"),
)
#: with fewer than five players the roster loses its last 2+, 4, 5 and 6 train
TRAINS_REMOVED_BELOW_FIVE_PLAYERS = ("2+", "4", "5", "6")

CORPORATION_SIZES = {"2": (2,), "2+": (2,), "3": (2, 5), "3+": (2, 5), "4": (5,), "4+": (5,), "5": (5, 10),
                     "6": (10,), "7": (10,), "8": (10,)}

_Y, _G, _B, _R = ("yellow",), ("yellow", "green"), ("yellow", "green", "brown"), ("yellow", "green", "brown", "gray")
PHASES = (
    PhaseSpec(name="2", on=None, train_limit=4, tiles=_Y, operating_rounds=2),
    PhaseSpec(name="2+", on="2+", train_limit=4, tiles=_Y, operating_rounds=2),
    PhaseSpec(name="3", on="3", train_limit=4, tiles=_G, operating_rounds=2),
    PhaseSpec(name="3+", on="3+", train_limit=4, tiles=_G, operating_rounds=2),
    PhaseSpec(name="4", on="4", train_limit=3, tiles=_G, operating_rounds=2),
    PhaseSpec(name="4+", on="4+", train_limit=3, tiles=_G, operating_rounds=2),
    PhaseSpec(name="5", on="5", train_limit=3, tiles=_B, operating_rounds=2, status=("increased_oil",)),
    PhaseSpec(name="6", on="6", train_limit=2, tiles=_B, operating_rounds=2),
    PhaseSpec(name="7", on="7", train_limit=2, tiles=_R, operating_rounds=2),
    PhaseSpec(name="8", on="8", train_limit=2, tiles=_R, operating_rounds=2, status=("no_new_shorts",)),
)

STATUS_TEXT = {
    "increased_oil": ("Oil value increased", "Oil worth $20 for the remainder of the game"),
    **base.STATUS_TEXT,
}

RULES = replace(base.RULES, tile_upgrades_must_use_max_exits=("cities", "track"),
                obsolete_trains_count_for_limit=False)

# --- the map ---------------------------------------------------------------------------------------------------
LOCATION_NAMES = {
    "A15": "Winnipeg", "A27": "Montreal", "B2": "Seattle", "B8": "Helena", "B14": "Fargo", "C3": "Portland",
    "C17": "Minneapolis", "C23": "Detroit", "C25": "Toronto", "C29": "Boston", "D6": "Boise", "D14": "Omaha",
    "D20": "Chicago", "D24": "Cleveland", "D28": "New York City", "E1": "San Francisco", "E3": "Sacramento",
    "E7": "Salt Lake City", "E11": "Denver", "E15": "Kansas City", "E17": "St. Louis", "E23": "Columbus",
    "F20": "Louisville", "F26": "Baltimore", "G3": "Los Angeles", "G7": "Phoenix", "G11": "Santa Fe",
    "G17": "Memphis", "G27": "Norfolk", "H8": "Tucson", "H14": "Dallas-Fort Worth", "H20": "Birmingham",
    "H22": "Atlanta", "I13": "San Antonio", "I15": "Houston", "I19": "New Orleans", "I25": "Jacksonville",
    "J20": "Port of New Orleans", "J24": "Florida", "I9": "Mexico",
}  # fmt: skip

_MOUNTAIN = "upgrade=cost:15,terrain:mountain"
_RIVER = "upgrade=cost:10,terrain:water"
_COINS = "icon=image:18_ms/coins"
_BRIDGE = "icon=image:18_usa/bridge"
_MINE = "icon=image:18_usa/mine"
_OILD = "icon=image:18_usa/oil-derrick"
_COALCAR = "icon=image:18_usa/coalcar"
_GNR = "icon=image:18_usa/gnr"

WHITE_HEXES: dict[str, tuple[str, ...]] = {
    "": ("B20", "B26", "C5", "C11", "C13", "C15", "D2", "D4", "D12", "D22", "E13", "F2", "F6", "F12", "F14", "G9",
         "G13", "G19", "G25", "H10", "H12", "H16", "H24", "H26"),
    "stub=edge:3": ("E27",),
    "city=revenue:0": ("E11", "G3", "H14", "I15", "H20", "H22", "F26", "C29", "D24"),
    _tile("city=revenue:0", _COINS): ("D6", "E3", "E7", "G7", "G11", "H8", "I13", "I25", "G27", "E23"),
    _tile("city=revenue:0", _RIVER, _BRIDGE): ("C17", "E15", "E17", "F20", "G17", "I19"),
    _tile("city=revenue:0", _RIVER, _COINS, _BRIDGE): ("C3", "D14"),
    _MOUNTAIN: ("B28", "C27", "F4", "G5", "G23"),
    _RIVER: ("D18", "E21", "F18", "H18"),
    "upgrade=cost:20,terrain:lake": ("B22",),
    _tile(_MOUNTAIN, _MINE): ("C7", "E9", "G21"),
    _MINE: ("D16", "E5", "H6"),
    _OILD: ("G15", "H4", "I17", "I21", "I23", "J14"),
    _COALCAR: ("E19", "F16"),
    _tile(_MOUNTAIN, _COALCAR): ("C9", "D8", "D10", "E25", "F8", "F10", "F22", "F24"),
    _tile(_MOUNTAIN, _COALCAR, "stub=edge:4"): ("D26",),
    _GNR: ("B16", "B18"),
    _tile(_GNR, _MINE): ("C19",),
    _tile(_GNR, _COALCAR, _MINE): ("B10",),
    _tile(_GNR, _COALCAR, _OILD): ("B12",),
    _tile(_GNR, "city=revenue:0"): ("D20",),
    _tile(_GNR, "city=revenue:0", _COINS): ("B8", "B14"),
    _tile(_GNR, _MOUNTAIN, _COALCAR): ("B6",),
    _tile(_GNR, _RIVER): ("B4",),
}  # fmt: skip

GRAY_HEXES: dict[str, tuple[str, ...]] = {
    "path=a:1,b:0": ("B30",),
    _tile("town=revenue:yellow_30|green_40|brown_50|gray_60", "path=a:4,b:_0", "path=a:2,b:_0",
          "path=a:0,b:_0"): ("C23",),
    _tile("town=revenue:yellow_20|green_30|brown_40|gray_40", "path=a:1,b:_0", "path=a:5,b:_0",
          "path=a:3,b:_0"): ("C25",),
}

YELLOW_HEXES: dict[str, tuple[str, ...]] = {
    _tile("city=revenue:40", "city=revenue:40", "path=a:0,b:_0", "path=a:1,b:_1", "path=a:3,b:_0",
          "label=NY"): ("D28",),
}

BLUE_HEXES: dict[str, tuple[str, ...]] = {
    _tile("offboard=revenue:yellow_0,visit_cost:99", "path=a:0,b:_0"): ("F28",),
    "": ("B24", "C21"),
}

#: the red areas' value sets, shuffled at set-up: area i takes the values drawn i-th
OFFBOARD_VALUES = ((20, 30, 40, 50), (20, 30, 40, 60), (20, 30, 50, 60), (20, 30, 50, 60), (20, 30, 60, 90),
                   (20, 40, 50, 80), (30, 40, 40, 50), (30, 40, 50, 60), (30, 50, 60, 80), (30, 50, 60, 80),
                   (40, 50, 40, 40))
#: the red hexes: (hex ids, value set drawn, the rest of the hex's code)
_MEX = "groups:Mexico,hide:1"
RED_AREAS: tuple[tuple[tuple[str, ...], int, str, str], ...] = (
    (("A15",), 3, "town", "path=a:0,b:_0;path=a:5,b:_0"),
    (("A27",), 0, "offboard", "path=a:5,b:_0;path=a:0,b:_0"),
    (("B2",), 4, "town", "path=a:4,b:_0;path=a:5,b:_0"),
    (("E1",), 6, "town", "path=a:4,b:_0;path=a:5,b:_0;path=a:3,b:_0"),
    (("I5",), 2, f"offboard+{_MEX}", "path=a:2,b:_0;path=a:3,b:_0;border=edge:4"),
    (("I7", "I9"), 2, f"offboard+{_MEX}", "path=a:2,b:_0;path=a:3,b:_0;border=edge:4;border=edge:1"),
    (("I11",), 2, "offboard+groups:Mexico", "path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;border=edge:1;border=edge:5"),
    (("J12",), 2, f"offboard+{_MEX}", "path=a:3,b:_0;path=a:4,b:_0;border=edge:2;border=edge:5"),
    (("J20",), 1, "offboard", "path=a:2,b:_0"),
    (("J24",), 5, "town", "path=a:2,b:_0;path=a:3,b:_0"),
    (("K13",), 2, f"offboard+{_MEX}", "path=a:3,b:_0;border=edge:2"),
)


def red_hexes(offboard: Sequence[tuple[int, ...]]) -> dict[str, tuple[str, ...]]:
    """The red hexes with the drawn value sets (``offboard``: OFFBOARD_VALUES in drawn order)."""
    hexes: dict[str, tuple[str, ...]] = {}
    for hex_ids, index, kind, rest in RED_AREAS:
        values = offboard[index]
        revenue = "|".join(f"{c}_{v}" for c, v in zip(("yellow", "green", "brown", "gray"), values, strict=True))
        node, _, extra = kind.partition("+")
        head = f"{node}=revenue:{revenue}" + (f",{extra}" if extra else "")
        hexes[";".join((head, rest))] = hex_ids
    return hexes


P6_OFFBOARD_REVENUE = "yellow_30|green_40|brown_50|gray_80"
HEXES = {"white": WHITE_HEXES, "gray": GRAY_HEXES, "yellow": YELLOW_HEXES, "blue": BLUE_HEXES,
         "red": red_hexes(list(OFFBOARD_VALUES))}

#: "1817 trains": 1817's roster (no 3+ or 4+, fewer 2+, 5 and 6 trains) with 20 Pullmans, 1817's phases and
#: 1817's exports (``spec_for``; the roster keeps every train whatever the players, ``Setup18USA``)
SEVENTEEN_TRAINS = "seventeen_trains"
OPTIONAL_RULES = (
    OptionalRuleSpec(sym=SEVENTEEN_TRAINS, short_name="1817 trains", desc="Use 1817 trains and export rules"),
)
SEVENTEEN_TRAINS_ROSTER = (*base.TRAINS, TrainSpec(name="P", distance=0, price=200, available_on="5", num=20))
SEVENTEEN_TRAINS_PHASES = tuple(p for p in PHASES if p.name not in ("3+", "4+"))

TITLE = TitleSpec(
    title="18USA",
    designer="Mark Voss, Shawn Fox",
    publisher="All Aboard Games",
    location="United States",
    rules_url="https://boardgamegeek.com/filepage/145024/18usa-rules",
    info_url="https://github.com/tobymao/18xx/wiki/18USA",
    layout="pointy",
    player_range=PLAYER_RANGE,
    bank_cash=base.BANK_CASH,
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
    events_text=base.EVENTS_TEXT,
)


def spec_for(optional_rules: Sequence[str]) -> TitleSpec:
    """The title's data with the chosen optional rules' trains and phases."""
    if SEVENTEEN_TRAINS in optional_rules:
        return replace(TITLE, trains=SEVENTEEN_TRAINS_ROSTER, phases=SEVENTEEN_TRAINS_PHASES)
    return TITLE
