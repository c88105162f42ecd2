"""1867: Railways of Canada.  What changes from the engine's defaults (hooks and helpers used here):

* set-up: the hidden "3" company blocks Granby (M13) until phase 3; the Canadian National (CN) holds tokens only
  (Toronto's first city, neutral tokens in Timmins and Montreal's last city); the green minors and the majors
  wait in ``future_corporations`` until phase 3; with the grid-market option the 2-D market of 1861;
* ``init_round``: the private auction (``SingleItemAuction``);
* stock round: minors are auctioned (``BuySellParShares1867``), their home chosen at once (``HomeToken``);
* corporations choose their homes (``home_token_locations``): minors any city without tokens, majors a city of a
  hex without station tokens, preferring hexes not yet connected;
* loans (``Loans1867``): $50 loans bringing $45, $5 interest each, two for a minor, five for a major;
* the round sequence (``RoundSequence1867``): a merger round after each operating round of phases 3 to 7;
* operating order: minors (by price) before majors; tiles on hexes with stubs must use the stubs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.game import Game
from engine.model.token import Token
from engine.rounds.auction import AuctionRound
from engine.rounds.operating import OperatingRound
from engine.services.corporations import CorporationRules
from engine.services.loans import LoanRules
from engine.services.rounds import RoundSequence
from engine.services.setup import ModelSetup
from engine.services.trains import TrainRules
from engine.titles.g1867 import data
from engine.titles.g1867.data import TITLE
from engine.titles.g1867.national import TrainRules1867, nationalize, post_train_buy
from engine.titles.g1867.operating import CorporationRules1867
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.rounds.base import Round


class Setup1867(ModelSetup):
    """The grid market comes with its option."""

    def build(self) -> None:
        game = self.game
        option, market = game.ALTERNATIVE_MARKET  # type: ignore[attr-defined]
        if option in game.optional_rules:
            game.spec = replace(game.spec, market=market)
        super().build()
        game.stock_market.movement = Movement1867.wrap(game.stock_market)
        if len(game.players) == 2:
            self.two_players()

    def two_players(self) -> None:
        """The two-player game (published for 1861; the reference plays 1867 the same way): a player may own
        70% of a major, some trains leave the game (the last of each kind), two random privates too."""
        game = self.game
        if game.TWO_PLAYER_UNTESTED:  # type: ignore[attr-defined]
            game.log(f"{game.spec.title} has not been tested for 2 players.")
        for corporation in game.corporations:
            if corporation.max_ownership_percent == 60:
                corporation.max_ownership_percent = 70
        depot = game.depot
        for name, count in data.TRAINS_REMOVED_TWO_PLAYERS.items():
            for train in [t for t in depot.upcoming if t.name == name][::-1][:count]:
                depot.forget_train(train)
        hidden = game.HIDDEN_COMPANY  # type: ignore[attr-defined]
        removed = game.rng.shuffle([c for c in game.companies if c.id != hidden])[:2]
        game.log(f"Following companies are removed {', '.join(c.id for c in removed)}")
        game.companies = [c for c in game.companies if c not in removed]


class Movement1867:
    """1867's market moves: up on the column market is right; a minor never passes its maximum price; on the
    grid a major hitting the ceiling moves right and down (its price unchanged)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.market = inner.market

    @classmethod
    def wrap(cls, market: Any) -> Any:
        return cls(market.movement)

    def left(self, corporation: Any, coordinates: Any) -> Any:
        return self.inner.left(corporation, coordinates)

    def down(self, corporation: Any, coordinates: Any) -> Any:
        return self.inner.down(corporation, coordinates)

    def up(self, corporation: Any, coordinates: Any) -> Any:
        if self.market.one_d:
            return self.right(corporation, coordinates)
        r, c = coordinates
        if r - 1 >= 0:
            r -= 1
        elif getattr(corporation, "type", None) == "major":
            r += 1
            c += 1
        return (r, c)

    def right(self, corporation: Any, coordinates: Any) -> Any:
        price = getattr(corporation, "share_price", None)
        if getattr(corporation, "type", None) == "minor" and price is not None and "max_price" in price.types:
            return coordinates if self.market.one_d else self.up(corporation, coordinates)
        return self.inner.right(corporation, coordinates)


