"""18ZOO, all six maps: one family of rules, the maps as data (``maps.py``).

What changes from the engine's defaults:

* set-up: the powers are shuffled; the first four (six with five players) are drafted at the start, four more
  join on each of Monday, Tuesday and Wednesday's stock rounds (``available_companies``/``future_companies``,
  all shown from the start with "Powers visible"); each player gets ZOOTickets (companies worth 4$ rising to
  20$ through the days); the cousin (last) share of every family is sold only from Wednesday; "Base 2"/"Base 3"
  replace the map's centre;
* ``init_round``: the power draft (``PowerDraft``, reverse seat order, once round);
* the stock round: home track and bonus tracks after a par (9: +5$ and two yellow tiles, 12: +10$ and four),
  the "near family" rule with fewer than five players, stock-round powers (``choose_ability``), three powers per
  player; seats by cash ("Midas" first);
* three days of one stock round and two operating rounds (three on Wednesday), then the end;
* the score: cash, shares of started families and ZOOTickets (at 20$), less loan penalties.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.game import Game
from engine.services.companies import CompanyRules
from engine.services.corporations import CorporationRules
from engine.services.game_end import GameEndRules
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.steps.choices import Choice
from engine.steps.draft import DraftRound
from engine.titles.g18zoo import data
from engine.titles.g18zoo.maps import MAPS, MapSpec
from engine.titles.spec import SAME_CODE, TitleSpec

if TYPE_CHECKING:
    from engine.rounds.base import Round

TICKET_PREFIX = "ZOOTicket"
#: the tile colours in upgrade order, as the site lists them (a home tile must come later than the hex's)
TILE_COLOR_ORDER = ("white", "yellow", "green", "brown", "gray", "blue", "sepia", "greenbrown", "browngray",
                    "brownsepia", "none", "pink", "red", "purple", "orange")


class Setup18ZOO(ModelSetup):
    """The optional centre of the map; the powers shuffled, then each player's ZOOTickets."""

    def build(self) -> None:
        game: Any = self.game
        base = game.base_option()
        if base is not None:
            game.spec = replace(game.spec, hexes=_with_base(game.spec.hexes, base))
        super().build()
        for corporation in game.corporations:
            corporation.shares[-1].buyable = False

    def make_companies(self) -> list[Any]:
        from engine.model.entities import Company

        game: Any = self.game
        powers = game.rng.shuffle(super().make_companies())
        tickets = data.TICKETS[len(game.players)]
        for player in game.players:
            for i in range(1, tickets + 1):
                ticket = Company(sym=f"{TICKET_PREFIX} {i} - {player.name}", name=f"{TICKET_PREFIX} {i}", value=4,
                                 desc=data.TICKET_TEXT, abilities=[{"type": "no_buy"}])
                ticket.owner = player
                player.companies.append(ticket)
                powers.append(ticket)
            game.log(f"{player.name} got {tickets} ZOOTickets")
        for company in powers:
            company.min_price = 0
            company.max_price = company.value
        return list(powers)


def _yellow_revenue(stop: Any) -> int:
    revenue = getattr(stop, "revenue", 0)
    if isinstance(revenue, dict):
        return int(revenue.get("yellow", 0) or 0)
    return int(revenue or 0)


def _with_base(hexes: Any, base: dict[str, tuple[str, str]]) -> dict[str, dict[str, tuple[str, ...]]]:
    """The map with the optional centre's hexes replacing the printed ones: each a group of its own (its tile the
    first of its group, ``<hex>-0``, as the reference's ``optional_hexes`` makes it), after the colour's others."""
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for color, groups in hexes.items():
        kept = {code: tuple(h for h in ids if h not in base) for code, ids in groups.items()}
        out[color] = {code: ids for code, ids in kept.items() if ids}
    for hex_id, (code, color) in base.items():
        out.setdefault(color, {})[f"{code}{SAME_CODE}{hex_id}"] = (hex_id,)
    return out


class EndRules18ZOO(GameEndRules):
    """The fixed end: Wednesday's operating rounds are the last."""

    def condition(self, reason: str) -> bool:
        if reason == "fixed_round":
            return self.game.turn == 3
        return super().condition(reason)


