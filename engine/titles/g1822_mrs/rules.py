"""1822MRS (Medium Regional Scenario): 1822's companies on the map of England and Wales, with fewer minors,
concessions and privates (by option: Starter, Advanced; two players use P1-P12)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from engine.titles.family1822 import scenario
from engine.titles.g1822 import data as data_1822
from engine.titles.g1822.rules import Game1822
from engine.titles.g1822_mrs import data
from engine.titles.spec import OptionalRuleSpec, TitleSpec, board_facts

_MINORS = tuple(f"M{i}" for i in (7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 24))
_CONCESSIONS = ("C1", "C2", "C3", "C4", "C6", "C7", "C9")
_MAJORS = ("LNWR", "GWR", "LBSCR", "SECR", "MR", "LYR", "SWR")


def _privates(*numbers: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in numbers)


OPTIONAL_RULES = (
    OptionalRuleSpec(
        sym="starter",
        short_name="Starter",
        desc="Play with P1, P2, and P5-P14. Intended for those with no experience with 1822.",
    ),
    OptionalRuleSpec(sym="advanced", short_name="Advanced", desc="Play with P1-12. M14 starts in minor bid box 1."),
    # The site offers it to two players and no code of the reference reads it: a game with it is played exactly as
    # without it (M22/M23 and Southwest England are not set up), and a game of other player counts drops it.
    OptionalRuleSpec(
        sym="sw_peninsula",
        short_name="Southwest Peninsula",
        desc="Replace two random minor companies with M22 and M23, whose home tokens will be placed in "
        "Southwest England (D39).",
        players=(2,),
    ),
    OptionalRuleSpec(
        sym="tax_haven_multiple",
        short_name="Tax Haven Variant",
        desc="P16 (Tax Haven) can use the cash it accumulates to buy 1 share per SR. Cannot own "
        "multiple shares of one corporation.",
    ),
)

TITLE = dataclasses.replace(
    data_1822.TITLE,
    title="1822MRS",
    subtitle="Medium Regional Scenario",
    **board_facts(data),
    phases=scenario.PHASES,
    optional_rules=OPTIONAL_RULES,
    mutex_rules=(("starter", "advanced"),),
)


class Game1822MRS(Game1822):
    TITLE: ClassVar[TitleSpec] = TITLE
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        _privates(1, 2, *range(5, 17), 18) + _CONCESSIONS + _MINORS,
        (),
    )
    STARTER_COMPANIES: ClassVar[tuple[str, ...]] = _privates(1, 2, *range(5, 15)) + _CONCESSIONS + _MINORS
    #: the Advanced option's and the two-player game's companies
    ADVANCED_COMPANIES: ClassVar[tuple[str, ...]] = _privates(*range(1, 13)) + _CONCESSIONS + _MINORS
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(m[1:] for m in _MINORS) + _MAJORS,
        (),
    )
    BIDDING_TOKENS: ClassVar[dict[int, int]] = data.BIDDING_TOKENS
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = data.EXCHANGE_TOKENS
    DESTINATIONS: ClassVar[dict[str, str]] = {k: v for k, v in Game1822.DESTINATIONS.items() if k in _MAJORS}
    L_UPGRADE_FROM_PHASE_2: ClassVar[int | None] = 70
    DEPOT_TRADE_INS: ClassVar[bool] = False
    START_MINOR_ADVANCED: ClassVar[str] = "M14"

    def starting_company_ids(self) -> tuple[str, ...]:
        options = self.optional_rules
        if "advanced" in options:
            return self.ADVANCED_COMPANIES
        if "starter" in options:
            return self.STARTER_COMPANIES
        if len(self.players) == 2:
            return self.ADVANCED_COMPANIES
        return self.STARTING_COMPANIES[0]

    def start_minor(self) -> str | None:
        return self.START_MINOR_ADVANCED if "advanced" in self.optional_rules else self.START_MINOR
