"""1822Africa: the 1822 family's rules with Africa's facts.

What differs from 1822: an unlimited bank; a single bid box holding the first three companies of one shuffled
stack (minors, concessions and twelve of eighteen privates, with concessions moved to the stack's first and
fourth places); two stock rounds back to back before each set of operating rounds (player loans take their
interest after the second); a box without any bid in a whole stock round is emptied; the game ends when the box
cannot be refilled. Privates: the game reserve (P10), the gold mine (P14), the coffee plantation (P15), the
safari bonus (P18), the recycled train (P6), the treasury-share sale (P17), the three reserved tiles (P8).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from engine.model.entities import Corporation
from engine.model.market import OneDimensionalMovement
from engine.rounds.base import Round
from engine.rounds.stock import StockRound
from engine.services.game_end import GameEndRules
from engine.services.player_debt import add_interest_player_loans
from engine.services.rounds import RoundSequence
from engine.services.setup import ModelSetup
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.steps.auction import AuctionBid
from engine.titles.family1822.rules import (
    BidBoxStock1822,
    Game1822Family,
    RoundSequence1822,
    Setup1822,
    TrackRules1822,
    TrainRules1822,
)
from engine.titles.g1822.data import TITLE as TITLE_1822
from engine.titles.g1822.rules import Game1822
from engine.titles.g1822_africa import data
from engine.titles.spec import TitleSpec, board_facts

_PRIVATES = tuple(f"P{i}" for i in range(1, 19))
_CONCESSIONS = tuple(f"C{i}" for i in range(1, 6))
_MINORS = tuple(f"M{i}" for i in range(1, 13))
_MAJORS = ("NAR", "WAR", "EAR", "CAR", "SAR")

TITLE = dataclasses.replace(
    TITLE_1822,
    title="1822Africa",
    subtitle="",
    designer="Scott Petersen",
    location="Africa",
    rules_url="https://docs.google.com/document/d/1tgRiGEqSKZSQrJ92Wq-rbb0kS2xBZAr0hao3RMjKqcI/edit",
    info_url="https://github.com/tobymao/18xx/wiki/1822Africa",
    layout="flat",
    player_range=(2, 4),
    **board_facts(data),
    companies=data.COMPANIES,
    corporations=data.CORPORATIONS,
    phases=data.PHASES,
    optional_rules=(),
    rules=dataclasses.replace(TITLE_1822.rules, must_sell_in_blocks=True, currency_format="A%s",
                              sell_movement="left_per_10_if_pres_else_left_one",
                              game_end_check=(("stock_market", "current_or"), ("bid_boxes", "full_or")),
                              game_end_lock_first_trigger=False,
                              # its stock round ends by settling the bid box only: a sold-out major keeps its price
                              sold_out_increase=False),
)


class MovementAfrica(OneDimensionalMovement):
    """A minor at the market's maximum price for minors goes no further right."""

    def right(self, corporation: Any, coordinates: Any) -> Any:
        share_price = self.market.share_price(coordinates)
        if getattr(corporation, "type", None) == "minor" and share_price is not None and \
                "max_price" in share_price.types:
            return coordinates
        return super().right(corporation, coordinates)


class SetupAfrica(Setup1822):
    def build(self) -> None:
        super().build()
        self.game.stock_market.movement = MovementAfrica(self.game.stock_market)


