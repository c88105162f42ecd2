"""1822: The Railways of Great Britain: the family's rules (``engine/titles/family1822``) with 1822's facts."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.titles.family1822.rules import Game1822Family
from engine.titles.g1822 import data
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
    DOUBLE_CASH_COMPANY: ClassVar[str | None] = "P9"
    TAX_HAVEN_COMPANY: ClassVar[str | None] = "P16"
    MINOR_14: ClassVar[str | None] = "14"
    MINOR_14_HOME: ClassVar[str] = "M38"
    PENDING_HOME_TOKENERS: ClassVar[tuple[str, ...]] = ("14",)
    STATION_SWAP_COMPANY: ClassVar[str | None] = "P18"
    CHANNEL_COMPANY: ClassVar[str | None] = "P5"
    MOVE_CARD_COMPANY: ClassVar[str | None] = "P17"
    HILL_COMPANY: ClassVar[str | None] = "P8"
    COMPANY_SHORT_NAMES: ClassVar[dict[str, str]] = data.COMPANY_SHORT_NAMES
    DOUBLE_HEX: ClassVar[tuple[str, ...]] = ("D35", "F7", "H21", "H37")
    MAIL_CONTRACTS: ClassVar[tuple[str, ...]] = ("P6", "P7")
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = {
        "LNWR": 4, "GWR": 3, "LBSCR": 3, "SECR": 3, "CR": 3, "MR": 3, "LYR": 3, "NBR": 3, "SWR": 3, "NER": 3}
    DESTINATIONS: ClassVar[dict[str, str]] = {k: v["destination_coordinates"] for k, v in data.DESTINATIONS.items()}
    COMPANY_TILE_LAYS: ClassVar[dict[str, tuple[dict[str, Any], ...]]] = {
        "P21": ({"lay": True, "upgrade": True}, {"lay": True, "upgrade": "not_if_upgraded", "cannot_reuse_same_hex": True})}
    ESTUARY_COMPANY: ClassVar[tuple[str, int] | None] = ("P10", 40)
    BRIDGE_COMPANY: ClassVar[str | None] = "P21"
    EXTRA_TRACK_COMPANIES: ClassVar[tuple[str, ...]] = ("P12",)
    WHITE_HEX_TILE: ClassVar[dict[str, str]] = {"D35": "57"}
    REMOVE_TOWN_COMPANY: ClassVar[str | None] = "P2"
    ADVANCED_TILE_COMPANY: ClassVar[str | None] = "P11"
    TRACK_RESTRICTION_FREE_HEXES: ClassVar[tuple[str, ...]] = ("P43", "F35")
    WHITE_HEX_ROTATIONS: ClassVar[tuple[int, ...]] = (2, 5)
    TRACK_TOWN: ClassVar[tuple[str, ...]] = ("3", "4", "58", "141", "142", "143", "144", "767", "768", "769", "X17")
    TRACK_PLAIN: ClassVar[tuple[str, ...]] = ("7", "8", "9", "80", "81", "82", "83", "544", "545", "546", "60", "169")
    TWO_HOME_CORPORATION: ClassVar[str | None] = "LNWR"
    ACQUISITION: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = data.ACQUISITION
    REMOVE_REVENUE: ClassVar[tuple[str, ...]] = data.REMOVE_REVENUE
    DOUBLE_CASH_REVENUE: ClassVar[tuple[int, ...]] = data.DOUBLE_CASH_REVENUE
    PHASE_REVENUE: ClassVar[dict[str, int]] = {"P15": 10, "P20": 5}
    COMPANY_TRAINS: ClassVar[dict[str, str]] = {
        "P3": "2P-0", "P4": "2P-1", "P1": "5P-0", "P13": "P+-0", "P14": "P+-1", "P19": "LP-0"}

    #: the 1822+ private stacks (bid boxes 1, 2 and 3: trains, track, other)
    PLUS_STACKS: ClassVar[tuple[tuple[str, ...], ...]] = (
        ("P1", "P3", "P4", "P13", "P14", "P19"),
        ("P2", "P5", "P8", "P10", "P11", "P12", "P21"),
        ("P6", "P7", "P9", "P15", "P16", "P17", "P18", "P20"))
    #: the track private never removed from 1822+
    PLUS_KEPT: ClassVar[str] = "P5"

    def order_private_stack(self, minors: list[Any], concessions: list[Any], privates: list[Any]) -> list[Any]:
        """1822+ without 'No Removals': the privates sorted into their three stacks (each in shuffled order); the
        first of the track stack other than P5 and the first two of the other stack leave the game."""
        options = self.optional_rules
        if self.PLUS_OPTION in options and "plus_expansion_no_removals" not in options:
            stacks = [[c for c in privates if c.sym in stack] for stack in self.PLUS_STACKS]
            removed = [next(c for c in stacks[1] if c.sym != self.PLUS_KEPT), *stacks[2][:2]]
            for company in removed:
                self.log(f"{company.name} has been removed from the game")
            privates = [c for stack in stacks for c in stack if c not in removed]
        return minors + concessions + privates

    def bid_box_privates(self) -> list[Any]:
        options = self.optional_rules
        if self.PLUS_OPTION not in options or "plus_expansion_single_stack" in options:
            return super().bid_box_privates()
        bank = self.bank_companies(self.PRIVATE_PREFIX)
        found = [next((c for c in bank if c.sym in stack), None) for stack in self.PLUS_STACKS]
        return [c for c in found if c is not None]
