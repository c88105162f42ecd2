"""18Rhl: the behaviours of the title that are not data.

* ``SETUP``: the facts of the chosen optional rules (``data.title_for``); KEG's 3rd and 4th certificates are
  double (20%) ones; the lower starting capital.
* ``setup``: the coal (K) and steel (S) markers of the Eastern Ruhr off-boards, one more coal mine and one more
  steel mill drawn from the game's generator.
* Capital (``CORPORATION_RULES.float_corporation``): before phase 5 a corporation floats with the par price of
  the shares sold from its IPO (5, KEG 6), becomes incremental and moves up one step at the end of the stock
  round; from phase 5 it floats with full capital and its unsold shares go to the market.  RhE is parred
  through private No. 6: three of its shares go to the market, the winning bid is its treasury and three times
  its par is paid once Koeln and Aachen are linked via Dueren (``steps.RheBonusCheck``).
* Priority: the richest player (when one alone is) holds the priority deal and leads the stock round.
* Routes (``revenue_for``, ``check_route``): towns are free, a route may not end in a town; the Montan bonus
  (coal and steel), the Eastern Ruhr links, the Iron Rhine (Roermond with the Eastern Ruhr), the Rheingold
  Express (8-train between RGE off-boards: Rhine metropolises count double, at most 8 stops pay), the Trajekt
  (-10 for crossing the Rhine in a green metropolis) and the out-tokened off-boards.
* Track (``TRACK_RULES.upgrades_to``): the Rhine metropolises', Moers', Aachen's, Essen's, Osterath's and the
  Ratingen variant's own upgrade paths, 3- and 4-spoke town tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import IllegalAction
from engine.game import Game
from engine.map.parts import Icon, Node
from engine.map.route import Route, stop_revenue
from engine.model.entities import Corporation
from engine.model.share_pool import SharePool
from engine.rounds.operating import OperatingRound
from engine.rounds.stock import StockRound
from engine.services.abilities import AbilityRules
from engine.services.corporations import CorporationRules
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.g18rhl.data import (
    AACHEN,
    BASEL_FRANKFURT,
    COLOGNE,
    DUREN,
    EASTERN_RUHR_HEXES,
    EASTERN_RUHR_LINKS,
    ESSEN,
    MOERS,
    NIMWEGEN_ARNHEIM,
    OSTERATH,
    OUT_TOKENED_HEXES,
    PROMOTION_TILES,
    PWB_HEX,
    RATINGEN_HEX,
    RATINGEN_VARIANT,
    RGE_HEXES,
    RHINE_METROPOLIS_HEXES,
    ROERMOND,
    TITLE,
    title_for,
)
from engine.titles.spec import TitleSpec

#: the variable coal mine and steel mill by the set-up draw (1..9)
VARIABLE_COAL_MINE = {1: "J3", 7: "J3", 2: "K4", 3: "D9", 4: "D9", 5: "C12", 6: "C12", 8: "D11", 9: "D11"}
VARIABLE_STEEL_MILL = {1: "E6", 3: "E6", 5: "E6", 8: "E6", 2: "D9", 6: "D9", 9: "D9", 4: "D13", 7: "D13"}
#: the city a home token takes on a green Rhine metropolis (0: west bank, 1: east bank)
GREEN_METROPOLIS_HOME_CITY = {"CCE": 0, "CME": 1, "DEE": 1, "RhE": 0}
#: the shares (of ten) whose par price a corporation floating before phase 5 receives
FLOAT_SHARES = {"KEG": 6}
DEFAULT_FLOAT_SHARES = 5

#: the upgrades of the 3- and 4-spoke town tiles
UPGRADES_FROM = {"3": ("141", "142", "143"), "4": ("141", "142"), "58": ("141", "142", "143", "144")}
FOUR_SPOKE_UPGRADES = {"1": "88", "55": "88", "2": "87", "56": "87", "69": "204"}
#: the brown tile of each green Rhine metropolis
METROPOLIS_BROWN = {"F9": "927", "I10": "928", "D9": "929"}
OSTERATH_TILE = "935"


#: the Eastern Ruhr city (by its edge) that counts as a coal mine or a steel mill
RESOURCE_EDGES = {"K": {"C14": 1, "D15": 0}, "S": {"C14": 0, "D15": 1}}
#: the Montan bonus before and from phase 5 (doubled for two coal and two steel)
MONTAN_BONUS = (20, 40)
EASTERN_RUHR_LINK_BONUS = 10
IRON_RHINE_BONUS = 80
RATINGEN_BONUS = 30
TRAJEKT_COST = 10
RGE_PAYING_STOPS = 8
RGE_TRAIN = "8"


@dataclass(slots=True)
class RevenueStop:
    stop: Node
    revenue: int


def is_rge(route: Route) -> bool:
    """Is the train the Rheingold Express (the 8-train)?"""
    return bool(route.train.name == RGE_TRAIN)


def rge_terminus(stop: Node | None) -> bool:
    return stop is not None and stop.hex is not None and stop.hex.id in RGE_HEXES


def rge_bonus_route(route: Route, rge: bool) -> bool:
    """Does the Rheingold Express run between two RGE off-boards (the metropolises pay double)?"""
    if not rge:
        return False
    stops = route.visited_stops
    return bool(stops) and rge_terminus(stops[0]) and rge_terminus(stops[-1])


class SharePool18Rhl(SharePool):
    def shares_for_presidency_swap(self, shares: list[Any], num_shares: int) -> list[Any]:
        """KEG's new president gives back a double certificate when it has one (unless it has more than two
        certificates, then two single ones)."""
        double = next((s for s in shares if s.double_cert), None)
        if double is None:
            return super().shares_for_presidency_swap(shares, num_shares)
        if len(shares) <= num_shares:
            return [double]
        return super().shares_for_presidency_swap([s for s in shares if s is not double], num_shares)


class Setup18Rhl(ModelSetup):
    def make_share_pool(self) -> Any:
        game = self.game
        rules = game.rules
        return SharePool18Rhl(
            game, market_share_limit=rules.market_share_limit,
            sold_shares_destination=rules.sold_shares_destination,
            allow_president_sale=rules.president_sales_to_market,
            buy_share_from_other_player=rules.buy_share_from_other_player,
            corporate_buy_share_allow_buy_from_president=rules.corporate_buy_share_allow_buy_from_president)

    def build(self) -> None:
        game = self.game
        game.spec = title_for(list(game.optional_rules))
        super().build()
        keg = next(c for c in game.corporations if c.id == "KEG")
        keg.shares[2].double_cert = True
        keg.shares[3].double_cert = True


class CorporationRules18Rhl(CorporationRules):
    def float_corporation(self, corporation: Any) -> None:
        game = self.game
        assert isinstance(game, Game18Rhl)
        if game.brown_phase():
            super().float_corporation(corporation)
            game.log("Move remaining IPO shares to market")
            for share in list(corporation.shares_of(corporation)):
                game.share_pool.transfer_shares(share.to_bundle(), game.share_pool, price=0,
                                                allow_president_change=False)
            return
        game.log(f"{corporation.name} floats")
        if corporation.id == "RhE":
            game.rhe_link_bonus = corporation.par_price.price * 3
            game.log(f"{corporation.name} will receive {game.format_currency(game.rhe_link_bonus)} when there is "
                     "a link from Köln to Aachen via Düren (KDA link)")
        else:
            shares = FLOAT_SHARES.get(corporation.id, DEFAULT_FLOAT_SHARES)
            game.bank.spend(corporation.par_price.price * shares, corporation)
            game.log(f"{corporation.name} receives {game.format_currency(corporation.cash)}")
        corporation.capitalization = "incremental"
        game.newly_floated.append(corporation)

    def after_par(self, corporation: Any) -> None:
        game = self.game
        assert isinstance(game, Game18Rhl)
        # (none of the general rules: RhE's capital is the winning bid, paid here, and private No. 6 closes)
        if corporation.id != "RhE":
            return
        game.bank.spend(game.rhe_winning_bid, corporation)
        game.log(f"{corporation.name} receives the winning bid of {game.format_currency(game.rhe_winning_bid)}")
        company = game.company_by_id("RhE")
        if company is not None and not company.closed:
            company.close()
            game.log(f"{company.name} closes")


class AbilityRules18Rhl(AbilityRules):
    def hex_blocked(self, entity: Any, ability: Any, hex_: Any) -> bool:
        """Private No. 1 (E14, or E12 in the Ratingen variant) never blocks its owner's corporations."""
        game = self.game
        if hex_.id in (PWB_HEX, RATINGEN_HEX) and game.entity_player(entity) is game.entity_player(ability.owner) \
                and game.entity_player(entity) is not None:
            return False
        return super().hex_blocked(entity, ability, hex_)


