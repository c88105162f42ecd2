"""18ZOO's steps: the power draft, the stock round's home and bonus tracks, the stock turn with its powers, and
the operating round's powers (ZOOTickets, "Two barrels", "Patch") through the general ``choose_ability``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction, InvalidAction
from engine.steps.base import Step
from engine.steps.choose_ability import AbilityChoosing
from engine.steps.shares import BuySellParShares
from engine.steps.track import Track

if TYPE_CHECKING:
    from engine.actions import Action


class PowerDraft(Step):
    """Each player, once, in reverse seat order: buy one of the powers on offer at its value, or pass."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "pass")
    NAME: ClassVar[str] = "SimpleDraft"

    def setup(self) -> None:
        self.finished = False

    def actions(self, entity: Any) -> list[str]:
        if self.finished or entity is not self.current_entity():
            return []
        return list(self.ACTIONS)

    def description(self) -> str:
        return "Draft Powers"

    def pass_description(self) -> str:
        return "Pass (Buy)"

    def available(self) -> list[Any]:
        """The powers on offer now, then the future ones (shown, not buyable)."""
        game: Any = self.game
        return sorted(game.available_companies, key=lambda c: (c.value, c.name)) + list(game.future_companies)

    def may_purchase(self, company: Any) -> bool:
        return any(c is company for c in self.game.available_companies)  # type: ignore[attr-defined]

    def min_bid(self, company: Any) -> int:
        return int(company.value)

    def committed_cash(self, player: Any) -> int:
        return 0

    def process_bid(self, action: Action) -> None:
        game: Any = self.game
        company_id = getattr(action, "company", None)
        if not company_id:
            raise InvalidAction("a draft choice must name a power")
        company = game.company_by_id(company_id)
        player = game.resolve_entity(action)
        if not self.may_purchase(company):
            raise IllegalAction(f"{company.name} is not on offer")
        price = getattr(action, "price", None)
        price = int(company.value if price is None else price)
        player.check_cash(price)
        company.owner = player
        player.companies.append(company)
        player.spend(price, game.bank)
        game.available_companies.remove(company)
        game.log(f'{player.name} buys "{company.name}" for {game.format_currency(price)}')
        game.apply_custom_ability(company)
        self.finalize()

    def process_pass(self, action: Action) -> None:
        self.game.log(f"{self.game.entity_name(action.entity)} passes")
        self.finalize()

    def finalize(self) -> None:
        self.round.next_entity_index()
        if self.round.entity_index == 0:
            self.finished = True
            self.round.reset_entity_index()