class BidBoxStockAfrica(BidBoxStock1822):
    """One bid box: the stack's first three companies, settled at each stock round's end."""

    def settle_boxes(self) -> None:
        """Minors with bids float (highest bid first, equal bids: the earlier place first); other items go to their
        highest bidders; each minor without a bid removes an L train and closes (the first place's also removes the
        next train); a concession without a bid in the first place leaves the game; without any bid in the whole
        round every item in the box leaves the game."""
        game: Any = self.game
        box = game.bid_box_items()
        floats: list[tuple[AuctionBid, int]] = []
        unbid: list[Any] = []
        first_minor = None
        removed_concession = None
        minors = 0
        for index, company in enumerate(box):
            high = self.highest_bid(company)
            if game.is_minor(company):
                minors += 1
                if high is not None:
                    floats.append((high, index))
                else:
                    unbid.append(company)
                    if index == 0:
                        first_minor = company
            elif high is not None:
                self.award_company(high)
            elif game.is_concession(company) and index == 0:
                removed_concession = company
        for high, _index in sorted(floats, key=lambda f: (f[0].price, minors - f[1]), reverse=True):
            self.float_minor(high)
        upcoming = game.depot.upcoming
        if unbid and upcoming and upcoming[0].name == game.LOCAL_TRAIN:
            self.remove_local_trains(len(unbid))
        if first_minor is not None:
            self.close_unbid_minor(first_minor)
        for company in unbid:
            if company is not first_minor:
                game.log(f"No bids on minor {company.sym}, it is removed from the game")
                game.corporation_rules.close_corporation(game.corporation_by_id(company.sym[1:]))
                company.close()
                game.companies.remove(company)
        if game.nothing_sold_in_sr:
            game.log("No bids were made, items in all bid boxes will be removed from the game")
            for company in game.bid_box_items():
                game.log(f"{company.name} is removed from the game")
                if game.is_minor(company):
                    game.corporation_rules.close_corporation(game.corporation_by_id(company.sym[1:]))
                company.close()
                game.companies.remove(company)
        elif removed_concession is not None:
            game.log(f"No bids on {removed_concession.name}, it is removed from the game")
            removed_concession.close()
            game.companies.remove(removed_concession)
        if self.round.round_num == 2:
            add_interest_player_loans(game)


class RoundSequenceAfrica(RoundSequence1822):
    """Two stock rounds back to back, no Choices round; the seats turn by cash before the operating rounds."""

    def after_stock_round(self, current: Any) -> Round:
        if current.round_num == 1:
            return self.game.new_stock_round_num(2)  # type: ignore[attr-defined,no-any-return]
        return self.start_operating_rounds()

    def after_first_round(self, current: Any) -> Round:
        return self.after_stock_round(current)


class GameEndAfrica(GameEndRules):
    """The game also ends when the bid box cannot be refilled."""

    def condition(self, reason: str) -> bool:
        if reason == "bid_boxes":
            game: Any = self.game
            return bool(len(game.bid_box_items()) < game.BOX_SIZE)
        return super().condition(reason)


class TrackRulesAfrica(TrackRules1822):
    """A company's special lay places the game reserve on any hex."""

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        game: Any = self.game
        if special and new.name == game.GAME_RESERVE_TILE:
            return True
        if old.color == "yellow" and old.hex is not None and old.hex.assigned(game.COFFEE_PLANTATION):
            return False
        if old.name in game.TRACK_PLAIN and new.name in game.TRACK_TOWN:
            colors = ("white", "yellow", "green", "brown", "gray")
            return old.color in colors and new.color in colors and \
                colors.index(new.color) == colors.index(old.color) + 1
        result = bool(super().upgrades_to(old, new, special))
        if not game.reserved_tiles_owner_active():
            return result
        return result and any(t.name == new.name for t in game.reserved_tiles)

    def upgrade_context(self) -> Any:
        """The reserved tiles while their owner acts; the coffee plantation's hex."""
        game: Any = self.game
        reserved = tuple(t.name for t in game.reserved_tiles) if game.reserved_tiles_owner_active() else None
        plantation = tuple(h.id for h in game.hexes if h.assigned(game.COFFEE_PLANTATION))
        return (super().upgrade_context(), reserved, plantation)

    def update_tile_lists(self, tile: Any, old_tile: Any) -> None:
        """A reserved tile laid by its owner leaves the reservation."""
        game: Any = self.game
        if game.reserved_tiles_owner_active() and any(t is tile for t in game.reserved_tiles):
            game.reserved_tiles.remove(tile)
            game.update_tile_reservations()
        super().update_tile_lists(tile, old_tile)


class TrainRulesAfrica(TrainRules1822):
    """The safari bonus (S) never runs by itself."""

    def route_trains(self, entity: Any) -> list[Any]:
        game: Any = self.game
        return [t for t in super().route_trains(entity) if not game.is_safari_train(t)]