class TrainRules18Rhl(TrainRules):
    def event_remove_tile_block(self) -> None:
        """Ratingen variant, the first 3-train: E12 may take its yellow tile."""
        game = self.game
        game.log(f"Hex {RATINGEN_HEX} is now possible to upgrade to yellow")
        tile = game.hex_by_id(RATINGEN_HEX).tile
        tile.icons[:] = [i for i in tile.icons if i.name != "green_hex"]


class ShareRules18Rhl(ShareRules):
    def finish_stock_round(self, round_: Any) -> None:
        game = self.game
        assert isinstance(game, Game18Rhl)
        game.raise_newly_floated()
        super().finish_stock_round(round_)


class TrackRules18Rhl(TrackRules):
    def place_home_token(self, corporation: Any) -> None:
        """The Rhine metropolis homes: the corporation's city on yellow, its bank on green, the one city later;
        CCE has two homes."""
        game = self.game
        if corporation.id not in GREEN_METROPOLIS_HOME_CITY:
            super().place_home_token(corporation)
            return
        if corporation.tokens and corporation.tokens[0].used:
            return
        coords = corporation.coordinates
        for coord in (list(coords) if isinstance(coords, list | tuple) else [coords]):
            cities = game.hex_by_id(coord).tile.cities
            if len(cities) == 3:
                index = corporation.city if isinstance(corporation.city, int) else 0
            elif len(cities) == 2:
                index = GREEN_METROPOLIS_HOME_CITY[corporation.id]
            else:
                index = 0
            token = corporation.next_token()
            cities[index].place_token(corporation, token, free=True)
            game.log(f"{corporation.name} places a token on {coord}")
        if isinstance(coords, list | tuple):
            corporation.coordinates = coords[0]
        game.graph.clear()

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        game = self.game
        assert isinstance(game, Game18Rhl)
        hex_id = old.hex.id if old.hex is not None else None
        name: str = new.name
        if old.name == OSTERATH_TILE or (name == OSTERATH_TILE and game.brown_phase()):
            return False
        if hex_id == OSTERATH and name == OSTERATH_TILE and special:
            return True
        if hex_id in RHINE_METROPOLIS_HEXES and old.color == "yellow" and old.label != new.label:
            return False  # (private No. 4's teleport offers only the metropolis's own green tiles)
        if old.color == "green" and hex_id in METROPOLIS_BROWN:
            return name == METROPOLIS_BROWN[hex_id]
        if hex_id == MOERS:
            if old.color == "green":
                return name == "947"
            if old.color == "brown":
                return name == "950"
        if old.name in UPGRADES_FROM:
            return name in UPGRADES_FROM[old.name]
        if old.name in ("141", "142", "143", "144"):
            return False
        if old.name in FOUR_SPOKE_UPGRADES:
            return name == FOUR_SPOKE_UPGRADES[old.name]
        if PROMOTION_TILES in game.optional_rules:
            if old.color == "brown":
                if old.name == "216" and hex_id == ESSEN:
                    return name == "Essen"
                if hex_id in ("F9", "I10"):
                    return name == "932V"
                if hex_id == "D9":
                    return name == "949"
        elif old.color == "brown" and hex_id in RHINE_METROPOLIS_HEXES:
            return name == "932"
        if RATINGEN_VARIANT in game.optional_rules:
            if hex_id == "E10":
                if old.color == "white":
                    return name == "1910"
                if old.color == "yellow":
                    return name == "1911"
                return False
            if hex_id == RATINGEN_HEX and game.phase.name == "2":
                return False  # E12 waits for the green phase
        return super().upgrades_to(old, new, special)