class OperatingRound1867(OperatingRound):
    """A corporation nationalised (reset or closed) during the round no longer operates in it."""

    def skip_entity(self, entity: Any) -> bool:
        return bool(entity.closed or not entity.floated or entity not in self.game.corporations)


class Loans1867(LoanRules):
    NUM_LOANS: ClassVar[int] = 72  # 16 minors * 2 + 8 majors * 5
    LOAN_VALUE: ClassVar[int] = 50
    PROCEEDS_DISCOUNT: ClassVar[int] = 5
    INTEREST_PER_LOAN: ClassVar[int] = 5
    MAX_LOANS: ClassVar[dict[str | None, int]] = {"major": 5, None: 2}
    SETTLE_BY_PRICE_AT_END: ClassVar[bool] = True


class RoundSequence1867(RoundSequence):
    """A merger round follows each operating round of phases 3 to 7; the operating round's end (train export)
    comes first."""

    #: the operating rounds of the last set, once the final phase has triggered the game's end
    FINAL_OPERATING_ROUNDS: ClassVar[int] = 3

    def operating_rounds_in_set(self) -> int:
        trigger = self.game.game_end_trigger
        if trigger is not None and trigger[1] == "one_more_full_or_set":
            return self.FINAL_OPERATING_ROUNDS
        return super().operating_rounds_in_set()

    def after_operating_round(self, current: Any) -> Round:
        game = self.game
        game.or_round_finished()
        phase = int(game.phase.name)
        if phase < 3 or phase >= 8:
            return self.continue_set(current.round_num)
        return game.new_merger_round(current.round_num)  # type: ignore[attr-defined, no-any-return]