class HomeTrack(Track):
    """Right after a family is started: its president lays the home tile (from the tiles the par allows)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("lay_tile", "pass")
    NAME: ClassVar[str] = "HomeTrack"

    def round_state(self) -> dict[str, Any]:
        state = super().round_state()
        state.update(floated_corporation=None, available_tracks=[], bonus_tracks=0)
        return state

    def current_entity(self) -> Any:
        return getattr(self.round, "floated_corporation", None)

    def active_entities(self) -> list[Any]:
        entity = self.current_entity()
        return [entity] if entity is not None else []

    def active(self) -> bool:
        return (not self.passed and self.current_entity() is not None
                and bool(getattr(self.round, "available_tracks", [])))

    def description(self) -> str:
        return f"Lay home track for {self.current_entity().name}"

    def available_track(self) -> bool:
        wanted = self.round.available_tracks  # type: ignore[attr-defined]
        return any(t.name in wanted for t in self.game.tiles)

    def actions(self, entity: Any) -> list[str]:
        current = self.current_entity()
        if current is None or not self.can_lay_tile(current):
            return []
        home = self.game.hex_by_id(current.coordinates)
        if home.tile.color == "white" and self.available_track():
            return ["lay_tile"]
        return ["lay_tile", "pass"]

    def hex_neighbors(self, entity: Any, hex_: Any) -> list[int] | None:
        current = self.current_entity()
        if current is None or current.coordinates != hex_.id:
            return None
        return super().hex_neighbors(current, hex_)

    def process_lay_tile(self, action: Any) -> None:
        self.lay_tile_action(action, entity=self.current_entity())
        self.round.available_tracks = []  # type: ignore[attr-defined]
        self.round.num_laid_track = 0  # type: ignore[attr-defined]

    def process_pass(self, action: Action) -> None:
        super().process_pass(action)
        self.round.available_tracks = []  # type: ignore[attr-defined]
        self.round.num_laid_track = 0  # type: ignore[attr-defined]


class BonusTracks(Track):
    """After the home tile of a family started at 9 or 12: up to 2 (4) yellow tiles anywhere it reaches."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("lay_tile", "pass")
    NAME: ClassVar[str] = "BonusTracks"

    def current_entity(self) -> Any:
        return getattr(self.round, "floated_corporation", None)

    def active_entities(self) -> list[Any]:
        entity = self.current_entity()
        return [entity] if entity is not None else []

    def active(self) -> bool:
        return (not self.passed and self.current_entity() is not None
                and getattr(self.round, "bonus_tracks", 0) > 0)

    def description(self) -> str:
        return f"Lay bonus tracks for {self.current_entity().name}"

    def actions(self, entity: Any) -> list[str]:
        current = self.current_entity()
        if entity is not current or current is None or not self.can_lay_tile(current):
            return []
        return list(self.ACTIONS)

    def process_lay_tile(self, action: Any) -> None:
        self.lay_tile_action(action)
        if self.round.num_laid_track == self.round.bonus_tracks:  # type: ignore[attr-defined]
            self.round.bonus_tracks = 0  # type: ignore[attr-defined]

    def process_pass(self, action: Action) -> None:
        super().process_pass(action)
        self.round.bonus_tracks = 0  # type: ignore[attr-defined]


class ZooBuySellParShares(AbilityChoosing, BuySellParShares):
    """The stock turn: buy, sell, par; buy a power (at most three each, not ZOOTickets); use the stock round's
    powers and sell ZOOTickets (``choose_ability``); no IPO share above 80% of a family."""

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return ["choose_ability"] if self.offers_ability_choice(entity) else []
        found = list(super().actions(entity))
        if getattr(entity, "is_player", False) and entity is self.current_entity() and any(
                self.offers_ability_choice(c) for c in entity.companies):
            found.append("choose_ability")
        if entity is self.current_entity() and self.available_companies() and "buy_company" not in found:
            found.append("buy_company")
        if found and "pass" not in found:
            found.append("pass")
        return list(dict.fromkeys(found))

    def available_companies(self) -> list[Any]:
        if self.bought():
            return []
        return list(self.game.available_companies)  # type: ignore[attr-defined]

    def buyable_bank_owned_companies(self, entity: Any) -> list[Any]:
        """The powers on offer the player can pay for."""
        return [c for c in self.available_companies() if c.value <= entity.cash]

    def can_buy_company(self, player: Any, company: Any) -> bool:
        zoo: Any = self.game
        return sum(1 for c in player.companies if not zoo.is_ticket(c)) < 3

    def process_buy_company(self, action: Any) -> None:
        game: Any = self.game
        company = game.company_by_id(action.company)
        if company.owner is None and action.price != company.value:
            raise IllegalAction(f"Cannot buy {company.name} for {game.format_currency(action.price)}")
        super().process_buy_company(action)
        if company in game.available_companies:
            game.available_companies.remove(company)
        game.apply_custom_ability(company)

    def get_par_prices(self, entity: Any, corporation: Any = None) -> list[Any]:
        colors = self.game.phase.tiles
        return [p for p in super().get_par_prices(entity, corporation)
                if not (p.price == 9 and "green" not in colors) and not (p.price == 12 and "brown" not in colors)]

    def can_buy(self, entity: Any, bundle: Any) -> bool:
        if not super().can_buy(entity, bundle):
            return False
        from_ipo = bool(bundle.owner.is_corporation)
        return not from_ipo or entity.percent_of(bundle.corporation) < 80

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["share_sold"] = []
        return state

    def sell_shares(self, entity: Any, bundle: Any, swap: Any = None) -> None:
        """A share sold by a non-president moves the mark only the first time in the round (share protection)."""
        if swap is None and not self.can_sell(entity, bundle):
            raise IllegalAction(f"Cannot sell shares of {bundle.corporation.name}")
        sold: list[Any] = self.round.share_sold  # type: ignore[attr-defined]
        corporation = bundle.corporation
        by_president = bundle.owner is corporation.owner
        key = _bundle_key(bundle)
        should_move = by_president or key not in sold
        if not by_president and key not in sold:
            sold.append(key)
        self.players_sold[bundle.owner][corporation] = "now"
        movement = None if should_move else "none"
        self.game.share_rules.sell_shares_and_change_price(bundle, swap=swap, movement=movement)
        if not should_move:
            self.game.log(f"{corporation.name}'S share price protected (share protection rule: avoid the "
                          '"wait-and-sell-in-player-order" technique)')



