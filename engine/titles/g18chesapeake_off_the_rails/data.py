"""18Chesapeake: Off the Rails (Scott Petersen): how the variant's facts differ from 18Chesapeake's.

Everything not listed here (map, tiles, private companies, phases) is the base game's
(``engine.titles.g18chesapeake.data``).
"""

from __future__ import annotations

from dataclasses import replace

from engine.titles.g18chesapeake import data as base
from engine.titles.spec import TitleSpec, TrainSpec

BANK_CASH = 12_000

# Corporations float at 50%.
CORPORATIONS = tuple(replace(corporation, float_percent=50) for corporation in base.CORPORATIONS)

# A taller market: p par, e end of game, y outside the certificate limit, o any number held,
# b bought several at a time.
MARKET = (
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
)  # fmt: skip

# Fewer trains, dearer diesels (a 4, 5 or 6 trades in for $300).  No train is ever exported.
TRAINS = (
    TrainSpec(name="2", distance=2, price=80, num=5, rusts_on="4"),
    TrainSpec(name="3", distance=3, price=180, num=4, rusts_on="6"),
    TrainSpec(name="4", distance=4, price=300, num=3, rusts_on="D"),
    TrainSpec(name="5", distance=5, price=500, num=2, events=({"type": "close_companies"},)),
    TrainSpec(name="6", distance=6, price=630, num=2),
    TrainSpec(
        name="D",
        distance=999,
        price=1100,
        num="unlimited",
        available_on="6",
        discount={"4": 300, "5": 300, "6": 300},
    ),
)

RULES = replace(
    base.RULES,
    # Sales before and after the one purchase of a stock turn.
    sell_buy_order="sell_buy_sell",
    # The game also ends at the end of the stock round in which a share price reaches $300.
    game_end_check=(("bankrupt", "immediate"), ("stock_market", "current_round"), ("bank", "full_or")),
)

TITLE: TitleSpec = replace(
    base.TITLE,
    title="18Chesapeake: Off the Rails",
    subtitle="",
    rules_url="https://www.dropbox.com/s/ivm4jsopnzabhru/18ChesOTR_Rules.png?dl=0",
    info_url="https://github.com/tobymao/18xx/wiki/18Chesapeake%3A-Off-the-Rails",
    bank_cash=BANK_CASH,
    corporations=CORPORATIONS,
    market=MARKET,
    trains=TRAINS,
    rules=RULES,
)
