"""Game: an 18xx game on the kernel (``engine.core.game.KernelGame``): the 18xx round sequence (auction, stock,
operating), when a triggered game end takes effect, lookups of 18xx entities by id, and the composition of the
18xx rule services.

``Game`` composes the model (bank, share pool, stock market, depot, phase, graph: built by ``SETUP``) and the
rule services in ``engine/services/`` (``share_rules``, ``ability_rules``, ``train_rules``, ``company_rules``,
``corporation_rules``, ``bankruptcy``, ``end_rules``, ``track_rules``); the kernel applies actions, hands them to
the current round, replays and refuses.  Titles subclass it in their ``rules.py``: they name their own service
classes and override only the hooks listed in ``engine/titles/hooks.py``.  Everything a title *is* comes from
its ``TitleSpec``.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action
from engine.core.game import KernelGame
from engine.core.live import ReadGuard
from engine.errors import InvalidAction
from engine.rounds.auction import AuctionRound
from engine.rounds.base import Round
from engine.rounds.operating import OperatingRound
from engine.rounds.stock import StockRound
from engine.services.abilities import AbilityRules
from engine.services.bankruptcy import BankruptcyRules
from engine.services.companies import CompanyRules
from engine.services.corporations import CorporationRules
from engine.services.game_end import GameEndRules
from engine.services.loans import LoanRules
from engine.services.read_guard import ShareHoldingsReadGuard
from engine.services.rounds import RoundSequence
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.map.graph import Graph
    from engine.model.bank import Bank
    from engine.model.market import StockMarket
    from engine.model.phase import Phase

GAME_END_TIMING_ORDER = ("immediate", "current_round", "current_or", "full_or", "one_more_full_or_set")


class Game(KernelGame):
    """One game of an 18xx title, rebuilt by replaying its actions."""

    #: The title's data; set by each title's ``rules.py`` subclass.
    TITLE: ClassVar[TitleSpec]
    # The model, built by ``SETUP`` from the title data.
    companies: list[Any]
    minors: list[Any]
    corporations: list[Any]
    stock_market: StockMarket
    bank: Bank
    tiles: list[Any]
    unlimited_tiles: set[str]
    cert_limit: int
    depot: Any
    share_pool: Any
    hexes: list[Any]
    graph: Graph
    phase: Phase
    operating_rounds: int

    #: The share rules (``game.share_rules``); a title with its own names a subclass.
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules
    #: Ability timing (``game.ability_rules``).
    ABILITY_RULES: ClassVar[type[AbilityRules]] = AbilityRules
    #: Train limits, purchases, rusting and train events (``game.train_rules``).
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules
    #: Private companies: revenue, sales, closing (``game.company_rules``).
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules
    #: Floating, parring, certificate limits, closing corporations (``game.corporation_rules``).
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules
    #: Emergency money and bankruptcy (``game.bankruptcy``).
    BANKRUPTCY: ClassVar[type[BankruptcyRules]] = BankruptcyRules
    #: route optimiser: a route's revenue may depend on the run's other routes (a bonus paid once per run to its
    #: best route: 1822's destination bonus, 1822CA's sawmill), so it scores whole runs, not sums of routes
    RUN_BONUSES_ONCE: ClassVar[bool] = False
    #: The game-end conditions (``game.end_rules``).
    END_RULES: ClassVar[type[GameEndRules]] = GameEndRules
    #: Home tokens, tile costs and lays, upgrades, the tile supply (``game.track_rules``).
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules
    #: Corporate loans: the pool, interest, repayment (``game.loan_rules``; none by default).
    LOAN_RULES: ClassVar[type[LoanRules]] = LoanRules
    #: Which round follows which (``game.round_sequence``).
    ROUND_SEQUENCE: ClassVar[type[RoundSequence]] = RoundSequence
    #: The model built from the title data (run once, at construction).
    SETUP: ClassVar[type[ModelSetup]] = ModelSetup
    #: reading share holdings adds empty entries; taken back before every action (engine/services/read_guard.py)
    READ_GUARD: ClassVar[type[ReadGuard]] = ShareHoldingsReadGuard
    #: the round whose end a game end timed by operating rounds waits for: the operating round (1817's family: the
    #: acquisition round that closes each operating round)
    GAME_END_ROUND: ClassVar[type[Any]] = OperatingRound

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
        self.corporation_rules = self.CORPORATION_RULES(self)
        self.bankruptcy = self.BANKRUPTCY(self)
        self.end_rules = self.END_RULES(self)
        self.track_rules = self.TRACK_RULES(self)
        self.round_sequence = self.ROUND_SEQUENCE(self)
        self.loan_rules = self.LOAN_RULES(self)
        self.game_end_trigger: tuple[str, str] | None = None
        self.final_turn: int | None = None
        self.programmed_actions: dict[Any, list[Action]] = {}

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
        builder = self.SETUP(self)
        builder.build()
        self.round: Round = self.init_round()
        self.build_caches()
        builder.connect_hexes()
        builder.resolve_company_shares()
        self.setup()
        self.round.setup()
        self.read_guard.mark()

    # ------------------------------------------------------------------------------------------------------
    # Construction
    # ------------------------------------------------------------------------------------------------------
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

    def _change_marker(self) -> tuple[Any, ...]:
        """The kernel's marker plus the money of every holder, the trains and share prices of every operator,
        the tile supply, the depot and the players' programs (see ``KernelGame._change_marker``; closing an operator
        moves its cash; a program action whose auto actions are refused has set its program already)."""
        return (super()._change_marker(), self.bank.cash, [(p.cash, len(p.companies)) for p in self.players],
                [(c.cash, len(c.trains), c._share_price) for c in self.corporations],
                [(m.cash, len(m.trains)) for m in self.minors], len(self.tiles), len(self.depot.upcoming),
                [(k, [id(a) for a in v]) for k, v in self.programmed_actions.items()])

    def check_live(self, action: Action) -> None:
        """Live play: only a legal move is accepted (engine/moves)."""
        from engine.moves.registry import check_live

        check_live(self, action)

    def action_processed(self, action: Action) -> None:
        """After every action: corporations in a ``close`` cell close; if that leaves the current
        entity with nothing to do, the round moves on."""
        if not self.corporation_rules.close_corporations_in_close_cell():
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
        """The round after the current one, as the title's round sequence (``ROUND_SEQUENCE``) has it."""
        self.store_player_info()
        self.round = self.round_sequence.next_round()

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
        if self.rules.game_end_lock_first_trigger and self.game_end_trigger is not None:
            # the first trigger stands, whatever triggers later (a later one with an earlier timing does not replace
            # it: 1822CA WRS, the market's top after the bank; 1822NRS)
            return self.game_end_trigger
        order = list(self.rules.game_end_timing_priority)

        def rank(timing: str) -> int:
            # A timing outside the priority list (Steam Over Holland's "current") never replaces a trigger and is
            # never replaced: the reference engine fails on such a comparison (it compares nil), so no game it
            # finishes has one; the first trigger stands.
            return order.index(timing) if timing in order else len(order)

        for reason, timing in self.end_rules.checks():
            if not self.end_rules.condition(reason):
                continue
            if self.game_end_trigger is not None and (
                    rank(timing) >= rank(self.game_end_trigger[1]) or self.game_end_trigger[1] not in order):
                continue
            self.game_end_trigger = (reason, timing)
            if self.rules.game_end_lock_first_trigger:
                break
        if self.game_end_trigger is not None:
            self.end_rules.set_final_turn(*self.game_end_trigger)
        return self.game_end_trigger

    def end_game(self, reason: str) -> None:
        """Loans still held are settled (``LoanRules.at_game_end``) before the final values are counted."""
        if not self.finished:
            self.loan_rules.at_game_end(self.corporations)
        super().end_game(reason)

    def end_now(self, timing: str | None) -> bool:
        if timing is None or timing in ("immediate", "current_round"):
            return super().end_now(timing)
        if not isinstance(self.round, self.GAME_END_ROUND):
            return False
        if timing == "current_or":
            return True
        final_or = bool(self.round.round_num == self.operating_rounds)
        if final_or and timing == "one_more_full_or_set":
            return self.turn == self.final_turn
        return final_or

    # ------------------------------------------------------------------------------------------------------
    # Players, priority, operating order
    # ------------------------------------------------------------------------------------------------------
    def next_sr_player_order(self) -> str:
        """How the seats turn before the next stock round (``RuleSet.next_sr_player_order``)."""
        return str(self.rules.next_sr_player_order)

    def reorder_players(self) -> None:
        order = self.next_sr_player_order()
        if order == "after_last_to_act":
            active = [p for p in self.players if not p.bankrupt]
            player = active[self.round.entity_index % len(active)] if active else None
            if player is not None:
                i = self.players.index(player)
                self.players = self.players[i:] + self.players[:i]
        elif order == "first_to_pass" and self.round.pass_order:
            self.players = list(self.round.pass_order)
        elif order in ("most_cash", "least_cash"):
            # Stable on the seat order: among equals, the earlier seat first.
            seats = {id(p): i for i, p in enumerate(self.players)}
            sign = -1 if order == "most_cash" else 1
            self.players = sorted(self.players, key=lambda p: (sign * p.cash, seats[id(p)]))
        elif order == "reverse":
            self.players = self.players[::-1]
        elif order == "next_clockwise" and self.players:
            self.players = self.players[1:] + self.players[:1]
        elif order == "most_cash_keep_order" and self.players:
            richest = max(self.players, key=lambda p: p.cash)  # the first of equals
            i = self.players.index(richest)
            self.players = self.players[i:] + self.players[:i]
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
    # ------------------------------------------------------------------------------------------------------
    # Map
    # ------------------------------------------------------------------------------------------------------
    # ------------------------------------------------------------------------------------------------------
    # Replay helpers
    # ------------------------------------------------------------------------------------------------------
    def cash_total(self) -> int:
        total = int(self.bank.cash) + sum(int(p.cash) for p in self.players)
        # Every corporation the game knows, also those out of ``corporations`` (1867's national, which holds the
        # nationalised companies and earns their revenue).
        known = {id(c): c for c in (*self.corporations, *self._corporations_by_id.values())}
        total += sum(int(c.cash) for c in known.values())
        total += sum(int(m.cash) for m in self.minors)
        # Money a title keeps aside outside players, corporations and the bank (optional hook ``cash_holders``:
        # 1822's phase-revenue privates accumulate theirs until a corporation acquires them).
        holders = getattr(self, "cash_holders", None)
        if holders is not None:
            total += sum(int(h.cash) for h in holders())
        return total


__all__ = ["Game"]
