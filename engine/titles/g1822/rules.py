"""1822: The Railways of Great Britain: the family's rules (``engine/titles/family1822``) with 1822's facts."""

from __future__ import annotations

from typing import ClassVar

from engine.titles.family1822.rules import Game1822Family
from engine.titles.g1822.data import TITLE
from engine.titles.spec import TitleSpec

_MINORS = tuple(f"M{i}" for i in range(1, 25))
_MINORS_PLUS = tuple(f"M{i}" for i in range(25, 31))
_PRIVATES = tuple(f"P{i}" for i in range(1, 19))
_PRIVATES_PLUS = ("P19", "P20", "P21")
_CONCESSIONS = tuple(f"C{i}" for i in range(1, 11))
_MAJORS = ("LNWR", "GWR", "LBSCR", "SECR", "CR", "MR", "LYR", "NBR", "SWR", "NER")


class Game1822(Game1822Family):
    TITLE: ClassVar[TitleSpec] = TITLE
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        _PRIVATES + _CONCESSIONS + _MINORS, _PRIVATES_PLUS + _MINORS_PLUS)
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(str(i) for i in range(1, 25)) + _MAJORS, tuple(str(i) for i in range(25, 31)))
    BIDDING_TOKENS: ClassVar[dict[int, int]] = {2: 8, 3: 6, 4: 5, 5: 4, 6: 3, 7: 3}
    COMPANY_TRAINS: ClassVar[dict[str, str]] = {
        "P3": "2P-0", "P4": "2P-1", "P1": "5P-0", "P13": "P+-0", "P14": "P+-1", "P19": "LP-0"}