class ShareRules18ZOO(ShareRules):
    """Sold out: every share held by players (the cousins count from Wednesday)."""

    def sold_out(self, corporation: Any) -> bool:
        full = 120 if self.game.turn == 3 else 100
        return bool(sum(corporation.player_share_holders().values()) == full)


class CorporationRules18ZOO(CorporationRules):
    """After a par: the home track (and bonus tracks) to lay, the treasury bonus, the near-family rule."""

    def after_par(self, corporation: Any) -> None:
        super().after_par(corporation)
        game: Any = self.game
        round_: Any = game.round
        round_.floated_corporation = corporation
        round_.available_tracks = ["5", "6", "57"]
        price = corporation.par_price.price
        if price == 9:
            game.bonus_after_par(corporation, 5, 2, ["14", "15", "619"])
        elif price == 12:
            game.bonus_after_par(corporation, 10, 4, ["14", "15", "619", "611"])
        game.near_families.after_par(corporation)

    def can_par(self, corporation: Any, parrer: Any) -> bool:
        game: Any = self.game
        return super().can_par(corporation, parrer) and game.near_families.available(corporation)


class CompanyRules18ZOO(CompanyRules):
    """A family buys powers from any player (not ZOOTickets), at most three."""

    def purchasable(self, entity: Any = None) -> list[Any]:
        found = super().purchasable(entity)
        if entity is not None and getattr(entity, "is_corporation", False) and len(entity.companies) >= 3:
            return []
        return found


class TrackRules18ZOO(TrackRules):
    """The home track of the stock round: one of the offered tiles, on the home hex, keeping its paths; the grey
    homes only on their family's home."""

    def upgrade_context(self) -> Any:
        round_ = self.game.round
        offered = getattr(round_, "available_tracks", None)
        return tuple(offered) if getattr(round_, "stock", False) and offered else None

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        game: Any = self.game
        for family in ("TI", "GI", "BB"):
            if new.name == f"{family}_455" and old.hex.id != game.home_of(family):
                return False
        round_ = game.round
        offered = getattr(round_, "available_tracks", None)
        if getattr(round_, "stock", False) and offered:
            colors = TILE_COLOR_ORDER
            if old.color not in colors or new.color not in colors:
                return False
            return (new.name in offered and colors.index(new.color) > colors.index(old.color)
                    and old.paths_are_subset_of(new.paths))
        return super().upgrades_to(old, new, special)

    def tile_lays(self, entity: Any) -> Any:
        round_: Any = self.game.round
        if not getattr(round_, "stock", False):
            return super().tile_lays(entity)
        if getattr(round_, "available_tracks", None):
            return [{"lay": True, "upgrade": True}]
        return [{"lay": True} for _ in range(getattr(round_, "bonus_tracks", 0))]