class Game1822Africa(Game1822Family):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = SetupAfrica
    ROUND_SEQUENCE: ClassVar[type[RoundSequence]] = RoundSequenceAfrica
    END_RULES: ClassVar[type[GameEndRules]] = GameEndAfrica
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesAfrica
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRulesAfrica
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (_PRIVATES + _CONCESSIONS + _MINORS, ())
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(m[1:] for m in _MINORS) + _MAJORS, ())
    BIDDING_TOKENS: ClassVar[dict[int, int]] = data.BIDDING_TOKENS
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = data.EXCHANGE_TOKENS
    DESTINATIONS: ClassVar[dict[str, str]] = data.DESTINATIONS
    START_MINOR: ClassVar[str | None] = None
    START_CONCESSION: ClassVar[str | None] = None
    START_PRIVATE: ClassVar[str | None] = None
    PENDING_HOME_TOKENERS: ClassVar[tuple[str, ...]] = ()
    ENGLISH_CHANNEL_HEX: ClassVar[str] = ""
    FRANCE_HEX: ClassVar[str] = ""
    LONDON_HEX: ClassVar[str] = ""
    DOUBLE_HEX: ClassVar[tuple[str, ...]] = ()
    EXTRA_TRAINS: ClassVar[tuple[str, ...]] = ("2P", "P+", "LP", "S")
    EXTRA_TRAIN_PERMANENTS: ClassVar[tuple[str, ...]] = ("2P", "LP")
    COMPANY_TRAINS: ClassVar[dict[str, str]] = {"P1": "LP-0", "P2": "2P-0", "P3": "2P-1", "P4": "P+-0", "P18": "S-0"}
    RECYCLED_TRAINS: ClassVar[tuple[str, ...]] = ("LR-0", "2R-0", "3R-0")
    ACQUISITION: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {
        "P1": (("major", "minor"), 1), "P2": (("major",), 2), "P3": (("major",), 2), "P4": (("major", "minor"), 3),
        "P5": (("major", "minor"), 2), "P6": (("major", "minor"), 3), "P7": (("major", "minor"), 3),
        "P8": (("major", "minor"), 1), "P9": (("major", "minor"), 2), "P10": (("major", "minor"), 3),
        "P11": (("major", "minor"), 3), "P12": (("major", "minor"), 1), "P13": (("major",), 5),
        "P14": (("major",), 3), "P15": (("major", "minor"), 1), "P16": (("major", "minor"), 2),
        "P17": (("major",), 2), "P18": (("major", "minor"), 3)}
    PHASE_REVENUE: ClassVar[dict[str, int]] = {"P16": 10}
    REMOVE_REVENUE: ClassVar[tuple[str, ...]] = ("P13",)
    EXTRA_TRACK_COMPANIES: ClassVar[tuple[str, ...]] = ("P7", "P8", "P12")
    REMOVE_TOWN_COMPANY: ClassVar[str | None] = "P9"
    #: the private laying a town tile on plain track or an empty hex
    ADD_TOWN_COMPANY: ClassVar[str] = "P5"
    STATION_SWAP_COMPANY: ClassVar[str | None] = "P13"
    #: the private whose holder (with an exchange token) stops at the token step: the reference keeps 1822's id
    TOKEN_STOP_COMPANY: ClassVar[str] = "P18"
    TRACK_TOWN: ClassVar[tuple[str, ...]] = Game1822.TRACK_TOWN
    TRACK_PLAIN: ClassVar[tuple[str, ...]] = Game1822.TRACK_PLAIN
    MINOR_BIDBOX_PRICE: ClassVar[int] = 100
    TOKEN_PRICE: ClassVar[int] = 100
    L_UPGRADE: ClassVar[tuple[str, str, int]] = ("L", "2", 70)
    #: how many companies the bid box holds
    BOX_SIZE: ClassVar[int] = 3
    #: the privates in play (drawn from the shuffled eighteen)
    PRIVATES_IN_GAME: ClassVar[int] = 12

    def is_minor(self, company: Any) -> bool:
        return bool(company.sym.startswith(self.MINOR_PREFIX))

    def is_concession(self, company: Any) -> bool:
        return bool(company.sym.startswith(self.CONCESSION_PREFIX))

    # --- set-up ---------------------------------------------------------------------------------------------
    def setup(self) -> None:
        super().setup()
        #: the gold mine's token once placed, and the stand-in corporation owning it
        self.gold_mine_token: Any = None
        self.gold_mine_corporation = Corporation("MINE", "Gold Mine", tokens=(0,))
        self.reserved_tiles: list[Any] = []
        self.tile_reservations_done = False
        self.recycled_trains: list[Any] = []
        for train_id in self.RECYCLED_TRAINS:
            train = self.train_by_id(train_id)
            if train is None:
                continue
            self.depot.remove_train(train)
            train.reserved = True
            train.buyable = False  # bought through P6 only: never from the corporation that owns it
            self.recycled_trains.append(train)

    def setup_companies(self) -> None:
        """Twelve privates drawn at random; the whole stack shuffled; the first concession moved to the top, then
        the first concession after the first three to the fourth place."""
        minors = [c for c in self.companies if self.is_minor(c)]
        concessions = [c for c in self.companies if self.is_concession(c)]
        privates = self.rng.shuffle([c for c in self.companies if c.sym.startswith(self.PRIVATE_PREFIX)])
        unused = privates[self.PRIVATES_IN_GAME:]
        self.log(f"Private companies not in this game: {', '.join(c.name for c in unused)}")
        stack = self.rng.shuffle(minors + concessions + privates[: self.PRIVATES_IN_GAME])
        stack = self.concession_first(stack)
        stack = stack[:3] + self.concession_first(stack[3:])
        self.companies[:] = stack
        self.finish_companies()

    @staticmethod
    def concession_first(companies: list[Any]) -> list[Any]:
        index = next((i for i, c in enumerate(companies) if c.sym.startswith("C")), 0)
        return companies[index:] + companies[:index]

    def new_stock_round_num(self, round_num: int) -> Round:
        self.log(f"-- Stock Round {self.turn}.{round_num} --")
        self.round_counter += 1
        self.nothing_sold_in_sr = True
        return StockRound(self, self.stock_round_steps(), round_num)

    def new_stock_round(self) -> Round:
        return self.new_stock_round_num(1)

    def stock_round_steps(self) -> list[Any]:
        from engine.titles.family1822.operating import DiscardTrain1822

        return [DiscardTrain1822, BidBoxStockAfrica]

    # --- the bid box ----------------------------------------------------------------------------------------
    def all_bank_companies(self) -> list[Any]:
        return [c for c in self.companies if c.owner is None and not c.closed]

    def bid_box_items(self) -> list[Any]:
        return self.all_bank_companies()[: self.BOX_SIZE]

    def bid_box_minors(self) -> list[Any]:
        return [c for c in self.bid_box_items() if self.is_minor(c)]

    def bid_box_concessions(self) -> list[Any]:
        return [c for c in self.bid_box_items() if self.is_concession(c)]

    def bid_box_privates(self) -> list[Any]:
        return [c for c in self.bid_box_items() if c.sym.startswith(self.PRIVATE_PREFIX)]

    def refill_minor_box(self) -> None:
        self.box_minor_ids = [c.sym for c in self.bid_box_minors()]

    def operating_round_steps(self) -> list[Any]:
        from engine.titles.family1822.acquisition import MinorAcquisition
        from engine.titles.family1822.choices import SpecialChoose
        from engine.titles.family1822.operating import (
            BuyTrain1822,
            IssueShares1822,
            Route1822,
            SpecialToken1822,
            SpecialTrack1822,
            Token1822,
        )
        from engine.titles.g1822_africa.operating import (
            AssignAfrica,
            BuyTrainAfrica,
            IssueSharesAfrica,
            LayGameReserve,
            MinorAcquisitionChoosing,
            RouteAfrica,
            SpecialTokenAfrica,
            SpecialTrackAfrica,
            TokenAfrica,
        )

        swap = {MinorAcquisition: MinorAcquisitionChoosing, Route1822: RouteAfrica, SpecialTrack1822: SpecialTrackAfrica,
                BuyTrain1822: BuyTrainAfrica, Token1822: TokenAfrica, SpecialToken1822: SpecialTokenAfrica,
                IssueShares1822: IssueSharesAfrica}
        steps: list[Any] = []
        for step in super().operating_round_steps():
            steps.append(swap.get(step, step))
            if step is SpecialChoose:
                steps.append(LayGameReserve)
            if step is SpecialToken1822:
                steps.append(AssignAfrica)
        return steps

    # --- the game reserves ----------------------------------------------------------------------------------
    GAME_RESERVE_TILE: ClassVar[str] = "GR"
    GAME_RESERVE_MULTIPLIER: ClassVar[int] = 5

    def game_reserves(self, hexes: Any) -> list[Any]:
        return [h for h in hexes if h.tile.color == "purple"]

    def pay_game_reserve_bonus(self, corporation: Any) -> None:
        """The bonus for a new game reserve: 5 for each hex strictly between the two reserves."""
        first, second = self.game_reserves(self.hexes)[:2]
        dx = abs(first.x - second.x) - 1
        dy = abs(first.y - second.y) - 1
        bonus = (dx + max(0, (dy - dx) // 2)) * self.GAME_RESERVE_MULTIPLIER
        if bonus == 0:
            return
        self.log(f"{corporation.id} receives a Game Reserve bonus of {self.format_currency(bonus)} from the bank")
        self.bank.spend(bonus, corporation)

    # --- trains and revenue ---------------------------------------------------------------------------------
    SAFARI_TRAIN: ClassVar[str] = "S"
    SAFARI_TRAIN_BONUS: ClassVar[int] = 20
    COFFEE_PLANTATION: ClassVar[str] = "P15"
    COFFEE_PLANTATION_ROUTE_BONUS: ClassVar[int] = 20
    COFFEE_PLANTATION_PLACEMENT_BONUS: ClassVar[int] = 30
    GOLD_MINE: ClassVar[str] = "P14"
    GOLD_MINE_BONUS: ClassVar[int] = 20

    def is_e_train(self, train: Any) -> bool:
        """A 5/E or 6/E train running as an Express (renamed E/5, E/6 for the run)."""
        return bool(train.name.startswith("E"))

    def is_safari_train(self, train: Any) -> bool:
        return bool(train.name == self.SAFARI_TRAIN)

    def revenue_for(self, route: Any, stops: Sequence[Any]) -> int:
        return int(super().revenue_for(route, stops)) + self.plantation_bonus(route) + \
            self.gold_mine_bonus(route, stops) + self.safari_bonus(route)

    def plantation_bonus(self, route: Any) -> int:
        return self.COFFEE_PLANTATION_ROUTE_BONUS if any(
            h.assigned(self.COFFEE_PLANTATION) for h in route.all_hexes()) else 0

    def gold_mine_bonus(self, route: Any, stops: Sequence[Any]) -> int:
        token = getattr(self, "gold_mine_token", None)
        if token is None or token.city is None:
            return 0
        stop = next((s for s in stops if s.hex is token.city.hex), None)
        if stop is None:
            return 0
        if self.is_e_train(route.train) and not self.tokened_by(stop, route.corporation):
            return 0
        return self.GOLD_MINE_BONUS

    def safari_bonus(self, route: Any) -> int:
        if not route.train.name.endswith(self.SAFARI_TRAIN):
            return 0
        return self.SAFARI_TRAIN_BONUS * len(self.game_reserves(route.all_hexes()))

    # --- the choosing privates ------------------------------------------------------------------------------
    RECYCLED_TRAIN_COMPANY: ClassVar[str] = "P6"
    RESERVE_TILES_COMPANY: ClassVar[str] = "P8"
    RESERVED_TILES: ClassVar[int] = 3
    SELL_SHARE_COMPANY: ClassVar[str] = "P17"
    SELL_SHARE_TIMES: ClassVar[tuple[str, ...]] = ("token", "track", "buy_train", "issue", "acquire_minor")

    def company_choices(self, company: Any, time: str) -> dict[str, str]:
        owner = company.owner
        corporate = bool(getattr(owner, "is_corporation", False))
        if company.sym == self.RECYCLED_TRAIN_COMPANY:
            if time != "buy_train" or not corporate or not self.has_room(owner):
                return {}
            choices: dict[str, str] = {}
            firsts: dict[str, Any] = {}
            for train in self.depot.trains:
                firsts.setdefault(train.name, train)
            for name, train in firsts.items():
                if train.rusted:
                    choices[name] = f"Buy {name} for {self.format_currency(train.price)}"
            return choices
        if company.sym == self.RESERVE_TILES_COMPANY:
            if not corporate or self.tile_reservations_done:
                return {}
            counts: dict[str, int] = {}
            for tile in self.tiles:
                if tile.color != "purple":
                    counts[tile.name] = counts.get(tile.name, 0) + 1
            return {name: f"#{name} × {count}" for name, count in counts.items()}
        if company.sym == self.SELL_SHARE_COMPANY:
            if not corporate or time not in self.SELL_SHARE_TIMES or not owner.num_treasury_shares():
                return {}
            return {"sell": f"Sell {owner.name} treasury share for {self.format_currency(owner.share_price.price)}"}
        return super().company_choices(company, time)

    def company_made_choice(self, company: Any, choice: str, time: str) -> None:
        owner = company.owner
        if company.sym == self.RECYCLED_TRAIN_COMPANY:
            train = next(t for t in self.recycled_trains if t.name.startswith(choice))
            self.train_rules.buy_train(owner, train)
            self.log(f"{owner.name} buys a recycled {train.name} train for {self.format_currency(train.price)}")
            company.close()
            self.log(f"{company.name} closes")
        elif company.sym == self.RESERVE_TILES_COMPANY:
            tile = next(t for t in self.tiles if t.name == choice)
            self.reserved_tiles.append(tile)
            self.tiles.remove(tile)
            self.log(f"{owner.name} reserves tile #{tile.name}")
            if len(self.reserved_tiles) == self.RESERVED_TILES:
                self.tile_reservations_done = True
                self.update_tile_reservations()
                self.log(f"{owner.name} can only lay reserved tiles until all of them are placed")
        elif company.sym == self.SELL_SHARE_COMPANY:
            from engine.model.shares import ShareBundle

            self.share_pool.sell_shares(ShareBundle([owner.treasury_shares()[0]]))
            self.log(f"{company.name} closes")
            company.close()
        else:
            super().company_made_choice(company, choice, time)

    # --- the reserved tiles (P8) ----------------------------------------------------------------------------
    def reserved_tiles_owner_active(self) -> bool:
        """Is the reserving private's owner acting while tiles are reserved (it may lay only those)?"""
        if not self.tile_reservations_done or not self.reserved_tiles:
            return False
        company = next((c for c in self.companies if c.sym == self.RESERVE_TILES_COMPANY), None)
        round_ = self.round
        current = round_.current_entity() if round_ is not None else None
        return company is not None and company.owner is not None and current is company.owner

    def update_tile_reservations(self) -> None:
        company = next((c for c in self.companies if c.sym == self.RESERVE_TILES_COMPANY), None)
        if company is None:
            return
        company.revenue = 5 * len(self.reserved_tiles)
        if self.reserved_tiles:
            return
        self.log(f"{company.name} closes")
        company.close()

    def supply_tiles(self) -> list[Any]:
        """The tiles the acting entity may take (the reserved ones first for their owner)."""
        return [*self.reserved_tiles, *self.tiles] if self.reserved_tiles_owner_active() else list(self.tiles)

    def ability_choice_refusal(self, step: Any, company: Any, choice: Any) -> str | None:
        """The recycled train is listed whatever the corporation's cash (the reference then fails to pay)."""
        if company.sym == self.RECYCLED_TRAIN_COMPANY:
            train = next((t for t in self.recycled_trains if t.name.startswith(str(choice))), None)
            owner = company.owner
            if train is not None and owner.cash < train.price:
                return f"{owner.name} cannot afford the recycled {train.name} train"
        return super().ability_choice_refusal(step, company, choice)

    def has_room(self, corporation: Any) -> bool:
        """Room for one more train that counts for the limit."""
        rules: Any = self.train_rules
        return bool(rules.num_corp_trains(corporation) < rules.train_limit(corporation))