class OperatingRound18Rhl(OperatingRound):
    teleport_ability: Any = None

    def start_operating(self) -> None:
        super().start_operating()
        if self.finished():
            return
        game = self.game
        assert isinstance(game, Game18Rhl)
        game.update_metropolis_token_blocking(self.current_operator)


class Game18Rhl(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = Setup18Rhl
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules18Rhl
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules18Rhl
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules18Rhl
    ABILITY_RULES: ClassVar[type[AbilityRules]] = AbilityRules18Rhl
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules18Rhl
    #: the link check after a lay acts by itself in live play (``engine.programs.auto_actions``)
    STEP_AUTO_ACTIONS: ClassVar[bool] = True

    def setup(self) -> None:
        self.rhe_link_bonus = 0
        self.rhe_winning_bid = 0
        self.eastern_ruhr_connections: list[tuple[str, int]] = []
        self.newly_floated: list[Any] = []
        self.rhe_market_rise_applied = False
        draw = (self.rng.rand() % 9) + 1
        moers_brown = next(t for t in self.tiles if t.name == "947")
        moers_brown.icons.append(self._icon("K", moers_brown))
        self.coal = self._resource("K", "Coal", (("C14", 1), ("D15", 0)))
        mine = self.hex_by_id(VARIABLE_COAL_MINE[draw])
        mine.tile.icons.append(self._icon("K", mine.tile))
        self.log(f"Variable coal mine added to {mine.id}")
        self.steel = self._resource("S", "Steel", (("C14", 0), ("D15", 1)))
        mill = self.hex_by_id(VARIABLE_STEEL_MILL[draw])
        mill.tile.icons.append(self._icon("S", mill.tile))
        self.log(f"Variable steel mill added to {mill.id}")

    @staticmethod
    def _icon(name: str, tile: Any) -> Icon:
        icon = Icon(name, f"../logos/18_rhl/{name}", sticky=True)
        icon.tile = tile
        return icon

    def _resource(self, sym: str, name: str, places: Sequence[tuple[str, int]]) -> Any:
        """A marker 'corporation' (coal or steel) with free tokens in the Eastern Ruhr off-boards."""
        marker = Corporation(sym, name, [0, 0, 0, 0], color="black", text_color="white")
        marker.owner = self.bank
        for hex_id, city in places:
            self.hex_by_id(hex_id).tile.cities[city].place_token(marker, marker.next_token(), free=True)
        return marker

    def brown_phase(self) -> bool:
        return int(self.phase.name) >= 5

    # --- rounds ---------------------------------------------------------------------------------------
    def auction_round_steps(self) -> list[Any]:
        from engine.steps.auction import WaterfallAuction
        from engine.titles.g18rhl.steps import CompanyPendingPar18Rhl

        return [CompanyPendingPar18Rhl, WaterfallAuction]

    def stock_round_steps(self) -> list[Any]:
        """(Asked once as each stock round begins: the corporations floated in it are counted from here.)"""
        self.newly_floated = []
        rhe = self.corporation_by_id("RhE")
        if not self.rhe_market_rise_applied and rhe.floated:
            # RhE floats by the private's purchase, not in a stock round: it rises at the end of the first one
            self.rhe_market_rise_applied = True
            self.newly_floated.append(rhe)
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18rhl.steps import BuySellParShares18Rhl

        return [DiscardTrain, BuySellParShares18Rhl]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.home_token import HomeToken
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18rhl.steps import (
            Bankrupt18Rhl,
            BuyTrain18Rhl,
            Dividend18Rhl,
            RheBonusCheck,
            Route18Rhl,
            SpecialToken18Rhl,
            SpecialTrack18Rhl,
            Token18Rhl,
            Track18Rhl,
        )

        return [Bankrupt18Rhl, HomeToken, SpecialTrack18Rhl, SpecialToken18Rhl, Track18Rhl, RheBonusCheck,
                Token18Rhl, Route18Rhl, Dividend18Rhl, DiscardTrain, BuyTrain18Rhl]

    def raise_newly_floated(self) -> None:
        """At the end of a stock round, the corporations floated in it before phase 5 move up one step."""
        for corporation in self.newly_floated:
            old = corporation.share_price
            self.stock_market.move_up(corporation)
            if old.price != corporation.share_price.price:
                self.log(f"The share price of the newly floated {corporation.name} increases")
            self.share_rules.log_share_price(corporation, old)
        self.newly_floated = []

    def new_operating_round(self, round_num: int = 1) -> Any:
        self.log(f"-- Operating Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        self.round_counter += 1
        return OperatingRound18Rhl(self, self.operating_round_steps(), round_num)

    def or_round_finished(self) -> None:
        self.reset_token_blocking()
        super().or_round_finished()

    # --- track ------------------------------------------------------------------------------------------
    def legal_tile_rotation(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """Stubs must be used; the Ratingen variant's #1910 must use exactly the stubs of E10."""
        stubs = [stub.edge for stub in hex_.tile.stubs]
        if tile.name == "1910":
            return stubs == list(tile.exits)
        return not stubs or all(edge in tile.exits for edge in stubs)

    def eastern_ruhr_connection_check(self, hex_: Any) -> None:
        if len(self.eastern_ruhr_connections) == len(EASTERN_RUHR_LINKS):
            return
        for hex_id, edge in EASTERN_RUHR_LINKS:
            if hex_id != hex_.id or (hex_id, edge) in self.eastern_ruhr_connections:
                continue
            if edge in hex_.tile.exits:
                self.log("New link to Eastern Ruhr established")
                self.eastern_ruhr_connections.append((hex_id, edge))

    # --- tokens in the Rhine metropolises -----------------------------------------------------------------
    def reset_token_blocking(self) -> None:
        for corporation in self.corporations:
            for token in corporation.tokens:
                token.type = "normal"

    def update_metropolis_token_blocking(self, operator: Any) -> None:
        """A green metropolis blocks only when full, and never the corporation operating with a token there."""
        self.reset_token_blocking()
        for hex_id in RHINE_METROPOLIS_HEXES:
            tile = self.hex_by_id(hex_id).tile
            if tile.color != "green":
                continue
            tokens = [t for city in tile.cities for t in city.tokens if t is not None]
            if len(tokens) < 3:
                kind = "neutral"
            else:
                kind = "neutral" if any(t.corporation is operator for t in tokens) else "normal"
            for token in tokens:
                token.type = kind

    # --- priority ---------------------------------------------------------------------------------------
    def _richest(self) -> list[Any]:
        most = max(p.cash for p in self.players)
        return [p for p in self.players if p.cash == most]

    def priority_deal_player(self) -> Any:
        richest = self._richest()
        if isinstance(self.round, StockRound) and len(richest) == 1:
            return richest[0]
        return super().priority_deal_player()

    def next_sr_player_order(self) -> str:
        """The richest player leads; among several richest, the player after the last to act."""
        return "most_cash_keep_order" if len(self._richest()) == 1 else "after_last_to_act"

    # --- the score ---------------------------------------------------------------------------------------
    def player_value(self, player: Any) -> int:
        """Private companies count for nothing: they cannot be sold."""
        return int(player.value()) - sum(int(c.value) for c in player.companies)

    # --- the auction -------------------------------------------------------------------------------------
    def after_buy_company(self, player: Any, company: Any, price: int) -> None:
        """Private No. 6 brings RhE's president's certificate: three RhE shares go to the market and the
        winning bid will be RhE's treasury."""
        from engine.steps.auction import base_after_buy_company

        base_after_buy_company(self, player, company, price)
        if company.id != "RhE":
            return
        self.rhe_winning_bid = price
        rhe = self.corporation_by_id("RhE")
        self.log(f"Move 3 {rhe.name} 10% shares to market")
        for share in list(rhe.shares[1:4]):
            self.share_pool.transfer_shares(share.to_bundle(), self.share_pool, price=0,
                                            allow_president_change=False)

    def negative_cash_allowed(self, entity: Any) -> bool:
        """A corporation may owe the bank: the train bought for it at its president's bankruptcy (the debt
        stays in its treasury when a new president takes it out of receivership)."""
        return bool(getattr(entity, "is_corporation", False))

    # --- names ----------------------------------------------------------------------------------------------
    def ipo_name(self, entity: Any = None) -> str:
        if entity is None:
            return "I/T"
        return "Treasury" if getattr(entity, "capitalization", "full") == "incremental" else "IPO"

    # --- routes ---------------------------------------------------------------------------------------------
    def check_distance(self, route: Route, visits: Sequence[Node]) -> None:
        """18Rhl's route rules, then the train's distance counted on the stops that pay (a Trajekt crossing
        counts its metropolis once, the Rheingold Express does not count towns)."""
        first, last = visits[0], visits[-1]
        rge = is_rge(route)
        if len({h.id for h in route.all_hexes()}) == 1 and first.hex is not None \
                and first.hex.id in RHINE_METROPOLIS_HEXES:
            raise IllegalAction("Route cannot consist of only one Rhine metropolis")
        if rge:
            if not rge_terminus(first) and not rge_terminus(last):
                raise IllegalAction("Route for 8 trains must begin and/or end in an RGE hex")
            if any(v.hex is not None and v.hex.id not in RGE_HEXES and v.hex.tile.color == "red" for v in visits):
                raise IllegalAction("Route for 8 trains cannot include any off-board hexes besides the RGE ones")
        else:
            if first.is_town or last.is_town:
                raise IllegalAction("Route cannot begin/end in a town")
            corporation = route.corporation
            if self.out_tokened(first.hex, corporation) or self.out_tokened(last.hex, corporation):
                raise IllegalAction("Route to out-tokened off-board hex not allowed")
            for group, what in ((EASTERN_RUHR_HEXES, "Eastern Ruhr off-board hexes"),
                                (NIMWEGEN_ARNHEIM, "the Nimwegen and Arnheim off-board hexes"),
                                (BASEL_FRANKFURT, "the Basel and Frankfurt off-board hexes")):
                if sum(1 for v in visits if v.hex is not None and v.hex.id in group) > 1:
                    raise IllegalAction(f"A route cannot both begin and end at {what}")
        paying = [rs.stop for rs in self.revenue_stops(route, rge, rge_bonus_route(route, rge))]
        seen: dict[str, int] = {}
        for stop in paying:
            hex_ = stop.hex
            if hex_ is not None and hex_.id in RHINE_METROPOLIS_HEXES and hex_.tile.color == "green":
                seen[hex_.id] = seen.get(hex_.id, 0) + 1
                if seen[hex_.id] >= 2:
                    raise IllegalAction("Must use Trajekt for a revisiting route")
        route.check_distance(paying)

    def out_tokened(self, hex_: Any, corporation: Any) -> bool:
        if hex_ is None or hex_.id not in OUT_TOKENED_HEXES:
            return False
        cities = hex_.tile.cities
        if not cities or not any(t is not None for t in cities[0].tokens):
            return False
        return any(t is not None and t.corporation is not corporation for t in cities[0].tokens)

    def revenue_stops(self, route: Route, rge: bool, rge_bonus: bool) -> list[RevenueStop]:
        """The stops that pay, in running order, with what each pays: a Trajekt crossing (the metropolis
        twice in a row) pays its metropolis once, less 10; the Rheingold Express skips towns and doubles the
        metropolises when it runs between two RGE off-boards."""
        previous: str | None = None
        trajekts: list[str] = []
        kept: list[Node] = []
        for stop in route.visited_stops:
            name = stop.hex.id if stop.hex is not None else None
            if rge and stop.is_town:
                pass
            elif name == previous and name in RHINE_METROPOLIS_HEXES:
                trajekts.append(name)
            else:
                kept.append(stop)
            previous = name
        phase_tiles = route.phase.tiles
        result = []
        for stop in kept:
            hex_id = stop.hex.id if stop.hex is not None else ""
            revenue = stop_revenue(stop, phase_tiles, route.train)
            if hex_id in trajekts:
                revenue -= TRAJEKT_COST
            doubled = rge_bonus and hex_id in RHINE_METROPOLIS_HEXES
            if doubled:
                revenue *= 2
            result.append(RevenueStop(stop, revenue))
        return result

    def revenue_for(self, route: Route, stops: list[Node]) -> int:
        rge = is_rge(route)
        paying = self.revenue_stops(route, rge, rge_bonus_route(route, rge))
        if rge and len(paying) > RGE_PAYING_STOPS:
            paying = sorted(paying, key=lambda rs: rs.revenue)[-RGE_PAYING_STOPS:]
        revenue = sum(rs.revenue for rs in paying)
        if not rge:
            stops_paying = [rs.stop for rs in paying]
            revenue += self.montan_bonus(route, stops_paying) + self.eastern_ruhr_bonus(stops_paying)
            revenue += self.iron_rhine_bonus(stops_paying) + self.ratingen_bonus(route, stops_paying)
        return revenue

    def _icon_hexes(self, stops: Sequence[Node], name: str) -> int:
        hexes: list[str] = []
        for stop in stops:
            hex_ = stop.hex
            if hex_ is not None and any(i.name == name for i in hex_.tile.icons) and hex_.id not in hexes:
                hexes.append(hex_.id)
        return len(hexes)

    @staticmethod
    def _edge_used(route: Route, hex_id: str, edge: int) -> bool:
        return any(path.hex is not None and path.hex.id == hex_id and edge in path.exits
                   for chain in route.chains() for path in chain.paths)

    def _resource_count(self, route: Route, stops: Sequence[Node], name: str) -> int:
        count = self._icon_hexes(stops, name)
        for stop in stops:
            hex_id = stop.hex.id if stop.hex is not None else ""
            if hex_id in EASTERN_RUHR_HEXES and self._edge_used(route, hex_id, RESOURCE_EDGES[name][hex_id]):
                return count + 1
        return count

    def montan_bonus(self, route: Route, stops: Sequence[Node]) -> int:
        coal = self._resource_count(route, stops, "K")
        if coal == 0:
            return 0
        steel = self._resource_count(route, stops, "S")
        if steel == 0:
            return 0
        bonus = MONTAN_BONUS[1] if self.brown_phase() else MONTAN_BONUS[0]
        return bonus * 2 if coal > 1 and steel > 1 else bonus

    def eastern_ruhr_bonus(self, stops: Sequence[Node]) -> int:
        if not any(s.hex is not None and s.hex.id in EASTERN_RUHR_HEXES for s in stops):
            return 0
        return EASTERN_RUHR_LINK_BONUS * len(self.eastern_ruhr_connections)

    def iron_rhine_bonus(self, stops: Sequence[Node]) -> int:
        hexes = [s.hex.id for s in stops if s.hex is not None]
        if ROERMOND in hexes and any(h in EASTERN_RUHR_HEXES for h in hexes):
            return IRON_RHINE_BONUS
        return 0

    def ratingen_bonus(self, route: Route, stops: Sequence[Node]) -> int:
        if RATINGEN_VARIANT not in self.optional_rules:
            return 0
        if not any(s.hex is not None and s.hex.id == RATINGEN_HEX for s in stops):
            return 0
        return RATINGEN_BONUS if self._resource_count(route, stops, "S") else 0

    # --- the Koeln-Aachen link via Dueren --------------------------------------------------------------------
    def rhe_link_checkable(self) -> bool:
        return self.rhe_link_bonus > 0

    def rhe_link_established(self) -> bool:
        if not self.rhe_link_checkable():
            return False
        duren_node = self.hex_by_id(DUREN).tile.cities[0]
        to_aachen = to_cologne = False
        for corporation in self.corporations:
            if not corporation.operated():
                continue
            to_aachen = to_aachen or self._walks_through(corporation, AACHEN, duren_node)
            to_cologne = to_cologne or self._walks_through(corporation, COLOGNE, duren_node)
        return to_aachen and to_cologne

    def _walks_through(self, corporation: Any, hex_id: str, node: Any) -> bool:
        from engine.map.graph import walk_node

        nodes = self.hex_by_id(hex_id).tile.nodes
        if not nodes:
            return False
        found = [False]

        def visit(path: Any) -> bool:
            if any(n is node for n in path.nodes):
                found[0] = True
            return found[0]

        walk_node(nodes[0], visit, visited={}, corporation=corporation)
        return found[0]

    def pay_rhe_link_bonus(self) -> None:
        rhe = self.corporation_by_id("RhE")
        self.log("A link between Aachen and Köln, via Düren, has been established!")
        self.log(f"{rhe.name} adds {self.format_currency(self.rhe_link_bonus)} to its treasury")
        self.bank.spend(self.rhe_link_bonus, rhe)
        self.rhe_link_bonus = 0


__all__ = ["Game18Rhl"]
from engine.titles.g18rhl import moves as _moves  # noqa: E402,F401
