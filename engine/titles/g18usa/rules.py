"""18USA: 1817 (the family base, engine/titles/g1817/) across the United States.  Its own rules, as hooks:

* set-up draws the red areas' values, the private companies taking part (P1-P4 always, P10 too with five or
  more players, and so many of each value), three metropolises besides New York and the subsidies lying on
  fourteen cities; with fewer than five players the roster loses a 2+, a 4, a 5 and a 6 train;
* the "1817 trains" option (data.spec_for): 1817's roster, phases and exports, every train kept;
* loans: with five or more players four loans at 5%, six at each higher rate, up to 60%; taking or repaying a
  loan moves the price two steps;
* no seed money in the private auction, whose bids start at half the company's value.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.services.loans import LoanRules
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.g18usa import data
from engine.titles.g18usa.operating import Acquire18USA
from engine.titles.g18usa.track import TrackRules18USA
from engine.titles.g1817.auction import SeedMoneyAuction
from engine.titles.g1817.loans import Loans1817
from engine.titles.g1817.rules import Game1817, TrainRules1817
from engine.titles.g1817.shares import ShareRules1817
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.rounds.base import Round


class Setup18USA(ModelSetup):
    """The red areas take value sets drawn at random (the first draw of the game)."""

    def build(self) -> None:
        self.game.spec = data.spec_for(self.game.optional_rules)
        super().build()

    def make_hexes(self) -> list[Any]:
        game = self.game
        drawn = game.rng.shuffle(list(data.OFFBOARD_VALUES))
        hexes = {color: groups for color, groups in game.spec.hexes.items() if color != "red"}
        hexes["red"] = data.red_hexes(drawn)
        game.spec = replace(game.spec, hexes=hexes)
        return super().make_hexes()

    def make_depot(self) -> Any:
        """With fewer than five players the last 2+, 4, 5 and 6 trains leave the roster (not with 1817's)."""
        depot = super().make_depot()
        if len(self.game.players) >= 5 or data.SEVENTEEN_TRAINS in self.game.optional_rules:
            return depot
        for name in data.TRAINS_REMOVED_BELOW_FIVE_PLAYERS:
            last = [t for t in depot.trains if t.name == name][-1]
            depot.forget_train(last)
        return depot


def owns_land_grant(corporation: Any) -> bool:
    return any(c.id == "P15" for c in getattr(corporation, "companies", ()))


class Loans18USA(Loans1817):
    """Five or more players: four loans at the lowest rate, six at each higher one, up to 60%.  A loan moves the
    price two steps."""

    PRICE_STEPS: ClassVar[int] = 2

    def max_loans(self, corporation: Any) -> int:
        """The Western Land Grant (P15) allows one loan more."""
        return super().max_loans(corporation) + (1 if owns_land_grant(corporation) else 0)

    def interest_owed(self, corporation: Any) -> int:
        """... whose interest is a fixed $5."""
        owed = super().interest_owed(corporation)
        if owed > 0 and owns_land_grant(corporation):
            owed += 5 - self.rate()
        return owed

    def many_players(self) -> bool:
        return len(self.game.players) >= 5

    def max_rate(self) -> int:
        return 60 if self.many_players() else super().max_rate()

    def per_increment(self, rate: int) -> int:
        if self.many_players():
            return 4 if rate == self.MIN_RATE else 6
        return super().per_increment(rate)


class SelectionAuction18USA(SeedMoneyAuction):
    """No seed money: bids start at half a company's value (the Pyramid Scheme at $5)."""

    def starting_bid(self, company: Any) -> int:
        return 5 if company.id == "P14" else int(company.value) // 2


class ShareRules18USA(ShareRules1817):
    """Each share in the market drops the price two steps at a stock round's end."""

    POOL_DROP_STEPS_PER_SHARE: ClassVar[int] = 2


class TrainRules18USA(TrainRules1817):
    def route_trains(self, entity: Any) -> list[Any]:
        """The Pullman does not run."""
        return [t for t in super().route_trains(entity) if t.name != "P"]

    def has_running_trains(self, entity: Any) -> bool:
        return any(t.name != "P" for t in entity.trains)

    def crowded_corps(self) -> list[Any]:
        """A corporation holding two Pullmans is crowded too."""
        if self.crowded_cache is None:
            found = super().crowded_corps()
            self.crowded_cache = found + [c for c in self.game.corporations
                                          if c not in found and sum(1 for t in c.trains if t.name == "P") > 1]
        return self.crowded_cache

    def rust_trains(self, train: Any, entity: Any) -> None:
        """A purchase that would rust a train of the Pennsy Boneyard's (P13) corporation waits for its decision
        (``engine/titles/g18usa/boneyard.py``)."""
        from engine.titles.g18usa.boneyard import can_save

        game: Any = self.game
        if can_save(game, train):
            game.pending_rusting_event = {"train": train, "entity": entity}
            return
        super().rust_trains(train, entity)


class Game18USA(Game1817):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    SEED_MONEY: ClassVar[int | None] = None
    SETUP: ClassVar[type[ModelSetup]] = Setup18USA
    LOAN_RULES: ClassVar[type[LoanRules]] = Loans18USA
    CORPORATION_SIZES: ClassVar[dict[str, tuple[int, ...]]] = data.CORPORATION_SIZES
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules18USA
    ACQUIRE_STEP: ClassVar[type[Any]] = Acquire18USA
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules18USA
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules18USA
    #: none of 1817's mines, ranches or city-tile company (18USA's P22 and P23 are other companies)
    MINE_COMPANIES: ClassVar[tuple[str, ...]] = ()
    #: a bidder who cannot reach the next bid passes by itself in live play (``engine.programs.auto_actions``)
    STEP_AUTO_ACTIONS: ClassVar[bool] = True
    RANCH_COMPANIES: ClassVar[tuple[str, ...]] = ()
    POTENTIAL_METROPOLIS: ClassVar[tuple[str, ...]] = data.POTENTIAL_METROPOLIS_HEXES

    def setup(self) -> None:
        super().setup()
        self.active_metropolis_hexes: list[Any] = [self.hex_by_id("D28")]
        self.metro_denver = False
        self.metro_new_orleans = False
        self.recently_floated: list[Any] = []
        self.subsidies_by_hex: dict[str, dict[str, Any]] = {}
        self.p8_hexes: list[Any] = []
        #: a purchase's rusting waiting for the Pennsy Boneyard's decision: {"train": ..., "entity": ...}
        self.pending_rusting_event: dict[str, Any] | None = None
        for hex_id in self.rng.shuffle(list(data.METROPOLIS_HEXES))[:3]:
            self.convert_potential_metro(self.hex_by_id(hex_id))
        if self.company_by_id("P10").closed:
            self.remove_unused_metropolis_tiles()
        self.setup_company_towns()
        # the Company Town may go on any hex (its step narrows them): named, so the lay is checked hex by hex
        town = self.company_by_id("P27")
        for ability in town.all_abilities():
            if ability.type == "tile_lay":
                ability.hexes = [h.id for h in self.hexes]
        from engine.titles.g18usa.subsidies import setup_subsidies

        setup_subsidies(self)

    def setup_company_towns(self) -> None:
        """Each company town tile holds a neutral token in one of its two slots (it never blocks a route)."""
        from engine.model.token import Token
        from engine.steps.tokener import neutral_corporation

        neutral = neutral_corporation()
        neutral.tokens.clear()
        for tile in self.tiles:
            if tile.name in data.COMPANY_TOWN_TILES:
                token = Token(neutral, type="neutral")
                neutral.tokens.append(token)
                tile.cities[0].place_token(neutral, token, check_tokenable=False)

    # --- set-up ------------------------------------------------------------------------------------------
    def setup_preround(self) -> None:
        """The privates taking part: P1-P4 (and P10 with five or more players) always, of the others so many
        of each value, drawn at random."""
        self.pittsburgh_private = None
        always = set(data.ALWAYS_IN)
        if len(self.players) >= 5:
            always.add(data.ALWAYS_IN_FIVE_PLAYERS)
        groups: dict[int, list[Any]] = {}
        for company in self.companies:
            if company.id not in always:
                groups.setdefault(int(company.value), []).append(company)
        removed: list[Any] = []
        for value, companies in groups.items():
            drawn = self.rng.shuffle(companies)
            removed.extend(drawn[:len(companies) - data.PRIVATES_KEPT_BY_VALUE[value]])
        self.log(f"Removing {', '.join(c.name for c in removed)}")
        for company in removed:
            company.close()

    def init_round(self) -> Round:
        from engine.rounds.auction import AuctionRound

        self.setup_preround()
        return AuctionRound(self, [SelectionAuction18USA])

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.home_token import HomeToken
        from engine.titles.g18usa.denver import DenverTrack
        from engine.titles.g18usa.stock import BuySellParShares18USA, HomeToken18USA
        from engine.titles.g1817.stock import BuySellParShares1817

        swap = {HomeToken: HomeToken18USA, BuySellParShares1817: BuySellParShares18USA}
        steps = self.own_steps(super().stock_round_steps())
        steps = [swap.get(s, s) for s in steps]
        at = steps.index(HomeToken18USA)
        return [*steps[:at], DenverTrack, *steps[at:]]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.route import RouteStep
        from engine.titles.g18usa.operating import (
            Assign18USA,
            BuyPullman,
            BuyTrain18USA,
            Dividend18USA,
            Loan18USA,
            Route18USA,
            SpecialToken18USA,
        )
        from engine.titles.g18usa.track import SpecialTrack18USA, Track18USA
        from engine.titles.g1817.operating import (
            Assign1817,
            BuyTrain1817,
            Dividend1817,
            LoanStep,
            SpecialTrack1817,
            Track1817,
        )

        swap = {Track1817: Track18USA, Dividend1817: Dividend18USA, RouteStep: Route18USA,
                SpecialTrack1817: SpecialTrack18USA, Assign1817: Assign18USA, BuyTrain1817: BuyTrain18USA,
                LoanStep: Loan18USA}
        steps = [swap.get(s, s) for s in super().operating_round_steps()]
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18usa.boneyard import ObsoleteTrain
        from engine.titles.g18usa.scrap import DiscardTrain18USA

        # the Boneyard's decision before the loans, the discarding after them
        steps.remove(DiscardTrain)
        at = steps.index(Loan18USA)
        steps = [*steps[:at], ObsoleteTrain, Loan18USA, DiscardTrain18USA, *steps[at + 1:]]
        at = steps.index(SpecialTrack18USA) + 1
        steps = [*steps[:at], SpecialToken18USA, *steps[at:]]
        from engine.titles.g18usa.denver import DenverTrack

        at = steps.index(Track18USA)
        steps = [*steps[:at], DenverTrack, *steps[at:]]
        at = steps.index(Route18USA)
        return [*steps[:at], BuyPullman, *steps[at:]]

    def operating_round_class(self) -> type[Round]:
        from engine.titles.g18usa.boneyard import OperatingRound18USA

        return OperatingRound18USA

    def own_steps(self, steps: list[Any]) -> list[Any]:
        """The Pullman may be scrapped as trains are discarded, in the conversion step, as loans are taken after a
        conversion."""
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18usa.scrap import Conversion18USA, DiscardTrain18USA, PostConversionLoans18USA
        from engine.titles.g1817.merger import Conversion, PostConversionLoans

        swap = {DiscardTrain: DiscardTrain18USA, Conversion: Conversion18USA,
                PostConversionLoans: PostConversionLoans18USA}
        return [swap.get(s, s) for s in steps]

    def or_round_finished(self) -> None:
        """Nothing: the operating round exports its train as it finishes (``export_train``)."""

    def export_train(self) -> None:
        """Exports: every 2 after OR 1.1, every 2+ after OR 1.2 (and phase 3 begins if it has not), none after
        OR 2.1, every 3 after OR 2.2, then the next train after each operating round.  With 1817's trains,
        1817's exports (and the list of corporations floated since is kept, as the reference keeps it)."""
        if data.SEVENTEEN_TRAINS in self.optional_rules:
            super().or_round_finished()
            return
        self.recently_floated = []
        depot = self.depot
        turn = (self.turn, getattr(self.round, "round_num", 1))
        if turn == (1, 1):
            depot.export_all("2")
        elif turn == (1, 2):
            depot.export_all("2+")
            if "green" not in self.phase.tiles:
                self.phase.next()
        elif turn == (2, 2):
            depot.export_all("3")
        elif turn != (2, 1) and depot.upcoming:
            depot.export()

    def new_operating_round(self, round_num: int = 1) -> Round:
        """After the first stock round the subsidies left on the map are removed."""
        from engine.titles.g18usa.subsidies import remove_subsidies

        if self.turn == 1 and round_num == 1 and self.subsidies_by_hex:
            remove_subsidies(self)
        return super().new_operating_round(round_num)

    # --- routes ------------------------------------------------------------------------------------------------
    def phase_5_or_later(self) -> bool:
        return "brown" in self.phase.tiles

    def revenue_for(self, route: Any, stops: Any) -> int:
        """1817's revenue, and: a resource or rural junction hex passed once at most, two trains at most to
        Mexico; $10 less at a company town not tokened by the corporation; resource hexes passed through pay
        (coal $10, ore $10 or $20, oil $10, $20 from phase 5); home bonuses of the +10 and +10/+20 subsidies; the
        Express Freight Service's red area $10; the Great Northern bonus on one train."""
        from engine.errors import IllegalAction
        from engine.titles.g18usa.resources import tile_resources

        ordered = route.ordered_hexes()
        seen: set[int] = set()
        for hex_ in ordered:
            if id(hex_) in seen:
                if tile_resources(hex_.tile):
                    raise IllegalAction("Cannot pass through resource tiles more than once")
                if hex_.tile.name in data.RURAL_TILES:
                    raise IllegalAction("Cannot pass through Rural Junction tiles more than once")
            seen.add(id(hex_))
        routes = getattr(route, "routes", None) or [route]
        mexico = sum(1 for r in routes
                     if any(s.hex.id in data.MEXICO_HEXES for s in (stops if r is route else r.stops)))
        if mexico > 2:
            raise IllegalAction("No more than two trains can run to Mexico")
        stop_hexes = [s.hex for s in stops]
        revenue = super().revenue_for(route, stops)
        corporation = route.train.owner
        town = next((h.tile for h in stop_hexes if h.tile.name in data.COMPANY_TOWN_TILES), None)
        if town is not None and not town.cities[0].tokened_by(corporation):
            revenue -= 10
        stop_ids = {id(h) for h in stop_hexes}
        for hex_ in route.all_hexes():
            if id(hex_) in stop_ids or hex_.tile.color == "white":
                continue
            found = tile_resources(hex_.tile)
            if "coal" in found:
                revenue += 10
            if "ore" in found:
                revenue += 20 if hex_.tile.name in data.ORE20_TILES else 10
            if "oil" in found:
                revenue += 20 if self.phase_5_or_later() else 10
        icons = {str(i.name) for h in stop_hexes for i in h.tile.icons}
        if "plus_ten" in icons:
            revenue += 10
        if "plus_ten_twenty" in icons:
            revenue += 20 if self.phase_5_or_later() else 10
        p8 = next((c for c in self.companies if c.id == "P8"), None)
        if p8 is not None and p8.owner is corporation and any(h in self.p8_hexes for h in stop_hexes):
            revenue += 10
        from engine.titles.g18usa.operating import upgrades_of

        if "P" in upgrades_of(self, route.train):
            revenue += 20 * sum(1 for s in stops if s.tile.name not in data.RURAL_TILES)
        if self.gnr_route(route, stops):
            revenue += self.gnr_revenue(stops)
        return revenue

    def legal_tile_rotation(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """A hex's printed stub must be joined by the tile laid there (D26, E27); no rural junction next to another;
        a resource tile points at a neighbouring revenue location (a city, town or real red area) that connects back
        or could be upgraded to."""
        from engine.titles.g18usa.resources import is_resource_tile

        if not all(stub.edge in tile.exits for stub in hex_.tile.stubs):
            return False
        if tile.name in data.RURAL_TILES and hex_.tile.color == "white" \
                and any(n.tile.name in data.RURAL_TILES for n in hex_.neighbors.values()):
            return False  # the Rural Junction (P26) never next to another (its lay refuses it first, saying so)
        if tile.color != "yellow" or not is_resource_tile(tile) or tile.name in data.ORE20_TILES:
            return True
        for exit_ in tile.exits:
            neighbor = hex_.neighbors.get(exit_)
            other = neighbor.tile if neighbor is not None else None
            if other is None:
                continue
            real_offboard = bool(other.offboards) and not is_resource_tile(other)
            if not (other.cities or other.towns or real_offboard):
                continue
            if (exit_ + 3) % 6 in other.exits or self._could_upgrade(other):
                return True
        return False

    def negative_cash_allowed(self, entity: Any) -> bool:
        """The corporation just won pays for the companies put into it before the bank makes up its treasury."""
        for step in self.round.steps:
            winning = getattr(step, "winning_bid", None)
            if winning is not None and winning.target is entity:
                return True
        return super().negative_cash_allowed(entity)

    def tile_cost_with_discount(self, tile: Any, hex_: Any, entity: Any, spender: Any, cost: int) -> int:
        """A resource marker laid with its yellow tile saves the terrain fee its ability names (unless a terrain
        discount already did)."""
        from engine.titles.g18usa.resources import abilities_to_lay, is_resource_tile

        if tile.color != "yellow" or not is_resource_tile(tile) or tile.name in data.ORE20_TILES:
            return cost
        corporation = entity if getattr(entity, "is_corporation", False) else getattr(entity, "owner", None)
        companies = list(getattr(corporation, "companies", ()))
        ability = next((a for a in abilities_to_lay(hex_, tile, companies).values()
                        if a is not None and a.discount > 0), None)
        printed = hex_.original_tile
        terrain = sum(u.cost for u in printed.upgrades)
        if ability is None or terrain == 0:
            return cost
        if corporation is not None and any(a.type == "tile_discount" and a.terrain and a.terrain in printed.terrain
                                           for a in corporation.all_abilities()):
            return cost
        self.log(f"{spender.name} receives a discount of {self.format_currency(ability.discount)} from "
                 f"{ability.owner.name}")
        return int(cost - min(int(ability.discount), terrain))

    def home_hex_for(self, entity: Any) -> Any:
        if not getattr(entity, "is_corporation", False) or not entity.tokens:
            return None
        return entity.tokens[0].hex

    def pullman_train(self, train: Any) -> bool:
        return bool(train.name == "P")

    # --- the Switcher (P19): a train skips one city, a tokened-out one first -------------------------------
    def check_connected(self, route: Any) -> None:
        """With the Switcher attached a route may pass one tokened-out city."""
        from itertools import pairwise

        from engine.errors import IllegalAction
        from engine.map.route import paths_connect
        from engine.titles.g18usa.operating import upgrades_of

        corporation = route.corporation
        if "/" in upgrades_of(self, route.train):
            visits = route.visited_stops
            blocked = [n for n in visits[1:-1] if getattr(n, "is_city", False) and n.blocks(corporation)]
            if len(blocked) > 1:
                raise IllegalAction("Route can only bypass one tokened-out city")
            corporation = None
        for path, following in pairwise(route.ordered_paths()):
            if not paths_connect(path, following, corporation):
                raise IllegalAction("Route is not connected")

    def compute_stops(self, route: Any) -> list[Any]:
        from engine.titles.g18usa.operating import upgrades_of

        stops: list[Any] = route.default_stops()
        if "/" in upgrades_of(self, route.train):
            skipped = self.skipped_stop(route, stops)
            if skipped is not None:
                stops = [s for s in stops if s is not skipped]
        return stops

    def skipped_stop(self, route: Any, stops: list[Any]) -> Any:
        if len(stops) <= 2:
            return None
        corporation = route.train.owner
        blocked = next((n for n in stops[1:-1] if getattr(n, "is_city", False) and n.blocks(corporation)), None)
        if blocked is not None:
            return blocked
        counted = [s for s in stops if s.visit_cost > 0]
        if len(counted) < int(route.train.distance):
            return None
        tokened = [s for s in counted if getattr(s, "is_city", False) and s.tokened_by(corporation)]
        if len(tokened) == 1:
            counted.remove(tokened[0])
        best, best_revenue = None, None
        for stop in counted:
            revenue = self.revenue_for(route, [s for s in stops if s is not stop])
            if best_revenue is None or revenue > best_revenue:
                best, best_revenue = stop, revenue
        return best

    def gnr_revenue(self, stops: Any) -> int:
        ids = {s.hex.id for s in stops}
        if all(h in ids for h in data.GNR_FULL_BONUS_HEXES):
            return data.GNR_FULL_BONUS
        if all(h in ids for h in data.GNR_HALF_BONUS_HEXES):
            return data.GNR_HALF_BONUS
        return 0

    def gnr_route(self, route: Any, stops: Any) -> bool:
        """The Great Northern bonus goes to the train earning the most of it (the first such)."""
        owner = route.train.owner
        if not any(c.id == "P17" for c in getattr(owner, "companies", ())) or not self.gnr_revenue(stops):
            return False
        routes = getattr(route, "routes", None) or [route]
        best = max(routes, key=lambda r: self.gnr_revenue(stops if r is route else r.stops))
        return best is route

    def convert_potential_metro(self, hex_: Any) -> None:
        """A potential metropolis becomes one: its metropolis tile is laid."""
        self.active_metropolis_hexes.append(hex_)
        name, rotation = data.METROPOLIS_TILE_FOR_HEX[hex_.id]
        tile = next(t for t in self.tiles if t.name == name)
        tile.rotate(rotation)
        hex_.lay(tile)
        if not self.round_counter:
            hex_.original_tile = tile  # laid at set-up: the hex starts with it
        self.tiles.remove(tile)
        if hex_.id == "E11":
            self.metro_denver = True
        elif hex_.id == "I19":
            self.metro_new_orleans = True
        self.graph.clear()

    def remove_unused_metropolis_tiles(self) -> None:
        """The metropolis tiles of the potential metropolises not drawn leave the supply."""
        labels = set()
        for hex_id in data.POTENTIAL_METROPOLIS_HEXES:
            hex_ = self.hex_by_id(hex_id)
            if hex_ in self.active_metropolis_hexes:
                continue
            name, _ = data.METROPOLIS_TILE_FOR_HEX[hex_id]
            labels.add(name)
        # the tiles sharing the starting tile's label are hidden (kept, not offered)
        from engine.titles.g18usa.subsidies import tile_label

        hidden = {tile_label(t) for t in self.tiles if t.name in labels}
        for tile in self.tiles:
            if tile_label(tile) in hidden and tile_label(tile):
                tile.hidden = True


__all__ = ["Game18USA"]
