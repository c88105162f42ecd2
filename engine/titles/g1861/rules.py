"""1861: The Railways of the Russian Empire: 1867's game (``Game1867`` is the family base) with these changes:

* the grid market by default (the column market with its option); prices in roubles;
* minors have printed homes; Nikolaev (N) must be the first minor started; majors choose a home among cities
  without tokens that are not yet connected;
* no neutral tokens and no train export; the hidden company blocks five hexes until phase 3;
* the national (RSR) operates last in phases 4 to 7, run by the player with the priority deal: it places its St.
  Petersburg token on its first run, runs the trains its player chooses, withholds, and buys trains automatically
  (as many as its cash allows, with loans for the first when it has none; up to 100 loans);
* a nationalised corporation's companies, trains and cash go to the national; its price falls one step per loan;
* the final phase ends the game at the end of the current set when it came in the set's first operating round
  (the set then has three operating rounds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.rounds.operating import OperatingRound
from engine.services.game_end import GameEndRules
from engine.services.loans import LoanRules
from engine.services.rounds import RoundSequence
from engine.services.trains import TrainRules
from engine.steps.companies import BuyCompany
from engine.titles.g1861 import data
from engine.titles.g1861.data import TITLE
from engine.titles.g1867 import data as d1867
from engine.titles.g1867.national import TrainRules1867
from engine.titles.g1867.operating import BuyCompanyPreloan, BuyTrain1867, Dividend1867, Token1867, Track1867
from engine.titles.g1867.rules import Game1867, Loans1867, OperatingRound1867, RoundSequence1867
from engine.titles.g1867.steps import BuySellParShares1867
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.rounds.base import Round


def _national(entity: Any) -> bool:
    return getattr(entity, "type", None) == "national"


class SkipForNational:
    """A step the national has nothing to do in."""

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_corporation", False) and _national(entity):
            return []
        return super().actions(entity)  # type: ignore[misc, no-any-return]


class BuyCompany1861(SkipForNational, BuyCompany):
    pass


class BuyCompanyPreloan1861(SkipForNational, BuyCompanyPreloan):
    pass


class Track1861(SkipForNational, Track1867):
    pass


class Token1861(SkipForNational, Token1867):
    pass


class Dividend1861(SkipForNational, Dividend1867):
    """The national keeps its revenue and its price never moves."""

    def payout(self, entity: Any, revenue: int) -> Any:
        if not _national(entity):
            return super().payout(entity, revenue)
        from engine.steps.dividend import DividendOption

        return DividendOption(corporation=revenue, per_share=0)

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        if _national(entity):
            return None, 0
        return super().share_price_change(entity, revenue)


class BuyTrain1861(SkipForNational, BuyTrain1867):
    """The national buys trains by itself: its first with loans if it has none, then as many as its cash pays
    for; nobody buys the national's trains."""

    def skip(self) -> None:
        entity = self.current_entity()
        if entity is None or not _national(entity):
            super().skip()
            return
        # No pass and no log: the step stays active, so this runs again each time the round skips steps while
        # the national is the round's entity (after a trainless major's nationalisation brought it cash, say).
        if self.must_buy_train(entity):
            self.buy_for_national(entity, self.depot.min_depot_train)
        while self.depot.upcoming and entity.cash >= self.depot.upcoming[0].price:
            self.buy_for_national(entity, self.depot.upcoming[0])

    def buy_for_national(self, entity: Any, train: Any) -> None:
        from engine.actions import BuyTrain as BuyTrainAction

        action = BuyTrainAction(entity=entity.id, entity_type="corporation", train=train.id, price=int(train.price))
        self.process_buy_train(action)

    def buyable_trains(self, entity: Any) -> list[Any]:
        return [t for t in super().buyable_trains(entity)
                if not (getattr(t.owner, "is_corporation", False) and _national(t.owner))]


class BuySellParShares1861(BuySellParShares1867):
    """Nikolaev first; a major needs a home to choose."""

    def ipo_type(self, entity: Any) -> str:
        game = self.game
        if entity.type == "major" and not game.home_token_locations(entity):  # type: ignore[attr-defined]
            return "No home token locations are available"
        nikolaev = game.corporation_by_id("N")
        if entity.type == "minor" and entity.id != "N" and not (nikolaev.ipoed or nikolaev.closed):
            return "Nikolaev must be the first corporation"
        return super().ipo_type(entity)

    def minor_startable(self, entity: Any, corporation: Any) -> bool:
        return super().minor_startable(entity, corporation) and self.ipo_type(corporation) == "bid"


class OperatingRound1861(OperatingRound1867):
    """The national operates (last) in phases 4 to 7; on its first run it places its St. Petersburg token."""

    NATIONAL_START_PHASE: ClassVar[int] = 4
    NATIONAL_END_PHASE: ClassVar[int] = 8

    def skip_entity(self, entity: Any) -> bool:
        if not _national(entity):
            return super().skip_entity(entity)
        phase = int(self.game.phase.name)
        return phase < self.NATIONAL_START_PHASE or phase >= self.NATIONAL_END_PHASE

    def start_operating(self) -> None:
        if _national(self.entities[self.entity_index]):
            self.game.place_rsr_home_token()  # type: ignore[attr-defined]
        super().start_operating()


