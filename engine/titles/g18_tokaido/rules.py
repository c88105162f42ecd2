"""18Tokaido: the general 18xx rules with the title's hooks.

* set-up (``SetupTokaido``): the optional rules' data (``data.spec_for``); with fewer than four players one
  corporation (not the first) leaves at random unless "No Discard"; private prices from ¥1 to face value
  (the waterfall auction instead lowers the values and allows half to twice the value);
* ``init_round``: the snake draft, the waterfall auction, or (neither) a stock round where the bank sells the
  privates; after the draft the unbought privates close and the first stock round goes in reverse seat order
  (no priority deal before it);
* ``next_round``: no ``or_round_finished``; the first D train (bought or exported) ends the operating rounds
  at once and the game after the next set (``event_signal_end_game``, ``end_now``);
* ``or_set_finished``: the next train of the depot is exported;
* revenue: the Fish Market's ¥10 at its port and the Sleeper Train's ¥10 per city of the owner's best run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.game import Game
from engine.rounds.auction import AuctionRound
from engine.rounds.operating import OperatingRound
from engine.rounds.stock import StockRound
from engine.services.setup import ModelSetup
from engine.services.trains import TrainRules
from engine.steps.draft import DraftRound
from engine.titles.g18_tokaido.data import (
    ADDITIONAL_TOKEN_PRICE,
    FISH_MARKET_BONUS,
    LIMITED_EXPRESS,
    NEWBIE,
    NO_CORPORATE_REVENUE,
    NO_CORPORATION_DISCARD,
    SLEEPER_BONUS,
    SNAKE_DRAFT,
    TITLE,
    WATERFALL_AUCTION,
    spec_for,
)
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.map.route import Route
    from engine.rounds.base import Round


class SetupTokaido(ModelSetup):
    def build(self) -> None:
        self.game.spec = spec_for(self.game.optional_rules)
        super().build()

    def make_corporations(self) -> list[Any]:
        """With fewer than four players one corporation (any but the first) leaves, unless "No Discard"."""
        game = self.game
        corporations = super().make_corporations()
        if NO_CORPORATION_DISCARD not in game.optional_rules and len(game.players) <= 3:
            removed = corporations.pop(game.rng.rand() % 6 + 1)
            game.log(f"Removed {removed.full_name}")
        return corporations


class TrainRulesTokaido(TrainRules):
    game: Game18Tokaido

    def event_signal_end_game(self) -> None:
        self.game.signal_end_game()


class Game18Tokaido(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = SetupTokaido
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRulesTokaido
    ADDITIONAL_TOKEN_PRICE: ClassVar[int] = ADDITIONAL_TOKEN_PRICE
    NO_CORPORATE_REVENUE: ClassVar[tuple[str, ...]] = NO_CORPORATE_REVENUE

    # --- options --------------------------------------------------------------------------------------
    @property
    def waterfall_auction(self) -> bool:
        return WATERFALL_AUCTION in self.optional_rules

    @property
    def snake_draft(self) -> bool:
        return SNAKE_DRAFT in self.optional_rules

    @property
    def limited_express(self) -> bool:
        return LIMITED_EXPRESS in self.optional_rules

    @property
    def newbie_rules(self) -> bool:
        return NEWBIE in self.optional_rules

    # --- set-up ---------------------------------------------------------------------------------------
    def setup(self) -> None:
        super().setup()
        #: the first stock round after the draft goes in reverse seat order
        self.reverse_order = False
        self.need_last_stock_round = False
        self.e_train_exported = False
        if self.waterfall_auction:
            for company in self.companies:
                value = company.value - (company.value - 20) // 4
                company.value = value
                company.min_price = value // 2
                company.max_price = value * 2
            return
        for company in self.companies:
            company.min_price = 1
            company.max_price = company.value
        if self.snake_draft:
            self.reverse_order = True
        else:
            for company in self.companies:
                company.owner = self.bank

    def init_round(self) -> Round:
        from engine.titles.g18_tokaido.steps import BuySellParShares, DraftDistribution

        if self.waterfall_auction:
            return self.new_auction_round()
        if self.snake_draft:
            return DraftRound(self, [DraftDistribution], order="snake")
        return StockRound(self, [BuySellParShares])

    def init_round_finished(self) -> None:
        for company in sorted((c for c in self.companies if c.player is None), key=lambda c: c.name):
            company.close()
            self.log(f"{company.name} is removed")

    def buyable_bank_owned_companies(self) -> list[Any]:
        return [c for c in self.companies if not c.closed and c.owner is self.bank]

    # --- rounds ---------------------------------------------------------------------------------------
    def stock_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18_tokaido.steps import BuySellParShares

        return [DiscardTrain, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.assign import Assign
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.dividend import Dividend
        from engine.steps.route import RouteStep
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.trains import BuyTrain, DiscardTrain
        from engine.titles.g18_tokaido.steps import BuyCompany

        return [Bankrupt, BuyCompany, Assign, Track, TokenStep, RouteStep, Dividend, DiscardTrain, BuyTrain,
                (BuyCompany, {"blocks": True})]

    def next_round(self) -> None:
        self.store_player_info()
        current = self.round
        if isinstance(current, DraftRound):
            self.init_round_finished()
            self.reorder_players()
            self.reverse_order = False
            self.round = self.new_stock_round()
        elif isinstance(current, AuctionRound):
            self.round = self.new_stock_round()
        elif isinstance(current, StockRound):
            self.operating_rounds = self.phase.operating_rounds or 1
            self.need_last_stock_round = False
            self.reorder_players()
            self.round = self.new_operating_round(1)
        elif isinstance(current, OperatingRound):
            if self.need_last_stock_round or current.round_num >= self.operating_rounds:
                self.turn += 1
                self.or_set_finished()
                self.round = self.new_stock_round()
            else:
                self.round = self.new_operating_round(current.round_num + 1)

    def next_sr_player_order(self) -> str:
        """After the snake draft the first stock round goes in reverse seat order (once)."""
        if self.reverse_order:
            return "reverse"
        return super().next_sr_player_order()

    def priority_deal_player(self) -> Any:
        if getattr(self, "reverse_order", False):
            return None
        return super().priority_deal_player()

    def or_set_finished(self) -> None:
        """The next train of the depot is exported (until a D has gone)."""
        if self.e_train_exported:
            return
        upcoming = self.depot.upcoming
        if upcoming and upcoming[0].name == "D":
            self.e_train_exported = True
        self.depot.export()

    # --- the end --------------------------------------------------------------------------------------
    def signal_end_game(self) -> None:
        """The first D train: a last stock round right after this operating round, then one more set."""
        self.need_last_stock_round = True
        self.game_end_check()
        if not isinstance(self.round, StockRound):
            self.operating_rounds = self.round.round_num
        self.log("First D train bought/exported, end game triggered")

    def end_now(self, timing: str | None) -> bool:
        if getattr(self, "need_last_stock_round", False):
            return False
        return super().end_now(timing)

    # --- revenue --------------------------------------------------------------------------------------
    @staticmethod
    def sleeper_cities(stops: Any) -> int:
        """The cities among a route's stops (stops that cannot be listed - the route optimiser's stand-in for
        "a longer route" - count as more than any)."""
        try:
            return sum(1 for stop in stops if getattr(stop, "is_city", False))
        except TypeError:
            return len(stops)

    def sleeper_bonus(self, route: Route | None) -> int:
        if route is None:
            return 0
        return self.sleeper_cities(route.visited_stops) * SLEEPER_BONUS

    def most_bonus(self, corporation: Any) -> tuple[int, Any] | None:
        """Route optimiser: the Sleeper Train pays per city of the owner's route with the most cities."""
        sleeper = self._companies_by_id.get("ST")
        if sleeper is not None and sleeper in getattr(corporation, "companies", ()):
            return SLEEPER_BONUS, self.sleeper_cities
        return None

    def revenue_for(self, route: Route, stops: list[Node]) -> int:
        from engine.map.route import base_revenue_for

        revenue = base_revenue_for(route, stops)
        owner_companies = getattr(route.train.owner, "companies", [])
        fish = self._companies_by_id.get("FM")
        if fish is not None and fish in owner_companies and any(
                s.hex is not None and s.hex.assigned(fish.id) for s in stops):
            revenue += FISH_MARKET_BONUS
        sleeper = self._companies_by_id.get("ST")
        if sleeper is not None and sleeper in owner_companies:
            best = max(route.routes, key=self.sleeper_bonus)
            if route is best:
                revenue += self.sleeper_bonus(best)
        return revenue


__all__ = ["Game18Tokaido", "SetupTokaido"]
