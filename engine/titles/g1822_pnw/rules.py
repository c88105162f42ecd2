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

from engine.model.entities import Company
from engine.model.token import Token
from engine.rounds.base import Round
from engine.rounds.operating import OperatingRound
from engine.services.companies import CompanyRules
from engine.services.corporations import CorporationRules
from engine.services.mergers import move_assets
from engine.services.rounds import RoundSequence
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.titles.family1822.rules import (
    CompanyRules1822,
    CorporationRules1822,
    Game1822Family,
    RoundSequence1822,
    Setup1822,
    ShareRules1822,
    TrackRules1822,
)
from engine.titles.g1822_pnw import data, starting_packet
from engine.titles.g1822_pnw.track import BuilderCubes
from engine.titles.spec import TitleSpec

#: associated minor -> the major it may become
MINOR_ASSOCIATIONS: dict[str, str] = {
    "1": "CPR",
    "5": "GNR",
    "7": "CMPS",
    "8": "SWW",
    "17": "SPS",
    "18": "ORNC",
    "20": "NP",
}


class TrackRulesPNW(TrackRules1822):
    """1822PNW's upgrades: Leavenworth's white hex takes a city-and-town yellow tile; water hexes take port tiles;
    the boomtown and coal-mine tiles only from their privates (the mine on a mountain); the mine is upgraded to its
    pass-around tile; Seattle and Portland climb their own tile ladders."""

    HOME_TOKEN_CAN_BE_CHEATER: ClassVar[bool] = True
    CITY_AND_TOWN_HEXES: ClassVar[tuple[str, ...]] = ("H19",)
    CITY_AND_TOWN_TILES: ClassVar[tuple[str, ...]] = ("5", "6", "57")
    #: hexes whose yellow tile may lose a city on its upgrade (Stevenson / Cascade Locks)
    IGNORE_NUM_CITIES_HEXES: ClassVar[tuple[str, ...]] = ("O14",)
    TOKEN_CITIES: ClassVar[dict[str, tuple[str, ...]]] = {
        "O8": ("X24", "X25", "X26", "X27"),
        "H11": ("X20", "X21", "X22", "X23"),
    }

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        hex_ = getattr(old, "hex", None)
        hex_id = getattr(hex_, "id", None)
        if hex_id in self.CITY_AND_TOWN_HEXES and old.color == "white" and new.name in self.CITY_AND_TOWN_TILES:
            return True
        if old.color == "blue" and new.color == "blue":
            return True
        if new.name == "PNW3":
            return special
        if new.name == "PNW4":
            return special and old.color in ("brown", "white")
        if old.name == "PNW4":
            return bool(new.name == "PNW5")
        ladder = self.TOKEN_CITIES.get(hex_id) if hex_id is not None else None
        if ladder is not None:
            index = ladder.index(old.name) if old.name in ladder else -1
            return new.name in ladder and ladder.index(new.name) > index
        if hex_id in self.IGNORE_NUM_CITIES_HEXES and old.color == "yellow":
            from engine.map.upgrades import upgrades_to

            return upgrades_to(old, new, from_company=special, ignore_num_cities=True)
        return super().upgrades_to(old, new, special)

    #: what each step up a token city's ladder costs
    TOKEN_CITY_STEP_COST: ClassVar[int] = 20

    def token_city_cost(self, ladder: tuple[str, ...], old: Any, new: Any) -> int:
        steps = (ladder.index(new.name) if new.name in ladder else -1) - (
            ladder.index(old.name) if old.name in ladder else -1
        )
        return self.TOKEN_CITY_STEP_COST * steps

    def upgrade_cost(self, tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        """A token city's upgrade costs $20 per step up its ladder (``hex_`` already shows the new tile)."""
        ladder = self.TOKEN_CITIES.get(hex_.id)
        if ladder is None:
            return super().upgrade_cost(tile, hex_, entity, spender)
        return self.token_city_cost(ladder, tile, hex_.tile)

    def upgrade_cost_before_lay(self, old_tile: Any, new_tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        ladder = self.TOKEN_CITIES.get(hex_.id)
        if ladder is None:
            return super().upgrade_cost_before_lay(old_tile, new_tile, hex_, entity, spender)
        return self.token_city_cost(ladder, old_tile, new_tile)


class SetupPNW(Setup1822):
    """The majors reserve no home city (their associated minors hold it)."""

    def reservation_corporations(self) -> list[Any]:
        return [c for c in super().reservation_corporations() if getattr(c, "type", None) != "major"]


class CorporationRulesPNW(CorporationRules1822):
    """A major parred closes its associated minor's certificate (its bid box stays empty until the refill)."""

    def after_par(self, corporation: Any) -> None:
        game: Any = self.game
        if getattr(corporation, "type", None) == "major":
            minor = game.associated_minor(corporation)
            company = next((c for c in game.companies if minor is not None and c.sym == f"M{minor.id}"), None)
            if company is not None and not company.closed:
                box = game.bid_box_minors()
                index = next((i for i, c in enumerate(box) if c is company), None)
                if index is not None:
                    game.empty_bid_boxes[index] = True
                game.log(f"Associated minor {minor.id} closes")
                hex_ = game.hex_by_id(minor.coordinates)
                city = next((c for c in hex_.tile.cities if c.reserved_by(minor)), None)
                if city is not None:
                    city.reservations = [r for r in city.reservations if r is not minor]
                company.close()
        super().after_par(corporation)

    def close_corporation(self, corporation: Any, quiet: bool = False) -> None:
        """A regional railway closing (acquired) closes its certificate."""
        super().close_corporation(corporation, quiet)
        game: Any = self.game
        if game.is_regional(corporation):
            company = next((c for c in game.companies if c.sym == f"M{corporation.id}"), None)
            if company is not None:
                company.close()


class CompanyRulesPNW(CompanyRules1822):
    """Each owned regional railway counts its payouts (a major may acquire it after two)."""

    def payout_companies(self) -> None:
        super().payout_companies()
        game: Any = self.game
        for regional in game.regionals():
            if regional.owner is not None:
                game.regional_payouts[regional.id] = game.regional_payouts.get(regional.id, 0) + 1


class ShareRulesPNW(ShareRules1822):
    """A sold-out major moves one step right (the market is one row)."""

    def sold_out_stock_movement(self, corporation: Any) -> None:
        self.game.stock_market.move_right(corporation)


class RoundSequencePNW(RoundSequence1822):
    """From phase 2 a merger round follows every operating round (the operating round finishes after it)."""

    def after_operating_round(self, current: Any) -> Round:
        from engine.titles.g1822_pnw.merger import AssociationMerge, MergerRoundPNW

        game = self.game
        if starting_packet.operating_round_follows(game):
            game.turn += 1
            return game.new_operating_round(1)
        if int(game.phase.name) >= 2:
            return MergerRoundPNW(game, [AssociationMerge], round_num=current.round_num)
        return super().after_operating_round(current)

    def after_interlude_round(self, current: Any) -> Round:
        self.game.or_round_finished()
        return super().after_interlude_round(current)


class Game1822PNW(BuilderCubes, Game1822Family):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesPNW
    ROUND_SEQUENCE: ClassVar[type[RoundSequence]] = RoundSequencePNW
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRulesPNW
    SETUP: ClassVar[type[ModelSetup]] = SetupPNW
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRulesPNW
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRulesPNW
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(f"P{i}" for i in range(1, 22)) + tuple(f"M{i}" for i in range(1, 22)) + ("MA", "MB", "MC"),
        (),
    )
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        (*tuple(str(i) for i in range(1, 22)), "A", "B", "C", "NP", "CPR", "GNR", "ORNC", "SPS", "CMPS", "SWW"),
        (),
    )
    BIDDING_TOKENS: ClassVar[dict[int, int]] = {3: 5, 4: 4, 5: 4}
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = {c: 3 for c in ("CPR", "GNR", "CMPS", "SWW", "SPS", "ORNC", "NP")}
    DESTINATIONS: ClassVar[dict[str, str]] = data.DESTINATIONS
    DOUBLE_HEX: ClassVar[tuple[str, ...]] = ("H19", "M4")
    MAIL_CONTRACTS: ClassVar[tuple[str, ...]] = ("P9",)
    LOCAL_TRAIN_CAN_CARRY_MAIL: ClassVar[bool] = True
    COMPANY_TRAINS: ClassVar[dict[str, str]] = {
        "P1": "5P-0",
        "P2": "2P-0",
        "P3": "LP-0",
        "P4": "LP-1",
        "P5": "P+-0",
        "P6": "P+-1",
    }
    ACQUISITION: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {
        "P1": (("major",), 5),
        "P2": (("major",), 2),
        "P3": (("major", "minor"), 1),
        "P4": (("major", "minor"), 1),
        "P5": (("major", "minor"), 3),
        "P6": (("major", "minor"), 3),
        "P7": (("major", "minor"), 1),
        "P8": (("major", "minor"), 1),
        "P9": (("major",), 3),
        "P10": (("major", "minor"), 1),
        "P11": (("major", "minor"), 3),
        "P12": (("major", "minor"), 2),
        "P13": (("major",), 3),
        "P14": (("major", "minor"), 3),
        "P15": (("major", "minor"), 3),
        "P16": (("major", "minor"), 2),
        "P17": (("major", "minor"), 5),
        "P18": (("major", "minor"), 3),
        "P19": (("major", "minor"), 3),
        "P20": (("major", "minor"), 1),
        "P21": (("major", "minor"), 2),
    }
    #: the minor every stack of minors starts with
    START_MINOR: ClassVar[str | None] = "M6"
    START_CONCESSION: ClassVar[str | None] = None
    BOX_CONCESSIONS: ClassVar[int] = 0
    #: associated / other minors in each of the three shuffled sub-stacks
    MINOR_STACKS: ClassVar[tuple[tuple[int, int], ...]] = ((3, 6), (2, 5), (2, 5))
    #: the privates with their own track rules: builder cubes, the coal mine, the paper mill, the ski haus
    CUBE_COMPANY: ClassVar[str] = "P10"
    COAL_COMPANY: ClassVar[str] = "P19"
    MILL_COMPANY: ClassVar[str] = "P15"
    SKI_COMPANY: ClassVar[str] = "P17"
    BOOMTOWN_COMPANY: ClassVar[str] = "P18"
    BACKROOM_COMPANY: ClassVar[str] = "P20"
    PORTAGE_COMPANY: ClassVar[str] = "P16"
    #: the port privates and the port tiles they lay on water hexes
    PORT_COMPANIES: ClassVar[tuple[str, ...]] = ("P12", "P13")
    PORT_TILES: ClassVar[tuple[str, ...]] = ("P1-0", "P2-0")
    MOVE_CARD_COMPANY: ClassVar[str | None] = "P21"
    COMPANY_SHORT_NAMES: ClassVar[dict[str, str]] = data.COMPANY_SHORT_NAMES
    #: privates whose revenue stops when a corporation acquires them
    REMOVE_REVENUE: ClassVar[tuple[str, ...]] = ("P9", "P10", "P14")
    EXTRA_TRACK_COMPANIES: ClassVar[tuple[str, ...]] = ("P11", "P12", "P13")
    #: the two town-removing privates (the family's hooks name the first; the track step knows both)
    REMOVE_TOWN_COMPANY: ClassVar[str | None] = "P7"
    REMOVE_TOWN_COMPANIES: ClassVar[tuple[str, ...]] = ("P7", "P8")
    TRACK_TOWN: ClassVar[tuple[str, ...]] = ("3", "4", "58", "141", "142", "143", "144", "767", "768", "769", "X17")
    TRACK_PLAIN: ClassVar[tuple[str, ...]] = ("7", "8", "9", "80", "81", "82", "83", "544", "545", "546", "60", "169")
    #: the options removing L trains from the depot, and how many
    REMOVE_L_OPTIONS: ClassVar[tuple[tuple[str, int], ...]] = (("remove_three_ls", 3), ("remove_two_ls", 2))
    #: the regional railways (bought from the minors' box, never operate)
    REGIONALS: ClassVar[tuple[str, ...]] = ("A", "B", "C")

    def is_regional(self, corporation: Any) -> bool:
        return getattr(corporation, "id", None) in self.REGIONALS

    def regionals(self) -> list[Any]:
        return [c for c in self.corporations if c.id in self.REGIONALS]

    # --- the minors' bid box: a box emptied by a parred major's minor holds a placeholder until the refill -------
    def bid_box_minors(self) -> list[Any]:
        minors = super().bid_box_minors()
        if not any(self.empty_bid_boxes):
            return minors
        boxed: list[Any] = []
        for minor in minors:
            while len(boxed) < len(self.empty_bid_boxes) and self.empty_bid_boxes[len(boxed)]:
                boxed.append(self.empty_bid_box)
            boxed.append(minor)
        return boxed

    #: the minors' bid boxes emptied by a parred major's minor (until the refill)
    empty_bid_boxes: list[bool]

    def is_empty_bid_box(self, company: Any) -> bool:
        return company is self.empty_bid_box

    def refill_minor_box(self) -> None:
        self.empty_bid_boxes = [False] * self.BOX_MINORS
        super().refill_minor_box()

    # --- associations of minors and majors ---------------------------------------------------------------------
    def major_formation_status(self, major: Any, player: Any = None, step: Any = None) -> str:
        """ "formed", "convertable" (the player owns its floated associated minor), "parable" (that minor is gone
        or unbid) or "none"."""
        if major.floated:
            return "formed"
        minor = self.associated_minor(major)
        if minor is not None and minor.owner is not None and player is not None:
            return "convertable" if minor.owner is player else "none"
        company = next((c for c in self.companies if minor is not None and c.sym == f"M{minor.id}"), None)
        bids = getattr(step, "bids", None)
        if company is None or company.closed or bids is None or not bids.get(company):
            return "parable"
        return "none"

    def is_associated(self, corporation: Any) -> bool:
        return getattr(corporation, "id", None) in self.minor_associations

    def associated_major(self, minor: Any) -> Any:
        return self.corporation_by_id(self.minor_associations[minor.id])

    def associated_minor(self, major: Any) -> Any:
        minor_id = next((m for m, j in self.minor_associations.items() if j == major.id), None)
        return self.corporation_by_id(minor_id) if minor_id is not None else None

    def associated_minors(self) -> list[Any]:
        return [c for c in self.corporations if c.floated and c.id in self.minor_associations]

    def unassociated_minors(self) -> list[Any]:
        return [c for c in self.corporations if c.floated and c.type == "minor" and c.id not in self.minor_associations]

    def destination_of(self, corporation: Any) -> str | None:
        return self.destinations.get(corporation.id)

    def replace_associated_minor(self, old_id: str, new_minor: Any) -> None:
        """``new_minor`` becomes the associated minor of ``old_id``'s major; ``old_id`` leaves the game; the major's
        home moves to the new minor's home (and its destination to its old home if they would coincide)."""
        major = self.corporation_by_id(self.minor_associations[old_id])
        self.log(f"{new_minor.name} replaces {old_id} as the associated minor for {major.id}")
        self.minor_associations[new_minor.id] = self.minor_associations.pop(old_id)
        old = self.corporation_by_id(old_id)
        self.log(f"{old.id} is removed from the game")
        for ability in list(old.all_abilities()):
            new_minor.add_ability(ability)
        hex_ = self.hex_by_id(old.coordinates)
        city = next((c for c in hex_.tile.cities if c.reserved_by(old)), None)
        if city is not None:
            city.reservations = [r for r in city.reservations if r is not old]
        else:
            home = self.hex_by_id(major.coordinates)
            city = next((c for c in home.tile.cities if c.reserved_by(major)), None)
            if city is not None:
                city.reservations = [r for r in city.reservations if r is not major]
        if old in self.corporations:
            self.corporations.remove(old)
        original_home = major.coordinates
        major.coordinates = new_minor.coordinates
        home = self.hex_by_id(major.coordinates)
        self.log(f"{major.name}'s home is now {home.location_name} ({home.id})")
        if major.coordinates == self.destinations.get(major.id):
            self.destinations[major.id] = original_home
        company = next((c for c in self.companies if c.sym == f"M{old_id}"), None)
        if company is not None:
            self.companies.remove(company)

    def company_choices(self, company: Any, time: str) -> dict[str, str]:
        """The card mover (P21) may instead make an exchange token of its major available."""
        if company.sym != self.MOVE_CARD_COMPANY:
            return {}
        choices = super().company_choices(company, time)
        owner = company.owner
        if (
            (choices or time in ("token", "track", "issue"))
            and getattr(owner, "type", None) == "major"
            and self.exchange_tokens.get(owner.id, 0) > 0
            and getattr(owner, "is_corporation", False)
        ):
            choices["exchange"] = f"{owner.name} moves a token from exchange to available"
        return choices

    def company_made_choice(self, company: Any, choice: str, time: str) -> None:
        if company.sym == self.MOVE_CARD_COMPANY and choice == "exchange":
            self.log(f"{company.owner.name} moves one token from exchange to available")
            self.move_exchange_token(company.owner)
            self.log(f"{company.name} closes")
            company.close()
            return
        super().company_made_choice(company, choice, time)

    #: the port hexes: two corporations both reaching one are connected
    PORT_HEXES: ClassVar[tuple[str, ...]] = ("E8", "D9")

    def connected_to_port(self, entity: Any) -> bool:
        hexes = self.graph.connected_hexes(entity)
        return any(h.id in self.PORT_HEXES for h in hexes)

    def entity_connects(self, entity: Any, minor: Any) -> bool:
        """Does ``entity`` reach ``minor``'s home (its token, or its reserved city while in the bank)?"""
        if minor.owner is None:
            hex_ = self.hex_by_id(minor.coordinates)
            city = next((c for c in hex_.tile.cities if c.reserved_by(minor)), None)
        else:
            city = minor.tokens[0].city
        if city is not None and self.graph.connected_nodes(entity).get(city):
            return True
        return self.connected_to_port(minor) and self.connected_to_port(entity)

    def transfer_possessions(self, source: Any, target: Any) -> None:
        """A merged minor's cash, privates and trains go to the major, and its coal-mine token (the minor keeps
        it in its list, as the reference)."""
        receiving = move_assets(self, source, target)
        if any(t is self.coal_token for t in source.tokens):
            self.coal_token.corporation = target
            target.tokens.append(self.coal_token)
            receiving.append("Mine token")
        if receiving:
            self.log(f"{target.name} receives {', '.join(receiving)} from {source.name}")

    #: tiles laid whatever the phase: the mine's pass-around, and the privates' own tiles (only they lay them)
    ANY_PHASE_TILES: ClassVar[tuple[str, ...]] = ("PNW3", "PNW4", "PNW5", "PNW1", "PNW2", "P1", "P2")

    def tile_valid_for_phase(self, tile: Any, hex: Any = None, phase_color_cache: Any = None) -> bool:
        if tile.name in self.ANY_PHASE_TILES:
            return True
        colors = phase_color_cache if phase_color_cache is not None else self.phase.tiles
        return bool(tile.color in colors)

    def issuable_shares(self, entity: Any) -> list[Any]:
        """An issue is priced one step left per share (the market is one row)."""
        bundles = super().issuable_shares(entity)
        for bundle in bundles:
            price = self.stock_market.find_share_price(entity, ["left"] * bundle.num_shares)
            if price is not None:
                bundle.share_price = price.price
        return bundles

    # --- trains ---------------------------------------------------------------------------------------------
    #: an L train's upgrade to a 2 train: in phase 1, from phase 2
    L_UPGRADE_COSTS: ClassVar[tuple[int, int]] = (80, 80)

    def discountable_trains_for(self, corporation: Any) -> list[tuple[Any, Any, str, int]]:
        """Only the L trains' upgrades in place (no trade-ins of other trains)."""
        cost = self.L_UPGRADE_COSTS[0] if int(self.phase.name) < 2 else self.L_UPGRADE_COSTS[1]
        return [(t, t, "2", cost) for t in corporation.trains if t.name == "L"]

    # --- revenue --------------------------------------------------------------------------------------------
    #: a forest hex's bonus, the ski haus bonus, the paper mill's bonus before and from phase 5, the portage penalty
    FOREST_BONUS: ClassVar[int] = 10
    SKI_BONUS: ClassVar[int] = 30
    MILL_BONUS: ClassVar[tuple[int, int]] = (10, 30)
    PORTAGE_TILES: ClassVar[tuple[str, ...]] = ("PNW1", "PNW2")
    PORTAGE_PENALTY: ClassVar[int] = 10
    LUMBER_BARON_COMPANY: ClassVar[str] = "P14"

    def is_etrain(self, route: Any) -> bool:
        return bool(route.train.name == self.E_TRAIN)

    def forest_revenue(self, route: Any) -> int:
        if self.is_etrain(route):
            return 0
        return self.FOREST_BONUS * sum(1 for h in route.all_hexes() if h.assigned("forest"))

    def ski_haus_revenue(self, route: Any) -> int:
        if self.is_etrain(route) and not self._old_e_train_rules:
            return 0
        return self.SKI_BONUS if any(h.assigned(self.SKI_COMPANY) for h in route.all_hexes()) else 0

    def mill_bonus_amount(self) -> int:
        return self.MILL_BONUS[0] if int(self.phase.name) < 5 else self.MILL_BONUS[1]

    def route_mill_bonus(self, route: Any) -> int:
        mill = next((h for h in route.all_hexes() if h.assigned(self.MILL_COMPANY)), None)
        if mill is None:
            return 0
        if self.is_etrain(route):
            city = mill.tile.cities[0] if mill.tile.cities else None
            return self.mill_bonus_amount() * 2 if city is not None and self.tokened_by(city, route.corporation) else 0
        return self.mill_bonus_amount()

    @staticmethod
    def best_route_bonus(routes: list[Any], bonus: Any) -> tuple[Any, int] | None:
        """The route earning a bonus that goes to one route only, and the bonus (the last of equal ones)."""
        best: tuple[Any, int] | None = None
        for route in routes:
            if getattr(route, "OUTRANKS_ALL", False):
                continue  # the route optimiser's stand-in for "another route" earns no bonus of its own
            value = bonus(route)
            if value is not None and (best is None or value >= best[1]):
                best = (route, value)
        return best

    def lumber_baron_bonus(self, route: Any) -> int | None:
        if not any(c.sym == self.LUMBER_BARON_COMPANY for c in route.corporation.companies):
            return None
        return self.forest_revenue(route)

    def portage_penalty(self, route: Any) -> int:
        if any(c.sym == self.PORTAGE_COMPANY for c in route.corporation.companies):
            return 0
        return self.PORTAGE_PENALTY * sum(1 for h in route.all_hexes() if h.tile.name in self.PORTAGE_TILES)

    #: the site's E-train rules before October 2025: the mine token counted as the train's station (until
    #: 2025-10-23) and the ski haus paid E trains too (until 2025-10-28); runs recorded then may claim them (the
    #: reference replays a recorded revenue as it is)
    _old_e_train_rules: bool = False

    def e_train_counts(self, city: Any, corporation: Any) -> bool:
        if self._old_e_train_rules and any(t is self.coal_token and t.corporation is corporation for t in city.tokens):
            return True
        return bool(super().e_train_counts(city, corporation))

    def most_recorded_revenue(self, route: Any) -> int:
        """The family's most, or an E train's run under the site's old E-train rules."""
        most = int(super().most_recorded_revenue(route))
        if not self.is_etrain(route):
            return most
        self._old_e_train_rules = True
        route._computed_revenue = None
        try:
            return max(most, int(route.computed_revenue()))
        finally:
            self._old_e_train_rules = False
            route._computed_revenue = None

    def revenue_for(self, route: Any, stops: Any) -> int:
        """The family's revenue, plus forests, the ski haus, the best route's lumber baron and paper mill bonuses,
        less the portage penalty."""
        revenue = super().revenue_for(route, stops)
        revenue += self.forest_revenue(route) + self.ski_haus_revenue(route)
        routes = route.routes or [route]
        for bonus in (self.lumber_baron_bonus, self.route_mill_bonus):
            best = self.best_route_bonus(routes, bonus)
            if best is not None and best[0] is route:
                revenue += best[1]
        return revenue - self.portage_penalty(route)

    def stock_round_steps(self) -> list[Any]:
        from engine.titles.family1822.operating import DiscardTrain1822
        from engine.titles.g1822_pnw.stock import BidBoxStockPNW

        return [DiscardTrain1822, BidBoxStockPNW]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.acquire_company import AcquireCompany
        from engine.titles.family1822.acquisition import MinorAcquisition
        from engine.titles.family1822.operating import Dividend1822, IssueShares1822, SpecialTrack1822, Track1822
        from engine.titles.g1822_pnw.acquire import AcquireCompanyPNW, MinorAcquisitionPNW
        from engine.titles.g1822_pnw.assign import AssignPNW
        from engine.titles.g1822_pnw.track import DividendPNW, IssueSharesPNW, SpecialTrackPNW, TrackPNW

        swap = {
            Track1822: TrackPNW,
            SpecialTrack1822: SpecialTrackPNW,
            IssueShares1822: IssueSharesPNW,
            AcquireCompany: AcquireCompanyPNW,
            Dividend1822: DividendPNW,
            MinorAcquisition: MinorAcquisitionPNW,
        }
        steps = [swap.get(s, s) for s in super().operating_round_steps()]
        steps.insert(steps.index(AcquireCompanyPNW) + 1, AssignPNW)
        return steps

    #: the coal mine's tiles
    COAL_TILES: ClassVar[tuple[str, ...]] = ("PNW4", "PNW5")

    def coal_hex(self, hex_: Any) -> bool:
        return bool(hex_.tile.name in self.COAL_TILES)

    @staticmethod
    def city_tokened_by(city: Any, corporation: Any) -> bool:
        """A corporation's graph starts at its normal and destination tokens, not at its coal mine."""
        return bool(city.tokened_by(corporation, types=["normal", "destination"]))

    def setup(self) -> None:
        self.minor_associations: dict[str, str] = dict(MINOR_ASSOCIATIONS)
        self.destinations: dict[str, str] = dict(self.DESTINATIONS)
        self.empty_bid_boxes = [False] * self.BOX_MINORS
        self.regional_payouts: dict[str, int] = {r: 0 for r in self.REGIONALS}
        self.empty_bid_box = Company("EMPTY", "EMPTY BIDBOX", 0, 0)
        super().setup()
        self.coal_token = Token(None, type="coal")
        removed = next((n for rule, n in self.REMOVE_L_OPTIONS if rule in self.optional_rules), 0)
        if removed:
            self.log(f"{removed} L/2 train(s) have been discarded")
            for _ in range(removed):
                self.depot.remove_train(self.depot.upcoming[0])
        if starting_packet.in_play(self):
            starting_packet.hand_out(self)
            self.round_counter += 1  # (the reference builds the opening operating round again, its minors floated)
            self.round = OperatingRound(self, self.operating_round_steps(), 1)

    def init_round(self) -> Round:
        """The Starting Packet Variant opens with an operating round (:mod:`starting_packet`)."""
        if not starting_packet.in_play(self):
            return super().init_round()
        self.log(f"-- Operating Round {self.turn}.1 --")
        self.round_counter += 1
        return OperatingRound(self, self.operating_round_steps(), 1)

    def setup_companies(self) -> None:
        """Minor 6 first, then three shuffled sub-stacks of associated and other minors; P1 leads the privates."""
        shuffled = self.rng.shuffle(self.companies)
        privates = [c for c in shuffled if c.sym.startswith(self.PRIVATE_PREFIX)]
        privates = [c for c in privates if c.sym == self.START_PRIVATE] + [
            c for c in privates if c.sym != self.START_PRIVATE
        ]
        minors = [c for c in shuffled if c.sym.startswith(self.MINOR_PREFIX)]
        if starting_packet.in_play(self):  # (no stacks: the minors in their shuffled order)
            self.companies[:] = minors + privates
            self.finish_company_setup()
            return
        first = [c for c in minors if c.sym == self.START_MINOR]
        rest = [c for c in minors if c.sym != self.START_MINOR]
        associated = [c for c in rest if c.sym[1:] in self.minor_associations]
        others = [c for c in rest if c.sym[1:] not in self.minor_associations]
        ordered = list(first)
        a = o = 0
        for n_assoc, n_other in self.MINOR_STACKS:
            ordered += self.rng.shuffle(associated[a : a + n_assoc] + others[o : o + n_other])
            a += n_assoc
            o += n_other
        self.companies[:] = ordered + privates
        self.finish_company_setup()

    def finish_company_setup(self) -> None:
        """Opening bids, and the privates' trains out of the depot."""
        for company in self.companies:
            company.min_price = company.value if company.sym.startswith(self.MINOR_PREFIX) else 0
            company.max_price = 10_000
        self.company_trains: dict[str, Any] = {}
        for company_sym, train_id in self.COMPANY_TRAINS.items():
            if not any(c.sym == company_sym for c in self.companies):
                continue
            train = self.train_by_id(train_id)
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
    L_UPGRADE_COSTS: ClassVar[tuple[int, int]] = (80, 70)

    def operating_round_steps(self) -> list[Any]:
        """The recorded runs are paid as written: the site's client recorded some runs through Portland at $20
        more than their stops make (1822PNWSRS_game_end_bank_during_sr, action 343), and the reference (strict
        too) pays a recorded revenue as it is."""
        from engine.titles.family1822.operating import Route1822
        from engine.titles.g1822_pnw.track import RouteAsRecorded

        return [RouteAsRecorded if s is Route1822 else s for s in super().operating_round_steps()]