class Loans1861(Loans1867):
    NUM_LOANS: ClassVar[int] = 172  # the national may take up to 100
    MAX_LOANS: ClassVar[dict[str | None, int]] = {"major": 5, "national": 100, None: 2}


class TrainRules1861(TrainRules1867):
    pass


class RoundSequence1861(RoundSequence1867):
    """No train export at the end of operating rounds; a final phase reached in a set's first operating round
    ends the game with that set (of three operating rounds)."""

    def operating_rounds_in_set(self) -> int:
        trigger = self.game.game_end_trigger
        if trigger is not None and trigger[1] == "one_more_full_or_set":
            return self.FINAL_OPERATING_ROUNDS
        return RoundSequence.operating_rounds_in_set(self)


class EndRules1861(GameEndRules):
    """The final phase reached in the first operating round of a set ends the game with that set, which gets three
    operating rounds."""

    def set_final_turn(self, reason: str, timing: str) -> None:
        game = self.game
        if timing != "one_more_full_or_set":
            return
        if not isinstance(game.round, OperatingRound) or game.round.round_num != 1:
            super().set_final_turn(reason, timing)
            return
        game.operating_rounds = RoundSequence1867.FINAL_OPERATING_ROUNDS
        game.final_turn = game.turn


class Game1861(Game1867):
    TITLE: ClassVar[TitleSpec] = TITLE
    END_RULES: ClassVar[type[GameEndRules]] = EndRules1861
    LOAN_RULES: ClassVar[type[LoanRules]] = Loans1861
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules1861
    ROUND_SEQUENCE: ClassVar[type[RoundSequence]] = RoundSequence1861
    ALTERNATIVE_MARKET: ClassVar[tuple[str, tuple[tuple[str, ...], ...]]] = ("column_market", d1867.COLUMN_MARKET)
    NATIONAL_RESERVATIONS: ClassVar[tuple[str, ...]] = data.NATIONAL_RESERVATIONS
    GREEN_CORPORATIONS: ClassVar[tuple[str, ...]] = data.GREEN_CORPORATIONS
    BONUS_CAPITALS: ClassVar[tuple[str, ...]] = data.BONUS_CAPITALS
    BONUS_REVENUE: ClassVar[str] = data.BONUS_REVENUE
    #: steps left on the market per loan a nationalised corporation still holds
    NATIONALIZATION_LOAN_STEPS: ClassVar[int] = 1
    TWO_PLAYER_UNTESTED: ClassVar[bool] = False

    def add_neutral_tokens(self) -> None:
        self.green_tokens = []

    def or_round_finished(self) -> None:
        return None

    def place_rsr_home_token(self) -> None:
        """On its first run the national places its St. Petersburg token (unless it has one there already)."""
        tile = self.hex_by_id("E1").tile
        if tile.hex.id in self.national_reservations:
            self.give_national_token(tile, -1)  # St. Petersburg's second city

    def home_token_locations(self, corporation: Any) -> list[Any]:
        """Cities without tokens that are not connected to anything yet."""
        found = [h for h in self.hexes
                 if any(not any(c.tokens) and c.tokenable(corporation, free=True) for c in h.tile.cities)]
        return [h for h in found if not any(self._city_connected(c) for c in h.tile.cities)]

    def operating_order(self) -> list[Any]:
        return [*super().operating_order(), self.national]

    def new_operating_round(self, round_num: int = 1) -> Round:
        national = self.national
        national.owner = self.priority_deal_player()
        self.log(f"{national.name} run by {national.owner.name}, as they have priority deal")
        self.loan_rules.count_interest([*self.corporations, national])
        self.log(f"-- Operating Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        self.round_counter += 1
        return OperatingRound1861(self, self.operating_round_steps(), round_num)

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.home_token import HomeToken
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1867.merger import MajorTrainless

        return [MajorTrainless, DiscardTrain, HomeToken, BuySellParShares1861]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.route import RouteStep
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1867.merger import MajorTrainless
        from engine.titles.g1867.operating import LoanOperations, RedeemShares

        return [MajorTrainless, BuyCompany1861, RedeemShares, Track1861, Token1861, RouteStep, Dividend1861,
                (BuyCompanyPreloan1861, {"blocks": True}), LoanOperations, DiscardTrain, BuyTrain1861,
                (BuyCompany1861, {"blocks": True})]

    def nationalization_transfer_assets(self, corporation: Any) -> None:
        """Companies, trains and cash go to the national."""
        from engine.services.mergers import transfer

        national = self.national
        receiving = []
        companies = transfer(corporation.companies, national.companies, national)
        if companies:
            receiving.append(f"companies ({', '.join(c.name for c in companies)})")
        trains = transfer(corporation.trains, national.trains, national)
        if trains:
            self.train_rules.crowded_cache = None
            receiving.append(f"trains ({[t.name for t in trains]})")
        receiving.append(("and " if receiving else "") + self.format_currency(corporation.cash))
        if corporation.cash:
            corporation.spend(corporation.cash, national)
        self.log(f"{national.id} received {', '.join(receiving)} from {corporation.id}")


__all__ = ["Game1861"]