def _bundle_key(bundle: Any) -> tuple[Any, ...]:
    """The reference compares bundles by value (same shares, same percent)."""
    return (tuple(s.id for s in bundle.shares), bundle.percent)


__all__ = ["BonusTracks", "HomeTrack", "PowerDraft", "ZooBuySellParShares"]


# --- the operating round -----------------------------------------------------------------------------------
from engine.steps.companies import BuyCompany  # noqa: E402
from engine.steps.dividend import Dividend as DividendStep  # noqa: E402
from engine.steps.dividend import DividendOption  # noqa: E402
from engine.steps.trains import BuyTrain  # noqa: E402


class BuyOrUsePowerOnOr(AbilityChoosing, Step):
    """Powers used in any step of a family's turn: its president's ZOOTickets, "Patch".  Early in the step list
    it only takes ``choose_ability``; at the end (``blocks=True``) it waits for the family to pass when there is
    a ticket or a patch to use."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("choose_ability", "pass")
    NAME: ClassVar[str] = "BuyOrUsePowerOnOr"
    #: the site takes the waiting step's pass from anyone (moves.registry.taken_from_anyone)
    TAKES_FROM_ANYONE: ClassVar[tuple[str, ...]] = ("pass",)

    def blocks(self) -> bool:
        return bool(self.opts.get("blocks"))

    def description(self) -> str:
        return "Buy / use powers"

    def pass_description(self) -> str:
        return "Done (Buy Powers)" if self.acted else "Skip (Buy Powers)"

    def any_step_power(self, company: Any) -> bool:
        zoo: Any = self.game
        entity = self.current_entity()
        if entity is None or not getattr(entity, "is_corporation", False):
            return False
        if zoo.is_ticket(company):
            return company.owner is entity.owner and not company.closed
        return bool(company.id == "PATCH" and zoo.can_use_patch(entity))

    def actions(self, entity: Any) -> list[str]:
        if getattr(self.round, "president_helped", False):
            return []
        if getattr(entity, "is_company", False):
            return ["choose_ability"] if self.any_step_power(entity) and self.offers_ability_choice(entity) else []
        if not self.blocks():
            return []
        # as the site: the waiting step takes a pass from anyone (a player's pass ends the family's turn too)
        zoo: Any = self.game
        found = []
        if getattr(entity, "is_corporation", False) and (
                any(zoo.is_ticket(c) for c in entity.owner.companies) or zoo.can_use_patch(entity)):
            found.append("choose_ability")
        found.append("pass")
        return found


class RiverBacks:
    """The operating round's lays (the family's own and the track powers'): 18ZOO's river tiles (X7, X8 ...) are
    the backs of the plain ones, copy for copy (X8-3 is the back of 8-3): a tile leaves the supply with its back,
    and a tile taken up comes back with its back, both at the end of the supply.  (The stock round's home and
    bonus tracks take only the tile itself, as the site's do: its back stays on offer.)"""

    game: Any

    def back_of(self, tile: Any) -> Any:
        name = str(tile.id)
        try:
            return self.game.tile_by_id(name[1:] if name.startswith("X") else f"X{name}")
        except InvalidAction:
            return None

    def update_tile_lists(self, tile: Any, old_tile: Any) -> None:
        on_hex = tile.hex
        if on_hex is not None and any(h is on_hex for h in self.game.hexes):
            raise IllegalAction(f"Cannot lay tile {tile.id}; it is already on hex {on_hex.id}")
        supply = self.game.tiles
        for gone in (tile, self.back_of(tile)):
            if gone is not None and gone in supply:
                supply.remove(gone)
        if old_tile.preprinted:
            return
        for back in (old_tile, self.back_of(old_tile)):
            if back is not None and back not in supply:  # (a back a bonus track left on offer stays where it is)
                supply.append(back)

    def tolerates_recorded(self, action: Action) -> bool:
        """A recorded lay naming a copy that left the supply only as the back of a tile on the map is taken when
        that lay is otherwise a legal move: the site never checks the supply when it processes a lay (its files
        of April 2021, before the backs, name X8-0 after 8-0 was laid); the table offers the supply's copies."""
        if action.type != "lay_tile":
            return False
        tile = self.game.tile_by_id(getattr(action, "tile", None))
        supply = self.game.tiles
        back = self.back_of(tile)
        if tile in supply or tile.hex is not None or back is None or back.hex is None:
            return False
        from engine.errors import GameError
        from engine.moves.registry import check_action

        supply.insert(0, tile)  # asked as if it were still on offer
        try:
            check_action(self.game, action.to_dict())
        except GameError:
            return False
        finally:
            supply.remove(tile)
        return True


class ZooTrack(RiverBacks, AbilityChoosing, Track):
    """No upgrade of M/MM or O hexes (only the "Rabbits" and "Moles" powers upgrade them), no red or grey hex;
    the "Moles" tiles only through the power."""

    def lay_forbidden(self, entity: Any, hex_: Any) -> bool:
        tile = hex_.tile
        if hex_.location_name in ("M", "MM") and tile.color != "white":
            return True
        if str(tile.label or "") == "O" and tile.color != "white":
            return True
        return bool(tile.color in ("red", "gray"))

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        moles = set(ZooSpecialTrack.MOLES_TILES)
        return [t for t in super().potential_tiles(entities, hex_) if t.name not in moles]


class ZooBuyCompany(BuyCompany):
    """A power bought for nothing is bought without payment."""

    FREE_PURCHASE: ClassVar[bool] = True


class ZooDividend(DividendStep):
    """Pay out: each share earns the dividend of the cell the mark reaches (the mark moves right when the run
    reaches the cell's threshold), the president a bonus on the top row; withhold: the family keeps a 25th of the
    run, rounded up, and the mark moves left.  Only players earn dividends."""

    def dividend_options(self, entity: Any) -> dict[str, Any]:
        zoo: Any = self.game
        revenue = self.total_revenue()
        threshold = zoo.threshold(entity)
        return {
            "withhold": DividendOption(corporation=-(-revenue // 25), per_share=0, share_direction="left",
                                       share_times=1, divs_to_corporation=0),
            "payout": DividendOption(corporation=0, per_share=self.payout_per_share(entity, revenue),
                                     share_direction="right" if revenue >= threshold else None, share_times=1,
                                     divs_to_corporation=0),
        }

    def payout_per_share(self, entity: Any, revenue: int) -> float:
        zoo: Any = self.game
        return float(zoo.gain_per_share(zoo.share_price_after_run(entity, revenue)))

    def dividends_for_entity(self, entity: Any, holder: Any, per_share: float) -> int:
        return super().dividends_for_entity(entity, holder, per_share) if getattr(holder, "is_player", False) else 0

    def corporation_dividends(self, entity: Any, per_share: float) -> int:
        return 0

    def process_dividend(self, action: Any) -> None:
        entity = self.game.resolve_entity(action)
        super().process_dividend(action)
        self._barrels_done(entity)

    def skip(self) -> None:
        """Nothing to pay (no train ran): the forced withhold ends "Two barrels" too, as a dividend does (the site's
        skip processes a withhold through the same method; playout B seed 7102: PE chose its barrels, then took
        the Patch off its only train and ran nothing; its next run lost the subsidy)."""
        entity = self.current_entity()
        super().skip()
        if entity is not None:
            self._barrels_done(entity)

    @staticmethod
    def _barrels_done(entity: Any) -> None:
        from engine.steps.assign import unassign

        if "BARREL" in (getattr(entity, "assignments", None) or {}):
            unassign(entity, "BARREL")

    def rust_obsolete_trains(self, entity: Any, log: bool = True) -> None:
        """Obsolete trains rust after the run, unless the 1S ran instead of them or the Patch saves one."""
        zoo: Any = self.game
        ran: list[str] = list(getattr(self.round, "train_in_route", None) or [])
        rusted: list[str] = []
        for train in [t for t in entity.trains if t.obsolete]:
            train.rusts_on = "2S"
            if "1S-0" in ran and train.id not in ran:
                continue
            if not zoo.train_rules.rusts(train, None):
                continue
            rusted.append(train.name)
            zoo.train_rules.rust(train)
        if log and rusted:
            zoo.log(f"-- Event: Obsolete trains rust ({', '.join(rusted)}) --")

    def payout_shares(self, entity: Any, revenue: int) -> None:
        super().payout_shares(entity, revenue)
        zoo: Any = self.game
        bonus = zoo.president_bonus(zoo.share_price_after_run(entity, revenue))
        if bonus > 0:
            president = entity.owner
            zoo.bank.spend(bonus, president, check_positive=False)
            zoo.log(f"President {president.name} earns {zoo.format_currency(bonus)} as a bonus from {entity.name} "
                    "run")


class ZooBuyTrain(BuyTrain):
    """The first train a family buys in a turn moves its mark right (new-train bonus), and so does the first train
    of a new kind (new-phase bonus)."""

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state.update(any_train_brought=False, president_helped=False)
        return state

    def setup(self) -> None:
        super().setup()
        self.round.any_train_brought = False  # type: ignore[attr-defined]
        self.round.president_helped = False  # type: ignore[attr-defined]

    _with_tickets = False

    def can_buy_train(self, entity: Any = None, shell: Any = None) -> bool:
        """The step is offered while the president's ZOOTickets (sold for the family) would cover a train; not
        after the president helped with a loan."""
        if getattr(self.round, "president_helped", False):
            return False
        self._with_tickets = True
        try:
            return super().can_buy_train(entity, shell)
        finally:
            self._with_tickets = False

    def buying_power(self, entity: Any) -> int:
        zoo: Any = self.game
        base = int(super().buying_power(entity))
        return base + int(zoo.tickets_value(entity)) if self._with_tickets else base

    def actions(self, entity: Any) -> list[str]:
        found = list(super().actions(entity))
        one_s = self.game.train_by_id("1S-0")
        if one_s.owner is entity and "buy_train" in found:
            return ["pass"]
        return found

    def spend_minmax(self, entity: Any, train: Any) -> tuple[int, int]:
        """The president's money helps only with a depot train; another family's train is paid from the
        family's own money."""
        power = self.buying_power(entity)
        if train.from_depot and power < train.price:
            president_cash = int(entity.owner.cash)
            low = power + president_cash - self.last_share_sold_price + 1 \
                if self.last_share_sold_price is not None else 1
            return low, min(int(train.price), power + president_cash)
        return 1, power

    def can_sell(self, entity: Any, bundle: Any) -> bool:
        """Only the president sells (a family never sells its own treasury shares)."""
        if getattr(entity, "is_corporation", False):
            return False
        return bool(super().can_sell(entity, bundle))

    def process_sell_shares(self, action: Any) -> None:
        """In an emergency the president may sell a family's shares in several sales."""
        super().process_sell_shares(action)
        self.corporations_sold = []

    def try_take_player_loan(self, player: Any, cost: int) -> None:
        """Whenever the president pays towards a train, the family's turn of buying ends."""
        self.round.president_helped = True  # type: ignore[attr-defined]
        super().try_take_player_loan(player, cost)

    def process_buy_train(self, action: Any) -> None:
        zoo: Any = self.game
        entity = zoo.resolve_entity(action)
        train = zoo.train_by_id(action.train)
        discarded = any(t is train for t in zoo.depot.discarded)
        from_corporation = train.owner is not None and getattr(train.owner, "is_corporation", False)
        super().process_buy_train(action)
        if discarded:
            return
        if not self.round.any_train_brought and not from_corporation:  # type: ignore[attr-defined]
            old = entity.share_price
            zoo.stock_market.move_right(entity)
            zoo.share_rules.log_share_price(entity, old)
            self.round.any_train_brought = True  # type: ignore[attr-defined]
        if zoo.first_train_of_new_phase:
            old = entity.share_price
            zoo.stock_market.move_right(entity)
            zoo.share_rules.log_share_price(entity, old)
            zoo.first_train_of_new_phase = False


from engine.steps.assign import Assign  # noqa: E402
from engine.steps.assign import assign as put_marker  # noqa: E402
from engine.steps.assign import assigned as has_marker  # noqa: E402


class ZooAssign(Assign):
    """The powers put on a hex: "Wheat" (a hex with one of its family's stations), "Hole" (two R areas, one after
    the other: the step waits for the second), "That's mine!" (reserves a free station slot; the power then places
    a token there) and "Work in progress" (a blocking token in a free slot).  Each closes once used (except
    "That's mine!", which turns into its token ability)."""

    #: the powers' abilities list no hexes: any hex ``available_hex`` allows takes the marker
    ANY_HEX_WHEN_UNLISTED: ClassVar[bool] = True

    def setup(self) -> None:
        super().setup()
        self.company: Any = None

    def active_entities(self) -> list[Any]:
        return [self.company] if getattr(self, "company", None) is not None else super().active_entities()

    def blocks(self) -> bool:
        return getattr(self, "company", None) is not None

    def description(self) -> str:
        company = getattr(self, "company", None)
        return f"Select hex for {company.name}" if company is not None else "Assign"

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        zoo: Any = self.game
        if not getattr(entity, "is_company", False) or not getattr(entity.owner, "is_corporation", False):
            return None
        if zoo.ability_rules.ability(entity, "assign_hexes") is None:
            return None
        if entity.id == "WHEAT" and not any(t.city is not None and t.city.hex is hex_
                                            for t in entity.owner.tokens if t is not None):
            return None
        if entity.id == "HOLE" and not zoo.hole_target(hex_):
            return None
        if entity.id == "THAT_S_MINE" and not _free_station(hex_, entity.owner):
            return None
        if entity.id == "WORK_IN_PROGRESS" and not _free_station(hex_, None):
            return None
        if has_marker(hex_, entity.id):
            return None
        return list(zoo.hex_by_id(hex_.id).neighbors.keys())

    def process_assign(self, action: Any) -> None:
        zoo: Any = self.game
        company = zoo.resolve_entity(action)
        hex_ = self.resolve_target(action)
        if getattr(action, "target_type", None) != "hex":
            super().process_assign(action)
            return
        if zoo.strict and self.available_hex(company, hex_) is None:
            raise IllegalAction(f"{company.name} cannot be assigned to {hex_.id}")
        if company.id == "THAT_S_MINE":
            self.reserve(company, hex_)
            return
        if company.id == "WORK_IN_PROGRESS":
            self.block(company, hex_)
            return
        ability = zoo.ability_rules.ability(company, "assign_hexes")
        if ability is None:
            raise IllegalAction(f"Could not assign {company.name} to {hex_.id}; :assign_hexes ability not found")
        if has_marker(hex_, company.id):
            raise IllegalAction(f"{company.name} is already assigned to {hex_.id}")
        put_marker(hex_, company.id)
        ability.use()
        zoo.log(f"{company.name} is assigned to {hex_.id}")
        if company.id == "HOLE":
            zoo.assign_hole(company, hex_)
        self.company = company if company.id == "HOLE" and list(company.all_abilities()) else None
        if self.company is not None:
            return
        zoo.log(f"{company.name} closes")
        company.close()

    def reserve(self, company: Any, hex_: Any) -> None:
        from engine.model.abilities import make_ability

        zoo: Any = self.game
        if not _free_station(hex_, company.owner):
            raise IllegalAction(f"Cannot place token on {hex_.id} as the hex is not available")
        hex_.tile.add_reservation(company.owner, 0)
        zoo.log(f"{company.owner.name} reserves {hex_.id}")
        for ability in list(company.all_abilities()):
            company.remove_ability(ability)
            break
        company.add_ability(make_ability({"type": "token", "hexes": [hex_.id], "owner_type": "corporation",
                                          "extra_slot": False, "from_owner": True, "when": "owning_corp_or_turn",
                                          "special_only": True, "discount": 0}))

    def block(self, company: Any, hex_: Any) -> None:
        from engine.model.token import Token

        zoo: Any = self.game
        if not _free_station(hex_, None):
            raise IllegalAction(f"Cannot place token on {hex_.id} as the hex is not available")
        hex_.tile.cities[0].exchange_token(Token(None, price=0, type="blocking"))
        zoo.graph.clear_graph_for_all()
        zoo.log(f"{company.name} blocks a slot in {hex_.id}")
        zoo.log(f"{company.name} closes")
        company.close()


def _free_station(hex_: Any, corporation: Any) -> bool:
    tile = hex_.tile
    if tile.color == "white" or not tile.cities:
        return False
    city = tile.cities[0]
    if corporation is not None and city.tokened_by(corporation):
        return False
    return bool(city.available_slots > 0)


from engine.steps.route import RouteStep  # noqa: E402
from engine.steps.token import TokenStep  # noqa: E402


class ZooToken(TokenStep):
    """A station may be afforded with the president's ZOOTickets (the step is offered when they cover it)."""

    _with_tickets = False

    def can_place_token(self, entity: Any) -> bool:
        self._with_tickets = True
        try:
            return super().can_place_token(entity)
        finally:
            self._with_tickets = False

    def buying_power(self, entity: Any) -> int:
        zoo: Any = self.game
        base = int(super().buying_power(entity))
        return base + int(zoo.tickets_value(entity)) if self._with_tickets else base


class ZooRoute(AbilityChoosing, RouteStep):
    """"Two barrels" is used as the routes are run (``choose_ability``); once both barrels are used, it closes
    after the run."""

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return ["choose_ability"] if self.offers_ability_choice(entity) else []
        return list(super().actions(entity))

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["train_in_route"] = []
        return state

    def track_running_trains(self, entity: Any) -> None:
        """The trains the family had as it ran (or passed): an obsolete train rusts after the run unless the 1S
        ran in its place."""
        self.round.train_in_route = [t.id for t in entity.trains]  # type: ignore[attr-defined]

    def process_pass(self, action: Any) -> None:
        super().process_pass(action)
        self.track_running_trains(self.game.resolve_entity(action))

    def skip(self) -> None:
        entity = self.current_entity()
        super().skip()
        if entity is not None:
            self.track_running_trains(entity)

    def process_run_routes(self, action: Any) -> None:
        super().process_run_routes(action)
        self.track_running_trains(self.game.resolve_entity(action))
        zoo: Any = self.game
        barrels = zoo.power("TWO_BARRELS")
        if barrels.closed or list(barrels.all_abilities()):
            return
        barrels.close()
        zoo.log(f"'{barrels.name}' is closed")


from engine.steps.special_token import SpecialToken  # noqa: E402


class ZooSpecialToken(SpecialToken):
    """"On a diet" (an extra station in a reached city without one of the family's) and "That's mine!" (its
    reserved slot, when reached and affordable); a power whose token ability is used up closes."""

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        zoo: Any = self.game
        if not getattr(entity, "is_company", False) or not getattr(entity.owner, "is_corporation", False):
            return False
        corporation = entity.owner
        cities = hex_.tile.cities
        if entity.id == "ON_A_DIET" and not (
                zoo.graph.reachable_hexes(corporation).get(hex_) and cities
                and not cities[0].tokened_by(corporation)):
            return False
        if entity.id == "THAT_S_MINE":
            tokens = [t for t in corporation.tokens if not t.used]
            if not (cities and cities[0].reserved_by(corporation) and zoo.graph.reachable_hexes(corporation).get(hex_)
                    and tokens and tokens[0].price <= self.buying_power(corporation)):
                return False
        return bool(super().available_hex(entity, hex_))

    def process_place_token(self, action: Any) -> None:
        super().process_place_token(action)
        company = self.game.resolve_entity(action)
        if company.closed or list(company.all_abilities()):
            return
        company.close()
        self.game.log(f"'{company.name}' is closed")


from engine.steps.special_track import SpecialTrack  # noqa: E402


class ZooSpecialTrack(RiverBacks, SpecialTrack):
    """Where the track powers lay: "Ancient maps" on empty hexes only, "Moles" over plain 7/8/9 track only,
    "Rabbits" upgrades laid track (not a green O, M or MM hex)."""

    MOLES_HEXES: ClassVar[tuple[str, ...]] = ("7", "X7", "8", "X8", "9", "X9")
    MOLES_TILES: ClassVar[tuple[str, ...]] = ("80", "X80", "81", "X81", "82", "X82", "83", "X83")
    #: "Rabbits" and "Moles" lay by their own rules (before the phase, over labels): they name their tiles
    TILES_BY_POTENTIAL_TILES: ClassVar[bool] = True
    #: the upgrades "Rabbits" allows on an O (river) tile
    RABBITS_O_UPGRADES: ClassVar[dict[str, tuple[str, ...]]] = {
        "X7": ("X26", "X27", "X28", "X29", "X30", "X31"),
        "X8": ("X16", "X19", "X23", "X24", "X25", "X28", "X29", "X30", "X31"),
        "X9": ("X19", "X20", "X23", "X24", "X26", "X27"),
    }

    def track_restriction_entity(self, entity: Any) -> Any:
        """A power's lay keeps the rule on reusing track of its family."""
        return entity.owner if getattr(entity, "is_company", False) else entity

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        tile = hex_.tile
        company = getattr(entity, "id", None)
        if company == "ANCIENT_MAPS" and tile.color != "white":
            return None
        if company == "MOLES" and tile.name not in self.MOLES_HEXES:
            return None
        if company == "RABBITS" and (tile.color in ("white", "red", "gray") or (
                tile.color == "green" and (str(tile.label or "") == "O" or hex_.location_name in ("M", "MM")))):
            return None
        return super().available_hex(entity, hex_)

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        """"Rabbits": any tile of the next colour keeping the track and the label (an O tile only to its listed
        upgrades; a yellow mountain to anything), whatever the phase; "Moles": its special tiles over plain
        track, whatever the phase."""
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        company = getattr(entity, "id", None)
        if company not in ("RABBITS", "MOLES"):
            return super().potential_tiles(entities, hex_)
        ability = self.ability(entity)
        if ability is None:
            return []
        from engine.map.upgrades import upgrades_to, upgrades_to_correct_label

        old = hex_.tile
        names = list(dict.fromkeys(t.name for t in self.game.tiles))
        if company == "MOLES":
            wanted = [n for n in (ability.tiles or names) if n in names]
        else:
            moles = set(self.MOLES_TILES)
            wanted = [n for n in names if n not in moles]
            if str(old.label or "") == "O":
                allowed = self.RABBITS_O_UPGRADES.get(old.name, ())
                wanted = [n for n in wanted if n in allowed]
        found = []
        for name in wanted:
            tile = next(t for t in self.game.tiles if t.name == name)
            if not self.game.track_rules.upgrades_to(old, tile, True) or not upgrades_to(old, tile, from_company=True):
                continue
            if company == "RABBITS" and not (upgrades_to_correct_label(old, tile) or (
                    hex_.location_name in ("M", "MM") and old.color == "yellow")):
                continue
            found.append(tile)
        return found