class NearFamilies:
    """With fewer than five players the families start in their order round the table (by name): the second
    either next to the first, the rest following on in the direction that second choice set."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.enforced = len(game.players) < 5
        self.purchasable: list[dict[str, str]] = [{"id": c.id} for c in game.corporations]
        self.direction: str | None = None

    def available(self, corporation: Any) -> bool:
        if not self.enforced:
            return True
        return bool(corporation.ipoed) or any(f["id"] == corporation.id for f in self.purchasable)

    def after_par(self, corporation: Any) -> None:
        if not self.enforced:
            return
        game = self.game
        ordered = sorted(game.corporations, key=lambda c: c.full_name) * 2
        ipoed = sum(1 for c in game.corporations if c.ipoed)
        if ipoed == 1:
            start = next(i for i, c in enumerate(ordered) if c is corporation)
            following = next(c for c in ordered[start:] if not c.ipoed)
            back = ordered[::-1]
            start_back = next(i for i, c in enumerate(back) if c is corporation)
            previous = next(c for c in back[start_back:] if not c.ipoed)
            self.purchasable = [{"direction": "next", "id": following.id},
                                {"direction": "reverse", "id": previous.id}]
            game.log(f"Near family rule: next choice is either {previous.full_name} or {following.full_name} (choosing one "
                     "excludes the other one)")
            return
        if ipoed == 2:
            self.direction = next(f.get("direction") for f in self.purchasable if f["id"] == corporation.id)
        order = ordered[::-1] if self.direction == "reverse" else ordered
        start = next(i for i, c in enumerate(order) if c is corporation)
        following = next((c for c in order[start:] if not c.ipoed), None)
        if following is not None:
            self.purchasable = [{"id": following.id}]
            game.log(f"Near family rule: {following.full_name} is now available")


class Game18ZOO(Game):
    """The rules every map shares; a map's game class names its ``MAP``."""

    MAP: ClassVar[MapSpec]
    TITLE: ClassVar[TitleSpec]
    SETUP: ClassVar[type[ModelSetup]] = Setup18ZOO
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules18ZOO
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules18ZOO
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules18ZOO
    END_RULES: ClassVar[type[GameEndRules]] = EndRules18ZOO
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules18ZOO

    # --- set-up ------------------------------------------------------------------------------------------
    def base_option(self) -> dict[str, tuple[str, str]] | None:
        if "base_3" in self.optional_rules:
            return dict(self.MAP.base_3)
        if "base_2" in self.optional_rules:
            return dict(self.MAP.base_2)
        return None

    def home_of(self, family: str) -> str | None:
        return self.MAP.homes.get(family)

    def setup(self) -> None:
        super().setup()
        self.operating_rounds = 2
        self.holes: list[Any] = []
        self.near_families = NearFamilies(self)
        powers = [c for c in self.companies if not self.is_ticket(c)]
        draw = 6 if len(self.players) == 5 else 4
        self.power_decks = [powers[:draw], powers[draw:draw + 4], powers[draw + 4:draw + 8],
                            powers[draw + 8:draw + 12]]
        self.available_companies: list[Any] = list(self.power_decks[0])
        self.all_powers_visible = "power_visible" in self.optional_rules
        if self.all_powers_visible:
            self.log("All powers visible in the future deck")
            self.future_companies: list[Any] = [c for deck in self.power_decks[1:] for c in deck]
        else:
            self.future_companies = list(self.power_decks[1])
        self.ticket_value = data.TICKET_VALUES[1][0]
        self.first_train_of_new_phase = False
        self.train_with_bandage: Any = None

    def init_round(self) -> Round:
        from engine.titles.g18zoo.steps import PowerDraft

        return DraftRound(self, [PowerDraft], order="reverse")

    @staticmethod
    def is_ticket(company: Any) -> bool:
        return str(company.name).startswith(TICKET_PREFIX)

    def power(self, sym: str) -> Any:
        return self.company_by_id(sym)

    # --- rounds ------------------------------------------------------------------------------------------
    def stock_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18zoo.patch import TrainProtection
        from engine.titles.g18zoo.steps import BonusTracks, HomeTrack, ZooBuySellParShares

        return [DiscardTrain, HomeTrack, BonusTracks, TrainProtection, ZooBuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18zoo.patch import TrainProtection
        from engine.titles.g18zoo.steps import (
            BuyOrUsePowerOnOr,
            ZooAssign,
            ZooBuyCompany,
            ZooBuyTrain,
            ZooDividend,
            ZooRoute,
            ZooSpecialToken,
            ZooSpecialTrack,
            ZooToken,
            ZooTrack,
        )

        return [ZooAssign, ZooSpecialTrack, ZooSpecialToken, TrainProtection, BuyOrUsePowerOnOr, ZooBuyCompany, ZooTrack, ZooToken, ZooRoute,
                ZooDividend, DiscardTrain, ZooBuyTrain, (BuyOrUsePowerOnOr, {"blocks": True})]

    # --- the market --------------------------------------------------------------------------------------
    def threshold(self, corporation: Any) -> int:
        row, column = corporation.share_price.coordinates
        return data.THRESHOLDS[row][column]

    def gain_per_share(self, share_price: Any) -> int:
        row, column = share_price.coordinates
        return data.GAINS[row][column]

    def president_bonus(self, share_price: Any) -> int:
        row, column = share_price.coordinates
        if row > 0 or column >= len(data.OWNER_GAINS):
            return 0
        return data.OWNER_GAINS[column]

    def share_price_after_run(self, corporation: Any, revenue: int) -> Any:
        if revenue < self.threshold(corporation):
            return corporation.share_price
        row, column = corporation.share_price.coordinates
        direction = "right" if column + 1 < len(self.stock_market.market[row]) else "up"
        return self.stock_market.find_share_price(corporation, direction)

    def tickets_value(self, entity: Any) -> int:
        """What the ZOOTickets of a player (a family's president) are worth now."""
        holder = entity if getattr(entity, "is_player", False) else getattr(entity, "owner", None)
        if holder is None or not getattr(holder, "is_player", False):
            return 0
        return sum(int(c.value) for c in holder.companies if self.is_ticket(c))

    # --- routes ------------------------------------------------------------------------------------------
    def check_distance(self, route: Any, visits: Any) -> None:
        """S trains count cities and paying off-boards (towns are free); J trains count towns too; a 1S ("Patch")
        one city; every other train needs two; "A tip of sugar" gives one more stop to a non-J train."""
        name = route.train.name
        j_train = name in ("4J", "2J")
        counted = self.stops_counted(route, visits, j_train)
        if name == "1S":
            if counted > 1:
                raise IllegalAction(f'Train with "Patch" cannot visit {counted} stops')
            return
        if counted < 2:
            raise IllegalAction("Water and external gray don't count as city/offboard.")
        distance = int(route.train.distance) if isinstance(route.train.distance, int) else 0
        sugar = self.power("A_TIP_OF_SUGAR")
        if not j_train and sugar.owner is not None and sugar.owner is route.train.owner:
            distance += 1
        if distance < counted:
            raise IllegalAction(f"{counted} is too many stops for {name}")

    def revenue_for(self, route: Any, stops: Any) -> int:
        """The stops' revenue; +30 (x the train's multiplier) with "Wheat" on a stop of its family; +10 per town
        while "Two barrels" is in use."""
        from engine.map.route import base_revenue_for

        revenue = base_revenue_for(route, stops)
        corporation = route.corporation
        assigned = getattr(corporation, "assignments", None) or {}
        if "WHEAT" in assigned and any(s.hex is not None and s.hex.assigned("WHEAT") for s in stops):
            revenue += 30 * int(route.train.multiplier or 1)
        if "BARREL" in assigned:
            revenue += 10 * sum(1 for s in stops if s.tile is not None and s.tile.towns)
        if self.through_hole(route):
            offboard = self.holes[0].tile.offboards[0]
            revenue += int(offboard.route_revenue(route.phase.tiles, route.train.name))
        for city in self.skipped_cities(route):
            revenue -= int(city.hex.tile.cities[0].route_revenue(route.phase.tiles, route.train.name))
        return int(revenue)

    def subsidy_for(self, route: Any, stops: Any) -> int:
        """1$ to the family for each O (town) a route runs to."""
        return sum(1 for s in stops if s.tile is not None and s.tile.towns)

    def routes_subsidy(self, routes: list[Any]) -> int:
        """No subsidy while "Two barrels" is in use; "A squeeze" adds 3$ to a subsidy.  Both are asked of the
        first train's owner as the dividend is paid (as the site does: a 1S whose Patch came off after the run
        has no owner, so no family's barrels apply -- and "A squeeze" does when nobody owns it either)."""
        if not routes:
            return 0
        entity = routes[0].train.owner
        if "BARREL" in (getattr(entity, "assignments", None) or {}):
            return 0
        subsidy = sum(r.subsidy if r.subsidy is not None else self.subsidy_for(r, r.stops) for r in routes)
        if self.power("A_SQUEEZE").owner is entity and subsidy > 0:
            subsidy += 3
        return int(subsidy)

    def hole_target(self, hex_: Any) -> bool:
        """An R area the "Hole" may mark (not one the optional centre put there)."""
        if str(hex_.tile.label or "") != "R":
            return False
        base = self.base_option() or {}
        return hex_.id not in base

    def assign_hole(self, company: Any, hex_: Any) -> None:
        """The second R area marked: the edge track between the two is laid (red), and the map reconnected."""
        from engine.map.hexes import connect_hexes
        from engine.map.tile import Tile

        self.holes.append(hex_)
        if list(company.all_abilities()):
            return
        key = "-".join(sorted(h.id for h in self.holes))
        edge_hexes, extra = self.MAP.hole.pairs[key]
        lays = [(code, hex_id) for code, hex_ids in extra for hex_id in hex_ids]
        lays += [(code, hex_id) for code, hex_ids in self.MAP.hole.tiles for hex_id in hex_ids if hex_id in edge_hexes]
        for code, hex_id in lays:
            target = self.hex_by_id(hex_id)
            tile = Tile.from_code(hex_id, code, "red", index=0)
            target.lay(tile)
            self.register_tile(tile)
        self.graph.clear_graph_for_all()
        connect_hexes(self.hexes, impassable_colors=tuple(self.rules.impassable_hex_colors))

    def stops_counted(self, route: Any, visits: Any, j_train: bool) -> int:
        """The stops a train's distance counts: cities, paying off-boards, towns for J trains; a passage through
        the Hole counts one; a tokened-out city run through with "Wings" none."""
        counted = 0
        for visit in visits:
            if visit.is_city or (visit.is_town and j_train) or (visit.is_offboard and _yellow_revenue(visit) > 0):
                counted += 1
        if self.through_hole(route):
            counted += 1
        return counted - len(self.skipped_cities(route))

    def skipped_cities(self, route: Any) -> list[Any]:
        """Tokened-out cities inside a route (run through with "Wings")."""
        visits = route.visited_stops
        if len(visits) <= 2:
            return []
        return [n for n in visits[1:-1] if n.is_city and n.blocks(route.corporation)]

    def through_hole(self, route: Any) -> bool:
        if len(self.holes) < 2:
            return False
        hexes = {h.id for h in route.all_hexes()}
        stops = {s.hex.id for s in route.visited_stops if s.hex is not None}
        holes = {h.id for h in self.holes}
        return len(holes & hexes) == 2 and not holes & stops

    def check_connected(self, route: Any) -> None:
        """No path check (tracks always join); a tokened-out city only with "Wings", one city by one train; "A
        tip of sugar" for one train only."""
        corporation = route.corporation
        blocked_by: int | None = None
        sugar_train = None
        sugar = self.power("A_TIP_OF_SUGAR")
        for index, current in enumerate(route.routes):
            for node in self.skipped_cities(current):
                if "WINGS" not in (getattr(current.train.owner, "assignments", None) or {}):
                    raise IllegalAction("Route is not connected")
                tokens = [t for t in node.tokens if t is not None]
                if node.all_slots() == 1 and tokens and tokens[0].type == "blocking":
                    raise IllegalAction("City with only 'Work in progress' slot cannot be bypassed")
                if blocked_by is not None and blocked_by != index:
                    raise IllegalAction("Only one train can bypass a tokened-out city")
                if blocked_by is not None:
                    raise IllegalAction("Route can only bypass one tokened-out city")
                blocked_by = index
            train = current.train
            if train.name in ("1S", "4J", "2J") or sugar.owner is None or train.owner is not sugar.owner:
                continue
            if isinstance(train.distance, int) and train.distance < self.stops_counted(
                    current, current.visited_stops, False):
                if sugar_train is not None:
                    raise IllegalAction('Only one train can use "A tip of sugar"')
                sugar_train = train
        del corporation

    def can_use_patch(self, entity: Any) -> bool:
        from engine.titles.g18zoo import patch

        return patch.can_use(self, entity)

    def reorder_players(self) -> None:
        if isinstance(self.round, DraftRound):
            return
        seats = {id(p): i for i, p in enumerate(self.players)}
        midas = self.power("MIDAS")
        first = midas.owner if self.midas_active() else None
        self.players = sorted(self.players, key=lambda p: (-1 if p is first else 0, -p.cash, seats[id(p)]))
        self.log("Priority order: " + ", ".join(p.name for p in self.players))

    def new_stock_round(self) -> Round:
        from engine.rounds.stock import StockRound

        self.log(f"-- {self.day()} Stock Round --")
        self.round_counter += 1
        round_ = StockRound18ZOO(self, self.stock_round_steps())
        self.operating_rounds = 3 if self.turn == 3 else 2
        self.update_ticket_values(self.turn, 0)
        if self.turn == 3:
            self.log("Cousins join families.")
            for corporation in self.corporations:
                corporation.shares[-1].buyable = True
        for turn in (1, 2, 3):
            if self.turn != turn:
                continue
            joining = self.power_decks[turn]
            for company in joining:
                if company not in self.available_companies:
                    self.available_companies.append(company)
            self.future_companies = [c for c in self.future_companies if c not in joining]
            following = self.power_decks[turn + 1] if turn + 1 < len(self.power_decks) else None
            if not self.all_powers_visible and following:
                names = ", ".join(f'"{c.name}"' for c in following)
                self.log(f"Powers {names} added to the future deck")
                self.future_companies.extend(following)
        pot = self.power("LEPRECHAUN_POT_OF_GOLD")
        if pot.owner is not None and getattr(pot.owner, "is_player", False) and not pot.closed:
            self.bank.spend(2, pot.owner)
            self.log(f"{pot.owner.name} earns {self.format_currency(2)} using '{pot.name}'")
        assert isinstance(round_, StockRound)
        return round_

    def new_operating_round(self, round_num: int = 1) -> Round:
        self.operating_rounds = 3 if self.turn == 3 else 2
        self.update_ticket_values(self.turn, round_num)
        midas = self.power("MIDAS")
        if self.midas_active():
            midas.close()
        self.log(f"-- {self.day()} Operating Round ({round_num} of {self.operating_rounds}) --")
        self.round_counter += 1
        return OperatingRound18ZOO(self, self.operating_round_steps(), round_num)

    def day(self) -> str:
        return {1: "Monday", 2: "Tuesday", 3: "Wednesday"}.get(self.turn, "")

    def update_ticket_values(self, turn: int, round_num: int) -> None:
        self.ticket_value = data.TICKET_VALUES[turn][round_num]
        for company in self.companies:
            if self.is_ticket(company):
                company.value = self.ticket_value
                company.min_price = 0
                company.max_price = company.value - 1

    def bonus_after_par(self, corporation: Any, money: int, tracks: int, tiles: list[str]) -> None:
        self.bank.spend(money, corporation)
        self.log(f"{corporation.name} earns {self.format_currency(money)} as treasury bonus")
        self.round.available_tracks.extend(tiles)  # type: ignore[attr-defined]
        self.round.bonus_tracks = tracks  # type: ignore[attr-defined]

    # --- powers ------------------------------------------------------------------------------------------
    def midas_active(self) -> bool:
        return any(a.type == "close" for a in self.power("MIDAS").all_abilities())

    def greek_active(self) -> bool:
        return any(a.type == "close" for a in self.power("IT_S_ALL_GREEK_TO_ME").all_abilities())

    def apply_custom_ability(self, company: Any) -> None:
        """What a power does as it is bought."""
        if company.id == "TOO_MUCH_RESPONSIBILITY":
            self.bank.spend(3, company.owner)
            self.log(f'{company.owner.name} earns {self.format_currency(3)} using "{company.name}"')
            company.close()
        elif company.id == "LEPRECHAUN_POT_OF_GOLD":
            self.bank.spend(2, company.owner)
            self.log(f'{company.owner.name} earns {self.format_currency(2)} using "{company.name}"')

    def ability_choices(self, step: Any, company: Any) -> list[Choice] | None:
        """The options of a power or a ZOOTicket in ``step`` (the general ``choose_ability`` hook)."""
        from engine.titles.g18zoo.powers import choices_for

        return choices_for(self, step, company)

    def ability_chosen(self, step: Any, company: Any, choice: Any) -> None:
        from engine.titles.g18zoo.powers import carry_out

        carry_out(self, step, company, choice)

    # --- the end -----------------------------------------------------------------------------------------
    def player_value(self, player: Any) -> int:
        shares = sum(s.price for s in player.shares if s.corporation.ipoed)
        tickets = sum(c.value for c in player.companies if self.is_ticket(c))
        return int(player.cash + shares + tickets - player.penalty)

    def end_game(self, reason: str) -> None:
        if not self.finished:
            self.update_ticket_values(4, 0)
        super().end_game(reason)


from engine.rounds.operating import OperatingRound  # noqa: E402
from engine.rounds.stock import StockRound  # noqa: E402


class OperatingRound18ZOO(OperatingRound):
    """Each family earns 2$ per certificate of its own in the market as the round starts; a train bought with
    "Whatsup" sits out the family's next turn."""

    def start_operating(self) -> None:
        entity = self.entities[self.entity_index] if 0 <= self.entity_index < len(self.entities) else None
        if entity is not None and not self.skip_entity(entity):
            for ability in list(entity.all_abilities()):
                if ability.type != "disable_train":
                    continue
                if ability.extra.get("used_once"):
                    entity.remove_ability(ability)
                else:
                    self.game.train_by_id(ability.extra["train"]).operated = True
                    ability.extra["used_once"] = True
        super().start_operating()

    def after_setup(self) -> None:
        game = self.game
        for corporation in game.corporations:
            count = corporation.num_market_shares() if corporation.floated else 0
            if count:
                amount = count * 2
                game.bank.spend(amount, corporation, check_positive=False)
                game.log(f"{corporation.name} earns {game.format_currency(amount)} ({count} certs in the Market)")
        super().after_setup()


class StockRound18ZOO(StockRound):
    """"It's all greek to me": its owner plays again after the turn, once."""

    def next_entity_index(self) -> None:
        game: Any = self.game
        if game.greek_active():
            greek = game.power("IT_S_ALL_GREEK_TO_ME")
            game.log(f'{greek.owner.name} plays again. "It\u2019s all greek to me" is closed.')
            greek.close()
            return
        super().next_entity_index()


def _map_game(letter: str) -> type[Game18ZOO]:
    zoo_map = MAPS[letter]
    return type(f"Game18ZOOMap{letter}", (Game18ZOO,), {"MAP": zoo_map, "TITLE": data.title_for(zoo_map),
                                                      "__module__": __name__})


Game18ZOOMapA = _map_game("A")
Game18ZOOMapB = _map_game("B")
Game18ZOOMapC = _map_game("C")
Game18ZOOMapD = _map_game("D")
Game18ZOOMapE = _map_game("E")
Game18ZOOMapF = _map_game("F")

__all__ = ["Game18ZOO", "Game18ZOOMapA", "Game18ZOOMapB", "Game18ZOOMapC", "Game18ZOOMapD", "Game18ZOOMapE",
           "Game18ZOOMapF"]


class TrainRules18ZOO(TrainRules):
    """Train events: the first train of a new kind bought in an operating round moves its buyer's mark (see
    ``ZooBuyTrain``); the first 4J/2J rusts its buyer's own 3S Long and 4S at once."""

    def can_run_route(self, entity: Any) -> bool:
        """A family with the 1S ("Patch") runs it even where the graph sees no route."""
        return any(t.name == "1S" for t in entity.trains) or super().can_run_route(entity)

    def rusts(self, train: Any, purchased: Any) -> bool:
        from engine.titles.g18zoo import patch

        if purchased is not None and not train.rusts_by(purchased, self.game.depot.discarded):
            return False
        return patch.may_rust(self.game, train)

    def rust(self, train: Any) -> None:
        from engine.titles.g18zoo import patch

        if patch.may_remove(self.game, train):
            super().rust(train)

    def event_new_train(self) -> None:
        game: Any = self.game
        if isinstance(game.round, OperatingRound):
            game.first_train_of_new_phase = True

    def event_rust_own_3s_4s(self) -> None:
        game: Any = self.game
        entity = game.round.current_entity()
        if entity is None or not getattr(entity, "is_corporation", False):
            return
        for train in entity.trains:
            if train.obsolete:
                train.rusts_on = "4J"
        self.rust_trains(game.train_by_id("4J-0"), None)


Game18ZOO.TRAIN_RULES = TrainRules18ZOO
