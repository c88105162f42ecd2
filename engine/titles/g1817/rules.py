"""1817: the base of its family (1817NA, 1817WO, 18USA, 18DE, 18Hiawatha, 1877: Venezuela).  What changes from
the engine's defaults:

* ``init_round``: the private auction with seed money (``SeedMoneyAuction``, engine/titles/g1817/auction.py);
* an unlimited bank (it starts empty and may go below zero);
* the stock round (engine/titles/g1817/stock.py): corporations started by auction, sized 2, 5 or 10 shares as the
  phase allows, subsidiaries put in at face value, station tokens bought for the size;
* corporations choose their home: any city with a free slot;
* shorts, loans and the merger/acquisition rounds (being built).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.game import Game
from engine.rounds.auction import AuctionRound
from engine.services.corporations import CorporationRules
from engine.services.loans import LoanRules
from engine.services.rounds import RoundSequence
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.g1817 import data
from engine.titles.g1817.acquisition import Acquire, AcquisitionRound
from engine.titles.g1817.data import TITLE
from engine.titles.g1817.loans import CorporationRules1817, Loans1817
from engine.titles.g1817.shares import ShareRules1817
from engine.titles.g1817.volatility import INVENTOR_PAYOUTS, TrackRulesVolatility
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.rounds.base import Round


class TrainRules1817(TrainRules):
    def has_running_trains(self, entity: Any) -> bool:
        """Does ``entity`` hold a train (not a car that never runs: 18USA's Pullman)?  One without liquidates
        after its operating turn."""
        return bool(entity.trains)

    def remove_train(self, train: Any) -> None:
        from engine.titles.g1817.volatility import inventor_payout

        inventor_payout(self.game, train)
        super().remove_train(train)

    def rust(self, train: Any) -> None:
        from engine.titles.g1817.volatility import scrap

        owner = train.owner
        super().rust(train)
        scrap(self.game, owner, train)

    def event_signal_end_game(self) -> None:
        """The first 8 train: the next set of operating rounds is the last, with 3 rounds when bought in the
        second operating round of a set, else 2."""
        game = self.game
        round_num = getattr(game.round, "round_num", 1)
        game.final_operating_rounds = 3 if round_num == 2 else 2  # type: ignore[attr-defined]
        game.game_end_check()
        game.log(f"First 8 train bought/exported, ending game at the end of {game.turn + 1}."
                 f"{game.final_operating_rounds}")  # type: ignore[attr-defined]


class RoundSequence1817(RoundSequence):
    """After each operating round (its train export first) a merger and conversion round, then an acquisition
    round, then the next operating round or stock round."""

    def operating_rounds_in_set(self) -> int:
        final = getattr(self.game, "final_operating_rounds", None)
        return int(final) if final else super().operating_rounds_in_set()

    def after_operating_round(self, current: Any) -> Round:
        game = self.game
        game.or_round_finished()
        game.stock_prices_start_merger = {c: c.share_price for c in game.corporations}  # type: ignore[attr-defined]
        return game.new_merger_round(current.round_num)  # type: ignore[attr-defined, no-any-return]

    def after_interlude_round(self, current: Any) -> Round:
        from engine.titles.g1817.merger import MergerRound1817

        if isinstance(current, MergerRound1817):
            return self.game.new_acquisition_round(current.round_num)  # type: ignore[attr-defined, no-any-return]
        return self.continue_set(current.round_num)


class Game1817(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    #: the bank's money for the private auction (None: none, and no seed money line in the log)
    SEED_MONEY: ClassVar[int | None] = data.SEED_MONEY
    VOLATILITY: ClassVar[str] = "volatility"
    #: the company laying the special city tile (the one kept with the volatility expansion is drawn instead)
    PITTSBURGH_PRIVATE: ClassVar[str] = "PSM"
    TRAIN_STATION: ClassVar[str] = data.TRAIN_STATION_PRIVATE
    MINE_COMPANIES: ClassVar[tuple[str, ...]] = data.MINE_COMPANIES
    RANCH_COMPANIES: ClassVar[tuple[str, ...]] = data.RANCH_COMPANIES
    TOKENS_FOR_SIZE: ClassVar[dict[int, int]] = data.TOKENS_FOR_SIZE
    CORPORATION_SIZES: ClassVar[dict[str, tuple[int, ...]]] = data.CORPORATION_SIZES
    LOAN_RULES: ClassVar[type[LoanRules]] = Loans1817
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules1817
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules1817
    ROUND_SEQUENCE: ClassVar[type[RoundSequence]] = RoundSequence1817
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules1817
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesVolatility
    LIMIT_TOKENS_AFTER_MERGER: ClassVar[int] = data.LIMIT_TOKENS_AFTER_MERGER
    #: a triggered end takes effect after an acquisition round (the last round of each operating round)
    GAME_END_ROUND: ClassVar[type[Any]] = AcquisitionRound
    #: the acquisition round's own step (18USA: the Western Land Grant's extra loan counts in bids)
    ACQUIRE_STEP: ClassVar[type[Any]] = Acquire
    #: the site's files name the first supply copy of an unlimited tile since this date (the desktop's lays do the
    #: same): 1817's tiles were unlimited from the start (the site's unlimited tiles were made for it, October
    #: 2020), so every file of the family does (1817 15528, 16281, 16852, 20758; 1817NA; 1817WO)
    FIRST_COPY_SINCE: ClassVar[int] = 0

    def setup(self) -> None:
        loans = self.loan_rules
        assert isinstance(loans, Loans1817)
        loans.build_pool()
        self.owner_when_liquidated: dict[Any, Any] = {}
        self.stock_prices_start_merger: dict[Any, Any] = {}
        self.final_operating_rounds: int | None = None
        self.inventor_payouts: dict[str, int] = dict(INVENTOR_PAYOUTS)
        # players left owing part of a won bid (the step paid the corporation without their companies): the
        # lowest cash each may have (see BuySellParShares1817.par_corporation)
        self.unpaid_bids: dict[str, int] = {}

    # --- rounds ---------------------------------------------------------------------------------------------
    @property
    def volatility(self) -> bool:
        return self.VOLATILITY in self.optional_rules

    def setup_preround(self) -> None:
        """Without the volatility expansion its companies leave the game; with it, one of the city-tile companies
        (drawn at random) stays as the "Pittsburgh" private, the others leave."""
        if not self.volatility:
            dropped = {c.sym for c in data.VOLATILITY_COMPANIES}
            self.pittsburgh_private = next((c for c in self.companies if c.id == self.PITTSBURGH_PRIVATE), None)
        else:
            tile_companies = [c for c in self.companies if c.id in data.VOLATILITY_CITY_TILE_COMPANIES]
            tile_companies = self.rng.shuffle(tile_companies)
            self.pittsburgh_private = tile_companies[0]
            dropped = {c.id for c in tile_companies[1:]}
        for company in [c for c in self.companies if c.id in dropped]:
            company.close()
        self.companies[:] = [c for c in self.companies if c.id not in dropped]

    def init_round(self) -> Round:
        from engine.titles.g1817.auction import SeedMoneyAuction

        self.setup_preround()
        if not self.volatility and self.SEED_MONEY is not None:
            self.log(f"Seed Money for initial auction is {self.format_currency(self.SEED_MONEY)}")
        return AuctionRound(self, [SeedMoneyAuction])

    def new_stock_round(self) -> Round:
        from engine.titles.g1817.stock import StockRound1817

        self.close_bank_shorts()
        loans = self.loan_rules
        assert isinstance(loans, Loans1817)
        loans.fixed_rate = None
        self.log(f"-- Stock Round {self.turn} --")
        self.round_counter += 1
        return StockRound1817(self, self.stock_round_steps())

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.home_token import HomeToken
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1817.stock import BuySellParShares1817

        return [DiscardTrain, HomeToken, BuySellParShares1817]

    def new_operating_round(self, round_num: int = 1) -> Round:
        """The interest rate is fixed for the round; the mail contracts pay only to a corporation with a train."""

        loans = self.loan_rules
        assert isinstance(loans, Loans1817)
        loans.fixed_rate = None
        loans.fixed_rate = loans.rate()
        for company in self.companies:
            if company.owner is None:
                continue
            for ability in self.ability_rules.abilities(company, "revenue_change", time="has_train"):
                company.revenue = ability.revenue if company.owner.trains else 0
        self.log(f"-- Operating Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        self.round_counter += 1
        return self.operating_round_class()(self, self.operating_round_steps(), round_num)

    def operating_round_class(self) -> type[Round]:
        from engine.titles.g1817.operating import OperatingRound1817
        return OperatingRound1817

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.route import RouteStep
        from engine.steps.token import TokenStep
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1817.cash_crisis import Bankrupt1817, CashCrisis
        from engine.titles.g1817.operating import (
            Assign1817,
            BuyTrain1817,
            Dividend1817,
            LoanStep,
            SpecialTrack1817,
            Track1817,
        )

        return [Bankrupt1817, CashCrisis, LoanStep, SpecialTrack1817, Assign1817, Track1817, TokenStep, RouteStep, Dividend1817, DiscardTrain,
                BuyTrain1817]

    def or_round_finished(self) -> None:
        """The next train is exported (all the 2s while they are next)."""
        depot = self.depot
        if not depot.upcoming:
            return
        if depot.upcoming[0].name == "2":
            depot.export_all("2")
        else:
            depot.export()

    def new_merger_round(self, round_num: int) -> Round:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1817.merger import Conversion, MergerRound1817, PostConversion, PostConversionLoans

        self.log(f"-- Merger and Conversion Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        from engine.steps.reduce_tokens import ReduceTokens
        steps = [ReduceTokens, DiscardTrain, PostConversion, PostConversionLoans, Conversion]
        return MergerRound1817(self, self.own_steps(steps), round_num)

    def new_acquisition_round(self, round_num: int) -> Round:
        from engine.steps.trains import DiscardTrain
        self.log(f"-- Acquisition Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        from engine.steps.reduce_tokens import ReduceTokens
        from engine.titles.g1817.cash_crisis import Bankrupt1817, CashCrisis
        steps = [ReduceTokens, Bankrupt1817, CashCrisis, DiscardTrain, self.ACQUIRE_STEP]
        return AcquisitionRound(self, self.own_steps(steps), round_num)

    def own_steps(self, steps: list[Any]) -> list[Any]:
        """A title's own versions of the family's merger and acquisition round steps (18USA: the Pullman's
        scrapping)."""
        return steps

    def merge_corporations(self) -> list[Any]:
        return [c for c in self.corporations if c.floated and c.share_price is not None
                and c.share_price.type not in ("liquidation", "acquisition")]

    def convert(self, corporation: Any) -> list[Any]:
        """2 -> 5 or 5 -> 10 shares."""
        from engine.services.share_positions import resize_corporation

        sizes = {2: 5, 5: 10}
        if corporation.total_shares not in sizes:
            raise IllegalAction("Cannot convert 10 share corporation")
        return resize_corporation(self, corporation, sizes[corporation.total_shares], max_ownership_percent=60)

    def close_market_shorts(self) -> None:
        """The market's shorts are closed against the market's own shares."""
        from engine.services.share_positions import holder_shorts, unshort

        pool = self.share_pool
        for corporation in self.corporations:
            count = 0
            while holder_shorts(pool, corporation):
                shares = [s for s in pool.shares_of(corporation) if s.percent > 0 and not s.president]
                if not shares:
                    break
                unshort(self, pool, shares[0])
                count += 1
            if count:
                self.log(f"Market closes {count} shorts for {corporation.name}")

    def close_bank_shorts(self) -> None:
        """As a stock round starts, the market's shorts are closed with the corporation's treasury shares, the
        bank paying the corporation their price."""
        from engine.services.share_positions import holder_shorts, move_certificate, unshort

        pool = self.share_pool
        for corporation in self.corporations:
            price = corporation.share_price
            if price is None or price.type in ("acquisition", "liquidation"):
                continue
            count = 0
            while holder_shorts(pool, corporation):
                treasury = [s for s in corporation.shares_of(corporation) if s.percent > 0]
                if not treasury:
                    break
                share = treasury[0]
                self.bank.spend(int(share.price), corporation)
                move_certificate(share, pool)
                unshort(self, pool, share)
                count += 1
            if count:
                self.log(f"Market closes {count} shorts for {corporation.name}")

    def reset_1817_corporation(self, corporation: Any) -> Any:
        """An acquired or liquidated corporation starts afresh (it may be started again)."""
        return self.corporation_rules.reset_corporation(corporation)

    def legal_tile_rotation(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """A mine or ranch company's tile must point at a neighbouring revenue centre that connects back or could
        be upgraded to."""
        if not getattr(entity, "is_company", False) or entity.id not in (*self.MINE_COMPANIES, *self.RANCH_COMPANIES):
            return True
        for exit_ in tile.exits:
            neighbor = hex_.neighbors.get(exit_)
            ntile = neighbor.tile if neighbor is not None else None
            if ntile is None or not (ntile.cities or ntile.offboards or ntile.towns):
                continue
            if (exit_ + 3) % 6 in ntile.exits or self._could_upgrade(ntile):
                return True
        return False

    def _could_upgrade(self, old: Any) -> bool:
        seen: set[str] = set()
        for tile in self.tiles:
            if tile.name in seen:
                continue
            seen.add(tile.name)
            if self.track_rules.upgrades_to(old, tile):
                return True
        return False

    def revenue_for(self, route: Any, stops: Any) -> int:
        """$10 more for each stop on a bridge and for each mine or ranch the route passes; a route may not visit a
        hex twice nor start or end at a mine or ranch; with Modern Trains, 7 and 8 trains earn $10 / $20 per own
        station on the route."""
        from engine.map.route import base_revenue_for
        from engine.steps.assign import assigned

        revenue = base_revenue_for(route, stops)
        revenue += 10 * sum(1 for stop in stops if assigned(stop.hex, "bridge"))
        hexes = route.hexes
        if len(hexes) != len({id(h) for h in hexes}):
            raise IllegalAction("Route visits same hex twice")
        for marker, name in (("mine", "mine"), ("ranch", "ranch")):
            if hexes and (assigned(hexes[0], marker) or assigned(hexes[-1], marker)):
                raise IllegalAction(f"Route cannot start or end with a {name}")
        if "modern_trains" in self.optional_rules and route.train.distance in (7, 8):
            per_token = 10 if route.train.distance == 7 else 20
            revenue += sum(per_token for stop in stops
                           if getattr(stop, "is_city", False) and stop.tokened_by(route.train.owner))
        all_hexes = route.all_hexes()
        revenue += 10 * sum(1 for h in all_hexes if assigned(h, "mine"))
        revenue += 10 * sum(1 for h in all_hexes if assigned(h, "ranch"))
        return revenue

    def operating_order(self) -> list[Any]:
        return [c for c in super().operating_order()
                if c.share_price is None or c.share_price.type != "liquidation"]

    def close_city_tile_private(self, hex_: Any) -> None:
        """Meant to close the city-tile company once another corporation builds on its hex; the reference engine
        looks its ability up by a name it does not find, so the company never closes this way (kept so)."""
        return None

    # --- the bank, corporations' sizes and homes ----------------------------------------------------------
    def negative_cash_allowed(self, entity: Any) -> bool:
        """The bank is unlimited; a player may owe money while putting companies into a corporation just won, and
        in a cash crisis (until shares are sold or the player goes bankrupt); a player whose won bid was settled
        without companies keeps that debt (never more) until income pays it."""
        if entity is self.bank:
            return True
        if not getattr(entity, "is_player", False):
            return False
        floor = self.unpaid_bids.get(entity.id)
        if floor is not None and entity.cash >= floor:
            return True
        for step in self.round.steps:
            winning = getattr(step, "winning_bid", None)
            if winning is not None and winning.entity is entity:
                return True
        from engine.titles.g1817.cash_crisis import first_in_debt

        return first_in_debt(self, self.round) is not None  # the players in debt settle in turn

    def ipo_name(self, entity: Any = None) -> str:
        return "Treasury"

    def corporation_sizes(self) -> tuple[int, ...]:
        """The sizes (share counts) a corporation may be started with in the current phase."""
        return self.CORPORATION_SIZES[str(self.phase.name)]

    def sizes_for(self, corporation: Any, sizes: list[int]) -> list[int]:
        """The sizes ``corporation`` may be started with (1817WO: not 2 in Nieuw Zeeland)."""
        return sizes

    def after_tokens_bought(self, corporation: Any) -> None:
        """After a corporation bought the tokens its size needs (1817WO places a second station)."""
        return None

    def find_share_price(self, price: int) -> Any:
        """The highest market price not above ``price``."""
        row = [sp for sp in self.stock_market.market[0] if sp is not None]
        return next(sp for sp in reversed(row) if sp.price <= price)

    def tokens_needed(self, corporation: Any) -> int:
        """The station tokens ``corporation`` still lacks for its size (one more with the Train Station)."""
        needed = self.TOKENS_FOR_SIZE[corporation.total_shares] - len(corporation.tokens)
        if any(c.id == self.TRAIN_STATION for c in corporation.companies):
            needed += 1
        return needed

    def size_corporation(self, corporation: Any, size: int) -> None:
        from engine.services.share_positions import resize_corporation

        resize_corporation(self, corporation, size, max_ownership_percent=60)

    def home_token_locations(self, corporation: Any) -> list[Any]:
        return [h for h in self.hexes if any(c.tokenable(corporation, free=True) for c in h.tile.cities)]

    def liquidate(self, corporation: Any) -> None:
        """The corporation's price drops to the liquidation cell (the bank's corporations are not liquidated)."""
        if corporation.owner is self.share_pool:
            return
        self.owner_when_liquidated[corporation] = corporation.owner
        self.stock_market.move(corporation, (0, 0), force=True)


__all__ = ["Game1817"]
