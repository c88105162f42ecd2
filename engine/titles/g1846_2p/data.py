"""1846 2p Variant: the facts that differ from 1846 for two players.

Everything else is 1846's (``engine.titles.g1846.data``): the map, tiles, companies, market and phases.
Two players have $600 each from a $7000 bank and play with fewer trains
(seven 2s, five 4s, three 5s, four 6s); the certificate limit is 19 with five corporations (16 with four).
"""

from __future__ import annotations

from dataclasses import replace

from engine.titles.g1846.data import TITLE as TITLE_1846
from engine.titles.g1846.data import TRAINS
from engine.titles.spec import TitleSpec

PLAYER_RANGE = (2, 2)
BANK_CASH = {2: 7000}
STARTING_CASH = {2: 600}
CERT_LIMIT = {2: {5: 19, 4: 16}}

#: Trains by rank for two players.
NUM_TRAINS = {"2": 7, "4": 5, "5": 3, "6": 4}

#: The corporation groups one corporation of each leaves the game at set-up.
NORTH_GROUP = ("ERIE", "GT", "NYC", "PRR")
SOUTH_GROUP = ("B&O", "C&O", "IC")

#: A removed corporation whose second station goes down at once (the others wait for green).
IMMEDIATE_SECOND_TOKEN = ("ERIE",)

TITLE: TitleSpec = replace(
    TITLE_1846,
    title="1846 2p Variant",
    subtitle="",
    player_range=PLAYER_RANGE,
    bank_cash=BANK_CASH,
    starting_cash=STARTING_CASH,
    cert_limit=CERT_LIMIT,
    trains=tuple(replace(t, num=NUM_TRAINS[t.name], num_by_players={}) for t in TRAINS),
)

__all__ = ["IMMEDIATE_SECOND_TOKEN", "NORTH_GROUP", "SOUTH_GROUP", "TITLE"]