class Game1822PNWShort(Game1822PNW):
    """The Short Scenario: P1 and P20 lead the privates; one random pair of an associated and an unassociated minor
    is sold together from the first bid box (opening bid $200), the other minors in three shuffled sub-stacks."""

    TITLE: ClassVar[TitleSpec] = data.SHORT_TITLE
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (data.SHORT_STARTING_COMPANIES, ())
    MINOR_STACKS: ClassVar[tuple[tuple[int, int], ...]] = ((2, 5), (2, 5), (2, 6))
    #: the pairs (associated minor, unassociated minor) one of which is sold together
    MINOR_PAIRS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("M1", "M2"),
        ("M5", "M4"),
        ("M7", "M9"),
        ("M8", "M6"),
        ("M17", "M16"),
        ("M18", "M21"),
        ("M20", "M10"),
    )
    LEADING_PRIVATES: ClassVar[tuple[str, ...]] = ("P1", "P20")
    PAIR_OPENING_BID: ClassVar[int] = 200
    L_UPGRADE_COSTS: ClassVar[tuple[int, int]] = (80, 70)

    def setup_companies(self) -> None:
        shuffled = self.rng.shuffle(self.companies)
        privates = [c for c in shuffled if c.sym.startswith(self.PRIVATE_PREFIX)]
        lead = [next(c for c in privates if c.sym == sym) for sym in self.LEADING_PRIVATES]
        privates = lead + [c for c in privates if c not in lead]
        minors = [c for c in shuffled if c.sym.startswith(self.MINOR_PREFIX)]
        draws = [self.rng.rand() for _ in self.MINOR_PAIRS]
        self.paired_assoc, self.paired_unassoc = self.MINOR_PAIRS[draws.index(min(draws))]
        first = next(c for c in minors if c.sym == self.paired_assoc)
        last = next(c for c in minors if c.sym == self.paired_unassoc)
        rest = [c for c in minors if c is not first and c is not last]
        associated = [c for c in rest if c.sym[1:] in self.minor_associations]
        others = [c for c in rest if c.sym[1:] not in self.minor_associations]
        ordered = [first]
        a = o = 0
        for n_assoc, n_other in self.MINOR_STACKS:
            ordered += self.rng.shuffle(associated[a : a + n_assoc] + others[o : o + n_other])
            a += n_assoc
            o += n_other
        self.companies[:] = [*ordered, last, *privates]
        self.finish_company_setup()
        first.min_price = self.PAIR_OPENING_BID
        first.desc += f" {self.paired_unassoc} is purchased along with {self.paired_assoc} for a minimum bid of $200."
