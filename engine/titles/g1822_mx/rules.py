"""1822MX (The Railways of Mexico): the 1822 family's rules with Mexico's facts, and the NdeM.

The NdeM is a major without a president: its shares sit in the market and do not count for the certificate
limit; each minor that gets no bid in the first minor box is replaced by the NdeM (its home token, one more
market share) and gives the NdeM the next train; the L trains removed for unbid minors go to the NdeM too.
Concession C1 brings minor 18 with it (floated at 50 with 100). Privates P10/P11 are builder cubes, P12/P13
remove towns, P16 costs its owning corporation 10 a round, P17/P18 lay port tiles.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from engine.core.live import STALLS
from engine.errors import IllegalAction
from engine.model.share_pool import SharePool
from engine.model.shares import Share, ShareBundle
from engine.services.companies import CompanyRules
from engine.services.corporations import CorporationRules
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.steps.auction import AuctionBid
from engine.titles.family1822.rules import (
    BidBoxStock1822,
    CompanyRules1822,
    CorporationRules1822,
    Game1822Family,
    Setup1822,
    ShareRules1822,
    TrackRules1822,
    TrainRules1822,
)
from engine.titles.g1822.data import TITLE as TITLE_1822
from engine.titles.g1822.rules import Game1822
from engine.titles.g1822_mx import data
from engine.titles.spec import OptionalRuleSpec, TitleSpec, board_facts

_PRIVATES = tuple(f"P{i}" for i in range(1, 19))
_CONCESSIONS = tuple(f"C{i}" for i in range(1, 8))
_MINORS = tuple(f"M{i}" for i in range(1, 25))
_MAJORS = ("FCM", "MC", "CHP", "FNM", "MIR", "FCP", "IRM", "NDEM")

OPTIONAL_RULES = (
    OptionalRuleSpec(sym="higher_cert_limit", short_name="Higher Certificate Counts (Prototype Variant)",
                     desc="Increase certificate limit to 18/14/11 for 3/4/5 player games", players=(3, 4, 5)),
)

TITLE = dataclasses.replace(
    TITLE_1822,
    title="1822MX",
    subtitle="The Railways of Mexico",
    designer="Scott Peterson",
    location="Mexico",
    rules_url="https://boardgamegeek.com/filepage/206630/1822mx-rules",
    info_url="https://github.com/tobymao/18xx/wiki/1822MX",
    layout="pointy",
    player_range=(2, 5),
    **board_facts(data),
    companies=data.COMPANIES,
    corporations=data.CORPORATIONS,
    phases=data.PHASES,
    optional_rules=OPTIONAL_RULES,
    rules=dataclasses.replace(TITLE_1822.rules, must_sell_in_blocks=True, currency_format="$%s",
                              sell_movement="left_per_10_if_pres_else_left_one"),
)


class BidBoxStockMX(BidBoxStock1822):
    """1822MX's stock turn: concession C1 brings minor 18; unbid minors and their trains feed the NdeM; the NdeM's
    shares are bought without a presidency."""

    def award_company(self, bid: AuctionBid) -> None:
        super().award_company(bid)
        game: Any = self.game
        if bid.target.sym == game.M18_CONCESSION:
            game.float_m18(bid.entity)

    def allow_president_change(self, corporation: Any) -> bool:
        return corporation.id != self.game.NDEM and bool(super().allow_president_change(corporation))  # type: ignore[attr-defined]

    def startable(self, entity: Any, corporation: Any) -> bool:
        return not corporation.closed and corporation.id != self.game.NDEM and super().startable(entity, corporation)  # type: ignore[attr-defined]

    def can_dump(self, entity: Any, bundle: Any) -> bool:
        """In the stock round any NdeM certificate may go to the market (elsewhere, as an emergency sale, its first
        certificate counts as a president's one that nobody could take)."""
        return bundle.corporation.id == self.game.NDEM or bool(super().can_dump(entity, bundle))  # type: ignore[attr-defined]

    def can_gain(self, entity: Any, bundle: Any, exchange: bool = False) -> bool:
        """The NdeM's shares never count for the certificate limit."""
        if bundle is not None and bundle.corporation.id == self.game.NDEM:  # type: ignore[attr-defined]
            return super().can_gain(entity, bundle, exchange=True)
        return super().can_gain(entity, bundle, exchange=exchange)

    def process_buy_shares(self, action: Any) -> None:
        super().process_buy_shares(action)
        self.game.nothing_sold_in_sr = False  # type: ignore[attr-defined]

    def remove_local_trains(self, count: int) -> None:
        game: Any = self.game
        removed = 0
        while count > removed and game.depot.upcoming and game.depot.upcoming[0].name == game.LOCAL_TRAIN:
            game.send_train_to_ndem(game.depot.upcoming[0])
            removed += 1
        game.log(f"{count} minors with no bids. {removed} L trains have been removed and given to the NDEM")

    def close_unbid_minor(self, company: Any) -> None:
        game: Any = self.game
        if game.ndem_state != "open":
            game.log(f"No bids on minor {company.sym}, it will close")
            game.corporation_rules.close_corporation(game.corporation_by_id(company.sym[1:]))
            company.close()
            game.companies.remove(company)
            return
        train = game.depot.upcoming[0]
        game.log(f"No bids on minor {company.sym}, it will close and a {train.name} train is given to the NdeM")
        game.send_train_to_ndem(train)
        game.replace_minor_with_ndem(company)


class CorporationRulesMX(CorporationRules1822):
    """The optional higher certificate limits."""

    def compute_cert_limit(self) -> int:
        game: Any = self.game
        limit = int(super().compute_cert_limit())
        if "higher_cert_limit" in game.optional_rules:
            return int(game.HIGHER_CERT_LIMIT.get(len(game.players), limit))
        return limit


class CompanyRulesMX(CompanyRules1822):
    def payout_companies(self) -> None:
        super().payout_companies()
        self.game.pay_stock_drop()  # type: ignore[attr-defined]


class TrainRulesMX(TrainRules1822):
    """The NdeM never has to buy a train."""

    def must_buy_train(self, entity: Any) -> bool:
        return getattr(entity, "id", None) != self.game.NDEM and super().must_buy_train(entity)  # type: ignore[attr-defined]

    def event_close_ndem(self) -> None:
        """The NdeM is privatised: it operates next (in an operating round: right after the current operator)."""
        from engine.rounds.operating import OperatingRound

        game: Any = self.game
        game.log("-- Event: Ndem privatizing --")
        game.ndem_state = "closing"
        round_ = game.round
        if not isinstance(round_, OperatingRound):
            return
        ndem = round_.entities.pop()
        round_.entities.insert(round_.entity_index + 1, ndem)


class SharePoolMX(SharePool):
    """The market holds any number of NdeM shares."""

    def market_share_limit(self, corporation: Any = None) -> int:
        if getattr(corporation, "id", None) == Game1822MX.NDEM:
            return 10_000
        return int(super().market_share_limit(corporation))


class SetupMX(Setup1822):
    def make_share_pool(self) -> Any:
        return SharePoolMX(self.game, **self.share_pool_options())


class ShareRulesMX(ShareRules1822):
    """NdeM shares are sold without a price change or a presidency; the others move
    left one step per share sold by the director (else one step), with two players only the director's."""

    def sell_movement(self, corporation: Any = None) -> str:
        return "left_share_pres" if len(self.game.players) == 2 else "left_per_10_if_pres_else_left_one"

    def sell_shares_and_change_price(self, bundle: Any, allow_president_change: bool = True,
                                     swap: Any = None, movement: str | None = None) -> None:
        if bundle.corporation.id != self.game.NDEM:  # type: ignore[attr-defined]
            super().sell_shares_and_change_price(bundle, allow_president_change, swap, movement)
            return
        self.game.share_pool.sell_shares(bundle, allow_president_change=False, swap=swap)

    def finish_stock_round(self, round_: Any) -> None:
        """A closed NdeM (which the reference's float test reads as floated again) takes no end-of-round move."""
        ndem = self.game.ndem  # type: ignore[attr-defined]
        floated = ndem.floated
        if ndem.closed:
            ndem.floated = False
        try:
            super().finish_stock_round(round_)
        finally:
            ndem.floated = floated

    def sold_out(self, corporation: Any) -> bool:
        return corporation.id != self.game.NDEM and bool(super().sold_out(corporation))  # type: ignore[attr-defined]

    def sold_out_stock_movement(self, corporation: Any) -> None:
        self.game.stock_market.move_right(corporation)



class TrackRulesMX(TrackRules1822):
    """Builder cubes on a hex take their terrain's cost off its next upgrade; a cube "tile" goes on any hex with
    room for one."""

    def multiple_tokens_allowed_on_home_hex(self) -> bool:
        return True

    def upgrade_cost(self, tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        from engine.titles.g1822_mx.operating import cube_discount

        return int(super().upgrade_cost(tile, hex_, entity, spender)) - cube_discount(tile)

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        from engine.titles.g1822_mx.operating import can_hold_builder_cubes, is_cube

        if is_cube(new):
            return can_hold_builder_cubes(old)
        if old.color == "blue" and new.color == "blue":
            return True
        return bool(super().upgrades_to(old, new, special))


class Game1822MX(Game1822Family):
    TITLE: ClassVar[TitleSpec] = TITLE
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesMX
    SETUP: ClassVar[type[ModelSetup]] = SetupMX
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRulesMX
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRulesMX
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRulesMX
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRulesMX
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (_PRIVATES + _CONCESSIONS + _MINORS, ())
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(m[1:] for m in _MINORS) + _MAJORS, ())
    BIDDING_TOKENS: ClassVar[dict[int, int]] = data.BIDDING_TOKENS
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = data.EXCHANGE_TOKENS
    DESTINATIONS: ClassVar[dict[str, str]] = data.DESTINATIONS
    START_MINOR: ClassVar[str | None] = None
    PENDING_HOME_TOKENERS: ClassVar[tuple[str, ...]] = ()
    ENGLISH_CHANNEL_HEX: ClassVar[str] = ""
    FRANCE_HEX: ClassVar[str] = ""
    DOUBLE_HEX: ClassVar[tuple[str, ...]] = ("L19", "M22", "M26")
    DOUBLE_CASH_COMPANY: ClassVar[str | None] = "P7"
    DOUBLE_CASH_REVENUE: ClassVar[tuple[int, ...]] = (0, 0, 0, 20, 20, 40, 40, 60)
    MAIL_CONTRACTS: ClassVar[tuple[str, ...]] = ("P14", "P15")
    EXTRA_TRAINS: ClassVar[tuple[str, ...]] = ("2P", "P+", "LP", "3/2P")
    EXTRA_TRAIN_PERMANENTS: ClassVar[tuple[str, ...]] = ("2P", "LP", "3/2P")
    COMPANY_TRAINS: ClassVar[dict[str, str]] = {
        "P1": "5P-0", "P2": "2P-0", "P3": "3/2P-0", "P4": "LP-0", "P5": "P+-0", "P6": "P+-1"}
    ACQUISITION: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {
        "P1": (("major",), 5), "P2": (("major",), 2), "P3": (("major", "minor"), 1), "P4": (("major", "minor"), 1),
        "P5": (("major", "minor"), 3), "P6": (("major", "minor"), 3), "P7": (("major",), 3),
        "P8": (("major", "minor"), 1), "P9": (("major", "minor"), 3), "P10": (("major", "minor"), 1),
        "P11": (("major", "minor"), 1), "P12": (("major", "minor"), 1), "P13": (("major", "minor"), 1),
        "P14": (("major",), 3), "P15": (("major",), 3), "P16": (("major",), 2), "P17": (("major", "minor"), 2),
        "P18": (("major",), 3)}
    REMOVE_REVENUE: ClassVar[tuple[str, ...]] = ("P10", "P11", "P14", "P15")
    EXTRA_TRACK_COMPANIES: ClassVar[tuple[str, ...]] = ("P9", "P17", "P18")
    ADVANCED_TILE_COMPANY: ClassVar[str | None] = "P8"
    REMOVE_TOWN_COMPANIES: ClassVar[tuple[str, ...]] = ("P12", "P13")
    TRACK_TOWN: ClassVar[tuple[str, ...]] = Game1822.TRACK_TOWN
    TRACK_PLAIN: ClassVar[tuple[str, ...]] = Game1822.TRACK_PLAIN
    CUBE_COMPANIES: ClassVar[tuple[str, ...]] = ("P10", "P11")
    PORT_COMPANIES: ClassVar[tuple[str, ...]] = ("P17", "P18")
    L_UPGRADE_FROM_PHASE_2: ClassVar[int | None] = 80
    ISSUE_PRICE_DIRECTION: ClassVar[str] = "left"
    #: the concession that brings minor 18 (floated at once at this price with this treasury)
    M18_CONCESSION: ClassVar[str] = "C1"
    M18: ClassVar[str] = "M18"
    M18_PAR: ClassVar[int] = 50
    M18_CASH: ClassVar[int] = 100
    NDEM: ClassVar[str] = "NDEM"
    #: the first of these minors in the shuffled stack is replaced by the NdeM at set-up
    NDEM_MINORS: ClassVar[tuple[str, ...]] = ("M14", "M15", "M17")
    NDEM_PAR: ClassVar[int] = 100
    STOCK_DROP_COMPANY: ClassVar[str] = "P16"
    STOCK_DROP_COST: ClassVar[int] = 10

    #: the optional higher certificate limits, by player count
    HIGHER_CERT_LIMIT: ClassVar[dict[int, int]] = {3: 18, 4: 14, 5: 11}

    #: Queretaro Toluca (M22), beside Mexico City: while nobody holds the MC concession (C2) or MC, its track must
    #: run from Mexico City (edge 5) through a town out to a neighbour whose track meets it (rules 6.9.2; the
    #: reference's ``must_connect_mc?``).  Its other edges' neighbours, by edge.
    MC_TRACK_HEX = "M22"
    MC_TRACK_NEIGHBORS: ClassVar[dict[int, str]] = {0: "N21", 1: "M20", 2: "L21", 3: "L23", 4: "M24"}

    def legal_tile_rotation(self, entity: Any, hex_: Any, tile: Any) -> bool:
        if self.must_connect_mc(hex_) and not self.connects_mc(tile):
            return False
        return bool(super().legal_tile_rotation(entity, hex_, tile))

    def must_connect_mc(self, hex_: Any) -> bool:
        if hex_.id != self.MC_TRACK_HEX:
            return False
        concession = self._companies_by_id.get("C2")
        return (concession is None or concession.player is None) and self.corporation_by_id("MC").player is None

    def connects_mc(self, tile: Any) -> bool:
        """Does the tile's track join Mexico City (edge 5) through a town to a neighbour whose track meets it?"""
        to_mc = next((p for p in tile.paths if p.exits and p.exits[0] == 5), None)
        if to_mc is None:
            return False
        out = next((p for p in tile.paths if p.town is to_mc.town and p is not to_mc), None)
        if out is None or not out.exits:
            return False
        edge = int(out.exits[0])
        neighbor = self.hex_by_id(self.MC_TRACK_NEIGHBORS[edge]) if edge in self.MC_TRACK_NEIGHBORS else None
        return neighbor is not None and (edge + 3) % 6 in neighbor.tile.exits

    def removes_town(self, entity: Any) -> bool:
        return getattr(entity, "sym", None) in self.REMOVE_TOWN_COMPANIES

    # --- set-up ---------------------------------------------------------------------------------------------
    def order_private_stack(self, minors: list[Any], concessions: list[Any], privates: list[Any]) -> list[Any]:
        """Minor 18 goes to the bottom of the minors (it comes with concession C1)."""
        minors = [c for c in minors if c.sym != self.M18] + [c for c in minors if c.sym == self.M18]
        return minors + concessions + privates

    def setup(self) -> None:
        super().setup()
        self.cert_limit = self.corporation_rules.compute_cert_limit()
        self.ndem_state = "open"
        self.stock_drop_closed = False
        self.setup_ndem()
        self.refill_minor_box()

    @property
    def ndem(self) -> Any:
        return self.corporation_by_id(self.NDEM)

    def setup_ndem(self) -> None:
        ndem = self.ndem
        shares = list(ndem.shares_of(ndem))
        for share in shares:
            share.counts_for_limit = False
        self.share_pool.transfer_shares(ShareBundle(shares), self.share_pool)
        self.number_ndem_shares = len(ndem.all_shares)
        first = min((i for i, c in enumerate(self.companies) if c.sym in self.NDEM_MINORS))
        self.replace_minor_with_ndem(self.companies[first])
        share_price = next(p for p in self.stock_market.par_prices if p.price == self.NDEM_PAR)
        self.stock_market.set_par(ndem, share_price)
        ndem.ipoed = True
        ndem.owner = self.share_pool
        self.corporation_rules.after_par(ndem)
        ndem.is_floated()

    def replace_minor_with_ndem(self, company: Any) -> None:
        """The minor leaves the game; its home becomes an NdeM token (one per city); the NdeM gets a market share."""
        self.companies.remove(company)
        self.log(f"-- {company.sym} is removed from the game and replaced with NdeM")
        minor = self.corporation_by_id(company.sym[1:])
        ndem = self.ndem
        city = next(c for c in self.hex_by_id(minor.coordinates).tile.cities if c.reserved_by(minor))
        city.remove_reservation(minor)
        if not city.tokened_by(ndem):
            token = next((t for t in ndem.tokens if not t.used), None)
            if token is None:
                # the reference fails here (it places no token): the move that leads here is refused
                raise IllegalAction(f"the NdeM has no token left for {minor.name}'s home: {STALLS} (the 18xx.games "
                                    "engine fails there)")
            city.place_token(ndem, token, check_tokenable=False)
            self.graph.clear()
        share = Share(ndem, owner=self.share_pool, percent=10, index=self.number_ndem_shares)
        share.counts_for_limit = False
        ndem.all_shares.append(share)
        self._shares_by_id[share.id] = share
        self.share_pool.shares_by_corporation[ndem].append(share)
        ndem.share_holders[self.share_pool] = ndem.share_holders.get(self.share_pool, 0) + share.percent
        self.number_ndem_shares += 1

    def opening_bid(self, company: Any) -> int:
        """A card's own minimum where it has one (concession C1, which brings minor 18: $200)."""
        return max(int(super().opening_bid(company)), int(company.min_bid)) if company.discount else \
            int(super().opening_bid(company))

    def certificate_total(self, corporation: Any) -> int | None:
        """The NdeM's certificates grow with each minor it replaces (the playouts' certificate invariant)."""
        return 10 * self.number_ndem_shares if corporation.id == self.NDEM else None

    def float_m18(self, player: Any) -> None:
        company = next(c for c in self.companies if c.sym == self.M18)
        company.owner = player
        minor = self.corporation_by_id(self.M18[1:])
        minor.ipoed = True
        share_price = next(p for p in self.stock_market.par_prices if p.price == self.M18_PAR)
        self.stock_market.set_par(minor, share_price)
        self.bank.spend(self.M18_CASH, minor)
        self.share_pool.transfer_shares(minor.shares_of(minor)[0].to_bundle(), player)
        self.corporation_rules.after_par(minor)
        minor.is_floated()

    def send_train_to_ndem(self, train: Any) -> None:
        ndem = self.ndem
        if train.name == self.LOCAL_TRAIN and self.phase.name == "2":
            train.set_variant("2")
            self.log("L Train given to NDEM is flipped to a 2 Train")
        source = train.owner
        self.train_rules.buy_train(ndem, train, "free")
        self.phase.buying_train(ndem, train, source)
        while len(ndem.trains) > self.train_rules.train_limit(ndem):
            self.train_rules.rust(ndem.trains[0])

    def operating_order(self) -> list[Any]:
        """Minors, majors, then the NdeM (first while it is being privatised; never once closed)."""
        floated = sorted((c for c in self.corporations if c.floated and c.id != self.NDEM),
                         key=lambda c: c.sort_order_key())
        ordered = [c for c in floated if c.type == "minor"] + [c for c in floated if c.type != "minor"]
        ndem = self.ndem
        if self.ndem_state == "closed" or not ndem.floated:
            return ordered
        return [ndem, *ordered] if self.ndem_state == "closing" else [*ordered, ndem]

    # --- revenue ---------------------------------------------------------------------------------------------------
    #: trains earning half their stops' value (P3's permanent 3/2 train), rounded to $10 with a half $5 up
    HALF_REVENUE_TRAINS: ClassVar[tuple[str, ...]] = ("3/2P",)

    def revenue_for(self, route: Any, stops: Any) -> int:
        revenue = super().revenue_for(route, stops)
        if any(route.train.name.startswith(name) for name in self.HALF_REVENUE_TRAINS):
            return (revenue // 2 + 5) // 10 * 10
        return revenue

    # --- the NdeM operates without a president ---------------------------------------------------------------
    def acquirable_companies(self, entity: Any) -> list[Any]:
        if getattr(entity, "id", None) == self.NDEM:
            return []
        return super().acquirable_companies(entity)

    def operating_round_steps(self) -> list[Any]:
        from engine.titles.family1822.acquisition import MinorAcquisition
        from engine.titles.family1822.choices import SpecialChoose
        from engine.titles.family1822.operating import (
            BuyTrain1822,
            DiscardTrain1822,
            Dividend1822,
            IssueShares1822,
            Route1822,
            SpecialTrack1822,
            Token1822,
            Track1822,
        )
        from engine.titles.g1822_mx.operating import (
            BuyTrainMX,
            DiscardTrainMX,
            DividendMX,
            IssueSharesMX,
            MinorAcquisitionMX,
            RouteMX,
            SpecialChooseMX,
            SpecialTrackMX,
            TokenMX,
            TrackMX,
        )
        from engine.titles.g1822_mx.privatization import AuctionNdemTokens, CashOutNdem

        swap = {Track1822: TrackMX, Token1822: TokenMX, Dividend1822: DividendMX, SpecialTrack1822: SpecialTrackMX,
                DiscardTrain1822: DiscardTrainMX, IssueShares1822: IssueSharesMX, SpecialChoose: SpecialChooseMX,
                MinorAcquisition: MinorAcquisitionMX, Route1822: RouteMX, BuyTrain1822: BuyTrainMX}
        return [swap.get(s, s) for s in super().operating_round_steps()] + [CashOutNdem, AuctionNdemTokens]

    def stock_round_steps(self) -> list[Any]:
        from engine.titles.g1822_mx.operating import DiscardTrainMX

        return [DiscardTrainMX, BidBoxStockMX]

    # --- privates -----------------------------------------------------------------------------------------
    def company_bought(self, company: Any, entity: Any) -> None:
        """The stock-drop private (P16) costs its corporation instead of paying."""
        super().company_bought(company, entity)
        if company.sym == self.STOCK_DROP_COMPANY:
            company.revenue = -self.STOCK_DROP_COST

    def pay_stock_drop(self) -> None:
        """The stock-drop private's corporation pays its cost each round, or the private closes and the
        corporation's price moves one step left."""
        company = next((c for c in self.companies if c.sym == self.STOCK_DROP_COMPANY), None)
        owner: Any = getattr(company, "owner", None)
        if company is None or owner is None or not getattr(owner, "is_corporation", False):
            return
        cost = self.STOCK_DROP_COST
        if owner.cash >= cost:
            self.log(f"{owner.name} spends {self.format_currency(cost)} because of {company.name}")
            owner.spend(cost, self.bank)
        else:
            self.log(f"{owner.name} cannot afford {self.format_currency(cost)} for {company.name}")
            self.close_stock_drop(company)

    def close_stock_drop(self, company: Any) -> None:
        owner = company.owner
        self.log(f"{company.name} closes")
        old = owner.share_price
        self.stock_market.move_left(owner)
        self.share_rules.log_share_price(owner, old)
        company.close()
