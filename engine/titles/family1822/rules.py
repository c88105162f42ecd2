"""The 1822 family (1822, 1822MRS, 1822NRS, 1822CA, 1822MX, 1822Africa, 1822PNW): what the titles share.

* set-up (``Setup1822``): only the title's starting companies and corporations (the 1822+ option adds six minors
  and three privates); the companies are shuffled with the game's generator, then ordered minors, concessions,
  privates, each stack led by its fixed first item (M24, C1, P1 in 1822); the private companies' trains (P1's
  5-train, P3/P4's permanent 2-trains, P13/P14's Pullmans, P19's permanent L) leave the depot;
* the first round is a stock round whose turns bid on the bid boxes (``BidBoxStock1822``, on the general
  ``engine.steps.bid_boxes.BidBoxShares``): four minors, three concessions, three privates; each player may hold
  bids on a number of items depending on the player count.

A title of the family is its data (``TITLE``) plus the class constants below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.actions import Action
from engine.core.live import STALLS
from engine.errors import IllegalAction
from engine.game import Game
from engine.model.entities import Player
from engine.model.market import TwoDimensionalMovement
from engine.model.token import Token
from engine.rounds.base import Round
from engine.rounds.choices import ChoicesRound
from engine.services.companies import CompanyRules
from engine.services.corporations import CorporationRules
from engine.services.game_end import GameEndRules
from engine.services.player_debt import add_interest_player_loans
from engine.services.rounds import RoundSequence
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.steps.auction import AuctionBid
from engine.steps.bid_boxes import BidBoxShares
from engine.steps.choices import Choice
from engine.steps.choose_ability import AbilityChoosing
from engine.titles.family1822.choices import CompanyChoices
from engine.titles.spec import TitleSpec

#: The refusal of a lay after which a city keeps an extra slot the reference cannot give back
#: (``Game1822Family.remove_cheater_slot``); the legal moves foresee it (``engine.moves.family1822``).
EXTRA_SLOT_KEPT = "the city's extra slot cannot be given back"


class Movement1822(TwoDimensionalMovement):
    """Up goes to the cell above, or, with none there, one down and one right (the market's stepped top)."""

    def up(self, corporation: Any, coordinates: Any) -> Any:
        r, c = coordinates
        if r > 0 and self.market.share_price((r - 1, c)) is not None:
            return (r - 1, c)
        return (r + 1, c + 1)


class Setup1822(ModelSetup):
    """Only the starting companies and corporations of the chosen options; the market's up move."""

    def build(self) -> None:
        super().build()
        self.game.stock_market.movement = Movement1822(self.game.stock_market)

    def make_companies(self) -> list[Any]:
        starting = set(self.game.starting_company_ids())  # type: ignore[attr-defined]
        return [c for c in super().make_companies() if c.sym in starting]

    def make_corporations(self) -> list[Any]:
        starting = set(self.game.starting_corporation_ids())  # type: ignore[attr-defined]
        return [c for c in super().make_corporations() if c.sym in starting]


class BidBoxStock1822(AbilityChoosing, BidBoxShares):
    """1822's stock-round turn: bids on the bid boxes; only majors' shares are bought; the tax haven private
    buys a share as its owner's turn (``choose_ability``)."""

    CHOICE_TIME: ClassVar[str] = "stock_round"

    #: while asking whether the player has anything to sell at all (``can_sell_any``)
    counting_every_holder: bool = False

    def can_sell_any(self, entity: Any) -> bool:
        """The reference's test of whether the player may sell (and so must act, not be skipped) lets a
        president's certificate go whenever another holder has as much, the tax haven too, though no such sale
        is offered (``ShareRules1822.can_dump``): such a player is left to pass (playout 1822CA seed 10)."""
        self.counting_every_holder = True
        try:
            return bool(super().can_sell_any(entity))
        finally:
            self.counting_every_holder = False

    def can_dump(self, entity: Any, bundle: Any) -> bool:
        if self.counting_every_holder:
            return bool(bundle.can_dump(entity))
        return bool(super().can_dump(entity, bundle))

    def box_items(self) -> list[Any]:
        return self.game.bid_box_items()  # type: ignore[attr-defined, no-any-return]

    def opening_bid(self, target: Any) -> int:
        return self.game.opening_bid(target)  # type: ignore[attr-defined, no-any-return]

    def bidding_tokens(self) -> int:
        return self.game.bidding_tokens_per_player  # type: ignore[attr-defined, no-any-return]

    def corporations(self) -> list[Any]:
        return [c for c in super().corporations() if getattr(c, "type", None) == "major"]

    def on_bid(self, bid: Any) -> None:
        self.game.nothing_sold_in_sr = False  # type: ignore[attr-defined]

    # --- majors: started by converting a concession (the general exchange "from par") ---------------------------
    def majors_may_start(self) -> bool:
        phase = self.game.phase
        return bool(phase.has_status("can_convert_concessions") or phase.has_status("can_par"))

    def startable(self, entity: Any, corporation: Any) -> bool:
        return (
            getattr(corporation, "type", None) == "major"
            and self.majors_may_start()
            and bool(self.game.corporation_rules.can_par(corporation, entity))
        )

    def start_refusal(self, entity: Any, corporation: Any) -> str | None:
        """Why ``entity`` cannot start major ``corporation`` now, in a player's words (None: it can, or it is no
        major): majors start by converting their concession, from the phase that allows it."""
        if getattr(corporation, "type", None) != "major" or corporation.ipoed:
            return None
        phase = self.game.phase
        if not self.majors_may_start():
            first = next(
                (
                    p["name"]
                    for p in phase.future
                    if {"can_convert_concessions", "can_par"} & set(p.get("status") or [])
                ),
                None,
            )
            when = f" from phase {first}" if first is not None else ""
            return f"no major may start in phase {phase.name}: concessions are converted{when}"
        concession = corporation.par_via_exchange
        if concession is not None and concession.owner is not entity:
            holder = getattr(concession.owner, "name", None)
            held = f"{holder} holds it" if holder and concession.owner is not self.game.bank else "nobody holds it yet"
            return f"{corporation.name} is started by converting its concession {concession.id}: {held}"
        if self.bought():
            return f"{entity.name} has already bought this turn"
        if not self.get_par_prices(entity, corporation):
            return f"{entity.name} cannot afford a par price for {corporation.name}"
        return None

    def can_ipo_any(self, entity: Any) -> bool:
        if self.bought():
            return False
        return any(self.startable(entity, c) and self.get_par_prices(entity, c) for c in self.game.corporations)

    def available_par_cash(self, entity: Any, corporation: Any, share_price: Any = None) -> int:
        """Free cash, plus what the concession is worth (the two-home major's: the par price)."""
        cash = self.available_cash(entity)
        concession = corporation.par_via_exchange
        if concession is not None:
            two_home = self.game.TWO_HOME_CORPORATION  # type: ignore[attr-defined]
            cash += share_price.price if share_price is not None and corporation.id == two_home else concession.value
        return cash

    def get_par_prices(self, entity: Any, corporation: Any = None) -> list[Any]:
        if corporation is None:
            return []
        multiplier = corporation.shares[0].percent // 10
        cash = self.available_par_cash(entity, corporation)
        return [p for p in self.game.stock_market.par_prices if "par_1" in p.types and p.price * multiplier <= cash]

    def can_par_at(self, entity: Any, corporation: Any, share_price: Any) -> bool:
        if not self.startable(entity, corporation):
            return False
        if not any(p is share_price for p in self.get_par_prices(entity, corporation)):
            return False
        bundle = corporation.shares[0].to_bundle()
        exchange = bundle.presidents_share and self.game.phase.has_status("can_convert_concessions")
        return (
            not self.players_sold[entity].get(corporation)
            and not self.bought()
            and self.can_gain(entity, bundle, exchange=bool(exchange))
        )

    def can_gain(self, entity: Any, bundle: Any, exchange: bool = False) -> bool:
        if bundle is None or entity is None or bundle.owner.is_player:
            return False
        corporation = bundle.corporation
        if not corporation.holding_ok(entity, bundle.common_percent):
            return False
        return not corporation.counts_for_limit() or exchange or self.certs_with_bids(entity) < self.game.cert_limit

    def process_par(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        corporation = game.corporation_by_id(getattr(action, "corporation", None))
        share_price = game.share_price_by_id(getattr(action, "share_price", None))
        concession = corporation.par_via_exchange
        if not self.startable(entity, corporation):
            raise IllegalAction(f"{corporation.name} can't be parred")
        if concession is None:
            super().process_par(action)
        else:
            if not self.can_par_at(entity, corporation, share_price):
                raise IllegalAction(f"Can't buy a share of {corporation.name}")
            bundle = corporation.shares[0].to_bundle()
            exchange_price: int | None = share_price.price * (bundle.percent // 10) - concession.value
            if exchange_price is not None and exchange_price < 0:
                exchange_price = None
            game.stock_market.set_par(corporation, share_price)
            game.share_pool.buy_shares(entity, bundle, exchange=concession, exchange_price=exchange_price)
            game.bank.spend(concession.value if exchange_price is not None else share_price.price, corporation)
            concession.close()
            game.corporation_rules.after_par(corporation)
            self.track_action(action, entity, corporation)
        self.log_pass(entity)
        self.pass_()

    # --- the tax haven private (1822's P16): buys one share a stock round for its owner, as the owner's turn ---
    def round_state(self) -> dict[str, Any]:
        state = super().round_state()
        state["tax_haven_bought"] = False
        # player id -> the box items the player was winning when their last turn ended (or when they set their
        # share program): another player's bid on one of them stops the program
        state["stored_winning_bids"] = {}
        return state

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return ["choose_ability"] if self.offers_ability_choice(entity) else []
        return super().actions(entity)

    def ability_choices(self, company: Any) -> list[Choice]:
        """The game's tax-haven shares (``ability_choices`` hook), while the owner has not bid this turn, has no
        debt, can pay and has not sold that corporation this round."""
        player = getattr(company, "owner", None)
        if self.bid_actions > 0 or getattr(player, "debt", None):
            return []
        game: Any = self.game
        choices = []
        for option in super().ability_choices(company):
            bundle = game.tax_haven_bundle(option.value)
            if self.available_cash(player) >= bundle.price and not self.players_sold[player].get(bundle.corporation):
                choices.append(option)
        return choices

    def ability_chosen(self, company: Any, choice: Any) -> None:
        self.round.tax_haven_bought = True  # type: ignore[attr-defined]
        self.game.tax_haven_buy(company, choice)  # type: ignore[attr-defined]

    def process_choose_ability(self, action: Action) -> None:
        """The purchase is the owner's whole turn."""
        super().process_choose_ability(action)
        company = self.game.resolve_entity(action)
        self.track_action(action, company.owner, company)
        self.log_pass(company.owner)
        self.pass_()

    def must_sell(self, entity: Any, can_sell_any: bool | None = None) -> bool:
        """Only the certificate limit forces a sale."""
        if not (self.can_sell_any(entity) if can_sell_any is None else can_sell_any):
            return False
        return bool(int(self.game.corporation_rules.num_certs(entity)) > self.game.cert_limit)

    def process_buy_shares(self, action: Action) -> None:
        super().process_buy_shares(action)
        self.log_pass(self.game.resolve_entity(action))
        self.pass_()

    # --- players' share programs: outbid on a box item they were winning ---------------------------------------
    def stored_winning_bids(self) -> dict[Any, list[Any]]:
        stored: dict[Any, list[Any]] = self.round.stored_winning_bids  # type: ignore[attr-defined]
        return stored

    def update_stored_winning_bids(self, player: Any) -> None:
        self.stored_winning_bids()[player.id] = [bid.target for bid in self.winning_bids(player)]

    def pass_(self) -> None:
        current = self.current_entity()
        if current is not None and getattr(current, "is_player", False):
            self.update_stored_winning_bids(current)  # what the player wins as their turn ends
        super().pass_()

    def program_enabled(self, player: Any) -> None:
        """A program set: being outbid before it does not stop it."""
        self.update_stored_winning_bids(player)

    def program_stop_reason(self, entity: Any, other: Any, action: Any, corporation: Any, share: Any) -> str | None:
        """Another player's bid stops a share program only on an item its player was winning (any other bid is
        fine: ""); the tax haven's purchase never does (engine/programs.py)."""
        if action.type == "bid":
            stored = self.stored_winning_bids().get(entity.id, [])
            return f"No longer winning bid on {corporation.id}" if any(t is corporation for t in stored) else ""
        if action.type in ("choose", "choose_ability") and action.entity == getattr(
            self.game, "TAX_HAVEN_COMPANY", None
        ):
            return ""
        return None

    # --- the round's end: the boxes are settled ---------------------------------------------------------------
    def settle_boxes(self) -> None:
        """Concessions and privates go to their highest bidders, then the minors float, highest bid first (equal
        bids: the earlier box first); a minor without bids removes an L train, the first box's minor without bids
        closes and removes the next train; the minors' box is refilled."""
        game: Any = self.game
        minors = game.bid_box_minors()
        floats, unbid = [], 0
        removed_minor = None
        for index, company in enumerate(minors):
            high = self.highest_bid(company)
            if high is not None:
                floats.append((high, index))
            else:
                unbid += 1
                if index == 0:
                    removed_minor = company
        for company in game.bid_box_concessions() + game.bid_box_privates():
            high = self.highest_bid(company)
            if high is not None:
                self.award_company(high)
        count = len(minors)
        for high, _index in sorted(floats, key=lambda f: (f[0].price, count - f[1]), reverse=True):
            self.float_minor(high)
        upcoming = game.depot.upcoming
        if unbid and upcoming and upcoming[0].name == game.LOCAL_TRAIN:
            self.remove_local_trains(unbid)
        if removed_minor is not None:
            self.close_unbid_minor(removed_minor)
        game.refill_minor_box()
        add_interest_player_loans(game)

    def remove_local_trains(self, count: int) -> None:
        """Up to ``count`` local trains leave the depot for the minors without bids (a title may give them to
        someone instead)."""
        game: Any = self.game
        removed = 0
        while game.depot.upcoming and game.depot.upcoming[0].name == game.LOCAL_TRAIN and count > removed:
            game.depot.remove_train(game.depot.upcoming[0])
            removed += 1
        game.log(f"{count} minors with no bids. {removed} L trains have been removed")

    def award_company(self, bid: AuctionBid) -> None:
        game = self.game
        player, company, price = bid.entity, bid.target, bid.price
        company.owner = player
        player.companies.append(company)
        if price > 0:
            player.spend(price, game.bank)
        game.log(f"{player.name} wins the bid {company.name} for {game.format_currency(price)}")

    def float_minor(self, bid: AuctionBid) -> None:
        game: Any = self.game
        player, company, price = bid.entity, bid.target, bid.price
        minor = game.corporation_by_id(company.sym[1:])
        share_price = game.minor_float_share_price(price)
        presidency = share_price.price * 2
        game.stock_market.set_par(minor, share_price)
        game.share_pool.buy_shares(player, minor.ipo_shares()[0].to_bundle())
        game.corporation_rules.after_par(minor)
        if minor.cash:
            minor.spend(minor.cash, game.bank)
        if price - presidency:
            player.spend(price - presidency, game.bank)
        game.bank.spend(game.minor_starting_cash(price, presidency), minor)
        game.companies.remove(company)

    def close_unbid_minor(self, company: Any) -> None:
        game: Any = self.game
        train = game.depot.upcoming[0]
        game.depot.remove_train(train)
        game.phase.buying_train(None, train, game.depot)
        game.log(f"No bids on minor {company.sym}, it will close and a {train.name} train is removed")
        minor = game.corporation_by_id(company.sym[1:])
        game.corporation_rules.close_corporation(minor)
        company.close()
        game.companies.remove(company)


class ShareRules1822(ShareRules):
    """The stock round ends by settling the bid boxes; the tax haven (a holder, not a seat) never takes a
    presidency, so the president's certificate may be dumped only on a seated player (the reference fails on
    such a sale: its seat distance finds no seat)."""

    def can_dump(self, entity: Any, bundle: Any) -> bool:
        seats = self.game.share_pool.possible_presidents()
        if self.tax_haven_would_take_part(entity, bundle, seats):
            return False
        presidents_share = bundle.presidents_share
        if presidents_share is None:
            return True
        others = [
            percent
            for holder, percent in bundle.corporation.player_share_holders(corporate=True).items()
            if holder is not entity
            and (not getattr(holder, "is_player", False) or any(holder is seat for seat in seats))
        ]
        return bool(max(others, default=0) >= presidents_share.percent)

    @staticmethod
    def tax_haven_would_take_part(entity: Any, bundle: Any, seats: list[Any]) -> bool:
        """Would the president's sale leave the tax haven among the holders the presidency passes between?  The
        reference weighs every such holder by its seat distance from the president and fails on the tax haven,
        which has no seat (playout 1822CA seed 1: the tax haven and a player tie after the president sells out),
        so live play refuses that sale."""
        corporation = bundle.corporation
        if corporation.owner is not entity:
            return False
        after = {
            holder: percent - (bundle.percent if holder is entity else 0)
            for holder, percent in corporation.player_share_holders().items()
        }
        top = max(after.values(), default=0)
        majority = [holder for holder, percent in after.items() if percent == top]
        if any(holder is entity for holder in majority):
            return False
        presidents_percent = corporation.presidents_percent
        return any(
            after[holder] >= presidents_percent and not any(holder is seat for seat in seats) for holder in majority
        )

    def finish_stock_round(self, round_: Any) -> None:
        step = next((s for s in round_.steps if isinstance(s, BidBoxStock1822)), None)
        if step is not None:
            step.bids = round_.box_bids
            step.settle_boxes()
        super().finish_stock_round(round_)


class CompanyRules1822(CompanyRules):
    """The phase-revenue privates (1822: P15 earns £10 per phase number, P20 £5) pay their owner their revenue and
    as much again into a holding the acquiring corporation later takes."""

    def payout_companies(self) -> None:
        game: Any = self.game
        phase = int(game.phase.name)
        for company in game.companies:
            if company.owner is None or company.closed:
                continue
            multiplier = game.PHASE_REVENUE.get(company.sym)
            holder = game.phase_revenue.get(company.sym)
            if multiplier is not None and holder is not None:
                company.revenue = phase * multiplier
                game.bank.spend(company.revenue, holder)
                game.log(f"{company.name} collects {game.format_currency(company.revenue)}")
            if company.sym == game.DOUBLE_CASH_COMPANY and getattr(company.owner, "is_corporation", False):
                company.revenue = game.DOUBLE_CASH_REVENUE[phase]
        super().payout_companies()


class TrainRules1822(TrainRules):
    """A local train (L) runs within one tokened city: its owner can always run."""

    def can_run_route(self, entity: Any) -> bool:
        local = self.game.LOCAL_TRAINS  # type: ignore[attr-defined]
        return any(t.name in local for t in entity.trains) or super().can_run_route(entity)

    def event_close_concessions(self) -> None:
        """The concessions close without compensation; unfloated majors then float at 50% and par freely."""
        game: Any = self.game
        game.log("-- Event: Concessions close --")
        for company in game.companies:
            if company.sym.startswith(game.CONCESSION_PREFIX) and not company.closed:
                company.close()
        for corporation in game.corporations:
            if corporation.type == "major" and not corporation.floated:
                corporation.par_via_exchange = None
                corporation.float_percent = 50

    def event_full_capitalisation(self) -> None:
        game: Any = self.game
        game.log("-- Event: Major companies receive full capitalisation when floated --")
        for corporation in game.corporations:
            if corporation.type == "major" and not corporation.floated:
                corporation.capitalization = "full"

    def event_phase_revenue(self) -> None:
        """The phase-revenue privates close; what they kept goes back to the bank."""
        game: Any = self.game
        game.log("-- Event: Phase revenue companies close with money returned to the bank --")
        for sym in game.PHASE_REVENUE:
            company = next((c for c in game.companies if c.sym == sym), None)
            holder = game.phase_revenue.get(sym)
            if company is None or company.closed or holder is None:
                continue
            game.log(f"{company.name} closes")
            if holder.cash > 0:
                holder.spend(holder.cash, game.bank)
            game.phase_revenue[sym] = None
            company.close()

    def route_trains(self, entity: Any) -> list[Any]:
        """The Pullman never runs by itself."""
        return [t for t in super().route_trains(entity) if t.name != self.game.PULLMAN_TRAIN]  # type: ignore[attr-defined]

    def is_extra(self, train: Any) -> bool:
        return train.name in self.game.EXTRA_TRAINS  # type: ignore[attr-defined]

    def num_corp_trains(self, entity: Any) -> int:
        """The extra trains (permanent 2P/LP, Pullman) do not count for the limit."""
        return sum(1 for t in entity.trains if not self.is_extra(t))

    def crowded_corps(self) -> list[Any]:
        """Over the limit, or with more than one extra permanent, more than one Pullman or more than one of a
        title's single extra trains (``SINGLE_EXTRA_TRAINS``)."""
        if self.crowded_cache is None:
            game: Any = self.game
            self.crowded_cache = [
                c
                for c in game.corporations
                if self.num_corp_trains(c) > self.train_limit(c)
                or sum(1 for t in c.trains if t.name in game.EXTRA_TRAIN_PERMANENTS) > 1
                or sum(1 for t in c.trains if t.name == game.PULLMAN_TRAIN) > 1
                or any(sum(1 for t in c.trains if t.name == name) > 1 for name in game.SINGLE_EXTRA_TRAINS)
            ]
        return self.crowded_cache

    def must_buy_train(self, entity: Any) -> bool:
        """A corporation without a train that counts must buy one while the depot has any."""
        return not any(not self.is_extra(t) for t in entity.trains) and bool(self.game.depot.depot_trains())


class RoundSequence1822(RoundSequence):
    """A Choices round follows each stock round; the seats then turn by cash, most first (the double-cash choice
    counting twice), and the operating rounds begin."""

    def choices_round(self, current: Any) -> Round | None:
        from engine.titles.family1822.operating import Choose1822

        return ChoicesRound(self.game, [Choose1822], round_num=current.round_num)

    def new_stock_round_after_set(self) -> Round:
        """The minors' bid box is refilled as each stock round starts (acquisitions may have emptied it)."""
        self.game.refill_minor_box()  # type: ignore[attr-defined]
        return super().new_stock_round_after_set()

    def start_operating_rounds(self) -> Round:
        game: Any = self.game
        game.operating_rounds = self.operating_rounds_in_set()
        seats = {id(p): i for i, p in enumerate(game.players)}
        doubled = game.double_cash_choice

        def cash(player: Any) -> int:
            return int(player.cash) * (2 if player is doubled else 1)

        game.players = sorted(game.players, key=lambda p: (-cash(p), seats[id(p)]))
        order = ", ".join(
            f"{p.name} ({game.format_currency(p.cash)}{' doubled' if p is doubled else ''})" for p in game.players
        )
        game.log(f"-- New player order: {order}")
        game.double_cash_choice = None
        new_round: Round = game.new_operating_round(1)
        return new_round


class TrackRules1822(TrackRules):
    """Majors lay two yellow tiles (or one upgrade and one yellow) from phase 3; a hex whose white tile the title
    names (1822's Swansea, D35) takes only the tile it names; a track-with-town tile may lose its town for plain
    track of the next colour (1822's P2)."""

    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        game: Any = self.game
        special: Sequence[Mapping[str, Any]] | None = game.COMPANY_TILE_LAYS.get(getattr(entity, "id", None))
        if special is not None:
            return special
        operator = entity.owner if getattr(entity, "is_company", False) else entity
        if int(game.phase.name) >= 3 and getattr(operator, "type", None) == "major":
            return game.MAJOR_TILE_LAYS  # type: ignore[no-any-return]
        return super().tile_lays(entity)

    def place_home_token(self, corporation: Any) -> None:
        """The two-home major places its destination token with its home token."""
        game: Any = self.game
        if corporation.tokens and corporation.tokens[0].used:
            return
        super().place_home_token(corporation)
        if corporation.id != game.TWO_HOME_CORPORATION:
            return
        token = next((t for t in corporation.tokens if t.type == "destination" and not t.used), None)
        destination = game.destination_of(corporation)
        if token is not None and destination is not None:
            game.place_destination_token(corporation, game.hex_by_id(destination), token)

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        game: Any = self.game
        hex_ = getattr(old, "hex", None)
        forced = game.WHITE_HEX_TILE.get(hex_.id) if hex_ is not None else None
        if forced is not None and old.color == "white":
            return bool(new.name == forced)
        if old.name in game.TRACK_TOWN and new.name in game.TRACK_PLAIN:
            colors = ("white", "yellow", "green", "brown", "gray")
            return (
                old.color in colors and new.color in colors and colors.index(new.color) == colors.index(old.color) + 1
            )
        return super().upgrades_to(old, new, special)


class CorporationRules1822(CorporationRules):
    """The tax haven private does not count towards its owner's certificate limit; a major floating under full
    capitalisation gives back what it raised, puts its remaining shares in the market and is paid for all ten;
    a floated major is incremental again."""

    def float_corporation(self, corporation: Any) -> None:
        game: Any = self.game
        full = game.phase.has_status("full_capitalisation") and corporation.type == "major"
        if full:
            from engine.model.shares import ShareBundle

            if corporation.cash > 0:
                corporation.spend(corporation.cash, game.bank)
            shares = [s for s in corporation.shares if s.corporation is corporation]
            if shares:
                game.share_pool.transfer_shares(ShareBundle(shares), game.share_pool)
            game.log(f"{corporation.name}'s remaining shares are transferred to the Market")
        super().float_corporation(corporation)
        if corporation.type == "major":
            corporation.capitalization = "incremental"

    def num_certs(self, entity: Any) -> int:
        count = int(super().num_certs(entity))
        game: Any = self.game
        if any(c.sym == game.TAX_HAVEN_COMPANY for c in getattr(entity, "companies", ())):
            count -= 1
        return count


class GameEnd1822(GameEndRules):
    """The bank ends the game at the end of the set of operating rounds when it breaks in an operating round, at
    the end of the next operating round when it breaks anywhere else (a stock round, a merger round)."""

    def checks(self) -> Sequence[tuple[str, str]]:
        from engine.rounds.operating import OperatingRound

        game: Any = self.game
        bank_timing = "full_or" if isinstance(game.round, OperatingRound) else "current_or"
        return tuple((reason, bank_timing if reason == "bank" else timing) for reason, timing in super().checks())


class Game1822Family(CompanyChoices, Game):
    """The family's game: the title subclass names its data and constants."""

    TITLE: ClassVar[TitleSpec]
    #: live play asks the steps for what the site does by itself (the destination token, auto passes)
    STEP_AUTO_ACTIONS: ClassVar[bool] = True
    #: the destination bonus (and 1822CA's sawmill) goes to one route of a run
    RUN_BONUSES_ONCE: ClassVar[bool] = True
    SETUP: ClassVar[type[ModelSetup]] = Setup1822
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules1822
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules1822
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules1822
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules1822
    ROUND_SEQUENCE: ClassVar[type[RoundSequence]] = RoundSequence1822
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules1822
    END_RULES: ClassVar[type[GameEndRules]] = GameEnd1822
    #: a major's tile lays from phase 3; a company's own tile lays (1822's P21)
    MAJOR_TILE_LAYS: ClassVar[tuple[dict[str, Any], ...]] = (
        {"lay": True, "upgrade": True},
        {"lay": "not_if_upgraded", "upgrade": False},
    )
    COMPANY_TILE_LAYS: ClassVar[dict[str, tuple[dict[str, Any], ...]]] = {}
    #: the private that must cross an estuary border and saves its cost: (company, saving); the private that must
    #: cross the bridge border
    ESTUARY_COMPANY: ClassVar[tuple[str, int] | None] = None
    BRIDGE_COMPANY: ClassVar[str | None] = None
    #: privates whose lays are extra (not one of the corporation's)
    EXTRA_TRACK_COMPANIES: ClassVar[tuple[str, ...]] = ()
    #: a private's token is placed only while the operator is at a token-placing step (not 1822CA's Winnipeg)
    SPECIAL_TOKEN_ONLY_WHILE_TOKENING: ClassVar[bool] = True
    #: privates whose token is one of their owner's exchange tokens (available while it has one; uses one)
    EXCHANGE_TOKEN_PRIVATES: ClassVar[tuple[str, ...]] = ()
    #: white hexes that take one tile only: hex -> tile (1822: Swansea's town is dropped for a 57)
    WHITE_HEX_TILE: ClassVar[dict[str, str]] = {}
    #: the private laying track of the colour after the phase's newest, on plain track or a town (1822's P11)
    ADVANCED_TILE_COMPANY: ClassVar[str | None] = None
    #: the private that removes a town when it lays plain track; the titles with several such privates list them
    REMOVE_TOWN_COMPANY: ClassVar[str | None] = None
    REMOVE_TOWN_COMPANIES: ClassVar[tuple[str, ...]] = ()
    #: hexes where the track rule does not apply (1822: the English Channel and Cardiff)
    TRACK_RESTRICTION_FREE_HEXES: ClassVar[tuple[str, ...]] = ()
    #: the rotations the white hex's single tile may take
    WHITE_HEX_ROTATIONS: ClassVar[tuple[int, ...]] = ()
    #: tiles with a town and the plain track tiles they may become when the town is removed
    TRACK_TOWN: ClassVar[tuple[str, ...]] = ()
    TRACK_PLAIN: ClassVar[tuple[str, ...]] = ()
    #: the private whose owner may double their cash for the seat order (None: no such private)
    DOUBLE_CASH_COMPANY: ClassVar[str | None] = None
    #: trains outside the limit (and not trains a corporation must own); the permanent ones; the Pullman
    EXTRA_TRAINS: ClassVar[tuple[str, ...]] = ("2P", "P+", "LP")
    EXTRA_TRAIN_PERMANENTS: ClassVar[tuple[str, ...]] = ("2P", "LP")
    PULLMAN_TRAIN: ClassVar[str] = "P+"
    #: further extra trains a corporation may hold only one of (a second is discarded first and leaves the game)
    SINGLE_EXTRA_TRAINS: ClassVar[tuple[str, ...]] = ()
    #: the hex whose cities take a token without the usual check (1822: London; reserved slots do not refuse it)
    LONDON_HEX: ClassVar[str] = "M38"
    #: the local trains (run within one tokened city, plus at most one town)
    LOCAL_TRAINS: ClassVar[tuple[str, ...]] = ("L", "LP")

    #: the starting companies and corporations: (base game, added by the 1822+ option)
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = ((), ())
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = ((), ())
    #: the option adding the extra companies and corporations
    PLUS_OPTION: ClassVar[str] = "plus_expansion"
    #: the company id prefixes of the three stacks
    MINOR_PREFIX: ClassVar[str] = "M"
    CONCESSION_PREFIX: ClassVar[str] = "C"
    PRIVATE_PREFIX: ClassVar[str] = "P"
    #: the item each stack starts with (None: the shuffle decides)
    START_MINOR: ClassVar[str | None] = "M24"
    START_CONCESSION: ClassVar[str | None] = "C1"
    START_PRIVATE: ClassVar[str | None] = "P1"
    #: items per bid box
    BOX_MINORS: ClassVar[int] = 4
    BOX_CONCESSIONS: ClassVar[int] = 3
    BOX_PRIVATES: ClassVar[int] = 3
    #: items a player may bid on at once, by player count
    BIDDING_TOKENS: ClassVar[dict[int, int]] = {}
    #: the privates whose revenue is the phase number times this, kept as much again aside
    PHASE_REVENUE: ClassVar[dict[str, int]] = {}
    #: the trains held by private companies: company -> train id (out of the depot)
    COMPANY_TRAINS: ClassVar[dict[str, str]] = {}

    def choices_entities(self) -> list[Any]:
        """Who chooses in the Choices round: the double-cash private's owner, when a player."""
        company = next((c for c in self.companies if c.sym == self.DOUBLE_CASH_COMPANY), None)
        if company is None or company.closed or not getattr(company.owner, "is_player", False):
            return []
        return [company.owner]

    # --- acquisitions of privates --------------------------------------------------------------------------
    #: company -> (corporation types that may acquire it, from which phase)
    ACQUISITION: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = {}
    #: privates whose revenue stops when acquired; the double-cash private's revenue by phase when acquired
    REMOVE_REVENUE: ClassVar[tuple[str, ...]] = ()
    DOUBLE_CASH_REVENUE: ClassVar[tuple[int, ...]] = ()

    def acquirable_companies(self, entity: Any) -> list[Any]:
        """The players' privates ``entity`` may acquire now (by its type and the phase)."""
        phase = int(self.phase.name)
        found = []
        for company in self.companies:
            owner = company.owner
            if company.closed or not getattr(owner, "is_player", False) or owner is entity:
                continue
            if self.ability_rules.abilities(company, "no_buy"):
                continue
            rule = self.ACQUISITION.get(company.sym)
            if rule is not None and phase >= rule[1] and getattr(entity, "type", None) in rule[0]:
                found.append(company)
        return found

    def company_bought(self, company: Any, entity: Any) -> None:
        """What an acquired private brings: its train (it closes), its kept phase revenue (it closes), no more
        revenue, or the double-cash private's revenue by phase."""
        sym = company.sym
        train = self.company_trains.get(sym)
        if train is not None:
            self.train_rules.buy_train(entity, train, "free")
            self.log(f"{entity.name} gains a {train.name} train")
            company.close()
            self.log(f"{company.name} closes")
        if sym in self.REMOVE_REVENUE:
            company.revenue = 0
        holder = self.phase_revenue.get(sym)
        if holder is not None:
            self.log(f"{entity.name} gains {self.format_currency(holder.cash)}")
            if holder.cash:
                holder.spend(holder.cash, entity)
            self.phase_revenue[sym] = None
            self.log(f"{company.name} closes")
            company.close()
        if sym == self.DOUBLE_CASH_COMPANY:
            company.revenue = self.DOUBLE_CASH_REVENUE[int(self.phase.name)]

    # --- revenue ---------------------------------------------------------------------------------------------
    #: privates giving a mail subsidy (each: half the base value of one route's end stations)
    MAIL_CONTRACTS: ClassVar[tuple[str, ...]] = ()
    #: may a local train earn a mail subsidy (1822PNW)
    LOCAL_TRAIN_CAN_CARRY_MAIL: ClassVar[bool] = False

    #: hexes a route may visit twice (their two towns or cities are separate stops)
    DOUBLE_HEX: ClassVar[tuple[str, ...]] = ()
    #: the train that counts only the owner's tokened cities, doubled
    E_TRAIN: ClassVar[str] = "E"
    #: an E train's token in the English Channel earns the value of France (when its route reaches France)
    ENGLISH_CHANNEL_HEX: ClassVar[str] = "P43"
    FRANCE_HEX: ClassVar[str] = "Q44"

    def ipo_name(self, entity: Any = None) -> str:
        """A corporation's unsold shares are its Treasury (logs, program messages)."""
        return "Treasury"

    def check_routes_together(self, routes: Sequence[Any]) -> None:
        """A local train (1822's L) uses each of its corporation's tokened cities once: no city is a stop of two
        local trains' routes in one run.  Checked for runs made now (the table, the optimiser, ``validate``): a
        recorded run states its revenues, which the reference takes without checking the routes (our own early
        playouts ran two L trains on one token)."""
        from engine.map.route import train_is_local

        if self.loading or getattr(self, "recorded", False):
            return

        seen: set[int] = set()
        for route in routes:
            if not train_is_local(route.train) or not route.connection_data():
                continue
            for stop in route.visited_stops:
                if not getattr(stop, "is_city", False):
                    continue
                if id(stop) in seen:
                    where = stop.hex.id if stop.hex is not None else "a city"
                    raise IllegalAction(f"Local train can only use each token on {where} once")
                seen.add(id(stop))

    def revenue_for(self, route: Any, stops: Sequence[Any]) -> int:
        """No hex twice (but the double hexes); an E train earns only its tokened cities; the best route between
        a major's home and its destination earns the destination's value again."""
        from engine.map.route import base_revenue_for, stop_revenue

        hexes = [h.id for h in route.hexes]
        if len(hexes) != len(set(hexes)) and not any(h in self.DOUBLE_HEX for h in hexes):
            raise IllegalAction("Route visits same hex twice")
        if self.is_e_train(route.train):
            owner = route.corporation
            tiles = tuple(self.phase.tiles)
            france = next(
                (
                    s
                    for s in stops
                    if getattr(s, "is_offboard", False) and s.hex is not None and s.hex.id == self.FRANCE_HEX
                ),
                None,
            )
            revenue = 0
            for stop in stops:
                if not getattr(stop, "is_city", False) or not self.e_train_counts(stop, owner):
                    continue
                if stop.hex is not None and stop.hex.id == self.ENGLISH_CHANNEL_HEX:
                    # a token in the English Channel earns France's value
                    revenue += stop_revenue(france, tiles, route.train) if france is not None else 0
                else:
                    revenue += stop_revenue(stop, tiles, route.train)
        else:
            revenue = base_revenue_for(route, list(stops))
        bonus = self.destination_bonus(route.routes or [route])
        if bonus is not None and bonus[0] is route:
            revenue += bonus[1]
        return revenue

    def crosses_costed_border(self, hex_: Any, tile: Any) -> bool:
        """Does the tile's track point across a border with a cost (an estuary)?"""
        return any(
            b.cost is not None and b.edge in tile.exits and hex_.neighbors.get(b.edge) is not None
            for b in hex_.tile.borders
        )

    def legal_tile_rotation(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """On a hex with stubs a tile uses every stub's edge, unless the acting player holds the hex's track
        rights (a blocker of theirs); the estuary and bridge privates' track must cross an estuary."""
        sym = getattr(entity, "sym", None) if getattr(entity, "is_company", False) else None
        estuary = self.ESTUARY_COMPANY[0] if self.ESTUARY_COMPANY else None
        if sym is not None and sym in (estuary, self.BRIDGE_COMPANY) and not self.crosses_costed_border(hex_, tile):
            return False
        player = self.acting_for_entity(entity)
        owners = [getattr(b, "owner", None) for b in (*hex_.tile.blockers, *hex_.tile.hidden_blockers)]
        if any(o is player for o in owners if o is not None):
            return True
        if owners:
            return True
        stubs = hex_.tile.stubs
        return not stubs or all(stub.edge in tile.exits for stub in stubs)

    def most_recorded_revenue(self, route: Any) -> int:
        """A recorded run may count its destination bonus as if the route ran alone (the site's client computes
        each route's bonus before the others are added)."""
        siblings = route.routes
        route.routes = [route]
        route._computed_revenue = None
        try:
            return int(route.computed_revenue())
        finally:
            route.routes = siblings
            route._computed_revenue = None

    def route_overlap_group(self, train: Any) -> str:
        """E trains and the others may run over the same track."""
        return "etrain" if self.is_e_train(train) else "normal"

    def is_e_train(self, train: Any) -> bool:
        """Does ``train`` run as an E train (only its tokened cities count; hook; default: it is named E)?"""
        return bool(train.name == self.E_TRAIN)

    def e_train_counts(self, city: Any, corporation: Any) -> bool:
        """Does an E train earn ``city`` (hook; default: a normal or destination token of its own is there)?"""
        return self.tokened_by(city, corporation)

    @staticmethod
    def tokened_by(city: Any, corporation: Any) -> bool:
        return any(
            t is not None and t.corporation is corporation and t.type in ("normal", "destination") for t in city.tokens
        )

    def destination_bonus(self, routes: list[Any]) -> tuple[Any, int] | None:
        """The route earning the destination bonus and the bonus (the best one; the last of equal ones)."""
        best: tuple[Any, int] | None = None
        for route in routes:
            bonus = self.route_destination_bonus(route)
            if bonus is not None and (best is None or bonus >= best[1]):
                best = (route, bonus)
        return best

    def route_destination_bonus(self, route: Any) -> int | None:
        from engine.map.route import stop_revenue

        entity = route.corporation
        if getattr(entity, "type", None) != "major":
            return None
        destination = next((t for t in entity.tokens if t.used and t.type == "destination"), None)
        if destination is None:
            return None
        home = entity.tokens[0]
        count = sum(
            1
            for stop in route.visited_stops
            if getattr(stop, "is_city", False) and any(t is home or t is destination for t in stop.tokens)
        )
        if count != 2:
            return None
        return int(stop_revenue(destination.city, tuple(self.phase.tiles), route.train))

    def routes_subsidy(self, routes: list[Any]) -> int:
        if not routes:
            return 0
        return sum(subsidy for _route, subsidy in self.mail_contract_bonus(routes[0].corporation, routes))

    def mail_contract_bonus(self, entity: Any, routes: list[Any]) -> list[tuple[Any, int]]:
        """The mail subsidies: one per mail contract, the best routes first."""
        contracts = sum(1 for c in entity.companies if c.sym in self.MAIL_CONTRACTS)
        if not contracts:
            return []
        tiles = tuple(self.phase.tiles)
        bonuses: list[tuple[Any, int]] = []
        for route in routes:
            stops = route.visited_stops
            if not stops:
                continue
            if not self.LOCAL_TRAIN_CAN_CARRY_MAIL and (route.train.name.startswith("L") or len(stops) < 2):
                continue
            first = stops[0].route_base_revenue(tiles, route.train.name)
            last = stops[-1].route_base_revenue(tiles, route.train.name) if len(stops) > 1 else 0
            bonuses.append((route, (first + last) // 2))
        bonuses.sort(key=lambda b: -b[1])
        return bonuses[:contracts]

    # --- trains ----------------------------------------------------------------------------------------------
    #: an L train becomes a 2 train in place for this
    L_UPGRADE: ClassVar[tuple[str, str, int]] = ("L", "2", 80)
    #: the upgrade's price from phase 2 on (None: always the price above)
    L_UPGRADE_FROM_PHASE_2: ClassVar[int | None] = None
    #: the depot's trade-ins are offered too (the scenarios offer only the L upgrade)
    DEPOT_TRADE_INS: ClassVar[bool] = True

    def l_upgrade_price(self) -> int:
        price = self.L_UPGRADE[2]
        if self.L_UPGRADE_FROM_PHASE_2 is not None and int(self.phase.name) >= 2:
            price = self.L_UPGRADE_FROM_PHASE_2
        return price

    def discountable_trains_for(self, corporation: Any) -> list[tuple[Any, Any, str, int]]:
        """The depot's trade-ins (unless the title has none), and each L train upgraded in place to a 2 train."""
        from engine.steps.trains import depot_trade_ins

        old, new, _price = self.L_UPGRADE
        price = self.l_upgrade_price()
        trade_ins = depot_trade_ins(self, corporation) if self.DEPOT_TRADE_INS else []
        return trade_ins + [(t, t, new, price) for t in corporation.trains if t.name == old]

    # --- majors' treasury shares ----------------------------------------------------------------------------------
    #: the market move per issued share that prices an issue ("down"; a one-row market's title: "left")
    ISSUE_PRICE_DIRECTION: ClassVar[str] = "down"

    def issuable_shares(self, entity: Any) -> list[Any]:
        """A major that has operated twice may issue treasury bundles the market can take, each share one price
        step down."""
        if getattr(entity, "type", None) != "major" or not entity.num_ipo_shares() or len(entity.operating_history) < 2:
            return []
        bundles = [
            b for b in self.share_rules.bundles_for_corporation(entity, entity) if self.share_pool.fit_in_bank(b)
        ]
        for bundle in bundles:
            price = self.stock_market.find_share_price(entity, [self.ISSUE_PRICE_DIRECTION] * bundle.num_shares)
            if price is not None:
                bundle.share_price = price.price
        return bundles

    def redeemable_shares(self, entity: Any) -> list[Any]:
        """A major may buy back market shares it can afford."""
        if getattr(entity, "type", None) != "major":
            return []
        return [b for b in self.share_rules.bundles_for_corporation(self.share_pool, entity) if entity.cash >= b.price]

    # --- minors acquired by majors ------------------------------------------------------------------------------
    #: a major's exchange tokens (for the tokens of the minors it acquires)
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = {}
    #: what a major pays for a minor still in the bid box; the most tokens a major keeps after an acquisition
    MINOR_BIDBOX_PRICE: ClassVar[int] = 200
    LIMIT_TOKENS_AFTER_MERGER: ClassVar[int] = 9

    #: the minor whose home token is placed in a city of its choice (counting as its first tile lay), its home
    #: hex, what a major pays for the token it gets by acquiring it from the bid box
    MINOR_14: ClassVar[str | None] = None
    MINOR_14_HOME: ClassVar[str] = ""
    MINOR_14_TOKEN_PRICE: ClassVar[int] = 20
    PENDING_HOME_TOKENERS: ClassVar[tuple[str, ...]] = ()

    minor_14_city_exit: int | None

    def removes_town(self, entity: Any) -> bool:
        """Is ``entity`` a private that removes a town with plain track (``REMOVE_TOWN_COMPANY`` or one of
        ``REMOVE_TOWN_COMPANIES``)?"""
        sym = getattr(entity, "sym", None)
        return sym is not None and (sym == self.REMOVE_TOWN_COMPANY or sym in self.REMOVE_TOWN_COMPANIES)

    def pending_home_tokeners(self) -> tuple[str, ...]:
        """Who places a pending home token without a route to it (default: ``PENDING_HOME_TOKENERS``)."""
        return self.PENDING_HOME_TOKENERS

    def min_city_slots(self, city: Any) -> int:
        """The slots a city keeps when an acquired minor's token leaves it (minor 14's city: one more)."""
        hex_ = city.hex
        if hex_ is None or hex_.id != self.MINOR_14_HOME:
            return int(city.normal_slots)
        path = next((p for p in hex_.tile.paths if city in p.nodes), None)
        if path is not None and path.exits and path.exits[0] == self.minor_14_city_exit:
            return int(city.normal_slots) + 1
        return int(city.normal_slots)

    def upgrade_minor_14_home_hex(self, tile: Any) -> None:
        """London upgraded: the city at minor 14's exit gets its extra slot back (when it has none)."""
        hex_ = tile.hex
        if self.minor_14_city_exit is None or hex_ is None or hex_.id != self.MINOR_14_HOME:
            return
        path = next((p for p in tile.paths if p.exits and p.exits[0] == self.minor_14_city_exit), None)
        city = next((n for n in path.nodes if getattr(n, "is_city", False)), None) if path is not None else None
        if city is None or len(city.tokens) > city.normal_slots:
            return
        city.tokens.append(None)

    def after_place_pending_token(self, city: Any) -> None:
        """The exit of minor 14's London city is remembered (its index can change with upgrades)."""
        hex_ = city.hex
        if hex_ is None or hex_.id != self.MINOR_14_HOME:
            return
        path = next((p for p in hex_.tile.paths if city in p.nodes), None)
        if path is not None and path.exits:
            self.minor_14_city_exit = int(path.exits[0])

    def minor_14_track_rights(self, minor: Any) -> None:
        """The hex beyond minor 14's London exit needs its owner's consent for track."""
        neighbor = self.hex_by_id(self.MINOR_14_HOME).neighbors.get(self.minor_14_city_exit)
        if neighbor is None:
            return
        minor.add_ability(
            {"type": "blocks_hexes_consent", "owner_type": "player", "hexes": [neighbor.id], "hidden": True}
        )

    # --- destinations ----------------------------------------------------------------------------------------
    #: major -> its destination hex
    DESTINATIONS: ClassVar[dict[str, str]] = {}
    #: what a token returned from a city costs again
    TOKEN_PRICE: ClassVar[int] = 100

    def destination_of(self, corporation: Any) -> str | None:
        return self.DESTINATIONS.get(corporation.id)

    def place_destination_token(self, entity: Any, hex_: Any, token: Any) -> None:
        """The destination token goes into the hex's first city, in an extra (cheater) slot if it is full."""
        city = hex_.tile.cities[0]
        city.place_token(entity, token, free=True, check_tokenable=False, cheater=True)
        self.graph.clear()
        self.log(f"{entity.name} places its destination token on {hex_.id}")

    def remove_extra_tokens(self, tile: Any) -> None:
        """A corporation with several tokens in one city keeps one (its destination token first): the others go
        back to its charter, to be bought again at the token price."""
        for city in tile.cities:
            by_corporation: dict[int, tuple[Any, list[Any], list[int]]] = {}
            for token in city.tokens:
                if token is None:
                    continue
                entry = by_corporation.setdefault(id(token.corporation), (token.corporation, [], [0]))
                if token.type != "destination":
                    entry[1].append(token)
                entry[2][0] += 1
            removed = False
            for corporation, removable, count in by_corporation.values():
                removable.sort(key=lambda t: corporation.tokens.index(t))
                for _ in range(count[0] - 1):
                    self.log(f"Extra token for {corporation.name} is returned to their available tokens")
                    token = removable.pop()
                    token.remove()
                    token.price = self.TOKEN_PRICE
                    removed = True
            if removed:
                self.remove_cheater_slot(city)

    @staticmethod
    def remove_cheater_slot(city: Any) -> None:
        """An extra slot made for a destination token goes when a normal slot is free again: the city's last token
        (the one in the extra slot) moves into its first slot that holds neither a token nor a reservation (a slot
        past the end of the reservations' list has none), and the extra slot goes.

        The reference (``remove_cheater_slot!``) then requires that last token to be one placed as a cheater; when
        the last slot is empty (a joined city whose extra token went back, 1822CA playout seed 14009: GTP's T4 on
        AC21 returned GT's second token, the empty slot being the last one) or holds a normal token, it fails and
        refuses the action that got there.  So does ours, naming the stall so a playout chooses another move."""
        if city.slots <= city.normal_slots:
            return
        tokens, reservations = city.tokens, city.reservations
        empty = next(
            (i for i, t in enumerate(tokens) if t is None and (i >= len(reservations) or reservations[i] is None)), None
        )
        if empty is None:
            return
        last = tokens[-1]
        if last is None or not last.cheater:
            held = "is empty" if last is None else f"holds {last.corporation.name}'s token, no extra one"
            raise IllegalAction(
                f"{city.hex.id}: {EXTRA_SLOT_KEPT} (its last slot {held}): {STALLS} "
                "(the 18xx.games engine fails there); choose another move"
            )
        tokens[empty] = tokens.pop()  # (the last slot holds a token, so ``empty`` is an earlier one)

    def cash_holders(self) -> list[Any]:
        """The phase-revenue privates' holdings and the tax haven (counted when cash is checked)."""
        return [h for h in (*self.phase_revenue.values(), self.tax_haven) if h is not None]

    # --- the tax haven private ---------------------------------------------------------------------------------
    #: the private holding shares (and their dividends) for its owner (None: none)
    TAX_HAVEN_COMPANY: ClassVar[str | None] = None
    #: may the tax haven hold several shares, bought with its own cash (the option)
    TAX_HAVEN_MULTIPLE_OPTION: ClassVar[str] = "tax_haven_multiple"

    def tax_haven_multiple(self) -> bool:
        return self.TAX_HAVEN_MULTIPLE_OPTION in self.optional_rules

    def tax_haven_spender(self, company: Any) -> Any:
        if not self.tax_haven_multiple() or self.tax_haven.value() == 0:
            return company.owner
        return self.tax_haven

    def tax_haven_choices(self, company: Any, round_: Any) -> dict[str, str]:
        """The shares the tax haven may buy now: one of each major with a price, from its treasury or the market."""
        if self.tax_haven.value() > 0 and not self.tax_haven_multiple():
            return {}
        if not getattr(company.owner, "is_player", False) or getattr(round_, "tax_haven_bought", False):
            return {}
        choices: dict[str, str] = {}
        spender = self.tax_haven_spender(company)
        for corporation in self.corporations:
            if corporation.type != "major" or corporation.share_price is None:
                continue
            price = corporation.share_price.price
            if price <= 0 or self.tax_haven.num_shares_of(corporation) > 0 or price > spender.cash:
                continue
            if corporation.num_ipo_shares() > 0:
                choices[f"{corporation.id}_ipo"] = f"{corporation.id} IPO ({self.format_currency(price)})"
            if self.share_pool.num_shares_of(corporation) > 0:
                choices[f"{corporation.id}_market"] = f"{corporation.id} Market ({self.format_currency(price)})"
        return choices

    def tax_haven_bundle(self, choice: str) -> Any:
        from engine.model.shares import ShareBundle

        corporation_id, _, source = choice.rpartition("_")
        corporation = self.corporation_by_id(corporation_id)
        if source == "ipo":
            share = corporation.ipo_shares()[0]
        else:
            share = next(s for s in self.share_pool.shares if s.corporation is corporation)
        return ShareBundle([share])

    def tax_haven_buy(self, company: Any, choice: str) -> None:
        spender = self.tax_haven_spender(company)
        bundle = self.tax_haven_bundle(choice)
        corporation = bundle.corporation
        floated = corporation.is_floated()
        receiver = self.bank if bundle.owner is self.share_pool else corporation
        self.share_pool.transfer_shares(
            bundle, self.tax_haven, spender=spender, receiver=receiver, price=bundle.price, allow_president_change=False
        )
        if spender is self.tax_haven:
            source = "Treasury" if choice.endswith("_ipo") else "market"
            self.log(
                f"Tax Haven ({company.owner.name}) buys a 10% share of {corporation.name} from the {source} "
                f"for {self.format_currency(bundle.price)}"
            )
        else:
            self.log(
                f"{spender.name} spends {self.format_currency(bundle.price)} and Tax Haven gains a share of "
                f"{corporation.name}."
            )
        # the float is checked afresh (``is_floated``): the share just taken may be the one that floats it
        if corporation.floatable and floated != corporation.is_floated():
            self.corporation_rules.float_corporation(corporation)

    def tax_haven_payout(self, corporation: Any, per_share: float) -> None:
        """The tax haven's shares are paid like a player's (once it holds anything)."""
        if self.tax_haven is None or self.tax_haven.value() <= 0:
            return
        amount = int(self.tax_haven.num_shares_of(corporation) * per_share)
        if amount > 0:
            self.bank.spend(amount, self.tax_haven)
            self.log(f"{corporation.name} pays out {self.format_currency(amount)} to tax haven")

    def player_value(self, player: Any) -> int:
        value = int(player.value())
        company = next((c for c in self.companies if c.sym == self.TAX_HAVEN_COMPANY), None)
        if company is not None and company.owner is player and self.tax_haven.value() > 0:
            value += int(self.tax_haven.value())
        return value

    #: the major with two homes (its destination token placed with its home token)
    TWO_HOME_CORPORATION: ClassVar[str | None] = None

    def starting_ids(self, lists: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[str, ...]:
        base, plus = lists
        return base + plus if self.PLUS_OPTION in self.optional_rules else base

    def starting_company_ids(self) -> tuple[str, ...]:
        """The companies in play (a title may choose them by option or player count)."""
        return self.starting_ids(self.STARTING_COMPANIES)

    def starting_corporation_ids(self) -> tuple[str, ...]:
        return self.starting_ids(self.STARTING_CORPORATIONS)

    def start_minor(self) -> str | None:
        """The minor leading the minors' stack (a title may choose it by option)."""
        return self.START_MINOR

    # --- set-up ---------------------------------------------------------------------------------------------
    def setup(self) -> None:
        super().setup()
        self.nothing_sold_in_sr = True
        self.bidding_tokens_per_player = self.BIDDING_TOKENS[len(self.players)]
        self.double_cash_choice: Any = None
        self.minor_14_city_exit = None
        self.tax_haven: Any = Player(-1, self.TAX_HAVEN_COMPANY or "tax haven")
        self.phase_revenue: dict[str, Any] = {sym: Player(-1, sym) for sym in self.PHASE_REVENUE}
        self.setup_companies()
        self.exchange_tokens: dict[str, int] = {
            c.id: self.EXCHANGE_TOKENS[c.id] for c in self.corporations if c.id in self.EXCHANGE_TOKENS
        }
        for corporation in self.corporations:
            if corporation.id in self.DESTINATIONS:
                corporation.tokens.append(Token(corporation, type="destination"))
        # minor ids whose certificates are in the minors' bid box (refilled at each stock round's end)
        self.box_minor_ids: list[str] = self.first_bank_companies(self.MINOR_PREFIX, self.BOX_MINORS)

    def setup_companies(self) -> None:
        shuffled = self.rng.shuffle(self.companies)
        stacks = []
        for prefix, first in (
            (self.MINOR_PREFIX, self.start_minor()),
            (self.CONCESSION_PREFIX, self.START_CONCESSION),
            (self.PRIVATE_PREFIX, self.START_PRIVATE),
        ):
            stack = [c for c in shuffled if c.sym.startswith(prefix)]
            lead = [c for c in stack if c.sym == first]
            stacks.append(lead + [c for c in stack if c.sym != first])
        self.companies[:] = self.order_private_stack(stacks[0], stacks[1], stacks[2])
        self.finish_companies()

    def finish_companies(self) -> None:
        """The companies' price ranges, and the trains that come with companies taken out of the depot."""
        for company in self.companies:
            prefix = company.sym[0]
            company.min_price = company.value if prefix in (self.CONCESSION_PREFIX, self.MINOR_PREFIX) else 0
            company.max_price = 10_000
        self.company_trains: dict[str, Any] = {}
        for company_id, train_id in self.COMPANY_TRAINS.items():
            train = self.train_by_id(train_id)
            if train is None:
                continue
            self.depot.remove_train(train)
            train.reserved = True
            train.buyable = train.name not in self.EXTRA_TRAINS
            self.company_trains[company_id] = train

    def order_private_stack(self, minors: list[Any], concessions: list[Any], privates: list[Any]) -> list[Any]:
        """The companies in their final order (1822+ sorts and thins the privates)."""
        return minors + concessions + privates

    def init_round(self) -> Round:
        return self.new_stock_round()

    def stock_round_steps(self) -> list[Any]:
        from engine.titles.family1822.operating import DiscardTrain1822

        return [DiscardTrain1822, BidBoxStock1822]

    def operating_order(self) -> list[Any]:
        """Minors first, then majors, each by share price (as 1867)."""
        floated = sorted((c for c in self.corporations if c.floated), key=lambda c: c.sort_order_key())
        return [c for c in floated if c.type == "minor"] + [c for c in floated if c.type != "minor"]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.acquire_company import AcquireCompany
        from engine.titles.family1822.acquisition import MinorAcquisition
        from engine.titles.family1822.choices import SpecialChoose
        from engine.titles.family1822.operating import (
            BuyTrain1822,
            DestinationToken,
            DiscardTrain1822,
            Dividend1822,
            FirstTurnHousekeeping,
            IssueShares1822,
            PendingToken1822,
            Route1822,
            SpecialToken1822,
            SpecialTrack1822,
            Token1822,
            Track1822,
        )

        return [
            DiscardTrain1822,
            PendingToken1822,
            FirstTurnHousekeeping,
            AcquireCompany,
            SpecialChoose,
            SpecialTrack1822,
            SpecialToken1822,
            Track1822,
            DestinationToken,
            Token1822,
            Route1822,
            Dividend1822,
            BuyTrain1822,
            MinorAcquisition,
            PendingToken1822,
            IssueShares1822,
        ]

    # --- bid boxes ------------------------------------------------------------------------------------------
    def bank_companies(self, prefix: str) -> list[Any]:
        return [c for c in self.companies if c.sym.startswith(prefix) and c.owner is None and not c.closed]

    def first_bank_companies(self, prefix: str, count: int) -> list[str]:
        return [c.sym for c in self.bank_companies(prefix)[:count]]

    def bid_box_minors(self) -> list[Any]:
        return [c for c in self.bank_companies(self.MINOR_PREFIX)[: self.BOX_MINORS] if c.sym in self.box_minor_ids]

    def bid_box_concessions(self) -> list[Any]:
        return self.bank_companies(self.CONCESSION_PREFIX)[: self.BOX_CONCESSIONS]

    def bid_box_privates(self) -> list[Any]:
        return self.bank_companies(self.PRIVATE_PREFIX)[: self.BOX_PRIVATES]

    def bid_box_items(self) -> list[Any]:
        """The items in the bid boxes now: minors, concessions, privates."""
        return self.bid_box_minors() + self.bid_box_concessions() + self.bid_box_privates()

    def refill_minor_box(self) -> None:
        self.box_minor_ids = self.first_bank_companies(self.MINOR_PREFIX, self.BOX_MINORS)

    def opening_bid(self, company: Any) -> int:
        return int(company.min_price)

    # --- minors floated from the bid box --------------------------------------------------------------------
    #: the name of the local train whose copies leave when a minor gets no bid
    LOCAL_TRAIN: ClassVar[str] = "L"
    #: a minor's share price in phase 1
    MINOR_START_PAR_PRICE: ClassVar[int] = 50

    def minor_float_share_price(self, bid: int) -> Any:
        """A floated minor's share price: half the bid (phase 1: the start price), at most the highest par."""
        pars = sorted(self.stock_market.par_prices, key=lambda sp: -sp.price)
        target = self.MINOR_START_PAR_PRICE if self.phase.name == "1" else bid // 2
        target = min(target, pars[0].price)
        return next(sp for sp in pars if sp.price <= target)

    def minor_starting_cash(self, bid: int, presidency: int) -> int:
        """A floated minor's treasury: the director's certificate's price (phases 1-2), then the whole bid."""
        return presidency if int(self.phase.name) < 3 else bid
