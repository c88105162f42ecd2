"""1822NRS (North Regional Scenario): 1822's companies on the map of northern England and Scotland, with fewer
minors, concessions and privates (two players use P1-P12 without P5 and P10); minors 15, 16 and 29 and the LNWR
start elsewhere than in 1822; no minor leads the minors' stack; no English Channel."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from engine.titles.family1822 import scenario
from engine.titles.g1822 import data as data_1822
from engine.titles.g1822.rules import Game1822
from engine.titles.g1822_nrs import data
from engine.titles.spec import CompanySpec, CorporationSpec, TitleSpec, board_facts

_MINORS = tuple(f"M{i}" for i in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 16, 26, 27, 28, 29))
_CONCESSIONS = ("C1", "C5", "C6", "C7", "C8", "C10")
_MAJORS = ("LNWR", "CR", "MR", "LYR", "NBR", "NER")
#: homes that differ from 1822's: corporation -> (hex, city)
_HOMES: dict[str, tuple[str, int | None]] = {"15": ("N29", 1), "16": ("M30", 0), "29": ("E26", None),
                                             "LNWR": ("N29", 0)}
_HOME_TEXT = "A 50% director’s certificate in the associated minor company. Starting location is {}."


def _privates(*numbers: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in numbers)


def _corporation(spec: CorporationSpec) -> CorporationSpec:
    home = _HOMES.get(spec.sym)
    if home is None:
        return spec
    hex_id, city = home
    return dataclasses.replace(spec, coordinates=hex_id, city=city if city is not None else spec.city)


def _company(spec: CompanySpec) -> CompanySpec:
    home = _HOMES.get(spec.sym[1:]) if spec.sym.startswith("M") else None
    return dataclasses.replace(spec, desc=_HOME_TEXT.format(home[0])) if home is not None else spec


TITLE = dataclasses.replace(
    data_1822.TITLE,
    title="1822NRS",
    subtitle="North Regional Scenario",
    **board_facts(data),
    phases=scenario.PHASES,
    companies=tuple(_company(c) for c in data_1822.COMPANIES),
    corporations=tuple(_corporation(c) for c in data_1822.CORPORATIONS),
    optional_rules=tuple(o for o in data_1822.OPTIONAL_RULES if o.sym == "tax_haven_multiple"),
)


class Game1822NRS(Game1822):
    TITLE: ClassVar[TitleSpec] = TITLE
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        _privates(1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 20, 21) + _CONCESSIONS + _MINORS, ())
    #: the two-player game's companies
    TWO_PLAYER_COMPANIES: ClassVar[tuple[str, ...]] = _privates(1, 2, 3, 4, 6, 7, 8, 9, 11, 12) + _CONCESSIONS + _MINORS
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(m[1:] for m in _MINORS) + _MAJORS, ())
    BIDDING_TOKENS: ClassVar[dict[int, int]] = data.BIDDING_TOKENS
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = data.EXCHANGE_TOKENS
    DESTINATIONS: ClassVar[dict[str, str]] = {k: v for k, v in Game1822.DESTINATIONS.items() if k in _MAJORS}
    L_UPGRADE_FROM_PHASE_2: ClassVar[int | None] = 70
    DEPOT_TRADE_INS: ClassVar[bool] = False
    START_MINOR: ClassVar[str | None] = None
    MINOR_14: ClassVar[str | None] = None
    PENDING_HOME_TOKENERS: ClassVar[tuple[str, ...]] = ()
    ENGLISH_CHANNEL_HEX: ClassVar[str] = ""
    FRANCE_HEX: ClassVar[str] = ""

    def starting_company_ids(self) -> tuple[str, ...]:
        return self.TWO_PLAYER_COMPANIES if len(self.players) == 2 else self.STARTING_COMPANIES[0]
