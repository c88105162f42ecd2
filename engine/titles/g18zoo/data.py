"""18ZOO (Paolo Russo): the facts every map shares, and ``title_for(map)`` building one map's ``TitleSpec``.

Families (corporations) of five certificates (a 40% president's and four 20% shares; the last one, the
"cousin", is kept out of sale until the third stock round), paid for share by share (incremental); an
unlimited bank; a stock market whose every cell has a threshold (the run a family must reach for its mark to
move right) and a dividend per share; squirrels (trains) 2S to 5S, 4J/2J and the 1S a "Patch" turns a train
into; three days (turns) of one stock round and two operating rounds (three on Wednesday), then the end.
Powers (companies) are drafted at the start and bought later; every player starts with ZOOTickets
(``rules.py`` makes them).  The maps are in ``maps.py``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.map.catalogue import catalogue_entry
from engine.titles.g18zoo.maps import LABEL_O, MapSpec
from engine.titles.g18zoo.summary import summary_html
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

PLAYER_RANGE = (2, 5)
#: the bank is unlimited: it starts empty and may go below zero (its game-end check is off)
BANK_CASH = 0
CERT_LIMIT_BY_FAMILIES = {2: {5: 10, 7: 12}, 3: {5: 7, 7: 9}, 4: {5: 5, 7: 7}, 5: {5: 6, 7: 6}}

#: the threshold of each market cell (0: the end) and the dividend per share it pays
THRESHOLDS = (
    (100, 150, 150, 200, 200, 250, 250, 300, 350, 400, 450, 0),
    (100, 100, 150, 150, 200, 200, 250, 250, 300),
    (80, 100, 100, 150, 150, 200, 200),
    (50, 80, 100, 100, 150),
    (40, 50, 80),
    (30, 40),
)
GAINS = (
    (1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 5, 6),
    (1, 1, 2, 2, 2, 2, 3, 3, 3),
    (1, 1, 2, 2, 2, 2, 2),
    (1, 1, 1, 2, 2),
    (0, 1, 1),
    (0, 0),
)
#: the president's extra dividend on the top row, by column
OWNER_GAINS = (0, 0, 0, 1, 2, 2, 2, 2, 3)

MARKET = (
    ("7", "8", "9", "10s", "11s", "12s", "13s", "14s", "15s", "16", "20", "24e"),
    ("6", "7x", "8", "9z", "10", "11", "12w", "13", "14"),
    ("5", "6x", "7", "8", "9", "10", "11"),
    ("4", "5x", "6", "7", "8"),
    ("3", "4", "5"),
    ("2", "3"),
)

#: a ZOOTicket's value by day (turn) and operating round (0: the stock round); day 4 is the game end
TICKET_VALUES = {1: {0: 4, 1: 5, 2: 6}, 2: {0: 7, 1: 8, 2: 9}, 3: {0: 10, 1: 12, 2: 15, 3: 18}, 4: {0: 20}}
#: ZOOTickets per player (two with five players)
TICKETS = {2: 3, 3: 3, 4: 3, 5: 2}

#: powers used in the stock round (the rest in the operating round)
SR_POWERS = ("DAYS_OFF", "MIDAS", "TOO_MUCH_RESPONSIBILITY", "LEPRECHAUN_POT_OF_GOLD", "IT_S_ALL_GREEK_TO_ME",
             "WHATSUP")

RULES = RuleSet(
    currency_format="%s$",
    capitalization="incremental",
    must_sell_in_blocks=True,
    game_end_check=(("stock_market", "current_or"), ("fixed_round", "full_or")),
    bankruptcy_allowed=False,
    cert_limit_includes_privates=False,
    next_sr_player_order="most_cash",
    sell_after="any_time",
    sell_buy_order="sell_buy",
    ebuy_depot_train_must_be_cheapest=False,
    ebuy_can_take_player_loan="after_sell",
    player_loan_interest_rate=-100,
    player_loan_endgame_penalty=200,
    home_token_timing="float",
    must_buy_train="always",
    market_share_limit=80,
    # a yellow or an upgrade, then a yellow; never twice on one hex
    tile_lays=(
        {"lay": True, "upgrade": True, "cannot_reuse_same_hex": True},
        {"lay": True, "upgrade": "not_if_upgraded", "cannot_reuse_same_hex": True},
    ),
)

OPTIONAL_RULES = (
    OptionalRuleSpec(sym="power_visible", short_name="Powers visible",
                     desc="Next powers are visible since the beginning."),
    OptionalRuleSpec(sym="base_2", short_name="Base 2",
                     desc="Center map with \u201cless money\u201d. If both Base 2 and Base 3 are selected, it is "
                          "applied Base 3 only"),
    OptionalRuleSpec(sym="base_3", short_name="Base 3",
                     desc="Center map with \u201cmore money\u201d. If both Base 2 and Base 3 are selected, it is "
                          "applied Base 3 only"),
)

_NO_BUY = {"type": "no_buy", "owner_type": "player"}
_SPECIAL_LAY = {"type": "tile_lay", "owner_type": "corporation", "closed_when_used_up": True, "connect": False,
                "reachable": True, "when": "owning_corp_or_turn", "hexes": []}

#: the powers, in the printed order (the draft deck is shuffled from it); the card's text gains its USE below
_PRINTED = (
    CompanySpec(sym="DAYS_OFF", name="Days off", value=3, revenue=0, abilities=(_NO_BUY,),
                desc="During the SR you can choose a family (company), and its reputation mark (share value) "
                     "increases! It goes one space to the right"),
    CompanySpec(sym="MIDAS", name="Midas", value=1, revenue=0, abilities=(_NO_BUY,),
                desc="During the SR you can take the priority: when priority is assigned by \u201cmore money\u201d "
                     "criteria, you are assigned 1st spot"),
    CompanySpec(sym="TOO_MUCH_RESPONSIBILITY", name="Too much responsibility", value=1, revenue=0,
                abilities=(_NO_BUY, {"type": "description", "description": "Get 3$", "when": "any"}),
                desc="Player immediately gets 3$"),
    CompanySpec(sym="LEPRECHAUN_POT_OF_GOLD", name="Leprechaun pot of gold", value=2, revenue=0, abilities=(_NO_BUY,),
                desc="Player earns 2$ now, and 2$ at the start of each SR"),
    CompanySpec(sym="IT_S_ALL_GREEK_TO_ME", name="It\u2019s all greek to me", value=1, revenue=0,
                abilities=(_NO_BUY,),
                desc="After your turn in an SR, you get another turn - it means you can play twice in a row in a SR: "
                     "\u201cwho said you can steal a company?\u201d"),
    CompanySpec(sym="WHATSUP", name="Whatsup", value=3, revenue=0, abilities=(_NO_BUY,),
                desc="During the SR, a family (company) can buy the first available squirrel (train), deactivated. "
                     "Reputation (share value) moves one space to the right"),
    CompanySpec(sym="RABBITS", name="Rabbits", value=3, revenue=0,
                abilities=({**_SPECIAL_LAY, "count": 2, "special": True, "must_lay_together": False, "tiles": []},),
                desc="The family (company) gets two bonus upgrades, that can be placed even illegally (mountains and "
                     "water pool) or before the correct phase"),
    CompanySpec(sym="MOLES", name="Moles", value=2, revenue=0,
                abilities=({**_SPECIAL_LAY, "count": 4, "special": True, "must_lay_together": False,
                            "tiles": ["80", "X80", "81", "X81", "82", "X82", "83", "X83"]},),
                desc="The family (company) gets 4 special tiles, that can be used to upgrade any plain tiles, even "
                     "illegally (mountains and water pool)"),
    CompanySpec(sym="ANCIENT_MAPS", name="Ancient maps", value=2, revenue=0,
                abilities=({**_SPECIAL_LAY, "count": 2, "special": False, "must_lay_together": True,
                            "tiles": ["7", "X7", "8", "X8", "9", "X9", "5", "6", "57", "201", "202", "621"]},),
                desc="The family (company) can build two additional yellow tiles"),
    CompanySpec(sym="HOLE", name="Hole", value=2, revenue=0,
                abilities=({"type": "assign_hexes", "when": "owning_corp_or_turn", "count": 2, "hexes": [],
                            "owner_type": "corporation"},),
                desc="Mark two offmap R areas anywhere on the map, and from now on they are connected to run "
                     "through"),
    CompanySpec(sym="ON_A_DIET", name="On a diet", value=1, revenue=0,
                abilities=({"type": "token", "owner_type": "corporation", "price": 0, "extra_slot": True,
                            "from_owner": True, "when": "owning_corp_or_turn", "special_only": True, "hexes": []},),
                desc="The family (company) can place a station in addition to the allowed spaces - no one can "
                     "block you out"),
    CompanySpec(sym="SHINING_GOLD", name="Shining gold", value=1, revenue=0,
                abilities=({"type": "tile_discount", "discount": 2, "owner_type": "corporation"},
                           {"type": "tile_income", "income": 1, "terrain": "mountain", "owner_type": "corporation",
                            "owner_only": True},
                           {"type": "tile_income", "income": 2, "terrain": "hill", "owner_type": "corporation",
                            "owner_only": True}),
                desc="The family (company) gets 2$ / 1$ when it builds on a M / MM tile"),
    CompanySpec(sym="THAT_S_MINE", name="That's mine!", value=2, revenue=0,
                abilities=({"type": "assign_hexes", "when": "owning_corp_or_turn", "hexes": [],
                            "owner_type": "corporation"},),
                desc="The family (company) reserves an open place on a station tile anywhere (irrespective of "
                     "connectivity) - it is reserved and open for all to run through, until the family puts a token "
                     "there"),
    CompanySpec(sym="WORK_IN_PROGRESS", name="Work in progress", value=2, revenue=0,
                abilities=({"type": "assign_hexes", "when": "owning_corp_or_turn", "hexes": [],
                            "owner_type": "corporation"},),
                desc="The family (company) blocks a free place on a station tile anywhere (irrespective of "
                     "connectivity)"),
    CompanySpec(sym="WHEAT", name="Wheat", value=2, revenue=0,
                abilities=({"type": "assign_hexes", "when": "owning_corp_or_turn", "hexes": [],
                            "owner_type": "corporation"},
                           {"type": "assign_corporation", "when": "sold", "owner_type": "corporation"}),
                desc="The family (company) chooses a tile with its own station; the station is worth +30"),
    CompanySpec(sym="TWO_BARRELS", name="Two barrels", value=2, revenue=0,
                abilities=({"type": "description", "description": "Double O tiles", "owner_type": "corporation",
                            "count": 2, "when": "route", "count_per_or": 1},),
                desc="The family (company) can use this power on two separate occasions to double the value of all "
                     "O tiles \u2013 but the downside is that family doesn't collect in treasury the usual 1$ for "
                     "each O"),
    CompanySpec(sym="A_SQUEEZE", name="A squeeze", value=3, revenue=0,
                desc="The family (company) gets an additional 3$ if at least one of its squirrels (train) runs "
                     "through or to a O"),
    CompanySpec(sym="PATCH", name="Patch", value=2, revenue=0,
                desc="Save from rust: at the phase change the player or the family can choose to mark a squirrel "
                     "(train) so that it won't rust; it becomes, and run as, a 1S. The 1S cannot be sold. The PATCH "
                     "on 1S can be discarded anytime. If the PATCH stays on, the family (company) cannot purchase "
                     "new squirrels (trains)"),
    CompanySpec(sym="WINGS", name="Wings", value=2, revenue=0,
                abilities=({"type": "assign_corporation", "when": "sold", "owner_type": "corporation"},),
                desc="During the run, a squirrel (train) can skip one tokened-out station"),
    CompanySpec(sym="A_TIP_OF_SUGAR", name="A tip of sugar", value=2, revenue=0,
                desc="A squirrel (train) will run one more stop - it doesn't work with 4J or 2J"),
)

#: when each power can be used and how it is used at this table (read with the printed text on the power's card,
#: in the draft, the Privates tab and the powers' tooltips); a power bought by a family is used in its turn
USE = {
    "DAYS_OFF": "When: a stock round, on your turn, once. Here: drag its card onto the family's card (or "
                "Powers...).",
    "MIDAS": "When: a stock round, on your turn, once; it counts when the next stock round's priority is given "
             "by money. Here: Powers...",
    "TOO_MUCH_RESPONSIBILITY": "When: at once, as you get it; nothing to do.",
    "LEPRECHAUN_POT_OF_GOLD": "When: at once and at the start of every stock round; nothing to do.",
    "IT_S_ALL_GREEK_TO_ME": "When: a stock round, on your turn, after you bought, sold or started a family; the "
                            "extra turn comes after you pass. Here: Powers...",
    "WHATSUP": "When: a stock round, on your turn, for a family you preside that has room and money for the "
               "train. Here: drag its card onto the depot's train (Trains tab), or Powers...",
    "RABBITS": "When: sold to a family, in its operating turn (any step). Here: \u201cLay with Rabbits\u201d, then "
               "the tile from the tray onto the hex.",
    "MOLES": "When: sold to a family, in its operating turn (any step), on plain 7, 8 or 9 track. Here: \u201cLay "
             "with Moles\u201d, then a Moles tile from the tray onto the hex.",
    "ANCIENT_MAPS": "When: sold to a family, in its operating turn, both tiles at once. Here: \u201cLay with "
                    "Ancient maps\u201d, then the tiles from the tray.",
    "HOLE": "When: sold to a family, in its operating turn. Here: drag its card onto an R area (twice).",
    "ON_A_DIET": "When: sold to a family, in its operating turn. Here: \u201cToken with On a diet\u201d, then the "
                 "token onto the city.",
    "SHINING_GOLD": "When: sold to a family, on every M or MM tile it builds; nothing to do.",
    "THAT_S_MINE": "When: sold to a family, in its operating turn. Here: drag its card onto the city.",
    "WORK_IN_PROGRESS": "When: sold to a family, in its operating turn. Here: drag its card onto the city.",
    "WHEAT": "When: sold to a family, in its operating turn, on a city with its station. Here: drag its card "
             "onto the hex.",
    "TWO_BARRELS": "When: sold to a family, as it runs its trains, at most once an operating round. Here: "
                   "Powers...",
    "A_SQUEEZE": "When: sold to a family, at every run; nothing to do.",
    "PATCH": "When: when a phase change rusts the family's trains (drag the card onto the train to keep), or "
             "on a family's train in its turn; the Patch comes off by Powers...",
    "WINGS": "When: sold to a family, as it runs its trains; nothing to do (draw the route through the "
             "station).",
    "A_TIP_OF_SUGAR": "When: sold to a family, as it runs its trains; nothing to do (draw the longer route).",
}

#: a ZOOTicket's card
TICKET_TEXT = ("Exchange it for money: worth 4$ at first, more every round (5$, 6$ ... 18$), 20$ in the final score. "
               "When: a stock round, on your turn (the bank pays its value), or the operating turn of a family you "
               "preside (you split its value between the family and yourself). Here: Powers...")

COMPANIES = tuple(replace(c, desc=f"{c.desc}. {USE[c.sym]}" if c.sym in USE else c.desc) for c in _PRINTED)

_SHARES = (40, 20, 20, 20, 20)


def _family(sym: str, name: str, tokens: tuple[int, ...], color: str, text_color: str = "white") -> CorporationSpec:
    return CorporationSpec(sym=sym, name=name, tokens=tokens, coordinates=None, color=color, text_color=text_color,
                           float_percent=20, max_ownership_percent=120, shares=_SHARES, always_market_price=True)


#: every family of the game; each map plays five or seven of them
FAMILIES = (
    _family("CR", "(H1) CROCODILES", (0, 2, 4, 4), "#00af14"),
    _family("GI", "(H2) GIRAFFES", (0, 2), "#fff793", "black"),
    _family("PB", "(H3) POLAR BEARS", (0, 2, 4, 4), "#efebeb", "black"),
    _family("PE", "(H4) PENGUINS", (0, 2, 4, 4), "#55b7b7", "black"),
    _family("LI", "(H5) LIONS", (0, 2, 4), "#df251a"),
    _family("TI", "(H6) TIGERS", (0, 2), "#ffa023", "black"),
    _family("BB", "(H7) BROWN BEAR", (0, 2, 4), "#ae6d1d"),
    _family("EL", "(H8) ELEPHANT", (0, 2, 4), "#858585"),
)

PHASES = (
    PhaseSpec(name="2S", on=None, train_limit=4, tiles=("yellow",), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="3S", on="3S", train_limit=4, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies", "ipo_9")),
    PhaseSpec(name="4S", on="4S", train_limit=3, tiles=("yellow", "green"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="4S Perm", on="4S Perm", train_limit=3, tiles=("yellow", "green", "brown"), operating_rounds=2,
              status=("can_buy_companies", "ipo_12")),
    PhaseSpec(name="5S", on="5S", train_limit=2, tiles=("yellow", "green", "brown"), operating_rounds=2,
              status=("can_buy_companies",)),
    PhaseSpec(name="4J", on="4J", train_limit=2, tiles=("yellow", "green", "brown", "gray"), operating_rounds=2,
              status=("can_buy_companies", "grey_homes")),
)

_NEW_TRAIN = {"type": "new_train"}
TRAINS = (
    # one 2S per player (rules.py sets the count)
    TrainSpec(name="2S", distance=2, price=7, num=5, rusts_on="4S", num_by_players={2: 2, 3: 3, 4: 4, 5: 5}),
    TrainSpec(name="3S", distance=3, price=12, num=3, rusts_on="5S", events=(_NEW_TRAIN,)),
    TrainSpec(name="3S Long", distance=3, price=12, num=1, obsolete_on="4J"),
    TrainSpec(name="4S", distance=4, price=20, num=2, obsolete_on="4J", events=(_NEW_TRAIN,)),
    TrainSpec(name="4S Perm", distance=4, price=20, num=1),
    TrainSpec(name="5S", distance=5, price=30, num=2, events=(_NEW_TRAIN,)),
    TrainSpec(name="4J", distance=4, multiplier=2, price=47, num="unlimited",
              events=(_NEW_TRAIN, {"type": "rust_own_3s_4s"}),
              variants=({"name": "2J", "distance": 2, "multiplier": 2, "price": 37, "num": "unlimited"},)),
    # the train a "Patch" turns a saved train into: one city or off-board, any towns
    TrainSpec(name="1S", distance=({"nodes": ["city", "offboard"], "pay": 1, "visit": 1},
                                   {"nodes": ["town"], "pay": 99, "visit": 99}), price=0, num=1),
)


def _o_tile(color: str, catalogue_name: str) -> CustomTileSpec:
    entry = catalogue_entry(catalogue_name)
    assert entry is not None
    return CustomTileSpec(color=color, code=f"{entry[1]};{LABEL_O}")


def _oo_tile(paths: str) -> CustomTileSpec:
    return CustomTileSpec(color="green", code=f"town=revenue:10;town=revenue:10;{paths};{LABEL_O}")


def _grey_home(family: str) -> CustomTileSpec:
    entry = catalogue_entry("455")
    assert entry is not None
    return CustomTileSpec(color="gray", code=f"{entry[1]};icon=image:18_zoo/{family}")


#: the tile supply; X tiles are the numbered tiles with an O (river) label
TILES: dict[str, int] = {
    "7": 7, "X7": 7, "8": 18, "X8": 18, "9": 13, "X9": 13, "5": 2, "6": 2, "57": 2, "201": 2, "202": 2, "621": 2,
    "16": 1, "X16": 1, "19": 1, "X19": 1, "20": 1, "X20": 1, "23": 2, "X23": 2, "24": 2, "X24": 2, "25": 2, "X25": 2,
    "26": 2, "X26": 2, "27": 2, "X27": 2, "28": 1, "X28": 1, "29": 1, "X29": 1, "30": 1, "X30": 1, "31": 1, "X31": 1,
    "14": 2, "15": 2, "619": 2, "576": 1, "577": 1, "579": 1, "792": 1, "793": 1, "39": 1, "40": 1, "41": 1, "42": 1,
    "43": 1, "44": 1, "45": 1, "46": 1, "47": 1, "611": 3, "582": 3, "TI_455": 1, "GI_455": 1, "BB_455": 1,
    "80": 1, "X80": 1, "81": 1, "X81": 1, "82": 1, "X82": 1, "83": 1, "X83": 1,
}
CUSTOM_TILES = {
    "X7": _o_tile("yellow", "3"), "X8": _o_tile("yellow", "58"), "X9": _o_tile("yellow", "4"),
    "X16": _o_tile("green", "56"), "X19": _o_tile("green", "69"), "X20": _o_tile("green", "55"),
    "X23": _o_tile("green", "981"), "X24": _o_tile("green", "991"),
    "X25": _oo_tile("path=a:0,b:_0;path=a:_0,b:2;path=a:0,b:_1;path=a:_1,b:4"),
    "X26": _oo_tile("path=a:0,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:5"),
    "X27": _oo_tile("path=a:0,b:_0;path=a:_0,b:1;path=a:0,b:_1;path=a:_1,b:3"),
    "X28": _oo_tile("path=a:0,b:_0;path=a:_0,b:4;path=a:0,b:_1;path=a:_1,b:5"),
    "X29": _oo_tile("path=a:0,b:_0;path=a:_0,b:1;path=a:0,b:_1;path=a:_1,b:2"),
    "X30": _oo_tile("path=a:0,b:_0;path=a:_0,b:1;path=a:0,b:_1;path=a:_1,b:4"),
    "X31": _oo_tile("path=a:0,b:_0;path=a:_0,b:2;path=a:0,b:_1;path=a:_1,b:5"),
    "TI_455": _grey_home("TI"), "GI_455": _grey_home("GI"), "BB_455": _grey_home("BB"),
    "X80": _o_tile("green", "143"), "X81": _o_tile("green", "144"), "X82": _o_tile("green", "141"),
    "X83": _o_tile("green", "142"),
}

STATUS_TEXT = {
    "ipo_9": ("IPO 9 (bonus)", "Corporation gets 5$ bonus in the treasury; must place a yellow or a green track in the "
                               "Home and up to 2 yellow tracks"),
    "ipo_12": ("IPO 12 (bonus)", "Corporation gets 10$ bonus in the treasury; must place a yellow or a green or a "
                                 "brown track in the Home and up to 4 yellow tracks"),
    "grey_homes": ("Grey Homes", "3 Grey tracks available; upgrade HOME of GIRAFFES, TIGERS and BROWN BEARS"),
}
EVENTS_TEXT = {
    "new_train": ("First train bonus", "Corporation buying the first train of this type moves one to the right"),
    "rust_own_3s_4s": ("First train buyer rust 3S Long and 4S",
                       "Corporation buying the first 4J/2J immediately rusts its own 3S Long and 4S (3S long and 4S "
                       "run one last time for the other corporations)"),
}


def title_for(zoo_map: MapSpec) -> TitleSpec:
    """The ``TitleSpec`` of one map ("18ZOO - Map A" ...)."""
    families = tuple(c for c in FAMILIES if c.sym in zoo_map.corporations)
    families = tuple(
        CorporationSpec(**{**{f: getattr(c, f) for f in c.__dataclass_fields__}, "coordinates": zoo_map.homes[c.sym]})
        for c in families
    )
    n_families = len(families)
    return TitleSpec(
        title=f"18ZOO - Map {zoo_map.letter}",
        designer="Paolo Russo",
        info_url="https://github.com/tobymao/18xx/wiki/18ZOO",
        rules_url="https://boardgamegeek.com/filepage/219443/complete-rules-layout-standard",
        rules_summary=summary_html(zoo_map, tuple((c.name, USE[c.sym]) for c in _PRINTED if c.sym in USE)),
        layout="flat",
        player_range=PLAYER_RANGE,
        bank_cash=BANK_CASH,
        starting_cash=dict(zoo_map.starting_cash),
        cert_limit={n: by[n_families] for n, by in CERT_LIMIT_BY_FAMILIES.items()},
        market=MARKET,
        hexes=zoo_map.hexes,
        location_names=zoo_map.location_names,
        tiles=TILES,
        custom_tiles=CUSTOM_TILES,
        companies=COMPANIES,
        corporations=families,
        trains=TRAINS,
        phases=PHASES,
        rules=RULES,
        optional_rules=OPTIONAL_RULES,
        status_text=STATUS_TEXT,
        events_text=EVENTS_TEXT,
    )
