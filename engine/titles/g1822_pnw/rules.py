"""1822PNW: the family's rules (``engine/titles/family1822``) with 1822PNW's facts and hooks; its scenarios (SRS,
the Short Scenario) are the same game with other data.

What 1822PNW changes:

* set-up: seven minors are *associated* with a major (minor 1 -> CPR, ...); the minors' stack starts with minor 6,
  then three shuffled sub-stacks each mixing some associated and some other minors; the privates' stack starts
  with P1; six privates hold a train;
* no concessions: a major is started by its associated minor's owner (conversion) or, once that minor is gone,
  parred freely; parring a major closes its associated minor still in the bank;
* three regional railways (A, B, C) bought from the minors' bid box: they do not operate, they pay their owner.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.titles.family1822.rules import Game1822Family
from engine.titles.g1822_pnw import data
from engine.titles.spec import TitleSpec

#: associated minor -> the major it may become
MINOR_ASSOCIATIONS: dict[str, str] = {
    "1": "CPR", "5": "GNR", "7": "CMPS", "8": "SWW", "17": "SPS", "18": "ORNC", "20": "NP"}


class Game1822PNW(Game1822Family):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(f"P{i}" for i in range(1, 22)) + tuple(f"M{i}" for i in range(1, 22)) + ("MA", "MB", "MC"), ())
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(str(i) for i in range(1, 22)) + ("A", "B", "C", "NP", "CPR", "GNR", "ORNC", "SPS", "CMPS", "SWW"), ())
    BIDDING_TOKENS: ClassVar[dict[int, int]] = {3: 5, 4: 4, 5: 4}
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = {c: 3 for c in ("CPR", "GNR", "CMPS", "SWW", "SPS", "ORNC", "NP")}
    DESTINATIONS: ClassVar[dict[str, str]] = data.DESTINATIONS
    DOUBLE_HEX: ClassVar[tuple[str, ...]] = ("H19", "M4")
    MAIL_CONTRACTS: ClassVar[tuple[str, ...]] = ("P9",)
    LOCAL_TRAIN_CAN_CARRY_MAIL: ClassVar[bool] = True
    COMPANY_TRAINS: ClassVar[dict[str, str]] = {
        "P1": "5P-0", "P2": "2P-0", "P3": "LP-0", "P4": "LP-1", "P5": "P+-0", "P6": "P+-1"}
    ACQUISITION: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {
        "P1": (("major",), 5), "P2": (("major",), 2), "P3": (("major", "minor"), 1), "P4": (("major", "minor"), 1),
        "P5": (("major", "minor"), 3), "P6": (("major", "minor"), 3), "P7": (("major", "minor"), 1),
        "P8": (("major", "minor"), 1), "P9": (("major",), 3), "P10": (("major", "minor"), 1),
        "P11": (("major", "minor"), 3), "P12": (("major", "minor"), 2), "P13": (("major",), 3),
        "P14": (("major", "minor"), 3), "P15": (("major", "minor"), 3), "P16": (("major", "minor"), 2),
        "P17": (("major", "minor"), 5), "P18": (("major", "minor"), 3), "P19": (("major", "minor"), 3),
        "P20": (("major", "minor"), 1), "P21": (("major", "minor"), 2)}
    #: the minor every stack of minors starts with
    START_MINOR: ClassVar[str | None] = "M6"
    START_CONCESSION: ClassVar[str | None] = None
    BOX_CONCESSIONS: ClassVar[int] = 0
    #: associated / other minors in each of the three shuffled sub-stacks
    MINOR_STACKS: ClassVar[tuple[tuple[int, int], ...]] = ((3, 6), (2, 5), (2, 5))
    #: the regional railways (bought from the minors' box, never operate)
    REGIONALS: ClassVar[tuple[str, ...]] = ("A", "B", "C")

    def is_regional(self, corporation: Any) -> bool:
        return getattr(corporation, "id", None) in self.REGIONALS

    def stock_round_steps(self) -> list[Any]:
        from engine.titles.family1822.operating import DiscardTrain1822
        from engine.titles.g1822_pnw.stock import BidBoxStockPNW

        return [DiscardTrain1822, BidBoxStockPNW]

    def setup(self) -> None:
        self.minor_associations: dict[str, str] = dict(MINOR_ASSOCIATIONS)
        super().setup()

    def setup_companies(self) -> None:
        """Minor 6 first, then three shuffled sub-stacks of associated and other minors; P1 leads the privates."""
        shuffled = self.rng.shuffle(self.companies)
        privates = [c for c in shuffled if c.sym.startswith(self.PRIVATE_PREFIX)]
        privates = [c for c in privates if c.sym == self.START_PRIVATE] + [
            c for c in privates if c.sym != self.START_PRIVATE]
        minors = [c for c in shuffled if c.sym.startswith(self.MINOR_PREFIX)]
        first = [c for c in minors if c.sym == self.START_MINOR]
        rest = [c for c in minors if c.sym != self.START_MINOR]
        associated = [c for c in rest if c.sym[1:] in self.minor_associations]
        others = [c for c in rest if c.sym[1:] not in self.minor_associations]
        ordered = list(first)
        a = o = 0
        for n_assoc, n_other in self.MINOR_STACKS:
            ordered += self.rng.shuffle(associated[a:a + n_assoc] + others[o:o + n_other])
            a += n_assoc
            o += n_other
        self.companies[:] = ordered + privates
        for company in self.companies:
            company.min_price = company.value if company.sym.startswith(self.MINOR_PREFIX) else 0
            company.max_price = 10_000
        self.company_trains: dict[str, Any] = {}
        for company_sym, train_id in self.COMPANY_TRAINS.items():
            train = self.train_by_id(train_id)
            if train is None or not any(c.sym == company_sym for c in self.companies):
                continue
            self.depot.remove_train(train)
            train.reserved = True
            train.buyable = train.name not in self.EXTRA_TRAINS
            self.company_trains[company_sym] = train


class Game1822PNWSRS(Game1822PNW):
    TITLE: ClassVar[TitleSpec] = data.SRS_TITLE
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (data.SRS_STARTING_COMPANIES, ())
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (data.SRS_STARTING_CORPORATIONS, ())
    BIDDING_TOKENS: ClassVar[dict[int, int]] = data.SRS_BIDDING_TOKENS
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = {c: 3 for c in ("CMPS", "SWW", "SPS", "ORNC", "NP")}
    MINOR_STACKS: ClassVar[tuple[tuple[int, int], ...]] = ((2, 4), (2, 4), (1, 4))


class Game1822PNWShort(Game1822PNW):
    TITLE: ClassVar[TitleSpec] = data.SHORT_TITLE
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (data.SHORT_STARTING_COMPANIES, ())