class Game1867(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = Setup1867
    LOAN_RULES: ClassVar[type[LoanRules]] = Loans1867
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules1867
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules1867
    ROUND_SEQUENCE: ClassVar[type[RoundSequence]] = RoundSequence1867
    #: the company that only blocks Granby until phase 3 (never auctioned)
    HIDDEN_COMPANY: ClassVar[str] = "3"
    #: the optional rule choosing the other stock market, and that market
    ALTERNATIVE_MARKET: ClassVar[tuple[str, tuple[tuple[str, ...], ...]]] = ("grid_market", data.GRID_MARKET)
    NATIONAL_RESERVATIONS: ClassVar[tuple[str, ...]] = data.NATIONAL_RESERVATIONS
    #: the gray city tile whose lay gives the national a token (place_national_tile_token)
    NATIONAL_TILE: ClassVar[str] = "639"
    GREEN_CORPORATIONS: ClassVar[tuple[str, ...]] = data.GREEN_CORPORATIONS
    BONUS_CAPITALS: ClassVar[tuple[str, ...]] = data.BONUS_CAPITALS
    BONUS_REVENUE: ClassVar[str] = data.BONUS_REVENUE
    BONUS_AMOUNT: ClassVar[int] = data.BONUS_AMOUNT
    #: the reference warns that this title's two-player game is the 1861 rules untested
    TWO_PLAYER_UNTESTED: ClassVar[bool] = True
    #: steps left on the market per loan a nationalised corporation still holds
    NATIONALIZATION_LOAN_STEPS: ClassVar[int] = 2

    # --- set-up -------------------------------------------------------------------------------------------
    def setup(self) -> None:
        self.hidden_company = self.company_by_id(self.HIDDEN_COMPANY)
        for company in self.companies:  # bought by corporations for $1 up to face value
            company.min_price = 1
            company.max_price = company.value
        national = next(c for c in self.corporations if c.type == "national")
        self.national = national
        national.ipoed = True
        for share in list(national.shares_of(national)):
            national.shares_by_corporation[national].remove(share)
        # The national has no certificates at all (it only holds tokens, trains and companies).
        national.share_holders.clear()
        national.all_shares = []
        self._shares_by_id = {k: v for k, v in self._shares_by_id.items() if v.corporation is not national}
        self.national_reservations = list(self.NATIONAL_RESERVATIONS)
        self.corporations.remove(national)
        self.add_neutral_tokens()
        self.future_corporations = [c for c in self.corporations
                                    if c.type != "minor" or c.id in self.GREEN_CORPORATIONS]
        self.corporations = [c for c in self.corporations if c not in self.future_corporations]
        self.show_majors = False
        self.trainless_nationalization = False
        self.trainless_major: list[Any] = []
        #: the ids of the corporations nationalised so far, in order (a major may be started again afterwards)
        self.nationalized: list[str] = []

    def player_value(self, player: Any) -> int:
        """Shares count at the price their corporation would reach after paying off its loans (one step left per
        loan, as the game's end does), so a score read before the end already counts them."""
        prices: dict[str, int] = {}

        def price(corporation: Any) -> int:
            if corporation.id not in prices:
                found = corporation.share_price
                if corporation.loans:
                    found = self.stock_market.find_share_price(corporation, ["left"] * len(corporation.loans))
                prices[corporation.id] = int(found.price)
            return prices[corporation.id]

        shares = sum(price(s.corporation) * int(s.num_shares) for s in player.shares if s.corporation.ipoed)
        return int(player.cash) + sum(int(c.value) for c in player.companies) + int(shares)

    def place_national_tile_token(self, tile: Any) -> None:
        """Laying the national's gray city (``NATIONAL_TILE``: 1867's Montreal, 1861's Moscow) gives the national a
        token in its first city while any national reservation is left (the reference asks for *any* reservation
        left, not this hex's)."""
        if self.national_reservations:
            self.give_national_token(tile, 0)

    def give_national_token(self, tile: Any, city_index: int) -> None:
        """The national's next token into ``tile``'s city ``city_index`` (without the tokenable checks), unless it
        has a token on the tile already or none left; the tile's hex is no longer reserved for it."""
        national = self.national
        if any(c.tokened_by(national) for c in tile.cities):
            return
        token = national.next_token()
        if token is None:
            return
        self.log(f"{national.name} places a token on {tile.hex.location_name or tile.hex.id}")
        if tile.hex.id in self.national_reservations:
            self.national_reservations.remove(tile.hex.id)
        tile.cities[city_index].place_token(national, token, check_tokenable=False)

    def add_neutral_tokens(self) -> None:
        national = self.national
        self.green_tokens: list[Token] = []
        for hex_id, city_index in (("D2", 0), ("L12", -1)):
            token = Token(national, price=0, type="neutral")
            self.hex_by_id(hex_id).tile.cities[city_index].exchange_token(token)
            self.green_tokens.append(token)
        self.hex_by_id("F16").tile.cities[0].exchange_token(national.tokens[0])

    def or_round_finished(self) -> None:
        """While the phase exports trains, the next train leaves the depot at the end of each operating round."""
        if "export_train" not in self.phase.status:
            return
        self.depot.export()
        self.post_train_buy()
        self.game_end_check()

    def nationalization_transfer_assets(self, corporation: Any) -> None:
        """A nationalised corporation's cash goes to the bank."""
        corporation.set_cash(0, self.bank)

    def nationalize(self, corporation: Any) -> None:
        nationalize(self, corporation)

    def post_train_buy(self) -> None:
        post_train_buy(self)

    def revenue_for(self, route: Any, stops: Sequence[Any]) -> int:
        """A route may not visit a hex twice; Timmins with Toronto, Montreal or Quebec earns $40 more (times the
        train's multiplier)."""
        from engine.map.route import base_revenue_for

        hexes = [h.id for h in route.hexes]
        if len(hexes) != len(set(hexes)):
            raise IllegalAction("Route visits same hex twice")
        revenue = base_revenue_for(route, stops)
        stop_hexes = {s.hex.id for s in stops if s.hex is not None}
        if stop_hexes & set(self.BONUS_CAPITALS) and self.BONUS_REVENUE in stop_hexes:
            revenue += self.BONUS_AMOUNT * (route.train.multiplier or 1)
        return revenue

    def legal_tile_rotation(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """A tile on a hex with stubs must use every stub's edge."""
        stubs = hex_.tile.stubs
        return not stubs or all(stub.edge in tile.exits for stub in stubs)

    def compute_stops(self, route: Any) -> list[Any]:
        """The stops the train counts: those of its paying kind; when there are fewer than it counts, the best
        choice of the others fills up (with a token among them when the counted ones have none).

        The first choice (in ``combinations`` order) with the most revenue wins, as when each choice is priced
        by :meth:`revenue_for`; since that revenue is the sum of what each stop pays (with the corporation's hex
        bonuses) plus the Timmins bonus, which depends only on which hexes pay, each stop is priced once, a
        choice costs a sum, and the choices are walked in that order skipping every branch that cannot pay more
        than the best so far (``revenue_for`` still prices the winner: its rule on the route's hexes raises
        where it did)."""
        from itertools import combinations

        from engine.map.route import hex_bonus, hex_bonus_abilities, stop_revenue

        visits = list(route.visited_stops)
        if not visits:
            return []
        distance = route.train.distance
        mandatory = next(row for row in distance if int(row["pay"]) > 0)
        kinds = mandatory["nodes"]
        stops = [v for v in visits if _stop_kind(v) in kinds]
        optional = [v for v in visits if _stop_kind(v) not in kinds]
        pay = int(mandatory["pay"])
        if len(stops) == pay:
            return stops
        corporation = route.corporation
        need_token = not any(_tokened(s, corporation) for s in stops)
        remaining = pay - len(stops)
        if type(self).revenue_for is not Game1867.revenue_for:  # a title's own pricing: each choice priced by it
            choices = list(combinations(range(len(optional)), remaining)) if remaining <= len(optional) else []
            return self._best_stops_priced(route, stops, optional, choices or [tuple(range(len(optional)))],
                                           need_token, corporation)
        if remaining < 0:
            combinations(optional, remaining)  # raises ValueError, as choosing among the combinations did
        phase_tiles = route.phase.tiles
        train = route.train
        bonuses = hex_bonus_abilities(route.host, corporation)

        def value(stop: Any) -> int:
            paid = stop_revenue(stop, phase_tiles, train)
            return paid + hex_bonus(bonuses, stop, paid)

        fixed = sum(value(s) for s in stops)
        fixed_hexes = {s.hex.id for s in stops if s.hex is not None}
        values = [value(o) for o in optional]
        hex_ids = [o.hex.id if o.hex is not None else None for o in optional]
        tokened = [_tokened(o, corporation) for o in optional]
        capitals = set(self.BONUS_CAPITALS)
        bonus = self.BONUS_AMOUNT * (train.multiplier or 1)
        count = len(optional)
        size = remaining if remaining <= count else count  # too few: the one choice of them all
        #: the highest values among the stops from each index on (a choice's best case, for pruning)
        tops = [sorted(values[i:], reverse=True) for i in range(count + 1)]
        found: list[Any] = [None, 0]  # the first best choice and its revenue

        def visit(start: int, chosen: list[int], partial: int) -> None:
            """The choices extending ``chosen`` with stops from ``start`` on, in combinations order; a branch
            none of whose choices could pay more than the best so far is skipped (ties keep the first)."""
            left = size - len(chosen)
            if left == 0:
                if need_token and not any(tokened[i] for i in chosen):
                    return
                revenue = fixed + partial
                paying = fixed_hexes.union(hex_ids[i] for i in chosen)
                if paying & capitals and self.BONUS_REVENUE in paying:
                    revenue += bonus
                if found[0] is None or revenue > found[1]:
                    found[0], found[1] = tuple(chosen), revenue
                return
            if found[0] is not None and fixed + partial + sum(tops[start][:left]) + max(bonus, 0) <= found[1]:
                return
            for index in range(start, count - left + 1):
                chosen.append(index)
                visit(index + 1, chosen, partial + values[index])
                chosen.pop()

        visit(0, [], 0)
        best = found[0]
        if best is None:
            return []
        candidate = stops + [optional[i] for i in best]
        return candidate if self.revenue_for(route, candidate) > 0 else []

    def _best_stops_priced(self, route: Any, stops: list[Any], optional: list[Any],
                           choices: list[tuple[int, ...]], need_token: bool, corporation: Any) -> list[Any]:
        """:meth:`compute_stops` pricing every choice with :meth:`revenue_for`."""
        best: list[Any] | None = None
        best_revenue = 0
        for chosen in choices:
            if need_token and not any(_tokened(optional[i], corporation) for i in chosen):
                continue
            candidate = stops + [optional[i] for i in chosen]
            revenue = self.revenue_for(route, candidate)
            if best is None or revenue > best_revenue:
                best, best_revenue = candidate, revenue
        return best if best is not None and best_revenue > 0 else []

    def ipo_name(self, entity: Any = None) -> str:
        return "Treasury"

    # --- rounds -------------------------------------------------------------------------------------------
    def init_round(self) -> Round:
        from engine.titles.g1867.steps import SingleItemAuction

        return AuctionRound(self, [SingleItemAuction])

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.home_token import HomeToken
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1867.merger import MajorTrainless
        from engine.titles.g1867.steps import BuySellParShares1867

        return [MajorTrainless, DiscardTrain, HomeToken, BuySellParShares1867]

    def new_operating_round(self, round_num: int = 1) -> Round:
        """The interest of the round is due on the loans held as it starts."""
        self.loan_rules.count_interest([*self.corporations, self.national])
        self.log(f"-- Operating Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        self.round_counter += 1
        return OperatingRound1867(self, self.operating_round_steps(), round_num)

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.companies import BuyCompany
        from engine.steps.route import RouteStep
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1867.merger import MajorTrainless
        from engine.titles.g1867.operating import (
            BuyCompanyPreloan,
            BuyTrain1867,
            Dividend1867,
            LoanOperations,
            RedeemShares,
            Token1867,
            Track1867,
        )

        return [MajorTrainless, BuyCompany, RedeemShares, Track1867, Token1867, RouteStep, Dividend1867,
                (BuyCompanyPreloan, {"blocks": True}), LoanOperations, DiscardTrain, BuyTrain1867,
                (BuyCompany, {"blocks": True})]

    def new_merger_round(self, round_num: int) -> Round:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1867.merger import MajorTrainless, Merge, MergerRound1867, PostMergerShares, ReduceTokens

        self.log(f"-- Merger Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        return MergerRound1867(self, [MajorTrainless, ReduceTokens, PostMergerShares, DiscardTrain, Merge], round_num)

    # --- homes and order ------------------------------------------------------------------------------------
    def home_token_locations(self, corporation: Any) -> list[Any]:
        """Minors: any city without a token; majors: a city of a hex without station tokens, preferring hexes
        whose cities are not connected to anything yet."""
        found = []
        for hex_ in self.hexes:
            cities = hex_.tile.cities
            if corporation.type == "minor":
                if any(not any(c.tokens) and c.tokenable(corporation, free=True) for c in cities):
                    found.append(hex_)
            elif (any(c.tokenable(corporation, free=True) for c in cities)
                  and all(not any(t is not None and t.type == "normal" for t in c.tokens) for c in cities)):
                found.append(hex_)
        if corporation.type == "minor":
            return found
        unconnected = [h for h in found if not any(self._city_connected(c) for c in h.tile.cities)]
        return unconnected or found

    @staticmethod
    def _city_connected(city: Any) -> bool:
        """Does track lead from ``city`` to another stop (a path with a node other than the first)?"""
        from engine.map.graph import walk_path

        class Found(Exception):
            pass

        for start in city.paths:
            def visit(path: Any, visited: Any, counter: Any, converging: bool, start: Any = start) -> None:
                if path is not start and path.node:
                    raise Found

            try:
                walk_path(start, visit, visited={}, counter={})
            except Found:
                return True
        return False

    def operating_order(self) -> list[Any]:
        floated = sorted((c for c in self.corporations if c.floated), key=lambda c: c.sort_order_key())
        return [c for c in floated if c.type == "minor"] + [c for c in floated if c.type != "minor"]


def _stop_kind(stop: Any) -> str:
    from engine.map.route import stop_type

    return str(stop_type(stop))


def _tokened(stop: Any, corporation: Any) -> bool:
    return bool(getattr(stop, "is_city", False) and stop.tokened_by(corporation))


__all__ = ["Game1867"]
