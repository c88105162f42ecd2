"""18 Los Angeles 2: 1846's rules on the LA County map (``Game1846`` is the family base).

What changes from 1846 (hooks and helpers used here):

* set-up: 1846's private groups are still shuffled (nothing of them is in this game, so nothing leaves);
  with two players two corporations leave at random, each keeping its home and a second station; every
  corporation but the PER puts its home station down at once; the Dewey, Cheatham & Howe and LA Title
  companies only with their optional rules;
* ``init_round``: an open snake draft (``LimitedDraftDistribution``) of at most ``COMPANY_DRAFT_LIMIT``
  companies; ``init_round_finished`` closes the minors and companies nobody bought;
* ``RoundSequenceLA`` / ``reorder_players``: seats are re-ordered by cash (least first) before every stock round,
  never after it; ``priority_deal_player``: the poorest player in the draft and the operating rounds;
* par: after ``CORPORATION_START_LIMIT`` corporations were parred (fewer than five players), the others
  leave the game; the PER chooses its home among ``PER_HEXES`` (``home_token_locations``);
* track: minors lay one tile; the Chino Hills Excavation takes $20 off a lay with terrain;
  stubs must be used by the first tile (``legal_tile_rotation``);
* routes: passenger (N) and freight (N/M) trains may share track (``route_overlap_group``); the bonus is E/W
  or N/S by the tiles' labels; the Dump's token costs $20 at its stop;
* special tokens: the Dump's token belongs to nobody, the Redondo Junction token is removed with the
  bonuses (first 6 train).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.model.entities import Corporation
from engine.rounds.stock import StockRound
from engine.services.corporations import CorporationRules
from engine.services.rounds import RoundSequence
from engine.services.setup import ModelSetup
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.steps.draft import DraftRound, LimitedDraftDistribution
from engine.titles.g18_los_angeles.data import (
    BOOMTOWN_HEXES,
    CHE_DISCOUNT,
    COMPANY_DRAFT_LIMIT,
    CORPORATION_START_LIMIT,
    CORPORATIONS_GROUP,
    DCH,
    DUMP_PENALTY,
    DUMP_PENALTY_WESTMINSTER,
    IGNORE_FOR_AXES,
    LA_TITLE,
    MEAT_HEXES,
    PER_HEXES,
    REMOVED_CORP_SECOND_TOKEN,
    STEAMBOAT_HEXES,
    TITLE,
    WESTMINSTER_HEX,
)
from engine.titles.g18_los_angeles.steps import SpecialToken, SpecialTrack, TrackAndToken
from engine.titles.g1846.operating import CorporationRules1846, TrackRules1846, TrainRules1846
from engine.titles.g1846.rules import Game1846, Setup1846
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.map.route import Route
    from engine.rounds.base import Round


class SetupLA(Setup1846):
    """The Dewey, Cheatham & Howe and LA Title companies come only with their optional rules."""

    def make_companies(self) -> list[Any]:
        game = self.game
        assert isinstance(game, Game18LosAngeles)
        return [c for c in super().make_companies()
                if c.id not in game.OPTIONAL_COMPANIES or game.OPTIONAL_COMPANIES[c.id] in game.optional_rules]


class TrackRulesLA(TrackRules1846):
    """Minors lay one tile (lay or upgrade); the Chino Hills Excavation's $20 off a lay with terrain."""

    game: Game18LosAngeles

    def tile_lays(self, entity: Any) -> Sequence[Any]:
        if getattr(entity, "is_minor", False):
            return ({"lay": True, "upgrade": True},)
        return super().tile_lays(entity)

    def upgrade_cost(self, tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        game = self.game
        che = game.che
        # The discount applies to a lay that pays for terrain, or for a border (set by the lay, ``CheTracker``);
        # asking the price changes nothing.
        use = game.use_che_discount or (che is not None and che.owner is entity and bool(tile.upgrades))
        cost = super().upgrade_cost(tile, hex_, entity, spender)
        if not use:
            return cost
        game.log(f"{spender.name} receives a discount of {game.format_currency(CHE_DISCOUNT)} from {che.name}")
        return cost - CHE_DISCOUNT


class CorporationRulesLA(CorporationRules1846):
    """After a par: the corporation start limit."""

    game: Game18LosAngeles

    def after_par(self, corporation: Any) -> None:
        super().after_par(corporation)
        self.game.after_par_check_limit()


class TrainRulesLA(TrainRules1846):
    """The bonuses event also removes the Redondo Junction token."""

    game: Game18LosAngeles

    def event_remove_bonuses(self) -> None:
        super().event_remove_bonuses()
        self.game.remove_rj_token()


class RoundSequenceLA(RoundSequence):
    """The seats turn by cash (``next_sr_player_order``) as the operating rounds end, not as the stock round
    ends."""

    SEATS_TURN_BEFORE: ClassVar[str] = "stock_round"


class Game18LosAngeles(Game1846):
    TITLE: ClassVar[TitleSpec] = TITLE
    ROUND_SEQUENCE: ClassVar[type[RoundSequence]] = RoundSequenceLA
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesLA
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRulesLA
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRulesLA
    SETUP: ClassVar[type[ModelSetup]] = SetupLA

    STEAMBOAT_ID: ClassVar[str] = "LAS"
    MEAT_PACKING_ID: ClassVar[str] = "LAC"
    BOOMTOWN_ID: ClassVar[str] = "RKO"
    MARKER_BONUSES: ClassVar[tuple[tuple[str, int, str | None], ...]] = (
        ("RKO", 20, None), ("LAC", 30, None), ("LAS", 20, "port"),
    )
    #: no company's removal or event takes icons off this map (its markers' icons stay printed)
    ABILITY_ICONS: ClassVar[dict[str, str]] = {}
    LITTLE_MIAMI_HEXES: ClassVar[tuple[str, ...]] = ()
    MEAT_HEXES: ClassVar[tuple[str, ...]] = MEAT_HEXES
    STEAMBOAT_HEXES: ClassVar[tuple[str, ...]] = STEAMBOAT_HEXES
    BOOMTOWN_HEXES: ClassVar[tuple[str, ...]] = BOOMTOWN_HEXES
    REMOVED_CORP_SECOND_TOKEN: ClassVar[dict[str, str]] = REMOVED_CORP_SECOND_TOKEN
    #: the companies that come only with their optional rule
    OPTIONAL_COMPANIES: ClassVar[dict[str, str]] = {"DC&H": DCH, "LAT": LA_TITLE}

    # --- set-up ------------------------------------------------------------------------------------------
    @property
    def first_edition(self) -> bool:
        return False

    def num_pass_companies(self) -> int:
        return 0

    def setup_turn(self) -> int:
        return 1

    def num_removals(self, group: Sequence[str]) -> int:
        return 2 if self.two_player() else 0

    def corporation_removal_groups(self) -> tuple[tuple[str, ...], ...]:
        return (CORPORATIONS_GROUP,) if self.two_player() else ()

    def place_second_token(self, corporation: Any) -> None:
        """A corporation removed in a two-player game puts a second station down at once."""
        if self.two_player():
            self.place_immediate_second_token(corporation)

    def place_immediate_second_token(self, corporation: Any) -> None:
        hex_id = self.REMOVED_CORP_SECOND_TOKEN.get(corporation.id)
        if hex_id is None:
            return  # the PER has no second station (nor a printed home)
        hex_ = self.hex_by_id(hex_id)
        token = corporation.find_token_by_type()
        hex_.tile.cities[0].place_token(corporation, token, check_tokenable=False)
        self.log(f"{corporation.id} places a second token on {hex_id} ({hex_.location_name})")

    def setup(self) -> None:
        self.use_che_discount = False
        self.dump_token: Any = None
        self.rj_token: Any = None
        self.draft_finished_flag = False
        super().setup()
        for hex_ in self.hexes:
            if hex_.id in IGNORE_FOR_AXES:
                hex_.ignore_for_axes = True
        self.post_setup()

    def post_setup(self) -> None:
        self.parred_corporations = 0
        self.drafted_companies = 0
        for corporation in self.corporations:
            if corporation.id != "PER":
                self.track_rules.place_home_token(corporation)

    # --- company look-ups ------------------------------------------------------------------------------
    @property
    def dch(self) -> Any:
        return self.company_or_none("DC&H")

    @property
    def rj(self) -> Any:
        return self.company_or_none("RJ")

    @property
    def che(self) -> Any:
        return self.company_or_none("CHE2")

    @property
    def dump_company(self) -> Any:
        return self.company_or_none("APD")

    def block_for_steamboat(self) -> bool:
        return False

    # --- the draft ----------------------------------------------------------------------------------------
    def init_round(self) -> Round:
        return DraftRound(self, [LimitedDraftDistribution], order="snake")

    def init_round_finished(self) -> None:
        for minor in [m for m in self.minors if m.player is None]:
            self.corporation_rules.close_corporation(minor)
        for company in sorted((c for c in self.companies if c.player is None), key=lambda c: c.name):
            company.close()
            if company.value < 100:
                self.log(f"{company.name} is removed")
        self.draft_finished_flag = True

    def after_draft_bid(self) -> None:
        self.drafted_companies += 1

    def draft_limit(self) -> int:
        return COMPANY_DRAFT_LIMIT[len(self.players)]

    def draft_finished(self) -> bool:
        return self.drafted_companies >= self.draft_limit()

    # --- seats and priority ------------------------------------------------------------------------------
    def priority_deal_player(self) -> Any:
        players = [p for p in self.players if not p.bankrupt]
        if isinstance(self.round, StockRound):
            return players[0] if players else None
        if not players:
            return None
        return min(players, key=lambda p: (p.cash, players.index(p)))

    # --- par ----------------------------------------------------------------------------------------------
    def par_limit(self) -> int:
        return CORPORATION_START_LIMIT[len(self.players)]

    def after_par_check_limit(self) -> None:
        """Once the start limit is reached (fewer than five players), the corporations not parred leave."""
        self.parred_corporations += 1
        if len(self.players) == 5 or self.parred_corporations < self.par_limit():
            return
        closing = []
        for corporation in [c for c in self.corporations if c.par_price is None]:
            for reservation in self.ability_rules.abilities(corporation, "reservation"):
                corporation.remove_ability(reservation)
            self.corporations.remove(corporation)
            closing.append(corporation.name)
        self.log(f"Closing remaining corporations: {', '.join(closing)}")

    def home_token_locations(self, corporation: Any) -> list[Any]:
        """The PER chooses a home among its cities with a free slot."""
        if corporation.id != "PER":
            return []
        hexes = [self.hex_by_id(h) for h in PER_HEXES]
        return [h for h in hexes if any(c.tokenable(corporation, free=True) for c in h.tile.cities)]

    # --- rounds -------------------------------------------------------------------------------------------
    def stock_round_steps(self) -> list[Any]:
        from engine.steps.home_token import HomeToken
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1846.steps import Assign, BuySellParShares

        return [DiscardTrain, HomeToken, Assign, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.assign import Assign
        from engine.steps.route import RouteStep
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1846.steps import Bankrupt, BuyCompany, BuyTrain, Dividend, IssueShares

        return [Bankrupt, Assign, SpecialToken, self.special_track_step(), BuyCompany, IssueShares,
                self.track_and_token_step(), RouteStep, Dividend, DiscardTrain, BuyTrain,
                (BuyCompany, {"blocks": True})]

    def special_track_step(self) -> type:
        return SpecialTrack

    def track_and_token_step(self) -> type:
        return TrackAndToken

    # --- track --------------------------------------------------------------------------------------------
    def legal_tile_rotation(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """A tile on a hex with stubs must use every stub's edge."""
        stubs = hex_.tile.stubs
        return not stubs or all(stub.edge in tile.exits for stub in stubs)

    def check_special_tile_lay(self, action: Any, entity: Any) -> None:
        """No company of this game has paired lays."""
        return None

    # --- routes and revenue ------------------------------------------------------------------------------
    @staticmethod
    def route_overlap_group(train: Any) -> str:
        """Passenger (N) and freight (N/M) trains do not block each other's track."""
        return "freight" if "/" in train.name else "passenger"

    def east_west_bonus(self, stops: Sequence[Node]) -> int:
        """E/W (tiles labelled with E and W among the stops), else N/S: the icon values of both ends."""
        from engine.titles.g1846.operating import icon_value

        def find(letter: str) -> Any:
            return next((s for s in stops if s.tile is not None and letter in str(s.tile.label or "")), None)

        east, west = find("E"), find("W")
        if east is not None and west is not None:
            ends = (east, west)
        else:
            north, south = find("N"), find("S")
            if north is None or south is None:
                return 0
            ends = (north, south)
        return sum(icon_value(i.name) for end in ends for i in end.tile.icons)

    def dump_penalty(self, route: Route, stops: Sequence[Node]) -> int:
        token = self.dump_token
        if token is None or token.hex is None:
            return 0
        stop = next((s for s in stops if s.hex is token.hex), None)
        if stop is None or stop.hex is None:
            return 0
        if stop.hex.id != WESTMINSTER_HEX:
            return DUMP_PENALTY
        steamboat = self.steamboat
        if steamboat is not None and steamboat.owner is route.corporation and stop.hex.assigned(steamboat.id):
            return DUMP_PENALTY
        return DUMP_PENALTY_WESTMINSTER

    def revenue_for(self, route: Route, stops: list[Node]) -> int:
        return super().revenue_for(route, stops) - self.dump_penalty(route, stops)

    # --- special tokens -----------------------------------------------------------------------------------
    def dump_corp(self) -> Any:
        """The Dump's token belongs to this corporation of nobody."""
        corp: Any = getattr(self, "_dump_corp", None)
        if corp is None:
            corp = Corporation("DUMP", "Dump", [0], logo="18_los_angeles/dump")
            self._dump_corp = corp
        return corp

    def remove_rj_token(self) -> None:
        token = self.rj_token
        if token is None:
            return
        self.log(f'-- Event: {token.corporation.id}\'s "RJ" token removed from {token.hex.id} --')
        corporation = token.corporation
        if token in corporation.tokens:
            corporation.tokens.remove(token)
        token.remove()
        self.rj_token = None
        self.graph.clear()


__all__ = ["Game18LosAngeles", "SetupLA"]
