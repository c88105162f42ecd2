"""Game: an 18xx game on the kernel (``engine.core.game.KernelGame``): setup of the 18xx model, the 18xx
round sequence (auction, stock, operating), the 18xx game-end conditions and the rule families not yet moved
into services.

``Game`` composes the model services (bank, share pool, stock market, depot, phase, graph); the kernel applies
actions, hands them to the current round, replays and refuses.  Titles subclass it in their ``rules.py`` and override the documented hooks
(step lists, setup, revenue bonuses, ...).  Everything a title *is* comes from its ``TitleSpec``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from engine.actions import Action
from engine.core.game import KernelGame
from engine.errors import IllegalAction, InvalidAction
from engine.rounds.auction import AuctionRound
from engine.rounds.base import Round
from engine.rounds.operating import OperatingRound
from engine.rounds.stock import StockRound
from engine.services.abilities import AbilityRules
from engine.services.companies import CompanyRules
from engine.services.shares import ShareRules
from engine.services.trains import TrainRules
from engine.titles.spec import TitleSpec

GAME_END_TIMING_ORDER = ("immediate", "current_round", "current_or", "full_or", "one_more_full_or_set")


class Game(KernelGame):
    """One game of an 18xx title, rebuilt by replaying its actions."""

    #: The title's data; set by each title's ``rules.py`` subclass.
    TITLE: ClassVar[TitleSpec]
    #: The share rules (``game.share_rules``); a title with its own names a subclass.
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules
    #: Ability timing (``game.ability_rules``).
    ABILITY_RULES: ClassVar[type[AbilityRules]] = AbilityRules
    #: Train limits, purchases, rusting and train events (``game.train_rules``).
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules
    #: Private companies: revenue, sales, closing (``game.company_rules``).
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules

    def __init__(
        self,
        players: Sequence[tuple[Any, str]],
        *,
        game_id: Any = None,
        seed: Any = None,
        optional_rules: Iterable[str] = (),
        strict: bool = False,
    ) -> None:
        # While a saved game is being loaded (and not in strict mode) the reference skips some legality
        # checks (connectivity, rotations, blockers); every check runs for actions made live.
        super().__init__(players, game_id=game_id, seed=seed, optional_rules=optional_rules, strict=strict)
        spec = self.TITLE
        self.spec = spec
        self.title = spec.title
        self.share_rules = self.SHARE_RULES(self)
        self.ability_rules = self.ABILITY_RULES(self)
        self.train_rules = self.TRAIN_RULES(self)
        self.company_rules = self.COMPANY_RULES(self)
        self.game_end_trigger: tuple[str, str] | None = None
        self.final_turn: int | None = None
        self.programmed_actions: dict[Any, list[Action]] = {}
        self.closing_queue: dict[Any, bool] = {}
        self.corporations_are_closing = False

        n_players = len(players)
        known = {o.sym: o for o in spec.optional_rules}
        self.optional_rules = []
        for r in optional_rules:
            option = known.get(r)
            if option is not None and (option.players is None or n_players in option.players):
                self.optional_rules.append(r)
        for group in spec.mutex_rules:
            chosen = [r for r in group if r in self.optional_rules]
            if len(chosen) > 1:
                raise InvalidAction(f"{spec.title}: the optional rules {', '.join(chosen)} cannot be combined")
        self.rules = spec.rules_for(self.optional_rules)
        low, high = spec.player_range
        if not low <= n_players <= high:
            raise InvalidAction(f"{spec.title} is for {low} to {high} players, not {n_players}")

        from engine.model.entities import Player

        self.players: list[Any] = [Player(pid, name) for pid, name in players]
        self.setup_model()
        self.round: Round = self.init_round()
        self.build_caches()
        self.connect_hexes()
        self.init_company_abilities()
        self.setup()
        self.round.setup()

    # ------------------------------------------------------------------------------------------------------
    # Construction
    # ------------------------------------------------------------------------------------------------------
    def setup_model(self) -> None:
        """Build the live model from the title data, in the reference engine's order (it matters for ids)."""
        from engine.map.graph import Graph
        from engine.model.bank import Bank
        from engine.model.market import StockMarket
        from engine.model.phase import Phase

        spec = self.spec
        n = len(self.players)
        self.companies: list[Any] = self.init_companies()
        self.stock_market = StockMarket(
            [list(row) for row in spec.market],
            multiple_buy_types=list(self.rules.multiple_buy_types),
        )
        self.minors: list[Any] = self.init_minors()
        self.corporations: list[Any] = self.init_corporations()
        self.bank = Bank(spec.bank_cash_for(n), log=self.log,
                         check=any(reason == "bank" for reason, _ in self.rules.game_end_check))
        self.tiles: list[Any] = self.init_tiles()
        self.cert_limit = self.init_cert_limit()
        self.depot = self.init_depot()
        starting = spec.starting_cash_for(n)
        for player in self.players:
            self.bank.spend(starting, player)
        self.share_pool = self.init_share_pool()
        self.hexes: list[Any] = self.init_hexes()
        self.graph = Graph(self)
        self.phase = Phase([self.phase_dict(p) for p in spec.phases], self)
        self.operating_rounds: int = (self.phase.operating_rounds or 1)

    def init_share_pool(self) -> Any:
        """The market pool (titles with their own pool rules return a subclass)."""
        from engine.model.share_pool import SharePool

        rules = self.rules
        return SharePool(
            self, market_share_limit=rules.market_share_limit,
            sold_shares_destination=rules.sold_shares_destination,
            allow_president_sale=rules.president_sales_to_market,
            buy_share_from_other_player=rules.buy_share_from_other_player,
            corporate_buy_share_allow_buy_from_president=rules.corporate_buy_share_allow_buy_from_president)

    def init_companies(self) -> list[Any]:
        from engine.model.entities import Company

        n = len(self.players)
        companies = []
        for c in self.spec.companies:
            if c.min_players is not None and c.min_players > n:
                continue
            companies.append(Company(
                sym=c.sym, name=c.name, value=c.value, revenue=c.revenue, desc=c.desc,
                abilities=c.ability_dicts(), discount=c.discount, color=c.color,
            ))
        return companies

    def init_minors(self) -> list[Any]:
        from engine.model.entities import Minor

        return [Minor(sym=m.sym, name=m.name, tokens=list(m.tokens), coordinates=m.coordinates, city=m.city,
                      abilities=m.ability_dicts(), color=m.color, text_color=m.text_color)
                for m in self.spec.minors]

    def init_corporations(self) -> list[Any]:
        from engine.model.entities import Corporation

        corps = []
        min_price = min(sp.price for sp in self.stock_market.par_prices)
        for c in self.spec.corporations:
            corps.append(Corporation(
                sym=c.sym, name=c.name, tokens=list(c.tokens), coordinates=c.coordinates, city=c.city,
                float_percent=c.float_percent, max_ownership_percent=c.max_ownership_percent,
                capitalization=self.rules.capitalization, always_market_price=c.always_market_price,
                shares=list(c.shares), abilities=c.ability_dicts(), color=c.color, text_color=c.text_color,
                min_price=min_price,
            ))
        return corps

    def init_tiles(self) -> list[Any]:
        from engine.map.tile import Tile

        tiles: list[Any] = []
        self.unlimited_tiles: set[str] = set()
        for name, count in self.spec.tiles.items():
            number = 1 if count == "unlimited" else int(count)
            if count == "unlimited":
                self.unlimited_tiles.add(name)
            custom = self.spec.custom_tiles.get(name) if self.spec.custom_tiles else None
            blocks = self.rules.tile_reservation_blocks_others
            for i in range(number):
                if custom is not None:
                    tiles.append(Tile.from_code(name, custom.code, custom.color, index=i,
                                                reservation_blocks=blocks, unlimited=count == "unlimited"))
                else:
                    tiles.append(Tile.for_catalogue(name, i, reservation_blocks=blocks,
                                                    unlimited=count == "unlimited"))
        return tiles

    def init_cert_limit(self) -> int:
        """The certificate limit by players (and, where the table says so, by corporations still in play)."""
        players = self.players
        if self.rules.cert_limit_change_on_bankruptcy:
            players = [p for p in players if not p.bankrupt]
        return int(self.spec.cert_limit_for(len(players), len(self.corporations)))

    def init_depot(self) -> Any:
        from engine.model.trains import Depot, Train

        trains: list[Any] = []
        for t in self.spec.trains:
            for i in range(int(t.copies(self.optional_rules, len(self.players)))):
                trains.append(Train(
                    name=t.name, distance=t.distance if isinstance(t.distance, int) else [
                        dict(d) for d in t.distance],
                    price=t.price, index=i, rusts_on=t.rusts_on, obsolete_on=t.obsolete_on,
                    available_on=t.available_on, discount=dict(t.discount) if t.discount else None,
                    variants=t.variant_dicts(), events=t.event_dicts(),
                    num=t.count(self.optional_rules, len(self.players))))
        rules = self.rules
        return Depot(trains, self, discarded_train_placement=rules.discarded_trains,
                     allow_train_buy_from_others=rules.allow_train_buy_from_others,
                     allow_train_buy_from_other_players=rules.allow_train_buy_from_other_players,
                     allow_obsolete_train_buy=rules.allow_obsolete_train_buy)

    def phase_dict(self, p: Any) -> dict[str, Any]:
        return {"name": p.name, "on": p.on, "train_limit": p.train_limit, "tiles": list(p.tiles),
                "operating_rounds": p.operating_rounds, "status": list(p.status),
                "events": [dict(e) for e in p.events]}

    def init_hexes(self) -> list[Any]:
        """Preprinted hexes, with blockers from ``blocks_hexes`` abilities and home reservations."""
        from engine.map.hexes import Hex
        from engine.map.tile import Tile

        blockers: dict[str, list[Any]] = {}
        for entity in (*self.companies, *self.minors, *self.corporations):
            for ability in entity.abilities_of_type("blocks_hexes"):
                for hex_id in ability.hexes:
                    blockers.setdefault(hex_id, []).append(ability)
                ability.hex_objects = []
        # (entity, city, slot, reservation ability): home cities, then ``reservation`` abilities
        reservations: dict[str, list[tuple[Any, int | None, int | None, Any]]] = {}
        for corp in self.reservation_corporations():
            coords = corp.coordinates
            coord_list = list(coords) if isinstance(coords, list | tuple) else ([coords] if coords else [])
            for idx, coord in enumerate(coord_list):
                city = corp.city[idx] if isinstance(corp.city, list | tuple) else corp.city
                reservations.setdefault(coord, []).append((corp, city, None, None))
        for entity in (*self.corporations, *self.companies):
            for ability in entity.abilities_of_type("reservation"):
                reservations.setdefault(ability.hex, []).append((entity, int(ability.city or 0),
                                                                 int(ability.slot or 0), ability))
        hexes = []
        layout = self.spec.layout
        for pre in self.spec.preprinted_hexes():
            color, hex_id, code, index = pre.color, pre.hex_id, pre.tile, pre.index
            if Tile.in_catalogue(code):
                tile = Tile.for_catalogue(code, index, preprinted=True)
            else:
                tile = Tile.from_code(hex_id, code, color, index=index, preprinted=True)
            hex_ = Hex(hex_id, layout, tile, location_name=self.spec.location_names.get(hex_id),
                       axes=dict(self.spec.resolved_axes))
            for ability in blockers.get(hex_id, []):
                tile.add_blocker(ability.owner)
                ability.hex_objects.append(hex_)
            for entity, city, slot, reservation in reservations.get(hex_id, []):
                if reservation is not None:
                    reservation.tile = tile
                tile.add_reservation(entity, city, slot)
            hexes.append(hex_)
        return hexes

    def reservation_corporations(self) -> list[Any]:
        return list(self.corporations)

    def init_round(self) -> Round:
        return self.new_auction_round()

    def build_caches(self) -> None:
        super().build_caches()
        self._corporations_by_id = {c.id: c for c in self.corporations}
        self._companies_by_id = {c.id: c for c in self.companies}
        self._minors_by_id = {m.id: m for m in self.minors}
        self._hexes_by_id = {h.id: h for h in self.hexes}
        self._tiles_by_id = {t.id: t for t in (*self.tiles, *(h.tile for h in self.hexes))}
        self._trains_by_id = {t.id: t for t in self.depot.trains}
        self._share_prices_by_id = {sp.id: sp for row in self.stock_market.market for sp in row if sp is not None}
        self._shares_by_id = {s.id: s for c in self.corporations for s in c.shares}
        self._cities_by_id: dict[str, Any] = {}
        for tile in (*(h.tile for h in self.hexes), *self.tiles):
            for city in tile.cities:
                self._cities_by_id[city.id] = city

    def connect_hexes(self) -> None:
        from engine.map.hexes import connect_hexes

        connect_hexes(self.hexes, impassable_colors=tuple(self.rules.impassable_hex_colors))

    def init_company_abilities(self) -> None:
        for company in self.companies:
            for ability in company.abilities_of_type("shares"):
                real = []
                for share in ability.shares:
                    if share in ("random_president", "first_president"):
                        idx = 0 if share == "first_president" else self.rng.rand() % len(self.corporations)
                        corporation = self.corporations[idx]
                        real.append(corporation.shares[0])
                        self.log(f"{company.name} comes with the president's share of {corporation.name}")
                    elif isinstance(share, str):
                        real.append(self.share_by_id(share))
                    else:
                        real.append(share)
                ability.shares = real

    # ------------------------------------------------------------------------------------------------------
    # Lookups
    # ------------------------------------------------------------------------------------------------------
    def corporation_by_id(self, cid: Any) -> Any:
        try:
            return self._corporations_by_id[cid]
        except KeyError:
            raise InvalidAction(f"unknown corporation {cid!r}") from None

    def company_by_id(self, cid: Any) -> Any:
        try:
            return self._companies_by_id[cid]
        except KeyError:
            raise InvalidAction(f"unknown private company {cid!r}") from None

    def minor_by_id(self, mid: Any) -> Any:
        try:
            return self._minors_by_id[mid]
        except KeyError:
            raise InvalidAction(f"unknown minor {mid!r}") from None

    def hex_by_id(self, hid: Any) -> Any:
        try:
            return self._hexes_by_id[hid]
        except KeyError:
            raise InvalidAction(f"unknown hex {hid!r}") from None

    def tile_by_id(self, tid: Any) -> Any:
        tile = self._tiles_by_id.get(tid)
        if tile is None:
            raise InvalidAction(f"unknown tile {tid!r}")
        return tile

    def train_by_id(self, tid: Any) -> Any:
        train = self._trains_by_id.get(tid)
        if train is None:
            for t in self.depot.trains:
                if t.id == tid:
                    self._trains_by_id[tid] = t
                    return t
            raise InvalidAction(f"unknown train {tid!r}")
        return train

    def share_by_id(self, sid: Any) -> Any:
        try:
            return self._shares_by_id[sid]
        except KeyError:
            raise InvalidAction(f"unknown certificate {sid!r}") from None

    def share_price_by_id(self, spid: Any) -> Any:
        try:
            return self._share_prices_by_id[spid]
        except KeyError:
            raise InvalidAction(f"unknown par price {spid!r}") from None

    def city_by_id(self, cid: Any) -> Any:
        city = self._cities_by_id.get(cid)
        if city is None:
            raise InvalidAction(f"unknown city {cid!r}")
        return city

    def register_tile(self, tile: Any) -> None:
        """Record a tile created during play (a new copy of an unlimited tile)."""
        self._tiles_by_id[tile.id] = tile
        for city in tile.cities:
            self._cities_by_id[city.id] = city

    def entity_by(self, entity_type: str, eid: Any) -> Any:
        if entity_type == "player":
            return self.player_by_id(eid)
        if entity_type == "corporation":
            if eid in self._corporations_by_id:
                return self._corporations_by_id[eid]
            if eid in self._minors_by_id:
                return self._minors_by_id[eid]
            return self.corporation_by_id(eid)
        if entity_type == "company":
            return self.company_by_id(eid)
        if entity_type == "minor":
            return self.minor_by_id(eid)
        raise InvalidAction(f"unknown entity type {entity_type!r}")

    @staticmethod
    def entity_corporation(entity: Any) -> Any:
        """The corporation an entity acts for: itself, or a company's corporate owner."""
        if entity is None:
            return None
        if getattr(entity, "is_corporation", False) or getattr(entity, "is_minor", False):
            return entity
        if getattr(entity, "is_company", False):
            owner = entity.owner
            if owner is not None and (getattr(owner, "is_corporation", False) or getattr(owner, "is_minor", False)):
                return owner
        return None

    @staticmethod
    def entity_player(entity: Any) -> Any:
        """The player behind an entity: itself, or the owner (president) chain."""
        seen = 0
        while entity is not None and not getattr(entity, "is_player", False) and seen < 4:
            entity = getattr(entity, "owner", None)
            seen += 1
        return entity if getattr(entity, "is_player", False) else None

    def acting_for_entity(self, entity: Any) -> Any:
        return entity.owner if entity is not None and entity.owner is not None else entity

    # ------------------------------------------------------------------------------------------------------
    # Money in the log
    # ------------------------------------------------------------------------------------------------------
    def format_score(self, value: int) -> str:
        return self.format_currency(value)

    def format_currency(self, value: int | float) -> str:
        return self.rules.currency_format.replace("%s", str(value))

    # ------------------------------------------------------------------------------------------------------
    # Processing
    # ------------------------------------------------------------------------------------------------------
    #: Action fields naming entities, and the lookup that must know each id.
    REFERENCE_FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("company", "company_by_id"), ("corporation", "corporation_by_id"), ("hex", "hex_by_id"),
        ("tile", "tile_by_id"), ("train", "train_by_id"), ("city", "city_by_id"), ("minor", "minor_by_id"),
    )

    def check_references(self, action: Action) -> None:
        """Every id an action names must exist: ``InvalidAction`` naming the unknown one otherwise."""
        for field_name, lookup in self.REFERENCE_FIELDS:
            value = getattr(action, field_name, None)
            if value is not None and isinstance(value, str):
                getattr(self, lookup)(value)
        for share_id in getattr(action, "shares", None) or ():
            self.share_by_id(share_id)
        if action.type == "par":
            self.share_price_by_id(getattr(action, "share_price", None))
        if action.type == "buy_train" and getattr(action, "exchange", None):
            self.train_by_id(getattr(action, "exchange", None))

    def check_live(self, action: Action) -> None:
        """Live play: only a legal move is accepted (engine/moves)."""
        from engine.moves.registry import check_live

        check_live(self, action)

    def action_processed(self, action: Action) -> None:
        """After every action: corporations in a ``close`` cell close; if that leaves the current
        entity with nothing to do, the round moves on."""
        if not self.close_corporations_in_close_cell():
            return
        step = self.round.active_step()
        if step is not None and not step.actions(self.round.current_entity()):
            self.round.skip_steps()
            # The skipped step stays the round's cached active step, exactly as in the reference engine: after a
            # stock-round sale that closes a corporation, the round can stop on a player who has passed, with no
            # legal move (the site cannot go on either; its players undo).  Replays must reach that same state,
            # so it is kept here; live play refuses the sale instead (engine/moves/stock.py, stalling_sale).
            self.round.next_entity()

    def store_player_info(self) -> None:
        return None

    def next_round(self) -> None:
        self.store_player_info()
        current = self.round
        if isinstance(current, StockRound):
            self.operating_rounds = (self.phase.operating_rounds or 1)
            self.reorder_players()
            self.round = self.new_operating_round(1)
        elif isinstance(current, OperatingRound):
            if current.round_num < self.operating_rounds:
                self.or_round_finished()
                self.round = self.new_operating_round(current.round_num + 1)
            else:
                self.turn += 1
                self.or_round_finished()
                self.or_set_finished()
                self.round = self.new_stock_round()
        else:
            self.init_round_finished()
            self.reorder_players()
            self.round = self.new_stock_round()

    def init_round_finished(self) -> None:
        return None

    def or_round_finished(self) -> None:
        return None

    def or_set_finished(self) -> None:
        return None

    # --- rounds (titles override the step lists) -----------------------------------------------------------
    def new_auction_round(self) -> Round:
        return AuctionRound(self, self.auction_round_steps())

    def new_stock_round(self) -> Round:
        self.log(f"-- Stock Round {self.turn} --")
        self.round_counter += 1
        return StockRound(self, self.stock_round_steps())

    def new_operating_round(self, round_num: int = 1) -> Round:
        self.log(f"-- Operating Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        self.round_counter += 1
        return OperatingRound(self, self.operating_round_steps(), round_num)

    def auction_round_steps(self) -> list[Any]:
        from engine.steps.auction import CompanyPendingPar, WaterfallAuction

        return [CompanyPendingPar, WaterfallAuction]

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.companies import Exchange
        from engine.steps.shares import BuySellParShares
        from engine.steps.special_track import SpecialTrack
        from engine.steps.trains import DiscardTrain

        return [DiscardTrain, Exchange, SpecialTrack, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany, Exchange
        from engine.steps.dividend import Dividend
        from engine.steps.route import RouteStep
        from engine.steps.special_track import SpecialTrack
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.trains import BuyTrain, DiscardTrain

        return [Bankrupt, Exchange, SpecialTrack, BuyCompany, Track, TokenStep, RouteStep, Dividend,
                DiscardTrain, BuyTrain, (BuyCompany, {"blocks": True})]

    # ------------------------------------------------------------------------------------------------------
    # Game end and result
    # ------------------------------------------------------------------------------------------------------
    def game_end_check(self) -> tuple[str, str] | None:
        order = list(self.rules.game_end_timing_priority)
        for reason, timing in self.game_end_checks():
            if not self.game_end_condition(reason):
                continue
            if self.game_end_trigger is not None and order.index(timing) >= order.index(self.game_end_trigger[1]):
                continue
            self.game_end_trigger = (reason, timing)
            if self.rules.game_end_lock_first_trigger:
                break
        if (self.game_end_trigger is not None and self.game_end_trigger[1] == "one_more_full_or_set"
                and self.final_turn is None):
            self.final_turn = self.turn + 1
        return self.game_end_trigger

    def game_end_checks(self) -> Sequence[tuple[str, str]]:
        return self.rules.game_end_check

    def game_end_condition(self, reason: str) -> bool:
        if reason == "bankrupt":
            return self.bankruptcy_limit_reached()
        if reason == "bank":
            return bool(self.bank.broken)
        if reason == "all_closed":
            return all(e.closed for e in (*self.corporations, *self.companies))
        if reason == "stock_market":
            return bool(self.stock_market.max_reached)
        if reason == "final_train":
            return bool(self.depot.empty())
        if reason == "final_phase":
            return self.phase.is_last()
        return False

    def bankruptcy_limit_reached(self) -> bool:
        after = self.rules.bankruptcy_ends_game_after
        if after == "one":
            return any(p.bankrupt for p in self.players)
        if after == "all_but_one":
            return sum(1 for p in self.players if not p.bankrupt) <= 1
        return False

    def end_now(self, timing: str | None) -> bool:
        if timing is None or timing in ("immediate", "current_round"):
            return super().end_now(timing)
        if not isinstance(self.round, OperatingRound):
            return False
        if timing == "current_or":
            return True
        final_or = self.round.round_num == self.operating_rounds
        if final_or and timing == "one_more_full_or_set":
            return self.turn == self.final_turn
        return final_or

    # ------------------------------------------------------------------------------------------------------
    # Players, priority, operating order
    # ------------------------------------------------------------------------------------------------------
    def reorder_players(self) -> None:
        order = self.rules.next_sr_player_order
        if order == "after_last_to_act":
            active = [p for p in self.players if not p.bankrupt]
            player = active[self.round.entity_index % len(active)] if active else None
            if player is not None:
                i = self.players.index(player)
                self.players = self.players[i:] + self.players[:i]
        elif order == "first_to_pass" and self.round.pass_order:
            self.players = list(self.round.pass_order)
        if self.players:
            self.log(f"{self.players[0].name} has priority deal")

    def priority_deal_player(self) -> Any:
        players = [p for p in self.players if not p.bankrupt]
        if not players:
            return None
        current = self.round.current_entity()
        if current is not None and getattr(current, "is_player", False):
            last = self.round.last_to_act
            idx = (players.index(last) + 1) % len(players) if last is not None and last in players else 0
            return players[idx]
        return players[0]

    def operating_order(self) -> list[Any]:
        minors = [m for m in self.minors if m.floated]
        corps = [c for c in self.corporations if c.floated]
        corps.sort(key=lambda c: c.sort_order_key())
        return minors + corps

    def after_end_of_operating_turn(self, operator: Any) -> None:
        return None

    # ------------------------------------------------------------------------------------------------------
    # Companies and abilities
    # ------------------------------------------------------------------------------------------------------
    # ------------------------------------------------------------------------------------------------------
    # Corporations, shares, money
    # ------------------------------------------------------------------------------------------------------
    def float_corporation(self, corporation: Any) -> None:
        self.log(f"{corporation.name} floats")
        if corporation.capitalization in ("incremental", "none"):
            return
        self.bank.spend(corporation.par_price.price * corporation.total_shares, corporation)
        self.log(f"{corporation.name} receives {self.format_currency(corporation.cash)}")

    def after_par(self, corporation: Any) -> None:
        if corporation.capitalization == "incremental":
            for company in self.companies:
                for ability in self.ability_rules.abilities(company, "shares"):
                    if ability.shares and ability.shares[0].corporation is corporation:
                        amount = sum(corporation.par_price.price * s.num_shares for s in ability.shares)
                        self.bank.spend(amount, corporation)
        self.ability_rules.close_companies_on_event(corporation, "par")
        if self.rules.home_token_timing == "par":
            self.place_home_token(corporation)

    def can_par(self, corporation: Any, parrer: Any) -> bool:
        if corporation.par_via_exchange is not None and corporation.par_via_exchange.owner is not parrer:
            return False
        return not corporation.ipoed

    def cert_limit_for(self, player: Any = None) -> int:
        return self.cert_limit

    def num_certs(self, entity: Any) -> int:
        certs = 0
        for share in entity.shares:
            if share.corporation.counts_for_limit() and share.counts_for_limit:
                certs += share.cert_size
        if self.rules.cert_limit_includes_privates:
            certs += len(entity.companies)
        return certs

    def market_share_limit(self, corporation: Any = None) -> int:
        return int(self.rules.market_share_limit)

    def buying_power(self, entity: Any, **_: Any) -> int:
        return int(entity.cash)

    def can_go_bankrupt(self, player: Any, corporation: Any) -> bool:
        if not self.rules.bankruptcy_allowed:
            return False
        return bool(self.total_emr_buying_power(player, corporation) < self.depot.min_depot_price)

    def total_emr_buying_power(self, player: Any, corporation: Any) -> int:
        power = self.share_rules.liquidity(player, emergency=True)
        if corporation is not None:
            power += corporation.cash
        return power

    def declare_bankrupt(self, player: Any) -> None:
        if player.bankrupt:
            raise IllegalAction(f"{player.name} is already bankrupt")
        player.bankrupt = True

    def close_corporation(self, corporation: Any, quiet: bool = False) -> None:
        if not quiet:
            self.log(f"{corporation.name} closes")
        for hex_ in self.hexes:
            for city in hex_.tile.cities:
                if self.rules.closed_corp_tokens_removed:
                    for token in [t for t in city.tokens if t is not None and t.corporation is corporation]:
                        token.remove()
                if self.rules.closed_corp_reservations_removed:
                    city.reservations = [None if r is corporation else r for r in city.reservations]
            if self.rules.closed_corp_reservations_removed:
                hex_.tile.reservations = [r for r in hex_.tile.reservations if r is not corporation]
        corporation.spend(corporation.cash, self.bank, check_cash=False, check_positive=False)
        for train in list(corporation.trains):
            if self.rules.closed_corp_trains_removed:
                train.buyable = False
            else:
                self.depot.reclaim_train(train)
        if corporation.companies:
            self.log(f"{corporation.name}'s companies close: {', '.join(c.sym for c in corporation.companies)}")
        for company in list(corporation.companies):
            company.close()
        if self.round.current_entity() is corporation:
            self.round.force_next_entity()
        if getattr(corporation, "is_corporation", False):
            for holder in list(corporation.share_holders.keys()):
                holder.shares_by_corporation.pop(corporation, None)
            self.share_pool.shares_by_corporation.pop(corporation, None)
            if corporation.share_price is not None and corporation in corporation.share_price.corporations:
                corporation.share_price.corporations.remove(corporation)
            if corporation in self.corporations:
                self.corporations.remove(corporation)
        elif corporation in self.minors:
            self.minors.remove(corporation)
        corporation.close()
        self.cert_limit = self.init_cert_limit()
        # The next operator may skip all its steps and land in a close cell too.
        self.close_corporations_in_close_cell()

    def close_corporations_in_close_cell(self) -> bool:
        """Close every corporation whose price reached a ``close`` cell; True when any closed."""
        if not self.stock_market.has_close_cell:
            return False
        for corporation in self.corporations:
            price = corporation.share_price
            if not corporation.closed and price is not None and price.type == "close":
                self.closing_queue[corporation] = True
        if self.corporations_are_closing:
            return False
        closed_any = False
        self.corporations_are_closing = True
        while self.closing_queue:
            corporation = next(iter(self.closing_queue))
            del self.closing_queue[corporation]
            self.close_corporation(corporation)
            closed_any = True
        self.corporations_are_closing = False
        return closed_any

    # ------------------------------------------------------------------------------------------------------
    # Map
    # ------------------------------------------------------------------------------------------------------
    def place_home_token(self, corporation: Any) -> None:
        token = corporation.next_token()
        if token is None:
            return
        if corporation.tokens and corporation.tokens[0].used:
            return
        coords = corporation.coordinates
        hex_ = self.hex_by_id(coords) if isinstance(coords, str) else None
        tile = hex_.tile if hex_ is not None else None
        if tile is None or (tile.reserved_by(corporation) and tile.paths):
            pending = getattr(self.round, "pending_tokens", None)
            if pending is None:
                return
            if any(p["entity"] is corporation for p in pending):
                self.round.clear_cache()
                return
            if hex_ is None:
                return
            self.log(f"{corporation.name} must choose city for home token")
            pending.append({"entity": corporation, "hexes": [hex_], "token": token})
            self.round.clear_cache()
            return
        cities = tile.cities
        city = next((c for c in cities if c.reserved_by(corporation)), cities[0] if cities else None)
        if city is None:
            return
        if city.tokenable(corporation, tokens=[token]):
            self.log(f"{corporation.name} places a token on {hex_.id if hex_ else '?'}")
            city.place_token(corporation, token)

    def upgrade_cost(self, tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        """Terrain cost of building on ``tile`` (the hex's current tile), less ``tile_discount`` abilities of
        the acting corporation (or of the company's corporate owner) that apply to this hex and terrain."""
        owner = getattr(entity, "owner", None)
        if not getattr(entity, "is_corporation", False) and getattr(owner, "is_corporation", False):
            entity = owner
        abilities = [a for a in (entity.all_abilities() if entity is not None else [])
                     if a.type == "tile_discount" and (not a.hexes or hex_.id in a.hexes)]
        terrain = tile.terrain
        discount = sum(a.discount for a in abilities if a.discounts_tile(terrain))
        total = sum(upgrade.cost for upgrade in tile.upgrades)
        discount = min(total, discount)
        if discount > 0:
            names = ", ".join(a.owner.name for a in abilities)
            self.log(f"{spender.name} receives a discount of {self.format_currency(discount)} from {names}")
        return int(total - discount)

    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        return self.rules.tile_lays

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        from engine.map.upgrades import upgrades_to

        return upgrades_to(old, new, from_company=special)

    def update_tile_lists(self, tile: Any, old_tile: Any) -> None:
        if tile.name in self.unlimited_tiles:
            # The next copy follows the highest index of that tile anywhere (the laid copy may be an older one
            # back from the map: copying it would make a second tile with an id already in use).
            highest = max((t for t in self._tiles_by_id.values() if t.name == tile.name and not t.preprinted),
                          key=lambda t: t.index, default=tile)
            fresh = highest.dup()
            self.tiles.append(fresh)
            self.register_tile(fresh)
        if tile in self.tiles:
            self.tiles.remove(tile)
        if not old_tile.preprinted:
            self.tiles.append(old_tile)

    # ------------------------------------------------------------------------------------------------------
    # Replay helpers
    # ------------------------------------------------------------------------------------------------------
    def cash_total(self) -> int:
        total = int(self.bank.cash) + sum(int(p.cash) for p in self.players)
        total += sum(int(c.cash) for c in self.corporations)
        total += sum(int(m.cash) for m in self.minors)
        return total


__all__ = ["Game"]
